/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_internal.h — what the campaign files share and the public
 * header does not promise.  One file per job, calls going one way only:
 *   campaign_common.c    the campaign in memory (fields, tasks, targets,
 *                        BBOB identities, the folders writers open);
 *                        calls no other campaign file
 *   campaign_manifest.c  manifest.txt written, read, compared
 *   campaign_data.c      runs.csv and trace.csv written, read, verified
 *   campaign_coco.c      the COCO bbob-logger layout (coco/)
 *   campaign_ioh.c       IOHprofiler's layout (ioh/)
 *   campaign_dir.c       a whole folder: written from the four above, read
 *   campaign_merge.c     shards merged (reads and writes folders)
 *   campaign.c           runs the tasks and writes the folder
 */
#ifndef HERTZFIT_CAMPAIGN_INTERNAL_H
#define HERTZFIT_CAMPAIGN_INTERNAL_H

#include <stdio.h>

#include "hertzfit/campaign.h"
#include "objectives/bench_internal.h"
#include "core/file.h"

/* Version 4: runs.csv ends with a best_x column (the point of each run's
 * best value, which IOHexperimenter's analyzer logger always writes).
 * Version 3: the manifest records the data rows and the SHA-256 of
 * runs.csv and trace.csv (fields data.FILE.rows, data.FILE.sha256), which
 * the reader verifies.  Version 2: trace.csv has an iteration column
 * (hertzfit/trace.h).  Directories of versions 1 (without it: iteration 0)
 * and 2 (nothing recorded to verify) and 3 (no point: best_x NULL) still read. */
#define HF_CAMPAIGN_FORMAT "hertzfit-campaign-4"
#define HF_CAMPAIGN_FORMAT_3 "hertzfit-campaign-3"
#define HF_CAMPAIGN_FORMAT_2 "hertzfit-campaign-2"
#define HF_CAMPAIGN_FORMAT_1 "hertzfit-campaign-1"
/* The prefix of the manifest fields that describe the data files: not
 * part of a campaign's identity (they differ between shards and reruns). */
#define HF_CAMPAIGN_DATA_PREFIX "data."
/* The bounds of a campaign's own data files, above those of a file a user
 * hands in (256 MiB, 10^7 rows): the traces record every improvement, and
 * twelve optimisers on the 24 bbob functions at d = 20 with 15 instances
 * and 1000·d evaluations each already write 5.8·10^6 trace rows, 344 MB. */
#define HF_CAMPAIGN_DATA_MAX_BYTES ((size_t)3 << 30) /* the CSV reader's 32-bit offsets: < 4 GiB */
#define HF_CAMPAIGN_DATA_MAX_ROWS ((size_t)100000000)

/* Checks target deltas (finite, > 0, distinct) and sorts them in place,
 * decreasing: easiest target first.  HF_EINVAL naming the bad one. */
hf_status hf_campaign_sort_targets(double *values, size_t n, hf_diag *diag);

/* Index of the first trace point of ROW with best_f <= level, or
 * row->trace_count when the run never got there. */
size_t hf_campaign_first_hit(const hf_campaign *c, const hf_campaign_row *row, double level);

/* malloc'ed copy of TEXT (caller frees), NULL on failure. */
char *hf_campaign_strdup(const char *text);

/* Task number in the full campaign: (optimizer * n_problems + problem) *
 * runs + run. */
size_t hf_campaign_task_number(const hf_campaign *c, const hf_campaign_row *row);

/* Appends "KEY = VALUE" to the manifest as given (no length limit);
 * HF_ENOMEM. */
hf_status hf_campaign_push_field(hf_campaign *c, const char *key, const char *value);

