/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/file.c — reading a whole file within a limit, and writing a file or
 * a folder under a temporary name that is renamed into place only when
 * complete (core/file.h).
 *
 * Why the checks come before the reading: a regular file's size is known
 * from fstat, so a file over the limit is refused without allocating for
 * it; a FIFO is opened without blocking (a FIFO without a writer would
 * otherwise hang the open) and read in chunks up to the limit; a device
 * such as /dev/zero never ends and is refused outright.
 *
 * A folder replaces an old one by renameat2(RENAME_EXCHANGE) where the
 * system has it, so PATH never stops existing; elsewhere the old folder is
 * renamed aside first and renamed back if the new one cannot take its
 * place.
 *
 * SHA-256 is OpenSSL's, from libcrypto opened at the first hash rather
 * than linked: loading libcrypto (its relocations and constructors) costs
 * every process about 1.7 ms of start-up here, a tenth of a whole 50-run
 * profile fit, and only campaign manifests hash files.
 */
#define _GNU_SOURCE   /* renameat2, RENAME_EXCHANGE; nftw; fdopen, getpid */
#include "core/file.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dlfcn.h>
#include <limits.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <threads.h>

/* ---- reading ------------------------------------------------------------ */

static const char *kind_of(mode_t mode)
{
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISFIFO(mode)) return "a FIFO";
    return "not a regular file";
}

/* The first NUL byte of TEXT[0 .. len-1] as PATH:LINE:COLUMN. */
static hf_status check_text(const char *path, const char *text, size_t len, hf_diag *diag)
{
    const char *nul = memchr(text, '\0', len);
    if (nul == NULL)
        return HF_OK;
    size_t line = 1;
    const char *start = text;
    for (const char *p = text; p < nul; ++p)
        if (*p == '\n') {
            ++line;
            start = p + 1;
        }
    return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: a NUL byte: not a text file", path, line,
                       (size_t)(nul - start) + 1);
}

