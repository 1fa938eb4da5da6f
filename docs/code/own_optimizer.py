#!/usr/bin/python3
"""Your own model minimised by ICACO, and your own optimiser benchmarked against
ICA, ICACO and NLopt, from Python."""
import numpy as np

import hertzfit


# 1. a Python objective: the damping ratio of a model fitted to Hunt & Crossley's
def misfit(x):
    c = np.linspace(0.1, 0.9, 9)
    return float(np.sum((x[0] * (1 - c) ** x[1] - hertzfit.hr("hunt-crossley", c)) ** 2))


s = hertzfit.minimize(misfit, lower=[0, 0.5], upper=[3, 2], optimizer="icaco", seed=1)
print(f"minimize: x = {s.x.round(6)}, f = {s.f:.3g}, {s.evaluations} evaluations, stop {s.stop}")


# 2. a Python optimiser: compass search, registered like ICA or ICACO
def compass(ctx):
    x = ctx.uniform_point()
    fx, step = ctx.evaluate(x), 0.25 * (ctx.upper - ctx.lower)
    while not ctx.should_stop():
        moved = False
        for i in range(ctx.dim):
            for sign in (1.0, -1.0):
                y = x.copy()
                y[i] = np.clip(y[i] + sign * step[i], ctx.lower[i], ctx.upper[i])
                fy = ctx.evaluate(y)
                if fy < fx:
                    x, fx, moved = y, fy, True
        if not moved:
            step *= ctx.params["shrink"]
        ctx.end_iteration()


hertzfit.register_optimizer("compass", compass, params={"shrink": (0.5, 0.01, 0.99, "step factor")})
c = hertzfit.bench_run("campaign", optimizers=["ica", "icaco", "nlopt:LN_BOBYQA", "compass"],
                       problems=["rosenbrock:2", "profile"], runs=10, budget=1000, seed=7)
for o in c.optimizers:
    for p in c.problems:
        ert, hits, runs = c.ert(o, p, 1e-6)
        print(f"{o:16s} {p:13s} solved to 1e-6: {hits:2d}/{runs}  ERT {ert:8.1f}")
