/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_engines.c — timings of the engine exports, run by hand
 * (build/bench/bench_engines):
 *   1. one export per engine with a closed force law (the target's and the
 *      engine's e(v) at 9 speeds, 0.1–10 m/s, and any Brent calibration);
 *   2. one MuJoCo drop (1 m/s, the calibrated attributes) and the MuJoCo
 *      calibration of the report: the fixed Hunt–Crossley law of a 1 cm
 *      steel sphere (m = 0.1 kg, K = 5e9 N/m^1.5, e = 0.8 at 1 m/s), 9
 *      speeds 0.1–10 m/s, the default optimiser and budget; wall and CPU
 *      time (the machine is shared), and the e(v) error it leaves.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hertzfit/engines.h"
#include "hertzfit/mujoco.h"
#include "core/timing.h"

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

int main(void)
{
    hf_library_init();
    hf_law law;
    hf_law_init(&law);
    law.form = HF_LAW_FIXED;
    law.contact.mass = 0.1;
    law.contact.stiffness = 5e9;
    law.contact.approach_speed = 1.0;
    law.restitution = 0.8;
    law.radius = 0.01;
    double v[9];
    for (int i = 0; i < 9; ++i)
        v[i] = 0.1 * pow(100.0, i / 8.0);
    hf_diag diag = {{0}};
    for (int id = 0; id < HF_ENGINE_COUNT; ++id) {
        if (id == HF_ENGINE_MUJOCO)
            continue;
        hf_engine_params p;
        double t0 = hf_wall_seconds();
        if (hf_engine_export((hf_engine_id)id, &law, 9, v, &p, &diag) != HF_OK) {
            fprintf(stderr, "%s: %s\n", hf_engine_name((hf_engine_id)id), diag.text);
            return 1;
        }
        printf("export %-8s: %.3f ms (max |e - e_target| %.4f over 0.1-10 m/s)\n",
               hf_engine_name((hf_engine_id)id), 1e3 * (hf_wall_seconds() - t0),
               p.e_error_max);
    }
    if (!hf_mujoco_available()) {
        printf("MuJoCo: not built in\n");
        return 0;
    }
    double w0 = hf_wall_seconds(), c0 = cpu_seconds();
    hf_mujoco_calibration cal;
    if (hf_mujoco_calibrate(&law, 9, v, NULL, &cal, &diag) != HF_OK) {
        fprintf(stderr, "mujoco: %s\n", diag.text);
        return 1;
    }
    double wall = hf_wall_seconds() - w0, cpu = cpu_seconds() - c0;
    const int reps = 200;
    double e = 0.0, t0 = hf_wall_seconds();
    for (int i = 0; i < reps; ++i)
        if (hf_mujoco_drop(&cal.contact, 0.1, 0.01, 1.0, &e, NULL, &diag) != HF_OK)
            return 1;
    printf("MuJoCo %s drop (model loaded each time): %.2f ms, e = %.6f\n", hf_mujoco_version(),
           1e3 * (hf_wall_seconds() - t0) / reps, e);
    printf("MuJoCo calibration, 9 speeds 0.1-10 m/s, %zu evaluations: %.2f s wall, %.2f s CPU; "
           "e at v_cal %.6f (target %.6f), max |e - e_target| %.4f, max |t_c/t_c,target - 1| "
           "%.4f\n", cal.evaluations, wall, cpu, cal.params.e_engine, cal.params.e_target,
           cal.params.e_error_max, cal.params.tc_error_max);
    return 0;
}
