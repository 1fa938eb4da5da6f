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
  - the provenance is the one record of hf_maxwell_provenance: provenance.csv
    (key,value) holds each trace file's SHA-256 as hashlib computes it, the
    entries the '# key = value' lines of 'maxwell fit --csv' give, and the
    page's table shows every entry;
  - on a list with a specimen column (data/maxwell_specimens.csv): one
    section per specimen on its own drops, then the comparison, whose
    verdicts are those of 'maxwell compare' and the truth of the data; and
    the shipped traces split in two specimens of one material: two
    sections numbering drops as the list does, not differing;
  - an existing folder is refused without --force (exit 2, untouched);
    --force replaces a report folder whole, and refuses a folder holding a
    file that is not the report's (which stays); no temporary is left.

usage: report_check.py HERTZFIT REPO WORKDIR
"""
import csv
import hashlib
import html
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
    prov = check_provenance(out, page)
    check(prov["nu"] == "0.5" and prov["data"] == data and
          all(prov[f"trace_{i}_sha256"] == sha256_of(os.path.join(os.path.dirname(data),
                                                                   prov[f"trace_{i}"]))
              for i in range(1, 13)) and prov["data_sha256"] == sha256_of(data),
          f"the provenance names nu, the data and each trace file with its SHA-256: {prov}")
    # one mechanism: the entries 'maxwell fit --csv' writes as '# key = value'
    # lines of the same data and options are the report's
    lines = dict(l[2:].split(" = ", 1) for l in fit.splitlines() if l.startswith("# "))
    for key in ("hertzfit_version", "git_hash", "data", "data_sha256", "trace_12_sha256",
                "g_mps2", "nu", "alpha", "seed", "optimizer", "weights"):
        check(prov[key] == lines[key], f"provenance {key}: report {prov[key]!r}, "
              f"'maxwell fit --csv' {lines.get(key)!r}")
    return out, data


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check_provenance(out, page):
    """provenance.csv is a key,value list and the page's table shows each entry."""
    rows = read_csv(os.path.join(out, "provenance.csv"))
    check(rows and list(rows[0].keys()) == ["key", "value"],
          f"{out}/provenance.csv: columns key,value")
    prov = {r["key"]: r["value"] for r in rows}
    check(len(prov) == len(rows), f"{out}/provenance.csv: a key twice")
    for key, value in prov.items():
        check(f"<tr><td>{html.escape(key)}</td><td>{html.escape(value)}</td></tr>" in page,
              f"{out}/index.html: provenance {key} = {value} not in the page's table")
    return prov


def refusals(hertzfit, out, data):
    with open(os.path.join(out, "index.html"), "rb") as f:
        before = f.read()
    p = run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out], 2)
    check("exists" in p.stderr and "--force" in p.stderr, f"the refusal says why: {p.stderr}")
    with open(os.path.join(out, "index.html"), "rb") as f:
        check(f.read() == before, "a refused report leaves the folder as it was")
    run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.45", "-o", out, "--force"])
    prov = {r["key"]: r["value"] for r in read_csv(os.path.join(out, "provenance.csv"))}
    check(float(prov["nu"]) == 0.45, "--force replaced the folder")
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


