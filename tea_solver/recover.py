"""Values the outliers show intact, given back to the lexicons.

A corrupted translation (a word dropped, doubled, swapped or replaced) is left
out of the noise-robust cover, but the corruption hits one place: where that
place is in the frame, the instance's values are intact, and they are values
of the template the instance is a corrupted copy of.  The CheckList a human
writes has them (its lexicons are what the instances were filled with), so
leaving them out would lose a value whose only instance was corrupted — in a
sample of a few hundred fills per template, about one template in four has
such a value at a 10 % noise rate.

An outlier gives its values to a kept template when its fullest candidate
(every value span a slot) is *one frame edit* from the template: the same
slots in the same order, and the frame text differs by one unit dropped,
doubled, replaced or swapped with its neighbour (the corruptions real MT noise
and the benchmark show).

A corruption inside a value (``Ahed`` for ``Ahmed``; ``奋`` for ``兴奋``)
leaves no span for the value, so the fullest candidate is no template's.  The
instance still says which source values it translates, and the model knows
each value's form in the file: where the template written out with those
forms is one corruption from the instance's text (or is its text), the
instance is a corrupted copy of that template, and the forms — not the
corrupted text — are the values it gives.

The outlier is not counted as support and the template does not claim to
generate it.

A frame word doubled beside a value is the one corruption the cover does not
leave out: the template still generates the instance, with the copy in the
value.  :func:`undouble` reads such a value (seen once, one word longer than
the slot's values make likely, its edge word the frame's) without the copy,
and the instance becomes a corrupted copy like the outliers.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from itertools import islice, permutations, product
from typing import Sequence

from tea_solver.agreement import selected_form
from tea_solver.candidates import KeyIndex, instance_candidates, shape_slots
from tea_solver.keys.model import value_forms
from tea_solver.keys.model.units import (edit_spans, edit_tokens, edit_views, glued_run,
                                         one_edit_in_a_view, slot_mark, written_spaced)

MAX_ORDERS = 24     # cardinal orders tried per template (two names: 2)



def text_tokens(fields: Sequence[str], spaced: bool) -> tuple:
    """Field texts as the tokens a corruption hits, in each way the model
    counts corruptions (:func:`edit_views`; ``spaced``: the group's script
    has spaces), fields separated by a marker."""
    return edit_views(fields, spaced, separated=True)


def shape_tokens(shape, spaced: bool) -> tuple:
    """A shape as :func:`text_tokens`, each slot one :func:`slot_mark`."""
    return text_tokens(["".join(p if isinstance(p, str) else slot_mark(p) for p in field)
                        for field in shape], spaced)


def _written_field(field, fills: dict) -> tuple[str, list]:
    """A field of a shape written out with ``fills``, and where each value
    stands in it: ``(text, [(value, start)])``."""
    text, places = "", []
    for part in field:
        if isinstance(part, str):
            text += part
        else:
            places.append((fills[part], len(text)))
            text += fills[part]
    return text, places


def _written_out(shape, fills: dict) -> list[str]:
    return [_written_field(field, fills)[0] for field in shape]


def _known_form(seen: list, present: list):
    """The form a value shows in an instance: the longest of its forms the
    text contains (``present``); else, the value corrupted there, its one form
    — None for a value with several (an agreement form the instance no longer
    shows which of: giving the main one would pair it with values of another
    class)."""
    if present:
        return max(present, key=len)
    return seen[0] if len(seen) == 1 else None


def _as_written(key, text: str) -> str:
    """``text`` as ``key`` writes it: a key that holds an empty value writes
    the separator with each of its other values (`` sejut`` beside the empty
    one: the template's ``firbe,{change} Łi``), while the model's form is the
    value alone (``sejut``).  The key's one text that is ``text`` with
    whitespace added at an edge; ``text`` where the key holds it, or holds
    no such text."""
    texts = set(key.texts.values())
    if not text or text in texts:
        return text
    padded = [t for t in texts if t != text and t.strip() == text and
              (t.startswith(text) or t.endswith(text))]
    return padded[0] if len(padded) == 1 else text


def _by_forms(shape, occurrences: Sequence, known: Sequence, by_id: dict) -> list[dict]:
    """The fillings of ``shape``'s slots with ``known``, per source occurrence
    of the instance the texts its value may have there (one, the
    :func:`_known_form`; or each of the value's forms), each order of a
    lexicon's cardinals and each choice of texts; [] when the instance lacks
    a value some slot needs or no form of it is known."""
    per_key: dict = {}
    for kid, card in shape_slots(shape):
        per_key[kid] = max(per_key.get(kid, 0), card + 1)
    choices = []
    for kid, n in per_key.items():
        key = by_id[kid]
        alts = [[_as_written(key, x) for x in t]
                for o, t in zip(occurrences, known) if o.slot == (key.name, key.index)]
        if len(alts) < n or any(not t for t in alts[:n]):
            return []
        choices.append([(kid, texts) for order in islice(permutations(alts, n), MAX_ORDERS)
                        for texts in islice(product(*order), MAX_ORDERS)])
    out = []
    for combo in islice(product(*choices), MAX_ORDERS):
        out.append({(kid, card): text for kid, texts in combo
                    for card, text in enumerate(texts)})
    return out


def recover_values(items: Sequence, generated: Sequence[bool], index: KeyIndex,
                   cap: int | None, kept_shapes: Sequence, item_fills: list,
                   by_id: dict | None = None, occurrences: Sequence | None = None,
                   forms: dict | None = None, glue: dict | None = None,
                   learned: dict | None = None, agreement: dict | None = None,
                   company: tuple | None = None, predicted: dict | None = None) -> int:
    """Add ``(item, fills)`` to ``item_fills[n]`` for every outlier item whose
    values kept template ``n`` should list (module docstring); the number of
    items that gave values.  ``by_id`` (the group's keys by id),
    ``occurrences`` (per item, the source occurrences of each instance
    with that text, once per fill) and ``forms`` (the model's forms per
    lexical value) let a corruption inside a value give the value's form; ``glue`` (what the file
    glues to each value, :func:`tea_solver.keys.model.value_glue`) says which
    of several variants the value's instance was; ``agreement`` (which form
    each value of a slot takes beside each value of another, over the file:
    :func:`tea_solver.agreement.agreement_evidence`) which of a value's
    agreement forms the instance had; ``company`` (the frame words each
    value text stands with over the file:
    :func:`tea_solver.keys.model.value_company`) which variant the value
    selects where the corruption hit the word that tells them apart;
    ``predicted`` (the forms the model read from a value's tuple siblings,
    ``GroupAlignment.predicted``) which forms stand on more than the
    instance's own reading.
    ``learned``, when given,
    receives ``{key id: {text: {source values}}}`` for the values given back:
    the source value its slot holds in the outlier's instance, where the
    instance holds one (a value seen only in a corrupted instance is no
    terminal of its key, whose sources agreement reads: without it a
    feminine form given back to a split template would count as a form of
    no value, and go to every variant, :mod:`tea_solver.agreement`)."""
    spaced = written_spaced(seg.text for segs in items for seg in segs)
    kept = [(shape_tokens(s, spaced), [kid for kid, _c in shape_slots(s)], shape_slots(s))
            for s in kept_shapes]
    # what each kept template's covered instances fill its slots with
    attested = [{(kid, v) for _i, f in fills_n for (kid, _c), v in f.items()}
                for fills_n in item_fills]
    # the token counts of each kept template's values, kept up to date as
    # outliers give theirs
    lengths = _lengths(item_fills, spaced)
    glued = _glue_count(kept_shapes, glue, spaced)
    frame_words = _frame_words(kept_shapes, spaced)
    kept_company = _kept_company(frame_words, company)
    resemblance = _resemblance(attested)        # (attested does not change below)
    absence = _absence(item_fills, attested)    # (nor do the covered fills it counts)
    modelled = occurrences is not None and forms is not None and by_id is not None

    def choose(segs, occs):
        """``(n, fills)``: the kept template an outlier instance with source
        occurrences ``occs`` gives its values to, and the values; or None."""
        options = _value_corrupted(segs, occs, kept_shapes, by_id, forms,
                                   spaced) if modelled else []
        if options:
            n, fills = _best_attested(options, attested, glued=glued, resemblance=resemblance,
                                      absence=absence)
        else:
            options = _frame_edited(segs, index, cap, kept, spaced)
            if modelled:
                options = [(n, f) for n, f in options
                           if not _contradicts(f, occs, by_id, forms, attested[n],
                                                   glue, predicted)]
                # beside the readings, the templates written out with the
                # values' forms: where the corruption moved a value (``bonu
                # Robertmo gi …`` for ``Robertmo bonu gi …``) no reading has
                # the template's slot order; where it swapped a value's last
                # word with the frame's (``vöpün gi ge`` for ``vöpün ge gi``)
                # the reading is a form the template does not write
                options += _unambiguous(_value_corrupted(segs, occs, kept_shapes,
                                                         by_id, forms, spaced, moved=True),
                                        attested, occs, by_id, agreement)
            if not options:
                return None
            n, fills = _best_attested(options, attested, lengths, spaced, glued,
                                      _new_material(segs, [k[0] for k in kept], spaced),
                                      _frame_edged(frame_words, spaced), kept_company,
                                      resemblance, absence)
        return n, fills

    given = 0
    for i, segs in enumerate(items):
        if generated[i]:
            continue
        # each instance with this text, once per fill: a corruption that
        # replaced the one value two instances differ in gives them the same
        # text, and each still gives its own value's form (the same values
        # once)
        chosen: list = []
        for occs in (occurrences[i] if modelled else [None]):
            choice = choose(segs, occs)
            if choice is None or choice in chosen:
                continue
            chosen.append(choice)
            n, fills = choice
            item_fills[n].append((i, fills))
            _count_lengths(lengths[n], fills, spaced)
            if learned is not None and modelled:
                _learn_sources(learned, fills, occs, by_id, forms)
            given += 1
    return given


def _learn_sources(learned: dict, fills: dict, occurrences: Sequence, by_id: dict,
                   forms: dict) -> None:
    """Record, per key id, the source value each given-back text translates:
    the one value of the key's slot the instance draws (none where it draws
    several, the cardinals of one lexicon: which is which the text does not
    say), where the text is one of that value's forms in the file.  (A
    corruption that dropped ``Totzus`` from *Brazilian*, ``ñıpu Totzus``,
    leaves ``ñıpu``, *Indian*: a value's text, given back, but no form of
    *Brazilian*.)"""
    for (kid, _card), text in fills.items():
        key = by_id.get(kid)
        if key is None:
            continue
        mine = [o for o in occurrences or () if o.slot == (key.name, key.index)]
        if len({o.draw.value for o in mine}) == 1 and text in (forms.get(mine[0].lexval) or ()):
            learned.setdefault(kid, {}).setdefault(text, set()).add(mine[0].draw.value)


def _unambiguous(options: Sequence[tuple], attested: Sequence[set],
                 occurrences: Sequence | None = None, by_id: dict | None = None,
                 agreement: dict | None = None) -> list:
    """Of the fillings of each template that are one corruption from the
    text, the one whose values the template's instances all show, where
    several differ (a value with an agreement form and a bare one: where a
    corruption inside the word made both one token from the text, which of
    them the instance had is not to be guessed — a wrong guess pairs the
    form with a value of the other class); none where that is not one.

    Where the file says which form the instance's other values select
    (:func:`_selected_by_partners`: *waitress* beside *Brazilian* reads
    ``brasileña`` in other sentences), that form is the one: the corruption
    took the value's whole word (``Ahmed es una camarera y es``), and the
    template's own instances may show only the other class's form of it
    (``brasileño``, beside *nurse*)."""
    per: dict = {}
    for n, fills in options:
        per.setdefault(n, [])
        if fills not in per[n]:
            per[n].append(fills)
    out = []
    for n, fillings in per.items():
        if len(fillings) > 1 and agreement and occurrences and by_id:
            chosen = _selected_by_partners(fillings, occurrences, by_id, agreement)
            if len(chosen) == 1:
                out.append((n, chosen[0]))
                continue
        if len(fillings) > 1:
            fillings = [f for f in fillings
                        if all((kid, v) in attested[n] for (kid, _c), v in f.items())]
        if len(fillings) == 1:
            out.append((n, fillings[0]))
    return out


def _selected_by_partners(fillings: list, occurrences: Sequence, by_id: dict,
                          agreement: dict) -> list:
    """The fillings whose texts, where the fillings differ, are the forms
    the instance's values of other lexicons select over the file (each
    holding :data:`~tea_solver.agreement.CONSISTENT` of the value's
    observations beside it), asking the lexicon that selects the forms of
    this one most consistently over the file (:func:`_consistency`: a
    profession decides a nationality's gender; a first name, met beside
    either, only seems to where the file drew it a few times).  A place
    whose lexicon the instance draws more than once (which draw is which the
    text no longer says), or that no partner decides, keeps every filling."""
    kept = list(fillings)
    for place in sorted({p for f in fillings for p in f}, key=repr):
        texts = {f[place] for f in kept if place in f}
        if len(texts) < 2:
            continue
        key = by_id.get(place[0])
        if key is None:
            continue
        slot = (key.name, key.index)
        draws = {o.draw.value for o in occurrences if o.slot == slot}
        if len(draws) != 1:
            continue
        (value,) = draws
        partners = [o for o in occurrences if o.slot[0] != slot[0]]
        ranked = sorted(((_consistency(agreement, o.slot, slot), o) for o in partners),
                        key=lambda x: -x[0])
        for score, o in ranked:
            if score <= 0.5:
                break
            form = selected_form(agreement.get((o.slot, o.draw.value, slot, value)), texts)
            if form is not None:
                kept = [f for f in kept if f.get(place) == form]
                break
    return kept


def _consistency(agreement: dict, slot_a: tuple, slot_b: tuple) -> float:
    """How consistently the values of lexicon A select the forms of B's
    values over the file: of the (A value, B value) pairs seen twice or more
    where the B value shows several forms, the share where one form holds
    (:func:`~tea_solver.agreement.selected_form`).  0 where no pair says."""
    forms_of: dict = {}
    for (sa, _va, sb, vb), seen in agreement.items():
        if sb == slot_b:
            forms_of.setdefault(vb, set()).update(seen)
    pairs = consistent = 0
    for (sa, _va, sb, vb), seen in agreement.items():
        if sa != slot_a or sb != slot_b or len(forms_of.get(vb, ())) < 2 \
                or sum(seen.values()) < 2:
            continue
        pairs += 1
        consistent += selected_form(seen, forms_of[vb]) is not None
    return consistent / pairs if pairs else 0.0


def _frame_edited(segs, index: KeyIndex, cap: int | None, kept: Sequence,
                  spaced: bool) -> list:
    """``[(n, fills)]``: the kept templates the instance's fullest reading (or
    one of its :func:`_edge_readings`) is one frame corruption from, with the
    reading's values in their slots."""
    cands, _cut = instance_candidates(segs, index, cap)
    shape, fills = max(cands, key=lambda c: len(shape_slots(c[0])))
    slots = shape_slots(shape)
    if not slots:
        return []
    kids = [kid for kid, _c in slots]
    options = []
    for alt_shape, alt_fills in [(shape, fills)] + _edge_readings(shape, fills, spaced):
        mine = shape_tokens(alt_shape, spaced)
        for n, (theirs, their_kids, their_slots) in enumerate(kept):
            # an edge reading may also be the template itself (the token dropped)
            if kids != their_kids or not (alt_shape is not shape and mine == theirs
                                          or one_edit_in_a_view(mine, theirs)):
                continue
            mapped: dict = {}
            if any(mapped.setdefault(t, alt_fills[s]) != alt_fills[s]
                   for s, t in zip(slots, their_slots)):
                continue
            options.append((n, mapped))
    return options


