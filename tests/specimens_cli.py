#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Specimens and provenance through the program, on traces made by the program.

Three specimens of 6 drops each (2 steel balls x 3 drop heights), their
force traces written by `maxwell simulate --trace` with 0.5 % noise (seed
per drop): "rubber A-1" and "rubber A-2" of one material (mu0 = 1 MPa,
eta = 100 1/s), "rubber B" of another (mu0 = 1.25 MPa).  Names with a
space, quoted in the list.  Checked:
 - `maxwell extract --csv`: a specimen column first, every row's name;
 - `maxwell compare` on the extracted features (the full fit) and on the
   traces (the curve fit): A-1 vs A-2 do not differ, B differs from both
   (a 25 % step in mu0 is hundreds of standard errors: any working test
   separates it; the same material differs by chance with probability
   0.05, and these seeds are one draw of that);
 - `maxwell fit --csv`: one row per specimen and method, specimen first;
 - provenance: the '#' lines of fit, extract and compare name the list
   and every trace file with the SHA-256 that `sha256sum` computes, nu,
   the method and the version; a file changed after the run is what the
   hash would catch; the aligned table starts with the CSV's record, and
   `maxwell simulate` writes one record above its table and in its trace;
 - `plot trace --specimen`: one specimen's figure; an unknown specimen is
   refused naming the list's.