/* Reads FD to its end into BUF (CAP bytes, grown), refusing more than MAX. */
static hf_status read_all(int fd, const char *path, size_t max, char **buf, size_t *len,
                          size_t cap, hf_diag *diag)
{
    *len = 0;
    for (;;) {
        if (*len == cap) {
            if (cap > max) {
                return hf_diag_set(diag, HF_ERANGE, "%s: more than %zu bytes (the limit of a "
                                   "file read whole)", path, max);
            }
            size_t grown_cap = cap <= max / 2 ? 2 * cap : max + 1;
            char *grown = realloc(*buf, grown_cap + 1); /* owned by the caller */
            if (grown == NULL)
                return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
            *buf = grown;
            cap = grown_cap;
        }
        ssize_t n = read(fd, *buf + *len, cap - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return hf_diag_set(diag, HF_EIO, "%s: read error: %s", path, strerror(errno));
        if (n == 0)
            break;
        *len += (size_t)n;
    }
    if (*len > max)
        return hf_diag_set(diag, HF_ERANGE, "%s: more than %zu bytes (the limit of a file read "
                           "whole)", path, max);
    return HF_OK;
}

/* Whether the open FD (named PATH) may be read whole: a regular file up to
 * MAX bytes (*CAP then its size and one more, to see the end at once) or a
 * pipe (set back to blocking reads, *CAP unchanged); anything else fails. */
static hf_status prepare_read(int fd, const char *path, size_t max, size_t *cap, hf_diag *diag)
{
    struct stat info;
    hf_status st = HF_OK;
    if (fstat(fd, &info) != 0)
        st = hf_diag_set(diag, HF_EIO, "%s: cannot read: %s", path, strerror(errno));
    else if (S_ISREG(info.st_mode)) {
        if ((unsigned long long)info.st_size > (unsigned long long)max)
            st = hf_diag_set(diag, HF_ERANGE, "%s: %lld bytes, more than the %zu bytes a file "
                             "read whole may have", path, (long long)info.st_size, max);
        else
            *cap = (size_t)info.st_size + 1;
    } else if (S_ISFIFO(info.st_mode)) {
        /* back to blocking reads: a pipe is read as its writer writes */
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
            st = hf_diag_set(diag, HF_EIO, "%s: cannot read: %s", path, strerror(errno));
    } else {
        st = hf_diag_set(diag, HF_EIO, "%s: is %s, not a file", path, kind_of(info.st_mode));
    }
    return st;
}

hf_status hf_file_read(const char *path, size_t max_bytes, char **text, size_t *length,
                       hf_diag *diag)
{
    *text = NULL;
    if (length != NULL)
        *length = 0;
    if (path == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no file name given");
    size_t max = max_bytes ? max_bytes : HF_FILE_MAX_BYTES;
    /* O_NONBLOCK: opening a FIFO that has no writer must not hang */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return hf_diag_set(diag, HF_EIO, "%s: cannot open: %s", path, strerror(errno));
    size_t cap = 4096;
    hf_status st = prepare_read(fd, path, max, &cap, diag);
    char *buf = NULL; /* to *text, or freed below */
    size_t len = 0;
    if (st == HF_OK) {
        buf = malloc(cap + 1);
        st = buf ? read_all(fd, path, max, &buf, &len, cap, diag)
                 : hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    }
    close(fd);
    if (st == HF_OK) {
        buf[len] = '\0';
        st = check_text(path, buf, len, diag);
    }
    if (st != HF_OK) {
        free(buf);
        return st;
    }
    *text = buf;
    if (length != NULL)
        *length = len;
    return HF_OK;
}

/* ---- temporary names ------------------------------------------------------ */

/* PATH without trailing slashes (but "/" stays), malloc'ed. */
static char *without_trailing_slashes(const char *path)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        --n;
    char *copy = malloc(n + 1); /* caller frees */
    if (copy != NULL) {
        memcpy(copy, path, n);
        copy[n] = '\0';
    }
    return copy;
}

/* ---- the temporaries of this process, for a signal handler ------------- */

/* Every temporary name an atomic output holds, so that a program ended by
 * a signal (SIGINT, SIGTERM) can remove them from its handler
 * (hf_atomic_remove_temporaries).  A fixed table of copies, not the
 * outputs' own strings: the handler may run while another thread frees
 * an output, and it must not allocate.  A slot is free (0), being filled
 * (1) or holds a name (2). */
#define TEMPORARY_SLOTS 64
static struct {
    atomic_int state;
    int is_dir;
    char name[PATH_MAX];
} temporaries[TEMPORARY_SLOTS];

/* The slot now holding NAME, or -1 (no slot free, or a name too long:
 * then only a signal can leave it behind, as before). */
static int temporary_add(const char *name, int is_dir)
{
    size_t len = strlen(name);
    if (len >= PATH_MAX)
        return -1;
    for (int i = 0; i < TEMPORARY_SLOTS; ++i) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&temporaries[i].state, &expected, 1)) {
            memcpy(temporaries[i].name, name, len + 1);
            temporaries[i].is_dir = is_dir;
            atomic_store(&temporaries[i].state, 2);
            return i;
        }
    }
    return -1;
}

static void temporary_drop(int slot)
{
    if (slot >= 0)
        atomic_store(&temporaries[slot].state, 0);
}

/* Tries CREATE on PATH.tmp-PID-K for K = 0, 1, ... until it does not find
 * the name taken; *tmp (malloc'ed, caller frees) is the name created, and
 * *slot its place among this process's temporaries (temporary_add).  Each
 * name is registered before it is created, so that a signal arriving
 * between the two cannot leave it behind (a name that then turns out
 * taken holds this process's id: a leftover of an ended process with the
 * same id, or none). */
