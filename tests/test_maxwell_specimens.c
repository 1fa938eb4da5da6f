/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_maxwell_specimens.c — drops grouped by specimen: the
 * `specimen` column read (quoted or not, an empty cell refused), the
 * grouping in order of first appearance, one identification per specimen
 * equal to the identification of that specimen's drops alone, and the
 * comparison: two specimens of one material do not differ, a third of
 * another material differs from both; the restitution of the extraction
 * against Hunter's e.
 */
#include "hf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_fit.h"
#include "objectives/maxwell_internal.h"

#define GRID HERTZFIT_SOURCE_DIR "/data/maxwell_synthetic_grid.csv"

static hf_maxwell_data *read_data(const char *path)
{
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_data_read(path, NULL, &d, &diag), HF_OK);
    return d;
}

static const char *write_file(const char *name, const char *text)
{
    const char *path = hf_test_tmp_path(name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_specimen_column(void **state)
{
    (void)state;
    hf_maxwell_data *d = read_data(write_file(
        "specimens_list.csv", "specimen,m_kg,R_m,V0_mps,F_M_N\n"
                              "\"PU, 60 Shore\",0.004,0.005,1,10\n"
                              "steel,0.004,0.005,2,20\n"
                              "\"PU, 60 Shore\",0.004,0.005,3,30\n"));
    assert_non_null(d->specimen);
    assert_string_equal(d->specimen[0], "PU, 60 Shore");
    assert_string_equal(d->specimen[1], "steel");
    size_t n = 0, index[3];
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_data_specimens(d, &n, index, &diag), HF_OK);
    assert_int_equal(n, 2);
    assert_int_equal(index[0], 0);
    assert_int_equal(index[1], 1);
    assert_int_equal(index[2], 0);
    hf_maxwell_data_free(d);
    /* an empty name is refused naming its cell */
    const char *bad = write_file("specimens_bad.csv", "m_kg,R_m,V0_mps,F_M_N,specimen\n"
                                                      "0.004,0.005,1,10,a\n"
                                                      "0.004,0.005,2,20,\n");
    d = NULL;
    assert_int_equal(hf_maxwell_data_read(bad, NULL, &d, &diag), HF_EMISSING);
    assert_non_null(strstr(diag.text, ":3:5: no specimen name"));
    /* a list without the column is one specimen */
    d = NULL;
    assert_int_equal(hf_maxwell_grid_read(GRID, NULL, &d, &diag), HF_OK);
    assert_null(d->specimen);
    assert_int_equal(hf_maxwell_data_specimens(d, &n, NULL, &diag), HF_OK);
    assert_int_equal(n, 1);
    hf_maxwell_data_free(d);
}

/* The grid's impacts at MATERIAL with 1 % noise (SEED) as tests
 * [offset, offset + grid->n) of D, named NAME. */
static void add_specimen(hf_maxwell_data *d, const hf_maxwell_data *grid, size_t offset,
                         const hf_maxwell_material *material, uint64_t seed, const char *name)
{
    hf_maxwell_response r[64];
    hf_diag diag = {{0}};
    assert_true(grid->n <= 64);
    assert_int_equal(hf_maxwell_synthesize(material, grid, 0.01, seed, r, &diag), HF_OK);
    for (size_t i = 0; i < grid->n; ++i) {
        d->impact[offset + i] = grid->impact[i];
        d->value[HF_MAXWELL_F_M][offset + i] = r[i].F_M;
        d->value[HF_MAXWELL_T_M][offset + i] = r[i].t_M;
        d->value[HF_MAXWELL_T_C][offset + i] = r[i].t_c;
        d->value[HF_MAXWELL_E][offset + i] = r[i].e;
        assert_int_equal(hf_maxwell_data_set_specimen(d, offset + i, name, &diag), HF_OK);
    }
}

static void test_compare(void **state)
{
    (void)state;
    hf_maxwell_data *grid = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_grid_read(GRID, NULL, &grid, &diag), HF_OK);
    const size_t m = grid->n;
    hf_maxwell_data *d = NULL;
    assert_int_equal(hf_maxwell_data_alloc(3 * m, 0xFu, &d, &diag), HF_OK);
    const hf_maxwell_material a = {1e7, 0.5, 300.0}, b = {1.05e7, 0.5, 300.0};
    add_specimen(d, grid, 0, &a, 11, "A1");
    add_specimen(d, grid, m, &a, 12, "A2");
    add_specimen(d, grid, 2 * m, &b, 13, "B");
    hf_argatov_constants k;
    assert_int_equal(hf_argatov_constants_compute(&k, &diag), HF_OK);
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    hf_maxwell_comparison *x = NULL;
    assert_int_equal(hf_maxwell_compare(d, &k, &c, HF_MAXWELL_COMPARE_LEVEL, &x, &diag), HF_OK);
    assert_int_equal(x->method, HF_MAXWELL_FULL);
    assert_int_equal(x->specimens->n, 3);
    assert_string_equal(x->specimens->specimen[2].name, "B");
    assert_int_equal(x->npairs, 3);
    /* pairs (A1, A2), (A1, B), (A2, B): one material, then two.  A 5 %
     * step in mu0 is ~15 standard errors at 1 % noise over 18 drops
     * (se(mu0) ~ 0.3 %): any working test separates it; the same material
     * differs by chance with probability LEVEL, and these seeds are one
     * draw of that (p printed on failure). */
    assert_int_equal(x->pair[0].a, 0);
    assert_int_equal(x->pair[0].b, 1);
    if (x->pair[0].differ)
        fail_msg("A1 vs A2: p = %g, Holm %g", x->pair[0].p, x->pair[0].p_holm);
    assert_true(x->pair[1].differ && x->pair[2].differ);
    for (size_t j = 0; j < 3; ++j)
        assert_true(x->pair[j].trusted);
    /* each specimen's fit is the fit of its drops alone */
    hf_maxwell_identify_config full = c;
    full.method = HF_MAXWELL_IDENTIFY_FULL;
    hf_maxwell_data *alone = NULL;
    assert_int_equal(hf_maxwell_data_alloc(m, 0xFu, &alone, &diag), HF_OK);
    add_specimen(alone, grid, 0, &b, 13, "B");
    hf_maxwell_identify_report r;
    assert_int_equal(hf_maxwell_identify(alone, &k, &full, &r, &diag), HF_OK);
    assert_true(r.row[0].estimate.mu0 == x->row[2]->estimate.mu0);
    assert_true(r.row[0].estimate.eta == x->row[2]->estimate.eta);
    /* the Wald statistic of the pair by hand: the per-parameter z's with the
     * correlations, so W >= z_mu0^2 when the correlation is small */
    assert_true(x->pair[1].wald > 0.0 && x->pair[1].p < 1e-6);
    hf_maxwell_identify_report_free(&r);
    hf_maxwell_data_free(alone);
    hf_maxwell_comparison_free(x);
    /* the regressions give no single estimate to compare; one specimen
     * has nothing to compare with */
    c.method = HF_MAXWELL_IDENTIFY_REGRESSION;
    assert_int_equal(hf_maxwell_compare(d, &k, &c, 0.05, &x, &diag), HF_EINVAL);
    assert_null(x);
    c.method = HF_MAXWELL_IDENTIFY_FULL;
    assert_int_equal(hf_maxwell_compare(grid, &k, &c, 0.05, &x, &diag), HF_EINVAL);
    hf_maxwell_data_free(d);
    hf_maxwell_data_free(grid);
}

