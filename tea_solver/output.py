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


def observed_values(fills_of_items: Sequence[Mapping]) -> dict:
    """Key id → the texts its slots take over the given fills, first seen first."""
    values: dict[int, dict] = {}
    for fills in fills_of_items:
        for (kid, _card), value in fills.items():
            values.setdefault(kid, {}).setdefault(value, None)
    return {kid: list(vals) for kid, vals in values.items()}


def lexicon_entries(kid: int, texts: Sequence[str], keys: Mapping[int, Key]) -> list:
    """Lexicon entries of a key: plain strings, or tuple entries for ``{key[i]}``.

    A tuple key shows only element ``index`` in this template; the other
    positions, which the template never shows, are empty strings.
    """
    index = keys[kid].index
    if index is None:
        return list(texts)
    return [[""] * index + [v] for v in texts]


def _coupled_text(shape, names, keys, multi, a, b, name):
    """Shape text with slots ``a`` and ``b`` written as ``{name[0]}`` / ``{name[1]}``."""
    fields = []
    for parts in shape:
        out = []
        for p in parts:
            if isinstance(p, str):
                out.append(escape(p))
            elif p == a:
                out.append("{%s[0]}" % name)
            elif p == b:
                out.append("{%s[1]}" % name)
            else:
                out.append(slot_text(names[p[0]], p[1], keys[p[0]].index))
        fields.append("".join(out))
    return fields if multi else fields[0]


def build_templates(template_id: str, shapes: Sequence, item_fills: Sequence[list],
                    assigned: Sequence, weights: Sequence[int], keys: Mapping[int, Key],
                    multi: bool, agreement: bool = True) -> list[dict]:
    """Template objects for the chosen shapes (in order), split by agreement.

    ``item_fills[n]`` lists ``(item, fills)`` for every item shape n generates;
    ``assigned[item]`` is the shape the item counts towards (support).
    """
    from tea_solver.agreement import Part, split_by_agreement
    templates = []
    for n, shape in enumerate(shapes):
        names = output_names([shape], keys)     # lexicons are per template
        values = observed_values([f for _i, f in item_fills[n]])
        parts = (split_by_agreement(shape, item_fills[n], keys, values) if agreement
                 else [Part(values, [i for i, _f in item_fills[n]])])
        counted: set = set()
        for part in parts:
            own = [i for i in part.items if assigned[i] == n and i not in counted]
            counted.update(own)
            obj = {"id": "%s#%d" % (template_id, len(templates))}
            lexicons = {names[kid]: lexicon_entries(kid, vals, keys)
                        for kid, vals in part.values.items()}
            if part.coupled:
                a, b = part.coupled
                name = "%s_%s" % (names[a[0]], names[b[0]])
                obj["template"] = _coupled_text(shape, names, keys, multi, a, b, name)
                del lexicons[names[a[0]]], lexicons[names[b[0]]]
                lexicons[name] = [list(pair) for pair in part.pairs]
            else:
                obj["template"] = shape_text(shape, names, keys, multi)
            obj["lexicons"] = lexicons
            obj["source_template_id"] = template_id
            obj["support"] = sum(weights[i] for i in own)
            templates.append(obj)
    return templates
