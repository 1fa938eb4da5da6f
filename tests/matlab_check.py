#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tests/matlab_check.py — the MATLAB/Octave bindings (matlab/) agree with
the program bit for bit.

Runs tests/matlab_check.m in octave-cli (which also checks every error path:
an unknown option, a value of the wrong type, an unknown optimiser, model
or parameter, a missing file or option, values out of range) and compares
each CSV it writes (%.17g) with the same command of the program (--csv,
%.17g): the 50-run ICACO fit of Table 2 with seed 7, an NLopt fit on a
c_r sampling with bounds and a budget, an ICA fit with a parameter set,
h_r of three models, c_opt, Maxwell impacts with noise over a grid and one
impact, the Maxwell identification, the features extracted from the force
traces of data/drop_traces (first and every impact) and the curve fit of
those traces (default, and extracted contact starts with a zero baseline),
the exact viscoelastic fit of the traces (auto's five laws with the
ranking's '#' lines, and the SLS of traces given as vectors) and the exact
feature fit of the features in the struct the extraction returns.  Every column the program prints
must be equal as text, but the wall time ('seconds').  Octave's exit status
decides, not its output (Octave 7 prints a spurious message at exit).

Usage: matlab_check.py HERTZFIT_EXE OCTAVE_CLI MEX_DIR SOURCE_DIR WORK_DIR
"""
import csv
import os
import re
import shutil
import subprocess
import sys


def run(args, cwd, ok=(0,)):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in ok:
        sys.exit(f"FAIL: {' '.join(args)} -> exit {p.returncode}\nstdout: {p.stdout}\n"
                 f"stderr: {p.stderr}")
    return p.stdout


def rows(text):
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith('#')))


def compare(what, program, binding):
    if len(program) != len(binding) or not program:
        sys.exit(f"FAIL: {what}: {len(program)} program rows, {len(binding)} binding rows")
    for i, (p, b) in enumerate(zip(program, binding)):
        for column, value in p.items():
            if column == 'seconds':
                continue
            if column not in b:
                sys.exit(f"FAIL: {what}: the binding has no field {column}")
            if b[column] != value:
                sys.exit(f"FAIL: {what}: row {i} {column}: program {value}, binding {b[column]}")
    print(f"ok: {what}: {len(program)} rows x {len(program[0]) - ('seconds' in program[0])} "
          f"columns identical")


def check_report(exe, source, work, specimens, binding):
    """hertzfit_maxwell_report against `maxwell report -o DIR` (one library
    call behind both): each section's rows as the program's CSV prints them
    (9 digits), the comparison, and the provenance but for the command."""
    folder = os.path.join(work, 'report')
    run([exe, 'maxwell', 'report', '--data', specimens, '--nu', '0.5', '-o', folder],
        cwd=source)
    for k in (1, 2, 3):
        with open(os.path.join(folder, 'section%d_estimates.csv' % k)) as f:
            printed = list(csv.DictReader(f))
        mine = binding('maxwell_report_section%d.csv' % k)
        if len(printed) != len(mine):
            sys.exit(f"FAIL: maxwell_report section {k}: {len(printed)} program rows, "
                     f"{len(mine)} binding rows")
        for p, b in zip(printed, mine):
            same = [p['method'] == b['method'], p['observable'] == b['observable'],
                    p['status'] == b['status'], p['trusted'] == ('1' if b['trusted'] == 'yes'
                                                                 else '0')]
            same += [p[c] == ('NA' if b[m] == 'NA' else '%.9g' % float(b[m]))
                     for c, m in (('mu0_Pa', 'mu0_Pa'), ('mu0_se_Pa', 'mu0_se'),
                                  ('eta_per_s', 'eta_per_s'), ('eta_se_per_s', 'eta_se'))]
            if not all(same):
                sys.exit(f"FAIL: maxwell_report section {k}: program {p}, binding {b}")
    with open(os.path.join(folder, 'comparison.csv')) as f:
        pairs = list(csv.DictReader(f))
    mine = binding('maxwell_report_comparison.csv')
    if [(p['specimen_a'], p['specimen_b'], p['differ']) for p in pairs] != \
            [(b['specimen_a'], b['specimen_b'], b['differ']) for b in mine]:
        sys.exit(f"FAIL: maxwell_report comparison: program {pairs}, binding {mine}")
    with open(os.path.join(folder, 'provenance.csv')) as f:
        theirs = ['# %s = %s' % (r['key'], r['value']) for r in csv.DictReader(f)
                  if r['key'] != 'command']
    with open(os.path.join(work, 'maxwell_report_provenance.txt')) as f:
        if f.read().splitlines() != theirs:
            sys.exit("FAIL: maxwell_report: provenance differs from the program's")
    print("ok: maxwell_report: 3 sections' rows, the comparison and the provenance identical")


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    exe, octave, mex_dir, source, work = (os.path.abspath(a) for a in sys.argv[1:])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out = run([octave, '--no-gui', '--norc', '-q', os.path.join(source, 'tests', 'matlab_check.m'),
               mex_dir, os.path.join(source, 'matlab'), work], cwd=work)
    print(out.rstrip())

    def binding(name):
        with open(os.path.join(work, name), newline='') as f:
            return list(csv.DictReader(f))

    def program(*args, ok=(0,)):
        return rows(run([exe] + list(args) + ['--csv'], cwd=source, ok=ok))

    table = os.path.join(source, 'data', 'safaeifar2020_table2.csv')
    compare('fit_profile icaco, 50 runs, seed 7, Table 2',
            program('fit', 'profile', '--optimizer', 'icaco', '--runs', '50', '--seed', '7',
                    '--table', table), binding('fit_profile.csv'))
    bobyqa = program('fit', 'profile', '--optimizer', 'nlopt:LN_BOBYQA', '--runs', '5',
                     '--seed', '3', '--bounds', '1,5,2,5', '--max-evals', '300',
                     '--sampling', 'file:' + os.path.join(work, 'sampling.csv'))
    compare('fit_profile nlopt:LN_BOBYQA on a sampling, bounds, budget', bobyqa,
            binding('fit_profile_bobyqa.csv'))
    summary = binding('fit_profile_bobyqa_summary.csv')[0]
    best = min(float(r['rms_pct']) for r in bobyqa)
    if float(summary['best']) != best:
        sys.exit(f"FAIL: summary best {summary['best']} is not the best run's {best!r}")
    print('ok: the summary\'s best is the best run\'s rms_pct')
    compare('fit_profile random, the largest seed (2^64 - 1, uint64 in MATLAB)',
            program('fit', 'profile', '--optimizer', 'random', '--runs', '2', '--seed',
                    '18446744073709551615', '--table', table),
            binding('fit_profile_max_seed.csv'))
    compare('fit_profile ica with set beta=1.5',
            program('fit', 'profile', '--optimizer', 'ica', '--runs', '4', '--seed', '11',
                    '--set', 'beta=1.5'), binding('fit_profile_ica_set.csv'))
    c = ['0.05', '0.2', '0.5', '0.9', '1']
    hr = (program('hr', '--model', 'lankarani-nikravesh', *c) + program('hr', *c) +
          program('hr', '--model', 'profile', '--a', '2.939', '--b', '3.409', *c))
    compare('hr of three models', hr, binding('hr.csv'))
    compare('copt', program('copt', '--n', '1.5', '--e', '0.5,0.8', '--m', '1', '--k', '1.4e8',
                            '--v0', '4.2'), binding('copt.csv'))
    compare('ev, fixed Hunt-Crossley law, 5 speeds',
            program('ev', '--form', 'fixed', '--points', '5'), binding('ev.csv'))
    ev_args = ('ev', '--form', 'viscoelastic', '--alpha', '0.9', '--eta', '2127659.6',
               '--points', '7')
    compare('ev, viscoelastic form (exact impact on a standard linear solid), 7 speeds',
            program(*ev_args), binding('ev_viscoelastic.csv'))
    # the series fit: the program prints it behind '#' at 6 digits (4 for
    # c2/c1^2), the binding returns the doubles; both from one library call
    notes = run([exe] + list(ev_args) + ['--csv'], cwd=source)
    sphere = binding('ev_sphere.csv')[0]
    m = re.search(r'1 - e = (\S+) v\^\(1/5\) - (\S+) v\^\(2/5\).*c2/c1\^2 = (\S+)', notes)
    b = re.search(r'beta = c1/C1 = (\S+) ', notes)
    printed = [(m.group(1), 'c1', '%.6g'), (m.group(2), 'c2', '%.6g'),
               (m.group(3), 'c2_over_c1_squared', '%.4f'), (b.group(1), 'beta', '%.6g')]
    for text, field, fmt in printed:
        if fmt % float(sphere[field]) != text:
            sys.exit(f"FAIL: ev series fit: the binding's {field} {sphere[field]} prints "
                     f"{fmt % float(sphere[field])}, the program's is {text}")
    print('ok: ev series fit (c1, c2, c2/c1^2, beta) as the program prints it')
    compare('maxwell_simulate over a grid with noise',
            program('maxwell', 'simulate', '--mu0', '1e7', '--nu', '0.5', '--eta', '300',
                    '--grid', os.path.join(source, 'data', 'maxwell_synthetic_grid.csv'),
                    '--noise', '0.02', '--seed', '5'), binding('maxwell_simulate_grid.csv'))
    compare('maxwell_simulate of one impact',
            program('maxwell', 'simulate', '--mu0', '1e6', '--nu', '0.49', '--eta', '20',
                    '--m', '0.01', '--R', '0.01', '--v0', '0.5'),
            binding('maxwell_simulate_one.csv'))
    compare('viscoelastic_simulate, three Prony terms',
            program('viscoelastic', 'simulate', '--mu0', '1e6', '--nu', '0.45', '--eta',
                    '40,400,4000', '--weight', '0.2,0.3,0.2', '--m', '0.05', '--R', '0.01',
                    '--v0', '2'), binding('viscoelastic_simulate.csv'))
    compare('viscoelastic_simulate, standard linear solid',
            program('viscoelastic', 'simulate', '--mu0', '1e6', '--nu', '0.45', '--eta', '400',
                    '--alpha', '0.5', '--m', '0.05', '--R', '0.01', '--v0', '2'),
            binding('viscoelastic_simulate_sls.csv'))
    compare('maxwell_fit', program('maxwell', 'fit', '--data',
                                   os.path.join(source, 'data', 'maxwell_synthetic_noisy.csv'),
                                   '--nu', '0.5', ok=(0, 1)), binding('maxwell_fit.csv'))
    compare('maxwell_fit bootstrap 24, seed 5 (the binding on 1 thread, the program on all)',
            program('maxwell', 'fit', '--data',
                    os.path.join(source, 'data', 'maxwell_synthetic_noisy.csv'), '--nu', '0.5',
                    '--method', 'full', '--bootstrap', '24', '--seed', '5'),
            binding('maxwell_fit_bootstrap.csv'))
    drops = os.path.join(source, 'data', 'drop_traces', 'drops.csv')
    compare('maxwell_extract', program('maxwell', 'extract', '--data', drops),
            binding('maxwell_extract.csv'))
    compare('maxwell_extract of every impact',
            program('maxwell', 'extract', '--data', drops, '--impact', 'all'),
            binding('maxwell_extract_all.csv'))
    compare('maxwell_fit method curve',
            program('maxwell', 'fit', '--data', drops, '--nu', '0.5', '--method', 'curve',
                    ok=(0, 1)), binding('maxwell_fit_curve.csv'))
    compare('maxwell_fit curve with extracted contact starts, zero baseline, 50 iterations',
            program('maxwell', 'fit', '--data', drops, '--nu', '0.5', '--contact-start',
                    'extracted', '--baseline', 'zero', '--max-iter', '50', ok=(0, 1)),
            binding('maxwell_fit_curve_extracted.csv'))
    # data in memory: the extraction's struct fitted as the program fits the
    # extraction's --csv table; traces handed over as vectors, as the list
    features = os.path.join(work, 'features.csv')
    with open(features, 'w') as f:
        f.write(run([exe, 'maxwell', 'extract', '--data', drops, '--csv'], cwd=source))
    compare('maxwell_fit of the struct maxwell_extract returns',
            program('maxwell', 'fit', '--data', features, '--nu', '0.5', ok=(0, 1)),
            binding('maxwell_fit_struct.csv'))
    compare('maxwell_fit method curve of traces given as vectors',
            program('maxwell', 'fit', '--data', drops, '--nu', '0.5', '--method', 'curve',
                    ok=(0, 1)), binding('maxwell_fit_curve_arrays.csv'))
    with_files = program('maxwell', 'extract', '--data', drops)
    for row in with_files:
        del row['trace_file']
    compare('maxwell_extract of traces given as vectors', with_files,
            binding('maxwell_extract_arrays.csv'))
    # the exact viscoelastic fit and ranking: the table as text, and the
    # ranking's '#' lines as the program prints them
    compare('viscoelastic_fit auto (five laws ranked) of the traces',
            program('viscoelastic', 'fit', '--data', drops, '--nu', '0.5'),
            binding('viscoelastic_fit.csv'))
    notes = [l for l in run([exe, 'viscoelastic', 'fit', '--data', drops, '--nu', '0.5'],
                            cwd=source).splitlines() if l.startswith('# ')]
    with open(os.path.join(work, 'viscoelastic_fit_notes.txt')) as f:
        mine = f.read().splitlines()
    if mine != notes or not any('chosen' in l or 'distinguishable' in l for l in notes):
        sys.exit(f"FAIL: viscoelastic_fit ranking {mine} differs from the program's {notes}")
    print(f"ok: viscoelastic_fit ranking: {len(mine)} '#' lines identical")
    compare('viscoelastic_fit sls of traces given as vectors',
            program('viscoelastic', 'fit', '--data', drops, '--nu', '0.5', '--model', 'sls'),
            binding('viscoelastic_fit_sls_arrays.csv'))
    compare('viscoelastic_fit of the features in the struct maxwell_extract returns',
            program('viscoelastic', 'fit', '--data', features, '--nu', '0.5'),
            binding('viscoelastic_fit_features.csv'))
    specimens = os.path.join(source, 'data', 'maxwell_specimens.csv')
    compare('maxwell_compare of three specimens',
            program('maxwell', 'compare', '--data', specimens, '--nu', '0.5'),
            binding('maxwell_compare.csv'))
    compare('maxwell_fit per specimen',
            program('maxwell', 'fit', '--data', specimens, '--nu', '0.5', '--method', 'full'),
            binding('maxwell_fit_specimens.csv'))
    check_report(exe, source, work, specimens, binding)
    for what, args, name in (
            ('maxwell_compare', ['compare', '--data', specimens, '--nu', '0.5'],
             'maxwell_compare_provenance.txt'),
            ('maxwell_fit per specimen',
             ['fit', '--data', specimens, '--nu', '0.5', '--method', 'full'],
             'maxwell_fit_specimens_provenance.txt'),
            ('maxwell_extract of every impact', ['extract', '--data', drops, '--impact', 'all'],
             'maxwell_extract_provenance.txt')):
        theirs = [l for l in run([exe, 'maxwell'] + args + ['--csv'], cwd=source).splitlines()
                  if l.startswith('# ')]
        with open(os.path.join(work, name)) as f:
            mine = f.read().splitlines()
        if mine != theirs:
            sys.exit(f"FAIL: {what}: provenance {mine} differs from the program's {theirs}")
        print(f"ok: {what}: {len(mine)} provenance lines identical")
    return 0


if __name__ == '__main__':
    sys.exit(main())
