/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_ica_ops.c — every ICA/ICACO operator on its own, with fixed
 * seeds and costs set by hand: empire formation (colony counts sum to the
 * colony total), assimilation (moves toward the imperialist, within β d
 * and γ), revolution, swap (a better colony becomes imperialist), total
 * cost (Eq. 21), competition (the weakest empire loses its weakest
 * colony), collapse (an empire without colonies disappears), uniting, the
 * ant draw (Eqs. 22, 24) and its acceptance rule, and bound handling.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/status.h"
#include "optimizers/ica_ops.h"
#include "core/rng_draw.h"

static const double lower2[2] = {1.0, 1.5};
static const double upper2[2] = {6.0, 6.0};

static hf_ica_params default_params(void)
{
    hf_ica_params p = {.countries = 20, .imperialists = 3, .beta = 2.0, .gamma = 0.3,
                       .xi = 0.1, .assimilation = HF_ICA_ASSIMILATE_PAPER,
                       .revolution_rate = 0.3, .revolution_damping = 0.99,
                       .competition_rate = 1.0, .competition = HF_ICA_COMPETE_STRONGEST,
                       .unite_threshold = 0.0, .bounds = HF_ICA_BOUNDS_CLAMP, .ants = 1,
                       .eta0 = 1.0, .eta_decay = 0.9, .ant_feasibility = HF_ICA_ANT_REJECT};
    return p;
}

/* 8 countries, 3 empires, costs 0.5 .. 7.5 set by hand (country i costs
 * 7.5 − i, so country 7 is cheapest). */
static hf_ica_state *formed_state(uint64_t seed)
{
    hf_ica_state *st = hf_ica_state_alloc(2, 8, 3, lower2, upper2);
    assert_non_null(st);
    hf_rng rng;
    hf_rng_seed(&rng, seed, 0);
    hf_ica_init_positions(st, &rng);
    for (size_t i = 0; i < 8; ++i)
        st->f[i] = 7.5 - (double)i;
    hf_ica_form_empires(st, &rng);
    return st;
}

static size_t total_colonies(const hf_ica_state *st)
{
    size_t sum = 0;
    for (size_t e = 0; e < st->n_emp; ++e)
        sum += hf_ica_colony_count(st, e);
    return sum;
}

static void test_init_positions_inside_box(void **state)
{
    (void)state;
    hf_ica_state *st = hf_ica_state_alloc(2, 200, 3, lower2, upper2);
    hf_rng rng;
    hf_rng_seed(&rng, 2385, 7);
    hf_ica_init_positions(st, &rng);
    double mean0 = 0.0;
    for (size_t i = 0; i < 200; ++i) {
        for (size_t k = 0; k < 2; ++k) {
            double v = st->x[2 * i + k];
            assert_true(v >= lower2[k] && v <= upper2[k]);
        }
        mean0 += st->x[2 * i] / 200.0;
    }
    /* Eq. 18 corrected to L + r (U − L): mean 3.5, sd of a 200-mean
     * 5/sqrt(12·200) = 0.102; 4 sd. */
    HF_ASSERT_CLOSE(mean0, 3.5, 0.41, 0.0);
    hf_ica_state_free(st);
}

static void test_form_empires_counts_sum_to_colonies(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        hf_ica_state *st = formed_state(seed);
        /* imperialists: the three cheapest countries 7, 6, 5 in that order */
        assert_int_equal(st->imp[0], 7);
        assert_int_equal(st->imp[1], 6);
        assert_int_equal(st->imp[2], 5);
        assert_int_equal(total_colonies(st), 5);
        assert_int_equal(hf_ica_alive_count(st), 3);
        /* powers 1.3·2.5 − (0.5, 1.5, 2.5) = (2.75, 1.75, 0.75) of 5.25:
         * shares 2.62, 1.67, 0.71 → largest remainder gives 2, 2, 1. */
        assert_int_equal(hf_ica_colony_count(st, 0), 2);
        assert_int_equal(hf_ica_colony_count(st, 1), 2);
        assert_int_equal(hf_ica_colony_count(st, 2), 1);
        for (size_t i = 0; i < 5; ++i)
            assert_true(hf_ica_is_colony(st, i));
        hf_ica_state_free(st);
    }
    /* paper size: 20 countries, 3 imperialists → 17 colonies */
    hf_ica_state *st = hf_ica_state_alloc(2, 20, 3, lower2, upper2);
    hf_rng rng;
    hf_rng_seed(&rng, 42, 54);
    hf_ica_init_positions(st, &rng);
    for (size_t i = 0; i < 20; ++i)
        st->f[i] = 12.0 + hf_rng_uniform(&rng);
    hf_ica_form_empires(st, &rng);
    assert_int_equal(total_colonies(st), 17);
    hf_ica_state_free(st);
}

