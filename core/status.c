/*
 * core/status.c — texts of hf_status codes and the hf_diag formatter.
 * Both come from HF_STATUS_LIST in status.h so codes and messages agree.
 */
#include "hertzfit/status.h"

#include <stdarg.h>
#include <stdio.h>

const char *hf_strerror(hf_status status)
{
    switch (status) {
#define HF_STATUS_TEXT(id, value, text) case id: return text;
        HF_STATUS_LIST(HF_STATUS_TEXT)
#undef HF_STATUS_TEXT
    }
    return "unknown status";
}

const char *hf_status_name(hf_status status)
{
    switch (status) {
#define HF_STATUS_ID(id, value, text) case id: return #id;
        HF_STATUS_LIST(HF_STATUS_ID)
#undef HF_STATUS_ID
    }
    return "HF_UNKNOWN";
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

#include <gsl/gsl_errno.h>

void hf_library_init(void)
{
    gsl_set_error_handler_off();
}
