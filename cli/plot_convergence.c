/*
 * cli/plot_convergence.c — `hertzfit plot convergence FILE... -o fig.png`:
 * convergence curves from `hertzfit fit profile --trace`, like Fig. 9 of
 * Sheikhi Azqandi & Safaeifar 2023 (ICA vs ICACO).  Each FILE is one
 * optimiser's trace (run,iter,evals,best_rms_pct, with a first line
 * "# optimizer=NAME" naming it); per iteration the plot shows the mean
 * best value over runs as a line and the spread (min to max over runs) as
 * a shaded band.  The numbers are aggregated here and handed to gnuplot
 * inline, so the figure is drawn from exactly what the tool computed.
 */
#include "cli.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/csv.h"

#define CMD "plot convergence"

/* Per-iteration aggregate of one trace file. */
typedef struct curve_stats {
    char label[256];
    size_t n;          /* iterations 1..n */
    double *mean, *lo, *hi, *evals; /* n each, owned */
    size_t *count;     /* runs that reached the iteration */
} curve_stats;

static void curve_stats_free(curve_stats *c)
{
    free(c->mean);
    free(c->lo);
    free(c->hi);
    free(c->evals);
    free(c->count);
}

/* The optimiser's name from the "# optimizer=NAME" line, else the path. */
static void read_label(const char *path, char *label, size_t size)
{
    snprintf(label, size, "%s", path);
    FILE *fp = fopen(path, "r");
    if (fp == NULL)
        return;
    char line[256];
    if (fgets(line, sizeof line, fp) != NULL && strncmp(line, "# optimizer=", 12) == 0) {
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(label, size, "%s", line + 12);
    }
    fclose(fp);
}

/* Arrays owned by c, released by curve_stats_free (also on failure). */
static int alloc_stats(curve_stats *c, size_t n)
{
    c->n = n;
    c->mean = calloc(n, sizeof *c->mean);
    c->lo = malloc(n * sizeof *c->lo);
    c->hi = malloc(n * sizeof *c->hi);
    c->evals = calloc(n, sizeof *c->evals);
    c->count = calloc(n, sizeof *c->count);
    if (!c->mean || !c->lo || !c->hi || !c->evals || !c->count)
        return hf_cli_fail(CMD, "out of memory");
    for (size_t k = 0; k < n; ++k) {
        c->lo[k] = HUGE_VAL;
        c->hi[k] = -HUGE_VAL;
    }
    return 0;
}

/* Reads the four columns of a trace; checks the values are usable. */
static int read_columns(const char *path, hf_csv *csv, double *cols[4], double minus)
{
    static const char *const names[4] = {"run", "iter", "evals", "best_rms_pct"};
    size_t rows = hf_csv_nrows(csv);
    for (int j = 0; j < 4; ++j) {
        hf_diag diag = {{0}};
        /* freed by the caller of this function */
        cols[j] = malloc((rows ? rows : 1) * sizeof *cols[j]);
        if (cols[j] == NULL)
            return hf_cli_fail(CMD, "out of memory");
        hf_status st = hf_csv_column(csv, names[j], cols[j], &diag);
        if (st != HF_OK)
            return hf_cli_fail_status(CMD, st, &diag);
    }
    for (size_t i = 0; i < rows; ++i) {
        if (!(cols[1][i] >= 1.0) || cols[1][i] != floor(cols[1][i]) || cols[1][i] > 1e7)
            return hf_cli_fail(CMD, "%s:%zu: iter = %g is not an iteration number (1, 2, ...)",
                               path, hf_csv_line(csv, i), cols[1][i]);
        cols[3][i] -= minus;
    }
    return 0;
}

