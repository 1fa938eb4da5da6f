# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark campaigns (hertzfit/campaign.h) and their report
(hertzfit/report.h): every optimiser × every problem × N seeded runs, written
to a folder the program's `hertzfit bench report` and COCO's tools read."""
import os
import re

import numpy as np

from ._core import (CallbackScope, Error, check, encode, ffi, lib, new_diag, path_bytes, stop_name,
                    text)


class Campaign:
    """A campaign in memory (what a campaign folder holds).  ``optimizers``
    and ``problems`` are sorted; ``problem_info`` is a structured array (name,
    dim, has_optimum, f_opt, budget); ``rows`` one row per task (optimizer,
    problem, run, seed, stream, best_f, evaluations, stop, seconds, error),
    error being best_f − f*."""

    def __init__(self, ptr):
        self._ptr = ffi.gc(ptr, lib.hf_campaign_free)
        c = ptr
        self.optimizers = [text(c.optimizers[i]) for i in range(int(c.n_optimizers))]
        self.problems = [text(c.problems[i].name) for i in range(int(c.n_problems))]
        self.runs = int(c.runs)
        self.seed = int(c.seed)
        self.targets = np.array([c.targets[i] for i in range(int(c.n_targets))])
        width = max([len(n) for n in self.problems] + [1])
        self.problem_info = np.array(
            [(text(p.name), p.dim, bool(p.has_optimum), p.f_opt, p.budget)
             for p in (c.problems[i] for i in range(int(c.n_problems)))],
            dtype=[("name", "U%d" % width), ("dim", "i8"), ("has_optimum", "?"),
                   ("f_opt", "f8"), ("budget", "i8")])
        owidth = max([len(n) for n in self.optimizers] + [1])
        rows = np.zeros(int(c.n_rows), dtype=[
            ("optimizer", "U%d" % owidth), ("problem", "U%d" % width), ("run", "i8"),
            ("seed", "u8"), ("stream", "u8"), ("best_f", "f8"), ("evaluations", "i8"),
            ("stop", "U9"), ("seconds", "f8"), ("error", "f8")])
        for i in range(rows.size):
            r = c.rows[i]
            rows[i] = (self.optimizers[r.optimizer], self.problems[r.problem], r.run, r.seed,
                       r.stream, r.best_f, r.evaluations, stop_name(r.stop), r.seconds,
                       lib.hf_report_final_error(ptr, ffi.addressof(c.rows[i])))
        self.rows = rows

    def ert(self, optimizer, problem, delta):
        """(ERT, successes, runs) of OPTIMIZER on PROBLEM to f* + DELTA (COCO's
        expected running time; inf without a success)."""
        try:
            o, p = self.optimizers.index(optimizer), self.problems.index(problem)
        except ValueError:
            raise Error(lib.HF_ENOTFOUND, "no optimizer '%s' or problem '%s' in the campaign "
                        "(optimizers: %s; problems: %s)" % (optimizer, problem,
                                                            ", ".join(self.optimizers),
                                                            ", ".join(self.problems)))
        successes, runs = ffi.new("size_t *"), ffi.new("size_t *")
        value = lib.hf_report_ert(self._ptr, o, p, delta, successes, runs)
        return value, int(successes[0]), int(runs[0])

    def report(self, out_dir, targets=None, alpha=0.05, force=False):
        """Writes the report folder OUT_DIR (summary.md, ert.csv,
        final_error.csv, fixed_budget.csv, ecdf.csv, ranking.csv) and returns
        the text of summary.md."""
        opt = ffi.new("hf_report_options *")
        lib.hf_report_options_init(opt)
        keep = None
        if targets is not None:
            keep = ffi.new("double[]", [float(t) for t in targets])
            opt.targets, opt.n_targets = keep, len(targets)
        opt.alpha, opt.force = alpha, 1 if force else 0
        diag = new_diag()
        check(lib.hf_report_write(self._ptr, opt, path_bytes(out_dir, "out dir"), diag), diag)
        del keep
        with open(os.path.join(out_dir, "summary.md"), encoding="utf-8") as f:
            return f.read()


def _budget_rules(budget):
    """1000 (evaluations) or "100*d" (per dimension, COCO's B·d)."""
    if isinstance(budget, str):
        m = re.fullmatch(r"\s*(\d+)\s*\*\s*d\s*", budget)
        if not m:
            raise Error(lib.HF_EINVAL, "budget '%s' is neither a count nor 'N*d'" % budget)
        value, scale = int(m.group(1)), lib.HF_BUDGET_PER_DIMENSION
    else:
        value, scale = int(budget), lib.HF_BUDGET_EVALUATIONS
    if value < 1:
        raise Error(lib.HF_EINVAL, "budget %s: at least one evaluation" % budget)
    return ffi.new("hf_budget_rule *", {"dim": 0, "scale": scale, "value": value})


def bench_run(out_dir, optimizers=None, problems=None, runs=None, budget=None, seed=1,
              threads=0, preset=None, targets=None, data_dir=None, force=False, shift=False):
    """Runs a campaign (every optimiser × every problem × RUNS runs, task
    (O, P, r) on PCG32 stream keyed by "O|P" and r: the same results for any
    thread count) and writes OUT_DIR (runs.csv, trace.csv, manifest.txt,
    coco/, ioh/).  PRESET ("paper", "bbob", "bbob-full") sets the lists, runs
    and budget, which the other arguments override.  Registered Python
    optimisers take part like any other.  DATA_DIR holds the reference tables
    (profile-table); None, as the program: $HERTZFIT_DATA, else the installed
    share/hertzfit, else "data" (hf_data_dir).  Returns the Campaign."""
    cfg = ffi.new("hf_campaign_config *")
    lib.hf_campaign_config_init(cfg)
    diag = new_diag()
    if preset is not None:
        check(lib.hf_campaign_preset(encode(preset, "preset"), cfg, diag), diag)
    keep = []

    def names(values, what):
        if isinstance(values, str):
            values = [values]
        c = [ffi.new("char[]", encode(v, what)) for v in values]
        keep.extend(c)
        arr = ffi.new("char *[]", c)
        keep.append(arr)
        return arr, len(c)

    if optimizers is not None:
        cfg.optimizers, cfg.n_optimizers = names(optimizers, "optimizer")
    if problems is not None:
        cfg.problems, cfg.n_problems = names(problems, "problem")
    if cfg.n_optimizers == 0 or cfg.n_problems == 0:
        raise Error(lib.HF_EINVAL, "a campaign needs optimizers and problems (or a preset)")
    if runs is not None:
        cfg.runs = runs
    if budget is not None:
        rule = _budget_rules(budget)
        keep.append(rule)
        cfg.budget, cfg.n_budget = rule, 1
    if targets is not None:
        t = ffi.new("double[]", [float(v) for v in targets])
        keep.append(t)
        cfg.targets, cfg.n_targets = t, len(targets)
    data = ffi.NULL if data_dir is None else ffi.new("char[]", path_bytes(data_dir, "data dir"))
    keep.append(data)
    cfg.seed, cfg.threads, cfg.data_dir = seed, threads, data
    cfg.force, cfg.shift = 1 if force else 0, 1 if shift else 0
    out = ffi.new("hf_campaign **")
    with CallbackScope() as scope:   # Python optimisers' exceptions and Ctrl-C
        cfg.algorithm_user = scope.handle   # their runs, on any thread: this call's
        status = lib.hf_campaign_run(cfg, path_bytes(out_dir, "out dir"), out, diag)
        if out[0] != ffi.NULL:
            campaign = Campaign(out[0])
        check(status, diag)
    return campaign


def bench_read(directory):
    """Reads a campaign folder (checked against its manifest's row counts and
    SHA-256)."""
    out = ffi.new("hf_campaign **")
    diag = new_diag()
    check(lib.hf_campaign_read(path_bytes(directory, "directory"), out, diag), diag)
    return Campaign(out[0])


def bench_report(campaign, out_dir, targets=None, alpha=0.05, force=False):
    """The report of CAMPAIGN (a Campaign or a campaign folder) written to
    OUT_DIR; returns the text of its summary.md."""
    if not isinstance(campaign, Campaign):
        campaign = bench_read(campaign)
    return campaign.report(out_dir, targets=targets, alpha=alpha, force=force)