static hf_status create_temporary(const char *path,
                                  int (*create)(const char *name, void *object), void *object,
                                  int is_dir, char **tmp, int *slot, hf_diag *diag)
{
    size_t len = strlen(path) + 48;
    *slot = -1;
    *tmp = malloc(len); /* caller frees */
    if (*tmp == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (unsigned k = 0; k < 1000; ++k) {
        snprintf(*tmp, len, "%s.tmp-%ld-%u", path, (long)getpid(), k);
        *slot = temporary_add(*tmp, is_dir);
        if (create(*tmp, object) == 0)
            return HF_OK;
        int saved = errno;
        temporary_drop(*slot);
        *slot = -1;
        errno = saved;
        if (errno != EEXIST)
            break;
    }
    hf_status st = hf_diag_set(diag, HF_EIO, "cannot write '%s': %s", path, strerror(errno));
    free(*tmp);
    *tmp = NULL;
    return st;
}


/* Removes NAME in the folder PARENT and, for a folder, all it holds, with
 * system calls only (async-signal-safe: no allocation, no stdio).  A
 * folder is listed again until a pass removes nothing, since removing
 * entries while listing may skip some. */
static void remove_tree_at(int parent, const char *name, int depth)
{
    if (unlinkat(parent, name, 0) == 0 || (errno != EISDIR && errno != EPERM) || depth > 32)
        return;
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    for (int removed = 1; removed;) {
        removed = 0;
        if (lseek(fd, 0, SEEK_SET) != 0)
            break;
        char buf[4096] __attribute__((aligned(8)));
        long n;
        while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
            for (long off = 0; off < n;) {
                /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
                unsigned short reclen;
                memcpy(&reclen, buf + off + 16, sizeof reclen);
                const char *entry = buf + off + 19;
                if (strcmp(entry, ".") != 0 && strcmp(entry, "..") != 0) {
                    remove_tree_at(fd, entry, depth + 1);
                    removed = 1;
                }
                off += reclen;
            }
        }
        if (n < 0)
            break;
    }
    close(fd);
    unlinkat(parent, name, AT_REMOVEDIR);
}

void hf_atomic_remove_temporaries(void)
{
    int saved = errno;
    for (int i = 0; i < TEMPORARY_SLOTS; ++i)
        if (atomic_load(&temporaries[i].state) == 2)
            remove_tree_at(AT_FDCWD, temporaries[i].name, 0);
    errno = saved;
}

/* ---- leftovers of ended processes ------------------------------------------ */

/* Where the ".tmp-" or ".old-" tag of NAME starts: right after PREFIX
 * when given, else the last ".tmp-" (or the first ".old-"); NULL when
 * NAME has none. */
static const char *leftover_tag(const char *name, const char *prefix)
{
    if (prefix != NULL) {
        size_t n = strlen(prefix);
        return strncmp(name, prefix, n) == 0 ? name + n : NULL;
    }
    const char *t = strstr(name, ".tmp-");
    const char *tag = t ? t : strstr(name, ".old-");
    if (tag == NULL)
        return NULL;
    while (strstr(tag + 1, ".tmp-") != NULL)   /* the last one */
        tag = strstr(tag + 1, ".tmp-");
    return tag;
}

/* The process id of TAG: ".tmp-PID-N" or ".old-PID" (nothing after), 0
 * when TAG is neither. */
static long tag_pid(const char *tag)
{
    int tmp = strncmp(tag, ".tmp-", 5) == 0;
    if (!tmp && strncmp(tag, ".old-", 5) != 0)
        return 0;
    char *end = NULL;
    errno = 0;
    long pid = strtol(tag + 5, &end, 10);
    if (errno != 0 || end == tag + 5 || pid <= 0 || pid > INT_MAX)
        return 0;
    if (tmp) {
        if (*end != '-' || end[1] < '0' || end[1] > '9')
            return 0;
        strtoul(end + 1, &end, 10);
    }
    return *end == '\0' ? pid : 0;
}

/* Whether NAME is PREFIX.tmp-PID-K or PREFIX.old-PID (PREFIX NULL: any)
 * written by a process that no longer runs: a leftover of a program
 * killed with SIGKILL, which no handler can clean. */
