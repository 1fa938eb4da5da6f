/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign.c — runs a benchmark campaign: checks every name before
 * any work, numbers the tasks (optimiser × problem × run) in canonical
 * sorted order, runs this shard's tasks on OpenMP threads with one PCG
 * stream per task keyed on names (never on positions), collects each run's
 * improvements, and hands the result to campaign_dir.c for writing.
 */
#include "studies/campaign_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_version.h>
#include <nlopt.h>

#include "hertzfit/bench_problems.h"
#include "core/csv.h"
#include "hertzfit/rng.h"
#include "core/timing.h"
#include "hertzfit/version.h"
#include "studies/study.h"
#include "optimizers/optimizer_internal.h"

void hf_campaign_config_init(hf_campaign_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->runs = 1;
    cfg->seed = 1;
    cfg->shard_index = 0;
    cfg->shard_count = 1;
    cfg->data_dir = NULL; /* the shipped data: hf_data_dir */
}

/* The budget of a configuration without one, and the default targets
 * f* + 10^k for k = 1, 0, ..., -8 (COCO's). */
static const hf_budget_rule default_budget = {0, HF_BUDGET_EVALUATIONS, 1000};
static const double default_targets[] = {1e1, 1e0, 1e-1, 1e-2, 1e-3,
                                         1e-4, 1e-5, 1e-6, 1e-7, 1e-8};

/* The configured targets (or the default), copied, checked and sorted
 * into c->targets. */
