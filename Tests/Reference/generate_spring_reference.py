#!/usr/bin/env python3
"""Reference values for Harmonic's spring tests, computed at 80 significant digits.

Writes, next to this script:
  spring_values.csv  m,k,c,x0,target,v0,t,value,velocity
  spring_settle.csv  m,k,c,x0,target,v0,value_tol,velocity_tol,settle_time

Inputs are IEEE doubles written with repr() (exact round trip); the reference is
the exact solution of m x'' + c x' + k (x - target) = 0 for those doubles,
printed with 45 significant digits. The damping regime is decided with exact
rational arithmetic (c^2 - 4km as a Fraction), and each regime uses its textbook
formula in mpmath -- a different route from Harmonic's cancellation-free one.

Settle times are found by brute force: a dense scan (64 points per half-period)
for the last grid point outside the band, then bisection at high precision.
Cases whose last excursion peak lies within 1e-6 of the tolerance are dropped
(they are ill-conditioned, not wrong).

Run: python3 Tests/Reference/generate_spring_reference.py
"""
import math
import os
from fractions import Fraction

import mpmath as mp
import numpy as np

mp.mp.dps = 80
HERE = os.path.dirname(os.path.abspath(__file__))


def regime(m, k, c):
    disc = Fraction(c) ** 2 - 4 * Fraction(k) * Fraction(m)
    return (disc > 0) - (disc < 0)


def root_abs_q(m, k, c):
    """sqrt(|c^2 - 4km|)/(2m), from the exact discriminant."""
    disc = Fraction(c) ** 2 - 4 * Fraction(k) * Fraction(m)
    return float(mp.sqrt(mp.mpf(abs(disc.numerator)) / mp.mpf(disc.denominator)) / (2 * mp.mpf(m)))


def basis(m, k, c, t):
    """(C, S) with C = e^{-at} cosh(sqrt(q) t), S = e^{-at} sinh(sqrt(q) t)/sqrt(q)."""
    m, k, c, t = mp.mpf(m), mp.mpf(k), mp.mpf(c), mp.mpf(t)
    a = c / (2 * m)
    q = a * a - k / m
    e = mp.exp(-a * t)
    sign = regime(float(m), float(k), float(c))
    if sign < 0:
        w = mp.sqrt(-q)
        return e * mp.cos(w * t), e * mp.sin(w * t) / w
    if sign == 0:
        return e, t * e
    g = mp.sqrt(q)
    return e * mp.cosh(g * t), e * mp.sinh(g * t) / g


def state(m, k, c, x0, target, v0, t):
    C, S = basis(m, k, c, t)
    a = mp.mpf(c) / (2 * mp.mpf(m))
    w2 = mp.mpf(k) / mp.mpf(m)
    u0 = mp.mpf(x0) - mp.mpf(target)
    v0 = mp.mpf(v0)
    u = u0 * C + (v0 + a * u0) * S
    v = v0 * C - (w2 * u0 + a * v0) * S
    return mp.mpf(target) + u, v


def fmt(x):
    return mp.nstr(x, 45, min_fixed=1, max_fixed=0)


def spring_from(response, zeta, mass):
    omega = 2 * math.pi / response
    return mass, omega * omega * mass, 4 * math.pi * zeta * mass / response


def value_cases():
    zetas = [0.0, 1e-6, 0.05, 0.3, 0.7, 1 - 1e-9, 1 - 1e-14, 1.0, 1 + 1e-14, 1 + 1e-9,
             1.5, 10.0, 1000.0]
    responses = [1e-3, 0.05, 1.0, 10.0]
    masses = [1e-3, 1.0, 1e3]
    starts = [(0.0, 1.0, 0.0), (-3.5, 120.0, 800.0), (250.0, -40.0, -2.0e4)]
    times = [0.0, 1e-6, 1e-3, 0.05, 0.3, 1.0, 2.5, 10.0, 100.0]
    springs = [spring_from(r, z, mm) for z in zetas for r in responses for mm in masses]
    # Exactly critical in doubles (c^2 == 4km exactly), where q is exactly 0.
    springs += [(1.0, 4.0, 4.0), (0.25, 64.0, 8.0), (2.0, 512.0, 64.0)]
    for (m, k, c) in springs:
        for (x0, target, v0) in starts:
            for t in times:
                yield m, k, c, x0, target, v0, t


def write_values():
    path = os.path.join(HERE, "spring_values.csv")
    rows = 0
    with open(path, "w") as f:
        f.write("m,k,c,x0,target,v0,t,value,velocity\n")
        for (m, k, c, x0, target, v0, t) in value_cases():
            x, v = state(m, k, c, x0, target, v0, t)
            f.write(",".join(map(repr, (m, k, c, x0, target, v0, t))) + f",{fmt(x)},{fmt(v)}\n")
            rows += 1
    print(f"{path}: {rows} rows")


# ---------------------------------------------------------------- settle times

