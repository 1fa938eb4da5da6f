/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_fit.c — `hertzfit fit profile`: the options of the profile
 * calibration study (hertzfit/profile_fit.h: N seeded runs of any
 * optimiser, their summary and the identifiability report) and the
 * printing of its result: one row per run, the published kind of summary
 * (best/mean/median/worst/std of the RMS over runs, as Table 2 of Sheikhi
 * Azqandi & Safaeifar 2023) and the valley.
 *
 * Everything is computed first and printed at the end, so an error leaves
 * no partial output.  With --csv the run table is CSV and every other line
 * starts with '#', so the output reads back with hf_csv_read.
 */
#define _POSIX_C_SOURCE 200809L   /* strdup */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/profile_fit.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/trace.h"

typedef struct fit_options {
    const char *command;
    const char *optimizer;
    char *optimizer_name;     /* the name --optimizer resolved to (owned, freed by fit_profile) */
    unsigned long long runs, seed, threads, max_evals;
    const char *sampling, *table, *trace, *snapshot_file, *empires;
    hfc_texts sets;
    hfc_reals bounds, snapshot;
    int csv, list;
} fit_options;

/* Things to release at the end, whatever happened; obj and opt are the
 * study's (owned by fit). */
typedef struct fit_state {
    const hf_profile_objective *obj;
    const hf_optimizer *opt;
    hf_profile_fit *fit;
    double *sampling;             /* --sampling's values (owned) */
    char (*keys)[64];             /* --set's keys (owned) ... */
    const char **key_names;       /* ... as the study's array (owned) */
    double *values;               /* --set's values (owned) */
} fit_state;

static void fit_state_free(fit_state *s)
{
    hf_profile_fit_free(s->fit);
    free(s->sampling);
    free(s->keys);
    free(s->key_names);
    free(s->values);
}

static int list_optimizers(void)
{
    for (size_t i = 0; i < hf_optimizer_name_count(); ++i) {
        const char *name = hf_optimizer_name_at(i);
        printf("%s\n", name);
        hf_optimizer *opt = NULL;
        if (hf_optimizer_alloc(name, 2, &opt, NULL) != HF_OK)
            continue;
        int variants = hf_optimizer_variant_count(opt) > 1;
        if (variants)
            printf("    %-20s %-8s %-8s %s\n", "parameter", "2023", "2007",
                   "meaning / source of the defaults");
        if (strncmp(name, "nlopt:", 6) != 0 || i + 1 == hf_optimizer_name_count())
            for (size_t j = 0; j < hf_optimizer_param_count(opt); ++j) {
                const char *key, *doc, *source = NULL;
                double v, alt;
                hf_optimizer_param(opt, j, &key, &v, &doc, NULL);
                hf_optimizer_param_default(opt, j, variants, &alt, &source, NULL);
                if (variants)
                    printf("    %-20s %-8g %-8g %s\n    %-38s source: %s\n", key, v, alt, doc,
                           "", source);
                else
                    printf("    %-20s %-8g %s\n", key, v, doc);
            }
        hf_optimizer_free(opt);
    }
    printf("(every nlopt:* name takes the parameters listed under the last one)\n");
    return 0;
}

/* --set KEY=VALUE into the study's parameter arrays. */
static int parse_sets(const fit_options *o, fit_state *s, hf_profile_study *study)
{
    size_t n = o->sets.n;
    s->keys = malloc((n ? n : 1) * sizeof *s->keys);
    s->key_names = malloc((n ? n : 1) * sizeof *s->key_names);
    s->values = malloc((n ? n : 1) * sizeof *s->values);
    if (s->keys == NULL || s->key_names == NULL || s->values == NULL)
        return hfc_fail(o->command, "out of memory");
    for (size_t i = 0; i < n; ++i) {
        const char *item = o->sets.v[i];
        const char *eq = strchr(item, '=');
        if (eq == NULL || eq == item)
            return hfc_fail(o->command, "--set: '%s' is not KEY=VALUE", item);
        size_t len = (size_t)(eq - item);
        if (len >= sizeof s->keys[i])
            return hfc_fail(o->command, "--set: key in '%s' is too long", item);
        memcpy(s->keys[i], item, len);
        s->keys[i][len] = '\0';
        hf_status st = hf_parse_double(eq + 1, &s->values[i], NULL);
        if (st != HF_OK)
            return hfc_fail(o->command, "--set %s: '%s' is not %s", s->keys[i], eq + 1,
                            st == HF_EDOM ? "finite" : "a number");
        s->key_names[i] = s->keys[i];
    }
    study->param_keys = s->key_names;
    study->param_values = s->values;
    study->n_params = n;
    return 0;
}

