#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A user's own optimiser and problem as plug-ins (hertzfit/plugin.h, the
examples in examples/plugins/): `fit profile` and `bench run` take
plugin:PATH.so[:NAME] optimisers and plugin:PATH.so:NAME[:DIM] problems; the
plug-in optimiser appears in the report beside ICA; the manifest records
each plug-in's path and SHA-256 (checked here with hashlib); shards made with
a different plug-in file do not merge; a bad path, a missing entry point, a
wrong ABI and an unknown name are one line on stderr and exit 2.

Usage: plugins.py HERTZFIT_EXE PLUGIN_DIR WORK_DIR
"""
import hashlib
import os
import shutil
import subprocess
import sys


def run(args, cwd, expect=0):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(args)} -> exit {p.returncode} (wanted {expect})\n"
                 f"stdout: {p.stdout}\nstderr: {p.stderr}")
    return p


def manifest(path):
    fields = {}
    with open(path) as f:
        for line in f:
            if " = " in line and not line.startswith("#"):
                k, v = line.rstrip("\n").split(" = ", 1)
                fields[k] = v
    return fields


def main():
    exe, plugins, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
    es = os.path.join(plugins, "one_plus_one_es.so")
    obj = os.path.join(plugins, "weighted_abs.so")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    p = run([exe, "fit", "profile", "--optimizer", "plugin:" + es, "--runs", "3", "--csv"], work)
    rows = [l for l in p.stdout.splitlines() if l and not l.startswith("#")]
    if len(rows) != 4 or not all(",one-plus-one-es," in r for r in rows[1:]):
        sys.exit(f"FAIL: fit profile with the plug-in optimiser printed {rows!r}")

    campaign = [exe, "bench", "run", "--optimizers", "ica,plugin:" + es,
                "--problems", "sphere:2,plugin:" + obj + ":weighted-abs:3",
                "--runs", "4", "--budget", "300", "--seed", "5"]
    run(campaign + ["-o", "camp"], work)
    m = manifest(os.path.join(work, "camp", "manifest.txt"))
    for k, path in ((0, es), (1, obj)):
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
        if m.get(f"plugin.{k}") != path or m.get(f"plugin.{k}.sha256") != digest:
            sys.exit(f"FAIL: the manifest records plugin.{k} as {m.get(f'plugin.{k}')!r} "
                     f"{m.get(f'plugin.{k}.sha256')!r}, wanted {path} {digest}")
    if m.get("optimizers") not in ("ica one-plus-one-es", "ica,one-plus-one-es"):
        sys.exit(f"FAIL: optimizers = {m.get('optimizers')!r}")
    p = run([exe, "bench", "report", "camp", "--no-plot"], work)
    section = p.stdout.split("### weighted-abs:3", 1)
    if len(section) != 2 or "| one-plus-one-es |" not in section[1].split("###")[0] \
            or "| ica |" not in section[1].split("###")[0]:
        sys.exit(f"FAIL: the report has no weighted-abs:3 table with both optimisers:\n{p.stdout}")

    # shards made with another file of the plug-in do not merge
    other = os.path.join(work, "one_plus_one_es_copy.so")
    shutil.copyfile(es, other)
    with open(other, "ab") as f:
        f.write(b"\0changed")
    run(campaign[:4] + ["ica,plugin:" + es] + campaign[5:] + ["--shard", "0/2", "-o", "s0"], work)
    run(campaign[:4] + ["ica,plugin:" + other] + campaign[5:] + ["--shard", "1/2", "-o", "s1"],
        work)
    p = run([exe, "bench", "merge", "-o", "merged", "s0", "s1"], work, expect=2)
    if "plugin.0.sha256" not in p.stderr or p.stderr.count("\n") != 1:
        sys.exit(f"FAIL: a merge of shards with different plug-ins said {p.stderr!r}")

    # the same plug-in file at another path is the same plug-in (its SHA-256)
    moved = os.path.join(work, "elsewhere")
    os.makedirs(moved, exist_ok=True)
    same = os.path.join(moved, "one_plus_one_es.so")
    shutil.copyfile(es, same)
    run(campaign[:4] + ["ica,plugin:" + same] + campaign[5:] + ["--shard", "1/2", "-o", "s1m"],
        work)
    run([exe, "bench", "merge", "-o", "merged-moved", "s0", "s1m"], work)

    for bad, needle in ((os.path.join(work, "missing.so"), "cannot load plug-in"),
                        (os.path.join(plugins, "plugin_no_entry.so"), "no plug-in entry point"),
                        (os.path.join(plugins, "plugin_bad_abi.so"), "plug-in ABI"),
                        (es + ":no-such-name", "has no optimizer 'no-such-name'")):
        p = run([exe, "bench", "run", "--optimizers", "plugin:" + bad, "--problems", "sphere:2",
                 "-o", "never"], work, expect=2)
        if needle not in p.stderr or p.stderr.count("\n") != 1:
            sys.exit(f"FAIL: plugin:{bad} said {p.stderr!r}, wanted one line with {needle!r}")
    if os.path.exists(os.path.join(work, "never")):
        sys.exit("FAIL: a refused plug-in left an output folder")
    print("plugins: the plug-in optimiser and problem ran in fit and bench, were recorded, "
          "and were refused when wrong")


if __name__ == "__main__":
    main()
