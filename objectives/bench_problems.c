/* SPDX-License-Identifier: GPL-3.0-or-later */
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

#include "core/csv.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/rng.h"
#include "core/problem_internal.h"
#include "core/status_internal.h"
#include "objectives/bench_internal.h"
#include "core/rng_draw.h"

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
#define MAXWELL_MU0_TRUE 1.0e7
#define MAXWELL_ETA_TRUE 300.0

struct hf_bench_problem {
    char family[32];
    char name[64];
    hf_testproblem *test;            /* owned, or NULL; run 0's function when shifted */
    size_t runs;                     /* what hf_bench_problem_prepare_runs was asked for */
    hf_testproblem **shifted;        /* owned: runs 1 .. n_shifted-1, each moved (index 0 unused) */
    hf_problem *shifted_runs;        /* n_shifted views, named bp->name (run 0: bp->problem) */
    size_t n_shifted;
    int bbob_function;               /* 1..24 for a BBOB problem, else 0 */
    unsigned long bbob_instance;     /* its instance; 0: run r uses instance r + 1, or
                                        run_instances[r mod n_run_instances] */
    unsigned long *run_instances;    /* owned, or NULL (hf_bench_problem_set_instances) */
    size_t n_run_instances;
    hf_bbob **bbob;                  /* owned: n_bbob instances (1, 2, ... when per run) */
    hf_problem *bbob_runs;           /* n_bbob views of them, named bp->name */
    size_t n_bbob;
    hf_profile_objective *profile;   /* owned, or NULL */
    hf_maxwell_data *maxwell_data;   /* owned, or NULL */
    hf_maxwell_objective *maxwell;   /* owned, or NULL; borrows maxwell_data */
    hf_problem problem;              /* a copy of the owner's view, renamed */
    const hf_user_problem *user;     /* a registered user problem, or NULL */
    void *user_owned;                /* what user->make allocated (user->release) */
};

/* The user's problems, in the order they were registered. */
static const hf_user_problem *user_problems[HF_USER_PROBLEM_MAX];
static size_t n_user_problems;

static const hf_user_problem *find_user_problem(const char *family)
{
    for (size_t i = 0; i < n_user_problems; ++i)
        if (strcmp(user_problems[i]->name, family) == 0)
            return user_problems[i];
    return NULL;
}

/* The families that are not a test function of hertzfit/bench_problems.h,
 * in the order of the registry's list. */
static const char *const other_families[] = {"profile", "profile-table", "maxwell-full",
                                             "bbob"};
#define N_OTHER (sizeof other_families / sizeof other_families[0])

size_t hf_bench_problem_family_count(void)
{
    return hf_testfunction_count() + N_OTHER + n_user_problems;
}

const char *hf_bench_problem_family_at(size_t index)
{
    size_t nt = hf_testfunction_count();
    if (index < nt)
        return hf_testfunction_at(index)->name;
    if (index < nt + N_OTHER)
        return other_families[index - nt];
    return index < nt + N_OTHER + n_user_problems ? user_problems[index - nt - N_OTHER]->name
                                                  : NULL;
}

hf_status hf_bench_problem_register(const hf_user_problem *up, hf_diag *diag)
{
    if (up == NULL || up->make == NULL || up->default_dim == 0)
        return hf_diag_set(diag, HF_EINVAL, "a user problem needs a make function and a "
                           "default dimension of at least 1");
    if (!hf_name_is_plain(up->name, 31))
        return hf_diag_set(diag, HF_EINVAL, "problem name '%.80s' must be 1 to 31 of letters, "
                           "digits, '_', '-', '.', '+'", up->name ? up->name : "");
    for (size_t i = 0; i < hf_bench_problem_family_count(); ++i)
        if (strcmp(hf_bench_problem_family_at(i), up->name) == 0)
            return hf_diag_set(diag, HF_EEXIST, "problem '%s' already exists", up->name);
    if (n_user_problems == HF_USER_PROBLEM_MAX)
        return hf_diag_set(diag, HF_ERANGE, "more than %d registered problems",
                           HF_USER_PROBLEM_MAX);
    user_problems[n_user_problems++] = up;
    return HF_OK;
}

/* A user problem's fixed id: FNV-1a of its name folded into 10000..29999,
 * so the same name has the same id in every campaign, clear of BBOB's and
 * hertzfit's own, and within the 16-bit signed function id of IOH's tools
 * (IOHexperimenter, IOHinspector) (collisions between two user names are possible, and
 * named by nothing else: the id is for the field's tools, the name is the
 * key). */
