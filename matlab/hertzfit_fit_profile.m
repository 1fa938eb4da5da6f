function [runs, summary] = hertzfit_fit_profile(varargin)
%HERTZFIT_FIT_PROFILE  Fit the profile exponents (a, b) with any optimiser.
%   RUNS = HERTZFIT_FIT_PROFILE('optimizer', NAME, ...) minimises the RMS of
%   the percentage error of h_r = K0 (1 - c_r)/c_r, K0 = 2/(5 I(a, b)), over
%   N seeded runs, as `hertzfit fit profile` does, and returns a struct
%   array with one element per run and the program's columns: run,
%   optimizer, seed, a, b, I, K0, rms_pct, evals, iters, status, converged
%   (logical), seconds.  Values are those of `hertzfit fit profile --csv`
%   bit for bit for the same options and seed (a run that found no finite
%   value has NaN where the program prints none).
%
%   [RUNS, SUMMARY] = ... also returns the summary of rms_pct over the runs
%   (runs, finite, best, mean, median, worst, std, mean_evaluations,
%   failed_evaluations) and the identifiability report: the closed-form
%   optimum i_star, k0_star, rms_min, the number of converged runs
%   n_converged, and the valley a(b) with I(a, b) = I* (valley_b, valley_a).
%
%   Name-value options (names are case-insensitive):
%     'optimizer'  (required) 'ica', 'icaco', 'random' or 'nlopt:NAME'
%     'runs'       independent runs, run i uses PCG32 stream i (default 50)
%     'seed'       seed shared by all runs (default 1)
%     'threads'    OpenMP threads, 0 = all (default); results do not depend on it
%     'max_evals'  evaluations per run (default 0 = the optimiser's own budget)
%     'table'      a published RMS table, columns a,b,rms_pct
%                  (e.g. 'data/safaeifar2020_table2.csv')
%     'sampling'   c_r values in (0, 1) (default 0.01:0.01:0.99)
%     'bounds'     [a_min a_max b_min b_max] (default [1 6 1.5 6])
%     'set'        optimiser parameters, a struct (e.g. struct('beta', 2))
%
%   Example (the ICACO paper's calibration on Safaeifar's Table 2):
%     r = hertzfit_fit_profile('optimizer', 'icaco', 'runs', 50, 'seed', 7, ...
%                              'table', 'data/safaeifar2020_table2.csv');
%     [best, i] = min([r.rms_pct]);   % r(i).a, r(i).b
%
%   Bad input raises an error (identifier hertzfit:badInput) carrying the
%   library's message, e.g. the valid names for an unknown optimiser.
%
%   See also HERTZFIT_HR, HERTZFIT_MAXWELL_FIT, HERTZFIT_MAXWELL_SIMULATE, HERTZFIT_COPT.
if nargout > 1
  [runs, summary] = hertzfit_mex('fit_profile', varargin{:});
else
  runs = hertzfit_mex('fit_profile', varargin{:});
end
end
% SPDX-License-Identifier: GPL-3.0-or-later
