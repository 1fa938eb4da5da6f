/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_viscoelastic.c — `hertzfit viscoelastic`: the exact viscoelastic
 * Hertz impact (hertzfit/viscoelastic.h) for a Prony-series material,
 * one impact (`simulate`) and the master curves on it beside Hunter's model
 * and Argatov's first-order formulas (`curves`, with `--limits` and
 * `--longer`).  docs/viscoelastic.md.
 */
#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/viscoelastic.h"
#include "hertzfit/viscoelastic_fit.h"

#include "cmd_maxwell.h"

/* ---- viscoelastic simulate ----------------------------------------------- */

/* The spectrum from --eta (rates, 1/s) and --weight (Gᵢ/G(0)), or --alpha
 * for a single rate; 0, or 2 after one line naming the option. */
static int build_spectrum(const char *command, const hfc_reals *eta, const hfc_reals *weight,
                          double alpha, int alpha_given, hf_prony *p)
{
    if (weight->n > 0 && alpha_given)
        return hfc_fail(command, "--alpha: give either --alpha (one rate) or --weight");
    if (weight->n > 0 && weight->n != eta->n)
        return hfc_fail(command, "--weight: %zu weights for %zu rates", weight->n, eta->n);
    hf_diag diag = {{0}};
    if (hf_prony_from_rates(eta->n, eta->v, weight->n > 0 ? weight->v : NULL, alpha, p,
                            &diag) != HF_OK)
        return hfc_fail(command, "--%s", diag.text);
    return 0;
}

