% The ICACO paper's calibration of (a, b) on Safaeifar's Table 2, 50 seeded runs
addpath('build/matlab');   % an installation's: addpath('PREFIX/lib/hertzfit/matlab')
[r, s] = hertzfit_fit_profile('optimizer', 'icaco', 'runs', 50, 'seed', 1, ...
                              'table', 'data/safaeifar2020_table2.csv');
[~, i] = min([r.rms_pct]);
fprintf('best of %d runs: a = %.3f  b = %.3f  RMS = %.4f %%\n', numel(r), r(i).a, r(i).b, r(i).rms_pct);
fprintf('mean %.4f  median %.4f  worst %.4f  std %.3g\n', s.mean, s.median, s.worst, s.std);
fprintf('closed-form minimum %.6f %%; %d of %d runs on the valley I(a, b) = I*\n', ...
        s.rms_min, s.n_converged, s.runs);
fprintf('valley: b = %5.3f  a = %.4f\n', [s.valley_b'; s.valley_a']);
