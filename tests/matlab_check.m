% tests/matlab_check.m — run by tests/matlab_check.py through octave-cli:
%   octave-cli matlab_check.m MEX_DIR M_DIR OUT_DIR
% writes each binding's result as CSV (%.17g, the program's --csv format)
% into OUT_DIR for the Python side to compare with the program's output,
% and checks the error paths itself: each bad input must raise an error
% with identifier hertzfit:badInput whose message carries the library's
% diag text.  Exits 1 on the first failed check (octave-cli's exit status
% is what ctest sees; Octave 7 prints a spurious message at exit).
args = argv();
addpath(args{1});
addpath(args{2});
out = args{3};

function write_csv(path, s, fields)
  fields = fields(~strcmp(fields, 'provenance'));   % a struct: write_provenance
  f = fopen(path, 'w');
  fprintf(f, '%s\n', strjoin(fields, ','));
  for i = 1:numel(s)
    cells = cell(1, numel(fields));
    for j = 1:numel(fields)
      v = s(i).(fields{j});
      if ischar(v)
        cells{j} = v;
      elseif isinteger(v)
        cells{j} = sprintf('%lu', v);   % a uint64 seed, every digit
      elseif isnumeric(v) && isscalar(v) && isnan(v)
        cells{j} = 'NA';                 % the program's spelling of no value
      elseif islogical(v)
        if v, cells{j} = 'yes'; else, cells{j} = 'no'; end
      else
        cells{j} = sprintf('%.17g', v);
      end
    end
    fprintf(f, '%s\n', strjoin(cells, ','));
  end
  fclose(f);
end

function write_provenance(path, p)
  % the program's '# key = value' lines, in its order
  f = fopen(path, 'w');
  names = fieldnames(p);
  for j = 1:numel(names)
    fprintf(f, '# %s = %s\n', names{j}, p.(names{j}));
  end
  fclose(f);
end

function expect_error(what, needle, varargin)
  try
    feval(varargin{:});
  catch err
    if ~strcmp(err.identifier, 'hertzfit:badInput') || isempty(strfind(err.message, needle))
      printf('FAIL: %s: got %s "%s", wanted hertzfit:badInput with "%s"\n', what, ...
             err.identifier, err.message, needle);
      exit(1);
    end
    printf('ok: %s raises "%s"\n', what, err.message);
    return;
  end
  printf('FAIL: %s raised no error\n', what);
  exit(1);
end

data = fullfile(fileparts(args{2}), 'data');
table = fullfile(data, 'safaeifar2020_table2.csv');

