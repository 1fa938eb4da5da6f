/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_models.c — "hertzfit models": the damping-model catalogue.
 */
#include "cli.h"

#include "hertzfit/damping.h"

static int run_models(int argc, char **argv)
{
    int csv = 0;
    hfc_opt opts[] = {
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Every damping model h_r(c_r) hertzfit knows: its stable name,\n"
                     "its formula and its reference.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    const char *headers[] = {"name", "formula", "reference"};
    hfc_table *t = hfc_table_alloc(csv, 3, headers);
    for (size_t i = 0; i < HF_DAMPING_COUNT; ++i) {
        const hf_damping_model *m = hf_damping_at((hf_damping_id)i);
        hfc_table_str(t, m->name);
        hfc_table_str(t, m->formula);
        hfc_table_str(t, m->reference);
    }
    return hfc_table_print(t);
}

const hfc_command hfc_models_command = {
    "models", "the damping-model catalogue: name, formula, reference", run_models, NULL, 0,
    NULL};
