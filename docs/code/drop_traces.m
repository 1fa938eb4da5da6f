% mu0 and eta of a Maxwell material from raw load-cell traces of 12 drops
addpath('build/matlab');
x = hertzfit_maxwell_extract('data', 'data/drop_traces/drops.csv');   % `maxwell extract`
for i = 1:3
  fprintf('drop %d: F_M = %.4f N  t_M = %.4f ms  t_c = %.4f ms  %s\n', x(i).drop, ...
          x(i).F_M_N, 1e3 * x(i).t_M_s, 1e3 * x(i).t_c_s, x(i).status);
end
r = hertzfit_maxwell_fit('data', 'data/drop_traces/drops.csv', 'nu', 0.5, 'method', 'curve');
fprintf('%s %s: mu0 = %.6g +- %.2g Pa  eta = %.5g +- %.2g 1/s  %s\n', r.method, ...
        r.observable, r.mu0_Pa, r.mu0_se, r.eta_per_s, r.eta_se, r.status);
r = hertzfit_maxwell_fit('data', 'data/drop_traces/drops.csv', 'nu', 0.5, 'method', 'curve', ...
                         'contact_start', 'extracted', 'baseline', 'zero');
fprintf('contact starts extracted, baseline zero: mu0 = %.6g Pa  eta = %.5g 1/s\n', ...
        r.mu0_Pa, r.eta_per_s);
