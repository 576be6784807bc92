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
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..errors import InputError

#: JSON's whitespace; str.strip() would also eat U+2028 and friends.
JSON_WS = " \t\r\n"


@dataclass
class ReadLimits:
    """How much of an input file a reader takes before refusing it.

    Without a bound, a wrong path (``/dev/zero``, a multi-gigabyte dump) makes a
    reader grow until the kernel kills it.  ``max_bytes`` bounds every input
    file; ``max_line`` bounds one line of a JSON Lines file (instances,
    predictions), so such a file is refused after one over-long line.  A JSON
    document (a CheckList) is one value, bounded by ``max_bytes`` only.  The
    CLI sets both from ``--max-input-size`` and ``--max-line-length``.
    """

    max_bytes: int = 1 << 30          # 1 GiB
    max_line: int = 16 << 20          # 16 MiB


#: The limits readers use when not given any (see :func:`read_limits`).
LIMITS = ReadLimits()


@contextmanager
def read_limits(max_bytes: int | None = None, max_line: int | None = None):
    """Within the block, readers use these limits (None: keep the current one)."""
    global LIMITS
    old = LIMITS
    LIMITS = ReadLimits(old.max_bytes if max_bytes is None else max_bytes,
                        old.max_line if max_line is None else max_line)
    try:
        yield LIMITS
    finally:
        LIMITS = old


def human_size(n: int) -> str:
    """1073741824 -> '1G', 16777216 -> '16M', 1000 -> '1000' (the flags' syntax)."""
    for unit, shift in (("G", 30), ("M", 20), ("K", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d%s" % (n >> shift, unit)
    return str(n)


def _open(path: str):
    try:
        return open(path, "rb")
    except OSError as e:
        raise InputError("cannot read: %s" % (e.strerror or e), path=path) from None


def _too_large(path: str, limit: int, line: int | None = None) -> InputError:
    return InputError("file is larger than %s bytes (--max-input-size %s); raise the limit "
                      "to read it" % (format(limit, ","), human_size(limit)), path=path,
                      line=line)


def read_text(path: str | os.PathLike, limits: ReadLimits | None = None) -> str:
    """The whole file as text, or an :class:`InputError` naming what is wrong.

    Readers need one clear line for every way a file can be unusable (missing,
    a directory, empty, not UTF-8, larger than ``limits.max_bytes``) instead of
    an OSError or UnicodeDecodeError traceback.  A leading UTF-8 byte-order mark
    is dropped (editors on Windows write one; ``json`` rejects it).  For invalid
    UTF-8 the message gives the byte offset in the file and the error carries
    its line.
    """
    path = os.fspath(path)
    limit = (limits or LIMITS).max_bytes
    with _open(path) as f:
        try:
            st = os.fstat(f.fileno())
            if stat.S_ISREG(st.st_mode) and st.st_size > limit:
                raise _too_large(path, limit)
            data = f.read(limit + 1)
        except OSError as e:
            raise InputError("cannot read: %s" % (e.strerror or e), path=path) from None
    if len(data) > limit:
        raise _too_large(path, limit)
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


def read_lines(path: str | os.PathLike, limits: ReadLimits | None = None
               ) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of the non-blank lines of a JSON Lines file, streamed.

    Lines are split on ``\\n`` only (a JSON string may hold U+2028); blank
    lines count for the numbering but are not yielded.  Same messages as
    :func:`read_text`, plus one for a line longer than ``limits.max_line``
    bytes -- found after reading that much, not the whole line.
    """
    path = os.fspath(path)
    limits = limits or LIMITS
    seen = False
    with _open(path) as f:
        offset, n = 0, 0
        while True:
            try:
                raw = f.readline(limits.max_line + 1)
            except OSError as e:
                raise InputError("cannot read: %s" % (e.strerror or e), path=path) from None
            if not raw:
                break
            n += 1
            start, offset = offset, offset + len(raw)
            if offset > limits.max_bytes:
                raise _too_large(path, limits.max_bytes, n)
            if len(raw) > limits.max_line and not (len(raw) == limits.max_line + 1
                                                   and raw.endswith(b"\n")):
                raise InputError("line is longer than %s bytes (--max-line-length %s); raise "
                                 "the limit to read it" % (format(limits.max_line, ","),
                                                           human_size(limits.max_line)),
                                 path=path, line=n)
            skip = len(codecs.BOM_UTF8) if n == 1 and raw.startswith(codecs.BOM_UTF8) else 0
            try:
                text = raw[skip:].decode("utf-8")
            except UnicodeDecodeError as e:
                raise InputError("invalid UTF-8 at byte %d" % (start + skip + e.start),
                                 path=path, line=n) from None
            if text.endswith("\n"):
                text = text[:-1]
            if text.strip(JSON_WS):
                seen = True
                yield n, text
    if not seen:
        raise InputError("file is empty", path=path)


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


def write_atomic(path: str | os.PathLike, text: str | bytes | Iterable[str],
                 inputs: Iterable = ()) -> None:
    """Write ``text`` (UTF-8) to ``path`` all at once, or not at all.

    ``text`` may be an iterable of strings (written as they come, so an output
    larger than memory never exists in memory); an exception it raises half-way
    leaves no file, like any other.

    On any exception -- KeyboardInterrupt and termination signals included --
    the temporary file is removed and the exception re-raised, so the
    destination is either the old file (or absent) or the complete new one.  A
    destination that cannot be written (missing directory, no permission,
    write-protected, one of ``inputs``) is the user's bad argument:
    :class:`InputError` naming the path.  Non-regular destinations (stdout, a
    pipe) are written directly (see the module docstring).
    """
    path = os.fspath(path)
    if isinstance(text, str):
        chunks: Iterable = (text.encode("utf-8"),)
    elif isinstance(text, (bytes, bytearray, memoryview)):
        chunks = (bytes(text),)
    else:
        chunks = (c.encode("utf-8") for c in text)
    inputs = list(inputs)
    check_output(path, inputs)
    if is_special(path):
        _write_direct(path, chunks)
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
            for chunk in chunks:
                f.write(chunk)
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


def _write_direct(path: str, chunks: Iterable[bytes]) -> None:
    """Write to a device, pipe or FIFO in place (there is nothing to replace)."""
    try:
        with open(path, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
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
