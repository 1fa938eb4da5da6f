#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes docs/study-bbob.md from the campaigns of docs/studies/study-bbob.sh.

    docs/studies/study_bbob_page.py OUT TIMES [PAGE]

OUT is the script's output folder, TIMES the file of its timing lines (its
stderr), PAGE the page (default docs/study-bbob.md).  The numbers come from
each campaign's report (bench report: ecdf.csv, final_error.csv) and its
summary.md; the paragraph on what was run (docs/studies/study-bbob-what-was-
run.md) and the conclusion (docs/studies/study-bbob-conclusion.md) are written
by hand from these numbers and included as they are; a cocopp section, when
cocopp was run by hand, is OUT/cocopp/section.md.  Standard library only.
"""
import csv
import os
import sys
import textwrap
from collections import defaultdict


def ecdf_at(path, evals_per_dim):
    """optimizer -> runtime-ECDF fraction at the largest budget <= evals_per_dim."""
    out = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if float(row["evals_per_dim"]) <= evals_per_dim:
                out[row["optimizer"]] = float(row["fraction"])
    return out


def best_median_counts(path):
    """optimizer -> problems on which its median final error is the lowest (ties shared)."""
    med = defaultdict(dict)
    with open(path) as f:
        for row in csv.DictReader(f):
            med[row["problem"]][row["optimizer"]] = float(row["median"])
    wins = defaultdict(int)
    for per in med.values():
        low = min(per.values())
        for opt, m in per.items():
            if m <= low * (1 + 1e-12) + 1e-300:
                wins[opt] += 1
    return wins, len(med)


def table(out, name, budget_per_dim):
    rep = os.path.join(out, name, "report")
    full = ecdf_at(os.path.join(rep, "ecdf.csv"), budget_per_dim)
    early = ecdf_at(os.path.join(rep, "ecdf.csv"), budget_per_dim / 10)
    wins, n = best_median_counts(os.path.join(rep, "final_error.csv"))
    lines = ["| optimizer | ECDF at %g·d | ECDF at %g·d | lowest median error (of %d problems) |"
             % (budget_per_dim / 10, budget_per_dim, n), "|---|---:|---:|---:|"]
    for opt in sorted(full, key=lambda o: -full[o]):
        lines.append("| %s | %.3f | %.3f | %d |" % (opt, early.get(opt, 0.0), full[opt],
                                                     wins.get(opt, 0)))
    return "\n".join(lines), full


def campaign_dimensions(out, prefix):
    """The d of every campaign PREFIX + d the script ran (with a report), sorted:
    prefix bbob-d for the larger dimensions, bbob-1e4-d for the 10^4*d budget."""
    dims = []
    for name in os.listdir(out):
        if name.startswith(prefix) and os.path.isdir(os.path.join(out, name, "report")):
            dims.append(int(name[len(prefix):]))
    return sorted(dims)


def big_dimensions(out):
    return campaign_dimensions(out, "bbob-d")


def long_budget_section(out):
    """The 10^4*d campaigns: one table of every optimiser's ECDF at 10^3*d and
    10^4*d per dimension (the same runs read at two budgets), then each
    dimension's own table; empty when none was run."""
    dims = campaign_dimensions(out, "bbob-1e4-d")
    if not dims:
        return ""
    at = {d: (ecdf_at(os.path.join(out, "bbob-1e4-d%d" % d, "report", "ecdf.csv"), 1000),
              ecdf_at(os.path.join(out, "bbob-1e4-d%d" % d, "report", "ecdf.csv"), 10000))
          for d in dims}
    opts = sorted(at[dims[0]][1], key=lambda o: -sum(at[d][1].get(o, 0.0) for d in dims))
    head = "| optimizer | " + " | ".join("d = %d: 10³·d → 10⁴·d" % d for d in dims) + " |"
    lines = [head, "|---|" + "---:|" * len(dims)]
    for opt in opts:
        cells = ["%.3f → %.3f" % (at[d][0].get(opt, 0.0), at[d][1].get(opt, 0.0)) for d in dims]
        lines.append("| %s | %s |" % (opt, " | ".join(cells)))
    per_dim = []
    for d in dims:
        t, _ = table(out, "bbob-1e4-d%d" % d, 10000)
        per_dim.append("### d = %d, budget 10⁴·d\n\n%s\n" % (d, t))
    intro = textwrap.fill(
        "The 24 functions, 15 instances, one campaign per dimension with a budget of "
        "10⁴·d (d = %s).  The runtime ECDF of each optimiser at 10³·d and at 10⁴·d, "
        "read from the same runs:" % ", ".join(str(d) for d in dims), width=75)
    return "## bbob at 10⁴·d\n\n%s\n\n%s\n\n%s" % (intro, "\n".join(lines),
                                                    "\n".join(per_dim))


