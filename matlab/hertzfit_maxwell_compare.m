function r = hertzfit_maxwell_compare(varargin)
%HERTZFIT_MAXWELL_COMPARE  The specimens of a drop-test list, tested for a difference.
%   R = HERTZFIT_MAXWELL_COMPARE('data', LIST, 'nu', NU) identifies mu0 and
%   eta of every specimen of LIST (its 'specimen' column; or a struct
%   array of drops with a 'specimen' field) by one
%   fit and tests every pair of specimens for a difference as
%   `hertzfit maxwell compare` does: a struct array, one element per pair,
%   with the program's columns specimen_a, specimen_b, mu0_a_Pa, mu0_a_se,
%   mu0_b_Pa, mu0_b_se, eta_a_per_s, eta_a_se, eta_b_per_s, eta_b_se,
%   dmu0_Pa, dmu0_se, p_mu0, deta_per_s, deta_se, p_eta, wald_chi2, p,
%   p_holm (Holm-corrected over the pairs), differ ('yes'/'no'), status
%   ('ok', or 'untrusted' when a fit is not trusted), and provenance (the
%   program's '#' lines: version, git hash, options, files and SHA-256).
%
%   Name-value options:
%     'data'    (required) the drop-test list (features or traces)
%     'nu'      (required) Poisson's ratio
%     'method'  'full' or 'curve' (default: full when the list has feature
%               columns, else curve)
%     'level'   family-wise error level of 'differ' (default 0.05)
%
%   Example:
%     r = hertzfit_maxwell_compare('data', 'data/maxwell_specimens.csv', 'nu', 0.5);
%     {r.differ}
%
%   See also HERTZFIT_MAXWELL_FIT, HERTZFIT_MAXWELL_EXTRACT.
r = hertzfit_mex('maxwell_compare', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
