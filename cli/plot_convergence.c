/*
 * cli/plot_convergence.c — `hertzfit plot convergence FILE... -o fig.png`:
 * convergence curves from trace files (hertzfit/trace.h: `hertzfit fit
 * profile --trace` or a campaign's trace.csv), like Fig. 9 of Sheikhi
 * Azqandi & Safaeifar 2023 (ICA vs ICACO).  Each FILE is one curve,
 * labelled by the optimizer column when all its runs share one (else by
 * the file name): the library's convergence band (hf_trace_band_alloc:
 * at each iteration or evaluation count, the mean over runs of their best
 * value so far as a line, the min-max spread as a shaded band), handed to
 * gnuplot inline, so the figure is drawn from exactly what the library
 * computed.
 */
#include "cli.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/trace.h"

#define CMD "plot convergence"

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

/* One curve: a file's band and its label (borrowed). */
typedef struct curve {
    const char *label;
    hf_trace_band *band;   /* owned: hf_trace_band_free */
} curve;

static char *build_script(const plot_options *o, const curve *c, size_t nc)
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
        const hf_trace_band *b = c[i].band;
        bad |= append(&s, &len, &cap, "$D%zu << EOD\n", i);
        for (size_t k = 0; k < b->n && !bad; ++k)
            if (b->runs[k] > 0)
                bad |= append(&s, &len, &cap, "%.17g %.17g %.17g %.17g\n", b->x[k],
                              b->mean[k] - o->minus, b->min[k] - o->minus,
                              b->max[k] - o->minus);
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
    curve *c = calloc(files.count, sizeof *c);
    hf_trace_file **traces = calloc(files.count, sizeof *traces);
    if (rc == 0 && (c == NULL || traces == NULL))
        rc = hf_cli_fail(CMD, "out of memory");
    hf_trace_axis axis = strcmp(o.xaxis, "evals") == 0 ? HF_TRACE_EVALUATIONS
                                                       : HF_TRACE_ITERATIONS;
    for (size_t i = 0; rc == 0 && i < files.count; ++i) {
        hf_diag diag = {{0}};
        hf_status st = hf_trace_read(files.items[i], &traces[i], &diag);
        if (st == HF_OK && traces[i]->n_runs == 0)
            rc = hf_cli_fail(CMD, "%s: no trace rows", files.items[i]);
        else if (st == HF_OK)
            st = hf_trace_band_alloc(traces[i]->runs, traces[i]->n_runs, axis, &c[i].band,
                                     &diag);
        if (rc == 0 && st != HF_OK)
            rc = hf_cli_fail_status(CMD, st, &diag);
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
        hf_trace_band_free(c[i].band);
        hf_trace_file_free(traces ? traces[i] : NULL);
    }
    free(c);
    free(traces);
    hf_cli_strings_free(&files);
    return rc;
}
