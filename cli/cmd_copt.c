/*
 * cli/cmd_copt.c — "hertzfit copt" and "hertzfit copt fit": the optimal
 * linear damping of Poursina & Nikravesh 2020 for the Hertz + linear
 * damper contact separating at zero force, next to their closed form
 * (Eqs. 46–49) and the restitution that closed form really gives; and the
 * refit of α(n), β(n) over an (n, e) grid in parallel.
 */
#define _POSIX_C_SOURCE 200809L   /* isatty, fileno */
#include "impact_cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hertzfit/copt.h"
#include "hertzfit/copt_refit.h"
#include "hertzfit/csv.h"

/* ---- copt --------------------------------------------------------------- */

static int copt_rows(hf_table *t, double n, const hf_cli_doubles *es, double m, double k,
                     double v, const hf_copt_options *o)
{
    const hf_contact contact = {.mass = m, .stiffness = k, .exponent = n, .approach_speed = v};
    for (size_t i = 0; i < es->count; ++i) {
        double e = es->values[i], c, cf, e_cf;
        hf_diag diag = {{0}};
        hf_status st = hf_copt_solve(&contact, e, o, &c, &diag);
        if (st == HF_OK)
            st = hf_copt_closed_form(&contact, e, hf_copt_alpha_paper(n), hf_copt_beta_paper(n),
                                     &cf, &diag);
        if (st == HF_OK)
            st = hf_copt_e_out(&contact, cf, o->ode_tol, &e_cf, &diag);
        if (st != HF_OK)
            return hf_cli_fail_status("copt", st, &diag);
        hf_table_numf(t, "%.4g", n);
        hf_table_numf(t, "%.6g", e);
        hf_table_numf(t, "%.10g", c);
        hf_table_numf(t, "%.10g", cf);
        hf_table_numf(t, "%.10f", e_cf);
    }
    return 0;
}

/* Every value is checked before anything is computed: one error line. */
static int copt_check_inputs(double n, const hf_cli_doubles *es, double m, double k, double v)
{
    const hf_contact contact = {.mass = m, .stiffness = k, .exponent = n, .approach_speed = v};
    for (size_t i = 0; i < es->count; ++i) {
        if (hf_cli_check_restitution("copt", "--e", es->values[i]) != 0)
            return 2;
        hf_diag diag = {{0}};
        hf_status st = hf_copt_check(&contact, es->values[i], &diag);
        if (st != HF_OK)
            return hf_cli_fail_status("copt", st, &diag);
    }
    return 0;
}

