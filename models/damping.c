/*
 * models/damping.c — the catalogue of published damping models, h_r(c_r)
 * with h_r = C δ̇⁻/K (Table 1 of Safaeifar & Farshidianfar 2020 and of
 * Sheikhi Azqandi & Safaeifar 2023).  One table holds name, formula,
 * reference and the function, so the three cannot drift apart.
 */
#include "hertzfit/damping.h"

#include <math.h>
#include <string.h>

#include "hertzfit/profile.h"
#include "hertzfit/restitution.h"

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
    return hf_restitution_hr_exact(c, h);
}

/* Eq. 55: h = 2 (1 − c) / (5 I(a,b) c). */
static hf_status profile(double c, const double *ab, double *h)
{
    if (ab == NULL)
        return HF_EINVAL;
    double integral;
    hf_status st = hf_profile_integral(ab[0], ab[1], &integral);
    if (st != HF_OK)
        return st;
    *h = hf_profile_k0_from_integral(integral) * (1.0 - c) / c;
    return HF_OK;
}

static const catalogue_entry catalogue[] = {
    {{"hunt-crossley", "3(1-c)/2",
      "Hunt & Crossley, J Appl Mech 42 (1975) 440-445", 0}, hunt_crossley},
    {{"lankarani-nikravesh", "3(1-c^2)/4",
      "Lankarani & Nikravesh, J Mech Des 112 (1990) 369-376", 0}, lankarani_nikravesh},
    {{"flores", "8(1-c)/(5c)",
      "Flores, Machado, Silva & Martins, Multibody Syst Dyn 25 (2011) 357-375", 0}, flores},
    {{"gharib-hurmuzlu", "1/c",
      "Gharib & Hurmuzlu, J Comput Nonlinear Dyn 7 (2012) 041005", 0}, gharib_hurmuzlu},
    {{"hu-guo", "3(1-c)/(2c)",
      "Hu & Guo, Mech Mach Theory 85 (2015) 126-136", 0}, hu_guo},
    {{"safaeifar-farshidianfar", "5(1-c)/(4c)",
      "Safaeifar & Farshidianfar, Multibody Syst Dyn 50 (2020) 233-257, Eq. 59", 0},
     safaeifar_farshidianfar},
    {{"icaco", "200(1-c)/(159c)",
      "Sheikhi Azqandi & Safaeifar, ICACO optimal model (2023), Eq. 28", 0}, icaco_optimal},
    {{"exact", "root of h(1+c) = ln((1+h)/(1-ch))",
      "Zhang & Sharf (2009); Safaeifar & Farshidianfar (2020), Eq. 39", 0}, exact},
    {{"profile", "2(1-c)/(5 I(a,b) c), I = B(5/(2a), 1+1/b)/a",
      "Safaeifar & Farshidianfar (2020), Eqs. 42-55", 1}, profile},
};

#define CATALOGUE_SIZE (sizeof catalogue / sizeof catalogue[0])

size_t hf_damping_count(void) { return CATALOGUE_SIZE; }

const hf_damping_model *hf_damping_at(size_t index)
{
    return index < CATALOGUE_SIZE ? &catalogue[index].model : NULL;
}

const hf_damping_model *hf_damping_find(const char *name)
{
    for (size_t i = 0; name != NULL && i < CATALOGUE_SIZE; ++i)
        if (strcmp(catalogue[i].model.name, name) == 0)
            return &catalogue[i].model;
    return NULL;
}

static const char *model_name_at(size_t index, const void *ctx)
{
    (void)ctx;
    return catalogue[index].model.name;
}

hf_status hf_damping_lookup(const char *name, const hf_damping_model **model, hf_diag *diag)
{
    *model = hf_damping_find(name);
    if (*model == NULL)
        return hf_unknown_name("damping model", name, CATALOGUE_SIZE, model_name_at, NULL, diag);
    return HF_OK;
}

hf_status hf_damping_hr(const hf_damping_model *model, double c_r,
                        const double *profile_ab, double *h_r)
{
    if (model == NULL || h_r == NULL)
        return HF_EINVAL;
    if (!(c_r > 0.0 && c_r <= 1.0))
        return HF_EDOM;
    for (size_t i = 0; i < CATALOGUE_SIZE; ++i) {
        if (&catalogue[i].model != model)
            continue;
        double h;
        hf_status st = catalogue[i].hr(c_r, profile_ab, &h);
        /* c_r near the smallest double makes (1 - c)/c overflow. */
        if (st == HF_OK && !isfinite(h))
            return HF_ERANGE;
        if (st == HF_OK)
            *h_r = h;
        return st;
    }
    return HF_EINVAL;
}
