/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tests/install/consumer.c — a user's program built against an installed
 * hertzfit (find_package or pkg-config; tests/install_check.py): it finds
 * the shipped data through the library and evaluates the calibration
 * objective of Safaeifar's Table 2 at its closed-form optimum. */
#include <stdio.h>
#include <hertzfit/hertzfit.h>

int main(void)
{
    hf_diag diag = {{0}};
    char dir[4096], path[4200];
    hf_profile_objective *obj = NULL; /* owned: hf_profile_objective_free */
    hf_library_init();
    hf_status st = hf_data_dir(dir, sizeof dir, &diag);
    if (st == HF_OK) {
        snprintf(path, sizeof path, "%s/safaeifar2020_table2.csv", dir);
        st = hf_profile_objective_alloc_table(path, &obj, &diag);
    }
    if (st != HF_OK) {
        fprintf(stderr, "consumer: %s: %s\n", hf_strerror(st), diag.text);
        return 1;
    }
    double k0 = 0, integral = 0, rms = 0;
    hf_profile_objective_optimum(obj, &k0, &integral, &rms);
    printf("version %s\ndata %s\nrms_min_pct %.17g\n", HERTZFIT_VERSION, dir, rms);
    hf_profile_objective_free(obj);
    return 0;
}
