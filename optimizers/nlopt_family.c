/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/nlopt_family.c — "nlopt:<NAME>": every algorithm of the
 * installed NLopt by its NLopt name (nlopt_algorithm_from_string), behind
 * the common interface.
 *
 * - Every objective call goes through the evaluation wrapper, so NLopt's
 *   own maxeval is only a backstop; when the wrapper stops the run the
 *   callback calls nlopt_force_stop.  One NLopt callback call is one
 *   iteration (NLopt has no common notion of an iteration).
 * - Derivative-based algorithms (LD_*, GD_*) get a central finite-difference
 *   gradient, one-sided at a bound; those evaluations are counted too.
 * - Algorithms that run a local sub-algorithm (every *MLSL* and *AUGLAG*)
 *   always get one explicitly, with relative x tolerance `local_xtol_rel`:
 *   NLopt 2.7.1 segfaults in nlopt_set_xtol_abs when GN_MLSL, GD_MLSL,
 *   GN_MLSL_LDS or LN_AUGLAG run with no local optimizer set (checked
 *   here with a 10-line program), instead of using its documented default.
 *   We use that documented default ourselves: LN_COBYLA for the *N*
 *   variants, LD_MMA for the *D* variants, and LN_BOBYQA for the generic
 *   AUGLAG, AUGLAG_EQ, G_MLSL and G_MLSL_LDS, which require one.
 * - The start point is drawn uniformly in the box from the run's PCG32
 *   stream (local algorithms start there; global ones mostly ignore it).
 * - NLopt's random generator is thread-local state seeded from the clock by
 *   default, so nlopt_srand is called in the running thread right before
 *   nlopt_optimize with a seed drawn from the run's stream.
 */
#include "optimizers/optimizer_internal.h"

#include <math.h>
#include <nlopt.h>
#include <stdlib.h>
#include <string.h>
#include "core/rng_draw.h"

/* NLopt 2.7's algorithm names in enum order, with our prefix, so that
 * hf_optimizer_name_at can return stable strings.  tests/test_nlopt.c
 * checks each against nlopt_algorithm_to_string. */
static const char *const nlopt_names[] = {
    "nlopt:GN_DIRECT", "nlopt:GN_DIRECT_L", "nlopt:GN_DIRECT_L_RAND",
    "nlopt:GN_DIRECT_NOSCAL", "nlopt:GN_DIRECT_L_NOSCAL",
    "nlopt:GN_DIRECT_L_RAND_NOSCAL", "nlopt:GN_ORIG_DIRECT",
    "nlopt:GN_ORIG_DIRECT_L", "nlopt:GD_STOGO", "nlopt:GD_STOGO_RAND",
    "nlopt:LD_LBFGS_NOCEDAL", "nlopt:LD_LBFGS", "nlopt:LN_PRAXIS",
    "nlopt:LD_VAR1", "nlopt:LD_VAR2", "nlopt:LD_TNEWTON",
    "nlopt:LD_TNEWTON_RESTART", "nlopt:LD_TNEWTON_PRECOND",
    "nlopt:LD_TNEWTON_PRECOND_RESTART", "nlopt:GN_CRS2_LM", "nlopt:GN_MLSL",
    "nlopt:GD_MLSL", "nlopt:GN_MLSL_LDS", "nlopt:GD_MLSL_LDS", "nlopt:LD_MMA",
    "nlopt:LN_COBYLA", "nlopt:LN_NEWUOA", "nlopt:LN_NEWUOA_BOUND",
    "nlopt:LN_NELDERMEAD", "nlopt:LN_SBPLX", "nlopt:LN_AUGLAG",
    "nlopt:LD_AUGLAG", "nlopt:LN_AUGLAG_EQ", "nlopt:LD_AUGLAG_EQ",
    "nlopt:LN_BOBYQA", "nlopt:GN_ISRES", "nlopt:AUGLAG", "nlopt:AUGLAG_EQ",
    "nlopt:G_MLSL", "nlopt:G_MLSL_LDS", "nlopt:LD_SLSQP", "nlopt:LD_CCSAQ",
    "nlopt:GN_ESCH", "nlopt:GN_AGS",
};
_Static_assert(sizeof nlopt_names / sizeof nlopt_names[0] == NLOPT_NUM_ALGORITHMS,
               "nlopt_names must list every algorithm of this NLopt version");

#define PREFIX_LEN 6 /* strlen("nlopt:") */

