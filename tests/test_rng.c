/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_rng.c — PCG32 against the published pcg32 demo program
 * (pcg-c-basic pcg32-demo.c, seed 42, stream 54, round 1): the six 32-bit
 * outputs, then the 65 coin flips and 33 dice rolls drawn with
 * pcg32_boundedrand_r, exactly as the demo prints them.
 */
#include "hf_test.h"

#include <string.h>

#include "hertzfit/rng.h"
#include "core/rng_draw.h"

static void test_demo_round1_u32(void **state)
{
    (void)state;
    const uint32_t expected[6] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                  0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    hf_rng rng;
    hf_rng_seed(&rng, 42u, 54u);
    for (int i = 0; i < 6; ++i)
        assert_int_equal(hf_rng_u32(&rng), expected[i]);
}

static void test_demo_round1_coins_and_rolls(void **state)
{
    (void)state;
    const char *coins = "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT";
    const int rolls[33] = {3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3,
                           1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3};
    hf_rng rng;
    hf_rng_seed(&rng, 42u, 54u);
    for (int i = 0; i < 6; ++i)
        (void)hf_rng_u32(&rng);
    char got[66];
    for (int i = 0; i < 65; ++i)
        got[i] = hf_rng_bounded(&rng, 2) ? 'H' : 'T';
    got[65] = '\0';
    assert_string_equal(got, coins);
    for (int i = 0; i < 33; ++i)
        assert_int_equal((int)hf_rng_bounded(&rng, 6) + 1, rolls[i]);
}

static void test_streams_differ_and_repeat(void **state)
{
    (void)state;
    hf_rng a, b, c;
    hf_rng_seed(&a, 2385u, 0u);
    hf_rng_seed(&b, 2385u, 1u);
    hf_rng_seed(&c, 2385u, 0u);
    int same_ab = 0;
    for (int i = 0; i < 100; ++i) {
        uint32_t x = hf_rng_u32(&a), y = hf_rng_u32(&b), z = hf_rng_u32(&c);
        same_ab += (x == y);
        assert_int_equal(x, z);
    }
    assert_true(same_ab < 3);
}

static void test_uniform_range_and_normal_moments(void **state)
{
    (void)state;
    hf_rng rng;
    hf_rng_seed(&rng, 7u, 3u);
    double sum = 0.0, sumsq = 0.0;
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
        double u = hf_rng_uniform(&rng);
        assert_true(u >= 0.0 && u < 1.0);
        double g = hf_rng_normal(&rng, 2.385, 0.5);
        sum += g;
        sumsq += g * g;
    }
    double mean = sum / n, var = sumsq / n - mean * mean;
    /* Standard error of the mean is 0.5/sqrt(2e5) = 1.1e-3; 5 sigma. */
    HF_ASSERT_CLOSE(mean, 2.385, 5.6e-3, 0.0);
    /* Standard error of the variance ~ 0.25*sqrt(2/2e5) = 7.9e-4; 5 sigma. */
    HF_ASSERT_CLOSE(var, 0.25, 4e-3, 0.0);
}

static void test_stream_from_key_is_order_free(void **state)
{
    (void)state;
    assert_true(hf_rng_stream_from_key("icaco|rastrigin:10", 3) ==
                hf_rng_stream_from_key("icaco|rastrigin:10", 3));
    assert_true(hf_rng_stream_from_key("icaco|rastrigin:10", 3) !=
                hf_rng_stream_from_key("icaco|rastrigin:10", 4));
    assert_true(hf_rng_stream_from_key("ica|rastrigin:10", 3) !=
                hf_rng_stream_from_key("icaco|rastrigin:10", 3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_demo_round1_u32),
        cmocka_unit_test(test_demo_round1_coins_and_rolls),
        cmocka_unit_test(test_streams_differ_and_repeat),
        cmocka_unit_test(test_uniform_range_and_normal_moments),
        cmocka_unit_test(test_stream_from_key_is_order_free),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
