/*
 * objectives/bench_problems.c — the name → problem registry of benchmark
 * campaigns: parses "NAME[:DIM]", builds the test function or the
 * calibration objective behind it, and owns everything the hf_problem
 * borrows (bounds, objective context).
 */
#include "hertzfit/bench_problems.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/csv.h"
#include "hertzfit/maxwell_estimate.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/rng.h"
#include "hertzfit/testfunctions.h"

#define TABLE2_FILE "safaeifar2020_table2.csv"
#define MAXWELL_FILE "maxwell_synthetic_clean.csv"

/* The clean synthetic Maxwell data are Hunter's model at mu0 = 10 MPa,
 * nu = 0.5, eta = 300 1/s (see data/README.md).  The search box is
 * centred off the truth, at (12 MPa, 250 1/s) with the default relative
 * half-widths (0.5, 0.95), so that the optimum (x = (5/6, 6/5)) is not the
 * box centre, where DIRECT would find it at its first evaluation. */
#define MAXWELL_NU 0.5
#define MAXWELL_MU0_REF 1.2e7
#define MAXWELL_ETA_REF 250.0

struct hf_bench_problem {
    char family[32];
    char name[64];
    hf_testproblem *test;            /* owned, or NULL */
    hf_profile_objective *profile;   /* owned, or NULL */
    hf_maxwell_data *maxwell_data;   /* owned, or NULL */
    hf_maxwell_objective *maxwell;   /* owned, or NULL; borrows maxwell_data */
    hf_problem problem;              /* a copy of the owner's view, renamed */
};

static const char *const calibration_families[] = {"profile", "profile-table", "maxwell-full"};
#define N_CALIBRATION (sizeof calibration_families / sizeof calibration_families[0])

size_t hf_bench_problem_family_count(void)
{
    return hf_testfunction_count() + N_CALIBRATION;
}

const char *hf_bench_problem_family_at(size_t index)
{
    size_t nt = hf_testfunction_count();
    if (index < nt)
        return hf_testfunction_at(index)->name;
    return index < nt + N_CALIBRATION ? calibration_families[index - nt] : NULL;
}

static const char *family_at(size_t index, const void *ctx)
{
    (void)ctx;
    return hf_bench_problem_family_at(index);
}

static hf_status unknown_problem(const char *family, hf_diag *diag)
{
    return hf_unknown_name("problem", family, hf_bench_problem_family_count(), family_at, NULL,
                           diag);
}

/* Splits "NAME[:DIM]" into family and dimension (0 when absent). */
static hf_status parse_spec(const char *spec, char *family, size_t cap, size_t *dim,
                            hf_diag *diag)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len == 0 || len >= cap)
        return hf_diag_set(diag, HF_ENOTFOUND, "bad problem name '%s'", spec);
    memcpy(family, spec, len);
    family[len] = '\0';
    *dim = 0;
    if (colon == NULL)
        return HF_OK;
    unsigned long long d = 0;
    if (hf_parse_count(colon + 1, &d, NULL) != HF_OK)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s': dimension '%s' is not a number",
                           spec, colon + 1);
    if (d < 1)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s': dimension must be >= 1", spec);
    if (d > 100000)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s': dimension %llu is too large",
                           spec, d);
    *dim = (size_t)d;
    return HF_OK;
}

static hf_status build_profile(hf_bench_problem *bp, int table, const char *data_dir,
                               hf_diag *diag)
{
    hf_status st;
    if (table) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", data_dir ? data_dir : "data", TABLE2_FILE);
        st = hf_profile_objective_alloc_table(path, &bp->profile, diag); /* owned by bp */
    } else {
        double *c = NULL; /* freed below */
        size_t n = 0;
        st = hf_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP,
                              &c, &n, diag);
        if (st == HF_OK)
            st = hf_profile_objective_alloc(c, n, &bp->profile, diag); /* owned by bp */
        free(c);
    }
    if (st != HF_OK)
        return st;
    bp->problem = *hf_profile_objective_problem(bp->profile); /* on the default box */
    bp->problem.name = bp->name;
    return HF_OK;
}

/* Sum of squared relative residuals of the full Maxwell model on the clean
 * synthetic data.  f* = 0: the data are the model's own output at the
 * truth, so the minimum is 0 up to the ODE tolerance of the simulations
 * (the misfit at the truth is what the test checks). */