enum { P_XTOL_REL, P_FTOL_REL, P_FTOL_ABS, P_POPULATION, P_LOCAL_XTOL_REL };
static const hf_param_spec nlopt_params[] = {
    /* one variant: def_alt repeats def */
    [P_XTOL_REL] = {"xtol_rel", 0, 0, 1, 0, "NLopt relative x tolerance (0 = off)", 0, NULL},
    [P_FTOL_REL] = {"ftol_rel", 0, 0, 1, 0, "NLopt relative f tolerance (0 = off)", 0, NULL},
    [P_FTOL_ABS] = {"ftol_abs", 0, 0, 1e300, 0, "NLopt absolute f tolerance (0 = off)", 0,
                    NULL},
    [P_POPULATION] = {"population", 0, 0, 1e6, 1,
                      "population of CRS2/MLSL/ISRES/ESCH (0 = NLopt's default)", 0, NULL},
    [P_LOCAL_XTOL_REL] = {"local_xtol_rel", 1e-8, 0, 1, 0,
                          "relative x tolerance of the local sub-algorithm of *MLSL*/*AUGLAG*",
                          1e-8, NULL},
};

static int is_compiled(size_t i)
{
    return strstr(nlopt_algorithm_name((nlopt_algorithm)i), "NOT COMPILED") == NULL;
}

static size_t nlopt_member_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < NLOPT_NUM_ALGORITHMS; ++i)
        n += (size_t)is_compiled(i);
    return n;
}

static const char *nlopt_member_name(size_t index)
{
    for (size_t i = 0; i < NLOPT_NUM_ALGORITHMS; ++i)
        if (is_compiled(i) && index-- == 0)
            return nlopt_names[i];
    return NULL;
}

static hf_status nlopt_resolve(const char *member, int *variant, hf_diag *diag)
{
    int alg = (int)nlopt_algorithm_from_string(member);
    if (alg < 0 || alg >= NLOPT_NUM_ALGORITHMS) {
        char name[256];
        snprintf(name, sizeof name, "nlopt:%s", member);
        return hf_optimizer_unknown(name, diag);
    }
    if (!is_compiled((size_t)alg))
        return hf_diag_set(diag, HF_ENOTFOUND,
                           "NLopt algorithm '%s' is not compiled into this NLopt build", member);
    *variant = alg;
    return HF_OK;
}

typedef struct nlopt_call {
    const hf_algo_run *ctx;
    nlopt_opt opt;
    double *probe; /* dim doubles of scratch for the finite differences */
} nlopt_call;

/* Central difference, one-sided at a bound; step 1e-7 of the box width
 * (about the cube root of machine epsilon, relative to the scale). */
static void finite_difference(nlopt_call *c, const double *x, double *grad)
{
    const hf_problem *p = c->ctx->problem;
    for (size_t k = 0; k < p->dim; ++k) {
        double h = 1e-7 * (p->upper[k] - p->lower[k]);
        double hi = fmin(x[k] + h, p->upper[k]), lo = fmax(x[k] - h, p->lower[k]);
        memcpy(c->probe, x, p->dim * sizeof *x);
        c->probe[k] = hi;
        double fh = hf_evaluator_eval(c->ctx->ev, c->probe);
        c->probe[k] = lo;
        double fl = hf_evaluator_eval(c->ctx->ev, c->probe);
        grad[k] = (fh - fl) / (hi - lo);
        if (!isfinite(grad[k]))
            grad[k] = 0.0;
    }
}

static double nlopt_objective(unsigned n, const double *x, double *grad, void *data)
{
    (void)n;
    nlopt_call *c = data;
    hf_evaluator *ev = c->ctx->ev;
    size_t before = ev->result->evaluations;
    double f = hf_evaluator_eval(ev, x);
    if (grad != NULL && !hf_evaluator_should_stop(ev))
        finite_difference(c, x, grad);
    /* a call that evaluated is an iteration, also the one that hit the
     * budget */
    if (ev->result->evaluations > before)
        hf_evaluator_end_iteration(ev);
    if (hf_evaluator_should_stop(ev))
        nlopt_force_stop(c->opt);
    return f;
}

/* The local sub-algorithm for NAME (without prefix), or -1 for none. */
static int subalgorithm(const char *name)
{
    if (strstr(name, "MLSL") == NULL && strstr(name, "AUGLAG") == NULL)
        return -1;
    if (name[1] == 'N' && name[2] == '_')
        return NLOPT_LN_COBYLA;
    if (name[1] == 'D' && name[2] == '_')
        return NLOPT_LD_MMA;
    return NLOPT_LN_BOBYQA;
}

/* The local optimiser of a global algorithm that has one (nlopt:G_MLSL:LN_...). */
static hf_status set_subalgorithm(const hf_algo_run *ctx, nlopt_opt opt)
{
    int sub = subalgorithm(ctx->name + PREFIX_LEN);
    if (sub < 0)
        return HF_OK;
    nlopt_opt local = nlopt_create((nlopt_algorithm)sub, (unsigned)ctx->problem->dim);
    if (local == NULL)
        return HF_ENOMEM;
    nlopt_result r = nlopt_set_xtol_rel(local, ctx->params[P_LOCAL_XTOL_REL]);
    if (r > 0) r = nlopt_set_local_optimizer(opt, local); /* copies local */
    nlopt_destroy(local);
    return r > 0 ? HF_OK : HF_ENLOPT;
}

