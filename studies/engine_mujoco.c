/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/engine_mujoco.c — MuJoCo in the loop (hertzfit/mujoco.h): a
 * sphere dropped on a plane, simulated by libmujoco through its C API
 * (mujoco/mujoco.h), and the calibration of solref/solimp with one of
 * hertzfit's optimisers.  Compiled against MuJoCo only when CMake found it
 * (HERTZFIT_HAVE_MUJOCO); otherwise every call says MuJoCo is absent.
 */
#include "hertzfit/mujoco.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/optimizer.h"
#include "core/timing.h"
#include "core/brent.h"

#ifdef HERTZFIT_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif

void hf_mujoco_options_init(hf_mujoco_options *o)
{
    o->optimizer = "nlopt:GN_CRS2_LM";
    o->max_evals = 1000;
    o->tc_weight = 0.1;
    o->timestep = 0.0;
    o->seed = 1;
}

static hf_status check_contact(const hf_mujoco_contact *c, hf_diag *diag)
{
    if (c == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no MuJoCo contact attributes");
    int ok = isfinite(c->timestep) && c->timestep > 0.0 && c->solref[0] > 0.0 &&
             c->solref[1] > 0.0 && isfinite(c->solref[0]) && isfinite(c->solref[1]);
    for (int i = 0; i < 5; ++i)
        ok = ok && isfinite(c->solimp[i]);
    ok = ok && c->solimp[0] > 0.0 && c->solimp[0] < 1.0 && c->solimp[1] > 0.0 &&
         c->solimp[1] < 1.0 && c->solimp[2] > 0.0;
    if (!ok)
        return hf_diag_set(diag, HF_EDOM,
                           "MuJoCo contact: timestep %g, solref (%g, %g) must be positive, "
                           "solimp dmin %g, dmax %g in (0, 1), width %g > 0",
                           c->timestep, c->solref[0], c->solref[1], c->solimp[0], c->solimp[1],
                           c->solimp[2]);
    return HF_OK;
}

/* The attributes as MuJoCo XML: <option> and a <default> geom class, so
 * that both geoms of the contact carry them (MuJoCo mixes a pair's solref
 * and solimp; equal values mix to themselves). */
static void attributes_xml(const hf_mujoco_contact *c, char *buf, size_t size)
{
    snprintf(buf, size,
             "<option timestep=\"%.17g\"/>\n"
             "<default><geom solref=\"%.17g %.17g\" solimp=\"%.17g %.17g %.17g %.17g %.17g\"/>"
             "</default>\n",
             c->timestep, c->solref[0], c->solref[1], c->solimp[0], c->solimp[1], c->solimp[2],
             c->solimp[3], c->solimp[4]);
}

#ifdef HERTZFIT_HAVE_MUJOCO

/* MuJoCo's defaults (hertzfit/mujoco.h), where a calibration starts. */
static void contact_defaults(hf_mujoco_contact *c)
{
    c->timestep = 0.002;
    c->solref[0] = 0.02;
    c->solref[1] = 1.0;
    c->solimp[0] = 0.9;
    c->solimp[1] = 0.95;
    c->solimp[2] = 0.001;
    c->solimp[3] = 0.5;
    c->solimp[4] = 2.0;
}


int hf_mujoco_available(void) { return 1; }

const char *hf_mujoco_version(void) { return mj_versionString(); }

/* The drop's model: no gravity, the sphere on a slide joint along the
 * plane's normal, frictionless contact (condim 1), Euler integration
 * (MuJoCo's default). */
static hf_status load_drop_model(const hf_mujoco_contact *c, double mass, double radius,
                                 mjModel **out, hf_diag *diag)
{
    char attrs[1024], xml[4096];
    attributes_xml(c, attrs, sizeof attrs);
    snprintf(xml, sizeof xml,
             "<mujoco model=\"hertzfit drop\">\n"
             "<option gravity=\"0 0 0\"/>\n%s"
             "<worldbody>\n"
             "  <geom name=\"plane\" type=\"plane\" size=\"1 1 0.1\" condim=\"1\"/>\n"
             "  <body name=\"ball\" pos=\"0 0 %.17g\">\n"
             "    <joint name=\"normal\" type=\"slide\" axis=\"0 0 1\"/>\n"
             "    <geom name=\"ball\" type=\"sphere\" size=\"%.17g\" mass=\"%.17g\" condim=\"1\"/>\n"
             "  </body>\n"
             "</worldbody>\n"
             "</mujoco>\n", attrs, radius, radius, mass);
    mjVFS *vfs = malloc(sizeof *vfs);   /* ~2 MB: not on the stack */
    if (vfs == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "MuJoCo virtual file system");
    mj_defaultVFS(vfs);
    int len = (int)strlen(xml);
    if (mj_makeEmptyFileVFS(vfs, "drop.xml", len) != 0) {
        free(vfs);
        return hf_diag_set(diag, HF_ENOMEM, "MuJoCo virtual file drop.xml");
    }
    memcpy(vfs->filedata[mj_findFileVFS(vfs, "drop.xml")], xml, (size_t)len);
    char err[1000] = "";
    *out = mj_loadXML("drop.xml", vfs, err, sizeof err);
    mj_deleteVFS(vfs);
    free(vfs);
    if (*out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "MuJoCo refused the drop model: %s", err);
    return HF_OK;
}

/* Sets the attributes on a loaded model (every geom). */
static void set_contact(mjModel *m, const hf_mujoco_contact *c)
{
    m->opt.timestep = c->timestep;
    for (int g = 0; g < m->ngeom; ++g) {
        m->geom_solref[mjNREF * g] = c->solref[0];
        m->geom_solref[mjNREF * g + 1] = c->solref[1];
        for (int i = 0; i < mjNIMP; ++i)
            m->geom_solimp[mjNIMP * g + i] = c->solimp[i];
    }
}

/* One drop on a loaded model: e, t_c; HF_ENOCONV when MuJoCo's state
 * blows up (its bad-acceleration warning, or a non-finite state). */
static hf_status drop_run(const mjModel *m, mjData *d, double v, double t_limit, double *e,
                          double *tc, hf_diag *diag)
{
    mj_resetData(m, d);
    d->qpos[0] = 0.0;
    d->qvel[0] = -v;
    double dt = m->opt.timestep;
    long steps = (long)ceil(t_limit / dt);
    int inside = 0;
    for (long k = 0; k < steps; ++k) {
        double q0 = d->qpos[0], t0 = d->time;
        mj_step(m, d);
        if (!isfinite(d->qpos[0]) || !isfinite(d->qvel[0]) ||
            d->warning[mjWARN_BADQACC].number > 0)
            return hf_diag_set(diag, HF_ENOCONV, "MuJoCo diverged at v = %g m/s", v);
        if (d->qpos[0] < 0.0)
            inside = 1;
        else if (inside && d->qvel[0] > 0.0) {
            /* left the plane inside this step: cross at q = 0 linearly */
            *tc = t0 + dt * (-q0) / (d->qpos[0] - q0);
            *e = d->qvel[0] / v;
            return HF_OK;
        }
    }
    *e = 0.0;   /* stuck: never left within the time limit */
    *tc = t_limit;
    return HF_OK;
}

static void quiet_warning(const char *msg) { (void)msg; }

hf_status hf_mujoco_drop(const hf_mujoco_contact *contact, double mass, double radius,
                         double speed, double *e, double *contact_time, hf_diag *diag)
{
    hf_status st = check_contact(contact, diag);
    if (st != HF_OK)
        return st;
    if (!(isfinite(mass) && mass > 0.0 && isfinite(radius) && radius > 0.0 &&
          isfinite(speed) && speed > 0.0))
        return hf_diag_set(diag, HF_EDOM, "MuJoCo drop needs m, R, v > 0 (%g, %g, %g)", mass,
                           radius, speed);
    mju_user_warning = quiet_warning;   /* the library never prints */
    mjModel *m = NULL;
    st = load_drop_model(contact, mass, radius, &m, diag);
    if (st != HF_OK)
        return st;
    mjData *d = mj_makeData(m);
    double ee = 0.0, tt = 0.0;
    /* generous limit: 1e5 steps or 1e3 timeconsts */
    double limit = fmax(1e5 * contact->timestep, 1e3 * contact->solref[0]);
    limit = fmin(limit, 1e6 * contact->timestep);
    st = d ? drop_run(m, d, speed, limit, &ee, &tt, diag)
           : hf_diag_set(diag, HF_ENOMEM, "MuJoCo data");
    mj_deleteData(d);
    mj_deleteModel(m);
    if (st == HF_OK) {
        if (e)
            *e = ee;
        if (contact_time)
            *contact_time = tt;
    }
    return st;
}

/* ---- the calibration ---------------------------------------------------- */

/* The targets (a law's e(v), t_c(v), or a lab's measured values), their
 * weights, and MuJoCo's model and answers at the same speeds. */
typedef struct calib {
    mjModel *m;
    mjData *d;
    size_t count;
    const double *speed;
    double *e_target, *tc_target, *e_mj, *tc_mj;
    double *e_weight, *tc_weight;   /* per speed: of (Δe)² and of ln²(t_c ratio) */
    double t_limit, timestep;
    hf_mujoco_contact contact;
    size_t evaluations;
} calib;

/* Tables for count speeds in one block (c->speed is the caller's). */
static hf_status calib_alloc(calib *c, size_t count, const double *speed, hf_diag *diag)
{
    memset(c, 0, sizeof *c);
    double *buf = calloc(6 * count, sizeof *buf);
    if (buf == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "MuJoCo calibration tables");
    c->count = count;
    c->speed = speed;
    c->e_target = buf;
    c->tc_target = buf + count;
    c->e_mj = buf + 2 * count;
    c->tc_mj = buf + 3 * count;
    c->e_weight = buf + 4 * count;
    c->tc_weight = buf + 5 * count;
    return HF_OK;
}

static void calib_free(calib *c)
{
    mj_deleteData(c->d);
    mj_deleteModel(c->m);
    free(c->e_target);
}

static void contact_from_x(calib *c, const double *x)
{
    c->contact.timestep = c->timestep;
    c->contact.solref[0] = pow(10.0, x[0]);
    c->contact.solref[1] = x[1];
    c->contact.solimp[0] = x[2];
    c->contact.solimp[1] = x[3];
    c->contact.solimp[2] = pow(10.0, x[4]);
    c->contact.solimp[3] = 0.5;
    c->contact.solimp[4] = 2.0;
}

/* Runs every speed with c->contact; HF_ENOCONV when MuJoCo diverges. */
static hf_status run_range(calib *c, hf_diag *diag)
{
    set_contact(c->m, &c->contact);
    for (size_t i = 0; i < c->count; ++i) {
        hf_status st = drop_run(c->m, c->d, c->speed[i], c->t_limit, &c->e_mj[i], &c->tc_mj[i],
                                diag);
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}

/* Σ w_e (Δe)² + w_t ln²(t_c ratio) over the speeds (not yet divided). */
static double misfit_sum(const calib *c)
{
    double sum = 0.0;
    for (size_t i = 0; i < c->count; ++i) {
        double de = c->e_mj[i] - c->e_target[i];
        double dt = log(c->tc_mj[i] / c->tc_target[i]);
        sum += c->e_weight[i] * de * de + c->tc_weight[i] * dt * dt;
    }
    return sum;
}

static double misfit(const calib *c)
{
    return misfit_sum(c) / (double)c->count;
}

static double calib_objective(const double *x, void *ctx)
{
    calib *c = ctx;
    c->evaluations++;
    contact_from_x(c, x);
    if (run_range(c, NULL) != HF_OK)
        return HUGE_VAL;
    return misfit(c);
}

typedef struct dampratio_root {
    calib *c;
    double v_cal, e_cal;
} dampratio_root;

static hf_status e_cal_minus_target(double dampratio, void *ctx, double *value)
{
    dampratio_root *r = ctx;
    r->c->contact.solref[1] = dampratio;
    set_contact(r->c->m, &r->c->contact);
    double e, tc;
    hf_status st = drop_run(r->c->m, r->c->d, r->v_cal, r->c->t_limit, &e, &tc, NULL);
    if (st != HF_OK)
        return st;
    *value = e - r->e_cal;
    return HF_OK;
}

/* dampratio by Brent so that MuJoCo's e at v_cal is e_cal exactly. */
static hf_status pin_dampratio(calib *c, double v_cal, double e_cal, hf_diag *diag)
{
    dampratio_root r = {c, v_cal, e_cal};
    hf_brent_tolerance tol = {0.0, 1e-10, 200};
    hf_brent_result br;
    double lo_e, hi_e;
    hf_status st = e_cal_minus_target(1e-3, &r, &lo_e);
    if (st == HF_OK)
        st = e_cal_minus_target(50.0, &r, &hi_e);
    if (st == HF_OK && lo_e * hi_e > 0.0)
        return hf_diag_set(diag, HF_ENOCONV,
                           "MuJoCo's e at v_cal = %g m/s spans [%g, %g] for dampratio in "
                           "[1e-3, 50]: the target e = %g is out of its reach",
                           v_cal, hi_e + e_cal, lo_e + e_cal, e_cal);
    if (st == HF_OK)
        st = hf_brent_root(e_cal_minus_target, &r, 1e-3, 50.0, &tol,
                           "MuJoCo e(dampratio) = e_target at v_cal", &br, diag);
    if (st == HF_OK)
        c->contact.solref[1] = br.x;
    return st;
}

/* The optimiser's search of (log10 timeconst, dampratio, dmin, dmax,
 * log10 width) from x0; dh the target's penetration scale, (tc_ref, e_ref)
 * a representative contact time and restitution for the start point. */
static hf_status search_contact(calib *c, const hf_mujoco_options *opt, double dh,
                                double tc_ref, double e_ref, const double *start,
                                hf_diag *diag)
{
    double tc_max = 0.0;
    for (size_t i = 0; i < c->count; ++i)
        tc_max = fmax(tc_max, c->tc_target[i]);
    double lo[5] = {log10(2.0 * c->timestep), 0.02, 0.01, 0.01, log10(1e-3 * dh)};
    double hi[5] = {log10(10.0 * tc_max), 5.0, 0.9999, 0.9999, log10(100.0 * dh)};
    double lne = log(fmax(e_ref, 1e-6));
    double x0[5] = {log10(fmax(tc_ref / 3.0, 2.5 * c->timestep)),
                    fmin(-lne / sqrt(lne * lne + 9.869604401089358), 4.0), 0.9, 0.95,
                    log10(dh)};
    x0[0] = fmin(fmax(x0[0], lo[0]), hi[0]);
    x0[1] = fmax(x0[1], 0.05);
    for (int j = 0; start != NULL && j < 5; ++j)
        x0[j] = fmin(fmax(start[j], lo[j]), hi[j]);
    hf_problem problem = {"mujoco-drop", 5, lo, hi, calib_objective, c, 0, 0.0};
    hf_optimizer *optimizer = NULL;
    hf_result *res = NULL;
    hf_status st = hf_optimizer_alloc(opt->optimizer, 5, &optimizer, diag);
    if (st == HF_OK)
        st = hf_result_alloc(5, &res, diag);
    if (st == HF_OK) {
        hf_run_config run;
        hf_run_config_init(&run);
        run.seed = opt->seed;
        run.max_evals = opt->max_evals;
        run.x0 = x0;
        st = hf_optimize(optimizer, &problem, &run, res, diag);
    }
    if (st == HF_OK && !isfinite(res->f))
        st = hf_diag_set(diag, HF_ENOCONV, "MuJoCo diverged at every point tried");
    if (st == HF_OK)
        contact_from_x(c, res->x);
    hf_result_free(res);
    hf_optimizer_free(optimizer);
    return st;
}

/* MuJoCo's model of the drop, with the timestep and time limit the targets
 * ask for (timestep: the shortest contact time / 100 unless given). */
static hf_status calib_load(calib *c, const hf_mujoco_options *opt, double mass, double radius,
                            hf_diag *diag)
{
    double tc_min = HUGE_VAL, tc_max = 0.0;
    for (size_t i = 0; i < c->count; ++i) {
        tc_min = fmin(tc_min, c->tc_target[i]);
        tc_max = fmax(tc_max, c->tc_target[i]);
    }
    c->timestep = opt->timestep > 0.0 ? opt->timestep : tc_min / 100.0;
    c->t_limit = 100.0 * tc_max;
    mju_user_warning = quiet_warning;
    contact_defaults(&c->contact);
    c->contact.timestep = c->timestep;
    hf_status st = load_drop_model(&c->contact, mass, radius, &c->m, diag);
    if (st == HF_OK && (c->d = mj_makeData(c->m)) == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "MuJoCo data");
    return st;
}

/* The calibration's results into out: errors against the targets from
 * MuJoCo's runs at the final attributes, and the XML. */
static void calib_report(const calib *c, double mass, double radius, const char *what,
                         hf_mujoco_calibration *out)
{
    out->contact = c->contact;
    out->misfit = misfit(c);
    out->evaluations = c->evaluations;
    hf_engine_params *p = &out->params;
    p->engine = HF_ENGINE_MUJOCO;
    p->law = HF_ENGINE_LAW_SIMULATED;
    for (size_t i = 0; i < c->count; ++i) {
        p->e_error_max = fmax(p->e_error_max, fabs(c->e_mj[i] - c->e_target[i]));
        p->tc_error_max = fmax(p->tc_error_max, fabs(c->tc_mj[i] / c->tc_target[i] - 1.0));
    }
    p->native[0] = c->contact.solref[0];
    p->native[1] = c->contact.solref[1];
    p->native[2] = c->contact.timestep;
    char attrs[1024];
    attributes_xml(&c->contact, attrs, sizeof attrs);
    snprintf(p->text, sizeof p->text,
             "<!-- MuJoCo %s, sphere m = %.6g kg, R = %.6g m on a plane, condim 1: %s; over "
             "%.6g..%.6g m/s max |e - e_target| = %.4g, max |t_c/t_c,target - 1| = %.4g -->\n%s",
             mj_versionString(), mass, radius, what, c->speed[0], c->speed[c->count - 1],
             p->e_error_max, p->tc_error_max, attrs);
}

/* The law's e(v), t_c(v) as the targets (weights 1 and tc_weight), its e
 * and t_c at v_cal, and MuJoCo's model with the timestep they ask for. */
static hf_status law_targets(calib *c, const hf_law *law, const hf_mujoco_options *opt,
                             double *e_cal, double *tc_cal, hf_diag *diag)
{
    hf_status st = hf_law_impact(law, law->contact.approach_speed, e_cal, tc_cal, diag);
    double tc_short = *tc_cal;   /* v_cal's contact counts too */
    for (size_t i = 0; st == HF_OK && i < c->count; ++i) {
        st = hf_law_impact(law, c->speed[i], &c->e_target[i], &c->tc_target[i], diag);
        c->e_weight[i] = 1.0;
        c->tc_weight[i] = opt->tc_weight;
        tc_short = fmin(tc_short, c->tc_target[i]);
    }
    if (st != HF_OK)
        return st;
    hf_mujoco_options o = *opt;
    o.timestep = opt->timestep > 0.0 ? opt->timestep : tc_short / 100.0;
    st = calib_load(c, &o, law->contact.mass, law->radius, diag);
    c->t_limit = fmax(c->t_limit, 100.0 * *tc_cal);
    return st;
}

/* The law calibration's report: MuJoCo's e at v_cal beside the target's. */
static hf_status law_report(calib *c, const hf_law *law, double e_cal,
                            hf_mujoco_calibration *out, hf_diag *diag)
{
    double v_cal = law->contact.approach_speed, e_engine = 0.0, tc;
    set_contact(c->m, &c->contact);
    hf_status st = drop_run(c->m, c->d, v_cal, c->t_limit, &e_engine, &tc, diag);
    char what[160];
    snprintf(what, sizeof what, "e = %.6g at v_cal = %.6g m/s (target %.6g)", e_engine, v_cal,
             e_cal);
    calib_report(c, law->contact.mass, law->radius, what, out);
    out->params.v_cal = v_cal;
    out->params.e_target = e_cal;
    out->params.e_engine = e_engine;
    return st;
}

hf_status hf_mujoco_calibrate(const hf_law *law, size_t count, const double *speed,
                              const hf_mujoco_options *options, hf_mujoco_calibration *out,
                              hf_diag *diag)
{
    if (out == NULL || speed == NULL || count == 0)
        return hf_diag_set(diag, HF_EINVAL, "MuJoCo calibration needs speeds and an output");
    hf_mujoco_options opt;
    hf_mujoco_options_init(&opt);
    if (options)
        opt = *options;
    hf_status st = hf_law_check(law, diag);
    if (st != HF_OK)
        return st;
    if (law->form == HF_LAW_MAXWELL || law->form == HF_LAW_VISCOELASTIC)
        return hf_diag_set(diag, HF_EINVAL,
                           "MuJoCo calibration needs a Hertz contact law, not the %s form",
                           hf_law_form_name(law->form));
    double t_start = hf_wall_seconds();
    memset(out, 0, sizeof *out);
    calib c;
    if ((st = calib_alloc(&c, count, speed, diag)) != HF_OK)
        return st;
    double v_cal = law->contact.approach_speed, e_cal = 0.0, tc_cal = 0.0;
    st = law_targets(&c, law, &opt, &e_cal, &tc_cal, diag);
    /* the penetration scale of the target: its undamped δ_H at v_cal */
    const hf_contact *k = &law->contact;
    double dh = pow((k->exponent + 1.0) * k->mass * v_cal * v_cal / (2.0 * k->stiffness),
                    1.0 / (k->exponent + 1.0));
    if (st == HF_OK)
        st = search_contact(&c, &opt, dh, tc_cal, e_cal, NULL, diag);
    if (st == HF_OK)   /* the shape found; now e at v_cal exactly, by dampratio */
        st = pin_dampratio(&c, v_cal, e_cal, diag);
    if (st == HF_OK)
        st = run_range(&c, diag);
    if (st == HF_OK)
        st = law_report(&c, law, e_cal, out, diag);
    out->seconds = hf_wall_seconds() - t_start;
    calib_free(&c);
    return st;
}

static int positive(double x) { return isfinite(x) && x > 0.0; }

/* HF_EDOM naming the row for a bad measured value. */
static hf_status measured_check(const hf_mujoco_measured *data, hf_diag *diag)
{
    if (data == NULL || data->count < 3 || data->speed == NULL || data->e == NULL ||
        data->e_se == NULL || data->contact_time == NULL || data->contact_time_se == NULL)
        return hf_diag_set(diag, HF_EINVAL,
                           "measured e(v), t_c(v) need at least 3 speeds with both standard "
                           "errors (MuJoCo's contact has 5 parameters)");
    for (size_t i = 0; i < data->count; ++i) {
        double v = data->speed[i], e = data->e[i], se = data->e_se[i];
        double t = data->contact_time[i], st = data->contact_time_se[i];
        if (!(positive(v) && positive(e) && e <= 1.0 && positive(se) && positive(t) &&
              positive(st)))
            return hf_diag_set(diag, HF_EDOM,
                               "measured row %zu: v = %g, e = %g (s.e. %g), t_c = %g (s.e. %g): "
                               "need v > 0, 0 < e <= 1, t_c > 0 and standard errors > 0",
                               i + 1, v, e, se, t, st);
    }
    return HF_OK;
}

hf_status hf_mujoco_calibrate_measured(const hf_mujoco_measured *data, double mass,
                                       double radius, const hf_mujoco_options *options,
                                       hf_mujoco_calibration *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "MuJoCo calibration needs an output");
    hf_status st = measured_check(data, diag);
    if (st != HF_OK)
        return st;
    if (!(isfinite(mass) && mass > 0.0 && isfinite(radius) && radius > 0.0))
        return hf_diag_set(diag, HF_EDOM, "MuJoCo calibration needs m, R > 0 (%g, %g)", mass,
                           radius);
    hf_mujoco_options opt;
    hf_mujoco_options_init(&opt);
    if (options)
        opt = *options;
    double t_start = hf_wall_seconds();
    memset(out, 0, sizeof *out);
    calib c;
    if ((st = calib_alloc(&c, data->count, data->speed, diag)) != HF_OK)
        return st;
    /* χ²: (Δe/s.e.)² and, for t_c, ln² of the ratio over its relative s.e. */
    size_t mid = data->count / 2;
    for (size_t i = 0; i < data->count; ++i) {
        c.e_target[i] = data->e[i];
        c.tc_target[i] = data->contact_time[i];
        c.e_weight[i] = 1.0 / (data->e_se[i] * data->e_se[i]);
        double rel = data->contact_time_se[i] / data->contact_time[i];
        c.tc_weight[i] = 1.0 / (rel * rel);
    }
    /* Hertz's maximum approach from the contact time, t_c = 2.9432 δ_m/v
     * (Argatov Eq. 24's τ_c⁰), at the middle speed: the width's scale */
    double dh = data->speed[mid] * data->contact_time[mid] / 2.9432;
    st = calib_load(&c, &opt, mass, radius, diag);
    if (st == HF_OK)
        st = search_contact(&c, &opt, dh, data->contact_time[mid], data->e[mid], NULL, diag);
    if (st == HF_OK) {
        /* a local polish from the global search's best (the same budget):
         * the weighted misfit's minimum is narrow once the s.e. are small */
        double best[5] = {log10(c.contact.solref[0]), c.contact.solref[1], c.contact.solimp[0],
                          c.contact.solimp[1], log10(c.contact.solimp[2])};
        hf_mujoco_options local = opt;
        local.optimizer = "nlopt:LN_BOBYQA";
        st = search_contact(&c, &local, dh, data->contact_time[mid], data->e[mid], best, diag);
    }
    if (st == HF_OK)
        st = run_range(&c, diag);
    if (st == HF_OK) {
        calib_report(&c, mass, radius, "weighted least squares on a lab's measured e(v), t_c(v)",
                     out);
        out->chi2_reduced = misfit_sum(&c) / (double)(2 * data->count - 5 > 0
                                                           ? 2 * data->count - 5 : 1);
        out->params.v_cal = data->speed[mid];
        out->params.e_target = data->e[mid];
        out->params.e_engine = c.e_mj[mid];
    }
    out->seconds = hf_wall_seconds() - t_start;
    calib_free(&c);
    return st;
}

#else /* no MuJoCo */

int hf_mujoco_available(void) { return 0; }

const char *hf_mujoco_version(void) { return "none"; }

static hf_status absent(hf_diag *diag)
{
    return hf_diag_set(diag, HF_EINVAL,
                       "this hertzfit was built without MuJoCo (install libmujoco-dev and "
                       "reconfigure)");
}

hf_status hf_mujoco_drop(const hf_mujoco_contact *contact, double mass, double radius,
                         double speed, double *e, double *contact_time, hf_diag *diag)
{
    (void)mass, (void)radius, (void)speed, (void)e, (void)contact_time;
    char attrs[1024];
    if (contact)
        attributes_xml(contact, attrs, sizeof attrs);
    return check_contact(contact, diag) != HF_OK ? HF_EDOM : absent(diag);
}

hf_status hf_mujoco_calibrate(const hf_law *law, size_t count, const double *speed,
                              const hf_mujoco_options *options, hf_mujoco_calibration *out,
                              hf_diag *diag)
{
    (void)law, (void)count, (void)speed, (void)options, (void)out;
    return absent(diag);
}

hf_status hf_mujoco_calibrate_measured(const hf_mujoco_measured *data, double mass,
                                       double radius, const hf_mujoco_options *options,
                                       hf_mujoco_calibration *out, hf_diag *diag)
{
    (void)data, (void)mass, (void)radius, (void)options, (void)out;
    return absent(diag);
}

#endif
