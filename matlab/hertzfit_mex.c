/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * matlab/hertzfit_mex.c — the MEX gateway of the MATLAB/Octave bindings:
 * hertzfit_mex(COMMAND, NAME, VALUE, ...) with COMMAND one of "hr",
 * "fit_profile", "maxwell_simulate", "viscoelastic_simulate", "maxwell_fit",
 * "maxwell_extract", "maxwell_compare", "copt", "ev", "maxwell_report".  The .m
 * wrappers beside it (hertzfit_hr.m, ...) are the documented interface;
 * each command is the library call the program makes for the same
 * command, so a result is bit-identical to the program's for the same
 * options and seed.  Bad input raises error() with the library's diag
 * text (identifier hertzfit:badInput, or hertzfit:failed when a computation
 * failed); everything allocated is released before error() is raised,
 * since it does not return.
 *
 * It is built as a shared object of its own, hertzfit_mex_impl.so, which
 * the MEX file (matlab/hertzfit_mex_loader.c) loads so that GSL keeps its
 * own CBLAS inside Octave or MATLAB (docs/matlab.md).
 */
#define _GNU_SOURCE   /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <signal.h>
#include <stdbool.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mex.h"

#include "hertzfit/hertzfit.h"

#define TEXT_SIZE 1200

/* What went wrong, raised once everything is released. */
typedef struct failure {
    char id[32];
    char text[TEXT_SIZE];
} failure;

static int fail(failure *f, const char *id, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    snprintf(f->id, sizeof f->id, "%s", id);
    vsnprintf(f->text, sizeof f->text, fmt, ap);
    va_end(ap);
    return 1;
}

/* A library failure: the statuses the library calls bad input (the
 * program's exit 2) are hertzfit:badInput. */
static int fail_status(failure *f, const char *command, hf_status st, const hf_diag *diag)
{
    if (st == HF_EINTERRUPTED)   /* the call found the host's Ctrl-C pending */
        return fail(f, "hertzfit:interrupted", "hertzfit_%s: interrupted (Ctrl-C)", command);
    return fail(f, hf_status_is_bad_input(st) ? "hertzfit:badInput" : "hertzfit:failed",
                "hertzfit_%s: %s", command,
                diag != NULL && diag->text[0] ? diag->text : hf_strerror(st));
}

/* ---- Ctrl-C ---------------------------------------------------------------- */

/* The host's "an interrupt is pending" flag, found at run time: Octave's
 * octave_signal_caught (its SIGINT handler sets it; octave_quit() would
 * act on it by throwing a C++ exception, which must not cross the
 * library's C frames), or MATLAB's utIsInterruptPending().  The library
 * polls it at every evaluation (hf_interrupt_set), so a long fit or
 * campaign stops within a few evaluations, and the gateway then raises
 * hertzfit:interrupted instead of returning a result. */
static volatile sig_atomic_t *octave_caught;
static bool (*matlab_pending)(void);

static int host_interrupt_pending(void)
{
    if (octave_caught != NULL)
        return *octave_caught != 0;
    return matlab_pending != NULL && matlab_pending();
}

static void find_host_interrupt(void)
{
    void *sym = dlsym(RTLD_DEFAULT, "octave_signal_caught");
    octave_caught = sym;
    if (sym == NULL && (sym = dlsym(RTLD_DEFAULT, "utIsInterruptPending")) != NULL)
        memcpy(&matlab_pending, &sym, sizeof matlab_pending);   /* POSIX: object to function */
    hf_interrupt_set(octave_caught != NULL || matlab_pending != NULL ? host_interrupt_pending
                                                                     : NULL);
}

/* ---- name-value pairs ---------------------------------------------------- */

typedef enum { ARG_TEXT, ARG_REAL, ARG_COUNT, ARG_REALS, ARG_STRUCT, ARG_SEED,
               ARG_DATA } arg_kind;

/* A seed: the whole 64-bit range of the program's --seed, as uint64
 * (uint64(18446744073709551615)), or as a double that is a whole number
 * up to 2^53 (beyond it a double cannot name every whole number, so
 * uint64 is required; a double that is not exact would silently run
 * another seed). */
static int seed_ok(const mxArray *v, uint64_t *seed)
{
    if (mxGetNumberOfElements(v) != 1 || mxIsComplex(v) || mxIsSparse(v))
        return 0;
    if (mxIsUint64(v)) {
        *seed = *(const uint64_t *)mxGetData(v);
        return 1;
    }
    if (!mxIsDouble(v))
        return 0;
    double x = mxGetScalar(v);
    if (!(x >= 0 && x == floor(x) && x <= 9007199254740992.0))
        return 0;
    *seed = (uint64_t)x;
    return 1;
}

typedef struct arg {
    const char *name;
    arg_kind kind;
    int required;
    const mxArray *value;   /* NULL when not given */
} arg;

static int is_real_double(const mxArray *v)
{
    return mxIsDouble(v) && !mxIsComplex(v) && !mxIsSparse(v);
}

/* The entry of ARGS named NAME, letters in any case (as MATLAB's); NULL
 * when none is. */
static arg *find_arg(const char *name, arg *args, size_t nargs)
{
    for (size_t k = 0; k < nargs; ++k) {
        size_t len = strlen(args[k].name);
        int same = strlen(name) == len;
        for (size_t c = 0; same && c < len; ++c)
            same = tolower((unsigned char)name[c]) == tolower((unsigned char)args[k].name[c]);
        if (same)
            return &args[k];
    }
    return NULL;
}

static int unknown_option(const char *command, const char *name, const arg *args, size_t nargs,
                          failure *f)
{
    char valid[512] = "";
    for (size_t k = 0; k < nargs; ++k) {
        size_t used = strlen(valid);
        snprintf(valid + used, sizeof valid - used, "%s%s", k ? ", " : "", args[k].name);
    }
    return fail(f, "hertzfit:badInput", "hertzfit_%s: unknown option '%s' (valid: %s)", command,
                name, valid);
}

/* Whether V is a value of KIND. */
static int value_of_kind(arg_kind kind, const mxArray *v)
{
    uint64_t seed;
    switch (kind) {
    case ARG_TEXT:
        return mxIsChar(v) && mxGetNumberOfElements(v) > 0;
    case ARG_STRUCT:
        return mxIsStruct(v) && mxGetNumberOfElements(v) == 1;
    case ARG_DATA:
        return (mxIsChar(v) || mxIsStruct(v)) && mxGetNumberOfElements(v) > 0;
    case ARG_REALS:
        return is_real_double(v) && mxGetNumberOfElements(v) > 0;
    case ARG_SEED:
        return seed_ok(v, &seed);
    case ARG_COUNT:
        if (!is_real_double(v) || mxGetNumberOfElements(v) != 1)
            return 0;
        double x = mxGetScalar(v);
        return x >= 0 && x == floor(x) && x < 1e15;
    default:
        return is_real_double(v) && mxGetNumberOfElements(v) == 1;
    }
}

/* Text V of option A without a NUL: C reads a name only up to a NUL, and
 * 'drops.csv\0zz' would open drops.csv. */
static int check_no_nul(const char *command, const arg *a, const mxArray *v, failure *f)
{
    const mxChar *c = mxGetChars(v);
    for (size_t k = 0; c != NULL && k < mxGetNumberOfElements(v); ++k)
        if (c[k] == 0)
            return fail(f, "hertzfit:badInput", "hertzfit_%s: option '%s' contains a NUL "
                        "character (at %zu)", command, a->name, k + 1);
    return 0;
}

/* V as the value of option A, or a failure saying what it must be. */
static int check_value(const char *command, const arg *a, const mxArray *v, failure *f)
{
    static const char *const wanted[] = {"a character vector", "a real number",
                                         "a whole number from 0 below 1e15",
                                         "a non-empty real vector",
                                         "a scalar struct",
                                         "a seed: a uint64 scalar, or a whole "
                                         "number from 0 to 2^53 as a double",
                                         "a file name or a struct array of drops"};
    if (!value_of_kind(a->kind, v))
        return fail(f, "hertzfit:badInput", "hertzfit_%s: option '%s' must be %s", command,
                    a->name, wanted[a->kind]);
    if (a->kind == ARG_TEXT || (a->kind == ARG_DATA && mxIsChar(v)))
        return check_no_nul(command, a, v, f);
    return 0;
}

/* Checks the pairs against ARGS (names are case-insensitive, as MATLAB's). */
static int parse_pairs(const char *command, int n, const mxArray **pairs, arg *args,
                       size_t nargs, failure *f)
{
    if (n % 2 != 0)
        return fail(f, "hertzfit:badInput", "hertzfit_%s: options come in name-value pairs "
                    "(%d arguments given)", command, n);
    for (int i = 0; i < n; i += 2) {
        char name[64];
        if (!mxIsChar(pairs[i]) || mxGetString(pairs[i], name, sizeof name) != 0)
            return fail(f, "hertzfit:badInput", "hertzfit_%s: argument %d is not an option "
                        "name (a character vector)", command, i + 1);
        arg *a = find_arg(name, args, nargs);
        if (a == NULL)
            return unknown_option(command, name, args, nargs, f);
        if (check_value(command, a, pairs[i + 1], f))
            return 1;
        a->value = pairs[i + 1];
    }
    for (size_t k = 0; k < nargs; ++k)
        if (args[k].required && args[k].value == NULL)
            return fail(f, "hertzfit:badInput", "hertzfit_%s: option '%s' is required",
                        command, args[k].name);
    return 0;
}

static double real_or(const arg *a, double fallback)
{
    return a->value != NULL ? mxGetScalar(a->value) : fallback;
}

static uint64_t seed_or(const arg *a, uint64_t fallback)
{
    uint64_t seed = fallback;
    if (a->value != NULL)
        seed_ok(a->value, &seed);   /* checked by parse_pairs */
    return seed;
}

/* A text option into a malloc'ed string (the caller frees), or NULL. */
static char *text_of(const arg *a)
{
    return a->value != NULL ? mxArrayToString(a->value) : NULL;
}

/* ---- struct arrays ---------------------------------------------------- */

static void set_real(mxArray *s, size_t i, const char *field, double v)
{
    mxSetField(s, (mwIndex)i, field, mxCreateDoubleScalar(v));
}

static void set_text(mxArray *s, size_t i, const char *field, const char *v)
{
    mxSetField(s, (mwIndex)i, field, mxCreateString(v != NULL ? v : ""));
}

