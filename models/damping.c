/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/damping.c — the catalogue of published damping models, h_r(c_r)
 * with h_r = C δ̇⁻/K (Table 1 of Safaeifar & Farshidianfar 2020 and of
 * Sheikhi Azqandi & Safaeifar 2023).  One table holds name, formula,
 * reference and the function, so the three cannot drift apart.
 */
#include "hertzfit/damping.h"

#include <math.h>
#include <string.h>

#include "hertzfit/impact.h"
#include "hertzfit/profile.h"

typedef hf_status (*hr_fn)(double c, const double *ab, double *h);

typedef struct catalogue_entry {
    hf_damping_model model;
    hr_fn hr;
} catalogue_entry;

static hf_status hunt_crossley(double c, const double *ab, double *h)
{
    (void)ab;
    *h = 1.5 * (1.0 - c);
    return HF_OK;
}

static hf_status lankarani_nikravesh(double c, const double *ab, double *h)
{
    (void)ab;
    *h = 0.75 * (1.0 - c * c);
    return HF_OK;
}

static hf_status flores(double c, const double *ab, double *h)
{
    (void)ab;
    *h = 1.6 * (1.0 - c) / c;
    return HF_OK;
}

static hf_status gharib_hurmuzlu(double c, const double *ab, double *h)
{
    (void)ab;
    *h = 1.0 / c;
    return HF_OK;
}

static hf_status hu_guo(double c, const double *ab, double *h)
{
    (void)ab;
    *h = 1.5 * (1.0 - c) / c;
    return HF_OK;
}

static hf_status safaeifar_farshidianfar(double c, const double *ab, double *h)
{
    (void)ab;
    *h = 1.25 * (1.0 - c) / c;
    return HF_OK;
}

static hf_status icaco_optimal(double c, const double *ab, double *h)
{
    (void)ab;
    *h = (200.0 / 159.0) * (1.0 - c) / c;
    return HF_OK;
}

static hf_status exact(double c, const double *ab, double *h)
{
    (void)ab;
    return hf_restitution_hr_exact(c, h, NULL);
}

/* Eq. 55: h = 2 (1 − c) / (5 I(a,b) c). */
static hf_status profile(double c, const double *ab, double *h)
{
    if (ab == NULL)
        return HF_EINVAL;
    double integral;
    hf_status st = hf_profile_integral(ab[0], ab[1], &integral, NULL);
    if (st != HF_OK)
        return st;
    *h = hf_profile_k0_from_integral(integral) * (1.0 - c) / c;
    return HF_OK;
}

/* Poursina & Nikravesh's f = K δ^n + μ δ δ̇ (extended abstract, Eq. 9):
 * h_r = μ v⁻ δ_H^{1−n}/K by simulation with its residual deformation, at
 * the catalogue's n = 3/2. */
static hf_status poursina_residual(double c, const double *ab, double *h)
{
    (void)ab;
    return hf_impact_residual_h(1.5, c, h, NULL);
}

static const catalogue_entry catalogue[] = {
    {{HF_DAMPING_HUNT_CROSSLEY, "hunt-crossley", "3(1-c)/2",
      "Hunt & Crossley, J Appl Mech 42 (1975) 440-445", 0}, hunt_crossley},
    {{HF_DAMPING_LANKARANI_NIKRAVESH, "lankarani-nikravesh", "3(1-c^2)/4",
      "Lankarani & Nikravesh, J Mech Des 112 (1990) 369-376", 0}, lankarani_nikravesh},
    {{HF_DAMPING_FLORES, "flores", "8(1-c)/(5c)",
      "Flores, Machado, Silva & Martins, Multibody Syst Dyn 25 (2011) 357-375", 0}, flores},
    {{HF_DAMPING_GHARIB_HURMUZLU, "gharib-hurmuzlu", "1/c",
      "Gharib & Hurmuzlu, J Comput Nonlinear Dyn 7 (2012) 041005", 0}, gharib_hurmuzlu},
    {{HF_DAMPING_HU_GUO, "hu-guo", "3(1-c)/(2c)",
      "Hu & Guo, Mech Mach Theory 85 (2015) 126-136", 0}, hu_guo},
    {{HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR, "safaeifar-farshidianfar", "5(1-c)/(4c)",
      "Safaeifar & Farshidianfar, Multibody Syst Dyn 50 (2020) 233-257, Eq. 59", 0},
     safaeifar_farshidianfar},
    {{HF_DAMPING_ICACO, "icaco", "200(1-c)/(159c)",
      "Sheikhi Azqandi & Safaeifar, ICACO optimal model (2023), Eq. 28", 0}, icaco_optimal},
    {{HF_DAMPING_EXACT, "exact", "root of h(1+c) = ln((1+h)/(1-ch))",
      "Zhang & Sharf (2009); Safaeifar & Farshidianfar (2020), Eq. 39", 0}, exact},
    {{HF_DAMPING_PROFILE, "profile", "2(1-c)/(5 I(a,b) c), I = B(5/(2a), 1+1/b)/a",
      "Safaeifar & Farshidianfar (2020), Eqs. 42-55", 1}, profile},
    {{HF_DAMPING_POURSINA_RESIDUAL, "poursina-residual",
      "root of e_out(h) = c, f = K d^n + mu d d', n = 3/2",
      "Poursina & Nikravesh, extended abstract, Eq. 9", 0}, poursina_residual},
};

#define CATALOGUE_SIZE (sizeof catalogue / sizeof catalogue[0])

/* The table is indexed by the enum: one entry per id, in its order. */
_Static_assert(CATALOGUE_SIZE == HF_DAMPING_COUNT, "one catalogue entry per hf_damping_id");

const hf_damping_model *hf_damping_at(hf_damping_id id)
{
    return (unsigned)id < CATALOGUE_SIZE ? &catalogue[id].model : NULL;
}

static const char *model_name_at(size_t index, const void *ctx)
{
    (void)ctx;
    return catalogue[index].model.name;
}

hf_status hf_damping_lookup(const char *name, hf_damping_id *id, hf_diag *diag)
{
    for (size_t i = 0; name != NULL && i < CATALOGUE_SIZE; ++i)
        if (strcmp(catalogue[i].model.name, name) == 0) {
            *id = catalogue[i].model.id;
            return HF_OK;
        }
    return hf_unknown_name("damping model", name, CATALOGUE_SIZE, model_name_at, NULL, diag);
}

hf_status hf_damping_hr(hf_damping_id id, double c_r, const double *profile_ab, double *h_r,
                        hf_diag *diag)
{
    const hf_damping_model *model = hf_damping_at(id);
    if (model == NULL || h_r == NULL)
        return hf_diag_set(diag, HF_EINVAL, "unknown damping model %d or no output", (int)id);
    if (!(c_r > 0.0 && c_r <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "model '%s': c_r = %g is outside (0, 1]", model->name,
                           c_r);
    if (model->needs_profile && profile_ab == NULL)
        return hf_diag_set(diag, HF_EINVAL, "model '%s' needs the profile exponents (a, b)",
                           model->name);
    double h;
    hf_status st = catalogue[id].hr(c_r, profile_ab, &h);
    /* c_r near the smallest double makes (1 - c)/c overflow. */
    if (st == HF_OK && !isfinite(h))
        st = HF_ERANGE;
    if (st != HF_OK)
        return hf_diag_set(diag, st, "model '%s' at c_r = %g: %s", model->name, c_r,
                           hf_strerror(st));
    *h_r = h;
    return HF_OK;
}
