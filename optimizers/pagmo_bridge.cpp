/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/pagmo_bridge.cpp — pagmo's algorithms behind hertzfit's
 * optimiser interface (optimizers/pagmo_bridge.h).  The only C++ file of the
 * library: pagmo is a C++ library, and this file turns a run into a pagmo
 * problem and population and back.  Nothing C++ crosses into C: every
 * exception is caught here.
 */
#include "optimizers/pagmo_bridge.h"

extern "C" {
#include "core/rng_draw.h" /* hf_rng_u32: a run's seeds for pagmo */
}

#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <utility>
#include <vector>

#include <pagmo/algorithms/bee_colony.hpp>
#include <pagmo/algorithms/cmaes.hpp>
#include <pagmo/algorithms/de1220.hpp>
#include <pagmo/algorithms/pso.hpp>
#include <pagmo/algorithms/sade.hpp>
#include <pagmo/algorithms/xnes.hpp>
#include <pagmo/population.hpp>
#include <pagmo/problem.hpp>
#include <pagmo/types.hpp>

namespace {

/* Thrown by the objective at the first call after the evaluator stopped
 * the run: pagmo has no other way to stop inside a generation, and the
 * budget is exact. */
struct run_stopped {};

/* What the pagmo problem shares with the run: pagmo copies its problems,
 * so the state lives here and the problem points to it. */
struct run_state {
    const hf_algo_run *ctx;
    std::size_t per_iteration;   /* evaluations per counted iteration */
    std::size_t since_iteration;
};

/* The run's problem as a pagmo user-defined problem: one objective, the
 * run's box. */
struct bridge_problem {
    run_state *state = nullptr;

    pagmo::vector_double fitness(const pagmo::vector_double &x) const
    {
        hf_evaluator *ev = state->ctx->ev;
        if (hf_evaluator_should_stop(ev))
            throw run_stopped{};
        double f = hf_evaluator_eval(ev, x.data());
        if (++state->since_iteration == state->per_iteration) {
            state->since_iteration = 0;
            hf_evaluator_end_iteration(ev);
        }
        return {f};
    }

    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const
    {
        const hf_problem *p = state->ctx->problem;
        return {pagmo::vector_double(p->lower, p->lower + p->dim),
                pagmo::vector_double(p->upper, p->upper + p->dim)};
    }
};

unsigned draw_seed(hf_rng *rng) { return (unsigned)hf_rng_u32(rng); }

/* The population size: the parameter, or for the evolution strategies
 * (value 0) Hansen's default 4 + floor(3 ln d), at least 5 (pagmo's
 * CMA-ES and xNES need 5). */
std::size_t population_size(const hf_algo_run *ctx, hf_pagmo_kind kind)
{
    std::size_t n = (std::size_t)ctx->params[HF_PAGMO_P_POPULATION];
    if (n == 0 && (kind == HF_PAGMO_CMAES || kind == HF_PAGMO_XNES)) {
        n = 4 + (std::size_t)std::floor(3.0 * std::log((double)ctx->problem->dim));
        if (n < 5)
            n = 5;
    }
    return n;
}

/* Generations enough to spend the budget (the objective stops the run at
 * its end), or the iteration budget. */
unsigned generations(const hf_algo_run *ctx, std::size_t per_generation)
{
    const hf_run_config *run = ctx->run;
    double g = run->max_evals != 0 ? (double)run->max_evals / (double)per_generation + 2.0
                                   : (double)run->max_iters + 2.0;
    double cap = (double)std::numeric_limits<unsigned>::max();
    return g > cap || (run->max_iters == 0 && run->max_evals == 0) ? (unsigned)cap : (unsigned)g;
}

bool flag(double v) { return v != 0.0; }

pagmo::population evolve(const hf_algo_run *ctx, hf_pagmo_kind kind, pagmo::population pop,
                         std::size_t np)
{
    const double *v = ctx->params;
    switch (kind) {
    case HF_PAGMO_CMAES:
        return pagmo::cmaes(generations(ctx, np), v[HF_PAGMO_CMAES_CC], v[HF_PAGMO_CMAES_CS],
                            v[HF_PAGMO_CMAES_C1], v[HF_PAGMO_CMAES_CMU],
                            v[HF_PAGMO_CMAES_SIGMA0], v[HF_PAGMO_CMAES_FTOL],
                            v[HF_PAGMO_CMAES_XTOL], false, flag(v[HF_PAGMO_CMAES_FORCE_BOUNDS]),
                            draw_seed(ctx->rng))
            .evolve(std::move(pop));
    case HF_PAGMO_XNES:
        return pagmo::xnes(generations(ctx, np), v[HF_PAGMO_XNES_ETA_MU],
                           v[HF_PAGMO_XNES_ETA_SIGMA], v[HF_PAGMO_XNES_ETA_B],
                           v[HF_PAGMO_XNES_SIGMA0], v[HF_PAGMO_XNES_FTOL],
                           v[HF_PAGMO_XNES_XTOL], false, flag(v[HF_PAGMO_XNES_FORCE_BOUNDS]),
                           draw_seed(ctx->rng))
            .evolve(std::move(pop));
    case HF_PAGMO_SADE:
        return pagmo::sade(generations(ctx, np), (unsigned)v[HF_PAGMO_SADE_VARIANT],
                           (unsigned)v[HF_PAGMO_SADE_VARIANT_ADPTV], v[HF_PAGMO_SADE_FTOL],
                           v[HF_PAGMO_SADE_XTOL], false, draw_seed(ctx->rng))
            .evolve(std::move(pop));
    case HF_PAGMO_DE1220:
        return pagmo::de1220(generations(ctx, np), pagmo::de1220_statics<void>::allowed_variants,
                             (unsigned)v[HF_PAGMO_DE1220_VARIANT_ADPTV],
                             v[HF_PAGMO_DE1220_FTOL], v[HF_PAGMO_DE1220_XTOL], false,
                             draw_seed(ctx->rng))
            .evolve(std::move(pop));
    case HF_PAGMO_PSO:
        return pagmo::pso(generations(ctx, np), v[HF_PAGMO_PSO_OMEGA], v[HF_PAGMO_PSO_ETA1],
                          v[HF_PAGMO_PSO_ETA2], v[HF_PAGMO_PSO_MAX_VEL],
                          (unsigned)v[HF_PAGMO_PSO_VARIANT],
                          (unsigned)v[HF_PAGMO_PSO_NEIGHB_TYPE],
                          (unsigned)v[HF_PAGMO_PSO_NEIGHB_PARAM], false, draw_seed(ctx->rng))
            .evolve(std::move(pop));
    case HF_PAGMO_BEE_COLONY:
        /* a generation evaluates the employed and the onlooker bees: 2 np */
        return pagmo::bee_colony(generations(ctx, 2 * np), (unsigned)v[HF_PAGMO_BEE_LIMIT],
                                 draw_seed(ctx->rng))
            .evolve(std::move(pop));
    }
    return pop;
}

} // namespace