static void test_assimilation_moves_toward_imperialist(void **state)
{
    (void)state;
    hf_ica_params p = default_params();
    hf_rng rng;
    hf_rng_seed(&rng, 2385, 1);
    for (int mode = 0; mode < 2; ++mode) {
        p.assimilation = mode;
        for (int trial = 0; trial < 200; ++trial) {
            hf_ica_state *st = formed_state(100 + (uint64_t)trial);
            size_t c = 0; /* country 0 is a colony */
            const double *imp = st->x + 2 * st->imp[st->owner[c]];
            double before[2] = {st->x[0], st->x[1]};
            double to[2] = {imp[0] - before[0], imp[1] - before[1]};
            double d = hypot(to[0], to[1]);
            p.bounds = HF_ICA_BOUNDS_CLAMP;
            p.beta = 0.9; /* no overshoot, so no clamping can interfere */
            hf_ica_assimilate(st, c, &p, &rng);
            double mv[2] = {st->x[0] - before[0], st->x[1] - before[1]};
            double len = hypot(mv[0], mv[1]);
            double cosang = (mv[0] * to[0] + mv[1] * to[1]) / (len * d);
            assert_true(len <= p.beta * d * (1 + 1e-12));
            if (mode == HF_ICA_ASSIMILATE_PAPER) {
                /* the step is turned by at most gamma = 0.3 rad */
                assert_true(cosang >= cos(p.gamma) - 1e-12);
            } else {
                /* each component moves toward the imperialist */
                assert_true(mv[0] * to[0] >= 0.0 && mv[1] * to[1] >= 0.0);
            }
            assert_true(hypot(st->x[0] - imp[0], st->x[1] - imp[1]) < d);
            hf_ica_state_free(st);
        }
    }
    /* gamma = 0: the colony stays on the line to its imperialist */
    p = default_params();
    p.gamma = 0.0;
    p.beta = 0.9; /* no overshoot past the imperialist, so no clamping */
    hf_ica_state *st = formed_state(5);
    const double *imp = st->x + 2 * st->imp[st->owner[1]];
    double b0 = st->x[2], b1 = st->x[3];
    hf_ica_assimilate(st, 1, &p, &rng);
    double cross = (st->x[2] - b0) * (imp[1] - b1) - (st->x[3] - b1) * (imp[0] - b0);
    HF_ASSERT_CLOSE(cross, 0.0, 1e-12, 0.0);
    hf_ica_state_free(st);
}

static void test_revolution_count_and_box(void **state)
{
    (void)state;
    hf_ica_state *st = formed_state(3);
    double saved[16];
    memcpy(saved, st->x, sizeof saved);
    hf_rng rng;
    hf_rng_seed(&rng, 3, 3);
    assert_int_equal(hf_ica_revolve(st, 0.0, &rng), 0);
    assert_memory_equal(saved, st->x, sizeof saved);
    /* rate 0.5 on colonies (2, 2, 1): round(1) + round(1) + round(0.5) = 3 */
    assert_int_equal(hf_ica_revolve(st, 0.5, &rng), 3);
    size_t changed = 0;
    for (size_t i = 0; i < 8; ++i) {
        int moved = st->x[2 * i] != saved[2 * i] || st->x[2 * i + 1] != saved[2 * i + 1];
        changed += (size_t)moved;
        if (moved)
            assert_true(hf_ica_is_colony(st, i));
        assert_true(st->x[2 * i] >= 1.0 && st->x[2 * i] <= 6.0);
    }
    assert_int_equal(changed, 3);
    hf_ica_state_free(st);
}

static void test_better_colony_swaps_with_imperialist(void **state)
{
    (void)state;
    hf_ica_state *st = formed_state(9);
    size_t e = 0, old_imp = st->imp[e];
    size_t c = HF_ICA_NONE;
    for (size_t i = 0; i < 8; ++i)
        if (st->owner[i] == e && i != old_imp)
            c = i;
    assert_int_equal(hf_ica_swap(st), 0); /* colonies all dearer */
    st->f[c] = -1.0;
    assert_int_equal(hf_ica_swap(st), 1);
    assert_int_equal(st->imp[e], c);
    assert_true(hf_ica_is_colony(st, old_imp));
    assert_int_equal(st->owner[old_imp], e);
    assert_int_equal(total_colonies(st), 5);
    hf_ica_state_free(st);
}

