/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_convergence.c — `hertzfit plot convergence FILE... -o fig.png`:
 * convergence curves from trace files (hertzfit/trace.h: `hertzfit fit
 * profile --trace` or a campaign's trace.csv), like Fig. 9 of Sheikhi
 * Azqandi & Safaeifar 2023 (ICA vs ICACO).  Each (optimizer, problem) of
 * each FILE is one curve — a campaign's trace.csv holds many, and pooling
 * them would average unlike things — labelled by the optimizer, with the
 * problem when the curves' problems differ and the file when there are
 * several: the library's convergence band (hf_trace_band_alloc: at each
 * iteration or evaluation count, the mean over runs of their best value so
 * far as a line, the min-max spread as a shaded band), handed to gnuplot
 * inline, so the figure is drawn from exactly what the library computed.
 * The y axis says "RMS of the percentage error" only when every curve is a
 * profile fit's.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/trace.h"

/* At most this many curves in one figure (its key stays readable). */
#define CURVES_MAX 16

typedef struct plot_options {
    const char *output, *title, *xaxis;
    double minus;
    int logy;
} plot_options;

/* One curve: the runs of one (optimizer, problem) of one file, their
 * band and label. */
typedef struct curve {
    const char *file, *optimizer, *problem;   /* borrowed */
    hf_trace_run *runs;    /* shallow copies of the file's runs (owned array) */
    size_t n_runs;
    char label[256];
    hf_trace_band *band;   /* owned: hf_trace_band_free */
} curve;

/* Adds RUN of FILE to its (optimizer, problem) curve in C[0 .. *nc-1],
 * making the curve when it is new; 0, or 2/1 after one error line. */
static int add_run(const char *command, const char *file, const hf_trace_run *run, curve *c,
                   size_t *nc)
{
    size_t i = 0;
    while (i < *nc && !(c[i].file == file && strcmp(c[i].optimizer, run->optimizer) == 0 &&
                        strcmp(c[i].problem, run->problem) == 0))
        ++i;
    if (i == *nc) {
        if (*nc == CURVES_MAX)
            return hfc_fail(command, "%s: more than %d (optimizer, problem) pairs over the "
                            "files: a figure shows at most %d curves (split the trace)", file,
                            CURVES_MAX, CURVES_MAX);
        c[i] = (curve){.file = file, .optimizer = run->optimizer, .problem = run->problem};
        ++*nc;
    }
    hf_trace_run *grown = realloc(c[i].runs, (c[i].n_runs + 1) * sizeof *grown); /* owned */
    if (grown == NULL)
        return hfc_fail(command, "out of memory");
    grown[c[i].n_runs++] = *run;
    c[i].runs = grown;
    return 0;
}

/* The labels: the optimizer, " on PROBLEM" when the problems differ,
 * " (FILE)" with several files; returns whether every curve is a profile
 * fit's (its values are RMS percentages). */
static int label_curves(curve *c, size_t nc, size_t nfiles)
{
    int problems_differ = 0, all_profile = 1;
    for (size_t i = 0; i < nc; ++i) {
        problems_differ |= strcmp(c[i].problem, c[0].problem) != 0;
        all_profile &= strncmp(c[i].problem, "profile", 7) == 0;
    }
    for (size_t i = 0; i < nc; ++i)
        snprintf(c[i].label, sizeof c[i].label, "%s%s%s%s%s%s", c[i].optimizer,
                 problems_differ ? " on " : "", problems_differ ? c[i].problem : "",
                 nfiles > 1 ? " (" : "", nfiles > 1 ? c[i].file : "", nfiles > 1 ? ")" : "");
    return all_profile;
}

static hfc_plot *build_script(const plot_options *o, const curve *c, size_t nc, int rms)
{
    hfc_plot *p = hfc_plot_alloc(o->output, 960, 640, "font 'Sans,11'");
    hfc_plot_cmd(p, "set title ");
    hfc_plot_str(p, o->title, NULL);
    hfc_plot_cmd(p, " noenhanced\nset key top right\n");
    if (strcmp(o->xaxis, "evals") == 0)
        hfc_plot_cmd(p, "set xlabel 'evaluations'\n");
    else
        hfc_plot_cmd(p, "set xlabel 'iteration'\n");
    if (rms && o->minus != 0.0)
        hfc_plot_cmd(p, "set ylabel 'best RMS of the percentage error (%%) minus reference'\n");
    else if (rms)
        hfc_plot_cmd(p, "set ylabel 'best RMS of the percentage error (%%)'\n");
    else if (o->minus != 0.0)
        hfc_plot_cmd(p, "set ylabel 'best value of the objective minus reference'\n");
    else
        hfc_plot_cmd(p, "set ylabel 'best value of the objective'\n");
    hfc_plot_cmd(p, "set grid\nset style fill transparent solid 0.25 noborder\n");
    if (o->logy)
        hfc_plot_cmd(p, "set logscale y\n");
    for (size_t i = 0; i < nc; ++i) {
        const hf_trace_band *b = c[i].band;
        hfc_plot_block(p, "D%zu", i);
        for (size_t k = 0; k < b->n; ++k)
            if (b->runs[k] > 0) {
                const double row[4] = {b->x[k], b->mean[k] - o->minus, b->min[k] - o->minus,
                                       b->max[k] - o->minus};
                hfc_plot_row(p, 4, row);
            }
        hfc_plot_block_end(p);
    }
    hfc_plot_cmd(p, "plot ");
    for (size_t i = 0; i < nc; ++i) {
        /* the label comes from a file: quoted inert, printed as it is */
        if (i > 0)
            hfc_plot_cmd(p, ", ");
        hfc_plot_cmd(p, "$D%zu using 1:3:4 with filledcurves lc %zu title ", i, i + 1);
        hfc_plot_str(p, c[i].label, " (min-max)");
        hfc_plot_cmd(p, " noenhanced, $D%zu using 1:2 with lines lw 2 lc %zu title ", i, i + 1);
        hfc_plot_str(p, c[i].label, " (mean)");
        hfc_plot_cmd(p, " noenhanced");
    }
    hfc_plot_cmd(p, "\n");
    return p;
}

