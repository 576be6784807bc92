"""A pseudo-language: a seeded translation of an English CheckList with chosen phenomena.

:class:`PseudoLanguage` is a pure function of ``(seed, phenomena, source)``.  It
translates every English frame word and lexicon value once (one realization
per source value across the file: ``dog`` reads the same in every template) and
writes each English template as a *frame* in the target language: translated
words, slots, and affixes glued to slots.  What a human translator writes as a
variant is decided by one *conditioning* slot per template (a value of that
slot chooses a preposition, a suffix allomorph, an article) and by agreement
between slots (a value's form depends on another slot's value); both are
exposed so that the TSV writer can write them the way MultiCheckList's
translators did (variant columns with placeholders) and the CheckList writer
can group instances into gold templates.  This module holds the lexicon side
(words, morphemes, value forms, agreement); :mod:`.frames` writes the templates,
reading the English through :mod:`.english`.

Phenomena (each switchable; :data:`PHENOMENA`):

``case``
    case affixes glued to slots, chosen by the slot's role in the template:
    subject, object of a given verb (each verb governs its own case), standard
    of comparison (``than`` becomes a suffix: ``{first_name1}yori``), possessor
    (``'s``); some cases are prefixes.  Lexicon values stay in their base form.
``harmony``
    (implies ``case``) vowel harmony: a case suffix has a back and a front
    allomorph, chosen by the last vowel of the value it is glued to — so the
    template splits into variants conditioned on the values taking each.
``particles``
    a topic particle glued to every name (after its case affix, if any).
``clitics``
    affixes on names written after an apostrophe (``{first_name}'dan``), a
    proclitic with an apostrophe before object nouns (``l'{animal}``), and
    nouns written as hyphenated compounds inside values (``kalo-mesu``).
``articles``
    a source value ``a dog`` becomes article + noun *inside* the value, the
    article chosen by the noun's class (a classifier in the scripts without
    spaces); ``{a:x}`` before a noun agrees with that noun.
``comparative``
    ``taller`` is ``tall`` + a comparative suffix glued inside the ``adj[0]``
    value (with the harmonic allomorph where ``harmony`` is on).
``comparative-word``
    ``taller`` is a separate word ``MORE`` + ``tall`` inside the value.
``agreement``
    a value agrees with another slot's value: a non-nominal value (nationality)
    with the noun class of a nominal one in the template (profession); a
    modifier slot right before another slot (``{very} {s}``) with that slot's
    class.  Written as conditioned lexicon variants, so the gold splits.
``government``
    a preposition right after a slot is chosen by that slot's value (German
    ``über``/``wegen``/``für`` after states): template variants.
``order``
    verb-final clauses, postpositions placed after the subject (``{first_name}
    {first_name1} than {adj[0]} is``), a modifier slot after the slot it
    modifies (``{s} {very}``), multi-word nouns head-first.
``script``
    words spelled in a script without spaces (Khmer, Myanmar or Thai consonants
    with vowel signs, tone marks and stacked consonants), no space between
    words.
``shared-words``
    several values of one lexicon share a word (``kalo``, ``kalo mesu``,
    ``kalo tiru``), one of them being the shared word alone.
``case-forms``
    object nouns take a *fused* case form that cannot be cut into stem and
    suffix (the Russian way: ``корова``/``корову``), written as lexicon variants
    conditioned on the templates.

Without phenomena the language translates word by word, keeps the English
word order, drops English articles and gives a comparative its own root.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from tea_solver.template import Slot, parse_field

from .english import (ARTICLES, AUXILIARIES, COPULAS, DETERMINERS, PREPOSITIONS, TOKEN, VERBS,
                      acronym, comparative_lexicon, english_units, strip_article)
from .frames import Frame, FrameBuilder
from .phonology import SCRIPTS, Phonology, allomorph, nfc, seeded_rng, vowel_class
from .source import Lexicon, Source, SourceTemplate

PHENOMENA = ("case", "harmony", "particles", "clitics", "articles", "comparative",
             "comparative-word", "agreement", "government", "order", "script",
             "shared-words", "case-forms")
#: a phenomenon that cannot be shown without another one
REQUIRES = {"harmony": ("case",)}
EXCLUSIVE = (("comparative", "comparative-word"),)


def normalize_phenomena(phenomena) -> frozenset:
    """The phenomena set with requirements added; raises ValueError on unknown or
    mutually exclusive phenomena."""
    ph = set(phenomena)
    unknown = ph - set(PHENOMENA)
    if unknown:
        raise ValueError("unknown phenomena: %s (known: %s)"
                         % (", ".join(sorted(unknown)), ", ".join(PHENOMENA)))
    for p, reqs in REQUIRES.items():
        if p in ph:
            ph.update(reqs)
    for group in EXCLUSIVE:
        if len(ph & set(group)) > 1:
            raise ValueError("phenomena %s exclude each other" % " and ".join(group))
    return frozenset(ph)


# --------------------------------------------------------------------------- #
# The language


@dataclass
class Grammar:
    """The morphemes and function words of one language."""

    cases: dict = field(default_factory=dict)        # case -> (affix, is_prefix)
    verb_case: dict = field(default_factory=dict)    # English verb -> case
    particle: str = ""
    name_clitic: dict = field(default_factory=dict)  # role -> clitic (no case/particle)
    proclitic: str = ""
    articles: list = field(default_factory=list)     # per noun class
    agreement: list = field(default_factory=list)    # per class (class 0: '')
    comparative: str = ""
    more: str = ""
    government: dict = field(default_factory=dict)   # English preposition -> [words]
    fused: dict = field(default_factory=dict)        # case -> vowel (case-forms)


class PseudoLanguage:
    """A seeded pseudo-language over one English :class:`Source`.

    ``script``: None for Latin letters, else ``km``/``my``/``th`` (requires the
    ``script`` phenomenon).  ``strict_agreement`` (the TSV path): a lexicon
    agrees only if the same controller lexicon is present in every template that
    uses it, since a TSV lexicon row is conditioned on one key.
    """

    def __init__(self, source: Source, seed: int, phenomena=(), script: str | None = None,
                 strict_agreement: bool = False):
        self.source = source
        self.seed = seed
        self.ph = normalize_phenomena(phenomena)
        if ("script" in self.ph) != (script is not None):
            raise ValueError("the script phenomenon needs a script code (km, my, th) "
                             "and a script code needs the script phenomenon")
        if script is not None and script not in SCRIPTS:
            raise ValueError("unknown script %r (known: %s)" % (script, ", ".join(SCRIPTS)))
        self.script = script
        self.strict_agreement = strict_agreement
        self.joiner = "" if script else " "
        self.phon = Phonology(seeded_rng(seed, script, "phonology"), script,
                              harmony="harmony" in self.ph)
        self._build_dictionary()
        self._build_grammar()
        self._classify_lexicons()
        self._shared = self._choose_shared_words()
        self.frames = FrameBuilder(self)
        self._agree = self._agreement_controllers()
        self._case_forms = self._case_form_roles()

    # ------------------------------------------------------------------ words
    def _english_vocabulary(self) -> list[str]:
        words = set()
        for t in self.source.templates:
            for u in english_units(t.text):
                if u.kind == "word":
                    words.add(u.low)
                if u.kind == "slot":
                    for g in (u.glue_pre, u.glue_suf):
                        if g:
                            words.add("-" + g.lower())
        for lex in self.source.lexicons.values():
            if lex.fixed:
                continue
            for e in lex.entries:
                for s in (e if isinstance(e, tuple) else (e,)):
                    for w in TOKEN.findall(s):
                        if w[0].isalpha() or w[0] == "'":
                            words.add(w.lower())
        return sorted(words)

    def _fresh(self, rng: random.Random, syllables: int) -> str:
        for _ in range(1000):
            w = self.phon.word(rng, syllables)
            if w not in self._used and w.lower() not in self._forbidden:
                self._used.add(w)
                return w
            if _ > 50:
                syllables += 1
        raise RuntimeError("could not draw a fresh word")

    def _build_dictionary(self) -> None:
        rng = seeded_rng(self.seed, self.script, "dictionary", "harmony" in self.ph)
        self._used: set = set()
        self._forbidden = {n.lower() for n in ("John", "Mary", "Robert", "Linda", "Ahmed",
                                               "Priya", "Chen", "Fatima")}
        self.dictionary: dict = {}
        for w in self._english_vocabulary():
            short = len(w.strip("-'")) <= 3 or w in VERBS or w in PREPOSITIONS \
                or w in DETERMINERS or w.startswith("-")
            syl = 1 if short else rng.choice((2, 2, 3))
            if w.startswith("-"):
                self.dictionary[w] = self.phon.suffix(rng)
            else:
                self.dictionary[w] = self._fresh(rng, syl)

    def _build_grammar(self) -> None:
        rng = seeded_rng(self.seed, self.script, "grammar", "harmony" in self.ph)
        g = Grammar()
        for case in ("nom", "acc", "dat", "loc", "abl", "gen", "cop"):
            affix = self.phon.suffix(rng)
            is_prefix = case in ("dat", "loc") and rng.random() < 0.5
            if case == "nom" and rng.random() < 0.3:
                affix = ""                      # a zero nominative
            g.cases[case] = (affix, is_prefix)
        for v in sorted(VERBS - COPULAS - AUXILIARIES):
            g.verb_case[v] = rng.choice(("acc", "acc", "dat", "loc"))
        g.particle = self.phon.suffix(rng)
        for role in ("subj", "obj", "std", "poss", "pred", "other"):
            g.name_clitic[role] = self.phon.suffix(rng)
        g.proclitic = self.phon.suffix(rng)[:2].rstrip("aeiouıöü") or self.phon.suffix(rng)
        g.articles = [self._fresh(rng, 1) for _ in range(3)]
        # two classes whose endings were drawn alike would be one class that
        # the gold splits in two: the second ending is drawn again until they
        # differ (only then, so that no other language changes)
        first, second = self.phon.suffix(rng), self.phon.suffix(rng)
        while second == first:
            second = self.phon.suffix(rng)
        g.agreement = ["", first, second]
        g.comparative = self.phon.suffix(rng)
        g.more = self._fresh(rng, 1)
        for p in sorted(PREPOSITIONS):
            if p in self.dictionary:
                g.government[p] = [self.dictionary[p]] + [self._fresh(rng, 1)
                                                          for _ in range(rng.choice((1, 2)))]
        vowels = [v for v in self.phon.vowels] if not self.script else []
        for case in ("acc", "dat", "loc", "abl", "gen"):
            g.fused[case] = (rng.choice(vowels) if vowels else self.phon.suffix(rng))
        self.grammar = g

    def word(self, english: str) -> str:
        """The translation of one English word (case of the first letter kept in
        Latin script)."""
        w = self.dictionary[english.lower()]
        if not self.script and english[:1].isupper() and english.lower() != english:
            w = w[:1].upper() + w[1:]
        return w

    # ------------------------------------------------------------ lexicons
    def _classify_lexicons(self) -> None:
        """Nominal lexicons: values carry an English article, or a determiner stands
        right before their slot somewhere."""
        self.nominal: set = set()
        for lex in self.source.lexicons.values():
            if lex.fixed or lex.arity:
                continue
            if lex.entries and all(isinstance(e, str) and e.split()[:1]
                                   and e.split()[0].lower() in ARTICLES
                                   and len(e.split()) > 1 for e in lex.entries):
                self.nominal.add(lex.ident)
        for t in self.source.templates:
            units = english_units(t.text)
            for a, b in zip(units, units[1:]):
                if b.kind != "slot":
                    continue
                lex_b = self.source.lexicon(t, b.slot.base)
                if lex_b.fixed or lex_b.arity:
                    continue
                if a.kind == "word" and a.low in DETERMINERS:
                    self.nominal.add(lex_b.ident)
                if a.kind == "slot" and not a.glue_suf and not b.glue_pre:
                    lex_a = self.source.lexicon(t, a.slot.base)
                    if not lex_a.fixed and lex_a.entries and all(
                            isinstance(e, str) and e.lower() in DETERMINERS
                            for e in lex_a.entries):
                        self.nominal.add(lex_b.ident)

    def noun_class(self, english: str, nominal: bool = True) -> int:
        """The class of a value: gender 0/1 for nouns (English ``-ess`` nouns are 1),
        0/1/2 for other controllers.  A property of the English string, so a value
        has one class wherever it occurs."""
        bare = strip_article(english).lower()
        r = seeded_rng(self.seed, "class", bare).random()
        if nominal:
            return 1 if bare.endswith("ess") or r < 0.35 else 0
        return 0 if r < 0.5 else 1 if r < 0.8 else 2

    def _choose_shared_words(self) -> dict:
        """lexicon ident -> {entry: (shared word, side or 'alone')}."""
        out = {}
        if "shared-words" not in self.ph:
            return out
        for ident in sorted(self.source.lexicons):
            lex = self.source.lexicons[ident]
            entries = sorted({e for e in lex.entries})
            if lex.fixed or lex.arity or len(entries) < 4:
                continue
            rng = seeded_rng(self.seed, "shared", ident)
            k = max(2, (len(entries) + 2) // 3)
            chosen = rng.sample(entries, k)
            w = self._fresh(rng, 1 + (rng.random() < 0.4))
            side = rng.choice(("left", "right"))
            plan = {e: (w, side) for e in chosen}
            if rng.random() < 0.5:
                plan[chosen[0]] = (w, "alone")
            out[ident] = plan
        return out

    def _phrase(self, english: str, ident: str | None) -> str:
        """An English value (no tuple) -> its base form in the target."""
        words = english.split()
        if not words:
            return ""
        out: list[str] = []
        k = 0
        while k < len(words):
            w = words[k]
            if w.lower() in ARTICLES and k + 1 < len(words):
                if "articles" in self.ph:
                    rest = " ".join(words[k + 1:])
                    out.append(("ART", self.grammar.articles[self.noun_class(rest)]))
                k += 1
                continue
            if acronym(w):
                out.append(("W", w))
            else:
                toks = [t for t in TOKEN.findall(w) if t[0].isalpha() or t[0] == "'"]
                out.append(("W", "".join(self.word(t) for t in toks) if toks else w))
            k += 1
        arts = [t for kind, t in out if kind == "ART"]
        content = [t for kind, t in out if kind == "W"]
        rng = seeded_rng(self.seed, "value", english)
        nominal = ident in self.nominal if ident else False
        if len(content) > 1 and rng.random() < 0.4:
            content = ["".join(c.lower() if i else c for i, c in enumerate(content))]
        elif len(content) > 1 and nominal and "order" in self.ph:
            content = content[::-1]
        if "clitics" in self.ph and nominal:
            if len(content) > 1:
                content = ["-".join(content)]
            elif rng.random() < 0.3 and not acronym(content[0]):
                content = [content[0] + "-" + self._compound_part(english)]
        plan = self._shared.get(ident, {}).get(english) if ident else None
        if plan:
            w, side = plan
            content = [w] if side == "alone" else ([w] + content if side == "left"
                                                   else content + [w])
        return nfc(self.joiner.join(arts + content))

    def _compound_part(self, english: str) -> str:
        rng = seeded_rng(self.seed, "compound", english)
        return self.phon.word(rng, 1)

    def base_form(self, lex: Lexicon, entry):
        """The base form of one lexicon entry (a tuple for tuple lexicons)."""
        if lex.fixed:
            return entry
        if not isinstance(entry, tuple):
            return self._phrase(entry, lex.ident)
        if len(entry) == 2 and comparative_lexicon(lex):
            plain = self._phrase(entry[1], None)
            if "comparative" in self.ph:
                return (self._glue(plain, self._harmonic(self.grammar.comparative, plain)),
                        plain)
            if "comparative-word" in self.ph:
                parts = [self.grammar.more, plain]
                if "order" in self.ph:
                    parts.reverse()
                return (self.joiner.join(parts), plain)
            return (self._phrase(entry[0], None), plain)
        return tuple(self._phrase(e, None) for e in entry)

    def _harmonic(self, suffix: str, stem: str) -> str:
        if "harmony" not in self.ph or self.script:
            return suffix
        return allomorph(suffix, vowel_class(stem))

    def _glue(self, form: str, suffix: str) -> str:
        return nfc(form + suffix)

    def agree(self, form, cls: int):
        """The agreement form of class ``cls`` (class 0 is the base form)."""
        if isinstance(form, tuple):
            return tuple(self.agree(f, cls) for f in form)
        if cls == 0 or not form:
            return form
        return self._glue(form, self._harmonic(self.grammar.agreement[cls], form))

    def fuse(self, form, case: str):
        """A fused case form: the last vowel replaced (or a vowel added), so that
        stem and ending cannot be cut apart."""
        if isinstance(form, tuple):
            return tuple(self.fuse(f, case) for f in form)
        v = self.grammar.fused[case]
        if self.script or not form:
            return self._glue(form, v)
        last = form[-1]
        if last.lower() in self.phon.vowels:
            if last == v:
                return form + "n"
            return form[:-1] + v
        return form + v

    # ----------------------------------------------------------- agreement
    def _agreement_pairs(self, t: SourceTemplate) -> dict:
        """draw of an agreeing slot -> draw of its controller, in one template."""
        if "agreement" not in self.ph:
            return {}
        units = english_units(t.text)
        pairs: dict = {}
        slots = [u for u in units if u.kind == "slot"]
        lex = lambda u: self.source.lexicon(t, u.slot.base)   # noqa: E731
        nominal = [u for u in slots if lex(u).ident in self.nominal]
        for a, b in zip(units, units[1:]):        # a modifier right before its head
            if a.kind == b.kind == "slot" and not a.glue_suf and not b.glue_pre:
                la, lb = lex(a), lex(b)
                if not la.fixed and not lb.fixed and la.ident != lb.ident \
                        and la.ident not in self.nominal and not la.arity \
                        and (lb.ident in self.nominal or not nominal):
                    pairs.setdefault(a.slot.draw, b.slot.draw)
        if nominal:
            for u in slots:
                lu = lex(u)
                if lu.fixed or lu.ident in self.nominal or lu.arity:
                    continue
                pairs.setdefault(u.slot.draw, nominal[0].slot.draw)
        controllers = set(pairs.values())
        return {b: a for b, a in pairs.items() if b not in controllers}

    def _agreement_controllers(self) -> dict:
        """(template id, agreeing lexicon ident) -> controller draw."""
        out = {}
        per_lex: dict = {}
        for t in self.source.templates:
            for b, a in self._agreement_pairs(t).items():
                lb = t.lexicon_of[b[0]]
                la = t.lexicon_of[a[0]]
                out[(t.id, lb)] = a
                per_lex.setdefault(lb, set()).add(la)
        if self.strict_agreement:
            for lb, las in per_lex.items():
                ok = len(las) == 1
                if ok:
                    la = next(iter(las))
                    ok = all((t.id, lb) in out for t in self.source.templates
                             if lb in t.lexicon_of.values())
                    ok = ok and la != lb
                if not ok:
                    out = {k: v for k, v in out.items() if k[1] != lb}
        return out

    def controller(self, t: SourceTemplate, ident: str):
        """The controller draw of lexicon ``ident`` in template ``t`` (or None)."""
        return self._agree.get((t.id, ident))

    def agreeing_lexicons(self) -> dict:
        """agreeing lexicon ident -> controller lexicon ident (TSV: one each)."""
        out = {}
        for (tid, lb), draw in sorted(self._agree.items()):
            out.setdefault(lb, self.source.template(tid).lexicon_of[draw[0]])
        return out

    # ----------------------------------------------------------- case forms
    def _case_form_roles(self) -> dict:
        """(template id, lexicon ident) -> case of the fused form (case-forms)."""
        out = {}
        if "case-forms" not in self.ph:
            return out
        agreeing = {lb for (_tid, lb) in self._agree}
        for t in self.source.templates:
            for u in self.frames.roles(t):
                if u.kind != "slot":
                    continue
                lex = self.source.lexicon(t, u.slot.base)
                if lex.fixed or lex.ident in agreeing or lex.ident not in self.nominal:
                    continue
                case = self.frames.case_of(u.role)
                if case and case != "nom" and (t.id, lex.ident) not in out:
                    out[(t.id, lex.ident)] = case
        return out

    def case_form(self, t: SourceTemplate, ident: str):
        return self._case_forms.get((t.id, ident))

    # ----------------------------------------------------------- frames
    def frame(self, t: SourceTemplate) -> Frame:
        return self.frames.frame(t)

    def frame_text(self, t: SourceTemplate, cond_entry=None) -> str:
        """The target template text (slots as ``{name}``) for a conditioning entry
        (the English entry of the frame's conditioning slot, if it has one)."""
        return self.frames.text(t, cond_entry)

    # ----------------------------------------------------------- rendering
    def value_form(self, t: SourceTemplate, slot: Slot, fill: dict):
        """The target form of one slot for an English fill (slot name -> value)."""
        lex = self.source.lexicon(t, slot.base)
        entry = fill[slot.name]
        if isinstance(entry, list):
            entry = tuple(entry)
        form = self.base_form(lex, entry)
        case = self.case_form(t, lex.ident)
        if case:
            form = self.fuse(form, case)
        ctrl = self.controller(t, lex.ident)
        if ctrl is not None:
            clex = self.source.lexicons[t.lexicon_of[ctrl[0]]]
            cval = fill[ctrl[0] + ctrl[1]]
            form = self.agree(form, self.noun_class(cval, clex.ident in self.nominal))
        if slot.index is not None:
            form = form[slot.index]
        return form

    def cond_entry(self, t: SourceTemplate, fill: dict):
        frame = self.frame(t)
        if frame.cond is None:
            return None
        e = fill[frame.cond[0] + frame.cond[1]]
        return tuple(e) if isinstance(e, list) else e

    def render(self, t: SourceTemplate, fill: dict) -> str:
        """The target sentence for an English fill: the reference the TSV and the
        gold templates must reproduce."""
        text = self.frame_text(t, self.cond_entry(t, fill))
        out = []
        for part in parse_field(text):
            out.append(self.value_form(t, part, fill) if isinstance(part, Slot) else part)
        return re.sub(r"\s+", " ", "".join(out)).strip()

    def agreement_class(self, t: SourceTemplate, ident: str, fill: dict):
        """(agreeing lexicon, class) of one slot in one fill, or None."""
        ctrl = self.controller(t, ident)
        if ctrl is None:
            return None
        clex = self.source.lexicons[t.lexicon_of[ctrl[0]]]
        return self.noun_class(fill[ctrl[0] + ctrl[1]], clex.ident in self.nominal)
