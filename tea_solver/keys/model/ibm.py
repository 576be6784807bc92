"""A file-level word alignment: which source word each target unit translates.

IBM Model 1 (Brown et al., 1993) fitted by EM over every instance of the
file: ``t(u | e)``, the probability that source word ``e`` (or NULL) puts
unit ``u`` in the target.  Each source word is known to be frame or part of a
value (:mod:`.source`), so the posterior of a target unit over its source
words says how much of it translates its value and how much the source frame
(``है`` ← *is*, ``Projekt`` ← *project*, ``एक`` ← *a*).  Model 1 is blind to
order and over-credits rare words — a source word seen once explains every
target unit its sentence leaves over (the rare adjective of *Who is less
tough?* took ``менее``, *less*, from the frame word that explains it in the
other sentences) — so its translation table is smoothed (add-n, Moore 2004:
``t(u | e) = (c(u, e) + n) / (c(e) + n·|V|)``, ``ModelParams.ibm_smoothing``),
which flattens a rare word's distribution and leaves a unit to the frequent
word that explains it elsewhere, and the model uses it as one piece of
evidence among others (:mod:`.edges`), never alone.

Model 1 cannot tell two copies of a word apart: where *the* stands twice in
a source (*given the time that I've been flying, that the plane…*), the
target's ``na`` gave half its mass to each, and the alignment no longer
said that the first *the* -- the value's own -- is what it translates.  So
the mass a unit gives a word written twice is shared among the copies by
fast_align's diagonal prior (Dyer et al. 2013): a unit's word lies near the
same relative position, ``exp(−λ·|i/n − j/m|)``.  The tension λ is the
file's: the one of :data:`TENSIONS` under which the file is likeliest with
Model 1's table (0, an even share, where word order says nothing).  Which
word a unit translates stays Model 1's: used as the prior of the whole
model, the diagonal gave a preposition that each state selects (``wu`` after
the state, where the source has *about*) to the state beside it, and the edge
decisions, fitted to Model 1's masses, made it the state's.

Vectorised over all (target unit, source word) pairs of the file at once; a
handful of EM iterations costs well under a second for a file of thousands
of instances.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import regex

WORD = regex.compile(r"\w+|[^\w\s]")
NULL = "\0NULL"


#: The diagonal tensions tried (0: no preference for the diagonal).  Up to
#: fast_align's starting tension: the likelihood of a small file grows with
#: the tension well past what its word order supports (four sentences whose
#: targets drop the article chose 32, and aligned ``inu`` with *the*).
TENSIONS = (0.0, 1.0, 2.0, 4.0)


def _diagonal(gap: np.ndarray, real: np.ndarray, grp: np.ndarray, g0: int,
              null_share: np.ndarray, tension: float) -> np.ndarray:
    """Prior of each (unit, word) pair: NULL keeps Model 1's share, the
    source words share the rest in proportion to ``exp(-tension * gap)``."""
    if tension == 0.0:
        return null_share
    w = np.where(real, np.exp(-tension * gap), 0.0)
    z = np.bincount(grp, weights=w, minlength=g0)
    return np.where(real, (1.0 - null_share) * w / np.maximum(z[grp], 1e-300), null_share)


def _copies_by_position(post: np.ndarray, t: np.ndarray, grp: np.ndarray, g0: int,
                        si: np.ndarray, gap: np.ndarray, real: np.ndarray,
                        null_share: np.ndarray, owner: np.ndarray) -> tuple[np.ndarray, float]:
    """Model 1's posteriors with the mass each unit gives a source word
    written twice or more in its sentence shared among the copies by the
    diagonal prior (:func:`_diagonal`), at the tension of :data:`TENSIONS`
    under which the file is likeliest with Model 1's table ``t``.  Which
    word a unit translates stays Model 1's; only where the word stands
    twice does position choose the copy -- between owners (``owner``, per
    pair: the value or frame word the copy belongs to): the copies of one
    value drawn twice (``{s} … {s}``) keep equal shares, as in Model 1, for
    the sentence tells its two places apart no better than the model does
    (a class word before each copy of a state is no more the state's word
    for standing beside one of them)."""
    best = None
    for tension in TENSIONS:
        z = np.bincount(grp, weights=t * _diagonal(gap, real, grp, g0, null_share, tension),
                        minlength=g0)
        ll = float(np.log(np.maximum(z, 1e-300)).sum())
        if best is None or ll > best[0] + 1e-9:
            best = (ll, tension)
    tension = best[1]
    if tension == 0.0:
        return post, 0.0
    # (unit, source word) classes: a unit's pairs with the copies of one word;
    # within a class, the copies of one owner share their owner's weight
    key = grp.astype(np.int64) * (int(si.max()) + 1) + si
    _u, cls = np.unique(key, return_inverse=True)
    _u, own = np.unique(cls * (int(owner.max()) + 2) + (owner + 1), return_inverse=True)
    w = np.where(real, np.exp(-tension * gap), 1.0)
    w = (np.bincount(own, weights=w) / np.bincount(own))[own]
    mass = np.bincount(cls, weights=post)
    wsum = np.bincount(cls, weights=w)
    return mass[cls] * w / np.maximum(wsum[cls], 1e-300), tension


class Alignment:
    """Posterior mass of every target unit on every source word, per instance."""

    def __init__(self, units: Sequence[Sequence[str]], sources: Sequence[str],
                 iterations: int = 5, smoothing: float = 0.0, tensions: bool = True,
                 owners: Sequence[Sequence[tuple]] | None = None):
        svocab: dict = {NULL: 0}
        tvocab: dict = {}
        self.src_spans = []             # per instance: [(start, end)] of its source words
        s_ids, t_ids = [], []
        owner_ids: dict = {}
        owner_flat: list = []           # per source word: who writes it (below)
        for n, (us, src) in enumerate(zip(units, sources)):
            words = [(m.start(), m.end(), m.group().lower()) for m in WORD.finditer(src)]
            self.src_spans.append([(a, b) for a, b, _w in words])
            # the value whose place (``owners``: ``(start, end, key)``) holds
            # the word, or the word's own place (a frame word)
            spans = owners[n] if owners is not None else ()
            for k, (a, b, _w) in enumerate(words):
                key = next((key for x, y, key in spans if x <= a and b <= y), None)
                owner_flat.append(owner_ids.setdefault(
                    (n, key) if key is not None else (n, "word", k), len(owner_ids)))
            s_ids.append([0] + [svocab.setdefault(w, len(svocab)) for _a, _b, w in words])
            t_ids.append([tvocab.setdefault(u, len(tvocab)) for u in us])
        ls = np.array([len(s) for s in s_ids], dtype=np.int64)
        lt = np.array([len(t) for t in t_ids], dtype=np.int64)
        per = ls * lt
        self.offset = np.concatenate([[0], np.cumsum(per)])
        n_pairs = int(self.offset[-1])
        # every instance's (target unit, source word) pairs, target-major: pair
        # q of instance n is unit q // ls[n] with word q % ls[n].  Built with
        # one set of array operations over the file (it was a numpy tile and
        # repeat per instance); the same integers, so the same EM below
        s_start = np.concatenate([[0], np.cumsum(ls)])[:-1]
        t_start = np.concatenate([[0], np.cumsum(lt)])[:-1]    # also each unit's group base
        s_flat = np.fromiter((w for s in s_ids for w in s), dtype=np.int64,
                             count=int(ls.sum()))
        t_flat = np.fromiter((u for t in t_ids for u in t), dtype=np.int64,
                             count=int(lt.sum()))
        inst = np.repeat(np.arange(len(s_ids), dtype=np.int64), per)
        q = np.arange(n_pairs, dtype=np.int64) - self.offset[:-1][inst]
        unit = q // ls[inst]
        si = s_flat[s_start[inst] + q - unit * ls[inst]]
        ti = t_flat[t_start[inst] + unit]
        grp = t_start[inst] + unit
        g0 = int(lt.sum())
        vt, vs = max(len(tvocab), 1), len(svocab)
        flat = ti * vs + si
        # each pair's distance from the diagonal, for sharing a word's mass
        # among its copies once Model 1 has converged (:func:`_copies_by_position`)
        word = q - unit * ls[inst]                  # 0 = NULL, 1.. = source words
        s_word_base = np.concatenate([[0], np.cumsum(ls - 1)])[:-1]   # first word of each
        real = word > 0
        n_words = np.maximum(ls[inst] - 1, 1)
        gap = np.where(real, np.abs((word - 0.5) / n_words - (unit + 0.5) / lt[inst]), 0.0)
        null_share = 1.0 / ls[inst]
        table = np.full(vt * vs, 1.0 / vt)
        post = np.zeros(n_pairs)
        for _ in range(max(1, iterations)):
            p = table[flat]
            z = np.bincount(grp, weights=p, minlength=g0)
            post = p / np.maximum(z[grp], 1e-300)
            counts = np.bincount(flat, weights=post, minlength=vt * vs).reshape(vt, vs)
            table = ((counts + smoothing)
                     / np.maximum(counts.sum(axis=0, keepdims=True) + smoothing * vt,
                                  1e-300)).ravel()
        self.tension = 0.0
        if tensions:
            owner = np.where(real, np.asarray(owner_flat + [0], dtype=np.int64)[
                np.where(real, s_word_base[inst] + word - 1, len(owner_flat))], -1)
            post, self.tension = _copies_by_position(post, table[flat], grp, g0, si, gap,
                                                     real, null_share, owner)
        self.post = post
        self.ls, self.lt = ls, lt
        self._words: dict = {}

    def mass(self, inst: int, unit: int, spans: Sequence[tuple]) -> float:
        """Posterior mass of target unit ``unit`` of instance ``inst`` on the
        source words inside the character ``spans`` of its source."""
        ls = self.ls.item(inst)
        a = self.offset.item(inst) + unit * ls
        words = self.words_in(inst, tuple(spans))
        if not words:
            return 0.0
        if len(words) < 8:
            # numpy adds fewer than eight numbers one after the other from
            # 0.0: the same float, read without an index array per call
            post, base, total = self.post, a + 1, 0.0
            for k in words:
                total += post.item(base + k)
            return total
        return float(self.post[a + 1 + np.asarray(words)].sum())

    def words_in(self, inst: int, spans: tuple) -> list:
        """Indices of the source words of an instance inside character spans."""
        key = (inst, spans)
        got = self._words.get(key)
        if got is None:
            got = [k for k, (x, y) in enumerate(self.src_spans[inst])
                   if any(x >= s and y <= e for s, e in spans)]
            self._words[key] = got
        return got