def specimens_report(hertzfit, repo, work):
    """Three specimens (A-1 and A-2 of one material, B of 5 % stiffer mu0:
    data/maxwell_specimens.py made them): one section each, in the order
    the list names them, and their comparison with the verdicts of
    'maxwell compare' -- which, for this data, are the truth: A-1 and A-2
    do not differ, B differs from both (mu0 differs by 0.5 MPa, about 10
    standard errors of the difference at 1 % noise)."""
    data = os.path.join(repo, "data", "maxwell_specimens.csv")
    out = os.path.join(work, "specimens")
    run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out])
    names = ["A-1", "A-2", "B"]
    expected = {"index.html", "provenance.csv", "comparison.csv"}
    for k in range(1, 4):
        expected |= {f"section{k}_estimates.csv", f"section{k}_regressions.png"}
    page = check_folder(out, expected)
    check("section4_estimates.csv" not in os.listdir(out), "no fourth section")
    with open(data, encoding="utf-8") as f:
        listed = list(csv.DictReader(l for l in f if not l.startswith("#")))
    for k, name in enumerate(names, 1):
        check(f'<h2>Section {k}: {name} (' in page, f"section {k} is specimen {name}")
        rows = read_csv(os.path.join(out, f"section{k}_estimates.csv"))
        drops = sum(r["specimen"] == name for r in listed)
        full = [r for r in rows if r["method"] == "full"]
        check(all(r["section"] == name for r in rows) and len(full) == 1 and
              int(full[0]["n"]) == drops,
              f"section {k}: specimen {name}'s {drops} drops alone: {rows}")
    check('id="comparison"' in page and page.index('id="comparison"') >
          page.index('id="section3"') and page.index('id="comparison"') <
          page.index('id="provenance"'), "the comparison comes after the sections")
    pairs = {(r["specimen_a"], r["specimen_b"]): r
             for r in read_csv(os.path.join(out, "comparison.csv"))}
    compare = run([hertzfit, "maxwell", "compare", "--data", data, "--nu", "0.5",
                   "--csv"]).stdout
    theirs = {(r["specimen_a"], r["specimen_b"]): r for r in
              csv.DictReader(l for l in compare.splitlines() if not l.startswith("#"))}
    check(pairs.keys() == theirs.keys(), f"the pairs of 'maxwell compare': {list(pairs)}")
    for pair, r in pairs.items():
        check(r["differ"] == theirs[pair]["differ"] and r["status"] == theirs[pair]["status"]
              and abs(float(r["p_holm"]) / float(theirs[pair]["p_holm"]) - 1) < 1e-6,
              f"{pair}: the report's verdict {r} is 'maxwell compare''s {theirs[pair]}")
    truth = {("A-1", "A-2"): "no", ("A-1", "B"): "yes", ("A-2", "B"): "yes"}
    for pair, verdict in truth.items():
        check(pairs[pair]["differ"] == verdict and pairs[pair]["status"] == "ok",
              f"{pair}: differ {verdict} expected: {pairs[pair]}")
        check(f"<td>{pair[0]}</td><td>{pair[1]}</td>" in page, f"{pair} in the page's table")
    prov = check_provenance(out, page)
    lines = dict(l[2:].split(" = ", 1) for l in compare.splitlines() if l.startswith("# "))
    check(float(prov["level"]) == 0.05 and prov["level"] == lines["level"],
          f"the comparison's level recorded as 'maxwell compare' records it: {prov}")


def traces_specimens_report(hertzfit, repo, work):
    """The shipped traces (one material) split into two specimens X and Y,
    drops alternating: two sections with their own traces, the extraction
    numbering drops as the list does, and the comparison of the curve fits
    ('maxwell compare''s choice without feature columns) says what
    'maxwell compare' says, and that one material does not differ."""
    src = os.path.join(repo, "data", "drop_traces")
    here = os.path.join(work, "xy")
    shutil.copytree(src, here)
    with open(os.path.join(here, "drops.csv"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    out_lines, row = [], 0
    for line in lines:
        if line.startswith("#") or not line.strip():
            out_lines.append(line)
            continue
        out_lines.append(("specimen" if row == 0 else "XY"[(row - 1) % 2]) + "," + line)
        row += 1
    data = os.path.join(here, "drops.csv")
    with open(data, "w", encoding="utf-8") as f:
        f.write("\n".join(out_lines) + "\n")
    out = os.path.join(work, "xy-report")
    run([hertzfit, "maxwell", "report", "--data", data, "--nu", "0.5", "-o", out])
    expected = {"index.html", "provenance.csv", "comparison.csv"}
    for k in (1, 2):
        expected |= {f"section{k}_estimates.csv", f"section{k}_extraction.csv",
                     f"section{k}_traces.png", f"section{k}_regressions.png"}
    page = check_folder(out, expected)
    for k, drops in ((1, ["1", "3", "5", "7", "9", "11"]), (2, ["2", "4", "6", "8", "10", "12"])):
        rows = read_csv(os.path.join(out, f"section{k}_extraction.csv"))
        check(sorted({r["drop"] for r in rows}, key=int) == drops and
              all(r["trace_file"].endswith(f"drop{int(r['drop']):02d}.csv") for r in rows),
              f"section {k}: the list's drops {drops} with their own traces: {rows}")
    pair = read_csv(os.path.join(out, "comparison.csv"))
    compare = run([hertzfit, "maxwell", "compare", "--data", data, "--nu", "0.5",
                   "--csv"]).stdout
    theirs = list(csv.DictReader(l for l in compare.splitlines() if not l.startswith("#")))
    check(len(pair) == 1 and pair[0]["differ"] == theirs[0]["differ"] == "no" and
          abs(float(pair[0]["p_holm"]) / float(theirs[0]["p_holm"]) - 1) < 1e-6,
          f"one material: X and Y do not differ, as 'maxwell compare' says: {pair} {theirs}")
    check("the curve fit" in page, "the comparison names the curve fit")


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
    specimens_report(hertzfit, repo, work)
    traces_specimens_report(hertzfit, repo, work)
    no_temporaries(work)
    print("report_check: all checks passed")


if __name__ == "__main__":
    main()
