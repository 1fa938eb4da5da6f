/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/status_internal.h — the name check of core/status.c that only the
 * library (and its tests) call; hertzfit/status.h has the rest.
 */
#ifndef HERTZFIT_CORE_STATUS_INTERNAL_H
#define HERTZFIT_CORE_STATUS_INTERNAL_H

#include <stddef.h>
#include "hertzfit/status.h"

/* 1 when NAME is 1 to MAX_LEN characters of letters, digits, '_', '-', '.'
 * and '+': a name that is one CSV cell, one list item and one folder name
 * (what a user's optimiser or problem may be called). */
int hf_name_is_plain(const char *name, size_t max_len);

#endif
