/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/ica.c — "ica" and "icaco": the Imperialist Competitive
 * Algorithm and its ant-colony hybrid, driven from the operators in
 * ica_ops.c.  Both share one parameter table; icaco adds the ant step.
 * Two variants (parameter "variant"):
 *  - 2023, the default: the ICACO paper's eight steps (Sheikhi Azqandi &
 *    Safaeifar 2023 §3) with its settings (§4: ξ = 0.1, β = 2, γ = 0.3, 20
 *    countries, 3 imperialists, 50 iterations): no revolution, the weakest
 *    colony of the weakest empire to the most powerful empire, an ant
 *    outside the box discarded as infeasible;
 *  - 2007: revolution (rate 0.3 damped 0.99 per iteration, ICA.m) and the
 *    roulette competition of Atashpaz-Gargari & Lucas 2007; ants outside
 *    the box brought in by the bounds rule.
 * Each parameter's table entry names the source of both defaults; what
 * the paper leaves open is listed in docs/optimisers.md.
 *
 * One iteration (a "decade"):
 *   1. assimilate every colony (Step 3, Eqs. 19–20), then revolution
 *      re-places round(rate_k · NC) colonies per empire,
 *      rate_k = rate · damping^k (none at rate 0);
 *   2. evaluate every colony (one evaluation each);
 *   3. icaco only: one ant per colony from N(imperialist, σ), σ = (U − L) η_k
 *      with η_k = eta0 · eta_decay^k (η starts at 1 and decays
 *      geometrically toward 0: η_50 = 0.9^50 ≈ 0.005 with the defaults);
 *      an ant in the box is evaluated and kept when cheaper (Eqs. 22–24);
 *   4. swap a colony that beats its imperialist (Step 4);
 *   5. unite close empires (when unite_threshold > 0);
 *   6. total costs (Eq. 21), competition (Step 6, with probability
 *      competition_rate), collapse of empires without colonies (Step 7).
 * Step 8 says "go to step two"; the loop goes to Step 3 — forming the
 * empires again each iteration would undo Steps 4–7.
 * Evaluations: N to start, then N_col per iteration (ica), plus one per
 * ant drawn inside the box (icaco; at most 20 + 50·34 = 1720 with the
 * paper settings unless collapsed imperialists add colonies).
 */
#include "optimizers/ica_ops.h"
#include "optimizers/optimizer_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    P_VARIANT, P_COUNTRIES, P_IMPERIALISTS, P_BETA, P_GAMMA, P_XI, P_ASSIMILATION,
    P_REVOLUTION_RATE, P_REVOLUTION_DAMPING, P_COMPETITION_RATE, P_COMPETITION,
    P_UNITE_THRESHOLD, P_BOUNDS, P_ETA0, P_ETA_DECAY, P_ANT_FEASIBILITY, P_COUNT
};

/* The paper: Sheikhi Azqandi & Safaeifar 2023 (§3 Steps 1–8, Eqs. 18–24,
 * §4 settings).  ICA.m: Atashpaz-Gargari's published reference code of the
 * 2007 paper.  ICA uses the first P_ETA0 entries; ICACO all of them.
 * {key, 2023 default, min, max, integer, doc, 2007 default, source} */
