#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# docs/studies/study-bbob-cocopp.sh — cocopp's comparison of the study's
# campaigns with algorithms of COCO's data archive, for docs/study-bbob.md
# (run by hand after docs/studies/study-bbob.sh, from the repository root;
# never by ctest, which has neither cocopp nor the archive).
#
#   docs/studies/study-bbob-cocopp.sh OUT COCOPP_SRC ARCHIVE
#
# OUT is study-bbob.sh's output folder; COCOPP_SRC a folder holding the
# cocopp package (src/ of numbbo/coco-postprocess: run from its source,
# with Debian's python3-matplotlib, python3-platformdirs and python3-six);
# ARCHIVE a folder holding the unpacked tarballs of numbbo/data-archive
# (not committed): bbob/2009/DIRECT_posik_noiseless.tgz,
# bbob/2015-CEC/R-SHADE-10e2_Tanabe.tgz,
# bbob/2017/EvoSpace-PSO-GA_Garcia-Valdez.tgz and
# bbob/2017/Ord-N-DTS-CMA-ES_Pitra.tgz, unpacked as DIRECT, R-SHADE-10e2,
# EvoSpace-PSO-GA and Ord-N-DTS-CMA-ES.  cocopp adds its own best-2009
# reference.
#
# The hertzfit side is ICA, ICACO, CMA-ES with IPOP restarts and SaDE from
# the 1000*d campaigns, the budget every dimension has: bbob (d = 2, 3, 5)
# and each bbob-dD, put together per dimension into one coco folder per
# optimiser, OUT/cocopp/hertzfit/NAME.  Writes OUT/cocopp
# (cocopp's ppdata with its HTML pages, its log and time), the figures of
# the page into docs/study-bbob/ (cocopp's SVGs rendered by Chromium: the
# runtime ECDF over all functions per dimension, and grids of cocopp's
# per-function figures: ERT against dimension, and the runtime ECDF of
# each function at 5-D and 20-D), and OUT/cocopp/section.md for
# study_bbob_page.py.
set -eu
OUT=$(cd "$1" && pwd)
SRC=$(cd "$2" && pwd)
ARCH=$(cd "$3" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
C=$OUT/cocopp
ALGS="ica icaco restart-pagmo-cmaes pagmo-sade"
mkdir -p "$C" docs/study-bbob
rm -rf "$C/ppdata" "$C/hertzfit"
# campaign_of D: the 1000*d campaign folder holding dimension D
campaign_of() {
  for name in "bbob-d$1" bbob; do
    if [ -f "$OUT/$name/coco/ica/bbobexp_f1.info" ] &&
       grep -q "DIM = $1," "$OUT/$name/coco/ica/bbobexp_f1.info"; then
      echo "$name"; return
    fi
  done
}
sources=""
for d in 2 3 5 10 20; do
  camp=$(campaign_of "$d")
  [ -n "$camp" ] || continue
  sources="$sources${sources:+, }d = $d from $camp"
  for alg in $ALGS; do
    from=$OUT/$camp/coco/$alg
    to=$C/hertzfit/$alg
    for info in "$from"/*.info; do
      base=$(basename "$info" .info)
      f=${base#bbobexp_f}
      mkdir -p "$to/data_f$f"
      # an .info file is blocks of three lines, each opened by the line
      # naming its DIM: keep the blocks of dimension d
      awk -v d="$d" '/DIM = / { keep = ($0 ~ ("DIM = " d ",")) } keep' "$info" >> "$to/$base.info"
      cp "$from/data_f$f/bbobexp_f${f}_DIM$d".* "$to/data_f$f/"
    done
  done
done
(cd "$C" && PYTHONPATH="$SRC" \
  /usr/bin/time -f "cocopp: %e s wall, %U s user CPU, %S s system" \
  nice -n 19 /usr/bin/python3 "$HERE/study_bbob_cocopp.py" ppdata \
  hertzfit/ica hertzfit/icaco hertzfit/restart-pagmo-cmaes hertzfit/pagmo-sade \
  "$ARCH/DIRECT" "$ARCH/R-SHADE-10e2" "$ARCH/EvoSpace-PSO-GA" "$ARCH/Ord-N-DTS-CMA-ES") \
  > "$C/cocopp.log" 2> "$C/cocopp.err"
grep 'wall' "$C/cocopp.err" > "$C/time.txt"
PP=$(dirname "$(find "$C/ppdata" -name 'pprldmany_05D_noiselessall.svg' | head -n 1)")
# shot FILE.png WIDTH HEIGHT URL: Chromium's screenshot of URL
shot() {
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$2,$3" \
    --screenshot="$1" "$4" > /dev/null 2>&1
}
# grid NAME HEIGHT TITLE SVG...: the SVGs in a 6-column grid, one PNG
# 1500 pixels wide and HEIGHT high
grid() {
  name=$1; height=$2; title=$3; shift 3
  html=$C/$name.html
  {
    printf '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
    printf 'body{margin:4px;background:#fff;font:14px sans-serif}'
    printf 'div{display:grid;grid-template-columns:repeat(6,1fr);gap:2px}'
    printf 'img{width:100%%}</style></head><body><b>%s</b><div>' "$title"
    for svg in "$@"; do printf '<img src="file://%s">' "$svg"; done
    printf '</div></body></html>\n'
  } > "$html"
  shot "docs/study-bbob/$name.png" 1500 "$height" "file://$html"
}
figures=""
for d in 02 03 05 10 20; do
  svg=$PP/pprldmany_${d}D_noiselessall.svg
  [ -f "$svg" ] || continue
  shot "docs/study-bbob/cocopp-ecdf-${d}D.png" 615 461 "file://$svg"
  figures="$figures![cocopp runtime ECDF, all 24 functions, ${d}-D](study-bbob/cocopp-ecdf-${d}D.png)
"
done
scaling=""
for f in $(seq -w 1 24); do scaling="$scaling $PP/ppfigs_f0$f.svg"; done
# shellcheck disable=SC2086 # the list is of paths without spaces, made above
grid cocopp-ert-per-function 770 "ERT/dimension against dimension, f1-f24 (cocopp ppfigs; target 1e-8)" $scaling
for d in 05 20; do
  single=""
  for f in $(seq -w 1 24); do
    single="$single $(find "$PP/pprldmany-single-functions" -name "pprldmany_f0${f}_${d}D.svg" | head -n 1)"
  done
  # shellcheck disable=SC2086
  grid "cocopp-ecdf-per-function-${d}D" 800 "runtime ECDF per function, ${d}-D, f1-f24 (cocopp pprldmany)" $single
done
cat > "$C/section.md" <<SECTION
cocopp (run from the source of numbbo/coco-postprocess with Debian's
matplotlib; \`docs/studies/study-bbob-cocopp.sh\`) on ICA, ICACO, CMA-ES
with IPOP restarts and SaDE ($sources), against four algorithms of COCO's
data archive — DIRECT (Pošík, BBOB 2009), R-SHADE-10e2 (Tanabe, 2015),
EvoSpace-PSO-GA (García-Valdez, 2017), Ord-N-DTS-CMA-ES (Pitra, 2017) —
and cocopp's best 2009.  The archived algorithms ran with budgets of their
own (R-SHADE-10e2 for 100·d evaluations, by its files), and past a run's
budget a curve is cocopp's simulated restarts: compare the curves at the
same evaluations (the x axis, log10 of evaluations divided by the
dimension; × marks the median length of an algorithm's runs, 3 = 1000·d
for the hertzfit runs), not at their ends.  cocopp's full output
(its HTML pages per function and dimension, its tables) is in
OUT/cocopp/ppdata, not committed; the page shows its figures.

    $(cat "$C/time.txt")

Runtime ECDF over all 24 functions and every target (cocopp's
\`pprldmany\`), per dimension:

$figures
Per function: the ERT (in evaluations divided by the dimension, log10) to
reach Δ = 1e-8 against the dimension (cocopp's \`ppfigs\`: an algorithm
without a symbol at a dimension reached Δ = 1e-8 in no run there; light
symbols give its longest run's evaluations divided by the dimension; the
legend is in f1 and f24), and the runtime ECDF of each function at 5-D and
20-D over its 51 targets from 100 to 1e-8 (cocopp's
\`pprldmany\` per function):

![cocopp ERT against dimension, per function](study-bbob/cocopp-ert-per-function.png)
![cocopp runtime ECDF per function, 5-D](study-bbob/cocopp-ecdf-per-function-05D.png)
![cocopp runtime ECDF per function, 20-D](study-bbob/cocopp-ecdf-per-function-20D.png)
SECTION
