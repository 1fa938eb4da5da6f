/*
 * cli/plot_trace.c — `hertzfit plot trace`: every drop's measured force
 * history F(t) − baseline against the time since its contact start (both
 * from the extraction, hertzfit/maxwell_trace.h) with Hunter's model at a
 * material given on the command line (hf_maxwell_force_history at the same
 * sample times), and the residuals measured − model below.  The material
 * is an option so the figure can be drawn with any estimate: a feature
 * fit's, a whole-curve fit's, or a guess.
 */
#include "cli.h"
#include "cmd_maxwell.h"

#include <math.h>
#include <stdlib.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_trace.h"

/* Part of the record drawn before the contact start and after its end,
 * relative to the contact duration. */
#define MARGIN 0.1

/* $dropK: t − t0 [ms], F − b [N], the model [N] and the residual [N] over
 * the contact and its margins; 0, or prints one line and returns 1 or 2. */
static int add_drop(hfc_plot *p, const char *command, size_t k, const hf_maxwell_trace *tr,
                    const hf_maxwell_impact *imp, const hf_maxwell_material *mat)
{
    hf_maxwell_impact_features f;
    size_t nf = 0;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_trace_extract(tr, imp, 1, &f, &nf, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    if (!isfinite(f.t0) || !isfinite(f.t_c)) {
        fprintf(stderr, "hertzfit %s: warning: %s: %s, not drawn\n", command, tr->path,
                hf_maxwell_extract_status_name(f.status));
        return 0;
    }
    double *s = malloc(sizeof(double) * tr->n), *F = malloc(sizeof(double) * tr->n); /* freed below */
    if (s == NULL || F == NULL) {
        free(s);
        free(F);
        return hfc_fail(command, "out of memory");
    }
    for (size_t i = 0; i < tr->n; ++i)
        s[i] = tr->t[i] - f.t0;
    st = hf_maxwell_force_history(mat, imp, NULL, tr->n, s, F, &diag);
    if (st == HF_OK) {
        hfc_plot_block(p, "drop%zu", k);
        for (size_t i = 0; i < tr->n; ++i) {
            if (s[i] < -MARGIN * f.t_c || s[i] > (1.0 + MARGIN) * f.t_c)
                continue;
            double y = tr->F[i] - f.baseline;
            const double row[4] = {1e3 * s[i], y, F[i], y - F[i]};
            hfc_plot_row(p, 4, row);
        }
        hfc_plot_block_end(p);
    }
    free(s);
    free(F);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

static int run_plot_trace(int argc, char **argv)
{
    const char *png = NULL, *data = NULL, *delimiter = NULL;
    double g = NAN;
    hf_maxwell_material mat = {NAN, NAN, NAN};
    hfc_opt opts[] = {
        {.name = "data", .kind = HFC_TEXT, .value = &data, .arg = "LIST", .required = 1,
         .help = "test list with a 'trace' column (see 'maxwell extract')"},
        HFC_MAXWELL_READ_OPTIONS(&delimiter, &g),
        {.name = "mu0", .kind = HFC_REAL, .value = &mat.mu0, .arg = "PA", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "the model's shear modulus [Pa]"},
        {.name = "eta", .kind = HFC_REAL, .value = &mat.eta, .arg = "PER_S", .required = 1,
         .limits = HFC_MIN, .min = 0.0, .help = "the model's inverse relaxation time [1/s]"},
        HFC_OPT_NU(&mat.nu, "Poisson's ratio of the model"),
        HFC_OPT_OUTPUT(&png, "FILE.png", "write the figure to FILE.png", 1),
    };
    hfc_spec spec = {argv[0],
                     "Each drop's measured force (above its baseline, against the time since\n"
                     "its contact start, both from 'maxwell extract') with Hunter's model at\n"
                     "the material given, and the residuals measured - model.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", png)) != 0)
        return rc;
    hf_maxwell_data *d = NULL; /* freed below */
    if ((rc = hfc_maxwell_read(argv[0], data, delimiter, g, 1, &d)) != 0)
        return rc;
    hfc_plot *p = hfc_plot_alloc(png, 960, 720, "enhanced");
    for (size_t i = 0; i < d->n && rc == 0; ++i)
        rc = add_drop(p, argv[0], i + 1, &d->trace[i], &d->impact[i], &mat);
    if (rc != 0) {
        hfc_plot_free(p);
        hf_maxwell_data_free(d);
        return rc;
    }
    hfc_plot_cmd(p, "set grid\nset key outside right top\nset multiplot layout 2,1\n"
                    "set lmargin 10\nset title ");
    char title[200];
    snprintf(title, sizeof title, "Force histories and Hunter's model at mu_0 = %.4g Pa, "
             "eta = %.4g 1/s, nu = %.3g", mat.mu0, mat.eta, mat.nu);
    hfc_plot_str(p, title, NULL);
    hfc_plot_cmd(p, "\nset ylabel 'F - baseline  [N]'\nset xlabel 'time since contact start  "
                    "[ms]'\nplot ");
    for (size_t i = 0; i < d->n; ++i) {
        if (i > 0)
            hfc_plot_cmd(p, ", ");
        hfc_plot_cmd(p, "$drop%zu using 1:2 with points pt 7 ps 0.3 lc %zu title 'drop %zu', "
                        "$drop%zu using 1:3 with lines lw 1.5 lc %zu notitle",
                     i + 1, i + 1, i + 1, i + 1, i + 1);
    }
    hfc_plot_cmd(p, "\nset title 'Residuals: measured - model'\nset ylabel 'residual  [N]'\n"
                    "plot ");
    for (size_t i = 0; i < d->n; ++i) {
        if (i > 0)
            hfc_plot_cmd(p, ", ");
        hfc_plot_cmd(p, "$drop%zu using 1:4 with points pt 7 ps 0.3 lc %zu notitle", i + 1,
                     i + 1);
    }
    hfc_plot_cmd(p, "\nunset multiplot\n");
    hf_maxwell_data_free(d);
    return hfc_plot_run(p, argv[0]);
}

const hfc_command hfc_plot_trace_command = {
    "trace", "measured force histories, Hunter's model and residuals", run_plot_trace, NULL,
    0, NULL};
