/*
 * cli/profile_args.c — the --sampling / --table choice shared by every
 * subcommand that evaluates the profile objective (profile, grid, optimum,
 * fit profile), so they accept and reject the same inputs the same way.
 */
#include "cli.h"

#include <stdlib.h>

#include "hertzfit/profile_objective.h"

int hf_cli_profile_objective(const char *command, const char *sampling,
                             const char *table, int verbose,
                             struct hf_profile_objective **out)
{
    hf_diag diag = {{0}};
    *out = NULL;
    if (sampling != NULL && table != NULL)
        return hf_cli_fail(command, "give either --sampling or --table, not both");
    hf_status st;
    if (table != NULL) {
        st = hf_profile_objective_alloc_table(table, out, &diag);
        if (st == HF_OK && verbose) {
            double q[3], worst;
            size_t n;
            hf_profile_objective_quadratic(*out, q, &worst, &n);
            fprintf(stderr, "# table %s: RMS^2 fitted as a quadratic in K0 over %zu rows, "
                            "worst residual %.3g %%\n", table, n, worst);
        }
    } else {
        double *c = NULL;
        size_t n = 0;
        st = hf_sampling_parse(sampling ? sampling : HF_SAMPLING_DEFAULT, &c, &n, &diag);
        if (st == HF_OK)
            st = hf_profile_objective_alloc(c, n, out, &diag);
        free(c);
    }
    return st == HF_OK ? 0 : hf_cli_fail_status(command, st, &diag);
}
