/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * examples/plugins/weighted_abs.c — a user's own problem as a hertzfit
 * plug-in (hertzfit/plugin.h): f(x) = sum_i i |x_i - 1/2| on [-2, 2]^d,
 * minimum 0 at (1/2, ..., 1/2), not differentiable there and off the
 * centre of the box.  In a campaign: --problems plugin:PATH:weighted-abs:5
 */
#include <math.h>
#include <stdlib.h>

#include "hertzfit/plugin.h"

/* The bounds of one problem, owned by it (released with it). */
typedef struct box {
    size_t dim;
    double *lower, *upper;
} box;

static double weighted_abs(const double *x, void *ctx)
{
    const box *b = ctx;
    double f = 0.0;
    for (size_t i = 0; i < b->dim; ++i)
        f += (double)(i + 1) * fabs(x[i] - 0.5);
    return f;
}

static hf_status make(size_t dim, hf_problem *out, void **owned, hf_diag *diag)
{
    box *b = malloc(sizeof *b);                        /* released by release */
    double *bounds = b ? malloc(sizeof *bounds * 2 * dim) : NULL;
    if (bounds == NULL) {
        free(b);
        return hf_diag_set(diag, HF_ENOMEM, "weighted-abs: out of memory");
    }
    b->dim = dim;
    b->lower = bounds;
    b->upper = bounds + dim;
    for (size_t i = 0; i < dim; ++i) {
        b->lower[i] = -2.0;
        b->upper[i] = 2.0;
    }
    *out = (hf_problem){"weighted-abs", dim, b->lower, b->upper, weighted_abs, b, 1, 0.0};
    *owned = b;
    return HF_OK;
}

static void release(void *owned)
{
    box *b = owned;
    if (b != NULL)
        free(b->lower);
    free(b);
}

static const hf_user_problem weighted_abs_problem = {"weighted-abs", 2, 0, make, release};

static const hf_user_problem *const problems[] = {&weighted_abs_problem};

static const hf_plugin plugin = {HF_PLUGIN_ABI, "weighted-abs", NULL, 0, problems, 1};

const hf_plugin *hertzfit_plugin(void);

const hf_plugin *hertzfit_plugin(void) { return &plugin; }