/* The iterations of --snapshot as whole counts, ascending, each once, in
 * iters[64]; their number in *n. */
static int snapshot_iterations(const fit_options *o, size_t iters[64], size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < o->snapshot.n; ++i) {
        double v = o->snapshot.v[i];
        if (v != floor(v))
            return hfc_fail(o->command, "--snapshot: %g is not a whole iteration count", v);
        size_t k = (size_t)v, j = *n;
        int seen = 0;
        for (size_t m = 0; m < *n; ++m)
            seen |= iters[m] == k;
        if (seen)
            continue;
        while (j > 0 && iters[j - 1] > k) {
            iters[j] = iters[j - 1];
            --j;
        }
        iters[j] = k;
        ++*n;
    }
    return 0;
}

/* The option an input the study refused came from (its prefix), or NULL. */
static const char *failed_option(const hf_profile_fit *fit)
{
    static const char *const inputs[][2] = {
        {"optimizer", "--optimizer"}, {"sampling", "--sampling"}, {"bounds", "--bounds"}};
    for (size_t i = 0; fit != NULL && fit->failed_input != NULL && i < 3; ++i)
        if (strcmp(fit->failed_input, inputs[i][0]) == 0)
            return inputs[i][1];
    return NULL;
}

/* The options mapped onto the study, and its one library call. */
static int run_fit(const fit_options *o, fit_state *s)
{
    hf_profile_study study;
    hf_profile_study_init(&study);
    study.optimizer = o->optimizer_name;
    study.table = o->table;
    if (o->bounds.n == 4)
        study.bounds = o->bounds.v;
    study.fit.runs.runs = (size_t)o->runs;
    study.fit.runs.seed = o->seed;
    study.fit.runs.threads = (int)o->threads;
    study.fit.runs.max_evals = (size_t)o->max_evals;
    study.fit.runs.record_traces = o->trace != NULL;
    study.fit.runs.record_groups = o->empires != NULL;
    size_t iters[64];
    int rc = parse_sets(o, s, &study);
    if (rc == 0)
        rc = snapshot_iterations(o, iters, &study.fit.runs.n_snapshot_iters);
    if (rc == 0 && o->sampling != NULL)
        rc = hfc_sampling(o->command, o->sampling, &s->sampling, &study.n_sampling);
    if (rc != 0)
        return rc;
    study.fit.runs.snapshot_iters = iters;
    study.sampling = s->sampling;
    hf_diag diag = {{0}};
    hf_status st = hf_profile_study_run(&study, &s->fit, &diag);
    if (st != HF_OK)
        return hfc_fail_status(o->command, failed_option(s->fit), st, &diag);
    s->opt = s->fit->optimizer;
    s->obj = s->fit->objective;
    return 0;
}

