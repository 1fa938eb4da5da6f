# SPDX-License-Identifier: GPL-3.0-or-later
"""What every module of the package shares: the C library, its errors as
exceptions, exceptions raised inside Python callbacks, and element-wise calls
over NumPy arrays."""
import os
import signal
import threading

import numpy as np

from ._hertzfit import ffi, lib

# GSL's default error handler aborts the process; the library's own is off
# after this (hertzfit/status.h).  Idempotent.
lib.hf_library_init()


class Error(Exception):
    """A failure reported by the hertzfit library.

    ``status`` is the library's status code (negative), ``reason`` its text
    (``hf_strerror``), and the message is the library's diagnostic line
    naming the bad input (file, line, column, value, valid names) when it
    gave one.  A status the library calls bad input
    (``hf_status_is_bad_input``: the program's exit 2, the MEX gateway's
    ``hertzfit:badInput``) raises the subclass BadInputError.
    """

    def __new__(cls, status, message):
        if cls is Error and lib.hf_status_is_bad_input(int(status)):
            cls = BadInputError
        return super().__new__(cls, status, message)

    def __init__(self, status, message):
        super().__init__(message)
        self.status = int(status)
        self.reason = text(lib.hf_strerror(status))
        self.message = message


class BadInputError(Error):
    """An Error whose status means bad input: something the caller gave (a
    value, a file, a name, an output path) that the library cannot work with."""


def text(cstr):
    """A C string as str ("" for NULL)."""
    return "" if cstr == ffi.NULL else ffi.string(cstr).decode("utf-8", "replace")


def new_diag():
    return ffi.new("hf_diag *")


def check(status, diag=None):
    """Raises the exception of a Python callback that failed during the call
    (chained to the library's error), else KeyboardInterrupt for a call the
    library found interrupted (HF_EINTERRUPTED: it wrote nothing), else Error
    for a failing status."""
    raise_pending(status, diag)
    if status != lib.HF_OK:
        message = text(diag.text) if diag is not None else ""
        if status == lib.HF_EINTERRUPTED:
            raise KeyboardInterrupt(message or text(lib.hf_strerror(status)))
        raise Error(status, message or text(lib.hf_strerror(status)))


# Exceptions raised by Python code the library called back (an objective, an
# optimiser), possibly on an OpenMP thread, belong to the Python call that
# started the C call: its CallbackScope.  Each call hands its scope to the
# library with the callbacks, as their user data: an objective's context
# (hf_problem.ctx) holds it, and a registered optimiser's run finds it as
# ctx.run.algorithm_user (hf_run_config; campaigns and hf_runs_execute pass
# it to every run), so a callback on any thread keeps its exception with its
# own call, whatever other calls run at the same time.  Only a callback the
# library gives no such pointer (a Python optimiser run by a study that takes
# none) falls back on the calling thread's stack, then on the only scope open
# in the process, then on the process-wide list below.
# Among several exceptions of one call, the one of the run with the lowest
# (seed, stream) is raised, so that it does not depend on which thread
# raised first; among exceptions without a run, the first.
_pending_lock = threading.Lock()
_pending = []
_open_scopes = []
_local = threading.local()
_sigint_count = 0


def _on_sigint(signum, frame):
    # Ctrl-C during a library call: counted, never raised inside a callback
    # (cffi could only print it and return a made-up value) nor between the
    # C call's return and the Python code that takes its outputs over; the
    # scope raises KeyboardInterrupt when it ends
    global _sigint_count
    _sigint_count += 1


