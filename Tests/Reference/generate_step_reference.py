#!/usr/bin/env python3
"""Reference values of the unit step response near t = 0, at 80 significant digits.

Writes step_response.csv next to this script: m,k,c,ticks,step
  step = 1 - x(t) for the motion x from 1 to 0 from rest, i.e. the step response
  P(t) = 1 - C(t) - a*S(t) of m x'' + c x' + k x = 0, at t = ticks / 705,600,000 s
  (Harmonic's tick), exact rational time; printed with 45 significant digits.

Rows: for damping ratios 1, 1.5, 3 and 1000 and three springs each (k = 1; k = 300;
a 5 s response), ticks 1..200 and then every 1/120 s for 3 s; plus 3,000 random
springs (damping ratio 1e-3..1e3) at times from 1e-9/w0 to 30/w0, rounded to ticks.
The regime is decided from the exact rational c^2 - 4km, and each regime uses its
textbook formula (cos/sin, cosh/sinh, or (1 + at)e^-at), a different route from
Harmonic's series and expm1 forms; 80 digits absorb the cancellation.

Run: python3 Tests/Reference/generate_step_reference.py
"""
import math
import os
import random
from fractions import Fraction

import mpmath as mp

mp.mp.dps = 80
HERE = os.path.dirname(os.path.abspath(__file__))
TICKS_PER_SECOND = 705_600_000


def step(m, k, c, ticks):
    m, k, c = mp.mpf(m), mp.mpf(k), mp.mpf(c)
    t = mp.mpf(ticks) / TICKS_PER_SECOND
    disc = Fraction(float(c)) ** 2 - 4 * Fraction(float(k)) * Fraction(float(m))
    a = c / (2 * m)
    if disc == 0:
        return 1 - mp.exp(-a * t) * (1 + a * t)
    root = mp.sqrt(mp.mpf(abs(disc.numerator)) / mp.mpf(disc.denominator)) / (2 * m)
    if disc > 0:
        return 1 - mp.exp(-a * t) * (mp.cosh(root * t) + a / root * mp.sinh(root * t))
    return 1 - mp.exp(-a * t) * (mp.cos(root * t) + a / root * mp.sin(root * t))


def springs():
    for zeta in (1.0, 1.5, 3.0, 1000.0):
        for k in (1.0, 300.0, (2 * math.pi / 5) ** 2):
            yield 1.0, k, 2 * zeta * math.sqrt(k)


def rows():
    for m, k, c in springs():
        ticks = list(range(1, 201)) + [round(TICKS_PER_SECOND * j / 120) for j in range(1, 361)]
        for n in ticks:
            yield m, k, c, n
    rng = random.Random(17)
    for _ in range(3000):
        m = 10 ** rng.uniform(-1, 1)
        k = 10 ** rng.uniform(-2, 4)
        zeta = 10 ** rng.uniform(-3, 3)
        c = 2 * zeta * math.sqrt(k * m)
        w0 = math.sqrt(k / m)
        n = max(1, round(10 ** rng.uniform(-9, math.log10(30)) / w0 * TICKS_PER_SECOND))
        yield m, k, c, n


def main():
    path = os.path.join(HERE, "step_response.csv")
    with open(path, "w") as f:
        f.write("m,k,c,ticks,step\n")
        for m, k, c, n in rows():
            f.write(f"{m!r},{k!r},{c!r},{n},{mp.nstr(step(m, k, c, n), 45, min_fixed=-1, max_fixed=-1)}\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
