/*
 * cli/main.c — the hertzfit program: dispatches to one file per subcommand.
 * The table below is the only list of subcommands; each entry's code lives
 * in cli/cmd_<name>.c.
 */
#include "cli.h"

#include <string.h>

#include "hertzfit/version.h"

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    {"hr", hf_cmd_hr, "damping ratio h_r(c_r) of one or all damping models"},
    {"models", hf_cmd_models, "the damping-model catalogue: name, formula, reference"},
    {"profile", hf_cmd_profile, "I(a,b), K0 and the RMS objective at one (a, b)"},
    {"grid", hf_cmd_grid, "the RMS grid of Safaeifar & Farshidianfar Table 2"},
    {"optimum", hf_cmd_optimum, "closed-form optimum K0*, I*, minimum RMS and the valley a(b)"},
    {"fit", hf_cmd_fit, "fit (a, b) with ICA, ICACO, random or any NLopt algorithm"},
    {"maxwell", hf_cmd_maxwell, "Maxwell material: constants, impact simulation, identification"},
    {"restitution", hf_cmd_restitution, "simulated output restitution of each damping model"},
    {"copt", hf_cmd_copt, "Poursina-Nikravesh optimal linear damping"},
    {"bounce", hf_cmd_bounce, "bouncing-ball force-deformation loops"},
    {"bench", hf_cmd_bench, "optimiser benchmark campaigns: run, merge, report"},
    {"plot", hf_cmd_plot, "figures drawn with gnuplot"},
};

static void usage(FILE *fp)
{
    fprintf(fp, "usage: hertzfit COMMAND [OPTIONS]   (hertzfit COMMAND --help)\n\n"
                "Calibration and identification of impact (contact-force) models.\n\n"
                "commands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; ++i)
        fprintf(fp, "  %-12s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(fp, "\n  --version    print version and git hash\n");
}

int main(int argc, char **argv)
{
    hf_library_init();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("hertzfit %s (git %s)\n", HERTZFIT_VERSION, HERTZFIT_GIT_HASH);
        return 0;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; ++i)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return subcommands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "hertzfit: unknown command '%s' (see hertzfit --help)\n", argv[1]);
    return 2;
}
