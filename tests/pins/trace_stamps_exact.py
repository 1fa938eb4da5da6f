#!/usr/bin/env python3
"""Checks what dating improvements at their evaluation may change in a
campaign's trace.csv, and nothing else: every run has the same final best,
every point of OLD (one per iteration that improved, dated at the end of
the iteration) is in NEW with the same best_f and iteration and an
evaluation count no later than OLD's, and NEW only adds points (the
improvements inside an iteration that OLD did not see).

usage: trace_stamps_exact.py OLD.csv NEW.csv"""
import csv
import sys
from collections import defaultdict


def runs(path):
    out = defaultdict(list)
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            out[(r["optimizer"], r["problem"], r["run"])].append(
                (int(r["iteration"]), int(r["evaluations"]), r["best_f"]))
    return out


def main(old_path, new_path):
    old, new = runs(old_path), runs(new_path)
    if old.keys() != new.keys():
        sys.exit("the two files hold different runs")
    earlier = same = 0
    for key, points in old.items():
        by_f = {f: (it, ev) for it, ev, f in new[key]}
        if points[-1][2] != new[key][-1][2]:
            sys.exit(f"{key}: final best {points[-1][2]} became {new[key][-1][2]}")
        for it, ev, f in points:
            if f not in by_f:
                sys.exit(f"{key}: best_f {f} of OLD is not in NEW")
            it_new, ev_new = by_f[f]
            if it_new != it or ev_new > ev:
                sys.exit(f"{key}: best_f {f} at iteration {it}, evaluation {ev} became "
                         f"iteration {it_new}, evaluation {ev_new}")
            earlier += ev_new < ev
            same += ev_new == ev
    n_old = sum(len(p) for p in old.values())
    n_new = sum(len(p) for p in new.values())
    print(f"{len(old)} runs, final bests identical; {n_old} points of OLD all in NEW "
          f"({same} at the same evaluation, {earlier} earlier); NEW adds {n_new - n_old} points")


if __name__ == "__main__":
    main(*sys.argv[1:3])