/* e of the extraction against Hunter's e: over 12 noise seeds of one drop
 * the standardised errors (e − e_true)/u_e must scatter as the uncertainty
 * says.  Hunter's e is exact to ~1e-10 (the ODE tolerance); the trapezoid
 * impulse of a 100 kHz record errs by O(Δt²) of the pulse's curvature,
 * ~1e-5 of e, far below u_e ~ 3e-3 at 0.5 % noise. */
static void test_restitution_of_extraction(void **state)
{
    (void)state;
    const hf_maxwell_material mat = {1e6, 0.5, 100.0};
    const hf_maxwell_impact imp = {0.0138, 0.0075, 1.0};
    hf_maxwell_response truth;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_simulate(&mat, &imp, NULL, &truth, &diag), HF_OK);
    double chi2 = 0.0;
    const int seeds = 12;
    for (int s = 1; s <= seeds; ++s) {
        hf_maxwell_trace_options o;
        hf_maxwell_trace_options_init(&o);
        o.noise = 0.005;
        o.seed = (uint64_t)s;
        hf_maxwell_trace *tr = NULL;
        assert_int_equal(hf_maxwell_trace_synthesize(&mat, &imp, &o, &tr, &diag), HF_OK);
        hf_maxwell_impact_features f;
        size_t nf = 0;
        assert_int_equal(hf_maxwell_trace_extract(tr, &imp, 1, &f, &nf, &diag), HF_OK);
        assert_int_equal(f.status, HF_MAXWELL_EXTRACT_OK);
        assert_true(f.e_se > 0.0 && f.e_se < 0.01);
        double z = (f.e - truth.e) / f.e_se;
        chi2 += z * z;
        hf_maxwell_trace_free(tr);
    }
    /* chi2/12 of a true uncertainty: 1 ± 0.41 (sd √(2/12)); outside
     * [0.2, 2.5] the uncertainty is wrong by a factor ~1.6 or more (the
     * 0.1 % and 99.7 % points of chi2_12/12 are 0.27 and 2.4) */
    double reduced = chi2 / seeds;
    if (!(reduced > 0.2 && reduced < 2.5))
        fail_msg("e: reduced chi^2 %g over %d seeds", reduced, seeds);
}