static const hf_param_spec ica_params[P_COUNT] = {
    [P_VARIANT] = {"variant", 2023, 2007, 2023, 1,
                   "2023 = the ICACO paper's eight steps; 2007 = with revolution and the roulette "
                   "competition of Atashpaz-Gargari & Lucas 2007", 2007,
                   "2023: Sheikhi Azqandi & Safaeifar 2023 sec. 3; 2007: Atashpaz-Gargari & "
                   "Lucas 2007 and ICA.m"},
    [P_COUNTRIES] = {"countries", 20, 3, 1e6, 1, "number of countries N", 20,
                     "paper sec. 4 (both)"},
    [P_IMPERIALISTS] = {"imperialists", 3, 1, 1e6, 1, "initial empires, < countries", 3,
                        "paper sec. 4 (both)"},
    [P_BETA] = {"beta", 2.0, 0, 10, 0, "assimilation factor: step ~ U(0, beta d)", 2.0,
                "paper Eq. 19 and sec. 4 (both)"},
    [P_GAMMA] = {"gamma", 0.3, 0, 3.14159265358979, 0,
                 "deviation bound in radians, theta ~ U(-gamma, gamma)", 0.3,
                 "paper Eq. 20 and sec. 4 (both)"},
    [P_XI] = {"xi", 0.1, 0, 1, 0, "colony weight in total cost TC = f_imp + xi mean f_col", 0.1,
              "paper Eq. 21 and sec. 4 (both)"},
    [P_ASSIMILATION] = {"assimilation", HF_ICA_ASSIMILATE_PAPER, 0, 1, 1,
                        "0 = along the unit vector turned by theta (Eqs. 19-20); "
                        "1 = per component beta U(0,1)(imp - x) as in ICA.m",
                        HF_ICA_ASSIMILATE_PAPER, "paper Eqs. 19-20 (both)"},
    [P_REVOLUTION_RATE] = {"revolution_rate", 0.0, 0, 1, 0,
                           "share of each empire's colonies re-placed at random per iteration",
                           0.3, "2023: no revolution in the paper's eight steps; 2007: ICA.m"},
    [P_REVOLUTION_DAMPING] = {"revolution_damping", 0.99, 0, 1, 0,
                              "revolution rate multiplier per iteration (no effect at rate 0)",
                              0.99, "ICA.m (both; the paper has no revolution)"},
    [P_COMPETITION_RATE] = {"competition_rate", 1.0, 0, 1, 0,
                            "probability of a competition per iteration (ICA.m: 0.11)", 1.0,
                            "paper Step 6, every iteration (both)"},
    [P_COMPETITION] = {"competition", HF_ICA_COMPETE_STRONGEST, 0, 1, 1,
                       "receiver of the weakest colony of the weakest empire: 0 = the most "
                       "powerful empire; 1 = roulette on normalised power",
                       HF_ICA_COMPETE_ROULETTE,
                       "2023: paper Step 6; 2007: Atashpaz-Gargari & Lucas 2007 sec. 3.4"},
    [P_UNITE_THRESHOLD] = {"unite_threshold", 0.0, 0, 1, 0,
                           "unite empires closer than this x box diagonal; 0 = never "
                           "(ICA.m: 0.02)", 0.0,
                           "paper: no uniting (both; ICA.m's operator is available)"},
    [P_BOUNDS] = {"bounds", HF_ICA_BOUNDS_CLAMP, 0, 1, 1,
                  "0 = clamp a moved colony to the box; 1 = reflect at the bound, then clamp",
                  HF_ICA_BOUNDS_CLAMP, "the paper is silent (both)"},
    [P_ETA0] = {"eta0", 1.0, 0, 10, 0, "ant spread at iteration 0, sigma = (U - L) eta", 1.0,
                "paper Eq. 24, 'initially equal to one' (both)"},
    [P_ETA_DECAY] = {"eta_decay", 0.9, 0, 1, 0, "eta_k = eta0 eta_decay^k", 0.9,
                     "the paper is silent: 'decreases gradually to 0', no schedule (both)"},
    [P_ANT_FEASIBILITY] = {"ant_feasibility", HF_ICA_ANT_REJECT, 0, 1, 1,
                           "ant outside the box: 0 = infeasible, discarded unevaluated; "
                           "1 = brought in by 'bounds', evaluated, kept when cheaper",
                           HF_ICA_ANT_BOUND,
                           "2023: paper after Eq. 24 (feasible domain); 2007: hertzfit's "
                           "earlier rule (ICACO is not in the 2007 paper)"},
};