static void test_total_cost_eq21(void **state)
{
    (void)state;
    hf_ica_state *st = formed_state(11);
    hf_ica_total_costs(st, 0.1);
    for (size_t e = 0; e < 3; ++e) {
        double sum = 0.0;
        size_t nc = 0;
        for (size_t i = 0; i < 8; ++i)
            if (st->owner[i] == e && i != st->imp[e]) {
                sum += st->f[i];
                ++nc;
            }
        HF_ASSERT_CLOSE(st->total[e], st->f[st->imp[e]] + 0.1 * sum / (double)nc, 0.0, 1e-15);
    }
    hf_ica_state_free(st);
}

static void test_weakest_empire_loses_weakest_colony(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        hf_ica_state *st = formed_state(seed);
        hf_ica_total_costs(st, 0.1);
        size_t weak = 0;
        for (size_t e = 1; e < 3; ++e)
            if (st->total[e] > st->total[weak])
                weak = e;
        size_t worst = HF_ICA_NONE;
        for (size_t i = 0; i < 8; ++i)
            if (st->owner[i] == weak && i != st->imp[weak] &&
                (worst == HF_ICA_NONE || st->f[i] > st->f[worst]))
                worst = i;
        size_t before = hf_ica_colony_count(st, weak);
        hf_rng rng;
        hf_rng_seed(&rng, seed, 99);
        int mode = seed % 2 ? HF_ICA_COMPETE_STRONGEST : HF_ICA_COMPETE_ROULETTE;
        size_t receiver = hf_ica_compete(st, mode, &rng);
        assert_true(receiver != HF_ICA_NONE && receiver != weak);
        assert_int_equal(st->owner[worst], receiver);
        assert_int_equal(hf_ica_colony_count(st, weak), before - 1);
        assert_true(st->owner[worst] != weak);
        assert_true(hf_ica_is_colony(st, worst));
        assert_int_equal(total_colonies(st), 5);
        hf_ica_state_free(st);
    }
}

/* Four empires with total costs set by hand, so the weakest (empire 2),
 * its weakest colony and the most powerful (empire 3) are known. */
static hf_ica_state *four_empires(void)
{
    hf_ica_state *st = hf_ica_state_alloc(2, 12, 4, lower2, upper2);
    assert_non_null(st);
    hf_rng rng;
    hf_rng_seed(&rng, 4, 0);
    hf_ica_init_positions(st, &rng);
    /* imperialists 0..3; colonies 4..11, two per empire in turn */
    static const double cost[12] = {3.0, 2.0, 4.0, 1.0, 9.0, 8.0, 7.0, 6.0,
                                    5.0, 11.0, 10.0, 6.5};
    for (size_t i = 0; i < 12; ++i) {
        st->f[i] = cost[i];
        st->owner[i] = i < 4 ? i : (i - 4) % 4;
    }
    for (size_t e = 0; e < 4; ++e)
        st->imp[e] = e;
    return st;
}

static void test_weakest_colony_goes_to_the_most_powerful_empire(void **state)
{
    (void)state;
    hf_ica_state *st = four_empires();
    hf_ica_total_costs(st, 0.1);
    /* TC = f_imp + 0.1 mean f_col: e0 3 + 0.1·(9+5)/2 = 3.7, e1 2 + 0.1·(8+11)/2 = 2.95,
     * e2 4 + 0.1·(7+10)/2 = 4.85, e3 1 + 0.1·(6+6.5)/2 = 1.625 */
    HF_ASSERT_CLOSE(st->total[2], 4.85, 0.0, 1e-15);
    HF_ASSERT_CLOSE(st->total[3], 1.625, 0.0, 1e-15);
    hf_rng rng;
    hf_rng_seed(&rng, 13, 13);
    hf_rng before = rng;
    /* the paper's Step 6: colony 10 (cost 10, the dearest of empire 2) to empire 3 */
    assert_int_equal(hf_ica_compete(st, HF_ICA_COMPETE_STRONGEST, &rng), 3);
    assert_int_equal(st->owner[10], 3);
    assert_int_equal(hf_ica_colony_count(st, 2), 1);
    assert_int_equal(hf_ica_colony_count(st, 3), 3);
    /* and it draws no random number */
    assert_true(hf_rng_uniform(&rng) == hf_rng_uniform(&before));
    hf_ica_state_free(st);
}