# Ctrl-C inside the library.  Python runs a signal handler between bytecodes
# only, so a call that stays in C would see Ctrl-C only when it returns.  The
# extension's own C (hertzfit_build.py) holds a flag that the library polls
# (hf_interrupt_set) before every evaluation of every run and every
# trust-region iteration, raised by a C-level SIGINT handler which then hands
# the signal on to Python's.  The library polls the flag while any call is in
# progress (on any thread); the C handler stands in front of Python's only
# while a call of the main thread is in progress and Python's SIGINT handler
# is its default (KeyboardInterrupt); before and after, SIGINT is Python's
# alone, and signal.getsignal(SIGINT) is the same object.  A process has one
# SIGINT, which Python gives to its main thread (and only the main thread may
# set handlers): a call on another thread is stopped by Ctrl-C only while the
# main thread is in a library call as well (the flag then stops every call in
# progress, and each raises KeyboardInterrupt).
_interrupt_lock = threading.Lock()
_calls_in_progress = 0
_sigint_hooked = False


class InterruptScope:
    """`with InterruptScope():` around one library call that may run long
    (optimiser runs, trust-region fits): Ctrl-C stops it within an evaluation
    or an iteration and raises KeyboardInterrupt when the scope ends (after
    the code inside it has taken the call's outputs over).  On the main
    thread, Ctrl-C is a flag meanwhile (`interrupted`)."""

    def __enter__(self):
        global _calls_in_progress, _sigint_hooked
        self._old_handler = None
        self._hooked = False
        self._main = threading.current_thread() is threading.main_thread()
        self._sigints = _sigint_count
        if self._main and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._old_handler = signal.signal(signal.SIGINT, _on_sigint)
        with _interrupt_lock:
            if _calls_in_progress == 0:
                lib.hfpy_interrupt_watch()
            _calls_in_progress += 1
            # after Python's handler is set (signal.signal would replace it)
            if self._main and not _sigint_hooked and \
                    signal.getsignal(signal.SIGINT) is _on_sigint:
                self._hooked = _sigint_hooked = bool(lib.hfpy_sigint_hook())
        return self

    @property
    def interrupted(self):
        return self._main and _sigint_count != self._sigints

    def __exit__(self, exc_type, exc, tb):
        global _calls_in_progress, _sigint_hooked
        with _interrupt_lock:
            if self._hooked:
                lib.hfpy_sigint_unhook()
                _sigint_hooked = False
            self._seen = bool(lib.hfpy_interrupt_seen())
            _calls_in_progress -= 1
            if _calls_in_progress == 0:
                lib.hfpy_interrupt_unwatch()
        if self._old_handler is not None:
            # runs a pending _on_sigint first, then puts Python's back
            signal.signal(signal.SIGINT, self._old_handler)
        # on another thread, a call the main thread's Ctrl-C cut short
        if exc_type is None and (self.interrupted or (self._seen and not self._main)):
            raise KeyboardInterrupt
        return False


def interruptible_output(ctype, call, free, *args):
    """`call(*args, out, diag)`, a library call that allocates one `ctype`
    into `out`, inside an InterruptScope (Ctrl-C stops it): that output,
    owned (freed by `free` when no longer referenced, also when the call
    fails or is interrupted); check's exception on failure."""
    out = ffi.new(ctype + " **")
    diag = new_diag()
    with InterruptScope():
        st = call(*args, out, diag)
        owned = ffi.gc(out[0], free) if out[0] != ffi.NULL else None
    check(st, diag)
    return owned


class CallbackScope(InterruptScope):
    """`with CallbackScope():` around one library call that may call Python
    back.  Keeps its callbacks' exceptions; an InterruptScope, whose flag
    the callbacks see (`interrupted`: an objective returns NaN without
    running, a Python optimiser's should_stop() is true)."""

    def __enter__(self):
        self.errors = []
        # what the library hands back to callbacks as their user data
        # (alive as long as the scope: the C call ends inside it)
        self.handle = ffi.new_handle(self)
        super().__enter__()
        if not hasattr(_local, "scopes"):
            _local.scopes = []
        _local.scopes.append(self)
        with _pending_lock:
            _open_scopes.append(self)
        return self

    def add(self, exc, run_key=None):
        with _pending_lock:
            self.errors.append(((0, run_key) if run_key is not None else (1, ()),
                                len(self.errors), exc))

    def __exit__(self, exc_type, exc, tb):
        self.handle = None   # the C call has returned: no callback is left to find it
        _local.scopes.remove(self)
        with _pending_lock:
            _open_scopes.remove(self)
        failed = None
        if exc_type is None:
            try:
                raise_pending()
            except BaseException as raised:  # noqa: B902 - raised below, after the scope
                failed = raised
        if failed is None:
            return super().__exit__(exc_type, exc, tb)
        super().__exit__(type(failed), failed, failed.__traceback__)
        raise failed