static hf_status set_targets(const hf_campaign_config *cfg, hf_campaign *c, hf_diag *diag)
{
    const double *given = cfg->targets ? cfg->targets : default_targets;
    size_t n = cfg->targets ? cfg->n_targets
                            : sizeof default_targets / sizeof default_targets[0];
    c->targets = malloc(sizeof *c->targets * (n ? n : 1)); /* owned by c */
    if (c->targets == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (n > 0)
        memcpy(c->targets, given, sizeof *c->targets * n);
    c->n_targets = n;
    return hf_campaign_sort_targets(c->targets, n, diag);
}

hf_status hf_budget_rule_parse(const char *text, hf_budget_rule *rule, hf_diag *diag)
{
    char dim[64], count[64];
    const char *eq = strchr(text, '=');
    const char *value = eq ? eq + 1 : text;
    size_t len = strlen(value);
    hf_budget_scale scale = HF_BUDGET_EVALUATIONS;
    if (len > 2 && value[len - 2] == '*' && (value[len - 1] == 'd' || value[len - 1] == 'D')) {
        scale = HF_BUDGET_PER_DIMENSION;
        len -= 2;
    }
    unsigned long long d = 0, e = 0;
    int ok = len < sizeof count;
    if (ok) {
        memcpy(count, value, len);
        count[len] = '\0';
    }
    if (ok && eq != NULL) {
        ok = (size_t)(eq - text) < sizeof dim;
        if (ok) {
            memcpy(dim, text, (size_t)(eq - text));
            dim[eq - text] = '\0';
            ok = hf_parse_count(dim, &d, NULL) == HF_OK && d >= 1;
        }
    }
    if (ok)
        ok = hf_parse_count(count, &e, NULL) == HF_OK && e >= 1;
    if (!ok)
        return hf_diag_set(diag, HF_EINVAL, "'%s' is not E, B*d, DIM=E or DIM=B*d with whole "
                           "numbers E, B, DIM >= 1", text);
    *rule = (hf_budget_rule){(size_t)d, scale, (size_t)e};
    return HF_OK;
}

/* Rule I of RULES on its own (a value, a known scale) and against the
 * rules before it (no two for one dimension). */
static hf_status check_budget_rule(const hf_budget_rule *rules, size_t i, hf_diag *diag)
{
    const hf_budget_rule *r = &rules[i];
    if (r->value < 1)
        return hf_diag_set(diag, HF_EINVAL, "budget rule %zu: %zu evaluations (need >= 1)",
                           i + 1, r->value);
    if (r->scale != HF_BUDGET_EVALUATIONS && r->scale != HF_BUDGET_PER_DIMENSION)
        return hf_diag_set(diag, HF_EINVAL, "budget rule %zu: unknown scale %d", i + 1,
                           (int)r->scale);
    for (size_t j = 0; j < i; ++j)
        if (rules[j].dim == r->dim && r->dim == 0)
            return hf_diag_set(diag, HF_EINVAL, "budget: two rules for every dimension");
        else if (rules[j].dim == r->dim)
            return hf_diag_set(diag, HF_EINVAL, "budget: two rules for dimension %zu", r->dim);
    return HF_OK;
}

hf_status hf_budget_evaluations(const hf_budget_rule *rules, size_t n, size_t dim,
                                size_t *evaluations, hf_diag *diag)
{
    const hf_budget_rule *own = NULL, *every = NULL;
    for (size_t i = 0; i < n; ++i) {
        const hf_budget_rule *r = &rules[i];
        hf_status st = check_budget_rule(rules, i, diag);
        if (st != HF_OK)
            return st;
        if (r->dim == dim)
            own = r;
        else if (r->dim == 0)
            every = r;
    }
    const hf_budget_rule *r = own ? own : every;
    if (r == NULL)
        return hf_diag_set(diag, HF_EINVAL, "the budget has no rule for dimension %zu "
                           "(nor one for every dimension)", dim);
    size_t factor = r->scale == HF_BUDGET_PER_DIMENSION ? dim : 1;
    if (factor != 0 && r->value > (size_t)HF_CAMPAIGN_BUDGET_MAX / factor)
        return hf_diag_set(diag, HF_EINVAL, "budget %zu x dimension %zu is above the limit of "
                           "%.0f evaluations per run", r->value, factor,
                           (double)HF_CAMPAIGN_BUDGET_MAX);
    *evaluations = r->value * factor;
    return HF_OK;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Everything built before the first task runs; owned by run_state_free. */
typedef struct run_state {
    hf_bench_problem **bench;   /* n_problems, in the campaign's sorted order */
    hf_optimizer **handles;     /* n_optimizers × n_problems */
} run_state;

static void run_state_free(run_state *rs, const hf_campaign *c)
{
    for (size_t p = 0; rs->bench && p < c->n_problems; ++p)
        hf_bench_problem_free(rs->bench[p]);
    for (size_t h = 0; rs->handles && h < c->n_optimizers * c->n_problems; ++h)
        if (rs->handles[h] != NULL)
            hf_optimizer_free(rs->handles[h]);
    free(rs->bench);
    free(rs->handles);
}

/* pr->run_f_opt when some run's instance has another f* than the
 * problem's ("bbob:F:D"), else NULL. */
static hf_status set_run_optima(const hf_bench_problem *bp, size_t runs,
                                hf_campaign_problem *pr, hf_diag *diag)
{
    int differ = 0;
    for (size_t r = 0; r < runs; ++r)
        differ |= hf_bench_problem_run(bp, r)->f_opt != pr->f_opt;
    if (!differ)
        return HF_OK;
    pr->run_f_opt = malloc(sizeof *pr->run_f_opt * runs); /* owned by the campaign */
    if (pr->run_f_opt == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t r = 0; r < runs; ++r)
        pr->run_f_opt[r] = hf_bench_problem_run(bp, r)->f_opt;
    return HF_OK;
}

typedef struct named_problem {
    const char *name;
    hf_bench_problem *bp;
} named_problem;

static int compare_named(const void *a, const void *b)
{
    return strcmp(((const named_problem *)a)->name, ((const named_problem *)b)->name);
}

/* The registry's problem for SPEC, with the campaign's instances, one
 * prepared instance per run and, with cfg->shift, its optimum moved; *bp
 * owned by the caller (also on failure). */
static hf_status prepare_problem(const hf_campaign_config *cfg, const hf_campaign *c,
                                 const char *spec, named_problem *np, hf_diag *diag)
{
    hf_status st = hf_bench_problem_alloc(spec, cfg->data_dir, &np->bp, diag);
    if (st == HF_OK && cfg->n_instances > 0)
        st = hf_bench_problem_set_instances(np->bp, cfg->instances, cfg->n_instances, diag);
    if (st == HF_OK)
        st = hf_bench_problem_prepare_runs(np->bp, c->runs, diag);
    if (st == HF_OK && cfg->shift)
        st = hf_bench_problem_shift(np->bp, cfg->seed, diag);
    if (st == HF_OK)
        np->name = hf_bench_problem_problem(np->bp)->name;
    return st;
}

/* c->problems[i] from BP: its name, dimension, f* (per run) and budget.
 * PREVIOUS is the name sorted before it (NULL for the first): a name
 * listed twice is refused. */
static hf_status describe_problem(const hf_campaign_config *cfg, hf_campaign *c, size_t i,
                                  const hf_bench_problem *bp, const char *previous,
                                  hf_diag *diag)
{
    const hf_problem *p = hf_bench_problem_problem(bp);
    hf_campaign_problem *pr = &c->problems[i];
    hf_status st = HF_OK;
    if (previous != NULL && strcmp(p->name, previous) == 0)
        st = hf_diag_set(diag, HF_EINVAL, "problem '%s' is listed twice", p->name);
    pr->name = hf_campaign_strdup(p->name); /* owned by c */
    pr->dim = p->dim;
    if (p->dim > HF_CAMPAIGN_DIM_MAX && st == HF_OK)
        st = hf_diag_set(diag, HF_ERANGE, "problem '%s': dimension %zu is above the limit "
                         "%d", p->name, p->dim, HF_CAMPAIGN_DIM_MAX);
    pr->has_optimum = p->has_optimum;
    pr->f_opt = p->has_optimum ? p->f_opt : NAN;
    if (pr->name == NULL && st == HF_OK)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK && p->has_optimum)
        st = set_run_optima(bp, c->runs, pr, diag);
    if (st == HF_OK)
        st = cfg->budget ? hf_budget_evaluations(cfg->budget, cfg->n_budget, p->dim,
                                                 &pr->budget, diag)
                         : hf_budget_evaluations(&default_budget, 1, p->dim, &pr->budget,
                                                 diag);
    return st;
}

/* Builds and sorts the problems; fills c->problems and rs->bench. */
static hf_status build_problems(const hf_campaign_config *cfg, hf_campaign *c, run_state *rs,
                                hf_diag *diag)
{
    size_t n = cfg->n_problems;
    named_problem *np = calloc(n, sizeof *np);   /* freed below */
    rs->bench = calloc(n, sizeof *rs->bench);        /* owned by rs (run_state_free) */
    c->problems = calloc(n, sizeof *c->problems);    /* owned by c (hf_campaign_free) */
    if (np == NULL || rs->bench == NULL || c->problems == NULL) {
        free(np);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    hf_status st = HF_OK;
    size_t built = 0;
    /* each np[i].bp owned by np until moved into rs->bench (run_state_free) */
    for (; built < n && st == HF_OK; ++built)
        st = prepare_problem(cfg, c, cfg->problems[built], &np[built], diag);
    if (st != HF_OK) {
        for (size_t i = 0; i < built; ++i)
            hf_bench_problem_free(np[i].bp);
        free(np);
        return st;
    }
    qsort(np, n, sizeof *np, compare_named);
    c->n_problems = n;
    for (size_t i = 0; i < n; ++i) {
        rs->bench[i] = np[i].bp; /* every one moved, also after a failure */
        if (st == HF_OK)
            st = describe_problem(cfg, c, i, np[i].bp, i > 0 ? np[i - 1].name : NULL, diag);
    }
    free(np);
    return st;
}

/* Sorts the optimiser names and creates one handle per (optimiser, problem). */
static hf_status build_optimizers(const hf_campaign_config *cfg, hf_campaign *c,
                                  run_state *rs, hf_diag *diag)
{
    size_t n = cfg->n_optimizers;
    c->optimizers = calloc(n, sizeof *c->optimizers);              /* owned by c */
    rs->handles = calloc(n * c->n_problems, sizeof *rs->handles); /* owned by rs */
    if (c->optimizers == NULL || rs->handles == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; ++i) {
        /* the canonical name of an entry with settings, "ica{variant=2007}",
         * so that one entry written two ways is one optimiser */
        hf_optimizer *probe = NULL;   /* freed below */
        hf_status st = hf_optimizer_alloc(cfg->optimizers[i], 1, &probe, diag);
        if (st != HF_OK)
            return st;
        c->optimizers[i] = hf_campaign_strdup(hf_optimizer_name(probe)); /* owned by c */
        hf_optimizer_free(probe);
        c->n_optimizers = i + 1;
        if (c->optimizers[i] == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    qsort(c->optimizers, n, sizeof *c->optimizers, compare_strings);
    for (size_t i = 1; i < n; ++i)
        if (strcmp(c->optimizers[i], c->optimizers[i - 1]) == 0)
            return hf_diag_set(diag, HF_EINVAL, "optimizer '%s' is listed twice",
                               c->optimizers[i]);
    for (size_t o = 0; o < n; ++o)
        for (size_t p = 0; p < c->n_problems; ++p) {
            /* owned by rs (run_state_free) */
            hf_status st = hf_optimizer_alloc(c->optimizers[o], c->problems[p].dim,
                                               &rs->handles[o * c->n_problems + p], diag);
            if (st != HF_OK)
                return st;
        }
    return HF_OK;
}

static hf_status add_list_field(hf_campaign *c, const char *key, char *const *items,
                                size_t n, size_t stride)
{
    size_t len = 1;
    for (size_t i = 0; i < n; ++i)
        len += strlen(*(char *const *)((const char *)items + i * stride)) + 1;
    char *text = calloc(len, 1); /* freed below */
    if (text == NULL)
        return HF_ENOMEM;
    for (size_t i = 0; i < n; ++i) {
        if (i)
            strcat(text, " ");
        strcat(text, *(char *const *)((const char *)items + i * stride));
    }
    hf_status st = hf_campaign_add_field(c, key, "%s", text);
    free(text);
    return st;
}

/* Optimiser parameters (defaults included) per distinct dimension, since
 * an algorithm's defaults may depend on it. */
static hf_status add_optimizer_fields(hf_campaign *c, const run_state *rs)
{
    hf_status st = HF_OK;
    for (size_t o = 0; o < c->n_optimizers && st == HF_OK; ++o)
        for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
            int seen = 0;
            for (size_t q = 0; q < p; ++q)
                seen |= c->problems[q].dim == c->problems[p].dim;
            if (seen)
                continue;
            const hf_optimizer *h = rs->handles[o * c->n_problems + p];
            for (size_t k = 0; k < hf_optimizer_param_count(h) && st == HF_OK; ++k) {
                const char *key = NULL, *doc = NULL;
                double value = 0.0;
                if (hf_optimizer_param(h, k, &key, &value, &doc, NULL) != HF_OK)
                    continue;
                char name[256];
                snprintf(name, sizeof name, "optimizer.%s.d%zu.%s", c->optimizers[o],
                         c->problems[p].dim, key);
                st = hf_campaign_add_field(c, name, "%.17g", value);
            }
        }
    return st;
}

/* Shortest of %.15g/%.16g/%.17g that reads back as V, so the manifest
 * says "0.1" rather than "0.10000000000000001" and still round-trips. */
static void format_exact(char *buf, size_t cap, double v)
{
    for (int digits = 15; digits <= 17; ++digits) {
        snprintf(buf, cap, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* "shift = pcg" and, for each moved problem, where each run's optimum now
 * is (the run's coordinates space-separated in shortest exact form, runs
 * separated by " ; "), so a report or a rerun can find them without
 * redrawing. */
static hf_status add_shift_fields(hf_campaign *c, const run_state *rs)
{
    hf_status st = hf_campaign_add_field(c, "shift", "pcg");
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        if (hf_bench_problem_optimum_point(rs->bench[p]) == NULL)
            continue;
        size_t dim = c->problems[p].dim;
        /* freed below; 25 characters per %.17g, 3 per separator */
        char *text = calloc(c->runs * (dim * 26 + 3) + 1, 1);
        if (text == NULL)
            return HF_ENOMEM;
        for (size_t r = 0; r < c->runs; ++r) {
            const double *z = hf_bench_problem_run_optimum_point(rs->bench[p], r);
            for (size_t i = 0; z != NULL && i < dim; ++i) {
                char one[32];
                format_exact(one, sizeof one, z[i]);
                strcat(strcat(text, i ? " " : (r ? " ; " : "")), one);
            }
        }
        char key[256];
        snprintf(key, sizeof key, "problem.%s.x_opt", c->problems[p].name);
        st = hf_campaign_set_field(c, key, text);
        free(text);
    }
    return st;
}

/* KEY = f* of every run, space-separated, in run order. */
static hf_status add_run_optima_field(hf_campaign *c, const char *key,
                                      const hf_campaign_problem *pr)
{
    char *text = calloc(c->runs * 26 + 1, 1); /* freed below; 25 characters per %.17g */
    if (text == NULL)
        return HF_ENOMEM;
    for (size_t r = 0; r < c->runs; ++r) {
        char one[32];
        snprintf(one, sizeof one, "%.17g", pr->run_f_opt[r]);
        strcat(strcat(text, r ? " " : ""), one);
    }
    hf_status st = hf_campaign_set_field(c, key, text);
    free(text);
    return st;
}

/* plugin.K = PATH and plugin.K.sha256 = its digest, for every plug-in. */
static hf_status add_plugin_fields(hf_campaign *c, const hf_campaign_config *cfg,
                                   hf_diag *diag)
{
    hf_status st = HF_OK;
    for (size_t k = 0; k < cfg->n_plugins && st == HF_OK; ++k) {
        char key[64], hex[HF_FILE_SHA256_HEX];
        st = hf_file_sha256(cfg->plugins[k], (size_t)1 << 30, hex, diag);
        snprintf(key, sizeof key, "plugin.%zu", k);
        if (st == HF_OK) st = hf_campaign_add_field(c, key, "%s", cfg->plugins[k]);
        snprintf(key, sizeof key, "plugin.%zu.sha256", k);
        if (st == HF_OK) st = hf_campaign_add_field(c, key, "%s", hex);
    }
    return st;
}

/* format, the versions of hertzfit, NLopt and GSL, seed and runs. */
static hf_status add_version_fields(hf_campaign *c)
{
    int nmaj = 0, nmin = 0, nbug = 0;
    nlopt_version(&nmaj, &nmin, &nbug);
    hf_status st = hf_campaign_add_field(c, "format", "%s", HF_CAMPAIGN_FORMAT);
    if (st == HF_OK) st = hf_campaign_add_field(c, "hertzfit_version", "%s", HERTZFIT_VERSION);
    if (st == HF_OK) st = hf_campaign_add_field(c, "git_hash", "%s", HERTZFIT_GIT_HASH);
    if (st == HF_OK) st = hf_campaign_add_field(c, "nlopt_version", "%d.%d.%d", nmaj, nmin, nbug);
    if (st == HF_OK) st = hf_campaign_add_field(c, "gsl_version", "%s", gsl_version);
    if (st == HF_OK) st = hf_campaign_add_field(c, "seed", "%llu", (unsigned long long)c->seed);
    if (st == HF_OK) st = hf_campaign_add_field(c, "runs", "%zu", c->runs);
    return st;
}

/* "instances", only when given: a campaign of instances 1, 2, ... keeps
 * its manifest. */
static hf_status add_instances_field(hf_campaign *c)
{
    if (c->n_instances == 0)
        return HF_OK;
    char list[4096] = "";
    for (size_t i = 0; i < c->n_instances; ++i) {
        char one[32];
        snprintf(one, sizeof one, "%s%lu", i ? " " : "", c->instances[i]);
        if (strlen(list) + strlen(one) < sizeof list)
            strcat(list, one);
    }
    return hf_campaign_add_field(c, "instances", "%s", list);
}

static hf_status add_targets_field(hf_campaign *c)
{
    char targets[1024] = "";
    for (size_t i = 0; i < c->n_targets; ++i) {
        char one[32];
        format_exact(one, sizeof one, c->targets[i]);
        if (strlen(targets) + strlen(one) + 2 < sizeof targets)
            strcat(strcat(targets, i ? "," : ""), one);
    }
    return hf_campaign_add_field(c, "targets", "%s", targets);
}

/* problem.NAME.dim, .f_opt (per run, or "unknown") and .budget. */
static hf_status add_problem_fields(hf_campaign *c, const hf_campaign_problem *pr)
{
    char key[256];
    snprintf(key, sizeof key, "problem.%s.dim", pr->name);
    hf_status st = hf_campaign_add_field(c, key, "%zu", pr->dim);
    snprintf(key, sizeof key, "problem.%s.f_opt", pr->name);
    if (st == HF_OK && pr->run_f_opt != NULL)
        st = add_run_optima_field(c, key, pr);
    else if (st == HF_OK)
        st = pr->has_optimum ? hf_campaign_add_field(c, key, "%.17g", pr->f_opt)
                             : hf_campaign_add_field(c, key, "unknown");
    snprintf(key, sizeof key, "problem.%s.budget", pr->name);
    if (st == HF_OK)
        st = hf_campaign_add_field(c, key, "%zu", pr->budget);
    return st;
}

static hf_status build_manifest(hf_campaign *c, const run_state *rs)
{
    hf_status st = add_version_fields(c);
    if (st == HF_OK) st = add_instances_field(c);
    if (st == HF_OK) st = add_targets_field(c);
    if (st == HF_OK) st = add_list_field(c, "optimizers", c->optimizers, c->n_optimizers,
                                         sizeof *c->optimizers);
    if (st == HF_OK) st = add_list_field(c, "problems", &c->problems[0].name, c->n_problems,
                                         sizeof *c->problems);
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p)
        st = add_problem_fields(c, &c->problems[p]);
    if (st == HF_OK && c->shifted) st = add_shift_fields(c, rs);
    if (st == HF_OK) st = add_optimizer_fields(c, rs);
    if (st == HF_OK) st = hf_campaign_add_field(c, "tasks", "%zu",
                                                c->n_optimizers * c->n_problems * c->runs);
    if (st == HF_OK) st = hf_campaign_add_field(c, "shard", "%zu/%zu", c->shard_index,
                                                c->shard_count);
    if (st == HF_OK) st = hf_campaign_add_field(c, "threads", "%d", c->threads);
    return st;
}

/* What the tasks share: the campaign, its problems and optimisers, and
 * one row and one trace slot per task of this shard. */
typedef struct task_job {
    const hf_campaign *c;
    const run_state *rs;
    hf_campaign_row *rows;
    hf_trace *traces;
    const hf_campaign_config *cfg;
    double t0;
} task_job;

/* A copy of RES's point into ROW when it found a finite value: the point
 * of the best value, which runs.csv keeps and the IOH logs write
 * (best.x).  HF_ENOMEM. */
static hf_status keep_best_x(hf_campaign_row *row, const hf_result *res, size_t dim)
{
    if (!isfinite(res->f))
        return HF_OK;
    row->best_x = malloc(sizeof *res->x * dim); /* owned by the campaign */
    if (row->best_x == NULL)
        return HF_ENOMEM;
    memcpy(row->best_x, res->x, sizeof *res->x * dim);
    return HF_OK;
}

/* Task J of this shard: one run of its optimiser on its problem, through
 * the one-run function of hf_runs_execute. */
static hf_status run_task(size_t j, void *ctx, hf_diag *diag)
{
    const task_job *tj = ctx;
    const hf_campaign *c = tj->c;
    size_t task = c->shard_index + j * c->shard_count;
    size_t np = c->n_problems, runs = c->runs;
    size_t o = task / (np * runs), p = (task / runs) % np, r = task % runs;
    const hf_campaign_problem *pr = &c->problems[p];
    char key[512];
    /* The stream is keyed on names, so it is the same whatever the list
     * order, the shard or the thread that runs the task. */
    snprintf(key, sizeof key, "%s|%s", c->optimizers[o], pr->name);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = c->seed;
    run.stream = hf_rng_stream_from_key(key, r);
    run.max_evals = pr->budget;
    run.threads = 0; /* what hf_jobs_run gave this task */
    run.algorithm_user = tj->cfg->algorithm_user;
    if (pr->has_optimum) {
        run.has_target = 1;   /* COCO's rule: stop at the final target */
        run.target = (pr->run_f_opt ? pr->run_f_opt[r] : pr->f_opt) +
                     c->targets[c->n_targets - 1];
    }
    hf_result *res = NULL; /* freed below */
    hf_status st = hf_result_alloc(pr->dim, &res, diag);
    if (st != HF_OK)
        return st;
    /* a "bbob:F:D" run has its own instance (prepared by build_problems) */
    st = hf_study_run(tj->rs->handles[o * np + p], hf_bench_problem_run(tj->rs->bench[p], r),
                      &run, res, &tj->traces[j], diag);
    tj->rows[j] = (hf_campaign_row){.optimizer = o, .problem = p, .run = r, .seed = run.seed,
                                    .stream = run.stream, .best_f = res->f,
                                    .evaluations = res->evaluations, .stop = res->stop,
                                    .seconds = res->seconds};
    if (keep_best_x(&tj->rows[j], res, pr->dim) != HF_OK && st == HF_OK)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_result_free(res);
    return st;
}

static void task_done(size_t done, size_t total, void *ctx)
{
    const task_job *tj = ctx;
    tj->cfg->progress(done, total, hf_wall_seconds() - tj->t0, tj->cfg->progress_user);
}

/* Runs this shard's tasks in parallel; fills c->rows and c->trace. */
static hf_status run_tasks(const hf_campaign_config *cfg, hf_campaign *c, const run_state *rs,
                           hf_diag *diag)
{
    size_t total = c->n_optimizers * c->n_problems * c->runs;
    size_t k = c->shard_count, mine = total / k + (c->shard_index < total % k);
    c->rows = calloc(mine ? mine : 1, sizeof *c->rows);           /* owned by c */
    hf_trace *traces = calloc(mine ? mine : 1, sizeof *traces);   /* freed below */
    if (c->rows == NULL || traces == NULL) {
        free(traces);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    c->n_rows = mine;
    task_job tj = {c, rs, c->rows, traces, cfg, hf_wall_seconds()};
    hf_status st = hf_jobs_run(mine, c->threads, run_task, &tj,
                               cfg->progress ? task_done : NULL, NULL, diag);
    size_t points = 0;
    for (size_t j = 0; j < mine; ++j)
        points += traces[j].count;
    c->trace = malloc(sizeof *c->trace * (points ? points : 1)); /* owned by c */
    if (c->trace == NULL && st == HF_OK)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t j = 0; j < mine; ++j) {
        /* a run that failed before its first finite value has no points
         * (and a NULL array, which memcpy must not see) */
        if (c->trace != NULL && traces[j].count > 0) {
            c->rows[j].trace_first = c->n_trace;
            c->rows[j].trace_count = traces[j].count;
            memcpy(c->trace + c->n_trace, traces[j].points,
                   sizeof *c->trace * traces[j].count);
            c->n_trace += traces[j].count;
        }
        free(traces[j].points);
    }
    free(traces);
    return st;
}

static hf_status check_config(const hf_campaign_config *cfg, hf_diag *diag)
{
    if (cfg->n_optimizers == 0 || cfg->optimizers == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no optimizer given");
    if (cfg->n_problems == 0 || cfg->problems == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no problem given");
    if (cfg->runs < 1)
        return hf_diag_set(diag, HF_EINVAL, "runs must be >= 1");
    if (cfg->runs > HF_CAMPAIGN_RUNS_MAX)
        return hf_diag_set(diag, HF_ERANGE, "runs = %zu is above the limit %d", cfg->runs,
                           HF_CAMPAIGN_RUNS_MAX);
    if (cfg->n_optimizers > HF_CAMPAIGN_TASKS_MAX / cfg->n_problems / cfg->runs)
        return hf_diag_set(diag, HF_ERANGE, "%zu optimisers x %zu problems x %zu runs is above "
                           "the limit of %d tasks", cfg->n_optimizers, cfg->n_problems,
                           cfg->runs, HF_CAMPAIGN_TASKS_MAX);
    if (hf_jobs_check_threads(cfg->threads, diag) != HF_OK)
        return HF_EINVAL;
    if (cfg->shard_count < 1 || cfg->shard_index >= cfg->shard_count)
        return hf_diag_set(diag, HF_EINVAL, "shard %zu/%zu: need 0 <= i < k",
                           cfg->shard_index, cfg->shard_count);
    return HF_OK;
}

/* A campaign with CFG's settings and no problem nor task yet (owned by
 * the caller: hf_campaign_free); NULL when out of memory. */
static hf_campaign *campaign_alloc(const hf_campaign_config *cfg)
{
    hf_campaign *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    if (cfg->n_instances > 0) {
        c->instances = malloc(sizeof *c->instances * cfg->n_instances); /* owned by c */
        if (c->instances == NULL) {
            free(c);
            return NULL;
        }
        memcpy(c->instances, cfg->instances, sizeof *c->instances * cfg->n_instances);
        c->n_instances = cfg->n_instances;
    }
    c->runs = cfg->runs;
    c->seed = cfg->seed;
    c->shard_index = cfg->shard_index;
    c->shard_count = cfg->shard_count;
    c->shifted = cfg->shift != 0;
    c->threads = hf_jobs_threads(cfg->threads); /* the manifest records the count used */
    return c;
}

/* C's targets, problems, optimisers and manifest, every input checked. */
static hf_status prepare_campaign(const hf_campaign_config *cfg, hf_campaign *c, run_state *rs,
                                  hf_diag *diag)
{
    hf_status st = set_targets(cfg, c, diag);
    if (st == HF_OK) st = build_problems(cfg, c, rs, diag);
    if (st == HF_OK) st = build_optimizers(cfg, c, rs, diag);
    if (st == HF_OK) st = build_manifest(c, rs);
    if (st == HF_OK) st = add_plugin_fields(c, cfg, diag);
    return st;
}

hf_status hf_campaign_run(const hf_campaign_config *cfg, const char *out_dir,
                          hf_campaign **out, hf_diag *diag)
{
    if (out != NULL)
        *out = NULL;
    /* runs 0 with instances: one run per instance */
    hf_campaign_config resolved = *cfg;
    if (resolved.runs == 0 && resolved.n_instances > 0)
        resolved.runs = resolved.n_instances;
    cfg = &resolved;
    hf_status st = check_config(cfg, diag);
    if (st != HF_OK)
        return st;
    hf_campaign *c = campaign_alloc(cfg);   /* freed below or by the caller */
    run_state rs = {NULL, NULL};
    if (c == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    st = prepare_campaign(cfg, c, &rs, diag);
    /* Everything is checked, and the tasks run, before the directory is
     * written: a refused or failed campaign leaves the disk as it was. */
    if (st == HF_OK) st = hf_campaign_check_dir(c, out_dir, cfg->force, diag);
    /* the folder is created beside OUT_DIR before the first task: an
     * unwritable place is found before any work, not after it */
    hf_atomic_dir *staged = NULL;   /* committed or discarded by hf_campaign_output */
    if (st == HF_OK) st = hf_atomic_dir_open(out_dir, &staged, diag);
    if (st == HF_OK) st = run_tasks(cfg, c, &rs, diag);
    /* runs cut short by the host's interrupt are no campaign: nothing is
     * put in place (the program's own SIGINT leaves nothing either) */
    if (st == HF_EINTERRUPTED || (st == HF_OK && hf_interrupt_is_pending()))
        st = hf_diag_set(diag, HF_EINTERRUPTED, "the campaign was interrupted: nothing was "
                         "written to '%s'", out_dir);
    if (st == HF_OK)
        st = hf_campaign_output(c, out_dir, staged, diag);
    else
        hf_atomic_dir_discard(staged);
    run_state_free(&rs, c);
    if (st != HF_OK || out == NULL)
        hf_campaign_free(c);
    else
        *out = c;
    return st;
}
