#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""data/drop_traces/make.py — makes the example force traces of
data/drop_traces/ with `hertzfit maxwell simulate --trace`: 12 drops
(3 steel balls x 4 drop heights) on a Maxwell material mu0 = 1 MPa,
nu = 0.5, eta = 100 1/s, sampled at 100 kHz with 0.5 % noise (of each
drop's peak force), a baseline offset, and a 16-bit converter reading
+-100 N; the contact starts between samples, at a different phase in each
drop.  The list drops.csv gives each drop in lab units (g, mm, drop
height in mm).

    /usr/bin/python3 data/drop_traces/make.py --hertzfit build/hertzfit [--out DIR]
    /usr/bin/python3 data/drop_traces/make.py --hertzfit build/hertzfit --check

--check makes them in a scratch folder and compares them byte for byte with
the shipped files (the ctest test data:drop_traces), but for the
"# git_hash = " line of each trace's provenance: it names the commit that
made the file, so a later commit's program writes another.  The program is run
with an argument list, never through a shell.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
G = 9.80665                     # the reader's default g
MU0, NU, ETA = 1e6, 0.5, 100.0  # the true material
BALLS = [(4.08, 10.0), (13.8, 15.0), (32.7, 20.0)]   # mass [g], diameter [mm]
HEIGHTS = [20.0, 50.0, 100.0, 200.0]                 # drop height [mm]


def drops():
    k = 0
    for m_g, d_mm in BALLS:
        for h_mm in HEIGHTS:
            k += 1
            yield k, m_g, d_mm, h_mm


def make(hertzfit, out):
    with open(os.path.join(out, "drops.csv"), "w", newline="") as f:
        f.write("# Drop tests of data/drop_traces/: one row per drop, its impactor in lab\n"
                "# units and its force trace (made by make.py; see README.md).\n")
        f.write("drop,m_g,D_mm,h_mm,trace\n")
        for k, m_g, d_mm, h_mm in drops():
            f.write("%d,%g,%g,%g,drop%02d.csv\n" % (k, m_g, d_mm, h_mm, k))
    for k, m_g, d_mm, h_mm in drops():
        v0 = math.sqrt(2.0 * G * h_mm * 1e-3)
        args = [hertzfit, "maxwell", "simulate", "--mu0", repr(MU0), "--nu", repr(NU),
                "--eta", repr(ETA), "--m", repr(m_g * 1e-3), "--R", repr(d_mm * 0.5e-3),
                "--v0", repr(v0), "--trace", os.path.join(out, "drop%02d.csv" % k),
                "--rate", "100000", "--pre", repr(1e-3 + 1.37e-6 * k), "--post", "0.001",
                "--noise", "0.005", "--offset", repr(0.25 + 0.01 * k), "--bits", "16",
                "--range", "100", "--seed", str(k), "--csv"]
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def same(made, shipped):
    """The two files agree byte for byte but for their git_hash lines."""
    def content(path):
        with open(path, "rb") as f:
            return [l for l in f if not l.startswith(b"# git_hash = ")]
    return content(made) == content(shipped)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hertzfit", required=True, help="the hertzfit program")
    p.add_argument("--out", default=HERE, help="folder to write (default: this one)")
    p.add_argument("--check", action="store_true",
                   help="make them in a scratch folder and compare with the shipped files")
    a = p.parse_args()
    if not a.check:
        make(a.hertzfit, a.out)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        make(a.hertzfit, tmp)
        names = sorted(n for n in os.listdir(tmp))
        bad = [n for n in names
               if not os.path.exists(os.path.join(HERE, n))
               or not same(os.path.join(tmp, n), os.path.join(HERE, n))]
        if bad:
            print("data/drop_traces: differ from what make.py makes: " + ", ".join(bad),
                  file=sys.stderr)
            return 1
        print("data/drop_traces: %d files reproduced byte for byte (but for their git_hash "
              "lines)" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
