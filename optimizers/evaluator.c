/*
 * optimizers/evaluator.c — the evaluation wrapper every algorithm calls
 * instead of the objective.  The library, not the algorithm, counts
 * evaluations, so the same budget means the same thing for every
 * optimiser; NaN/inf results are failed evaluations that are counted but
 * never become the best point, and so are points a user's algorithm (a
 * plug-in, a Python optimiser) proposes outside the problem's box, which
 * are not evaluated at all: the objective may be undefined there, and a
 * result outside the box is no answer to the problem; the run stops at the evaluation budget, the
 * target or the iteration budget, whichever comes first; every improvement
 * of the best value goes to the run's trace at the evaluation that made it.
 */
#include "optimizers/optimizer_internal.h"

#include <math.h>
#include <stdatomic.h>
#include <string.h>

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

double hf_evaluator_eval(hf_evaluator *ev, const double *x)
{
    if (!ev->stopped && hf_interrupt_is_pending())
        raise_stop(ev, HF_STOP_FAILURE);
    if (ev->stopped)
        return HUGE_VAL;
    const hf_problem *p = ev->problem;
    hf_result *r = ev->result;
    int inside = 1;
    for (size_t i = 0; ev->check_box && i < p->dim && inside; ++i)
        inside = x[i] >= p->lower[i] && x[i] <= p->upper[i];   /* NaN is outside */
    double f = inside ? p->f(x, p->ctx) : HUGE_VAL;
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

int hf_evaluator_should_stop(const hf_evaluator *ev) { return ev->stopped; }

void hf_evaluator_stop(hf_evaluator *ev, hf_stop_reason reason) { raise_stop(ev, reason); }

void hf_evaluator_end_iteration(hf_evaluator *ev)
{
    hf_result *r = ev->result;
    r->iterations++;
    if (ev->max_iters != 0 && r->iterations >= ev->max_iters)
        raise_stop(ev, HF_STOP_MAXITER);
}