static void test_roulette_receivers_follow_normalised_power(void **state)
{
    (void)state;
    /* The 2007 roulette: P_n = (max TC − TC_n)/Σ over e0, e1, e3 with max TC = 4.85:
     * powers 1.15, 1.9, 3.225 → P = 0.1832, 0.3028, 0.5139; the receiver is
     * argmax(P_n − U_n).  Over 20000 fixed-seed draws, the frequency of each
     * receiver is within 4 binomial standard errors (≤ 0.0142) of its
     * probability computed here by 1-D quadrature of P(P_n − U_n is largest). */
    double p[3] = {1.15, 1.9, 3.225}, sum = p[0] + p[1] + p[2];
    for (int k = 0; k < 3; ++k)
        p[k] /= sum;
    /* P(winner = k) = ∫ density of S_k = p_k − U at s times Π_{j≠k} P(S_j < s) */
    double expect[3] = {0, 0, 0};
    const int steps = 200000;
    for (int k = 0; k < 3; ++k)
        for (int i = 0; i < steps; ++i) {
            double s = p[k] - 1.0 + (i + 0.5) / steps; /* S_k uniform on [p_k − 1, p_k] */
            double prod = 1.0;
            for (int j = 0; j < 3; ++j)
                if (j != k) {
                    double below = s - (p[j] - 1.0); /* P(p_j − U < s) */
                    prod *= below < 0 ? 0 : below > 1 ? 1 : below;
                }
            expect[k] += prod / steps;
        }
    hf_rng rng;
    hf_rng_seed(&rng, 2007, 1);
    size_t hits[4] = {0, 0, 0, 0};
    const int n = 20000;
    for (int t = 0; t < n; ++t) {
        hf_ica_state *st = four_empires();
        hf_ica_total_costs(st, 0.1);
        size_t r = hf_ica_compete(st, HF_ICA_COMPETE_ROULETTE, &rng);
        assert_true(r != HF_ICA_NONE && r != 2);
        hits[r]++;
        hf_ica_state_free(st);
    }
    static const size_t empire_of[3] = {0, 1, 3};
    for (int k = 0; k < 3; ++k) {
        double freq = (double)hits[empire_of[k]] / n;
        HF_ASSERT_CLOSE(freq, expect[k], 4 * sqrt(expect[k] * (1 - expect[k]) / n), 0.0);
    }
}

static void test_empire_without_colonies_collapses(void **state)
{
    (void)state;
    hf_ica_state *st = formed_state(13);
    /* move every colony of empire 2 to empire 0 */
    for (size_t i = 0; i < 8; ++i)
        if (st->owner[i] == 2 && i != st->imp[2])
            st->owner[i] = 0;
    size_t old_imp = st->imp[2];
    hf_ica_total_costs(st, 0.1);
    assert_int_equal(hf_ica_collapse(st), 1);
    assert_int_equal(st->imp[2], HF_ICA_NONE);
    assert_int_equal(hf_ica_alive_count(st), 2);
    assert_true(hf_ica_is_colony(st, old_imp));
    /* it joins the empire of lowest total cost */
    size_t strongest = st->total[0] < st->total[1] ? 0 : 1;
    assert_int_equal(st->owner[old_imp], strongest);
    assert_int_equal(total_colonies(st), 6);
    assert_int_equal(hf_ica_collapse(st), 0);
    /* the last empire never collapses, and competition needs two */
    for (size_t i = 0; i < 8; ++i)
        st->owner[i] = 0;
    st->imp[1] = HF_ICA_NONE;
    hf_rng rng;
    hf_rng_seed(&rng, 1, 1);
    hf_ica_total_costs(st, 0.1);
    assert_true(hf_ica_compete(st, HF_ICA_COMPETE_STRONGEST, &rng) == HF_ICA_NONE);
    assert_true(hf_ica_compete(st, HF_ICA_COMPETE_ROULETTE, &rng) == HF_ICA_NONE);
    assert_int_equal(hf_ica_collapse(st), 0);
    assert_int_equal(hf_ica_alive_count(st), 1);
    hf_ica_state_free(st);
}

static void test_close_empires_unite(void **state)
{
    (void)state;
    hf_ica_state *st = formed_state(17);
    assert_int_equal(hf_ica_unite(st, 0.0), 0);
    /* put imperialist of empire 1 right next to that of empire 0 */
    st->x[2 * st->imp[1]] = st->x[2 * st->imp[0]] + 1e-3;
    st->x[2 * st->imp[1] + 1] = st->x[2 * st->imp[0] + 1];
    size_t imp1 = st->imp[1];
    assert_int_equal(hf_ica_unite(st, 0.01), 1);
    assert_int_equal(st->imp[1], HF_ICA_NONE);
    assert_int_equal(st->owner[imp1], 0); /* empire 0's imperialist is cheaper */
    assert_int_equal(total_colonies(st), 6);
    hf_ica_state_free(st);
}

