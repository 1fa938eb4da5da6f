/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/signals.c — how the program ends when it does not return from
 * main: no temporary file or folder of an unfinished output is left
 * behind, and an end the program did not choose says why in one line.
 *
 *  - SIGPIPE and SIGXFSZ are ignored: a write to a closed pipe or past the
 *    file-size limit then fails with EPIPE/EFBIG, and the ordinary error
 *    path names the output, removes its temporary and exits 1.
 *  - SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the temporaries and end
 *    the program by the same signal (the shell sees the usual status).
 *  - A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS) removes
 *    the temporaries and, when plug-ins are loaded, prints one line naming
 *    the signal and the plug-in whose code was running (the object that
 *    holds the faulting instruction; all loaded plug-ins when that is not
 *    one of them), then hands the signal on to the handler that was there
 *    before (the sanitizers') or the default.
 *  - exit() called by a plug-in (any exit not through main's return)
 *    removes the temporaries, prints one line naming the loaded plug-ins
 *    and ends with exit code 1: a campaign cut short is not a success.
 */
#define _GNU_SOURCE   /* dladdr, REG_RIP */
#include "cli.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "core/file.h"

static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS};
static struct sigaction previous[NSIG];
static volatile sig_atomic_t main_returned;

static void say(const char *text)
{
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, text, n);
        if (w <= 0)
            return;
        text += w;
        n -= (size_t)w;
    }
}

static const char *signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGSYS: return "SIGSYS";
    default: return "a signal";
    }
}

/* The address of the instruction that faulted, or NULL. */
static void *fault_address(void *context)
{
    const ucontext_t *uc = context;
    if (uc == NULL)
        return NULL;
#if defined(__x86_64__)
    return (void *)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (void *)uc->uc_mcontext.pc;
#else
    return NULL;
#endif
}

/* Says "plug-in 'PATH'" for the loaded plug-in whose object holds
 * ADDRESS, else "one of the plug-ins 'A', 'B'" (or the only one's). */
static void say_plugins(void *address)
{
    size_t n = 0;
    const char *const *paths = hfc_plugin_paths(&n);
    Dl_info info;
    const char *holder = NULL;
    if (address != NULL && dladdr(address, &info) != 0 && info.dli_fname != NULL)
        for (size_t i = 0; i < n; ++i) {
            const char *base = strrchr(paths[i], '/');
            const char *fbase = strrchr(info.dli_fname, '/');
            if (strcmp(base ? base + 1 : paths[i], fbase ? fbase + 1 : info.dli_fname) == 0)
                holder = paths[i];
        }
    say(holder || n == 1 ? "plug-in '" : "one of the plug-ins '");
    for (size_t i = 0; i < n; ++i) {
        if (holder != NULL && paths[i] != holder)
            continue;
        if (holder == NULL && i > 0)
            say("', '");
        say(paths[i]);
    }
    say("'");
}

/* Both registries of temporaries: the program's own outputs (the utility
 * library's copy of core/file.c) and the library's (a campaign folder). */
static void remove_temporaries(void)
{
    hf_atomic_remove_temporaries();
    hf_library_remove_temporaries();
}

static void on_ending_signal(int sig)
{
    remove_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_crash(int sig, siginfo_t *si, void *context)
{
    (void)si;
    /* one line, however many threads crash: the others wait for the first
     * thread's signal to end the process */
    static atomic_flag first = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&first))
        for (;;)
            pause();
    remove_temporaries();
    size_t n = 0;
    hfc_plugin_paths(&n);
    if (n > 0) {
        say("hertzfit: ");
        say_plugins(fault_address(context));
        say(" crashed with ");
        say(signal_name(sig));
        say("; no output was written\n");
    }
    sigaction(sig, &previous[sig], NULL);
    raise(sig);   /* delivered when this handler returns, to the handler before */
}

static void on_exit_call(void)
{
    static atomic_flag said = ATOMIC_FLAG_INIT;
    size_t n = 0;
    hfc_plugin_paths(&n);
    if (main_returned || n == 0)
        return;
    if (atomic_flag_test_and_set(&said))
        for (;;)   /* another thread is saying it and ends the process */
            pause();
    remove_temporaries();
    say("hertzfit: ");
    say_plugins(NULL);
    say(" called exit() in the middle of the command; no output was written\n");
    _exit(1);
}

void hfc_signals_install(void)
{
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    struct sigaction ending = {0};
    ending.sa_handler = on_ending_signal;
    sigemptyset(&ending.sa_mask);
    for (size_t i = 0; i < HFC_COUNT(ending_signals); ++i) {
        struct sigaction old;
        /* a signal ignored by whoever started us (nohup) stays ignored */
        if (sigaction(ending_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(ending_signals[i], &ending, NULL);
    }
    struct sigaction crash = {0};
    crash.sa_sigaction = on_crash;
    crash.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&crash.sa_mask);
    for (size_t i = 0; i < HFC_COUNT(crash_signals); ++i)
        sigaction(crash_signals[i], &crash, &previous[crash_signals[i]]);
    /* The exit() check is registered twice: here, so that it runs after
     * every other handler, and at the first plug-in's loading, so that it
     * runs before them.  glibc lets a second thread's exit() run the
     * handlers the first one has not taken yet and then _exit(0): with one
     * copy at each end, whichever thread runs last meets one. */
    atexit(on_exit_call);
}

void hfc_signals_watch_exit(void)
{
    static int watching;
    if (!watching)
        watching = atexit(on_exit_call) == 0;
}

void hfc_signals_main_returned(void) { main_returned = 1; }
