// SPDX-License-Identifier: GPL-3.0-or-later
/*
 * core/provenance.c — the "key = value" record of what a result was made
 * from (hertzfit/status.h): version and git hash of the library, options,
 * input files with their SHA-256 (core/file.h, OpenSSL's libcrypto).
 */
#include "hertzfit/status.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/file.h"
#include "core/provenance.h"
#include "core/strdup.h"
#include "hertzfit/version.h"

struct hf_provenance {
    size_t n, cap;
    char **key, **value;  /* n entries each (owned) */
};

void hf_provenance_free(hf_provenance *p)
{
    if (p == NULL)
        return;
    for (size_t i = 0; i < p->n; ++i) {
        free(p->key[i]);
        free(p->value[i]);
    }
    free(p->key);
    free(p->value);
    free(p);
}

hf_status hf_provenance_alloc(hf_provenance **out, hf_diag *diag)
{
    *out = NULL;
    hf_provenance *p = calloc(1, sizeof *p); /* the caller's */
    if (p == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = hf_provenance_set(p, "hertzfit_version", HERTZFIT_VERSION, diag);
    if (st == HF_OK)
        st = hf_provenance_set(p, "git_hash", HERTZFIT_GIT_HASH, diag);
    if (st != HF_OK) {
        hf_provenance_free(p);
        return st;
    }
    *out = p;
    return HF_OK;
}

/* A letter, then letters, digits and '_': a field name in every binding. */
static int is_identifier(const char *key)
{
    if (key == NULL || !isalpha((unsigned char)key[0]))
        return 0;
    for (const char *c = key; *c != '\0'; ++c)
        if (!isalnum((unsigned char)*c) && *c != '_')
            return 0;
    return 1;
}

/* Room for one more entry. */
static int grow(hf_provenance *p)
{
    if (p->n < p->cap)
        return 1;
    size_t cap = p->cap ? 2 * p->cap : 16;
    char **k = realloc(p->key, cap * sizeof *k); /* owned by p */
    if (k == NULL)
        return 0;
    p->key = k;
    char **v = realloc(p->value, cap * sizeof *v); /* owned by p */
    if (v == NULL)
        return 0;
    p->value = v;
    p->cap = cap;
    return 1;
}

hf_status hf_provenance_set(hf_provenance *p, const char *key, const char *value,
                            hf_diag *diag)
{
    if (p == NULL || !is_identifier(key) || value == NULL || strpbrk(value, "\r\n") != NULL)
        return hf_diag_set(diag, HF_EINVAL, "provenance: '%s' is not a key (a letter, then "
                           "letters, digits, '_') or its value is missing or breaks a line",
                           key ? key : "(null)");
    char *copy = hf_strdup(value); /* owned by p */
    if (copy == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < p->n; ++i)
        if (strcmp(p->key[i], key) == 0) {
            free(p->value[i]);
            p->value[i] = copy;
            return HF_OK;
        }
    char *k = hf_strdup(key); /* owned by p */
    if (k == NULL || !grow(p)) {
        free(k);
        free(copy);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    p->key[p->n] = k;
    p->value[p->n++] = copy;
    return HF_OK;
}

hf_status hf_provenance_set_number(hf_provenance *p, const char *key, double value,
                                   hf_diag *diag)
{
    /* the shortest of %.15g .. %.17g that reads back as VALUE: 9.80665, not
     * 9.8066499999999994, and still every bit */
    char text[40];
    for (int digits = 15; digits <= 17; ++digits) {
        snprintf(text, sizeof text, "%.*g", digits, value);
        if (strtod(text, NULL) == value)
            break;
    }
    return hf_provenance_set(p, key, text, diag);
}

hf_status hf_provenance_set_file(hf_provenance *p, const char *key, const char *path,
                                 hf_diag *diag)
{
    char hex[HF_FILE_SHA256_HEX], hash_key[256];
    if (key == NULL || strlen(key) + sizeof "_sha256" > sizeof hash_key)
        return hf_diag_set(diag, HF_EINVAL, "provenance: no key, or a key too long");
    snprintf(hash_key, sizeof hash_key, "%s_sha256", key);
    hf_status st = hf_file_sha256(path, 0, hex, diag);
    if (st == HF_OK)
        st = hf_provenance_set(p, key, path, diag);
    if (st == HF_OK)
        st = hf_provenance_set(p, hash_key, hex, diag);
    return st;
}

size_t hf_provenance_count(const hf_provenance *p) { return p != NULL ? p->n : 0; }

const char *hf_provenance_key(const hf_provenance *p, size_t i)
{
    return p != NULL && i < p->n ? p->key[i] : NULL;
}

const char *hf_provenance_value(const hf_provenance *p, size_t i)
{
    return p != NULL && i < p->n ? p->value[i] : NULL;
}
