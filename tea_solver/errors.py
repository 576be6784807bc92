"""User-facing errors.

Every problem with what a user gave us (a file, a line in it, an option) is an
:class:`InputError`.  The CLI prints it as one line, ``FILE:LINE: problem``,
and exits with status 2; nothing else in the library prints or exits.
"""

from __future__ import annotations

import unicodedata

_ESCAPES = {"\n": "\\n", "\r": "\\r"}


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters escaped.

    Messages name files and quote ids, and both may hold a newline (a file
    called ``a\nb.json``): the promise is one line on stderr whatever they hold.
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == "\t" or unicodedata.category(ch) not in ("Cc", "Zl", "Zp"):
            out.append(ch)
        else:
            out.append(_ESCAPES.get(ch) or ("\\x%02x" % ord(ch) if ord(ch) < 256
                                            else "\\u%04x" % ord(ch)))
    return "".join(out)


class InputError(Exception):
    """Bad input: names the file, the line (1-based, optional) and the problem."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 field: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.field = field

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = str(self.path)
            if self.line is not None:
                where += ":%d" % self.line
            where += ": "
        what = self.message
        if self.field:
            what = "field '%s': %s" % (self.field, what)
        return one_line(where + what)


class WorkerDied(RuntimeError):
    """A parallel worker process ended abnormally; the run wrote nothing."""


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived (see :mod:`tea_solver.signals`).

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except
    Exception`` swallows it on its way out; the CLI exits with 128 + signal.
    """

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        import signal
        try:
            return signal.Signals(self.signum).name
        except ValueError:
            return "signal %d" % self.signum