/* Appends "key = value" to the manifest (printf-style value). */
hf_status hf_campaign_add_field(hf_campaign *c, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Value of KEY, or NULL. */
const char *hf_campaign_field(const hf_campaign *c, const char *key);
hf_status hf_campaign_set_field(hf_campaign *c, const char *key, const char *value);

/* Checks, creating nothing, that DIR can receive campaign C as a whole:
 * either DIR does not exist and its parent is a directory, or DIR is a
 * directory that holds nothing but a campaign's files, of the same
 * campaign (its manifest compared on every field but "threads"), unless
 * FORCE.  HF_EEXIST naming what differs or what would be deleted. */
hf_status hf_campaign_check_dir(const hf_campaign *c, const char *dir, int force,
                                hf_diag *diag);

/* ---- campaign_manifest.c ---- */

/* First field where A and B differ, ignoring the keys in SKIP (NULL-
 * terminated) and the data fields: HF_EMISMATCH with "field 'K' differs:
 * 'VA' in WHAT_A vs 'VB' in WHAT_B" in the diag. */
hf_status hf_campaign_compare_manifests(const hf_campaign *a, const char *what_a,
                                        const hf_campaign *b, const char *what_b,
                                        const char *const *skip, hf_diag *diag);

/* DIR/manifest.txt from C's fields, with the rows and SHA-256 of the data
 * files already in DIR; written last. */
hf_status hf_campaign_write_manifest(const hf_campaign *c, const char *dir, hf_diag *diag);

/* The manifest at PATH into C (fields, lists, runs, seed, targets, shard). */
hf_status hf_campaign_read_manifest(const char *path, hf_campaign *c, hf_diag *diag);

/* ---- campaign_data.c ---- */

/* DIR/runs.csv and DIR/trace.csv. */
hf_status hf_campaign_write_data(const hf_campaign *c, const char *dir, hf_diag *diag);

/* DIR/runs.csv and DIR/trace.csv into C, whose manifest is read;
 * *task_of_point (caller frees) gives each trace point's task. */
hf_status hf_campaign_read_data(const char *dir, hf_campaign *c, size_t **task_of_point,
                                hf_diag *diag);

/* Sorts rows by task and trace points to follow them; fills the trace
 * ranges.  TASK_OF_POINT[i] is the task of trace point i; WHERE names the
 * campaign in a message. */
hf_status hf_campaign_sort_rows(hf_campaign *c, size_t *task_of_point, const char *where,
                                hf_diag *diag);

/* The integrity checks of a campaign read from DIR: the rows and SHA-256
 * the manifest records (format 3), every run's last trace point. */
hf_status hf_campaign_verify_data(const hf_campaign *c, const char *dir, hf_diag *diag);

/* ---- campaign_dir.c ---- */

/* Writes C into a folder built beside DIR and puts it in place of DIR as a
 * whole (core/file.h): on failure DIR is as it was.  OUT is that
 * folder when the caller opened it already (hf_atomic_dir_open on DIR, to
 * know before any work that DIR's folder takes it), or NULL; it is
 * committed or discarded in every case. */
hf_status hf_campaign_output(const hf_campaign *c, const char *dir, hf_atomic_dir *out,
                             hf_diag *diag);

/* The COCO bbob-logger files of the BBOB functions under DIR/coco. */
hf_status hf_campaign_write_coco(const hf_campaign *c, const char *dir, hf_diag *diag);

/* What makes a problem of a campaign a BBOB function: "bbob:F:D" (run i
 * solves instance i + 1, as a COCO experiment does) or "bbob:F:D:I" (every
 * run solves instance I). */
typedef struct hf_campaign_bbob {
    int function;             /* F, 1..24; 0 for a problem that is no BBOB function */
    unsigned long instance;   /* I, or 0 when the run picks it */
} hf_campaign_bbob;

/* The identity of every problem of C, parsed once by the registry
 * (hf_bench_problem_bbob) into a malloc'ed array of n_problems (caller
 * frees); HF_ENOMEM. */
hf_status hf_campaign_bbob_identities(const hf_campaign *c, hf_campaign_bbob **out,
                                      hf_diag *diag);

/* The instance run RUN (from 0) of such a problem of C solves. */
unsigned long hf_campaign_bbob_instance(const hf_campaign *c, const hf_campaign_bbob *id,
                                        size_t run);

/* IOHprofiler's files (IOHexperimenter's analyzer logger) under DIR/ioh. */
hf_status hf_campaign_write_ioh(const hf_campaign *c, const char *dir, hf_diag *diag);

/* Opens DIR/NAME for writing (core/file.h: it appears whole at
 * hf_atomic_file_commit, or not at all); NULL with HF_EIO in the diag on
 * failure. */
hf_atomic_file *hf_campaign_open_file(const char *dir, const char *name, hf_diag *diag);

/* mkdir DIR if it does not exist. */
hf_status hf_campaign_mkdir(const char *dir, hf_diag *diag);

/* PARENT/ALG for optimiser O, created: ALG is its name with every
 * character but letters, digits, '_', '.', '+', '-' turned into '-' (and
 * "alg-" before "." or ".."), the folder name cocopp and IOHanalyzer show
 * as the algorithm (into alg), PARENT/ALG into dir. */
hf_status hf_campaign_algorithm_dir(const hf_campaign *c, size_t o, const char *parent,
                                    char *alg, size_t alg_cap, char *dir, size_t dir_cap,
                                    hf_diag *diag);

/* ---- moved from hertzfit/campaign.h: only the library and its tests call them */
/* The evaluations per run RULES[0 .. n-1] give a problem of dimension
 * DIM: its own rule, else the rule for every dimension.  HF_EINVAL (the
 * diag says which) when no rule applies, a value is 0, two rules name the
 * same dimension, or the count is above HF_CAMPAIGN_BUDGET_MAX. */
hf_status hf_budget_evaluations(const hf_budget_rule *rules, size_t n, size_t dim,
                                size_t *evaluations, hf_diag *diag);

/* f* of the problem and instance ROW ran on (the problem's f_opt, or its
 * run's own for "bbob:F:D"); NaN when the problem has none. */
double hf_campaign_row_f_opt(const hf_campaign *c, const hf_campaign_row *row);

#endif
