function r = hertzfit_viscoelastic_simulate(varargin)
%HERTZFIT_VISCOELASTIC_SIMULATE  The exact viscoelastic Hertz impact.
%   R = HERTZFIT_VISCOELASTIC_SIMULATE('mu0', MU0, 'nu', NU, 'eta', ETA,
%   'weight', W, 'm', M, 'R', RADIUS, 'v0', V0) solves the impact of a rigid
%   sphere on a half-space whose shear relaxation modulus is the Prony series
%   G(t) = MU0 (1 - sum(W) + sum(W .* exp(-ETA t))): Lee-Radok loading and
%   Ting's unloading, no Hunter approximation (docs/viscoelastic.md), as
%   `hertzfit viscoelastic simulate` does.  A struct array, one element per
%   impact, with fields m_kg, R_m, V0_mps, F_M_N, t_M_s, t_c_s, e, eps
%   (Argatov's -G'(0)/G(0) w_m0/V0) and the maximum approach w_m_m.
%   M, RADIUS and V0 may be vectors of one length (scalars are repeated).
%
%   Name-value options:
%     'mu0'    (required) instantaneous shear modulus G(0), Pa
%     'nu'     (required) Poisson's ratio, in [0, 0.5]
%     'eta'    (required) relaxation rates 1/tau_i, 1/s (1 to 10)
%     'weight' moduli G_i/G(0), one per rate (their sum at most 1)
%     'alpha'  one rate without 'weight': the standard linear solid
%              MU0 ((1 - alpha) + alpha exp(-eta t)); default 1, Maxwell
%     'm', 'R', 'v0'  mass (kg), radius (m), impact speed (m/s)
%     'grid'   a CSV of impacts instead (the format of hertzfit_maxwell_fit's data)
%
%   Example:
%     r = hertzfit_viscoelastic_simulate('mu0', 1e6, 'nu', 0.45, ...
%           'eta', [40 400 4000], 'weight', [0.2 0.3 0.2], ...
%           'm', 0.05, 'R', 0.01, 'v0', [1 2]);
%     [r.e]
%
%   See also HERTZFIT_MAXWELL_SIMULATE.
r = hertzfit_mex('viscoelastic_simulate', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
