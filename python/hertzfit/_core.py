"""What every module of the package shares: the C library, its errors as
exceptions, exceptions raised inside Python callbacks, and element-wise calls
over NumPy arrays."""
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
    (chained to the library's error), else Error for a failing status."""
    raise_pending(status, diag)
    if status != lib.HF_OK:
        message = text(diag.text) if diag is not None else ""
        raise Error(status, message or text(lib.hf_strerror(status)))


# Exceptions raised by Python code the library called back (an objective, an
# optimiser), possibly on an OpenMP thread; one is re-raised by the Python
# call that started the C call: the one of the run with the lowest
# (seed, stream), so that it does not depend on which thread raised first;
# among exceptions without a run, the first.
_pending_lock = threading.Lock()
_pending = []


def add_pending(exc, run_key=None):
    """Keeps EXC; RUN_KEY orders it among the others ((seed, stream) of its
    run, or None: after every keyed one, in the order raised)."""
    with _pending_lock:
        _pending.append(((0, run_key) if run_key is not None else (1, ()), len(_pending), exc))


def raise_pending(status=None, diag=None):
    with _pending_lock:
        if not _pending:
            return
        exc = min(_pending, key=lambda p: p[:2])[2]
        _pending.clear()
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
    return name.encode("utf-8")


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