static hf_ica_params params_from(const double *v, int ants)
{
    hf_ica_params p = {
        .countries = (size_t)v[P_COUNTRIES],
        .imperialists = (size_t)v[P_IMPERIALISTS],
        .beta = v[P_BETA],
        .gamma = v[P_GAMMA],
        .xi = v[P_XI],
        .assimilation = (int)v[P_ASSIMILATION],
        .revolution_rate = v[P_REVOLUTION_RATE],
        .revolution_damping = v[P_REVOLUTION_DAMPING],
        .competition_rate = v[P_COMPETITION_RATE],
        .competition = (int)v[P_COMPETITION],
        .unite_threshold = v[P_UNITE_THRESHOLD],
        .bounds = (int)v[P_BOUNDS],
        .ants = ants,
        .eta0 = ants ? v[P_ETA0] : 0.0,
        .eta_decay = ants ? v[P_ETA_DECAY] : 0.0,
        .ant_feasibility = ants ? (int)v[P_ANT_FEASIBILITY] : HF_ICA_ANT_REJECT,
    };
    return p;
}

/* Scratch for one batch: the points, their values and the member each
 * belongs to. */
typedef struct ica_batch {
    double *x;    /* countries × dim */
    double *f;    /* countries */
    size_t *member;
} ica_batch;

/* Evaluates every colony as one batch; 0 when the run had to stop.  A
 * colony past the evaluation that stopped the run keeps its old cost, as
 * when the colonies were evaluated one by one. */
static int evaluate_colonies(hf_ica_state *st, hf_evaluator *ev, ica_batch *b)
{
    size_t m = 0;
    for (size_t i = 0; i < st->n; ++i)
        if (hf_ica_is_colony(st, i)) {
            memcpy(b->x + m * st->dim, st->x + i * st->dim, st->dim * sizeof *b->x);
            b->member[m++] = i;
        }
    size_t counted = hf_evaluator_eval_batch(ev, b->x, m, b->f);
    for (size_t j = 0; j < counted; ++j)
        st->f[b->member[j]] = b->f[j];
    return !hf_evaluator_should_stop(ev);
}

/* ICACO's ant step (Eqs. 22–24) with the ants evaluated as one batch; 0
 * when the run had to stop.  Every ant is drawn before any is accepted:
 * an ant depends only on its imperialist and the stream, and accepting
 * one changes only its own colony, so the draws and the outcome are those
 * of the one-by-one loop. */
static int ant_step(hf_ica_state *st, const hf_ica_params *p, double eta,
                    hf_evaluator *ev, hf_rng *rng, ica_batch *b)
{
    size_t m = 0;
    for (size_t i = 0; i < st->n; ++i) {
        if (!hf_ica_is_colony(st, i))
            continue;
        double *ant = b->x + m * st->dim;
        if (!hf_icaco_ant(st, i, eta, rng, ant)) {
            if (p->ant_feasibility == HF_ICA_ANT_REJECT)
                continue;
            hf_ica_bound(st, ant, p->bounds);
        }
        b->member[m++] = i;
    }
    size_t counted = hf_evaluator_eval_batch(ev, b->x, m, b->f);
    int stopped = hf_evaluator_should_stop(ev);
    /* the ant that stopped the run is not accepted, as in the loop that
     * returned right after evaluating it */
    for (size_t j = 0; j + (stopped ? 1 : 0) < counted; ++j)
        (void)hf_icaco_accept(st, b->member[j], b->x + j * st->dim, b->f[j]);
    return !stopped;
}

/* One decade; 0 when the run had to stop part-way. */
static int iterate(hf_ica_state *st, const hf_ica_params *p, size_t k,
                   hf_evaluator *ev, hf_rng *rng, ica_batch *b)
{
    for (size_t i = 0; i < st->n; ++i)
        if (hf_ica_is_colony(st, i))
            hf_ica_assimilate(st, i, p, rng);
    (void)hf_ica_revolve(st, p->revolution_rate * pow(p->revolution_damping, (double)k), rng);
    if (!evaluate_colonies(st, ev, b))
        return 0;
    if (p->ants && !ant_step(st, p, p->eta0 * pow(p->eta_decay, (double)k), ev, rng, b))
        return 0;
    (void)hf_ica_swap(st);
    (void)hf_ica_unite(st, p->unite_threshold);
    hf_ica_total_costs(st, p->xi);
    if (p->competition_rate >= 1.0 || hf_rng_uniform(rng) < p->competition_rate)
        (void)hf_ica_compete(st, p->competition, rng);
    (void)hf_ica_collapse(st);
    return 1;
}

