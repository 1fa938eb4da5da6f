# SPDX-License-Identifier: GPL-3.0-or-later
"""Optimisers: the registry, minimize() of a Python function, and a Python
optimiser registered through the algorithm interface."""
import math

import numpy as np
import pytest

import hertzfit
from conftest import TABLE


def test_optimizer_registry_and_params():
    names = hertzfit.optimizers()
    assert names[:3] == ["ica", "icaco", "random"] and "nlopt:LN_BOBYQA" in names
    params = {p.key: p for p in hertzfit.optimizer_params("icaco")}
    assert params["countries"].value == 20 and params["countries"].doc
    assert len(params["variant"].defaults) == 2          # the 2023 and 2007 variants
    opt = hertzfit.Optimizer("icaco", 2, {"countries": 40})
    assert opt.get("countries") == 40
    with pytest.raises(hertzfit.Error) as e:
        opt.set("countries", -3)
    assert e.value.status == -13 and "countries" in str(e.value)
    with pytest.raises(hertzfit.Error):
        opt.get("colonies")
    with pytest.raises(hertzfit.Error):
        hertzfit.Optimizer("nlopt:NOPE")


def test_minimize_as_a_new_user_writes_it():
    def f(x):
        return float(((x - np.array([0.3, -0.2])) ** 2).sum())

    s = hertzfit.minimize(f, lower=[-1, -1], upper=[1, 1], optimizer="icaco", seed=1)
    np.testing.assert_allclose(s.x, [0.3, -0.2], atol=1e-6)
    assert s.f < 1e-12 and s.evaluations > 0 and s.iterations == 50 and s.stop == "maxiter"
    again = hertzfit.minimize(f, lower=[-1, -1], upper=[1, 1], optimizer="icaco", seed=1)
    assert again.x.tobytes() == s.x.tobytes() and again.evaluations == s.evaluations


def test_a_python_objective_is_the_c_objective():
    """The same objective through Python and in C gives the same run, bit for
    bit: run 0 of fit_profile is stream 0 of the same seed."""
    obj = hertzfit.ProfileObjective(table=TABLE)
    r = hertzfit.fit_profile(optimizer="icaco", runs=1, seed=7, objective=obj)
    s = hertzfit.minimize(lambda x: obj.rms(x[0], x[1]), lower=[1, 1.5], upper=[6, 6],
                          optimizer="icaco", seed=7, stream=0)
    assert s.f == r.runs["rms_pct"][0] and s.x.tobytes() == r.x[0].tobytes()
    assert s.evaluations == r.runs["evals"][0]


def test_minimize_budgets_start_target_and_nlopt():
    calls = []

    def f(x):
        calls.append(x)
        return float(np.sum(x ** 2))

    s = hertzfit.minimize(f, [-2, -2, -2], [2, 2, 2], optimizer="nlopt:LN_BOBYQA", max_evals=40,
                          x0=[1, 1, 1])
    assert s.evaluations == len(calls) <= 40
    np.testing.assert_array_equal(calls[0], [1, 1, 1])     # the start point first
    s = hertzfit.minimize(f, [-2, -2], [2, 2], optimizer="random", target=0.5, seed=2)
    assert s.f <= 0.5 and s.stop == "target"
    # NaN is a failed evaluation, never the best
    s = hertzfit.minimize(lambda x: math.nan if x[0] < 0 else x[0], [-1], [1], optimizer="random",
                          max_evals=100, seed=3)
    assert 0 < s.failed_evaluations < 100 and s.f >= 0


def test_minimize_raises_what_the_objective_raised():
    count = [0]

    def f(x):
        count[0] += 1
        if count[0] == 10:
            raise ZeroDivisionError("model blew up at %r" % (x,))
        return float(x[0] ** 2)

    with pytest.raises(ZeroDivisionError, match="model blew up"):
        hertzfit.minimize(f, [-1], [1], optimizer="icaco", seed=1)
    assert count[0] == 10                       # not called again after it raised
    with pytest.raises(ValueError):
        hertzfit.minimize(lambda x: "text", [-1], [1], max_evals=5)
    # the library's own checks
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.minimize(lambda x: 0.0, [1, 0], [0, 1])
    assert e.value.status == -12 and "lower" in str(e.value)
    with pytest.raises(ValueError):
        hertzfit.minimize(lambda x: 0.0, [0, 0], [1])
    with pytest.raises(hertzfit.Error):
        hertzfit.minimize(lambda x: 0.0, [], [])
    with pytest.raises(ValueError):
        hertzfit.minimize(lambda x: 0.0, [0], [1], x0=[0, 0])


def python_random_search(ctx):
    """A user's algorithm: batches of uniform points (the doc's example)."""
    batch = int(ctx.params["batch"])
    while not ctx.should_stop():
        for _ in range(batch):
            ctx.evaluate(ctx.uniform_point())
            if ctx.should_stop():
                break
        ctx.end_iteration()


def test_register_a_python_optimizer():
    hertzfit.register_optimizer("py-random", python_random_search,
                                params={"batch": (10, 1, 1000, "points per iteration")},
                                max_evals=500, summary="uniform random search in Python")
    assert "py-random" in hertzfit.optimizers()
    assert [p.key for p in hertzfit.optimizer_params("py-random")] == ["batch"]
    s = hertzfit.minimize(lambda x: float(np.sum(x ** 2)), [-1, -1], [1, 1],
                          optimizer="py-random", seed=4)
    assert s.evaluations == 500 and s.iterations == 50 and s.f < 0.05
    # the same stream gives the same run; another seed another one
    t = hertzfit.minimize(lambda x: float(np.sum(x ** 2)), [-1, -1], [1, 1],
                          optimizer="py-random", seed=4)
    assert t.x.tobytes() == s.x.tobytes()
    # in the calibration study, parameters set like any other
    r = hertzfit.fit_profile(optimizer="py-random", runs=3, seed=1, table=TABLE,
                             params={"batch": 50})
    assert (r.runs["iters"] == 10).all()
    with pytest.raises(hertzfit.Error) as e:
        hertzfit.register_optimizer("py-random", python_random_search)
    assert e.value.status == -15
    with pytest.raises(hertzfit.Error):
        hertzfit.register_optimizer("bad name", python_random_search)
    with pytest.raises(TypeError):
        hertzfit.register_optimizer("py-none", None)


