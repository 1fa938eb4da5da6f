#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A campaign split into shards run as separate processes by GNU parallel,
then merged, is the campaign run by one process: runs.csv equal but for the
wall-time column, trace.csv, the COCO and the IOHprofiler files byte for byte, the manifests
equal but for the thread count.  Two splits (5 and 3 shards) so that a shard
boundary falls at different tasks; a merge with one shard missing must be
refused with exit 2 naming the missing task.  A second, mixed campaign —
pagmo's CMA-ES, restarted BOBYQA, ICA's 2007 variant as an entry with
settings and a plug-in's optimiser on BBOB functions of COCO's 2023
instances — is the same with 1 and 2 threads and as 3 shards merged.

Usage: shards_parallel.py HERTZFIT_EXE WORK_DIR

Everything runs without a shell of ours: the commands are argument lists,
and parallel gets -q so that it quotes the command it builds (the program's
path is passed through, never interpreted).
"""
import csv
import filecmp
import os
import shutil
import subprocess
import sys

CAMPAIGN = ["bench", "run", "--optimizers", "ica,icaco,random,nlopt:LN_BOBYQA",
            "--problems", "rastrigin:2,sphere:5,profile,bbob:3:2", "--runs", "6",
            "--budget", "2000", "--seed", "11"]


def run(args, cwd, expect=0):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(args)} -> exit {p.returncode} (wanted {expect})\n"
                 f"stderr: {p.stderr}")
    return p


def rows_without_seconds(path):
    """runs.csv's rows but for seconds; every run's best point (best_x, the
    last column) is there, so that comparing rows compares the points too."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    col = rows[0].index("seconds")
    if rows[0][-1] != "best_x":
        sys.exit(f"FAIL: {path}: no best_x column")
    for r in rows[1:]:
        if len(r[-1].split(" ")) != int(r[2]):
            sys.exit(f"FAIL: {path}: best_x '{r[-1]}' is not a point of dimension {r[2]}")
    return [r[:col] + r[col + 1:] for r in rows]


def manifest_without_threads(path):
    with open(path) as f:
        # data.runs.csv.sha256 covers the wall times of runs.csv
        return [line for line in f if not line.startswith(("threads =", "shard =",
                                                            "data.runs.csv.sha256 ="))]


def same_tree(a, b):
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(same_tree(os.path.join(a, d), os.path.join(b, d)) for d in cmp.common_dirs)


def mixed_campaign(exe):
    plugin = os.path.join(os.path.dirname(exe), "plugins", "one_plus_one_es.so")
    return ["bench", "run", "--optimizers",
            "pagmo:cmaes,restart:nlopt:LN_BOBYQA,ica{variant=2007},plugin:" + plugin,
            "--problems", "bbob:1:2,bbob:15:3,bbob:8:5", "--instances", "2023",
            "--runs", "4", "--budget", "100*d", "--seed", "5"]


def same_campaign(a, b, what):
    if rows_without_seconds(os.path.join(a, "runs.csv")) != \
            rows_without_seconds(os.path.join(b, "runs.csv")):
        sys.exit(f"FAIL: {what}: runs.csv differs")
    if not filecmp.cmp(os.path.join(a, "trace.csv"), os.path.join(b, "trace.csv"),
                       shallow=False):
        sys.exit(f"FAIL: {what}: trace.csv differs")
    for folder in ("coco", "ioh"):
        if not same_tree(os.path.join(a, folder), os.path.join(b, folder)):
            sys.exit(f"FAIL: {what}: {folder}/ differs")
    if manifest_without_threads(os.path.join(a, "manifest.txt")) != \
            manifest_without_threads(os.path.join(b, "manifest.txt")):
        sys.exit(f"FAIL: {what}: the manifests differ beyond threads and shard")


def check_mixed(exe, work):
    campaign = mixed_campaign(exe)
    run([exe] + campaign + ["--threads", "1", "-o", "mixed-1"], work)
    run([exe] + campaign + ["--threads", "2", "-o", "mixed-2"], work)
    same_campaign(os.path.join(work, "mixed-1"), os.path.join(work, "mixed-2"),
                  "mixed campaign, 1 vs 2 threads")
    shards = [f"mixed-shard{i}" for i in range(3)]
    for i, s in enumerate(shards):
        run([exe] + campaign + ["--threads", "2", "--shard", f"{i}/3", "-o", s], work)
    run([exe, "bench", "merge", "-o", "mixed-merged"] + shards, work)
    same_campaign(os.path.join(work, "mixed-1"), os.path.join(work, "mixed-merged"),
                  "mixed campaign, 3 shards merged vs one process")
    with open(os.path.join(work, "mixed-1", "runs.csv")) as f:
        names = {line.split(",")[0] for line in f}
    want = {"pagmo:cmaes", "restart:nlopt:LN_BOBYQA", "ica{variant=2007}", "one-plus-one-es"}
    if not want <= names:
        sys.exit(f"FAIL: mixed campaign ran {sorted(names)}, not all of {sorted(want)}")


def check_split(exe, work, single, k):
    shards = [f"k{k}-shard{i}" for i in range(k)]
    run(["parallel", "-q", "-j", "2", exe] + CAMPAIGN +
        ["--threads", "1", "--shard", "{}/" + str(k), "-o", f"k{k}-shard{{}}", ":::"] +
        [str(i) for i in range(k)], work)
    for s in shards:
        if not os.path.isfile(os.path.join(work, s, "manifest.txt")):
            sys.exit(f"FAIL: parallel did not run shard {s}")
    merged = f"k{k}-merged"
    run([exe, "bench", "merge", "-o", merged] + shards, work)
    m = os.path.join(work, merged)
    if rows_without_seconds(os.path.join(m, "runs.csv")) != \
            rows_without_seconds(os.path.join(single, "runs.csv")):
        sys.exit(f"FAIL: {k} shards: runs.csv differs from the single process's")
    if not filecmp.cmp(os.path.join(m, "trace.csv"), os.path.join(single, "trace.csv"),
                       shallow=False):
        sys.exit(f"FAIL: {k} shards: trace.csv differs from the single process's")
    for folder in ("coco", "ioh"):
        if not same_tree(os.path.join(m, folder), os.path.join(single, folder)):
            sys.exit(f"FAIL: {k} shards: {folder}/ differs from the single process's")
    if manifest_without_threads(os.path.join(m, "manifest.txt")) != \
            manifest_without_threads(os.path.join(single, "manifest.txt")):
        sys.exit(f"FAIL: {k} shards: the manifests differ beyond threads and shard")
    return shards


def main():
    exe, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    if shutil.which("parallel") is None:
        sys.exit("FAIL: GNU parallel is not installed (apt-get install parallel; ./run does)")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    run([exe] + CAMPAIGN + ["--threads", "2", "-o", "single"], work)
    single = os.path.join(work, "single")
    shards = check_split(exe, work, single, 5)
    check_split(exe, work, single, 3)
    p = run([exe, "bench", "merge", "-o", "incomplete"] + shards[:3] + shards[4:], work,
            expect=2)
    if "is missing" not in p.stderr or p.stderr.count("\n") != 1:
        sys.exit(f"FAIL: a merge without shard 3 of 5 said: {p.stderr!r}")
    if os.path.exists(os.path.join(work, "incomplete")):
        sys.exit("FAIL: a refused merge left its output directory")
    check_mixed(exe, work)
    print("shards: 5 and 3 shards through GNU parallel merge into the single-process campaign;"
          " the mixed campaign (pagmo, restarts, an entry with settings, a plug-in) is the "
          "same for 1 and 2 threads and 3 shards")


if __name__ == "__main__":
    main()
