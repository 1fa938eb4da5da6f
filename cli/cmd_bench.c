/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_bench.c — `hertzfit bench run|merge|report|eval`: optimiser
 * benchmark campaigns over optimisers × problems × runs (hertzfit/campaign.h),
 * the merge of shards, the report with its ECDF plot (hertzfit/report.h),
 * and one problem of the registry evaluated at a point
 * (hertzfit/bench_problems.h).
 * Performance figures are a separate program, build/bench/perf.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hertzfit/bench_problems.h"
#include "hertzfit/campaign.h"
#include "core/csv.h"
#include "hertzfit/report.h"

/* At most five updates a second, and always the last one.  USER points
 * to the elapsed time of the previous update. */
static void show_progress(size_t done, size_t total, double elapsed, void *user)
{
    double *last = user;
    if (done != total && elapsed - *last < 0.2)
        return;
    *last = elapsed;
    double eta = done ? elapsed * (double)(total - done) / (double)done : 0.0;
    fprintf(stderr, "\rbench run: %zu/%zu tasks, %.0f s elapsed, ETA %.0f s   ", done, total,
            elapsed, eta);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* --budget items ("E", "B*d", "DIM=E" or "DIM=B*d") into *rules (caller
 * frees). */
static int parse_budget(const char *command, const hfc_texts *items, hf_budget_rule **rules)
{
    *rules = calloc(items->n, sizeof **rules); /* the caller frees */
    if (*rules == NULL)
        return hfc_fail(command, "out of memory");
    for (size_t i = 0; i < items->n; ++i) {
        hf_diag diag = {{0}};
        hf_status st = hf_budget_rule_parse(items->v[i], &(*rules)[i], &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, "--budget", st, &diag);
    }
    return 0;
}

/* Prints a failed campaign call; an output directory that holds another
 * campaign is the user's to overwrite with --force. */
static int fail_campaign(const char *command, hf_status st, const hf_diag *diag)
{
    if (st == HF_EEXIST)
        return hfc_fail(command, "%s; use --force to overwrite it", diag->text);
    return hfc_fail_status(command, NULL, st, diag);
}

/* What `bench run` was given. */
typedef struct run_args {
    hfc_texts optimizers, problems, budget;
    hfc_reals targets;
    unsigned long long runs, seed, threads;
    int force, shift, full;
    const char *shard, *out, *data, *preset, *instances;
} run_args;

/* The preset (if any) into CFG, its larger size with --full. */
static int fill_preset(const char *command, const run_args *a, hf_campaign_config *cfg)
{
    hf_diag diag = {{0}};
    hf_status st = a->preset == NULL ? HF_OK
                   : a->full         ? hf_campaign_preset_larger(a->preset, cfg, &diag)
                                     : hf_campaign_preset(a->preset, cfg, &diag);
    if (st != HF_OK)   /* HF_EINVAL: the preset has no larger size */
        return hfc_fail_status(command, st == HF_EINVAL ? "--full" : "--preset", st, &diag);
    return 0;
}

/* --optimizers, --problems (their plug-ins loaded), --instances and
 * --runs over the preset's. */
static int fill_lists(const char *command, const hfc_spec *spec, const run_args *a,
                      hf_campaign_config *cfg)
{
    int loaded = hfc_plugin_optimizers(command, "--optimizers", a->optimizers.v,
                                       a->optimizers.n);
    if (loaded == 0)
        loaded = hfc_plugin_problems(command, "--problems", a->problems.v, a->problems.n);
    if (loaded != 0)
        return loaded;
    cfg->plugins = hfc_plugin_paths(&cfg->n_plugins);
    if (a->optimizers.n > 0) {
        cfg->optimizers = (const char *const *)a->optimizers.v;
        cfg->n_optimizers = a->optimizers.n;
    }
    if (a->problems.n > 0) {
        cfg->problems = (const char *const *)a->problems.v;
        cfg->n_problems = a->problems.n;
    }
    if (a->instances != NULL) {
        hf_diag diag = {{0}};
        unsigned long *list = NULL;   /* freed by bench_run (cfg->instances) */
        size_t n = 0;
        if (hf_campaign_instances_parse(a->instances, &list, &n, &diag) != HF_OK)
            return hfc_fail_status(command, "--instances", HF_EINVAL, &diag);
        cfg->instances = list;
        cfg->n_instances = n;
        cfg->runs = 0;   /* one run per instance unless --runs says otherwise */
    }
    if (hfc_given(spec, "runs"))
        cfg->runs = (size_t)a->runs;
    return 0;
}

/* The preset (if any), then the explicit options over it.  *rules (the
 * parsed --budget) is the caller's to free. */
static int fill_config(const char *command, const hfc_spec *spec, const run_args *a,
                       hf_campaign_config *cfg, hf_budget_rule **rules)
{
    hf_diag diag = {{0}};
    int rc = fill_preset(command, a, cfg);
    if (rc == 0)
        rc = fill_lists(command, spec, a, cfg);
    if (rc != 0)
        return rc;
    if (hf_campaign_shard_parse(a->shard, &cfg->shard_index, &cfg->shard_count, &diag) != HF_OK)
        rc = hfc_fail(command, "--shard %s", diag.text);
    if (rc == 0 && a->budget.n > 0) {
        rc = parse_budget(command, &a->budget, rules);
        cfg->budget = *rules;
        cfg->n_budget = a->budget.n;
    }
    if (a->targets.n > 0) {
        cfg->targets = a->targets.v;
        cfg->n_targets = a->targets.n;
    }
    cfg->seed = a->seed;
    cfg->threads = (int)a->threads;
    cfg->data_dir = a->data; /* NULL: the library finds the shipped data */
    cfg->force = a->force;
    cfg->shift = a->shift;
    if (isatty(fileno(stderr)))
        cfg->progress = show_progress;   /* progress_user set by the caller */
    return rc;
}

static int bench_run(int argc, char **argv)
{
    run_args a = {.seed = 1, .shard = "0/1"};
    hfc_opt opts[] = {
        {.name = "optimizers", .kind = HFC_TEXTS, .value = &a.optimizers, .arg = "NAME",
         .unless = "preset", .help = "optimisers: ica, icaco, random, nlopt:<ALGORITHM>, "
                                     "pagmo:cmaes|xnes|sade|de1220|pso|bee_colony, restart:NAME, or "
                                     "a plug-in's, plugin:PATH.so[:NAME]; NAME{key=value,...} "
                                     "is NAME with those settings, an optimiser of its own "
                                     "in every output"},
        {.name = "problems", .kind = HFC_TEXTS, .value = &a.problems, .arg = "NAME[:DIM]",
         .unless = "preset", .help = "problems: profile, profile-table, maxwell-full, a "
                                     "test function such as rastrigin:10, or BBOB's "
                                     "bbob:F:D:I (COCO's bbob_fF_iI_dD) or bbob:F:D (run "
                                     "i on instance i, from 1), or a plug-in's, "
                                     "plugin:PATH.so:NAME[:DIM]"},
        {.name = "preset", .kind = HFC_TEXT, .value = &a.preset, .arg = "NAME",
         .help = "a named campaign: paper (8 optimisers x 7 problems x 30 runs), bbob "
                 "(ica, icaco, nlopt:GN_CRS2_LM, nlopt:LN_BOBYQA, random on the 24 BBOB "
                 "functions at d = 2, 3, 5, 10, 15 runs = instances 1..15, budget 100*d); "
                 "--optimizers, --problems, --runs and --budget replace its own"},
        {.name = "full", .kind = HFC_FLAG, .value = &a.full, .needs = "preset",
         .help = "the preset's larger size: bbob adds d = 20 (the preset bbob-full)"},
        HFC_OPT_OUTPUT(&a.out, "DIR", "output directory (created)", 1),
        {.name = "runs", .kind = HFC_INT, .value = &a.runs, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 1, .max = HF_CAMPAIGN_RUNS_MAX,
         .help = "independent runs per (optimiser, problem) (default 1)"},
        {.name = "budget", .kind = HFC_TEXTS, .value = &a.budget, .arg = "E|B*d|DIM=E",
         .help = "evaluations per run, for every dimension (E) or one (DIM=E); B*d is B "
                 "per dimension, as COCO states budgets (100*d: 200 in 2-D) "
                 "(default 1000)"},
        {.name = "instances", .kind = HFC_TEXT, .value = &a.instances,
         .arg = "2009|2023|I[-J][,I[-J]...]",
         .help = "BBOB instances of the runs of every bbob:F:D: COCO's set of a workshop "
                 "year (2009: 1-5 three times, 2023: 1-5,101-110, ...) or a list; run r "
                 "solves the r-th (cycling), and --runs defaults to one run per instance "
                 "(default: run r solves instance r + 1)"},
        {.name = "targets", .kind = HFC_REALS, .value = &a.targets, .arg = "D",
         .help = "target distances to f* (default 1e1,1e0,...,1e-8)"},
        HFC_OPT_SEED(&a.seed, "campaign seed (default 1)"),
        HFC_OPT_THREADS(&a.threads),
        {.name = "shard", .kind = HFC_TEXT, .value = &a.shard, .arg = "i/k",
         .help = "run only tasks i, i+k, i+2k, ... (0 <= i < k)"},
        {.name = "force", .kind = HFC_FLAG, .value = &a.force,
         .help = "overwrite a directory that holds a different campaign"},
        {.name = "shift", .kind = HFC_FLAG, .value = &a.shift,
         .help = "move each test function's optimum to a seeded PCG point in the box "
                 "(f* kept)"},
        {.name = "data", .kind = HFC_TEXT, .value = &a.data, .arg = "DIR",
         .help = "reference tables (default $HERTZFIT_DATA, else the installation's share/hertzfit)"},
    };
    hfc_spec spec = {argv[0],
                     "Runs every optimiser on every problem N times (one PCG stream per task)\n"
                     "and writes runs.csv, trace.csv, manifest.txt, coco/ and ioh/ into DIR.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    hf_budget_rule *rules = NULL;   /* freed below */
    hf_campaign_config cfg;
    hf_campaign_config_init(&cfg);
    if (hfc_parse(&spec, argc, argv, &rc) &&
        (rc = fill_config(argv[0], &spec, &a, &cfg, &rules)) == 0) {
        hf_diag diag = {{0}};
        hf_campaign *c = NULL;
        double last_progress = -1.0;
        cfg.progress_user = &last_progress;
        hf_status st = hf_campaign_run(&cfg, a.out, &c, &diag);
        if (st != HF_OK)
            rc = fail_campaign(argv[0], st, &diag);
        else
            printf("bench run: %zu tasks written to %s (runs.csv, trace.csv, manifest.txt, "
                   "coco/, ioh/)\n", c->n_rows, a.out);
        hf_campaign_free(c);
    }
    free(rules);
    free((unsigned long *)cfg.instances);
    hfc_free(&spec);
    return rc;
}

static int bench_merge(int argc, char **argv)
{
    hfc_texts dirs = {0};
    const char *out = NULL;
    int force = 0;
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&out, "DIR", "merged campaign directory", 1),
        {.name = "force", .kind = HFC_FLAG, .value = &force,
         .help = "overwrite a directory that holds a different campaign"},
    };
    hfc_opt positional = {.name = "shard directory", .kind = HFC_TEXTS, .value = &dirs,
                          .arg = "DIR", .count_min = 1};
    hfc_spec spec = {argv[0],
                     "Merges shards of one campaign; refuses differing manifests and\n"
                     "missing or duplicated tasks.",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (hfc_parse(&spec, argc, argv, &rc)) {
        hf_diag diag = {{0}};
        hf_status st = hf_campaign_merge((const char *const *)dirs.v, dirs.n, out, force,
                                         &diag);
        if (st != HF_OK)
            rc = fail_campaign(argv[0], st, &diag);
        else
            printf("bench merge: %zu campaign directories merged into %s\n", dirs.n, out);
    }
    hfc_free(&spec);
    return rc;
}

/* One data block $eO (evals_per_dim, fraction) per optimiser O of the
 * campaign, from the report's ecdf.csv read with the library's reader. */
static hf_status add_ecdf_blocks(hfc_plot *p, const hf_campaign *c, const char *path,
                                 hf_diag *diag)
{
    hf_csv *t = NULL;   /* freed below */
    hf_status st = hf_csv_read(path, NULL, &t, diag);
    if (st != HF_OK)
        return st;
    const long name = hf_csv_find(t, "optimizer"), x = hf_csv_find(t, "evals_per_dim"),
               y = hf_csv_find(t, "fraction");
    if (name < 0 || x < 0 || y < 0)
        st = hf_diag_set(diag, HF_EPARSE, "%s: needs the columns optimizer, evals_per_dim, "
                         "fraction", path);
    for (size_t o = 0; st == HF_OK && o < c->n_optimizers; ++o) {
        hfc_plot_block(p, "e%zu", o);
        for (size_t r = 0; st == HF_OK && r < hf_csv_nrows(t); ++r) {
            if (strcmp(hf_csv_cell(t, r, (size_t)name), c->optimizers[o]) != 0)
                continue;
            double xy[2];
            st = hf_csv_number(t, r, (size_t)x, &xy[0], diag);
            if (st == HF_OK)
                st = hf_csv_number(t, r, (size_t)y, &xy[1], diag);
            hfc_plot_row(p, 2, xy);
        }
        hfc_plot_block_end(p);
    }
    hf_csv_free(t);
    return st;
}

/* The runtime ECDF of DIR/ecdf.csv into DIR/ecdf.png, one line per
 * optimiser. */
static int plot_ecdf(const char *command, const hf_campaign *c, const char *dir)
{
    char csv_path[4096], png[4096];
    snprintf(csv_path, sizeof csv_path, "%s/ecdf.csv", dir);
    snprintf(png, sizeof png, "%s/ecdf.png", dir);
    hfc_plot *p = hfc_plot_alloc(png, 900, 600, "noenhanced");
    hfc_plot_cmd(p, "set logscale x\nset key outside right\n"
                    "set xlabel 'evaluations / dimension'\n"
                    "set ylabel 'fraction of (problem, target, run) reached'\n"
                    "set yrange [0:1]\nset title 'runtime ECDF over problems with known f*'\n");
    hf_diag diag = {{0}};
    hf_status st = add_ecdf_blocks(p, c, csv_path, &diag);
    if (st != HF_OK) {
        hfc_plot_free(p);
        return hfc_fail_status(command, NULL, st, &diag);
    }
    hfc_plot_cmd(p, "plot ");
    for (size_t o = 0; o < c->n_optimizers; ++o) {
        /* the names come from the campaign's files: quoted inert */
        if (o > 0)
            hfc_plot_cmd(p, ", ");
        hfc_plot_cmd(p, "$e%zu using 1:2 with steps lw 2 title ", o);
        hfc_plot_str(p, c->optimizers[o], NULL);
    }
    hfc_plot_cmd(p, "\n");
    return hfc_plot_run(p, command);
}

/* summary.md of the report in OUT, on stdout. */
static void print_summary(const char *out, int no_plot)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.md", out);
    FILE *fp = fopen(path, "r");
    char line[4096];
    while (fp != NULL && fgets(line, sizeof line, fp) != NULL)
        fputs(line, stdout);
    if (fp != NULL)
        fclose(fp);
    printf("\nreport files in %s: summary.md, ert.csv, final_error.csv, fixed_budget.csv, "
           "ecdf.csv, ranking.csv%s\n", out, no_plot ? "" : ", ecdf.png");
}