static hfc_table *run_table(const fit_options *o, const fit_state *s)
{
    static const char *const head[] = {"run", "optimizer", "seed", "a", "b", "I", "K0",
                                       "rms_pct", "evals", "iters", "status", "converged",
                                       "seconds"};
    hfc_table *t = hfc_table_alloc(o->csv, 13, head);
    if (t == NULL)
        return NULL;
    const hf_profile_fit *fit = s->fit;
    for (size_t i = 0; i < fit->runs->count; ++i) {
        const hf_result *r = fit->runs->results[i];
        hfc_table_int(t, (long long)i);
        hfc_table_str(t, o->optimizer);
        char seed[24];   /* unsigned: every seed up to 2^64 - 1 */
        snprintf(seed, sizeof seed, "%llu", o->seed);
        hfc_table_str(t, seed);
        if (isfinite(r->f)) {
            hfc_table_numf(t, "%.6f", r->x[0]);
            hfc_table_numf(t, "%.6f", r->x[1]);
            hfc_table_numf(t, "%.8f", fit->integral[i]);
            hfc_table_numf(t, "%.8f", fit->k0[i]);
            hfc_table_numf(t, "%.8f", r->f);
        } else {
            /* Every evaluation of this run failed: there is no best point. */
            for (int k = 0; k < 5; ++k)
                hfc_table_str(t, "none");
        }
        hfc_table_int(t, (long long)r->evaluations);
        hfc_table_int(t, (long long)r->iterations);
        hfc_table_str(t, hf_stop_reason_name(r->stop));
        hfc_table_str(t, fit->converged[i] ? "yes" : "no");
        hfc_table_numf(t, "%.4f", r->seconds);
    }
    return t;
}

static void print_parameters(const fit_options *o, const fit_state *s)
{
    char line[1024];
    size_t used = 0;
    line[0] = '\0';
    for (size_t j = 0; j < hf_optimizer_param_count(s->opt) && used < sizeof line; ++j) {
        const char *key;
        double v;
        hf_optimizer_param(s->opt, j, &key, &v, NULL, NULL);
        int n = snprintf(line + used, sizeof line - used, "%s%s=%g", j ? " " : "", key, v);
        used += n > 0 ? (size_t)n : 0;
    }
    hfc_note(o->csv, "optimizer %s: %s", o->optimizer, used ? line : "(no parameters)");
    if (o->max_evals)
        hfc_note(o->csv, "budget: %llu evaluations per run", o->max_evals);
    else
        hfc_note(o->csv, "budget: the optimizer's default (ica/icaco/random 50 iterations, "
                       "nlopt 2000 evaluations)");
}

static void print_summary(const fit_options *o, const fit_state *s)
{
    const hf_runs_summary *m = &s->fit->summary;
    if (m->finite == 0) {
        hfc_note(o->csv, "summary: no run found a point where the objective is defined "
                       "(%zu failed evaluations)", m->failed_evaluations);
        return;
    }
    if (m->finite < m->runs)
        hfc_note(o->csv, "(%zu of %zu runs found no finite value and are left out)",
               m->runs - m->finite, m->runs);
    hfc_note(o->csv, "summary of rms_pct over %zu runs (std is the sample standard deviation):",
           m->finite);
    hfc_note(o->csv, "  best %.10g  mean %.10g  median %.10g  worst %.10g  std %.4g", m->best,
           m->mean, m->median, m->worst, m->sd);
    hfc_note(o->csv, "  mean evaluations %.1f  failed evaluations %zu  gap of best to the "
                   "closed-form minimum %.3g",
           m->mean_evaluations, m->failed_evaluations, m->best - s->fit->rms_min);
}

static void print_identifiability(const fit_options *o, const fit_state *s)
{
    const hf_profile_fit *fit = s->fit;
    hfc_note(o->csv, "identifiability: the RMS depends on (a, b) only through I(a, b), so every "
                   "(a, b) with I(a, b) = I* is optimal;");
    hfc_note(o->csv, "  I* = %.10g  K0* = %.10g  minimum RMS = %.15g %% (closed form)",
           fit->i_star, fit->k0_star, fit->rms_min);
    hfc_note(o->csv, "  valley a(b) with I(a, b) = I*:");
    for (size_t j = 0; j < fit->n_valley; ++j) {
        const hf_profile_valley_point *v = &fit->valley[j];
        if (v->found)
            hfc_note(o->csv, "    b = %-6g a = %.6f%s", v->b, v->a,
                   v->inside ? "" : "  (outside the a bounds)");
        else
            hfc_note(o->csv, "    b = %-6g no a > 0 gives I*", v->b);
    }
    char runs[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < fit->runs->count; ++i)
        if (!fit->converged[i] && used < sizeof runs - 16) {
            int w = snprintf(runs + used, sizeof runs - used, "%s%zu", used ? " " : "", i);
            used += w > 0 ? (size_t)w : 0;
        }
    hfc_note(o->csv, "  converged (|I - I*| <= %g): %zu of %zu runs%s%s", HF_PROFILE_FIT_I_TOL,
           fit->n_converged, fit->runs->count, used ? "; not converged: runs " : "", runs);
}

