#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Ctrl-C in Octave stops a long hertzfit MEX call within a second with the
error hertzfit:interrupted, and no result is returned (matlab/hertzfit_mex.c
polls Octave's pending-interrupt flag through hf_interrupt_set).  Without it
Octave waited for the call to end (16 s in one trial) and then lost it.

Usage: matlab_interrupt.py OCTAVE_CLI MEX_DIR WORK_DIR
"""
import os
import signal
import subprocess
import sys
import time

SCRIPT = r"""
addpath(argv(){1});
printf('started\n'); fflush(stdout);
tic;
r = [];
try
  r = hertzfit_fit_profile('optimizer', 'icaco', 'runs', 100000, 'seed', 1, 'threads', 1);
  printf('returned after %.3f s\n', toc);
catch err
  printf('caught %s: %s\n', err.identifier, err.message);
end
printf('result empty: %d\n', isempty(r)); fflush(stdout);
"""


def main():
    octave, mex_dir, work = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    os.makedirs(work, exist_ok=True)
    script = os.path.join(work, "interrupt.m")
    with open(script, "w") as f:
        f.write(SCRIPT)
    failures = 0
    for trial in range(3):
        p = subprocess.Popen([octave, "--no-gui", "--norc", "-q", script, mex_dir], cwd=work,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = p.stdout.readline()
        time.sleep(0.5 + 0.2 * trial)   # well inside the call (100,000 runs: minutes)
        sent = time.time()
        p.send_signal(signal.SIGINT)
        caught = p.stdout.readline()
        latency = time.time() - sent
        rest, err = p.communicate(timeout=60)
        # after the error, Octave may act on the same Ctrl-C and end the
        # script before its last line; it must never print a result
        ok = (first.startswith("started") and
              caught.startswith("caught hertzfit:interrupted: hertzfit_mex: "
                                "hertzfit_fit_profile: interrupted (Ctrl-C)")
              and latency < 1.0 and "result empty: 0" not in rest and "returned" not in rest)
        print(f"trial {trial}: {latency:.3f} s: {caught.strip()} / {rest.strip()}")
        failures += not ok
    if failures:
        sys.exit(f"FAIL: {failures} of 3 trials")
    print("ok")


if __name__ == "__main__":
    main()
