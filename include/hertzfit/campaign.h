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
 *                 problem's dimension, f* and budget, every optimiser
 *                 parameter (defaults included), the task count, with
 *                 --shift "shift = pcg" and each moved optimum
 *                 (problem.NAME.x_opt), and —
 *                 not compared between shards — shard and threads.
 *   runs.csv      optimizer,problem,dim,run,seed,stream,best_f,evaluations,
 *                 stop,seconds (one row per task, numbers as %.17g)
 *   trace.csv     every task's trace (hertzfit/trace.h): optimizer,problem,
 *                 run,iteration,evaluations,best_f at every improvement of
 *                 the best value
 *   coco/ALG/     bbob-logger layout of COCO 2.x for problems with known f*
 *                 (bbobexp_fF_i1.info, data_fF/bbobexp_fF_DIMD_i1.dat/.tdat),
 *                 one instance line entry per run.
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

/* The default targets: f* + 10^k for k = 1, 0, ..., -8. */
#define HF_CAMPAIGN_DEFAULT_TARGETS "1e1,1e0,1e-1,1e-2,1e-3,1e-4,1e-5,1e-6,1e-7,1e-8"

typedef void (*hf_campaign_progress_fn)(size_t done, size_t total, double elapsed_s,
                                        void *user);

typedef struct hf_campaign_config {
    const char *const *optimizers;  /* names as given (any order, no duplicates) */
    size_t n_optimizers;
    const char *const *problems;    /* "NAME[:DIM]" as given */
    size_t n_problems;
    size_t runs;                    /* >= 1 */
    const char *budget;             /* "E" or "E,DIM=E,..." (per dimension) */
    const char *targets;            /* comma list of deltas > 0; NULL = default */
    uint64_t seed;
    int threads;                    /* 0 = OpenMP default */
    size_t shard_index, shard_count; /* 0/1 = everything */
    const char *data_dir;           /* reference tables (profile-table) */
    int force;                      /* overwrite a directory holding another campaign */
    int shift;                      /* move test-function optima (hf_bench_problem_shift,
                                       seeded by seed); 0 = the classic problems */
    hf_campaign_progress_fn progress; /* may be NULL; called under a lock */
    void *progress_user;
} hf_campaign_config;

/* No lists, 1 run, budget "1000", default targets, seed 1, default
 * threads, shard 0/1, data_dir "data", no force, no shift, no progress. */
void hf_campaign_config_init(hf_campaign_config *cfg);

typedef struct hf_campaign_row {
    size_t optimizer, problem;   /* indices into the campaign's sorted lists */
    size_t run;
    uint64_t seed, stream;
    double best_f;
    size_t evaluations;
    hf_stop_reason stop;
    double seconds;
    size_t trace_first, trace_count; /* into hf_campaign.trace */
} hf_campaign_row;

typedef struct hf_campaign_problem {
    char *name;                  /* canonical, owned */
    size_t dim;
    int has_optimum;
    double f_opt;
    size_t budget;
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
} hf_campaign;

void hf_campaign_free(hf_campaign *c);

/* Runs the campaign (or its shard) and writes OUT_DIR (created, one level,
 * only after every check has passed and every task has run: a refused or
 * failed campaign leaves no directory behind).
 * Refuses (HF_EMISMATCH, naming the differing field) when OUT_DIR holds
 * the manifest of a different campaign, unless cfg->force.  Input errors
 * (unknown optimiser or problem — the diag lists the valid names —,
 * dimension < 1, runs 0, shard i >= k, bad budget or targets) are reported
 * before any task runs.  *out (may be NULL) receives the campaign in
 * memory, owned by the caller (hf_campaign_free). */
hf_status hf_campaign_run(const hf_campaign_config *cfg, const char *out_dir,
                          hf_campaign **out, hf_diag *diag);

/* Reads DIR/manifest.txt, runs.csv and trace.csv.  *out owned by the
 * caller.  HF_EIO / HF_EPARSE with the file, line and field named. */
hf_status hf_campaign_read(const char *dir, hf_campaign **out, hf_diag *diag);

/* Merges the campaigns in DIRS[0 .. n-1] into OUT_DIR.  Their manifests
 * must agree on every field but shard and threads (HF_EMISMATCH names the
 * field and both values); every task must appear exactly once
 * (HF_EMISMATCH names the first missing or duplicated task).  The merged
 * manifest says shard 0/1.  Same --force rule as hf_campaign_run. */
hf_status hf_campaign_merge(const char *const *dirs, size_t n, const char *out_dir,
                            int force, hf_diag *diag);

/* "0/1" style shard parsing: HF_EINVAL unless 0 <= i < k. */
hf_status hf_campaign_parse_shard(const char *text, size_t *index, size_t *count,
                                  hf_diag *diag);

/* Splits TEXT at every character of SEPARATORS (empty items skipped) into
 * *items, an array of *n malloc'ed strings owned by the caller, who frees
 * them with hf_campaign_strings_free.  The one list splitter of the
 * campaign code, the manifest reader and `hertzfit bench`. */
hf_status hf_campaign_split(const char *text, const char *separators, char ***items,
                            size_t *n);
void hf_campaign_strings_free(char **items, size_t n);

/* Target deltas from a comma list (TEXT NULL = HF_CAMPAIGN_DEFAULT_TARGETS):
 * each must be a finite number > 0 and none may repeat (HF_EINVAL naming
 * it).  *values (malloc'ed, caller frees) is sorted decreasing, easiest
 * target first.  The one target parser of `bench run`, `bench report` and
 * the manifest reader. */
hf_status hf_campaign_parse_targets(const char *text, double **values, size_t *n,
                                    hf_diag *diag);

/* The checks and order of hf_campaign_parse_targets on an array already
 * in memory, sorted in place (gsl_sort, then reversed). */
hf_status hf_campaign_sort_targets(double *values, size_t n, hf_diag *diag);

/* Index of the first trace point of ROW with best_f <= level, or
 * row->trace_count when the run never got there. */
size_t hf_campaign_first_hit(const hf_campaign *c, const hf_campaign_row *row,
                             double level);

#ifdef __cplusplus
}
#endif
#endif
