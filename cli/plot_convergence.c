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

#include <stdlib.h>
#include <string.h>

#include "hertzfit/trace.h"

/* The optimizer every run of F names, or NULL when they differ. */
static const char *common_optimizer(const hf_trace_file *f)
{
    for (size_t r = 1; r < f->n_runs; ++r)
        if (strcmp(f->runs[r].optimizer, f->runs[0].optimizer) != 0)
            return NULL;
    return f->n_runs ? f->runs[0].optimizer : NULL;
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

static hfc_plot *build_script(const plot_options *o, const curve *c, size_t nc)
{
    hfc_plot *p = hfc_plot_alloc(o->output, 960, 640, "font 'Sans,11'");
    hfc_plot_cmd(p, "set title ");
    hfc_plot_str(p, o->title, NULL);
    hfc_plot_cmd(p, " noenhanced\nset key top right\n");
    if (strcmp(o->xaxis, "evals") == 0)
        hfc_plot_cmd(p, "set xlabel 'evaluations'\n");
    else
        hfc_plot_cmd(p, "set xlabel 'iteration'\n");
    if (o->minus != 0.0)
        hfc_plot_cmd(p, "set ylabel 'best RMS of the percentage error (%%) minus reference'\n");
    else
        hfc_plot_cmd(p, "set ylabel 'best RMS of the percentage error (%%)'\n");
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

/* The curve of trace file PATH (*TRACE keeps the file): its band and its
 * label, the optimiser's name when one ran every run, else the path. */
static int read_curve(const char *command, const char *path, hf_trace_axis axis,
                      hf_trace_file **trace, curve *c)
{
    int rc = 0;
    hf_diag diag = {{0}};
    hf_status st = hf_trace_read(path, trace, &diag);
    if (st == HF_OK && (*trace)->n_runs == 0)
        rc = hfc_fail(command, "%s: no trace rows", path);
    else if (st == HF_OK)
        st = hf_trace_band_alloc((*trace)->runs, (*trace)->n_runs, axis, &c->band, &diag);
    if (rc == 0 && st != HF_OK)
        rc = hfc_fail_status(command, NULL, st, &diag);
    if (rc == 0) {
        const char *name = common_optimizer(*trace);
        c->label = name ? name : path;
    }
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
                     "evaluation count, one curve per trace file (fit profile --trace, or a\n"
                     "campaign's trace.csv).",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", o.output)) != 0) {
        hfc_free(&spec);
        return rc;
    }
    /* freed at the end */
    curve *c = calloc(files.n, sizeof *c);
    hf_trace_file **traces = calloc(files.n, sizeof *traces);
    if (c == NULL || traces == NULL)
        rc = hfc_fail(argv[0], "out of memory");
    hf_trace_axis axis = strcmp(o.xaxis, "evals") == 0 ? HF_TRACE_EVALUATIONS
                                                       : HF_TRACE_ITERATIONS;
    for (size_t i = 0; rc == 0 && i < files.n; ++i)
        rc = read_curve(argv[0], files.v[i], axis, &traces[i], &c[i]);
    if (rc == 0)
        rc = hfc_plot_run(build_script(&o, c, files.n), argv[0]);
    for (size_t i = 0; c != NULL && i < files.n; ++i) {
        hf_trace_band_free(c[i].band);
        hf_trace_file_free(traces ? traces[i] : NULL);
    }
    free(c);
    free(traces);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_plot_convergence_command = {
    "convergence", "convergence curves from trace files (ICACO Fig. 9)", run_plot_convergence,
    NULL, 0, NULL};