static int write_trace(const fit_options *o, const fit_state *s)
{
    const hf_runs *runs = s->fit->runs;
    hf_trace_run *labelled = calloc(runs->count, sizeof *labelled); /* freed below */
    if (labelled == NULL)
        return hfc_fail(o->command, "out of memory");
    const char *problem = hf_profile_objective_problem(s->obj)->name;
    for (size_t i = 0; i < runs->count; ++i)
        labelled[i] = (hf_trace_run){o->optimizer, problem, i, runs->traces[i], 0};
    hf_diag diag = {{0}};
    hf_status st = hf_trace_write(o->trace, labelled, runs->count, &diag);
    free(labelled);
    return st == HF_OK ? 0 : hfc_fail_status(o->command, NULL, st, &diag);
}

/* The snapshot and empire files, when asked for. */
static int write_populations(const fit_options *o, const fit_state *s)
{
    hf_diag diag = {{0}};
    hf_status st = HF_OK;
    if (o->snapshot_file != NULL)
        st = hf_runs_snapshots_write(o->snapshot_file, s->fit->runs, &diag);
    if (st == HF_OK && o->empires != NULL)
        st = hf_runs_groups_write(o->empires, s->fit->runs, &diag);
    return st == HF_OK ? 0 : hfc_fail_status(o->command, NULL, st, &diag);
}

static int fit_profile(fit_options *o)
{
    fit_state s;
    memset(&s, 0, sizeof s);
    /* plugin:PATH.so[:NAME] becomes the plug-in optimiser's own name */
    char *name[1] = {strdup(o->optimizer)};   /* owned: o->optimizer_name */
    if (name[0] == NULL)
        return hfc_fail(o->command, "out of memory");
    int loaded = hfc_plugin_optimizers(o->command, "--optimizer", name, 1);
    if (loaded != 0) {
        free(name[0]);
        return loaded;
    }
    o->optimizer_name = name[0];
    int rc = run_fit(o, &s);
    if (rc == 0)   /* the canonical entry, "ica{variant=2007}" */
        o->optimizer = hf_optimizer_name(s.opt);
    if (rc == 0 && o->trace != NULL)
        rc = write_trace(o, &s);
    if (rc == 0)
        rc = write_populations(o, &s);
    hfc_table *t = rc == 0 ? run_table(o, &s) : NULL;
    if (rc == 0) {
        double q[3], worst = 0.0;
        size_t count = 0;
        hf_profile_objective_quadratic(s.obj, q, &worst, &count);
        hfc_note(o->csv, "hertzfit fit profile: %llu runs, seed %llu (run i uses PCG32 stream i)",
                 o->runs, o->seed);
        if (o->table != NULL)
            hfc_note(o->csv, "objective: table %s (%zu rows, quadratic fit in K0, worst "
                             "residual %.3g %%)", o->table, count, worst);
        else
            hfc_note(o->csv, "objective: sampling %s (%zu values of c_r)",
                     o->sampling ? o->sampling : HFC_SAMPLING_DEFAULT, count);
        print_parameters(o, &s);
        rc = hfc_table_print(t);
        print_summary(o, &s);
        print_identifiability(o, &s);
    }
    fit_state_free(&s);
    free(o->optimizer_name);
    return rc;
}

