/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * systems/example.c — the worked examples (hertzfit/examples.h): their
 * names, defaults and result, the contact law of one impact, and the
 * bouncing ball; the impact damper and the pendulums have files of their
 * own (systems/example_damper.c, systems/example_pendulums.c).
 */
#include "systems/example_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"

static const char *const example_names[HF_EXAMPLE_COUNT] = {
    "bouncing-ball", "impact-damper", "slider-crank", "pendulums"};

const char *hf_example_name(hf_example_id id)
{
    return (unsigned)id < HF_EXAMPLE_COUNT ? example_names[id] : "?";
}

static const char *example_name_at(size_t index, const void *ctx)
{
    (void)ctx;
    return example_names[index];
}

hf_status hf_example_lookup(const char *name, hf_example_id *id, hf_diag *diag)
{
    for (size_t k = 0; name != NULL && k < HF_EXAMPLE_COUNT; ++k)
        if (strcmp(name, example_names[k]) == 0) {
            *id = (hf_example_id)k;
            return HF_OK;
        }
    return hf_unknown_name("example", name, HF_EXAMPLE_COUNT, example_name_at, NULL, diag);
}

void hf_example_config_init(hf_example_config *config, hf_example_id example)
{
    memset(config, 0, sizeof *config);
    config->example = example;
    config->model = (hf_impact_model){HF_IMPACT_HUNT_CROSSLEY,
                                      HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR};
    config->tolerance = 1e-10;
    config->output_step = 5e-3;
    switch (example) {
    case HF_EXAMPLE_IMPACT_DAMPER:
        config->restitution = HF_DAMPER_RESTITUTION;
        config->stiffness = HF_DAMPER_CONTACT_STIFFNESS;
        config->duration = 60.0;
        config->gap = 0.02;
        config->friction = HF_DAMPER_FRICTION;
        config->damping_ratio = HF_DAMPER_DAMPING_RATIO;
        break;
    case HF_EXAMPLE_PENDULUMS:
        config->model = (hf_impact_model){HF_IMPACT_LINEAR_DAMPER, HF_DAMPING_COUNT};
        config->restitution = HF_PENDULUM_RESTITUTION;
        config->stiffness = HF_PENDULUM_STIFFNESS;
        config->duration = 8.0;
        break;
    case HF_EXAMPLE_SLIDER_CRANK:
        config->restitution = HF_SLIDER_RESTITUTION;
        config->stiffness = HF_SLIDER_STIFFNESS;
        config->duration = 0.5;
        config->output_step = 2e-4;
        config->crank_speed = 200.0;
        config->block_speed = 20.0;
        break;
    default:   /* the ball */
        config->restitution = 0.8;
        config->stiffness = HF_BALL_STIFFNESS;
        config->duration = 0.0;
        config->output_step = 1e-3;
        break;
    }
}

/* ---- the result -------------------------------------------------------- */

/* Appends N doubles to *buf (of *len items of WIDTH, capacity *cap). */
static hf_status push(double **buf, size_t *len, size_t *cap, size_t width,
                      const double *item, hf_diag *diag)
{
    if (*len == *cap) {
        size_t cap2 = *cap ? 2 * *cap : 256;
        double *grown = realloc(*buf, sizeof(double) * width * cap2); /* owned: the example */
        if (grown == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "example: out of memory for its results");
        *buf = grown;
        *cap = cap2;
    }
    memcpy(*buf + *len * width, item, sizeof(double) * width);
    ++*len;
    return HF_OK;
}

hf_status hf_example_push_row(hf_example *ex, const double *row, hf_diag *diag)
{
    return push(&ex->rows, &ex->nrows, &ex->cap_rows, ex->ncols, row, diag);
}

hf_status hf_example_push_contact(hf_example *ex, double t, double delta, double delta_dot,
                                  double force, hf_diag *diag)
{
    const double row[HF_EXAMPLE_CONTACT_COLUMNS] = {t, (double)ex->nimpacts, delta, delta_dot,
                                                    force};
    return push(&ex->contact, &ex->ncontact, &ex->cap_contact, HF_EXAMPLE_CONTACT_COLUMNS,
                row, diag);
}

hf_status hf_example_push_peak(hf_example *ex, double t, double x, hf_diag *diag)
{
    const double row[2] = {t, x};
    return push(&ex->peaks, &ex->npeaks, &ex->cap_peaks, 2, row, diag);
}

