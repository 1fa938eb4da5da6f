/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_names.c — the one "unknown X 'name' (valid: ...)" message
 * (hf_unknown_name, hf_names_join in hertzfit/status.h): the list is
 * complete when it fits, says "..." when cut (never a half name), and is
 * what every registry reports (optimisers, problems, test functions,
 * damping models).
 */
#include "hf_test.h"

#include <string.h>

#include "hertzfit/bench_problems.h"
#include "hertzfit/damping.h"
#include "hertzfit/impact.h"
#include "hertzfit/optimizer.h"

static const char *const greek[] = {"alpha", "beta", "gamma"};

static const char *greek_at(size_t index, const void *ctx)
{
    (void)ctx;
    return greek[index];
}

static void test_join(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(hf_names_join(3, greek_at, NULL, buf, sizeof buf), "alpha, beta, gamma");
    assert_string_equal(hf_names_join(0, greek_at, NULL, buf, sizeof buf), "none");
    /* cut: whole names only, then ", ..." */
    assert_string_equal(hf_names_join(3, greek_at, NULL, buf, 18), "alpha, beta, ...");
    assert_string_equal(hf_names_join(3, greek_at, NULL, buf, 19), "alpha, beta, gamma");
    assert_string_equal(hf_names_join(3, greek_at, NULL, buf, 11), "alpha, ...");
    assert_string_equal(hf_names_join(3, greek_at, NULL, buf, 6), "...");
}

static void test_unknown_name(void **state)
{
    (void)state;
    hf_diag diag = {{0}};
    assert_int_equal(hf_unknown_name("letter", "delta", 3, greek_at, NULL, &diag),
                     HF_ENOTFOUND);
    assert_string_equal(diag.text, "unknown letter 'delta' (valid: alpha, beta, gamma)");
    assert_int_equal(hf_unknown_name("letter", "delta", 3, greek_at, NULL, NULL), HF_ENOTFOUND);
}

/* Every registry gives the same message with all its names. */
static void test_registries(void **state)
{
    (void)state;
    hf_diag diag = {{0}};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("nlopt:LN_NOTHING", 2, &opt, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "unknown optimizer 'nlopt:LN_NOTHING' (valid: ica, "));
    const char *last = hf_optimizer_name_at(hf_optimizer_name_count() - 1);
    char tail[128];
    snprintf(tail, sizeof tail, ", %s)", last);
    assert_non_null(strstr(diag.text, tail));   /* the whole list fits */
    assert_null(strstr(diag.text, "hertzfit"));  /* no program command named */
    hf_bench_problem *bp = NULL;
    assert_int_equal(hf_bench_problem_alloc("spere:2", NULL, &bp, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "unknown problem 'spere' (valid: sphere, "));
    assert_non_null(strstr(diag.text, ", maxwell-full, bbob)"));
    hf_testproblem *tp = NULL;
    assert_int_equal(hf_testproblem_alloc("spere", 2, &tp, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "unknown test function 'spere' (valid: sphere, "));
    hf_damping_id m = HF_DAMPING_COUNT;
    assert_int_equal(hf_damping_lookup("nope", &m, &diag), HF_ENOTFOUND);
    assert_int_equal(m, HF_DAMPING_COUNT);
    assert_non_null(strstr(diag.text, "unknown damping model 'nope' (valid: hunt-crossley, "));
    assert_int_equal(hf_damping_lookup("exact", &m, &diag), HF_OK);
    assert_int_equal(m, HF_DAMPING_EXACT);
    /* the ball's models: the catalogue and the linear damper */
    hf_impact_model im;
    assert_int_equal(hf_impact_model_lookup("nope", &im, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "unknown damping model 'nope' (valid: hunt-crossley, "));
    assert_non_null(strstr(diag.text, ", profile, poursina-residual, poursina-nikravesh)"));
    assert_int_equal(hf_impact_model_lookup("poursina-nikravesh", &im, &diag), HF_OK);
    assert_int_equal(im.law, HF_IMPACT_LINEAR_DAMPER);
    assert_string_equal(hf_impact_model_name(im), HF_IMPACT_MODEL_LINEAR);
    assert_int_equal(hf_impact_model_lookup("hu-guo", &im, &diag), HF_OK);
    assert_int_equal(im.law, HF_IMPACT_HUNT_CROSSLEY);
    assert_int_equal(im.damping, HF_DAMPING_HU_GUO);
    assert_string_equal(hf_impact_model_name(im), "hu-guo");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_join),
        cmocka_unit_test(test_unknown_name),
        cmocka_unit_test(test_registries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
