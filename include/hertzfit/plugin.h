/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/plugin.h — the entry point of a plug-in: a shared object that
 * brings optimisers (hertzfit/algorithm.h) and problems
 * (hertzfit/bench_problems.h) to the hertzfit program without a rebuild.
 *
 * The program dlopen()s PATH for `--optimizers plugin:PATH[:NAME]` (`fit
 * profile --optimizer` too) and `--problems plugin:PATH:NAME[:DIM]`, calls
 * the function named HF_PLUGIN_ENTRY, refuses a descriptor whose abi is
 * not HF_PLUGIN_ABI, and registers what it lists; the names then work like
 * hertzfit's own.  A campaign's manifest records each plug-in's path and
 * SHA-256, so shards made with other plug-ins do not merge.  The plug-in
 * calls back into the program (hf_evaluator_eval, hf_rng_normal, ...): it
 * is built as a module with undefined references to the hf_ symbols, which
 * the shared library the program runs on exports (examples/plugins/ and
 * its CMake lines show how).
 *
 *     static const hf_algorithm *const algorithms[] = {&my_algorithm};
 *     static const hf_plugin plugin = {HF_PLUGIN_ABI, "my plug-in", algorithms, 1, NULL, 0};
 *     const hf_plugin *hertzfit_plugin(void) { return &plugin; }
 */
#ifndef HERTZFIT_PLUGIN_H
#define HERTZFIT_PLUGIN_H

#include <stddef.h>

#include "hertzfit/algorithm.h"
#include "hertzfit/bench_problems.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever hf_plugin, hf_algorithm, hf_param_spec, hf_algo_run or
 * hf_user_problem change layout. */
#define HF_PLUGIN_ABI 1
#define HF_PLUGIN_ENTRY "hertzfit_plugin"

typedef struct hf_plugin {
    int abi;                                 /* HF_PLUGIN_ABI it was built with */
    const char *name;                        /* for messages */
    const hf_algorithm *const *algorithms;   /* borrowed; they live as long as the object */
    size_t n_algorithms;
    const hf_user_problem *const *problems;
    size_t n_problems;
} hf_plugin;

/* The type of the entry point. */
typedef const hf_plugin *(*hf_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif
#endif