unsigned hf_bench_problem_user_id(const char *name)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const unsigned char *c = (const unsigned char *)name; *c; ++c)
        h = (h ^ *c) * UINT64_C(0x100000001b3);
    return 10000u + (unsigned)(h % 20000u);
}

/* Builds a registered user problem in dimension DIM (0: its default). */
static hf_status build_user(hf_bench_problem *bp, size_t dim, hf_diag *diag)
{
    const hf_user_problem *up = bp->user;
    if (dim == 0)
        dim = up->default_dim;
    if (up->fixed_dim && dim != up->default_dim)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s' has dimension %zu, not %zu",
                           up->name, up->default_dim, dim);
    hf_status st = up->make(dim, &bp->problem, &bp->user_owned, diag);
    if (st == HF_OK && bp->problem.dim != dim)
        st = hf_diag_set(diag, HF_EINVAL, "problem '%s' was asked for dimension %zu and made "
                         "%zu", up->name, dim, bp->problem.dim);
    if (st == HF_OK)
        st = hf_problem_check(&bp->problem, diag);
    if (st == HF_OK) {
        snprintf(bp->name, sizeof bp->name, "%s:%zu", up->name, dim);
        bp->problem.name = bp->name;
    }
    return st;
}

/* The fixed problem ids (hf_bench_problem_id), written out rather than
 * derived from a position, so that a family added later never renumbers
 * the others.  BBOB's functions keep their own numbers 1..24. */
static const struct {
    const char *family;
    unsigned id;
} family_ids[] = {
    {"sphere", 101},        {"ellipsoid", 102},      {"rosenbrock", 103},
    {"rastrigin", 104},     {"griewank", 105},       {"ackley", 106},
    {"schwefel226", 107},   {"levy", 108},           {"styblinski-tang", 109},
    {"profile", 201},       {"profile-table", 202},  {"maxwell-full", 203},
};

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
    if (colon == NULL || strcmp(family, "bbob") == 0)
        return HF_OK;   /* a BBOB problem's fields are parse_bbob's */
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

/* "F:D[:I]" after "bbob:": function, dimension and instance (0 when
 * absent), in the ranges of hertzfit/bench_problems.h. */
/* The whole numbers of REST ("F:D" or "F:D:I") into v[0 .. *n-1]. */
static hf_status bbob_fields(const char *spec, const char *rest, unsigned long long v[3],
                             size_t *n, hf_diag *diag)
{
    char item[32];
    *n = 0;
    while (rest != NULL && *n < 3) {
        const char *colon = strchr(rest, ':');
        size_t len = colon ? (size_t)(colon - rest) : strlen(rest);
        if (len == 0 || len >= sizeof item)
            break;
        memcpy(item, rest, len);
        item[len] = '\0';
        if (hf_parse_count(item, &v[*n], NULL) != HF_OK)
            return hf_diag_set(diag, HF_EINVAL, "problem '%s': '%s' is not a whole number "
                               "(BBOB problems are bbob:F:D or bbob:F:D:I)", spec, item);
        ++*n;
        rest = colon ? colon + 1 : NULL;
    }
    if (rest != NULL || *n < 2)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s' is not bbob:F:D or bbob:F:D:I "
                           "(function 1..24, dimension, instance)", spec);
    return HF_OK;
}

static hf_status parse_bbob(const char *spec, const char *rest, int *function, size_t *dim,
                            unsigned long *instance, hf_diag *diag)
{
    unsigned long long v[3] = {0, 0, 0};
    size_t n = 0;
    hf_status st = bbob_fields(spec, rest, v, &n, diag);
    if (st != HF_OK)
        return st;
    if (v[0] < 1 || v[0] > HF_BBOB_FUNCTION_COUNT)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s': BBOB function %llu is not in "
                           "1..%d", spec, v[0], HF_BBOB_FUNCTION_COUNT);
    if (v[1] < HF_BBOB_MIN_DIM || v[1] > HF_BBOB_MAX_DIM)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s': BBOB dimension %llu is not in "
                           "%d..%d", spec, v[1], HF_BBOB_MIN_DIM, HF_BBOB_MAX_DIM);
    if (n == 3 && (v[2] < 1 || v[2] > HF_BBOB_MAX_INSTANCE))
        return hf_diag_set(diag, HF_EINVAL, "problem '%s': BBOB instance %llu is not in "
                           "1..%lu", spec, v[2], HF_BBOB_MAX_INSTANCE);
    *function = (int)v[0];
    *dim = (size_t)v[1];
    *instance = (unsigned long)v[2];
    return HF_OK;
}

