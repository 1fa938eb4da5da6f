#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# docs/studies/study-bbob-cocopp.sh — cocopp's comparison of the study's
# d = 2, 3, 5 campaign with algorithms of COCO's data archive, for
# docs/study-bbob.md (run by hand after docs/studies/study-bbob.sh, from the
# repository root; never by ctest, which has neither cocopp nor the archive).
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
# reference.  Writes OUT/cocopp (cocopp's ppdata, its log and time) and the
# runtime ECDF over all 24 functions per dimension as
# docs/study-bbob/cocopp-ecdf-DD.png (the SVG cocopp draws, rendered by
# Chromium), and OUT/cocopp/section.md for study_bbob_page.py.
set -eu
OUT=$(cd "$1" && pwd)
SRC=$(cd "$2" && pwd)
ARCH=$(cd "$3" && pwd)
S=$OUT/bbob/coco
mkdir -p "$OUT/cocopp" docs/study-bbob
rm -rf "$OUT/cocopp/ppdata"
(cd "$OUT/cocopp" && MPLBACKEND=Agg PYTHONPATH="$SRC" \
  /usr/bin/time -f "cocopp: %e s wall, %U s user CPU, %S s system" \
  nice -n 19 /usr/bin/python3 -m cocopp -o ppdata \
  "$S/ica" "$S/icaco" "$S/restart-pagmo-cmaes" "$S/pagmo-sade" \
  "$ARCH/DIRECT" "$ARCH/R-SHADE-10e2" "$ARCH/EvoSpace-PSO-GA" "$ARCH/Ord-N-DTS-CMA-ES") \
  > "$OUT/cocopp/cocopp.log" 2> "$OUT/cocopp/cocopp.err"
grep 'wall' "$OUT/cocopp/cocopp.err" > "$OUT/cocopp/time.txt"
figures=""
for d in 02 03 05; do
  svg=$(find "$OUT/cocopp/ppdata" -name "pprldmany_${d}D_noiselessall.svg" | head -n 1)
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=615,461 \
    --screenshot="docs/study-bbob/cocopp-ecdf-${d}D.png" "file://$svg" > /dev/null 2>&1
  figures="$figures![cocopp runtime ECDF, all 24 functions, ${d}-D](study-bbob/cocopp-ecdf-${d}D.png)
"
done
cat > "$OUT/cocopp/section.md" <<SECTION
cocopp (run from the source of numbbo/coco-postprocess with Debian's
matplotlib; \`docs/studies/study-bbob-cocopp.sh\`) on the coco/ folders of
ICA, ICACO, CMA-ES with IPOP restarts and SaDE from the d = 2, 3, 5
campaign, against four algorithms of COCO's data archive — DIRECT (Pošík,
BBOB 2009), R-SHADE-10e2 (Tanabe, 2015), EvoSpace-PSO-GA (García-Valdez,
2017), Ord-N-DTS-CMA-ES (Pitra, 2017) — and cocopp's best 2009.  Runtime
ECDF over all 24 functions and every target (cocopp's \`pprldmany\`).  The
archived algorithms ran with budgets of their own (R-SHADE-10e2 for
100·d evaluations, by its files), and past a run's budget a
curve is cocopp's simulated restarts: compare the curves at the same
evaluations (the x axis, 3 = 1000·d, the hertzfit runs' budget, marked
×), not at their ends.  cocopp warned of no inconsistency in the
hertzfit data (it did for two archived sets, DIRECT and
Ord-N-DTS-CMA-ES).

    $(cat "$OUT/cocopp/time.txt")

$figures
SECTION
