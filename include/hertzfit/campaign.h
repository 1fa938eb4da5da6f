/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/campaign.h — optimiser benchmark campaigns: every optimiser ×
 * every problem × N runs, run in parallel, written to a directory that
 * other campaigns (shards) merge into and the report reads.
 *
 * Determinism.  Task (optimiser O, problem P, run r) runs with PCG32 seed
 * S and stream hf_rng_stream_from_key("O|P", r): its result depends on
 * nothing else — not on the thread count, the shard, nor the order in
 * which the lists were given.  Names are canonical (hf_bench_problem) and
 * sorted, tasks are numbered in that order (optimiser, problem, run), shard
 * i/k runs the tasks whose number is i mod k, and the files list tasks in
 * that order.  So two campaigns with equal manifests write identical
 * runs.csv and trace.csv except the seconds column.
 *
 * Files in the output directory:
 *   manifest.txt  "key = value" lines: format, versions (hertzfit, git,
 *                 NLopt, GSL), seed, runs, targets, the sorted lists, each
 *                 problem's dimension, f* (one per run, space-separated,
 *                 when each run has its own instance: "bbob:F:D") and
 *                 budget, every optimiser
 *                 parameter (defaults included), the task count,
 *                 with cfg->shift, "shift = pcg" and each run's moved
 *                 optimum (problem.NAME.x_opt, runs separated by " ; "),
 *                 and —
 *                 not compared between shards — shard, threads and,
 *                 written last, data.FILE.rows and data.FILE.sha256 of
 *                 runs.csv and trace.csv (format hertzfit-campaign-3).
 *   runs.csv      optimizer,problem,dim,run,seed,stream,best_f,evaluations,
 *                 stop,seconds,best_x (one row per task, numbers as %.17g;
 *                 best_x: the point of best_f, its coordinates space-
 *                 separated in one cell, empty for a run without a finite
 *                 value; format hertzfit-campaign-4)
 *   trace.csv     every task's trace (hertzfit/trace.h): optimizer,problem,
 *                 run,iteration,evaluations,best_f at every improvement of
 *                 the best value
 *   coco/ALG/     bbob-logger layout of COCO 2.x for problems with known f*
 *                 (bbobexp_fF_i1.info, data_fF/bbobexp_fF_DIMD_i1.dat/.tdat),
 *                 one instance line entry per run.
 *   ioh/ALG/      IOHprofiler's format (IOHexperimenter's analyzer logger):
 *                 IOHprofiler_fID_NAME.json per function and
 *                 data_fID_NAME/IOHprofiler_fID_DIMd.dat, for IOHanalyzer.
 *
 * The library writes files but never prints; progress goes through a
 * callback the caller may print.
 */
#ifndef HERTZFIT_CAMPAIGN_H
#define HERTZFIT_CAMPAIGN_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/optimizer.h"
#include "hertzfit/status.h"
#include "hertzfit/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The limits of a campaign, far beyond any real one, so that a wrong
 * number (an option, a manifest field) is refused by name instead of
 * exhausting the memory or overflowing a count: runs per (optimiser,
 * problem), tasks in the whole campaign, evaluations per run, and a
 * problem's dimension as a manifest may state it. */
#define HF_CAMPAIGN_RUNS_MAX 1000000
#define HF_CAMPAIGN_TASKS_MAX 100000000
#define HF_CAMPAIGN_BUDGET_MAX 1000000000000
#define HF_CAMPAIGN_DIM_MAX 100000

/* How a budget rule counts evaluations. */
typedef enum hf_budget_scale {
    HF_BUDGET_EVALUATIONS,      /* value evaluations */
    HF_BUDGET_PER_DIMENSION     /* value × the problem's dimension (COCO's B·d) */
} hf_budget_scale;

/* One rule of a run's evaluation budget, for problems of dimension dim
 * (0: every dimension that has no rule of its own). */
typedef struct hf_budget_rule {
    size_t dim;
    hf_budget_scale scale;
    size_t value;               /* >= 1 */
} hf_budget_rule;

/* One budget rule from its text: "E" (every dimension) or "DIM=E" (that
 * dimension), E a whole number of evaluations or "B*d", B per dimension
 * as COCO states budgets (HF_BUDGET_PER_DIMENSION).  HF_EINVAL quoting
 * TEXT otherwise. */
hf_status hf_budget_rule_parse(const char *text, hf_budget_rule *rule, hf_diag *diag);