def _glue_count(kept_shapes: Sequence, glue: dict | None, spaced: bool):
    """``count(n, fills)``: how many edges of the values template ``n`` writes
    out with ``fills`` have, glued on, what the file glues to that value
    somewhere (``glue``: :func:`tea_solver.keys.model.value_glue`); None
    without ``glue``."""
    if glue is None:
        return None

    def count(n: int, fills: dict) -> int:
        hits = 0
        for field in kept_shapes[n]:
            text, places = _written_field(field, fills)
            for value, start in places:
                for side, pos in ((-1, start), (1, start + len(value))):
                    hits += bool(glue.get((value, side), {}).get(
                        glued_run(text, pos, side, spaced)))
        return hits
    return count


def _contradicts(fills: dict, occurrences: Sequence, by_id: dict, forms: dict,
                 attested: set, glue: dict | None, predicted: dict | None = None) -> bool:
    """Would the reading give the template a value its source value is never
    written as?  A fill the template's covered instances do not show, where
    every source value of its slot in the instance has a form the file shows
    twice at least (``glue`` counts them) and the fill is none of their
    forms: the corruption moved part of the value (``Linda'mo jınopahos. o
    Linda'mo …``, the article of ``o jınopa`` swapped into the frame), and
    the reading is a fragment, not a value.  (A value seen in this instance
    alone has the corrupted reading for its form: nothing contradicts it --
    unless its tuple siblings predict that form (``predicted``): *strong*,
    drawn once, in ``Nani si mwenye nguvu`` whose ``zaidi?`` a corruption
    dropped, reads ``mwenye nguvu`` as *stronger*'s ``mwenye nguvu zaidi``
    says, and the reading that takes ``nguvu`` for a replaced ``zaidi?``
    gave the lexicon ``mwenye``.)"""
    if glue is None:
        return False
    predicted = predicted or {}
    for (kid, _card), text in fills.items():
        if (kid, text) in attested:
            continue
        key = by_id.get(kid)
        if key is None:
            continue
        mine = [o for o in occurrences if o.slot == (key.name, key.index)]
        known = [forms.get(o.lexval) or [] for o in mine]
        if known and all(any(sum(glue.get((f, 1), {}).values()) >= 2 or
                             predicted.get(o.lexval) == f for f in fs)
                         for o, fs in zip(mine, known)) and not any(text in fs for fs in known):
            return True
    return False


