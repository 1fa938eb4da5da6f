/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_copt.c — "hertzfit copt" and "hertzfit copt fit": the optimal
 * linear damping of Poursina & Nikravesh 2020 for the Hertz + linear
 * damper contact separating at zero force, next to their closed form
 * (Eqs. 46–49) and the restitution that closed form really gives; and the
 * refit of α(n), β(n) over an (n, e) grid in parallel.
 */
#define _POSIX_C_SOURCE 200809L   /* isatty, fileno */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hertzfit/damping.h"
#include "hertzfit/copt_refit.h"
#include "hertzfit/impact.h"

/* ---- copt --------------------------------------------------------------- */

static int copt_rows(const char *command, hfc_table *t, double n, const hfc_reals *es,
                     double m, double k, double v, const hf_copt_options *o)
{
    for (size_t i = 0; i < es->n; ++i) {
        double e = es->v[i], c, cf, e_cf;
        hf_diag diag = {{0}};
        const hf_contact contact = {.mass = m, .stiffness = k, .exponent = n,
                                    .approach_speed = v};
        hf_status st = hf_copt_solve(&contact, e, o, &c, &diag);
        if (st == HF_OK)
            st = hf_copt_closed_form(&contact, e, hf_copt_alpha_paper(n), hf_copt_beta_paper(n),
                                     &cf, &diag);
        if (st == HF_OK)
            st = hf_copt_e_out(&contact, cf, o->ode_tol, &e_cf, &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        hfc_table_numf(t, "%.4g", n);
        hfc_table_numf(t, "%.6g", e);
        hfc_table_numf(t, "%.10g", c);
        hfc_table_numf(t, "%.10g", cf);
        hfc_table_numf(t, "%.10f", e_cf);
    }
    return 0;
}

static int copt_solve(int argc, char **argv)
{
    double n = 1.5, m = 1.0, k = 1.0, v = 1.0, c_max = 0.0;
    int csv = 0;
    hfc_reals es = {0};
    hfc_opt opts[] = {
        {.name = "n", .kind = HFC_REAL, .value = &n, .arg = "N", .limits = HFC_MIN | HFC_MAX,
         .min = 1.0, .max = 2.0, .help = "Hertz exponent (default 1.5)"},
        {.name = "e", .kind = HFC_REALS, .value = &es, .arg = "E", .required = 1,
         .limits = HFC_MIN | HFC_MAX, .min = HF_IMPACT_E_MIN, .max = 1.0,
         .help = "desired restitutions"},
        {.name = "m", .kind = HFC_REAL, .value = &m, .arg = "KG",
         .help = "effective mass, kg (default 1)"},
        {.name = "k", .kind = HFC_REAL, .value = &k, .arg = "K",
         .help = "Hertz stiffness, N/m^n (default 1)"},
        {.name = "v0", .kind = HFC_REAL, .value = &v, .arg = "MPS",
         .help = "impact speed, m/s (default 1)"},
        {.name = "c-max", .kind = HFC_REAL, .value = &c_max, .arg = "C", .limits = HFC_MIN,
         .min = 0.0, .help = "search c in [0, C] only (default: the bound of Eq. 33); at most 1e12 "
                 "x 2S/(n+1), the damping scale of Eq. 34"},
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Optimal damping c_opt of the Hertz + linear damper contact\n"
                     "m x'' + c x' + k x^n = 0 separating at zero force (Poursina & Nikravesh\n"
                     "2020, Eqs. 20-23): the c whose simulated output restitution is E (GSL\n"
                     "Brent on e_out(c) - E, relative tolerance 1e-10, one dimensionless solve\n"
                     "scaled by Eq. 34).  c_closed_form is Eq. 49 with alpha, beta of\n"
                     "Eqs. 46-47, and e_out_closed_form the restitution that c_closed_form\n"
                     "really gives.",
                     opts, HFC_COUNT(opts), NULL, &hfc_copt_command};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    /* every value is checked before anything is computed: one error line */
    const hf_contact contact = {.mass = m, .stiffness = k, .exponent = n, .approach_speed = v};
    for (size_t i = 0; i < es.n && rc == 0; ++i) {
        hf_diag diag = {{0}};
        hf_status st = hf_copt_check(&contact, es.v[i], &diag);
        if (st != HF_OK)
            rc = hfc_fail_status(argv[0], NULL, st, &diag);
    }
    static const char *const headers[] = {"n", "e", "c_opt", "c_closed_form",
                                          "e_out_closed_form"};
    hfc_table *t = rc == 0 ? hfc_table_alloc(csv, 5, headers) : NULL;
    if (rc == 0) {
        hf_copt_options o;
        hf_copt_options_init(&o);
        o.c_max = c_max;
        rc = copt_rows(argv[0], t, n, &es, m, k, v, &o);
    }
    if (rc == 0)
        rc = hfc_table_print(t);
    else
        hfc_table_free(t);
    hfc_free(&spec);
    return rc;
}

/* ---- copt fit ------------------------------------------------------------ */

static void show_progress(size_t done, size_t total, void *user)
{
    (void)user;
    fprintf(stderr, "\rcopt fit: %zu/%zu n values", done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

static int run_refit(const char *command, const hf_copt_refit_config *cfg, int csv)
{
    size_t nn = cfg->n_count;
    double *out = malloc(sizeof(double) * 3 * nn);   /* alpha, beta, rms; freed below */
    if (out == NULL)
        return hfc_fail(command, "out of memory");
    double *alpha = out, *beta = out + nn, *rms = out + 2 * nn;
    hf_diag diag = {{0}};
    hf_status st = hf_copt_refit(cfg, alpha, beta, rms, &diag);
    if (st != HF_OK) {
        free(out);
        return hfc_fail_status(command, NULL, st, &diag);
    }
    static const char *const headers[] = {"n", "alpha", "beta", "rms_residual", "alpha_eq46",
                                          "beta_eq47"};
    hfc_table *t = hfc_table_alloc(csv, 6, headers);   /* freed by hfc_table_print */
    for (size_t i = 0; i < nn; ++i) {
        double n = cfg->n_grid[i];
        hfc_table_numf(t, "%.4f", n);
        hfc_table_numf(t, "%.6f", alpha[i]);
        hfc_table_numf(t, "%.6f", beta[i]);
        hfc_table_numf(t, "%.3e", rms[i]);
        hfc_table_numf(t, "%.6f", hf_copt_alpha_paper(n));
        hfc_table_numf(t, "%.6f", hf_copt_beta_paper(n));
    }
    free(out);
    return hfc_table_print(t);
}

static int copt_fit(int argc, char **argv)
{
    hfc_grid n_spec = {0}, e_spec = {0};
    unsigned long long threads = 0;
    int csv = 0;
    hfc_opt opts[] = {
        {.name = "n-grid", .kind = HFC_GRID, .value = &n_spec, .arg = "START:STEP:STOP",
         .limits = HFC_MIN | HFC_MAX, .min = 1.0, .max = 2.0,
         .help = "n values, or one n (default: the paper's 100 values from 1 to 2)"},
        {.name = "e-grid", .kind = HFC_GRID, .value = &e_spec, .arg = "START:STEP:STOP",
         .limits = HFC_MIN | HFC_MAX, .min = HF_IMPACT_E_MIN, .max = 1.0,
         .help = "e values (default: the paper's 600 values from 0.45 to 1)"},
        HFC_OPT_THREADS(&threads),
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Refit Poursina & Nikravesh's alpha(n), beta(n) (Eqs. 45-47): for each n,\n"
                     "c_opt at m = k = v = 1 for every e of the grid, then the least-squares fit\n"
                     "c_opt = alpha (e^beta - 1) (alpha by regression, beta by GSL Brent).\n"
                     "alpha_eq46, beta_eq47 are the paper's fitted polynomials for comparison.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    double paper_n[HF_COPT_PAPER_N], paper_e[HF_COPT_PAPER_E];
    hf_copt_refit_paper_grids(paper_n, paper_e);
    double *ns = NULL, *es = NULL;   /* freed below, when given */
    hf_copt_refit_config cfg;
    hf_copt_refit_config_init(&cfg);
    cfg.n_grid = paper_n;
    cfg.n_count = HF_COPT_PAPER_N;
    cfg.e_grid = paper_e;
    cfg.e_count = HF_COPT_PAPER_E;
    if (hfc_given(&spec, "n-grid") &&
        (rc = hfc_grid_values(argv[0], &n_spec, &ns, &cfg.n_count)) == 0)
        cfg.n_grid = ns;
    if (rc == 0 && hfc_given(&spec, "e-grid") &&
        (rc = hfc_grid_values(argv[0], &e_spec, &es, &cfg.e_count)) == 0)
        cfg.e_grid = es;
    cfg.threads = (int)threads;
    cfg.progress = isatty(fileno(stderr)) ? show_progress : NULL;
    if (rc == 0)
        rc = run_refit(argv[0], &cfg, csv);
    free(ns);
    free(es);
    return rc;
}

static const hfc_command copt_fit_command = {
    "fit", "refit alpha(n), beta(n) of Eqs. 46-47 over an (n, e) grid", copt_fit, NULL, 0,
    NULL};
static const hfc_command *const copt_subs[] = {&copt_fit_command};

const hfc_command hfc_copt_command = {
    "copt", "Poursina-Nikravesh optimal linear damping", copt_solve, copt_subs,
    HFC_COUNT(copt_subs), NULL};
