/*
 * cli/cmd_bench.c — `hertzfit bench run|merge|report`: optimiser benchmark
 * campaigns over optimisers × problems × runs (hertzfit/campaign.h), the
 * merge of shards, and the report with its ECDF plot (hertzfit/report.h).
 * Performance figures are a separate program, build/bench/perf.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hertzfit/campaign.h"
#include "hertzfit/csv.h"
#include "hertzfit/report.h"

/* The paper campaign: every optimiser on the calibration problems and
 * four 10-D test functions, 30 runs, 1000 evaluations in 2-D and 10000
 * in 10-D. */
static const char *const paper_optimizers[] = {
    "ica", "icaco", "nlopt:GN_DIRECT_L", "nlopt:GN_CRS2_LM", "nlopt:GN_ISRES",
    "nlopt:GN_ESCH", "nlopt:LN_BOBYQA", "random"};
static const char *const paper_problems[] = {
    "profile", "profile-table", "rastrigin:2", "rastrigin:10", "rosenbrock:10",
    "ackley:10", "griewank:10"};
#define PAPER_RUNS 30
static const hf_budget_rule paper_budget[] = {{2, HF_BUDGET_EVALUATIONS, 1000},
                                              {10, HF_BUDGET_EVALUATIONS, 10000}};

static const char *data_dir(const char *given)
{
    if (given != NULL)
        return given;
    const char *env = getenv("HERTZFIT_DATA");
    return env != NULL ? env : HERTZFIT_SOURCE_DIR "/data";
}

/* Items of a list option, each also split at commas ("ica,icaco").
 * *out is owned by the caller (hf_cli_split_free).  Returns 0, or 1 when
 * out of memory. */
static int split_list(const hf_cli_strings *in, char ***out, size_t *n)
{
    size_t len = 1;
    for (size_t i = 0; i < in->count; ++i)
        len += strlen(in->items[i]) + 1;
    char *joined = calloc(len, 1); /* freed below */
    if (joined == NULL)
        return 1;
    for (size_t i = 0; i < in->count; ++i)
        strcat(strcat(joined, i ? "," : ""), in->items[i]);
    int rc = hf_cli_split(joined, ",", out, n);
    free(joined);
    return rc;
}

/* "i/k" with 0 <= i < k. */
static int parse_shard(const char *text, size_t *index, size_t *count)
{
    char first[64];
    const char *slash = strchr(text, '/');
    unsigned long long i = 0, k = 0;
    if (slash == NULL || (size_t)(slash - text) >= sizeof first)
        return hf_cli_fail("bench run", "--shard '%s' is not of the form i/k", text);
    memcpy(first, text, (size_t)(slash - text));
    first[slash - text] = '\0';
    if (hf_parse_count(first, &i, NULL) != HF_OK || hf_parse_count(slash + 1, &k, NULL) != HF_OK)
        return hf_cli_fail("bench run", "--shard '%s' is not of the form i/k", text);
    if (k < 1 || i >= k)
        return hf_cli_fail("bench run", "--shard '%s': need 0 <= i < k (shards are numbered "
                           "from 0)", text);
    *index = (size_t)i;
    *count = (size_t)k;
    return 0;
}

/* "E" (every dimension) or "DIM=E" (that dimension): one budget rule. */
static int parse_budget_item(const char *item, hf_budget_rule *rule)
{
    char dim[64];
    const char *eq = strchr(item, '=');
    unsigned long long d = 0, e = 0;
    if (eq != NULL) {
        if ((size_t)(eq - item) >= sizeof dim)
            return 1;
        memcpy(dim, item, (size_t)(eq - item));
        dim[eq - item] = '\0';
        if (hf_parse_count(dim, &d, NULL) != HF_OK || d < 1)
            return 1;
    }
    if (hf_parse_count(eq ? eq + 1 : item, &e, NULL) != HF_OK || e < 1)
        return 1;
    *rule = (hf_budget_rule){(size_t)d, HF_BUDGET_EVALUATIONS, (size_t)e};
    return 0;
}

