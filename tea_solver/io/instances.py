"""Instance files (SPEC §2, JSON Lines): read and validate, write.

Reading is strict so that extraction never meets a malformed record: every
problem is an :class:`InputError` naming the file and the 1-based line.

Policies (decided here, tested in tests/test_io.py and tests/bad_inputs/):

* Lines are split on ``\\n`` only (a JSON string may hold U+2028 and the
  like); a trailing ``\\r`` is JSON whitespace.  Blank lines (JSON whitespace
  only) are skipped but still counted, so line numbers match an editor's.
  A leading UTF-8 byte-order mark is ignored.
* Required: ``template_id`` (non-empty string) and ``target``: a non-empty
  string, or a non-empty list of non-empty strings.  A target that is empty or
  only whitespace is rejected ("target is empty"): it is a failed translation,
  and a template for it would be meaningless.
* ``id`` is optional (extraction does not need it); a missing id becomes
  ``f"{template_id}/L{line}"`` -- the ``L`` keeps it apart from the expander's
  ``template_id/n`` numbering.  Ids must be unique in the file.
* All targets of one ``template_id`` have one shape: all strings, or all lists
  of the same length (fields are never merged); the first line that differs is
  reported.  ``source``, when present, has the shape of its ``target``.
* Identical targets within a group are allowed: they are data (two fills may
  translate alike); the extractor deduplicates.
* ``fill`` (optional unless ``need_source``) is an object mapping slot names to
  a string or a non-empty list of strings.  ``lang`` is an optional string.
  With ``need_source=True`` (``--keys align``) ``source`` and ``fill`` are
  required.  Other fields are carried along untouched in ``Instance.raw``.
* Unicode: text is kept exactly as written -- never normalised.  The output
  templates must regenerate the user's characters, and NFC rewrites real
  text (Devanagari, Bengali and Gurmukhi nukta letters are composition
  exclusions: NFC decomposes them).  :func:`read_instance_file` counts the
  instances whose text is not in NFC, for the report; code that wants to
  compare normalised text does so on its own copies.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from ..errors import InputError
from ..template import NAME_RE
from . import jsontext
from .atomic import read_lines
from .checklist import json_type_name
from .records import Instance


@dataclass(frozen=True)
class InstanceFile:
    """The records of one file, and how many hold text not in NFC (kept as is)."""

    records: list
    path: str
    non_nfc: int


class _Bad(ValueError):
    """A problem with one record; the reader adds file and line."""


def _not_nfc(s: str) -> bool:
    return not s.isascii() and not unicodedata.is_normalized("NFC", s)


def _text_fields(obj: dict, name: str, *, allow_empty: bool) -> tuple[tuple, bool, bool]:
    """``target``/``source`` -> (fields as a tuple, multi, some field not in NFC)."""
    v = obj[name]
    if isinstance(v, str):
        fields, multi = (v,), False
    elif isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        fields, multi = tuple(v), True
    else:
        raise _Bad("field '%s' must be a string or a non-empty list of strings, not %s"
                   % (name, _short_type(v) if not isinstance(v, list) or not v
                      else "a list holding %s" % json_type_name(
                          next(x for x in v if not isinstance(x, str)))))
    if not allow_empty:
        for k, f in enumerate(fields):
            if not f.strip():
                raise _Bad("%s is empty" % name if not multi
                           else "%s field %d is empty" % (name, k + 1))
    return fields, multi, any(_not_nfc(f) for f in fields)


def _fill(obj: dict) -> tuple[dict, bool]:
    v = obj["fill"]
    if not isinstance(v, dict):
        raise _Bad("field 'fill' must be an object, not %s" % json_type_name(v))
    out, odd = {}, False
    for k, x in v.items():
        if not NAME_RE.match(k):
            raise _Bad("fill key '%s' is not a slot name" % k)
        if isinstance(x, str):
            odd |= _not_nfc(x)
        elif isinstance(x, list) and x and all(isinstance(e, str) for e in x):
            odd |= any(_not_nfc(e) for e in x)
            x = list(x)
        else:
            raise _Bad("fill value of '%s' must be a string or a non-empty list of "
                       "strings, not %s" % (k, _short_type(x)))
        out[k] = x
    return out, odd


def _short_type(x: Any) -> str:
    return "an empty list" if x == [] else json_type_name(x)


def _nonempty_str(obj: dict, name: str) -> str:
    if name not in obj:
        raise _Bad("missing field '%s'" % name)
    v = obj[name]
    if not isinstance(v, str) or not v:
        raise _Bad("field '%s' must be a non-empty string" % name)
    return v


def parse_instance(obj: Any, line: int, *, need_source: bool = False
                   ) -> tuple[Instance, bool]:
    """One decoded JSON value -> (Instance, whether some of its text is not in NFC).

    Raises ``ValueError`` (the reader adds file and line).
    """
    if not isinstance(obj, dict):
        raise _Bad("instance must be a JSON object, not %s" % json_type_name(obj))
    template_id = _nonempty_str(obj, "template_id")
    iid = _nonempty_str(obj, "id") if "id" in obj else "%s/L%d" % (template_id, line)
    if "target" not in obj:
        raise _Bad("missing field 'target'")
    target, multi, changed = _text_fields(obj, "target", allow_empty=False)
    source = fill = None
    for name in ("source", "fill"):
        if need_source and name not in obj:
            raise _Bad("instance has no '%s' (needed by --keys align)" % name)
    if "source" in obj:
        source, smulti, ch = _text_fields(obj, "source", allow_empty=True)
        if (smulti, len(source)) != (multi, len(target)):
            raise _Bad("source is %s but target is %s"
                       % (_shape(smulti, len(source)), _shape(multi, len(target))))
        changed |= ch
    if "fill" in obj:
        fill, ch = _fill(obj)
        changed |= ch
    lang = obj.get("lang")
    if lang is not None and not isinstance(lang, str):
        raise _Bad("field 'lang' must be a string")
    inst = Instance(id=iid, template_id=template_id, target=target, multi=multi,
                    source=source, fill=fill, lang=lang, line=line, raw=obj)
    return inst, changed


def _shape(multi: bool, n: int) -> str:
    return "a list of %d" % n if multi else "a string"


def iter_json_lines(path: str | os.PathLike) -> Iterator[tuple[int, Any]]:
    """(line number, decoded value) of every non-blank line of a JSON Lines file.

    The one place that turns a file into JSON values, so every reader of JSON
    Lines (instances, translation tables, source instances) reports unreadable
    files and malformed lines alike (raises :class:`InputError`), streamed under
    the same read limits and with the same strict JSON (no NaN, no lone
    surrogate).
    """
    path = os.fspath(path)
    for n, line in read_lines(path):
        yield n, jsontext.parse(line, path, n)


def read_instance_file(path: str | os.PathLike, need_source: bool = False) -> InstanceFile:
    """Read and validate a JSON Lines instance file (raises :class:`InputError`).

    Streamed line by line under :data:`tea_solver.io.atomic.LIMITS`.
    """
    path = os.fspath(path)
    records: list = []
    first_id: dict = {}
    shape: dict = {}          # template_id -> (multi, arity, line)
    non_nfc = 0
    for n, line in read_lines(path):
        obj = jsontext.parse(line, path, n)
        try:
            inst, ch = parse_instance(obj, n, need_source=need_source)
            _check_group(inst, shape)
        except ValueError as e:
            raise InputError(str(e), path=path, line=n) from None
        if inst.id in first_id:
            raise InputError("duplicate instance id '%s' (first on line %d)"
                             % (inst.id, first_id[inst.id]), path=path, line=n)
        first_id[inst.id] = n
        non_nfc += ch
        records.append(inst)
    return InstanceFile(records, path, non_nfc)


def _check_group(inst: Instance, shape: dict) -> None:
    """All targets of one template_id have the shape of the group's first."""
    mine = (inst.multi, len(inst.target))
    first = shape.setdefault(inst.template_id, mine + (inst.line,))
    if first[:2] != mine:
        raise _Bad("target is %s but earlier targets of template '%s' are %s "
                   "(first on line %d)" % (_shape(*mine), inst.template_id,
                                           _shape(*first[:2]), first[2]))


