"""`ascend-ops bench`: time the CPU path of every op against the baselines a user would pick
(see ascend_ops.benchmarks); writes bench.md, bench.png and bench.json."""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

from ..spec import project_root, specs

HELP = ("benchmark the ops' CPU path against cpu_reference, numpy, torch and memcpy; "
        "writes bench/results/bench.{md,png,json}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=None,
                        help="output folder (default: bench/results/ in the checkout)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one small size, few rounds (seconds, not minutes)")
    parser.add_argument("--op", action="append", choices=[o.name for o in specs().ops],
                        help="only this op (repeatable; default: every op)")
    parser.add_argument("--sizes-mib", type=float, nargs="+", metavar="MIB",
                        help="output sizes in MiB (default: 1 16 256)")
    parser.add_argument("--no-npu-model", action="store_true",
                        help="skip the NPU model (the generated kernels on the simulator, "
                             "modeled against each product's memory bandwidth)")


# Note [OpenMP wait policy]
# ~~~~~~~~~~~~~~~~~~~~~~~~~
# torch's OpenMP threads spin after each parallel region by default. On a small, shared machine
# that made a 256 KiB torch copy take milliseconds and slowed whatever ran next, so the numbers
# said more about the spinning than about any copy. The benchmark therefore runs with
# OMP_WAIT_POLICY=PASSIVE unless the caller chose a policy. libgomp reads it when torch loads,
# so scripts/bench.py sets it before importing, and `ascend-ops bench` run from a shell restarts
# itself with it; called from Python, the run keeps the process's policy (bench.md names it).
WAIT_POLICY = "OMP_WAIT_POLICY"


def run(args: argparse.Namespace) -> int:
    if WAIT_POLICY not in os.environ and sys.argv[1:2] == ["bench"]:
        os.environ[WAIT_POLICY] = "PASSIVE"
        sys.stdout.flush()
        os.execv(sys.executable, [sys.executable, "-m", "ascend_ops.cli", *sys.argv[1:]])
    from .. import benchmarks
    from ..benchmarks import report

    settings = benchmarks.QUICK if args.quick else benchmarks.FULL
    if args.sizes_mib:
        sizes = tuple(int(s * benchmarks.MiB) for s in args.sizes_mib)
        rounds = {s: min((r for size, r in settings.rounds.items() if size >= s),
                         default=min(settings.rounds.values())) for s in sizes}
        settings = dataclasses.replace(settings, sizes=sizes, rounds=rounds)
    if args.op:
        settings = dataclasses.replace(settings, ops=tuple(args.op))
    out = args.out or project_root() / "bench" / "results"
    results = benchmarks.run(settings, progress=lambda line: print(line, flush=True))
    for path in report.write(results, out):
        print(f"wrote {path}")
    print("\n".join(report.closing_note(results)), file=sys.stdout)
    if not args.no_npu_model:
        from ..benchmarks import npu_model

        classes = [c for c in benchmarks.SHAPE_CLASSES
                   if settings.ops is None or c.op in settings.ops]
        size = benchmarks.QUICK.sizes[0] if args.quick else npu_model.MODEL_BYTES
        rows = npu_model.model(classes, size=size, progress=lambda line: print(line, flush=True))
        path = out / "npu_model.md"
        path.write_text(npu_model.markdown(rows, size=size), encoding="utf-8")
        print(f"wrote {path} (a model, not a measurement)")
    return 0
