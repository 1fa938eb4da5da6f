#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# docs/studies/study-bbob.sh — the campaigns behind docs/study-bbob.md (run by
# hand from the repository root after a Release build; never by ctest).
#
#   docs/studies/study-bbob.sh [OUT]     (default OUT = study-bbob, not committed)
#
# Campaigns of the same optimisers, each with hertzfit bench run and
# bench report (ERT, ECDF, Holm-corrected ranking), every one at nice 19
# on one thread (the machine is shared):
#   bbob      the 24 BBOB functions at d = 2, 3 and 5, the 15 instances of
#             COCO's 2023 set (one run each), budget 1000*d;
#   bbob-dD   the same at each larger dimension D of $BIG_DIMS (default
#             "10"; "10 20" for both), one campaign per dimension so that
#             each one's cost is known;
#   bbob-1e4-dD  the 24 functions at each dimension D of $LONG_DIMS (default
#             none; "2 3 5 10" as on the page), 15 instances, budget 10000*d;
#   the bbob-dD and bbob-1e4-dD campaigns are cut into $SHARDS shards
#             (default 8; bench run --shard i/k) run by GNU parallel, $JOBS at
#             a time (default 2), and joined with bench merge; their time line
#             is the whole campaign's (GNU time counts the CPU of every shard).
#   centre    nine classic test functions (optimum at or near the box centre)
#             at d = 5, 15 runs, budget 1000*d, as they are and with --shift
#             (the optimum moved to a seeded point): a method with a centre
#             bias does better on the first than on the second;
#   profile   the ICACO paper's calibration problem (Table 2 objective),
#             15 runs, 2000 evaluations, targets down to RMS within 1e-8 of
#             the closed-form minimum; and golden-section search
#             (GSL) on K0, the one variable the objective depends on,
#             with its evaluations to the same target
#             (build/bench/bench_profile --golden, into OUT/golden.txt).
# The wall and CPU time of each campaign is printed (GNU time).  SMALL=0
# skips bbob, centre and profile (to add larger campaigns to an OUT that
# holds them).
set -eu
OUT=${1:-study-bbob}
HF=${HERTZFIT:-build/hertzfit}
# ICACO's ablation: ica (no ant step), icaco{beta=0} (no assimilation: the
# colonies move only by the ant step), icaco (both); and both in the 2007
# variant (revolution, roulette competition: Atashpaz-Gargari & Lucas 2007)
OPTS='ica,icaco,icaco{beta=0},ica{variant=2007},icaco{variant=2007},random,nlopt:GN_CRS2_LM,nlopt:GN_DIRECT_L,restart:nlopt:LN_BOBYQA,restart:pagmo:cmaes,pagmo:sade,pagmo:pso'
DIMS=${DIMS:-2 3 5}
BIG_DIMS=${BIG_DIMS:-10}
LONG_DIMS=${LONG_DIMS:-}
SHARDS=${SHARDS:-8}
JOBS=${JOBS:-2}
mkdir -p "$OUT"
bbob=""
for d in $DIMS; do
  for f in $(seq 1 24); do bbob="$bbob${bbob:+,}bbob:$f:$d"; done
done
classic=""
for name in sphere ellipsoid rosenbrock rastrigin griewank ackley schwefel226 levy styblinski-tang; do
  classic="$classic${classic:+,}$name:5"
done
run() {
  name=$1; shift
  /usr/bin/time -f "$name: %e s wall, %U s user CPU, %S s system" \
    nice -n 19 "$HF" bench run --optimizers "$OPTS" --seed 1 --threads 1 --force \
    -o "$OUT/$name" "$@" > /dev/null
  nice -n 19 "$HF" bench report "$OUT/$name" > "$OUT/$name.summary.md"
}
# run_sharded NAME ARGS...: the campaign NAME in $SHARDS shards, $JOBS at a
# time (parallel -q passes each argument as it is, no shell between), merged
run_sharded() {
  name=$1; shift
  rm -rf "$OUT/$name.shards"
  mkdir -p "$OUT/$name.shards"
  seq 0 $((SHARDS - 1)) | /usr/bin/time -f "$name: %e s wall, %U s user CPU, %S s system" \
    parallel -q -j "$JOBS" --halt now,fail=1 nice -n 19 "$HF" bench run --optimizers "$OPTS" \
      --seed 1 --threads 1 --shard "{}/$SHARDS" -o "$OUT/$name.shards/{}" "$@" > /dev/null
  nice -n 19 "$HF" bench merge --force -o "$OUT/$name" "$OUT/$name.shards"/* > /dev/null
  rm -rf "$OUT/$name.shards"
  nice -n 19 "$HF" bench report "$OUT/$name" > "$OUT/$name.summary.md"
}
bbob_at() {
  list=""
  for f in $(seq 1 24); do list="$list${list:+,}bbob:$f:$1"; done
  echo "$list"
}
if [ "${SMALL:-1}" != 0 ]; then
  run bbob --problems "$bbob" --instances 2023 --budget '1000*d'
  run centre --problems "$classic" --runs 15 --budget '1000*d'
  run centre-shifted --problems "$classic" --runs 15 --budget '1000*d' --shift
  run profile --problems profile-table --runs 15 --budget 2000
  nice -n 19 "${BENCH_PROFILE:-build/bench/bench_profile}" --golden > "$OUT/golden.txt"
fi
# the larger dimensions and the larger budget last: the longest campaigns
for d in $BIG_DIMS; do
  run_sharded "bbob-d$d" --problems "$(bbob_at "$d")" --instances 2023 --budget '1000*d'
done
for d in $LONG_DIMS; do
  run_sharded "bbob-1e4-d$d" --problems "$(bbob_at "$d")" --instances 2023 --budget '10000*d'
done
