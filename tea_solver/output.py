"""Chosen candidate shapes → template objects of a target CheckList (SPEC §1).

Every template is written with *all* the lexicons it uses (so it can be
expanded on its own), and each lexicon holds exactly the values that the
key's slots take in the instances the template generates — in order of first
appearance.  Restricting a key to the values seen with this template, rather
than the key's whole terminal set, is what keeps a template from generating
strings its group never contained.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from tea_solver.keys.base import Key, letters
from tea_solver.template import escape


def slot_text(name: str, card: int, index: int | None) -> str:
    body = name + (str(card) if card else "")
    if index is not None:
        body += "[%d]" % index
    return "{" + body + "}"


def shape_text(shape, names: Mapping[int, str], keys: Mapping[int, Key], multi: bool):
    """Template text (string, or list for multi-field) of a shape."""
    fields = []
    for parts in shape:
        out = []
        for p in parts:
            if isinstance(p, str):
                out.append(escape(p))
            else:
                kid, card = p
                out.append(slot_text(names[kid], card, keys[kid].index))
        fields.append("".join(out))
    return fields if multi else fields[0]


def output_names(shapes: Sequence, keys: Mapping[int, Key]) -> dict[int, str]:
    """Lexicon name per key id used in ``shapes``.

    Named keys (alignment: ``first_name``, ``adj``) keep their names; anonymous
    graph keys are renamed ``key_a``, ``key_b``, … in order of first use, so a
    verifier reads short, stable names.  Clashes (two keys of one name in one
    template: ``adj[0]`` and ``adj[1]`` of separate keys) get a letter suffix.
    """
    names: dict[int, str] = {}
    taken: set[str] = set()
    anon = 0
    for shape in shapes:
        for parts in shape:
            for p in parts:
                if isinstance(p, str) or p[0] in names:
                    continue
                key = keys[p[0]]
                if key.origin.startswith("graph"):
                    name = "key_" + letters(anon)
                    anon += 1
                else:
                    name = key.name
                base, n = name, 0
                while name in taken:
                    name = "%s_%s" % (base, letters(n))
                    n += 1
                taken.add(name)
                names[p[0]] = name
    return names


def lexicon_values(shape, fills_of_items: Sequence[Mapping], keys: Mapping[int, Key]) -> dict:
    """Key id → list of values its slots take over the given items' fills.

    A tuple key (``index`` set) stores each value as a one-element-per-index
    list so that ``{key[i]}`` addresses it (SPEC §1 tuple entries).
    """
    values: dict[int, dict] = {}
    for fills in fills_of_items:
        for (kid, _card), value in fills.items():
            values.setdefault(kid, {}).setdefault(value, None)
    out = {}
    for kid, vals in values.items():
        index = keys[kid].index
        if index is None:
            out[kid] = list(vals)
        else:
            out[kid] = [[""] * index + [v] for v in vals]
    return out