def test_a_python_optimizer_that_raises():
    def broken(ctx):
        ctx.evaluate(ctx.uniform_point())
        ctx.stop("failure")
        raise RuntimeError("step size went negative")

    def draws(ctx):
        u = ctx.uniform(3)
        g = ctx.normal(0.0, 1.0, size=(2,))
        assert u.shape == (3,) and ((0 <= u) & (u < 1)).all() and g.shape == (2,)
        assert 0 <= ctx.uniform() < 1 and math.isfinite(ctx.normal())
        assert ctx.dim == 2 and ctx.problem == "python" and ctx.name == "py-draws"
        np.testing.assert_array_equal(ctx.lower, [-1, -1])
        with pytest.raises(ValueError):
            ctx.evaluate([0.0])
        with pytest.raises(ValueError):
            ctx.stop("bored")
        ctx.evaluate(np.zeros(2))
        ctx.stop("converged")

    hertzfit.register_optimizer("py-broken", broken, max_evals=10)
    hertzfit.register_optimizer("py-draws", draws, max_evals=10)
    with pytest.raises(RuntimeError, match="step size") as e:
        hertzfit.minimize(lambda x: 1.0, [-1, -1], [1, 1], optimizer="py-broken")
    assert "py-broken" in str(e.value.__cause__)        # the library's diag, chained
    s = hertzfit.minimize(lambda x: float(np.sum(x ** 2)), [-1, -1], [1, 1], optimizer="py-draws")
    assert s.stop == "converged" and s.f == 0.0 and s.evaluations == 1


def test_a_run_context_kept_past_its_run_is_refused():
    # the evaluator and the stream behind a context are freed when the run
    # returns; before the context was cut off, a kept one read freed memory
    kept = []

    def keeper(ctx):
        kept.append(ctx)
        while not ctx.should_stop():
            ctx.evaluate(ctx.uniform_point())

    hertzfit.register_optimizer("py-keeper", keeper, max_evals=5)
    s = hertzfit.minimize(lambda x: float(np.sum(x ** 2)), [-1, -1], [1, 1],
                          optimizer="py-keeper")
    assert s.evaluations == 5 and kept[0].dim == 2
    for call in (lambda c: c.evaluate([0.0, 0.0]), lambda c: c.should_stop(),
                 lambda c: c.end_iteration(), lambda c: c.stop(), lambda c: c.uniform(),
                 lambda c: c.normal(), lambda c: c.uniform_point()):
        with pytest.raises(hertzfit.Error, match="run has ended"):
            call(kept[0])


def test_the_exception_raised_does_not_depend_on_the_threads():
    # every run raises, the higher streams first (the lower ones sleep
    # longer, without the interpreter's lock); the exception raised is the
    # one of the lowest stream for any thread count, not the first to come
    import time

    def raiser(ctx):
        stream = int(ctx._ctx.run.stream)
        time.sleep(0.002 * (8 - stream))
        raise ValueError("stream %d" % stream)

    hertzfit.register_optimizer("py-raiser", raiser, max_evals=5)
    for threads in (1, 4):
        with pytest.raises(ValueError, match="^stream 0$"):
            hertzfit.fit_profile(optimizer="py-raiser", runs=8, seed=1, threads=threads,
                                 table=TABLE)


def test_icaco_by_ask_tell_is_fit_profile():
    """ICACO driven by ask/tell on the Table 2 objective, the caller
    evaluating in Python, gives fit_profile's runs bit for bit (run i on
    stream i of the same seed); the batches are whole populations."""
    obj = hertzfit.ProfileObjective(table=TABLE)
    r = hertzfit.fit_profile(optimizer="icaco", runs=2, seed=1, objective=obj)
    for i in range(2):
        run = hertzfit.AskTell("icaco", lower=[1, 1.5], upper=[6, 6], seed=1, stream=i)
        sizes = []
        while True:
            x = run.ask()
            if len(x) == 0:
                break
            sizes.append(len(x))
            run.tell(x, [obj.rms(a, b) for a, b in x])
        s = run.result()
        assert sizes[0] == 20 and max(sizes) == 20
        assert s.f == r.runs["rms_pct"][i] and s.x.tobytes() == r.x[i].tobytes()
        assert s.evaluations == r.runs["evals"][i] and s.stop == r.runs["status"][i]


def test_ask_tell_refuses_other_points():
    run = hertzfit.AskTell("random", lower=[0, 0], upper=[1, 1], seed=3, max_evals=30)
    x = run.ask()
    assert x.shape == (20, 2)
    with pytest.raises(hertzfit.Error, match="point 0 is not the point asked"):
        run.tell(x[::-1], np.zeros(20))
    with pytest.raises(hertzfit.Error, match="must be"):
        run.tell(x, np.zeros(19))
    run.tell(x, np.sum(x ** 2, axis=1))
    x = run.ask()
    assert x.shape == (10, 2)  # what the budget has left
    run.tell(x, np.sum(x ** 2, axis=1))
    assert run.ask().shape == (0, 2)
    assert run.result().evaluations == 30 and run.result().stop == "maxeval"
