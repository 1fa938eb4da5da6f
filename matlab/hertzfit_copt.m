function r = hertzfit_copt(varargin)
%HERTZFIT_COPT  Optimal damping of the Hertz + linear damper contact.
%   R = HERTZFIT_COPT('e', E, ...) is Poursina & Nikravesh's optimal linear
%   damping c_opt of m x'' + c x' + k x^n = 0 separating at zero force, for
%   each desired restitution in E, as `hertzfit copt` computes it: a struct
%   array, one element per restitution, with the program's columns n, e,
%   c_opt, c_closed_form (Eq. 49 with alpha, beta of Eqs. 46-47) and
%   e_out_closed_form (the restitution c_closed_form really gives).
%
%   Name-value options:
%     'e'      (required) desired restitutions
%     'n'      Hertz exponent in [1, 2] (default 1.5)
%     'm'      effective mass, kg (default 1)
%     'k'      Hertz stiffness, N/m^n (default 1)
%     'v0'     impact speed, m/s (default 1)
%     'c_max'  search c in [0, c_max] only (default 0 = the bound of Eq. 33)
%
%   Example:
%     r = hertzfit_copt('n', 1.5, 'e', 0.5, 'm', 1, 'k', 1.4e8, 'v0', 4.2);
%     r.c_opt
%
%   See also HERTZFIT_HR.
r = hertzfit_mex('copt', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
