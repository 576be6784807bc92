"""Binomial counts of corrupted instances: how many a noise rate most likely
hits, how many it hits with a given chance, and how surprising a count is.

The noise model of Step 1 is one corruption per instance with the file's rate
ρ; these three functions turn that rate into the counts the model compares
what it sees with (pure Python: no SciPy in the core install)."""

from __future__ import annotations

import math


def binomial_tail(k: int, n: int, p: float) -> float:
    """``P(X >= k)`` for ``X ~ Binomial(n, p)``, summed in log space from
    ``k`` up until the terms no longer count (exact to 1e-12 or so)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    total = 0.0
    for j in range(k, n + 1):
        term = math.exp(math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1)
                        + j * log_p + (n - j) * log_q)
        total += term
        if j > n * p and term < 1e-16 * total:
            break
    return min(1.0, total)


def binomial_median(n: int, p: float) -> int:
    """The median of Binomial(n, p): how many of ``n`` instances a noise rate
    ``p`` most likely corrupts, as a count (the mean ``n·p`` is no count:
    1.98 corrupted instances in a group of twenty at ρ = 0.099 are two, and
    two copies corrupted alike must not outnumber it)."""
    if n <= 0 or p <= 0.0:
        return 0
    if p >= 1.0:
        return n
    total, k = 0.0, 0
    while k < n:
        total += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if total >= 0.5:
            return k
        k += 1
    return n


def plausibly_corrupted(n: int, p: float, alpha: float) -> int:
    """The most instances of ``n`` a noise rate ``p`` corrupts with a chance
    of at least ``alpha``: the largest ``k`` with ``P(X >= k) >= alpha`` for
    ``X ~ Binomial(n, p)`` (0 where ``p`` is 0)."""
    if n <= 0 or p <= 0.0:
        return 0
    k = 0
    while k < n and binomial_tail(k + 1, n, p) >= alpha:
        k += 1
    return k