static hf_status build_maxwell(hf_bench_problem *bp, const char *data_dir, hf_diag *diag)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir ? data_dir : "data", MAXWELL_FILE);
    hf_status st = hf_maxwell_data_read(path, NULL, &bp->maxwell_data, diag);
    if (st != HF_OK)
        return st;
    hf_maxwell_objective_options o;
    hf_maxwell_objective_options_init(&o);
    o.nu = MAXWELL_NU;
    o.mu0_ref = MAXWELL_MU0_REF;
    o.eta_ref = MAXWELL_ETA_REF;
    /* owned by bp (hf_bench_problem_free), as is bp->maxwell_data */
    st = hf_maxwell_objective_alloc(bp->maxwell_data, &o, &bp->maxwell, diag);
    if (st == HF_OK)
        bp->problem = *hf_maxwell_objective_problem(bp->maxwell);
    bp->problem.name = bp->name;
    bp->problem.has_optimum = 1;
    bp->problem.f_opt = 0.0;
    return st;
}

hf_status hf_bench_problem_alloc(const char *spec, const char *data_dir,
                                 hf_bench_problem **out, hf_diag *diag)
{
    *out = NULL;
    if (spec == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no problem name given");
    hf_bench_problem *bp = calloc(1, sizeof *bp); /* freed by hf_bench_problem_free */
    if (bp == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    size_t dim = 0;
    hf_status st = parse_spec(spec, bp->family, sizeof bp->family, &dim, diag);
    int table = bp->family[0] && strcmp(bp->family, "profile-table") == 0;
    if (st != HF_OK) {
        /* already set */
    } else if (table || strcmp(bp->family, "profile") == 0) {
        if (dim != 0 && dim != 2)
            st = hf_diag_set(diag, HF_EINVAL, "problem '%s' has dimension 2, not %zu",
                             bp->family, dim);
        else {
            snprintf(bp->name, sizeof bp->name, "%s", bp->family);
            st = build_profile(bp, table, data_dir, diag);
        }
    } else if (strcmp(bp->family, "maxwell-full") == 0) {
        if (dim != 0 && dim != 2)
            st = hf_diag_set(diag, HF_EINVAL, "problem '%s' has dimension 2, not %zu",
                             bp->family, dim);
        else {
            snprintf(bp->name, sizeof bp->name, "%s", bp->family);
            st = build_maxwell(bp, data_dir, diag);
        }
    } else if (hf_testfunction_find(bp->family) != NULL) {
        /* owned by bp (hf_bench_problem_free) */
        st = hf_testproblem_alloc(bp->family, dim ? dim : 2, &bp->test, diag);
        if (st == HF_OK) {
            bp->problem = *hf_testproblem_problem(bp->test);
            snprintf(bp->name, sizeof bp->name, "%s", bp->problem.name);
            bp->problem.name = bp->name;
        }
    } else {
        st = unknown_problem(bp->family, diag);
    }
    if (st != HF_OK) {
        hf_bench_problem_free(bp);
        return st;
    }
    *out = bp;
    return HF_OK;
}

hf_status hf_bench_problem_shift(hf_bench_problem *bp, uint64_t seed, hf_diag *diag)
{
    if (bp->test == NULL || !hf_testfunction_shiftable(hf_testfunction_find(bp->family)))
        return HF_OK;   /* calibration problems and Schwefel 2.26 stay classic */
    const hf_problem *p = &bp->problem;
    char key[96];
    snprintf(key, sizeof key, "shift|%s", bp->name);
    hf_rng rng;
    hf_rng_seed(&rng, seed, hf_rng_stream_from_key(key, 0));
    double x[64];
    double *z = p->dim <= 64 ? x : malloc(sizeof *z * p->dim); /* freed below */
    if (z == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    /* COCO's choice: the optimum anywhere in the inner 80 % of each side,
     * so it is neither at the centre nor on a face */
    for (size_t i = 0; i < p->dim; ++i) {
        double w = p->upper[i] - p->lower[i];
        z[i] = hf_rng_uniform_range(&rng, p->lower[i] + 0.1 * w, p->upper[i] - 0.1 * w);
    }
    hf_status st = hf_testproblem_shift(bp->test, z, diag);
    if (z != x)
        free(z);
    return st;
}

const double *hf_bench_problem_optimum_point(const hf_bench_problem *bp)
{
    return bp->test != NULL ? hf_testproblem_optimum_point(bp->test) : NULL;
}

void hf_bench_problem_free(hf_bench_problem *bp)
{
    if (bp == NULL)
        return;
    hf_testproblem_free(bp->test);
    hf_profile_objective_free(bp->profile);
    hf_maxwell_objective_free(bp->maxwell);
    hf_maxwell_data_free(bp->maxwell_data);
    free(bp);
}

const hf_problem *hf_bench_problem_problem(const hf_bench_problem *bp)
{
    return &bp->problem;
}

const char *hf_bench_problem_family(const hf_bench_problem *bp)
{
    return bp->family;
}
