/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/registry.c — the list of algorithm tables.  Adding an
 * algorithm to hertzfit means writing its file with one `hf_algorithm`
 * table and adding one line here; no other code knows the algorithm's
 * name.  A user's algorithms join after these at run time
 * (hf_optimizer_register, hertzfit/algorithm.h).
 */
#include "optimizers/optimizer_internal.h"

#include <math.h>
#include <string.h>
#include "core/status_internal.h"

extern const hf_algorithm hf_algorithm_ica;
extern const hf_algorithm hf_algorithm_icaco;
extern const hf_algorithm hf_algorithm_random;
extern const hf_algorithm hf_algorithm_nlopt;
extern const hf_algorithm hf_algorithm_pagmo_cmaes;
extern const hf_algorithm hf_algorithm_pagmo_xnes;
extern const hf_algorithm hf_algorithm_pagmo_sade;
extern const hf_algorithm hf_algorithm_pagmo_de1220;
extern const hf_algorithm hf_algorithm_pagmo_pso;
extern const hf_algorithm hf_algorithm_pagmo_bee_colony;
extern const hf_algorithm hf_algorithm_restart;

static const hf_algorithm *const registry[] = {
    &hf_algorithm_ica,
    &hf_algorithm_icaco,
    &hf_algorithm_random,
    &hf_algorithm_nlopt,
    &hf_algorithm_pagmo_cmaes,
    &hf_algorithm_pagmo_xnes,
    &hf_algorithm_pagmo_sade,
    &hf_algorithm_pagmo_de1220,
    &hf_algorithm_pagmo_pso,
    &hf_algorithm_pagmo_bee_colony,
    &hf_algorithm_restart,
};

#define BUILT_IN (sizeof registry / sizeof registry[0])

/* The user's algorithms, in the order they were registered. */
static const hf_algorithm *registered[HF_ALGORITHM_REGISTER_MAX];
static size_t n_registered;

size_t hf_algorithm_count(void) { return BUILT_IN + n_registered; }

int hf_algorithm_is_users(const hf_algorithm *a)
{
    for (size_t i = 0; i < n_registered; ++i)
        if (registered[i] == a)
            return 1;
    return 0;
}

const hf_algorithm *hf_algorithm_at(size_t index)
{
    if (index < BUILT_IN)
        return registry[index];
    return index < hf_algorithm_count() ? registered[index - BUILT_IN] : NULL;
}

/* Whether NAME is an algorithm's already, or a name a family resolves. */
static int name_taken(const char *name)
{
    for (size_t i = 0; i < hf_algorithm_count(); ++i) {
        const hf_algorithm *b = hf_algorithm_at(i);
        if (strcmp(b->name, name) == 0 ||
            (b->resolve != NULL && strncmp(b->name, name, strlen(b->name)) == 0))
            return 1;
    }
    return 0;
}

/* A's parameter table: plain keys, defaults within [min, max], whole
 * defaults for integer parameters. */
static hf_status check_params(const hf_algorithm *a, hf_diag *diag)
{
    if (a->nparams > 0 && a->params == NULL)
        return hf_diag_set(diag, HF_EINVAL, "algorithm '%s': %zu parameters but no table",
                           a->name, a->nparams);
    for (size_t j = 0; j < a->nparams; ++j) {
        const hf_param_spec *p = &a->params[j];
        if (!hf_name_is_plain(p->key, 64) || !(p->min <= p->def && p->def <= p->max) ||
            (p->integer && p->def != floor(p->def)))
            return hf_diag_set(diag, HF_EINVAL, "algorithm '%s': parameter %zu ('%.40s') "
                               "needs a plain key and a default within [min, max]",
                               a->name, j, p->key ? p->key : "");
    }
    return HF_OK;
}

hf_status hf_optimizer_register(const hf_algorithm *a, hf_diag *diag)
{
    if (a == NULL || a->run == NULL || a->resolve != NULL)
        return hf_diag_set(diag, HF_EINVAL, "an algorithm to register needs a run function "
                           "and no family resolver");
    if (!hf_name_is_plain(a->name, 64))
        return hf_diag_set(diag, HF_EINVAL, "algorithm name '%.80s' must be 1 to 64 of "
                           "letters, digits, '_', '-', '.', '+'", a->name ? a->name : "");
    if (name_taken(a->name))
        return hf_diag_set(diag, HF_EEXIST, "optimizer '%s' already exists", a->name);
    hf_status st = check_params(a, diag);
    if (st != HF_OK)
        return st;
    if (a->default_max_iters == 0 && a->default_max_evals == 0)
        return hf_diag_set(diag, HF_EINVAL, "algorithm '%s' needs a default budget "
                           "(default_max_iters or default_max_evals)", a->name);
    if (n_registered == HF_ALGORITHM_REGISTER_MAX)
        return hf_diag_set(diag, HF_ERANGE, "more than %d registered algorithms",
                           HF_ALGORITHM_REGISTER_MAX);
    registered[n_registered++] = a;
    return HF_OK;
}
