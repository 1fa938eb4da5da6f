/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_profile.c — "hertzfit profile": I(a,b), K0 and the RMS objective
 * at one (a, b).
 */
#include "cli.h"

#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

static int run_profile(int argc, char **argv)
{
    double a = 0.0, b = 0.0;
    const char *sampling = NULL, *table = NULL;
    int csv = 0;
    hfc_opt opts[] = {
        {.name = "a", .kind = HFC_REAL, .value = &a, .arg = "A", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "profile exponent a"},
        {.name = "b", .kind = HFC_REAL, .value = &b, .arg = "B", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "profile exponent b"},
        HFC_OPT_OBJECTIVE(&sampling, &table),
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "The profile integral I(a,b) = B(5/(2a), 1+1/b)/a, K0 = 2/(5I) and the RMS\n"
                     "(in %) of the percentage error of h_r = K0 (1-c)/c against the exact\n"
                     "relation.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    double integral;
    if (hf_profile_integral(a, b, &integral, NULL) != HF_OK)
        return hfc_fail(argv[0], "--a %g --b %g: I(a, b) is not representable as a double", a,
                        b);
    hf_profile_objective *obj = NULL;
    rc = hfc_profile_objective(argv[0], sampling, table, &obj);
    if (rc != 0)
        return rc;
    const char *headers[] = {"a", "b", "I", "K0", "rms_pct"};
    hfc_table *t = hfc_table_alloc(csv, 5, headers);
    hfc_table_num(t, a);
    hfc_table_num(t, b);
    hfc_table_num(t, integral);
    hfc_table_num(t, hf_profile_k0_from_integral(integral));
    hfc_table_num(t, hf_profile_objective_rms(obj, a, b));
    hfc_note_objective(csv, table, obj);
    hf_profile_objective_free(obj);
    return hfc_table_print(t);
}

const hfc_command hfc_profile_command = {
    "profile", "I(a,b), K0 and the RMS objective at one (a, b)", run_profile, NULL, 0, NULL};