def _edge_readings(shape, fills: dict, spaced: bool) -> list[tuple]:
    """The instance read with one token at the edge of one value's span
    given to the frame instead: ``[(shape, fills)]``.

    A frame token replaced by the corruption stands beside a value and is
    no frame token of the template, so the fullest reading takes it into the
    value (``pelławo. rona`` where the template writes ``lawa {adj}``): read
    that way the instance is one token *dropped* from the template, read the
    other way one token *replaced*.  Both are one corruption; which is the
    likelier is for :func:`_best_attested` to say.  Only for a slot the shape
    shows once (a value written twice keeps one text)."""
    seen = shape_slots(shape)
    out = []
    for f, field in enumerate(shape):
        for k, part in enumerate(field):
            if isinstance(part, str) or seen.count(part) != 1:
                continue
            text = fills[part]
            toks = edit_spans(text, spaced)
            if len(toks) < 2:
                continue
            # the first token to the frame before the value, or the last after it
            for value, given, before in ((text[toks[1][0]:], text[:toks[1][0]], True),
                                         (text[:toks[-2][1]], text[toks[-2][1]:], False)):
                parts = (given, part) if before else (part, given)
                new_field = field[:k] + parts + field[k + 1:]
                out.append((shape[:f] + (new_field,) + shape[f + 1:], {**fills, part: value}))
    return out


