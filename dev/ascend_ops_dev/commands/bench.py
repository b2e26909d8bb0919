"""`ascend-ops-dev bench`: time the CPU path of every op against the baselines a user would pick
(see ascend_ops_dev.benchmarks); writes bench.md, bench.png and bench.json into --out DIR (default:
a new temporary folder), or, with --update-results, into the checkout's bench/results/."""
from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import tempfile
from pathlib import Path
from ascend_ops_gen.spec import project_root, running_from_checkout, specs

from ascend_ops.runtime.errors import OpArgumentError

HELP = ("benchmark the ops' CPU path against cpu_reference, numpy, torch and memcpy; "
        "writes bench.{md,png,json} into --out DIR (default: a new temporary folder)")
RESULTS = Path("bench") / "results"
MIN_SIZE_MIB = 1 / 1024  # 1 KiB: below that every class degenerates to a handful of elements


def size_mib(text: str) -> float:
    """An output size in MiB: a finite number of at least MIN_SIZE_MIB."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of MiB") from None
    if not math.isfinite(value) or value < MIN_SIZE_MIB:
        raise argparse.ArgumentTypeError(
            f"{text} MiB is not a benchmark size: sizes must be finite and at least "
            f"{MIN_SIZE_MIB} MiB (1 KiB)")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", type=Path, default=None, metavar="DIR",
                       help="output folder (default: a new temporary folder, printed)")
    where.add_argument("--update-results", action="store_true",
                       help=f"write the committed results, {RESULTS}/ of the checkout")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one small size, few rounds (seconds, not minutes)")
    parser.add_argument("--op", action="append", choices=[o.name for o in specs().ops],
                        help="only this op (repeatable; default: every op)")
    parser.add_argument("--sizes-mib", type=size_mib, nargs="+", metavar="MIB",
                        help="output sizes in MiB (default: 1 16 256)")
    parser.add_argument("--no-torch-thp", action="store_true",
                        help="skip the second run of the torch baselines with "
                             "THP_MEM_ALLOC_ENABLE=1 (torch's huge-page option)")
    model = parser.add_mutually_exclusive_group()
    model.add_argument("--no-npu-model", action="store_true",
                       help="skip the NPU model (the generated kernels on the simulator, "
                            "modeled against each product's memory bandwidth)")
    model.add_argument("--npu-model-only", action="store_true",
                       help="only the NPU model, at 4 KiB, 64 KiB, 1 MiB and 64 MiB outputs "
                            "(--quick: the first two); no CPU measurement, no chart")
    model.add_argument("--plan-cost-only", action="store_true",
                       help="only the planner's host cost: microseconds per PlanStridedCopy call "
                            "(the TilingFunc's planning) at the NPU model's sizes; no CPU "
                            "measurement, no chart")


# Note [OpenMP wait policy]
# ~~~~~~~~~~~~~~~~~~~~~~~~~
# torch's OpenMP threads spin after each parallel region by default. On a small, shared machine
# that made a 256 KiB torch copy take milliseconds and slowed whatever ran next, so the numbers
# said more about the spinning than about any copy. The benchmark therefore runs with
# OMP_WAIT_POLICY=PASSIVE unless the caller chose a policy. libgomp reads it when torch loads,
# so scripts/bench.py sets it before importing, and `ascend-ops-dev bench` run from a shell restarts
# itself with it; called from Python, the run keeps the process's policy (bench.md names it).
WAIT_POLICY = "OMP_WAIT_POLICY"


def output_folder(args: argparse.Namespace) -> Path:
    if args.update_results:
        if not running_from_checkout():
            raise OpArgumentError(f"--update-results rewrites {RESULTS}/ of a checkout; this "
                                  f"ascend_ops is an installed package: use --out DIR")
        from ascend_ops.cpu import compiled

        if not compiled.fast_path_active():
            raise OpArgumentError(f"--update-results records what users get, with the compiled "
                                  f"fast path, which is {compiled.unavailable_reason()}; or measure "
                                  f"without it into --out DIR")
        return project_root() / RESULTS
    if args.out is not None:
        return args.out
    return Path(tempfile.mkdtemp(prefix="ascend-ops-bench-"))


# The chart is part of every run, so a missing matplotlib is refused before any work or folder.
MISSING_MATPLOTLIB = ('the benchmark chart needs matplotlib: pip install "ascend-ops[bench]" '
                      '(from a checkout: pip install -e ".[bench]")')


def run(args: argparse.Namespace) -> int:
    if args.npu_model_only:
        return _npu_model(args, output_folder(args))
    if args.plan_cost_only:
        return _plan_cost(args, output_folder(args))
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OpArgumentError(MISSING_MATPLOTLIB) from None
    if WAIT_POLICY not in os.environ and sys.argv[1:2] == ["bench"]:
        os.environ[WAIT_POLICY] = "PASSIVE"
        sys.stdout.flush()
        os.execv(sys.executable, [sys.executable, "-m", "ascend_ops_dev", *sys.argv[1:]])
    from ascend_ops_dev import benchmarks
    from ascend_ops_dev.benchmarks import report

    settings = benchmarks.QUICK if args.quick else benchmarks.FULL
    if args.sizes_mib:
        sizes = tuple(int(s * benchmarks.MiB) for s in args.sizes_mib)
        rounds = {s: min((r for size, r in settings.rounds.items() if size >= s),
                         default=min(settings.rounds.values())) for s in sizes}
        settings = dataclasses.replace(settings, sizes=sizes, rounds=rounds)
    if args.op:
        settings = dataclasses.replace(settings, ops=tuple(args.op))
    out = output_folder(args)
    results = benchmarks.run(settings, progress=lambda line: print(line, flush=True),
                             torch_thp=not args.no_torch_thp)
    print("\n".join(report.table(results)))
    for path in report.write(results, out):
        print(f"wrote {path}")
    print("\n".join(report.closing_note(results)), file=sys.stdout)
    if not args.no_npu_model:
        _npu_model(args, out)
    return 0


def _npu_model(args: argparse.Namespace, out: Path) -> int:
    """The NPU model of every shape class on every product line, written to out/npu_model.md."""
    from ascend_ops_dev import benchmarks
    from ascend_ops_dev.benchmarks import npu_model

    classes = list(benchmarks.shape_classes(tuple(args.op) if args.op else None))
    sizes = npu_model.QUICK_MODEL_SIZES if args.quick else npu_model.MODEL_SIZES
    rows = npu_model.model(classes, sizes=sizes, progress=lambda line: print(line, flush=True))
    text = npu_model.markdown(rows)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "npu_model.md"
    path.write_text(text, encoding="utf-8")
    if args.npu_model_only:
        print(text)
    print(f"wrote {path} (a model, not a measurement)")
    return 0


def _plan_cost(args: argparse.Namespace, out: Path) -> int:
    """The planner's host cost of every shape class on every product line, to out/plan_cost.md."""
    from ascend_ops_dev import benchmarks
    from ascend_ops_dev.benchmarks import npu_model, plan_cost

    classes = list(benchmarks.shape_classes(tuple(args.op) if args.op else None))
    sizes = npu_model.QUICK_MODEL_SIZES if args.quick else npu_model.MODEL_SIZES
    rows = plan_cost.measure(classes, sizes, progress=lambda line: print(line, flush=True))
    text = plan_cost.markdown(rows)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "plan_cost.md"
    path.write_text(text, encoding="utf-8")
    print(text)
    print(f"wrote {path}")
    return 0
