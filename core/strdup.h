/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/strdup.h — the one copy of a C string the library makes (private to
 * the library; every library folder may include it).  C11 has no strdup
 * (POSIX and C23 do), so the library copies text here rather than in a
 * helper of each module.
 */
#ifndef HERTZFIT_CORE_STRDUP_H
#define HERTZFIT_CORE_STRDUP_H

#include <stdlib.h>
#include <string.h>

/* A malloc'ed copy of TEXT (the caller frees it), or NULL when out of memory. */
static inline char *hf_strdup(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n); /* owned by the caller */
    if (copy != NULL)
        memcpy(copy, text, n);
    return copy;
}

#endif
