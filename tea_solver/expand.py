"""CheckList -> instances (SPEC §2), with the fill of every instance recorded.

The fills are the strongest signal the extractor has (instances of one
template differ only in their fills), so every instance carries ``fill``: slot
name as written (``first_name1``, ``adj``) -> the lexicon value used.

Order and numbering.  The fills of a template are enumerated like
``itertools.product`` over its *draws* (``(lexicon, cardinal)`` pairs, in order
of first appearance), each ranging over the lexicon's distinct values in order,
with the combinations in which two draws of one lexicon take the same value
left out.  Instance ``n`` (0-based, in that order) gets the id
``f"{template_id}/{n}"`` -- also when sampled, so a sampled id names the same
instance as in the full expansion.

Sampling (``max_per_template``).  The valid combinations can be *ranked*
without listing them: given a prefix, the number of valid completions does not
depend on which values the prefix used, only on how many draws of each lexicon
remain.  So ``n`` -> fill is a direct computation (:func:`unrank`), and a
uniform sample of ``N`` of ``V`` combinations is ``N`` distinct integers below
``V`` (Floyd's algorithm: exactly ``N`` random draws, however large ``V``),
taken with ``random.Random(f"{seed}:{template_id}")`` and output in index
order.  Each template's sample thus depends only on the seed and its own id.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Iterator, Mapping

from .errors import InputError
from .io.checklist import PreparedTemplate, Problem, prepare_template, validate_checklist
from .template import render

#: Instance fields the expander sets; template fields of these names are not
#: carried along (``target`` is the translator's to add).
INSTANCE_FIELDS = ("id", "template_id", "source", "fill", "lang", "target")


def _prepare(template_obj: Any, doc_lexicons: Mapping | None) -> PreparedTemplate:
    try:
        return prepare_template(template_obj, doc_lexicons)
    except Problem as p:
        raise InputError(p.message) from None


# --------------------------------------------------------------------------- #
# Enumeration and ranking over one prepared template

def _iter_combos(p: PreparedTemplate) -> Iterator[tuple]:
    """Every valid combination (value index per draw), in product order."""
    draws = p.draws
    sizes = [len(p.values[base]) for base, _ in draws]
    combo = [0] * len(draws)
    used: dict = {base: set() for base, _ in draws}

    def rec(k: int) -> Iterator[tuple]:
        if k == len(draws):
            yield tuple(combo)
            return
        taken = used[draws[k][0]]
        for v in range(sizes[k]):
            if v in taken:
                continue
            combo[k] = v
            taken.add(v)
            yield from rec(k + 1)
            taken.discard(v)

    return rec(0)


def unrank(p: PreparedTemplate, index: int) -> tuple:
    """The ``index``-th valid combination (0-based) in product order.

    After a prefix, every still-available value of the next draw has the same
    number of completions (``remaining / available``), so each draw's value is
    one division away.
    """
    remaining = p.size()
    if not 0 <= index < remaining:
        raise IndexError("combination %d of %d" % (index, remaining))
    used: dict = {}
    out = []
    for base, _card in p.draws:
        taken = used.setdefault(base, [])
        available = len(p.values[base]) - len(taken)
        remaining //= available
        q, index = divmod(index, remaining)
        v = [v for v in range(len(p.values[base])) if v not in taken][q]
        taken.append(v)
        out.append(v)
    return tuple(out)


def _instance(p: PreparedTemplate, combo: tuple) -> tuple[dict, Any]:
    """(fill, rendered text) of one combination."""
    assignment = {}
    fill = {}
    for (base, card), v in zip(p.draws, combo):
        entry = p.values[base][v]
        assignment[(base, card)] = entry
        fill[base + card] = entry if isinstance(entry, str) else list(entry)
    return fill, render(p.template, assignment)


def sample_indices(total: int, n: int, rng: random.Random) -> list:
    """``n`` distinct integers in ``range(total)``, uniformly, sorted (Floyd).

    Exactly ``n`` calls to ``rng.randrange`` whatever ``total`` is: works for
    products far too large to list (or even to ``len()`` a ``range`` of).
    """
    if n >= total:
        return list(range(total))
    chosen: set = set()
    for j in range(total - n, total):
        t = rng.randrange(j + 1)
        chosen.add(j if t in chosen else t)
    return sorted(chosen)


def _indices(p: PreparedTemplate, max_per_template: int | None, seed: Any):
    total = p.size()
    if max_per_template is None or total <= max_per_template:
        return None   # all, enumerated in order
    return sample_indices(total, max_per_template, random.Random("%s:%s" % (seed, p.id)))


# --------------------------------------------------------------------------- #
# Public API

def expand_template(template_obj: Any, doc_lexicons: Mapping | None = None
                    ) -> Iterator[tuple[dict, Any]]:
    """Every valid ``(fill, text)`` of one template object, in product order.

    ``text`` is a string, or a list of strings for a multi-field template.
    Raises :class:`InputError` (eagerly) for a template that cannot be filled.
    """
    p = _prepare(template_obj, doc_lexicons)
    return (_instance(p, c) for c in _iter_combos(p))


def count_combinations(template_obj: Any, doc_lexicons: Mapping | None = None) -> int:
    """How many instances the template generates (no enumeration)."""
    return _prepare(template_obj, doc_lexicons).size()


#: ``tea-solver expand`` refuses to write more instances than this unless told
#: (``--max-instances``): six draws from a 1,000-value lexicon are 10**18 instances.
DEFAULT_MAX_INSTANCES = 1_000_000


def count_instances(prepared, max_per_template: int | None = None) -> list[tuple[str, int]]:
    """``(template id, instances it will produce)`` for prepared templates, without
    producing any: the product of the lexicon sizes, cardinal draws distinct, tuples as
    one draw, capped by ``max_per_template``."""
    out = []
    for p in prepared:
        n = p.size()
        out.append((p.id, n if max_per_template is None else min(n, max_per_template)))
    return out


def check_instance_count(prepared, max_per_template: int | None, max_instances: int,
                         path: str | None = None) -> int:
    """The number of instances the templates will produce, or an :class:`InputError`
    naming the template (or the total) above ``max_instances``."""
    counts = count_instances(prepared, max_per_template)
    hint = "sample with --max-per-template N or raise --max-instances"
    for tid, n in counts:
        if n > max_instances:
            raise InputError("template '%s' expands to %s instances, more than --max-instances "
                             "%s (%s)" % (tid, format(n, ","), format(max_instances, ","), hint),
                             path=path)
    total = sum(n for _tid, n in counts)
    if total > max_instances:
        tid, n = max(counts, key=lambda c: c[1])
        raise InputError("the CheckList expands to %s instances, more than --max-instances %s "
                         "(largest: template '%s', %s; %s)"
                         % (format(total, ","), format(max_instances, ","), tid,
                            format(n, ","), hint), path=path)
    return total


def iter_expanded(doc: Any, *, max_per_template: int | None = None, seed: Any = 0,
                  lang: str | None = None, path: str | None = None,
                  max_instances: int | None = None) -> Iterator[dict]:
    """:func:`expand_checklist` as a generator, for expansions too big for a list.

    The document is validated, and with ``max_instances`` the instances are
    counted (:func:`check_instance_count`), before the first one is produced.
    """
    if max_per_template is not None and (isinstance(max_per_template, bool)
                                         or not isinstance(max_per_template, int)
                                         or max_per_template < 1):
        raise InputError("--max-per-template must be a positive integer, not %r"
                         % (max_per_template,))
    prepared = validate_checklist(doc, path)
    if max_instances is not None:
        check_instance_count(prepared, max_per_template, max_instances, path)
    lang = lang if lang is not None else doc.get("lang")

    def gen() -> Iterator[dict]:
        for p in prepared:
            picked = _indices(p, max_per_template, seed)
            pairs = (enumerate(_iter_combos(p)) if picked is None
                     else ((i, unrank(p, i)) for i in picked))
            for n, combo in pairs:
                fill, text = _instance(p, combo)
                rec = {"id": "%s/%d" % (p.id, n), "template_id": p.id,
                       "source": text, "fill": fill}
                if lang is not None:
                    rec["lang"] = lang
                for k, v in p.extras.items():
                    if k not in INSTANCE_FIELDS:   # copies: records stay independent
                        rec[k] = v if isinstance(v, (str, int, float, bool)) or v is None \
                            else copy.deepcopy(v)
                yield rec

    return gen()


def expand_checklist(doc: Any, *, max_per_template: int | None = None, seed: Any = 0,
                     lang: str | None = None, path: str | None = None,
                     max_instances: int | None = DEFAULT_MAX_INSTANCES) -> list[dict]:
    """The instance dicts of a CheckList document (SPEC §2), template by template.

    Each: ``id`` (``template_id/n``), ``template_id``, ``source``, ``fill``,
    ``lang`` (``lang`` if given, else the document's; absent if neither) and the
    template's other fields (label, capability, …).  No ``target``.  With
    ``max_per_template=N`` a template with more than N fills contributes a
    seeded uniform sample of N (see the module docstring).  Raises
    :class:`InputError` (naming ``path`` if given) for an unusable document, and
    for one that would produce more than ``max_instances`` instances (None: no
    bound; the list is held in memory).
    """
    return list(iter_expanded(doc, max_per_template=max_per_template, seed=seed,
                              lang=lang, path=path, max_instances=max_instances))