def _lengths(item_fills: Sequence, spaced: bool) -> list[dict]:
    """Per kept template, per key id: how many of its covered instances'
    values have each number of tokens (:func:`~tea_solver.keys.model.units.edit_spans`)."""
    out = []
    for fills_n in item_fills:
        per: dict = {}
        for _i, f in fills_n:
            _count_lengths(per, f, spaced)
        out.append(per)
    return out


def _count_lengths(per: dict, fills: dict, spaced: bool) -> None:
    for (kid, _c), v in fills.items():
        per.setdefault(kid, Counter())[len(edit_spans(v, spaced))] += 1


def _new_material(segs, kept_tokens: Sequence, spaced: bool):
    """``count(n, fills)``: how many of the instance's tokens template ``n``'s
    frame (``kept_tokens[n]``, its :func:`shape_tokens`) does not write, in
    the way of counting tokens that finds fewest (:func:`text_tokens`).  A
    swap, a drop or a doubling of a frame word leaves no word the frame
    lacks beyond the values; a replacement or a stray word leaves one, and
    must also have drawn that word: the less likely corruption.  (The values' own tokens count alike for every
    template, and a reading that takes the stray word into a value, ``furui
    zr`` for ``desu`` replaced, does not hide it.)"""
    mine = text_tokens([seg.text for seg in segs], spaced)

    def count(n: int, _fills: dict) -> int:
        return min(len(set(a) - set(b)) for a, b in zip(mine, kept_tokens[n]))
    return count


