function h = hertzfit_hr(c, varargin)
%HERTZFIT_HR  Damping ratio h_r = C v0/K of a damping model.
%   H = HERTZFIT_HR(C) is the exact h_r(c_r) relation at each restitution
%   coefficient in C (0 < c_r <= 1); H has the shape of C.
%   H = HERTZFIT_HR(C, 'model', NAME) uses a model of the catalogue
%   (`hertzfit models` lists them: exact, hunt-crossley, lankarani-nikravesh,
%   flores, ..., profile).  The profile model needs its exponents:
%   H = HERTZFIT_HR(C, 'model', 'profile', 'a', A, 'b', B).
%   Values are those of `hertzfit hr --model NAME C...` bit for bit.
%
%   Example:
%     h = hertzfit_hr([0.2 0.5 0.9], 'model', 'lankarani-nikravesh');
%
%   An unknown model raises an error listing the valid names
%   (identifier hertzfit:badInput).
%
%   See also HERTZFIT_FIT_PROFILE, HERTZFIT_COPT.
h = hertzfit_mex('hr', 'c', c, varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
