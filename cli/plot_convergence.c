/*
 * cli/plot_convergence.c — `hertzfit plot convergence FILE... -o fig.png`:
 * convergence curves from trace files (hertzfit/trace.h: `hertzfit fit
 * profile --trace` or a campaign's trace.csv), like Fig. 9 of Sheikhi
 * Azqandi & Safaeifar 2023 (ICA vs ICACO).  Each FILE is one curve,
 * labelled by the optimizer column when all its runs share one (else by
 * the file name).  At each iteration (or evaluation count, --x evals) a
 * run's best value is its last improvement so far; the plot shows the
 * mean over the runs that have a value as a line and the spread (min to
 * max) as a shaded band.  The numbers are aggregated here and handed to
 * gnuplot inline, so the figure is drawn from exactly what the tool
 * computed.
 */
#include "cli.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/trace.h"

#define CMD "plot convergence"

/* One curve: mean, min and max over runs at each x. */
typedef struct curve_stats {
    const char *label;   /* borrowed from the trace file or the arguments */
    size_t n;
    double *x, *mean, *lo, *hi; /* n each, owned */
} curve_stats;

static void curve_stats_free(curve_stats *c)
{
    free(c->x);
    free(c->mean);
    free(c->lo);
    free(c->hi);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The x of trace point P: its iteration or its evaluation count. */
static double point_x(const hf_trace_point *p, int by_evals)
{
    return by_evals ? (double)p->evaluations : (double)p->iteration;
}

/* The distinct x values of every point (iterations from 1 to the last
 * one, or the evaluation counts of the improvements), sorted, into c->x. */
static int x_grid(const hf_trace_file *f, int by_evals, curve_stats *c)
{
    size_t total = 0;
    double last = 0.0;
    for (size_t r = 0; r < f->n_runs; ++r)
        for (size_t k = 0; k < f->runs[r].trace.count; ++k) {
            ++total;
            last = fmax(last, point_x(&f->runs[r].trace.points[k], 0));
        }
    if (total == 0)
        return hf_cli_fail(CMD, "%s: no trace rows", f->path);
    if (!by_evals && last > 1e7)
        return hf_cli_fail(CMD, "%s: iteration %g is too large to plot per iteration",
                           f->path, last);
    size_t n = by_evals ? total : (size_t)last;
    c->x = malloc(sizeof *c->x * n); /* owned by c */
    if (c->x == NULL)
        return hf_cli_fail(CMD, "out of memory");
    if (!by_evals) {
        for (size_t k = 0; k < n; ++k)
            c->x[k] = (double)(k + 1);
        c->n = n;
        return 0;
    }
    size_t m = 0;
    for (size_t r = 0; r < f->n_runs; ++r)
        for (size_t k = 0; k < f->runs[r].trace.count; ++k)
            c->x[m++] = point_x(&f->runs[r].trace.points[k], 1);
    qsort(c->x, m, sizeof *c->x, compare_doubles);
    c->n = 0;
    for (size_t k = 0; k < m; ++k)
        if (c->n == 0 || c->x[k] != c->x[c->n - 1])
            c->x[c->n++] = c->x[k];
    return 0;
}

/* Mean, min and max over runs of each run's best value at each x. */
static int aggregate(const hf_trace_file *f, int by_evals, double minus, curve_stats *c)
{
    int rc = x_grid(f, by_evals, c);
    if (rc != 0)
        return rc;
    c->mean = malloc(sizeof *c->mean * c->n); /* all owned by c */
    c->lo = malloc(sizeof *c->lo * c->n);
    c->hi = malloc(sizeof *c->hi * c->n);
    size_t *next = calloc(f->n_runs, sizeof *next); /* freed below */
    if (c->mean == NULL || c->lo == NULL || c->hi == NULL || next == NULL) {
        free(next);
        return hf_cli_fail(CMD, "out of memory");
    }
    for (size_t g = 0; g < c->n; ++g) {
        double sum = 0.0, lo = HUGE_VAL, hi = -HUGE_VAL;
        size_t count = 0;
        for (size_t r = 0; r < f->n_runs; ++r) {
            const hf_trace *t = &f->runs[r].trace;
            while (next[r] < t->count && point_x(&t->points[next[r]], by_evals) <= c->x[g])
                ++next[r];
            if (next[r] == 0)
                continue;   /* no value yet */
            double v = t->points[next[r] - 1].best_f - minus;
            sum += v;
            lo = fmin(lo, v);
            hi = fmax(hi, v);
            ++count;
        }
        c->mean[g] = count ? sum / (double)count : NAN;
        c->lo[g] = lo;
        c->hi[g] = hi;
    }
    free(next);
    return 0;
}

/* The optimizer every run of F names, or NULL when they differ. */
static const char *common_optimizer(const hf_trace_file *f)
{
    for (size_t r = 1; r < f->n_runs; ++r)
        if (strcmp(f->runs[r].optimizer, f->runs[0].optimizer) != 0)
            return NULL;
    return f->n_runs ? f->runs[0].optimizer : NULL;
}

/* Appends to a growing string; returns 0, or 1 when out of memory. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int append(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(*buf ? *buf + *len : NULL, *buf ? *cap - *len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return 1;
        if (*buf != NULL && *len + (size_t)n < *cap) {
            *len += (size_t)n;
            return 0;
        }
        size_t want = (*cap ? *cap : 4096);
        while (want <= *len + (size_t)n)
            want *= 2;
        /* the grown buffer stays owned by the caller */
        char *grown = realloc(*buf, want);
        if (grown == NULL)
            return 1;
        *buf = grown;
        *cap = want;
    }
}

typedef struct plot_options {
    const char *output, *title, *xaxis;
    double minus;
    int logy;
} plot_options;

