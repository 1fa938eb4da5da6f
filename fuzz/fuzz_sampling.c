/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_sampling.c — the c_r sampling file reader
 * (hertzfit/profile_objective.h), and the objective built on what it read.
 */
#include "fuzz_target.h"

#include <stdlib.h>

#include "hertzfit/profile_objective.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = hf_fuzz_scratch("sampling.csv", data, size);
    if (path == NULL)
        return 0;
    double *values = NULL;
    size_t count = 0;
    hf_diag diag = {{0}};
    if (hf_profile_sampling_read(path, &values, &count, &diag) != HF_OK)
        return 0;
    hf_profile_objective *obj = NULL;
    if (hf_profile_objective_alloc(values, count, &obj, &diag) == HF_OK) {
        const hf_problem *p = hf_profile_objective_problem(obj);
        const double x[2] = {2.939, 3.409};
        (void)p->f(x, p->ctx);
        hf_profile_objective_free(obj);
    }
    free(values);
    return 0;
}