/* Draws ecdf.png into the report's folder while it is built aside
 * (hf_report_options.finish), so that a figure that cannot be drawn
 * leaves the previous report as it was.  The failure is printed here, once. */
typedef struct report_plot {
    const char *command;
    const hf_campaign *c;
    int rc;
} report_plot;

static hf_status draw_ecdf_aside(const char *staged_dir, void *user, hf_diag *diag)
{
    report_plot *job = user;
    job->rc = plot_ecdf(job->command, job->c, staged_dir);
    return job->rc == 0 ? HF_OK : hf_diag_set(diag, HF_EIO, "the ECDF figure was not drawn");
}

static int bench_report(int argc, char **argv)
{
    hfc_texts dir = {0};
    hfc_reals targets = {0};
    const char *out = NULL;
    int no_plot = 0;
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&out, "REPORTDIR", "where to write the report (default DIR/report)", 0),
        {.name = "targets", .kind = HFC_REALS, .value = &targets, .arg = "D",
         .help = "target distances to f* (default: the campaign's)"},
        {.name = "no-plot", .kind = HFC_FLAG, .value = &no_plot,
         .help = "skip the gnuplot ECDF figure"},
    };
    hfc_opt positional = {.name = "campaign directory", .kind = HFC_TEXTS, .value = &dir,
                          .arg = "DIR", .count_min = 1, .count_max = 1};
    hfc_spec spec = {argv[0],
                     "ERT, success rates, final-error quartiles, fixed-budget errors, runtime\n"
                     "ECDF and a Holm-corrected Mann-Whitney ranking; prints summary.md.",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    char outbuf[4096];
    if (out == NULL) {
        snprintf(outbuf, sizeof outbuf, "%s/report", dir.v[0]);
        out = outbuf;
    }
    hf_report_options ropt;
    hf_report_options_init(&ropt);
    ropt.targets = targets.n ? targets.v : NULL;
    ropt.n_targets = targets.n;
    hf_diag diag = {{0}};
    hf_campaign *c = NULL; /* freed at the end */
    if (!no_plot && (rc = hfc_check_name(argv[0], "--output", out)) != 0) {
        hfc_free(&spec);
        return rc;
    }
    hf_status st = hf_campaign_read(dir.v[0], &c, &diag);
    report_plot job = {argv[0], c, 0};
    if (!no_plot) {
        ropt.finish = draw_ecdf_aside;
        ropt.finish_user = &job;
    }
    if (st == HF_OK)
        st = hf_report_write(c, &ropt, out, &diag);
    if (st != HF_OK)
        rc = job.rc != 0 ? job.rc : hfc_fail_status(argv[0], NULL, st, &diag);
    if (rc == 0)
        print_summary(out, no_plot);
    hf_campaign_free(c);
    hfc_free(&spec);
    return rc;
}