def load_instances(path: str | os.PathLike, *, need_source: bool = False) -> list:
    """The validated :class:`Instance` records of a JSON Lines file."""
    return read_instance_file(path, need_source=need_source).records


def _shaped(fields: tuple, multi: bool) -> Any:
    return list(fields) if multi else fields[0]


def instance_to_dict(inst: Instance) -> dict:
    """The record as a JSON object: SPEC fields first, then ``raw``'s other fields.

    Values are the ones held by ``inst`` (as read); the order is fixed (id,
    template_id, source, fill, target, lang, then the rest as read).
    """
    out: dict = {"id": inst.id, "template_id": inst.template_id}
    if inst.source is not None:
        out["source"] = _shaped(inst.source, inst.multi)
    if inst.fill is not None:
        out["fill"] = {k: list(v) if isinstance(v, (list, tuple)) else v
                       for k, v in inst.fill.items()}
    out["target"] = _shaped(inst.target, inst.multi)
    if inst.lang is not None:
        out["lang"] = inst.lang
    for k, v in inst.raw.items():
        if k not in out and k not in ("source", "fill", "target", "lang"):
            out[k] = v
    return out


def dump_instances(records: Iterable) -> str:
    """JSON Lines text: one object per line (dicts as given, Instances converted)."""
    return "".join(iter_dump_instances(records))


def iter_dump_instances(records: Iterable) -> Iterator[str]:
    """:func:`dump_instances` line by line, for outputs too large to hold at once."""
    for r in records:
        yield jsontext.dumps(instance_to_dict(r) if isinstance(r, Instance) else r,
                             ensure_ascii=False) + "\n"
