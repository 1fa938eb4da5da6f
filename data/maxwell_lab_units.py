#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""data/maxwell_lab_units.py — writes data/maxwell_lab_units.csv: the noisy
synthetic drop tests (data/maxwell_synthetic_noisy.csv) as a lab would type
them: ';'-separated, grams, ball diameters in mm, drop heights in mm
(h = V0^2/(2 g), g = 9.80665 m/s^2), peak forces in N, times in ms and us,
every value rounded to 6 significant digits, a quoted note holding the
separator, and two values lost (an empty cell and NA).

    /usr/bin/python3 data/maxwell_lab_units.py > data/maxwell_lab_units.csv
"""
import csv
import os
import sys

G = 9.80665
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    with open(os.path.join(HERE, "maxwell_synthetic_noisy.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    out = sys.stdout
    out.write("# Drop tests in lab units: data/maxwell_synthetic_noisy.csv rewritten by\n"
              "# data/maxwell_lab_units.py (6 significant digits, two values lost).\n")
    out.write("ball;m_g;D_mm;h_mm;F_M_N;t_M_ms;t_c_us;e;note\n")
    balls = {}
    for i, r in enumerate(rows):
        m, R, V0 = float(r["m_kg"]), float(r["R_m"]), float(r["V0_mps"])
        if R not in balls:
            balls[R] = "ABC"[len(balls)]
        ball = balls[R]
        cells = [ball, m * 1e3, 2 * R * 1e3, V0 * V0 / (2 * G) * 1e3, float(r["F_M_N"]),
                 float(r["t_M_s"]) * 1e3, float(r["t_c_s"]) * 1e6, float(r["e"])]
        text = [cells[0]] + ["%.6g" % v for v in cells[1:]]
        note = ""
        if i == 3:
            text[5] = ""
            note = '"trigger late; t_M lost"'
        if i == 10:
            text[7] = "NA"
            note = '"rebound not filmed"'
        out.write(";".join(text + [note]) + "\n")


if __name__ == "__main__":
    main()
