#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/scipy_side_by_side.py — hertzfit's 50-run ICACO fit of (a, b) against
scipy.optimize.differential_evolution on the same objective and the same
budget, measured in one run on this machine; prints the cost per
evaluation of each and their ratio.

Run by hand from the repository root with Debian's interpreter, which has
python3-scipy and python3-numpy (never run by ctest):

    /usr/bin/python3 bench/scipy_side_by_side.py [--hertzfit build/hertzfit]
                                                 [--repeat 20]

The objective is written here in NumPy from the papers' definitions, not
taken from hertzfit: the exact damping ratio h_r(c_r) solves
Φ(h) = Φ(−c h) with Φ(x) = x − ln(1 + x) (Safaeifar & Farshidianfar 2020,
Eq. 39), the profile integral is I(a, b) = B(5/(2a), 1 + 1/b)/a (Eq. 44),
K0 = 2/(5 I) (Eq. 55), and the objective is the RMS over the c_r grid
0.01, 0.02, ..., 0.99 of the percentage error 100 (K0 (1 − c)/c − h)/h.
Before timing, its value is checked against `hertzfit profile --csv` at a
few points.

hertzfit: `hertzfit fit profile --optimizer icaco --threads 1 --csv` (50
runs, 20 countries, 50 iterations: 1720+ evaluations per run) as a whole
process (start, setup, runs, output): the median wall time and the mean
CPU time of --repeat processes.  scipy: differential_evolution with a population of 20 (popsize
10 × 2 variables), maxiter 85 (20 × 86 = 1720 evaluations), no polishing
and tol = 0 so that it spends the whole budget, 50 runs with seeds 1..50,
in this process (the interpreter's start-up and the imports are not
counted, which favours scipy).  Both on one thread.  The ratio is printed
by wall time and by CPU time: on a shared machine the CPU time is the
steadier of the two.
"""
import argparse
import csv
import io
import math
import os
import resource
import statistics
import subprocess
import sys
import time

import numpy as np
from scipy.optimize import brentq, differential_evolution
from scipy.special import betaln


def phi(x):
    """Φ(x) = x − ln(1 + x); by its series Σ (−1)^k x^k / k, k ≥ 2, for small |x|,
    where the difference would cancel."""
    if abs(x) >= 0.1:
        return x - math.log1p(x)
    total, term = 0.0, x
    for k in range(2, 40):
        term *= -x
        total -= term / k
    return total


def hr_exact(c):
    """The h > 0 with Φ(h) = Φ(−c h), 0 < c < 1 (Eq. 39).  Solved in
    u = −ln(1 − c h) > 0, since c h is within e^−100 of 1 for small c:
    c h = −expm1(−u) and Φ(−c h) = −c h + u.  g(u)/u² keeps its sign near the
    trivial root u = 0."""
    def g(u):
        x = math.expm1(-u)                      # −c h
        h = -x / c
        rhs = phi(x) if abs(x) < 0.1 else x + u
        return (phi(h) - rhs) / (u * u)
    u = brentq(g, 1e-6, 2000.0, xtol=1e-300, rtol=4.0 * np.finfo(float).eps, maxiter=500)
    return -math.expm1(-u) / c


class ProfileObjective:
    """RMS (%) of the percentage error of h = K0 (1 − c)/c over the c grid."""

    def __init__(self):
        self.c = np.round(np.arange(1, 100) * 0.01, 12)
        self.h = np.array([hr_exact(c) for c in self.c])
        self.shape = (1.0 - self.c) / self.c
        self.evaluations = 0

    def __call__(self, x):
        self.evaluations += 1
        a, b = x
        integral = math.exp(betaln(2.5 / a, 1.0 + 1.0 / b)) / a
        k0 = 2.0 / (5.0 * integral)
        e = 100.0 * (k0 * self.shape - self.h) / self.h
        return math.sqrt(np.mean(e * e))


def hertzfit_value(hertzfit, a, b):
    out = subprocess.run([hertzfit, "profile", "--a", repr(a), "--b", repr(b), "--csv"],
                         check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(line for line in io.StringIO(out) if not line.startswith("#")))
    return float(rows[0]["rms_pct"])


def check_objective(objective, hertzfit):
    """The NumPy objective against hertzfit's at the box's corners, its
    centre and the papers' optimum; returns the worst relative gap."""
    points = [(1.0, 1.5), (6.0, 6.0), (1.0, 6.0), (6.0, 1.5), (3.5, 3.75), (2.939, 3.409)]
    worst = 0.0
    for a, b in points:
        mine, theirs = objective(np.array([a, b])), hertzfit_value(hertzfit, a, b)
        gap = abs(mine - theirs) / theirs
        worst = max(worst, gap)
        print(f"  (a, b) = ({a}, {b}): numpy {mine:.15g}  hertzfit {theirs:.15g}  "
              f"relative gap {gap:.2g}")
    objective.evaluations = 0
    return worst


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def time_hertzfit(hertzfit, repeat):
    """Median wall seconds and mean CPU seconds of REPEAT whole processes
    (the kernel counts CPU time in ticks: a mean over many processes)."""
    walls, cpus, evals, best = [], [], 0, math.inf
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), children_cpu()
        out = subprocess.run([hertzfit, "fit", "profile", "--optimizer", "icaco", "--threads", "1",
                              "--csv"], check=True, capture_output=True, text=True).stdout
        walls.append(time.perf_counter() - t0)
        cpus.append(children_cpu() - c0)
        rows = list(csv.DictReader(line for line in io.StringIO(out)
                                   if not line.startswith("#")))
        evals = sum(int(r["evals"]) for r in rows)
        best = min(float(r["rms_pct"]) for r in rows)
        runs = len(rows)
    return statistics.median(walls), statistics.fmean(cpus), evals, runs, best


