#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""cocopp on the study's data, limited to the dimensions hertzfit ran.

    study_bbob_cocopp.py OUTPUT_DIR DATA_FOLDER...

Runs cocopp (imported from PYTHONPATH: the src/ of numbbo/coco-postprocess)
as `python3 -m cocopp -o OUTPUT_DIR DATA_FOLDER...` would, with one change:
the bbob testbed's dimensions to display are 2, 3, 5, 10 and 20.  The
archived algorithms also hold 40-D data, for which hertzfit has no runs;
without this cocopp spends a sixth of its time on 40-D figures without a
hertzfit curve.  Called by docs/studies/study-bbob-cocopp.sh.
"""
import sys

import matplotlib

matplotlib.use("Agg")  # no display: cocopp only writes files

from cocopp import rungeneric, testbedsettings  # noqa: E402

DIMENSIONS = (2, 3, 5, 10, 20)

if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: study_bbob_cocopp.py OUTPUT_DIR DATA_FOLDER...")
    testbedsettings.GECCOBBOBTestbed.settings["dimensions_to_display"] = DIMENSIONS
    rungeneric.main(["-o", sys.argv[1]] + sys.argv[2:])
