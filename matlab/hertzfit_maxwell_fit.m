function r = hertzfit_maxwell_fit(varargin)
%HERTZFIT_MAXWELL_FIT  Identify mu0 and eta of a Maxwell material from drop tests.
%   R = HERTZFIT_MAXWELL_FIT('data', FILE, 'nu', NU) runs Argatov's
%   regressions (Eqs. 57, 60, 62; one per observable the file has) and the
%   full fit of Hunter's numerical model, as `hertzfit maxwell fit` does: a
%   struct array, one element per method and observable, with the
%   program's columns method, observable, n, mu0_Pa, mu0_se, eta_per_s,
%   eta_se, C0, r2, max_eps, status ('ok' or 'converged' only for a
%   well-determined estimate).
%
%   Name-value options:
%     'data'       (required) drop tests, CSV (docs/file-formats.md)
%     'nu'         (required) Poisson's ratio of the target
%     'method'     'regression', 'full' or 'all' (default)
%     'weights'    regression weights 'none' (default) or 'relative'
%     'optimizer'  optimiser of the full fit (default nlopt:LN_BOBYQA)
%     'seed'       PCG32 seed of the full fit (default 1)
%     'max_evals'  evaluation budget of the full fit (default: the optimiser's)
%
%   Example:
%     r = hertzfit_maxwell_fit('data', 'data/maxwell_synthetic_clean.csv', 'nu', 0.5);
%     r(end).mu0_Pa
%
%   See also HERTZFIT_MAXWELL_SIMULATE.
r = hertzfit_mex('maxwell_fit', varargin{:});
end
