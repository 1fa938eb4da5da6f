/*
 * cli/cmd_models.c — "hertzfit models": the damping-model catalogue.
 */
#include "cli.h"

#include "hertzfit/damping.h"

int hf_cmd_models(int argc, char **argv)
{
    int csv = 0;
    hf_cli_opt opts[] = {
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {"models", "[--csv]",
                        "Every damping model h_r(c_r) hertzfit knows: its stable name,\n"
                        "its formula and its reference.",
                        opts, 1, 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    const char *headers[] = {"name", "formula", "reference"};
    hf_table *t = hf_table_create(csv, 3, headers);
    for (size_t i = 0; i < HF_DAMPING_COUNT; ++i) {
        const hf_damping_model *m = hf_damping_at((hf_damping_id)i);
        hf_table_str(t, m->name);
        hf_table_str(t, m->formula);
        hf_table_str(t, m->reference);
    }
    return hf_table_print(t, stdout);
}