static int aggregate(const char *path, double minus, curve_stats *c)
{
    memset(c, 0, sizeof *c);
    read_label(path, c->label, sizeof c->label);
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_csv_read(path, &csv, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(CMD, st, &diag);
    double *cols[4] = {NULL, NULL, NULL, NULL};
    int rc = read_columns(path, csv, cols, minus);
    size_t rows = hf_csv_nrows(csv), n = 0;
    for (size_t i = 0; rc == 0 && i < rows; ++i)
        if ((size_t)cols[1][i] > n)
            n = (size_t)cols[1][i];
    if (rc == 0 && n == 0)
        rc = hf_cli_fail(CMD, "%s: no trace rows", path);
    if (rc == 0)
        rc = alloc_stats(c, n);
    for (size_t i = 0; rc == 0 && i < rows; ++i) {
        size_t k = (size_t)cols[1][i] - 1;
        double f = cols[3][i];
        c->count[k]++;
        c->mean[k] += f;
        c->evals[k] += cols[2][i];
        c->lo[k] = fmin(c->lo[k], f);
        c->hi[k] = fmax(c->hi[k], f);
    }
    for (size_t k = 0; rc == 0 && k < n; ++k)
        if (c->count[k] > 0) {
            c->mean[k] /= (double)c->count[k];
            c->evals[k] /= (double)c->count[k];
        }
    for (int j = 0; j < 4; ++j)
        free(cols[j]);
    hf_csv_free(csv);
    return rc;
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

/* Escapes a label for a gnuplot double-quoted string. */
static void gnuplot_quote(const char *in, char *out, size_t size)
{
    size_t j = 0;
    for (size_t i = 0; in[i] != '\0' && j + 3 < size; ++i) {
        if (in[i] == '"' || in[i] == '\\' || in[i] == '_')
            out[j++] = '\\';
        out[j++] = in[i];
    }
    out[j] = '\0';
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
                     o->output, o->title,
                     by_evals ? "evaluations (mean over runs)" : "iteration",
                     o->minus != 0.0 ? " minus reference" : "", o->logy ? "set logscale y\n" : "");
    for (size_t i = 0; i < nc && !bad; ++i) {
        bad |= append(&s, &len, &cap, "$D%zu << EOD\n", i);
        for (size_t k = 0; k < c[i].n && !bad; ++k)
            if (c[i].count[k] > 0 && isfinite(c[i].mean[k]) && isfinite(c[i].hi[k]))
                bad |= append(&s, &len, &cap, "%.17g %.17g %.17g %.17g\n",
                              by_evals ? c[i].evals[k] : (double)(k + 1), c[i].mean[k],
                              c[i].lo[k], c[i].hi[k]);
        bad |= append(&s, &len, &cap, "EOD\n");
    }
    bad |= append(&s, &len, &cap, "plot ");
    for (size_t i = 0; i < nc && !bad; ++i) {
        char label[300];
        gnuplot_quote(c[i].label, label, sizeof label);
        bad |= append(&s, &len, &cap,
                      "%s$D%zu using 1:3:4 with filledcurves lc %zu title \"%s (min-max)\", "
                      "$D%zu using 1:2 with lines lw 2 lc %zu title \"%s (mean)\"",
                      i ? ", " : "", i, i + 1, label, i, i + 1, label);
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
         .help = "horizontal axis: iteration (default) or mean evaluations"},
        {.name = "minus", .kind = HF_CLI_DOUBLE, .value = &o.minus, .arg = "F",
         .help = "plot best - F (e.g. the closed-form minimum, with --logy)"},
        {.name = "logy", .kind = HF_CLI_FLAG, .value = &o.logy, .help = "logarithmic y axis"},
        {.name = "title", .kind = HF_CLI_STRING, .value = &o.title, .arg = "TEXT",
         .help = "figure title"},
    };
    hf_cli_spec spec = {
        .command = CMD,
        .usage = "TRACE.csv [TRACE.csv ...] -o FILE.png [--x iter|evals] [--minus F] [--logy]",
        .summary = "Mean and spread (min-max over runs) of the best value per iteration, one\n"
                   "curve per trace file written by hertzfit fit profile --trace.",
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
    if (rc == 0 && c == NULL)
        rc = hf_cli_fail(CMD, "out of memory");
    size_t done = 0;
    for (; rc == 0 && done < files.count; ++done)
        rc = aggregate(files.items[done], o.minus, &c[done]);
    char *script = rc == 0 ? build_script(&o, c, files.count) : NULL;
    if (rc == 0 && script == NULL)
        rc = hf_cli_fail(CMD, "out of memory");
    if (rc == 0)
        rc = hf_cli_gnuplot(CMD, script);
    free(script);
    for (size_t i = 0; c != NULL && i < files.count; ++i)
        curve_stats_free(&c[i]);
    free(c);
    hf_cli_strings_free(&files);
    return rc;
}
