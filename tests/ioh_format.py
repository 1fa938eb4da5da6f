#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A campaign's ioh/ folder is what IOHanalyzer reads (the rules are those
of IOHanalyzer's reader, R/readFiles.R, and IOHexperimenter's analyzer
logger): per optimiser one JSON per function with the keys in the logger's
order, "maximization": false, a version of at least 0.3.3 (below it the
JSON is not read as meta-data), attributes ["evaluations", "raw_y"], and
per dimension a scenario whose runs pair by position with the blocks of
its .dat file, each block headed "evaluations raw_y".  Every number is
checked against runs.csv and the manifest, which other writers produced: a
run's last row is at its evaluations, its running minimum ends at its
best_f (best_f − f* of the run's own instance on a BBOB function, as IOH's
own BBOB problems log it), the JSON's evals and best y are the same values,
its best x (which IOHexperimenter always writes) is runs.csv's best_x;
with --shift every run of a test function is its own instance (run + 1);
bbob:F:D runs instances 1, 2, ..., bbob:F:D:I instance I; two problems of
one BBOB function in one dimension share one scenario and one .dat file.
Nothing else lies in the folder.  Every function id fits IOH's 16-bit
signed function id, and a campaign on all 24 BBOB functions names them as
IOHexperimenter's BBOB problem classes do (include/ioh/problem/bbob/*.hpp,
typed here from those sources: f2 is "Ellipsoid", f10 "EllipsoidRotated").

Usage: ioh_format.py HERTZFIT_EXE WORK_DIR
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys

KEYS = ["version", "suite", "function_id", "function_name", "maximization", "algorithm",
        "attributes", "scenarios"]


def fail(message):
    sys.exit("FAIL: " + message)


def read_blocks(path):
    blocks = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line == "evaluations raw_y":
                blocks.append([])
            elif not blocks:
                fail(f"{path}: data before the first 'evaluations raw_y' header")
            else:
                e, y = line.split(" ")
                blocks[-1].append((int(e), float(y)))
    return blocks


def expected_rows(runs, opt, function_id, function_name, dim, manifest):
    """runs.csv rows of OPT that belong to a scenario, in file order, with
    the instance and the f* the IOH files must use."""
    out = []
    for r in runs:
        if r["optimizer"] != opt or int(r["dim"]) != dim:
            continue
        name = r["problem"]
        parts = name.split(":")
        run = int(r["run"])
        if parts[0] == "bbob":
            if int(parts[1]) != function_id:
                continue
            fopt = manifest[f"problem.{name}.f_opt"].split()
            f_star = float(fopt[run] if len(fopt) > 1 else fopt[0])
            instance = int(parts[3]) if len(parts) == 4 else run + 1
            out.append((r, instance, f_star))
        elif parts[0] == function_name:
            out.append((r, run + 1, 0.0))   # --shift: each run its own instance
    return out


IOH_BBOB_NAMES = {
    1: "Sphere", 2: "Ellipsoid", 3: "Rastrigin", 4: "BuecheRastrigin", 5: "LinearSlope",
    6: "AttractiveSector", 7: "StepEllipsoid", 8: "Rosenbrock", 9: "RosenbrockRotated",
    10: "EllipsoidRotated", 11: "Discus", 12: "BentCigar", 13: "SharpRidge",
    14: "DifferentPowers", 15: "RastriginRotated", 16: "Weierstrass", 17: "Schaffers10",
    18: "Schaffers1000", 19: "GriewankRosenbrock", 20: "Schwefel", 21: "Gallagher101",
    22: "Gallagher21", 23: "Katsuura", 24: "LunacekBiRastrigin"}


def check_best_point(entry, row, dim, where):
    """The run's "best" as IOHexperimenter's analyzer writes it (its
    BestPoint: evals, y, then x) with x the point runs.csv keeps, bit for
    bit (both are %.17g of the same doubles)."""
    best = entry["best"]
    if list(best) != ["evals", "y", "x"]:
        fail(f"{where}: best has keys {list(best)}, wanted evals, y, x")
    if len(best["x"]) != dim or best["x"] != [float(v) for v in row["best_x"].split(" ")]:
        fail(f"{where}: best.x {best['x']} is not runs.csv's best_x '{row['best_x']}'")


def check_bbob_names(exe, work):
    """All 24 BBOB functions: one JSON each, with IOHexperimenter's id and
    name, and per run a best.x at which the function, evaluated again by
    `bench eval` on the run's instance, has the logged best value exactly:
    the evaluation is deterministic and %.17g round-trips every double, so
    any difference is a wrong point, not rounding."""
    problems = ",".join(f"bbob:{f}:2" for f in range(1, 25))
    subprocess.run([exe, "bench", "run", "--optimizers", "random", "--problems", problems,
                    "--runs", "2", "--budget", "20", "--seed", "3", "-o", "names"],
                   cwd=work, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(work, "names", "runs.csv"), newline="") as f:
        best_f = {(r["problem"], int(r["run"])): float(r["best_f"]) for r in csv.DictReader(f)}
    alg_dir = os.path.join(work, "names", "ioh", "random")
    seen = {}
    evaluated = 0
    for name in os.listdir(alg_dir):
        if name.endswith(".json"):
            with open(os.path.join(alg_dir, name)) as f:
                meta = json.load(f)
            fid = meta["function_id"]
            seen[fid] = meta["function_name"]
            for run, entry in enumerate(meta["scenarios"][0]["runs"]):
                x = entry["best"]["x"]
                out = subprocess.run([exe, "bench", "eval", f"bbob:{fid}:2:{entry['instance']}"]
                                     + [repr(v) for v in x], check=True, capture_output=True,
                                     text=True).stdout
                f_again = float(out.split()[-1])
                f_logged = best_f[(f"bbob:{fid}:2", run)]
                if len(x) != 2 or f_again != f_logged:
                    fail(f"{name} run {run}: f(best.x = {x}) = {f_again!r}, the log's best "
                         f"is {f_logged!r}")
                evaluated += 1
    if evaluated != 48:
        fail(f"{evaluated} best points re-evaluated, wanted 24 functions x 2 runs")
    if seen != IOH_BBOB_NAMES:
        wrong = {k: v for k, v in seen.items() if IOH_BBOB_NAMES.get(k) != v}
        fail(f"BBOB functions named {wrong}, not as IOHexperimenter names them "
             f"({len(seen)} functions)")