def _frame_words(kept_shapes: Sequence, spaced: bool) -> list[set]:
    """Per kept template, the tokens its frame writes
    (:func:`~tea_solver.keys.model.units.edit_tokens`)."""
    return [{t for field in shape for part in field if isinstance(part, str)
             for t in edit_tokens(part, spaced)} for shape in kept_shapes]


def _frame_edged(frame: Sequence[set], spaced: bool):
    """``count(n, fills)``: how many of the values template ``n`` is filled
    with begin or end in a token its own frame writes (``frame``:
    :func:`_frame_words`; values of two tokens or more).  A swap of a
    frame token with a value's edge token (``更谁高？`` for ``谁更高？``) reads
    two ways, each one corruption: the frame token swapped (value ``高``), or
    dropped from the frame while the value happens to begin with that very
    token (``谁高``).  The second needs the coincidence as well as the
    corruption."""
    def count(n: int, fills: dict) -> int:
        hits = 0
        for v in fills.values():
            toks = edit_tokens(v, spaced)
            hits += len(toks) >= 2 and (toks[0] in frame[n] or toks[-1] in frame[n])
        return hits
    return count


def _kept_company(frame: Sequence[set], company: tuple | None):
    """``count(n, fills)``: over the values template ``n`` is filled with, the
    share of each value's instances in the other groups of the file that
    write each word of ``n``'s frame (``frame``: :func:`_frame_words`;
    ``company``: the file's and the group's own,
    :func:`tea_solver.keys.model.value_company`), summed; None without
    ``company``.  Of two variants one corruption from the instance
    (``zü`` / ``ge``, the word a corruption replaced), the one whose word
    the value stands with elsewhere.  (The group's own instances do not
    count: the outlier itself would vote for its own reading.)"""
    if company is None:
        return None
    in_file, own = company

    def count(n: int, fills: dict) -> float:
        total = 0.0
        for v in set(fills.values()):
            n_file, seen = in_file.get(v) or (0, Counter())
            n_own, here = own.get(v) or (0, Counter())
            if n_file > n_own:
                total += sum(seen[w] - here[w] for w in frame[n]) / (n_file - n_own)
        return total
    return count


