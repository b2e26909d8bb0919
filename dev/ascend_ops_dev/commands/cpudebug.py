"""`ascend-ops-dev cpudebug`: every op on every NPU arch through Huawei's AscendC implementation in
CPU-debug mode (`ascend_ops_dev.cpudebug`), over the verification corpus; a table op x arch, progress
on stderr, the last line `cpudebug: <N> cases, <K> builds, <D> differences`, non-zero exit on any
difference, checker report, failed core or build failure. A test tool of the checkout."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HELP = ("run the generated kernels through Huawei's AscendC implementation in CPU-debug mode and "
        "compare them bit for bit with the emulator and cpu_reference (a checkout's test tool)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headers", type=Path, metavar="DIR",
                        help="a folder laid out like ../shared/cann-headers (asc-tools' CPU-debug sources), or a "
                             "CANN toolkit (its tikicpulib headers, as ../shared/cann-8.1/toolkit) (default: "
                             "$ASCEND_HOME_PATH, $ASCEND_TOOLKIT_HOME, then ../shared/cann-headers beside "
                             "the checkout)")
    parser.add_argument("--quick", action="store_true", help="the quick corpus instead of the full one")
    parser.add_argument("--op", action="append", metavar="OP", help="only this op (repeatable)")
    parser.add_argument("--arch", action="append", type=int, metavar="ARCH",
                        help="only this NPU arch (repeatable: 2201, 1001, 2002, 3002)")
    parser.add_argument("--huawei-model", action="store_true",
                        help="link a CANN toolkit's own libcpudebug instead of the package's model "
                             "(needs --headers or $ASCEND_HOME_PATH naming an installed toolkit)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="compiles and cases at a time (default: 2)")
    parser.add_argument("--cxx", default="g++", help="C++ compiler (default: g++)")
    parser.add_argument("--define-model", action="append", default=[], metavar="NAME[=VALUE]",
                        help=argparse.SUPPRESS)  # negative controls: build the model with a rule broken
    parser.add_argument("--define-kernel", action="append", default=[], metavar="NAME[=VALUE]",
                        help=argparse.SUPPRESS)  # negative controls: build the kernels with a define


def _say(text: str) -> None:
    print(f"cpudebug: {text}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    try:
        from ascend_ops_dev import cpudebug  # noqa: F401  (absent from the wheel)
    except ImportError:
        print("ascend-ops-dev cpudebug: error: the CPU-debug test tool is part of a checkout of ascend-ops, "
              "not of the installed wheel", file=sys.stderr)
        return 2
    from ascend_ops_dev.cann import cann_check
    from ascend_ops_dev.cpudebug import build, run as cases
    from ascend_ops_gen.spec import project_root, specs

    known_ops = [o.name for o in specs().kernel_ops()]
    for name in args.op or ():
        if name not in known_ops:
            print(f"ascend-ops-dev cpudebug: error: --op {name!r} is no op of op_specs/ ({', '.join(known_ops)})",
                  file=sys.stderr)
            return 2
    archs_known = sorted({p.npu_arch for p in specs().products})
    for arch in args.arch or ():
        if arch not in archs_known:
            print(f"ascend-ops-dev cpudebug: error: --arch {arch} is no NPU arch of op_specs/products.yaml "
                  f"({', '.join(map(str, archs_known))})", file=sys.stderr)
            return 2
    if args.jobs < 1:
        print(f"ascend-ops-dev cpudebug: error: --jobs {args.jobs} must be >= 1", file=sys.stderr)
        return 2
    try:
        headers = cann_check.find_headers(args.headers, project_root())
    except cann_check.HeadersNotFound as e:
        print(f"ascend-ops-dev cpudebug: error: {e}", file=sys.stderr)
        return 2
    products = [p for p in specs().products if not args.arch or p.npu_arch in args.arch]
    archs = sorted({p.npu_arch for p in products}, key=[p.npu_arch for p in products].index)
    variant = build.Variant(tuple(args.define_model), tuple(args.define_kernel), args.huawei_model)
    start = time.monotonic()
    stats = build.BuildStats()
    launchers = {}
    try:
        framework = build.framework(headers, args.huawei_model)
        _say(f"building the CPU-debug launchers of arch {', '.join(map(str, archs))} against {headers.root} "
             f"({headers.origin}; {framework.describe()}"
             f"{'' if args.huawei_model else ', the package model'})")
        for arch in archs:
            built = build.build_arch(arch, headers, variant=variant, cxx=args.cxx, workers=args.jobs, stats=stats)
            launchers[arch, variant.tag] = built.launcher
            _say(f"arch {arch}: launcher ready ({built.objects} objects; intrinsics declared by {built.stub_fun}; "
                 f"{time.monotonic() - start:.0f} s)")
    except build.CpudebugBuildError as e:
        print(f"ascend-ops-dev cpudebug: build failed: {e}", file=sys.stderr)
        print(f"cpudebug: 0 cases, {stats.links} builds, 0 differences (build failed)")
        return 1
    _say(f"{stats.compiled} objects compiled, {stats.cached} from the cache, {stats.links} launchers "
         f"({time.monotonic() - start:.0f} s)")
    work = [(r, t) for t in cases.targets(products)
            for r in cases.corpus_runs(t, quick=args.quick, ops=args.op)]
    _say(f"{len(work)} cases on {len(cases.targets(products))} SoCs")
    last = [time.monotonic()]

    def progress(done: int, total: int, outcome) -> None:
        if not outcome.ok:
            _say(f"FAIL {outcome.run.label} on {outcome.target.soc}: {'; '.join(outcome.problems)}")
        if done == total or time.monotonic() - last[0] > 10:
            last[0] = time.monotonic()
            _say(f"[{done}/{total}] launches run ({time.monotonic() - start:.0f} s)")

    outcomes, launches = cases.run_all(work, launchers, workers=args.jobs, progress=progress,
                                       variant_tag=variant.tag)
    print(cases.table(outcomes))
    failed = [o for o in outcomes if not o.ok]
    for o in failed[:20]:
        print(f"\nFAIL {o.run.label} on {o.target.soc}:")
        for p in o.problems[:5]:
            print(f"  {p}")
    tolerated = sum(len(o.tolerated) for o in outcomes)
    if tolerated:
        print(f"\n{tolerated} checker reports tolerated as checker defects (CHECKER_DEFECTS in "
              f"ascend_ops_dev/cpudebug/run.py):")
        for d in cases.CHECKER_DEFECTS:
            print(f"  {d.pattern}: {d.why}")
    modes = sorted({o.mode for o in outcomes if o.mode})
    differences = sum(o.differences for o in outcomes)
    print(f"\n{len(outcomes)} cases in {launches} launches (cases planned alike on several SoCs share one); "
          f"modes reached: {', '.join(modes)}; {len(failed)} failed cases; "
          f"{sum(len(o.reports) for o in outcomes)} checker reports; {time.monotonic() - start:.0f} s")
    print(f"cpudebug: {len(outcomes)} cases, {stats.links} builds, {differences} differences")
    return 1 if failed else 0
