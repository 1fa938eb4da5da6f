#!/usr/bin/python3
"""μ0 and η of a Maxwell material from raw load-cell traces of 12 drops, from Python."""
import numpy as np
import hertzfit

data = hertzfit.read_maxwell_data("data/drop_traces/drops.csv")   # the list and its traces, SI
first = data.traces[0]
print(f"{data.n} drops; drop 1: {first.t.size} samples over {first.t[-1] * 1e3:.2f} ms, peak {first.F.max():.3f} N")
x = hertzfit.maxwell_extract(data)        # the features, as `hertzfit maxwell extract --csv`
print("F_M_N:", np.round(x["F_M_N"][:3], 4), "t_c_s:", np.round(x["t_c_s"][:3], 7), "status:", set(x["status"]))
full = hertzfit.maxwell_fit(x, nu=0.5)                        # the full fit of those features
curve = hertzfit.maxwell_fit_curve(data, nu=0.5)              # Hunter's F(t) on every sample
for fit in (full, curve):
    e = fit.estimate
    print(f"{e.method:5} {e.observables:11} mu0 = {e.mu0:.6g} ± {e.mu0_se:.2g} Pa  eta = {e.eta:.5g} ± {e.eta_se:.2g} 1/s  {fit.status}")
F = hertzfit.maxwell_force_history(curve.estimate.mu0, 0.5, curve.estimate.eta, data.m[0], data.R[0],
                                   data.V0[0], first.t - curve.contact_start[0]) + curve.baseline[0]
print(f"drop 1: contact starts at {curve.contact_start[0] * 1e3:.5f} ms; model - measured: rms {np.sqrt(np.mean((F - first.F) ** 2)):.4f} N")
