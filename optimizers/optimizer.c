/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/optimizer.c — the public optimiser API (hertzfit/optimizer.h)
 * over the algorithm registry: create by name, key/value parameters with
 * ranges, results, and hf_optimize, which validates the problem, seeds the
 * run's PCG32 stream, sets up the evaluation wrapper and hands over to the
 * algorithm's run function.  Nothing here knows any particular algorithm.
 */
#include "optimizers/optimizer_internal.h"

#include "core/rng_draw.h"
#include "core/strdup.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "core/timing.h"
#include "core/problem_internal.h"

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

struct hf_optimizer {
    const hf_algorithm *algo;
    int variant;
    size_t dim;
    char *name;      /* owned copy of the name it was created with */
    double *values;  /* owned: one value per algo->params entry */
    unsigned char *given; /* owned: 1 where the caller set the value */
};

const char *hf_stop_reason_name(hf_stop_reason reason)
{
    switch (reason) {
#define HF_STOP_TEXT(id, text) case id: return text;
        HF_STOP_LIST(HF_STOP_TEXT)
#undef HF_STOP_TEXT
    }
    return "unknown";
}

void hf_run_config_init(hf_run_config *run)
{
    memset(run, 0, sizeof *run);
    run->trace = NULL;
    run->trace_user = NULL;
    run->threads = 1;
}

hf_status hf_result_alloc(size_t dim, hf_result **out, hf_diag *diag)
{
    *out = NULL;
    if (dim == 0)
        return hf_diag_set(diag, HF_EINVAL, "a result needs dimension >= 1");
    /* the result and its x are owned by the caller: hf_result_free */
    hf_result *r = calloc(1, sizeof *r);
    if (r != NULL)
        r->x = calloc(dim, sizeof *r->x);
    if (r == NULL || r->x == NULL) {
        free(r);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for a result of dimension %zu", dim);
    }
    r->dim = dim;
    r->f = HUGE_VAL;
    *out = r;
    return HF_OK;
}

void hf_result_free(hf_result *result)
{
    if (result == NULL)
        return;
    free(result->x);
    free(result);
}

static const char *optimizer_name_at(size_t index, const void *ctx)
{
    (void)ctx;
    return hf_optimizer_name_at(index);
}

hf_status hf_optimizer_unknown(const char *name, hf_diag *diag)
{
    return hf_unknown_name("optimizer", name, hf_optimizer_name_count(), optimizer_name_at,
                           NULL, diag);
}

/* Finds the table for NAME: an exact name, or a family prefix whose
 * resolve() accepts the rest. */
static hf_status find_algorithm(const char *name, const hf_algorithm **algo,
                                int *variant, hf_diag *diag)
{
    for (size_t i = 0; i < hf_algorithm_count(); ++i) {
        const hf_algorithm *a = hf_algorithm_at(i);
        size_t len = strlen(a->name);
        if (a->resolve == NULL && strcmp(a->name, name) == 0) {
            *algo = a;
            *variant = 0;
            return HF_OK;
        }
        if (a->resolve != NULL && strncmp(a->name, name, len) == 0) {
            *algo = a;
            return a->resolve(name + len, variant, diag);
        }
    }
    return hf_optimizer_unknown(name, diag);
}

