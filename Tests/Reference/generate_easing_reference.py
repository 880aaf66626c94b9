#!/usr/bin/env python3
"""Reference for TimingCurve.cubicBezier and TimedAnimation.

For a CSS cubic-bezier (x1, y1, x2, y2) and a time progress p in (0, 1), the
value progress is y(s) with x(s) = p, and the slope dy/dx is y'(s)/x'(s).
x(s) is monotone, so s is the unique root in [0, 1]; found here by bisection
at 60 digits with mpmath, independently of Harmonic. Progress p is a whole
number of ticks over the duration's ticks (the frames of 30, 60, 120 and
144 Hz and irregular ones), computed exactly.

easing.csv: x1, y1, x2, y2, duration_ticks, ticks, value, slope (45 digits)
"""
import csv
import os

import mpmath as mp

mp.mp.dps = 60
TICKS_PER_SECOND = 705_600_000
HERE = os.path.dirname(os.path.abspath(__file__))

CURVES = [
    ("0.42", "0", "0.58", "1"),  # ease-in-out
    ("0.25", "0.1", "0.25", "1"),  # ease
    ("0.42", "0", "1", "1"),  # ease-in
    ("0.34", "1.56", "0.64", "1"),  # an overshooting "back" curve
    ("0.1", "-0.6", "0.7", "0.2"),  # undershoot first
]
DURATION = TICKS_PER_SECOND * 35 // 100  # 0.35 s


def bezier(s, p1, p2):
    r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s ** 3


def derivative(s, p1, p2):
    r = 1 - s
    return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)


def solve(p, x1, x2):
    low, high = mp.mpf(0), mp.mpf(1)
    for _ in range(220):
        middle = (low + high) / 2
        if bezier(middle, x1, x2) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def main():
    ticks = sorted({
        *(DURATION * k // 10 for k in range(1, 10)),
        *(TICKS_PER_SECOND * k // 30 for k in range(1, 11)),
        *(TICKS_PER_SECOND * k // 144 for k in range(1, 50, 7)),
        1, 12_345_678, 111_111_111, DURATION - 1,
    })
    with open(os.path.join(HERE, "easing.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["x1", "y1", "x2", "y2", "duration_ticks", "ticks", "value", "slope"])
        for x1, y1, x2, y2 in CURVES:
            a, b, c, d = (mp.mpf(float(v)) for v in (x1, y1, x2, y2))  # the doubles the test passes
            for t in ticks:
                if not 0 < t < DURATION:
                    continue
                p = mp.mpf(t) / DURATION
                s = solve(p, a, c)
                value = bezier(s, b, d)
                slope = derivative(s, b, d) / derivative(s, a, c)
                writer.writerow([x1, y1, x2, y2, DURATION, t, mp.nstr(value, 45), mp.nstr(slope, 45)])


if __name__ == "__main__":
    main()