/* ---- hr ------------------------------------------------------------------ */

static int cmd_hr(int n, const mxArray **in, mxArray **out, failure *f)
{
    arg args[] = {{"c", ARG_REALS, 1, NULL}, {"model", ARG_TEXT, 0, NULL},
                  {"a", ARG_REAL, 0, NULL}, {"b", ARG_REAL, 0, NULL}};
    if (parse_pairs("hr", n, in, args, 4, f))
        return 1;
    char *model = text_of(&args[1]);
    hf_diag diag = {{0}};
    hf_damping_id id = HF_DAMPING_COUNT;
    hf_status st = hf_damping_lookup(model ? model : "exact", &id, &diag);
    mxFree(model);
    if (st != HF_OK)
        return fail_status(f, "hr", st, &diag);
    const hf_damping_model *dm = hf_damping_at(id);
    if (dm->needs_profile && (args[2].value == NULL || args[3].value == NULL))
        return fail(f, "hertzfit:badInput", "hertzfit_hr: model %s needs 'a' and 'b'",
                    dm->name);
    const double ab[2] = {real_or(&args[2], 0.0), real_or(&args[3], 0.0)};
    const mxArray *c = args[0].value;
    mxArray *h = mxCreateDoubleMatrix(mxGetM(c), mxGetN(c), mxREAL);
    const double *cv = mxGetPr(c);
    double *hv = mxGetPr(h);
    for (size_t i = 0; i < mxGetNumberOfElements(c); ++i) {
        st = hf_damping_hr(id, cv[i], ab, &hv[i], &diag);
        if (st != HF_OK) {
            mxDestroyArray(h);
            return fail_status(f, "hr", st, &diag);
        }
    }
    out[0] = h;
    return 0;
}

/* ---- fit_profile --------------------------------------------------------- */

/* The 'set' struct's fields as the study's parameters: keys[] and values[]
 * of mxGetNumberOfFields(set) entries (the caller's). */
static int set_parameters(const mxArray *set, const char **keys, double *values, failure *f)
{
    for (int k = 0; k < mxGetNumberOfFields(set); ++k) {
        const char *key = mxGetFieldNameByNumber(set, k);
        const mxArray *v = mxGetFieldByNumber(set, 0, k);
        if (v == NULL || !is_real_double(v) || mxGetNumberOfElements(v) != 1)
            return fail(f, "hertzfit:badInput", "hertzfit_fit_profile: 'set' field '%s' must "
                        "be a real number", key);
        keys[k] = key;
        values[k] = mxGetScalar(v);
    }
    return 0;
}

static mxArray *fit_runs(const hf_profile_fit *fit, const char *optimizer, uint64_t seed)
{
    static const char *fields[] = {"run", "optimizer", "seed", "a", "b", "I", "K0",
                                   "rms_pct", "evals", "iters", "status", "converged",
                                   "seconds"};
    size_t n = fit->runs->count;
    mxArray *s = mxCreateStructMatrix((mwSize)n, 1, 13, fields);
    for (size_t i = 0; i < n; ++i) {
        const hf_result *r = fit->runs->results[i];
        int finite = isfinite(r->f);
        set_real(s, i, "run", (double)i);
        set_text(s, i, "optimizer", optimizer);
        /* uint64, so that every seed reads back exactly */
        mxArray *seed_value = mxCreateNumericMatrix(1, 1, mxUINT64_CLASS, mxREAL);
        *(uint64_t *)mxGetData(seed_value) = seed;
        mxSetField(s, (mwIndex)i, "seed", seed_value);
        set_real(s, i, "a", finite ? r->x[0] : NAN);
        set_real(s, i, "b", finite ? r->x[1] : NAN);
        set_real(s, i, "I", finite ? fit->integral[i] : NAN);
        set_real(s, i, "K0", finite ? fit->k0[i] : NAN);
        set_real(s, i, "rms_pct", finite ? r->f : NAN);
        set_real(s, i, "evals", (double)r->evaluations);
        set_real(s, i, "iters", (double)r->iterations);
        set_text(s, i, "status", hf_stop_reason_name(r->stop));
        mxSetField(s, (mwIndex)i, "converged", mxCreateLogicalScalar(fit->converged[i] != 0));
        set_real(s, i, "seconds", r->seconds);
    }
    return s;
}

static mxArray *fit_summary(const hf_profile_fit *fit)
{
    static const char *fields[] = {"runs", "finite", "best", "mean", "median", "worst", "std",
                                   "mean_evaluations", "failed_evaluations", "i_star",
                                   "k0_star", "rms_min", "n_converged", "valley_b",
                                   "valley_a"};
    const hf_runs_summary *m = &fit->summary;
    mxArray *s = mxCreateStructMatrix(1, 1, 15, fields);
    const double v[13] = {(double)m->runs, (double)m->finite, m->best, m->mean, m->median,
                          m->worst, m->sd, m->mean_evaluations, (double)m->failed_evaluations,
                          fit->i_star, fit->k0_star, fit->rms_min, (double)fit->n_converged};
    for (int k = 0; k < 13; ++k)
        set_real(s, 0, fields[k], v[k]);
    mxArray *vb = mxCreateDoubleMatrix((mwSize)fit->n_valley, 1, mxREAL);
    mxArray *va = mxCreateDoubleMatrix((mwSize)fit->n_valley, 1, mxREAL);
    for (size_t j = 0; j < fit->n_valley; ++j) {
        mxGetPr(vb)[j] = fit->valley[j].b;
        mxGetPr(va)[j] = fit->valley[j].found ? fit->valley[j].a : NAN;
    }
    mxSetField(s, 0, "valley_b", vb);
    mxSetField(s, 0, "valley_a", va);
    return s;
}

/* The options' shapes, which the conversion to the library's arguments
 * needs. */
static int fit_profile_options(const arg *args, failure *f)
{
    if (args[7].value != NULL && mxGetNumberOfElements(args[7].value) != 4)
        return fail(f, "hertzfit:badInput", "hertzfit_fit_profile: 'bounds' must be "
                    "[a_min a_max b_min b_max]");
    if (real_or(&args[3], 0) > HF_THREADS_MAX)   /* before the cast to int */
        return fail(f, "hertzfit:badInput", "hertzfit_fit_profile: 'threads' must be at "
                    "most %d", HF_THREADS_MAX);
    return 0;
}

/* The study of the options: the library's defaults (hf_profile_study_init)
 * where an option is not given; the optimiser's name and the table are
 * the caller's to free. */
static hf_profile_study fit_profile_study(const arg *args, char *optimizer, char *table)
{
    hf_profile_study study;
    hf_profile_study_init(&study);
    study.optimizer = optimizer;
    study.table = table;
    const mxArray *c = args[6].value, *bounds = args[7].value;
    if (c != NULL) {
        study.sampling = mxGetPr(c);
        study.n_sampling = mxGetNumberOfElements(c);
    }
    if (bounds != NULL)
        study.bounds = mxGetPr(bounds);
    hf_profile_fit_config *cfg = &study.fit;
    cfg->runs.runs = (size_t)real_or(&args[1], (double)cfg->runs.runs);
    cfg->runs.seed = seed_or(&args[2], cfg->runs.seed);
    cfg->runs.threads = (int)real_or(&args[3], cfg->runs.threads);
    cfg->runs.max_evals = (size_t)real_or(&args[4], (double)cfg->runs.max_evals);
    return study;
}

static int cmd_fit_profile(int n, const mxArray **in, int nout, mxArray **out, failure *f)
{
    arg args[] = {{"optimizer", ARG_TEXT, 1, NULL}, {"runs", ARG_COUNT, 0, NULL},
                  {"seed", ARG_SEED, 0, NULL},     {"threads", ARG_COUNT, 0, NULL},
                  {"max_evals", ARG_COUNT, 0, NULL}, {"table", ARG_TEXT, 0, NULL},
                  {"sampling", ARG_REALS, 0, NULL}, {"bounds", ARG_REALS, 0, NULL},
                  {"set", ARG_STRUCT, 0, NULL}};
    if (parse_pairs("fit_profile", n, in, args, 9, f) || fit_profile_options(args, f))
        return 1;
    char *optimizer = text_of(&args[0]), *table = text_of(&args[5]);
    hf_profile_study study = fit_profile_study(args, optimizer, table);
    const mxArray *set = args[8].value;
    int n_set = set != NULL ? mxGetNumberOfFields(set) : 0;
    const char **keys = mxCalloc((size_t)n_set + 1, sizeof *keys);
    double *values = mxCalloc((size_t)n_set + 1, sizeof *values);
    int rc = set != NULL ? set_parameters(set, keys, values, f) : 0;
    study.param_keys = keys;
    study.param_values = values;
    study.n_params = (size_t)n_set;
    hf_profile_fit *fit = NULL;   /* freed below */
    hf_diag diag = {{0}};
    hf_status st = rc == 0 ? hf_profile_study_run(&study, &fit, &diag) : HF_OK;
    if (st != HF_OK)
        rc = fail_status(f, "fit_profile", st, &diag);
    /* interrupted: nothing to build, the gateway raises hertzfit:interrupted */
    if (rc == 0 && !host_interrupt_pending()) {
        out[0] = fit_runs(fit, optimizer, study.fit.runs.seed);
        if (nout > 1)
            out[1] = fit_summary(fit);
    }
    hf_profile_fit_free(fit);
    mxFree(keys);
    mxFree(values);
    mxFree(table);
    mxFree(optimizer);
    return rc;
}

/* ---- maxwell_simulate ---------------------------------------------------- */

/* The impacts of the grid file 'grid' (ARGS[3]), which excludes 'm', 'R', 'v0'. */
static int impacts_from_grid(const char *name, const arg *args, hf_maxwell_data **d,
                             failure *f)
{
    if (args[4].value || args[5].value || args[6].value)
        return fail(f, "hertzfit:badInput", "hertzfit_%s: give 'grid' or 'm', 'R', 'v0', "
                    "not both", name);
    hf_diag diag = {{0}};
    char *grid = text_of(&args[3]);
    hf_maxwell_read_options read;
    hf_maxwell_read_options_init(&read);
    hf_status st = hf_maxwell_grid_read(grid, &read, d, &diag);
    mxFree(grid);
    return st == HF_OK ? 0 : fail_status(f, name, st, &diag);
}

