"""File access: reading input files cleanly, writing output files atomically.

SPEC §3 promises that a failed run "leaves no partial output file behind".
Writing straight to the destination breaks that promise on any error, Ctrl-C
or crash half-way through, and can clobber a good file from an earlier run.
So every output is written to a temporary file *in the destination's
directory* (``os.replace`` is only atomic within one file system), flushed and
fsynced, and then renamed over the destination in one step.
"""

from __future__ import annotations

import codecs
import os
import tempfile

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


def write_atomic(path: str | os.PathLike, text: str | bytes) -> None:
    """Write ``text`` (UTF-8) to ``path`` all at once, or not at all.

    On any exception -- KeyboardInterrupt included -- the temporary file is
    removed and the exception re-raised, so the destination is either the old
    file (or absent) or the complete new one.  A destination that cannot be
    written (missing directory, no permission) is the user's bad argument:
    :class:`InputError` naming the path.
    """
    path = os.fspath(path)
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".",
                                   suffix=".tmp", dir=directory)
    except OSError as e:
        raise InputError("cannot write: %s" % (e.strerror or e), path=path) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _default_mode())
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise InputError("cannot write: %s" % (e.strerror or e), path=path) from None
        raise
    _fsync_dir(directory)


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
