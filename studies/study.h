/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/study.h — the mechanisms the studies share (private to
 * studies/): running independent jobs on OpenMP threads, running one
 * optimiser run with its trace, and driving a least-squares curve fit.
 *
 * Determinism comes from the layout, not from locking: job i writes only
 * its own slots, reads shared state read-only, and its randomness is its
 * own PCG32 stream; so the thread count and the schedule cannot change any
 * number but wall times.  When jobs fail, the one reported is the
 * lowest-numbered, whatever order the threads finished in.
 */
#ifndef HERTZFIT_STUDIES_STUDY_H
#define HERTZFIT_STUDIES_STUDY_H

#include <stddef.h>

#include <gsl/gsl_multifit_nlinear.h>

#include "hertzfit/optimizer.h"
#include "hertzfit/runs.h"
#include "hertzfit/trace.h"

/* hf_trace_read with the CSV reader's limits LIMITS (NULL: its defaults,
 * those of a file a user hands in): a campaign reads its own trace.csv,
 * which may be larger. */
struct hf_csv_options;
hf_status hf_trace_read_bounded(const char *path, const struct hf_csv_options *limits,
                                hf_trace_file **out, hf_diag *diag);

/* One job: fills its own slots of CTX and returns its status, with a
 * diag on failure. */
typedef hf_status (*hf_job_fn)(size_t job, void *ctx, hf_diag *diag);

/* Called after each finished job with the number done so far, one call at
 * a time (under a lock), from whichever thread finished it. */
typedef void (*hf_jobs_progress_fn)(size_t done, size_t total, void *ctx);

/* HF_OK when THREADS is in [0, HF_THREADS_MAX], else HF_EINVAL with a
 * diag naming it: what every study checks before it starts. */
hf_status hf_jobs_check_threads(int threads, hf_diag *diag);

/* The thread count THREADS asks for: itself when > 0, else OpenMP's
 * default; 1 in a build without OpenMP. */
int hf_jobs_threads(int threads);

/* Runs JOB(0 .. count-1, CTX) on hf_jobs_threads(threads) threads, every
 * job to its end.  Parallel work happens at one level: with several jobs
 * and several threads the jobs run in parallel, each on one thread (its
 * batch evaluations and its objective's own OpenMP sections serial); with
 * one job or one thread they run in turn, each with all the threads for
 * its batches or its objective.  The choice travels down as OpenMP's
 * nthreads ICV (omp_get_max_threads), restored on return.  Returns HF_OK, or the status of the lowest-numbered
 * failing job with its diag in DIAG and its number in *failed (may be
 * NULL). */
hf_status hf_jobs_run(size_t count, int threads, hf_job_fn job, void *ctx,
                      hf_jobs_progress_fn progress, size_t *failed, hf_diag *diag);

/* One run of OPT on PROBLEM with RUN (its trace callback is replaced).
 * With TRACE not NULL, records the run's improvements there (points
 * malloc'ed, owned by the caller), including a last improvement made after
 * the final trace call.  Returns hf_optimize's status (also stored in
 * result->status), or HF_ENOMEM when the trace could not grow. */
hf_status hf_study_run(const hf_optimizer *opt, const hf_problem *problem,
                       const hf_run_config *run, hf_result *result, hf_trace *trace,
                       hf_diag *diag);

/* The one driver of the curve fits' trust-region iterations (the Maxwell
 * whole-curve fit, the exact viscoelastic fits): gsl_multifit_nlinear_driver's
 * loop (step test XTOL, gradient test GTOL, a first iteration without
 * progress returns GSL_EMAXITER, the tolerance codes count as success) with
 * one more stop when STALL_CHI2 > 0: two accepted steps in a row that each
 * lower χ² by less than STALL_CHI2 noise variances (the variance estimated
 * from the residuals), which returns GSL_SUCCESS.  STALL_CHI2 = 0 is GSL's
 * driver exactly.  Returns GSL's status; *info as GSL's.  The host's
 * interrupt (hf_interrupt_set) pending before an iteration stops the loop
 * with GSL_CONTINUE, which it returns in no other case. */
int hf_lsq_drive(gsl_multifit_nlinear_workspace *w, size_t max_iter, double xtol, double gtol,
                 double stall_chi2, int *info);

/* The curve fits' trust-region workspace: *FDF set to the residuals F,
 * the Jacobian DF, N residuals, P variables and PARAMS, and a
 * Levenberg–Marquardt workspace (GSL's other defaults) for N x P, NULL
 * when out of memory.  GSL keeps FDF's address: it must outlive the
 * workspace (gsl_multifit_nlinear_free). */
gsl_multifit_nlinear_workspace *
hf_lsq_alloc(gsl_multifit_nlinear_fdf *fdf, int (*f)(const gsl_vector *, void *, gsl_vector *),
             int (*df)(const gsl_vector *, void *, gsl_matrix *), size_t n, size_t p,
             void *params);

#endif