/* The shipped three-specimen list with two slips: row 5 has a peak
 * force below the ball's weight, row 40 (B) a mass 10 times too large.
 * The reader warns three times (the F_M column, and each row's momentum),
 * each warning concerning only its drops; a specimen selected keeps the
 * warnings of its drops and its drops' numbers in the list, and the
 * report shows each warning in the section of its specimen (B's in B's,
 * where it was once left out) and in no other. */
static void test_warnings_follow_their_drops(void **state)
{
    (void)state;
    char *text = hf_test_read_file(HERTZFIT_SOURCE_DIR "/data/maxwell_specimens.csv");
    assert_non_null(text);
    size_t size = strlen(text) + 64, len = 0, line = 0;
    char *out = malloc(size);
    assert_non_null(out);
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char f[8][64];
        ++line;
        if ((line == 5 || line == 40) &&
            sscanf(l, "%63[^,],%63[^,],%63[^,],%63[^,],%63[^,],%63[^,],%63[^,],%63s", f[0], f[1],
                   f[2], f[3], f[4], f[5], f[6], f[7]) == 8) {
            if (line == 5)
                snprintf(f[4], sizeof f[4], "0.001"); /* F_M below m g = 0.005 N */
            else
                snprintf(f[1], sizeof f[1], "%.17g", 10.0 * strtod(f[1], NULL));
            len += (size_t)snprintf(out + len, size - len, "%s,%s,%s,%s,%s,%s,%s,%s\n", f[0],
                                    f[1], f[2], f[3], f[4], f[5], f[6], f[7]);
        } else
            len += (size_t)snprintf(out + len, size - len, "%s\n", l);
    }
    hf_maxwell_data *d = read_data(write_file("specimens_slips.csv", out));
    free(text);
    free(out);
    assert_int_equal(d->nwarnings, 3);
    assert_non_null(strstr(d->warning[0], ":5:5: column 'F_M_N'"));
    assert_non_null(strstr(d->warning[1], ":5: F_M"));
    assert_non_null(strstr(d->warning[2], ":40: F_M"));
    static const char *const names[3] = {"A-1", "A-2", "B"};
    static const size_t warnings[3] = {2, 0, 1};
    hf_diag diag = {{0}};
    for (int k = 0; k < 3; ++k) {
        hf_maxwell_data *s = NULL;
        size_t drops[64];
        assert_int_equal(hf_maxwell_data_select_specimen(d, names[k], &s, drops, &diag), HF_OK);
        assert_int_equal(s->n, 18);
        assert_int_equal(drops[0], 18 * (size_t)k); /* 0-based in the list */
        assert_int_equal(s->line[0], 4 + 18 * (size_t)k);
        assert_int_equal(s->nwarnings, warnings[k]);
        hf_maxwell_data_free(s);
    }
    hf_maxwell_data *none = NULL;
    assert_int_equal(hf_maxwell_data_select_specimen(d, "C", &none, NULL, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "no specimen 'C' (the list has: A-1, A-2, B)"));
    assert_null(none);

    hf_argatov_constants k;
    assert_int_equal(hf_argatov_constants_compute(&k, &diag), HF_OK);
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    hf_maxwell_report *r = NULL;
    assert_int_equal(hf_maxwell_report_compute(d, &k, &c, &r, &diag), HF_OK);
    assert_int_equal(r->nsections, 3);
    for (size_t j = 0; j < 3; ++j) {
        const hf_maxwell_report_section *s = &r->section[j];
        size_t seen[3] = {0, 0, 0};
        for (size_t i = 0; i < s->nwarnings; ++i)
            for (int w = 0; w < 3; ++w)
                seen[w] += strcmp(s->warning[i], d->warning[w]) == 0;
        assert_int_equal(seen[0], j == 0);
        assert_int_equal(seen[1], j == 0);
        assert_int_equal(seen[2], j == 2);
        assert_int_equal(s->list_drop[0], 18 * j);
    }
    hf_maxwell_report_free(r);
    hf_maxwell_data_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specimen_column),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_restitution_of_extraction),
        cmocka_unit_test(test_warnings_follow_their_drops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
