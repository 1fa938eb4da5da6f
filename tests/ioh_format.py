#!/usr/bin/python3
"""A campaign's ioh/ folder is what IOHanalyzer reads (the rules are those
of IOHanalyzer's reader, R/readFiles.R, and IOHexperimenter's analyzer
logger): per optimiser one JSON per function with the keys in the logger's
order, "maximization": false, a version of at least 0.3.3 (below it the
JSON is not read as meta-data), attributes ["evaluations", "raw_y"], and
per dimension a scenario whose runs pair by position with the blocks of
its .dat file, each block headed "evaluations raw_y".  Every number is
checked against runs.csv, which another writer produced: a run's last row
is at its evaluations, its running minimum ends at its best_f, the JSON's
evals and best y are the same values; with --shift every run is its own
instance (run + 1).  Nothing else lies in the folder.

Usage: ioh_format.py HERTZFIT_EXE WORK_DIR
"""
import csv
import json
import os
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


def main():
    exe, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    subprocess.run([exe, "bench", "run", "--optimizers", "ica,random,nlopt:LN_BOBYQA",
                    "--problems", "rastrigin:2,rastrigin:3,sphere:2,profile", "--runs", "4",
                    "--budget", "300", "--seed", "5", "--shift", "-o", "camp"],
                   cwd=work, check=True, stdout=subprocess.DEVNULL)
    camp = os.path.join(work, "camp")
    with open(os.path.join(camp, "runs.csv"), newline="") as f:
        runs = list(csv.DictReader(f))
    by_task = {(r["optimizer"], r["problem"], int(r["run"])): r for r in runs}
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
        families = {r["problem"].split(":")[0] for r in runs}
        if len(jsons) != len(families):
            fail(f"{alg_dir}: {len(jsons)} JSON files for {len(families)} functions")
        for name in jsons:
            with open(os.path.join(alg_dir, name)) as f:
                meta = json.load(f)
            if list(meta) != KEYS:
                fail(f"{name}: keys {list(meta)}, wanted {KEYS}")
            if meta["maximization"] is not False:
                fail(f"{name}: maximization is {meta['maximization']!r}")
            if tuple(int(v) for v in meta["version"].split(".")) < (0, 3, 3):
                fail(f"{name}: version {meta['version']} is read by IOHanalyzer as legacy")
            if meta["attributes"] != ["evaluations", "raw_y"] or \
                    meta["algorithm"]["name"] != opt:
                fail(f"{name}: attributes or algorithm name wrong")
            if name != f"IOHprofiler_f{meta['function_id']}_{meta['function_name']}.json":
                fail(f"{name}: the name does not carry the function id and name")
            for sc in meta["scenarios"]:
                dim = sc["dimension"]
                blocks = read_blocks(os.path.join(alg_dir, sc["path"]))
                if len(blocks) != len(sc["runs"]):
                    fail(f"{sc['path']}: {len(blocks)} blocks for {len(sc['runs'])} runs")
                problem = meta["function_name"] if meta["function_name"] == "profile" \
                    else f"{meta['function_name']}:{dim}"
                for k, (entry, block) in enumerate(zip(sc["runs"], blocks)):
                    row = by_task[(opt, problem, k)]
                    best = float(row["best_f"])
                    if entry["instance"] != k + 1:
                        fail(f"{sc['path']} run {k}: instance {entry['instance']} with --shift")
                    if entry["evals"] != int(row["evaluations"]) or \
                            block[-1][0] != int(row["evaluations"]):
                        fail(f"{sc['path']} run {k}: evaluations differ from runs.csv")
                    if min(y for _, y in block) != best or entry["best"]["y"] != best:
                        fail(f"{sc['path']} run {k}: best {entry['best']['y']} / "
                             f"{min(y for _, y in block)} differs from runs.csv's {best}")
                    evals = [e for e, _ in block]
                    if evals != sorted(set(evals)) or entry["best"]["evals"] not in evals:
                        fail(f"{sc['path']} run {k}: evaluations not increasing, or the "
                             "best's evaluation not among them")
                    checked += 1
    if checked != len(runs):
        fail(f"{checked} runs in ioh/ for {len(runs)} rows of runs.csv")
    print(f"ioh_format: {checked} runs of ioh/ agree with runs.csv")


if __name__ == "__main__":
    main()
