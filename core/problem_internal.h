/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/problem_internal.h — the check of an hf_problem (hertzfit/problem.h)
 * that the optimisers run before they start.
 */
#ifndef HERTZFIT_CORE_PROBLEM_INTERNAL_H
#define HERTZFIT_CORE_PROBLEM_INTERNAL_H

#include "hertzfit/problem.h"

/* HF_EINVAL for dim 0 or a NULL callback, HF_EDOM for non-finite bounds,
 * HF_EBOUNDS when some lower[i] >= upper[i] (the diag names i and values). */
hf_status hf_problem_check(const hf_problem *problem, hf_diag *diag);

#endif
