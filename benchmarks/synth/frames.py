"""Frames: an English template written as a target template.

A :class:`Frame` is the target template of one English template before the value
of its *conditioning slot* is known: translated words, punctuation, slots with
affixes glued to them, and *choices* — a word or affix that a value of the
conditioning slot decides (a governed preposition, an article agreeing with a
noun, a harmonic suffix).  One conditioning slot per template, because a
MultiCheckList variant column is conditioned on the values of one key.
:class:`FrameBuilder` reads each slot's role off the English (see
:mod:`.english`), reorders the clause where the language's word order differs,
and glues the case, particle and clitic affixes the phenomena call for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tea_solver.template import Slot

from .english import (ARTICLES, AUXILIARIES, CONJUNCTIONS, COPULAS, PREPOSITIONS, VERBS,
                      Unit, clauses, english_units)
from .phonology import SCRIPTS, allomorph, nfc, seeded_rng, vowel_class
from .source import Lexicon, SourceTemplate


@dataclass
class Frame:
    """A target template before its conditioning value is known.

    ``units``: ('lit', text) | ('punct', text) | ('choice', fn) |
    ('slot', Slot, [prefix items], [suffix items]); an item is a string or a
    function of the conditioning entry.  ``cond``: the draw ``(base, card)``
    whose value chooses the variant, or None."""

    units: list
    cond: tuple | None = None
    cond_lexicon: str | None = None
    cond_index: int | None = None
    cond_nominal: bool = False


class FrameBuilder:
    """Builds (and caches) the frames of one :class:`PseudoLanguage` ``lang``."""

    def __init__(self, lang):
        self.lang = lang
        self._frames: dict = {}

    def roles(self, t: SourceTemplate) -> list[Unit]:
        """English units of ``t`` with each slot's role set."""
        lang = self.lang
        units = english_units(t.text)
        for cl in clauses(units):
            verbs = [k for k, u in enumerate(cl) if self._is_verb(t, u)]
            for k, u in enumerate(cl):
                if u.kind != "slot":
                    continue
                prev = cl[k - 1] if k else None
                if u.glue_suf.lower() == "'s":
                    u.role = "poss"
                elif prev is not None and prev.kind == "word" and prev.low == "than":
                    u.role = "std"
                elif prev is not None and prev.kind == "word" and prev.low in CONJUNCTIONS \
                        and k >= 2 and cl[k - 2].kind == "slot":
                    u.role = cl[k - 2].role
                else:
                    before = [cl[v] for v in verbs if v < k]
                    main = [v for v in before if v.low not in AUXILIARIES]
                    if main:
                        v = main[-1]
                        u.role = "pred" if v.kind != "word" or v.low in COPULAS \
                            else "obj:" + v.low
                    elif any(v > k for v in verbs):
                        u.role = "subj"
                    else:
                        u.role = "other"
            preds = [u for u in cl if u.kind == "slot" and u.role == "pred"]
            if preds and "case" in lang.ph:
                # a copula suffix on the predicate replaces the copula word
                preds[-1].head = True
                for u in cl:
                    if u.kind == "word" and u.low in COPULAS:
                        u.drop = True
            if "case" in lang.ph:         # the standard's case suffix replaces 'than'
                for a, b in zip(cl, cl[1:]):
                    if a.kind == "word" and a.low == "than" and b.kind == "slot" \
                            and b.role == "std":
                        a.drop = True
        return units

    def _is_verb(self, t: SourceTemplate, u: Unit) -> bool:
        lang = self.lang
        if u.kind == "word":
            return u.low in VERBS
        if u.kind == "slot":
            lex = lang.source.lexicon(t, u.slot.base)
            return bool(lex.entries) and not lex.arity and all(
                isinstance(e, str) and e.split()[:1] and e.split()[0].lower() in COPULAS
                for e in lex.entries)
        return False

    def case_of(self, role: str | None, head: bool = False) -> str | None:
        lang = self.lang
        if role is None:
            return None
        if role == "pred":
            return "cop" if head else None
        if role == "subj":
            return "nom"
        if role.startswith("obj:"):
            return lang.grammar.verb_case.get(role[4:], "acc")
        return {"std": "abl", "poss": "gen"}.get(role)

    def frame(self, t: SourceTemplate) -> Frame:
        if t.id not in self._frames:
            self._frames[t.id] = self._build_frame(t)
        return self._frames[t.id]

    def _cond_value(self, frame: Frame, entry) -> str:
        """The English string of the conditioning entry that classes use."""
        if isinstance(entry, tuple):
            return entry[frame.cond_index or 0]
        return entry

    def _build_frame(self, t: SourceTemplate) -> Frame:
        lang = self.lang
        units = self.roles(t)
        lex = lambda u: lang.source.lexicon(t, u.slot.base)   # noqa: E731
        frame = Frame([])
        # the conditioning slot: government, then an article agreeing with a noun,
        # then a harmonising case suffix
        cands = []
        if "government" in lang.ph:
            for a, b in zip(units, units[1:]):
                if a.kind == "slot" and b.kind == "word" and b.low in lang.grammar.government \
                        and not lex(a).fixed and not ("case" in lang.ph and b.low == "than"):
                    cands.append(("gov", a))
        if "articles" in lang.ph:
            for a, b in zip(units, units[1:]):
                if a.kind == "slot" and a.slot.article and b.kind == "slot" \
                        and lex(b).ident in lang.nominal:
                    cands.append(("art", b))
        if "harmony" in lang.ph and not lang.script:
            for u in units:
                if u.kind == "slot" and not lex(u).fixed and self._case_affix(t, u)[1]:
                    cands.append(("harm", u))
        if cands:
            u = cands[0][1]
            frame.cond = u.slot.draw
            frame.cond_lexicon = lex(u).ident
            frame.cond_index = u.slot.index
            frame.cond_nominal = lex(u).ident in lang.nominal
            for a, b in zip(units, units[1:]):
                if a.kind == "slot" and a.slot.draw == frame.cond and b.kind == "word" \
                        and b.low in lang.grammar.government and "government" in lang.ph:
                    b.gov = True
        if "order" in lang.ph:
            units = self._reorder(t, units)
        out = []
        for k, u in enumerate(units):
            if u.kind == "punct":
                out.append(("punct", u.text))
            elif u.kind == "word":
                if u.low in ARTICLES:
                    if "articles" in lang.ph:
                        nxt = next((x for x in units[k + 1:] if x.kind == "word"), None)
                        cls = lang.noun_class(nxt.text) if nxt else 0
                        out.append(("lit", lang.grammar.articles[cls]))
                    continue
                if u.drop:
                    continue
                out.append(self._word_unit(u, frame))
            else:
                out.extend(self._slot_units(t, u, frame))
        frame.units = out
        return frame

    def _word_unit(self, u: Unit, frame: Frame):
        lang = self.lang
        if u.gov:
            alts = lang.grammar.government[u.low]
            return ("choice", lambda e, alts=alts, p=u.low, f=frame:
                    alts[seeded_rng(lang.seed, "gov", p, self._cond_value(f, e)).randrange(
                        len(alts))])
        return ("lit", lang.word(u.text))

    def _case_affix(self, t: SourceTemplate, u: Unit):
        """(prefix, suffix) from case for one slot unit."""
        lang = self.lang
        if "case" not in lang.ph:
            return "", ""
        lex = lang.source.lexicon(t, u.slot.base)
        if lang.case_form(t, lex.ident):
            return "", ""
        case = self.case_of(u.role, u.head)
        if not case:
            return "", ""
        affix, is_prefix = lang.grammar.cases[case]
        return (affix, "") if is_prefix else ("", affix)

    def _slot_units(self, t: SourceTemplate, u: Unit, frame: Frame) -> list:
        lang = self.lang
        lex = lang.source.lexicon(t, u.slot.base)
        out = []
        if u.slot.article:
            if "articles" in lang.ph:
                if frame.cond is not None and frame.cond != u.slot.draw and \
                        frame.cond_nominal:
                    out.append(("choice", lambda e, f=frame: lang.grammar.articles[
                        lang.noun_class(self._cond_value(f, e))]))
                else:
                    out.append(("lit", lang.grammar.articles[0]))
        pre, suf = [], []
        cpre, csuf = self._case_affix(t, u)
        if cpre:
            pre.append(cpre)
        if u.glue_pre:
            pre.append(lang.dictionary["-" + u.glue_pre.lower()])
        if u.glue_suf and not (u.role == "poss" and "case" in lang.ph):
            suf.append(lang.dictionary["-" + u.glue_suf.lower()])
        if csuf:
            if "harmony" in lang.ph and frame.cond == u.slot.draw and not lex.fixed:
                suf.append(lambda e, s=csuf, f=frame, lx=lex: allomorph(
                    s, vowel_class(self._cond_form(lx, f, e))))
            else:
                suf.append(csuf)
        if lex.fixed and "particles" in lang.ph:
            suf.append(lang.grammar.particle)
        if lex.fixed and "clitics" in lang.ph and not lang.script:
            if not suf:
                role = (u.role or "other").split(":")[0]
                suf.append(lang.grammar.name_clitic[role])
            suf = ["'"] + suf
        if "clitics" in lang.ph and not lang.script and lex.ident in lang.nominal \
                and (u.role or "").startswith("obj:"):
            pre = [lang.grammar.proclitic + "'"] + pre
        out.append(("slot", u.slot, pre, suf))
        return out

    def _cond_form(self, lex: Lexicon, frame: Frame, entry) -> str:
        lang = self.lang
        form = lang.base_form(lex, entry)
        if isinstance(form, tuple):
            form = form[frame.cond_index or 0]
        return form

    def _reorder(self, t: SourceTemplate, units: list[Unit]) -> list[Unit]:
        """Verb-final clauses, postpositional phrases after the subject, a modifier
        slot after the slot it modifies."""
        lang = self.lang
        out = []
        for cl in clauses(units):
            end = [cl[-1]] if cl and cl[-1].kind == "punct" else []
            body = cl[:-1] if end else list(cl)
            # modifier slot after its head: {very} {s} -> {s} {very}
            k = 0
            while k + 1 < len(body):
                a, b = body[k], body[k + 1]
                if a.kind == b.kind == "slot" and not a.glue_suf and not b.glue_pre:
                    la = lang.source.lexicon(t, a.slot.base)
                    lb = lang.source.lexicon(t, b.slot.base)
                    if not la.fixed and not lb.fixed and la.ident not in lang.nominal:
                        body[k], body[k + 1] = b, a
                        k += 2
                        continue
                k += 1
            verbs = [u for u in body if self._is_verb(t, u)]
            first_verb = next((i for i, u in enumerate(body) if self._is_verb(t, u)), None)
            subject = body[:first_verb] if first_verb else []
            rest = body[len(subject):]
            rest = [u for u in rest if not self._is_verb(t, u)]
            pps, others, i = [], [], 0
            while i < len(rest):
                u = rest[i]
                if u.kind == "word" and u.low in PREPOSITIONS:
                    j = i + 1
                    while j < len(rest) and not (rest[j].kind == "word" and (
                            rest[j].low in PREPOSITIONS or rest[j].low in CONJUNCTIONS)):
                        j += 1
                    if j > i + 1:
                        pps.extend(rest[i + 1:j] + [u])      # postposition
                        i = j
                        continue
                others.append(u)
                i += 1
            out.extend(subject + pps + others + verbs + end)
        return out

    def text(self, t: SourceTemplate, cond_entry=None) -> str:
        """The target template text (slots as ``{name}``) for a conditioning entry
        (the English entry of the frame's conditioning slot, if it has one)."""
        lang = self.lang
        frame = self.frame(t)
        if frame.cond is not None and cond_entry is None:
            raise ValueError("template %s: its text depends on a value of {%s}; pass one"
                             % (t.id, "".join(frame.cond)))
        pieces = []                     # (text, kind)
        for unit in frame.units:
            kind = unit[0]
            if kind == "lit":
                pieces.append((unit[1], "w"))
            elif kind == "choice":
                pieces.append((unit[1](cond_entry), "w"))
            elif kind == "punct":
                pieces.append((self._punct(unit[1]), "p"))
            else:
                _k, slot, pre, suf = unit
                txt = "".join(x(cond_entry) if callable(x) else x for x in pre)
                txt += Slot(slot.base, slot.card, slot.index).text()
                txt += "".join(x(cond_entry) if callable(x) else x for x in suf)
                pieces.append((txt, "w"))
        out = ""
        prev = None
        for text, kind in pieces:
            if kind == "p":
                out += text + " "          # no space before punctuation, one after
            else:
                if prev == "w":
                    out += lang.joiner
                out += text
            prev = kind
        out = re.sub(r" {2,}", " ", out).strip()
        return nfc(out)

    def _punct(self, p: str) -> str:
        lang = self.lang
        if not lang.script:
            return p
        if p == ".":
            return SCRIPTS[lang.script]["full_stop"]
        if p in ",;:":
            return ""                    # a space separates phrases
        return p
