/*
 * cli/cmd_maxwell.c — `hertzfit maxwell constants|simulate|fit`: Argatov's
 * asymptotic constants, Hunter's Maxwell impact model in physical units
 * (one impact or a grid of them, optionally with seeded relative noise to
 * make synthetic data), and the identification of μ0 and η from drop
 * tests by Argatov's regressions and by the full-model fit.  Thin over
 * hertzfit/argatov.h, maxwell.h and maxwell_fit.h; every table is printed
 * at the end so an error never leaves partial output.
 */
#include "cli.h"
#include "cmd_maxwell.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_estimate.h"

/* Argatov: the first-order formulas stay within 5 % for ε <= 0.2. */
#define EPS_WARN 0.2

/* ---- shared with plot maxwell ------------------------------------------ */

int hf_maxwell_cli_load(const char *command, const char *path, double nu,
                        hf_maxwell_data **data, hf_argatov_constants *constants)
{
    *data = NULL;
    if (nu < 0.0 || nu > 0.5)
        return hf_cli_fail(command, "--nu %g is outside [0, 0.5]", nu);
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_data_read(path, data, &diag); /* caller frees *data */
    if (st == HF_OK)
        st = hf_argatov_constants_compute(constants, &diag);
    if (st != HF_OK) {
        hf_maxwell_data_free(*data);
        *data = NULL;
        return hf_cli_fail_status(command, st, &diag);
    }
    return 0;
}

