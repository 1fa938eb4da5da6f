#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""data/maxwell_specimens.py — writes data/maxwell_specimens.csv: drop tests
of three specimens, each the 18 impacts of data/maxwell_synthetic_grid.csv
simulated by `hertzfit maxwell simulate --grid` with 1 % noise: specimens
"A-1" (seed 11) and "A-2" (seed 12) of one material (mu0 = 10 MPa, eta =
300 1/s) and "B" (seed 13) of another (mu0 = 10.5 MPa, eta = 300 1/s), a
`specimen` column first.  `hertzfit maxwell compare` must find A-1 and
A-2 alike and B different from both.  The program is run with an argument
list, never through a shell.

    /usr/bin/python3 data/maxwell_specimens.py build/hertzfit > data/maxwell_specimens.csv
"""
import csv
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPECIMENS = [("A-1", 1e7, 11), ("A-2", 1e7, 12), ("B", 1.05e7, 13)]


def main():
    hertzfit = sys.argv[1]
    out = sys.stdout
    out.write("# Drop tests of three specimens (data/maxwell_specimens.py): A-1 and A-2 of\n"
              "# mu0 = 10 MPa, B of 10.5 MPa, eta = 300 1/s, nu = 0.5, 1 % noise.\n")
    out.write("specimen,m_kg,R_m,V0_mps,F_M_N,t_M_s,t_c_s,e\n")
    for name, mu0, seed in SPECIMENS:
        table = subprocess.run([hertzfit, "maxwell", "simulate", "--grid",
                                os.path.join(HERE, "maxwell_synthetic_grid.csv"),
                                "--mu0", repr(mu0), "--nu", "0.5", "--eta", "300",
                                "--noise", "0.01", "--seed", str(seed), "--csv"],
                               check=True, capture_output=True, text=True).stdout
        for r in csv.DictReader(io.StringIO(table)):
            out.write(",".join([name] + [r[c] for c in ("m_kg", "R_m", "V0_mps", "F_M_N",
                                                        "t_M_s", "t_c_s", "e")]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