static int copt_single(int argc, char **argv)
{
    double n = 1.5, m = 1.0, k = 1.0, v = 1.0, c_max = 0.0;
    int csv = 0;
    hf_cli_doubles es = {0};   /* filled by hf_cli_parse, freed below */
    hf_cli_opt opts[] = {
        {.name = "n", .kind = HF_CLI_DOUBLE, .value = &n, .arg = "N",
         .help = "Hertz exponent in [1, 2] (default 1.5)"},
        {.name = "e", .kind = HF_CLI_DOUBLES, .value = &es, .arg = "E",
         .help = "desired restitution(s) in [1e-6, 1] (required)"},
        {.name = "m", .kind = HF_CLI_DOUBLE, .value = &m, .arg = "M",
         .help = "effective mass, kg (default 1)"},
        {.name = "k", .kind = HF_CLI_DOUBLE, .value = &k, .arg = "K",
         .help = "Hertz stiffness, N/m^n (default 1)"},
        {.name = "v0", .kind = HF_CLI_DOUBLE, .value = &v, .arg = "V",
         .help = "impact velocity, m/s (default 1)"},
        {.name = "c-max", .kind = HF_CLI_DOUBLE, .value = &c_max, .arg = "C",
         .help = "search c in [0, C] only (default: the bound of Eq. 33)"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {
        "copt", "--n N --e E... [--m M --k K --v0 V] [--csv]  |  copt fit --help",
        "Optimal damping c_opt of the Hertz + linear damper contact\n"
        "m x'' + c x' + k x^n = 0 separating at zero force (Poursina & Nikravesh 2020,\n"
        "Eqs. 20-23): the c whose simulated output restitution is E (GSL Brent on\n"
        "e_out(c) - E, relative tolerance 1e-10, one dimensionless solve scaled by\n"
        "Eq. 34).  c_closed_form is Eq. 49 with alpha, beta of Eqs. 46-47, and\n"
        "e_out_closed_form the restitution that c_closed_form really gives.",
        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc)) {
        hf_cli_doubles_free(&es);
        return rc;
    }
    if (!opts[1].given)
        rc = hf_cli_fail("copt", "--e is required (desired restitution, in [1e-6, 1])");
    if (rc == 0)
        rc = copt_check_inputs(n, &es, m, k, v);
    if (rc == 0 && !(c_max >= 0.0))
        rc = hf_cli_fail("copt", "--c-max = %g must be >= 0", c_max);
    hf_table *t = NULL;
    if (rc == 0) {
        static const char *const headers[] = {"n", "e", "c_opt", "c_closed_form",
                                              "e_out_closed_form"};
        hf_copt_options o;
        hf_copt_options_init(&o);
        o.c_max = c_max;
        t = hf_table_create(csv, 5, headers);   /* freed by hf_table_print or below */
        rc = t == NULL ? hf_cli_fail("copt", "out of memory")
                       : copt_rows(t, n, &es, m, k, v, &o);
    }
    if (rc == 0) {
        rc = hf_table_print(t, stdout);
        t = NULL;
    }
    hf_table_free(t);
    hf_cli_doubles_free(&es);
    return rc;
}

/* ---- copt fit ------------------------------------------------------------ */

/* SPEC is "START:STOP:COUNT" (COUNT values, both ends included) or one
 * number.  *values (caller frees) receives the grid. */
static int parse_grid(const char *what, const char *spec, double **values, size_t *count)
{
    char buf[128];
    if (strlen(spec) >= sizeof buf)
        return hf_cli_fail("copt fit", "%s: '%s' is too long", what, spec);
    strcpy(buf, spec);
    char *c1 = strchr(buf, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    double start, stop;
    unsigned long long n = 1;
    if (c1 == NULL) {
        if (hf_parse_double(buf, &start, NULL) != HF_OK)
            return hf_cli_fail("copt fit", "%s: '%s' is not a number or START:STOP:COUNT", what,
                               spec);
        stop = start;
    } else {
        if (c2 == NULL)
            return hf_cli_fail("copt fit", "%s: '%s' is not START:STOP:COUNT", what, spec);
        *c1 = *c2 = '\0';
        if (hf_parse_double(buf, &start, NULL) != HF_OK ||
            hf_parse_double(c1 + 1, &stop, NULL) != HF_OK ||
            hf_parse_count(c2 + 1, &n, NULL) != HF_OK)
            return hf_cli_fail("copt fit", "%s: '%s' is not START:STOP:COUNT", what, spec);
        if (n < 1 || n > 100000 || (n == 1 && start != stop))
            return hf_cli_fail("copt fit", "%s: COUNT = %llu must be in [2, 100000] (or 1 with "
                               "START = STOP)", what, n);
        if (!(start < stop) && n > 1)
            return hf_cli_fail("copt fit", "%s: START = %g is not below STOP = %g", what, start,
                               stop);
    }
    *values = malloc(sizeof(double) * n);   /* the caller frees */
    if (*values == NULL)
        return hf_cli_fail("copt fit", "out of memory");
    for (unsigned long long i = 0; i < n; ++i)
        (*values)[i] = n == 1 ? start : start + (stop - start) * (double)i / (double)(n - 1);
    if (n > 1)
        (*values)[n - 1] = stop;
    *count = n;
    return 0;
}

static int check_fit_grids(const double *ns, size_t nn, const double *es, size_t ne)
{
    for (size_t i = 0; i < nn; ++i)
        if (!(ns[i] >= 1.0 && ns[i] <= 2.0))
            return hf_cli_fail("copt fit", "--n-grid: n = %g is outside [1, 2]", ns[i]);
    if (ne < 3)
        return hf_cli_fail("copt fit", "--e-grid: %zu values, the fit needs >= 3", ne);
    for (size_t j = 0; j < ne; ++j)
        if (hf_cli_check_restitution("copt fit", "--e-grid: e", es[j]) != 0)
            return 2;
    return 0;
}

static void show_progress(size_t done, size_t total, void *user)
{
    (void)user;
    fprintf(stderr, "\rcopt fit: %zu/%zu n values", done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

static int run_fit(const double *ns, size_t nn, const double *es, size_t ne, int threads,
                   int csv)
{
    double *out = malloc(sizeof(double) * 3 * nn);   /* alpha, beta, rms; freed below */
    if (out == NULL)
        return hf_cli_fail("copt fit", "out of memory");
    double *alpha = out, *beta = out + nn, *rms = out + 2 * nn;
    hf_diag diag = {{0}};
    hf_copt_refit_config cfg;
    hf_copt_refit_config_init(&cfg);
    cfg.n_grid = ns;
    cfg.n_count = nn;
    cfg.e_grid = es;
    cfg.e_count = ne;
    cfg.threads = threads;
    cfg.progress = isatty(fileno(stderr)) ? show_progress : NULL;
    hf_status st = hf_copt_refit(&cfg, alpha, beta, rms, &diag);
    if (st != HF_OK) {
        free(out);
        return hf_cli_fail_status("copt fit", st, &diag);
    }
    static const char *const headers[] = {"n", "alpha", "beta", "rms_residual", "alpha_eq46",
                                          "beta_eq47"};
    hf_table *t = hf_table_create(csv, 6, headers);   /* freed by hf_table_print */
    if (t == NULL) {
        free(out);
        return hf_cli_fail("copt fit", "out of memory");
    }
    for (size_t i = 0; i < nn; ++i) {
        hf_table_numf(t, "%.4f", ns[i]);
        hf_table_numf(t, "%.6f", alpha[i]);
        hf_table_numf(t, "%.6f", beta[i]);
        hf_table_numf(t, "%.3e", rms[i]);
        hf_table_numf(t, "%.6f", hf_copt_alpha_paper(ns[i]));
        hf_table_numf(t, "%.6f", hf_copt_beta_paper(ns[i]));
    }
    free(out);
    return hf_table_print(t, stdout);
}

static int copt_fit(int argc, char **argv)
{
    const char *n_spec = "1:2:100", *e_spec = "0.45:1:600";
    unsigned long long threads = 0;
    int csv = 0;
    hf_cli_opt opts[] = {
        {.name = "n-grid", .kind = HF_CLI_STRING, .value = &n_spec, .arg = "SPEC",
         .help = "n values START:STOP:COUNT or one number (default 1:2:100)"},
        {.name = "e-grid", .kind = HF_CLI_STRING, .value = &e_spec, .arg = "SPEC",
         .help = "e values START:STOP:COUNT (default 0.45:1:600)"},
        {.name = "threads", .kind = HF_CLI_COUNT, .value = &threads, .arg = "T",
         .help = "OpenMP threads (default: all); results do not depend on it"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {
        "copt fit", "[--n-grid SPEC] [--e-grid SPEC] [--threads T] [--csv]",
        "Refit Poursina & Nikravesh's alpha(n), beta(n) (Eqs. 45-47): for each n, c_opt\n"
        "at m = k = v = 1 for every e of the grid, then the least-squares fit\n"
        "c_opt = alpha (e^beta - 1) (alpha by regression, beta by GSL Brent).  The paper\n"
        "used 100 n values in [1, 2] and 600 e values in [0.45, 1] (the defaults).\n"
        "alpha_eq46, beta_eq47 are the paper's fitted polynomials for comparison.",
        opts, sizeof opts / sizeof opts[0], 0, 0};
    hf_cli_strings pos;   /* filled by hf_cli_parse, freed below */
    int rc = hf_cli_parse(&spec, argc, argv, &pos);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    hf_cli_strings_free(&pos);
    if (threads > 1024)
        return hf_cli_fail("copt fit", "--threads = %llu is more than 1024", threads);
    double *ns = NULL, *es = NULL;   /* freed below */
    size_t nn = 0, ne = 0;
    rc = parse_grid("--n-grid", n_spec, &ns, &nn);
    if (rc == 0)
        rc = parse_grid("--e-grid", e_spec, &es, &ne);
    if (rc == 0)
        rc = check_fit_grids(ns, nn, es, ne);
    if (rc == 0)
        rc = run_fit(ns, nn, es, ne, (int)threads, csv);
    free(ns);
    free(es);
    return rc;
}

int hf_cmd_copt(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "fit") == 0)
        return copt_fit(argc - 1, argv + 1);
    return copt_single(argc, argv);
}
