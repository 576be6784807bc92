"""The English side of a template, read the way the pseudo-languages need it.

A template is cut into :class:`Unit` s (words, punctuation marks, slots with the
English material glued to them, such as ``{first_name}'s``), and clauses; small
closed word classes (articles, copulas, prepositions …) say what a word does, so
that a slot's *role* (subject, object of a verb, standard of comparison,
possessor, predicate) can be read off its neighbours.  No list of content words:
every other word is translated by the dictionary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tea_solver.template import Slot, parse_field

ARTICLES = frozenset({"a", "an"})
DETERMINERS = frozenset({"the", "this", "that", "these", "those"})
COPULAS = frozenset({"is", "are", "was", "were", "am", "be", "been"})
AUXILIARIES = frozenset({"does", "do", "did", "would", "will", "can", "could", "should"})
VERBS = COPULAS | AUXILIARIES | frozenset({
    "has", "have", "had", "bought", "think", "thought", "used", "heard", "say", "said",
    "seen", "like", "liked", "find", "found", "see", "saw"})
PREPOSITIONS = frozenset({"than", "about", "in", "of", "for", "with", "to", "at", "on",
                          "from", "over", "given", "after", "before"})
CONJUNCTIONS = frozenset({"and", "or", "but"})
SENTENCE_END = frozenset(".?!")
TOKEN = re.compile(r"'?[^\W\d_]+(?:'[^\W\d_]+)*|\d+|[^\w\s]|_")


@dataclass
class Unit:
    """One English token of a template: a word, a punctuation mark, or a slot
    (with English material glued to it, such as ``'s``)."""

    kind: str                        # 'word', 'punct', 'slot'
    text: str = ""
    slot: Slot | None = None
    glue_pre: str = ""
    glue_suf: str = ""
    role: str | None = None          # slots: subj, pred, obj:<verb>, std, poss, other
    head: bool = False               # the last predicate slot of its clause (copula suffix)
    drop: bool = False               # a copula word replaced by a copula suffix (case)
    gov: bool = False                # a preposition chosen by the conditioning slot

    @property
    def low(self) -> str:
        return self.text.lower()


def english_units(text: str) -> list[Unit]:
    """Tokenise one English template: words, punctuation, slots with glue."""
    units: list[Unit] = []
    parts = parse_field(text)
    for k, part in enumerate(parts):
        if isinstance(part, Slot):
            units.append(Unit("slot", slot=part))
            continue
        toks = [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(part)]
        for j, (tok, start, end) in enumerate(toks):
            is_word = tok[0].isalpha() or tok[0] == "'" and len(tok) > 1
            if (j == 0 and start == 0 and k > 0 and isinstance(parts[k - 1], Slot)
                    and is_word):
                units[-1].glue_suf = tok            # {first_name}'s, {verb}s
                continue
            if (j == len(toks) - 1 and end == len(part) and k + 1 < len(parts)
                    and isinstance(parts[k + 1], Slot) and is_word):
                units.append(Unit("glue", text=tok))   # attached to the next slot below
                continue
            units.append(Unit("word" if is_word or tok.isdigit() else "punct", text=tok))
    out: list[Unit] = []
    for u in units:
        if out and out[-1].kind == "glue" and u.kind == "slot":
            u.glue_pre = out.pop().text
        out.append(u)
    return [u if u.kind != "glue" else Unit("word", text=u.text) for u in out]


def clauses(units: list[Unit]) -> list[list[Unit]]:
    """Split at punctuation; each clause keeps its closing punctuation mark."""
    out, cur = [], []
    for u in units:
        cur.append(u)
        if u.kind == "punct":
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def strip_article(s: str) -> str:
    w = s.split()
    if len(w) > 1 and w[0].lower() in ARTICLES:
        return " ".join(w[1:])
    return s


def acronym(w: str) -> bool:
    return len(w) >= 2 and w.isupper() and w.isalpha()


def comparative_lexicon(lex) -> bool:
    """A tuple lexicon of (comparative, positive) pairs: ``older, old``."""
    return lex.arity == 2 and all(
        isinstance(e, tuple) and e[0] != e[1]
        and (e[0].endswith("er") or e[0].startswith("more ")) for e in lex.entries)