def cocopp_section(out):
    """OUT/cocopp/section.md when cocopp was run by hand (it is no part of
    the script: it needs cocopp's source and the data archive), else a
    sentence saying it was not."""
    path = os.path.join(out, "cocopp", "section.md")
    if os.path.isfile(path):
        with open(path) as f:
            return f.read().strip()
    return ("cocopp was not run for this page: no comparison with COCO's data archive "
            "is shown.")


def main():
    out, times = sys.argv[1], sys.argv[2]
    page = sys.argv[3] if len(sys.argv) > 3 else "docs/study-bbob.md"
    here = os.path.dirname(os.path.abspath(__file__))
    bbob, _ = table(out, "bbob", 1000)
    big = []
    for d in big_dimensions(out):
        t, _ = table(out, "bbob-d%d" % d, 1000)
        big.append("## bbob, d = %d\n\nThe same at d = %d (a campaign of its own): 24 "
                   "problems.\n\n%s\n" % (d, d, t))
    dims = "2, 3, 5" + "".join(", %d" % d for d in big_dimensions(out))
    big_sections = "\n".join(big)
    centre, plain = table(out, "centre", 1000)
    _, shifted = table(out, "centre-shifted", 1000)
    bias = ["| optimizer | ECDF at 1000·d, optimum at the centre | with `--shift` | difference |",
            "|---|---:|---:|---:|"]
    for opt in sorted(plain, key=lambda o: -(plain[o] - shifted.get(o, 0.0))):
        bias.append("| %s | %.3f | %.3f | %+.3f |" % (opt, plain[opt], shifted.get(opt, 0.0),
                                                       plain[opt] - shifted.get(opt, 0.0)))
    bias_table = "\n".join(bias)
    with open(os.path.join(out, "profile.summary.md")) as f:
        profile = f.read().split("### ", 1)[1]
    profile = "### " + profile.split("\nreport files")[0].strip()
    with open(os.path.join(out, "golden.txt")) as f:
        golden = "".join("    " + line for line in f)
    with open(times) as f:
        timing = "".join("    " + line for line in f if "wall" in line)
    with open(os.path.join(here, "study-bbob-conclusion.md")) as f:
        conclusion = f.read()
    with open(os.path.join(here, "study-bbob-what-was-run.md")) as f:
        what = f.read().strip()
    cocopp = cocopp_section(out)
    long_budget = long_budget_section(out)
    reduced = "" if 20 in campaign_dimensions(out, "bbob-1e4-d") else " (a reduced study)"
    text = f"""# ICA and ICACO measured against the field{reduced}

This page is written by `docs/studies/study_bbob_page.py` from the campaigns
of `docs/studies/study-bbob.sh` and cocopp's comparison of
`docs/studies/study-bbob-cocopp.sh` (all in the repository, run by hand,
never by ctest; cocopp's source and COCO's data archive are fetched, not
committed):

```sh
BIG_DIMS="20 10" LONG_DIMS="2 3 5 10" docs/studies/study-bbob.sh study-bbob 2> times.txt
docs/studies/study-bbob-cocopp.sh study-bbob COCOPP_SRC ARCHIVE
docs/studies/study_bbob_page.py study-bbob times.txt
```

{what}

Times on the project's shared 2-core machine (every campaign at `nice 19`;
bbob, centre and profile on one thread, the bbob-dD and bbob-1e4-dD
campaigns in 8 shards run by GNU parallel two at a time, so their user CPU
is the sum over both cores).  Other engineers' builds and tests ran at the
same time, so wall time says little; user CPU is the cost:

{timing}
## bbob, d = 2, 3, 5

Runtime ECDF over every (function, dimension, instance, target Δ from 10 to
1e-8): the fraction of pairs reached within 100·d and 1000·d evaluations;
and on how many of the 72 (function, dimension) problems each optimiser has
the lowest median final error.

{bbob}

{big_sections}
{long_budget}
## Comparison with COCO's archived algorithms

{cocopp}

## Centre bias: nine classic functions at d = 5, as they are and shifted

sphere, ellipsoid, rosenbrock, rastrigin, griewank, ackley, schwefel226,
levy, styblinski-tang at d = 5, 15 runs, 1000·d evaluations; then the same
with `--shift` (each run's optimum moved to a seeded point of the box).  A
method that does better with the optimum at the centre than moved has a
centre bias (Kudela 2022).

{centre}

With `--shift`:

{bias_table}

## The paper's calibration problem

The Table 2 objective (`profile-table`), 15 runs of 2000 evaluations; the
Δ = 1e-8 columns are the evaluations to reach an RMS within 1e-8 % of the
closed-form minimum.  Against them, golden-section search (GSL's
`gsl_min_fminimizer_goldensection`) on K0, the one variable the objective
depends on, with its bracket taken from the same (a, b) box
(`build/bench/bench_profile --golden`, run by the script):

{golden}
{profile}

## Conclusion

{conclusion}"""
    with open(page + ".tmp", "w") as f:
        f.write(text)
    os.replace(page + ".tmp", page)


if __name__ == "__main__":
    main()