/* x_opt (or why there is none) and f_opt of BP on stdout. */
static int print_optimum(const char *command, const hf_bench_problem *bp)
{
    const hf_problem *p = hf_bench_problem_problem(bp);
    double *x = calloc(p->dim, sizeof *x); /* freed below */
    if (x == NULL)
        return hfc_fail_status(command, NULL, HF_ENOMEM, NULL);
    int x_known = 0;
    double f_opt = 0.0;
    hf_diag diag = {{0}};
    hf_status st = hf_bench_problem_optimum(bp, x, &x_known, &f_opt, &diag);
    if (st != HF_OK && st != HF_ENOTFOUND) {
        free(x);
        return hfc_fail_status(command, NULL, st, &diag);
    }
    printf("problem %s, dimension %zu\nx_opt =", p->name, p->dim);
    if (x_known)
        for (size_t i = 0; i < p->dim; ++i)
            printf(" %.17g", x[i]);
    else if (strcmp(hf_bench_problem_family(bp), "profile") == 0 ||
             strcmp(hf_bench_problem_family(bp), "profile-table") == 0)
        printf(" unknown: no single point; every (a, b) on the valley I(a, b) = I* is a "
               "minimiser (see 'hertzfit optimum')");
    else
        printf(" unknown");
    if (st == HF_OK)
        printf("\nf_opt = %.17g\n", f_opt);
    else
        printf("\nf_opt = unknown\n");
    free(x);
    return 0;
}

