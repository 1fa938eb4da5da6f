function [r, sphere] = hertzfit_ev(varargin)
%HERTZFIT_EV  Restitution e(v) and contact time t_c(v) of a calibrated law.
%   R = HERTZFIT_EV(...) simulates the law over speeds geometric from v_min
%   to v_max, as `hertzfit ev --csv` does: a struct array, one element per
%   speed, with the program's columns v_m_per_s, e, t_c_s and e_fit (the fit
%   1 - e = A (v/v_cal)^p; NaN when no fit is possible).
%   [R, SPHERE] = HERTZFIT_EV('form', 'viscoelastic', ...) also fits the
%   Brilliantov/Schwager-Poschel series 1 - e = c1 v^(1/5) - c2 v^(2/5) to
%   e(v), as the program's '#' lines give it: SPHERE has valid, c1, c2,
%   beta = c1/C1, c2_over_c1_squared, max_residual_series,
%   max_residual_pade, beta_kelvin_voigt and relaxation_ratio.
%
%   Name-value options (defaults of the program):
%     'form'    'per-impact' (K x^n (1 + h x'/v0)), 'fixed' (K x^n (1 + d x'),
%               d = h/v_cal), 'linear-damper' (K x^n + c x'), 'maxwell' or
%               'viscoelastic' (the exact impact on a standard linear solid)
%     'model'   damping model h_r(c_r) (default 'exact')
%     'm', 'k', 'n'   effective mass (0.1 kg), stiffness (5e9 N/m^n), exponent (1.5)
%     'v_cal', 'e'    the law returns e at v_cal (1 m/s, 0.8)
%     'radius', 'mu0', 'nu', 'eta'   the Maxwell sphere and material
%     'alpha'   viscoelastic: relaxing fraction 1 - G_inf/G(0) (1: Maxwell)
%     'v_min', 'v_max', 'points'     speeds (0.1, 10 m/s, 9)
%
%   Example:
%     r = hertzfit_ev('form', 'fixed', 'points', 5);
%     [r.v_m_per_s; r.e]
%
%   See also HERTZFIT_COPT, HERTZFIT_HR.
if nargout > 1
  [r, sphere] = hertzfit_mex('ev', varargin{:});
else
  r = hertzfit_mex('ev', varargin{:});
end
end
% SPDX-License-Identifier: GPL-3.0-or-later