static int run_fit_profile(int argc, char **argv)
{
    fit_options o = {.command = argv[0], .runs = 50, .seed = 1};
    hfc_opt opts[] = {
        {.name = "optimizer", .kind = HFC_TEXT, .value = &o.optimizer, .arg = "NAME",
         .unless = "list", .help = "ica, icaco, random, nlopt:<NLopt name>, "
                                   "pagmo:cmaes|xnes|sade|de1220|pso|bee_colony, restart:NAME, or a "
                                   "plug-in's, plugin:PATH.so[:NAME]; NAME{key=value,...} "
                                   "sets parameters as --set does"},
        {.name = "list", .kind = HFC_FLAG, .value = &o.list,
         .help = "list the optimizer names and their parameters, then exit"},
        {.name = "runs", .kind = HFC_INT, .value = &o.runs, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 1, .max = HF_PROFILE_FIT_RUNS_MAX,
         .help = "independent runs, run i uses PCG32 stream i (default 50)"},
        HFC_OPT_SEED(&o.seed, "seed shared by all runs (default 1)"),
        HFC_OPT_THREADS(&o.threads),
        {.name = "max-evals", .kind = HFC_INT, .value = &o.max_evals, .arg = "E",
         .limits = HFC_MIN, .min = 1,
         .help = "evaluations per run (default: the optimizer's own budget)"},
        HFC_OPT_OBJECTIVE(&o.sampling, &o.table),
        {.name = "bounds", .kind = HFC_REALS, .value = &o.bounds,
         .arg = "A_MIN,A_MAX,B_MIN,B_MAX", .count_min = 4, .count_max = 4,
         .help = "search box (default 1,6,1.5,6, the range of Table 2)"},
        {.name = "set", .kind = HFC_TEXTS, .value = &o.sets, .arg = "KEY=VALUE",
         .help = "optimizer parameters (see --list)"},
        {.name = "trace", .kind = HFC_TEXT, .output = 1, .value = &o.trace, .arg = "FILE",
         .help = "also write the runs' traces to FILE (optimizer,problem,run,iteration,"
                 "evaluations,best_f)"},
        {.name = "snapshot", .kind = HFC_REALS, .value = &o.snapshot, .arg = "ITER",
         .limits = HFC_MIN | HFC_MAX, .min = 0, .max = 1e9, .count_max = 64,
         .needs = "snapshot-file",
         .help = "iterations (0 = the initial population) whose countries --snapshot-file "
                 "keeps (ica, icaco)"},
        {.name = "snapshot-file", .kind = HFC_TEXT, .output = 1, .value = &o.snapshot_file, .arg = "FILE",
         .needs = "snapshot",
         .help = "write the populations at the --snapshot iterations to FILE "
                 "(run,iter,empire,role,x0,x1,f)"},
        {.name = "empires", .kind = HFC_TEXT, .output = 1, .value = &o.empires, .arg = "FILE",
         .help = "write the number of empires after each iteration to FILE "
                 "(run,iteration,empires; ica, icaco)"},
        HFC_OPT_CSV(&o.csv),
    };
    hfc_spec spec = {argv[0],
                     "Fits the profile exponents (a, b) by minimising the RMS of the percentage\n"
                     "error of h_r = K0 (1 - c_r)/c_r, K0 = 2/(5 I(a, b)), over N seeded runs.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (hfc_parse(&spec, argc, argv, &rc))
        rc = o.list ? list_optimizers() : fit_profile(&o);
    hfc_free(&spec);
    return rc;
}

static const hfc_command fit_profile_command = {
    "profile", "fit the profile exponents (a, b) with any optimizer", run_fit_profile, NULL, 0,
    NULL};
static const hfc_command *const fit_subs[] = {&fit_profile_command};

const hfc_command hfc_fit_command = {
    "fit", "fit (a, b) with ICA, ICACO, random or any NLopt algorithm", NULL, fit_subs,
    HFC_COUNT(fit_subs), NULL};
