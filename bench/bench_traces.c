/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_traces.c — speed of the force-trace tools: extraction
 * (hf_maxwell_trace_extract) in traces per second on the 12 shipped traces
 * of data/drop_traces/ (100 kHz, ~300 samples of contact in ~500), and
 * Hunter's force history at sample times (hf_maxwell_force_history), the
 * inner loop of a whole-curve fit: 12 drops x 500 samples per evaluation.
 * Reports CPU time (clock()) beside wall time: the machine is shared.
 * Run by hand: build/bench/bench_traces [REPEATS].
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "core/timing.h"

static int bench_extraction(const hf_maxwell_data *d, int repeats)
{
    hf_maxwell_impact_features f;
    size_t nf = 0;
    double w0 = hf_wall_seconds();
    clock_t c0 = clock();
    for (int r = 0; r < repeats; ++r)
        for (size_t i = 0; i < d->n; ++i)
            if (hf_maxwell_trace_extract(&d->trace[i], &d->impact[i], 1, &f, &nf, NULL) != HF_OK)
                return 1;
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC, wall = hf_wall_seconds() - w0;
    double traces = (double)repeats * (double)d->n;
    printf("extraction: %.0f traces/s by CPU time (%.1f us per trace; wall %.0f traces/s)\n",
           traces / cpu, 1e6 * cpu / traces, traces / wall);
    return 0;
}

static int bench_force_history(const hf_maxwell_data *d, int repeats)
{
    const hf_maxwell_material mat = {1e6, 0.5, 100.0};
    enum { SAMPLES = 500 };
    static double t[SAMPLES], F[SAMPLES];
    double w0 = hf_wall_seconds();
    clock_t c0 = clock();
    for (int r = 0; r < repeats; ++r)
        for (size_t i = 0; i < d->n; ++i) {
            for (int k = 0; k < SAMPLES; ++k)
                t[k] = -1e-3 + 5e-3 * k / (SAMPLES - 1.0);
            if (hf_maxwell_force_history(&mat, &d->impact[i], NULL, SAMPLES, t, F, NULL) != HF_OK)
                return 1;
        }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC, wall = hf_wall_seconds() - w0;
    printf("force history, %zu drops x %d samples: %.2f ms per evaluation by CPU time "
           "(wall %.2f ms)\n", d->n, SAMPLES, 1e3 * cpu / repeats, 1e3 * wall / repeats);
    return 0;
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 200;
    if (repeats < 1)
        repeats = 1;
    hf_library_init();
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    if (hf_maxwell_data_read(HERTZFIT_SOURCE_DIR "/data/drop_traces/drops.csv", NULL, &d,
                             &diag) != HF_OK) {
        fprintf(stderr, "bench_traces: %s\n", diag.text);
        return 1;
    }
    int rc = bench_extraction(d, repeats) || bench_force_history(d, repeats);
    hf_maxwell_data_free(d);
    return rc;
}