def np_state(m, k, c, x0, target, v0, t):
    """Double-precision textbook formulas, only to locate the last excursion."""
    a = c / (2 * m)
    w2 = k / m
    u0 = x0 - target
    sign = regime(m, k, c)
    if sign < 0:
        w = root_abs_q(m, k, c)
        e = np.exp(-a * t)
        C, S = e * np.cos(w * t), e * np.sin(w * t) / w
    elif sign == 0:
        e = np.exp(-a * t)
        C, S = e, t * e
    else:
        g = root_abs_q(m, k, c)
        s1, s2 = w2 / (a + g), a + g
        e1, e2 = np.exp(-s1 * t), np.exp(-s2 * t)
        C, S = (e1 + e2) / 2, (e1 - e2) / (2 * g)
    return u0 * C + (v0 + a * u0) * S, v0 * C - (w2 * u0 + a * v0) * S


def upper_bound(m, k, c, x0, target, v0, tol_x, tol_v):
    """A time after which both signals are provably inside their bands."""
    a = c / (2 * m)
    w2 = k / m
    u0 = x0 - target
    sign = regime(m, k, c)
    rate = a if sign < 0 else (w2 / (a + root_abs_q(m, k, c)))
    inv_w = 1 / root_abs_q(m, k, c) if sign < 0 else math.inf
    signals = [(u0, v0 + a * u0, tol_x)]
    if math.isfinite(tol_v):
        signals.append((v0, -(w2 * u0 + a * v0), tol_v))
    T = 0.0
    for (P, Q, tol) in signals:
        bound = lambda t: math.exp(-rate * t) * (abs(P) + abs(Q) * min(t, inv_w))
        hi = 1.0 / rate
        while bound(hi) > tol:
            hi *= 2
        T = max(T, hi)
    return T


def settle(m, k, c, x0, target, v0, tol_x, tol_v):
    T = upper_bound(m, k, c, x0, target, v0, tol_x, tol_v)
    a = c / (2 * m)
    w2 = k / m
    if regime(m, k, c) < 0:
        step = min(T / 4000, math.pi / root_abs_q(m, k, c) / 64)
    else:
        step = T / 20000
    grid = np.arange(0.0, T + step, step)
    u, v = np_state(m, k, c, x0, target, v0, grid)
    out = (np.abs(u) > tol_x) | (np.abs(v) > tol_v)
    idx = np.nonzero(out)[0]
    if len(idx) == 0:
        return mp.mpf(0)
    i = idx[-1]

    def outside(t):
        x, vel = state(m, k, c, x0, target, v0, t)
        return abs(x - target) > tol_x or abs(vel) > tol_v

    lo, hi = mp.mpf(grid[i]), mp.mpf(grid[i + 1])
    assert outside(lo) and not outside(hi), "scan bracket not confirmed at high precision"
    for _ in range(200):
        mid = (lo + hi) / 2
        if outside(mid):
            lo = mid
        else:
            hi = mid
    # Conditioning check: the band must be left by a clear margin just before.
    for frac in (1e-4, 1e-3, 1e-2):
        probe = hi - frac * step
        x, vel = state(m, k, c, x0, target, v0, probe)
        if abs(x - target) <= tol_x * (1 + 1e-6) and abs(vel) <= tol_v * (1 + 1e-6):
            if not outside(probe):
                return None
    return hi


def settle_cases():
    zetas = [0.05, 0.3, 0.7, 1.0, 2.0, 20.0]
    responses = [0.3, 1.0]
    starts = [(0.0, 1.0, 0.0), (0.0, 1.0, 5.0), (10.0, -3.0, -40.0)]
    tolerances = [(1e-3, math.inf), (1e-3, 1e-2), (0.05, 0.1), (1e-6, 1e-5)]
    for z in zetas:
        for r in responses:
            m, k, c = spring_from(r, z, 1.0)
            for s in starts:
                for tol in tolerances:
                    yield (m, k, c) + s + tol
    # Exactly critical in doubles.
    for s in starts:
        yield (1.0, 64.0, 16.0) + s + (1e-3, 1e-2)
    # Tolerances below 1e-308: the band's edge in subnormal numbers (the
    # ratio of the first extremum to such a tolerance overflows a double).
    for z in [0.3, 0.7, 1.0, 2.0]:
        m, k, c = spring_from(0.5, z, 1.0)
        for tol in [(1e-310, math.inf), (1e-3, 1e-309)]:
            yield (m, k, c) + (1.0, 0.0, 5.0) + tol


def write_settle():
    path = os.path.join(HERE, "spring_settle.csv")
    rows = dropped = 0
    with open(path, "w") as f:
        f.write("m,k,c,x0,target,v0,value_tol,velocity_tol,settle_time\n")
        for case in settle_cases():
            T = settle(*case)
            if T is None:
                dropped += 1
                continue
            f.write(",".join(map(repr, case)) + f",{fmt(T)}\n")
            rows += 1
    print(f"{path}: {rows} rows ({dropped} ill-conditioned cases dropped)")


if __name__ == "__main__":
    write_values()
    write_settle()
