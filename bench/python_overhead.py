#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/python_overhead.py — what the Python package costs over the program.

Run by hand from the repository root with Debian's interpreter after a
build (never by ctest; docs/benchmarking.md, "The Python package"):

    PYTHONPATH=build/python /usr/bin/python3 bench/python_overhead.py
        [--hertzfit build/hertzfit] [--repeat 20]

1. The 50-run ICACO fit of (a, b) on Table 2 (seed 7, one thread), three
   ways, each --repeat times (median wall time, mean CPU time):
   - the program as a whole process: `hertzfit fit profile --optimizer icaco
     --runs 50 --seed 7 --threads 1 --table ... --csv`;
   - `hertzfit.fit_profile(...)` with the same arguments, inside this
     process (the call only);
   - a whole Python process that imports hertzfit and makes the call
     (interpreter start-up and imports included).
   The program's and the package's run tables are checked to be identical
   first (the wall-time column aside).
2. The cost per evaluation of a Python objective called from ICACO: one
   ICACO run (50 iterations, 20 countries: ~1700 evaluations) of
   minimize() on x0² + x1² written in Python, against the same run on the
   library's own sphere (a campaign task of `sphere:2`), and on a Python
   function that returns 0.0 (the call alone).  Per evaluation: the median
   of the runs' own wall timers (hf_result.seconds), and the process's CPU
   time over all the runs.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import hertzfit

TABLE = "data/safaeifar2020_table2.csv"


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_self():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(fn, repeat, children):
    walls, cpus = [], []
    for _ in range(repeat):
        c0 = cpu_children() if children else cpu_self()
        t0 = time.perf_counter()
        fn()
        walls.append(time.perf_counter() - t0)
        cpus.append((cpu_children() if children else cpu_self()) - c0)
    return statistics.median(walls), statistics.mean(cpus)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hertzfit", default="build/hertzfit")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    program = [args.hertzfit, "fit", "profile", "--optimizer", "icaco", "--runs", "50", "--seed",
               "7", "--threads", "1", "--table", TABLE, "--csv"]

    out = subprocess.run(program, check=True, capture_output=True, text=True).stdout
    rows = [line.split(",") for line in out.splitlines()
            if line and not line.startswith("#")][1:]
    r = hertzfit.fit_profile(optimizer="icaco", runs=50, seed=7, threads=1, table=TABLE)
    for row, mine in zip(rows, r.runs):
        assert [float(v) for v in row[3:8]] == [float(mine[c]) for c in
                                                ("a", "b", "I", "K0", "rms_pct")], row
    evals = int(r.runs["evals"].sum())

    def run_program():
        subprocess.run(program, check=True, stdout=subprocess.DEVNULL)

    def run_call():
        hertzfit.fit_profile(optimizer="icaco", runs=50, seed=7, threads=1, table=TABLE)

    script = ("import hertzfit; hertzfit.fit_profile(optimizer='icaco', runs=50, seed=7, "
              "threads=1, table=%r)" % TABLE)

    def run_python_process():
        subprocess.run([sys.executable, "-c", script], check=True)

    print("load: %s" % open("/proc/loadavg").read().split()[:3])
    print("50-run ICACO fit on Table 2 (%d evaluations), median wall / mean CPU of %d:"
          % (evals, args.repeat))
    prog = timed(run_program, args.repeat, True)
    call = timed(run_call, args.repeat, False)
    proc = timed(run_python_process, args.repeat, True)
    for name, (wall, cpu) in (("program (whole process)", prog),
                              ("fit_profile() call", call),
                              ("python process (import + call)", proc)):
        print("  %-32s wall %8.2f ms  CPU %8.2f ms  (%.2fx the program's wall)"
              % (name, wall * 1e3, cpu * 1e3, wall / prog[0]))

    print("cost per evaluation under ICACO (50 iterations, 20 countries), median of %d runs "
          "by the run's wall timer, and CPU time over all of them:" % args.repeat)
    per = {}
    for name, f in (("python x0^2 + x1^2", lambda x: x[0] * x[0] + x[1] * x[1]),
                    ("python returning 0.0", lambda x: 0.0)):
        samples, evals, c0 = [], 0, time.process_time()
        for _ in range(args.repeat):
            s = hertzfit.minimize(f, [-5, -5], [5, 5], optimizer="icaco", seed=1)
            samples.append(s.seconds / s.evaluations)
            evals += s.evaluations
        per[name] = (statistics.median(samples), (time.process_time() - c0) / evals)
    with tempfile.TemporaryDirectory() as tmp:
        c0 = time.process_time()
        c = hertzfit.bench_run(os.path.join(tmp, "c"), optimizers=["icaco"],
                               problems=["sphere:2"], runs=args.repeat, budget=1000000,
                               seed=1, threads=1)
        # budget large: ICACO's own 50 iterations end each run, as in minimize;
        # the CPU figure includes writing the campaign folder
        per["C sphere:2 (the library's)"] = (
            float(np.median(c.rows["seconds"] / c.rows["evaluations"])),
            (time.process_time() - c0) / c.rows["evaluations"].sum())
    for name, (wall, cpu) in per.items():
        print("  %-32s wall %7.3f us  CPU %7.3f us per evaluation" % (name, wall * 1e6,
                                                                      cpu * 1e6))
    print("  a Python objective costs %.3f us (wall) more per evaluation than the C sphere"
          % ((per["python x0^2 + x1^2"][0] - per["C sphere:2 (the library's)"][0]) * 1e6))


if __name__ == "__main__":
    main()