static void test_ant_distribution_and_acceptance(void **state)
{
    (void)state;
    hf_ica_state *st = formed_state(19);
    hf_rng rng;
    hf_rng_seed(&rng, 19, 5);
    const double *imp = st->x + 2 * st->imp[st->owner[0]];
    const double eta = 0.01; /* σ = (0.05, 0.045): clamping is negligible
                              * unless the imperialist is within 4σ of a bound */
    double ant[2], s[2] = {0, 0}, s2[2] = {0, 0};
    const int n = 4000;
    for (int j = 0; j < n; ++j) {
        int inside = hf_icaco_ant(st, 0, eta, &rng, ant);
        for (int k = 0; k < 2; ++k) {
            assert_int_equal(inside, ant[0] >= lower2[0] && ant[0] <= upper2[0] &&
                                         ant[1] >= lower2[1] && ant[1] <= upper2[1]);
            s[k] += ant[k];
            s2[k] += ant[k] * ant[k];
        }
    }
    for (int k = 0; k < 2; ++k) {
        double sigma = (upper2[k] - lower2[k]) * eta;
        int near_bound = imp[k] - lower2[k] < 4 * sigma || upper2[k] - imp[k] < 4 * sigma;
        if (near_bound)
            continue;
        double mean = s[k] / n, sd = sqrt(s2[k] / n - mean * mean);
        /* mean: 4 standard errors σ/√n; sd: 4 standard errors σ/√(2n) */
        HF_ASSERT_CLOSE(mean, imp[k], 4 * sigma / sqrt(n), 0.0);
        HF_ASSERT_CLOSE(sd, sigma, 4 * sigma / sqrt(2.0 * n), 0.0);
    }
    double better[2] = {2.0, 2.0};
    double fc = st->f[0];
    assert_int_equal(hf_icaco_accept(st, 0, better, fc + 1.0), 0);
    assert_int_equal(hf_icaco_accept(st, 0, better, NAN), 0);
    assert_int_equal(hf_icaco_accept(st, 0, better, -HUGE_VAL), 0);
    assert_true(st->f[0] == fc);
    assert_int_equal(hf_icaco_accept(st, 0, better, fc - 1.0), 1);
    assert_true(st->x[0] == 2.0 && st->x[1] == 2.0 && st->f[0] == fc - 1.0);
    hf_ica_state_free(st);
}

static void test_bounds_clamp_and_reflect(void **state)
{
    (void)state;
    hf_ica_state *st = hf_ica_state_alloc(2, 4, 1, lower2, upper2);
    double x[2] = {0.25, 7.0};
    hf_ica_bound(st, x, HF_ICA_BOUNDS_CLAMP);
    assert_true(x[0] == 1.0 && x[1] == 6.0);
    double y[2] = {0.25, 7.0};
    hf_ica_bound(st, y, HF_ICA_BOUNDS_REFLECT);
    HF_ASSERT_CLOSE(y[0], 1.75, 0.0, 1e-15);
    HF_ASSERT_CLOSE(y[1], 5.0, 0.0, 1e-15);
    double z[2] = {-20.0, 3.0}; /* reflection still outside: clamp */
    hf_ica_bound(st, z, HF_ICA_BOUNDS_REFLECT);
    assert_true(z[0] == 6.0 && z[1] == 3.0);
    hf_ica_state_free(st);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_positions_inside_box),
        cmocka_unit_test(test_form_empires_counts_sum_to_colonies),
        cmocka_unit_test(test_assimilation_moves_toward_imperialist),
        cmocka_unit_test(test_revolution_count_and_box),
        cmocka_unit_test(test_better_colony_swaps_with_imperialist),
        cmocka_unit_test(test_total_cost_eq21),
        cmocka_unit_test(test_weakest_empire_loses_weakest_colony),
        cmocka_unit_test(test_weakest_colony_goes_to_the_most_powerful_empire),
        cmocka_unit_test(test_roulette_receivers_follow_normalised_power),
        cmocka_unit_test(test_empire_without_colonies_collapses),
        cmocka_unit_test(test_close_empires_unite),
        cmocka_unit_test(test_ant_distribution_and_acceptance),
        cmocka_unit_test(test_bounds_clamp_and_reflect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
