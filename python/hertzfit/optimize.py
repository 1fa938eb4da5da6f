# SPDX-License-Identifier: GPL-3.0-or-later
"""Optimisers (hertzfit/optimizer.h, algorithm.h): the registry of names and
parameters, minimize() of a Python function, and a Python optimiser
registered through the public algorithm interface.

Threads and the interpreter's lock: every call into the library releases
the lock (cffi does so in API mode) and every call back into Python takes it
again (cffi's extern "Python"), also on an OpenMP thread of the library.
minimize() runs one optimisation on the calling thread, so a Python objective
is never called concurrently.  A registered Python optimiser may run on
several threads of a campaign at once (each task with its own random
stream); its Python code then runs one task at a time, holding the lock, and
the results are the same for any thread count.
"""
import math
from collections import namedtuple
from dataclasses import dataclass

import numpy as np

from . import _core
from ._core import (CallbackScope, Error, add_pending, as_vector, check, current_scope, encode,
                    ffi, lib, new_diag, scope_of, stop_name, text)


def optimizers():
    """Names accepted wherever an optimiser is named: "ica", "icaco", "random",
    every "nlopt:NAME" of this NLopt build, then registered ones."""
    return [text(lib.hf_optimizer_name_at(i)) for i in range(lib.hf_optimizer_name_count())]


Param = namedtuple("Param", "key value doc defaults source")


class Optimizer:
    """An optimiser handle (hf_optimizer) for problems of dimension DIM,
    configured with PARAMS ({key: value}, hf_optimizer_set)."""

    def __init__(self, name, dim=2, params=None):
        out = ffi.new("hf_optimizer **")
        diag = new_diag()
        check(lib.hf_optimizer_alloc(encode(name, "optimizer"), dim, out, diag), diag)
        self._ptr = ffi.gc(out[0], lib.hf_optimizer_free)
        self.name = name
        self.dim = dim
        for key, value in (params or {}).items():
            self.set(key, value)

    def set(self, key, value):
        """Sets parameter KEY (hf_optimizer_set); Error naming the valid keys or
        the key's range."""
        diag = new_diag()
        check(lib.hf_optimizer_set(self._ptr, encode(key, "parameter"), float(value), diag), diag)

    def get(self, key):
        """The value of parameter KEY (hf_optimizer_get)."""
        out = ffi.new("double *")
        diag = new_diag()
        check(lib.hf_optimizer_get(self._ptr, encode(key, "parameter"), out, diag), diag)
        return out[0]

    def params(self):
        """Every parameter: Param(key, value, doc, defaults, source), defaults
        holding one value per variant (variant 0 first)."""
        out = []
        key, value, doc = ffi.new("char **"), ffi.new("double *"), ffi.new("char **")
        dvalue, source = ffi.new("double *"), ffi.new("char **")
        diag = new_diag()
        variants = lib.hf_optimizer_variant_count(self._ptr)
        for i in range(lib.hf_optimizer_param_count(self._ptr)):
            check(lib.hf_optimizer_param(self._ptr, i, key, value, doc, diag), diag)
            defaults = []
            for v in range(variants):
                check(lib.hf_optimizer_param_default(self._ptr, i, v, dvalue, source, diag),
                      diag)
                defaults.append(dvalue[0])
            out.append(Param(text(key[0]), value[0], text(doc[0]), tuple(defaults),
                             text(source[0])))
        return out


def optimizer_params(name, dim=2):
    """The parameters of optimiser NAME with their values, docs and defaults."""
    return Optimizer(name, dim).params()


@dataclass
class OptimizeResult:
    """Best point ``x``, its value ``f``, the evaluation count (failed ones
    included), failed evaluations, iterations, stop reason and wall time."""
    x: np.ndarray
    f: float
    evaluations: int
    failed_evaluations: int
    iterations: int
    stop: str
    seconds: float


class _PythonObjective:
    """The context of an hf_problem whose objective is a Python function."""

    def __init__(self, f, dim, scope):
        self.f = f
        self.dim = dim
        self.scope = scope
        self.failed = False


