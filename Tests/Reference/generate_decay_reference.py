#!/usr/bin/env python3
"""Reference for ValueDecay: exponential deceleration and its contact with a bound.

The velocity is multiplied by `rate` every millisecond, so with
lam = 1000*ln(rate) per second, v(t) = v0*exp(lam*t) and
x(t) = x0 + v0*(exp(lam*t) - 1)/lam. Times are whole ticks of 1/705,600,000 s
(Harmonic's clock), so the reference time is exact; the rate is taken as the
double the test reads (0.998 is not one), since ln(rate) near 1 magnifies its
last bit 500-fold. Computed at 60 digits
with mpmath, independently of Harmonic, and written with 45 significant digits.

decay_values.csv: rate, x0, v0, ticks, value, velocity
decay_contacts.csv: rate, x0, v0, bound, seconds (the crossing of x(t) = bound)
"""
import csv
import os

import mpmath as mp

mp.mp.dps = 60
TICKS_PER_SECOND = 705_600_000
HERE = os.path.dirname(os.path.abspath(__file__))

CASES = [
    ("0.998", "0", "1400"),
    ("0.998", "180", "-2600"),
    ("0.99", "-35.5", "900"),
    ("0.999", "1e4", "8000"),
    ("0.95", "0.25", "-3.5"),
    ("0.998", "-1e6", "1e5"),
]
# 30, 60, 120, 144 Hz frames and irregular ones, as ticks.
TICKS = sorted({
    *(TICKS_PER_SECOND * k // 30 for k in range(0, 60, 7)),
    *(TICKS_PER_SECOND * k // 144 for k in range(1, 400, 37)),
    123_456_789, 987_654_321, 2_000_000_003, 5_555_555_555,
})


def exact(decimal):
    """The double the test reads for `decimal`, exactly (0.998 is not a double)."""
    return mp.mpf(float(decimal))


def state(rate, x0, v0, seconds):
    lam = 1000 * mp.log(exact(rate))
    e = mp.exp(lam * seconds)
    return mp.mpf(x0) + mp.mpf(v0) * (e - 1) / lam, mp.mpf(v0) * e


def main():
    with open(os.path.join(HERE, "decay_values.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["rate", "x0", "v0", "ticks", "value", "velocity"])
        for rate, x0, v0 in CASES:
            for ticks in TICKS:
                x, v = state(rate, x0, v0, mp.mpf(ticks) / TICKS_PER_SECOND)
                writer.writerow([rate, x0, v0, ticks, mp.nstr(x, 45), mp.nstr(v, 45)])
    with open(os.path.join(HERE, "decay_contacts.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["rate", "x0", "v0", "bound", "seconds"])
        for rate, x0, v0 in CASES:
            lam = 1000 * mp.log(exact(rate))
            rest = mp.mpf(x0) - mp.mpf(v0) / lam
            for fraction in ["0.1", "0.5", "0.9", "0.999"]:
                bound = mp.mpf(x0) + (rest - mp.mpf(x0)) * mp.mpf(fraction)
                bound = mp.mpf(mp.nstr(bound, 17))  # the bound as the test passes it, a double
                seconds = mp.log(1 + (bound - mp.mpf(x0)) * lam / mp.mpf(v0)) / lam
                writer.writerow([rate, x0, v0, mp.nstr(bound, 17), mp.nstr(seconds, 45)])


if __name__ == "__main__":
    main()
