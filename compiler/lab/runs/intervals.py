"""95% confidence intervals for the lab's differences, from paired games (common random numbers).

Every ruleset plays the same games as the reference, so one game under both is a pair and the game is the
unit: a difference is estimated from per-game differences (the players of a game are correlated, so they are
never counted as independent samples). The tallies behind these functions are integer sums over games, so
merging chunks in any grouping gives the same intervals, bit for bit.

Methods:
- a difference of means or of rates with a fixed number of players per game: the paired t interval on the
  per-game differences (`paired_interval`);
- a difference of ratios whose denominator varies by game (a tile's rates: it is drawn in some games only)
  and a difference of standard deviations: the delta method (linearisation) on per-game sums, with a t
  quantile (`delta_interval`, `ratio_difference`, `stdev_difference`);
- a rate that is itself a proportion against zero (how often the winner changes): the Wilson score interval
  (`wilson_interval`).

A difference is "within noise" when its interval contains 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from statistics import NormalDist

LEVEL = 0.95
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.959963...
# Two-sided 95% quantiles of Student's t for 1 to 9 degrees of freedom (the expansion below is loose there).
T_SMALL = {
    1: 12.706204736,
    2: 4.302652730,
    3: 3.182446305,
    4: 2.776445105,
    5: 2.570581836,
    6: 2.446911851,
    7: 2.364624252,
    8: 2.306004135,
    9: 2.262157163,
}

METHODS = {
    "unit": "game: each game under a ruleset and under the reference is one pair (common random numbers)",
    "difference": "paired t interval on per-game differences",
    "ratio": "delta method on per-game sums (rates whose count varies by game, spreads), t quantile",
    "winner_change_rate": "Wilson score interval for a proportion",
    "within_noise": "the 95% interval contains 0",
}


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom (the Cornish-Fisher expansion
    around the normal quantile, Abramowitz & Stegun 26.7.5, within 1e-5 from 10 degrees of freedom; a table below that)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df in T_SMALL:
        return T_SMALL[df]
    z, n = Z, float(df)
    return (
        z
        + (z**3 + z) / (4 * n)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * n**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * n**4)
    )


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% interval."""

    estimate: float
    low: float
    high: float

    @property
    def within_noise(self) -> bool:
        return self.low <= 0.0 <= self.high

    def scaled(self, factor: float) -> Interval:
        """The same interval in another unit (factor > 0)."""
        return Interval(self.estimate * factor, self.low * factor, self.high * factor)


def paired_interval(n: int, total: int, squares: int) -> Interval | None:
    """The paired t interval of the mean of n per-game differences, from their sum and sum of squares
    (integers, so the spread is exact: n * squares - total**2 is computed without rounding). None below 2 games."""
    if n < 2:
        return None
    mean = total / n
    spread = n * squares - total * total  # n (n - 1) times the sample variance, exactly
    half = t_quantile(n - 1) * (spread / (n * n * (n - 1))) ** 0.5 if spread > 0 else 0.0
    return Interval(mean, mean - half, mean + half)


def wilson_interval(successes: int, n: int) -> Interval | None:
    """The Wilson score interval of a proportion (Wilson 1927): good near 0 and 1, never outside [0, 1]."""
    if n < 1:
        return None
    p = successes / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high)


@lru_cache(maxsize=16)
def _pairs(size: int) -> tuple[tuple[int, int], ...]:
    """The parts (i, j), i <= j, of the products a Moments of `size` keeps, in its order."""
    return tuple((i, j) for i in range(size) for j in range(i, size))


