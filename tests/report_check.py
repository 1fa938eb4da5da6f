#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`hertzfit maxwell report` writes a complete, self-contained folder.

On the shipped traces (data/drop_traces: made at mu0 = 1 MPa, eta = 100 1/s)
and on a feature list without traces (data/maxwell_synthetic_noisy.csv):
  - every figure and table the page promises is there: index.html, the CSV
    of each table with the rows the data give (5 estimates and 12 impacts
    for the traces), the PNG figures whole (PNG signature and IEND chunk);
  - every href and src of index.html (parsed with html.parser) is a
    relative path that resolves to a file inside the folder, or a #fragment
    naming an id of the page; no URL, no absolute path, no <script>, no
    <link>, no url() or @import in the style: nothing outside the folder;
    and every file of the folder is referenced by the page;
  - the statuses are claims: the curve fit of the clean traces is
    `converged` and trusted, and holds the truth within 3 standard errors
    (0.5 % noise; the fit's standard errors are its only error); the t_c
    regression (eta < 0 there) is `nonphysical`, not trusted, and the page
    marks it bad; the noisy list's t_M and t_c regressions are not trusted;
  - the curve fit's row is what `maxwell fit --method curve` says of the
    same data (one computation, two front ends);
  - text from files is HTML-escaped: a list and a trace file whose names
    hold <, >, & and quotes appear only escaped;
  - an existing folder is refused without --force (exit 2, untouched);
    --force replaces a report folder whole, and refuses a folder holding a
    file that is not the report's (which stays); no temporary is left.

usage: report_check.py HERTZFIT REPO WORKDIR
"""
import csv
import html.parser
import os
import shutil
import subprocess
import sys

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_END = b"\x00\x00\x00\x00IEND\xaeB`\x82"


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs, self.ids, self.tags, self.style = [], set(), set(), ""
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self._in_style = tag == "style"
        for name, value in attrs:
            if name in ("href", "src", "srcset", "data", "poster", "action"):
                self.refs.append((tag, name, value or ""))
            if name == "id":
                self.ids.add(value)

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.style += data


def run(args, expect=0):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(args)} exited {p.returncode}, expected {expect}\n"
                 f"{p.stdout}{p.stderr}")
    return p


def check(cond, what):
    if not cond:
        sys.exit(f"FAIL: {what}")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def check_folder(out, expected):
    """Every link inside OUT, every file of OUT linked, EXPECTED files there."""
    names = set(os.listdir(out))
    check(expected <= names, f"{out}: missing {sorted(expected - names)}")
    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        page = f.read()
    parser = Links()
    parser.feed(page)
    check("script" not in parser.tags and "link" not in parser.tags,
          f"{out}/index.html: a <script> or <link> element")
    check("url(" not in parser.style and "@import" not in parser.style,
          f"{out}/index.html: the style loads something")
    root = os.path.realpath(out)
    linked = set()
    for tag, attr, ref in parser.refs:
        where = f"{out}/index.html: <{tag} {attr}=\"{ref}\">"
        if ref.startswith("#"):
            check(ref[1:] in parser.ids, f"{where}: no such id")
            continue
        check(":" not in ref and not ref.startswith("/") and "\\" not in ref,
              f"{where}: not a relative path inside the folder")
        target = os.path.realpath(os.path.join(out, ref))
        check(target.startswith(root + os.sep) and os.path.isfile(target),
              f"{where}: does not resolve to a file inside the folder")
        linked.add(os.path.relpath(target, root))
    check(names - {"index.html"} <= linked, f"{out}: files the page does not reference: "
          f"{sorted(names - {'index.html'} - linked)}")
    for name in names:
        if name.endswith(".png"):
            with open(os.path.join(out, name), "rb") as f:
                data = f.read()
            check(data.startswith(PNG_SIGNATURE) and data.endswith(PNG_END) and
                  len(data) > 10000, f"{out}/{name}: not a whole, non-trivial PNG")
    return page


def no_temporaries(parent):
    left = [n for n in os.listdir(parent) if ".tmp-" in n]
    check(not left, f"{parent}: temporaries left: {left}")


def traces_report(hertzfit, repo, work):
    data = os.path.join(repo, "data", "drop_traces", "drops.csv")
    out = os.path.join(work, "traces")
    run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out])
    page = check_folder(out, {"index.html", "provenance.csv", "section1_estimates.csv",
                              "section1_extraction.csv", "section1_traces.png",
                              "section1_regressions.png"})
    rows = read_csv(os.path.join(out, "section1_estimates.csv"))
    check(len(rows) == 5, f"5 estimates (3 regressions, full, curve), got {len(rows)}")
    check(len(read_csv(os.path.join(out, "section1_extraction.csv"))) == 12,
          "12 impacts in the extraction table")
    curve = [r for r in rows if r["method"] == "curve"]
    check(len(curve) == 1 and curve[0]["status"] == "converged" and curve[0]["trusted"] == "1",
          f"the curve fit of clean traces is converged and trusted: {curve}")
    c = curve[0]
    mu0, mu0_se = float(c["mu0_Pa"]), float(c["mu0_se_Pa"])
    eta, eta_se = float(c["eta_per_s"]), float(c["eta_se_per_s"])
    check(abs(mu0 - 1e6) < 3 * mu0_se and abs(eta - 100.0) < 3 * eta_se,
          f"the curve fit holds the truth within 3 se: mu0 {mu0} +- {mu0_se}, "
          f"eta {eta} +- {eta_se}")
    tc = [r for r in rows if r["method"] == "regression" and r["observable"] == "t_c"]
    # t_c hardly depends on eta at eps ~ 0.1: its line is nonphysical or
    # poorly determined (which, depends on the noise), never trusted
    check(len(tc) == 1 and tc[0]["status"] in ("nonphysical", "poorly-determined")
          and tc[0]["trusted"] == "0",
          f"the t_c regression is nonphysical or poorly determined, not trusted: {tc}")
    check(f'{tc[0]["status"]}, not trusted' in page and 'class="bad"' in page,
          "the page marks the t_c row as not trusted")
    fit = run([hertzfit, "maxwell", "fit", "--data", data, "--nu", "0.5", "--method",
               "curve", "--csv"]).stdout
    # the table follows its '#' provenance lines
    same = list(csv.DictReader(l for l in fit.splitlines() if not l.startswith("#")))[0]
    for column in ("mu0_Pa", "eta_per_s"):
        check(abs(float(same[column]) / float(c[column]) - 1) < 1e-8,
              f"the report's curve fit {column} {c[column]} is maxwell fit's {same[column]} "
              "(both %.9g or finer)")
    prov = {r["what"]: r for r in read_csv(os.path.join(out, "provenance.csv"))}
    check(prov["nu"]["value"] == "0.5" and "data" in prov and
          len(prov["data"]["sha256"]) == 64, f"the provenance names nu and the data: {prov}")
    return out, data


def refusals(hertzfit, out, data):
    with open(os.path.join(out, "index.html"), "rb") as f:
        before = f.read()
    p = run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out], 2)
    check("exists" in p.stderr and "--force" in p.stderr, f"the refusal says why: {p.stderr}")
    with open(os.path.join(out, "index.html"), "rb") as f:
        check(f.read() == before, "a refused report leaves the folder as it was")
    run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.45", "-o", out, "--force"])
    with open(os.path.join(out, "provenance.csv"), encoding="utf-8") as f:
        check("nu,0.45," in f.read(), "--force replaced the folder")
    foreign = os.path.join(out, "notes.txt")
    with open(foreign, "w") as f:
        f.write("mine\n")
    p = run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out,
             "--force"], 2)
    check(os.path.exists(foreign) and "notes.txt" in p.stderr,
          f"--force refuses a folder holding another file, which stays: {p.stderr}")
    no_temporaries(os.path.dirname(out))


def escaped_names(hertzfit, repo, work):
    src = os.path.join(repo, "data", "drop_traces")
    here = os.path.join(work, "names")
    os.makedirs(here, exist_ok=True)
    odd = "d<i>&'01.csv"
    with open(os.path.join(src, "drops.csv"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    for name in os.listdir(src):
        if name.startswith("drop") and name.endswith(".csv") and name != "drops.csv":
            shutil.copy(os.path.join(src, name),
                        os.path.join(here, odd if name == "drop01.csv" else name))
    listing = os.path.join(here, "list<b>\".csv")
    with open(listing, "w", encoding="utf-8") as f:
        f.write("\n".join(l.replace("drop01.csv", odd) for l in lines) + "\n")
    out = os.path.join(work, "escaped")
    run([hertzfit, "maxwell", "report", "--data", listing, "--nu", "0.5", "-o", out])
    page = check_folder(out, {"index.html", "section1_traces.png"})
    for raw in ("<b>", "<i>", "list<b>\""):
        check(raw not in page, f"raw text {raw!r} in the page")
    check("d&lt;i&gt;&amp;&#39;01.csv" in page and "list&lt;b&gt;&quot;.csv" in page,
          "the names appear escaped")


def features_report(hertzfit, repo, work):
    data = os.path.join(repo, "data", "maxwell_synthetic_noisy.csv")
    out = os.path.join(work, "features")
    run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out])
    check_folder(out, {"index.html", "provenance.csv", "section1_estimates.csv",
                       "section1_regressions.png"})
    names = set(os.listdir(out))
    check("section1_traces.png" not in names and "section1_extraction.csv" not in names,
          "no traces, no trace figure or extraction table")
    rows = {(r["method"], r["observable"]): r
            for r in read_csv(os.path.join(out, "section1_estimates.csv"))}
    for obs in ("t_M", "t_c"):
        r = rows[("regression", obs)]
        check(r["trusted"] == "0" and r["status"] != "ok",
              f"the noisy {obs} regression is not trusted: {r}")
    check(rows[("full", "F_M+t_M+t_c+e")]["trusted"] == "1",
          f"the full fit of the noisy list is trusted: {rows}")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    hertzfit, repo, work = sys.argv[1:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out, data = traces_report(hertzfit, repo, work)
    refusals(hertzfit, out, data)
    escaped_names(hertzfit, repo, work)
    features_report(hertzfit, repo, work)
    no_temporaries(work)
    print("report_check: all checks passed")


if __name__ == "__main__":
    main()
