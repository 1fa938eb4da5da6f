function [r, ranking] = hertzfit_viscoelastic_fit(varargin)
%HERTZFIT_VISCOELASTIC_FIT  Identify a material on the exact viscoelastic impact.
%   [R, RANKING] = HERTZFIT_VISCOELASTIC_FIT('data', FILE, 'nu', NU) fits
%   the drops' force histories with the exact viscoelastic impact (Maxwell,
%   standard linear solid with alpha free, generalised Maxwell with N terms)
%   and the damped Hertz laws (Hunt-Crossley, Kelvin-Voigt type), each
%   drop's contact start and baseline fitted too, and ranks the candidates
%   by AIC and BIC, as `hertzfit viscoelastic fit` does (one library call,
%   hf_viscoelastic_identify; docs/viscoelastic.md, "Identification").
%
%   R is a struct array with the program's table, one element per
%   parameter of each candidate: model, status ('ok', 'poorly-determined',
%   'model-inadequate', 'failed'), param, value, se, chi2_red, runs_z, aic,
%   bic, delta_bic (NaN where the program prints NA), chosen ('yes', 'no',
%   or 'tied' when the least BIC is within the threshold of another) and
%   reason (why the status is not ok, '' when it is).
%   RANKING is a struct: chosen (the law's name, '' when the data do not
%   distinguish the best two), best_aic, best_bic, delta_bic (the
%   runner-up's BIC minus the best), distinguishable (logical), and lrt, a
%   struct array of the likelihood-ratio tests of the nested pairs (simple,
%   general, df, statistic, p_value).
%
%   Name-value options:
%     'data'   (required) a list with a trace column (docs/traces.md), or a
%              struct array of drops with m_kg, R_m, V0_mps, t_s and F_N
%     'nu'     (required) Poisson's ratio, in [0, 0.5]
%     'model'  'maxwell', 'sls', 'prony:N' (N = 1..4), 'hunt-crossley',
%              'kelvin-voigt', or 'auto' (default: maxwell, sls, prony:2,
%              hunt-crossley and kelvin-voigt, ranked)
%     'bic_threshold'  BIC difference below which the best two are not
%              distinguished (default 2)
%     'decimal', 'time_column', 'force_column', 'time_unit', 'force_unit',
%     'rate'   how the trace files are read (as HERTZFIT_MAXWELL_EXTRACT)
%
%   Example:
%     [r, k] = hertzfit_viscoelastic_fit('data', 'data/drop_traces/drops.csv', ...
%                                        'nu', 0.5);
%     k.chosen
%     r(strcmp({r.model}, k.chosen))
%
%   See also HERTZFIT_VISCOELASTIC_SIMULATE, HERTZFIT_MAXWELL_FIT.
[r, ranking] = hertzfit_mex('viscoelastic_fit', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
