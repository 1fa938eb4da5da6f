/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/plugins/plugin_no_entry.c — a shared object without the plug-in
 * entry point: the program must refuse it (tests/plugins.py).
 */
int hertzfit_not_a_plugin(void);

int hertzfit_not_a_plugin(void) { return 0; }
