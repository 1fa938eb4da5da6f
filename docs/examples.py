#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/examples.py — runs every documented example and either checks the
pages against what the program prints now, or rewrites the pages with it.

    docs/examples.py check      [--build DIR] [PAGE...]   compare (ctest runs this)
    docs/examples.py regenerate [--build DIR] [--refresh] [PAGE...]
    docs/examples.py selftest   [--build DIR]             the checker catches drift
    docs/examples.py list       [PAGE...]                 list the examples

PAGE defaults to README.md and every docs/*.md; DIR defaults to build/.
docs/README.md ("How the examples are checked") is the manual; in short:

* A fenced block whose info string is `console` is an example: each line
  starting with `$ ` is a command (continued by a trailing backslash or by
  following lines starting with `> `), the lines after it are what it
  prints: standard output and standard error through one pipe, as
  `CMD 2>&1 | cat` shows them, then `[exit status N]` when N != 0.
* An HTML comment right before the block, `<!-- example: OPTIONS -->`, sets
  options: mask-column=NAME[,NAME] and mask='REGEX' (wall-time values the
  comparison ignores), cut=A-B (output lines A..B shown as one line),
  figure=SRC:DEST (a PNG the block writes, copied to DEST by regenerate),
  needs=PATH (skip when PATH is missing, e.g. bench/ programs in a build
  without them).  A provenance line "# git_hash = HASH" is masked in every
  example without an option.
* `<!-- example-source: PATH -->` before any fenced block: the block is the
  file PATH of the repository, verbatim.
* `<!-- example-include: PATH OPTIONS -->` ... `<!-- end example-include -->`:
  the lines between are the file PATH written by the page's examples,
  inserted as Markdown (option demote=N adds N levels to its headings).

Every page runs in its own scratch directory that looks like the
repository root (data/, docs/, include/ and build/ are links to the real
ones), so examples read data/ as a user's would and the files they write
go nowhere near the checkout.  Only Python's standard library is used.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
EXIT_RE = re.compile(r"^\[exit status (\d+)\]$")
CUT_RE = re.compile(r"^\.\.\. \((\d+) lines? cut\)$")
FENCE_RE = re.compile(r"^(`{3,}|~{3,})\s*([^\s`]*)[^`]*$")
MASKED = "<masked>"
# the commit a program was built from, in every provenance record it
# prints ("# git_hash = ..."): masked in every example, as a wall time is
GIT_HASH_MASK = r"^# git_hash = (\S+)$"
SLOW_SECONDS = 5.0
COMMAND_TIMEOUT = 900


class PageError(Exception):
    """A page that the mechanism cannot read (a malformed example)."""


# ----------------------------------------------------------------- parsing

class Command:
    def __init__(self, text, line, prompt, output):
        self.text = text        # the shell text, continuation lines joined
        self.line = line        # 1-based page line of its `$ `
        self.prompt = prompt    # its page lines, `$ ` and continuations
        self.output = output    # list of page output lines (no newline)


class Example:
    """One console block: its commands and options."""
    kind = "console"

    def __init__(self, page, first, last, fence, options, commands):
        self.page = page
        self.first = first      # 0-based index of the first content line
        self.last = last        # 0-based index one past the last content line
        self.fence = fence
        self.options = options
        self.commands = commands


class Source:
    kind = "source"

    def __init__(self, page, first, last, path, line):
        self.page, self.first, self.last, self.path, self.line = page, first, last, path, line


class Include:
    kind = "include"

    def __init__(self, page, first, last, path, options, line):
        self.page, self.first, self.last = page, first, last
        self.path, self.options, self.line = path, options, line


def parse_options(text, where):
    """key=value words (shell quoting) -> dict of lists."""
    try:
        words = shlex.split(text)
    except ValueError as err:
        raise PageError(f"{where}: cannot read the options '{text}': {err}")
    known = {"mask-column", "mask", "cut", "figure", "needs", "demote"}
    options = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key not in known:
            raise PageError(f"{where}: unknown option '{word}' (known: {', '.join(sorted(known))})")
        options.setdefault(key, []).append(value)
    for regex in options.get("mask", []):
        try:
            re.compile(regex)
        except re.error as err:
            raise PageError(f"{where}: mask '{regex}' is not a regular expression: {err}")
    return options


def annotation_before(lines, index):
    """The `<!-- ... -->` comment ending on the last non-blank line before
    line INDEX, as (text, first line index), or (None, None)."""
    j = index - 1
    while j >= 0 and lines[j].strip() == "":
        j -= 1
    if j < 0 or not lines[j].rstrip().endswith("-->"):
        return None, None
    k = j
    while k >= 0 and "<!--" not in lines[k]:
        k -= 1
    if k < 0:
        return None, None
    text = " ".join(l.strip() for l in lines[k:j + 1])
    text = text[text.index("<!--") + 4:text.rindex("-->")].strip()
    return text, k


def parse_console(page, lines, first, last, options):
    commands = []
    i = first
    while i < last:
        line = lines[i]
        if not (line.startswith("$ ") or line == "$"):
            if not commands:
                raise PageError(f"{page}:{i + 1}: a console block must start with a `$ ` command line")
            commands[-1].output.append(line)
            i += 1
            continue
        start = i
        text = line[2:]
        while i + 1 < last and (text.endswith("\\") or lines[i + 1].startswith("> ")):
            i += 1
            text += "\n" + (lines[i][2:] if lines[i].startswith("> ") else lines[i])
        commands.append(Command(text, start + 1, lines[start:i + 1], []))
        i += 1
    if not commands:
        raise PageError(f"{page}:{first}: empty console block")
    if "cut" in options and len(commands) != 1:
        raise PageError(f"{page}:{first}: cut= needs a block with exactly one command")
    return commands


def closes(line, fence):
    """True when LINE closes a block opened by FENCE (``` or ~~~, or longer)."""
    text = line.rstrip()
    return (len(text) >= len(fence) and line.startswith(fence[0])
            and text == fence[0] * len(text))


def parse_page(page):
    path = os.path.join(REPO, page)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    items = []
    i = 0
    open_include = None
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("<!-- example-include:"):
            if open_include is not None:
                raise PageError(f"{page}:{i + 1}: example-include inside another one")
            if not stripped.endswith("-->"):
                raise PageError(f"{page}:{i + 1}: example-include must be one line")
            parts = stripped[len("<!-- example-include:"):-3].strip().split(None, 1)
            if not parts:
                raise PageError(f"{page}:{i + 1}: example-include needs a PATH")
            open_include = (parts[0], parse_options(parts[1] if len(parts) > 1 else "",
                                                     f"{page}:{i + 1}"), i)
            i += 1
            continue
        if stripped == "<!-- end example-include -->":
            if open_include is None:
                raise PageError(f"{page}:{i + 1}: end example-include without a start")
            inc_path, inc_options, start = open_include
            items.append(Include(page, start + 1, i, inc_path, inc_options, start + 1))
            open_include = None
            i += 1
            continue
        m = FENCE_RE.match(line)
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and not closes(lines[j], fence):
            j += 1
        if j >= len(lines):
            raise PageError(f"{page}:{i + 1}: fenced block never closed")
        note, _ = annotation_before(lines, i)
        if note is not None and note.startswith("example-source:"):
            items.append(Source(page, i + 1, j, note.split(":", 1)[1].strip(), i + 1))
        elif info == "console":
            options = {}
            if note is not None and note.startswith("example:"):
                options = parse_options(note.split(":", 1)[1], f"{page}:{i}")
            elif note is not None and note.startswith("example"):
                raise PageError(f"{page}:{i}: unknown annotation '{note}'")
            items.append(Example(page, i + 1, j, fence, options,
                                 parse_console(page, lines, i + 1, j, options)))
        elif j > i + 1 and lines[i + 1].startswith("$ "):
            raise PageError(f"{page}:{i + 2}: a command example in a '{info or 'plain'}' block: "
                            "mark it ```console so that it is run and checked")
        elif note is not None and note.startswith("example"):
            raise PageError(f"{page}:{i}: '{note}' is not followed by a console block")
        i = j + 1
    if open_include is not None:
        raise PageError(f"{page}:{open_include[2] + 1}: example-include never ended")
    return lines, items


# ----------------------------------------------------------------- masking

def split_fields(line, csv):
    """(separators, fields): line == sep0 + f0 + sep1 + f1 + ... ."""
    if csv:
        fields = line.split(",")
        return [""] + [","] * (len(fields) - 1), fields
    seps, fields = [], []
    for m in re.finditer(r"(\s*)(\S+)", line):
        seps.append(m.group(1))
        fields.append(m.group(2))
    return seps, fields


def mask_columns(lines, names):
    """Masks the values of the columns NAMES in every table whose header
    row names them (CSV or whitespace-aligned).  A table ends at the first
    line with another number of fields (a `cut` line does not end it).
    For aligned tables the padding around a masked value is masked too,
    since its width follows the value's."""
    out = []
    table = None  # (csv, field count, masked indices)
    for line in lines:
        is_header = False
        for csv in (True, False):
            seps, fields = split_fields(line, csv)
            idx = [k for k, f in enumerate(fields) if f in names]
            if idx and len(fields) > 1:
                table, is_header = (csv, len(fields), idx), True
                break
        if table is None or CUT_RE.match(line):
            out.append(line)
            continue
        csv, count, idx = table
        seps, fields = split_fields(line, csv)
        if len(fields) != count:
            table = None
            out.append(line)
            continue
        for k in idx:
            if not is_header:
                fields[k] = MASKED
            if not csv:
                seps[k] = " " if k > 0 else ""
                if k + 1 < len(seps):
                    seps[k + 1] = " "
        out.append("".join(s + f for s, f in zip(seps, fields)))
    return out


def mask_regex(line, regex):
    def repl(m):
        if not m.re.groups:
            return MASKED
        text, pos, pieces = m.group(0), m.start(0), []
        cursor = 0
        for g in range(1, m.re.groups + 1):
            if m.start(g) < 0 or m.start(g) - pos < cursor:
                continue
            pieces.append(text[cursor:m.start(g) - pos])
            pieces.append(MASKED)
            cursor = m.end(g) - pos
        pieces.append(text[cursor:])
        return "".join(pieces)
    return re.sub(regex, repl, line)


def normalise(lines, options):
    names = [n for value in options.get("mask-column", []) for n in value.split(",") if n]
    if names:
        lines = mask_columns(lines, names)
    for regex in options.get("mask", []) + [GIT_HASH_MASK]:
        lines = [mask_regex(l, regex) for l in lines]
    return lines


def first_difference(expected, actual, options):
    """Index of the first line where the normalised texts differ, or None."""
    a, b = normalise(expected, options), normalise(actual, options)
    for k in range(max(len(a), len(b))):
        if k >= len(a) or k >= len(b) or a[k] != b[k]:
            return k
    return None


def apply_cut(lines, options):
    spans = []
    for value in options.get("cut", []):
        for piece in value.split(","):
            lo, _, hi = piece.partition("-")
            spans.append((int(lo), int(hi) if hi else len(lines)))
    if not spans:
        return lines
    out, k = [], 1
    for lo, hi in sorted(spans):
        hi = min(hi, len(lines))
        if lo < k or lo > hi:
            continue
        out.extend(lines[k - 1:lo - 1])
        n = hi - lo + 1
        out.append(f"... ({n} line{'s' if n != 1 else ''} cut)")
        k = hi + 1
    out.extend(lines[k - 1:])
    return out


# ----------------------------------------------------------------- running

class Scratch:
    """A directory that looks like the repository root for one page."""

    def __init__(self, build, keep):
        base = os.path.join(build, "docs-examples")
        os.makedirs(base, exist_ok=True)
        self.root = tempfile.mkdtemp(prefix="page-", dir=base)
        self.work = os.path.join(self.root, "work")
        self.home = os.path.join(self.root, "home")
        self.state = os.path.join(self.root, "shell-state")
        self.keep = keep
        os.makedirs(self.work)
        os.makedirs(self.home)
        for name in ("data", "docs", "include"):
            os.symlink(os.path.join(REPO, name), os.path.join(self.work, name))
        os.symlink(build, os.path.join(self.work, "build"))
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("HERTZFIT_") and k not in ("CDPATH", "BASH_ENV", "ENV",
                                                              "PKG_CONFIG_PATH")}
        env.update(PATH=build + os.pathsep + env.get("PATH", "/usr/bin:/bin"),
                   HOME=self.home, LC_ALL="C.UTF-8", TZ="UTC", OMP_NUM_THREADS="2",
                   HF_DOC_STATE=self.state)
        self.env = env

    def run(self, command):
        """(output lines, exit status, seconds) of one command."""
        script = ('[ -f "$HF_DOC_STATE" ] && . "$HF_DOC_STATE"\n'
                  'trap \'__rc=$?; { export -p; printf "cd %q\\n" "$PWD"; } > "$HF_DOC_STATE"; '
                  'exit $__rc\' EXIT\n' + command + "\n")
        t0 = time.monotonic()
        try:
            proc = subprocess.run(["bash", "--noprofile", "--norc", "-c", script],
                                  cwd=self.work, env=self.env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=COMMAND_TIMEOUT)
            text, status = proc.stdout.decode("utf-8", errors="replace"), proc.returncode
        except subprocess.TimeoutExpired as err:
            text = (err.stdout or b"").decode("utf-8", errors="replace")
            text += f"\n(timed out after {COMMAND_TIMEOUT} s)\n"
            status = 124
        seconds = time.monotonic() - t0
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if status != 0:
            lines.append(f"[exit status {status}]")
        return lines, status, seconds

    def close(self):
        if self.keep:
            print(f"  (scratch kept: {self.root})")
        else:
            shutil.rmtree(self.root, ignore_errors=True)


def check_png(path):
    try:
        with open(path, "rb") as f:
            return f.read(8) == PNG_MAGIC
    except OSError:
        return False


def show(text, width=150):
    return text if len(text) <= width else text[:width] + " ..."


class Report:
    def __init__(self):
        self.failures = []
        self.examples = self.commands = self.skipped = self.rewritten = 0
        self.slow = []

    def fail(self, where, what, detail=()):
        self.failures.append((where, what, list(detail)))
        print(f"FAIL {where}: {what}")
        for d in detail:
            print(f"       {d}")


def describe_difference(page_lines, actual, k, page, cmd_line, first_output_line):
    detail = [f"first difference at output line {k + 1} (page line {first_output_line + k}):"]
    detail.append("page:   " + (show(page_lines[k]) if k < len(page_lines) else "(no more lines)"))
    detail.append("actual: " + (show(actual[k]) if k < len(actual) else "(no more lines)"))
    return detail


def process_page(page, mode, build, refresh, keep, report, verbose):
    lines, items = parse_page(page)
    page_dir = os.path.dirname(os.path.join(REPO, page))
    replacements = []  # (first, last, new lines)
    scratch = None
    t_page = time.monotonic()
    try:
        for item in items:
            if item.kind == "source":
                report.examples += 1
                src = os.path.join(REPO, item.path)
                try:
                    with open(src, encoding="utf-8") as f:
                        want = f.read().rstrip("\n").split("\n")
                except OSError as err:
                    report.fail(f"{page}:{item.line}", f"example-source {item.path}: {err.strerror}")
                    continue
                have = lines[item.first:item.last]
                if have != want:
                    if mode == "regenerate":
                        replacements.append((item.first, item.last, want))
                        report.rewritten += 1
                        print(f"  rewrote {page}:{item.line} from {item.path}")
                    else:
                        k = next(i for i in range(max(len(have), len(want)))
                                 if i >= len(have) or i >= len(want) or have[i] != want[i])
                        report.fail(f"{page}:{item.line}",
                                    f"the block is not the file {item.path}",
                                    describe_difference(have, want, k, page, item.line,
                                                        item.first + 1))
                continue

            if scratch is None:
                scratch = Scratch(build, keep)
            if item.kind == "include":
                report.examples += 1
                src = os.path.join(scratch.work, item.path)
                try:
                    with open(src, encoding="utf-8") as f:
                        want = f.read().rstrip("\n").split("\n")
                except OSError as err:
                    report.fail(f"{page}:{item.line}",
                                f"example-include {item.path}: {err.strerror} "
                                "(the page's examples above must write it)")
                    continue
                demote = int(item.options.get("demote", ["0"])[-1])
                if demote:
                    want = [("#" * demote + l) if l.startswith("#") else l for l in want]
                have = lines[item.first:item.last]
                # the include is framed by a blank line on either side
                want = [""] + want + [""]
                k = first_difference(have, want, item.options)
                if k is not None or (mode == "regenerate" and refresh and have != want):
                    if mode == "regenerate":
                        replacements.append((item.first, item.last, want))
                        report.rewritten += 1
                        print(f"  rewrote {page}:{item.line} from {item.path}")
                    else:
                        report.fail(f"{page}:{item.line}", f"the included {item.path} drifted",
                                    describe_difference(have, want, k, page, item.line,
                                                        item.first + 1))
                continue

            # a console example
            report.examples += 1
            where = f"{page}:{item.first}"
            needs = [p for p in item.options.get("needs", [])
                     if not os.path.exists(os.path.join(scratch.work, p))]
            if needs:
                report.skipped += 1
                print(f"  skip {where}: {', '.join(needs)} not in this build")
                continue
            new_block = []
            changed = False
            for cmd in item.commands:
                report.commands += 1
                actual, status, seconds = scratch.run(cmd.text)
                actual = apply_cut(actual, item.options)
                if seconds > SLOW_SECONDS:
                    report.slow.append((seconds, f"{page}:{cmd.line}", cmd.text.split("\n")[0]))
                if verbose:
                    print(f"  {seconds:7.2f} s  {page}:{cmd.line}: $ {show(cmd.text.splitlines()[0], 90)}")
                bad = next((n for n, l in enumerate(actual)
                            if l.startswith("$ ") or l == "$" or (n == 0 and l.startswith("> "))
                            or closes(l, item.fence)), None)
                if bad is not None:
                    report.fail(f"{page}:{cmd.line}", "$ " + show(cmd.text.split("\n")[0], 120),
                                [f"output line {bad + 1} cannot be shown in a console block "
                                 f"(it would read as a command or end the block): {show(actual[bad])}",
                                 "filter it in the command (e.g. | sed 's/^/  /')"])
                    new_block += cmd.prompt + cmd.output
                    continue
                k = first_difference(cmd.output, actual, item.options)
                prompt = cmd.prompt
                if k is not None or (refresh and cmd.output != actual):
                    changed = True
                    if mode == "check":
                        report.fail(f"{page}:{cmd.line}", "$ " + show(cmd.text.split("\n")[0], 120),
                                    describe_difference(cmd.output, actual, k, page, cmd.line,
                                                        cmd.line + len(prompt)))
                    new_block += prompt + actual
                else:
                    new_block += prompt + cmd.output
            for figure in item.options.get("figure", []):
                src, _, dest = figure.partition(":")
                src_path = os.path.join(scratch.work, src)
                dest_path = os.path.normpath(os.path.join(page_dir, dest))
                if not check_png(src_path):
                    report.fail(where, f"figure {src} was not written as a PNG")
                    continue
                if mode == "regenerate":
                    old = open(dest_path, "rb").read() if os.path.exists(dest_path) else None
                    new = open(src_path, "rb").read()
                    if old != new:
                        os.makedirs(os.path.dirname(dest_path), exist_ok=True)
                        shutil.copyfile(src_path, dest_path)
                        print(f"  wrote {os.path.relpath(dest_path, REPO)}")
                else:
                    if not check_png(dest_path):
                        report.fail(where, f"figure {dest} (shown by the page) is missing")
                if f"]({dest})" not in "\n".join(lines):
                    report.fail(where, f"the page never shows the figure {dest} (![...]({dest}))")
            if changed and mode == "regenerate":
                replacements.append((item.first, item.last, new_block))
                report.rewritten += 1
                print(f"  rewrote {where}")
    finally:
        if scratch is not None:
            scratch.close()
    if replacements and mode == "regenerate":
        for first, last, new in sorted(replacements, reverse=True):
            lines[first:last] = new
        target = os.path.join(REPO, page)
        tmp = target + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        os.replace(tmp, target)
    return time.monotonic() - t_page


def default_pages():
    pages = ["README.md"]
    docs = os.path.join(REPO, "docs")
    pages += sorted("docs/" + n for n in os.listdir(docs) if n.endswith(".md"))
    return pages


def page_argument(page):
    path = os.path.abspath(page)
    if not path.startswith(REPO + os.sep):
        path = os.path.join(REPO, page)
    rel = os.path.relpath(path, REPO)
    if not os.path.isfile(os.path.join(REPO, rel)):
        raise SystemExit(f"examples.py: no page {page}")
    return rel


def run_pages(mode, pages, build, refresh=False, keep=False, verbose=False):
    report = Report()
    t0 = time.monotonic()
    for page in pages:
        try:
            seconds = process_page(page, mode, build, refresh, keep, report, verbose)
        except PageError as err:
            report.fail(page, str(err))
            continue
        print(f"{page}: done in {seconds:.1f} s")
    total = time.monotonic() - t0
    for seconds, where, text in sorted(report.slow, reverse=True):
        print(f"slow ({seconds:.1f} s > {SLOW_SECONDS:g} s): {where}: $ {show(text, 90)}")
    verb = "rewritten" if mode == "regenerate" else "drifted"
    count = report.rewritten if mode == "regenerate" else len(report.failures)
    print(f"{len(pages)} page(s), {report.examples} example(s), {report.commands} command(s), "
          f"{report.skipped} skipped, {count} {verb}, {total:.1f} s")
    return report


# ----------------------------------------------------------------- selftest

SELFTEST_PAGE = """\
# selftest

<!-- example: mask-column=seconds -->
```console
$ printf 'run seconds  value\\n  0  0.0004  12.5\\n' && printf 'run,seconds,value\\n0,0.0004,12.5\\n'
run seconds  value
  0  0.0004  12.5
run,seconds,value
0,0.0004,12.5
$ hertzfit hr 0.5
model  c_r  h_r
exact  0.5  1.2577
```

<!-- example: mask='took ([0-9.]+) s' -->
```console
$ echo "took 0.25 s"; hertzfit restitution 2
took 0.25 s
[exit status 2]
```
"""


def selftest(build):
    """The checker passes a page that matches, fails (naming the page, the
    command and the line) when one character of an output changes, ignores
    only the masked values, and records stderr and the exit status."""
    base = os.path.join(build, "docs-examples")
    os.makedirs(base, exist_ok=True)
    tmpdir = tempfile.mkdtemp(prefix="selftest-", dir=base)
    rel = os.path.join(tmpdir, "page.md")
    ok = True

    def write(text):
        with open(os.path.join(REPO, rel), "w", encoding="utf-8") as f:
            f.write(text)

    def read():
        with open(os.path.join(REPO, rel), encoding="utf-8") as f:
            return f.read()

    def expect(label, want_failures, text_in_report=None):
        nonlocal ok
        import contextlib
        import io
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            report = run_pages("check", [rel], build)
        got = len(report.failures)
        good = (got > 0) == want_failures
        if good and text_in_report is not None:
            good = text_in_report in buf.getvalue()
        print(f"{'ok  ' if good else 'FAIL'} selftest: {label}")
        if not good:
            ok = False
            print(buf.getvalue())
        return buf.getvalue()

    try:
        write(SELFTEST_PAGE)
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            run_pages("regenerate", [rel], build)
        page = read()
        if "[exit status 2]" not in page or "e_in: 2 is outside" not in page:
            print("FAIL selftest: regenerate did not record stderr and the exit status")
            ok = False
        expect("a regenerated page passes its check", False)
        # the timing columns differ from the page: masked, still passes
        write(page.replace("0.0004", "0.0123"))
        expect("a different value in a masked seconds column passes", False)
        write(page.replace("took 0.25 s", "took 13.5 s"))
        expect("a different masked 'took N s' passes", False)
        # one character of an unmasked output changed: fails, and says where
        h_line = next(l for l in page.split("\n") if l.startswith("exact"))
        altered = h_line[:-1] + ("0" if h_line[-1] != "0" else "1")
        write(page.replace(h_line, altered))
        lineno = page.split("\n").index(h_line) + 1
        expect("one changed character of an output fails", True,
               f"{rel}:{lineno - 2}: $ hertzfit hr 0.5")
        expect("the report names the first differing line", True, f"page line {lineno}")
        write(page.replace("12.5\nrun,", "12.6\nrun,"))
        expect("a changed unmasked column of an aligned table fails", True)
        write(page.replace("[exit status 2]", "[exit status 1]"))
        expect("a changed exit status fails", True, "[exit status 1]")
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    print("selftest: " + ("passed" if ok else "FAILED"))
    return ok


# ----------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["check", "regenerate", "selftest", "list"])
    parser.add_argument("pages", nargs="*", help="pages (default README.md and docs/*.md)")
    parser.add_argument("--build", default=os.path.join(REPO, "build"),
                        help="CMake build directory holding the hertzfit program (default build/)")
    parser.add_argument("--refresh", action="store_true",
                        help="regenerate: rewrite every output, masked values (wall times) too")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directories")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each command's time")
    args = parser.parse_intermixed_args()
    build = os.path.abspath(args.build)
    if args.mode != "list" and not os.access(os.path.join(build, "hertzfit"), os.X_OK):
        raise SystemExit(f"examples.py: no hertzfit program in {build} (build first, or --build DIR)")
    pages = [page_argument(p) for p in args.pages] or default_pages()
    if args.mode == "list":
        for page in pages:
            _, items = parse_page(page)
            for item in items:
                if item.kind == "console":
                    for cmd in item.commands:
                        print(f"{page}:{cmd.line}: $ {show(cmd.text.splitlines()[0], 110)}")
                else:
                    print(f"{page}:{item.line}: ({item.kind} {item.path})")
        return 0
    if args.mode == "selftest":
        return 0 if selftest(build) else 1
    report = run_pages(args.mode, pages, build, args.refresh, args.keep, args.verbose)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
