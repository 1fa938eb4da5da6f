/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_maxwell_curves.c — `hertzfit plot maxwell-curves`: Argatov's
 * master curves (Figs. 2a, 2b, 3a, 3b, plus t_M and t_c) from Hunter's
 * numerical model and the first-order formulas, against the paper's
 * abscissa τ_R/t_m⁰ = 1/(ε τ_m⁰) (Eq. 44), with a dotted line where each
 * formula leaves 5 % (hf_argatov_master_limits).  Thin over
 * hertzfit/maxwell.h; the curves go to gnuplot as an inline data block.
 */
#include "cli.h"

#include <math.h>

#include "hertzfit/maxwell.h"

#define CURVE_POINTS 160
/* τ_R/t_m⁰ from 100 (ε ≈ 0.0068) down to that of the largest ε scanned. */
#define TAUR_MAX 100.0

/* $curvesI: τ_R/t_m⁰, t_m⁰/τ_R, then (numeric, formula) of every quantity,
 * for the material alpha. */
static int add_curves(hfc_plot *p, const char *command, const hf_argatov_constants *k,
                      double alpha, int index)
{
    const double tau0 = k->value[HF_ARGATOV_TAU_M0];
    const double lo = 1.0 / (TAUR_MAX * tau0), hi = HF_ARGATOV_MASTER_EPS_SCAN;
    hfc_plot_block(p, "curves%d", index);
    for (int i = 0; i < CURVE_POINTS; ++i) {
        double eps = lo * pow(hi / lo, i / (CURVE_POINTS - 1.0));
        hf_argatov_master_point pt;
        hf_diag diag = {{0}};
        hf_status st = hf_argatov_master_evaluate(k, eps, alpha, &pt, &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        double row[2 + 2 * HF_ARGATOV_MASTER_N] = {1.0 / (eps * tau0), eps * tau0};
        for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
            row[2 + 2 * j] = pt.numeric[j];
            row[3 + 2 * j] = pt.asymptotic[j];
        }
        hfc_plot_row(p, 2 + 2 * HF_ARGATOV_MASTER_N, row);
    }
    hfc_plot_block_end(p);
    return 0;
}

/* One panel: quantity j against column x (1: τ_R/t_m⁰, log; 2: t_m⁰/τ_R),
 * with the 5 % limit as a dotted vertical line. */
static void add_panel(hfc_plot *p, int j, int x, const hf_argatov_master_limit *lim,
                      double tau0)
{
    if (x == 1)
        hfc_plot_cmd(p, "set logscale x\nset xrange [0.5:%g]\n"
                        "set xlabel 'scaled relaxation time {/Symbol t}_R/t_m^0'\n", TAUR_MAX);
    else
        hfc_plot_cmd(p, "unset logscale x\nset xrange [0:*]\n"
                        "set xlabel 'relative inverse relaxation time t_m^0/{/Symbol t}_R'\n");
    hfc_plot_cmd(p, "unset arrow\n");
    if (lim[j].bounded) {
        double at = x == 1 ? 1.0 / (lim[j].eps * tau0) : lim[j].eps * tau0;
        hfc_plot_cmd(p, "set arrow from %.10g, graph 0 to %.10g, graph 1 nohead dt 3 "
                        "lc rgb 'gray40'\n", at, at);
    }
    hfc_plot_cmd(p, "plot $curves0 using %d:%d with lines lw 2 title 'Hunter (numerical)', "
                    "$curves0 using %d:%d with lines lw 2 dt 2 title 'first order, Eq. 45'\n",
                 x, 3 + 2 * j, x, 4 + 2 * j);
}

/* Fig. 4: e and F_M/F_M0 of each standard linear solid against
 * τ/(α t_m⁰) = 1/(ε τ_m⁰), with the Maxwell formulas of Eq. 45. */
static void add_sls_panels(hfc_plot *p, const hfc_reals *alphas)
{
    static const int quantity[2] = {HF_ARGATOV_MASTER_E, HF_ARGATOV_MASTER_F_M};
    hfc_plot_cmd(p, "set key bottom right\nset grid\nset multiplot layout 1,2\n"
                    "set logscale x\nset xrange [0.5:%g]\n"
                    "set xlabel 'rescaled relaxation time {/Symbol t}/({/Symbol a} t_m^0)'\n",
                 TAUR_MAX);
    for (int panel = 0; panel < 2; ++panel) {
        int j = quantity[panel];
        if (panel == 0)
            hfc_plot_cmd(p, "set title 'Fig. 4a: restitution'\nset ylabel 'e'\n");
        else
            hfc_plot_cmd(p, "set title 'Fig. 4b: maximum force (acceleration)'\n"
                            "set ylabel 'F_M/F_M^0'\n");
        hfc_plot_cmd(p, "plot $curves0 using 1:%d with lines lw 2 dt 2 lc rgb 'black' "
                        "title 'first order, Eqs. 45, 49'", 4 + 2 * j);
        for (size_t a = 0; a < alphas->n; ++a)
            hfc_plot_cmd(p, ", $curves%zu using 1:%d with lines lw 2 title '{/Symbol a} = %g'",
                         a, 3 + 2 * j, alphas->v[a]);
        hfc_plot_cmd(p, "\n");
    }
    hfc_plot_cmd(p, "unset multiplot\n");
}

