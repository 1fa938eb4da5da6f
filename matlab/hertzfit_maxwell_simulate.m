function r = hertzfit_maxwell_simulate(varargin)
%HERTZFIT_MAXWELL_SIMULATE  Hunter's Maxwell impact model.
%   R = HERTZFIT_MAXWELL_SIMULATE('mu0', MU0, 'nu', NU, 'eta', ETA, 'm', M,
%   'R', RADIUS, 'v0', V0) solves Hunter's impact model (Argatov Eqs. 24-25)
%   for each impact, as `hertzfit maxwell simulate` does: a struct array,
%   one element per impact, with fields m_kg, R_m, V0_mps, F_M_N, t_M_s,
%   t_c_s, e, eps, the maximum approach w_m_m, and Argatov's first-order
%   predictions F_M_asym_N, t_M_asym_s, t_c_asym_s, e_asym, w_m_asym_m.
%   M, RADIUS and V0 may be vectors of one
%   length (scalars are repeated).
%
%   Name-value options:
%     'mu0'    (required) instantaneous shear modulus, Pa
%     'nu'     (required) Poisson's ratio, in [0, 0.5]
%     'eta'    (required) inverse relaxation time, 1/s
%     'm', 'R', 'v0'  mass (kg), radius (m), impact speed (m/s)
%     'grid'   a CSV of impacts instead (the format of hertzfit_maxwell_fit's data)
%     'noise'  multiply each observable by 1 + noise*N(0,1) (default 0)
%     'seed'   PCG32 seed of the noise (default 0)
%
%   Example:
%     r = hertzfit_maxwell_simulate('mu0', 1e6, 'nu', 0.49, 'eta', 20, ...
%                                   'm', 0.01, 'R', 0.01, 'v0', [0.5 1 2]);
%     [r.F_M_N]
%
%   See also HERTZFIT_MAXWELL_FIT.
r = hertzfit_mex('maxwell_simulate', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