def _objective_error(exc_type, exc, tb):
    # An exception that escaped hfpy_objective's own try (it can land
    # before it, at the callback's first instruction): kept with its call
    # like any other, and the evaluation returns NaN (def_extern's error
    # value), a failed evaluation, never a value the objective returned.
    ctx = tb.tb_frame.f_locals.get("ctx") if tb is not None else None
    try:
        state = ffi.from_handle(ctx) if ctx is not None else None
    except BaseException:  # noqa: B902 - not a handle: keep the exception all the same
        state = None
    if state is not None:
        state.failed = True
        state.scope.add(exc)
    else:
        add_pending(exc)


@ffi.def_extern(error=math.nan, onerror=_objective_error)
def hfpy_objective(x, ctx):
    state = ffi.from_handle(ctx)
    if state.failed or state.scope.interrupted:
        # an earlier call raised, or Ctrl-C: the run is spent on NaN (failed
        # evaluations) without calling Python, and the exception is raised
        # when it returns
        return math.nan
    try:
        point = np.frombuffer(ffi.buffer(x, state.dim * 8), dtype=float).copy()
        return float(state.f(point))
    except BaseException as exc:  # raised after the run, by the call that ran it
        state.failed = True
        state.scope.add(exc)
        return math.nan


def minimize(f, lower, upper, optimizer="icaco", seed=1, stream=0, max_evals=0, max_iters=0,
             x0=None, target=None, params=None):
    """Minimises the Python function F(x) (x a 1-D ndarray, a copy) over the
    box [LOWER, UPPER] with any registered optimiser (ICA, ICACO, random,
    nlopt:*, or a registered Python one), one run with PCG32 stream (SEED,
    STREAM).  Budgets as the library: 0 and 0 = the optimiser's own (ica and
    icaco 50 iterations, nlopt 2000 evaluations).  A NaN or inf from F is a
    failed evaluation; an exception from F ends the run and is raised here."""
    lo, dim = as_vector(lower, "lower")
    hi, _ = as_vector(upper, "upper", dim)
    if dim == 0:
        raise Error(lib.HF_EINVAL, "lower and upper are empty: the problem needs a dimension")
    opt = optimizer if isinstance(optimizer, Optimizer) else Optimizer(optimizer, dim, params)
    if opt.dim != dim:
        raise Error(lib.HF_EINVAL, "optimizer made for dimension %d, bounds have %d"
                    % (opt.dim, dim))
    with CallbackScope() as scope:
        return _minimize(f, lo, hi, dim, opt, scope, seed, stream, max_evals, max_iters, x0,
                         target)


def _run_config(dim, seed, stream, max_evals, max_iters, x0, target):
    """An hf_run_config of the budgets, start and target, and the start's
    array, which must live as long as the config (it points into it)."""
    run = ffi.new("hf_run_config *")
    lib.hf_run_config_init(run)
    run.seed, run.stream, run.max_evals, run.max_iters = seed, stream, max_evals, max_iters
    start = None
    if x0 is not None:
        start, _ = as_vector(x0, "x0", dim)
        run.x0 = start
    if target is not None:
        run.has_target, run.target = 1, float(target)
    return run, start


def _minimize(f, lo, hi, dim, opt, scope, seed, stream, max_evals, max_iters, x0, target):
    state = _PythonObjective(f, dim, scope)
    handle = ffi.new_handle(state)
    name = ffi.new("char[]", b"python")
    problem = ffi.new("hf_problem *")
    problem.name, problem.dim, problem.lower, problem.upper = name, dim, lo, hi
    problem.f, problem.ctx = lib.hfpy_objective, handle
    run, start = _run_config(dim, seed, stream, max_evals, max_iters, x0, target)
    run.algorithm_user = scope.handle   # a Python optimiser's exceptions: this call's
    res_out = ffi.new("hf_result **")
    diag = new_diag()
    check(lib.hf_result_alloc(dim, res_out, diag), diag)
    res = ffi.gc(res_out[0], lib.hf_result_free)
    check(lib.hf_optimize(opt._ptr, problem, run, res, diag), diag)
    if res.status != lib.HF_OK:
        check(res.status, diag)
    if scope.interrupted:
        raise KeyboardInterrupt
    return OptimizeResult(np.frombuffer(ffi.buffer(res.x, dim * 8), dtype=float).copy(), res.f,
                          int(res.evaluations), int(res.failed_evaluations),
                          int(res.iterations), stop_name(res.stop), res.seconds)