def _best_attested(options: Sequence[tuple], attested: Sequence[set],
                   lengths: Sequence[dict] | None = None, spaced: bool = True,
                   glued=None, new_material=None, frame_edged=None,
                   kept_company=None, resemblance=None, absence=None) -> tuple:
    """Of the kept templates an outlier is one corruption from, ``(n, fills)``,
    the one whose covered instances already fill its slots with the most of
    the outlier's values.  Where the corruption hit what tells agreement
    variants apart (``fesilšilnö.`` replaced whole), each variant is one
    corruption away; the value belongs with the variant it is seen in, not
    with the one that happens to come first.

    Where as many are seen in each (``absence``, :func:`_absence`), the one
    whose covered instances lack the outlier's other values least
    surprisingly: a nationality seen beside one agreement variant in a
    dozen instances and never in the other's hundred and eighty outweighs a
    profession the smaller variant happens not to show (*Ejön*, whose word
    a corruption dropped, with ``{nationality}lü``, not ``{nationality}lu``).

    Then (``lengths``, :func:`_lengths`) the reading whose values are as
    long as the template's covered values are — the likelihood of each
    value's token count under the counts the covered instances show, with
    one added to each (a slot whose values are one word each makes
    ``pelławo. rona`` unlikely and ``rona`` likely).

    Then (``glued``, :func:`_glue_count`) the option that writes its values
    with what the file glues to them elsewhere: where the corruption took
    the variant's mark with it (``Ñor`` for ``Ñor ranvorpahos?``) and the
    value is new to every variant, the file still writes ``ranvorpahos``.
    Then the first option (the fullest reading of the first template).

    Before the lengths (``new_material``, :func:`_new_material`), the option
    that leaves the fewest of the instance's tokens to the corruption:
    ``менее Кто приятный?`` is *Who is less nice?* with two words swapped,
    not *Who is nicer?* (``Кто {adj[1]}?``, the template with more values)
    with ``менее`` put in from nowhere.  Then (``frame_edged``,
    :func:`_frame_edged`) the option whose values begin or end in fewer of
    the template's own frame tokens: the frame token swapped with the
    value's, not dropped while the value happens to hold it.  Then
    (``kept_company``, :func:`_kept_company`) the variant whose frame words
    the values stand with elsewhere in the file.  Last (``resemblance``,
    :func:`_resemblance`), the variant whose values the new values' letters
    are likelier under: a value drawn once, in an instance whose corruption
    took the ending its variants differ by, goes where values written like
    it go (``möfi`` with ``könü`` and ``dödü``, which take ``če``, not with
    ``jınu`` and ``foča``, which take ``ča``: the vowels agree; the caller
    passes it, made once for the ``attested`` it passes, or it is made
    here)."""
    if resemblance is None:
        resemblance = _resemblance(attested)

    def likelihood(o) -> float:
        if lengths is None:
            return 0.0
        per = lengths[o[0]]
        total = 0.0
        for (kid, _c), v in o[1].items():
            c = per.get(kid)
            if c:
                total += math.log((c[len(edit_spans(v, spaced))] + 1) / (sum(c.values()) + 2))
        return total
    best = max(range(len(options)),
               key=lambda k: (sum((kid, v) in attested[options[k][0]]
                                  for (kid, _c), v in options[k][1].items()),
                              absence(*options[k]) if absence is not None else 0.0,
                              -new_material(*options[k]) if new_material is not None else 0,
                              -frame_edged(*options[k]) if frame_edged is not None else 0,
                              kept_company(*options[k]) if kept_company is not None else 0,
                              likelihood(options[k]),
                              glued(*options[k]) if glued is not None else 0,
                              resemblance(*options[k]), -k))
    return options[best]


