#!/usr/bin/env python3
"""45-digit references for Harmonic's deterministic exp, expm1, sin, cos, log, log1p, atanh, atan2.

Writes math_reference.csv: function,x,reference,hi,lo — x as repr() of a
double (for atan2 "y:x"), the reference with 45 significant digits (mpmath at 120 digits, more
for huge sin/cos arguments), and the same value as the double-double hi + lo
(hi the nearest double, lo the nearest double to the rest) so that the tests
can measure errors in fractions of an ulp. Seeded, so the file is reproducible.
Run: python3 Tests/Reference/generate_math_reference.py
"""
import os
import random

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
random.seed(20261121)


def exp_points():
    xs = [0.0, -0.0, 1e-300, -1e-300, 0.34657359027997264, -0.34657359027997264, -745.0, -708.4, 709.7, -1.0, 1.0]
    xs += [random.uniform(-745, 709.7) for _ in range(1500)]
    xs += [random.uniform(-2, 2) for _ in range(1500)]
    xs += [-10 ** random.uniform(-20, 2.8) for _ in range(1000)]
    return xs


def expm1_points():
    xs = [0.0, 1e-300, -1e-300, 1e-10, -1e-10, 0.3465735902799726, -0.3465735902799726, -37.9, -38.0, 50.0]
    xs += [random.uniform(-0.35, 0.35) for _ in range(1500)]
    xs += [random.uniform(-40, 40) for _ in range(1500)]
    xs += [-10 ** random.uniform(-30, 1.5) for _ in range(1000)]
    return xs


def trig_points():
    xs = [0.0, 1e-300, 1e-9, 0.7853981633974483, 1.5707963267948966, 3.141592653589793, 6.283185307179586,
          823549.5, 823549.7, 1e6, 1e10, 1e22, 1e100, 1e300, 1.7976931348623157e308, -2.5, -1e7]
    xs += [random.uniform(-10, 10) for _ in range(1500)]
    xs += [random.uniform(0, 1e6) for _ in range(1500)]
    xs += [10 ** random.uniform(6, 308) * random.choice([-1, 1]) for _ in range(1000)]
    # Doubles nearest to multiples of π/2 (hard cases for reduction).
    for k in list(range(1, 200)) + [random.randint(1, 2 ** 19) for _ in range(200)]:
        xs.append(float(mp.mpf(k) * mp.pi / 2))
    return xs


def log_points():
    xs = [1.0, 2.0, 0.5, 1.4142135623730951, 1.4142135623730954, 0.7071067811865475, 5e-324, 2.2250738585072014e-308,
          1.7976931348623157e308, 1 + 2 ** -52, 1 - 2 ** -53, 0.999, 1.001, 2.718281828459045]
    xs += [random.uniform(0.5, 2) for _ in range(1500)]
    xs += [random.uniform(1 - 1e-6, 1 + 1e-6) for _ in range(300)]
    xs += [10 ** random.uniform(-323, 308) for _ in range(1500)]
    return xs


def log1p_points():
    xs = [1e-300, -1e-300, 1e-17, -1e-17, 2 ** -60, 1e-10, -1e-10, -0.5, -0.999999, -1 + 2 ** -53, 1.0, 1e300, 0.4142, -0.2929]
    xs += [random.uniform(-0.999, 1) for _ in range(1500)]
    xs += [random.choice([-1, 1]) * 10 ** random.uniform(-30, -1) for _ in range(1000)]
    xs += [10 ** random.uniform(0, 300) for _ in range(500)]
    return xs


def atanh_points():
    xs = [1e-300, -1e-300, 2 ** -28, 2 ** -27, 1e-8, 0.5, -0.5, 0.9999999999, 1 - 2 ** -53, -(1 - 2 ** -53)]
    xs += [random.uniform(-1, 1) for _ in range(1500)]
    xs += [random.choice([-1, 1]) * 10 ** random.uniform(-20, 0) for _ in range(1000)]
    xs += [random.choice([-1, 1]) * (1 - 10 ** random.uniform(-15, -1)) for _ in range(500)]
    return xs