/* Applies budgets, target, tolerances and the sub-algorithm. */
static hf_status configure(const hf_algo_run *ctx, nlopt_opt opt)
{
    const hf_problem *p = ctx->problem;
    const double *v = ctx->params;
    nlopt_result r = nlopt_set_lower_bounds(opt, p->lower);
    if (r > 0) r = nlopt_set_upper_bounds(opt, p->upper);
    if (r > 0 && ctx->run->max_evals != 0)
        r = nlopt_set_maxeval(opt, (int)(ctx->run->max_evals > 2000000000u
                                             ? 2000000000u : ctx->run->max_evals));
    if (r > 0 && ctx->run->has_target) r = nlopt_set_stopval(opt, ctx->run->target);
    if (r > 0) r = nlopt_set_xtol_rel(opt, v[P_XTOL_REL]);
    if (r > 0) r = nlopt_set_ftol_rel(opt, v[P_FTOL_REL]);
    if (r > 0) r = nlopt_set_ftol_abs(opt, v[P_FTOL_ABS]);
    if (r > 0 && v[P_POPULATION] > 0) r = nlopt_set_population(opt, (unsigned)v[P_POPULATION]);
    if (r <= 0)
        return HF_ENLOPT;
    return set_subalgorithm(ctx, opt);
}

static hf_status finish(const hf_algo_run *ctx, nlopt_opt opt, nlopt_result r,
                        hf_diag *diag)
{
    if (hf_evaluator_should_stop(ctx->ev))
        return HF_OK; /* the wrapper's own stop (budget, target, iterations) */
    switch (r) {
    case NLOPT_STOPVAL_REACHED: hf_evaluator_stop(ctx->ev, HF_STOP_TARGET); return HF_OK;
    case NLOPT_MAXEVAL_REACHED: hf_evaluator_stop(ctx->ev, HF_STOP_MAXEVAL); return HF_OK;
    case NLOPT_SUCCESS: case NLOPT_FTOL_REACHED: case NLOPT_XTOL_REACHED:
    case NLOPT_MAXTIME_REACHED:
    case NLOPT_ROUNDOFF_LIMITED: /* best point so far is still valid */
        hf_evaluator_stop(ctx->ev, HF_STOP_CONVERGED);
        return HF_OK;
    default: {
        const char *msg = nlopt_get_errmsg(opt);
        return hf_diag_set(diag, HF_ENLOPT, "%s failed: NLopt code %d%s%s", ctx->name,
                           (int)r, msg ? ": " : "", msg ? msg : "");
    }
    }
}

static hf_status nlopt_run(const hf_algo_run *ctx, hf_diag *diag)
{
    const hf_problem *p = ctx->problem;
    nlopt_opt opt = nlopt_create((nlopt_algorithm)ctx->variant, (unsigned)p->dim);
    double *x = malloc(2 * p->dim * sizeof *x); /* start point + probe; freed below */
    if (opt == NULL || x == NULL) {
        nlopt_destroy(opt);
        free(x);
        return HF_ENOMEM;
    }
    nlopt_call call = {ctx, opt, x + p->dim};
    hf_status st = configure(ctx, opt);
    if (st == HF_OK && nlopt_set_min_objective(opt, nlopt_objective, &call) <= 0)
        st = HF_ENLOPT;
    if (st != HF_OK) {
        nlopt_destroy(opt);
        free(x);
        return hf_diag_set(diag, st, "%s: cannot configure NLopt", ctx->name);
    }
    hf_uniform_point(ctx->rng, p, x);
    hf_apply_start_point(ctx, x);
    uint64_t seed = (uint64_t)hf_rng_u32(ctx->rng) << 32;
    seed |= hf_rng_u32(ctx->rng);
    nlopt_srand((unsigned long)seed);
    double minf = HUGE_VAL;
    nlopt_result r = nlopt_optimize(opt, x, &minf);
    st = finish(ctx, opt, r, diag);
    nlopt_destroy(opt);
    free(x);
    return st;
}

const hf_algorithm hf_algorithm_nlopt = {
    .name = "nlopt:",
    .summary = "any NLopt algorithm by its NLopt name",
    .params = nlopt_params,
    .nparams = sizeof nlopt_params / sizeof nlopt_params[0],
    .default_max_evals = 2000,
    .resolve = nlopt_resolve,
    .member_count = nlopt_member_count,
    .member_name = nlopt_member_name,
    .run = nlopt_run,
};