static int cmd_simulate(int argc, char **argv)
{
    double mu0 = NAN, nu = NAN, m = NAN, R = NAN, V0 = NAN, alpha = 1.0;
    int csv = 0;
    hfc_reals eta = {NULL, 0}, weight = {NULL, 0};
    hfc_opt opts[] = {
        {.name = "mu0", .kind = HFC_REAL, .value = &mu0, .arg = "PA", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "instantaneous shear modulus G(0)"},
        {.name = "nu", .kind = HFC_REAL, .value = &nu, .arg = "N", .required = 1,
         .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = 0.5, .help = "Poisson's ratio"},
        {.name = "eta", .kind = HFC_REALS, .value = &eta, .arg = "RATE", .required = 1,
         .limits = HFC_MIN, .min = 0.0,
         .help = "relaxation rates 1/tau_i of the Prony terms [1/s], at most 10"},
        {.name = "weight", .kind = HFC_REALS, .value = &weight, .arg = "G",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,
         .help = "their moduli G_i/G(0), one per rate; G_inf/G(0) = 1 - their sum"},
        {.name = "alpha", .kind = HFC_REAL, .value = &alpha, .arg = "A",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0, .excludes = "weight",
         .help = "one rate: the standard linear solid mu0[(1 - A) + A exp(-eta t)] "
                 "(Argatov's Eq. 47); default 1, the Maxwell solid"},
        {.name = "m", .kind = HFC_REAL, .value = &m, .arg = "KG", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "mass of the sphere"},
        {.name = "R", .kind = HFC_REAL, .value = &R, .arg = "M", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "radius of the sphere"},
        {.name = "v0", .kind = HFC_REAL, .value = &V0, .arg = "MPS", .required = 1,
         .limits = HFC_ABOVE, .min = 0.0, .help = "impact speed"},
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "The exact quasi-static impact of a rigid sphere on a linear viscoelastic\n"
                     "half-space with G(t) = G(0)[G_inf/G(0) + sum G_i/G(0) exp(-eta_i t)]:\n"
                     "Lee-Radok loading, Ting's unloading (no Hunter approximation).  Prints\n"
                     "the peak force F_M, its time t_M, the contact duration t_c, the\n"
                     "coefficient of restitution e, Argatov's eps = -G'(0)/G(0) w_m0/V0 and\n"
                     "the maximum approach w_m.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_viscoelastic_material mat = {mu0, nu, {0.0, 0, {0}, {0}}};
    rc = build_spectrum(argv[0], &eta, &weight, alpha, hfc_given(&spec, "alpha"), &mat.relax);
    hfc_free(&spec);
    if (rc != 0)
        return rc;
    const hf_maxwell_impact imp = {m, R, V0};
    hf_maxwell_response r;
    hf_diag diag = {{0}};
    hf_status st = hf_viscoelastic_simulate(&mat, &imp, NULL, &r, &diag);
    if (st != HF_OK)
        return hfc_fail_status(argv[0], NULL, st, &diag);
    const char *headers[] = {"F_M_N", "t_M_s", "t_c_s", "e", "eps", "w_m_m"};
    hfc_table *t = hfc_table_alloc(csv, 6, headers); /* freed by hfc_table_print */
    const double v[6] = {r.F_M, r.t_M, r.t_c, r.e, r.eps, r.w_m};
    for (int j = 0; j < 6; ++j)
        hfc_table_num(t, v[j]);
    return hfc_table_print(t);
}

/* ---- viscoelastic curves ------------------------------------------------- */

static const char *const short_names[HF_ARGATOV_MASTER_N] = {"wm", "FM", "tM", "tc", "e"};

static int print_curves(const char *command, int csv, double eps_max,
                        unsigned long long points, const hfc_reals *alphas,
                        const hf_argatov_constants *k)
{
    const char *headers[2 + 3 * HF_ARGATOV_MASTER_N];
    char names[3 * HF_ARGATOV_MASTER_N][24];
    headers[0] = "alpha";
    headers[1] = "eps";
    static const char *const kinds[3] = {"exact", "hunter", "asym"};
    for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j)
        for (int c = 0; c < 3; ++c) {
            snprintf(names[3 * j + c], sizeof names[0], "%s_%s", short_names[j], kinds[c]);
            headers[2 + 3 * j + c] = names[3 * j + c];
        }
    hfc_table *t = hfc_table_alloc(csv, 2 + 3 * HF_ARGATOV_MASTER_N, headers);
    for (size_t a = 0; a < alphas->n; ++a)
        for (unsigned long long i = 0; i < points; ++i) {
            double eps = eps_max * (double)i / (double)(points - 1);
            hf_viscoelastic_master_point p;
            hf_diag diag = {{0}};
            hf_status st = hf_viscoelastic_master_evaluate(k, eps, alphas->v[a], &p, &diag);
            if (st != HF_OK) {
                hfc_table_free(t);
                return hfc_fail_status(command, NULL, st, &diag);
            }
            hfc_table_numf(t, "%g", alphas->v[a]);
            hfc_table_numf(t, "%.3f", eps);
            for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
                hfc_table_numf(t, "%.5f", p.exact[j]);
                hfc_table_numf(t, "%.5f", p.hunter[j]);
                hfc_table_numf(t, "%.5f", p.asymptotic[j]);
            }
        }
    return hfc_table_print(t);
}

static int print_limits(const char *command, int csv, double tol, const hfc_reals *alphas,
                        const hf_argatov_constants *k)
{
    const char *headers[] = {"alpha", "quantity", "hunter_eps", "hunter_limit",
                             "first_order_eps", "first_order_limit"};
    hfc_table *t = hfc_table_alloc(csv, 6, headers); /* freed by hfc_table_print */
    for (size_t a = 0; a < alphas->n; ++a) {
        hf_viscoelastic_master_limits lim;
        hf_diag diag = {{0}};
        hf_status st = hf_viscoelastic_master_limits_find(k, tol, alphas->v[a], &lim, &diag);
        if (st != HF_OK) {
            hfc_table_free(t);
            return hfc_fail_status(command, NULL, st, &diag);
        }
        for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
            hfc_table_numf(t, "%g", alphas->v[a]);
            hfc_table_str(t, hf_argatov_master_name((hf_argatov_master_id)j));
            hfc_table_numf(t, "%.4f", lim.hunter[j].eps);
            hfc_table_str(t, lim.hunter[j].bounded ? "reached" : "beyond_scan");
            hfc_table_numf(t, "%.4f", lim.asymptotic[j].eps);
            hfc_table_str(t, lim.asymptotic[j].bounded ? "reached" : "beyond_scan");
        }
    }
    return hfc_table_print(t);
}

