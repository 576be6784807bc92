"""Binomial counts of corrupted instances: how many a noise rate most likely
hits, how many it hits with a given chance, and how surprising a count is.

The noise model of Step 1 is one corruption per instance with the file's rate
ρ; these three functions turn that rate into the counts the model compares
what it sees with, and :func:`chi2_tail` tests whether a frame unit's
absence depends on the values (:func:`.frame._value_bound`; pure Python: no
SciPy in the core install)."""

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


def chi2_tail(x: float, df: int) -> float:
    """``P(X >= x)`` for ``X ~ χ²(df)``: the regularized upper incomplete
    gamma function ``Q(df/2, x/2)`` (series below ``a + 1``, Lentz's
    continued fraction above; Numerical Recipes §6.2), to 1e-12 or so."""
    if x <= 0.0 or df <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    if z <= 0.0:                    # (x so small that half of it is 0)
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1.0
            term *= z / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = z + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
