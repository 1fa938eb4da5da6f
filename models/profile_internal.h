/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/profile_internal.h — the inverse of hf_profile_k0_from_integral
 * (hertzfit/profile.h), which only the library and its tests call.
 */
#ifndef HERTZFIT_MODELS_PROFILE_INTERNAL_H
#define HERTZFIT_MODELS_PROFILE_INTERNAL_H

#include "hertzfit/profile.h"

double hf_profile_integral_from_k0(double k0);

#endif
