/*
 * hertzfit/damping.h — the catalogue of published hysteresis-damping models.
 *
 * Each model gives the damping ratio h_r = C δ̇⁻ / K as a function of the
 * restitution coefficient c_r (Table 1 of Safaeifar & Farshidianfar 2020 and
 * of Sheikhi Azqandi & Safaeifar 2023).  Names are stable identifiers used
 * on the command line and in output files.
 */
#ifndef HERTZFIT_DAMPING_H
#define HERTZFIT_DAMPING_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_damping_model {
    const char *name;       /* "hunt-crossley", ..., "exact", "profile" */
    const char *formula;    /* h_r(c_r) as text */
    const char *reference;  /* citation */
    int needs_profile;      /* 1 for "profile": needs (a, b) */
} hf_damping_model;

/* Models in catalogue order; index < hf_damping_count(). */
size_t hf_damping_count(void);
const hf_damping_model *hf_damping_at(size_t index);

/* NULL for an unknown name. */
const hf_damping_model *hf_damping_find(const char *name);

/* The model NAME into *model, or HF_ENOTFOUND with the diag listing every
 * valid name (hf_unknown_name). */
hf_status hf_damping_lookup(const char *name, const hf_damping_model **model, hf_diag *diag);

/* h_r for c_r in (0, 1].  profile_ab = {a, b} for the "profile" model and is
 * ignored (may be NULL) for the others.  HF_EDOM for c_r outside (0, 1], or
 * a, b not positive; HF_EINVAL for "profile" without profile_ab; HF_ERANGE
 * when h_r is not representable (c_r near the smallest double). */
hf_status hf_damping_hr(const hf_damping_model *model, double c_r,
                        const double *profile_ab, double *h_r);

#ifdef __cplusplus
}
#endif
#endif
