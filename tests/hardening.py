#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How the program ends and what it may write over (cli/signals.c,
core/file.c), each with the command a user would type:

- an output that is a FIFO or a link to a device (/dev/null) is refused
  with exit 2 and left as it was; a link to a regular file is written
  through (the link stays a link);
- no output option may name one of the command's inputs or other outputs;
- SIGINT, SIGTERM, SIGHUP and SIGQUIT in the middle of a campaign or a plot
  leave no temporary file or folder, and end by that signal;
- a file-size limit (SIGXFSZ) ends with one line, a closed pipe (SIGPIPE) quietly
  and exit 1, leaving no temporary;
- what a SIGKILL leaves (NAME.tmp-PID-K of an ended process) is removed by
  the next write of NAME, and a report.tmp-* left in a campaign never blocks
  a later `bench run -o` of it;
- `maxwell simulate --trace` refuses a converter range whose step is not a
  normal double and a record shorter than a trace's 16 samples;
- `plot convergence` of a campaign's trace.csv draws one curve per
  (optimizer, problem), never one pooled curve;
- messages name what the user wrote: a drop height whose speed is not
  finite, bouncing-ball's --duration (which does not apply) and a --step too
  fine, a duration within its range but with too many steps;
- seeds take the whole unsigned 64-bit range, and a campaign made with the
  largest is read back by its report;
- a plug-in optimiser that segfaults or calls exit(0) ends the campaign with
  one line naming the plug-in (and the signal) and no campaign folder, with
  any thread count; one that never evaluates, or evaluates only outside the
  box, is recorded "failure" with best_f inf, never "converged".