# ---- ask/tell ---------------------------------------------------------------

class AskTell:
    """An ask/tell run (hf_asktell_*): the caller asks for points, evaluates
    them however it likes and tells the values; the run is the one
    ``minimize`` makes with the same optimiser, seed, stream, budgets and
    values.  ica, icaco and random ask for a whole population at a time,
    the other optimisers for one point::

        run = hertzfit.AskTell("icaco", lower, upper, seed=1)
        while True:
            x = run.ask()                 # (n, dim) array; n = 0 at the end
            if len(x) == 0:
                break
            run.tell(x, [f(p) for p in x])
        best = run.result()

    Budgets as ``minimize``; the optimiser is a name or an ``Optimizer``."""

    def __init__(self, optimizer, lower, upper, seed=1, stream=0, max_evals=0, max_iters=0,
                 x0=None, target=None, params=None):
        lo, dim = as_vector(lower, "lower")
        hi, _ = as_vector(upper, "upper", dim)
        if dim == 0:
            raise Error(lib.HF_EINVAL, "lower and upper are empty: the problem needs a dimension")
        opt = optimizer if isinstance(optimizer, Optimizer) else Optimizer(optimizer, dim, params)
        if opt.dim != dim:
            raise Error(lib.HF_EINVAL, "optimizer made for dimension %d, bounds have %d"
                        % (opt.dim, dim))
        self._opt = opt  # the run borrows the handle: kept alive with it
        self.dim = dim
        run, start = _run_config(dim, seed, stream, max_evals, max_iters, x0, target)
        out = ffi.new("hf_asktell **")
        diag = new_diag()
        check(lib.hf_asktell_alloc(opt._ptr, lo, hi, run, out, diag), diag)
        self._ptr = ffi.gc(out[0], lib.hf_asktell_free)

    def ask(self):
        """The points to evaluate next, an (n, dim) array (a copy); n = 0 once
        the run has ended."""
        x, n = ffi.new("double **"), ffi.new("size_t *")
        diag = new_diag()
        check(lib.hf_asktell_ask(self._ptr, x, n, diag), diag)
        if n[0] == 0:
            return np.empty((0, self.dim))
        return np.frombuffer(ffi.buffer(x[0], n[0] * self.dim * 8),
                             dtype=float).reshape(n[0], self.dim).copy()

    def tell(self, x, f):
        """Tells the values F of the points X last asked for (the same points,
        in the same order); NaN or inf is a failed evaluation."""
        xs = np.ascontiguousarray(x, dtype=float)
        fs = np.ascontiguousarray(f, dtype=float).reshape(-1)
        if xs.ndim != 2 or xs.shape[1] != self.dim or xs.shape[0] != fs.shape[0]:
            raise Error(lib.HF_EMISMATCH, "tell: x must be (n, %d) and f n values; got x %s, "
                        "f %d values" % (self.dim, xs.shape, fs.shape[0]))
        diag = new_diag()
        check(lib.hf_asktell_tell(self._ptr, ffi.from_buffer("double[]", xs),
                                  ffi.from_buffer("double[]", fs), fs.shape[0], diag), diag)

    def result(self):
        """The best point and the counters so far (final once ask gives no
        point), as an OptimizeResult."""
        res = lib.hf_asktell_result(self._ptr)
        return OptimizeResult(np.frombuffer(ffi.buffer(res.x, self.dim * 8), dtype=float).copy(),
                              res.f, int(res.evaluations), int(res.failed_evaluations),
                              int(res.iterations), stop_name(res.stop), res.seconds)


