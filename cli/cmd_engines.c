/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_engines.c — "hertzfit ev": e(v) and t_c(v) of a calibrated law
 * with the closed-form fit, as a table and a figure; "hertzfit export
 * ENGINE": the native parameters of an engine (hertzfit/engines.h,
 * hertzfit/mujoco.h).  Options, printing and plotting only: each result
 * is one library call.
 */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/engines.h"
#include "core/csv.h"
#include "core/file.h"
#include "hertzfit/mujoco.h"

static const char *const form_words[] = {"per-impact", "fixed", "linear-damper", "maxwell",
                                         "viscoelastic", NULL};

/* What both commands read: the law (its defaults hf_law_init's) and the
 * speeds (the library's default grid). */
typedef struct law_args {
    const char *form, *model;
    hf_law law;
    double v_min, v_max;
    unsigned long long points;
    double alpha;
} law_args;

static void law_args_init(law_args *a)
{
    hf_law_init(&a->law);
    a->form = hf_law_form_name(a->law.form);
    a->model = hf_damping_at(a->law.damping)->name;
    a->v_min = HF_LAW_SPEED_MIN;
    a->v_max = HF_LAW_SPEED_MAX;
    a->points = HF_LAW_SPEED_COUNT;
    a->alpha = 1.0;   /* hf_law_init's material relaxes wholly: a Maxwell solid */
}

#define LAW_OPTS(a)                                                                     \
    {.name = "form", .kind = HFC_WORD, .value = &(a).form, .words = form_words,          \
     .arg = "FORM", .help = "per-impact: K x^n (1 + h x'/v0), v0 this impact's speed; "  \
     "fixed: K x^n (1 + d x'), d = h/v_cal; linear-damper: K x^n + c x'; maxwell "       \
     "(Hunter's); viscoelastic: the exact impact on a standard linear solid "             \
     "(default per-impact)"},                                                            \
    HFC_OPT_MODEL(&(a).model, "damping model h_r(c_r) of per-impact/fixed (default "     \
                  "exact; see hertzfit models)"),                                        \
    HFC_OPT_PROFILE_AB(&(a).law.profile_ab[0], &(a).law.profile_ab[1], " (with --model profile)"),               \
    {.name = "m", .kind = HFC_REAL, .value = &(a).law.contact.mass, .arg = "KG", .limits = HFC_ABOVE, \
     .min = 0.0, .help = "effective mass (default 0.1)"},                                \
    {.name = "k", .kind = HFC_REAL, .value = &(a).law.contact.stiffness, .arg = "K",                 \
     .limits = HFC_ABOVE, .min = 0.0, .help = "stiffness K, N/m^n (default 5e9)"},       \
    {.name = "n", .kind = HFC_REAL, .value = &(a).law.contact.exponent, .arg = "N",                  \
     .limits = HFC_MIN | HFC_MAX, .min = 1.0, .max = 2.0, .help = "exponent (default 1.5)"}, \
    {.name = "v-cal", .kind = HFC_REAL, .value = &(a).law.contact.approach_speed, .arg = "V",                 \
     .limits = HFC_ABOVE, .min = 0.0, .help = "calibration speed, m/s (default 1)"},     \
    {.name = "e", .kind = HFC_REAL, .value = &(a).law.restitution, .arg = "E",                     \
     .limits = HFC_MIN | HFC_MAX, .min = 1e-6, .max = 1.0,                               \
     .help = "restitution at the calibration speed (default 0.8)"},                      \
    {.name = "radius", .kind = HFC_REAL, .value = &(a).law.radius, .arg = "R",               \
     .limits = HFC_ABOVE, .min = 0.0, .help = "sphere radius, m (default 0.01)"},        \
    {.name = "mu0", .kind = HFC_REAL, .value = &(a).law.material.mu0, .arg = "PA", .limits = HFC_ABOVE, \
     .min = 0.0, .help = "Maxwell: instantaneous shear modulus (default 1e9)"},          \
    {.name = "nu", .kind = HFC_REAL, .value = &(a).law.material.nu, .arg = "NU",                      \
     .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = 0.5,                                \
     .help = "Maxwell: Poisson's ratio (default 0.3)"},                                  \
    {.name = "eta", .kind = HFC_REAL, .value = &(a).law.material.eta, .arg = "ETA", .limits = HFC_MIN, \
     .min = 0.0, .help = "Maxwell: inverse relaxation time, 1/s (default 0)"},           \
    {.name = "v-min", .kind = HFC_REAL, .value = &(a).v_min, .arg = "V",                 \
     .limits = HFC_ABOVE, .min = 0.0, .help = "slowest speed, m/s (default 0.1)"},       \
    {.name = "v-max", .kind = HFC_REAL, .value = &(a).v_max, .arg = "V",                 \
     .limits = HFC_ABOVE, .min = 0.0, .help = "fastest speed, m/s (default 10)"},        \
    {.name = "points", .kind = HFC_INT, .value = &(a).points, .arg = "N",                \
     .limits = HFC_MIN | HFC_MAX, .min = 1, .max = HF_LAW_SPEED_COUNT_MAX,                                \
     .help = "speeds, geometric from v-min to v-max (default 9)"},                       \
    {.name = "alpha", .kind = HFC_REAL, .value = &(a).alpha, .arg = "A",                 \
     .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,                              \
     .help = "viscoelastic: relaxing fraction 1 - G_inf/G(0) of the standard linear "    \
     "solid, relaxing at rate --eta (default 1: the Maxwell solid)"}

