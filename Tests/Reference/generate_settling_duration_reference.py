#!/usr/bin/env python3
"""Reference for Spring(settlingDuration:dampingRatio:restFraction:).

For a spring of natural frequency 1 rad/s and damping ratio z, released at
rest one unit from its target, tau(z, eps) is the last time |x(t)| equals eps:
after it the displacement stays within eps forever. For any natural frequency
w0 the settle time is tau/w0 (x depends on w0*t alone), so the spring that
rests after D seconds has w0 = tau/D.

Computed independently of Harmonic at 50 significant digits with mpmath:
underdamped, the extrema of x are at k*pi/wd with |x| = exp(-z*k*pi/wd); the
last crossing lies between the last extremum above eps and the next one.
Otherwise x falls monotonically from 1 to 0 and the crossing is bracketed by
doubling. Writes settling_duration.csv: damping_ratio, rest_fraction, tau.
"""
import csv
import os

import mpmath as mp

mp.mp.dps = 60


def bisect(f, low, high):
    """The root of f in [low, high], f(low) > 0 > f(high), to 1e-55 relative."""
    for _ in range(400):
        mid = (low + high) / 2
        if f(mid) > 0:
            low = mid
        else:
            high = mid
        if high - low <= mp.mpf("1e-55") * high:
            break
    return (low + high) / 2


def unit_settle_time(z, eps):
    z = mp.mpf(z)
    eps = mp.mpf(eps)
    if z < 1:
        wd = mp.sqrt(1 - z * z)

        def x(t):
            return mp.exp(-z * t) * (mp.cos(wd * t) + z / wd * mp.sin(wd * t))

        k = 0
        while mp.exp(-z * (k + 1) * mp.pi / wd) > eps:
            k += 1
        low, high = k * mp.pi / wd, (k + 1) * mp.pi / wd
        sign = 1 if k % 2 == 0 else -1
        return bisect(lambda t: sign * x(t) - eps, low, high)
    if z == 1:

        def x(t):
            return mp.exp(-t) * (1 + t)

    else:
        r1 = -z + mp.sqrt(z * z - 1)
        r2 = -z - mp.sqrt(z * z - 1)
        a = r2 / (r2 - r1)
        b = -r1 / (r2 - r1)

        def x(t):
            return a * mp.exp(r1 * t) + b * mp.exp(r2 * t)

    high = mp.mpf(1)
    while x(high) > eps:
        high *= 2
    return bisect(lambda t: x(t) - eps, mp.mpf(0), high)


def main():
    ratios = ["0.05", "0.1", "0.25", "0.4", "0.5", "0.7", "0.75", "0.9", "0.99", "1", "1.2", "2", "5", "20"]
    fractions = ["0.001", "0.01", "0.0001", "0.05"]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "settling_duration.csv")
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["damping_ratio", "rest_fraction", "tau"])
        for z in ratios:
            for eps in fractions:
                tau = unit_settle_time(z, eps)
                assert tau > 0
                writer.writerow([z, eps, mp.nstr(tau, 50)])


if __name__ == "__main__":
    main()