int hf_bench_problem_bbob(const char *name, int *function, unsigned long *instance)
{
    size_t dim = 0;
    if (name == NULL || strncmp(name, "bbob:", 5) != 0)
        return 0;
    return parse_bbob(name, name + 5, function, &dim, instance, NULL) == HF_OK;
}

/* Instances of a BBOB problem up to COUNT (instance I fixed: one; per
 * run: 1 .. COUNT), each with its view named bp->name. */
static hf_status build_bbob(hf_bench_problem *bp, size_t count, hf_diag *diag)
{
    if (bp->bbob_instance != 0)
        count = 1;
    if (count <= bp->n_bbob)
        return HF_OK;
    hf_bbob **inst = realloc(bp->bbob, sizeof *inst * count);          /* owned by bp */
    if (inst == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    bp->bbob = inst;
    hf_problem *views = realloc(bp->bbob_runs, sizeof *views * count); /* owned by bp */
    if (views == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    bp->bbob_runs = views;
    size_t dim = bp->problem.dim;
    for (size_t r = bp->n_bbob; r < count; ++r) {
        unsigned long instance = bp->bbob_instance   ? bp->bbob_instance
                                 : bp->run_instances ? bp->run_instances[r % bp->n_run_instances]
                                                     : (unsigned long)r + 1;
        /* owned by bp (hf_bench_problem_free) */
        hf_status st = hf_bbob_alloc(bp->bbob_function, dim, instance, &bp->bbob[r], diag);
        if (st != HF_OK)
            return st;
        bp->n_bbob = r + 1;
        bp->bbob_runs[r] = *hf_bbob_problem(bp->bbob[r]);
        bp->bbob_runs[r].name = bp->name;
    }
    bp->problem = bp->bbob_runs[0];
    return HF_OK;
}

/* DATA_DIR/FILE into PATH; DATA_DIR NULL means the shipped data
 * (hf_data_dir: $HERTZFIT_DATA, the installation's, or data/). */
static hf_status data_file(const char *data_dir, const char *file, char *path, size_t size,
                           hf_diag *diag)
{
    char dir[1024];
    if (data_dir == NULL) {
        hf_status st = hf_data_dir(dir, sizeof dir, diag);
        if (st != HF_OK)
            return st;
        data_dir = dir;
    }
    int n = snprintf(path, size, "%s/%s", data_dir, file);
    if (n < 0 || (size_t)n >= size)
        return hf_diag_set(diag, HF_ERANGE, "data folder '%s' is too long", data_dir);
    return HF_OK;
}

static hf_status build_profile(hf_bench_problem *bp, int table, const char *data_dir,
                               hf_diag *diag)
{
    hf_status st;
    if (table) {
        char path[1100];
        st = data_file(data_dir, TABLE2_FILE, path, sizeof path, diag);
        if (st == HF_OK) /* owned by bp */
            st = hf_profile_objective_alloc_table(path, &bp->profile, diag);
    } else {
        double *c = NULL; /* freed below */
        size_t n = 0;
        st = hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP,
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
    char path[1100];
    hf_status st = data_file(data_dir, MAXWELL_FILE, path, sizeof path, diag);
    if (st == HF_OK)
        st = hf_maxwell_data_read(path, NULL, &bp->maxwell_data, diag);
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

/* A problem of two variables is named by its family; DIM, when given, must be 2. */
static hf_status named_two_dim(hf_bench_problem *bp, size_t dim, hf_diag *diag)
{
    if (dim != 0 && dim != 2)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s' has dimension 2, not %zu",
                           bp->family, dim);
    snprintf(bp->name, sizeof bp->name, "%s", bp->family);
    return HF_OK;
}

/* bbob:FUNCTION:DIM[:INSTANCE] */
static hf_status build_bbob_spec(hf_bench_problem *bp, const char *spec, hf_diag *diag)
{
    size_t dim = 0;
    hf_status st = parse_bbob(spec, strchr(spec, ':') ? strchr(spec, ':') + 1 : NULL,
                              &bp->bbob_function, &dim, &bp->bbob_instance, diag);
    if (st != HF_OK)
        return st;
    if (bp->bbob_instance)
        snprintf(bp->name, sizeof bp->name, "bbob:%d:%zu:%lu", bp->bbob_function, dim,
                 bp->bbob_instance);
    else
        snprintf(bp->name, sizeof bp->name, "bbob:%d:%zu", bp->bbob_function, dim);
    bp->problem.dim = dim;
    return build_bbob(bp, 1, diag);
}

/* A classic test function, in DIM variables (2 when not given). */
static hf_status build_test_function(hf_bench_problem *bp, size_t dim, hf_diag *diag)
{
    /* owned by bp (hf_bench_problem_free) */
    hf_status st = hf_testproblem_alloc(bp->family, dim ? dim : 2, &bp->test, diag);
    if (st == HF_OK) {
        bp->problem = *hf_testproblem_problem(bp->test);
        snprintf(bp->name, sizeof bp->name, "%s", bp->problem.name);
        bp->problem.name = bp->name;
    }
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
        st = named_two_dim(bp, dim, diag);
        if (st == HF_OK)
            st = build_profile(bp, table, data_dir, diag);
    } else if (strcmp(bp->family, "maxwell-full") == 0) {
        st = named_two_dim(bp, dim, diag);
        if (st == HF_OK)
            st = build_maxwell(bp, data_dir, diag);
    } else if ((bp->user = find_user_problem(bp->family)) != NULL) {
        st = build_user(bp, dim, diag);
    } else if (strcmp(bp->family, "bbob") == 0) {
        st = build_bbob_spec(bp, spec, diag);
    } else if (hf_testfunction_find(bp->family) != NULL) {
        st = build_test_function(bp, dim, diag);
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

/* Moves the optimum of TP to a point drawn by PCG32 (SEED, the stream keyed
 * on "shift|NAME|RUN") uniformly in the inner 80 % of each side of its box:
 * COCO's choice, so the optimum is neither at the centre nor on a face. */
static hf_status shift_one(hf_testproblem *tp, const char *name, size_t run, uint64_t seed,
                           hf_diag *diag)
{
    const hf_problem *p = hf_testproblem_problem(tp);
    char key[128];
    snprintf(key, sizeof key, "shift|%s|%zu", name, run);
    hf_rng rng;
    hf_rng_seed(&rng, seed, hf_rng_stream_from_key(key, 0));
    double x[64];
    double *z = p->dim <= 64 ? x : malloc(sizeof *z * p->dim); /* freed below */
    if (z == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < p->dim; ++i) {
        double w = p->upper[i] - p->lower[i];
        z[i] = hf_rng_uniform_range(&rng, p->lower[i] + 0.1 * w, p->upper[i] - 0.1 * w);
    }
    hf_status st = hf_testproblem_shift(tp, z, diag);
    if (z != x)
        free(z);
    return st;
}

hf_status hf_bench_problem_shift(hf_bench_problem *bp, uint64_t seed, hf_diag *diag)
{
    if (bp->test == NULL || !hf_testfunction_shiftable(hf_testfunction_find(bp->family)))
        return HF_OK;   /* calibration problems and Schwefel 2.26 stay classic */
    hf_status st = shift_one(bp->test, bp->name, 0, seed, diag);
    size_t runs = bp->runs > 1 ? bp->runs : 1;
    if (st != HF_OK || runs == 1)
        return st;
    /* one moved function per run, as BBOB gives each run an instance */
    bp->shifted = calloc(runs, sizeof *bp->shifted);          /* owned by bp */
    bp->shifted_runs = calloc(runs, sizeof *bp->shifted_runs); /* owned by bp */
    if (bp->shifted == NULL || bp->shifted_runs == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    bp->n_shifted = runs;
    bp->shifted_runs[0] = bp->problem;
    for (size_t r = 1; r < runs && st == HF_OK; ++r) {
        st = hf_testproblem_alloc(bp->family, bp->problem.dim, &bp->shifted[r], diag);
        if (st == HF_OK)
            st = shift_one(bp->shifted[r], bp->name, r, seed, diag);
        if (st == HF_OK) {
            bp->shifted_runs[r] = *hf_testproblem_problem(bp->shifted[r]);
            bp->shifted_runs[r].name = bp->name;
        }
    }
    return st;
}

const double *hf_bench_problem_run_optimum_point(const hf_bench_problem *bp, size_t run)
{
    if (bp->test == NULL)
        return NULL;
    if (run == 0 || bp->n_shifted == 0)
        return run == 0 ? hf_testproblem_optimum_point(bp->test) : NULL;
    return run < bp->n_shifted ? hf_testproblem_optimum_point(bp->shifted[run]) : NULL;
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
    if (bp->user != NULL && bp->user->release != NULL)
        bp->user->release(bp->user_owned);
    for (size_t r = 1; r < bp->n_shifted; ++r)
        hf_testproblem_free(bp->shifted[r]);
    free(bp->shifted);
    free(bp->shifted_runs);
    for (size_t r = 0; r < bp->n_bbob; ++r)
        hf_bbob_free(bp->bbob[r]);
    free(bp->bbob);
    free(bp->bbob_runs);
    free(bp->run_instances);
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

hf_status hf_bench_problem_prepare_runs(hf_bench_problem *bp, size_t runs, hf_diag *diag)
{
    if (bp == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no problem given");
    bp->runs = runs;
    return bp->bbob_function != 0 ? build_bbob(bp, runs, diag) : HF_OK;
}

hf_status hf_bench_problem_set_instances(hf_bench_problem *bp, const unsigned long *instances,
                                         size_t n, hf_diag *diag)
{
    if (bp == NULL || instances == NULL || n == 0)
        return hf_diag_set(diag, HF_EINVAL, "no problem or no instances given");
    if (bp->bbob_function == 0 || bp->bbob_instance != 0)
        return HF_OK;   /* no run of its own instance */
    for (size_t i = 0; i < n; ++i)
        if (instances[i] < 1 || instances[i] > HF_BBOB_MAX_INSTANCE)
            return hf_diag_set(diag, HF_EINVAL, "BBOB instance %lu is not in 1..%lu",
                               instances[i], (unsigned long)HF_BBOB_MAX_INSTANCE);
    unsigned long *copy = malloc(sizeof *copy * n);   /* owned by bp */
    if (copy == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    memcpy(copy, instances, sizeof *copy * n);
    free(bp->run_instances);
    bp->run_instances = copy;
    bp->n_run_instances = n;
    /* the instances built so far were numbered 1, 2, ...: built again */
    for (size_t r = 0; r < bp->n_bbob; ++r)
        hf_bbob_free(bp->bbob[r]);
    bp->n_bbob = 0;
    return build_bbob(bp, bp->runs > 0 ? bp->runs : 1, diag);
}

const hf_problem *hf_bench_problem_run(const hf_bench_problem *bp, size_t run)
{
    if (bp->n_shifted > 0)
        return run < bp->n_shifted ? &bp->shifted_runs[run] : NULL;
    if (bp->bbob_function == 0 || bp->bbob_instance != 0)
        return &bp->problem;
    return run < bp->n_bbob ? &bp->bbob_runs[run] : NULL;
}

hf_status hf_bench_problem_optimum(const hf_bench_problem *bp, double *x_opt, int *x_known,
                                   double *f_opt, hf_diag *diag)
{
    if (bp == NULL || x_known == NULL || f_opt == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no problem or no output given");
    const hf_problem *p = &bp->problem;
    *x_known = 0;
    if (bp->bbob_function != 0) {
        *x_known = 1;
        return hf_bbob_optimum(bp->bbob[0], x_opt, f_opt, diag);
    }
    if (!p->has_optimum)
        return hf_diag_set(diag, HF_ENOTFOUND, "problem '%s': the optimum is not known",
                           p->name);
    *f_opt = p->f_opt;
    if (bp->test != NULL) {
        *x_known = 1;
        const double *moved = hf_testproblem_optimum_point(bp->test);
        if (moved != NULL) {
            if (x_opt != NULL)
                memcpy(x_opt, moved, sizeof *x_opt * p->dim);
            return HF_OK;
        }
        double f = 0.0;
        return hf_testfunction_optimum(hf_testfunction_find(bp->family), p->dim, x_opt, &f,
                                       diag);
    }
    if (bp->maxwell != NULL) {
        /* the truth of the synthetic data in the scaled variables */
        *x_known = 1;
        if (x_opt != NULL) {
            x_opt[0] = MAXWELL_MU0_TRUE / MAXWELL_MU0_REF;
            x_opt[1] = MAXWELL_ETA_TRUE / MAXWELL_ETA_REF;
        }
    }
    /* the profile problems: f* is the closed form, but its minimisers are a
     * valley a(b), not a point */
    return HF_OK;
}

hf_status hf_bench_problem_id(const char *name, unsigned *id, hf_diag *diag)
{
    if (name == NULL || id == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no problem name given");
    char family[32];
    size_t dim = 0;
    hf_status st = parse_spec(name, family, sizeof family, &dim, diag);
    if (st != HF_OK)
        return st;
    if (strcmp(family, "bbob") == 0) {
        int function = 0;
        unsigned long instance = 0;
        st = parse_bbob(name, strchr(name, ':') ? strchr(name, ':') + 1 : NULL, &function,
                        &dim, &instance, diag);
        if (st == HF_OK)
            *id = (unsigned)function;
        return st;
    }
    for (size_t i = 0; i < sizeof family_ids / sizeof family_ids[0]; ++i)
        if (strcmp(family_ids[i].family, family) == 0) {
            *id = family_ids[i].id;
            return HF_OK;
        }
    if (find_user_problem(family) != NULL) {
        *id = hf_bench_problem_user_id(family);
        return HF_OK;
    }
    return unknown_problem(family, diag);
}