usage: specimens_cli.py HERTZFIT WORKDIR
"""
import csv
import io
import math
import os
import shutil
import subprocess
import sys

G = 9.80665
SPECIMENS = [("rubber A-1", 1e6, 100), ("rubber A-2", 1e6, 200), ("rubber B", 1.25e6, 300)]
BALLS = [(4.08e-3, 5e-3), (13.8e-3, 7.5e-3)]
HEIGHTS = [0.02, 0.05, 0.1]
FAILURES = []


def check(ok, what):
    if not ok:
        FAILURES.append(what)


def run(hertzfit, *args):
    r = subprocess.run([hertzfit] + list(args), capture_output=True, text=True)
    if r.returncode != 0:
        FAILURES.append("hertzfit %s: exit %d: %s" % (" ".join(args), r.returncode, r.stderr))
    return r.stdout


def make(hertzfit, work):
    rows = []
    for name, mu0, seed0 in SPECIMENS:
        k = 0
        for m, R in BALLS:
            for h in HEIGHTS:
                k += 1
                f = "%s-%d.csv" % (name.replace(" ", "_"), k)
                v0 = math.sqrt(2 * G * h)
                run(hertzfit, "maxwell", "simulate", "--mu0", repr(mu0), "--nu", "0.5",
                    "--eta", "100", "--m", repr(m), "--R", repr(R), "--v0", repr(v0),
                    "--trace", os.path.join(work, f), "--rate", "100000",
                    "--pre", repr(1e-3 + 1.37e-6 * k), "--post", "0.001", "--noise", "0.005",
                    "--seed", str(seed0 + k))
                rows.append('"%s",%r,%r,%r,%s' % (name, m, R, v0, f))
    path = os.path.join(work, "list.csv")
    with open(path, "w") as out:
        out.write("specimen,m_kg,R_m,V0_mps,trace\n" + "\n".join(rows) + "\n")
    return path


def split(text):
    """('#' lines as a dict, the table's rows as dicts)."""
    prov, table = {}, []
    for line in text.splitlines():
        if line.startswith("# "):
            key, _, value = line[2:].partition(" = ")
            prov[key] = value
        else:
            table.append(line)
    return prov, list(csv.DictReader(io.StringIO("\n".join(table))))


def sha256sum(path):
    out = subprocess.run(["sha256sum", path], check=True, capture_output=True, text=True)
    return out.stdout.split()[0]


def check_provenance(what, prov, files):
    for key in ("hertzfit_version", "git_hash"):
        check(prov.get(key), "%s: no %s line" % (what, key))
    for key, path in files.items():
        check(prov.get(key) == path, "%s: %s = %r, not %r" % (what, key, prov.get(key), path))
        check(prov.get(key + "_sha256") == sha256sum(path),
              "%s: %s_sha256 = %r, sha256sum says %s" % (what, key, prov.get(key + "_sha256"),
                                                         sha256sum(path)))


def check_compare(what, rows):
    pairs = {(r["specimen_a"], r["specimen_b"]): r for r in rows}
    check(len(pairs) == 3, "%s: %d pairs" % (what, len(pairs)))
    same = pairs.get(("rubber A-1", "rubber A-2"), {})
    check(same.get("differ") == "no", "%s: A-1 vs A-2 differ: %s" % (what, same))
    for a in ("rubber A-1", "rubber A-2"):
        other = pairs.get((a, "rubber B"), {})
        check(other.get("differ") == "yes", "%s: %s vs B do not differ: %s" % (what, a, other))
    for r in rows:
        check(r["status"] == "ok", "%s: pair %s/%s status %s" % (what, r["specimen_a"],
                                                               r["specimen_b"], r["status"]))


def main():
    hertzfit, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    lst = make(hertzfit, work)
    traces = {"trace_%d" % (i + 1): os.path.join(work, "%s-%d.csv" % (n.replace(" ", "_"), k))
              for i, (n, k) in enumerate((n, k) for n, _, _ in SPECIMENS for k in range(1, 7))}
    # extraction: specimen first, provenance of the list and every trace
    text = run(hertzfit, "maxwell", "extract", "--data", lst, "--csv")
    prov, rows = split(text)
    table_header = [l for l in text.splitlines() if not l.startswith("#")][0]
    check(table_header.startswith("specimen,drop,"), "extract: header %s" % table_header)
    check([r["specimen"] for r in rows] == [n for n, _, _ in SPECIMENS for _ in range(6)],
          "extract: specimens %s" % [r["specimen"] for r in rows])
    check_provenance("extract", prov, dict(traces, data=lst))
    check(prov.get("impact") == "first", "extract: impact = %s" % prov.get("impact"))
    features = os.path.join(work, "features.csv")
    with open(features, "w") as f:
        f.write(text)
    # the comparison on the features (full fit) and on the traces (curve fit)
    prov, rows = split(run(hertzfit, "maxwell", "compare", "--data", features, "--nu", "0.5",
                           "--csv"))
    check_compare("compare (full)", rows)
    check_provenance("compare (full)", prov, {"data": features})
    check(prov.get("method") == "full" and prov.get("nu") == "0.5" and
          prov.get("level") == "0.050000000000000003",
          "compare: method, nu, level = %s" % prov)
    prov, rows = split(run(hertzfit, "maxwell", "compare", "--data", lst, "--nu", "0.5",
                           "--method", "curve", "--csv"))
    check_compare("compare (curve)", rows)
    check_provenance("compare (curve)", prov, dict(traces, data=lst))
    # per-specimen fits, one table
    prov, rows = split(run(hertzfit, "maxwell", "fit", "--data", features, "--nu", "0.5",
                           "--method", "full", "--observables", "F_M,t_M,e", "--csv"))
    check([r["specimen"] for r in rows] == [n for n, _, _ in SPECIMENS],
          "fit: rows %s" % [r.get("specimen") for r in rows])
    check(prov.get("observables") == "F_M+t_M+e", "fit: observables = %s"
          % prov.get("observables"))
    for r, (name, mu0, _) in zip(rows, SPECIMENS):
        z = (float(r["mu0_Pa"]) - mu0) / float(r["mu0_se"])
        check(abs(z) < 4, "fit: %s mu0 %s is %.1f se from %g" % (name, r["mu0_Pa"], z, mu0))
    # the aligned table starts with the same record as the CSV
    aligned = run(hertzfit, "maxwell", "fit", "--data", features, "--nu", "0.5",
                  "--method", "full", "--observables", "F_M,t_M,e")
    check([l for l in aligned.splitlines() if l.startswith("#")] ==
          [l for l in run(hertzfit, "maxwell", "fit", "--data", features, "--nu", "0.5",
                          "--method", "full", "--observables", "F_M,t_M,e",
                          "--csv").splitlines() if l.startswith("#")],
          "fit: the aligned table's '#' lines differ from the CSV's")
    # a simulation's record: its table and its trace file carry the same
    trace = os.path.join(work, "rubber_B-1.csv")
    prov, _ = split(run(hertzfit, "maxwell", "simulate", "--mu0", "1250000.0", "--nu", "0.5",
                        "--eta", "100", "--m", repr(BALLS[0][0]), "--R", repr(BALLS[0][1]),
                        "--v0", repr(math.sqrt(2 * G * HEIGHTS[0])), "--trace",
                        os.path.join(work, "again.csv"), "--rate", "100000",
                        "--pre", repr(1e-3 + 1.37e-6), "--post", "0.001", "--noise", "0.005",
                        "--seed", "301", "--csv"))
    with open(trace) as f:
        in_file = dict(l[2:].rstrip("\n").partition(" = ")[::2] for l in f
                       if l.startswith("# ") and " = " in l)
    check(prov == in_file and prov.get("mu0_pa") == "1250000" and prov.get("seed") == "301"
          and prov.get("rate_hz") == "100000", "simulate: record %s, trace's %s" % (prov, in_file))
    # a figure of one specimen; a specimen the list has not is refused by name
    png = os.path.join(work, "B.png")
    if shutil.which("gnuplot"):
        run(hertzfit, "plot", "trace", "--data", lst, "--nu", "0.5", "--specimen", "rubber B",
            "-o", png)
        check(os.path.getsize(png) > 1000 if os.path.exists(png) else False,
              "plot trace --specimen: no figure")
    r = subprocess.run([hertzfit, "plot", "trace", "--data", lst, "--nu", "0.5", "--specimen",
                        "rubber C", "-o", png], capture_output=True, text=True)
    check(r.returncode == 2 and "no specimen 'rubber C' (the list has: rubber A-1, rubber A-2, "
          "rubber B)" in r.stderr, "plot trace --specimen 'rubber C': %d %s"
          % (r.returncode, r.stderr))
    for f in FAILURES:
        print("FAIL: " + f, file=sys.stderr)
    if not FAILURES:
        print("specimens_cli: extract, compare (full, curve), fit and provenance checked")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