static int is_leftover(const char *name, const char *prefix)
{
    const char *tag = leftover_tag(name, prefix);
    long pid = tag != NULL ? tag_pid(tag) : 0;
    if (pid == 0 || pid == (long)getpid())
        return 0;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes PATH's leftovers (PATH.tmp-PID-K, PATH.old-PID of processes
 * that have ended) from its folder. */
static void remove_leftovers(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + (slash == path) : 0;
    const char *base = slash ? slash + 1 : path;
    char dir[PATH_MAX];
    if (dir_len >= sizeof dir)
        return;
    if (dir_len == 0)
        strcpy(dir, ".");
    else {
        memcpy(dir, path, dir_len);
        dir[dir_len] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    DIR *d = fdopendir(fd);
    if (d == NULL) {
        close(fd);
        return;
    }
    size_t blen = strlen(base);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strncmp(e->d_name, base, blen) == 0 && is_leftover(e->d_name, base))
            remove_tree_at(dirfd(d), e->d_name, 0);
    closedir(d);
}

/* ---- what both outputs hold ------------------------------------------------ */

/* The name asked for and the temporary name being written. */
typedef struct pending {
    char *path;
    char *tmp;
    int slot;   /* in the table of temporaries, or -1 */
} pending;

/* The name an output at PATH is written to, into *target (malloc'ed):
 * PATH itself, or for a symbolic link the file it leads to, so that the
 * link stays a link.  Only a regular file (a folder when WANT_DIR) or no
 * file at all may be replaced: a device, a FIFO, a socket or a link to
 * nothing is refused, since renaming onto it would destroy it (a FIFO or
 * /dev/null replaced by a regular file) — the user meant it to receive
 * the data, which an output written whole and renamed cannot do. */
