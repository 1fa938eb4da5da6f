/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_table.c — the reference table reader of the calibration
 * (hf_profile_objective_alloc_table) and one evaluation of what it built.
 */
#include "fuzz_target.h"

#include "hertzfit/profile_objective.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = hf_fuzz_scratch("table.csv", data, size);
    if (path == NULL)
        return 0;
    hf_profile_objective *obj = NULL;
    hf_diag diag = {{0}};
    if (hf_profile_objective_alloc_table(path, &obj, &diag) != HF_OK)
        return 0;
    const hf_problem *p = hf_profile_objective_problem(obj);
    const double x[2] = {2.939, 3.409};
    (void)p->f(x, p->ctx);
    hf_profile_objective_free(obj);
    return 0;
}