/* The number of impacts of vectors 'm', 'R', 'v0' (ARGS[4..6]), scalars
 * broadcast, into *n. */
static int impacts_count(const char *name, const arg *args, size_t *n, failure *f)
{
    *n = 1;
    for (int k = 4; k < 7; ++k) {
        if (args[k].value == NULL)
            return fail(f, "hertzfit:badInput", "hertzfit_%s: option '%s' is required (or "
                        "'grid')", name, args[k].name);
        size_t nk = mxGetNumberOfElements(args[k].value);
        if (nk != 1 && *n != 1 && nk != *n)
            return fail(f, "hertzfit:badInput", "hertzfit_%s: 'm', 'R' and 'v0' have "
                        "different lengths", name);
        if (nk != 1)
            *n = nk;
    }
    return 0;
}

/* The impacts: a grid file, or vectors m, R, v0 (scalars broadcast). */
static int simulate_impacts(const char *name, const arg *args, hf_maxwell_data **d,
                            failure *f)
{
    if (args[3].value != NULL)
        return impacts_from_grid(name, args, d, f);
    size_t n = 1;
    if (impacts_count(name, args, &n, f))
        return 1;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_data_alloc(n, 0, d, &diag);
    for (size_t i = 0; st == HF_OK && i < n; ++i) {
        double v[3];
        for (int k = 0; k < 3; ++k) {
            const mxArray *a = args[4 + k].value;
            v[k] = mxGetPr(a)[mxGetNumberOfElements(a) == 1 ? 0 : i];
        }
        (*d)->impact[i] = (hf_maxwell_impact){v[0], v[1], v[2]};
        st = hf_maxwell_impact_check(&(*d)->impact[i], &diag);
    }
    return st == HF_OK ? 0 : fail_status(f, name, st, &diag);
}

static int cmd_maxwell_simulate(int n, const mxArray **in, mxArray **out, failure *f)
{
    arg args[] = {{"mu0", ARG_REAL, 1, NULL},  {"nu", ARG_REAL, 1, NULL},
                  {"eta", ARG_REAL, 1, NULL},  {"grid", ARG_TEXT, 0, NULL},
                  {"m", ARG_REALS, 0, NULL},   {"R", ARG_REALS, 0, NULL},
                  {"v0", ARG_REALS, 0, NULL},  {"noise", ARG_REAL, 0, NULL},
                  {"seed", ARG_SEED, 0, NULL}};
    if (parse_pairs("maxwell_simulate", n, in, args, 9, f))
        return 1;
    const hf_maxwell_material mat = {mxGetScalar(args[0].value), mxGetScalar(args[1].value),
                                     mxGetScalar(args[2].value)};
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_material_check(&mat, &diag);
    if (st != HF_OK)
        return fail_status(f, "maxwell_simulate", st, &diag);
    hf_maxwell_data *d = NULL;        /* freed below */
    hf_maxwell_response *resp = NULL; /* freed below */
    hf_argatov_constants k;
    int rc = simulate_impacts("maxwell_simulate", args, &d, f);
    if (rc == 0 && (resp = malloc(d->n * sizeof *resp)) == NULL)
        rc = fail(f, "hertzfit:failed", "hertzfit_maxwell_simulate: out of memory");
    if (rc == 0) {
        st = hf_maxwell_synthesize(&mat, d, real_or(&args[7], 0.0),
                                   seed_or(&args[8], 0), resp, &diag);
        if (st == HF_OK)
            st = hf_argatov_constants_compute(&k, &diag);
        if (st != HF_OK)
            rc = fail_status(f, "maxwell_simulate", st, &diag);
    }
    if (rc == 0) {
        static const char *fields[] = {"m_kg", "R_m", "V0_mps", "F_M_N", "t_M_s", "t_c_s",
                                       "e", "eps", "w_m_m", "F_M_asym_N", "t_M_asym_s",
                                       "t_c_asym_s", "e_asym", "w_m_asym_m"};
        mxArray *s = mxCreateStructMatrix((mwSize)d->n, 1, 14, fields);
        for (size_t i = 0; i < d->n && rc == 0; ++i) {
            hf_maxwell_response asym;
            /* NaN where Argatov's first-order formulas leave their range
             * (the program prints NA there) */
            if (hf_maxwell_predict(&mat, &d->impact[i], &k, &asym, &diag) != HF_OK)
                asym.F_M = asym.t_M = asym.t_c = asym.e = asym.w_m = NAN;
            const double v[14] = {d->impact[i].m, d->impact[i].R, d->impact[i].V0,
                                  resp[i].F_M, resp[i].t_M, resp[i].t_c, resp[i].e,
                                  resp[i].eps, resp[i].w_m, asym.F_M, asym.t_M,
                                  asym.t_c, asym.e, asym.w_m};
            for (int j = 0; j < 14; ++j)
                set_real(s, i, fields[j], v[j]);
        }
        if (rc == 0)
            out[0] = s;
        else
            mxDestroyArray(s);
    }
    free(resp);
    hf_maxwell_data_free(d);
    return rc;
}

/* ---- viscoelastic_simulate ------------------------------------------------ */

/* The relaxation of 'eta' (ARGS[2]) with 'weight' (ARGS[7]) or 'alpha'
 * (ARGS[8]) into MAT. */
static int relaxation_of(const char *name, const arg *args, hf_viscoelastic_material *mat,
                         failure *f)
{
    size_t terms = mxGetNumberOfElements(args[2].value);
    const mxArray *weight = args[7].value;
    if (weight != NULL && (args[8].value != NULL || mxGetNumberOfElements(weight) != terms))
        return fail(f, "hertzfit:badInput", "hertzfit_%s: give one 'weight' per rate "
                    "(and no 'alpha')", name);
    hf_diag diag = {{0}};
    if (hf_prony_from_rates(terms, mxGetPr(args[2].value), weight ? mxGetPr(weight) : NULL,
                            real_or(&args[8], 1.0), &mat->relax, &diag) != HF_OK)
        return fail(f, "hertzfit:badInput", "hertzfit_%s: %s", name, diag.text);
    return 0;
}

/* The exact viscoelastic impact (hertzfit/viscoelastic.h) of each impact:
 * rates 'eta' [1/s] with moduli 'weight' (G_i/G(0)), or one rate with
 * 'alpha' (the standard linear solid; default 1, Maxwell). */
static int cmd_viscoelastic_simulate(int n, const mxArray **in, mxArray **out, failure *f)
{
    static const char *name = "viscoelastic_simulate";
    arg args[] = {{"mu0", ARG_REAL, 1, NULL},   {"nu", ARG_REAL, 1, NULL},
                  {"eta", ARG_REALS, 1, NULL},  {"grid", ARG_TEXT, 0, NULL},
                  {"m", ARG_REALS, 0, NULL},    {"R", ARG_REALS, 0, NULL},
                  {"v0", ARG_REALS, 0, NULL},   {"weight", ARG_REALS, 0, NULL},
                  {"alpha", ARG_REAL, 0, NULL}};
    if (parse_pairs(name, n, in, args, 9, f))
        return 1;
    hf_viscoelastic_material mat = {mxGetScalar(args[0].value), mxGetScalar(args[1].value),
                                    {0.0, 0, {0}, {0}}};
    if (relaxation_of(name, args, &mat, f))
        return 1;
    hf_diag diag = {{0}};
    hf_status st = hf_viscoelastic_material_check(&mat, &diag);
    if (st != HF_OK)
        return fail_status(f, name, st, &diag);
    hf_maxwell_data *d = NULL; /* freed below */
    int rc = simulate_impacts(name, args, &d, f);
    if (rc == 0) {
        static const char *fields[] = {"m_kg", "R_m", "V0_mps", "F_M_N", "t_M_s", "t_c_s",
                                       "e", "eps", "w_m_m"};
        mxArray *s = mxCreateStructMatrix((mwSize)d->n, 1, 9, fields);
        for (size_t i = 0; i < d->n && rc == 0; ++i) {
            hf_maxwell_response r;
            st = hf_viscoelastic_simulate(&mat, &d->impact[i], NULL, &r, &diag);
            if (st != HF_OK) {
                rc = fail_status(f, name, st, &diag);
                break;
            }
            const double v[9] = {d->impact[i].m, d->impact[i].R, d->impact[i].V0, r.F_M,
                                 r.t_M, r.t_c, r.e, r.eps, r.w_m};
            for (int j = 0; j < 9; ++j)
                set_real(s, i, fields[j], v[j]);
        }
        if (rc == 0)
            out[0] = s;
        else
            mxDestroyArray(s);
    }
    hf_maxwell_data_free(d);
    return rc;
}

/* ---- maxwell_fit --------------------------------------------------------- */

static void estimate_row(mxArray *s, size_t i, const hf_maxwell_estimate *e,
                         const char *status)
{
    char observables[64];
    set_text(s, i, "method", hf_maxwell_method_name(e->method));
    /* the curve fit fits the force histories, no observable: the program's "F(t)" */
    set_text(s, i, "observable",
             e->method == HF_MAXWELL_CURVE
                 ? "F(t)"
                 : hf_maxwell_observables_name(e->observables, observables, sizeof observables));
    set_real(s, i, "n", (double)e->n);
    set_real(s, i, "mu0_Pa", e->mu0);
    set_real(s, i, "mu0_se", e->mu0_se);
    set_real(s, i, "eta_per_s", e->eta);
    set_real(s, i, "eta_se", e->eta_se);
    set_real(s, i, "C0", e->C0);
    set_real(s, i, "r2", e->r2);
    set_real(s, i, "max_eps", e->max_eps);
    set_text(s, i, "status", status);
    set_real(s, i, "corr_mu0_eta", e->mu0_eta_corr);
}

/* A row's bootstrap interval, the program's --csv columns. */
static void bootstrap_fields(mxArray *s, size_t i, const hf_maxwell_identify_row *row)
{
    set_real(s, i, "mu0_boot_lo_Pa", row->mu0_boot_lo);
    set_real(s, i, "mu0_boot_hi_Pa", row->mu0_boot_hi);
    set_real(s, i, "eta_boot_lo_per_s", row->eta_boot_lo);
    set_real(s, i, "eta_boot_hi_per_s", row->eta_boot_hi);
    set_real(s, i, "bootstrap_replicates", (double)row->bootstrap_used);
}

