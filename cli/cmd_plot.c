/*
 * cli/cmd_plot.c — "hertzfit plot TARGET ...": dispatches to the plot of
 * each capability (cli/plot_<target>.c), all drawn by gnuplot.
 */
#include "cli.h"

#include <string.h>

typedef struct plot_target {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} plot_target;

static const plot_target targets[] = {
    {"convergence", hf_plot_convergence, "convergence curves from fit --trace (ICACO Fig. 9)"},
    {"maxwell", hf_plot_maxwell, "Argatov regressions and the full-model fit"},
    {"restitution", hf_plot_restitution, "e_out vs e_in of every model (Safaeifar Figs. 5-6)"},
    {"bounce", hf_plot_bounce, "bouncing-ball force-deformation loops (Figs. 8-11)"},
};

int hf_cmd_plot(int argc, char **argv)
{
    size_t n = sizeof targets / sizeof targets[0];
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        FILE *fp = argc < 2 ? stderr : stdout;
        fprintf(fp, "usage: hertzfit plot TARGET [OPTIONS] -o FILE.png\n\ntargets:\n");
        for (size_t i = 0; i < n; ++i)
            fprintf(fp, "  %-12s %s\n", targets[i].name, targets[i].summary);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < n; ++i)
        if (strcmp(argv[1], targets[i].name) == 0)
            return targets[i].run(argc - 1, argv + 1);
    return hf_cli_fail("plot", "unknown target '%s' (valid: convergence, maxwell, "
                               "restitution, bounce)", argv[1]);
}
