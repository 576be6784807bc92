"""Strict JSON: what Python's ``json`` accepts but a JSON file must not hold.

``json.loads`` is more lenient than JSON (RFC 8259), and each leniency used
to surface late -- after the whole extraction -- as an exit-1 "internal error"
or as an output file no other JSON reader accepts:

* ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON; ``1e400`` becomes a
  float infinity.  Either would be written back as ``Infinity`` (not JSON).
* Integers beyond 64 bits: other JSON readers lose them, and past 4300 digits
  Python itself refuses to convert them (without a line number).
* ``"\\ud800"``: an escaped lone surrogate is a Python string that cannot be
  encoded as UTF-8, so writing the output failed.
* Nesting deeper than the interpreter's recursion limit.

Policy (decided here, tested in ``tests/test_json_limits.py``): such input is
*rejected on reading* with one line naming the file, the line (and column)
and the problem.  Numbers must be finite, integers within ``±(2**63 - 1)``;
strings must be valid Unicode; nesting is at most :data:`MAX_DEPTH` levels.
Writers use ``allow_nan=False`` as a second line of defence.

Cost: the checks run inside the C parser (number hooks) or only when a cheap
test on the text says they may be needed (a ``\\ud``/``\\uD`` escape, more
brackets than :data:`MAX_DEPTH`), so valid files are read at full speed.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..errors import InputError

#: Deepest nesting of arrays and objects accepted (CheckLists need about 6).
MAX_DEPTH = 100
#: Largest integer magnitude accepted (int64, what other JSON readers hold exactly).
MAX_INT = 2 ** 63 - 1

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|NaN|-?Infinity|'
                    r'-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?', re.S)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class JSONProblem(ValueError):
    """A problem with a JSON text; ``pos`` is its character offset when known."""

    def __init__(self, message: str, pos: int | None = None):
        super().__init__(message)
        self.message = message
        self.pos = pos


class _BadNumber(ValueError):
    def __init__(self, literal: str):
        super().__init__(literal)
        self.literal = literal


def _number_problem(literal: str) -> str | None:
    """Why a JSON number literal is refused, or None."""
    if literal == "NaN":
        return "NaN is not a JSON number (write null or a string)"
    if literal in ("Infinity", "-Infinity"):
        return "number %s is out of range (not a finite double)" % literal
    if re.fullmatch(r"-?\d+", literal):
        digits = len(literal.lstrip("-"))
        if digits > 19 or abs(int(literal)) > MAX_INT:
            shown = literal if len(literal) <= 24 else literal[:20] + "…"
            return ("integer %s (%d digits) is out of range (at most 2**63 - 1 in "
                    "magnitude)" % (shown, digits))
        return None
    if not math.isfinite(float(literal)):
        return "number %s is out of range (not a finite double)" % literal
    return None


def _parse_constant(name: str):
    raise _BadNumber(name)


def _parse_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _BadNumber(literal)
    return value


def _parse_int(literal: str) -> int:
    if len(literal) > 20 or _number_problem(literal):
        raise _BadNumber(literal)
    return int(literal)


_DECODER = json.JSONDecoder(parse_float=_parse_float, parse_int=_parse_int,
                            parse_constant=_parse_constant)


def error_message(e: json.JSONDecodeError) -> str:
    """'malformed JSON: Expecting ',' delimiter (column 17)', or '… at end of input'."""
    if not e.doc[e.pos:].strip(" \t\r\n"):
        return "malformed JSON: %s at end of input (truncated?)" % e.msg.removesuffix(" at")
    if e.msg.endswith(" at"):
        return "malformed JSON: %s column %d" % (e.msg, e.colno)
    return "malformed JSON: %s (column %d)" % (e.msg, e.colno)


def loads(text: str) -> Any:
    """``json.loads`` under the policy above; raises :class:`JSONProblem`.

    ``JSONDecodeError`` becomes a :class:`JSONProblem` with its message and
    position.
    """
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise JSONProblem(error_message(e), e.pos) from None
    except (_BadNumber, RecursionError, ValueError):
        found = find_problem(text)
        if found is None:                    # cannot happen: the scan mirrors the hooks
            raise JSONProblem("malformed JSON: unreadable value") from None
        raise JSONProblem(*found) from None
    if text.count("[") + text.count("{") > MAX_DEPTH or _SURROGATE_ESCAPE.search(text):
        found = find_problem(text)
        if found is not None:
            raise JSONProblem(*found)
    return value


def find_problem(text: str) -> tuple[str, int] | None:
    """(message, offset) of the first policy violation in a JSON text, or None.

    A linear scan of the tokens outside strings (depth, number literals) and of
    the string literals (lone surrogates); only run when a problem is likely.
    """
    depth = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == '"':
            if "\\u" in tok and _SURROGATE_ESCAPE.search(tok):
                try:
                    json.loads(tok).encode("utf-8")
                except UnicodeEncodeError as e:
                    bad = json.loads(tok)[e.start]
                    return ("string holds a lone surrogate \\u%04x (not valid Unicode)"
                            % ord(bad), m.start())
                except ValueError:
                    pass
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return "malformed JSON: nested deeper than %d levels" % MAX_DEPTH, m.start()
        elif c in "]}":
            depth -= 1
        else:
            why = _number_problem(tok)
            if why:
                return why, m.start()
    return None


def check_value(value: Any) -> tuple[str, tuple] | None:
    """(message, JSON path) of the first policy violation in a decoded value, or None.

    For documents built in memory (a CheckList given to ``expand_checklist``),
    which no parser checked.  Iterative: a value too deep for recursion is
    found, not crashed on.
    """
    stack: list = [(value, (), 0)]
    while stack:
        v, where, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth >= MAX_DEPTH:
                return "nested deeper than %d levels" % MAX_DEPTH, where
            items = v.items() if isinstance(v, dict) else enumerate(v)
            for k, x in reversed(list(items)):
                if isinstance(k, str):
                    bad = _surrogate(k)
                    if bad:
                        return bad, where
                stack.append((x, where + (k,), depth + 1))
        elif isinstance(v, str):
            bad = _surrogate(v)
            if bad:
                return bad, where
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, int):
            if abs(v) > MAX_INT:      # str() of a huge int may itself be refused
                digits = int(v.bit_length() * math.log10(2)) + 1
                return ("integer of about %d digits is out of range (at most 2**63 - 1 "
                        "in magnitude)" % digits), where
        elif isinstance(v, float):
            if not math.isfinite(v):
                return _number_problem(json.dumps(v)), where
    return None


def _surrogate(s: str) -> str | None:
    if s.isascii():
        return None
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        return "string holds a lone surrogate \\u%04x (not valid Unicode)" % ord(s[e.start])
    return None


def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of offset ``pos``."""
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def dumps(value: Any, **kw) -> str:
    """``json.dumps`` that refuses NaN and infinities (never written as non-JSON)."""
    return json.dumps(value, allow_nan=False, **kw)


def parse(text: str, path: str | None = None, line: int | None = None) -> Any:
    """:func:`loads`, with a problem raised as one :class:`InputError` line.

    ``line``: the text is that line of a JSON Lines file; otherwise the line is
    counted in ``text``.  Problems other than syntax errors name the column.
    """
    try:
        return loads(text)
    except JSONProblem as p:
        message, at = p.message, line
        if p.pos is not None:
            n, col = line_col(text, p.pos)
            at = line if line is not None else n
            if "column" not in message:
                message += " (column %d)" % col
        raise InputError(message, path=path, line=at) from None