def time_scipy(objective, runs):
    objective.evaluations = 0
    best = math.inf
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(1, runs + 1):
        res = differential_evolution(objective, [(1.0, 6.0), (1.5, 6.0)], popsize=10,
                                     maxiter=85, tol=0.0, atol=0.0, polish=False, seed=seed,
                                     updating="immediate", workers=1)
        best = min(best, res.fun)
    return time.perf_counter() - t0, time.process_time() - c0, objective.evaluations, best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hertzfit", default="build/hertzfit", help="the hertzfit program")
    parser.add_argument("--repeat", type=int, default=20,
                        help="hertzfit processes timed; default 20")
    args = parser.parse_args()
    if not os.access(args.hertzfit, os.X_OK):
        sys.exit(f"scipy_side_by_side: {args.hertzfit} is not an executable; build first")
    import scipy
    print(f"# load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min); "
          f"numpy {np.__version__}, scipy {scipy.__version__}, {os.cpu_count()} cores")
    objective = ProfileObjective()
    print("objective check (sampling 0.01:0.01:0.99):")
    worst = check_objective(objective, args.hertzfit)
    # The exact h_r here is a plain brentq on Φ in double precision; hertzfit's
    # is good to 1e-12.  A gap above 1e-9 means the objectives differ.
    if worst > 1e-9:
        sys.exit(f"scipy_side_by_side: the objectives differ by {worst:.2g} relative")
    hz_wall, hz_cpu, hz_evals, hz_runs, hz_best = time_hertzfit(args.hertzfit, args.repeat)
    sp_wall, sp_cpu, sp_evals, sp_best = time_scipy(objective, hz_runs)
    print(f"{'':30s} {'runs':>5s} {'evaluations':>12s} {'wall s':>9s} {'cpu s':>9s} "
          f"{'wall us/eval':>13s} {'cpu us/eval':>12s} {'best rms_pct':>14s}")
    for name, wall, cpu, evals, best in (("hertzfit icaco (process)", hz_wall, hz_cpu, hz_evals,
                                          hz_best),
                                         ("scipy differential_evolution", sp_wall, sp_cpu,
                                          sp_evals, sp_best)):
        print(f"{name:30s} {hz_runs:5d} {evals:12d} {wall:9.4f} {cpu:9.4f} "
              f"{1e6 * wall / evals:13.3f} {1e6 * cpu / evals:12.3f} {best:14.10f}")
    # CPU time is less disturbed than wall time by other jobs on the cores.
    print(f"per-evaluation ratio scipy / hertzfit: {(sp_wall / sp_evals) / (hz_wall / hz_evals):.0f}x "
          f"by wall time, {(sp_cpu / sp_evals) / (hz_cpu / hz_evals):.0f}x by CPU time")
    print(f"# load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