def _absence(item_fills: Sequence[list], attested: Sequence[set]):
    """``absence(n, fills)``: the log-probability that kept template ``n``'s
    covered instances show none of the values in ``fills`` they do not show,
    were the values the template's: per such value ``v`` of slot ``k``,
    ``N·log(1 − p)``, ``N`` the template's covered fills of ``k`` and ``p``
    ``v``'s share of the group's (0 for a value no covered instance shows:
    its absence tells nothing).  The higher, the likelier the template."""
    drawn = [Counter(kid for _i, f in fills_n for kid, _c in f) for fills_n in item_fills]
    shown: Counter = Counter()
    total: Counter = Counter()
    for fills_n in item_fills:
        for _i, f in fills_n:
            for (kid, _c), v in f.items():
                shown[(kid, v)] += 1
                total[kid] += 1

    def absence(n: int, fills: dict) -> float:
        out = 0.0
        for (kid, _c), v in fills.items():
            if (kid, v) in attested[n] or not drawn[n][kid] or not shown[(kid, v)]:
                continue
            p = shown[(kid, v)] / total[kid]
            out += drawn[n][kid] * math.log1p(-p) if p < 1.0 else -math.inf
        return out
    return absence


def _letters(text: str) -> list:
    """A value's letters as :func:`_resemblance` counts them: each
    character, lower-cased, and its last one again as a final letter."""
    low = text.lower()
    return list(low) + (["$" + low[-1]] if low else [])


def _resemblance(attested: Sequence[set]):
    """``score(n, fills)``: the log-likelihood, under a naive Bayes model of
    letters per template and slot (add-one smoothing; the prior, one more
    than the number of values the template's covered instances fill the slot
    with), of the ``fills`` template ``n``'s instances do not already show;
    letters none of the templates' values write are left out.
    What a value selects is often written in it: the vowel a harmonising
    ending agrees with, the ending of a gender; where it is not (the
    preposition a verb selects), the letters say little and the prior, the
    variant more values take, decides."""
    values: dict = defaultdict(list)        # (template, key id) -> the values it shows
    for n, pairs in enumerate(attested):
        for kid, v in pairs:
            values[(n, kid)].append(v)
    letters = {k: Counter(f for v in vs for f in _letters(v)) for k, vs in values.items()}
    seen = {k: sum(c.values()) for k, c in letters.items()}
    alphabet = {f for c in letters.values() for f in c}
    size = len(alphabet) + 1

    def score(n: int, fills: dict) -> float:
        total = 0.0
        for (kid, _card), v in fills.items():
            if (kid, v) in attested[n]:
                continue
            mine = letters.get((n, kid), Counter())
            # (a letter no variant writes tells none of them)
            total += math.log(len(values.get((n, kid), ())) + 1) + sum(
                math.log((mine[f] + 1) / (seen.get((n, kid), 0) + size))
                for f in _letters(v) if f in alphabet)
        return total
    return score


def _value_corrupted(segs, occurrences: Sequence, kept_shapes: Sequence, by_id: dict,
                     forms: dict, spaced: bool, moved: bool = False) -> list:
    """``[(n, fills)]``: each kept template that, written out with the
    instance's values' forms, is the instance's text or one corruption from
    it, with the first such filling (module docstring).  Only where some
    value's forms are all missing from the text, unless ``moved``: then every
    filling with any of the values' forms that is one corruption from the
    text (what a corruption moved or cut is read from the values' forms, and
    :func:`_best_attested` chooses among them)."""
    if not occurrences:
        return []
    text = "\n".join(seg.text for seg in segs)
    # (an empty value no form was read for is written as nothing: without it
    # an instance drawing it whose frame a corruption hit gave back none of
    # its values, ``nani.`` for the frame's ``Łi``)
    seen = [value_forms(o, forms) for o in occurrences]
    present = [[f for f in forms_of if f in text and (f or forms_of == [""])]
               for forms_of in seen]
    # the case of a corruption inside a value: some value's forms are all
    # missing from the text (with every form there, the corruption, if any,
    # is the frame's, or the instance is a variant: not this path's to judge)
    if all(present) and not moved:
        return []
    # (``moved``: every value is there, so what the text contains says
    # nothing of which of a value's forms the instance had — ``o`` and ``e``,
    # *a car* in two cases, are both inside ``lugolrote``: each is tried)
    known = [list(a) for a in seen] if moved else \
        [[f] if f is not None else [] for f in (_known_form(a, b) for a, b in zip(seen, present))]
    mine = text_tokens([seg.text for seg in segs], spaced)
    out = []
    for n, shape in enumerate(kept_shapes):
        if not shape_slots(shape):
            continue
        for fills in _by_forms(shape, occurrences, known, by_id):
            theirs = text_tokens(_written_out(shape, fills), spaced)
            if theirs == mine or one_edit_in_a_view(mine, theirs):
                out.append((n, fills))
                if not moved:
                    break
    return out