extern "C" hf_status hf_pagmo_run(const hf_algo_run *ctx, hf_pagmo_kind kind, hf_diag *diag)
{
    const hf_problem *p = ctx->problem;
    std::size_t np = population_size(ctx, kind);
    run_state state{ctx, np, 0};
    try {
        bridge_problem udp;
        udp.state = &state;
        pagmo::problem prob(udp);
        /* pagmo's population seed only matters for pagmo's own draws,
         * which the bridge does not use: the individuals come from the
         * run's stream */
        pagmo::population pop(prob, 0u, draw_seed(ctx->rng));
        /* The initial population is one batch (hf_evaluator_eval_batch: in
         * parallel on the run's threads, one ask of an ask/tell run), given
         * to pagmo with its values; the draws, the counts and the
         * iteration are those of evaluating it one individual at a time.
         * pagmo's generations evaluate one individual at a time: of the
         * algorithms used here none takes a batch evaluator in Debian's
         * pagmo (only pso_gen has set_bfe). */
        std::vector<double> xs(np * p->dim), fs(np);
        for (std::size_t i = 0; i < np; ++i) {
            hf_uniform_point(ctx->rng, p, &xs[i * p->dim]);
            if (i == 0)
                hf_apply_start_point(ctx, xs.data());
        }
        std::size_t counted = hf_evaluator_eval_batch(ctx->ev, xs.data(), np, fs.data());
        for (state.since_iteration += counted; state.since_iteration >= state.per_iteration;
             state.since_iteration -= state.per_iteration)
            hf_evaluator_end_iteration(ctx->ev);
        if (counted < np || hf_evaluator_should_stop(ctx->ev))
            return HF_OK;   /* the evaluator's stop within the first population */
        for (std::size_t i = 0; i < np; ++i)
            pop.push_back(pagmo::vector_double(&xs[i * p->dim], &xs[(i + 1) * p->dim]),
                          pagmo::vector_double{fs[i]});
        evolve(ctx, kind, std::move(pop), np);
    } catch (const run_stopped &) {
        return HF_OK;   /* the evaluator's stop: budget, target or iterations */
    } catch (const std::bad_alloc &) {
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", ctx->name);
    } catch (const std::exception &e) {
        return hf_diag_set(diag, HF_EINVAL, "%s: pagmo refused the run: %s", ctx->name,
                           e.what());
    }
    if (!hf_evaluator_should_stop(ctx->ev))
        hf_evaluator_stop(ctx->ev, HF_STOP_CONVERGED);   /* pagmo's own end */
    return HF_OK;
}