hf_status hf_example_push_impact(hf_example *ex, const hf_example_impact *impact,
                                 hf_diag *diag)
{
    if (ex->nimpacts == ex->cap_impacts) {
        size_t cap2 = ex->cap_impacts ? 2 * ex->cap_impacts : 16;
        hf_example_impact *grown = realloc(ex->impacts, sizeof *grown * cap2); /* owned */
        if (grown == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "example: out of memory for its impacts");
        ex->impacts = grown;
        ex->cap_impacts = cap2;
    }
    ex->impacts[ex->nimpacts++] = *impact;
    return HF_OK;
}

void hf_example_free(hf_example *ex)
{
    if (ex == NULL)
        return;
    free(ex->rows);
    free(ex->contact);
    free(ex->impacts);
    free(ex->peaks);
    free(ex);
}

size_t hf_example_columns(const hf_example *ex, const char *const **names)
{
    *names = ex->columns;
    return ex->ncols;
}

const double *hf_example_series(const hf_example *ex, size_t *rows)
{
    *rows = ex->nrows;
    return ex->rows;
}

const double *hf_example_contact_series(const hf_example *ex, size_t *rows)
{
    *rows = ex->ncontact;
    return ex->contact;
}

size_t hf_example_impacts(const hf_example *ex, const hf_example_impact **impacts)
{
    *impacts = ex->impacts;
    return ex->nimpacts;
}

const double *hf_example_peaks(const hf_example *ex, size_t *count)
{
    *count = ex->npeaks;
    return ex->peaks;
}

void hf_example_zones_get(const hf_example *ex, hf_example_zones *zones)
{
    *zones = ex->zones;
}

/* ---- the contact law of one impact ------------------------------------- */

hf_status hf_example_law_init(hf_example_law *law, const hf_example_config *c, hf_diag *diag)
{
    memset(law, 0, sizeof *law);
    law->model = c->model;
    law->e = c->restitution;
    law->stiffness = c->stiffness;
    law->profile_ab = c->profile_ab[0] > 0.0 && c->profile_ab[1] > 0.0 ? c->profile_ab : NULL;
    hf_status st = hf_impact_check_restitution("restitution e", c->restitution, diag);
    if (st != HF_OK || c->piecewise)
        return st;
    if (c->model.law == HF_IMPACT_LINEAR_DAMPER) {
        hf_contact unit;
        hf_contact_init(&unit);   /* m = K = v⁻ = 1, n = 3/2 */
        return hf_copt_solve(&unit, c->restitution, NULL, &law->c_unit, diag);
    }
    if (c->model.law != hf_impact_law_of(c->model.damping))
        return hf_diag_set(diag, HF_EINVAL, "example: the damping is a catalogue model or the "
                           "linear damper, not force law %d", (int)c->model.law);
    double h;   /* checks the model and (a, b) once, before any simulation */
    return hf_damping_hr(c->model.damping, c->restitution, law->profile_ab, &h, diag);
}

hf_status hf_example_law_params(const hf_example_law *law, double mass, double speed,
                                hf_impact_params *p, hf_diag *diag)
{
    hf_impact_params_init(p);
    p->law = law->model.law;
    p->contact.mass = mass;
    p->contact.stiffness = law->stiffness;
    p->contact.exponent = 1.5;
    p->contact.approach_speed = speed;
    hf_status st = hf_contact_check(&p->contact, diag);
    if (st != HF_OK)
        return st;
    if (law->model.law == HF_IMPACT_LINEAR_DAMPER) {
        double n = 1.5;   /* Eq. 34: c ∝ [K v⁻^{n−1} m^n]^{1/(n+1)} */
        p->damping = law->c_unit * exp((log(law->stiffness) + (n - 1.0) * log(speed) +
                                        n * log(mass)) / (n + 1.0));
        return HF_OK;
    }
    return hf_damping_hr(law->model.damping, law->e, law->profile_ab, &p->damping, diag);
}

/* ---- one stretch of integration ---------------------------------------- */

