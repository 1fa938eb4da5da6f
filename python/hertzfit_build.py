"""cffi builder of hertzfit._hertzfit, the C extension under the hertzfit package.

API (out-of-line) mode: the declarations below are checked by the C compiler
against the public headers (include/hertzfit), so a field or a prototype that
drifts from the library fails the build instead of corrupting memory.  Structs
end in `...;` where Python reads only some fields; the compiler fills in the
layout.

Where the library is found, first match wins:
  HERTZFIT_STATIC_LIB=/path/libhertzfit.a and HERTZFIT_INCLUDE_DIRS=dir[:dir]
      link that static library (the CMake build does this; its dependencies
      come from pkg-config: gsl nlopt libcrypto, and OpenMP);
  otherwise `pkg-config --cflags --libs hertzfit` (an installed hertzfit; set
      PKG_CONFIG_PATH to PREFIX/lib/pkgconfig for a private prefix).
HERTZFIT_EXTRA_LINK adds linker flags (the sanitizer build's -fsanitize=...).

Run as a script to build the extension into a folder:
    python3 hertzfit_build.py OUTDIR      ->  OUTDIR/hertzfit/_hertzfit*.so
"""
import os
import shlex
import subprocess
import sys

import cffi

CDEF = r"""
/* ---- core: status, diag, problem, rng; free() of what the library malloc'ed */
void free(void *ptr);
typedef enum hf_status {
    HF_OK, HF_EDOM, HF_EINVAL, HF_ENOMEM, HF_EIO, HF_EPARSE, HF_ENOCONV, HF_EGSL, HF_ENLOPT,
    HF_ENOTFOUND, HF_EBRACKET, HF_ESINGULAR, HF_EBOUNDS, HF_ERANGE, HF_EMISMATCH, HF_EEXIST,
    HF_EMISSING, HF_EWRITE, ...
} hf_status;
typedef struct hf_diag { char text[1024]; } hf_diag;
const char *hf_strerror(hf_status status);
void hf_library_init(void);
static const char *const HERTZFIT_VERSION;
static const char *const HERTZFIT_GIT_HASH;

typedef double (*hf_objective_fn)(const double *x, void *ctx);
typedef struct hf_problem {
    const char *name;
    size_t dim;
    const double *lower;
    const double *upper;
    hf_objective_fn f;
    void *ctx;
    int has_optimum;
    double f_opt;
} hf_problem;

typedef struct hf_rng hf_rng;
double hf_rng_uniform(hf_rng *rng);
double hf_rng_normal(hf_rng *rng, double mean, double sigma);
uint32_t hf_rng_bounded(hf_rng *rng, uint32_t bound);

/* ---- optimizers */
typedef enum hf_stop_reason { HF_STOP_NONE, HF_STOP_MAXEVAL, HF_STOP_MAXITER, HF_STOP_TARGET,
                              HF_STOP_CONVERGED, HF_STOP_FAILURE, ... } hf_stop_reason;
const char *hf_stop_reason_name(hf_stop_reason reason);
typedef struct hf_run_config {
    uint64_t seed;
    uint64_t stream;
    size_t max_evals;
    size_t max_iters;
    const double *x0;
    int has_target;
    double target;
    ...;
} hf_run_config;
void hf_run_config_init(hf_run_config *run);
typedef struct hf_result {
    size_t dim;
    double *x;
    double f;
    size_t evaluations;
    size_t failed_evaluations;
    size_t iterations;
    hf_stop_reason stop;
    hf_status status;
    double seconds;
} hf_result;
hf_status hf_result_alloc(size_t dim, hf_result **out, hf_diag *diag);
void hf_result_free(hf_result *result);
typedef struct hf_optimizer hf_optimizer;
hf_status hf_optimizer_alloc(const char *name, size_t dim, hf_optimizer **out, hf_diag *diag);
void hf_optimizer_free(hf_optimizer *opt);
hf_status hf_optimizer_set(hf_optimizer *opt, const char *key, double value, hf_diag *diag);
hf_status hf_optimizer_get(const hf_optimizer *opt, const char *key, double *value,
                           hf_diag *diag);
size_t hf_optimizer_param_count(const hf_optimizer *opt);
hf_status hf_optimizer_param(const hf_optimizer *opt, size_t index, const char **key,
                             double *value, const char **doc, hf_diag *diag);
size_t hf_optimizer_variant_count(const hf_optimizer *opt);
hf_status hf_optimizer_param_default(const hf_optimizer *opt, size_t index, size_t variant,
                                     double *value, const char **source, hf_diag *diag);
hf_status hf_optimize(const hf_optimizer *opt, const hf_problem *problem,
                      const hf_run_config *run, hf_result *result, hf_diag *diag);
size_t hf_optimizer_name_count(void);
const char *hf_optimizer_name_at(size_t index);

/* ---- the algorithm interface: a Python optimiser */
typedef struct hf_param_spec {
    const char *key;
    double def;
    double min;
    double max;
    int integer;
    const char *doc;
    double def_alt;
    const char *source;
} hf_param_spec;
typedef struct hf_evaluator hf_evaluator;
double hf_evaluator_eval(hf_evaluator *ev, const double *x);
int hf_evaluator_should_stop(const hf_evaluator *ev);
void hf_evaluator_end_iteration(hf_evaluator *ev);
void hf_evaluator_stop(hf_evaluator *ev, hf_stop_reason reason);
typedef struct hf_algo_run {
    const hf_problem *problem;
    const double *params;
    int variant;
    const char *name;
    hf_evaluator *ev;
    hf_rng *rng;
    const hf_run_config *run;
} hf_algo_run;
typedef struct hf_algorithm {
    const char *name;
    const char *summary;
    const hf_param_spec *params;
    size_t nparams;
    size_t default_max_iters;
    size_t default_max_evals;
    hf_status (*run)(const hf_algo_run *ctx, hf_diag *diag);
    ...;
} hf_algorithm;
hf_status hf_optimizer_register(const hf_algorithm *algorithm, hf_diag *diag);
void hf_uniform_point(hf_rng *rng, const hf_problem *problem, double *x);
void hf_apply_start_point(const hf_algo_run *ctx, double *x);

/* ---- models: damping, restitution, profile, contact, impact, copt */
typedef enum hf_damping_id { HF_DAMPING_PROFILE, HF_DAMPING_COUNT, ... } hf_damping_id;
typedef struct hf_damping_model {
    hf_damping_id id;
    const char *name;
    const char *formula;
    const char *reference;
    int needs_profile;
} hf_damping_model;
const hf_damping_model *hf_damping_at(hf_damping_id id);
hf_status hf_damping_lookup(const char *name, hf_damping_id *id, hf_diag *diag);
hf_status hf_damping_hr(hf_damping_id id, double c_r, const double *profile_ab, double *h_r,
                        hf_diag *diag);
hf_status hf_restitution_hr_exact(double c_r, double *h_r, hf_diag *diag);
hf_status hf_restitution_cr_exact(double h_r, double *c_r, hf_diag *diag);

hf_status hf_profile_integral(double a, double b, double *integral, hf_diag *diag);
double hf_profile_k0_from_integral(double integral);
hf_status hf_profile_valley_a(double b, double target_integral, double *a, hf_diag *diag);

typedef struct hf_contact {
    double mass;
    double stiffness;
    double exponent;
    double approach_speed;
} hf_contact;
void hf_contact_init(hf_contact *contact);

typedef enum hf_impact_law { HF_IMPACT_HUNT_CROSSLEY, HF_IMPACT_LINEAR_DAMPER,
                             HF_IMPACT_KELVIN_VOIGT, ... } hf_impact_law;
typedef enum hf_impact_end { HF_IMPACT_END_DEFORMATION, HF_IMPACT_END_FORCE,
                             HF_IMPACT_END_REST, ... } hf_impact_end;
typedef struct hf_impact_params {
    hf_impact_law law;
    hf_contact contact;
    double damping;
    double load;
    int clamp;
    double tolerance;
    double event_tolerance;
} hf_impact_params;
void hf_impact_params_init(hf_impact_params *params);
typedef struct hf_impact_result {
    double e_out;
    double contact_time;
    double time_max;
    double delta_max;
    double force_max;
    double delta_sep;
    double delta_dot_sep;
    hf_impact_end end;
    size_t steps;
} hf_impact_result;
typedef void (*hf_impact_sample_fn)(double t, double delta, double delta_dot, double force,
                                    void *user);
hf_status hf_impact_simulate(const hf_impact_params *params, hf_impact_result *result,
                             hf_impact_sample_fn sample, void *user, hf_diag *diag);
hf_status hf_impact_history(const hf_impact_params *params, const hf_impact_result *result,
                            size_t count, double *t, double *delta, double *delta_dot,
                            double *force, hf_diag *diag);
hf_status hf_impact_restitution_check(hf_damping_id model, double c_in,
                                      const double *profile_ab, int clamp, double *e_out,
                                      hf_diag *diag);

typedef struct hf_copt_options {
    double rel_tol;
    double ode_tol;
    double c_max;
    double hint;
} hf_copt_options;
void hf_copt_options_init(hf_copt_options *options);
hf_status hf_copt_solve(const hf_contact *contact, double e, const hf_copt_options *options,
                        double *c_opt, hf_diag *diag);
double hf_copt_alpha_paper(double n);
double hf_copt_beta_paper(double n);
hf_status hf_copt_closed_form(const hf_contact *contact, double e, double alpha, double beta,
                              double *c, hf_diag *diag);

/* ---- Maxwell: the model, data, regressions, full fit */
typedef struct hf_hunter_options { double abs_tol; double rel_tol; } hf_hunter_options;
typedef struct hf_argatov_constants { ...; } hf_argatov_constants;
hf_status hf_argatov_constants_compute(hf_argatov_constants *constants, hf_diag *diag);
typedef struct hf_maxwell_material { double mu0; double nu; double eta; } hf_maxwell_material;
typedef struct hf_maxwell_impact { double m; double R; double V0; } hf_maxwell_impact;
typedef struct hf_maxwell_response {
    double F_M;
    double t_M;
    double t_c;
    double e;
    double eps;
    double w_m;
} hf_maxwell_response;
hf_status hf_maxwell_simulate(const hf_maxwell_material *material,
                              const hf_maxwell_impact *impact,
                              const hf_hunter_options *options,
                              hf_maxwell_response *out, hf_diag *diag);
/* ---- the exact viscoelastic impact (hertzfit/viscoelastic.h) */
typedef struct hf_prony {
    double g_inf;
    size_t n;
    double g[10];
    double rate[10];
} hf_prony;
typedef struct hf_viscoelastic_options { double abs_tol; double rel_tol; } hf_viscoelastic_options;
typedef struct hf_viscoelastic_material { double mu0; double nu; hf_prony relax; } hf_viscoelastic_material;
hf_status hf_viscoelastic_simulate(const hf_viscoelastic_material *material,
                                   const hf_maxwell_impact *impact,
                                   const hf_viscoelastic_options *options,
                                   hf_maxwell_response *out, hf_diag *diag);
hf_status hf_viscoelastic_force_history(const hf_viscoelastic_material *material,
                                        const hf_maxwell_impact *impact,
                                        const hf_viscoelastic_options *options, size_t n,
                                        const double *t, double *F, hf_diag *diag);
hf_status hf_maxwell_force_history(const hf_maxwell_material *material,
                                   const hf_maxwell_impact *impact,
                                   const hf_hunter_options *options, size_t n,
                                   const double *t, double *F, hf_diag *diag);
hf_status hf_maxwell_predict(const hf_maxwell_material *material,
                             const hf_maxwell_impact *impact,
                             const hf_argatov_constants *constants,
                             hf_maxwell_response *out, hf_diag *diag);

typedef enum hf_maxwell_observable { HF_MAXWELL_F_M, HF_MAXWELL_T_M, HF_MAXWELL_T_C,
                                     HF_MAXWELL_E, HF_MAXWELL_NOBS, ... }
    hf_maxwell_observable;
const char *hf_maxwell_observable_name(hf_maxwell_observable obs);
const char *hf_maxwell_observables_name(unsigned mask, char *buf, size_t size);
typedef struct hf_maxwell_trace {
    size_t n;
    double *t;
    double *F;
    char *path;
} hf_maxwell_trace;
typedef struct hf_maxwell_data {
    size_t n;
    hf_maxwell_impact *impact;
    double *value[4];
    size_t *line;
    char *path;
    hf_maxwell_trace *trace;
    size_t nwarnings;
    char **warning;
} hf_maxwell_data;
/* ---- identification on the exact impact (hertzfit/viscoelastic_law.h, viscoelastic_fit.h) */
typedef enum hf_viscoelastic_law_kind {
    HF_VISCOELASTIC_LAW_MAXWELL, HF_VISCOELASTIC_LAW_SLS, HF_VISCOELASTIC_LAW_PRONY,
    HF_VISCOELASTIC_LAW_HUNT_CROSSLEY, HF_VISCOELASTIC_LAW_KELVIN_VOIGT
} hf_viscoelastic_law_kind;
typedef struct hf_viscoelastic_law { hf_viscoelastic_law_kind kind; size_t terms; } hf_viscoelastic_law;
hf_status hf_viscoelastic_law_parse(const char *name, hf_viscoelastic_law *law, hf_diag *diag);
const char *hf_viscoelastic_law_name(const hf_viscoelastic_law *law, char *buf, size_t size);
const char *hf_viscoelastic_law_param_name(const hf_viscoelastic_law *law, size_t j);
typedef enum hf_viscoelastic_fit_status {
    HF_VISCOELASTIC_FIT_OK, HF_VISCOELASTIC_FIT_POORLY_DETERMINED,
    HF_VISCOELASTIC_FIT_MODEL_INADEQUATE, HF_VISCOELASTIC_FIT_FAILED
} hf_viscoelastic_fit_status;
const char *hf_viscoelastic_fit_status_name(hf_viscoelastic_fit_status status);
typedef struct hf_viscoelastic_fit {
    hf_viscoelastic_law law;
    size_t k;
    double param[9];
    double param_se[9];
    size_t N;
    size_t p;
    double ssr;
    double r2;
    double chi2_red;
    double runs_z;
    double aic, bic;
    size_t evaluations;
    hf_viscoelastic_fit_status status;
    char reason[128];
} hf_viscoelastic_fit;
typedef struct hf_viscoelastic_lrt {
    size_t simple, general;
    size_t df;
    double statistic;
    double p_value;
} hf_viscoelastic_lrt;
typedef struct hf_viscoelastic_identify_config {
    double nu;
    int automatic;
    hf_viscoelastic_law law;
    size_t auto_terms;
    double bic_threshold;
    size_t max_iter;
    double ode_tol;
} hf_viscoelastic_identify_config;
void hf_viscoelastic_identify_config_init(hf_viscoelastic_identify_config *cfg);
typedef struct hf_viscoelastic_selection {
    size_t n;
    hf_viscoelastic_fit fit[5];
    size_t nlrt;
    hf_viscoelastic_lrt lrt[5];
    size_t best_aic, best_bic;
    double delta_bic;
    int distinguishable;
    size_t chosen;
} hf_viscoelastic_selection;
hf_status hf_viscoelastic_identify(const hf_maxwell_data *data,
                                   const hf_viscoelastic_identify_config *cfg,
                                   hf_viscoelastic_selection *out, hf_diag *diag);
hf_status hf_maxwell_data_alloc(size_t n, unsigned mask, hf_maxwell_data **out,
                                hf_diag *diag);
void hf_maxwell_data_free(hf_maxwell_data *data);
typedef struct hf_maxwell_read_options { char separator; double g; } hf_maxwell_read_options;
void hf_maxwell_read_options_init(hf_maxwell_read_options *options);
hf_status hf_maxwell_data_read(const char *path, const hf_maxwell_read_options *options,
                               hf_maxwell_data **out, hf_diag *diag);
hf_status hf_maxwell_data_check(const hf_maxwell_data *data, hf_diag *diag);
hf_status hf_maxwell_synthesize(const hf_maxwell_material *material,
                                const hf_maxwell_data *impacts, double noise, uint64_t seed,
                                hf_maxwell_response *out, hf_diag *diag);

typedef enum hf_maxwell_extract_status { HF_MAXWELL_EXTRACT_OK, ... }
    hf_maxwell_extract_status;
const char *hf_maxwell_extract_status_name(hf_maxwell_extract_status status);
typedef struct hf_maxwell_impact_features {
    size_t impact;
    double t0, t0_se;
    double F_M, F_M_se;
    double t_M, t_M_se;
    double t_c, t_c_se;
    double impulse;
    double V0;
    double baseline;
    double noise;
    size_t contact_samples;
    hf_maxwell_extract_status status;
} hf_maxwell_impact_features;
hf_status hf_maxwell_trace_extract(const hf_maxwell_trace *trace,
                                   const hf_maxwell_impact *impact, size_t max_impacts,
                                   hf_maxwell_impact_features *out, size_t *nout,
                                   hf_diag *diag);
int hf_maxwell_impact_features_usable(const hf_maxwell_impact_features *f);

typedef enum hf_maxwell_method { HF_MAXWELL_REGRESSION, HF_MAXWELL_FULL, HF_MAXWELL_CURVE }
    hf_maxwell_method;
const char *hf_maxwell_method_name(hf_maxwell_method method);
typedef enum hf_maxwell_weights { HF_MAXWELL_WEIGHTS_NONE, HF_MAXWELL_WEIGHTS_RELATIVE, ... }
    hf_maxwell_weights;
typedef enum hf_maxwell_quality { HF_MAXWELL_WELL_DETERMINED, ... } hf_maxwell_quality;
const char *hf_maxwell_quality_name(hf_maxwell_quality quality);
typedef struct hf_maxwell_estimate {
    hf_maxwell_method method;
    hf_maxwell_weights weights;
    unsigned observables;
    size_t n;
    double mu0, mu0_se;
    double eta, eta_se;
    double C0, C0_se;
    double r2;
    double max_eps;
    double intercept, slope, cov00, cov01, cov11;
    double misfit;
} hf_maxwell_estimate;
hf_maxwell_quality hf_maxwell_estimate_quality(const hf_maxwell_estimate *estimate,
                                               char *reason, size_t size);
hf_status hf_maxwell_regress(const hf_maxwell_data *data, double nu,
                             hf_maxwell_observable obs, hf_maxwell_weights weights,
                             const hf_argatov_constants *constants,
                             hf_maxwell_estimate *out, hf_diag *diag);
typedef struct hf_maxwell_objective_options {
    double nu;
    double mu0_ref, eta_ref;
    double mu0_box;
    double eta_box;
    unsigned mask;
    ...;
} hf_maxwell_objective_options;
typedef struct hf_maxwell_fit_config {
    hf_maxwell_objective_options objective;
    const char *optimizer;
    double xtol_rel;
    uint64_t seed;
    size_t max_evals;
    unsigned recentre_max;
} hf_maxwell_fit_config;
void hf_maxwell_fit_config_init(hf_maxwell_fit_config *cfg);
typedef struct hf_maxwell_fit_result {
    hf_maxwell_estimate estimate;
    hf_stop_reason stop;
    size_t evaluations;
    unsigned at_bound;
    unsigned recentred;
} hf_maxwell_fit_result;
const char *hf_maxwell_fit_status(const hf_maxwell_fit_result *fit, char *buf, size_t size);
int hf_maxwell_fit_suspect(const hf_maxwell_fit_result *fit);
hf_status hf_maxwell_fit_full(const hf_maxwell_data *data,
                              const hf_argatov_constants *constants,
                              const hf_maxwell_fit_config *cfg, hf_maxwell_fit_result *out,
                              double *residuals, hf_diag *diag);
typedef enum hf_maxwell_contact_start { HF_MAXWELL_CONTACT_FITTED, HF_MAXWELL_CONTACT_FIXED,
                                       HF_MAXWELL_CONTACT_EXTRACTED }
    hf_maxwell_contact_start;
typedef enum hf_maxwell_baseline { HF_MAXWELL_BASELINE_FITTED, HF_MAXWELL_BASELINE_ZERO }
    hf_maxwell_baseline;
typedef struct hf_maxwell_curve_config {
    double nu;
    double mu0_start, eta_start;
    hf_maxwell_contact_start contact;
    const double *contact_start;
    hf_maxwell_baseline baseline;
    hf_hunter_options ode;
    size_t max_iter;
    double xtol, gtol;
} hf_maxwell_curve_config;
void hf_maxwell_curve_config_init(hf_maxwell_curve_config *cfg);
size_t hf_maxwell_curve_nresiduals(const hf_maxwell_data *data);
hf_status hf_maxwell_fit_curve(const hf_maxwell_data *data, const hf_maxwell_curve_config *cfg,
                               hf_maxwell_fit_result *out, double *contact_start,
                               double *baseline, double *residuals, hf_diag *diag);

/* ---- objectives: the profile objective */
typedef struct hf_profile_objective hf_profile_objective;
static const double HF_SAMPLING_START;
static const double HF_SAMPLING_STEP;
static const double HF_SAMPLING_STOP;
hf_status hf_sampling_grid(double start, double step, double stop, double **values,
                           size_t *count, hf_diag *diag);
hf_status hf_sampling_read(const char *path, double **values, size_t *count, hf_diag *diag);
hf_status hf_profile_objective_alloc(const double *c, size_t n, hf_profile_objective **out,
                                     hf_diag *diag);
hf_status hf_profile_objective_alloc_table(const char *path, hf_profile_objective **out,
                                           hf_diag *diag);
void hf_profile_objective_free(hf_profile_objective *obj);
double hf_profile_objective_rms(const hf_profile_objective *obj, double a, double b);
double hf_profile_objective_rms_k0(const hf_profile_objective *obj, double k0);
void hf_profile_objective_optimum(const hf_profile_objective *obj, double *k0,
                                  double *integral, double *rms_min);
void hf_profile_objective_quadratic(const hf_profile_objective *obj, double q[3],
                                    double *worst_residual_pct, size_t *count);
const hf_problem *hf_profile_objective_problem(const hf_profile_objective *obj);
hf_status hf_profile_objective_set_bounds(hf_profile_objective *obj, const double lower[2],
                                          const double upper[2], hf_diag *diag);

/* ---- studies: runs, the profile fit, campaigns, reports */
typedef struct hf_trace_point {
    size_t iteration;
    size_t evaluations;
    double best_f;
} hf_trace_point;
typedef struct hf_trace { hf_trace_point *points; size_t count; } hf_trace;
typedef struct hf_runs_config {
    size_t runs;
    uint64_t seed;
    uint64_t first_stream;
    int threads;
    size_t max_evals;
    size_t max_iters;
    int has_target;
    double target;
    int record_traces;
    ...;
} hf_runs_config;
typedef struct hf_runs {
    size_t count;
    hf_result **results;
    hf_trace *traces;
    ...;
} hf_runs;
typedef struct hf_runs_summary {
    size_t runs;
    size_t finite;
    double best, mean, median, worst;
    double sd;
    double mean_evaluations;
    size_t failed_evaluations;
} hf_runs_summary;
typedef struct hf_profile_fit_config {
    hf_runs_config runs;
    double i_tolerance;
    const double *valley_b;
    size_t n_valley_b;
} hf_profile_fit_config;
void hf_profile_fit_config_init(hf_profile_fit_config *cfg);
typedef struct hf_profile_valley_point {
    double b;
    double a;
    int found;
    int inside;
} hf_profile_valley_point;
typedef struct hf_profile_fit {
    hf_runs *runs;
    hf_runs_summary summary;
    double k0_star, i_star, rms_min;
    double *integral, *k0;
    unsigned char *converged;
    size_t n_converged;
    hf_profile_valley_point *valley;
    size_t n_valley;
} hf_profile_fit;
hf_status hf_profile_fit_run(const hf_profile_objective *obj, const hf_optimizer *opt,
                             const hf_profile_fit_config *cfg, hf_profile_fit **out,
                             hf_diag *diag);
void hf_profile_fit_free(hf_profile_fit *fit);

typedef enum hf_budget_scale { HF_BUDGET_EVALUATIONS, HF_BUDGET_PER_DIMENSION, ... }
    hf_budget_scale;
typedef struct hf_budget_rule {
    size_t dim;
    hf_budget_scale scale;
    size_t value;
} hf_budget_rule;
typedef struct hf_campaign_config {
    const char *const *optimizers;
    size_t n_optimizers;
    const char *const *problems;
    size_t n_problems;
    size_t runs;
    const hf_budget_rule *budget;
    size_t n_budget;
    const double *targets;
    size_t n_targets;
    uint64_t seed;
    int threads;
    const char *data_dir;
    int force;
    int shift;
    ...;
} hf_campaign_config;
void hf_campaign_config_init(hf_campaign_config *cfg);
hf_status hf_campaign_preset(const char *name, hf_campaign_config *cfg, hf_diag *diag);
typedef struct hf_campaign_row {
    size_t optimizer, problem;
    size_t run;
    uint64_t seed, stream;
    double best_f;
    size_t evaluations;
    hf_stop_reason stop;
    double seconds;
    size_t trace_first, trace_count;
} hf_campaign_row;
typedef struct hf_campaign_problem {
    char *name;
    size_t dim;
    int has_optimum;
    double f_opt;
    size_t budget;
    ...;
} hf_campaign_problem;
typedef struct hf_campaign {
    char **optimizers;
    size_t n_optimizers;
    hf_campaign_problem *problems;
    size_t n_problems;
    size_t runs;
    uint64_t seed;
    double *targets;
    size_t n_targets;
    hf_campaign_row *rows;
    size_t n_rows;
    hf_trace_point *trace;
    size_t n_trace;
    ...;
} hf_campaign;
void hf_campaign_free(hf_campaign *c);
double hf_campaign_row_f_opt(const hf_campaign *c, const hf_campaign_row *row);
hf_status hf_campaign_run(const hf_campaign_config *cfg, const char *out_dir,
                          hf_campaign **out, hf_diag *diag);
hf_status hf_campaign_read(const char *dir, hf_campaign **out, hf_diag *diag);
typedef struct hf_report_options {
    const double *targets;
    size_t n_targets;
    double alpha;
    int force;
    ...;
} hf_report_options;
void hf_report_options_init(hf_report_options *opt);
hf_status hf_report_write(const hf_campaign *c, const hf_report_options *opt, const char *dir,
                          hf_diag *diag);
double hf_report_ert(const hf_campaign *c, size_t o, size_t p, double delta,
                     size_t *successes, size_t *runs);
double hf_report_final_error(const hf_campaign *c, const hf_campaign_row *row);

/* ---- Python called from C: an objective, and a run of a Python optimiser */
extern "Python" double hfpy_objective(const double *x, void *ctx);
extern "Python" hf_status hfpy_algorithm_run(const hf_algo_run *ctx, hf_diag *diag);
"""

