"""Cost of verification: what a verifier changed between a CheckList and its verified version.

The paper compares TEA output with its human-verified version (TEA vs VER): template
P/R against the verified list (the ``correctness`` family with the verified CheckList as
the reference) and FR-diff (the ``utility`` family).  This family adds the verifier's
work, counted per template id (``review import`` keeps the ids):

* ``kept``: templates the verified list has unchanged (text and every lexicon value);
* ``edited``: templates whose text (``text_edits``) or lexicons (``lexicon_edits``)
  changed; ``values_added`` / ``values_removed`` count lexicon values over all of them;
* ``deleted``: templates the verified list no longer has; ``added``: new ids in it;
* ``edit_rate``: ``(edited + deleted) / templates`` -- the share of the output a human
  had to correct.
"""

from __future__ import annotations

from collections import OrderedDict

from .base import LoadedChecklist, Metric, ratio, register, sig


def _entries(cl: LoadedChecklist) -> dict:
    """id -> (template text, {lexicon: set of values}) as validated (resolved lexicons)."""
    out = {}
    for tobj, p in zip(cl.templates, cl.prepared):
        values = {b: {v if isinstance(v, str) else tuple(v) for v in vals}
                  for b, vals in p.values.items()}
        out[p.id] = (tobj["template"], values)
    return out


def verification_counts(cl: LoadedChecklist, verified: LoadedChecklist) -> tuple:
    """The counts of the module docstring, plus the ids behind them."""
    mine, theirs = _entries(cl), _entries(verified)
    c = OrderedDict([("templates", len(mine)), ("kept", 0), ("edited", 0), ("text_edits", 0),
                     ("lexicon_edits", 0), ("deleted", 0), ("added", 0),
                     ("values_added", 0), ("values_removed", 0)])
    ids = OrderedDict([("edited", []), ("deleted", []), ("added", [])])
    for tid, (text, values) in mine.items():
        if tid not in theirs:
            c["deleted"] += 1
            ids["deleted"].append(tid)
            continue
        vtext, vvalues = theirs[tid]
        text_changed = vtext != text
        lex_changed = vvalues != values
        if not (text_changed or lex_changed):
            c["kept"] += 1
            continue
        c["edited"] += 1
        c["text_edits"] += text_changed
        c["lexicon_edits"] += lex_changed
        ids["edited"].append(tid)
        before = {(b, v) for b, vs in values.items() for v in vs}
        after = {(b, v) for b, vs in vvalues.items() for v in vs}
        c["values_added"] += len(after - before)
        c["values_removed"] += len(before - after)
    for tid in theirs:
        if tid not in mine:
            c["added"] += 1
            ids["added"].append(tid)
    c["edit_rate"] = ratio(c["edited"] + c["deleted"], c["templates"])
    return c, ids


@register
class Verification(Metric):
    """Edits and deletions a verifier made (the reference is the verified CheckList)."""

    name = "verification"
    needs_reference = True

    def signature(self) -> str:
        return sig("verification", match="template id", reference="verified")

    def score(self, cl: LoadedChecklist, reference: LoadedChecklist | None = None) -> dict:
        if reference is None:
            raise ValueError("verification needs the verified CheckList as the reference")
        counts, ids = verification_counts(cl, reference)
        summary = OrderedDict((k, counts[k]) for k in
                              ("kept", "edited", "text_edits", "lexicon_edits", "deleted",
                               "added", "edit_rate"))
        return {"summary": summary, "counts": dict(counts), "ids": dict(ids)}