/* Whether WORD is one of the NULL-terminated WORDS; else a failure naming
 * them. */
static int check_word(const char *command, const char *option, const char *word,
                      const char *const *words, failure *f)
{
    char valid[128] = "";
    for (size_t k = 0; words[k] != NULL; ++k) {
        if (strcmp(word, words[k]) == 0)
            return 0;
        size_t used = strlen(valid);
        snprintf(valid + used, sizeof valid - used, "%s%s", k ? ", " : "", words[k]);
    }
    return fail(f, "hertzfit:badInput", "hertzfit_%s: unknown %s '%s' (valid: %s)", command,
                option, word, valid);
}

/* ---- drop tests from a file or from memory --------------------------------- */

/* Field NAME of element I of S as a real double scalar into *v; 0 when
 * absent (ABSENT_OK) or, with a message, when not such a scalar. */
static int field_real(const mxArray *s, size_t i, const char *name, int absent_ok, double *v,
                      hf_diag *diag)
{
    const mxArray *x = mxGetField(s, (mwIndex)i, name);
    if (x == NULL && absent_ok)
        return 0;
    if (x == NULL || !is_real_double(x) || mxGetNumberOfElements(x) != 1) {
        hf_diag_set(diag, HF_EINVAL, "data(%zu).%s must be a real number", i + 1, name);
        return -1;
    }
    *v = mxGetScalar(x);
    return 1;
}

/* Field 'specimen' of element I of S (a character vector) as test I's
 * specimen. */
static hf_status specimen_from_struct(const mxArray *s, size_t i, hf_maxwell_data *d,
                                      hf_diag *diag)
{
    const mxArray *x = mxGetField(s, (mwIndex)i, "specimen");
    char *name = x != NULL && mxIsChar(x) ? mxArrayToString(x) : NULL; /* mxFree'd below */
    hf_status st = name != NULL && name[0] != '\0'
                       ? hf_maxwell_data_set_specimen(d, i, name, diag)
                       : hf_diag_set(diag, HF_EINVAL, "data(%zu).specimen must be a name "
                                     "(a character vector, not empty)", i + 1);
    mxFree(name);
    return st;
}

/* The observables' fields of a drop in a struct array, in the order of
 * the library's observables. */
static const char *const *obs_fields(void)
{
    static const char *const fields[HF_MAXWELL_NOBS] = {"F_M_N", "t_M_s", "t_c_s", "e"};
    return fields;
}

/* Their standard uncertainties' fields (hertzfit_maxwell_extract's). */
static const char *const *uncertainty_fields(void)
{
    static const char *const fields[HF_MAXWELL_NOBS] = {"u_F_M_N", "u_t_M_s", "u_t_c_s", "u_e"};
    return fields;
}

/* Drop I's force trace, fields t_s and F_N of S, into D. */
static hf_status trace_from_struct(const mxArray *s, size_t i, hf_maxwell_data *d,
                                   hf_diag *diag)
{
    const mxArray *t = mxGetField(s, (mwIndex)i, "t_s"), *F = mxGetField(s, (mwIndex)i, "F_N");
    if (t == NULL || F == NULL || !is_real_double(t) || !is_real_double(F) ||
        mxGetNumberOfElements(t) != mxGetNumberOfElements(F))
        return hf_diag_set(diag, HF_EINVAL, "data(%zu).t_s and .F_N must be real vectors of "
                           "the same length (a drop's force trace: times [s], forces [N])",
                           i + 1);
    return hf_maxwell_data_set_trace(d, i, mxGetNumberOfElements(t), mxGetPr(t), mxGetPr(F),
                                     diag);
}

/* Drop I of S into D: its impact, the observables of MASK and, with
 * TRACES, its force trace. */
static hf_status drop_from_struct(const mxArray *s, size_t i, unsigned mask, int traces,
                                  hf_maxwell_data *d, hf_diag *diag)
{
    hf_maxwell_impact *imp = &d->impact[i];
    if (field_real(s, i, "m_kg", 0, &imp->m, diag) < 0 ||
        field_real(s, i, "R_m", 0, &imp->R, diag) < 0 ||
        field_real(s, i, "V0_mps", 0, &imp->V0, diag) < 0)
        return HF_EINVAL;
    hf_status st = HF_OK;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if ((mask & (1u << k)) && field_real(s, i, obs_fields()[k], 0, &d->value[k][i], diag) < 0)
            st = HF_EINVAL;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (st == HF_OK && d->uncertainty[k] != NULL &&
            field_real(s, i, uncertainty_fields()[k], 0, &d->uncertainty[k][i], diag) < 0)
            st = HF_EINVAL;
    if (st == HF_OK && mxGetFieldNumber(s, "specimen") >= 0)
        st = specimen_from_struct(s, i, d, diag);
    if (st != HF_OK || !traces)
        return st;
    return trace_from_struct(s, i, d, diag);
}

/* Room in D for the standard uncertainties of the observables of MASK
 * that S has fields for (read by drop_from_struct). */
