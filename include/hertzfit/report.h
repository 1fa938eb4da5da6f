/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/report.h — what a benchmark campaign says: success rates and
 * expected running time (ERT) per target, final-error quartiles, fixed-
 * budget errors, runtime ECDFs aggregated over problems (the COCO view),
 * and a per-problem ranking with pairwise Mann–Whitney U tests whose
 * p-values are Holm-corrected.
 *
 * Definitions (COCO's, Hansen et al. 2021, "COCO: performance assessment"):
 *  - error of a run = best f − f* (best f itself when f* is unknown);
 *  - a run succeeds for target f* + Δ when its trace reaches a best value
 *    <= f* + Δ; its runtime is the evaluation count of the first such
 *    trace point (the evaluation that made the improvement, for every
 *    optimiser: hertzfit/trace.h);
 *  - ERT = (sum over runs of the runtime of successes and the full
 *    evaluation count of failures) / number of successes; +inf with none;
 *  - quartiles: GSL's gsl_stats_quantile_from_sorted_data (linear
 *    interpolation between order statistics, R's type 7);
 *  - fixed-budget error at B: best error among trace points with at most
 *    B evaluations (+inf before the first finite value);
 *  - Mann–Whitney U (Wilcoxon rank-sum): mid-ranks for ties, the normal
 *    approximation with the tie-corrected variance
 *        var U = nx ny / 12 · ((N + 1) − Σ(t³ − t) / (N (N − 1)))
 *    and a continuity correction of 1/2 towards the mean, two-sided p =
 *    2 Q(|z|) with GSL's gsl_cdf_ugaussian_Q — the same as R's
 *    wilcox.test(exact = FALSE, correct = TRUE).  It is used for every
 *    sample size, also where R would use the exact distribution (no ties
 *    and fewer than 50 values per side);
 *  - Holm's step-down correction over the m pairs of one problem:
 *    p_(i) ← max_{j<=i} min(1, (m − j + 1) p_(j)), as R's p.adjust;
 *  - ranking on a problem: by the successes and then the ERT at each
 *    target, hardest target first; then by the median run score; then by
 *    name.  The run score is −1/runtime for a run that reached the hardest
 *    target (the sooner, the lower) and the final error otherwise, so every
 *    error below the hardest target ties as "solved" and a solved run beats
 *    every unsolved one.  The pairwise tests compare these run scores, the
 *    quantity the ranking uses, and "better than" needs a Holm p below
 *    alpha and a lower median score;
 *  - an optimiser whose runs on a problem are all the same run (same trace,
 *    same evaluation count; a deterministic optimiser on one instance) is
 *    marked in the summary: its N runs are one sample.
 */
#ifndef HERTZFIT_REPORT_H
#define HERTZFIT_REPORT_H

#include <stddef.h>
#include "hertzfit/campaign.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error of a row: best f − f* (or best f when f* is unknown). */
double hf_report_final_error(const hf_campaign *c, const hf_campaign_row *row);

/* ERT of optimiser O on problem P to f* + delta over the campaign's rows;
 * *successes and *runs (either may be NULL) receive the counts. */
double hf_report_ert(const hf_campaign *c, size_t o, size_t p, double delta,
                     size_t *successes, size_t *runs);

/* Called with the report's folder while it is still built aside, once every
 * file of the report is in it, so that a caller's own files (the program's
 * ecdf.png) appear with the report or not at all.  Anything but HF_OK
 * discards the folder: the previous report stays. */
typedef hf_status (*hf_report_finish_fn)(const char *staged_dir, void *user, hf_diag *diag);

typedef struct hf_report_options {
    const double *targets;    /* deltas to report (any order; finite, > 0, distinct:
                                 hf_campaign_sort_targets); NULL = the campaign's */
    size_t n_targets;
    double alpha;             /* significance level of the ranking, 0.05 */
    int force;                /* replace a directory holding other files (default 0) */
    hf_report_finish_fn finish; /* NULL (default): nothing added */
    void *finish_user;
} hf_report_options;

void hf_report_options_init(hf_report_options *opt);

/* Writes DIR: summary.md (the Markdown tables), ert.csv, final_error.csv,
 * fixed_budget.csv, ecdf.csv and ranking.csv, every number in the CSV
 * files as %.17g.  The directory is built beside DIR and put in its place
 * as a whole (core/file.h): a failed report leaves DIR as it was.  An
 * existing DIR is replaced whole; without opt->force that is refused
 * (HF_EEXIST, naming the entry) when it holds anything but these files and
 * an ecdf.png plot. */
hf_status hf_report_write(const hf_campaign *c, const hf_report_options *opt, const char *dir,
                          hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