# ---- a Python optimiser -------------------------------------------------------

_STOPS = {"converged": lib.HF_STOP_CONVERGED, "failure": lib.HF_STOP_FAILURE,
          "target": lib.HF_STOP_TARGET}


class AlgorithmRun:
    """What a registered Python optimiser's run function receives: the box,
    its parameters, and the library's evaluator (which counts evaluations,
    keeps the best point and stops the run at the budget or the target) and
    random stream (PCG32, seeded per run: results do not depend on threads).
    Valid only during the call: afterwards every method raises Error."""

    def __init__(self, ctx, scope):
        self._ctx = ctx
        problem = ctx.problem
        self.dim = int(problem.dim)
        self.lower = np.frombuffer(ffi.buffer(problem.lower, self.dim * 8), dtype=float).copy()
        self.upper = np.frombuffer(ffi.buffer(problem.upper, self.dim * 8), dtype=float).copy()
        self.name = text(ctx.name)
        self.problem = text(problem.name)
        entry = _registered[self.name]
        self.params = {key: ctx.params[i] for i, key in enumerate(entry.keys)}
        self._x = ffi.new("double[]", self.dim)
        self._scope = scope

    def _live(self):
        """The C context; Error once the run has returned (the library has
        freed the evaluator and the stream by then)."""
        if self._ctx is None:
            raise Error(lib.HF_EINVAL, "optimizer %s: its run has ended; a run's context is "
                        "valid only during the call" % self.name)
        return self._ctx

    def evaluate(self, x):
        """f(x) through the library's evaluator: +inf for a failed evaluation
        and for any call after the run must stop."""
        ctx = self._live()
        buf = self._x
        values = np.asarray(x, dtype=float).reshape(-1)
        if values.size != self.dim:
            raise ValueError("x has %d values, the problem %d" % (values.size, self.dim))
        ffi.memmove(buf, values.tobytes(), self.dim * 8)
        return lib.hf_evaluator_eval(ctx.ev, buf)

    def should_stop(self):
        """True once the budget, the target or the iteration budget is
        reached, or Ctrl-C was pressed."""
        ctx = self._live()
        return bool(lib.hf_evaluator_should_stop(ctx.ev)) or (
            self._scope is not None and self._scope.interrupted)

    def end_iteration(self):
        """Marks the end of one iteration (counted; the iteration budget)."""
        lib.hf_evaluator_end_iteration(self._live().ev)

    def stop(self, reason="converged"):
        """Ends the run for the algorithm's own reason: "converged", "failure"."""
        if reason not in _STOPS:
            raise ValueError("stop reason '%s' (valid: %s)" % (reason, ", ".join(_STOPS)))
        lib.hf_evaluator_stop(self._live().ev, _STOPS[reason])

    def uniform(self, size=None):
        """Uniform deviates in [0, 1) from the run's PCG32 stream."""
        rng = self._live().rng
        if size is None:
            return lib.hf_rng_uniform(rng)
        return np.array([lib.hf_rng_uniform(rng) for _ in range(int(np.prod(size)))]
                        ).reshape(size)

    def normal(self, mean=0.0, sigma=1.0, size=None):
        """Gaussian deviates from the run's stream."""
        rng = self._live().rng
        if size is None:
            return lib.hf_rng_normal(rng, mean, sigma)
        return np.array([lib.hf_rng_normal(rng, mean, sigma)
                         for _ in range(int(np.prod(size)))]).reshape(size)

    def uniform_point(self):
        """A point drawn uniformly in the box, the run's start point x0
        instead when it has one (the stream is consumed either way)."""
        ctx = self._live()
        lib.hf_uniform_point(ctx.rng, ctx.problem, self._x)
        lib.hf_apply_start_point(ctx, self._x)
        return np.frombuffer(ffi.buffer(self._x, self.dim * 8), dtype=float).copy()


