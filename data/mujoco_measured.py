#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""data/mujoco_measured.py — writes data/mujoco_measured.csv: a lab's table of
restitution and contact time with their standard errors, made from a known
law plus seeded normal noise (s.e. 0.01 on e, 3 % on t_c).  The law is the
per-impact Hunt–Crossley law of a 1 cm steel sphere (m = 0.1 kg,
K = 5e9 N/m^1.5, e = 0.8 at every speed, Hertz's t_c), read from
`hertzfit ev --csv` on the standard input:

    hertzfit ev --form per-impact --v-min 0.3 --v-max 3 --points 5 --csv |
        /usr/bin/python3 data/mujoco_measured.py > data/mujoco_measured.csv
"""
import csv
import random
import sys


def main():
    rows = [r for r in csv.DictReader(line for line in sys.stdin if not line.startswith("#"))]
    rng = random.Random(20261127)
    out = sys.stdout
    out.write("# A measured e(v), t_c(v) with standard errors: the per-impact law (e = 0.8,\n"
              "# Hertz's t_c) plus seeded noise, by data/mujoco_measured.py.\n")
    out.write("v_m_per_s,e,e_se,t_c_s,t_c_se_s\n")
    for r in rows:
        v, e, tc = float(r["v_m_per_s"]), float(r["e"]), float(r["t_c_s"])
        e_noisy = min(e + rng.gauss(0.0, 0.01), 1.0)
        tc_noisy = tc * (1.0 + rng.gauss(0.0, 0.03))
        out.write("%.6g,%.6f,%.2g,%.6e,%.3e\n" % (v, e_noisy, 0.01, tc_noisy, 0.03 * tc))


if __name__ == "__main__":
    main()
