/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/plugins/plugin_bad_abi.c — a plug-in built for another ABI: the
 * program must refuse it (tests/plugins.py).
 */
#include "hertzfit/plugin.h"

static const hf_plugin plugin = {HF_PLUGIN_ABI + 1000, "bad abi", NULL, 0, NULL, 0};

const hf_plugin *hertzfit_plugin(void);

const hf_plugin *hertzfit_plugin(void) { return &plugin; }
