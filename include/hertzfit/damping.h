/*
 * hertzfit/damping.h — the catalogue of published hysteresis-damping models.
 *
 * Each model gives the damping ratio h_r = C δ̇⁻ / K as a function of the
 * restitution coefficient c_r (Table 1 of Safaeifar & Farshidianfar 2020 and
 * of Sheikhi Azqandi & Safaeifar 2023).  One member has a different force
 * law: Poursina & Nikravesh's f = K δ^n + μ δ δ̇ with residual deformation
 * (extended abstract, Eq. 9), whose h_r = μ δ̇⁻ δ_H^{1−n}/K is found by
 * simulating its impact at n = 3/2 (hf_impact_residual_h).  In the library a model is an
 * enum, hf_damping_id; its name, a stable identifier used on the command
 * line and in output files, is only for the user: hf_damping_lookup turns
 * a name into the id.
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_diag diag = {{0}};
 * hf_damping_id model;
 * double h;
 * if (hf_damping_lookup("hunt-crossley", &model, &diag) != HF_OK ||
 *     hf_damping_hr(model, 0.5, NULL, &h, &diag) != HF_OK)
 *     return 1;
 * // Hunt & Crossley: h_r = 3(1 - c_r)/2
 * return h == 0.75 && strcmp(hf_damping_at(model)->name, "hunt-crossley") == 0 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_DAMPING_H
#define HERTZFIT_DAMPING_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The models, in catalogue order. */
typedef enum hf_damping_id {
    HF_DAMPING_HUNT_CROSSLEY,            /* "hunt-crossley" */
    HF_DAMPING_LANKARANI_NIKRAVESH,      /* "lankarani-nikravesh" */
    HF_DAMPING_FLORES,                   /* "flores" */
    HF_DAMPING_GHARIB_HURMUZLU,          /* "gharib-hurmuzlu" */
    HF_DAMPING_HU_GUO,                   /* "hu-guo" */
    HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR,  /* "safaeifar-farshidianfar" */
    HF_DAMPING_ICACO,                    /* "icaco" */
    HF_DAMPING_EXACT,                    /* "exact": the root of Eq. 39 */
    HF_DAMPING_PROFILE,                  /* "profile": needs (a, b) */
    HF_DAMPING_POURSINA_RESIDUAL,        /* "poursina-residual": its own law,
                                            f = K δ^n + μ δ δ̇ (hertzfit/impact.h) */
    HF_DAMPING_COUNT
} hf_damping_id;

typedef struct hf_damping_model {
    hf_damping_id id;
    const char *name;       /* "hunt-crossley", ..., "exact", "profile" */
    const char *formula;    /* h_r(c_r) as text */
    const char *reference;  /* citation */
    int needs_profile;      /* 1 for "profile": needs (a, b) */
} hf_damping_model;

/* The catalogue entry of ID, or NULL when ID is not below
 * HF_DAMPING_COUNT. */
const hf_damping_model *hf_damping_at(hf_damping_id id);

/* The model named NAME into *id, or HF_ENOTFOUND with the diag listing
 * every valid name (hf_unknown_name). */
hf_status hf_damping_lookup(const char *name, hf_damping_id *id, hf_diag *diag);

/* h_r of model ID for c_r in (0, 1].  profile_ab = {a, b} for
 * HF_DAMPING_PROFILE and is ignored (may be NULL) for the others.  HF_EDOM
 * for c_r outside (0, 1], or a, b not positive; HF_EINVAL for an unknown
 * id or HF_DAMPING_PROFILE without profile_ab; HF_ERANGE when h_r is not
 * representable (c_r near the smallest double); the diag names the model
 * and the value. */
hf_status hf_damping_hr(hf_damping_id id, double c_r, const double *profile_ab, double *h_r,
                        hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