/* The law and the speeds (geometric) from the options; 0 or the exit code. */
static int build_law(const char *command, const law_args *a, hf_law *law, double **speeds)
{
    *law = a->law;
    hf_diag diag = {{0}};
    hf_status st = hf_law_form_lookup(a->form, &law->form, &diag);
    if (st == HF_OK)
        st = hf_damping_lookup(a->model, &law->damping, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    law->viscoelastic.mu0 = law->material.mu0;
    law->viscoelastic.nu = law->material.nu;
    hf_prony_sls(a->alpha, law->material.eta, &law->viscoelastic.relax);
    if ((st = hf_law_check(law, &diag)) != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    if (a->v_min > a->v_max)
        return hfc_fail(command, "--v-min %g is above --v-max %g", a->v_min, a->v_max);
    size_t n = (size_t)a->points;
    *speeds = malloc(n * sizeof **speeds);
    if (*speeds == NULL)
        return hfc_fail(command, "out of memory");
    st = hf_law_speeds(a->v_min, a->v_max, n, *speeds, &diag);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

static int plot_curve(const char *command, const char *output, const hf_law *law, size_t n,
                      const double *v, const double *e, const double *tc,
                      const hf_restitution_fit *fit)
{
    hfc_plot *p = hfc_plot_alloc(output, 1200, 480, "enhanced font 'sans,10'");
    hfc_plot_block(p, "ev");
    for (size_t i = 0; i < n; ++i) {
        double row[3] = {v[i], e[i], tc[i] * 1e3};
        hfc_plot_row(p, 3, row);
    }
    hfc_plot_block_end(p);
    hfc_plot_cmd(p, "set multiplot layout 1,2 title ");
    hfc_plot_str(p, hf_law_form_name(law->form), " law: restitution and contact time vs speed");
    hfc_plot_cmd(p, "\nset grid\nset logscale x\nset xlabel 'approach speed v (m/s)'\n"
                    "set ylabel 'restitution e'\nset key bottom left\nplot $ev using 1:2 "
                    "with linespoints lw 2 title 'e(v), simulated'");
    if (fit->valid)
        hfc_plot_cmd(p, ", 1 - %.17g*(x/%.17g)**(%.17g) with lines dt 2 lc 'black' "
                        "title 'fit 1 - A (v/v_{cal})^p'",
                     fit->coefficient, law->contact.approach_speed, fit->exponent);
    hfc_plot_cmd(p, "\nset ylabel 'contact time t_c (ms)'\nplot $ev using 1:3 with "
                    "linespoints lw 2 title 't_c(v)'\nunset multiplot\n");
    return hfc_plot_run(p, command);
}

/* The Brilliantov/Schwager–Pöschel closed form fitted to the viscoelastic
 * form's e(v) (hertzfit/engines.h), as comment lines. */
static int print_sphere_fit(const char *command, int csv, const hf_law *law, size_t n,
                            const double *v, const double *e)
{
    hf_viscoelastic_sphere_fit sf;
    hf_diag diag = {{0}};
    hf_status st = hf_restitution_fit_viscoelastic_sphere(law, n, v, e, &sf, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    if (!sf.valid) {
        hfc_note(csv, "no viscoelastic-sphere fit: fewer than two distinct speeds");
        return 0;
    }
    hfc_note(csv, "viscoelastic sphere: 1 - e = %.6g v^(1/5) - %.6g v^(2/5) (v in m/s); "
                  "c2/c1^2 = %.4f (series: 0.6)", sf.c1, sf.c2, sf.c2_over_c1_squared);
    hfc_note(csv, "beta = c1/C1 = %.6g (s/m)^(1/5); max |e - series to h5| %.3g, "
                  "|e - Pade| %.3g", sf.beta, sf.max_residual_series, sf.max_residual_pade);
    if (sf.beta_kelvin_voigt > 0.0)
        hfc_note(csv, "Kelvin-Voigt limit of the material: beta = %.6g (s/m)^(1/5), "
                      "tau/t_c0 = %.3g (the limit needs it << 1)",
                 sf.beta_kelvin_voigt, sf.relaxation_ratio);
    else
        hfc_note(csv, "the material has no relaxed modulus: it is no Kelvin-Voigt sphere");
    return 0;
}

static int run_ev(int argc, char **argv)
{
    law_args a;
    law_args_init(&a);
    int csv = 0;
    const char *output = NULL;
    hfc_opt opts[] = {
        LAW_OPTS(a),
        HFC_OPT_CSV(&csv),
        HFC_OPT_OUTPUT(&output, "FILE.png", "also draw e(v) and t_c(v) to FILE.png", 0),
    };
    hfc_spec spec = {
        argv[0],
        "Restitution e(v) and contact time t_c(v) of a calibrated contact law over a\n"
        "range of approach speeds (the law reaches --e at --v-cal), and the fit\n"
        "1 - e = A (v/v_cal)^p next to the exponent p theory gives at leading order.",
        opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    int go = hfc_parse(&spec, argc, argv, &rc);
    hfc_free(&spec);
    if (!go)
        return rc;
    hf_law law;
    double *v = NULL;
    if ((output && (rc = hfc_check_output(argv[0], "--output", output)) != 0) ||
        (rc = build_law(argv[0], &a, &law, &v)) != 0) {
        free(v);
        return rc;
    }
    size_t n = (size_t)a.points;
    double *e = malloc(2 * n * sizeof *e), *tc = e ? e + n : NULL;
    hf_restitution_fit fit;
    hf_diag diag = {{0}};
    hf_status st = e ? hf_law_restitution_curve(&law, n, v, e, tc, &fit, &diag) : HF_ENOMEM;
    if (st != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    if (rc == 0) {
        static const char *const headers[] = {"v_m_per_s", "e", "t_c_s", "e_fit"};
        hfc_table *t = hfc_table_alloc(csv, 4, headers);
        for (size_t i = 0; i < n; ++i) {
            hfc_table_numf(t, "%.6g", v[i]);
            hfc_table_numf(t, "%.10f", e[i]);
            hfc_table_numf(t, "%.6e", tc[i]);
            if (fit.valid)
                hfc_table_numf(t, "%.10f", 1.0 - fit.coefficient *
                                                 pow(v[i] / law.contact.approach_speed,
                                                     fit.exponent));
            else
                hfc_table_str(t, "-");
        }
        rc = hfc_table_print(t);
    }
    if (rc == 0) {
        if (fit.valid)
            hfc_note(csv, "fit 1 - e = %.6g (v/%g)^%.6f, max |residual| %.3g; leading-order "
                          "exponent %.4g", fit.coefficient, law.contact.approach_speed,
                     fit.exponent, fit.max_residual, fit.exponent_theory);
        else
            hfc_note(csv, "no fit: some e is 1 or fewer than two distinct speeds");
    }
    if (rc == 0 && law.form == HF_LAW_VISCOELASTIC)
        rc = print_sphere_fit(argv[0], csv, &law, n, v, e);
    if (rc == 0 && output)
        rc = plot_curve(argv[0], output, &law, n, v, e, tc, &fit);
    free(e);
    free(v);
    return rc;
}

/* Writes TEXT to PATH atomically, or to stdout when PATH is NULL. */
static int write_text(const char *command, const char *path, const char *text)
{
    if (path == NULL) {
        fputs(text, stdout);
        return 0;
    }
    hf_atomic_file *f = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_atomic_file_open(path, &f, &diag);
    if (st == HF_OK) {
        fputs(text, hf_atomic_file_stream(f));
        st = hf_atomic_file_commit(f, &diag);
    }
    return st == HF_OK ? 0 : hfc_fail_status(command, "--output", st, &diag);
}

/* The measured columns, in the order of hf_mujoco_measured's arrays. */
static const char *const measured_columns[5] = {"v_m_per_s", "e", "e_se", "t_c_s", "t_c_se_s"};

/* Column j of row r: a number > 0 (and e <= 1), or HF_EDOM naming the
 * file, line, column and value. */
static hf_status measured_cell(const hf_csv *t, size_t r, size_t col, size_t j, double *out,
                               hf_diag *diag)
{
    hf_status st = hf_csv_number(t, r, col, out, diag);
    if (st != HF_OK)
        return st;
    if (!(*out > 0.0) || (j == 1 && *out > 1.0))
        return hf_diag_set(diag, HF_EDOM, "%s:%zu: column %zu (%s) = %g must be %s",
                           hf_csv_path(t), hf_csv_line(t, r), col + 1, measured_columns[j],
                           *out, j == 1 ? "in (0, 1]" : "> 0");
    return HF_OK;
}

/* A lab's measured e(v), t_c(v) with standard errors (columns
 * measured_columns) into one block of 5 x rows doubles (*buf, to free). */
static hf_status read_measured(const char *path, hf_mujoco_measured *data, double **buf,
                               hf_diag *diag)
{
    hf_csv *t = NULL;
    hf_status st = hf_csv_read(path, NULL, &t, diag);
    size_t col[5], rows = st == HF_OK ? hf_csv_nrows(t) : 0;
    for (size_t j = 0; st == HF_OK && j < 5; ++j)
        st = hf_csv_require(t, measured_columns[j], &col[j], diag);
    if (st == HF_OK && rows < 3)
        st = hf_diag_set(diag, HF_EDOM, "%s: %zu rows; MuJoCo's 5 contact parameters need "
                         "at least 3 speeds", path, rows);
    if (st == HF_OK && (*buf = malloc(5 * rows * sizeof **buf)) == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t r = 0; st == HF_OK && r < rows; ++r)
        for (size_t j = 0; st == HF_OK && j < 5; ++j)
            st = measured_cell(t, r, col[j], j, &(*buf)[j * rows + r], diag);
    if (st == HF_OK) {
        data->count = rows;
        data->speed = *buf;
        data->e = *buf + rows;
        data->e_se = *buf + 2 * rows;
        data->contact_time = *buf + 3 * rows;
        data->contact_time_se = *buf + 4 * rows;
    }
    hf_csv_free(t);
    return st;
}

/* MuJoCo calibrated to a law over the speeds, or to the measured table. */
static hf_status calibrate_mujoco(const hf_law *law, const law_args *a, const double *v,
                                  const hf_mujoco_options *mo, const char *measured,
                                  hf_mujoco_calibration *cal, size_t *drops, hf_diag *diag)
{
    *drops = (size_t)a->points;
    if (measured == NULL)
        return hf_mujoco_calibrate(law, (size_t)a->points, v, mo, cal, diag);
    hf_mujoco_measured data;
    double *buf = NULL;
    hf_status st = read_measured(measured, &data, &buf, diag);
    if (st == HF_OK) {
        *drops = data.count;
        st = hf_mujoco_calibrate_measured(&data, a->law.contact.mass, a->law.radius, mo, cal,
                                          diag);
    }
    free(buf);
    return st;
}

static void print_export_summary(hf_engine_id id, const law_args *a, const char *measured,
                                 size_t drops, const hf_engine_params *params,
                                 const hf_mujoco_calibration *cal)
{
    if (measured)
        fprintf(stderr, "# mujoco on %s: chi2/dof = %.4g; max |e - e_measured| = %.4f, max "
                        "|t_c/t_c,measured - 1| = %.4f\n", measured, cal->chi2_reduced,
                params->e_error_max, params->tc_error_max);
    else
        fprintf(stderr, "# %s: e = %.8f at v_cal = %g m/s (target %.8f); over %g..%g m/s "
                        "max |e - e_target| = %.4f, max |t_c/t_c,target - 1| = %.4f\n",
                hf_engine_name(id), params->e_engine, params->v_cal, params->e_target,
                a->v_min, a->v_max, params->e_error_max, params->tc_error_max);
    if (id == HF_ENGINE_MUJOCO)
        fprintf(stderr, "# MuJoCo %s: %zu evaluations of %zu drops, %.2f s\n",
                hf_mujoco_version(), cal->evaluations, drops, cal->seconds);
}

static int run_export(int argc, char **argv)
{
    law_args a;
    law_args_init(&a);
    const char *output = NULL, *optimizer = NULL, *measured = NULL;
    unsigned long long max_evals = 1000, seed = 1;
    hfc_texts engine = {0};
    hfc_opt opts[] = {
        LAW_OPTS(a),
        HFC_OPT_OUTPUT(&output, "FILE", "write the parameters to FILE (default stdout)", 0),
        {.name = "optimizer", .kind = HFC_TEXT, .value = &optimizer, .arg = "NAME",
         .help = "mujoco: the optimiser of solref/solimp (default nlopt:GN_CRS2_LM)"},
        {.name = "max-evals", .kind = HFC_INT, .value = &max_evals, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 1, .max = 1000000,
         .help = "mujoco: objective evaluations (default 1000)"},
        HFC_OPT_SEED(&seed, "mujoco: the optimiser's seed (default 1)"),
        {.name = "measured", .kind = HFC_TEXT, .value = &measured, .arg = "FILE",
         .help = "mujoco: calibrate to a lab's measured table instead of the law: CSV "
                 "columns v_m_per_s, e, e_se, t_c_s, t_c_se_s (weighted by the standard "
                 "errors; --m and --radius give the sphere)"},
    };
    hfc_opt positional = {.name = "engine", .kind = HFC_TEXTS, .value = &engine,
                          .arg = "ENGINE", .count_min = 1, .count_max = 1};
    hfc_spec spec = {
        argv[0],
        "Native contact parameters of a calibrated law for ENGINE (mbdyn, chrono, drake,\n"
        "simscape, adams, opensim, mujoco), calibrated so that the engine's published\n"
        "force law returns --e at --v-cal, with the error it leaves over the speed range\n"
        "(on stderr).  mujoco runs MuJoCo itself and fits solref/solimp with an optimiser.",
        opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    hf_engine_id id;
    hf_diag diag = {{0}};
    hf_status st = hf_engine_lookup(engine.v[0], &id, &diag);
    hf_law law;
    double *v = NULL;
    if (st != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    else if (output)
        rc = hfc_check_output(argv[0], "--output", output);
    if (rc == 0 && measured && id != HF_ENGINE_MUJOCO)
        rc = hfc_fail(argv[0], "--measured is for mujoco (the other engines' laws are closed "
                      "forms calibrated to a law)");
    if (rc == 0)
        rc = build_law(argv[0], &a, &law, &v);
    hf_engine_params params;
    hf_mujoco_calibration cal;
    size_t drops = 0;
    if (rc == 0 && id == HF_ENGINE_MUJOCO) {
        hf_mujoco_options mo;
        hf_mujoco_options_init(&mo);
        if (optimizer)
            mo.optimizer = optimizer;
        mo.max_evals = (size_t)max_evals;
        mo.seed = seed;
        st = calibrate_mujoco(&law, &a, v, &mo, measured, &cal, &drops, &diag);
        params = cal.params;
    } else if (rc == 0) {
        st = hf_engine_export(id, &law, (size_t)a.points, v, &params, &diag);
    }
    if (rc == 0 && st != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    if (rc == 0)
        rc = write_text(argv[0], output, params.text);
    if (rc == 0)
        print_export_summary(id, &a, measured, drops, &params, &cal);
    free(v);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_ev_command = {
    "ev", "restitution e(v) and contact time t_c(v) of a calibrated law, with a closed-form fit",
    run_ev, NULL, 0, NULL};

const hfc_command hfc_export_command = {
    "export", "native contact parameters for MBDyn, Chrono, Drake, Simscape, Adams, OpenSim, "
    "MuJoCo", run_export, NULL, 0, NULL};