def scope_of(user):
    """The scope whose handle is the C pointer USER, or None for NULL."""
    return ffi.from_handle(user) if user != ffi.NULL else None


def current_scope():
    """The scope of the call this callback belongs to when the library gave
    the callback none (scope_of), or None."""
    stack = getattr(_local, "scopes", None)
    if stack:
        return stack[-1]
    with _pending_lock:
        return _open_scopes[0] if len(_open_scopes) == 1 else None


def add_pending(exc, run_key=None, scope=None):
    """Keeps EXC for the call it belongs to (SCOPE, else current_scope());
    RUN_KEY orders it among the others ((seed, stream) of its run, or None:
    after every keyed one, in the order raised)."""
    scope = scope or current_scope()
    if scope is not None:
        scope.add(exc, run_key)
        return
    with _pending_lock:
        _pending.append(((0, run_key) if run_key is not None else (1, ()), len(_pending), exc))


def raise_pending(status=None, diag=None):
    """Raises the kept exception of the calling thread's innermost scope (or,
    outside any scope, of the process-wide list), chained to the library's
    error when STATUS is one."""
    stack = getattr(_local, "scopes", None)
    with _pending_lock:
        # a scope's own first; then what no scope could be told
        pending = stack[-1].errors if stack and stack[-1].errors else _pending
        if not pending:
            return
        exc = min(pending, key=lambda p: p[:2])[2]
        pending.clear()
    if status is not None and status != lib.HF_OK:
        message = text(diag.text) if diag is not None else text(lib.hf_strerror(status))
        raise exc from Error(status, message)
    raise exc


def set_diag(diag, message):
    """Writes MESSAGE into a C hf_diag (truncated to its size)."""
    if diag == ffi.NULL:
        return
    data = message.encode("utf-8", "replace")[: ffi.sizeof(diag.text) - 1] + b"\0"
    ffi.memmove(diag.text, data, len(data))


def encode(name, what):
    if not isinstance(name, str):
        raise TypeError("%s must be a str, not %s" % (what, type(name).__name__))
    if "\0" in name:   # C would read only what comes before it
        raise ValueError("%s %r contains a NUL character" % (what, name))
    return name.encode("utf-8")


def path_bytes(path, what):
    """PATH (str, bytes or os.PathLike) as the bytes C receives; ValueError
    for a NUL inside it, which would cut the name short in C ('drops.csv\\0zz'
    would open drops.csv)."""
    data = os.fsencode(path)
    if b"\0" in data:
        raise ValueError("%s %r contains a NUL character" % (what, os.fsdecode(data)))
    return data


def elementwise(fn, *args):
    """FN(*scalars) over the broadcast of ARGS; a float when every argument is
    a scalar, else an ndarray of the broadcast shape."""
    arrays = np.broadcast_arrays(*[np.asarray(a, dtype=float) for a in args])
    out = np.empty(arrays[0].shape)
    flat = [a.ravel() for a in arrays]
    result = out.reshape(-1)
    for i in range(result.size):
        result[i] = fn(*(float(f[i]) for f in flat))
    return float(out) if out.ndim == 0 else out


def as_vector(values, what, dim=None):
    """VALUES as a C array of doubles (kept alive by the returned cdata)."""
    arr = np.ascontiguousarray(values, dtype=float).reshape(-1)
    if dim is not None and arr.size != dim:
        raise ValueError("%s has %d values, expected %d" % (what, arr.size, dim))
    return ffi.new("double[]", arr.tolist()), arr.size


def stop_name(stop):
    return text(lib.hf_stop_reason_name(stop))
