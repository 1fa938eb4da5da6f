% data/lab_forms/make_mat.m — writes drop01.mat, the MATLAB form of
% data/drop_traces/drop01.csv that tests/test_trace_formats.c reads (run
% from the repository's top folder: octave-cli data/lab_forms/make_mat.m).
% Variables: t_s and F_N (column vectors, the file's numbers), rec (a
% struct with fields t and F, the same numbers), grid (a 2-by-3 matrix: no
% vector, refused).
% the rows after the '#' provenance lines and the header t_s,F_N
fid = fopen('data/drop_traces/drop01.csv');
comments = 0;
while strncmp(fgetl(fid), '#', 1)
  comments = comments + 1;
end
fclose(fid);
d = dlmread('data/drop_traces/drop01.csv', ',', comments + 1, 0);
t_s = d(:, 1);
F_N = d(:, 2);
rec.t = t_s';
rec.F = F_N';
grid = [1 2 3; 4 5 6];
save('-mat7-binary', 'data/lab_forms/drop01.mat', 't_s', 'F_N', 'rec', 'grid');
% SPDX-License-Identifier: GPL-3.0-or-later