/* The runs of trace file PATH read into *trace and added to the curves. */
static int read_curves(const char *command, const char *path, hf_trace_file **trace,
                       curve *c, size_t *nc)
{
    hf_diag diag = {{0}};
    hf_status st = hf_trace_read(path, trace, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    if ((*trace)->n_runs == 0)
        return hfc_fail(command, "%s: no trace rows", path);
    int rc = 0;
    for (size_t r = 0; rc == 0 && r < (*trace)->n_runs; ++r)
        rc = add_run(command, path, &(*trace)->runs[r], c, nc);
    return rc;
}

/* Each curve's band over its runs along AXIS. */
static int band_curves(const char *command, curve *c, size_t nc, hf_trace_axis axis)
{
    for (size_t i = 0; i < nc; ++i) {
        hf_diag diag = {{0}};
        hf_status st = hf_trace_band_alloc(c[i].runs, c[i].n_runs, axis, &c[i].band, &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
    }
    return 0;
}

/* The figure of the trace files FILES. */
static int plot_traces(const char *command, const plot_options *o, const hfc_texts *files)
{
    int rc = 0;
    /* freed at the end */
    curve *c = calloc(CURVES_MAX, sizeof *c);
    size_t nc = 0;
    hf_trace_file **traces = calloc(files->n, sizeof *traces);
    if (c == NULL || traces == NULL)
        rc = hfc_fail(command, "out of memory");
    hf_trace_axis axis = strcmp(o->xaxis, "evals") == 0 ? HF_TRACE_EVALUATIONS
                                                        : HF_TRACE_ITERATIONS;
    for (size_t i = 0; rc == 0 && i < files->n; ++i)
        rc = read_curves(command, files->v[i], &traces[i], c, &nc);
    if (rc == 0)
        rc = band_curves(command, c, nc, axis);
    if (rc == 0)
        rc = hfc_plot_run(build_script(o, c, nc, label_curves(c, nc, files->n)), command);
    for (size_t i = 0; c != NULL && i < nc; ++i) {
        hf_trace_band_free(c[i].band);
        free(c[i].runs);
    }
    for (size_t i = 0; traces != NULL && i < files->n; ++i)
        hf_trace_file_free(traces[i]);
    free(c);
    free(traces);
    return rc;
}

static int run_plot_convergence(int argc, char **argv)
{
    static const char *const axes[] = {"iter", "evals", NULL};
    plot_options o = {.output = NULL, .title = "Convergence over runs", .xaxis = "iter"};
    hfc_texts files = {0};
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&o.output, "FILE.png", "write the figure to FILE.png", 1),
        {.name = "x", .kind = HFC_WORD, .value = &o.xaxis, .words = axes,
         .help = "horizontal axis: iteration (default) or evaluations"},
        {.name = "minus", .kind = HFC_REAL, .value = &o.minus, .arg = "F",
         .help = "plot best - F (e.g. the closed-form minimum, with --logy)"},
        {.name = "logy", .kind = HFC_FLAG, .value = &o.logy, .help = "logarithmic y axis"},
        {.name = "title", .kind = HFC_TEXT, .value = &o.title, .arg = "TEXT",
         .help = "figure title"},
    };
    hfc_opt positional = {.name = "trace file", .kind = HFC_TEXTS, .value = &files,
                          .arg = "TRACE.csv", .count_min = 1, .count_max = 16};
    hfc_spec spec = {argv[0],
                     "Mean and spread (min-max over runs) of the best value per iteration or\n"
                     "evaluation count, one curve per (optimizer, problem) of each trace file\n"
                     "(fit profile --trace, or a campaign's trace.csv; at most 16 curves).",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", o.output)) != 0) {
        hfc_free(&spec);
        return rc;
    }
    rc = plot_traces(argv[0], &o, &files);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_plot_convergence_command = {
    "convergence", "convergence curves from trace files (ICACO Fig. 9)", run_plot_convergence,
    NULL, 0, NULL};