/* --budget "E" or "E,DIM=E,..." into *rules (caller frees). */
static int parse_budget(const char *text, hf_budget_rule **rules, size_t *n)
{
    char **items = NULL;
    size_t count = 0;
    if (hf_cli_split(text, ",", &items, &count) != 0)
        return hf_cli_fail("bench run", "out of memory");
    *rules = calloc(count ? count : 1, sizeof **rules); /* the caller frees */
    int bad = count == 0 || *rules == NULL;
    for (size_t i = 0; i < count && !bad; ++i)
        bad = parse_budget_item(items[i], &(*rules)[i]);
    hf_cli_split_free(items, count);
    *n = count;
    if (bad)
        return hf_cli_fail("bench run", "--budget '%s': expected E or E,DIM=E,... with E >= 1",
                           text);
    return 0;
}

/* --targets "D,D,...": each a number (the library checks the rest).
 * *values (caller frees) receives them. */
static int parse_targets(const char *command, const char *text, double **values, size_t *n)
{
    char **items = NULL;
    size_t count = 0;
    if (hf_cli_split(text, ",", &items, &count) != 0)
        return hf_cli_fail(command, "out of memory");
    *values = malloc(sizeof **values * (count ? count : 1)); /* the caller frees */
    int rc = *values == NULL ? hf_cli_fail(command, "out of memory") : 0;
    if (rc == 0 && count == 0)
        rc = hf_cli_fail(command, "--targets '%s': no targets given", text);
    for (size_t i = 0; i < count && rc == 0; ++i)
        if (hf_parse_double(items[i], &(*values)[i], NULL) != HF_OK)
            rc = hf_cli_fail(command, "target '%s' is not a number (targets are distances to "
                             "f*: 1e1,1e0,...)", items[i]);
    hf_cli_split_free(items, count);
    *n = count;
    return rc;
}

/* Prints a failed campaign call; an output directory that holds another
 * campaign is the user's to overwrite with --force. */
static int fail_campaign(const char *command, hf_status st, const hf_diag *diag)
{
    if (st == HF_EEXIST)
        return hf_cli_fail(command, "%s; use --force to overwrite it", diag->text);
    return hf_cli_fail_status(command, st, diag);
}

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

/* What `bench run` was given; lists point into argv. */
typedef struct run_args {
    hf_cli_strings optimizers, problems;   /* owned arrays: run_args_free */
    unsigned long long runs, seed, threads;
    int runs_given, force, shift;
    const char *budget, *targets, *shard, *out, *data, *preset;
} run_args;

/* The parsed lists handed to the campaign (owned: run_lists_free). */
typedef struct run_lists {
    char **optimizers, **problems;
    size_t n_optimizers, n_problems;
    hf_budget_rule *budget;
    size_t n_budget;
    double *targets;
    size_t n_targets;
} run_lists;

static void run_args_free(run_args *a)
{
    hf_cli_strings_free(&a->optimizers);
    hf_cli_strings_free(&a->problems);
}

static void run_lists_free(run_lists *l)
{
    hf_cli_split_free(l->optimizers, l->n_optimizers);
    hf_cli_split_free(l->problems, l->n_problems);
    free(l->budget);
    free(l->targets);
}