hf_status hf_example_advance(hf_ode_rhs_fn rhs, size_t dim, void *params,
                             const hf_ode_event *events, size_t nevents, double abs_tol,
                             double rel_tol, double h0, double t_stop, double *t, double *y,
                             size_t *which, hf_diag *diag)
{
    if (!(t_stop > *t)) {
        *which = nevents;
        return HF_OK;
    }
    hf_ode_options o;
    hf_ode_options_init(&o);
    o.abs_tol = abs_tol;
    o.rel_tol = rel_tol;
    o.h0 = h0;
    o.t_max = t_stop;
    hf_diag local = {{0}};
    hf_status st = hf_ode_integrate_to_event(rhs, dim, params, events, nevents, &o, t, y,
                                             which, NULL, NULL, &local);
    if (st == HF_ENOCONV && *t >= t_stop) {   /* reached the output time */
        *which = nevents;
        return HF_OK;
    }
    if (st != HF_OK && diag != NULL)
        *diag = local;
    return st;
}

/* ---- the bouncing ball ------------------------------------------------- */

static const char *const ball_columns[] = {"t_s", "delta_m", "delta_dot_m_per_s", "F_N"};

static hf_status ball_run(const hf_example_config *c, hf_example *ex, hf_diag *diag)
{
    hf_impact_params p;
    hf_impact_result r;
    hf_status st = hf_impact_ball_params(c->model, c->restitution,
                                         c->profile_ab[0] > 0.0 ? c->profile_ab : NULL, 0, &p,
                                         diag);
    if (st != HF_OK)
        return st;
    p.contact.stiffness = c->stiffness;
    if ((st = hf_impact_simulate(&p, &r, NULL, NULL, diag)) != HF_OK)
        return st;
    /* the contact at the output step, at least 201 samples (the default
     * step is coarser than a contact); a step too fine for 1e6 samples is
     * refused rather than silently widened */
    double wanted = ceil(r.contact_time / c->output_step) + 1;
    if (wanted > 1e6)
        return hf_diag_set(diag, HF_EDOM, "output step = %g s gives %.4g samples of the %g s "
                           "contact, more than 1e6 (give a step of at least %.3g s)",
                           c->output_step, wanted, r.contact_time, r.contact_time / (1e6 - 1));
    size_t count = (size_t)fmax(201.0, wanted);
    double *buf = malloc(sizeof(double) * 4 * count);   /* freed below */
    if (buf == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "example: out of memory");
    double *t = buf, *d = buf + count, *dd = buf + 2 * count, *f = buf + 3 * count;
    st = hf_impact_history(&p, &r, count, t, d, dd, f, diag);
    for (size_t i = 0; st == HF_OK && i < count; ++i) {
        const double row[4] = {t[i], d[i], dd[i], f[i]};
        st = hf_example_push_row(ex, row, diag);
        if (st == HF_OK)
            st = hf_example_push_contact(ex, t[i], d[i], dd[i], f[i], diag);
    }
    free(buf);
    hf_example_impact im = {0};
    im.t_end = r.contact_time;
    im.approach_speed = p.contact.approach_speed;
    im.separation_speed = r.e_out * p.contact.approach_speed;
    im.contact_mass = p.contact.mass;
    im.damping = p.damping;
    im.delta_max = r.delta_max;
    im.force_max = r.force_max;
    im.delta_sep = r.delta_sep;
    im.qdot_before[0] = -p.contact.approach_speed;   /* the ball's velocity, up positive */
    im.qdot_after[0] = r.e_out * p.contact.approach_speed;
    return st == HF_OK ? hf_example_push_impact(ex, &im, diag) : st;
}

/* ---- the entry point --------------------------------------------------- */

/* The duration and the model of C, decided here for every front end: the
 * ball's one contact ends by itself (it takes no duration), the other
 * examples run for a duration of at most 1e7 output steps, and the
 * profile damping needs its exponents. */
static hf_status check_settings(const hf_example_config *c, hf_diag *diag)
{
    if (c->example == HF_EXAMPLE_BOUNCING_BALL && c->duration != 0.0)
        return hf_diag_set(diag, HF_EINVAL, "duration does not apply to bouncing-ball: it "
                           "simulates one contact, which ends by itself");
    if (c->example != HF_EXAMPLE_BOUNCING_BALL && !(c->duration > 0.0 && c->duration <= 1e4))
        return hf_diag_set(diag, HF_EDOM, "duration = %g s is outside (0, 1e4]", c->duration);
    if (c->example != HF_EXAMPLE_BOUNCING_BALL && !(c->duration / c->output_step <= 1e7))
        return hf_diag_set(diag, HF_EDOM, "duration = %g s at output step = %g s is %.4g "
                           "steps, more than 1e7 (give a step of at least %.3g s)", c->duration,
                           c->output_step, c->duration / c->output_step, c->duration / 1e7);
    if (!c->piecewise && c->model.law == HF_IMPACT_HUNT_CROSSLEY &&
        c->model.damping == HF_DAMPING_PROFILE &&
        !(c->profile_ab[0] > 0.0 && c->profile_ab[1] > 0.0))
        return hf_diag_set(diag, HF_EINVAL, "model profile needs the profile exponents a > 0 "
                           "and b > 0");
    return HF_OK;
}

