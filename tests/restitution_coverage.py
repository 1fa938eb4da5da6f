#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The restitution e from each impact's impulse as an observable of the full fit.

The seeded noise sets of tests/feature_coverage.py (the shipped example's
design: 12 drops, mu0 = 1 MPa, nu = 0.5, eta = 100 1/s, 0.5 % noise,
16-bit converter; noise seed 1000*set + drop) are extracted with
`maxwell extract --csv`, whose e column is e = impulse/(m V0) - 1, and
fitted with `maxwell fit --method full --observables O` for several O
with and without e.  For each O this prints the mean relative error of mu0
and eta over the sets (the bias; its standard error from the scatter) and
how many sets hold both within 2 standard errors (the coverage).

Asserted (the claims docs/traces.md makes): with O = F_M,e the fit says
`converged` in every set, its mean errors of mu0 and eta are below 0.3 %
and 1.5 %, and it covers the truth in at least 80 % of the sets (30 sets:
-0.025 % and -0.020 %, 30 of 30).  Where the bounds come from: the
extraction's F_M is unbiased to ~0.05 % and the restitution's trapezoid
impulse errs by ~1e-5 of e, so a larger mean error is a defect; the
bounds leave room for the scatter of a mean over 10 sets (s.e. ~0.03 % in
mu0, ~0.4 % in eta).  The other sets of observables are printed, not
asserted: over 30 sets each covers in 28-30 (the standard errors from
the features' u_* columns, not the residuals' pooled scatter, which
made those of F_M and t_M together too small: 18 of 30).

usage: restitution_coverage.py HERTZFIT WORKDIR [SETS]
"""
import csv
import io
import math
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import feature_coverage as fc  # noqa: E402  (the same noise sets)

OBSERVABLES = ["F_M,t_M,t_c", "F_M,t_M,t_c,e", "F_M,t_M,e", "F_M,e", "t_M,e"]
ASSERTED = "F_M,e"


def main():
    hertzfit, work = sys.argv[1], sys.argv[2]
    sets = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    err = {o: ([], []) for o in OBSERVABLES}
    covered = {o: 0 for o in OBSERVABLES}
    failures = []
    for s in range(1, sets + 1):
        features = fc.make(hertzfit, os.path.join(work, "set%02d" % s), s)
        for o in OBSERVABLES:
            args = [hertzfit, "maxwell", "fit", "--data", features, "--nu", "0.5",
                    "--method", "full", "--csv", "--observables", o]
            r = subprocess.run(args, capture_output=True, text=True)
            lines = [l for l in r.stdout.splitlines() if not l.startswith("#")]
            rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
            if len(rows) != 1:
                failures.append("set %d, %s: %s" % (s, o, r.stderr.strip()))
                continue
            row = rows[0]
            mu0, eta = float(row["mu0_Pa"]), float(row["eta_per_s"])
            zm = (mu0 - fc.MU0) / float(row["mu0_se"])
            ze = (eta - fc.ETA) / float(row["eta_se"])
            err[o][0].append(mu0 / fc.MU0 - 1.0)
            err[o][1].append(eta / fc.ETA - 1.0)
            ok = row["status"] == "converged" and r.returncode == 0
            covered[o] += ok and abs(zm) <= 2 and abs(ze) <= 2
            if o == ASSERTED and not ok:
                failures.append("set %d, --observables %s: status %s" % (s, o, row["status"]))
    print("observables      mean error mu0 (s.e.)     mean error eta (s.e.)    within 2 se")
    for o in OBSERVABLES:
        em, ee = err[o]
        if len(em) < 2:
            continue
        sm = statistics.stdev(em) / math.sqrt(len(em))
        se = statistics.stdev(ee) / math.sqrt(len(ee))
        print("%-15s  %+7.3f %% (%.3f %%)       %+7.3f %% (%.3f %%)      %d of %d"
              % (o, 100 * statistics.mean(em), 100 * sm, 100 * statistics.mean(ee), 100 * se,
                 covered[o], sets))
    em, ee = err[ASSERTED]
    if len(em) == sets:
        if abs(statistics.mean(em)) > 0.003 or abs(statistics.mean(ee)) > 0.015:
            failures.append("%s: mean errors %.3g, %.3g" % (ASSERTED, statistics.mean(em),
                                                            statistics.mean(ee)))
        # 80 % of 10 or more sets; of the sanitizer build's 3, all but one
        need = math.ceil(0.8 * sets) if sets >= 10 else max(sets - 1, 1)
        if covered[ASSERTED] < need:
            failures.append("%s covers the truth in %d of %d sets"
                            % (ASSERTED, covered[ASSERTED], sets))
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