/* An optimiser by its plain name (no settings in braces). */
static hf_status alloc_plain(const char *name, size_t dim, hf_optimizer **out, hf_diag *diag)
{
    *out = NULL;
    if (name == NULL)
        return hf_diag_set(diag, HF_EINVAL, "optimizer name is missing");
    if (dim == 0)
        return hf_diag_set(diag, HF_EINVAL, "optimizer dimension must be at least 1");
    const hf_algorithm *algo = NULL;
    int variant = 0;
    hf_status st = find_algorithm(name, &algo, &variant, diag);
    if (st != HF_OK)
        return st;
    /* opt and its name/values are owned by the caller: hf_optimizer_free */
    hf_optimizer *opt = calloc(1, sizeof *opt);
    if (opt == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for optimizer '%s'", name);
    opt->name = hf_strdup(name);
    opt->values = calloc(algo->nparams ? algo->nparams : 1, sizeof *opt->values);
    opt->given = calloc(algo->nparams ? algo->nparams : 1, sizeof *opt->given);
    if (opt->name == NULL || opt->values == NULL || opt->given == NULL) {
        hf_optimizer_free(opt);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for optimizer '%s'", name);
    }
    opt->algo = algo;
    opt->variant = variant;
    opt->dim = dim;
    for (size_t i = 0; i < algo->nparams; ++i)
        opt->values[i] = algo->params[i].def;
    *out = opt;
    return HF_OK;
}

void hf_optimizer_free(hf_optimizer *opt)
{
    if (opt == NULL)
        return;
    free(opt->name);
    free(opt->values);
    free(opt->given);
    free(opt);
}

const char *hf_optimizer_name(const hf_optimizer *opt) { return opt->name; }

size_t hf_optimizer_dim_of(const hf_optimizer *opt) { return opt->dim; }

static hf_status lookup_param(const hf_optimizer *opt, const char *key, long *index,
                              hf_diag *diag);

/* The shortest %g text of V that reads back as V. */
static void format_shortest(char *buf, size_t cap, double v)
{
    if (v == floor(v) && fabs(v) < 1e15) {   /* whole numbers as such: 30, not 3e+01 */
        snprintf(buf, cap, "%.0f", v);
        return;
    }
    for (int digits = 1; digits <= 17; ++digits) {
        snprintf(buf, cap, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* Applies the settings "k=v" separated by ',' or ';' of TEXT (LEN
 * characters) to OPT and records which it set in SET (one flag per
 * parameter). */
static hf_status apply_settings(hf_optimizer *opt, const char *text, size_t len,
                                unsigned char *set, hf_diag *diag)
{
    char item[160];
    for (size_t at = 0; at < len;) {
        size_t end = at;
        while (end < len && text[end] != ',' && text[end] != ';')
            ++end;
        size_t n = end - at;
        const char *eq = memchr(text + at, '=', n);
        double value = 0.0;
        if (n == 0 || n >= sizeof item || eq == NULL)
            return hf_diag_set(diag, HF_EINVAL, "optimizer '%s': setting '%.*s' is not "
                               "key=value", opt->name, (int)n, text + at);
        memcpy(item, text + at, n);
        item[n] = '\0';
        item[eq - (text + at)] = '\0';
        const char *v = item + (eq - (text + at)) + 1;
        if (hf_parse_double(v, &value, NULL) != HF_OK)
            return hf_diag_set(diag, HF_EINVAL, "optimizer '%s': %s = '%s' is not a number",
                               opt->name, item, v);
        long index = -1;
        hf_status st = lookup_param(opt, item, &index, diag);
        if (st == HF_OK) st = hf_optimizer_set(opt, item, value, diag);
        if (st != HF_OK)
            return st;
        set[index] = 1;
        at = end + (end < len);
    }
    return HF_OK;
}

/* "BASE{k=v;...}": the canonical entry name of OPT (made from BASE) with
 * the parameters SET flags, in the table's order, shortest exact values,
 * separated by ';' (a name must fit a CSV cell and a manifest list). */
static hf_status canonical_name(hf_optimizer *opt, const char *base, size_t base_len,
                                const unsigned char *set, hf_diag *diag)
{
    size_t cap = base_len + 3;
    for (size_t i = 0; i < opt->algo->nparams; ++i)
        cap += set[i] ? strlen(opt->algo->params[i].key) + 28 : 0;
    char *name = malloc(cap);   /* replaces opt->name, owned by opt */
    if (name == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    size_t w = (size_t)snprintf(name, cap, "%.*s{", (int)base_len, base);
    for (size_t i = 0, first = 1; i < opt->algo->nparams; ++i) {
        if (!set[i])
            continue;
        char value[32];
        format_shortest(value, sizeof value, opt->values[i]);
        w += (size_t)snprintf(name + w, cap - w, "%s%s=%s", first ? "" : ";",
                              opt->algo->params[i].key, value);
        first = 0;
    }
    snprintf(name + w, cap - w, "}");
    free(opt->name);
    opt->name = name;
    return HF_OK;
}

/* Whether NAME ends in one "{...}" after its last '{' (at OPEN). */
static int has_settings(const char *name, const char *open)
{
    size_t len = strlen(name);
    return open != NULL && len >= 2 && name[len - 1] == '}' &&
           strchr(open, '}') == name + len - 1;
}

/* "NAME{k=v,k=v}" (the braces at OPEN): NAME with these settings, as one
 * optimiser of its own. */
static hf_status alloc_with_settings(const char *name, const char *open, size_t dim,
                                     hf_optimizer **out, hf_diag *diag)
{
    size_t len = strlen(name), base_len = (size_t)(open - name);
    char base[256];
    if (base_len == 0 || base_len >= sizeof base)
        return hf_diag_set(diag, HF_EINVAL, "optimizer '%s': no name before '{'", name);
    if (len - base_len == 2)
        return hf_diag_set(diag, HF_EINVAL, "optimizer '%s': no setting between the braces",
                           name);
    memcpy(base, name, base_len);
    base[base_len] = '\0';
    hf_optimizer *opt = NULL;   /* to *out, or freed below */
    hf_status st = alloc_plain(base, dim, &opt, diag);
    if (st != HF_OK)
        return st;
    unsigned char *set = calloc(opt->algo->nparams ? opt->algo->nparams : 1, 1); /* freed below */
    if (set == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK) st = apply_settings(opt, open + 1, len - base_len - 2, set, diag);
    if (st == HF_OK) st = canonical_name(opt, base, base_len, set, diag);
    free(set);
    if (st != HF_OK) {
        hf_optimizer_free(opt);
        return st;
    }
    *out = opt;
    return HF_OK;
}

hf_status hf_optimizer_alloc(const char *name, size_t dim, hf_optimizer **out,
                             hf_diag *diag)
{
    *out = NULL;
    if (name == NULL)
        return hf_diag_set(diag, HF_EINVAL, "optimizer name is missing");
    /* the name as a whole first: a family member may carry the braces
     * ("restart:ica{variant=2007}" restarts "ica{variant=2007}") */
    hf_diag whole = {{0}};
    hf_status st = alloc_plain(name, dim, out, &whole);
    const char *open = strrchr(name, '{');
    if (st == HF_OK || !has_settings(name, open)) {
        if (st != HF_OK && diag != NULL)
            *diag = whole;
        return st;
    }
    return alloc_with_settings(name, open, dim, out, diag);
}

static long find_param(const hf_algorithm *algo, const char *key)
{
    for (size_t i = 0; i < algo->nparams; ++i)
        if (strcmp(algo->params[i].key, key) == 0)
            return (long)i;
    return -1;
}

/* "a, b, c" list of the algorithm's keys for error messages. */
static const char *key_at(size_t index, const void *ctx)
{
    return ((const hf_algorithm *)ctx)->params[index].key;
}

/* The index of KEY, or HF_ENOTFOUND listing the valid keys. */
static hf_status lookup_param(const hf_optimizer *opt, const char *key, long *index,
                              hf_diag *diag)
{
    *index = find_param(opt->algo, key);
    if (*index >= 0)
        return HF_OK;
    char keys[320];
    hf_names_join(opt->algo->nparams, key_at, opt->algo, keys, sizeof keys);
    return hf_diag_set(diag, HF_ENOTFOUND, "optimizer '%s' has no parameter '%s' (valid: %s)",
                       opt->name, key, keys);
}

hf_status hf_optimizer_set(hf_optimizer *opt, const char *key, double value,
                           hf_diag *diag)
{
    long i;
    hf_status st = lookup_param(opt, key, &i, diag);
    if (st != HF_OK)
        return st;
    const hf_param_spec *p = &opt->algo->params[i];
    if (!(value >= p->min && value <= p->max))
        return hf_diag_set(diag, HF_ERANGE, "%s = %g is outside [%g, %g] for optimizer '%s'",
                           key, value, p->min, p->max, opt->name);
    if (p->integer && value != floor(value))
        return hf_diag_set(diag, HF_ERANGE, "%s = %g must be a whole number", key, value);
    const hf_algorithm *a = opt->algo;
    if (a->variant_key != NULL && strcmp(key, a->variant_key) == 0) {
        if (value != p->def && value != p->def_alt)
            return hf_diag_set(diag, HF_ERANGE, "%s = %g is not a variant of optimizer '%s' "
                               "(valid: %g, %g)", key, value, opt->name, p->def, p->def_alt);
        int alt = value == p->def_alt;
        for (size_t j = 0; j < a->nparams; ++j)
            if (!opt->given[j])
                opt->values[j] = alt ? a->params[j].def_alt : a->params[j].def;
    }
    opt->values[i] = value;
    opt->given[i] = 1;
    return HF_OK;
}

hf_status hf_optimizer_get(const hf_optimizer *opt, const char *key, double *value,
                           hf_diag *diag)
{
    long i;
    hf_status st = lookup_param(opt, key, &i, diag);
    if (st == HF_OK)
        *value = opt->values[i];
    return st;
}

size_t hf_optimizer_param_count(const hf_optimizer *opt) { return opt->algo->nparams; }

hf_status hf_optimizer_param(const hf_optimizer *opt, size_t index, const char **key,
                             double *value, const char **doc, hf_diag *diag)
{
    if (index >= opt->algo->nparams)
        return hf_diag_set(diag, HF_EINVAL, "optimizer '%s' has %zu parameters, not %zu",
                           opt->name, opt->algo->nparams, index + 1);
    if (key != NULL)
        *key = opt->algo->params[index].key;
    if (value != NULL)
        *value = opt->values[index];
    if (doc != NULL)
        *doc = opt->algo->params[index].doc;
    return HF_OK;
}

size_t hf_optimizer_variant_count(const hf_optimizer *opt)
{
    return opt->algo->variant_key != NULL ? 2 : 1;
}

hf_status hf_optimizer_param_default(const hf_optimizer *opt, size_t index, size_t variant,
                                     double *value, const char **source, hf_diag *diag)
{
    if (index >= opt->algo->nparams || variant >= hf_optimizer_variant_count(opt))
        return hf_diag_set(diag, HF_EINVAL, "optimizer '%s' has %zu parameters and %zu "
                           "variants, not parameter %zu of variant %zu", opt->name,
                           opt->algo->nparams, hf_optimizer_variant_count(opt), index + 1,
                           variant + 1);
    const hf_param_spec *p = &opt->algo->params[index];
    if (value != NULL)
        *value = variant == 1 ? p->def_alt : p->def;
    if (source != NULL)
        *source = p->source;
    return HF_OK;
}

static void reset_result(hf_result *result)
{
    for (size_t i = 0; i < result->dim; ++i)
        result->x[i] = NAN;
    result->f = HUGE_VAL;
    result->evaluations = 0;
    result->failed_evaluations = 0;
    result->iterations = 0;
    result->stop = HF_STOP_NONE;
    result->status = HF_OK;
    result->seconds = 0.0;
}

/* Everything hf_optimize refuses before running: bounds, dimensions, x0. */
static hf_status check_run(const hf_optimizer *opt, const hf_problem *problem,
                           const hf_run_config *run, const hf_result *result, hf_diag *diag)
{
    hf_status st = hf_problem_check(problem, diag);
    if (st != HF_OK)
        return st;
    if (problem->dim != opt->dim || result->dim != opt->dim)
        return hf_diag_set(diag, HF_EMISMATCH,
                           "dimension mismatch: optimizer %zu, problem %zu, result %zu",
                           opt->dim, problem->dim, result->dim);
    for (size_t i = 0; run->x0 != NULL && i < problem->dim; ++i)
        if (!(run->x0[i] >= problem->lower[i] && run->x0[i] <= problem->upper[i]))
            return hf_diag_set(diag, HF_EDOM,
                               "start point x0[%zu] = %.17g is outside [%.17g, %.17g]", i,
                               run->x0[i], problem->lower[i], problem->upper[i]);
    return HF_OK;
}

hf_status hf_optimize(const hf_optimizer *opt, const hf_problem *problem,
                      const hf_run_config *run, hf_result *result, hf_diag *diag)
{
    return hf_optimize_from(opt, problem, run, result, NULL, NULL, diag);
}

hf_status hf_optimize_from(const hf_optimizer *opt, const hf_problem *problem,
                           const hf_run_config *run, hf_result *result,
                           hf_status (*source)(void *user, const double *x, size_t n, double *f),
                           void *source_user, hf_diag *diag)
{
    if (opt == NULL || run == NULL || result == NULL || result->x == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_optimize: missing optimizer, run or result");
    reset_result(result);
    hf_status st = check_run(opt, problem, run, result, diag);
    if (st != HF_OK) {
        /* A refused run says so in its result too, so a caller that only
         * looks at results (hf_runs_execute) sees the failure. */
        result->status = st;
        result->stop = HF_STOP_FAILURE;
        return st;
    }
    /* An algorithm's own budget applies only when the run sets none, so
     * a run's budget is always exactly the budget. */
    hf_run_config eff = *run;
    if (eff.max_evals == 0 && eff.max_iters == 0) {
        eff.max_iters = opt->algo->default_max_iters;
        eff.max_evals = opt->algo->default_max_evals;
    }
    if (hf_interrupt_is_pending()) {
        /* the host was interrupted: the remaining runs of a study end at
         * once, without the algorithm's set-up */
        result->stop = HF_STOP_FAILURE;
        return HF_OK;
    }
    /* hertzfit's own algorithms keep to the box by construction (NLopt's
     * BOBYQA may step a rounding error past a bound, and its results are
     * kept as they always were); a user's are checked at every point */
    hf_evaluator ev = {problem, &eff, result, eff.max_iters, 0, HF_STOP_NONE,
                       hf_algorithm_is_users(opt->algo), source, source_user};
    hf_rng rng;
    hf_rng_seed(&rng, run->seed, run->stream);
    hf_algo_run ctx = {problem, opt->values, opt->variant, opt->name, &ev, &rng, &eff};
#ifdef HERTZFIT_HAVE_OPENMP
    /* the run's thread count travels as OpenMP's nthreads ICV, which the
     * evaluator and the objective's own parallel sections read */
    int saved_threads = omp_get_max_threads();
    if (run->threads > 0)
        omp_set_num_threads(run->threads);
#endif
    double t0 = hf_wall_seconds();
    st = opt->algo->run(&ctx, diag);
    result->seconds = hf_wall_seconds() - t0;
#ifdef HERTZFIT_HAVE_OPENMP
    omp_set_num_threads(saved_threads);
#endif
    result->status = st;
    /* A run without one finite value inside the box found nothing: never
     * "converged" (a plug-in that returns without evaluating) */
    result->stop = (st != HF_OK || !isfinite(result->f)) ? HF_STOP_FAILURE
                   : (ev.reason != HF_STOP_NONE ? ev.reason : HF_STOP_CONVERGED);
    return st;
}

size_t hf_optimizer_name_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < hf_algorithm_count(); ++i) {
        const hf_algorithm *a = hf_algorithm_at(i);
        n += a->resolve ? a->member_count() : 1;
    }
    return n;
}

const char *hf_optimizer_name_at(size_t index)
{
    for (size_t i = 0; i < hf_algorithm_count(); ++i) {
        const hf_algorithm *a = hf_algorithm_at(i);
        size_t n = a->resolve ? a->member_count() : 1;
        if (index < n)
            return a->resolve ? a->member_name(index) : a->name;
        index -= n;
    }
    return NULL;
}

void hf_apply_start_point(const hf_algo_run *ctx, double *x)
{
    if (ctx->run->x0 != NULL)
        memcpy(x, ctx->run->x0, ctx->problem->dim * sizeof *x);
}

void hf_uniform_point(hf_rng *rng, const hf_problem *problem, double *x)
{
    for (size_t k = 0; k < problem->dim; ++k)
        x[k] = hf_rng_draw_range(rng, problem->lower[k], problem->upper[k]);
}