static hf_status output_target(const char *path, int want_dir, char **target, hf_diag *diag)
{
    struct stat info;
    *target = NULL;
    if (lstat(path, &info) == 0 && S_ISLNK(info.st_mode)) {
        *target = realpath(path, NULL);
        if (*target == NULL)
            return hf_diag_set(diag, HF_EIO, "cannot write '%s': a symbolic link to nothing "
                               "writable (%s)", path, strerror(errno));
    } else {
        *target = without_trailing_slashes(path);
        if (*target == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    hf_status st = HF_OK;
    if (stat(*target, &info) == 0) {
        if (want_dir && !S_ISDIR(info.st_mode))
            st = hf_diag_set(diag, HF_EIO, "'%s' exists and is not a directory", path);
        else if (!want_dir && S_ISDIR(info.st_mode))
            st = hf_diag_set(diag, HF_EIO, "cannot write '%s': it is a directory", path);
        else if (!want_dir && !S_ISREG(info.st_mode))
            st = hf_diag_set(diag, HF_EIO, "cannot write '%s': it is %s, and an output only "
                             "ever replaces a regular file", path, kind_of(info.st_mode));
    }
    if (st != HF_OK) {
        free(*target);
        *target = NULL;
    }
    return st;
}

/* A new output object of SIZE bytes (a struct that starts with its
 * pending part) for PATH — a folder where WANT_DIR, else not one — whose
 * temporary name CREATE(name, object) makes.  *out (caller releases) is
 * NULL on failure. */
static hf_status pending_alloc(size_t size, const char *path, int want_dir,
                               int (*create)(const char *name, void *object), void **out,
                               hf_diag *diag)
{
    *out = NULL;
    if (path == NULL || *path == '\0')
        return hf_diag_set(diag, HF_EINVAL, "no output name given");
    char *target = NULL;   /* malloc'ed, to p->path or freed */
    hf_status st = output_target(path, want_dir, &target, diag);
    if (st != HF_OK)
        return st;
    pending *p = calloc(1, size); /* to *out: the caller releases it */
    if (p == NULL) {
        free(target);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    p->path = target;
    p->slot = -1;
    remove_leftovers(p->path);
    st = create_temporary(p->path, create, p, want_dir, &p->tmp, &p->slot, diag);
    if (st != HF_OK) {
        free(p->path);
        free(p);
        return st;
    }
    *out = p;
    return HF_OK;
}

static void pending_free(pending *p)
{
    temporary_drop(p->slot);
    free(p->path);
    free(p->tmp);
    free(p);
}

/* ---- one file ------------------------------------------------------------- */

struct hf_atomic_file {
    pending p;     /* first: the object is freed as its pending part */
    FILE *fp;
};

static int create_file(const char *name, void *object)
{
    /* O_EXCL refuses a leftover; 0666 lets the umask decide, as fopen would */
    int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    FILE *fp = fdopen(fd, "w");
    if (fp == NULL) {
        int saved = errno;
        close(fd);
        remove(name);
        errno = saved;
        return -1;
    }
    ((hf_atomic_file *)object)->fp = fp;
    return 0;
}

hf_status hf_atomic_file_open(const char *path, hf_atomic_file **out, hf_diag *diag)
{
    return pending_alloc(sizeof **out, path, 0, create_file, (void **)out, diag);
}

FILE *hf_atomic_file_stream(hf_atomic_file *file) { return file->fp; }

const char *hf_atomic_file_temporary(const hf_atomic_file *file) { return file->p.tmp; }

hf_status hf_atomic_file_commit(hf_atomic_file *f, hf_diag *diag)
{
    if (f == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output file to commit");
    /* The first failure and its reason; a write that failed earlier left
     * the stream's error flag set and errno with its cause. */
    int err = ferror(f->fp) ? (errno ? errno : EIO) : 0;
    if (fflush(f->fp) != 0 && err == 0)
        err = errno;
    if (fclose(f->fp) != 0 && err == 0)
        err = errno;
    if (err == 0 && rename(f->p.tmp, f->p.path) != 0)
        err = errno;
    hf_status st = HF_OK;
    if (err != 0) {
        st = hf_diag_set(diag, HF_EWRITE, "cannot write '%s': %s", f->p.path, strerror(err));
        remove(f->p.tmp);
    }
    pending_free(&f->p);
    return st;
}

void hf_atomic_file_discard(hf_atomic_file *f)
{
    if (f == NULL)
        return;
    fclose(f->fp);
    remove(f->p.tmp);
    pending_free(&f->p);
}

/* ---- one folder ----------------------------------------------------------- */

struct hf_atomic_dir {
    pending p;
};

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Removes the tree at PATH: depth first, without following links, so
 * only what is inside PATH goes. */
static void remove_tree(const char *path)
{
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static int is_own(const char *name, const char *const *own)
{
    for (; own != NULL && *own != NULL; ++own)
        if (strcmp(name, *own) == 0)
            return 1;
    return 0;
}

/* Does the folder that would hold PATH exist? */
static hf_status check_parent(const char *path, hf_diag *diag)
{
    char *parent = without_trailing_slashes(path); /* freed below */
    if (parent == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    char *slash = strrchr(parent, '/');
    const char *dir = parent;
    if (slash == NULL)
        dir = ".";
    else
        slash[slash == parent] = '\0';   /* "/x" keeps "/" */
    struct stat info;
    hf_status st = HF_OK;
    if (stat(dir, &info) != 0 || !S_ISDIR(info.st_mode))
        st = hf_diag_set(diag, HF_EIO, "cannot create '%s': '%s' is not a directory", path,
                         dir);
    free(parent);
    return st;
}

hf_status hf_atomic_dir_check(const char *path, const char *const *own, hf_diag *diag)
{
    struct stat info;
    if (stat(path, &info) != 0)
        return errno == ENOENT ? check_parent(path, diag)
                               : hf_diag_set(diag, HF_EIO, "cannot use '%s': %s", path,
                                             strerror(errno));
    if (!S_ISDIR(info.st_mode))
        return hf_diag_set(diag, HF_EIO, "'%s' exists and is not a directory", path);
    DIR *d = opendir(path);
    if (d == NULL)
        return hf_diag_set(diag, HF_EIO, "cannot list '%s': %s", path, strerror(errno));
    hf_status st = HF_OK;
    for (struct dirent *e; st == HF_OK && (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            !is_own(e->d_name, own) && !is_leftover(e->d_name, NULL))
            st = hf_diag_set(diag, HF_EEXIST, "'%s' holds '%s', which writing it anew would "
                             "delete", path, e->d_name);
    closedir(d);
    return st;
}

static int create_dir(const char *name, void *object)
{
    (void)object;
    return mkdir(name, 0777);
}

hf_status hf_atomic_dir_open(const char *path, hf_atomic_dir **out, hf_diag *diag)
{
    return pending_alloc(sizeof **out, path, 1, create_dir, (void **)out, diag);
}

const char *hf_atomic_dir_path(const hf_atomic_dir *dir) { return dir->p.tmp; }

/* Replaces the existing folder P->path by P->tmp; on success the old tree
 * is at *old (malloc'ed name, caller removes and frees). */
static int replace_dir(const pending *p, char **old)
{
#ifdef RENAME_EXCHANGE
    if (renameat2(AT_FDCWD, p->tmp, AT_FDCWD, p->path, RENAME_EXCHANGE) == 0) {
        *old = p->tmp;   /* the exchange left the old tree under the temporary name */
        return 0;
    }
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    size_t len = strlen(p->path) + 48;
    char *aside = malloc(len); /* to *old, or freed below */
    if (aside == NULL)
        return -1;
    snprintf(aside, len, "%s.old-%ld", p->path, (long)getpid());
    if (rename(p->path, aside) != 0) {
        free(aside);
        return -1;
    }
    if (rename(p->tmp, p->path) != 0) {
        int saved = errno;
        rename(aside, p->path);   /* put the old one back */
        free(aside);
        errno = saved;
        return -1;
    }
    *old = aside;
    return 0;
}

hf_status hf_atomic_dir_commit(hf_atomic_dir *d, hf_diag *diag)
{
    if (d == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output directory to commit");
    hf_status st = HF_OK;
    /* rename() onto a missing name or an empty folder succeeds at once */
    if (rename(d->p.tmp, d->p.path) != 0) {
        char *old = NULL;
        if ((errno == ENOTEMPTY || errno == EEXIST) && replace_dir(&d->p, &old) == 0) {
            remove_tree(old);
            if (old != d->p.tmp)
                free(old);
        } else {
            st = hf_diag_set(diag, HF_EWRITE, "cannot create '%s': %s", d->p.path,
                             strerror(errno));
            remove_tree(d->p.tmp);
        }
    }
    pending_free(&d->p);
    return st;
}

void hf_atomic_dir_discard(hf_atomic_dir *d)
{
    if (d == NULL)
        return;
    remove_tree(d->p.tmp);
    pending_free(&d->p);
}

#define HF_STRINGIFY_(x) #x
#define HF_STRINGIFY(x) HF_STRINGIFY_(x)
/* the soname of the libcrypto whose headers this file is compiled with */
#define LIBCRYPTO_SONAME "libcrypto.so." HF_STRINGIFY(OPENSSL_VERSION_MAJOR)

/* The six libcrypto functions a digest needs, looked up once. */
static struct {
    EVP_MD_CTX *(*ctx_new)(void);
    const EVP_MD *(*sha256)(void);
    int (*init)(EVP_MD_CTX *, const EVP_MD *, ENGINE *);
    int (*update)(EVP_MD_CTX *, const void *, size_t);
    int (*final)(EVP_MD_CTX *, unsigned char *, unsigned int *);
    void (*ctx_free)(EVP_MD_CTX *);
    int loaded;
} libcrypto;
static once_flag libcrypto_once = ONCE_FLAG_INIT;

static void libcrypto_open(void)
{
    void *handle = dlopen(LIBCRYPTO_SONAME, RTLD_NOW | RTLD_LOCAL); /* kept open for the process */
    if (handle == NULL)
        return;
    /* POSIX's way to turn dlsym's object pointer into a function pointer */
    *(void **)(&libcrypto.ctx_new) = dlsym(handle, "EVP_MD_CTX_new");
    *(void **)(&libcrypto.sha256) = dlsym(handle, "EVP_sha256");
    *(void **)(&libcrypto.init) = dlsym(handle, "EVP_DigestInit_ex");
    *(void **)(&libcrypto.update) = dlsym(handle, "EVP_DigestUpdate");
    *(void **)(&libcrypto.final) = dlsym(handle, "EVP_DigestFinal_ex");
    *(void **)(&libcrypto.ctx_free) = dlsym(handle, "EVP_MD_CTX_free");
    libcrypto.loaded = libcrypto.ctx_new && libcrypto.sha256 && libcrypto.init &&
                       libcrypto.update && libcrypto.final && libcrypto.ctx_free;
}

/* Feeds the bytes of FP (named PATH, at most MAX_BYTES) to the digest MD_CTX. */
static hf_status hash_stream(FILE *fp, const char *path, size_t max_bytes, EVP_MD_CTX *md_ctx,
                             hf_diag *diag)
{
    hf_status st = HF_OK;
    unsigned char buf[1 << 16];
    size_t total = 0;
    for (size_t got; st == HF_OK && (got = fread(buf, 1, sizeof buf, fp)) > 0;) {
        total += got;
        if (total > max_bytes)
            st = hf_diag_set(diag, HF_ERANGE, "%s: more than %zu bytes", path, max_bytes);
        else if (libcrypto.update(md_ctx, buf, got) != 1)
            st = hf_diag_set(diag, HF_ENOMEM, "%s: SHA-256 failed (OpenSSL)", path);
    }
    if (st == HF_OK && ferror(fp))
        st = hf_diag_set(diag, HF_EIO, "%s: cannot read: %s", path, strerror(errno));
    return st;
}

hf_status hf_file_sha256(const char *path, size_t max_bytes, char hex[HF_FILE_SHA256_HEX],
                         hf_diag *diag)
{
    hex[0] = '\0';
    if (max_bytes == 0)
        max_bytes = HF_FILE_MAX_BYTES;
    /* streamed, and any bytes: a data file or a plug-in's shared object */
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return hf_diag_set(diag, HF_EIO, "%s: cannot open: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fileno(fp), &sb) != 0 || !S_ISREG(sb.st_mode)) {
        fclose(fp);
        return hf_diag_set(diag, HF_EIO, "%s: not a regular file", path);
    }
    call_once(&libcrypto_once, libcrypto_open);
    if (!libcrypto.loaded) {
        fclose(fp);
        return hf_diag_set(diag, HF_EIO, "%s: SHA-256 needs OpenSSL's %s, which cannot be loaded "
                           "(apt-get install libssl3)", path, LIBCRYPTO_SONAME);
    }
    EVP_MD_CTX *md_ctx = libcrypto.ctx_new();   /* freed below */
    hf_status st = md_ctx != NULL && libcrypto.init(md_ctx, libcrypto.sha256(), NULL) == 1
                       ? HF_OK
                       : hf_diag_set(diag, HF_ENOMEM, "%s: SHA-256 failed (OpenSSL)", path);
    if (st == HF_OK)
        st = hash_stream(fp, path, max_bytes, md_ctx, diag);
    fclose(fp);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (st == HF_OK && (libcrypto.final(md_ctx, md, &n) != 1 || n != 32))
        st = hf_diag_set(diag, HF_ENOMEM, "%s: SHA-256 failed (OpenSSL)", path);
    libcrypto.ctx_free(md_ctx);
    for (unsigned int i = 0; st == HF_OK && i < n; ++i)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    return st;
}