def undouble(kept_shapes: Sequence, item_fills: list, spaced: bool) -> set:
    """Covered items whose value a doubled frame word lengthened: the value
    reads without the copy, and the item is a corrupted copy, not support.

    A corruption that doubles the frame word beside a value (``Zur ti baban
    baban zador?`` for ``Zur ti baban {adj}?``) leaves an instance the
    template still generates, with the copy taken into the value (``baban
    zador``): nothing leaves it out, and the lexicon gains a value no
    instance was filled with.  Such a value is seen in that one instance, its
    edge word is the frame word beside the slot (with the same separator),
    no other value of the slot in the template has that word there, and its
    word count is one more than the slot's other values make likely (the
    add-one likelihood of :func:`_best_attested`).  Read without the copy,
    the instance is one corruption (a word doubled) from the template; the
    value is given back like an outlier's (:func:`recover_values`) and the
    item no longer counts as support.

    Scripts written with spaces only: where a token is a grapheme cluster, a
    value whose first letter is the frame's last is common, and a doubled
    letter is no likelier than that.  Returns the items read this way.
    """
    moved: set = set()
    if not spaced:
        return moved
    for n, shape in enumerate(kept_shapes):
        fills_n = item_fills[n]
        if len({i for i, _f in fills_n}) < 3:
            continue
        items_of: dict = {}
        for i, f in fills_n:
            for (kid, _c), v in f.items():
                items_of.setdefault((kid, v), set()).add(i)
        slots = shape_slots(shape)
        for pos, (i, f) in enumerate(fills_n):
            for field in shape:
                for k, part in enumerate(field):
                    if isinstance(part, str) or slots.count(part) != 1:
                        continue
                    v = f[part]
                    if len(items_of.get((part[0], v), ())) != 1:
                        continue
                    shorter = _without_copy(v, field[k - 1] if k and isinstance(field[k - 1], str)
                                            else "", field[k + 1] if k + 1 < len(field) and
                                            isinstance(field[k + 1], str) else "")
                    if shorter is None:
                        continue
                    word, value, first = shorter
                    others = [w.split() for (kid, w) in items_of if kid == part[0] and w != v]
                    if word in [(ws or [""])[0 if first else -1] for ws in others]:
                        continue
                    # (the add-one likelihoods of the two lengths share a denominator)
                    lengths = Counter(len(ws) for ws in others)
                    if lengths[len(value.split())] <= lengths[len(v.split())]:
                        continue
                    fills_n[pos] = (i, {**f, part: value})
                    moved.add(i)
    return moved


def _without_copy(value: str, before: str, after: str):
    """``(word, value without it, True if it was the first word)`` where the
    value's first word (with its separator) repeats the end of the frame text
    ``before`` the slot, or its last word the start of the text ``after`` it;
    else None."""
    toks = edit_spans(value, spaced=True)
    if len(toks) < 2:
        return None
    word, sep = value[toks[0][0]:toks[0][1]], value[toks[0][1]:toks[1][0]]
    if toks[0][0] == 0 and before.endswith(word + sep) and \
            (len(before) == len(word + sep) or before[-len(word + sep) - 1].isspace()):
        return word, value[toks[1][0]:], True
    word, sep = value[toks[-1][0]:toks[-1][1]], value[toks[-2][1]:toks[-1][0]]
    if toks[-1][1] == len(value) and after.startswith(sep + word) and \
            (len(after) == len(sep + word) or after[len(sep + word)].isspace()):
        return word, value[:toks[-2][1]], False
    return None