/* Shows the population to the run's observer, if it has one. */
static void report_population(const hf_algo_run *ctx, const hf_ica_state *st, size_t iteration,
                              int *leader)
{
    if (ctx->run->population == NULL)
        return;
    for (size_t i = 0; i < st->n; ++i)
        leader[i] = st->imp[st->owner[i]] == i;
    hf_population pop = {iteration,   st->n,    st->dim, st->x, st->f, st->owner, leader,
                         hf_ica_alive_count(st), st->n_emp};
    ctx->run->population(&pop, ctx->run->population_user);
}

static hf_status run_with(const hf_algo_run *ctx, int ants, hf_diag *diag)
{
    hf_ica_params p = params_from(ctx->params, ants);
    if (p.imperialists >= p.countries)
        return hf_diag_set(diag, HF_ERANGE,
                           "%s: imperialists = %zu must be below countries = %zu",
                           ctx->name, p.imperialists, p.countries);
    const hf_problem *prob = ctx->problem;
    hf_ica_state *st = hf_ica_state_alloc(prob->dim, p.countries, p.imperialists,
                                          prob->lower, prob->upper);
    /* freed below */
    ica_batch b = {malloc(p.countries * prob->dim * sizeof *b.x),
                   malloc(p.countries * sizeof *b.f), malloc(p.countries * sizeof *b.member)};
    int *leader = malloc(p.countries * sizeof *leader); /* freed below */
    if (st == NULL || b.x == NULL || b.f == NULL || b.member == NULL || leader == NULL) {
        hf_ica_state_free(st);
        free(b.x);
        free(b.f);
        free(b.member);
        free(leader);
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", ctx->name);
    }
    hf_evaluator *ev = ctx->ev;
    hf_ica_init_positions(st, ctx->rng);
    hf_apply_start_point(ctx, st->x);
    /* the initial countries, one batch; those past a stop keep no cost */
    size_t counted = hf_evaluator_eval_batch(ev, st->x, st->n, b.f);
    memcpy(st->f, b.f, counted * sizeof *b.f);
    if (!hf_evaluator_should_stop(ev)) {
        hf_ica_form_empires(st, ctx->rng);
        report_population(ctx, st, 0, leader);
        for (size_t k = 0; !hf_evaluator_should_stop(ev); ++k) {
            (void)iterate(st, &p, k, ev, ctx->rng, &b);
            hf_evaluator_end_iteration(ev); /* a cut-short decade still counts */
            report_population(ctx, st, k + 1, leader);
        }
    }
    hf_ica_state_free(st);
    free(b.x);
    free(b.f);
    free(b.member);
    free(leader);
    return HF_OK;
}

static hf_status ica_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return run_with(ctx, 0, diag);
}

static hf_status icaco_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return run_with(ctx, 1, diag);
}

const hf_algorithm hf_algorithm_ica = {
    .name = "ica",
    .summary = "Imperialist Competitive Algorithm (Atashpaz-Gargari & Lucas 2007)",
    .params = ica_params,
    .nparams = P_ETA0,
    .default_max_iters = 50,
    .variant_key = "variant",
    .run = ica_run,
};

const hf_algorithm hf_algorithm_icaco = {
    .name = "icaco",
    .summary = "ICA with the ant-colony step (Sheikhi Azqandi & Safaeifar 2023)",
    .params = ica_params,
    .nparams = P_COUNT,
    .default_max_iters = 50,
    .variant_key = "variant",
    .run = icaco_run,
};
