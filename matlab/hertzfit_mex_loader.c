/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * matlab/hertzfit_mex_loader.c — the MEX file itself (hertzfit_mex.mex):
 * it loads the gateway (hertzfit_mex_impl.so, matlab/hertzfit_mex.c, in
 * its own folder) with RTLD_DEEPBIND and forwards every call to it.
 *
 * Why: Octave and MATLAB link their own BLAS (OpenBLAS, MKL), whose
 * cblas_* functions are global in their process.  GSL calls CBLAS (the
 * QR behind the Maxwell full fit's standard errors, linear least
 * squares), and loaded plainly it would bind to the host's BLAS, whose
 * sums round differently from GSL's own CBLAS that the program uses, so a
 * result could differ from the program's in its last bits.  Loaded with
 * RTLD_DEEPBIND, the gateway, libhertzfit and GSL resolve their symbols in
 * their own dependencies first (GSL's CBLAS), and the mx and mex functions,
 * which only the host defines, in the host.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "mex.h"

typedef void gateway_fn(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

static gateway_fn *load_gateway(char *why, size_t size)
{
    static char anchor;
    Dl_info info;
    char path[4096];
    if (dladdr(&anchor, &info) == 0 || info.dli_fname == NULL) {
        snprintf(why, size, "cannot locate hertzfit_mex itself");
        return NULL;
    }
    snprintf(path, sizeof path, "%s", info.dli_fname);
    char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(path + dir, sizeof path - dir, "hertzfit_mex_impl.so");
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND); /* kept for the process */
    if (lib == NULL) {
        snprintf(why, size, "%s", dlerror());
        return NULL;
    }
    gateway_fn *fn = NULL;
    void *sym = dlsym(lib, "hertzfit_mex_gateway");
    memcpy(&fn, &sym, sizeof fn); /* POSIX: an object pointer holding a function's address */
    if (fn == NULL)
        snprintf(why, size, "%s has no hertzfit_mex_gateway", path);
    return fn;
}

void mexFunction(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
    static gateway_fn *gateway = NULL;
    if (gateway == NULL) {
        char why[4200];
        gateway = load_gateway(why, sizeof why);
        if (gateway == NULL)
            mexErrMsgIdAndTxt("hertzfit:load", "hertzfit_mex: cannot load the gateway: %s", why);
    }
    gateway(nlhs, plhs, nrhs, prhs);
}
