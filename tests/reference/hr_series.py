#!/usr/bin/env python3
"""Series of the exact h_r near c -> 1, for tests/test_restitution.c.

With c = 1 - e, the nontrivial root of Eq. 39 (Safaeifar & Farshidianfar
2020) solves the divided relation
    G(h) = sum_{k>=2} [(-1)^k - c^k] h^(k-2) / k = 0.
Substituting h = A1 e + A2 e^2 + ... and collecting powers of e gives one
linear equation per power for the next coefficient.  Everything here is
exact rational arithmetic (fractions.Fraction) on truncated power series in
e, so the coefficients do not depend on any floating-point reference.
Run:  python3 tests/reference/hr_series.py
"""
from fractions import Fraction as F

N = 6  # keep powers e^0 .. e^(N-1)


def mul(a, b):
    out = [F(0)] * N
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:N - i]):
                out[i + j] += x * y
    return out


def power(a, k):
    out = [F(1)] + [F(0)] * (N - 1)
    for _ in range(k):
        out = mul(out, a)
    return out


c = [F(1), F(-1)] + [F(0)] * (N - 2)          # c = 1 - e


def G(h):
    total = [F(0)] * N
    for k in range(2, N + 4):
        ck = power(c, k)
        coeff = [((-1) ** k if i == 0 else 0) - ck[i] for i in range(N)]
        term = mul(coeff, power(h, k - 2))
        total = [t + x / k for t, x in zip(total, term)]
    return total


h = [F(0)] * N
for order in range(1, N - 1):
    # G's e^order coefficient is affine in the unknown A_order.
    h0 = G(h)[order]
    h[order] = F(1)
    slope = G(h)[order] - h0
    h[order] = -h0 / slope
print("h = " + " + ".join("%s e^%d" % (h[i], i) for i in range(1, N - 1)))
