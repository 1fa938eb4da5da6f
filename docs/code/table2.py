#!/usr/bin/python3
"""The ICACO paper's calibration of (a, b) on Safaeifar's Table 2, from Python."""
import hertzfit

r = hertzfit.fit_profile(optimizer="icaco", runs=50, seed=1, table="data/safaeifar2020_table2.csv")
s, ident = r.summary, r.summary.identifiability
print(f"RMS over {s.runs} runs: best {s.best:.8f} mean {s.mean:.8f} worst {s.worst:.8f} std {s.std:.2g}")
print(f"closed-form minimum {ident.rms_min:.8f} % at I* = {ident.i_star:.10f}; converged {ident.n_converged}/{s.runs}")
print(f"the paper's b = 3.409 lies on the valley at a = {ident.valley['a'][3]:.4f} (paper: a = 2.939, RMS 12.595)")
print("first runs' (a, b):", ", ".join(f"({a:.4f}, {b:.4f})" for a, b in r.runs[["a", "b"]][:3]))