class _Registered:
    def __init__(self, run, keys, keep):
        self.run = run
        self.keys = keys
        self.keep = keep  # the C table and its strings: borrowed by the library forever


_registered = {}


def _run_scope(ctx):
    """The call a registered optimiser's run belongs to, and the run's key:
    the scope its caller handed the library (hf_run_config.algorithm_user),
    else current_scope(); (seed, stream), or None without a run config."""
    if ctx.run == ffi.NULL:
        return current_scope(), None
    scope = scope_of(ctx.run.algorithm_user)
    return scope or current_scope(), (int(ctx.run.seed), int(ctx.run.stream))


def _algorithm_error(exc_type, exc, tb):
    # an exception outside hfpy_algorithm_run's own try: kept with its call,
    # and the run fails (def_extern's error value)
    ctx = tb.tb_frame.f_locals.get("ctx") if tb is not None else None
    scope, key = None, None
    if ctx is not None:
        try:
            scope, key = _run_scope(ctx)
        except BaseException:  # noqa: B902 - no readable context: keep the exception all the same
            pass
    add_pending(exc, key, scope)


@ffi.def_extern(error=lib.HF_EINVAL, onerror=_algorithm_error)
def hfpy_algorithm_run(ctx, diag):
    name = text(ctx.name)
    run = None
    scope, key = _run_scope(ctx)
    try:
        run = AlgorithmRun(ctx, scope)
        _registered[name].run(run)
        if scope is not None and scope.interrupted:
            # cut short by Ctrl-C (should_stop() said so): the library's
            # record of an interrupted run, never a run that converged
            lib.hf_evaluator_stop(ctx.ev, lib.HF_STOP_FAILURE)
        return lib.HF_OK
    except BaseException as exc:  # raised again by the Python call that ran it
        add_pending(exc, key, scope)
        _core.set_diag(diag, "python optimizer %s raised %s: %s"
                       % (name, type(exc).__name__, exc))
        return lib.HF_EINVAL
    finally:
        if run is not None:
            run._ctx = None   # a context kept past the run must not reach freed memory


def register_optimizer(name, run, params=None, max_evals=1000, max_iters=0, summary=""):
    """Registers RUN(ctx) as optimiser NAME (hf_optimizer_register), usable
    wherever an optimiser is named: minimize, fit_profile, bench_run.  CTX is
    an AlgorithmRun.  PARAMS = {key: (default, min, max, doc)}; their values
    reach the run as ctx.params.  MAX_EVALS / MAX_ITERS: the budget when a run
    sets none.  Registration is permanent for the process; Error (HF_EEXIST)
    when NAME is taken."""
    if not callable(run):
        raise TypeError("run must be callable")
    params = params or {}
    keep = [ffi.new("char[]", encode(name, "name")), ffi.new("char[]", summary.encode())]
    specs = ffi.new("hf_param_spec[]", max(len(params), 1))
    keep.append(specs)
    for i, (key, spec) in enumerate(params.items()):
        default, lo, hi, doc = (tuple(spec) + ("",))[:4]
        ckey, cdoc = ffi.new("char[]", encode(key, "parameter")), ffi.new("char[]", doc.encode())
        keep += [ckey, cdoc]
        specs[i].key, specs[i].doc = ckey, cdoc
        setattr(specs[i], "def", default)  # a C field named like a Python keyword
        specs[i].min, specs[i].max = lo, hi
        specs[i].def_alt = default
    algo = ffi.new("hf_algorithm *")
    keep.append(algo)
    algo.name, algo.summary = keep[0], keep[1]
    algo.params, algo.nparams = specs, len(params)
    algo.default_max_evals, algo.default_max_iters = max_evals, max_iters
    algo.run = lib.hfpy_algorithm_run
    if name in _registered:
        raise Error(lib.HF_EEXIST, "optimizer '%s' is already registered" % name)
    entry = _Registered(run, list(params), keep)
    _registered[name] = entry
    diag = new_diag()
    try:
        check(lib.hf_optimizer_register(algo, diag), diag)
    except Error:
        del _registered[name]
        raise
