function r = hertzfit_maxwell_extract(varargin)
%HERTZFIT_MAXWELL_EXTRACT  F_M, t_M, t_c of each drop's force trace.
%   R = HERTZFIT_MAXWELL_EXTRACT('data', LIST) reads a drop-test list with a
%   'trace' column (each drop's trace file, t_s|t_ms|t_us and F_N|F_kN|F_mN,
%   relative to the list's folder) and extracts the features of every
%   trace as `hertzfit maxwell extract` does: a struct array, one element
%   per impact, with the program's columns drop, impact, m_kg, R_m, V0_mps,
%   F_M_N, u_F_M_N, t_M_s, u_t_M_s, t_c_s, u_t_c_s, t0_s, u_t0_s,
%   baseline_N, noise_N, samples, status, trace_file (SI units; u_* the
%   standard uncertainties; t0_s the contact start on the trace's clock;
%   status 'ok', or 'clipped' with a warning).  Impacts
%   without values are left out with a warning; an error when no impact is
%   extracted ok.
%
%   Name-value options:
%     'data'    (required) the test list, CSV (docs/traces.md)
%     'impact'  'first' (default: each trace's first impact) or 'all' (a
%               bouncing ball's every impact)
%
%   Example:
%     x = hertzfit_maxwell_extract('data', 'data/drop_traces/drops.csv');
%     [x.F_M_N]
%
%   See also HERTZFIT_MAXWELL_FIT.
r = hertzfit_mex('maxwell_extract', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