/* Returns 0 to proceed, -1 after --help, 2 after an error. */
static int parse_run_args(int argc, char **argv, run_args *a)
{
    memset(a, 0, sizeof *a);
    a->seed = 1;
    a->shard = "0/1";
    hf_cli_opt opts[] = {
        {.name = "optimizers", .kind = HF_CLI_STRINGS, .value = &a->optimizers, .arg = "NAME",
         .help = "optimisers: ica, icaco, random, nlopt:<ALGORITHM> (space or comma separated)"},
        {.name = "problems", .kind = HF_CLI_STRINGS, .value = &a->problems, .arg = "NAME[:DIM]",
         .help = "problems: profile, profile-table, maxwell-full, or a test function such as rastrigin:10"},
        {.name = "runs", .kind = HF_CLI_COUNT, .value = &a->runs, .arg = "N",
         .help = "independent runs per (optimiser, problem) (default 1)"},
        {.name = "budget", .kind = HF_CLI_STRING, .value = &a->budget, .arg = "E[,DIM=E...]",
         .help = "evaluations per run, optionally per dimension (default 1000)"},
        {.name = "targets", .kind = HF_CLI_STRING, .value = &a->targets, .arg = "D,D,...",
         .help = "target distances to f* (default 1e1,1e0,...,1e-8)"},
        {.name = "seed", .kind = HF_CLI_COUNT, .value = &a->seed, .arg = "S",
         .help = "campaign seed (default 1)"},
        {.name = "threads", .kind = HF_CLI_COUNT, .value = &a->threads, .arg = "T",
         .help = "OpenMP threads (default: all)"},
        {.name = "shard", .kind = HF_CLI_STRING, .value = &a->shard, .arg = "i/k",
         .help = "run only tasks i, i+k, i+2k, ... (0 <= i < k)"},
        {.name = "out", .short_name = 'o', .kind = HF_CLI_STRING, .value = &a->out, .arg = "DIR",
         .help = "output directory (created)"},
        {.name = "force", .kind = HF_CLI_FLAG, .value = &a->force,
         .help = "overwrite a directory that holds a different campaign"},
        {.name = "shift", .kind = HF_CLI_FLAG, .value = &a->shift,
         .help = "move each test function's optimum to a seeded PCG point in the box (f* kept)"},
        {.name = "preset", .kind = HF_CLI_STRING, .value = &a->preset, .arg = "paper",
         .help = "the paper campaign (8 optimisers x 7 problems x 30 runs)"},
        {.name = "data", .kind = HF_CLI_STRING, .value = &a->data, .arg = "DIR",
         .help = "reference tables (default $HERTZFIT_DATA or the source data/)"},
    };
    hf_cli_spec spec = {"bench run", "--optimizers LIST --problems LIST --out DIR [options]",
                        "Runs every optimiser on every problem N times (one PCG stream per task)\n"
                        "and writes runs.csv, trace.csv, manifest.txt and coco/ into DIR.",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    hf_cli_strings positional = {0};
    int rc = hf_cli_parse(&spec, argc, argv, &positional);
    hf_cli_strings_free(&positional);
    a->runs_given = opts[2].given;
    return rc;
}

/* The preset (if any), then the explicit lists over it. */
static int fill_lists(const run_args *a, hf_campaign_config *cfg, run_lists *l)
{
    if (a->preset != NULL && strcmp(a->preset, "paper") != 0)
        return hf_cli_fail("bench run", "unknown preset '%s' (valid: paper)", a->preset);
    if (a->preset != NULL) {
        cfg->optimizers = paper_optimizers;
        cfg->n_optimizers = sizeof paper_optimizers / sizeof paper_optimizers[0];
        cfg->problems = paper_problems;
        cfg->n_problems = sizeof paper_problems / sizeof paper_problems[0];
        cfg->runs = PAPER_RUNS;
        cfg->budget = paper_budget;
        cfg->n_budget = sizeof paper_budget / sizeof paper_budget[0];
    }
    if (a->optimizers.count > 0) {
        if (split_list(&a->optimizers, &l->optimizers, &l->n_optimizers) != 0)
            return hf_cli_fail("bench run", "out of memory");
        cfg->optimizers = (const char *const *)l->optimizers;
        cfg->n_optimizers = l->n_optimizers;
    }
    if (a->problems.count > 0) {
        if (split_list(&a->problems, &l->problems, &l->n_problems) != 0)
            return hf_cli_fail("bench run", "out of memory");
        cfg->problems = (const char *const *)l->problems;
        cfg->n_problems = l->n_problems;
    }
    return 0;
}

/* Checks what the library cannot (required options) and fills CFG. */
static int fill_config(const run_args *a, hf_campaign_config *cfg, run_lists *l)
{
    int rc = fill_lists(a, cfg, l);
    if (rc != 0)
        return rc;
    if (a->out == NULL)
        return hf_cli_fail("bench run", "--out DIR is required");
    if (cfg->n_optimizers == 0)
        return hf_cli_fail("bench run", "--optimizers is required (or --preset paper)");
    if (cfg->n_problems == 0)
        return hf_cli_fail("bench run", "--problems is required (or --preset paper)");
    if (a->runs_given && a->runs < 1)
        return hf_cli_fail("bench run", "--runs must be >= 1");
    if (a->threads > 4096)
        return hf_cli_fail("bench run", "--threads %llu is too many", a->threads);
    if ((rc = parse_shard(a->shard, &cfg->shard_index, &cfg->shard_count)) != 0)
        return rc;
    if (a->runs_given)
        cfg->runs = (size_t)a->runs;
    if (a->budget != NULL) {
        if ((rc = parse_budget(a->budget, &l->budget, &l->n_budget)) != 0)
            return rc;
        cfg->budget = l->budget;
        cfg->n_budget = l->n_budget;
    }
    if (a->targets != NULL) {
        if ((rc = parse_targets("bench run", a->targets, &l->targets, &l->n_targets)) != 0)
            return rc;
        cfg->targets = l->targets;
        cfg->n_targets = l->n_targets;
    }
    cfg->seed = a->seed;
    cfg->threads = (int)a->threads;
    cfg->data_dir = data_dir(a->data);
    cfg->force = a->force;
    cfg->shift = a->shift;
    if (isatty(fileno(stderr)))
        cfg->progress = show_progress;   /* progress_user set by the caller */
    return 0;
}

static int bench_run(int argc, char **argv)
{
    run_args a;
    int rc = parse_run_args(argc, argv, &a);
    if (rc != 0) {
        run_args_free(&a);
        return rc < 0 ? 0 : rc;
    }
    hf_campaign_config cfg;
    hf_campaign_config_init(&cfg);
    run_lists lists = {0};
    rc = fill_config(&a, &cfg, &lists);
    if (rc == 0) {
        hf_diag diag = {{0}};
        hf_campaign *c = NULL;
        double last_progress = -1.0;
        cfg.progress_user = &last_progress;
        hf_status st = hf_campaign_run(&cfg, a.out, &c, &diag);
        if (st != HF_OK)
            rc = fail_campaign("bench run", st, &diag);
        else
            printf("bench run: %zu tasks written to %s (runs.csv, trace.csv, manifest.txt, "
                   "coco/)\n", c->n_rows, a.out);
        hf_campaign_free(c);
    }
    run_lists_free(&lists);
    run_args_free(&a);
    return rc;
}

static int bench_merge(int argc, char **argv)
{
    hf_cli_strings positional = {0};
    const char *out = NULL;
    int force = 0;
    hf_cli_opt opts[] = {
        {.name = "out", .short_name = 'o', .kind = HF_CLI_STRING, .value = &out, .arg = "DIR",
         .help = "merged campaign directory"},
        {.name = "force", .kind = HF_CLI_FLAG, .value = &force,
         .help = "overwrite a directory that holds a different campaign"},
    };
    hf_cli_spec spec = {"bench merge", "DIR... --out DIR",
                        "Merges shards of one campaign; refuses differing manifests and\n"
                        "missing or duplicated tasks.",
                        opts, sizeof opts / sizeof opts[0], 1, (size_t)-1};
    int rc = hf_cli_parse(&spec, argc, argv, &positional);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    if (out == NULL) {
        hf_cli_strings_free(&positional);
        return hf_cli_fail("bench merge", "--out DIR is required");
    }
    hf_diag diag = {{0}};
    hf_status st = hf_campaign_merge(positional.items, positional.count, out, force, &diag);
    if (st != HF_OK)
        rc = fail_campaign("bench merge", st, &diag);
    else
        printf("bench merge: %zu campaign directories merged into %s\n", positional.count, out);
    hf_cli_strings_free(&positional);
    return rc;
}

/* ECDF plot of DIR/ecdf.csv into DIR/ecdf.png, one line per optimiser. */
static int plot_ecdf(const hf_campaign *c, const char *dir)
{
    int checked = hf_cli_check_plot_text("bench report", "-o", dir);
    if (checked != 0)
        return checked;
    size_t cap = 4096;
    for (size_t o = 0; o < c->n_optimizers; ++o)
        cap += 512 + 4 * strlen(c->optimizers[o]);
    char *script = malloc(cap); /* freed below */
    if (script == NULL)
        return hf_cli_fail("bench report", "out of memory");
    int len = snprintf(script, cap,
                       "set terminal pngcairo size 900,600 noenhanced\nset output '%s/ecdf.png'\n"
                       "set datafile separator ','\nset logscale x\nset key outside right\n"
                       "set xlabel 'evaluations / dimension'\n"
                       "set ylabel 'fraction of (problem, target, run) reached'\n"
                       "set yrange [0:1]\nset title 'runtime ECDF over problems with known f*'\n"
                       "plot ", dir);
    for (size_t o = 0; o < c->n_optimizers && len > 0 && (size_t)len < cap; ++o) {
        /* the names come from the campaign's files: quoted inert */
        char *name = hf_cli_gnuplot_quote(c->optimizers[o], NULL);
        if (name == NULL) {
            free(script);
            return hf_cli_fail("bench report", "out of memory");
        }
        len += snprintf(script + len, cap - (size_t)len,
                        "%s'%s/ecdf.csv' using 2:(strcol(1) eq %s ? $3 : 1/0) with steps "
                        "lw 2 title %s", o ? ", " : "", dir, name, name);
        free(name);
    }
    if (len > 0 && (size_t)len + 2 < cap)
        strcat(script, "\n");
    int rc = hf_cli_gnuplot("bench report", script);
    free(script);
    return rc;
}

static int bench_report(int argc, char **argv)
{
    hf_cli_strings positional = {0};
    const char *out = NULL, *targets = NULL;
    int no_plot = 0;
    hf_cli_opt opts[] = {
        {.name = "output", .short_name = 'o', .kind = HF_CLI_STRING, .value = &out,
         .arg = "REPORTDIR", .help = "where to write the report (default DIR/report)"},
        {.name = "targets", .kind = HF_CLI_STRING, .value = &targets, .arg = "D,D,...",
         .help = "target distances to f* (default: the campaign's)"},
        {.name = "no-plot", .kind = HF_CLI_FLAG, .value = &no_plot,
         .help = "skip the gnuplot ECDF figure"},
    };
    hf_cli_spec spec = {"bench report", "DIR [-o REPORTDIR]",
                        "ERT, success rates, final-error quartiles, fixed-budget errors, runtime\n"
                        "ECDF and a Holm-corrected Mann-Whitney ranking; prints summary.md.",
                        opts, sizeof opts / sizeof opts[0], 1, 1};
    int rc = hf_cli_parse(&spec, argc, argv, &positional);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    char outbuf[2048];
    if (out == NULL) {
        snprintf(outbuf, sizeof outbuf, "%s/report", positional.items[0]);
        out = outbuf;
    }
    hf_report_options ropt;
    hf_report_options_init(&ropt);
    double *tv = NULL; /* freed at the end */
    hf_diag diag = {{0}};
    hf_campaign *c = NULL; /* freed at the end */
    hf_status st = HF_OK;
    /* the same parser as `bench run --targets`; the library checks */
    if (targets != NULL)
        rc = parse_targets("bench report", targets, &tv, &ropt.n_targets);
    ropt.targets = tv;
    if (rc == 0 && (st = hf_campaign_read(positional.items[0], &c, &diag)) != HF_OK)
        rc = hf_cli_fail_status("bench report", st, &diag);
    if (rc == 0 && (st = hf_report_write(c, &ropt, out, &diag)) != HF_OK)
        rc = hf_cli_fail_status("bench report", st, &diag);
    if (rc == 0 && !no_plot)
        rc = plot_ecdf(c, out);
    if (rc == 0) {
        char path[2200];
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
    hf_campaign_free(c);
    free(tv);
    hf_cli_strings_free(&positional);
    return rc;
}

int hf_cmd_bench(int argc, char **argv)
{
    static const char usage[] =
        "usage: hertzfit bench run|merge|report [OPTIONS]   (hertzfit bench run --help)\n"
        "  run     run a campaign of optimisers x problems x runs (or a shard of it)\n"
        "  merge   merge shards of one campaign\n"
        "  report  ERT, ECDF, final errors, fixed-budget errors, ranking\n"
        "performance figures: build/bench/perf\n";
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(argv[1], "run") == 0)
        return bench_run(argc - 1, argv + 1);
    if (strcmp(argv[1], "merge") == 0)
        return bench_merge(argc - 1, argv + 1);
    if (strcmp(argv[1], "report") == 0)
        return bench_report(argc - 1, argv + 1);
    return hf_cli_fail("bench", "unknown subcommand '%s' (valid: run, merge, report)", argv[1]);
}
