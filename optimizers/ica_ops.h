/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/ica_ops.h — the operators of the Imperialist Competitive
 * Algorithm (Atashpaz-Gargari & Lucas 2007) and of its ant-colony hybrid
 * ICACO, as Sheikhi Azqandi & Safaeifar 2023 §3 describe them (Eqs. 18–24),
 * each a separate function so tests/test_ica_ops.c can check each one with
 * a fixed seed.  Private to the library; optimizers/ica.c drives them.
 *
 * Storage: all N countries live in one array.  Each country has an owner
 * empire; empire e's imperialist is country imp[e] (HF_ICA_NONE once the
 * empire has collapsed); every other country owned by e is a colony of e.
 * The operators move positions and reassign owners; they never call the
 * objective — the driver evaluates and writes f[] — so each can be tested
 * on costs set by hand.
 */
#ifndef HERTZFIT_ICA_OPS_H
#define HERTZFIT_ICA_OPS_H

#include <stddef.h>

#include "hertzfit/rng.h"

#define HF_ICA_NONE ((size_t)-1)

/* How a colony moves toward its imperialist (the sources disagree). */
enum hf_ica_assimilation {
    /* Eqs. 19–20 of the ICACO paper: x += U(0, β d) · v, v the unit vector
     * toward the imperialist turned by θ ~ U(−γ, γ) radians in a random
     * plane that contains it (in 2-D: turned left or right). */
    HF_ICA_ASSIMILATE_PAPER = 0,
    /* Atashpaz-Gargari's published ICA.m: x_k += β U_k(0,1) (imp_k − x_k)
     * per component, no θ. */
    HF_ICA_ASSIMILATE_COMPONENTWISE = 1
};

/* How a point that left the box is brought back. */
enum hf_ica_bounds { HF_ICA_BOUNDS_CLAMP = 0, HF_ICA_BOUNDS_REFLECT = 1 };

/* Which empire receives the weakest colony of the weakest empire (Step 6). */
enum hf_ica_competition {
    /* The ICACO paper's Step 6: "join with the most powerful empire", the
     * alive empire of lowest total cost. */
    HF_ICA_COMPETE_STRONGEST = 0,
    /* Atashpaz-Gargari & Lucas 2007: a roulette on normalised power. */
    HF_ICA_COMPETE_ROULETTE = 1
};

/* What happens to an ant drawn outside the box (ICACO). */
enum hf_ica_ant_feasibility {
    /* The ICACO paper (after Eq. 24): an ant replaces its colony only in
     * the feasible domain; an ant outside the box is infeasible, so it is
     * discarded without being evaluated and the colony stays. */
    HF_ICA_ANT_REJECT = 0,
    /* Brought into the box by the bounds rule, evaluated, and accepted
     * when cheaper (hertzfit before the paper's rule was followed). */
    HF_ICA_ANT_BOUND = 1
};

typedef struct hf_ica_params {
    size_t countries;          /* N */
    size_t imperialists;       /* initial number of empires */
    double beta;               /* assimilation step factor β (Eq. 19) */
    double gamma;              /* deviation bound γ in radians (Eq. 20) */
    double xi;                 /* colony weight ξ in the total cost (Eq. 21) */
    int assimilation;          /* enum hf_ica_assimilation */
    double revolution_rate;    /* share of each empire's colonies re-placed */
    double revolution_damping; /* rate multiplier per iteration */
    double competition_rate;   /* probability of a competition per iteration */
    int competition;           /* enum hf_ica_competition */
    double unite_threshold;    /* unite empires closer than this × box diagonal; 0 = never */
    int bounds;                /* enum hf_ica_bounds */
    int ants;                  /* 1 = ICACO's ant step (Eqs. 22–24) */
    double eta0;               /* η at iteration 0 (Eq. 24) */
    double eta_decay;          /* η_k = eta0 · eta_decay^k */
    int ant_feasibility;       /* enum hf_ica_ant_feasibility */
} hf_ica_params;

typedef struct hf_ica_state {
    size_t dim;
    size_t n;             /* countries */
    size_t n_emp;         /* empires created (alive or collapsed) */
    const double *lower;  /* borrowed bounds */
    const double *upper;
    double *x;            /* n × dim positions */
    double *f;            /* n costs (+inf for a failed evaluation) */
    size_t *owner;        /* n: empire of each country */
    size_t *imp;          /* n_emp: imperialist country, HF_ICA_NONE = collapsed */
    double *total;        /* n_emp: total cost TC (Eq. 21) */
    double *scratch;      /* 3·n + 2·dim doubles for the operators */
    size_t *order;        /* n indices for sorting and shuffling */
    size_t *counts;       /* n_emp colony counts (scratch of formation and collapse) */
} hf_ica_state;