static hf_status check_config(const hf_example_config *c, hf_diag *diag)
{
    if (c == NULL)
        return hf_diag_set(diag, HF_EINVAL, "example: no configuration");
    if ((unsigned)c->example >= HF_EXAMPLE_COUNT)
        return hf_diag_set(diag, HF_EINVAL, "example: unknown example %d", (int)c->example);
    hf_status st = hf_impact_check_restitution("restitution e", c->restitution, diag);
    if (st != HF_OK)
        return st;
    if (!(isfinite(c->stiffness) && c->stiffness > 0.0))
        return hf_diag_set(diag, HF_EDOM, "stiffness K = %g must be positive", c->stiffness);
    if (!(c->output_step > 0.0 && c->output_step <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "output step = %g s is outside (0, 1]",
                           c->output_step);
    if (!(c->tolerance > 0.0 && c->tolerance <= 1e-3))
        return hf_diag_set(diag, HF_EDOM, "tolerance = %g is outside (0, 1e-3]", c->tolerance);
    st = check_settings(c, diag);
    if (st != HF_OK)
        return st;
    return HF_OK;
}

/* The time of the first sample of N rows of WIDTH values (time first)
 * holding a value that is not finite, or NAN when every value is. */
static double first_non_finite(const double *v, size_t n, size_t width)
{
    for (size_t i = 0; i < n * width; ++i)
        if (!isfinite(v[i]))
            return v[i - i % width];
    return NAN;
}

/* A result with a non-finite number is refused rather than handed on: a
 * set-up the doubles cannot resolve (a gap far below the rounding of the
 * positions, ~1e-17 m at x0 = 3 cm) drives the state to NaN without any
 * step failing. */
static hf_status check_finite(const hf_example *ex, hf_diag *diag)
{
    double t = first_non_finite(ex->rows, ex->nrows, ex->ncols);
    if (isnan(t))
        t = first_non_finite(ex->contact, ex->ncontact, HF_EXAMPLE_CONTACT_COLUMNS);
    if (isnan(t))
        t = first_non_finite(ex->peaks, ex->npeaks, 2);
    for (size_t i = 0; isnan(t) && i < ex->nimpacts; ++i) {
        const hf_example_impact *im = &ex->impacts[i];
        const double v[] = {im->t_end, im->approach_speed, im->separation_speed,
                            im->contact_mass, im->damping, im->delta_max, im->force_max,
                            im->delta_sep, im->qdot_before[0], im->qdot_before[1],
                            im->qdot_after[0], im->qdot_after[1]};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; ++k)
            if (!isfinite(v[k]))
                t = im->t_start;
    }
    if (isnan(t))
        return HF_OK;
    return hf_diag_set(diag, HF_ENOCONV, "%s: the state is not finite from t = %g s: the "
                       "set-up is beyond what double precision resolves", hf_example_name(ex->id),
                       t);
}

hf_status hf_example_alloc(const hf_example_config *config, hf_example **out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "example: nowhere to put the result");
    *out = NULL;
    hf_status st = check_config(config, diag);
    if (st != HF_OK)
        return st;
    hf_example *ex = calloc(1, sizeof *ex);   /* the caller's: hf_example_free */
    if (ex == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "example: out of memory");
    ex->id = config->example;
    switch (config->example) {
    case HF_EXAMPLE_IMPACT_DAMPER:
        st = hf_example_damper_run(config, ex, diag);
        break;
    case HF_EXAMPLE_PENDULUMS:
        st = hf_example_pendulums_run(config, ex, diag);
        break;
    case HF_EXAMPLE_SLIDER_CRANK:
        st = hf_example_slider_crank_run(config, ex, diag);
        break;
    default:
        ex->columns = ball_columns;
        ex->ncols = 4;
        st = ball_run(config, ex, diag);
        break;
    }
    if (st == HF_OK)
        st = check_finite(ex, diag);
    if (st != HF_OK) {
        hf_example_free(ex);
        return st;
    }
    *out = ex;
    return HF_OK;
}
