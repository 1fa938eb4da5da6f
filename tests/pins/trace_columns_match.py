#!/usr/bin/env python3
"""Checks that two trace files hold the same numbers in the columns they
share: every column of OLD must be in NEW with byte-identical cells, row by
row, and both files must have the same rows.  Used to prove that a change
of the trace format (an added column) moved no number.

usage: trace_columns_match.py OLD.csv NEW.csv"""
import csv
import sys


def main(old_path, new_path):
    with open(old_path, newline="") as f:
        old = list(csv.reader(f))
    with open(new_path, newline="") as f:
        new = list(csv.reader(f))
    missing = [c for c in old[0] if c not in new[0]]
    if missing:
        sys.exit(f"columns {missing} of {old_path} are missing from {new_path}")
    if len(old) != len(new):
        sys.exit(f"{old_path} has {len(old)} lines, {new_path} {len(new)}")
    index = [new[0].index(c) for c in old[0]]
    for line, (a, b) in enumerate(zip(old[1:], new[1:]), start=2):
        picked = [b[i] for i in index]
        if a != picked:
            sys.exit(f"line {line}: {a} != {picked}")
    added = [c for c in new[0] if c not in old[0]]
    print(f"{len(old) - 1} rows: every cell of columns {old[0]} identical; "
          f"added columns {added}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
