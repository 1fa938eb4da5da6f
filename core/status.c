/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/status.c — texts of hf_status codes, the hf_diag formatter, and
 * the one "unknown X 'name' (valid: ...)" message every registry of names
 * (optimisers, problems, test functions, damping models) gives.  Codes and
 * texts come from HF_STATUS_LIST in status.h so they agree.
 */
#include "hertzfit/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *hf_strerror(hf_status status)
{
    switch (status) {
#define HF_STATUS_TEXT(id, value, text, bad_input) case id: return text;
        HF_STATUS_LIST(HF_STATUS_TEXT)
#undef HF_STATUS_TEXT
    }
    return "unknown status";
}

int hf_status_is_bad_input(hf_status status)
{
    switch (status) {
#define HF_STATUS_BAD_INPUT(id, value, text, bad_input) case id: return bad_input;
        HF_STATUS_LIST(HF_STATUS_BAD_INPUT)
#undef HF_STATUS_BAD_INPUT
    }
    return 0;
}

hf_status hf_diag_set(hf_diag *diag, hf_status status, const char *fmt, ...)
{
    if (diag != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(diag->text, sizeof diag->text, fmt, ap);
        va_end(ap);
    }
    return status;
}

const char *hf_names_join(size_t count, hf_name_at_fn name_at, const void *ctx, char *buf,
                          size_t size)
{
    static const char more[] = ", ...";
    if (size == 0)
        return buf;
    buf[0] = '\0';
    if (count == 0) {
        snprintf(buf, size, "none");
        return buf;
    }
    /* Each name is written only when ", ..." still fits after it, so a
     * list cut short always says so. */
    size_t used = 0;
    for (size_t i = 0; i < count; ++i) {
        const char *name = name_at(i, ctx);
        name = name ? name : "";
        size_t len = strlen(name) + (i ? 2 : 0);
        size_t reserve = i + 1 < count ? sizeof more - 1 : 0;
        if (used + len + reserve > size - 1) {
            const char *tail = i ? more : more + 2;
            if (used + strlen(tail) <= size - 1)
                strcpy(buf + used, tail);
            break;
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", name);
    }
    return buf;
}

hf_status hf_unknown_name(const char *what, const char *given, size_t count,
                          hf_name_at_fn name_at, const void *ctx, hf_diag *diag)
{
    if (diag != NULL) {
        int n = snprintf(diag->text, sizeof diag->text, "unknown %s '%s' (valid: ", what,
                         given ? given : "");
        size_t used = n > 0 && (size_t)n < sizeof diag->text ? (size_t)n : sizeof diag->text - 1;
        /* the list, then the closing parenthesis, within the diag */
        if (used + 2 < sizeof diag->text) {
            hf_names_join(count, name_at, ctx, diag->text + used, sizeof diag->text - used - 1);
            strcat(diag->text, ")");
        }
    }
    return HF_ENOTFOUND;
}

#include <gsl/gsl_errno.h>
#include "core/status_internal.h"
#include "core/file.h"

void hf_library_init(void)
{
    gsl_set_error_handler_off();
}

/* The library's own registry of temporaries (core/file.c, compiled into the
 * library and, separately, into the program's utility library): this file
 * is the library's only, so the call reaches the library's copy. */
void hf_library_remove_temporaries(void)
{
    hf_atomic_remove_temporaries();
}

int hf_name_is_plain(const char *name, size_t max_len)
{
    if (name == NULL || name[0] == '\0' || strlen(name) > max_len)
        return 0;
    for (const char *c = name; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '_' || *c == '-' || *c == '.' || *c == '+'))
            return 0;
    return 1;
}