def atan2_points():
    pts = [(1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (0.41421356237309503, 1.0), (0.4142135623730951, 1.0), (1e-300, 1e300),
           (1e300, 1e-300), (5e-324, 1.0), (1.0, 5e-324), (1.7976931348623157e308, 1.7976931348623157e308), (3.0, -4.0)]
    for _ in range(3000):
        y, x = random.uniform(-10, 10), random.uniform(-10, 10)
        pts.append((y, x))
    for _ in range(1500):
        y = random.choice([-1, 1]) * 10 ** random.uniform(-300, 300)
        x = random.choice([-1, 1]) * 10 ** random.uniform(-300, 300)
        pts.append((y, x))
    for _ in range(500):  # near the tan(π/8) switch and the diagonal
        x = random.uniform(0.1, 10)
        pts.append((x * random.uniform(0.41, 0.42), x))
        pts.append((x * random.uniform(0.999999, 1.000001), -x))
    return pts


def table_method_points():
    """Arguments where the table-driven exp/expm1 and the fdlibm kernels are weakest
    (drawn after every other point, so the rows above stay as they were)."""
    step = mp.log(2) / 128
    exp_xs, expm1_xs = [], []
    for n in range(-8, 9):  # table steps around 0, where 2^(j/128) − 1 and e^r − 1 meet
        for _ in range(40):
            expm1_xs.append(float(n * step + mp.mpf(random.uniform(-0.5, 0.5)) * step))
    expm1_xs += [random.choice([-1, 1]) * random.uniform(0.0185, 0.0193) for _ in range(400)]
    expm1_xs += [random.uniform(-38, 709.7) for _ in range(400)]
    exp_xs += [random.uniform(-745.1, -708) for _ in range(600)]  # subnormal and near-subnormal results
    exp_xs += [random.uniform(707, 709.78) for _ in range(200)]
    exp_xs += [float(random.randint(-137000, 131000) * step) for _ in range(600)]  # r near 0
    trig_xs = [random.uniform(-0.8, 0.8) for _ in range(800)] + [random.uniform(0.7, 0.87) for _ in range(400)]
    return exp_xs, expm1_xs, trig_xs


def main():
    path = os.path.join(HERE, "math_reference.csv")
    rows = 0
    with open(path, "w") as f:
        f.write("function,x,reference,hi,lo\n")
        for name, fn, points in [("exp", mp.exp, exp_points()), ("expm1", mp.expm1, expm1_points()),
                                 ("sin", mp.sin, trig_points()), ("cos", mp.cos, trig_points())]:
            for x in points:
                mp.mp.dps = 120 if abs(x) < 1e20 else 420
                value = fn(mp.mpf(x))
                hi = float(value)
                lo = float(value - mp.mpf(hi))
                f.write(f"{name},{x!r},{mp.nstr(value, 45, min_fixed=1, max_fixed=0)},{hi!r},{lo!r}\n")
                rows += 1
        for name, fn, points in [("log", mp.log, log_points()), ("log1p", mp.log1p, log1p_points()),
                                 ("atanh", mp.atanh, atanh_points())]:
            for x in points:
                mp.mp.dps = 120
                value = fn(mp.mpf(x))
                hi = float(value)
                lo = float(value - mp.mpf(hi))
                f.write(f"{name},{x!r},{mp.nstr(value, 45, min_fixed=1, max_fixed=0)},{hi!r},{lo!r}\n")
                rows += 1
        for y, x in atan2_points():
            mp.mp.dps = 120
            value = mp.atan2(mp.mpf(y), mp.mpf(x))
            hi = float(value)
            lo = float(value - mp.mpf(hi))
            f.write(f"atan2,{y!r}:{x!r},{mp.nstr(value, 45, min_fixed=1, max_fixed=0)},{hi!r},{lo!r}\n")
            rows += 1
        exp_xs, expm1_xs, trig_xs = table_method_points()
        for name, fn, points in [("exp", mp.exp, exp_xs), ("expm1", mp.expm1, expm1_xs),
                                 ("sin", mp.sin, trig_xs), ("cos", mp.cos, trig_xs)]:
            for x in points:
                mp.mp.dps = 120
                value = fn(mp.mpf(x))
                hi = float(value)
                lo = float(value - mp.mpf(hi))
                f.write(f"{name},{x!r},{mp.nstr(value, 45, min_fixed=1, max_fixed=0)},{hi!r},{lo!r}\n")
                rows += 1
        # The exp table: 2^(j/128) as the nearest double and the nearest double to the rest.
        for j in range(128):
            mp.mp.dps = 120
            value = mp.power(2, mp.mpf(j) / 128)
            hi = float(value)
            lo = float(value - mp.mpf(hi))
            f.write(f"exptable,{j},{mp.nstr(value, 45, min_fixed=1, max_fixed=0)},{hi!r},{lo!r}\n")
            rows += 1
    print(f"{path}: {rows} rows")


if __name__ == "__main__":
    main()
