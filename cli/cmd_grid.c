/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_grid.c — "hertzfit grid": the RMS objective on the 11 × 10 grid
 * of Safaeifar & Farshidianfar's Table 2 (a = 1:0.5:6, b = 1.5:0.5:6).
 */
#include "cli.h"

#include "hertzfit/profile_objective.h"

static int run_grid(int argc, char **argv)
{
    const char *sampling = NULL, *table = NULL;
    int csv = 0;
    hfc_opt opts[] = {
        HFC_OPT_OBJECTIVE(&sampling, &table),
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "RMS (in %) of the profile model over a = 1:0.5:6, b = 1.5:0.5:6, the\n"
                     "grid of Table 2 of Safaeifar & Farshidianfar (2020).",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_profile_objective *obj = NULL;
    rc = hfc_profile_objective(argv[0], sampling, table, &obj);
    if (rc != 0)
        return rc;
    const char *headers[] = {"a", "b", "rms_pct"};
    hfc_table *t = hfc_table_alloc(csv, 3, headers);
    for (int i = 0; i <= 10; ++i)
        for (int j = 0; j <= 9; ++j) {
            double a = 1.0 + 0.5 * i, b = 1.5 + 0.5 * j;
            hfc_table_num(t, a);
            hfc_table_num(t, b);
            hfc_table_numf(t, "%.3f", hf_profile_objective_rms(obj, a, b));
        }
    hfc_note_objective(csv, table, obj);
    hf_profile_objective_free(obj);
    return hfc_table_print(t);
}

const hfc_command hfc_grid_command = {
    "grid", "the RMS grid of Safaeifar & Farshidianfar Table 2", run_grid, NULL, 0, NULL};
