/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_extract_coverage.c — how often the extraction's standard
 * uncertainties cover the truth, from 1 kHz to 10 MHz sampling and at low
 * signal-to-noise: seeded synthetic traces of one drop (Hunter's model,
 * hf_maxwell_trace_synthesize, the generator behind `maxwell simulate
 * --trace`), each extracted (hf_maxwell_trace_extract) and compared with
 * Hunter's F_M, t_M, t_c of the same drop.  Per case: the statuses, and for
 * the `ok` traces how many hold the truth within 2 reported standard
 * uncertainties, the mean and worst relative errors, the mean and
 * standard deviation of error/u (a bias, or a u too small or too large
 * for the scatter), how many t_c lie
 * within 2 % of the truth, and the extraction's CPU time per trace.
 * Run by hand: build/bench/bench_extract_coverage [SEEDS [FIRST]] (default
 * 30 seeds from the first, 0: seeds 9100 + FIRST .. on).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"

typedef struct coverage_case {
    const char *name;
    hf_maxwell_material mat;
    hf_maxwell_impact imp;
    double rate, noise;
} coverage_case;

static void run_case(const coverage_case *c, int first, int seeds)
{
    hf_maxwell_response r;
    if (hf_maxwell_simulate(&c->mat, &c->imp, NULL, &r, NULL) != HF_OK)
        return;
    int status[HF_MAXWELL_EXTRACT_PULSE_MISFIT + 2] = {0}, covered[3] = {0}, ok = 0, tc2 = 0;
    double worst[3] = {0}, mean[3] = {0}, z_sum[3] = {0}, z_sq[3] = {0};
    const double truth[3] = {r.F_M, r.t_M, r.t_c};
    double cpu = 0.0;
    for (int s = first; s < first + seeds; ++s) {
        hf_maxwell_trace_options o;
        hf_maxwell_trace_options_init(&o);
        o.rate = c->rate;
        o.noise = c->noise;
        o.offset = 0.3 + 0.01 * s;
        o.seed = 9100 + (uint64_t)s;
        /* a record of 1 ms or 40 samples before and after the contact, the
         * contact start between samples, a different fraction per seed */
        o.pre = fmax(1e-3, 40.0 / c->rate) + (0.618034 * s - floor(0.618034 * s)) / c->rate;
        o.post = fmax(1e-3, 40.0 / c->rate);
        hf_maxwell_trace *tr = NULL;
        if (hf_maxwell_trace_synthesize(&c->mat, &c->imp, &o, &tr, NULL) != HF_OK)
            return;
        hf_maxwell_impact_features f;
        size_t nf = 0;
        clock_t c0 = clock();
        hf_status st = hf_maxwell_trace_extract(tr, &c->imp, 1, &f, &nf, NULL);
        cpu += (double)(clock() - c0) / CLOCKS_PER_SEC;
        hf_maxwell_trace_free(tr);
        if (st != HF_OK) {
            ++status[HF_MAXWELL_EXTRACT_PULSE_MISFIT + 1];
            continue;
        }
        ++status[f.status];
        if (f.status != HF_MAXWELL_EXTRACT_OK)
            continue;
        ++ok;
        const double got[3] = {f.F_M, f.t_M, f.t_c}, se[3] = {f.F_M_se, f.t_M_se, f.t_c_se};
        for (int k = 0; k < 3; ++k) {
            double rel = (got[k] - truth[k]) / truth[k];
            worst[k] = fmax(worst[k], fabs(rel));
            mean[k] += rel;
            covered[k] += fabs(got[k] - truth[k]) <= 2.0 * se[k];
            z_sum[k] += (got[k] - truth[k]) / se[k];
            z_sq[k] += (got[k] - truth[k]) * (got[k] - truth[k]) / (se[k] * se[k]);
        }
        tc2 += fabs(f.t_c - r.t_c) <= 0.02 * r.t_c;
    }
    printf("%-24s %9.0f Hz noise %5.3f (%6.1f samples/contact): ok %2d/%d", c->name, c->rate,
           c->noise, r.t_c * c->rate, ok, seeds);
    for (int k = HF_MAXWELL_EXTRACT_FEW_SAMPLES; k <= HF_MAXWELL_EXTRACT_PULSE_MISFIT; ++k)
        if (status[k])
            printf(", %s %d", hf_maxwell_extract_status_name((hf_maxwell_extract_status)k),
                   status[k]);
    if (status[HF_MAXWELL_EXTRACT_PULSE_MISFIT + 1])
        printf(", error %d", status[HF_MAXWELL_EXTRACT_PULSE_MISFIT + 1]);
    printf("; %.2f ms CPU per trace\n", 1e3 * cpu / seeds);
    if (ok == 0)
        return;
    const char *names[3] = {"F_M", "t_M", "t_c"};
    for (int k = 0; k < 3; ++k) {
        double z_mean = z_sum[k] / ok, z_var = z_sq[k] / ok - z_mean * z_mean;
        printf("    %s: within 2u %2d/%2d, mean error %+.2e, worst |error| %.2e, error/u mean "
               "%+.2f s.d. %.2f\n",
               names[k], covered[k], ok, mean[k] / ok, worst[k], z_mean, sqrt(fmax(z_var, 0.0)));
    }
    printf("    t_c within 2 %% of the truth: %d/%d\n", tc2, ok);
}

int main(int argc, char **argv)
{
    int seeds = argc > 1 ? atoi(argv[1]) : 30, first = argc > 2 ? atoi(argv[2]) : 0;
    if (seeds < 1)
        seeds = 1;
    if (first < 0)
        first = 0;
    hf_library_init();
    /* the shipped example's first drop: 4.08 g, D 10 mm, 20 mm (t_c 2.28 ms,
     * eps 0.086), and its 13.8 g, D 15 mm drop from 50 mm (t_c 3.15 ms) */
    const hf_maxwell_material mat = {1e6, 0.5, 100.0};
    const hf_maxwell_impact small = {0.00408, 0.005, 0.6263114241333938};
    const hf_maxwell_impact mid = {0.0138, 0.0075, 0.9902853116716198};
    const coverage_case cases[] = {
        {"4.08 g, 0.5 % noise", mat, small, 1e3, 0.005},
        {"4.08 g, 0.5 % noise", mat, small, 5e3, 0.005},
        {"4.08 g, 0.5 % noise", mat, small, 1e4, 0.005},
        {"4.08 g, 0.5 % noise", mat, small, 2e4, 0.005},
        {"4.08 g, 0.5 % noise", mat, small, 1e5, 0.005},
        {"4.08 g, 0.5 % noise", mat, small, 1e6, 0.005},
        {"4.08 g, 0.5 % noise", mat, small, 1e7, 0.005},
        {"13.8 g, 2 % noise", mat, mid, 1e4, 0.02},
        {"13.8 g, peak 20 sigma", mat, mid, 1e5, 0.05},
        {"13.8 g, peak 10 sigma", mat, mid, 1e5, 0.1},
        {"13.8 g, peak 10 sigma", mat, mid, 1e6, 0.1},
        {"4.08 g, peak 10 sigma", mat, small, 1e4, 0.1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        run_case(&cases[i], first, seeds);
    return 0;
}