int hf_maxwell_cli_fit_full(const char *command, const hf_maxwell_data *data, double nu,
                            const hf_argatov_constants *constants,
                            const hf_maxwell_fit_config *cfg, hf_maxwell_fit_result *out,
                            double *residuals)
{
    hf_maxwell_fit_config c = *cfg;
    c.objective.nu = nu;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_fit_full(data, constants, &c, out, residuals, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(command, st, &diag);
    if (hf_maxwell_fit_suspect(out)) {
        char status[64];
        fprintf(stderr, "hertzfit %s: warning: the full fit did not converge (%s after %zu "
                "evaluations, %u re-centring(s) of the box): its mu0, eta and standard errors "
                "are not an optimum%s\n", command,
                hf_maxwell_fit_status(out, status, sizeof status), out->evaluations,
                out->recentred, out->stop == HF_STOP_MAXEVAL ? "; raise --max-evals" : "");
    }
    return 0;
}

/* ---- maxwell constants --------------------------------------------------- */

static int cmd_constants(int argc, char **argv)
{
    int csv = 0;
    hf_cli_opt opts[] = {
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output (%.17g)"},
    };
    hf_cli_spec spec = {"maxwell constants", "[--csv]",
                        "Argatov's asymptotic constants of Hunter's Maxwell impact model,\n"
                        "computed by GSL quadrature (relative error estimate < 1e-10).\n"
                        "The table view adds the equation each comes from.",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    hf_argatov_constants k;
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(spec.command, st, &diag);
    const char *headers[] = {"name", "value", "equation"};
    hf_table *t = hf_table_create(csv, csv ? 2 : 3, headers); /* freed by hf_table_print */
    if (t == NULL)
        return hf_cli_fail(spec.command, "out of memory");
    for (int i = 0; i < HF_ARGATOV_NCONSTANTS; ++i) {
        hf_table_str(t, hf_argatov_constant_name((hf_argatov_constant_id)i));
        hf_table_numf(t, "%.15g", k.value[i]);
        if (!csv)
            hf_table_str(t, hf_argatov_constant_doc((hf_argatov_constant_id)i));
    }
    return hf_table_print(t, stdout);
}

/* ---- maxwell simulate ---------------------------------------------------- */

typedef struct simulate_args {
    double mu0, nu, eta, R, m, V0, noise;
    const char *grid;
    unsigned long long seed;
    int csv;
} simulate_args;

/* Required options present, --grid not mixed with a single impact. */
static int check_simulate_args(const char *command, const hf_cli_opt *opts, size_t nopts,
                               const simulate_args *a)
{
    for (size_t i = 0; i < nopts; ++i) {
        int impact_opt = strcmp(opts[i].name, "R") == 0 || strcmp(opts[i].name, "m") == 0 ||
                         strcmp(opts[i].name, "V0") == 0;
        int material_opt = strcmp(opts[i].name, "mu0") == 0 ||
                           strcmp(opts[i].name, "nu") == 0 || strcmp(opts[i].name, "eta") == 0;
        if (a->grid != NULL && impact_opt && opts[i].given)
            return hf_cli_fail(command, "--%s cannot be combined with --grid (the grid gives "
                               "m_kg, R_m, V0_mps)", opts[i].name);
        if ((material_opt || (impact_opt && a->grid == NULL)) && !opts[i].given)
            return hf_cli_fail(command, "--%s is required (see hertzfit %s --help)",
                               opts[i].name, command);
    }
    if (!(a->noise >= 0.0 && a->noise <= HF_MAXWELL_NOISE_MAX))
        return hf_cli_fail(command, "--noise %g is outside [0, %g]", a->noise,
                           HF_MAXWELL_NOISE_MAX);
    for (size_t i = 0; i < nopts; ++i)
        if (strcmp(opts[i].name, "seed") == 0 && opts[i].given && !(a->noise > 0.0))
            return hf_cli_fail(command, "--seed has no effect without --noise REL > 0");
    return 0;
}

/* The impacts to simulate: the grid file, or the one impact of the options. */
static int simulate_impacts(const char *command, const simulate_args *a, hf_maxwell_data **d)
{
    hf_diag diag = {{0}};
    hf_status st;
    /* *d: the caller frees (hf_maxwell_data_free), or freed here on error */
    if (a->grid != NULL) {
        st = hf_maxwell_grid_read(a->grid, d, &diag);
    } else {
        st = hf_maxwell_data_alloc(1, 0, d, &diag);
        if (st == HF_OK) {
            (*d)->impact[0] = (hf_maxwell_impact){a->m, a->R, a->V0};
            st = hf_maxwell_impact_check(&(*d)->impact[0], &diag);
        }
    }
    if (st != HF_OK) {
        hf_maxwell_data_free(*d);
        *d = NULL;
        return hf_cli_fail_status(command, st, &diag);
    }
    return 0;
}

static int print_grid(const simulate_args *a, const hf_maxwell_data *d,
                      const hf_maxwell_response *resp)
{
    const char *headers[] = {"m_kg", "R_m", "V0_mps", "F_M_N", "t_M_s", "t_c_s", "e", "eps"};
    hf_table *t = hf_table_create(a->csv, 8, headers); /* freed by hf_table_print */
    if (t == NULL)
        return hf_cli_fail("maxwell simulate", "out of memory");
    for (size_t i = 0; i < d->n; ++i) {
        const double v[8] = {d->impact[i].m, d->impact[i].R, d->impact[i].V0, resp[i].F_M,
                             resp[i].t_M, resp[i].t_c, resp[i].e, resp[i].eps};
        for (int j = 0; j < 8; ++j)
            hf_table_num(t, v[j]);
    }
    return hf_table_print(t, stdout);
}

static int print_single(const simulate_args *a, const hf_maxwell_data *d,
                        const hf_maxwell_response *resp)
{
    const char *command = "maxwell simulate";
    hf_argatov_constants k;
    hf_maxwell_response asym;
    const hf_maxwell_material mat = {a->mu0, a->nu, a->eta};
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st == HF_OK)
        st = hf_maxwell_predict(&mat, &d->impact[0], &k, &asym, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(command, st, &diag);
    const char *headers[] = {"F_M_N", "t_M_s", "t_c_s", "e", "eps",
                             "F_M_asym_N", "t_M_asym_s", "t_c_asym_s", "e_asym"};
    hf_table *t = hf_table_create(a->csv, 9, headers); /* freed by hf_table_print */
    if (t == NULL)
        return hf_cli_fail(command, "out of memory");
    const double v[9] = {resp->F_M, resp->t_M, resp->t_c, resp->e, resp->eps,
                         asym.F_M, asym.t_M, asym.t_c, asym.e};
    for (int j = 0; j < 9; ++j)
        hf_table_num(t, v[j]);
    return hf_table_print(t, stdout);
}

static int cmd_simulate(int argc, char **argv)
{
    simulate_args a = {NAN, NAN, NAN, NAN, NAN, NAN, 0.0, NULL, 0, 0};
    hf_cli_opt opts[] = {
        {.name = "mu0", .kind = HF_CLI_DOUBLE, .value = &a.mu0, .arg = "PA",
         .help = "instantaneous shear modulus [Pa]"},
        {.name = "nu", .kind = HF_CLI_DOUBLE, .value = &a.nu, .arg = "N",
         .help = "Poisson's ratio, in [0, 0.5]"},
        {.name = "eta", .kind = HF_CLI_DOUBLE, .value = &a.eta, .arg = "PER_S",
         .help = "inverse relaxation time [1/s]"},
        {.name = "R", .kind = HF_CLI_DOUBLE, .value = &a.R, .arg = "M", .help = "radius [m]"},
        {.name = "m", .kind = HF_CLI_DOUBLE, .value = &a.m, .arg = "KG", .help = "mass [kg]"},
        {.name = "V0", .kind = HF_CLI_DOUBLE, .value = &a.V0, .arg = "MPS",
         .help = "impact speed [m/s]"},
        {.name = "grid", .kind = HF_CLI_STRING, .value = &a.grid, .arg = "FILE",
         .help = "simulate every row (m_kg, R_m, V0_mps) of a CSV"},
        {.name = "noise", .kind = HF_CLI_DOUBLE, .value = &a.noise, .arg = "REL",
         .help = "multiply each observable by 1 + REL*N(0,1), REL <= 0.2 (default 0)"},
        {.name = "seed", .kind = HF_CLI_COUNT, .value = &a.seed, .arg = "S",
         .help = "PCG32 seed of the noise (default 0; needs --noise)"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &a.csv, .help = "CSV output (%.17g)"},
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    hf_cli_spec spec = {"maxwell simulate",
                        "--mu0 PA --nu N --eta PER_S (--R M --m KG --V0 MPS | --grid FILE) "
                        "[--noise REL --seed S] [--csv]",
                        "Hunter's Maxwell impact model (Argatov Eqs. 24-25) solved numerically:\n"
                        "peak force F_M, its time t_M, contact duration t_c, restitution e and\n"
                        "eps = eta w_m0/V0, with Argatov's first-order predictions beside them.\n"
                        "With --grid: one row per impact, columns m_kg,R_m,V0_mps,F_M_N,t_M_s,\n"
                        "t_c_s,e,eps (the data format of 'maxwell fit').",
                        opts, nopts, 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    if ((rc = check_simulate_args(spec.command, opts, nopts, &a)) != 0)
        return rc;
    hf_diag diag = {{0}};
    const hf_maxwell_material mat = {a.mu0, a.nu, a.eta};
    hf_status st = hf_maxwell_material_check(&mat, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(spec.command, st, &diag);
    hf_maxwell_data *d = NULL;
    if ((rc = simulate_impacts(spec.command, &a, &d)) != 0)
        return rc;
    hf_maxwell_response *resp = malloc(d->n * sizeof *resp); /* freed below */
    if (resp == NULL)
        rc = hf_cli_fail(spec.command, "out of memory");
    else if ((st = hf_maxwell_synthesize(&mat, d, a.noise, a.seed, resp, &diag)) != HF_OK)
        rc = hf_cli_fail_status(spec.command, st, &diag);
    if (rc == 0)
        rc = a.grid ? print_grid(&a, d, resp) : print_single(&a, d, resp);
    free(resp);
    hf_maxwell_data_free(d);
    return rc;
}

/* ---- maxwell fit --------------------------------------------------------- */

typedef struct fit_args {
    const char *data, *method;
    double nu;
    int csv, residuals;
    unsigned long long seed, max_evals;
    hf_maxwell_fit_config full;
} fit_args;

/* One row of the estimates table: the estimate and its status text. */
typedef struct estimate_row {
    hf_maxwell_estimate est;
    char status[64];
} estimate_row;

static void add_estimate_row(hf_table *t, const estimate_row *row)
{
    const hf_maxwell_estimate *e = &row->est;
    char observables[64];
    hf_table_str(t, hf_maxwell_method_name(e->method));
    hf_table_str(t, hf_maxwell_observables_name(e->observables, observables,
                                                sizeof observables));
    hf_table_int(t, (long long)e->n);
    hf_table_numf(t, "%.6g", e->mu0);
    hf_table_numf(t, "%.3g", e->mu0_se);
    hf_table_numf(t, "%.6g", e->eta);
    hf_table_numf(t, "%.3g", e->eta_se);
    hf_table_numf(t, "%.6g", e->C0);
    hf_table_numf(t, "%.6f", e->r2);
    hf_table_numf(t, "%.4f", e->max_eps);
    hf_table_str(t, row->status);
}

/* Regression rows for every observable with a regression and a column. */
static int run_regressions(const char *command, const hf_maxwell_data *d, double nu,
                           const hf_argatov_constants *k, estimate_row *rows, size_t *nrows)
{
    static const hf_maxwell_observable obs[3] = {HF_MAXWELL_F_M, HF_MAXWELL_T_M,
                                                 HF_MAXWELL_T_C};
    for (int j = 0; j < 3; ++j) {
        if (d->value[obs[j]] == NULL)
            continue;
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_regress(d, nu, obs[j], k, &rows[*nrows].est, &diag);
        if (st != HF_OK)
            return hf_cli_fail_status(command, st, &diag);
        snprintf(rows[*nrows].status, sizeof rows[*nrows].status, "ok");
        ++*nrows;
    }
    return 0;
}

static int print_estimates(const fit_args *a, const estimate_row *rows, size_t nrows)
{
    const char *headers[] = {"method", "observable", "n", "mu0_Pa", "mu0_se", "eta_per_s",
                             "eta_se", "C0", "r2", "max_eps", "status"};
    hf_table *t = hf_table_create(a->csv, 11, headers); /* freed by hf_table_print */
    if (t == NULL)
        return hf_cli_fail("maxwell fit", "out of memory");
    for (size_t i = 0; i < nrows; ++i)
        add_estimate_row(t, &rows[i]);
    int rc = hf_table_print(t, stdout);
    for (size_t i = 0; i < nrows && rc == 0; ++i) {
        const hf_maxwell_estimate *e = &rows[i].est;
        char observables[64];
        if (e->max_eps > EPS_WARN)
            fprintf(stderr, "hertzfit maxwell fit: warning: %s %s: eps reaches %.3f > %.1f, "
                    "where Argatov's first-order formulas lose accuracy%s\n",
                    hf_maxwell_method_name(e->method),
                    hf_maxwell_observables_name(e->observables, observables, sizeof observables),
                    e->max_eps, EPS_WARN,
                    e->method == HF_MAXWELL_FULL ? " (the full fit is not affected)" : "");
    }
    return rc;
}

static int print_residuals(const fit_args *a, const hf_maxwell_data *d, unsigned mask,
                           const double *r)
{
    const char *headers[] = {"test", "line", "observable", "measured", "model", "rel_residual"};
    hf_table *t = hf_table_create(a->csv, 6, headers); /* freed by hf_table_print */
    if (t == NULL)
        return hf_cli_fail("maxwell fit", "out of memory");
    size_t j = 0;
    for (size_t i = 0; i < d->n; ++i)
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            if (!(mask & (1u << k)))
                continue;
            double y = d->value[k][i];
            hf_table_int(t, (long long)i + 1);
            hf_table_int(t, (long long)d->line[i]);
            hf_table_str(t, hf_maxwell_observable_name((hf_maxwell_observable)k));
            hf_table_numf(t, "%.8g", y);
            hf_table_numf(t, "%.8g", y * (1.0 + r[j]));
            hf_table_numf(t, "%.3e", r[j]);
            ++j;
        }
    return hf_table_print(t, stdout);
}

static int run_fit(const char *command, const fit_args *a, const hf_maxwell_data *d,
                   const hf_argatov_constants *k)
{
    int want_reg = strcmp(a->method, "full") != 0 && !a->residuals;
    int want_full = strcmp(a->method, "regression") != 0;
    if (!want_full && a->residuals)
        return hf_cli_fail(command, "--residuals needs --method full or all");
    estimate_row rows[4];
    size_t nrows = 0;
    int rc = want_reg ? run_regressions(command, d, a->nu, k, rows, &nrows) : 0;
    if (rc != 0)
        return rc;
    if (!want_full)
        return nrows > 0 ? print_estimates(a, rows, nrows)
                         : hf_cli_fail(command, "%s: regression needs a F_M_N, t_M_s or t_c_s "
                                       "column", a->data);
    double *res = malloc(d->n * HF_MAXWELL_NOBS * sizeof *res); /* freed below */
    if (res == NULL)
        return hf_cli_fail(command, "out of memory");
    hf_maxwell_fit_config cfg = a->full;
    cfg.seed = a->seed;
    cfg.max_evals = (size_t)a->max_evals;
    hf_maxwell_fit_result fit;
    rc = hf_maxwell_cli_fit_full(command, d, a->nu, k, &cfg, &fit, res);
    if (rc == 0) {
        rows[nrows].est = fit.estimate;
        hf_maxwell_fit_status(&fit, rows[nrows].status, sizeof rows[nrows].status);
        rc = a->residuals ? print_residuals(a, d, fit.estimate.observables, res)
                          : print_estimates(a, rows, nrows + 1);
    }
    free(res);
    return rc;
}

static int cmd_fit(int argc, char **argv)
{
    fit_args a = {.data = NULL, .method = "all", .nu = NAN, .seed = 1};
    hf_maxwell_fit_config_init(&a.full);
    hf_cli_opt opts[] = {
        {.name = "data", .kind = HF_CLI_STRING, .value = &a.data, .arg = "FILE",
         .help = "CSV: m_kg,R_m,V0_mps and any of F_M_N,t_M_s,t_c_s,e"},
        {.name = "nu", .kind = HF_CLI_DOUBLE, .value = &a.nu, .arg = "N",
         .help = "Poisson's ratio of the target, in [0, 0.5]"},
        {.name = "method", .kind = HF_CLI_STRING, .value = &a.method, .arg = "M",
         .help = "regression, full or all (default all)"},
        {.name = "optimizer", .kind = HF_CLI_STRING, .value = &a.full.optimizer, .arg = "NAME",
         .help = "optimiser of the full fit (default " HF_MAXWELL_FIT_OPTIMIZER ")"},
        {.name = "seed", .kind = HF_CLI_COUNT, .value = &a.seed, .arg = "S",
         .help = "PCG32 seed of the full fit (default 1)"},
        {.name = "max-evals", .kind = HF_CLI_COUNT, .value = &a.max_evals, .arg = "N",
         .help = "evaluation budget of the full fit (default: the optimiser's)"},
        {.name = "residuals", .kind = HF_CLI_FLAG, .value = &a.residuals,
         .help = "print the full fit's relative residuals instead"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &a.csv, .help = "CSV output (%.17g)"},
    };
    hf_cli_spec spec = {"maxwell fit", "--data FILE --nu N [--method regression|full|all] [--csv]",
                        "Identify mu0 and eta of a Maxwell material from drop tests: Argatov's\n"
                        "regressions (Eqs. 57, 60, 62) and the full fit of Hunter's numerical\n"
                        "model (standard errors from the Jacobian).  One row per method and\n"
                        "observable; warns on stderr when eps exceeds 0.2.",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    if (a.data == NULL)
        return hf_cli_fail(spec.command, "--data is required");
    if (!opts[1].given)
        return hf_cli_fail(spec.command, "--nu is required");
    if (strcmp(a.method, "regression") != 0 && strcmp(a.method, "full") != 0 &&
        strcmp(a.method, "all") != 0)
        return hf_cli_fail(spec.command, "--method '%s' is not regression, full or all",
                           a.method);
    hf_maxwell_data *d = NULL;
    hf_argatov_constants k;
    if ((rc = hf_maxwell_cli_load(spec.command, a.data, a.nu, &d, &k)) != 0)
        return rc;
    rc = run_fit(spec.command, &a, d, &k);
    hf_maxwell_data_free(d);
    return rc;
}

/* ---- dispatch ------------------------------------------------------------ */

int hf_cmd_maxwell(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
        const char *summary;
    } subs[] = {
        {"constants", cmd_constants, "Argatov's asymptotic constants (GSL quadrature)"},
        {"simulate", cmd_simulate, "Hunter's impact model for one impact or a grid"},
        {"fit", cmd_fit, "identify mu0 and eta from drop tests"},
    };
    size_t n = sizeof subs / sizeof subs[0];
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        FILE *fp = argc < 2 ? stderr : stdout;
        fprintf(fp, "usage: hertzfit maxwell SUBCOMMAND [OPTIONS]\n\nsubcommands:\n");
        for (size_t i = 0; i < n; ++i)
            fprintf(fp, "  %-10s %s\n", subs[i].name, subs[i].summary);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < n; ++i)
        if (strcmp(argv[1], subs[i].name) == 0)
            return subs[i].run(argc - 1, argv + 1);
    return hf_cli_fail("maxwell", "unknown subcommand '%s' (valid: constants, simulate, fit)",
                       argv[1]);
}
