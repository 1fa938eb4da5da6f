/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_curve_fit.c — the whole-curve fit (hertzfit/maxwell_fit.h,
 * hf_maxwell_fit_curve) on a drop's force-trace file read through a test
 * list, as `maxwell fit --method curve` runs it: contact start and baseline
 * fitted (the default), then the same with the contact start extracted and
 * a zero baseline.  The iterations are capped (20) so that one input stays
 * quick; what is fuzzed is the set-up, the model runs and the statuses, not
 * convergence.
 */
#include "fuzz_target.h"

#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_fit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char list[] = "m_g,D_mm,h_mm,trace\n13.8,15,51,trace.csv\n";
    if (hf_fuzz_scratch("trace.csv", data, size) == NULL)
        return 0;
    const char *path = hf_fuzz_scratch("list.csv", (const uint8_t *)list, sizeof list - 1);
    if (path == NULL)
        return 0;
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    if (hf_maxwell_data_read(path, NULL, &d, &diag) != HF_OK)
        return 0;
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.max_iter = 20;
    hf_maxwell_fit_result fit;
    double t0 = 0.0, b = 0.0;
    hf_maxwell_fit_curve(d, &cfg, &fit, &t0, &b, NULL, &diag);
    cfg.contact = HF_MAXWELL_CONTACT_EXTRACTED;
    cfg.baseline = HF_MAXWELL_BASELINE_ZERO;
    hf_maxwell_fit_curve(d, &cfg, &fit, &t0, &b, NULL, &diag);
    hf_maxwell_data_free(d);
    return 0;
}
