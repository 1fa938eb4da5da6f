function [sections, comparison] = hertzfit_maxwell_report(varargin)
%HERTZFIT_MAXWELL_REPORT  What `hertzfit maxwell report` shows, as data.
%   [SECTIONS, COMPARISON] = HERTZFIT_MAXWELL_REPORT('data', LIST, 'nu', NU)
%   runs the one library call behind `hertzfit maxwell report`
%   (hf_maxwell_report_compute) on LIST (a file, or a struct array of
%   drops): one section per specimen (its 'specimen' column), or one
%   'all drops'.  SECTIONS is a struct array, one element per section,
%   with fields name, drops (1-based numbers in the list), estimates (a
%   struct array of the section's rows as the program's report prints them:
%   method, observable, n, mu0_Pa, mu0_se, eta_per_s, eta_se, C0, r2,
%   max_eps, status, corr_mu0_eta, trusted), features_error and curve_error
%   ('' or why that fit failed), warnings (a cell array of the lines a
%   reader must see: the list's that concern these drops, every impact not
%   extracted ok, every estimate not trusted and why), trusted, and
%   provenance (the program's provenance.csv but for its command line).
%   COMPARISON holds the specimens' pairs as hertzfit_maxwell_compare
%   gives them (empty with fewer than two specimens).  The program writes
%   the same as a folder with its HTML page, CSVs and figures.
%
%   Name-value options:
%     'data'    (required) the drop-test list (features or traces)
%     'nu'      (required) Poisson's ratio
%     and the trace-format options of HERTZFIT_MAXWELL_EXTRACT
%
%   Example:
%     s = hertzfit_maxwell_report('data', 'data/maxwell_specimens.csv', 'nu', 0.5);
%     {s.name}
%
%   See also HERTZFIT_MAXWELL_FIT, HERTZFIT_MAXWELL_COMPARE.
[sections, comparison] = hertzfit_mex('maxwell_report', varargin{:});
end
% SPDX-License-Identifier: GPL-3.0-or-later
