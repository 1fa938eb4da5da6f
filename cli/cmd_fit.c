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
#include "cli.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/optimizer.h"
#include "hertzfit/profile_fit.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/trace.h"

#define CMD "fit profile"

/* Index of --max-evals in the option table (its `given` flag is read). */
enum { OPT_MAX_EVALS = 4 };

typedef struct fit_options {
    const char *optimizer;
    unsigned long long runs, seed, threads, max_evals;
    const char *sampling, *table, *trace;
    hf_cli_strings sets;
    hf_cli_doubles bounds;
    int csv, list;
} fit_options;

/* Things to release at the end, whatever happened. */
typedef struct fit_state {
    hf_profile_objective *obj;
    hf_optimizer *opt;
    hf_profile_fit *fit;
} fit_state;

static void fit_state_free(fit_state *s)
{
    hf_profile_fit_free(s->fit);
    hf_optimizer_free(s->opt);
    hf_profile_objective_free(s->obj);
}

/* Prints a line of the report; in CSV mode as a '#' comment. */
static void report(int csv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (csv)
        fputs("# ", stdout);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

static int list_optimizers(void)
{
    for (size_t i = 0; i < hf_optimizer_name_count(); ++i) {
        const char *name = hf_optimizer_name_at(i);
        printf("%s\n", name);
        hf_optimizer *opt = NULL;
        if (hf_optimizer_alloc(name, 2, &opt, NULL) != HF_OK)
            continue;
        if (strncmp(name, "nlopt:", 6) != 0 || i + 1 == hf_optimizer_name_count())
            for (size_t j = 0; j < hf_optimizer_param_count(opt); ++j) {
                const char *key, *doc;
                double v;
                hf_optimizer_param(opt, j, &key, &v, &doc, NULL);
                printf("    %-20s %-8g %s\n", key, v, doc);
            }
        hf_optimizer_free(opt);
    }
    printf("(every nlopt:* name takes the parameters listed under the last one)\n");
    return 0;
}

static int apply_sets(hf_optimizer *opt, const hf_cli_strings *sets)
{
    for (size_t i = 0; i < sets->count; ++i) {
        const char *item = sets->items[i];
        const char *eq = strchr(item, '=');
        if (eq == NULL || eq == item)
            return hf_cli_fail(CMD, "--set: '%s' is not key=value", item);
        char key[64];
        size_t len = (size_t)(eq - item);
        if (len >= sizeof key)
            return hf_cli_fail(CMD, "--set: key in '%s' is too long", item);
        memcpy(key, item, len);
        key[len] = '\0';
        double value;
        char what[96];
        snprintf(what, sizeof what, "--set %s", key);
        int rc = hf_cli_parse_double(CMD, what, eq + 1, &value);
        if (rc != 0)
            return rc;
        hf_diag diag = {{0}};
        hf_status st = hf_optimizer_set(opt, key, value, &diag);
        if (st != HF_OK)
            return hf_cli_fail_status(CMD, st, &diag);
    }
    return 0;
}

static int check_options(const fit_options *o, hf_cli_opt *opts)
{
    if (o->optimizer == NULL)
        return hf_cli_fail(CMD, "--optimizer is required (see hertzfit fit profile --list)");
    if (o->runs == 0)
        return hf_cli_fail(CMD, "--runs: must be at least 1 (got 0)");
    if (opts[OPT_MAX_EVALS].given && o->max_evals == 0)
        return hf_cli_fail(CMD, "--max-evals: must be at least 1 (got 0)");
    if (o->threads > 4096)
        return hf_cli_fail(CMD, "--threads: %llu is more than 4096", o->threads);
    if (o->runs > 1000000)
        return hf_cli_fail(CMD, "--runs: %llu is more than 1000000", o->runs);
    if (o->bounds.count != 0 && o->bounds.count != 4)
        return hf_cli_fail(CMD, "--bounds needs 4 values A_MIN A_MAX B_MIN B_MAX (got %zu)",
                           o->bounds.count);
    for (size_t k = 0; k + 1 < o->bounds.count; k += 2) {
        if (!(o->bounds.values[k] < o->bounds.values[k + 1]))
            return hf_cli_fail(CMD, "--bounds: lower bound %g of %s is not below its upper "
                                    "bound %g", o->bounds.values[k], k ? "b" : "a",
                               o->bounds.values[k + 1]);
        /* I(a, b) needs a, b > 0: a box reaching 0 would only feed the
         * optimiser failed evaluations. */
        if (!(o->bounds.values[k] > 0.0))
            return hf_cli_fail(CMD, "--bounds: lower bound %g of %s must be positive",
                               o->bounds.values[k], k ? "b" : "a");
    }
    return 0;
}

static int build_objective(const fit_options *o, fit_state *s)
{
    int rc = hf_cli_profile_objective(CMD, o->sampling, o->table, 0, &s->obj);
    if (rc != 0 || o->bounds.count != 4)
        return rc;
    const double lower[2] = {o->bounds.values[0], o->bounds.values[2]};
    const double upper[2] = {o->bounds.values[1], o->bounds.values[3]};
    hf_diag diag = {{0}};
    hf_status st = hf_profile_objective_set_bounds(s->obj, lower, upper, &diag);
    return st == HF_OK ? 0 : hf_cli_fail_status(CMD, st, &diag);
}

static int run_fit(const fit_options *o, fit_state *s)
{
    hf_profile_fit_config cfg;
    hf_profile_fit_config_init(&cfg);
    cfg.runs.runs = (size_t)o->runs;
    cfg.runs.seed = o->seed;
    cfg.runs.threads = (int)o->threads;
    cfg.runs.max_evals = (size_t)o->max_evals;
    cfg.runs.record_traces = o->trace != NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_profile_fit_run(s->obj, s->opt, &cfg, &s->fit, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(CMD, st, &diag);
    return 0;
}

static hf_table *run_table(const fit_options *o, const fit_state *s)
{
    static const char *const head[] = {"run", "optimizer", "seed", "a", "b", "I", "K0",
                                       "rms_pct", "evals", "iters", "status", "converged",
                                       "seconds"};
    hf_table *t = hf_table_create(o->csv, 13, head);
    if (t == NULL)
        return NULL;
    const hf_profile_fit *fit = s->fit;
    for (size_t i = 0; i < fit->runs->count; ++i) {
        const hf_result *r = fit->runs->results[i];
        hf_table_int(t, (long long)i);
        hf_table_str(t, o->optimizer);
        hf_table_int(t, (long long)o->seed);
        if (isfinite(r->f)) {
            hf_table_numf(t, "%.6f", r->x[0]);
            hf_table_numf(t, "%.6f", r->x[1]);
            hf_table_numf(t, "%.8f", fit->integral[i]);
            hf_table_numf(t, "%.8f", fit->k0[i]);
            hf_table_numf(t, "%.8f", r->f);
        } else {
            /* Every evaluation of this run failed: there is no best point. */
            for (int k = 0; k < 5; ++k)
                hf_table_str(t, "none");
        }
        hf_table_int(t, (long long)r->evaluations);
        hf_table_int(t, (long long)r->iterations);
        hf_table_str(t, hf_stop_reason_name(r->stop));
        hf_table_str(t, fit->converged[i] ? "yes" : "no");
        hf_table_numf(t, "%.4f", r->seconds);
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
    report(o->csv, "optimizer %s: %s", o->optimizer, used ? line : "(no parameters)");
    if (o->max_evals)
        report(o->csv, "budget: %llu evaluations per run", o->max_evals);
    else
        report(o->csv, "budget: the optimizer's default (ica/icaco/random 50 iterations, "
                       "nlopt 2000 evaluations)");
}

static void print_summary(const fit_options *o, const fit_state *s)
{
    const hf_runs_summary *m = &s->fit->summary;
    if (m->finite == 0) {
        report(o->csv, "summary: no run found a point where the objective is defined "
                       "(%zu failed evaluations)", m->failed_evaluations);
        return;
    }
    if (m->finite < m->runs)
        report(o->csv, "(%zu of %zu runs found no finite value and are left out)",
               m->runs - m->finite, m->runs);
    report(o->csv, "summary of rms_pct over %zu runs (std is the sample standard deviation):",
           m->finite);
    report(o->csv, "  best %.10g  mean %.10g  median %.10g  worst %.10g  std %.4g", m->best,
           m->mean, m->median, m->worst, m->sd);
    report(o->csv, "  mean evaluations %.1f  failed evaluations %zu  gap of best to the "
                   "closed-form minimum %.3g",
           m->mean_evaluations, m->failed_evaluations, m->best - s->fit->rms_min);
}

static void print_identifiability(const fit_options *o, const fit_state *s)
{
    const hf_profile_fit *fit = s->fit;
    report(o->csv, "identifiability: the RMS depends on (a, b) only through I(a, b), so every "
                   "(a, b) with I(a, b) = I* is optimal;");
    report(o->csv, "  I* = %.10g  K0* = %.10g  minimum RMS = %.15g %% (closed form)",
           fit->i_star, fit->k0_star, fit->rms_min);
    report(o->csv, "  valley a(b) with I(a, b) = I*:");
    for (size_t j = 0; j < fit->n_valley; ++j) {
        const hf_profile_valley_point *v = &fit->valley[j];
        if (v->found)
            report(o->csv, "    b = %-6g a = %.6f%s", v->b, v->a,
                   v->inside ? "" : "  (outside the a bounds)");
        else
            report(o->csv, "    b = %-6g no a > 0 gives I*", v->b);
    }
    char runs[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < fit->runs->count; ++i)
        if (!fit->converged[i] && used < sizeof runs - 16) {
            int w = snprintf(runs + used, sizeof runs - used, "%s%zu", used ? " " : "", i);
            used += w > 0 ? (size_t)w : 0;
        }
    report(o->csv, "  converged (|I - I*| <= %g): %zu of %zu runs%s%s", HF_PROFILE_FIT_I_TOL,
           fit->n_converged, fit->runs->count, used ? "; not converged: runs " : "", runs);
}

static int write_trace(const fit_options *o, const fit_state *s)
{
    const hf_runs *runs = s->fit->runs;
    hf_trace_run *labelled = calloc(runs->count, sizeof *labelled); /* freed below */
    if (labelled == NULL)
        return hf_cli_fail(CMD, "out of memory");
    const char *problem = hf_profile_objective_problem(s->obj)->name;
    for (size_t i = 0; i < runs->count; ++i)
        labelled[i] = (hf_trace_run){o->optimizer, problem, i, runs->traces[i], 0};
    hf_diag diag = {{0}};
    hf_status st = hf_trace_write(o->trace, labelled, runs->count, &diag);
    free(labelled);
    return st == HF_OK ? 0 : hf_cli_fail_status(CMD, st, &diag);
}

static int fit_profile(fit_options *o, hf_cli_opt *opts)
{
    int rc = check_options(o, opts);
    if (rc != 0)
        return rc;
    fit_state s;
    memset(&s, 0, sizeof s);
    hf_diag diag = {{0}};
    hf_status st = hf_optimizer_alloc(o->optimizer, 2, &s.opt, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(CMD, st, &diag);
    rc = apply_sets(s.opt, &o->sets);
    if (rc == 0)
        rc = build_objective(o, &s);
    if (rc == 0)
        rc = run_fit(o, &s);
    if (rc == 0 && o->trace != NULL)
        rc = write_trace(o, &s);
    hf_table *t = rc == 0 ? run_table(o, &s) : NULL;
    if (rc == 0 && t == NULL)
        rc = hf_cli_fail(CMD, "out of memory");
    if (rc == 0) {
        double q[3], worst = 0.0;
        size_t count = 0;
        hf_profile_objective_quadratic(s.obj, q, &worst, &count);
        report(o->csv, "hertzfit fit profile: %llu runs, seed %llu (run i uses PCG32 stream i)",
               o->runs, o->seed);
        if (o->table != NULL)
            report(o->csv, "objective: table %s (%zu rows, quadratic fit in K0, worst "
                           "residual %.3g %%)", o->table, count, worst);
        else
            report(o->csv, "objective: sampling %s (%zu values of c_r)",
                   o->sampling ? o->sampling : HF_SAMPLING_DEFAULT, count);
        print_parameters(o, &s);
        rc = hf_table_print(t, stdout);
        print_summary(o, &s);
        print_identifiability(o, &s);
    }
    fit_state_free(&s);
    return rc;
}

static int fit_profile_main(int argc, char **argv)
{
    fit_options o = {.runs = 50, .seed = 1};
    hf_cli_opt opts[] = {
        {.name = "optimizer", .kind = HF_CLI_STRING, .value = &o.optimizer, .arg = "NAME",
         .help = "ica, icaco, random or nlopt:<NLopt name> (see --list)"},
        {.name = "runs", .kind = HF_CLI_COUNT, .value = &o.runs, .arg = "N",
         .help = "independent runs, run i uses PCG32 stream i (default 50)"},
        {.name = "seed", .kind = HF_CLI_COUNT, .value = &o.seed, .arg = "S",
         .help = "seed shared by all runs (default 1)"},
        {.name = "threads", .kind = HF_CLI_COUNT, .value = &o.threads, .arg = "T",
         .help = "OpenMP threads over runs (default 0 = all); results do not depend on it"},
        {.name = "max-evals", .kind = HF_CLI_COUNT, .value = &o.max_evals, .arg = "E",
         .help = "evaluations per run (default: the optimizer's own budget)"},
        HF_CLI_OBJECTIVE_OPTIONS(&o.sampling, &o.table),
        {.name = "bounds", .kind = HF_CLI_DOUBLES, .value = &o.bounds, .arg = "A_MIN A_MAX B_MIN B_MAX",
         .help = "search box (default 1 6 1.5 6, the range of Table 2)"},
        {.name = "set", .kind = HF_CLI_STRINGS, .value = &o.sets, .arg = "KEY=VALUE",
         .help = "optimizer parameter, repeatable (see --list)"},
        {.name = "trace", .kind = HF_CLI_STRING, .value = &o.trace, .arg = "FILE",
         .help = "write the runs' traces (optimizer,problem,run,iteration,evaluations,best_f)"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &o.csv,
         .help = "run table as CSV, other lines as # comments"},
        {.name = "list", .kind = HF_CLI_FLAG, .value = &o.list,
         .help = "list optimizer names and their parameters, then exit"},
    };
    hf_cli_spec spec = {
        .command = CMD,
        .usage = "--optimizer NAME [--runs N] [--seed S] [--threads T] [--max-evals E] "
                 "[--sampling SPEC | --table FILE] [--set key=value ...] [--trace FILE] [--csv]",
        .summary = "Fits the profile exponents (a, b) by minimising the RMS of the percentage\n"
                   "error of h_r = K0 (1 - c_r)/c_r, K0 = 2/(5 I(a, b)), over N seeded runs.",
        .opts = opts,
        .nopts = sizeof opts / sizeof opts[0],
        .min_positional = 0,
        .max_positional = 0,
    };
    hf_cli_strings positional;
    int rc = hf_cli_parse(&spec, argc, argv, &positional);
    hf_cli_strings_free(&positional);
    if (rc == 0)
        rc = o.list ? list_optimizers() : fit_profile(&o, opts);
    else if (rc < 0)
        rc = 0;
    hf_cli_strings_free(&o.sets);
    hf_cli_doubles_free(&o.bounds);
    return rc;
}

int hf_cmd_fit(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "profile") == 0)
        return fit_profile_main(argc - 1, argv + 1);
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: hertzfit fit profile [OPTIONS]   (hertzfit fit profile --help)\n\n"
               "  profile   fit the profile exponents (a, b) with any optimizer\n");
        return 0;
    }
    if (argc < 2)
        return hf_cli_fail("fit", "missing what to fit (usage: hertzfit fit profile ...)");
    return hf_cli_fail("fit", "unknown fit target '%s' (valid: profile)", argv[1]);
}