static char *build_script(const plot_options *o, const curve_stats *c, size_t nc)
{
    char *s = NULL;
    size_t len = 0, cap = 0;
    int by_evals = strcmp(o->xaxis, "evals") == 0;
    int bad = append(&s, &len, &cap,
                     "set terminal pngcairo size 960,640 font 'Sans,11'\n"
                     "set output '%s'\nset title \"%s\"\nset key top right\n"
                     "set xlabel '%s'\nset ylabel 'best RMS of the percentage error (%%)%s'\n"
                     "set grid\nset style fill transparent solid 0.25 noborder\n%s",
                     o->output, o->title, by_evals ? "evaluations" : "iteration",
                     o->minus != 0.0 ? " minus reference" : "", o->logy ? "set logscale y\n" : "");
    for (size_t i = 0; i < nc && !bad; ++i) {
        bad |= append(&s, &len, &cap, "$D%zu << EOD\n", i);
        for (size_t k = 0; k < c[i].n && !bad; ++k)
            if (isfinite(c[i].mean[k]) && isfinite(c[i].hi[k]))
                bad |= append(&s, &len, &cap, "%.17g %.17g %.17g %.17g\n", c[i].x[k],
                              c[i].mean[k], c[i].lo[k], c[i].hi[k]);
        bad |= append(&s, &len, &cap, "EOD\n");
    }
    bad |= append(&s, &len, &cap, "plot ");
    for (size_t i = 0; i < nc && !bad; ++i) {
        /* the label comes from a file: quoted inert, printed as it is */
        char *min_max = hf_cli_gnuplot_quote(c[i].label, " (min-max)");
        char *mean = hf_cli_gnuplot_quote(c[i].label, " (mean)");
        bad |= min_max == NULL || mean == NULL;
        if (!bad)
            bad |= append(&s, &len, &cap,
                          "%s$D%zu using 1:3:4 with filledcurves lc %zu title %s noenhanced, "
                          "$D%zu using 1:2 with lines lw 2 lc %zu title %s noenhanced",
                          i ? ", " : "", i, i + 1, min_max, i, i + 1, mean);
        free(min_max);
        free(mean);
    }
    bad |= append(&s, &len, &cap, "\n");
    if (bad) {
        free(s);
        return NULL;
    }
    return s;
}

int hf_plot_convergence(int argc, char **argv)
{
    plot_options o = {.output = NULL, .title = "Convergence over runs", .xaxis = "iter"};
    hf_cli_opt opts[] = {
        {.name = "output", .short_name = 'o', .kind = HF_CLI_STRING, .value = &o.output,
         .arg = "FILE.png", .help = "write the figure here (required)"},
        {.name = "x", .kind = HF_CLI_STRING, .value = &o.xaxis, .arg = "iter|evals",
         .help = "horizontal axis: iteration (default) or evaluations"},
        {.name = "minus", .kind = HF_CLI_DOUBLE, .value = &o.minus, .arg = "F",
         .help = "plot best - F (e.g. the closed-form minimum, with --logy)"},
        {.name = "logy", .kind = HF_CLI_FLAG, .value = &o.logy, .help = "logarithmic y axis"},
        {.name = "title", .kind = HF_CLI_STRING, .value = &o.title, .arg = "TEXT",
         .help = "figure title"},
    };
    hf_cli_spec spec = {
        .command = CMD,
        .usage = "TRACE.csv [TRACE.csv ...] -o FILE.png [--x iter|evals] [--minus F] [--logy]",
        .summary = "Mean and spread (min-max over runs) of the best value per iteration or\n"
                   "evaluation count, one curve per trace file (fit profile --trace, or a\n"
                   "campaign's trace.csv).",
        .opts = opts,
        .nopts = sizeof opts / sizeof opts[0],
        .min_positional = 1,
        .max_positional = 16,
    };
    hf_cli_strings files;
    int rc = hf_cli_parse(&spec, argc, argv, &files);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    if (o.output == NULL)
        rc = hf_cli_fail(CMD, "-o FILE.png is required");
    else if (strcmp(o.xaxis, "iter") != 0 && strcmp(o.xaxis, "evals") != 0)
        rc = hf_cli_fail(CMD, "--x: '%s' is not iter or evals", o.xaxis);
    else if ((rc = hf_cli_check_plot_text(CMD, "--title", o.title)) == 0)
        rc = hf_cli_check_plot_output(CMD, "-o", o.output);
    /* freed at the end of hf_plot_convergence */
    curve_stats *c = calloc(files.count, sizeof *c);
    hf_trace_file **traces = calloc(files.count, sizeof *traces);
    if (rc == 0 && (c == NULL || traces == NULL))
        rc = hf_cli_fail(CMD, "out of memory");
    for (size_t i = 0; rc == 0 && i < files.count; ++i) {
        hf_diag diag = {{0}};
        hf_status st = hf_trace_read(files.items[i], &traces[i], &diag);
        if (st != HF_OK)
            rc = hf_cli_fail_status(CMD, st, &diag);
        else
            rc = aggregate(traces[i], strcmp(o.xaxis, "evals") == 0, o.minus, &c[i]);
        if (rc == 0) {
            const char *name = common_optimizer(traces[i]);
            c[i].label = name ? name : files.items[i];
        }
    }
    char *script = rc == 0 ? build_script(&o, c, files.count) : NULL;
    if (rc == 0 && script == NULL)
        rc = hf_cli_fail(CMD, "out of memory");
    if (rc == 0)
        rc = hf_cli_gnuplot(CMD, script);
    free(script);
    for (size_t i = 0; c != NULL && i < files.count; ++i) {
        curve_stats_free(&c[i]);
        hf_trace_file_free(traces ? traces[i] : NULL);
    }
    free(c);
    free(traces);
    hf_cli_strings_free(&files);
    return rc;
}
