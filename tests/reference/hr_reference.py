#!/usr/bin/env python3
"""Offline reference values for tests/test_restitution.c.

Solves Eq. 39 of Safaeifar & Farshidianfar 2020,
    h (1 + c) = ln((1 + h)/(1 - c h)),
for its nontrivial root with Python's decimal module at 80 significant
digits, by bisection on (0, 1/c) of F(h) = (1 + c) h - ln((1 + h)/(1 - c h)),
which is positive between the trivial root 0 and the nontrivial root and
negative beyond it.  The input c is the exact binary double nearest to the
decimal literal (Decimal(float(c))), so the reference is the root for
exactly the c the C code sees.  Run:  python3 tests/reference/hr_reference.py
"""
from decimal import Decimal as D, getcontext

getcontext().prec = 80


def hr(c):
    lo, hi = D(0), 1 / c
    for _ in range(600):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        x = 1 - c * mid
        if x <= 0:
            hi = mid
            continue
        f = (1 + c) * mid - ((1 + mid) / x).ln()
        if f > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


CS = ["1e-6", "1e-5", "1e-4", "1e-3", "0.01", "0.02", "0.05", "0.1", "0.2",
      "0.3", "0.4", "0.5", "0.6", "0.7", "0.74", "0.75", "0.76", "0.8", "0.9",
      "0.95", "0.99", "0.999", "0.9999", "0.999999", "0.999999999"]

for s in CS:
    c = D(float(s))
    print("    {%s, %s}," % (s, format(hr(c), ".20e")))