/* "i/k" with 0 <= i < k: shard i of k (tasks i, i + k, ...), as the
 * program's --shard and the manifest's shard field write it.  HF_EINVAL
 * quoting TEXT and saying what is wrong. */
hf_status hf_campaign_shard_parse(const char *text, size_t *index, size_t *count,
                                  hf_diag *diag);

typedef void (*hf_campaign_progress_fn)(size_t done, size_t total, double elapsed_s,
                                        void *user);

typedef struct hf_campaign_config {
    const char *const *optimizers;  /* names as given (any order, no duplicates) */
    size_t n_optimizers;
    const char *const *problems;    /* "NAME[:DIM]" as given */
    size_t n_problems;
    size_t runs;                    /* >= 1 */
    const hf_budget_rule *budget;   /* n_budget rules (borrowed); NULL: 1000 evaluations
                                       in every dimension */
    size_t n_budget;
    const double *targets;          /* n_targets deltas to f*, finite, > 0, distinct, any
                                       order (borrowed); NULL: 10^k for k = 1, 0, ..., -8 */
    size_t n_targets;
    uint64_t seed;
    int threads;                    /* 0 = OpenMP default; at most HF_THREADS_MAX (runs.h) */
    size_t shard_index, shard_count; /* 0/1 = everything */
    const char *data_dir;           /* reference tables (profile-table); NULL: hf_data_dir */
    int force;                      /* replace a directory holding another campaign or
                                       other files */
    int shift;                      /* move test-function optima (hf_bench_problem_shift,
                                       seeded by seed); 0 = the classic problems */
    hf_campaign_progress_fn progress; /* may be NULL; called under a lock */
    void *progress_user;
    const char *const *plugins;     /* paths of the shared objects the optimisers and
                                       problems came from (borrowed); the manifest
                                       records each with its SHA-256, so shards made
                                       with other plug-ins do not merge */
    size_t n_plugins;
    const unsigned long *instances; /* n_instances BBOB instances (borrowed; NULL: run r
                                       solves instance r + 1): run r of every
                                       "bbob:F:D" solves instances[r mod n]; runs 0
                                       means one run per instance */
    size_t n_instances;
    void *algorithm_user;           /* every task's hf_run_config.algorithm_user
                                       (hertzfit/optimizer.h); not recorded */
} hf_campaign_config;

/* COCO's instance sets for its bbob suite, by the year of the workshop
 * ("2009": 1-5 three times; "2010": 1-15; ...; "2023" and later:
 * 1-5,101-110), or a list of instances and ranges ("1-5,101-110", "7").
 * *instances (caller frees) receives them in order, repeats kept.
 * HF_EINVAL quoting TEXT otherwise. */
hf_status hf_campaign_instances_parse(const char *text, unsigned long **instances, size_t *n,
                                      hf_diag *diag);

/* No lists, 1 run, 1000 evaluations, default targets, seed 1, default
 * threads, shard 0/1, data_dir NULL (the shipped data, hf_data_dir), no
 * force, no shift, no progress. */
void hf_campaign_config_init(hf_campaign_config *cfg);

/* Named campaigns.  "paper": ica, icaco, random and five NLopt algorithms
 * on the two calibration problems and five test functions, 30 runs, 1000
 * evaluations in 2-D and 10000 in 10-D.  "bbob": the 24 BBOB functions
 * ("bbob:F:D", run r on instance r + 1) at D = 2, 3, 5, 10, 15 runs, 100·D
 * evaluations (HF_BUDGET_PER_DIMENSION), for ica, icaco,
 * nlopt:GN_CRS2_LM, nlopt:LN_BOBYQA and random; "bbob-full": the same
 * with D = 20 too.  hf_campaign_preset sets the
 * optimisers, problems, runs and budget of CFG (static data: the lists
 * stay valid) and leaves every other field as it is; HF_ENOTFOUND with
 * the valid names for an unknown NAME. */
hf_status hf_campaign_preset(const char *name, hf_campaign_config *cfg, hf_diag *diag);

/* The preset NAME at its larger size ("bbob": "bbob-full"), as
 * hf_campaign_preset sets it; HF_EINVAL for a preset without one,
 * HF_ENOTFOUND for an unknown NAME. */
hf_status hf_campaign_preset_larger(const char *name, hf_campaign_config *cfg, hf_diag *diag);

