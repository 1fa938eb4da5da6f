/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_viscoelastic_select.c — model selection on the exact
 * viscoelastic impact (hf_viscoelastic_identify, `--model auto`): for each
 * candidate law, SEEDS seeded synthetic lists of 12 drops (3 steel balls ×
 * 4 heights), 500 samples each, noise 0.5 % of the peak force, made with
 * hf_viscoelastic_law_trace_synthesize (what `maxwell simulate --exact
 * --trace` does for the hereditary laws); prints per law how often the
 * generating law is chosen, how often "not distinguishable", how often
 * every parameter of its fit lies within 2 standard errors of the truth,
 * and the CPU time to fit and rank all candidates on one list.
 * Run by hand: build/bench/bench_viscoelastic_select [SEEDS [LAW [alone]]]
 * (SEEDS default 40; LAW one of the candidates, default all; "alone" fits
 * the generating law by itself, without the selection — the same fit, for
 * coverage over many seeds at a fraction of the time).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hertzfit/maxwell_data.h"
#include "hertzfit/viscoelastic_fit.h"
#include "models/maxwell_model.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define DROPS 12
#define SAMPLES 500
#define NU 0.5
#define MU0 2e6 /* Pa: a soft elastomer */

/* The drops: steel balls of radius 5, 10, 20 mm from 0.05, 0.2, 0.5, 1 m. */
static void drops(hf_maxwell_impact *im)
{
    static const double R[3] = {0.005, 0.01, 0.02}, H[4] = {0.05, 0.2, 0.5, 1.0};
    for (size_t a = 0; a < 3; ++a)
        for (size_t b = 0; b < 4; ++b) {
            hf_maxwell_impact *p = &im[4 * a + b];
            p->R = R[a];
            p->m = 7850.0 * 4.0 / 3.0 * 3.14159265358979323846 * R[a] * R[a] * R[a];
            p->V0 = sqrt(2.0 * 9.80665 * H[b]);
        }
}

/* The median time scale T = w_m⁰/V0 and speed of the drops. */
static void scales(const hf_maxwell_impact *im, double *T, double *V0)
{
    double C0 = hf_maxwell_compliance(MU0, NU), t[DROPS], v[DROPS];
    for (size_t i = 0; i < DROPS; ++i) {
        t[i] = C0 / hf_maxwell_speed_parameter(&im[i]);
        v[i] = im[i].V0;
    }
    /* geometric mean as the middle scale */
    double lt = 0.0, lv = 0.0;
    for (size_t i = 0; i < DROPS; ++i) {
        lt += log(t[i]) / DROPS;
        lv += log(v[i]) / DROPS;
    }
    *T = exp(lt);
    *V0 = exp(lv);
}

/* The generating parameters of LAW (dimensionless rates about the middle
 * of the drops: ε from ~0.1 to ~1 across them). */
static void truth(const hf_viscoelastic_law *law, double T, double V0, double *p)
{
    p[0] = MU0;
    switch (law->kind) {
    case HF_VISCOELASTIC_LAW_MAXWELL: p[1] = 0.3 / T; break;
    case HF_VISCOELASTIC_LAW_SLS: p[1] = 0.8 / T; p[2] = 0.5; break;
    case HF_VISCOELASTIC_LAW_PRONY:
        p[1] = 0.3; p[2] = 0.1 / T; p[3] = 0.3; p[4] = 2.0 / T; break;
    case HF_VISCOELASTIC_LAW_HUNT_CROSSLEY: p[1] = 0.3 / V0; break;
    case HF_VISCOELASTIC_LAW_KELVIN_VOIGT: p[1] = 0.1 * T; break;
    }
}

/* One synthetic list into *d (hf_maxwell_data_free). */
static hf_status make_list(const hf_viscoelastic_law *law, const double *p,
                           const hf_maxwell_impact *im, unsigned long seed, hf_maxwell_data **d,
                           hf_diag *diag)
{
    hf_status st = hf_maxwell_data_alloc(DROPS, 0, d, diag);
    if (st != HF_OK)
        return st;
    (*d)->trace = calloc(DROPS, sizeof *(*d)->trace);
    if ((*d)->trace == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < DROPS && st == HF_OK; ++i) {
        (*d)->impact[i] = im[i];
        hf_maxwell_response r;
        st = hf_viscoelastic_law_simulate(law, p, NU, &im[i], &r, diag);
        hf_maxwell_trace_options o;
        hf_maxwell_trace_options_init(&o);
        o.pre = o.post = 0.5 * r.t_c;
        o.rate = (SAMPLES - 1) / (2.0 * r.t_c);
        o.noise = 0.005;
        o.seed = seed * 1000 + i;
        hf_maxwell_trace *tr = NULL;
        if (st == HF_OK)
            st = hf_viscoelastic_law_trace_synthesize(law, p, NU, &im[i], &o, &tr, diag);
        if (st == HF_OK) {
            (*d)->trace[i] = *tr;
            free(tr);
        }
    }
    return st;
}

