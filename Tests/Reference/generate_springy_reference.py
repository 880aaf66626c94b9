#!/usr/bin/env python3
"""Reference lags of the springy list (SpringyScroll) at 50 significant digits.

Writes springy_scroll.csv next to this script, rows of three kinds:
  spring,m,k,c                       the rows' spring (response 1 s, damping ratio 0.8, mass 1,
                                     as Harmonic's Spring(response:dampingRatio:) computes it)
  update,ticks,offset                the scroll offsets reported, at exact ticks
  sample,ticks,u                     the unit lag u(t) = integral of G(t - tau) ds(tau)

G is the free response of m x'' + c x' + k x = 0 from x = 1 at rest (underdamped textbook
form), s(t) is linear between the updates made by time t and constant after the last of them
(what a host knows when it draws the frame at t); the integral over
each piece is taken by mpmath.quad at 50 digits, a different route from Harmonic's
closed-form spring motions. Updates: a drag at 60 Hz for 0.5 s (s = 900 t - 600 t^2, in
doubles), a jump-free pause, a second drag at irregular ticks, then rest.

Run: python3 Tests/Reference/generate_springy_reference.py
"""
import math
import os

import mpmath as mp

mp.mp.dps = 50
HERE = os.path.dirname(os.path.abspath(__file__))
TICKS_PER_SECOND = 705_600_000

# The spring as Harmonic builds Spring(response: 1, dampingRatio: 0.8): k = (2*pi/R)^2 * m,
# c = 2 * zeta * sqrt(k m), in doubles. The test reads these three doubles back and checks
# they are the library's.
m = 1.0
k = (2 * math.pi / 1.0) ** 2 * m
c = 2 * 0.8 * math.sqrt(k * m)

updates = [(0, 0.0)]
for j in range(1, 31):
    t = j / 60
    updates.append((j * 11_760_000, 900 * t - 600 * t * t))
# A second drag after a pause, at irregular ticks (jittered 120 Hz), back up.
base = 30 * 11_760_000 + TICKS_PER_SECOND // 5
last = updates[-1][1]
for j, jitter in enumerate([0, 1_000_003, -777_777, 2_345_678, 5, -3_000_000, 1_234_567, 0, 999, -1]):
    tick = base + j * 5_880_000 + jitter
    updates.append((tick, last - 35.5 * j))
samples = [n * TICKS_PER_SECOND // 100 for n in range(0, 301, 7)] + [
    updates[5][0], updates[30][0] + 1, base + 3 * 5_880_000, 4 * TICKS_PER_SECOND]


def G(x):
    M, K, C = mp.mpf(m), mp.mpf(k), mp.mpf(c)
    w0 = mp.sqrt(K / M)
    zeta = C / (2 * mp.sqrt(K * M))
    wd = w0 * mp.sqrt(1 - zeta * zeta)
    return mp.e ** (-zeta * w0 * x) * (mp.cos(wd * x) + zeta * w0 / wd * mp.sin(wd * x))


def u(ticks):
    t = mp.mpf(ticks) / TICKS_PER_SECOND
    total = mp.mpf(0)
    for (t0, s0), (t1, s1) in zip(updates, updates[1:]):
        if t1 > ticks:
            break  # not reported yet: the offset stays at s0 from t0 on
        a, b = mp.mpf(t0) / TICKS_PER_SECOND, mp.mpf(t1) / TICKS_PER_SECOND
        slope = (mp.mpf(s1) - mp.mpf(s0)) / (b - a)
        total += slope * mp.quad(lambda tau: G(t - tau), [a, b])
    return total


with open(os.path.join(HERE, "springy_scroll.csv"), "w") as out:
    out.write("kind,a,b,c\n")
    out.write(f"spring,{m!r},{k!r},{c!r}\n")
    for tick, offset in updates:
        out.write(f"update,{tick},{offset!r},\n")
    for tick in samples:
        out.write(f"sample,{tick},{mp.nstr(u(tick), 45)},\n")