typedef struct hf_campaign_row {
    size_t optimizer, problem;   /* indices into the campaign's sorted lists */
    size_t run;
    uint64_t seed, stream;
    double best_f;
    size_t evaluations;
    hf_stop_reason stop;
    double seconds;
    size_t trace_first, trace_count; /* into hf_campaign.trace */
    double *best_x;              /* the point where best_f was found (its problem's dim
                                    values, owned by the campaign), or NULL: no finite
                                    value, or read from a folder of format 3 or older,
                                    whose runs.csv keeps no point */
} hf_campaign_row;

typedef struct hf_campaign_problem {
    char *name;                  /* canonical, owned */
    size_t dim;
    int has_optimum;
    double f_opt;                /* f* (of run 0's instance when run_f_opt is set) */
    size_t budget;
    double *run_f_opt;           /* NULL, or `runs` values, owned: f* of each run's own
                                    instance ("bbob:F:D": run r uses instance r + 1) */
} hf_campaign_problem;

/* A campaign in memory: what one directory holds.  Every pointer is owned
 * and released by hf_campaign_free. */
typedef struct hf_campaign {
    char **optimizers;           /* sorted */
    size_t n_optimizers;
    hf_campaign_problem *problems; /* sorted by name */
    size_t n_problems;
    size_t runs;
    uint64_t seed;
    double *targets;             /* deltas, decreasing */
    size_t n_targets;
    size_t shard_index, shard_count;
    int threads;
    int shifted;                 /* test-function optima moved (cfg->shift) */
    char **keys, **values;       /* the manifest, in file order */
    size_t n_fields;
    hf_campaign_row *rows;       /* sorted by (optimizer, problem, run) */
    size_t n_rows;
    hf_trace_point *trace;       /* every row's trace points, row after row */
    size_t n_trace;
    unsigned long *instances;    /* NULL, or n_instances: run r of a "bbob:F:D" solves
                                    instances[r mod n] (manifest field "instances") */
    size_t n_instances;
} hf_campaign;

void hf_campaign_free(hf_campaign *c);

/* Runs the campaign (or its shard) and writes OUT_DIR, only after every
 * check has passed and every task has run: the directory is built beside
 * OUT_DIR and put in its place as a whole (core/file.h), so a refused
 * or failed campaign leaves OUT_DIR as it was, or absent.  An existing
 * OUT_DIR is replaced whole; without cfg->force that is refused
 * (HF_EEXIST) when it holds anything but a campaign's own files
 * (manifest.txt, runs.csv, trace.csv, coco/, ioh/), naming the first other
 * entry, or the manifest of a different campaign, naming the differing
 * field (a rerun of the same campaign is allowed).  Input errors
 * (unknown optimiser or problem — the diag lists the valid names —,
 * dimension < 1, runs 0, shard i >= k, bad budget or targets) are reported
 * before any task runs.  When the host's interrupt (hf_interrupt_set,
 * hertzfit/optimizer.h) is pending once the tasks have run, their runs
 * were cut short: nothing is written, the folder's temporary is removed
 * and the call returns HF_EINTERRUPTED.  *out (may be NULL) receives the
 * campaign in memory, owned by the caller (hf_campaign_free). */
hf_status hf_campaign_run(const hf_campaign_config *cfg, const char *out_dir,
                          hf_campaign **out, hf_diag *diag);

/* Reads DIR/manifest.txt, runs.csv and trace.csv.  *out owned by the
 * caller.  HF_EIO / HF_EPARSE with the file, line and field named (every
 * manifest number range-checked against the limits above).  Then the
 * integrity checks, HF_EMISMATCH naming the file and the check: the rows
 * and the SHA-256 the manifest records of each data file (format 3; the
 * formats 1 and 2 record none and still read), and every run's last trace
 * point against its runs.csv row (the same best_f, within its
 * evaluations; no point only for a run without a finite value). */
hf_status hf_campaign_read(const char *dir, hf_campaign **out, hf_diag *diag);

/* Merges the campaigns in DIRS[0 .. n-1] into OUT_DIR.  Their manifests
 * must agree on every field but shard and threads (HF_EMISMATCH names the
 * field and both values); every task must appear exactly once
 * (HF_EMISMATCH names the first missing or duplicated task).  The merged
 * manifest says shard 0/1.  OUT_DIR and FORCE as for hf_campaign_run. */
hf_status hf_campaign_merge(const char *const *dirs, size_t n, const char *out_dir,
                            int force, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
