/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/study.c — the parallel-jobs runner and the one-run function
 * every study goes through (see study.h): one OpenMP idiom, one trace
 * recorder.
 */
#include "studies/study.h"
#include "optimizers/optimizer_internal.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>

#include <math.h>
#include <stdlib.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

hf_status hf_jobs_check_threads(int threads, hf_diag *diag)
{
    if (threads < 0 || threads > HF_THREADS_MAX)
        return hf_diag_set(diag, HF_EINVAL, "threads = %d is outside [0, %d] (0: OpenMP's "
                           "default)", threads, HF_THREADS_MAX);
    return HF_OK;
}

int hf_jobs_threads(int threads)
{
#ifdef HERTZFIT_HAVE_OPENMP
    return threads > 0 ? threads : omp_get_max_threads();
#else
    (void)threads;
    return 1;
#endif
}

/* Runs job J and keeps the lowest failure. */
static void run_one_job(size_t j, hf_job_fn job, void *ctx, size_t *lowest,
                        hf_status *lowest_status, hf_diag *lowest_diag)
{
    hf_diag mine = {{0}};
    hf_status st = job(j, ctx, &mine);
    if (st != HF_OK) {
#ifdef HERTZFIT_HAVE_OPENMP
#pragma omp critical(hf_jobs_failure)
#endif
        if (j < *lowest) {
            *lowest = j;
            *lowest_status = st;
            *lowest_diag = mine;
        }
    }
}

hf_status hf_jobs_run(size_t count, int threads, hf_job_fn job, void *ctx,
                      hf_jobs_progress_fn progress, size_t *failed, hf_diag *diag)
{
    /* Only the lowest failure is kept, so memory does not grow with the
     * number of jobs. */
    size_t lowest = count, done = 0;
    hf_status lowest_status = HF_OK;
    hf_diag lowest_diag = {{0}};
    long long n = (long long)count;
    (void)threads; /* without OpenMP the jobs run one after the other */
#ifdef HERTZFIT_HAVE_OPENMP
    int nthreads = hf_jobs_threads(threads);
    /* Parallel work at one level: the jobs on the threads when there are
     * several of each, each job then on one thread (its batches and its
     * objective's own parallel sections serial); else the jobs one after
     * the other, each with every thread for its batches or its objective
     * (OpenMP's nthreads ICV carries the choice down). */
    int saved = omp_get_max_threads();
    if (nthreads > 1 && n > 1) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(nthreads < n ? nthreads : (int)n)
        for (long long j = 0; j < n; ++j) {
            omp_set_num_threads(1);
            run_one_job((size_t)j, job, ctx, &lowest, &lowest_status, &lowest_diag);
            if (progress != NULL) {
#pragma omp critical(hf_jobs_progress)
                progress(++done, count, ctx);
            }
        }
    } else {
        omp_set_num_threads(nthreads);
#endif
        for (long long j = 0; j < n; ++j) {
            run_one_job((size_t)j, job, ctx, &lowest, &lowest_status, &lowest_diag);
            if (progress != NULL)
                progress(++done, count, ctx);
        }
#ifdef HERTZFIT_HAVE_OPENMP
    }
    omp_set_num_threads(saved);
#endif
    if (failed != NULL)
        *failed = lowest;
    if (lowest_status != HF_OK && diag != NULL)
        *diag = lowest_diag;
    return lowest_status;
}

/* The trace of one run while it grows. */
typedef struct recorder {
    hf_trace *trace;
    size_t capacity;
    int oom;
} recorder;

static void record(recorder *r, size_t iteration, size_t evaluations, double best_f)
{
    hf_trace *t = r->trace;
    if (r->oom || !isfinite(best_f) ||
        (t->count > 0 && !(best_f < t->points[t->count - 1].best_f)))
        return;
    if (t->count == r->capacity) {
        size_t cap = r->capacity ? 2 * r->capacity : 32;
        hf_trace_point *grown = realloc(t->points, sizeof *grown * cap); /* owned by the trace */
        if (grown == NULL) {
            r->oom = 1;
            return;
        }
        t->points = grown;
        r->capacity = cap;
    }
    t->points[t->count++] = (hf_trace_point){iteration, evaluations, best_f};
}

static void on_trace(size_t iteration, size_t evaluations, double best_f, const double *best_x,
                     void *user)
{
    (void)best_x;
    record(user, iteration, evaluations, best_f);
}

hf_status hf_study_run(const hf_optimizer *opt, const hf_problem *problem,
                       const hf_run_config *run, hf_result *result, hf_trace *trace,
                       hf_diag *diag)
{
    recorder rec = {trace, trace ? trace->count : 0, 0};
    hf_run_config traced = *run;
    traced.trace = trace ? on_trace : NULL;
    traced.trace_user = trace ? &rec : NULL;
    /* the evaluator calls the trace at every improvement, the last one
     * included, so the trace ends on the run's best */
    hf_status st = hf_optimize(opt, problem, &traced, result, diag);
    if (st == HF_OK && rec.oom)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory recording the trace");
    result->status = st;
    return st;
}

/* The χ² of the residual vector f in units of the noise variance
 * estimated from it, for p variables. */
static double chi2_unit(const gsl_vector *f, size_t p)
{
    double ssr;
    gsl_blas_ddot(f, f, &ssr);
    return ssr / ((double)f->size - (double)p);
}

gsl_multifit_nlinear_workspace *
hf_lsq_alloc(gsl_multifit_nlinear_fdf *fdf, int (*f)(const gsl_vector *, void *, gsl_vector *),
             int (*df)(const gsl_vector *, void *, gsl_matrix *), size_t n, size_t p,
             void *params)
{
    *fdf = (gsl_multifit_nlinear_fdf){0};
    fdf->f = f;
    fdf->df = df;
    fdf->n = n;
    fdf->p = p;
    fdf->params = params;
    gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
    par.trs = gsl_multifit_nlinear_trs_lm;
    return gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, n, p);
}

int hf_lsq_drive(gsl_multifit_nlinear_workspace *w, size_t max_iter, double xtol, double gtol,
                 double stall_chi2, int *info)
{
    gsl_vector *f = gsl_multifit_nlinear_residual(w);
    const size_t p = gsl_multifit_nlinear_position(w)->size;
    double ssr_prev, ssr;
    gsl_blas_ddot(f, f, &ssr_prev);
    int status = GSL_CONTINUE, stalled = 0;
    size_t iter = 0;
    do {
        if (hf_interrupt_is_pending())
            return GSL_CONTINUE;   /* the host's interrupt: the caller gives no result */
        status = gsl_multifit_nlinear_iterate(w);
        if (status == GSL_ENOPROG && iter == 0) {
            *info = status;
            return GSL_EMAXITER;
        }
        ++iter;
        gsl_blas_ddot(f, f, &ssr);
        stalled = ssr_prev - ssr < stall_chi2 * chi2_unit(f, p) ? stalled + 1 : 0;
        ssr_prev = ssr;
        status = gsl_multifit_nlinear_test(xtol, gtol, 0.0, info, w);
        if (status == GSL_CONTINUE && stall_chi2 > 0.0 && stalled >= 2)
            status = GSL_SUCCESS;
    } while (status == GSL_CONTINUE && iter < max_iter);
    if (status == GSL_ETOLF || status == GSL_ETOLX || status == GSL_ETOLG) {
        *info = status;
        status = GSL_SUCCESS;
    }
    return iter >= max_iter && status != GSL_SUCCESS ? GSL_EMAXITER : status;
}