SOURCE = '#include <stdlib.h>\n#include "hertzfit/hertzfit.h"\n'


def _pkg_config(*args):
    out = subprocess.run(["pkg-config", *args], check=True, capture_output=True, text=True)
    return shlex.split(out.stdout)


def _split_flags(flags):
    """-I/-L/-l flags to setuptools' lists; the rest stays as compile/link args."""
    include_dirs, library_dirs, libraries, other = [], [], [], []
    for flag in flags:
        if flag.startswith("-I"):
            include_dirs.append(flag[2:])
        elif flag.startswith("-L"):
            library_dirs.append(flag[2:])
        elif flag.startswith("-l"):
            libraries.append(flag[2:])
        else:
            other.append(flag)
    return include_dirs, library_dirs, libraries, other


def _library_flags():
    static_lib = os.environ.get("HERTZFIT_STATIC_LIB")
    if static_lib:
        include_dirs = [os.path.abspath(d)
                        for d in os.environ.get("HERTZFIT_INCLUDE_DIRS", "").split(os.pathsep)
                        if d]
        deps = _pkg_config("--libs", "gsl", "nlopt", "libcrypto")
        inc, libdirs, libs, other = _split_flags(deps)
        kwargs = dict(include_dirs=include_dirs + inc, library_dirs=libdirs,
                      libraries=libs + ["m"], extra_objects=[os.path.abspath(static_lib)],
                      extra_compile_args=["-fopenmp"], extra_link_args=["-fopenmp"] + other)
    else:
        try:
            flags = _pkg_config("--cflags", "--libs", "hertzfit")
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit("hertzfit not found: install the library (cmake --install) and "
                             "set PKG_CONFIG_PATH to PREFIX/lib/pkgconfig, or set "
                             "HERTZFIT_STATIC_LIB and HERTZFIT_INCLUDE_DIRS (%s)" % exc)
        inc, libdirs, libs, other = _split_flags(flags)
        compile_args = [f for f in other if f.startswith("-f") or f.startswith("-D")]
        kwargs = dict(include_dirs=inc, library_dirs=libdirs, libraries=libs,
                      runtime_library_dirs=libdirs, extra_compile_args=compile_args,
                      extra_link_args=other)
    kwargs["extra_link_args"] += shlex.split(os.environ.get("HERTZFIT_EXTRA_LINK", ""))
    return kwargs


ffibuilder = cffi.FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source("hertzfit._hertzfit", SOURCE, **_library_flags())

if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: hertzfit_build.py OUTDIR")
    ffibuilder.compile(tmpdir=sys.argv[1], verbose=False)
