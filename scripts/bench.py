#!/usr/bin/env python3
"""The CPU benchmark: `python scripts/bench.py [--quick] [--out DIR]` (same as `ascend-ops-dev bench`).

Times every op's CPU path over its shape classes against cpu_reference, numpy, torch and a plain
memcpy, and writes bench.md (table), bench.png (chart) and bench.json into --out DIR (default: a new
temporary folder); --update-results rewrites the committed bench/results/ instead.
"""
import os
import sys

# Before torch loads libgomp: see Note [OpenMP wait policy] in dev/ascend_ops_dev/commands/bench.py.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from ascend_ops_dev.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
