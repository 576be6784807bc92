"""File access: reading input files cleanly, writing output files atomically.

SPEC §3 promises that a failed run "leaves no partial output file behind".
Writing straight to the destination breaks that promise on any error, Ctrl-C
or crash half-way through, and can clobber a good file from an earlier run.
So every output is written to a temporary file *in the destination's
directory* (``os.replace`` is only atomic within one file system), flushed and
fsynced, and then renamed over the destination in one step.

Before anything is written, :func:`check_output` refuses a destination that
would destroy what the user meant to keep: one of the run's own input files
(same device and inode, whatever the spelling of the path) and a file the user
write-protected (no write bit set -- honoured also when running as root, who
``os.access`` says may write anything).  A destination that is not a regular
file -- ``/dev/stdout``, a pipe, a FIFO, a terminal, a descriptor under
``/dev/fd`` or ``/proc`` -- is written directly: replacing it with a regular
file would turn ``-o /dev/stdout`` into a file called ``stdout``.  A symbolic link to a regular
file is kept and its target replaced.  Every writer (``expand``, ``extract``,
``evaluate -o``, the experiments) goes through :func:`write_atomic`.
"""

from __future__ import annotations

import codecs
import os
import signal
import stat
import tempfile
from contextlib import contextmanager
from typing import Iterable

from ..errors import InputError

#: JSON's whitespace; str.strip() would also eat U+2028 and friends.
JSON_WS = " \t\r\n"


def read_text(path: str | os.PathLike) -> str:
    """The whole file as text, or an :class:`InputError` naming what is wrong.

    Readers need one clear line for every way a file can be unusable (missing,
    a directory, empty, not UTF-8) instead of an OSError or UnicodeDecodeError
    traceback.  A leading UTF-8 byte-order mark is dropped (editors on Windows
    write one; ``json`` rejects it).  For invalid UTF-8 the message gives the
    byte offset in the file and the error carries its line.
    """
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError("cannot read: %s" % (e.strerror or e), path=path) from None
    skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text = data[skip:].decode("utf-8")
    except UnicodeDecodeError as e:
        at = skip + e.start
        raise InputError("invalid UTF-8 at byte %d" % at, path=path,
                         line=data.count(b"\n", 0, at) + 1) from None
    if not text.strip(JSON_WS):
        raise InputError("file is empty", path=path)
    return text


def _default_mode() -> int:
    """The mode ``open()`` would give a new file (0666 minus the umask).

    ``mkstemp`` creates files 0600; without this an output file would become
    unreadable to the group, unlike a file written the ordinary way.
    """
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


#: Paths written in place even when they lead to a regular file: the process's own
#: descriptors (``-o /dev/stdout`` with stdout redirected to a file).
SPECIAL_PREFIXES = ("/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/")


def _stat(path: str) -> os.stat_result | None:
    """``os.stat`` following links, None for a path that does not exist yet."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise InputError("cannot write: %s" % (e.strerror or e), path=path) from None


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def is_special(path: str | os.PathLike) -> bool:
    """Is ``path`` written in place rather than replaced (see the module docstring)?"""
    path = os.fspath(path)
    st = _stat(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        return True
    return os.path.abspath(path).startswith(SPECIAL_PREFIXES)


def check_output(path: str | os.PathLike, inputs: Iterable = ()) -> None:
    """Raise :class:`InputError` unless ``path`` may be (over)written.

    Refused: an existing regular file that is one of ``inputs`` (same inode,
    so ``./in.jsonl`` and a hard link to it are caught), a write-protected
    file (no write bit, or ``os.access`` denies it) and a directory.  Called
    by the CLI before the work starts and again by :func:`write_atomic`.
    """
    path = os.fspath(path)
    st = _stat(path)
    if st is None:
        return
    if stat.S_ISDIR(st.st_mode):
        raise InputError("cannot write: is a directory", path=path)
    if not stat.S_ISREG(st.st_mode):
        return
    for inp in inputs:
        if inp is None:
            continue
        try:
            other = os.stat(inp)
        except (OSError, ValueError):
            continue
        if _same_file(st, other):
            same = "" if os.fspath(inp) == path else " %s" % os.fspath(inp)
            raise InputError("output is the input file%s; refusing to overwrite it "
                             "(choose another output path)" % same, path=path)
    if not st.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise InputError("output file is write-protected; refusing to replace it "
                         "(remove it or choose another output path)", path=path)


@contextmanager
def _signals_deferred():
    """Hold SIGINT/SIGTERM/SIGHUP while a temporary file is created and named.

    Between ``mkstemp`` creating the file and the ``try`` that removes it on an
    exception, a signal would leave it behind; blocked signals are delivered
    (and raise in the ``try``) as soon as the block ends.
    """
    mask = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, mask)
    except (AttributeError, ValueError, OSError):   # not the main thread, not POSIX
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def write_atomic(path: str | os.PathLike, text: str | bytes, inputs: Iterable = ()) -> None:
    """Write ``text`` (UTF-8) to ``path`` all at once, or not at all.

    On any exception -- KeyboardInterrupt and termination signals included --
    the temporary file is removed and the exception re-raised, so the
    destination is either the old file (or absent) or the complete new one.  A
    destination that cannot be written (missing directory, no permission,
    write-protected, one of ``inputs``) is the user's bad argument:
    :class:`InputError` naming the path.  Non-regular destinations (stdout, a
    pipe) are written directly (see the module docstring).
    """
    path = os.fspath(path)
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    inputs = list(inputs)
    check_output(path, inputs)
    if is_special(path):
        _write_direct(path, data)
        return
    target = os.path.realpath(path) if os.path.islink(path) else path
    old = _stat(target)
    mode = stat.S_IMODE(old.st_mode) if old is not None else _default_mode()
    directory = os.path.dirname(os.path.abspath(target))
    tmp = None
    try:
        with _signals_deferred():
            try:
                fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".",
                                           suffix=".tmp", dir=directory)
            except OSError as e:
                raise InputError("cannot write: %s" % (e.strerror or e), path=path) from None
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
        tmp = None
    except BaseException as e:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        if isinstance(e, OSError):
            raise InputError("cannot write: %s" % (e.strerror or e), path=path) from None
        raise
    _fsync_dir(directory)


def _write_direct(path: str, data: bytes) -> None:
    """Write to a device, pipe or FIFO in place (there is nothing to replace)."""
    try:
        with open(path, "wb") as f:
            f.write(data)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise InputError("cannot write: %s" % (e.strerror or e), path=path) from None


def _fsync_dir(directory: str) -> None:
    """Best effort: make the rename itself durable (not possible everywhere)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
