/*
 * optimizers/evaluator.c — the evaluation wrapper every algorithm calls
 * instead of the objective.  The library, not the algorithm, counts
 * evaluations, so the same budget means the same thing for every
 * optimiser; NaN/inf results are failed evaluations that are counted but
 * never become the best point; the run stops at the evaluation budget, the
 * target or the iteration budget, whichever comes first; every improvement
 * of the best value goes to the run's trace at the evaluation that made it.
 *
 * A batch (hf_evaluator_eval_batch) on several threads, or in an ask/tell
 * run, is evaluated in two phases: the values first (in parallel on OpenMP
 * threads, or by the caller of the ask/tell run), then the accounting, one
 * point after the other in the batch's order, exactly as hf_evaluator_eval
 * would have done it; on one thread each point is evaluated and counted in
 * turn, so nothing is computed past a stop.  So the count,
 * the best point, the trace and the stop are those of a sequential run for
 * any thread count; a value computed past the point that reached the
 * target is discarded, never counted.
 */
#include "optimizers/optimizer_internal.h"

#include <math.h>
#include <string.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

static void raise_stop(hf_evaluator *ev, hf_stop_reason reason)
{
    if (!ev->stopped) {
        ev->stopped = 1;
        ev->reason = reason;
    }
}

/* Counts one evaluation of X with raw value F; returns the value the
 * algorithm sees (+inf for a failure). */
static double account(hf_evaluator *ev, const double *x, double f)
{
    const hf_problem *p = ev->problem;
    hf_result *r = ev->result;
    r->evaluations++;
    if (!isfinite(f)) {
        r->failed_evaluations++;
        f = HUGE_VAL;
    } else if (f < r->f) {
        r->f = f;
        memcpy(r->x, x, p->dim * sizeof *x);
        /* dated at the evaluation that made it, not at the end of its
         * iteration: a population method's improvement would otherwise
         * look up to a population size late in every ERT and ECDF */
        if (ev->run->trace != NULL)
            ev->run->trace(r->iterations + 1, r->evaluations, f, r->x, ev->run->trace_user);
    }
    if (ev->run->has_target && r->f <= ev->run->target)
        raise_stop(ev, HF_STOP_TARGET);
    else if (ev->run->max_evals != 0 && r->evaluations >= ev->run->max_evals)
        raise_stop(ev, HF_STOP_MAXEVAL);
    return f;
}

/* The objective at N points on THREADS threads.  Each evaluation runs
 * with one thread for its own parallel sections, so the work is parallel
 * at one level only. */
static void objective_values(const hf_problem *p, const double *x, size_t n, double *f,
                             int threads)
{
#ifdef HERTZFIT_HAVE_OPENMP
    long long m = (long long)n;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads < m ? threads : (int)m)
    for (long long i = 0; i < m; ++i) {
        omp_set_num_threads(1);
        f[i] = p->f(x + (size_t)i * p->dim, p->ctx);
    }
#else
    (void)threads;
    for (size_t i = 0; i < n; ++i)
        f[i] = p->f(x + i * p->dim, p->ctx);
#endif
}

/* The caller's thread count (omp_get_max_threads: what hf_optimize set
 * from run.threads, or hf_jobs_run for its jobs). */
static int batch_threads(void)
{
#ifdef HERTZFIT_HAVE_OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

size_t hf_evaluator_eval_batch(hf_evaluator *ev, const double *x, size_t n, double *f)
{
    if (ev->stopped || n == 0)
        return 0;
    /* never more points than the budget has left: the budget is never
     * exceeded, not even by values computed and thrown away */
    size_t left = n, dim = ev->problem->dim;
    if (ev->run->max_evals != 0 && ev->run->max_evals - ev->result->evaluations < left)
        left = ev->run->max_evals - ev->result->evaluations;
    size_t counted = 0;
    int threads = batch_threads();
    if (ev->source == NULL && (threads <= 1 || left == 1)) {
        /* one thread: one point after the other, nothing computed past a
         * stop */
        for (; counted < left && !ev->stopped; ++counted)
            f[counted] = account(ev, x + counted * dim,
                                 ev->problem->f(x + counted * dim, ev->problem->ctx));
    } else {
        if (ev->source == NULL)
            objective_values(ev->problem, x, left, f, threads);
        else if (ev->source(ev->source_user, x, left, f) != HF_OK) {
            raise_stop(ev, HF_STOP_FAILURE);
            left = 0;
        }
        for (; counted < left && !ev->stopped; ++counted)
            f[counted] = account(ev, x + counted * dim, f[counted]);
    }
    for (size_t i = counted; i < n; ++i)
        f[i] = HUGE_VAL;
    return counted;
}

double hf_evaluator_eval(hf_evaluator *ev, const double *x)
{
    if (ev->stopped)
        return HUGE_VAL;
    if (ev->source != NULL) {
        double f = HUGE_VAL;
        (void)hf_evaluator_eval_batch(ev, x, 1, &f);
        return f;
    }
    /* the hot path of every sequential optimiser: no batch bookkeeping
     * (a run that is not stopped has at least one evaluation left) */
    return account(ev, x, ev->problem->f(x, ev->problem->ctx));
}

int hf_evaluator_should_stop(const hf_evaluator *ev) { return ev->stopped; }

void hf_evaluator_stop(hf_evaluator *ev, hf_stop_reason reason) { raise_stop(ev, reason); }

void hf_evaluator_end_iteration(hf_evaluator *ev)
{
    hf_result *r = ev->result;
    r->iterations++;
    if (ev->max_iters != 0 && r->iterations >= ev->max_iters)
        raise_stop(ev, HF_STOP_MAXITER);
}