@dataclass
class Moments:
    """Sums over games of an integer vector and of the products of its parts (i <= j): exact, mergeable.

    A game whose vector is 0 adds nothing to the sums, so such games need not be added: the number of all
    games is kept by the caller, `count` is the number of games added (for a tile: the games it was drawn in)."""

    size: int
    sums: list[int] = field(default_factory=list)
    products: list[int] = field(default_factory=list)  # upper triangle, row by row
    count: int = 0

    def __post_init__(self) -> None:
        self.sums = self.sums or [0] * self.size
        self.products = self.products or [0] * (self.size * (self.size + 1) // 2)

    def add(self, vector: Sequence[int], games: int = 1) -> None:
        """Add the vector of `games` games (each the same)."""
        self.count += games
        self.sums = [s + a * games for s, a in zip(self.sums, vector, strict=True)]
        self.products = [
            p + vector[i] * vector[j] * games for p, (i, j) in zip(self.products, _pairs(self.size), strict=True)
        ]

    def merge(self, other: Moments) -> None:
        self.count += other.count
        self.sums = [a + b for a, b in zip(self.sums, other.sums, strict=True)]
        self.products = [a + b for a, b in zip(self.products, other.products, strict=True)]

    def _at(self, i: int, j: int) -> int:
        """Where the product of parts i <= j is kept."""
        return i * self.size - i * (i - 1) // 2 + j - i

    def select(self, parts: Sequence[int]) -> Moments:
        """The moments of some parts of the vector, in the order given."""
        products = [self.products[self._at(*sorted((a, b)))] for i, a in enumerate(parts) for b in parts[i:]]
        return Moments(len(parts), [self.sums[a] for a in parts], products, self.count)

    def covariance(self, games: int) -> list[list[float]]:
        """The sample covariance matrix of the vector over `games` games (each entry from exact integers)."""
        size, sums, at = self.size, self.sums, 0
        matrix = [[0.0] * size for _ in range(size)]
        for i in range(size):
            for j in range(i, size):
                exact = games * self.products[at] - sums[i] * sums[j]
                matrix[i][j] = matrix[j][i] = exact / (games * (games - 1))
                at += 1
        return matrix


def delta_interval(
    moments: Moments, games: int, estimate: float, gradient: Sequence[float], df: int | None = None
) -> Interval | None:
    """The delta-method interval of a smooth function of the per-game means of a vector: the variance is
    gradient' Cov gradient / games, with the t quantile for `df` (default games - 1) degrees of freedom."""
    df = games - 1 if df is None else df
    if games < 2 or df < 1:
        return None
    cov = moments.covariance(games)
    variance = sum(g * c * h for g, row in zip(gradient, cov, strict=True) for c, h in zip(row, gradient, strict=True))
    half = t_quantile(df) * (max(variance, 0.0) / games) ** 0.5
    return Interval(estimate, estimate - half, estimate + half)


def ratio_difference(moments: Moments, games: int) -> Interval | None:
    """Y/N under the ruleset minus Y/N under the reference, from per-game (y, n, y_ref, n_ref): the rate of
    something counted in only some games (a tile's outcomes). The games that count it are the pairs that
    carry information, so the t quantile has one degree of freedom fewer than them; None below 2 such games
    or when either side never counts it."""
    y, n, y0, n0 = (s / games for s in moments.sums) if games else (0.0, 0.0, 0.0, 0.0)
    if not n or not n0:
        return None
    gradient = (1 / n, -y / (n * n), -1 / n0, y0 / (n0 * n0))
    return delta_interval(moments, games, y / n - y0 / n0, gradient, df=moments.count - 1)


def stdev_difference(moments: Moments, games: int, players: int) -> Interval | None:
    """The standard deviation of every player's total under the ruleset minus under the reference, from
    per-game (sum of totals, sum of squared totals) under each. None when either spread is 0 or too few games."""
    count = games * players
    if games < 2 or count < 2:
        return None
    b, a, b0, a0 = moments.sums
    # The sample variances exactly, as gah.lab.runs.tallies.summary computes them (so a shift changes nothing).
    var, var0 = (count * a - b * b) / (count * (count - 1)), (count * a0 - b0 * b0) / (count * (count - 1))
    if var <= 0 or var0 <= 0:
        return None
    sd, sd0 = var**0.5, var0**0.5
    # The gradient of games * (mean a - (mean b)^2 / players) / (count - 1), the variance as a function of
    # the per-game means, turned into that of its square root.
    scale = games / (count - 1)
    gradient = (
        -scale * b / games / (players * sd),
        scale / (2 * sd),
        scale * b0 / games / (players * sd0),
        -scale / (2 * sd0),
    )
    return delta_interval(moments, games, sd - sd0, gradient)
