# SPDX-License-Identifier: GPL-3.0-or-later
"""hertzfit from Python: calibration and identification of impact
(contact-force) models, over the hertzfit C library (cffi, NumPy in and out).

    >>> import hertzfit
    >>> r = hertzfit.fit_profile(optimizer="icaco", runs=50, seed=7,
    ...                          table="data/safaeifar2020_table2.csv")
    >>> r.runs["rms_pct"], r.summary.best, r.summary.identifiability.valley
    >>> s = hertzfit.minimize(lambda x: (x ** 2).sum(), lower=[-1, -1], upper=[1, 1],
    ...                       optimizer="icaco", seed=1)
    >>> s.x, s.f, s.evaluations

The same seed gives the same results as the program, bit for bit.  Failures
of the library raise hertzfit.Error, whose message is the library's
diagnostic line.  docs/python.md is the manual.
"""
from ._core import BadInputError, Error
from .bench import Campaign, bench_read, bench_report, bench_run
from .calibration import (RUN_COLUMNS, FitResult, FitSummary, Identifiability,
                          ProfileObjective, fit_profile)
from .engines import (RestitutionCurve, ViscoelasticSphereFit, law_force, restitution_curve,
                      speed_grid,
                      viscoelastic_sphere_fit)
from .maxwell import (EXTRACT_COLUMNS, OBSERVABLES, MaxwellBootstrap, MaxwellData,
                      MaxwellEstimate, MaxwellFit, MaxwellTrace, maxwell_extract, maxwell_fit,
                      maxwell_fit_curve,
                      maxwell_force_history, maxwell_predict, maxwell_regress, maxwell_simulate,
                      maxwell_synthesize, read_maxwell_data, COMPARE_COLUMNS, Comparison,
                      ProvenanceTable, Specimen, SpecimenFits, SpecimenRow, maxwell_compare,
                      maxwell_fit_specimens, Report, ReportSection, maxwell_report)
from .models import (ImpactResult, copt, copt_closed_form, cr_exact, damping_models, hr,
                     hr_exact, impact_simulate, profile_integral, profile_valley_a,
                     restitution_check)
from .viscoelastic import viscoelastic_force_history, viscoelastic_identify, viscoelastic_simulate
from .optimize import (AlgorithmRun, AskTell, OptimizeResult, Optimizer, minimize, optimizer_params,
                       optimizers, register_optimizer)
from ._core import text as _text, lib as _lib

#: the version of the library the extension was built against, and its git hash
__version__ = _text(_lib.HERTZFIT_VERSION)
git_hash = _text(_lib.HERTZFIT_GIT_HASH)

__all__ = [
    "Error", "BadInputError", "Campaign", "bench_read", "bench_report", "bench_run", "RUN_COLUMNS",
    "FitResult",
    "FitSummary", "Identifiability", "ProfileObjective", "fit_profile", "OBSERVABLES",
    "MaxwellData", "MaxwellEstimate", "MaxwellFit", "maxwell_fit", "maxwell_predict",
    "maxwell_regress", "maxwell_simulate", "maxwell_synthesize", "read_maxwell_data",
    "EXTRACT_COLUMNS", "MaxwellBootstrap", "MaxwellTrace", "maxwell_extract", "maxwell_fit_curve",
    "COMPARE_COLUMNS", "Comparison", "ProvenanceTable", "Specimen", "SpecimenFits",
    "SpecimenRow", "maxwell_compare", "maxwell_fit_specimens", "Report", "ReportSection",
    "maxwell_report",
    "maxwell_force_history", "viscoelastic_simulate", "viscoelastic_force_history", "viscoelastic_identify",
    "ImpactResult", "copt", "copt_closed_form", "cr_exact", "damping_models", "hr", "hr_exact",
    "impact_simulate", "profile_integral", "profile_valley_a", "restitution_check",
    "AlgorithmRun", "AskTell", "OptimizeResult", "Optimizer", "minimize", "optimizer_params", "optimizers",
    "register_optimizer", "RestitutionCurve", "law_force", "restitution_curve", "speed_grid",
    "ViscoelasticSphereFit", "viscoelastic_sphere_fit",
]