/* Allocates a state for n countries and n_emp empires in dim variables.
 * NULL when out of memory; the caller frees with hf_ica_state_free. */
hf_ica_state *hf_ica_state_alloc(size_t dim, size_t n, size_t n_emp,
                                 const double *lower, const double *upper);
void hf_ica_state_free(hf_ica_state *st);

/* Eq. 18, with its typo corrected: the paper prints U + r (U − L), which
 * lies outside the box; the intended X = L + r (U − L), r ~ U(0,1). */
void hf_ica_init_positions(hf_ica_state *st, hf_rng *rng);

/* Step 2: the n_emp cheapest countries become imperialists; the colonies
 * are shared out by normalised power and assigned at random (GSL shuffle
 * on PCG32).  Power of imperialist n: p_n = M − c_n with
 * M = 1.3 max c (max c > 0) or 0.7 max c (otherwise), the rule of
 * Atashpaz-Gargari's ICA.m — the 2007 paper's C_n = c_n − max c would give
 * the weakest imperialist no colony at all.  Counts are p_n/Σp · N_col
 * rounded by largest remainder, so they sum to N_col exactly. */
void hf_ica_form_empires(hf_ica_state *st, hf_rng *rng);

size_t hf_ica_colony_count(const hf_ica_state *st, size_t empire);
size_t hf_ica_alive_count(const hf_ica_state *st);
/* Whether COUNTRY is a colony (owned by a living empire, not its
 * imperialist).  Inline: the driver asks it once per country per pass,
 * about once per evaluation. */
static inline int hf_ica_is_colony(const hf_ica_state *st, size_t country)
{
    size_t e = st->owner[country];
    return st->imp[e] != HF_ICA_NONE && st->imp[e] != country;
}

/* Step 3 (Eqs. 19–20): moves colony c toward its imperialist, then back
 * into the box. */
void hf_ica_assimilate(hf_ica_state *st, size_t c, const hf_ica_params *p,
                       hf_rng *rng);

/* Revolution: in each empire, round(rate · colonies) colonies chosen at
 * random move to a uniform random point of the box.  Returns how many. */
size_t hf_ica_revolve(hf_ica_state *st, double rate, hf_rng *rng);

/* Step 4, in every empire: if its best colony costs less than its
 * imperialist, they exchange roles.  Returns how many empires swapped. */
size_t hf_ica_swap(hf_ica_state *st);

/* Optional uniting: two empires whose imperialists are closer than
 * threshold × box diagonal merge into the cheaper one (its imperialist
 * stays; the other imperialist becomes a colony).  Returns merges. */
size_t hf_ica_unite(hf_ica_state *st, double threshold);

/* Step 5 (Eq. 21): TC_e = f_imp + ξ mean(f_colonies) (TC_e = f_imp for an
 * empire without colonies). */
void hf_ica_total_costs(hf_ica_state *st, double xi);

/* Step 6: the weakest colony (highest cost; ties to the lowest index) of
 * the weakest empire (highest TC) goes to
 *  - HF_ICA_COMPETE_STRONGEST: the empire with the lowest TC (ties to the
 *    lowest index), the ICACO paper's Step 6; no random number is drawn;
 *  - HF_ICA_COMPETE_ROULETTE: an empire chosen by the 2007 paper's
 *    roulette: P_n = (max TC − TC_n)/Σ, winner = argmax(P_n − U(0,1)).
 * The weakest empire is never the receiver.  Needs current total costs.
 * Returns the receiving empire, HF_ICA_NONE when no colony moved (fewer
 * than two empires, or the weakest has no colony). */
size_t hf_ica_compete(hf_ica_state *st, int competition, hf_rng *rng);

/* Step 7: an empire without colonies collapses; its imperialist becomes a
 * colony of the empire with the lowest total cost.  Returns collapses. */
size_t hf_ica_collapse(hf_ica_state *st);

/* Eqs. 22 and 24: the ant of colony c, drawn per variable from
 * N(imp_k, σ_k) with σ_k = (U_k − L_k) η (the paper's "variance σ" is used
 * as a standard deviation, as Eq. 24's units require).  Writes dim values
 * to ant, as drawn; returns 1 when the ant lies in the box (feasible). */
int hf_icaco_ant(const hf_ica_state *st, size_t c, double eta, hf_rng *rng, double *ant);

/* The ant replaces colony c when it is feasible (finite cost) and cheaper.
 * Returns 1 when it did. */
int hf_icaco_accept(hf_ica_state *st, size_t c, const double *ant, double ant_f);

/* Brings x back into the box (clamp, or reflect once then clamp). */
void hf_ica_bound(const hf_ica_state *st, double *x, int bounds);

#endif
