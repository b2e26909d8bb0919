"""`ascend-ops-dev check-cann`: every generated op_kernel compiled per NPU architecture of
op_specs/products.yaml (and preprocessed without -D__NPU_ARCH__: the same code), and every
op_host, against the real CANN / AscendC headers (`ascend_ops_dev.cann.cann_check`); a table op x
arch x {kernel, arch, host}, the first errors, non-zero exit on any failure. A toolkit that ships
msOpGen also has every OpDef compared with what its msOpGen writes for the op's prototype
(`ascend_ops_dev.cann.msopgen_oracle`, `--side opdef`)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = ("compile the generated kernels (per NPU arch) and host code against the real CANN headers; "
        "compare the OpDefs with the toolkit's msOpGen")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headers", type=Path, metavar="DIR",
                        help="a folder laid out like ../shared/cann-headers, or a CANN toolkit (default: "
                             "$ASCEND_HOME_PATH, $ASCEND_TOOLKIT_HOME, then ../shared/cann-headers beside "
                             "the checkout)")
    parser.add_argument("--op", action="append", metavar="OP", help="only this op (repeatable)")
    parser.add_argument("--side", choices=("kernel", "arch", "host", "opdef"), default=None,
                        help="only the kernels (per arch), only the kernels without -D__NPU_ARCH__ (the same "
                             "code as with it), only the op_host files, or only the OpDefs against the toolkit's "
                             "msOpGen (default: all four; the OpDefs where the toolkit has msOpGen)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="compiles at a time (default: 2)")
    parser.add_argument("--cxx", default="g++", help="C++ compiler (default: g++)")


def run(args: argparse.Namespace) -> int:
    from ascend_ops_dev.cann import cann_check, msopgen_oracle
    from ascend_ops_gen.spec import project_root, specs

    root = project_root()
    spec_set = specs()
    known = [o.name for o in spec_set.kernel_ops()]
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
    msopgen = msopgen_oracle.msopgen_package(headers.root)
    if args.side == "opdef" and msopgen is None:
        print(f"ascend-ops-dev check-cann: error: --side opdef needs a CANN toolkit with msOpGen "
              f"({msopgen_oracle.MSOPGEN_DIR}); {headers.root} has none", file=sys.stderr)
        return 2
    failed_compiles = 0
    if args.side != "opdef":
        failed_compiles = _compile(args, headers, spec_set, root, out_dir)
        if failed_compiles < 0:
            return 2
    oracle_ok = True
    if args.side in (None, "opdef"):
        if msopgen is None:
            print(f"check-cann: the OpDefs were not compared with msOpGen: {headers.root} has no "
                  f"{msopgen_oracle.MSOPGEN_DIR}")
        else:
            oracle_ok = _compare_with_msopgen(args, headers, spec_set, out_dir)
    return 1 if failed_compiles or not oracle_ok else 0


def _compile(args: argparse.Namespace, headers, spec_set, root: Path, out_dir: Path) -> int:
    """The compiles and their report; how many failed (-1: they could not run)."""
    from ascend_ops_dev.cann import cann_check

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
        return -1
    print(cann_check.report(results, headers, root))
    failed = [r for r in results if not r.ok]
    if args.op is None and args.side is None:
        for defect in cann_check.unused_defects(results):
            print(f"note: HEADER_DEFECTS entry {defect.flag} in {defect.path} matched nothing: these headers "
                  f"no longer need it")
    print(f"check-cann: {len(results) - len(failed)} of {len(results)} compiles pass"
          + (f"; failing: {', '.join(r.job.label for r in failed)}" if failed else
             " with 0 errors and 0 warnings outside HEADER_DEFECTS"))
    return len(failed)


def _compare_with_msopgen(args: argparse.Namespace, headers, spec_set, out_dir: Path) -> bool:
    """Every OpDef against the toolkit's msOpGen (cached runs); True when each difference is a
    named expectation and each expectation explains one."""
    from ascend_ops_dev.cann import msopgen_oracle

    print(f"check-cann: comparing the OpDefs with {headers.root / msopgen_oracle.MSOPGEN_DIR}",
          file=sys.stderr, flush=True)
    try:
        result = msopgen_oracle.check(spec_set, headers.root, out_dir, ops=args.op, jobs=args.jobs)
    except msopgen_oracle.OracleError as e:
        print(f"check-cann: the OpDef comparison could not run: {e}")
        return False
    print(msopgen_oracle.report_text(result, headers.root))
    print("check-cann: the OpDefs agree with msOpGen up to the named expectations" if result.ok else
          "check-cann: the OpDefs differ from msOpGen beyond the named expectations")
    return result.ok