/* The point WORDS[1 ..] of BP: its coordinates as finite numbers, as many
 * as the dimension (none with --optimum). */
static int parse_point(const char *command, const hf_problem *p, int optimum,
                       const hfc_texts *words, double *x)
{
    size_t n = words->n - 1;
    if (optimum && n > 0)
        return hfc_fail(command, "--optimum takes the problem only, not a point (%zu "
                        "coordinates given)", n);
    if (!optimum && n != p->dim)
        return hfc_fail(command, "%s has dimension %zu: give %zu coordinates, not %zu", p->name,
                        p->dim, p->dim, n);
    for (size_t i = 0; i < n; ++i)
        if (hf_parse_double(words->v[i + 1], &x[i], NULL) != HF_OK || !isfinite(x[i]))
            return hfc_fail(command, "coordinate %zu: '%s' is not a finite number", i + 1,
                            words->v[i + 1]);
    return 0;
}

/* f at the point of WORDS, or with OPTIMUM the problem's optimum. */
static int eval_point(const char *command, const hf_bench_problem *bp, int optimum,
                      const hfc_texts *words)
{
    const hf_problem *p = hf_bench_problem_problem(bp);
    size_t n = words->n - 1;
    double *x = calloc(n ? n : 1, sizeof *x); /* freed below */
    if (x == NULL)
        return hfc_fail_status(command, NULL, HF_ENOMEM, NULL);
    int rc = parse_point(command, p, optimum, words, x);
    if (rc == 0 && optimum) {
        rc = print_optimum(command, bp);
    } else if (rc == 0) {
        double f = p->f(x, p->ctx);
        if (!isfinite(f))
            rc = hfc_fail(command, "%s is not defined at this point (f = %g)", p->name, f);
        else
            printf("%.17g\n", f);
    }
    free(x);
    return rc;
}