r = hertzfit_fit_profile('optimizer', 'icaco', 'runs', 50, 'seed', 7, 'table', table);
write_csv(fullfile(out, 'fit_profile.csv'), r, fieldnames(r)');
% the c_r vector goes to a file the program reads (--sampling file:PATH),
% so both see the same doubles
sampling = 0.05:0.05:0.95;
write_csv(fullfile(out, 'sampling.csv'), struct('c_r', num2cell(sampling)), {'c_r'});
[r, s] = hertzfit_fit_profile('optimizer', 'nlopt:LN_BOBYQA', 'runs', 5, 'seed', 3, ...
                              'bounds', [1 5 2 5], 'max_evals', 300, 'sampling', sampling);
write_csv(fullfile(out, 'fit_profile_bobyqa.csv'), r, fieldnames(r)');
write_csv(fullfile(out, 'fit_profile_bobyqa_summary.csv'), s, ...
          {'best', 'mean', 'median', 'worst', 'std', 'i_star', 'k0_star', 'rms_min'});
% the largest seed, as uint64: the same bits as the program's --seed
r = hertzfit_fit_profile('optimizer', 'random', 'runs', 2, 'seed', ...
                         uint64(18446744073709551615), 'table', table);
write_csv(fullfile(out, 'fit_profile_max_seed.csv'), r, fieldnames(r)');
r = hertzfit_fit_profile('optimizer', 'ica', 'runs', 4, 'seed', 11, 'set', struct('beta', 1.5));
write_csv(fullfile(out, 'fit_profile_ica_set.csv'), r, fieldnames(r)');

c = [0.05 0.2 0.5 0.9 1];
h = hertzfit_hr(c, 'model', 'lankarani-nikravesh');
hr = struct('model', 'lankarani-nikravesh', 'c_r', num2cell(c), 'h_r', num2cell(h));
h = hertzfit_hr(c);
hr = [hr, struct('model', 'exact', 'c_r', num2cell(c), 'h_r', num2cell(h))];
h = hertzfit_hr(c, 'model', 'profile', 'a', 2.939, 'b', 3.409);
hr = [hr, struct('model', 'profile', 'c_r', num2cell(c), 'h_r', num2cell(h))];
write_csv(fullfile(out, 'hr.csv'), hr, {'model', 'c_r', 'h_r'});

r = hertzfit_copt('n', 1.5, 'e', [0.5 0.8], 'm', 1, 'k', 1.4e8, 'v0', 4.2);
write_csv(fullfile(out, 'copt.csv'), r, fieldnames(r)');

r = hertzfit_ev('form', 'fixed', 'points', 5);
write_csv(fullfile(out, 'ev.csv'), r, fieldnames(r)');
[r, sphere] = hertzfit_ev('form', 'viscoelastic', 'alpha', 0.9, 'eta', 2127659.6, 'points', 7);
write_csv(fullfile(out, 'ev_viscoelastic.csv'), r, fieldnames(r)');
write_csv(fullfile(out, 'ev_sphere.csv'), sphere, fieldnames(sphere)');

r = hertzfit_maxwell_simulate('mu0', 1e7, 'nu', 0.5, 'eta', 300, ...
                              'grid', fullfile(data, 'maxwell_synthetic_grid.csv'), ...
                              'noise', 0.02, 'seed', 5);
write_csv(fullfile(out, 'maxwell_simulate_grid.csv'), r, fieldnames(r)');
r = hertzfit_maxwell_simulate('mu0', 1e6, 'nu', 0.49, 'eta', 20, 'm', 0.01, 'R', 0.01, ...
                              'v0', 0.5);
write_csv(fullfile(out, 'maxwell_simulate_one.csv'), r, fieldnames(r)');

r = hertzfit_viscoelastic_simulate('mu0', 1e6, 'nu', 0.45, 'eta', [40 400 4000], ...
                                   'weight', [0.2 0.3 0.2], 'm', 0.05, 'R', 0.01, 'v0', 2);
write_csv(fullfile(out, 'viscoelastic_simulate.csv'), r, fieldnames(r)');
r = hertzfit_viscoelastic_simulate('mu0', 1e6, 'nu', 0.45, 'eta', 400, 'alpha', 0.5, ...
                                   'm', 0.05, 'R', 0.01, 'v0', 2);
write_csv(fullfile(out, 'viscoelastic_simulate_sls.csv'), r, fieldnames(r)');

r = hertzfit_maxwell_fit('data', fullfile(data, 'maxwell_synthetic_noisy.csv'), 'nu', 0.5);
write_csv(fullfile(out, 'maxwell_fit.csv'), r, fieldnames(r)');
r = hertzfit_maxwell_fit('data', fullfile(data, 'maxwell_synthetic_noisy.csv'), 'nu', 0.5, ...
                         'method', 'full', 'bootstrap', 24, 'seed', 5, 'threads', 1);
write_csv(fullfile(out, 'maxwell_fit_bootstrap.csv'), r, fieldnames(r)');

% the lab data: the features of the force traces, and the curve fit
drops = fullfile(data, 'drop_traces', 'drops.csv');
r = hertzfit_maxwell_extract('data', drops);
write_csv(fullfile(out, 'maxwell_extract.csv'), r, fieldnames(r)');
r = hertzfit_maxwell_extract('data', drops, 'impact', 'all');
write_csv(fullfile(out, 'maxwell_extract_all.csv'), r, fieldnames(r)');
r = hertzfit_maxwell_fit('data', drops, 'nu', 0.5, 'method', 'curve');
write_csv(fullfile(out, 'maxwell_fit_curve.csv'), r, fieldnames(r)');
r = hertzfit_maxwell_fit('data', drops, 'nu', 0.5, 'contact_start', 'extracted', ...
                         'baseline', 'zero', 'max_iter', 50);
write_csv(fullfile(out, 'maxwell_fit_curve_extracted.csv'), r, fieldnames(r)');

% data in memory, no file between: the struct hertzfit_maxwell_extract
% returns is data for the fits, and each drop's trace as two vectors (read
% here by dlmread) with its m, R and V0 is data for the curve fit
e = hertzfit_maxwell_extract('data', drops);
r = hertzfit_maxwell_fit('data', e, 'nu', 0.5);
write_csv(fullfile(out, 'maxwell_fit_struct.csv'), r, fieldnames(r)');
mem = struct('m_kg', {e.m_kg}, 'R_m', {e.R_m}, 'V0_mps', {e.V0_mps});
for i = 1:numel(e)
  trace = fullfile(data, 'drop_traces', sprintf('drop%02d.csv', i));
  fid = fopen(trace);  % the rows after the '#' provenance lines and the header
  comments = 0;
  while strncmp(fgetl(fid), '#', 1)
    comments = comments + 1;
  end
  fclose(fid);
  x = dlmread(trace, ',', comments + 1, 0);
  mem(i).t_s = x(:, 1);
  mem(i).F_N = x(:, 2);
end
r = hertzfit_maxwell_fit('data', mem, 'nu', 0.5, 'method', 'curve');
write_csv(fullfile(out, 'maxwell_fit_curve_arrays.csv'), r, fieldnames(r)');
r = hertzfit_maxwell_extract('data', mem);
names = fieldnames(r)';
write_csv(fullfile(out, 'maxwell_extract_arrays.csv'), r, names(~strcmp(names, 'trace_file')));

% the exact viscoelastic fit and ranking of the traces: the table, and the
% program's '#' lines after it (why a fit is not ok, the likelihood-ratio
% tests, the choice) written from the ranking
[r, k] = hertzfit_viscoelastic_fit('data', drops, 'nu', 0.5);
names = fieldnames(r)';
write_csv(fullfile(out, 'viscoelastic_fit.csv'), r, names(~strcmp(names, 'reason')));
f = fopen(fullfile(out, 'viscoelastic_fit_notes.txt'), 'w');
for i = 1:numel(r)
  if ~strcmp(r(i).status, 'ok') && (i == 1 || ~strcmp(r(i).model, r(i - 1).model))
    fprintf(f, '# %s: %s: %s\n', r(i).model, r(i).status, r(i).reason);
  end
end
for i = 1:numel(k.lrt)
  fprintf(f, '# likelihood ratio %s within %s: statistic %.6g, df %d, p = %.3g\n', ...
          k.lrt(i).simple, k.lrt(i).general, k.lrt(i).statistic, k.lrt(i).df, ...
          k.lrt(i).p_value);
end
if k.distinguishable
  fprintf(f, '# chosen by BIC: %s (the runner-up %.4g higher)\n', k.chosen, k.delta_bic);
else
  fprintf(f, ['# not distinguishable: the best BIC (%s) and the runner-up differ by ' ...
              '%.4g < the threshold\n'], k.best_bic, k.delta_bic);
end
fclose(f);
assert(strcmp(k.best_bic, k.chosen) == k.distinguishable);
% one law, the drops handed over as vectors
r = hertzfit_viscoelastic_fit('data', mem, 'nu', 0.5, 'model', 'sls');
names = fieldnames(r)';
write_csv(fullfile(out, 'viscoelastic_fit_sls_arrays.csv'), r, names(~strcmp(names, 'reason')));
expect_error('an unknown viscoelastic law', 'unknown law ''voigt''', ...
             @hertzfit_viscoelastic_fit, 'data', drops, 'nu', 0.5, 'model', 'voigt');
% features (the struct hertzfit_maxwell_extract returns, with their
% uncertainties) fitted on the exact model
[r, k] = hertzfit_viscoelastic_fit('data', e, 'nu', 0.5);
names = fieldnames(r)';
write_csv(fullfile(out, 'viscoelastic_fit_features.csv'), r, names(~strcmp(names, 'reason')));
expect_error('a damped law on features', 'maxwell, sls or prony:N', ...
             @hertzfit_viscoelastic_fit, 'data', fullfile(data, 'maxwell_synthetic_clean.csv'), ...
             'nu', 0.5, 'model', 'hunt-crossley');

% specimens: the comparison, the fit per specimen, and the provenance of each
specimens = fullfile(data, 'maxwell_specimens.csv');
r = hertzfit_maxwell_compare('data', specimens, 'nu', 0.5);
write_csv(fullfile(out, 'maxwell_compare.csv'), r, fieldnames(r)');
write_provenance(fullfile(out, 'maxwell_compare_provenance.txt'), r(1).provenance);
[s, x] = hertzfit_maxwell_report('data', specimens, 'nu', 0.5);
for k = 1:numel(s)
  write_csv(fullfile(out, sprintf('maxwell_report_section%d.csv', k)), s(k).estimates, ...
            fieldnames(s(k).estimates)');
end
write_csv(fullfile(out, 'maxwell_report_comparison.csv'), x, fieldnames(x)');
write_provenance(fullfile(out, 'maxwell_report_provenance.txt'), s(1).provenance);
r = hertzfit_maxwell_fit('data', specimens, 'nu', 0.5, 'method', 'full');
write_csv(fullfile(out, 'maxwell_fit_specimens.csv'), r, fieldnames(r)');
write_provenance(fullfile(out, 'maxwell_fit_specimens_provenance.txt'), r(1).provenance);
r = hertzfit_maxwell_extract('data', drops, 'impact', 'all');
write_provenance(fullfile(out, 'maxwell_extract_provenance.txt'), r(1).provenance);
bad = mem(1);
bad.F_N = bad.F_N(1:10);
expect_error('a trace whose times and forces differ in length', ...
             'data(1).t_s and .F_N must be real vectors of the same length', ...
             @hertzfit_maxwell_fit, 'data', bad, 'nu', 0.5, 'method', 'curve');
bad = mem(1);
bad.t_s(3) = bad.t_s(2);
expect_error('a trace whose times do not increase', 'trace 1: sample 3: time', ...
             @hertzfit_maxwell_extract, 'data', bad);
% a list's trace files as lab software saved them: the .mat Octave wrote
mat = [tempname() '.csv'];
fid = fopen(mat, 'w');
fprintf(fid, 'm_g,D_mm,h_mm,trace\n4.08,10,20,%s\n', fullfile(data, 'lab_forms', 'drop01.mat'));
fclose(fid);
r = hertzfit_maxwell_extract('data', mat, 'time_column', 'rec.t', 'force_column', 'rec.F', ...
                             'time_unit', 's', 'force_unit', 'N');
assert(r.F_M_N == e(1).F_M_N && r.t_M_s == e(1).t_M_s && r.t_c_s == e(1).t_c_s);
expect_error('a struct field without a unit', 'variable ''rec.t'' gives no unit', ...
             @hertzfit_maxwell_extract, 'data', mat, 'time_column', 'rec.t');
delete(mat);
expect_error('a drop without its mass', 'data(1).m_kg must be a real number', ...
             @hertzfit_maxwell_extract, 'data', struct('R_m', 0.005, 'V0_mps', 1));

expect_error('an unknown optimiser', 'unknown optimizer ''nope'' (valid: ica, icaco', ...
             @hertzfit_fit_profile, 'optimizer', 'nope');
expect_error('an unknown option name', 'unknown option ''bogus'' (valid: optimizer', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'bogus', 1);
expect_error('a value of the wrong type', 'option ''runs'' must be a whole number', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'runs', 'many');
expect_error('a name that is not text', 'is not an option name', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 3, 4);
expect_error('a missing file', 'no-such-table.csv: cannot open', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'table', 'no-such-table.csv');
expect_error('too many runs', 'the runs are 1 to 1000000', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'runs', 2e6);
expect_error('more threads than the library takes', '''threads'' must be at most 4096', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'runs', 2, 'threads', 1e14);
expect_error('a seed beyond 2^53 as a double', 'must be a seed: a uint64 scalar', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'runs', 2, 'seed', 2^60);
expect_error('a negative seed', 'must be a seed', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'runs', 2, 'seed', -1);
expect_error('an unknown optimiser parameter', 'bogus', ...
             @hertzfit_fit_profile, 'optimizer', 'icaco', 'set', struct('bogus', 1));
expect_error('an unknown damping model', 'unknown damping model ''nope''', ...
             @hertzfit_hr, 0.5, 'model', 'nope');
expect_error('c_r outside (0, 1]', '1.5', @hertzfit_hr, 1.5);
expect_error('a missing required option', 'option ''nu'' is required', ...
             @hertzfit_maxwell_fit, 'data', 'x.csv');
expect_error('a missing data file', 'no-such-drops.csv', ...
             @hertzfit_maxwell_fit, 'data', 'no-such-drops.csv', 'nu', 0.5);
expect_error('a restitution outside its range', 'e', @hertzfit_copt, 'e', 1.5);
expect_error('a negative modulus', 'mu0', @hertzfit_maxwell_simulate, 'mu0', -1, ...
             'nu', 0.5, 'eta', 1, 'm', 1, 'R', 1, 'v0', 1);
expect_error('extracting from a list without traces', 'no ''trace'' column', ...
             @hertzfit_maxwell_extract, 'data', fullfile(data, 'maxwell_synthetic_clean.csv'));
expect_error('an unknown impact', 'unknown impact ''second'' (valid: first, all)', ...
             @hertzfit_maxwell_extract, 'data', drops, 'impact', 'second');
expect_error('a curve fit without traces', 'trace', @hertzfit_maxwell_fit, 'data', ...
             fullfile(data, 'maxwell_synthetic_clean.csv'), 'nu', 0.5, 'method', 'curve');
expect_error('an unknown contact start', '(valid: fit, extracted)', @hertzfit_maxwell_fit, ...
             'data', drops, 'nu', 0.5, 'method', 'curve', 'contact_start', 'guess');
expect_error('a full fit of raw traces', 'holds force traces', @hertzfit_maxwell_fit, ...
             'data', drops, 'nu', 0.5, 'method', 'full');
% HF_ESINGULAR is bad input (hf_status_is_bad_input), as the program's exit 2
% for the same file says (tests/test_status.c): every drop at one speed
singular = fullfile(out, 'singular_drops.csv');
f = fopen(singular, 'w');
fprintf(f, 'm_kg,R_m,V0_mps,F_M_N\n0.00051,0.0025,1,3\n0.00051,0.0025,1,3.1\n');
fprintf(f, '0.00051,0.0025,1,2.9\n');
fclose(f);
expect_error('a regression whose drops share one speed', 'singular', @hertzfit_maxwell_fit, ...
             'data', singular, 'nu', 0.5, 'method', 'regression');
expect_error('a NUL inside a file name', 'option ''data'' contains a NUL character (at 10)', ...
             @hertzfit_maxwell_fit, 'data', ['drops.csv' char(0) 'zz'], 'nu', 0.5);
printf('matlab_check: ok\n');
exit(0);
% SPDX-License-Identifier: GPL-3.0-or-later