int main(int argc, char **argv)
{
    size_t seeds = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 40;
    const char *only = argc > 2 ? argv[2] : NULL;
    int alone = argc > 3 && strcmp(argv[3], "alone") == 0;
    static const char *const names[] = {"maxwell", "sls", "prony:2", "hunt-crossley",
                                        "kelvin-voigt"};
    hf_maxwell_impact im[DROPS];
    drops(im);
    double T, V0;
    scales(im, &T, &V0);
    printf("# %d drops x %d samples, noise 0.5%% of F_M, %zu seeds per law; T = %.4g s, "
           "V0 = %.4g m/s (geometric means)\n", DROPS, SAMPLES, seeds, T, V0);
    printf("%-14s %6s %6s %6s %9s %9s %9s\n", "law", "chosen", "undist", "wrong", "within2se",
           "cpu_s_mean", "cpu_s_max");
    for (size_t l = 0; l < sizeof names / sizeof names[0]; ++l) {
        if (only && strcmp(only, names[l]) != 0)
            continue;
        hf_viscoelastic_law law;
        hf_diag diag = {{0}};
        hf_viscoelastic_law_parse(names[l], &law, &diag);
        double p[HF_VISCOELASTIC_FIT_PARAMS_MAX];
        truth(&law, T, V0, p);
        size_t chosen = 0, undist = 0, wrong = 0, covered = 0;
        double cpu_sum = 0.0, cpu_max = 0.0;
        for (size_t s = 1; s <= seeds; ++s) {
            hf_maxwell_data *d = NULL;
            hf_status st = make_list(&law, p, im, (unsigned long)s, &d, &diag);
            hf_viscoelastic_identify_config cfg;
            hf_viscoelastic_identify_config_init(&cfg);
            cfg.automatic = !alone;
            cfg.law = law;
            if (getenv("ODE_TOL"))
                cfg.ode_tol = atof(getenv("ODE_TOL"));
            hf_viscoelastic_selection sel;
            double c0 = cpu_seconds();
            if (st == HF_OK)
                st = hf_viscoelastic_identify(d, &cfg, &sel, &diag);
            double cpu = cpu_seconds() - c0;
            hf_maxwell_data_free(d);
            if (st != HF_OK) {
                fprintf(stderr, "%s seed %zu: %s\n", names[l], s, diag.text);
                ++wrong;
                continue;
            }
            cpu_sum += cpu;
            cpu_max = fmax(cpu_max, cpu);
            char buf[32];
            size_t gen = sel.n;
            for (size_t k = 0; k < sel.n; ++k)
                if (strcmp(hf_viscoelastic_law_name(&sel.fit[k].law, buf, sizeof buf),
                           names[l]) == 0)
                    gen = k;
            if (!sel.distinguishable)
                ++undist;
            else if (sel.chosen == gen)
                ++chosen;
            else
                ++wrong;
            int in = gen < sel.n;
            for (size_t j = 0; in && j < sel.fit[gen].k; ++j)
                in = fabs(sel.fit[gen].param[j] - p[j]) <= 2.0 * sel.fit[gen].param_se[j];
            covered += (size_t)in;
            if (getenv("VERBOSE")) {
                fprintf(stderr, "%s seed %zu: cpu %.3f s, chosen %s dBIC %.3g;", names[l], s, cpu,
                        sel.chosen < sel.n ? hf_viscoelastic_law_name(&sel.fit[sel.chosen].law, buf, sizeof buf) : "none",
                        sel.delta_bic);
                for (size_t k = 0; k < sel.n; ++k)
                    fprintf(stderr, " %s bic %.1f %s chi2 %.3f ev %zu |",
                            hf_viscoelastic_law_name(&sel.fit[k].law, buf, sizeof buf),
                            sel.fit[k].bic - sel.fit[sel.best_bic].bic,
                            hf_viscoelastic_fit_status_name(sel.fit[k].status), sel.fit[k].chi2_red, sel.fit[k].evaluations);
                fprintf(stderr, "\n   gen fit:");
                for (size_t j = 0; gen < sel.n && j < sel.fit[gen].k; ++j)
                    fprintf(stderr, " %.5g+-%.2g(true %.5g)", sel.fit[gen].param[j],
                            sel.fit[gen].param_se[j], p[j]);
                fprintf(stderr, "\n");
            }
        }
        printf("%-14s %6zu %6zu %6zu %9zu %9.3f %9.3f\n", names[l], chosen, undist, wrong,
               covered, cpu_sum / (double)seeds, cpu_max);
        fflush(stdout);
    }
    return 0;
}
