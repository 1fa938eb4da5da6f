#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/studies/viscoelastic_bias.py — the bias of Argatov's regressions
(Eqs. 57, 60, 62) and of Hunter's fits against the exact viscoelastic
impact (docs/viscoelastic.md, "The bias of the first-order routes").

    docs/studies/viscoelastic_bias.py HERTZFIT [ETA...]

For each relaxation rate ETA [1/s] (default: 60, 300, 600, 900, 1500, 2500,
Argatov's ε from 0.016 to 0.66 over the grid) a Maxwell material, μ0 = 10 MPa,
ν = 0.5, is dropped on by the 18 impacts of data/maxwell_synthetic_grid.csv
with the exact solver, no noise, and fitted by each route as a user would:

  * `maxwell simulate --exact --grid` gives the exact features (F_M, t_M,
    t_c, e), fitted by `maxwell fit --method regression` (Argatov's line of
    each observable) and `--method full` (Hunter's model, all features);
  * `maxwell simulate --exact --trace` gives each drop's exact force history
    (400 samples over the contact, half a contact before and after, a
    noise of 1e-6 of the peak so the curve fit has a noise to measure, seed
    1), fitted by `maxwell fit --method curve` (Hunter's model, the whole
    curves).

Prints a Markdown table: the grid's ε (geometric mean of
`maxwell simulate`'s eps column) and each route's relative error of μ0
and η, estimate/truth − 1, in per cent.  Only the program and Python's
standard library are used; the work files go to a temporary directory.
"""
import csv
import io
import math
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GRID = os.path.join(REPO, "data", "maxwell_synthetic_grid.csv")
MU0, NU = 1e7, 0.5
ETAS = [60.0, 300.0, 600.0, 900.0, 1500.0, 2500.0]
SAMPLES = 400
TRACE_NOISE = 1e-6


def program(exe, *args):
    p = subprocess.run([exe] + [str(a) for a in args] + ["--csv"], capture_output=True,
                       text=True)
    if p.returncode not in (0, 1):  # 1: a fit that is not trusted still has its numbers
        sys.exit(f"{' '.join(str(a) for a in args)}: exit {p.returncode}: {p.stderr}")
    return list(csv.DictReader(l for l in io.StringIO(p.stdout) if not l.startswith("#")))


def exact_features(exe, eta, work):
    rows = program(exe, "maxwell", "simulate", "--mu0", MU0, "--nu", NU, "--eta", eta,
                   "--grid", GRID, "--exact")
    path = os.path.join(work, f"features_{eta:g}.csv")
    with open(path, "w") as f:
        f.write("m_kg,R_m,V0_mps,F_M_N,t_M_s,t_c_s,e\n")
        for r in rows:
            f.write(",".join(r[c] for c in ("m_kg", "R_m", "V0_mps", "F_M_N", "t_M_s",
                                             "t_c_s", "e")) + "\n")
    eps = math.exp(sum(math.log(float(r["eps"])) for r in rows) / len(rows))
    return path, rows, eps


def exact_traces(exe, eta, rows, work):
    path = os.path.join(work, f"traces_{eta:g}.csv")
    with open(path, "w") as f:
        f.write("m_kg,R_m,V0_mps,trace\n")
        for i, r in enumerate(rows):
            tc = float(r["t_c_s"])
            trace = os.path.join(work, f"trace_{eta:g}_{i}.csv")
            program(exe, "maxwell", "simulate", "--mu0", MU0, "--nu", NU, "--eta", eta,
                    "--m", r["m_kg"], "--R", r["R_m"], "--v0", r["V0_mps"], "--exact",
                    "--trace", trace, "--rate", repr(SAMPLES / tc), "--pre", repr(tc / 2),
                    "--post", repr(tc / 2), "--noise", TRACE_NOISE, "--seed", 1)
            f.write(f"{r['m_kg']},{r['R_m']},{r['V0_mps']},{trace}\n")
    return path


def bias(row, eta):
    return (100.0 * (float(row["mu0_Pa"]) / MU0 - 1.0),
            100.0 * (float(row["eta_per_s"]) / eta - 1.0))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    exe = os.path.abspath(sys.argv[1])
    etas = [float(a) for a in sys.argv[2:]] or ETAS
    routes = ["regression F_M", "regression t_M", "regression t_c", "Hunter full",
              "Hunter curve"]
    print("| ε | " + " | ".join(f"{r}: μ0, η (%)" for r in routes) + " |")
    print("|---" * (len(routes) + 1) + "|")
    with tempfile.TemporaryDirectory() as work:
        for eta in etas:
            features, rows, eps = exact_features(exe, eta, work)
            fits = {}
            for r in program(exe, "maxwell", "fit", "--data", features, "--nu", NU,
                             "--method", "regression"):
                fits["regression " + r["observable"]] = r
            (fits["Hunter full"],) = program(exe, "maxwell", "fit", "--data", features,
                                             "--nu", NU, "--method", "full")
            (fits["Hunter curve"],) = program(exe, "maxwell", "fit", "--data",
                                              exact_traces(exe, eta, rows, work), "--nu", NU,
                                              "--method", "curve")
            cells = ["%+.2f, %+.2f" % bias(fits[r], eta) for r in routes]
            print(f"| {eps:.3f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
