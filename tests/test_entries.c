/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_entries.c — optimisers with settings as entries of their own,
 * "NAME{key=value,...}": one canonical name (the table's parameter order,
 * shortest exact values, ';' between settings) that a campaign keeps apart
 * from NAME in every output, the settings applied as hf_optimizer_set
 * would, and bad settings refused naming the fault.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hertzfit/campaign.h"
#include "hertzfit/optimizer.h"

static void test_canonical_names(void **state)
{
    (void)state;
    hf_optimizer *opt = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimizer_alloc("ica{countries=30,variant=2007}", 2, &opt, &diag),
                     HF_OK);
    /* the table's order (variant before countries), the variant's other
     * defaults applied as hf_optimizer_set does */
    assert_string_equal(hf_optimizer_name(opt), "ica{variant=2007;countries=30}");
    double v = 0.0;
    assert_int_equal(hf_optimizer_get(opt, "countries", &v, NULL), HF_OK);
    assert_true(v == 30.0);
    assert_int_equal(hf_optimizer_get(opt, "revolution_rate", &v, NULL), HF_OK);
    assert_true(v == 0.3);
    hf_optimizer_free(opt);
    assert_int_equal(hf_optimizer_alloc("pagmo:cmaes{sigma0=0.30}", 2, &opt, NULL), HF_OK);
    assert_string_equal(hf_optimizer_name(opt), "pagmo:cmaes{sigma0=0.3}");
    hf_optimizer_free(opt);
    /* a family member carries its own braces through the family */
    assert_int_equal(hf_optimizer_alloc("restart:ica{variant=2007}", 2, &opt, NULL), HF_OK);
    hf_optimizer_free(opt);
    const char *bad[] = {"ica{nokey=1}", "ica{countries=x}", "ica{countries}", "ica{}",
                         "ica{countries=2}", "icx{countries=30}", "{countries=30}"};
    const hf_status why[] = {HF_ENOTFOUND, HF_EINVAL, HF_EINVAL, HF_EINVAL,
                             HF_ERANGE, HF_ENOTFOUND, HF_EINVAL};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        hf_status st = hf_optimizer_alloc(bad[i], 2, &opt, &diag);
        if (st != why[i])
            print_error("%s: %d (%s)\n", bad[i], (int)st, diag.text);
        assert_int_equal(st, why[i]);
        assert_null(opt);
    }
}

static int is_dir(const char *dir, const char *name)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static void test_entries_in_a_campaign(void **state)
{
    (void)state;
    static const char *const opts[] = {"ica{variant=2007}", "ica", "pagmo:cmaes{sigma0=0.3}"};
    static const char *const probs[] = {"bbob:1:2"};
    hf_campaign_config cfg;
    hf_campaign_config_init(&cfg);
    cfg.optimizers = opts;
    cfg.n_optimizers = 3;
    cfg.problems = probs;
    cfg.n_problems = 1;
    cfg.runs = 2;
    char dir[1100];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("entries"));
    hf_campaign *c = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_OK);
    assert_int_equal(c->n_optimizers, 3);
    assert_string_equal(c->optimizers[0], "ica");
    assert_string_equal(c->optimizers[1], "ica{variant=2007}");
    assert_string_equal(c->optimizers[2], "pagmo:cmaes{sigma0=0.3}");
    /* the entries ran as configured: the manifest records their values */
    const char *keys[] = {"optimizer.ica.d2.variant", "optimizer.ica{variant=2007}.d2.variant",
                          "optimizer.pagmo:cmaes{sigma0=0.3}.d2.sigma0"};
    const char *values[] = {"2023", "2007", "0.29999999999999999"};
    for (size_t k = 0; k < 3; ++k) {
        int found = 0;
        for (size_t i = 0; i < c->n_fields; ++i)
            if (strcmp(c->keys[i], keys[k]) == 0) {
                assert_string_equal(c->values[i], values[k]);
                found = 1;
            }
        assert_true(found);
    }
    /* ica and ica{variant=2007} differ in their runs */
    assert_true(c->rows[0].best_f != c->rows[2].best_f);
    hf_campaign_free(c);
    /* distinct, stable folder names for cocopp and IOHanalyzer */
    assert_true(is_dir(dir, "coco/ica"));
    assert_true(is_dir(dir, "coco/ica-variant-2007-"));
    assert_true(is_dir(dir, "coco/pagmo-cmaes-sigma0-0.3-"));
    assert_true(is_dir(dir, "ioh/ica-variant-2007-"));
    /* one entry written two ways is one optimiser */
    static const char *const twice[] = {"ica{variant=2007}", "ica{variant=2007.0}"};
    cfg.optimizers = twice;
    cfg.n_optimizers = 2;
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("entries-twice"));
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "listed twice"));
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canonical_names),
        cmocka_unit_test(test_entries_in_a_campaign),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
