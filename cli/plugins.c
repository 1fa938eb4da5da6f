/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plugins.c — loading plug-ins (hertzfit/plugin.h) named in option
 * lists: "plugin:PATH[:NAME]" among optimisers, "plugin:PATH:NAME[:DIM]"
 * among problems.  PATH is everything up to the first ".so" followed by
 * ':' or the end.  A plug-in is loaded once (dlopen, its entry point, the
 * ABI check), all its algorithms and problems are registered with the
 * library, and the list item is replaced by the plain name, which the rest
 * of the program then uses as any other.  Loaded objects stay open until
 * hfc_plugins_close.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/plugin.h"

#define MAX_PLUGINS 16

typedef struct loaded {
    char *path;
    void *handle;
    const hf_plugin *plugin;
} loaded;

static loaded plugins[MAX_PLUGINS];
static size_t n_plugins;
static const char *paths[MAX_PLUGINS];

/* Splits "plugin:PATH[:REST]" into PATH and REST (NULL when absent);
 * 0 when ITEM is no plug-in item, -1 when it has no ".so". */
static int split_item(const char *item, char *path, size_t cap, const char **rest)
{
    static const char prefix[] = "plugin:";
    if (strncmp(item, prefix, sizeof prefix - 1) != 0)
        return 0;
    const char *p = item + sizeof prefix - 1;
    for (const char *so = strstr(p, ".so"); so != NULL; so = strstr(so + 1, ".so")) {
        const char *end = so + 3;
        if (*end == '\0' || *end == ':') {
            if ((size_t)(end - p) >= cap)
                return -1;
            memcpy(path, p, (size_t)(end - p));
            path[end - p] = '\0';
            *rest = *end == ':' ? end + 1 : NULL;
            return 1;
        }
    }
    return -1;
}

/* The plug-in at PATH, loaded and registered now or before; NULL after one
 * error line (its exit code in *rc). */
/* Every optimiser and problem of PLUGIN into the registries. */
static hf_status register_entries(const hf_plugin *plugin, hf_diag *diag)
{
    hf_status st = HF_OK;
    for (size_t i = 0; i < plugin->n_algorithms && st == HF_OK; ++i)
        st = hf_optimizer_register(plugin->algorithms[i], diag);
    for (size_t i = 0; i < plugin->n_problems && st == HF_OK; ++i)
        st = hf_bench_problem_register(plugin->problems[i], diag);
    return st;
}

static const hf_plugin *load(const char *command, const char *option, const char *path,
                             int *rc)
{
    for (size_t i = 0; i < n_plugins; ++i)
        if (strcmp(plugins[i].path, path) == 0)
            return plugins[i].plugin;
    if (n_plugins == MAX_PLUGINS) {
        *rc = hfc_fail(command, "%s: more than %d plug-ins", option, MAX_PLUGINS);
        return NULL;
    }
    /* a path without '/' would be searched in the system's library path */
    char resolved[4096];
    snprintf(resolved, sizeof resolved, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        *rc = hfc_fail(command, "%s: cannot load plug-in '%s': %s", option, path,
                       why ? why : "unknown error");
        return NULL;
    }
    hfc_signals_watch_exit();
    hf_plugin_entry_fn entry;
    /* POSIX's way from a data pointer to a function pointer */
    *(void **)(&entry) = dlsym(handle, HF_PLUGIN_ENTRY);
    const hf_plugin *plugin = entry ? entry() : NULL;
    if (entry == NULL || plugin == NULL) {
        *rc = hfc_fail(command, "%s: '%s' has no plug-in entry point '%s'", option, path,
                       HF_PLUGIN_ENTRY);
        dlclose(handle);
        return NULL;
    }
    if (plugin->abi != HF_PLUGIN_ABI) {
        *rc = hfc_fail(command, "%s: plug-in '%s' was built for plug-in ABI %d; this hertzfit "
                       "reads ABI %d (rebuild it against this hertzfit/plugin.h)", option, path,
                       plugin->abi, HF_PLUGIN_ABI);
        dlclose(handle);
        return NULL;
    }
    hf_diag diag = {{0}};
    if (register_entries(plugin, &diag) != HF_OK) {
        *rc = hfc_fail(command, "%s: plug-in '%s': %s", option, path, diag.text);
        return NULL;   /* what registered stays: the handle stays open */
    }
    plugins[n_plugins] = (loaded){strdup(path), handle, plugin};
    if (plugins[n_plugins].path == NULL) {
        *rc = hfc_fail(command, "out of memory");
        return NULL;
    }
    paths[n_plugins] = plugins[n_plugins].path;
    ++n_plugins;
    return plugin;
}