static void add_maxwell_panels(hfc_plot *p, const hf_argatov_master_limit *lim, double tau0)
{
    hfc_plot_cmd(p, "set key bottom left\nset grid\nset multiplot layout 2,3\n");
    hfc_plot_cmd(p, "set title 'Fig. 2a: maximum approach'\nset ylabel 'w_m/w_m^0'\n"
                    "set key top right\n");
    add_panel(p, HF_ARGATOV_MASTER_W_M, 1, lim, tau0);
    hfc_plot_cmd(p, "set key bottom left\n");
    hfc_plot_cmd(p, "set title 'Fig. 2b: maximum force (acceleration)'\n"
                    "set ylabel 'F_M/F_M^0'\n");
    add_panel(p, HF_ARGATOV_MASTER_F_M, 1, lim, tau0);
    hfc_plot_cmd(p, "set title 'Fig. 3a: restitution'\nset ylabel 'e'\n");
    add_panel(p, HF_ARGATOV_MASTER_E, 1, lim, tau0);
    hfc_plot_cmd(p, "set title 'Fig. 3b: restitution'\nset ylabel 'e'\n");
    add_panel(p, HF_ARGATOV_MASTER_E, 2, lim, tau0);
    hfc_plot_cmd(p, "set title 'time of the maximum force (Eq. 34)'\n"
                    "set ylabel 't_M/t_m^0'\n");
    add_panel(p, HF_ARGATOV_MASTER_T_M, 1, lim, tau0);
    hfc_plot_cmd(p, "set title 'contact duration (Eq. 40)'\nset ylabel 't_c/t_c^0'\n");
    add_panel(p, HF_ARGATOV_MASTER_T_C, 1, lim, tau0);
    hfc_plot_cmd(p, "unset multiplot\n");
}

static int run_plot_maxwell_curves(int argc, char **argv)
{
    const char *png = NULL;
    hfc_reals alphas = {NULL, 0};
    hfc_opt opts[] = {
        {.name = "alpha", .kind = HFC_REALS, .value = &alphas, .arg = "A",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,
         .help = "draw Fig. 4 instead: standard linear solids with these relaxing "
                 "fractions (mu0 - mu_inf)/mu0 (Eq. 47)"},
        HFC_OPT_OUTPUT(&png, "FILE.png", "write the figure to FILE.png", 1),
    };
    hfc_spec spec = {argv[0],
                     "Argatov's master curves (Figs. 2-3; t_M and t_c besides): Hunter's\n"
                     "numerical model and the first-order formulas against the scaled\n"
                     "relaxation time tau_R/t_m0 = 1/(eps tau_m0); dotted: where the formula\n"
                     "leaves 5 % of the numerical curve.  With --alpha, Fig. 4: e and F_M of\n"
                     "standard linear solids against tau/(alpha t_m0) with the same formulas.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", png)) != 0) {
        hfc_free(&spec);
        return rc;
    }
    hf_argatov_constants k;
    hf_argatov_master_limit lim[HF_ARGATOV_MASTER_N];
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st == HF_OK && alphas.n == 0)
        st = hf_argatov_master_limits(&k, 0.05, 1.0, lim, &diag);
    if (st != HF_OK) {
        hfc_free(&spec);
        return hfc_fail_status(argv[0], NULL, st, &diag);
    }
    hfc_plot *p = alphas.n == 0 ? hfc_plot_alloc(png, 1500, 900, "enhanced")
                                : hfc_plot_alloc(png, 1200, 520, "enhanced");
    if (alphas.n == 0) {
        rc = add_curves(p, argv[0], &k, 1.0, 0);
        if (rc == 0)
            add_maxwell_panels(p, lim, k.value[HF_ARGATOV_TAU_M0]);
    } else {
        for (size_t a = 0; a < alphas.n && rc == 0; ++a)
            rc = add_curves(p, argv[0], &k, alphas.v[a], (int)a);
        if (rc == 0)
            add_sls_panels(p, &alphas);
    }
    hfc_free(&spec);
    if (rc != 0) {
        hfc_plot_free(p);
        return rc;
    }
    return hfc_plot_run(p, argv[0]);
}

const hfc_command hfc_plot_maxwell_curves_command = {
    "maxwell-curves", "Argatov's master curves (Figs. 2-4)", run_plot_maxwell_curves, NULL, 0,
    NULL};
