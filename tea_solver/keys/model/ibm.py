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


class Alignment:
    """Posterior mass of every target unit on every source word, per instance."""

    def __init__(self, units: Sequence[Sequence[str]], sources: Sequence[str],
                 iterations: int = 5, smoothing: float = 0.0):
        svocab: dict = {NULL: 0}
        tvocab: dict = {}
        self.src_spans = []             # per instance: [(start, end)] of its source words
        s_ids, t_ids = [], []
        for us, src in zip(units, sources):
            words = [(m.start(), m.end(), m.group().lower()) for m in WORD.finditer(src)]
            self.src_spans.append([(a, b) for a, b, _w in words])
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