/* NAMES of the plug-in's algorithms or problems, comma-separated, for a
 * message. */
static void list_names(const hf_plugin *plugin, int problems, char *buf, size_t cap)
{
    size_t n = problems ? plugin->n_problems : plugin->n_algorithms;
    buf[0] = '\0';
    for (size_t i = 0; i < n; ++i) {
        const char *name = problems ? plugin->problems[i]->name : plugin->algorithms[i]->name;
        if (strlen(buf) + strlen(name) + 3 < cap)
            strcat(strcat(buf, i ? ", " : ""), name);
    }
    if (n == 0)
        snprintf(buf, cap, "none");
}

/* Replaces ITEMS[K] (owned, malloc'ed) by TEXT. */
static int replace_item(const char *command, char **items, size_t k, const char *text)
{
    char *copy = strdup(text);
    if (copy == NULL)
        return hfc_fail(command, "out of memory");
    free(items[k]);
    items[k] = copy;
    return 0;
}

/* Whether PLUGIN has a problem (PROBLEMS) or an optimiser called NAME. */
static int has_entry(const hf_plugin *plugin, int problems, const char *name)
{
    size_t count = problems ? plugin->n_problems : plugin->n_algorithms;
    int found = 0;
    for (size_t i = 0; i < count; ++i)
        found |= strcmp(problems ? plugin->problems[i]->name : plugin->algorithms[i]->name,
                        name) == 0;
    return found;
}

/* What plugin:PATH without a name means: the plug-in's one optimiser
 * (into *NAME); a problem always needs its name. */
static int unnamed_entry(const char *command, const char *option, const char *path,
                         const hf_plugin *plugin, int problems, const char *names,
                         const char **name)
{
    if (problems)
        return hfc_fail(command, "%s: plugin:%s needs :NAME[:DIM] (its problems: %s)",
                        option, path, names);
    if (plugin->n_algorithms != 1)
        return hfc_fail(command, "%s: plug-in '%s' has %zu optimizers (%s): name one "
                        "as plugin:%s:NAME", option, path, plugin->n_algorithms, names, path);
    *name = plugin->algorithms[0]->name;
    return 0;
}

static int resolve(const char *command, const char *option, char **items, size_t n,
                   int problems)
{
    for (size_t k = 0; k < n; ++k) {
        char path[4096];
        const char *rest = NULL;
        int kind = split_item(items[k], path, sizeof path, &rest);
        if (kind == 0)
            continue;
        if (kind < 0)
            return hfc_fail(command, "%s: '%s' is not plugin:PATH.so%s", option, items[k],
                            problems ? ":NAME[:DIM]" : "[:NAME]");
        int rc = 0;
        const hf_plugin *plugin = load(command, option, path, &rc);
        if (plugin == NULL)
            return rc;
        char names[512];
        list_names(plugin, problems, names, sizeof names);
        const char *name = rest;
        char family[128] = "";
        if (problems && rest != NULL)
            snprintf(family, sizeof family, "%.*s", (int)strcspn(rest, ":"), rest);
        if (rest == NULL &&
            (rc = unnamed_entry(command, option, path, plugin, problems, names, &name)) != 0)
            return rc;
        if (!has_entry(plugin, problems, problems ? family : name))
            return hfc_fail(command, "%s: plug-in '%s' has no %s '%s' (it has: %s)", option,
                            path, problems ? "problem" : "optimizer", problems ? family : name,
                            names);
        if ((rc = replace_item(command, items, k, name)) != 0)
            return rc;
    }
    return 0;
}

int hfc_plugin_optimizers(const char *command, const char *option, char **items, size_t n)
{
    return resolve(command, option, items, n, 0);
}

int hfc_plugin_problems(const char *command, const char *option, char **items, size_t n)
{
    return resolve(command, option, items, n, 1);
}

const char *const *hfc_plugin_paths(size_t *n)
{
    *n = n_plugins;
    return paths;
}

void hfc_plugins_close(void)
{
    for (size_t i = 0; i < n_plugins; ++i) {
        dlclose(plugins[i].handle);
        free(plugins[i].path);
    }
    n_plugins = 0;
}