def main():
    exe, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    subprocess.run([exe, "bench", "run", "--optimizers", "ica,random,nlopt:LN_BOBYQA",
                    "--problems", "rastrigin:2,rastrigin:3,sphere:2,profile,bbob:1:2,"
                    "bbob:1:2:3,bbob:20:3", "--runs", "4", "--budget", "300", "--seed", "5",
                    "--shift", "-o", "camp"],
                   cwd=work, check=True, stdout=subprocess.DEVNULL)
    camp = os.path.join(work, "camp")
    with open(os.path.join(camp, "runs.csv"), newline="") as f:
        runs = list(csv.DictReader(f))
    manifest = {}
    with open(os.path.join(camp, "manifest.txt")) as f:
        for line in f:
            if " = " in line:
                k, v = line.rstrip("\n").split(" = ", 1)
                manifest[k] = v
    ioh = os.path.join(camp, "ioh")
    optimizers = sorted({r["optimizer"] for r in runs})
    if sorted(os.listdir(ioh)) != sorted(o.replace(":", "-") for o in optimizers):
        fail(f"ioh/ holds {sorted(os.listdir(ioh))}, not one folder per optimiser")
    checked = 0
    for opt in optimizers:
        alg_dir = os.path.join(ioh, opt.replace(":", "-"))
        jsons = [n for n in os.listdir(alg_dir) if n.endswith(".json")]
        data_dirs = {n for n in os.listdir(alg_dir) if n.startswith("data_f")}
        if len(jsons) + len(data_dirs) != len(os.listdir(alg_dir)):
            fail(f"{alg_dir} holds files that are neither JSON nor data folders")
        # rastrigin, sphere, profile, and BBOB's f1 and f20
        if len(jsons) != 5:
            fail(f"{alg_dir}: {len(jsons)} JSON files for 5 functions")
        for name in jsons:
            with open(os.path.join(alg_dir, name)) as f:
                meta = json.load(f)
            if list(meta) != KEYS:
                fail(f"{name}: keys {list(meta)}, wanted {KEYS}")
            if not 0 < meta["function_id"] < 2**15:
                fail(f"{name}: function id {meta['function_id']} outside IOH's 16-bit type")
            if meta["maximization"] is not False:
                fail(f"{name}: maximization is {meta['maximization']!r}")
            if tuple(int(v) for v in meta["version"].split(".")) < (0, 3, 3):
                fail(f"{name}: version {meta['version']} is read by IOHanalyzer as legacy")
            if meta["attributes"] != ["evaluations", "raw_y"] or \
                    meta["algorithm"]["name"] != opt:
                fail(f"{name}: attributes or algorithm name wrong")
            safe = re.sub(r"[^A-Za-z0-9_-]", "_", meta["function_name"])
            if name != f"IOHprofiler_f{meta['function_id']}_{safe}.json":
                fail(f"{name}: the name does not carry the function id and name")
            dims = [sc["dimension"] for sc in meta["scenarios"]]
            if len(dims) != len(set(dims)):
                fail(f"{name}: two scenarios of one dimension {dims}")
            for sc in meta["scenarios"]:
                dim = sc["dimension"]
                blocks = read_blocks(os.path.join(alg_dir, sc["path"]))
                want = expected_rows(runs, opt, meta["function_id"], meta["function_name"],
                                     dim, manifest)
                if not (len(blocks) == len(sc["runs"]) == len(want)):
                    fail(f"{sc['path']}: {len(blocks)} blocks, {len(sc['runs'])} JSON runs, "
                         f"{len(want)} runs in runs.csv")
                for entry, block, (row, instance, f_star) in zip(sc["runs"], blocks, want):
                    best = float(row["best_f"]) - f_star
                    where = f"{sc['path']} ({row['problem']} run {row['run']})"
                    if entry["instance"] != instance:
                        fail(f"{where}: instance {entry['instance']}, wanted {instance}")
                    if entry["evals"] != int(row["evaluations"]) or \
                            block[-1][0] != int(row["evaluations"]):
                        fail(f"{where}: evaluations differ from runs.csv")
                    if min(y for _, y in block) != best or entry["best"]["y"] != best:
                        fail(f"{where}: best {entry['best']['y']} / "
                             f"{min(y for _, y in block)} differs from runs.csv's {best}")
                    check_best_point(entry, row, dim, where)
                    evals = [e for e, _ in block]
                    if evals != sorted(set(evals)) or entry["best"]["evals"] not in evals:
                        fail(f"{where}: evaluations not increasing, or the best's "
                             "evaluation not among them")
                    checked += 1
    if checked != len(runs):
        fail(f"{checked} runs in ioh/ for {len(runs)} rows of runs.csv")
    check_bbob_names(exe, work)
    print(f"ioh_format: IOHexperimenter's names for the 24 BBOB functions, each run's best.x "
          f"giving its best value again; "
          f"{checked} runs of ioh/ agree with runs.csv and the manifest")


if __name__ == "__main__":
    main()