Usage: hardening.py HERTZFIT_EXE PLUGIN_DIR WORK_DIR
"""
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time

FAILURES = []


def check(ok, what):
    if not ok:
        FAILURES.append(what)
        print("FAIL:", what)


def run(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


def temporaries(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        found += [os.path.join(root, n) for n in dirs + files if ".tmp-" in n or ".old-" in n]
    tmp = os.environ["TMPDIR"]   # the test's own: gnuplot scripts
    return found + [os.path.join(tmp, n) for n in os.listdir(tmp)]


def dead_pid():
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


SIM = ["maxwell", "simulate", "--mu0", "1e6", "--nu", "0.5", "--eta", "100", "--m", "0.0138",
       "--R", "0.0075", "--v0", "1"]


def special_outputs(exe, work):
    fifo = os.path.join(work, "fifo")
    os.mkfifo(fifo)
    os.symlink("/dev/null", os.path.join(work, "null-link"))
    os.symlink("/proc/self/fd/1", os.path.join(work, "stdout-link"))
    for name in ("fifo", "null-link", "stdout-link"):
        p = run([exe] + SIM + ["--trace", name], work, timeout=20)
        # through a pipe, /proc/self/fd/1 leads to no file: refused all the same
        check(p.returncode == 2 and p.stderr.count("\n") == 1 and
              ("regular file" in p.stderr or "link to nothing" in p.stderr),
              f"--trace {name}: exit {p.returncode}, {p.stderr!r}")
    check(stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO is still a FIFO")
    check(stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null is still a device")
    check(os.path.islink(os.path.join(work, "null-link")), "the link to /dev/null stays")
    # a plot to a FIFO: refused before gnuplot runs (no hang on the open)
    p = run([exe, "plot", "restitution", "-o", "fifo"], work, timeout=20)
    check(p.returncode == 2 and "FIFO" in p.stderr, f"plot -o fifo: {p.returncode} {p.stderr!r}")
    # a link to a regular file: the file gets the trace, the link stays
    with open(os.path.join(work, "old.csv"), "w") as f:
        f.write("old\n")
    os.symlink("old.csv", os.path.join(work, "link.csv"))
    p = run([exe] + SIM + ["--trace", "link.csv"], work)
    check(p.returncode == 0 and os.path.islink(os.path.join(work, "link.csv")) and
          open(os.path.join(work, "old.csv")).read().startswith("# hertzfit maxwell simulate"),
          f"--trace link.csv: {p.returncode} {p.stderr!r}")


def output_is_input(exe, work):
    table = os.path.join(work, "t.csv")
    shutil.copy(os.path.join(os.path.dirname(__file__), "..", "data",
                             "safaeifar2020_table2.csv"), table)
    before = open(table).read()
    os.symlink("t.csv", os.path.join(work, "t-link.csv"))
    base = [exe, "fit", "profile", "--optimizer", "random", "--runs", "2", "--max-evals", "20"]
    for args in (["--table", "t.csv", "--trace", "t.csv"],
                 ["--table", "t.csv", "--trace", "./t-link.csv"],
                 ["--sampling", "file:t.csv", "--empires", "t.csv"],
                 ["--trace", "a.csv", "--empires", "a.csv"]):
        p = run(base + args, work)
        check(p.returncode == 2 and p.stderr.count("\n") == 1 and "never writes over" in p.stderr,
              f"fit profile {args}: exit {p.returncode}, {p.stderr!r}")
    check(open(table).read() == before, "the table is untouched")
    camp = ["bench", "run", "--optimizers", "random", "--problems", "sphere:2", "--runs", "2"]
    check(run([exe] + camp + ["-o", "c"], work).returncode == 0, "a small campaign")
    for args in (["bench", "merge", "-o", "c", "c"], ["bench", "report", "c", "-o", "c"]):
        p = run([exe] + args, work)
        check(p.returncode == 2 and "never writes over" in p.stderr, f"{args}: {p.stderr!r}")
    check(os.path.exists(os.path.join(work, "c", "runs.csv")), "the campaign is untouched")


def wait_for_temporary(work, proc, seconds=20):
    end = time.time() + seconds
    while time.time() < end and proc.poll() is None:
        if any(".tmp-" in n for n in os.listdir(work)):
            return True
        time.sleep(0.01)
    return False


def signals(exe, work):
    long_campaign = [exe, "bench", "run", "--optimizers", "ica", "--problems", "rastrigin:10",
                     "--runs", "400", "--budget", "20000", "--threads", "1", "-o", "camp"]
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        proc = subprocess.Popen(long_campaign, cwd=work, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        started = wait_for_temporary(work, proc)
        proc.send_signal(sig)
        proc.wait(timeout=30)
        check(started and proc.returncode == -sig,
              f"{sig.name}: started {started}, exit {proc.returncode}")
        check(temporaries(work) == [] and not os.path.exists(os.path.join(work, "camp")),
              f"{sig.name} left {temporaries(work)}")
    # a file-size limit: the write fails (EFBIG), one line, exit 1, no temporary
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    for args in (SIM + ["--trace", "big.csv", "--rate", "1e6"],
                 ["bench", "run", "--optimizers", "random", "--problems", "sphere:2",
                  "--runs", "50", "-o", "big"]):
        p = run([exe] + args, work, preexec_fn=limit)
        check(p.returncode == 1 and p.stderr.count("\n") == 1 and "too large" in p.stderr,
              f"{args[:2]} under a 4 KiB limit: exit {p.returncode}, {p.stderr!r}")
        check(temporaries(work) == [], f"the file-size limit left {temporaries(work)}")
    # a closed pipe (a reader that stopped, as `| head` does): exit 1 with
    # nothing said (the reader chose to stop), not a death by SIGPIPE
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.Popen([exe, "grid", "--csv"], cwd=work, stdout=write_end,
                            stderr=subprocess.PIPE)
    os.close(write_end)
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    check(proc.returncode == 1 and err == "", f"stdout closed: exit {proc.returncode}, {err!r}")


def leftovers(exe, work):
    pid = dead_pid()
    left = os.path.join(work, f"drop.csv.tmp-{pid}-0")
    open(left, "w").close()
    alive = os.path.join(work, f"drop.csv.tmp-{os.getpid()}-0")   # a running process's
    open(alive, "w").close()
    p = run([exe] + SIM + ["--trace", "drop.csv"], work)
    check(p.returncode == 0 and not os.path.exists(left) and os.path.exists(alive),
          f"leftover of pid {pid}: exit {p.returncode}, left {os.listdir(work)}")
    os.remove(alive)
    camp = [exe, "bench", "run", "--optimizers", "random", "--problems", "sphere:2", "--runs",
            "2", "-o", "kept"]
    check(run(camp, work).returncode == 0, "a campaign")
    report_left = os.path.join(work, "kept", f"report.tmp-{pid}-0")
    os.makedirs(os.path.join(report_left, "figures"))
    open(os.path.join(report_left, "figures", "a.png"), "w").close()
    p = run(camp, work)
    check(p.returncode == 0 and not os.path.exists(report_left),
          f"a report.tmp left in the campaign: exit {p.returncode}, {p.stderr!r}")


def plugins(exe, plugin_dir, work):
    so = os.path.join(plugin_dir, "plugin_misbehaving.so")
    for name, needle in (("crash-segv", "crashed with SIGSEGV"), ("exit-zero", "called exit()")):
        for threads in ("1", "2"):
            out = os.path.join(work, "pc")
            p = run([exe, "bench", "run", "--optimizers", "ica,plugin:" + so + ":" + name,
                     "--problems", "sphere:2", "--runs", "8", "--threads", threads, "-o", out],
                    work)
            lines = [l for l in p.stderr.splitlines() if l]
            want_rc = (-signal.SIGSEGV,) if name == "crash-segv" else (1,)
            if "AddressSanitizer" in p.stderr:
                # the sanitizer build: the program's line comes first, then the
                # signal goes on to the sanitizer's handler, which reports it
                # and exits 1
                want_rc, lines = (1,), lines[:1]
            check(p.returncode in want_rc and len(lines) == 1 and needle in lines[0] and
                  so in lines[0], f"{name} threads {threads}: exit {p.returncode}, {lines!r}")
            check(not os.path.exists(out) and temporaries(work) == [],
                  f"{name} threads {threads} left {os.listdir(work)}")
    for name in ("lazy", "outside"):
        out = os.path.join(work, name)
        p = run([exe, "bench", "run", "--optimizers", "plugin:" + so + ":" + name,
                 "--problems", "sphere:2", "--runs", "2", "-o", out], work)
        rows = open(os.path.join(out, "runs.csv")).read().splitlines()[1:] \
            if p.returncode == 0 else []
        check(len(rows) == 2 and all(r.split(",")[6] == "inf" and r.split(",")[8] == "failure"
                                     for r in rows), f"{name}: {p.returncode} {rows!r}")


def seeds(exe, work):
    top = str(2**64 - 1)
    p = run([exe, "fit", "profile", "--optimizer", "random", "--runs", "2", "--seed", top,
             "--csv"], work)
    rows = [l for l in p.stdout.splitlines() if l and not l.startswith("#")]
    check(p.returncode == 0 and all(r.split(",")[2] == top for r in rows[1:]),
          f"fit profile --seed 2^64-1: {p.returncode} {rows!r} {p.stderr!r}")
    p = run([exe, "bench", "run", "--optimizers", "random", "--problems", "sphere:2", "--runs",
             "2", "--seed", top, "-o", "big-seed"], work)
    q = run([exe, "bench", "report", "big-seed", "--no-plot"], work)
    check(p.returncode == 0 and q.returncode == 0,
          f"a campaign with seed 2^64-1 and its report: {p.returncode} {q.returncode} "
          f"{q.stderr!r}")
    p = run([exe, "fit", "profile", "--optimizer", "random", "--seed", str(2**64)], work)
    check(p.returncode == 2 and "is not a seed (a whole number from 0 to 2^64 - 1" in p.stderr,
          f"--seed 2^64: {p.returncode} {p.stderr!r}")


def simulate_extremes(exe, work):
    # a converter step that is not a normal double (every sample would read
    # -range), a record too short for its own reader, a sample count shown
    # as a number a person can read: each refused with one line, no file
    for args, needle in ((["--bits", "16", "--range", "1e308"], "not a normal double"),
                         (["--bits", "16", "--range", "1e-320"], "not a normal double"),
                         (["--rate", "10"], "fewer than the 16 a trace needs (raise the rate to at "
                                             "least 2934 Hz)"),
                         (["--rate", "1e300"], "has 5.114e+297 samples, over the 2000000")):
        p = run([exe] + SIM + ["--trace", "x.csv"] + args, work)
        check(p.returncode == 2 and p.stderr.count("\n") == 1 and needle in p.stderr and
              len(p.stderr) < 300 and not os.path.exists(os.path.join(work, "x.csv")),
              f"simulate {args}: exit {p.returncode}, {p.stderr!r}")
    # the smallest rate it asks for is enough
    p = run([exe] + SIM + ["--trace", "x.csv", "--rate", "2934"], work)
    check(p.returncode == 0, f"simulate --rate 2934: {p.returncode} {p.stderr!r}")


def convergence_plot(exe, work):
    # a campaign's trace.csv holds one curve per (optimizer, problem): 2 x 2
    # draws, 17 pairs are refused by name instead of being pooled into one
    if shutil.which("gnuplot") is None:
        return
    camp = [exe, "bench", "run", "--runs", "2", "--budget", "200"]
    check(run(camp + ["--optimizers", "ica,random", "--problems", "sphere:2,rastrigin:2",
                      "-o", "four"], work).returncode == 0, "a 2 x 2 campaign")
    p = run([exe, "plot", "convergence", os.path.join("four", "trace.csv"), "-o", "f.png"],
            work)
    check(p.returncode == 0 and os.path.getsize(os.path.join(work, "f.png")) > 0,
          f"plot convergence of a 2 x 2 campaign: {p.returncode} {p.stderr!r}")
    problems = ",".join("sphere:%d" % d for d in range(2, 19))   # 17 problems
    check(run(camp + ["--optimizers", "random", "--problems", problems, "-o", "many"],
              work).returncode == 0, "a 1 x 17 campaign")
    p = run([exe, "plot", "convergence", os.path.join("many", "trace.csv"), "-o", "m.png"],
            work)
    check(p.returncode == 2 and "more than 16 (optimizer, problem) pairs" in p.stderr and
          not os.path.exists(os.path.join(work, "m.png")),
          f"plot convergence of 17 pairs: {p.returncode} {p.stderr!r}")


def messages(exe, work):
    # each names the value and the place the user wrote, and states the
    # limit that failed (not one that holds)
    with open(os.path.join(work, "h.csv"), "w") as f:
        f.write("m_g,D_mm,h_m,F_M_N,t_M_s,t_c_s\n4,10,1e308,10,0.001,0.002\n")
    cases = ((["maxwell", "fit", "--data", "h.csv", "--nu", "0.5"],
              "h.csv:2:3: h_m = 1e+308 gives V0 = inf m/s"),
             (["example", "bouncing-ball", "--duration", "3"],
              "duration does not apply to bouncing-ball"),
             (["example", "bouncing-ball", "--step", "1e-12"],
              "output step = 1e-12 s gives 1.363e+09 samples"),
             (["example", "impact-damper", "--duration", "10000", "--step", "1e-4"],
              "duration = 10000 s at output step = 0.0001 s is 1e+08 steps, more than 1e7"))
    for args, needle in cases:
        p = run([exe] + args, work)
        check(p.returncode == 2 and p.stderr.count("\n") == 1 and needle in p.stderr,
              f"{args}: exit {p.returncode}, {p.stderr!r}")


def main():
    exe, plugin_dir, work = (os.path.abspath(a) for a in sys.argv[1:4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "tmpdir"))
    os.environ["TMPDIR"] = os.path.join(work, "tmpdir")
    for part, fn in (("special", lambda w: special_outputs(exe, w)),
                     ("io", lambda w: output_is_input(exe, w)),
                     ("signals", lambda w: signals(exe, w)),
                     ("leftovers", lambda w: leftovers(exe, w)),
                     ("plugins", lambda w: plugins(exe, plugin_dir, w)),
                     ("seeds", lambda w: seeds(exe, w)),
                     ("simulate", lambda w: simulate_extremes(exe, w)),
                     ("convergence", lambda w: convergence_plot(exe, w)),
                     ("messages", lambda w: messages(exe, w))):
        w = os.path.join(work, part)
        os.makedirs(w)
        fn(w)
    if FAILURES:
        sys.exit(f"{len(FAILURES)} failure(s)")
    print("ok")


if __name__ == "__main__":
    main()