static int bench_eval(int argc, char **argv)
{
    hfc_texts words = {0};
    const char *data = NULL;
    int optimum = 0;
    hfc_opt opts[] = {
        {.name = "optimum", .kind = HFC_FLAG, .value = &optimum,
         .help = "print x_opt and f_opt (where known) instead of evaluating"},
        {.name = "data", .kind = HFC_TEXT, .value = &data, .arg = "DIR",
         .help = "reference tables (default $HERTZFIT_DATA, else the installation's share/hertzfit)"},
    };
    hfc_opt positional = {.name = "problem and point", .kind = HFC_TEXTS, .value = &words,
                          .arg = "PROBLEM X1 ... Xd", .count_min = 1};
    hfc_spec spec = {argv[0],
                     "Prints f(x) (%.17g) of a registered problem at the point X1 ... Xd,\n"
                     "or with --optimum its x_opt and f_opt.  PROBLEM is any name of\n"
                     "'bench run --problems': bbob:F:D:I is COCO's bbob_fF_iI_dD (bbob:F:D\n"
                     "is instance 1), rastrigin:10, profile, maxwell-full, ...  The point may\n"
                     "lie outside the box: the function is evaluated as it is defined there.",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    hf_diag diag = {{0}};
    hf_bench_problem *bp = NULL; /* freed below */
    hf_status st = hf_bench_problem_alloc(words.v[0], data, &bp, &diag);
    if (st != HF_OK) {
        hfc_free(&spec);
        return hfc_fail_status(argv[0], NULL, st, &diag);
    }
    rc = eval_point(argv[0], bp, optimum, &words);
    hf_bench_problem_free(bp);
    hfc_free(&spec);
    return rc;
}

static const hfc_command eval_command = {
    "eval", "f(x) of a registered problem at a point, or its optimum (--optimum)",
    bench_eval, NULL, 0, NULL};
static const hfc_command run_command = {
    "run", "run a campaign of optimisers x problems x runs (or a shard of it)", bench_run,
    NULL, 0, NULL};
static const hfc_command merge_command = {
    "merge", "merge shards of one campaign", bench_merge, NULL, 0, NULL};
static const hfc_command report_command = {
    "report", "ERT, ECDF, final errors, fixed-budget errors, ranking", bench_report, NULL, 0,
    NULL};
static const hfc_command *const bench_subs[] = {&run_command, &merge_command,
                                                 &report_command, &eval_command};

const hfc_command hfc_bench_command = {
    "bench", "optimiser benchmark campaigns: run, merge, report; eval a problem", NULL,
    bench_subs,
    HFC_COUNT(bench_subs), "performance figures: build/bench/perf"};
