/*
 * cli/cmd_optimum.c — "hertzfit optimum": the closed-form optimum of the
 * profile objective (K0* = <r>/<r^2>, or the vertex of a table's fitted
 * quadratic), and the valley a(b) on which every (a, b) is optimal.
 */
#include "cli.h"

#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

static const double default_bs[] = {1.5, 2.0, 2.5, 3.0, 3.409, 4.0, 4.5, 5.0, 5.5, 6.0};

int hf_cmd_optimum(int argc, char **argv)
{
    const char *sampling = NULL, *table = NULL;
    int csv = 0;
    hf_cli_doubles bs = {NULL, 0};
    hf_cli_opt opts[] = {
        HF_CLI_OBJECTIVE_OPTIONS(&sampling, &table),
        {.name = "b", .kind = HF_CLI_DOUBLES, .value = &bs, .arg = "B",
         .help = "b values for the valley a(b) (default 1.5 2 ... 6 and 3.409)"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {"optimum", "[--sampling SPEC | --table FILE] [--b B...] [--csv]",
                        "The minimum of the profile objective in closed form: RMS^2 is a quadratic\n"
                        "in K0 = 2/(5 I(a,b)), so the optimum is K0*, I* = 2/(5 K0*) and every (a, b)\n"
                        "with I(a,b) = I* is equally optimal. Prints K0,I,rms_pct and then the\n"
                        "valley rows b,a.",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc)) {
        hf_cli_doubles_free(&bs);
        return rc;
    }
    for (size_t i = 0; rc == 0 && i < bs.count; ++i)
        if (!(bs.values[i] > 0.0))
            rc = hf_cli_fail("optimum", "--b: %g must be positive", bs.values[i]);
    hf_profile_objective *obj = NULL;
    if (rc == 0)
        rc = hf_cli_profile_objective("optimum", sampling, table, !csv, &obj);
    if (rc != 0) {
        hf_cli_doubles_free(&bs);
        return rc;
    }
    double k0, integral, rms_min;
    hf_profile_objective_optimum(obj, &k0, &integral, &rms_min);
    hf_profile_objective_free(obj);
    const double *b = bs.count ? bs.values : default_bs;
    size_t nb = bs.count ? bs.count : sizeof default_bs / sizeof default_bs[0];
    const char *h1[] = {"K0", "I", "rms_pct"};
    const char *h2[] = {"b", "a"};
    hf_table *top = hf_table_create(csv, 3, h1);
    hf_table *valley = hf_table_create(csv, 2, h2);
    hf_table_num(top, k0);
    hf_table_num(top, integral);
    hf_table_num(top, rms_min);
    for (size_t i = 0; rc == 0 && i < nb; ++i) {
        double a;
        hf_status st = hf_profile_valley_a(b[i], integral, &a, NULL);
        if (st != HF_OK)
            rc = hf_cli_fail("optimum", "no valley point at b = %g (I* = %g)", b[i], integral);
        hf_table_num(valley, b[i]);
        hf_table_num(valley, a);
    }
    hf_cli_doubles_free(&bs);
    if (rc != 0) {
        hf_table_free(top);
        hf_table_free(valley);
        return rc;
    }
    rc = hf_table_print(top, stdout);
    fputc('\n', stdout);
    return rc | hf_table_print(valley, stdout);
}