static int print_longer(const char *command, int csv, const hfc_reals *alphas)
{
    const char *headers[] = {"alpha", "Ginf_G0", "eps_longer", "longer"};
    hfc_table *t = hfc_table_alloc(csv, 4, headers); /* freed by hfc_table_print */
    for (size_t a = 0; a < alphas->n; ++a) {
        double eps;
        int found;
        hf_diag diag = {{0}};
        hf_status st = hf_viscoelastic_longer_contact(alphas->v[a], &eps, &found, &diag);
        if (st != HF_OK) {
            hfc_table_free(t);
            return hfc_fail_status(command, NULL, st, &diag);
        }
        hfc_table_numf(t, "%g", alphas->v[a]);
        hfc_table_numf(t, "%g", 1.0 - alphas->v[a]);
        hfc_table_numf(t, "%.4f", eps);
        hfc_table_str(t, found ? "above" : "never_in_scan");
    }
    return hfc_table_print(t);
}

static int cmd_curves(int argc, char **argv)
{
    double eps_max = 0.5, tol = 0.05, maxwell = 1.0;
    unsigned long long points = 11;
    int csv = 0, limits = 0, longer = 0;
    hfc_reals alphas = {NULL, 0};
    hfc_opt opts[] = {
        {.name = "alpha", .kind = HFC_REALS, .value = &alphas, .arg = "A",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,
         .help = "standard linear solid(s) with relaxing fraction A = 1 - G_inf/G(0) "
                 "(Argatov's Eq. 47; eps of Eq. 49); default 1, the Maxwell solid"},
        {.name = "eps-max", .kind = HFC_REAL, .value = &eps_max, .arg = "EPS",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = HF_HUNTER_EPS_MAX,
         .excludes = "limits", .help = "largest eps of the table (default 0.5)"},
        {.name = "points", .kind = HFC_INT, .value = &points, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 100000, .excludes = "limits",
         .help = "rows per alpha, eps evenly spaced from 0 (default 11)"},
        {.name = "limits", .kind = HFC_FLAG, .value = &limits, .excludes = "longer",
         .help = "print instead the eps where Hunter's model and the first-order formulas "
                 "leave --tol of the exact solution (Brent's method)"},
        {.name = "tol", .kind = HFC_REAL, .value = &tol, .arg = "REL", .needs = "limits",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 0.5,
         .help = "relative tolerance of --limits (default 0.05, Argatov's 5 %)"},
        {.name = "longer", .kind = HFC_FLAG, .value = &longer,
         .help = "print instead the eps above which the exact contact lasts longer than "
                 "Hertz's t_c0 (Brent's method; scan to eps = 3)"},
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Argatov's master curves on the exact viscoelastic impact: maximum\n"
                     "approach w_m/w_m0, peak force F_M/F_M0, its time t_M/t_m0, contact\n"
                     "duration t_c/t_c0 and restitution e against eps (Eq. 23; Eq. 49 for\n"
                     "the standard linear solid), each exact (Lee-Radok and Ting), from\n"
                     "Hunter's model and from the first-order formulas (columns *_asym).\n"
                     "The Hertz values use the instantaneous modulus G(0).",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hfc_reals use = alphas.n > 0 ? alphas : (hfc_reals){&maxwell, 1};
    hf_argatov_constants k;
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    else if (limits)
        rc = print_limits(argv[0], csv, tol, &use, &k);
    else if (longer)
        rc = print_longer(argv[0], csv, &use);
    else
        rc = print_curves(argv[0], csv, eps_max, points, &use, &k);
    hfc_free(&spec);
    return rc;
}

/* ---- viscoelastic fit ---------------------------------------------------- */

/* The rows of fit K of S: one per parameter. */
static void selection_rows(hfc_table *t, const hf_viscoelastic_selection *s, size_t k)
{
    const hf_viscoelastic_fit *f = &s->fit[k];
    char name[32];
    hf_viscoelastic_law_name(&f->law, name, sizeof name);
    int failed = f->status == HF_VISCOELASTIC_FIT_FAILED;
    for (size_t j = 0; j < f->k; ++j) {
        hfc_table_str(t, name);
        hfc_table_str(t, hf_viscoelastic_fit_status_name(f->status));
        hfc_table_str(t, hf_viscoelastic_law_param_name(&f->law, j));
        double v[6] = {f->param[j], f->param_se[j], f->chi2_red, f->runs_z, f->aic, f->bic};
        for (size_t q = 0; q < 6; ++q) {
            if (failed || !isfinite(v[q]))
                hfc_table_str(t, "NA");
            else
                hfc_table_num(t, v[q]);
        }
        if (failed)
            hfc_table_str(t, "NA");
        else
            hfc_table_num(t, f->bic - s->fit[s->best_bic].bic);
        /* "tied": least BIC, but not distinguishable from the runner-up */
        hfc_table_str(t, k == s->chosen                                  ? "yes"
                         : !s->distinguishable && k == s->best_bic ? "tied"
                                                                    : "no");
    }
}

/* The comment lines after the table: why a fit is not ok, the likelihood
 * ratio tests, and the choice. */
static void selection_notes(FILE *fp, const hf_viscoelastic_selection *s)
{
    char name[32];
    for (size_t k = 0; k < s->n; ++k)
        if (s->fit[k].status != HF_VISCOELASTIC_FIT_OK)
            fprintf(fp, "# %s: %s: %s\n", hf_viscoelastic_law_name(&s->fit[k].law, name,
                                                                   sizeof name),
                    hf_viscoelastic_fit_status_name(s->fit[k].status), s->fit[k].reason);
    for (size_t k = 0; k < s->nlrt; ++k) {
        char general[32];
        fprintf(fp, "# likelihood ratio %s within %s: statistic %.6g, df %zu, p = %.3g\n",
                hf_viscoelastic_law_name(&s->fit[s->lrt[k].simple].law, name, sizeof name),
                hf_viscoelastic_law_name(&s->fit[s->lrt[k].general].law, general,
                                         sizeof general),
                s->lrt[k].statistic, s->lrt[k].df, s->lrt[k].p_value);
    }
    if (s->n <= 1)
        return;
    if (s->distinguishable)
        fprintf(fp, "# chosen by BIC: %s (the runner-up %.4g higher)\n",
                hf_viscoelastic_law_name(&s->fit[s->chosen].law, name, sizeof name),
                s->delta_bic);
    else
        fprintf(fp, "# not distinguishable: the best BIC (%s) and the runner-up differ by "
                    "%.4g < the threshold\n",
                hf_viscoelastic_law_name(&s->fit[s->best_bic].law, name, sizeof name),
                s->delta_bic);
}

static int print_selection(int csv, const hf_viscoelastic_selection *s)
{
    const char *headers[] = {"model", "status", "param", "value", "se", "chi2_red", "runs_z",
                             "aic", "bic", "delta_bic", "chosen"};
    hfc_table *t = hfc_table_alloc(csv, 11, headers); /* freed by hfc_table_print */
    for (size_t k = 0; k < s->n; ++k)
        selection_rows(t, s, k);
    int rc = hfc_table_print(t);
    if (csv || rc != 0)
        return rc; /* --csv: the table alone (status and choice are columns) */
    selection_notes(stdout, s);
    return rc;
}

static int cmd_fit(int argc, char **argv)
{
    const char *data_path = NULL, *model = "auto", *delimiter = NULL;
    double nu = NAN, g = NAN, threshold = HF_VISCOELASTIC_BIC_THRESHOLD;
    int csv = 0;
    hfc_trace_format_args format = {0};
    hfc_opt opts[] = {
        {.name = "data", .kind = HFC_TEXT, .value = &data_path, .arg = "FILE", .required = 1,
         .help = "drop list with a trace column (the lists `maxwell fit` reads), or a list of "
                 "features (F_M_N, t_M_s, t_c_s, e; with u_F_M_N .. u_e, the standard "
                 "uncertainties 'maxwell extract' writes, the fit tests its goodness)"},
        {.name = "nu", .kind = HFC_REAL, .value = &nu, .arg = "N", .required = 1,
         .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = 0.5, .help = "Poisson's ratio"},
        {.name = "model", .kind = HFC_TEXT, .value = &model, .arg = "LAW",
         .help = "maxwell, sls, prony:N (N = 1..4), hunt-crossley, kelvin-voigt, or auto "
                 "(default): fit maxwell, sls, prony:2, hunt-crossley and kelvin-voigt and "
                 "rank them by AIC and BIC"},
        {.name = "bic-threshold", .kind = HFC_REAL, .value = &threshold, .arg = "D",
         .limits = HFC_MIN, .min = 0.0,
         .help = "BIC difference below which the best two candidates are reported as not "
                 "distinguishable (default 2)"},
        HFC_MAXWELL_READ_OPTIONS(&delimiter, &g),
        HFC_TRACE_FORMAT_OPTIONS(&format),
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Whole-curve fit of the drops' force histories on the exact viscoelastic\n"
                     "impact (Maxwell, standard linear solid with alpha free, generalised\n"
                     "Maxwell with N terms) or a damped Hertz law (Hunt-Crossley,\n"
                     "Kelvin-Voigt type), each drop's contact start and baseline fitted too.\n"
                     "Prints each candidate's parameters with standard errors, status (ok,\n"
                     "poorly-determined, model-inadequate, failed), reduced chi2 against the\n"
                     "pre-contact noise, runs-test z, AIC and BIC; with --model auto the\n"
                     "likelihood-ratio tests of the nested pairs and the choice, behind '#'\n"
                     "after the table (--csv prints the table alone; column chosen: yes,\n"
                     "no, or tied when the least BIC is within --bic-threshold of another).\n"
                     "A list without traces: its features fitted with the exact impact of\n"
                     "maxwell, sls or prony:N (auto: those three), residuals divided by the\n"
                     "features' uncertainties (else relative, no goodness-of-fit test).\n"
                     "docs/viscoelastic.md, \"Identification\".",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_viscoelastic_identify_config cfg;
    hf_viscoelastic_identify_config_init(&cfg);
    cfg.nu = nu;
    cfg.bic_threshold = threshold;
    hf_diag diag = {{0}};
    if (strcmp(model, "auto") == 0)
        cfg.automatic = 1;
    else if (hf_viscoelastic_law_parse(model, &cfg.law, &diag) != HF_OK) {
        rc = hfc_fail(argv[0], "--model: %s", diag.text);
        hfc_free(&spec);
        return rc;
    }
    hf_maxwell_data *data = NULL;
    rc = hfc_maxwell_read(argv[0], data_path, delimiter, g, &format, 0, &data);
    hfc_free(&spec);
    if (rc != 0)
        return rc;
    hf_viscoelastic_selection sel;
    hf_status st = hf_viscoelastic_identify(data, &cfg, &sel, &diag);
    hf_maxwell_data_free(data);
    if (st != HF_OK)
        return hfc_fail_status(argv[0], NULL, st, &diag);
    return print_selection(csv, &sel);
}

static const hfc_command simulate_command = {
    "simulate", "one exact impact on a Prony-series material", cmd_simulate, NULL, 0, NULL};
static const hfc_command curves_command = {
    "curves", "master curves: exact, Hunter, first order; limits; t_c > t_c0", cmd_curves,
    NULL, 0, NULL};
static const hfc_command fit_command = {
    "fit", "whole-curve fit of drop traces; --model auto ranks the laws by AIC and BIC", cmd_fit,
    NULL, 0, NULL};
static const hfc_command *const viscoelastic_subs[] = {&simulate_command, &curves_command,
                                                       &fit_command};

const hfc_command hfc_viscoelastic_command = {
    "viscoelastic", "exact viscoelastic Hertz impact (Lee-Radok, Ting): simulation, master curves, fit",
    NULL, viscoelastic_subs, HFC_COUNT(viscoelastic_subs), NULL};
