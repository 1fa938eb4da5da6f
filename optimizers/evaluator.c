/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/evaluator.c — the evaluation wrapper every algorithm calls
 * instead of the objective.  The library, not the algorithm, counts
 * evaluations, so the same budget means the same thing for every
 * optimiser; NaN/inf results are failed evaluations that are counted but
 * never become the best point, and so are points a user's algorithm (a
 * plug-in, a Python optimiser) proposes outside the problem's box, which
 * are not evaluated at all: the objective may be undefined there, and a
 * result outside the box is no answer to the problem; the run stops at the
 * evaluation budget, the target or the iteration budget, whichever comes first; every improvement
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
#include <stdatomic.h>
#include <string.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

/* the host's interrupt check (hf_interrupt_set), read by every run's thread */
static _Atomic(hf_interrupt_fn) interrupt_pending;

void hf_interrupt_set(hf_interrupt_fn pending) { atomic_store(&interrupt_pending, pending); }

int hf_interrupt_is_pending(void)
{
    hf_interrupt_fn pending = atomic_load_explicit(&interrupt_pending, memory_order_relaxed);
    return pending != NULL && pending();
}

static void raise_stop(hf_evaluator *ev, hf_stop_reason reason)
{
    if (!ev->stopped) {
        ev->stopped = 1;
        ev->reason = reason;
    }
}

/* 0 when a user's algorithm proposed X outside the box (never evaluated). */
static int evaluable(const hf_evaluator *ev, const double *x)
{
    const hf_problem *p = ev->problem;
    int inside = 1;
    for (size_t i = 0; ev->check_box && i < p->dim && inside; ++i)
        inside = x[i] >= p->lower[i] && x[i] <= p->upper[i];   /* NaN is outside */
    return inside;
}

/* The objective at X, or +inf outside the box of a user's algorithm. */
static double objective_at(const hf_evaluator *ev, const double *x)
{
    return evaluable(ev, x) ? ev->problem->f(x, ev->problem->ctx) : HUGE_VAL;
}

/* Raises the stop when the host asks for an interrupt; 1 when stopped. */
static int stopped_or_interrupted(hf_evaluator *ev)
{
    if (!ev->stopped && hf_interrupt_is_pending())
        raise_stop(ev, HF_STOP_FAILURE);
    return ev->stopped;
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
static void objective_values(const hf_evaluator *ev, const double *x, size_t n, double *f,
                             int threads)
{
    size_t dim = ev->problem->dim;
#ifdef HERTZFIT_HAVE_OPENMP
    long long m = (long long)n;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads < m ? threads : (int)m)
    for (long long i = 0; i < m; ++i) {
        omp_set_num_threads(1);
        f[i] = objective_at(ev, x + (size_t)i * dim);
    }
#else
    (void)threads;
    for (size_t i = 0; i < n; ++i)
        f[i] = objective_at(ev, x + i * dim);
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

/* Never more points than the budget has left: the budget is never
 * exceeded, not even by values computed and thrown away. */
static size_t budget_left(const hf_evaluator *ev, size_t n)
{
    if (ev->run->max_evals != 0 && ev->run->max_evals - ev->result->evaluations < n)
        return ev->run->max_evals - ev->result->evaluations;
    return n;
}

/* One thread: one point after the other, nothing computed past a stop;
 * how many were counted. */
static size_t eval_in_turn(hf_evaluator *ev, const double *x, size_t left, double *f)
{
    size_t dim = ev->problem->dim, counted = 0;
    for (; counted < left && !stopped_or_interrupted(ev); ++counted)
        f[counted] = account(ev, x + counted * dim, objective_at(ev, x + counted * dim));
    return counted;
}

/* All LEFT points at once (on THREADS threads, or by the user's source of
 * values), then counted in order; how many were counted. */
static size_t eval_together(hf_evaluator *ev, const double *x, size_t left, double *f,
                            int threads)
{
    size_t dim = ev->problem->dim, counted = 0;
    if (ev->source == NULL)
        objective_values(ev, x, left, f, threads);
    else if (ev->source(ev->source_user, x, left, f) != HF_OK) {
        raise_stop(ev, HF_STOP_FAILURE);
        left = 0;
    }
    /* (a value told for a point outside a user's algorithm's box is
     * a failure, as that point is never evaluated otherwise) */
    for (; counted < left && !ev->stopped; ++counted)
        f[counted] = account(ev, x + counted * dim,
                             evaluable(ev, x + counted * dim) ? f[counted] : HUGE_VAL);
    return counted;
}

size_t hf_evaluator_eval_batch(hf_evaluator *ev, const double *x, size_t n, double *f)
{
    if (n == 0 || stopped_or_interrupted(ev))
        return 0;
    size_t left = budget_left(ev, n);
    int threads = batch_threads();
    size_t counted = ev->source == NULL && (threads <= 1 || left == 1)
                         ? eval_in_turn(ev, x, left, f)
                         : eval_together(ev, x, left, f, threads);
    for (size_t i = counted; i < n; ++i)
        f[i] = HUGE_VAL;
    return counted;
}

double hf_evaluator_eval(hf_evaluator *ev, const double *x)
{
    if (stopped_or_interrupted(ev))
        return HUGE_VAL;
    if (ev->source != NULL) {
        double f = HUGE_VAL;
        (void)hf_evaluator_eval_batch(ev, x, 1, &f);
        return f;
    }
    /* the hot path of every sequential optimiser: no batch bookkeeping
     * (a run that is not stopped has at least one evaluation left) */
    return account(ev, x, objective_at(ev, x));
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