static hf_status uncertainties_from_struct(const mxArray *s, unsigned mask, hf_maxwell_data *d,
                                           hf_diag *diag)
{
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if ((mask & (1u << k)) && mxGetFieldNumber(s, uncertainty_fields()[k]) >= 0 &&
            (d->uncertainty[k] = calloc(d->n ? d->n : 1, sizeof(double))) == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    return HF_OK;
}

/* Drop tests from a struct array, one element per drop (the struct
 * hertzfit_maxwell_extract returns does): m_kg, R_m, V0_mps, any of
 * F_M_N, t_M_s, t_c_s, e with their standard uncertainties u_F_M_N, ...,
 * u_e (the feature fit's noise), and t_s with F_N, a drop's force trace as two
 * real vectors (hf_maxwell_data_set_trace), and specimen, its name;
 * checked as a file is. */
static hf_status data_from_struct(const mxArray *s, hf_maxwell_data **out, hf_diag *diag)
{
    size_t n = mxGetNumberOfElements(s);
    unsigned mask = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        mask |= mxGetFieldNumber(s, obs_fields()[k]) >= 0 ? 1u << k : 0u;
    int traces = mxGetFieldNumber(s, "t_s") >= 0 || mxGetFieldNumber(s, "F_N") >= 0;
    hf_status st = hf_maxwell_data_alloc(n, mask, out, diag);
    if (st == HF_OK) /* extracted features (hertzfit_maxwell_extract's struct) */
        (*out)->extracted = mxGetFieldNumber(s, "u_t_c_s") >= 0;
    if (st == HF_OK)
        st = uncertainties_from_struct(s, mask, *out, diag);
    hf_maxwell_data *d = *out;
    for (size_t i = 0; st == HF_OK && i < n; ++i)
        st = drop_from_struct(s, i, mask, traces, d, diag);
    for (size_t i = 0; st == HF_OK && mask == 0 && i < n; ++i)
        st = hf_maxwell_impact_check(&d->impact[i], diag);
    if (st == HF_OK && mask != 0)
        st = hf_maxwell_data_check(d, diag);
    if (st != HF_OK) {
        hf_maxwell_data_free(d);
        *out = NULL;
    }
    return st;
}

/* The options naming how a list's trace files are read, in this order
 * after a command's own (hf_maxwell_trace_format). */
#define TRACE_FORMAT_ARGS                                                             \
    {"decimal", ARG_TEXT, 0, NULL}, {"time_column", ARG_TEXT, 0, NULL},              \
    {"force_column", ARG_TEXT, 0, NULL}, {"time_unit", ARG_TEXT, 0, NULL},           \
    {"force_unit", ARG_TEXT, 0, NULL}, {"rate", ARG_REAL, 0, NULL}
#define TRACE_FORMAT_NARGS 6

/* The 'data' option: a file's path (read as the program reads it, its
 * trace files as the options FMT[0 .. TRACE_FORMAT_NARGS-1] say) or a
 * struct array of drops. */
/* The read options of FMT[0 .. TRACE_FORMAT_NARGS-1] into *read; its texts
 * in text[0 .. 4] (the caller mxFrees them after the last use of *read). */
static void read_options_of(const arg *fmt, hf_maxwell_read_options *read, char *text[5])
{
    hf_maxwell_read_options_init(read);
    hf_maxwell_trace_format *f = &read->trace_format;
    for (int k = 0; k < 5; ++k)
        text[k] = text_of(&fmt[k]);
    if (text[0] != NULL)
        f->decimal = text[0][0];
    f->time_column = text[1];
    f->force_column = text[2];
    f->time_unit = text[3];
    f->force_unit = text[4];
    f->rate = real_or(&fmt[5], 0.0);
}

static hf_status data_of(const mxArray *v, const char *path, const arg *fmt,
                         hf_maxwell_data **out, hf_diag *diag)
{
    if (mxIsStruct(v))
        return data_from_struct(v, out, diag);
    hf_maxwell_read_options read;
    char *text[5] = {NULL}; /* mxFree'd below */
    read_options_of(fmt, &read, text);
    hf_status st = hf_maxwell_data_read(path, &read, out, diag);
    for (int k = 0; k < 5; ++k)
        mxFree(text[k]);
    return st;
}

/* Adds the field 'provenance' to every element of the struct array S: a
 * struct of hf_maxwell_provenance's entries (of D read from DATA as FMT
 * says; a struct array of drops was not read: no read options), CFG's
 * options when not NULL, and KEY = VALUE when KEY is not NULL — the
 * program's '#' lines. */
static int attach_provenance(mxArray *s, const mxArray *data, const arg *fmt,
                             const hf_maxwell_data *d, const hf_maxwell_identify_config *cfg,
                             const char *key, const char *value, failure *f)
{
    hf_maxwell_read_options read;
    char *text[5] = {NULL}; /* mxFree'd below */
    read_options_of(fmt, &read, text);
    hf_provenance *p = NULL; /* freed below */
    hf_diag diag = {{0}};
    hf_status st = hf_provenance_alloc(&p, &diag);
    if (st == HF_OK)
        st = hf_maxwell_provenance(p, d, mxIsStruct(data) ? NULL : &read, cfg, &diag);
    if (st == HF_OK && key != NULL)
        st = hf_provenance_set(p, key, value, &diag);
    for (int k = 0; k < 5; ++k)
        mxFree(text[k]);
    if (st != HF_OK) {
        hf_provenance_free(p);
        return fail_status(f, "provenance", st, &diag);
    }
    mxArray *prov = mxCreateStructMatrix(1, 1, 0, NULL);
    for (size_t i = 0; i < hf_provenance_count(p); ++i) {
        mxAddField(prov, hf_provenance_key(p, i));
        mxSetField(prov, 0, hf_provenance_key(p, i),
                   mxCreateString(hf_provenance_value(p, i)));
    }
    hf_provenance_free(p);
    mxAddField(s, "provenance");
    for (size_t i = 0; i < mxGetNumberOfElements(s); ++i)
        mxSetField(s, (mwIndex)i, "provenance", mxDuplicateArray(prov));
    mxDestroyArray(prov);
    return 0;
}

/* The identification's configuration of the name-value pairs ARGS
 * (checked words; see cmd_maxwell_fit). */
static hf_maxwell_identify_config identify_config(const arg *args, const char *method,
                                                  const char *weights, const char *optimizer,
                                                  const char *contact, const char *baseline)
{
    static const char *const names[] = {"regression", "full", "curve", "all"};
    static const hf_maxwell_identify_method methods[] = {
        HF_MAXWELL_IDENTIFY_REGRESSION, HF_MAXWELL_IDENTIFY_FULL, HF_MAXWELL_IDENTIFY_CURVE,
        HF_MAXWELL_IDENTIFY_ALL};
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    for (size_t i = 0; method != NULL && i < 4; ++i)
        if (strcmp(method, names[i]) == 0)
            c.method = methods[i];
    c.nu = mxGetScalar(args[1].value);
    if (weights != NULL && strcmp(weights, "relative") == 0)
        c.weights = HF_MAXWELL_WEIGHTS_RELATIVE;
    c.full.seed = seed_or(&args[5], 1);
    c.bootstrap_seed = c.full.seed;   /* the program's --seed draws both */
    c.bootstrap = (size_t)real_or(&args[10 + TRACE_FORMAT_NARGS], 0);
    c.threads = (int)real_or(&args[11 + TRACE_FORMAT_NARGS], 0);
    c.full.max_evals = (size_t)real_or(&args[6], 0);
    if (optimizer != NULL)
        c.full.optimizer = optimizer;
    /* 'contact_start' extracted: fixed where the extraction finds each
     * drop's first contact, as the program's --contact-start extracted */
    if (contact != NULL && strcmp(contact, "extracted") == 0)
        c.curve.contact = HF_MAXWELL_CONTACT_EXTRACTED;
    if (baseline != NULL && strcmp(baseline, "zero") == 0)
        c.curve.baseline = HF_MAXWELL_BASELINE_ZERO;
    if (real_or(&args[9], 0) > 0)
        c.curve.max_iter = (size_t)real_or(&args[9], 0);
    return c;
}

/* The warnings of specimen R's fits that did not converge. */
static void warn_specimen(const hf_maxwell_specimen_result *r)
{
    for (size_t i = 0; i < r->report.nrows; ++i)
        if (r->report.row[i].not_converged)
            mexWarnMsgIdAndTxt("hertzfit:notConverged", "hertzfit_maxwell_fit: the %s fit did "
                               "not converge (%s after %zu evaluations): its mu0, eta and "
                               "standard errors are not an optimum",
                               r->report.row[i].estimate.method == HF_MAXWELL_CURVE ? "curve"
                                                                                     : "full",
                               r->report.row[i].status, r->report.row[i].fit.evaluations);
}

/* The rows of every specimen as the struct array of the program's table (a
 * 'specimen' field first when the data name specimens; the bootstrap's
 * fields last with BOOTSTRAP). */
static mxArray *specimen_rows(const hf_maxwell_specimens *s, int bootstrap)
{
    static const char *fields[] = {"specimen", "method", "observable", "n", "mu0_Pa",
                                   "mu0_se", "eta_per_s", "eta_se", "C0", "r2", "max_eps",
                                   "status", "corr_mu0_eta", "mu0_boot_lo_Pa",
                                   "mu0_boot_hi_Pa", "eta_boot_lo_per_s", "eta_boot_hi_per_s",
                                   "bootstrap_replicates"};
    const int named = s->n > 0 && s->specimen[0].name != NULL;
    size_t rows = 0;
    for (size_t k = 0; k < s->n; ++k)
        rows += s->specimen[k].report.nrows;
    int nfields = 18 - !named - (bootstrap ? 0 : 5);
    mxArray *out = mxCreateStructMatrix((mwSize)rows, 1, nfields, fields + !named);
    for (size_t k = 0, i = 0; k < s->n; ++k)
        for (size_t j = 0; j < s->specimen[k].report.nrows; ++j, ++i) {
            const hf_maxwell_identify_row *row = &s->specimen[k].report.row[j];
            if (named)
                set_text(out, i, "specimen", s->specimen[k].name);
            estimate_row(out, i, &row->estimate, row->status);
            if (bootstrap)
                bootstrap_fields(out, i, row);
        }
    return out;
}

/* Reads DATA (PATH, or a struct array of drops) into *d with its warnings
 * and the constants into *k; a failure's message otherwise. */
static int load(const mxArray *data, const char *path, const arg *format, const char *command,
                hf_maxwell_data **d, hf_argatov_constants *k, failure *f)
{
    hf_diag diag = {{0}};
    hf_status st = data_of(data, path, format, d, &diag);
    /* the data's plausibility warnings, as the program prints them */
    for (size_t i = 0; st == HF_OK && i < (*d)->nwarnings; ++i)
        mexWarnMsgIdAndTxt("hertzfit:data", "%s", (*d)->warning[i]);
    if (st == HF_OK)
        st = hf_argatov_constants_compute(k, &diag);
    return st == HF_OK ? 0 : fail_status(f, command, st, &diag);
}

/* hf_maxwell_identify_specimens of DATA (PATH, or a struct array of drops)
 * as the struct array of the program's table, with its provenance; the
 * error of a refusal or a failed method. */
static int identify(const mxArray *data, const char *path, const arg *format,
                    const hf_maxwell_identify_config *c, mxArray **out, failure *f)
{
    hf_diag diag = {{0}};
    hf_maxwell_data *d = NULL; /* freed below */
    hf_argatov_constants k;
    if (load(data, path, format, "maxwell_fit", &d, &k, f) != 0) {
        hf_maxwell_data_free(d);
        return 1;
    }
    hf_maxwell_specimens *s = NULL; /* freed below */
    hf_status st = hf_maxwell_identify_specimens(d, &k, c, &s, &diag);
    int rc = 0;
    if (s != NULL && s->n > 0 && s->specimen[0].report.refusal == HF_MAXWELL_IDENTIFY_RAW_TRACES)
        rc = fail(f, "hertzfit:badInput", "hertzfit_maxwell_fit: %s holds force traces, no "
                  "F_M/t_M/t_c columns: fit the features of hertzfit_maxwell_extract "
                  "(or its struct), or use 'method','curve'", path ? path : "the data struct");
    else if (st != HF_OK)
        rc = fail_status(f, "maxwell_fit", st, &diag);
    for (size_t j = 0; rc == 0 && j < s->n; ++j)
        warn_specimen(&s->specimen[j]);
    if (rc == 0) {
        out[0] = specimen_rows(s, c->bootstrap > 0);
        rc = attach_provenance(out[0], data, format, d, c, NULL, NULL, f);
    }
    hf_maxwell_specimens_free(s);
    hf_maxwell_data_free(d);
    return rc;
}

static int cmd_maxwell_fit(int n, const mxArray **in, mxArray **out, failure *f)
{
    arg args[] = {{"data", ARG_DATA, 1, NULL},      {"nu", ARG_REAL, 1, NULL},
                  {"method", ARG_TEXT, 0, NULL},    {"weights", ARG_TEXT, 0, NULL},
                  {"optimizer", ARG_TEXT, 0, NULL}, {"seed", ARG_SEED, 0, NULL},
                  {"max_evals", ARG_COUNT, 0, NULL}, {"contact_start", ARG_TEXT, 0, NULL},
                  {"baseline", ARG_TEXT, 0, NULL},  {"max_iter", ARG_COUNT, 0, NULL},
                  TRACE_FORMAT_ARGS,                {"bootstrap", ARG_COUNT, 0, NULL},
                  {"threads", ARG_COUNT, 0, NULL}};
    if (parse_pairs("maxwell_fit", n, in, args, 12 + TRACE_FORMAT_NARGS, f))
        return 1;
    static const char *const methods[] = {"regression", "full", "curve", "all", NULL};
    static const char *const weight_words[] = {"none", "relative", NULL};
    static const char *const contact_words[] = {"fit", "extracted", NULL};
    static const char *const baseline_words[] = {"fit", "zero", NULL};
    char *path = text_of(&args[0]), *method = text_of(&args[2]);
    char *weights = text_of(&args[3]), *optimizer = text_of(&args[4]);
    char *contact = text_of(&args[7]), *baseline = text_of(&args[8]);
    int rc = check_word("maxwell_fit", "method", method ? method : "all", methods, f);
    if (rc == 0 && weights)
        rc = check_word("maxwell_fit", "weights", weights, weight_words, f);
    if (rc == 0 && contact)
        rc = check_word("maxwell_fit", "contact_start", contact, contact_words, f);
    if (rc == 0 && baseline)
        rc = check_word("maxwell_fit", "baseline", baseline, baseline_words, f);
    if (rc == 0 && args[9].value != NULL && mxGetScalar(args[9].value) < 1)
        rc = fail(f, "hertzfit:badInput", "hertzfit_maxwell_fit: option 'max_iter' must be "
                  ">= 1");
    if (rc == 0) {
        hf_maxwell_identify_config c = identify_config(args, method, weights, optimizer,
                                                       contact, baseline);
        rc = identify(args[0].value, path, &args[10], &c, out, f);
    }
    mxFree(path);
    mxFree(method);
    mxFree(weights);
    mxFree(optimizer);
    mxFree(contact);
    mxFree(baseline);
    return rc;
}

/* ---- maxwell_extract ----------------------------------------------------- */

/* One impact's features as row ROW of S. */
static void extract_row(mxArray *s, size_t row, const hf_maxwell_data *d,
                        const hf_maxwell_extraction_entry *e, const char *const *fields)
{
    const hf_maxwell_impact_features *x = &e->features;
    const size_t drop = e->drop;
    const double v[16] = {(double)(drop + 1), (double)x->impact, d->impact[drop].m,
                          d->impact[drop].R, x->V0, x->F_M, x->F_M_se, x->t_M, x->t_M_se,
                          x->t_c, x->t_c_se, x->t0, x->t0_se, x->baseline, x->noise,
                          (double)x->contact_samples};
    for (int j = 0; j < 16; ++j)
        set_real(s, row, fields[j], v[j]);
    set_text(s, row, fields[16], hf_maxwell_extract_status_name(x->status));
    set_text(s, row, fields[17], d->trace[drop].path);
    /* NaN where the program prints NA: no restitution in (0, 1] */
    const int e_ok = x->e > 0.0 && x->e <= 1.0;
    set_real(s, row, fields[18], e_ok ? x->e : NAN);
    set_real(s, row, fields[19], e_ok ? x->e_se : NAN);
    set_real(s, row, fields[20], x->e_flight); /* NaN: a record's last impact */
    set_real(s, row, fields[21], x->e_flight_se);
    if (d->specimen != NULL)
        set_text(s, row, "specimen", d->specimen[drop]);
}

/* Warns of every impact whose status is not ok; returns the usable ones. */
static size_t warn_extraction(const hf_maxwell_data *d, const hf_maxwell_extraction *x)
{
    size_t rows = 0;
    for (size_t k = 0; k < x->n; ++k) {
        const hf_maxwell_extraction_entry *e = &x->entry[k];
        if (e->features.status != HF_MAXWELL_EXTRACT_OK)
            mexWarnMsgIdAndTxt("hertzfit:extract", "hertzfit_maxwell_extract: %s: impact "
                               "%zu: %s%s", d->trace[e->drop].path ? d->trace[e->drop].path : "(memory)",
                               e->features.impact,
                               hf_maxwell_extract_status_name(e->features.status),
                               e->usable ? "" : ", left out");
        rows += e->usable != 0;
    }
    return rows;
}

static int cmd_maxwell_extract(int n, const mxArray **in, mxArray **out, failure *f)
{
    arg args[] = {{"data", ARG_DATA, 1, NULL}, {"impact", ARG_TEXT, 0, NULL}, TRACE_FORMAT_ARGS};
    if (parse_pairs("maxwell_extract", n, in, args, 2 + TRACE_FORMAT_NARGS, f))
        return 1;
    static const char *const impact_words[] = {"first", "all", NULL};
    static const char *fields[] = {"drop", "impact", "m_kg", "R_m", "V0_mps", "F_M_N",
                                   "u_F_M_N", "t_M_s", "u_t_M_s", "t_c_s", "u_t_c_s", "t0_s",
                                   "u_t0_s", "baseline_N", "noise_N", "samples", "status",
                                   "trace_file", "e", "u_e", "flight_e", "u_flight_e"};
    char *path = text_of(&args[0]), *impact = text_of(&args[1]);
    int rc = impact ? check_word("maxwell_extract", "impact", impact, impact_words, f) : 0;
    hf_maxwell_data *d = NULL;       /* freed below */
    hf_maxwell_extraction *x = NULL; /* freed below */
    hf_diag diag = {{0}};
    if (rc == 0) {
        hf_status st = data_of(args[0].value, path, &args[2], &d, &diag);
        if (st == HF_OK)
            st = hf_maxwell_extract(d, impact && strcmp(impact, "all") == 0, &x, &diag);
        if (st != HF_OK)
            rc = fail_status(f, "maxwell_extract", st, &diag);
    }
    size_t rows = rc == 0 ? warn_extraction(d, x) : 0;
    if (rc == 0 && x->ok == 0)
        rc = fail(f, "hertzfit:failed", "hertzfit_maxwell_extract: %s: no impact was extracted "
                  "ok", path ? path : "the data struct");
    if (rc == 0) {
        out[0] = mxCreateStructMatrix((mwSize)rows, 1, 22, fields);
        if (d->specimen != NULL)
            mxAddField(out[0], "specimen");
        for (size_t k = 0, row = 0; k < x->n; ++k)
            if (x->entry[k].usable)
                extract_row(out[0], row++, d, &x->entry[k], fields);
        rc = attach_provenance(out[0], args[0].value, &args[2], d, NULL, "impact",
                               impact ? impact : "first", f);
    }
    hf_maxwell_extraction_free(x);
    hf_maxwell_data_free(d);
    mxFree(path);
    mxFree(impact);
    return rc;
}

/* ---- maxwell_compare ----------------------------------------------------- */

/* The pairs of C as the struct array of `maxwell compare --csv`. */
static mxArray *comparison_rows(const hf_maxwell_comparison *c)
{
    static const char *fields[] = {
        "specimen_a", "specimen_b", "mu0_a_Pa", "mu0_a_se", "mu0_b_Pa", "mu0_b_se",
        "eta_a_per_s", "eta_a_se", "eta_b_per_s", "eta_b_se", "dmu0_Pa", "dmu0_se", "p_mu0",
        "deta_per_s", "deta_se", "p_eta", "wald_chi2", "p", "p_holm", "differ", "status"};
    mxArray *out = mxCreateStructMatrix((mwSize)c->npairs, 1, 21, fields);
    for (size_t j = 0; j < c->npairs; ++j) {
        const hf_maxwell_comparison_pair *q = &c->pair[j];
        const hf_maxwell_estimate *a = &c->row[q->a]->estimate, *b = &c->row[q->b]->estimate;
        const double v[17] = {a->mu0, a->mu0_se, b->mu0, b->mu0_se, a->eta, a->eta_se,
                              b->eta, b->eta_se, q->dmu0, q->dmu0_se, q->p_mu0, q->deta,
                              q->deta_se, q->p_eta, q->wald, q->p, q->p_holm};
        set_text(out, j, fields[0], c->specimens->specimen[q->a].name);
        set_text(out, j, fields[1], c->specimens->specimen[q->b].name);
        for (int k = 0; k < 17; ++k)
            set_real(out, j, fields[2 + k], v[k]);
        set_text(out, j, fields[19], q->differ ? "yes" : "no");
        set_text(out, j, fields[20], q->trusted ? "ok" : "untrusted");
    }
    return out;
}

static int cmd_maxwell_compare(int n, const mxArray **in, mxArray **out, failure *f)
{
    arg args[] = {{"data", ARG_DATA, 1, NULL}, {"nu", ARG_REAL, 1, NULL},
                  {"method", ARG_TEXT, 0, NULL}, {"level", ARG_REAL, 0, NULL},
                  TRACE_FORMAT_ARGS};
    if (parse_pairs("maxwell_compare", n, in, args, 4 + TRACE_FORMAT_NARGS, f))
        return 1;
    static const char *const methods[] = {"full", "curve", NULL};
    char *path = text_of(&args[0]), *method = text_of(&args[2]);
    int rc = method ? check_word("maxwell_compare", "method", method, methods, f) : 0;
    hf_maxwell_data *d = NULL;         /* freed below */
    hf_maxwell_comparison *x = NULL;   /* freed below */
    hf_argatov_constants k;
    if (rc == 0)
        rc = load(args[0].value, path, &args[4], "maxwell_compare", &d, &k, f);
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    c.nu = mxGetScalar(args[1].value);
    c.method = method == NULL               ? HF_MAXWELL_IDENTIFY_ALL
               : strcmp(method, "full") == 0 ? HF_MAXWELL_IDENTIFY_FULL
                                             : HF_MAXWELL_IDENTIFY_CURVE;
    const double level = real_or(&args[3], HF_MAXWELL_COMPARE_LEVEL);
    if (rc == 0) {
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_compare(d, &k, &c, level, &x, &diag);
        rc = st == HF_OK ? 0 : fail_status(f, "maxwell_compare", st, &diag);
    }
    if (rc == 0) {
        char text[32];
        snprintf(text, sizeof text, "%.17g", level);
        c.method = x->method == HF_MAXWELL_FULL ? HF_MAXWELL_IDENTIFY_FULL
                                                : HF_MAXWELL_IDENTIFY_CURVE;
        out[0] = comparison_rows(x);
        rc = attach_provenance(out[0], args[0].value, &args[4], d, &c, "level", text, f);
    }
    hf_maxwell_comparison_free(x);
    hf_maxwell_data_free(d);
    mxFree(path);
    mxFree(method);
    return rc;
}

/* ---- maxwell_report ------------------------------------------------------ */

/* The rows of a section's identifications A and B (B NULL: none) as the
 * struct array of the program's section table, with 'trusted'. */
static mxArray *report_rows(const hf_maxwell_identify_report *a,
                            const hf_maxwell_identify_report *b)
{
    static const char *fields[] = {"method", "observable", "n", "mu0_Pa", "mu0_se",
                                   "eta_per_s", "eta_se", "C0", "r2", "max_eps", "status",
                                   "corr_mu0_eta", "trusted"};
    const hf_maxwell_identify_report *both[2] = {a, b};
    mxArray *out = mxCreateStructMatrix((mwSize)(a->nrows + (b ? b->nrows : 0)), 1, 13,
                                        fields);
    for (size_t k = 0, i = 0; k < 2; ++k)
        for (size_t j = 0; both[k] != NULL && j < both[k]->nrows; ++j, ++i) {
            estimate_row(out, i, &both[k]->row[j].estimate, both[k]->row[j].status);
            mxSetField(out, (mwIndex)i, "trusted",
                       mxCreateLogicalScalar(both[k]->row[j].trusted != 0));
        }
    return out;
}

/* The sections of report R, one element each: name, drops (1-based in the
 * list), estimates (report_rows), each fit's error, warnings (a cell array
 * of lines), trusted. */
static mxArray *report_sections(const hf_maxwell_report *r)
{
    static const char *fields[] = {"name", "drops", "estimates", "features_error",
                                   "curve_error", "warnings", "trusted"};
    mxArray *out = mxCreateStructMatrix((mwSize)r->nsections, 1, 7, fields);
    for (size_t k = 0; k < r->nsections; ++k) {
        const hf_maxwell_report_section *s = &r->section[k];
        mxArray *drops = mxCreateDoubleMatrix((mwSize)s->data->n, 1, mxREAL);
        for (size_t i = 0; i < s->data->n; ++i)
            mxGetPr(drops)[i] = (double)((s->list_drop ? s->list_drop[i] : i) + 1);
        mxArray *warnings = mxCreateCellMatrix((mwSize)s->nwarnings, 1);
        for (size_t i = 0; i < s->nwarnings; ++i)
            mxSetCell(warnings, (mwIndex)i, mxCreateString(s->warning[i]));
        set_text(out, k, "name", s->name);
        mxSetField(out, (mwIndex)k, "drops", drops);
        mxSetField(out, (mwIndex)k, "estimates",
                   report_rows(&s->features_fit, s->has_curve ? &s->curve_fit : NULL));
        set_text(out, k, "features_error", s->features_error);
        set_text(out, k, "curve_error", s->curve_error);
        mxSetField(out, (mwIndex)k, "warnings", warnings);
        mxSetField(out, (mwIndex)k, "trusted", mxCreateLogicalScalar(s->trusted != 0));
    }
    return out;
}

static int cmd_maxwell_report(int n, const mxArray **in, int nlhs, mxArray **out, failure *f)
{
    arg args[] = {{"data", ARG_DATA, 1, NULL}, {"nu", ARG_REAL, 1, NULL}, TRACE_FORMAT_ARGS};
    if (parse_pairs("maxwell_report", n, in, args, 2 + TRACE_FORMAT_NARGS, f))
        return 1;
    char *path = text_of(&args[0]);
    hf_maxwell_data *d = NULL;   /* freed below */
    hf_maxwell_report *r = NULL; /* freed below */
    hf_argatov_constants k;
    int rc = load(args[0].value, path, &args[2], "maxwell_report", &d, &k, f);
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    c.nu = mxGetScalar(args[1].value);
    if (rc == 0) {
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_report_compute(d, &k, &c, &r, &diag);
        rc = st == HF_OK ? 0 : fail_status(f, "maxwell_report", st, &diag);
    }
    if (rc == 0) {
        /* the level of the comparison when there is one, as the program records it */
        char level[32];
        snprintf(level, sizeof level, "%.17g", r->comparison ? r->comparison->level : 0.0);
        out[0] = report_sections(r);
        rc = attach_provenance(out[0], args[0].value, &args[2], d, &c,
                               r->comparison ? "level" : NULL, level, f);
        if (rc == 0 && nlhs >= 2)
            out[1] = r->comparison ? comparison_rows(r->comparison)
                                   : mxCreateStructMatrix(0, 1, 0, NULL);
    }
    hf_maxwell_report_free(r);
    hf_maxwell_data_free(d);
    mxFree(path);
    return rc;
}

/* ---- copt ---------------------------------------------------------------- */

static int cmd_copt(int n, const mxArray **in, mxArray **out, failure *f)
{
    arg args[] = {{"e", ARG_REALS, 1, NULL}, {"n", ARG_REAL, 0, NULL},
                  {"m", ARG_REAL, 0, NULL},  {"k", ARG_REAL, 0, NULL},
                  {"v0", ARG_REAL, 0, NULL}, {"c_max", ARG_REAL, 0, NULL}};
    if (parse_pairs("copt", n, in, args, 6, f))
        return 1;
    const double exponent = real_or(&args[1], 1.5);
    const hf_contact contact = {.mass = real_or(&args[2], 1.0),
                                .stiffness = real_or(&args[3], 1.0), .exponent = exponent,
                                .approach_speed = real_or(&args[4], 1.0)};
    const double *e = mxGetPr(args[0].value);
    size_t ne = mxGetNumberOfElements(args[0].value);
    hf_diag diag = {{0}};
    for (size_t i = 0; i < ne; ++i) {
        hf_status st = hf_copt_check(&contact, e[i], &diag);
        if (st != HF_OK)
            return fail_status(f, "copt", st, &diag);
    }
    hf_copt_options o;
    hf_copt_options_init(&o);
    o.c_max = real_or(&args[5], 0.0);
    static const char *fields[] = {"n", "e", "c_opt", "c_closed_form", "e_out_closed_form"};
    mxArray *s = mxCreateStructMatrix((mwSize)ne, 1, 5, fields);
    for (size_t i = 0; i < ne; ++i) {
        double c, cf, e_cf;
        hf_status st = hf_copt_solve(&contact, e[i], &o, &c, &diag);
        if (st == HF_OK)
            st = hf_copt_closed_form(&contact, e[i], hf_copt_alpha_paper(exponent),
                                     hf_copt_beta_paper(exponent), &cf, &diag);
        if (st == HF_OK)
            st = hf_copt_e_out(&contact, cf, o.ode_tol, &e_cf, &diag);
        if (st != HF_OK) {
            mxDestroyArray(s);
            return fail_status(f, "copt", st, &diag);
        }
        const double v[5] = {exponent, e[i], c, cf, e_cf};
        for (int j = 0; j < 5; ++j)
            set_real(s, i, fields[j], v[j]);
    }
    out[0] = s;
    return 0;
}

/* ---- ev: e(v), t_c(v) of a calibrated law (hertzfit/engines.h) ------------ */

/* The Brilliantov/Schwager–Pöschel series fitted to the viscoelastic
 * form's e(v) (hf_restitution_fit_viscoelastic_sphere), as the program
 * prints it behind '#': a 1x1 struct, or NULL after a failure. */
static mxArray *sphere_fit_struct(const hf_law *law, size_t count, const double *v,
                                  const double *e, failure *f)
{
    hf_viscoelastic_sphere_fit sf;
    hf_diag diag = {{0}};
    hf_status st = hf_restitution_fit_viscoelastic_sphere(law, count, v, e, &sf, &diag);
    if (st != HF_OK) {
        fail_status(f, "ev", st, &diag);
        return NULL;
    }
    static const char *fields[] = {"valid", "c1", "c2", "beta", "c2_over_c1_squared",
                                   "max_residual_series", "max_residual_pade",
                                   "beta_kelvin_voigt", "relaxation_ratio"};
    const double values[] = {sf.valid, sf.c1, sf.c2, sf.beta, sf.c2_over_c1_squared,
                             sf.max_residual_series, sf.max_residual_pade,
                             sf.beta_kelvin_voigt, sf.relaxation_ratio};
    mxArray *s = mxCreateStructMatrix(1, 1, 9, fields);
    for (int k = 0; k < 9; ++k)
        set_real(s, 0, fields[k], values[k]);
    return s;
}

/* The rows of `hertzfit ev --csv`: speed, e, t_c and the power-law fit. */
static mxArray *ev_rows(const hf_law *law, const hf_restitution_fit *fit, size_t count,
                        const double *v, const double *e, const double *tc)
{
    static const char *fields[] = {"v_m_per_s", "e", "t_c_s", "e_fit"};
    mxArray *s = mxCreateStructMatrix((mwSize)count, 1, 4, fields);
    for (size_t i = 0; i < count; ++i) {
        set_real(s, i, fields[0], v[i]);
        set_real(s, i, fields[1], e[i]);
        set_real(s, i, fields[2], tc[i]);
        set_real(s, i, fields[3],
                 fit->valid ? 1.0 - fit->coefficient * pow(v[i] / law->contact.approach_speed,
                                                           fit->exponent)
                            : mxGetNaN());
    }
    return s;
}

static int cmd_ev(int n, const mxArray **in, int nlhs, mxArray **out, failure *f)
{
    arg args[] = {{"form", ARG_TEXT, 0, NULL},  {"model", ARG_TEXT, 0, NULL},
                  {"m", ARG_REAL, 0, NULL},     {"k", ARG_REAL, 0, NULL},
                  {"n", ARG_REAL, 0, NULL},     {"v_cal", ARG_REAL, 0, NULL},
                  {"e", ARG_REAL, 0, NULL},     {"radius", ARG_REAL, 0, NULL},
                  {"mu0", ARG_REAL, 0, NULL},   {"nu", ARG_REAL, 0, NULL},
                  {"eta", ARG_REAL, 0, NULL},   {"v_min", ARG_REAL, 0, NULL},
                  {"v_max", ARG_REAL, 0, NULL}, {"points", ARG_COUNT, 0, NULL},
                  {"alpha", ARG_REAL, 0, NULL}};
    if (parse_pairs("ev", n, in, args, 15, f))
        return 1;
    hf_law law;   /* hf_law_init's where an option is not given */
    hf_law_init(&law);
    char *form = text_of(&args[0]), *model = text_of(&args[1]);
    hf_diag diag = {{0}};
    hf_status st = form ? hf_law_form_lookup(form, &law.form, &diag) : HF_OK;
    if (st == HF_OK && model)
        st = hf_damping_lookup(model, &law.damping, &diag);
    mxFree(form);
    mxFree(model);
    if (st != HF_OK)
        return fail_status(f, "ev", st, &diag);
    law.contact.mass = real_or(&args[2], law.contact.mass);
    law.contact.stiffness = real_or(&args[3], law.contact.stiffness);
    law.contact.exponent = real_or(&args[4], law.contact.exponent);
    law.contact.approach_speed = real_or(&args[5], law.contact.approach_speed);
    law.restitution = real_or(&args[6], law.restitution);
    law.radius = real_or(&args[7], law.radius);
    law.material.mu0 = real_or(&args[8], law.material.mu0);
    law.material.nu = real_or(&args[9], law.material.nu);
    law.material.eta = real_or(&args[10], law.material.eta);
    law.viscoelastic.mu0 = law.material.mu0;
    law.viscoelastic.nu = law.material.nu;
    hf_prony_sls(real_or(&args[14], 1.0), law.material.eta, &law.viscoelastic.relax);
    /* the library refuses a count above its limit before this buffer is used */
    size_t count = (size_t)fmin(real_or(&args[13], HF_LAW_SPEED_COUNT),
                                HF_LAW_SPEED_COUNT_MAX + 1.0);
    double *buf = mxCalloc(3 * count + 1, sizeof *buf), *v = buf, *e = buf + count,
           *tc = buf + 2 * count;
    st = hf_law_speeds(real_or(&args[11], HF_LAW_SPEED_MIN),
                       real_or(&args[12], HF_LAW_SPEED_MAX), count, v, &diag);
    if (st != HF_OK) {
        mxFree(buf);
        return fail_status(f, "ev", st, &diag);
    }
    hf_restitution_fit fit;
    st = hf_law_restitution_curve(&law, count, v, e, tc, &fit, &diag);
    if (st != HF_OK) {
        mxFree(buf);
        return fail_status(f, "ev", st, &diag);
    }
    mxArray *s = ev_rows(&law, &fit, count, v, e, tc);
    /* the viscoelastic form's series fit, a second output when asked for */
    if (nlhs >= 2 && law.form == HF_LAW_VISCOELASTIC &&
        (out[1] = sphere_fit_struct(&law, count, v, e, f)) == NULL) {
        mxFree(buf);
        mxDestroyArray(s);
        return 1;
    }
    mxFree(buf);
    out[0] = s;
    return 0;
}

/* ---- viscoelastic_fit ---------------------------------------------------- */

/* The parameter rows of fit K of SEL into S from row *row on: the columns
 * of `hertzfit viscoelastic fit --csv` (NaN where it prints NA) and the
 * reason of a status that is not ok. */
static void selection_rows(mxArray *s, size_t *row, const hf_viscoelastic_selection *sel,
                           size_t k)
{
    const hf_viscoelastic_fit *fit = &sel->fit[k];
    char name[32];
    hf_viscoelastic_law_name(&fit->law, name, sizeof name);
    int failed = fit->status == HF_VISCOELASTIC_FIT_FAILED;
    const char *chosen = k == sel->chosen                                    ? "yes"
                         : !sel->distinguishable && k == sel->best_bic ? "tied"
                                                                          : "no";
    static const char *const numbers[] = {"value", "se", "chi2_red", "runs_z", "aic", "bic"};
    for (size_t j = 0; j < fit->k; ++j, ++*row) {
        set_text(s, *row, "model", name);
        set_text(s, *row, "status", hf_viscoelastic_fit_status_name(fit->status));
        set_text(s, *row, "param", hf_viscoelastic_law_param_name(&fit->law, j));
        const double v[6] = {fit->param[j], fit->param_se[j], fit->chi2_red, fit->runs_z,
                             fit->aic, fit->bic};
        for (size_t q = 0; q < 6; ++q)
            set_real(s, *row, numbers[q], failed || !isfinite(v[q]) ? NAN : v[q]);
        set_real(s, *row, "delta_bic", failed ? NAN : fit->bic - sel->fit[sel->best_bic].bic);
        set_text(s, *row, "chosen", chosen);
        set_text(s, *row, "reason", fit->reason);
    }
}

/* The ranking of SEL: the choice, the least AIC and BIC, the BIC margin
 * and the likelihood-ratio tests of the nested pairs (the program's '#'
 * lines after its table). */
static mxArray *ranking_of(const hf_viscoelastic_selection *sel)
{
    static const char *fields[] = {"chosen", "best_aic", "best_bic", "delta_bic",
                                   "distinguishable", "lrt"};
    static const char *lrt_fields[] = {"simple", "general", "df", "statistic", "p_value"};
    char name[32];
    mxArray *r = mxCreateStructMatrix(1, 1, 6, fields);
    set_text(r, 0, "chosen", sel->chosen < sel->n
                                 ? hf_viscoelastic_law_name(&sel->fit[sel->chosen].law, name,
                                                            sizeof name)
                                 : "");
    set_text(r, 0, "best_aic", hf_viscoelastic_law_name(&sel->fit[sel->best_aic].law, name,
                                                        sizeof name));
    set_text(r, 0, "best_bic", hf_viscoelastic_law_name(&sel->fit[sel->best_bic].law, name,
                                                        sizeof name));
    set_real(r, 0, "delta_bic", sel->delta_bic);
    mxSetField(r, 0, "distinguishable", mxCreateLogicalScalar(sel->distinguishable != 0));
    mxArray *lrt = mxCreateStructMatrix((mwSize)sel->nlrt, 1, 5, lrt_fields);
    for (size_t k = 0; k < sel->nlrt; ++k) {
        const hf_viscoelastic_lrt *t = &sel->lrt[k];
        set_text(lrt, k, "simple", hf_viscoelastic_law_name(&sel->fit[t->simple].law, name,
                                                            sizeof name));
        set_text(lrt, k, "general", hf_viscoelastic_law_name(&sel->fit[t->general].law, name,
                                                             sizeof name));
        set_real(lrt, k, "df", (double)t->df);
        set_real(lrt, k, "statistic", t->statistic);
        set_real(lrt, k, "p_value", t->p_value);
    }
    mxSetField(r, 0, "lrt", lrt);
    return r;
}

/* hf_viscoelastic_identify of 'data' (a list with force traces, or a
 * struct array of drops) with 'model' (a law or 'auto', the default) as
 * `hertzfit viscoelastic fit`: the program's table and the ranking. */
static int cmd_viscoelastic_fit(int n, const mxArray **in, int nlhs, mxArray **out, failure *f)
{
    static const char *name = "viscoelastic_fit";
    arg args[] = {{"data", ARG_DATA, 1, NULL},           {"nu", ARG_REAL, 1, NULL},
                  {"model", ARG_TEXT, 0, NULL},          {"bic_threshold", ARG_REAL, 0, NULL},
                  TRACE_FORMAT_ARGS};
    if (parse_pairs(name, n, in, args, 4 + TRACE_FORMAT_NARGS, f))
        return 1;
    hf_viscoelastic_identify_config cfg;
    hf_viscoelastic_identify_config_init(&cfg);
    cfg.nu = mxGetScalar(args[1].value);
    cfg.bic_threshold = real_or(&args[3], HF_VISCOELASTIC_BIC_THRESHOLD);
    char *path = text_of(&args[0]), *model = text_of(&args[2]);
    hf_diag diag = {{0}};
    hf_status st = HF_OK;
    if (model == NULL || strcmp(model, "auto") == 0)
        cfg.automatic = 1;
    else
        st = hf_viscoelastic_law_parse(model, &cfg.law, &diag); /* names the valid laws */
    hf_maxwell_data *d = NULL; /* freed below */
    if (st == HF_OK)
        st = data_of(args[0].value, path, &args[4], &d, &diag);
    for (size_t i = 0; st == HF_OK && i < d->nwarnings; ++i)
        mexWarnMsgIdAndTxt("hertzfit:data", "%s", d->warning[i]);
    hf_viscoelastic_selection *sel = mxMalloc(sizeof *sel); /* freed below */
    if (st == HF_OK)
        st = hf_viscoelastic_identify(d, &cfg, sel, &diag);
    int rc = st == HF_OK ? 0 : fail_status(f, name, st, &diag);
    if (rc == 0) {
        static const char *fields[] = {"model", "status", "param", "value", "se", "chi2_red",
                                       "runs_z", "aic", "bic", "delta_bic", "chosen",
                                       "reason"};
        size_t rows = 0;
        for (size_t k = 0; k < sel->n; ++k)
            rows += sel->fit[k].k;
        out[0] = mxCreateStructMatrix((mwSize)rows, 1, 12, fields);
        for (size_t k = 0, row = 0; k < sel->n; ++k)
            selection_rows(out[0], &row, sel, k);
        if (nlhs > 1)
            out[1] = ranking_of(sel);
    }
    mxFree(sel);
    hf_maxwell_data_free(d);
    mxFree(path);
    mxFree(model);
    return rc;
}

/* ---- the gateway --------------------------------------------------------- */

/* COMMAND with its name-value pairs IN[0 .. n-1]. */
static int run_command(const char *command, int nlhs, mxArray *plhs[], int n,
                       const mxArray **in, failure *f)
{
    int rc;
    if (strcmp(command, "hr") == 0)
        rc = cmd_hr(n, in, plhs, f);
    else if (strcmp(command, "fit_profile") == 0)
        rc = cmd_fit_profile(n, in, nlhs, plhs, f);
    else if (strcmp(command, "maxwell_simulate") == 0)
        rc = cmd_maxwell_simulate(n, in, plhs, f);
    else if (strcmp(command, "viscoelastic_simulate") == 0)
        rc = cmd_viscoelastic_simulate(n, in, plhs, f);
    else if (strcmp(command, "maxwell_fit") == 0)
        rc = cmd_maxwell_fit(n, in, plhs, f);
    else if (strcmp(command, "maxwell_extract") == 0)
        rc = cmd_maxwell_extract(n, in, plhs, f);
    else if (strcmp(command, "maxwell_compare") == 0)
        rc = cmd_maxwell_compare(n, in, plhs, f);
    else if (strcmp(command, "maxwell_report") == 0)
        rc = cmd_maxwell_report(n, in, nlhs, plhs, f);
    else if (strcmp(command, "copt") == 0)
        rc = cmd_copt(n, in, plhs, f);
    else if (strcmp(command, "ev") == 0)
        rc = cmd_ev(n, in, nlhs, plhs, f);
    else if (strcmp(command, "viscoelastic_fit") == 0)
        rc = cmd_viscoelastic_fit(n, in, nlhs, plhs, f);
    else
        rc = fail(f, "hertzfit:badInput", "hertzfit_mex: unknown command '%s' (valid: hr, "
                  "fit_profile, maxwell_simulate, viscoelastic_simulate, maxwell_fit, "
                  "maxwell_extract, maxwell_compare, copt, ev, viscoelastic_fit)", command);
    return rc;
}

/* Called by hertzfit_mex.mex (matlab/hertzfit_mex_loader.c says why the
 * gateway is a library of its own). */
void hertzfit_mex_gateway(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

void hertzfit_mex_gateway(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
    static int initialised = 0;
    if (!initialised) {
        hf_library_init();
        find_host_interrupt();
        initialised = 1;
    }
    char command[32];
    if (nrhs < 1 || !mxIsChar(prhs[0]) || mxGetString(prhs[0], command, sizeof command) != 0)
        mexErrMsgIdAndTxt("hertzfit:badInput", "hertzfit_mex: the first argument is the "
                          "command (hr, fit_profile, maxwell_simulate, maxwell_fit, "
                          "maxwell_extract, copt, ev, viscoelastic_fit); call the hertzfit_*.m "
                          "functions instead");
    failure f = {"", ""};
    int rc = run_command(command, nlhs, plhs, nrhs - 1, prhs + 1, &f);
    if (host_interrupt_pending()) {
        /* what the call returned was cut short: never handed back */
        for (int i = 0; i < nlhs; ++i)
            if (plhs[i] != NULL) {
                mxDestroyArray(plhs[i]);
                plhs[i] = NULL;
            }
        mexErrMsgIdAndTxt("hertzfit:interrupted", "hertzfit_%s: interrupted "
                          "(Ctrl-C)", command);
    }
    if (rc != 0)
        mexErrMsgIdAndTxt(f.id, "%s", f.text);
}
