/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_optimum.c — "hertzfit optimum": the closed-form optimum of the
 * profile objective (K0* = <r>/<r^2>, or the vertex of a table's fitted
 * quadratic) and the valley a(b) on which every (a, b) is optimal: one
 * row per b, each an optimum with its I*, K0* and the minimum RMS.
 */
#include "cli.h"

#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

static const double default_bs[] = {1.5, 2.0, 2.5, 3.0, 3.409, 4.0, 4.5, 5.0, 5.5, 6.0};

static int run_optimum(int argc, char **argv)
{
    const char *sampling = NULL, *table = NULL;
    int csv = 0;
    hfc_reals bs = {0};
    hfc_opt opts[] = {
        HFC_OPT_OBJECTIVE(&sampling, &table),
        {.name = "valley-b", .kind = HFC_REALS, .value = &bs, .arg = "B",
         .limits = HFC_ABOVE, .min = 0.0,
         .help = "b values of the valley a(b) (default 1.5,2,...,6 and 3.409)"},
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "The minimum of the profile objective in closed form: RMS^2 is a\n"
                     "quadratic in K0 = 2/(5 I(a,b)), so the optimum is K0*, I* = 2/(5 K0*)\n"
                     "and every (a, b) with I(a,b) = I* is equally optimal.  One row per b of\n"
                     "the valley: a(b), b, I*, K0* and the minimum RMS.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    hf_profile_objective *obj = NULL;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_profile_objective(argv[0], sampling, table, &obj)) != 0) {
        hfc_free(&spec);
        return rc;
    }
    double k0, integral, rms_min;
    hf_profile_objective_optimum(obj, &k0, &integral, &rms_min);
    const double *b = bs.n ? bs.v : default_bs;
    size_t nb = bs.n ? bs.n : HFC_COUNT(default_bs);
    const char *headers[] = {"a", "b", "I", "K0", "rms_pct"};
    hfc_table *t = hfc_table_alloc(csv, 5, headers);
    for (size_t i = 0; rc == 0 && i < nb; ++i) {
        double a = 0.0;
        if (hf_profile_valley_a(b[i], integral, &a, NULL) != HF_OK)
            rc = hfc_fail(argv[0], "--valley-b: no a > 0 gives I* = %g at b = %g", integral,
                          b[i]);
        hfc_table_num(t, a);
        hfc_table_num(t, b[i]);
        hfc_table_num(t, integral);
        hfc_table_num(t, k0);
        hfc_table_num(t, rms_min);
    }
    if (rc == 0) {
        hfc_note_objective(csv, table, obj);
        rc = hfc_table_print(t);
    } else {
        hfc_table_free(t);
    }
    hf_profile_objective_free(obj);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_optimum_command = {
    "optimum", "closed-form optimum K0*, I*, minimum RMS and the valley a(b)", run_optimum,
    NULL, 0, NULL};
