function r = hertzfit_maxwell_fit(varargin)
%HERTZFIT_MAXWELL_FIT  Identify mu0 and eta of a Maxwell material from drop tests.
%   R = HERTZFIT_MAXWELL_FIT('data', FILE, 'nu', NU) runs Argatov's
%   regressions (Eqs. 57, 60, 62; one per observable the file has), the
%   full fit of Hunter's numerical model and, when FILE is a list with a
%   trace column, the whole-curve fit of Hunter's F(t) to the force
%   traces, as `hertzfit maxwell fit` does: a struct array, one element per
%   method and observable, with the program's columns method, observable
%   ('F(t)' for the curve fit), n, mu0_Pa, mu0_se, eta_per_s, eta_se, C0,
%   r2, max_eps, status ('ok' or 'converged' only for a well-determined
%   estimate), corr_mu0_eta (the fits' correlation of the two estimates;
%   NaN for a regression); with 'bootstrap' also mu0_boot_lo_Pa,
%   mu0_boot_hi_Pa, eta_boot_lo_per_s, eta_boot_hi_per_s and
%   bootstrap_replicates, as the program's --bootstrap --csv.
%
%   Name-value options:
%     'data'       (required) drop tests, CSV (docs/file-formats.md), or a
%                  list of force traces (docs/traces.md)
%     'nu'         (required) Poisson's ratio of the target
%     'method'     'regression', 'full', 'curve' or 'all' (default: every
%                  method the data allow)
%     'weights'    regression weights 'none' (default) or 'relative'
%     'optimizer'  optimiser of the full fit (default nlopt:LN_BOBYQA)
%     'seed'       PCG32 seed of the full fit (default 1)
%     'max_evals'  evaluation budget of the full fit (default: the optimiser's)
%     'contact_start'  curve fit: each drop's contact start 'fit' (default)
%                  or 'extracted' (fixed where HERTZFIT_MAXWELL_EXTRACT finds it)
%     'baseline'   curve fit: each trace's zero-force reading 'fit'
%                  (default) or 'zero' (traces already zeroed)
%     'max_iter'   curve fit: trust-region iterations (default 200)
%     'bootstrap'  N >= 20: the 95 % percentile interval of mu0 and eta of
%                  every row from N resamples of the drops with
%                  replacement, drawn from 'seed' (default: none)
%     'threads'    of the bootstrap (default 0 = all; the numbers do not
%                  depend on it)
%
%   Examples:
%     r = hertzfit_maxwell_fit('data', 'data/maxwell_synthetic_clean.csv', 'nu', 0.5);
%     r(end).mu0_Pa
%     c = hertzfit_maxwell_fit('data', 'data/drop_traces/drops.csv', 'nu', 0.5, ...
%                              'method', 'curve');
%     [c.mu0_Pa, c.eta_per_s]
%
%   See also HERTZFIT_MAXWELL_SIMULATE, HERTZFIT_MAXWELL_EXTRACT.
r = hertzfit_mex('maxwell_fit', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
