"""`ascend-ops-dev check-cann`: every generated op_kernel compiled per NPU architecture of
op_specs/products.yaml, and every op_host, against the real CANN / AscendC headers
(`ascend_ops_dev.cann.cann_check`); a table op x arch x {kernel, host}, the first errors, non-zero exit on
any failure."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "compile the generated kernels (per NPU arch) and host code against the real CANN headers"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headers", type=Path, metavar="DIR",
                        help="a folder laid out like ../shared/cann-headers, or a CANN toolkit (default: "
                             "$ASCEND_HOME_PATH, $ASCEND_TOOLKIT_HOME, then ../shared/cann-headers beside "
                             "the checkout)")
    parser.add_argument("--op", action="append", metavar="OP", help="only this op (repeatable)")
    parser.add_argument("--side", choices=("kernel", "host"), default=None,
                        help="only the kernels (per arch) or only the op_host files (default: both)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="compiles at a time (default: 2)")
    parser.add_argument("--cxx", default="g++", help="C++ compiler (default: g++)")


def run(args: argparse.Namespace) -> int:
    from ascend_ops_dev.cann import cann_check
    from ascend_ops_gen.spec import project_root, specs

    root = project_root()
    spec_set = specs()
    known = [o.name for o in spec_set.ops]
    for name in args.op or ():
        if name not in known:
            print(f"ascend-ops-dev check-cann: error: --op {name!r} is no op of op_specs/ ({', '.join(known)})",
                  file=sys.stderr)
            return 2
    if args.jobs < 1:
        print(f"ascend-ops-dev check-cann: error: --jobs {args.jobs} must be >= 1", file=sys.stderr)
        return 2
    try:
        headers = cann_check.find_headers(args.headers, root)
    except cann_check.HeadersNotFound as e:
        print(f"ascend-ops-dev check-cann: error: {e}", file=sys.stderr)
        return 2
    out_dir = root / "ascend_kernels"
    jobs = [j for j in cann_check.jobs_for(spec_set, out_dir, args.op)
            if args.side is None or j.side == args.side]
    print(f"check-cann: {len(jobs)} compiles against {headers.root} ({headers.origin}), {args.jobs} at a time",
          file=sys.stderr, flush=True)

    def progress(done: int, total: int, result: cann_check.JobResult) -> None:
        print(f"check-cann: [{done}/{total}] {result.job.label}: {cann_check.cell(result)} "
              f"({result.seconds:.1f} s)", file=sys.stderr, flush=True)

    try:
        results = cann_check.run_checks(jobs, headers, out_dir, cxx=args.cxx,
                                        workers=args.jobs, progress=progress)
    except FileNotFoundError as e:
        print(f"ascend-ops-dev check-cann: error: {e}", file=sys.stderr)
        return 2
    print(cann_check.report(results, headers, root))
    failed = [r for r in results if not r.ok]
    if args.op is None and args.side is None:
        for defect in cann_check.unused_defects(results):
            print(f"note: HEADER_DEFECTS entry {defect.flag} in {defect.path} matched nothing: these headers "
                  f"no longer need it")
    print(f"check-cann: {len(results) - len(failed)} of {len(results)} compiles pass"
          + (f"; failing: {', '.join(r.job.label for r in failed)}" if failed else
             " with 0 errors and 0 warnings outside HEADER_DEFECTS"))
    return 1 if failed else 0
