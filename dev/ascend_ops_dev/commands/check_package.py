"""`ascend-ops-dev check-package`: what of CANN's own build can run without CANN's closed parts
and an NPU, run on the op package, with one table (step x op x SoC, pass/fail, first error). The
steps (listed above `run`): CANN's op_host compile line, op_build, CANN's CMake build and
packaging, the binding's own aclnn lookup, and the binding's run on the CPU aclnn runtime. It
names every stand-in it uses. Without a headers folder it says where it looked and exits 2."""
from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HELP = ("run CANN's op_host compile line, op_build, CANN's CMake build and packaging and the CPU aclnn run of "
        "the torch binding on the op package")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headers", type=Path, metavar="DIR",
                        help="a folder laid out like ../shared/cann-headers (default: $ASCEND_HOME_PATH, "
                             "$ASCEND_TOOLKIT_HOME, then ../shared/cann-headers beside the checkout)")
    parser.add_argument("--toolkit", type=Path, metavar="DIR",
                        help="run the chain against the CANN toolkit (or headers folder) at DIR, with the "
                             "op-project flow it offers: the ASC CMake modules (CANN 8.5+) or msOpGen's "
                             "project templates (earlier CANN); replaces --headers")


@dataclass(frozen=True)
class Row:
    step: str
    op: str
    soc: str
    ok: bool
    error: str = ""


def _first_line(text: str) -> str:
    """The first line of an error, whole: the aclnn function a message names comes late in it."""
    return next((ln.strip() for ln in str(text).splitlines() if ln.strip()), "")


def compile_line_rows(headers, root: Path, spec_set, host_line=None) -> list[Row]:
    """Step 1: every op_host file on CANN's op_host line, or on `host_line` (a whole line:
    cann_package.msopgen_op_host_line)."""
    from ascend_ops_dev.cann import cann_check

    out_dir = root / "ascend_kernels"
    jobs = [j for j in cann_check.jobs_for(spec_set, out_dir) if j.side == "host"]
    rows = []
    for result in cann_check.run_checks(jobs, headers, out_dir, host_line=host_line):
        first = result.failures[0].diagnostic.message if result.failures else result.output
        rows.append(Row("1 compile line", result.job.op, "-", result.ok, "" if result.ok else _first_line(first)))
    return rows


def opbuild_rows(out_dir: Path, spec_set) -> list[Row]:
    """Step 2 on op_build's output folder: the aclnn headers and the ops-info of every op."""
    from ascend_ops_dev.cann import cann_opbuild

    header = dict(cann_opbuild.header_problems(out_dir, spec_set))
    info: dict[tuple[str, str], str] = {}
    for op, unit, problem in cann_opbuild.ops_info_problems(out_dir, spec_set):
        info.setdefault((op, unit), problem)
    rows = []
    for op in spec_set.kernel_ops():
        rows.append(Row("2 op_build aclnn header", op.name, "-", op.name not in header, header.get(op.name, "")))
        for p in spec_set.products:
            problem = info.get((op.name, p.add_config)) or info.get(("*", p.add_config), "")
            rows.append(Row("2 op_build ops-info", op.name, p.add_config, not problem, problem))
    return rows


def failed_opbuild_rows(error, spec_set) -> list[Row]:
    return [Row("2 op_build", op.name, "-", False, _first_line(error)) for op in spec_set.kernel_ops()]


def standalone_opbuild(headers, root: Path, spec_set) -> tuple[list[Row], Path | None]:
    """Step 2 of the ASC flow: op_build run on the library compile_ascendc_all_ops_so.py builds."""
    from ascend_ops_dev.cann import cann_opbuild

    try:
        out = cann_opbuild.generate(root / "ascend_kernels", headers)
    except cann_opbuild.OpBuildError as e:
        return failed_opbuild_rows(e, spec_set), None
    return opbuild_rows(out, spec_set), out


def package_build(headers, root: Path, toolkit: Path | None = None):
    """Step 3's build (cann_package.build) with the flow `toolkit` offers (the ASC modules of
    `headers` without it), or the error text of the step that failed. msOpGen's flow builds
    op_build from the asc-devkit sources of the default headers folder (../shared/cann-headers)."""
    from ascend_ops_dev.cann import cann_check, cann_package

    try:
        if toolkit is None or cann_package.cann_flow(toolkit) == cann_package.ASC_FLOW:
            return cann_package.build(root / "ascend_kernels", headers), ""
        return cann_package.build(root / "ascend_kernels", headers, toolkit=toolkit,
                                  opbuild_sources=cann_check.find_headers(None, root)), ""
    except (cann_package.PackageError, cann_package.cann_opbuild.OpBuildError, cann_check.HeadersNotFound) as e:
        # The step that failed (its first line) and the tool's last error line.
        text = str(e)
        return None, f"{_first_line(text)} {_last_error(text)}"


def package_rows(build, error: str, root: Path, spec_set) -> list[Row]:
    """Step 3: CANN's CMake configure, kernel compiles, packaging and installs (cann_package)."""
    if build is None:
        return [Row("3 CMake", "-", "-", False, error)]
    return [Row("3 CMake configure", "-", "-", True), *built_package_rows(build, root, spec_set)]


def _last_error(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines()[1:] if ln.strip()]
    return lines[-1] if lines else ""


def built_package_rows(build, root: Path, spec_set) -> list[Row]:
    """The kernel compile and vendor package rows of step 3 for a finished build: what reached
    the asc_opc stand-in, against products.yaml; the installed vendor folder, against what the
    binding looks for (ascend_ops.npu.binding.vendor_problems) and the compiled kernels."""
    from ascend_ops_dev.cann import cann_package
    from ascend_ops_gen.codegen.aclnn import header_name
    from ascend_ops.npu.binding import VENDOR_HEADERS, vendor_problems
    from ascend_ops.npu.binding_names import ACLNN_HEADERS

    kernels_dir = root / "ascend_kernels"
    compiled: dict[tuple[str, str], str] = {}
    for op, unit, problem in cann_package.kernel_compile_problems(build.compiles, spec_set, kernels_dir):
        compiled.setdefault((op, unit), problem)
    packaged: dict[tuple[str, str], str] = {}
    for op, unit, problem in cann_package.vendor_kernel_problems(build.vendor, build.compiles, spec_set):
        packaged.setdefault((op, unit), problem)
    rows = []
    for op in spec_set.kernel_ops():
        # The binding's lookup knows the aclnn headers of the ops it calls; a gradient op's is
        # looked for here by the name op_build gives it.
        called = op.op_type in ACLNN_HEADERS
        layout = vendor_problems(build.vendor, [op.op_type] if called else [])
        header = build.vendor / VENDOR_HEADERS / header_name(op.op_type)
        if not called and not header.is_file():
            layout.append(f"{header} is missing")
        for p in spec_set.products:
            unit = p.add_config
            problem = compiled.get((op.name, unit)) or compiled.get(("*", unit), "")
            rows.append(Row("3 kernel compile", op.name, unit, not problem, problem))
        for p in spec_set.products:
            unit = p.add_config
            problem = (layout[0] if layout else "") or packaged.get((op.name, unit)) or packaged.get(("*", unit), "")
            rows.append(Row("3 vendor package", op.name, unit, not problem, _first_line(problem)))
    stray = [problem for (op, _), problem in compiled.items() if op == "*"]
    if stray:
        rows.append(Row("3 kernel compile", "*", "-", False, _first_line(stray[0])))
    installed = cann_package.install_problems(build)
    rows.append(Row("3 install $ASCEND_OPP_PATH", "-", "-", not installed,
                    _first_line(installed[0]) if installed else ""))
    return rows


def binding_rows(spec_set, aclnn_headers: Path | None) -> list[Row]:
    """Steps 4 and 5 for the ops the torch binding calls through aclnn (`SpecSet.ops`; a gradient
    op's aclnn API is checked by op_build's rows, its kernel by the CMake rows)."""
    from ascend_ops_dev.binding import cpu_aclnn
    from ascend_ops_dev.sim import corpus

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="ascend-ops-check-package-") as install:
        try:
            binding = cpu_aclnn.CpuBinding.open(Path(install), headers=aclnn_headers)
        except Exception as e:  # noqa: BLE001 - a build failure is a failed row, whatever raised it
            return [Row("4 aclnn lookup", op.name, "-", False, _first_line(e)) for op in spec_set.ops]
        looked_up: dict[str, str] = {}
        for product in spec_set.products:
            binding.select(product.simulated_soc)
            for op in spec_set.ops:
                error = ""
                for seed, run in enumerate(corpus.runs(ops=(op.name,), products=(product,), quick=True)):
                    error = cpu_aclnn.check_run(binding, run, seed).strip()
                    if error:
                        break
                if op.name not in looked_up:
                    looked_up[op.name] = error if "not found" in error or "device guard" in error else ""
                rows.append(Row("5 CPU aclnn run", op.name, product.simulated_soc, not error, error))
        rows[:0] = [Row("4 aclnn lookup", op.name, "-", not looked_up.get(op.name, ""), looked_up.get(op.name, ""))
                    for op in spec_set.ops]
    return rows


def table(rows: list[Row]) -> str:
    """One line a row (an error's first line), then the whole text of every error of more lines."""
    headers = ("step", "op", "SoC", "result", "first error")
    cells = [(r.step, r.op, r.soc, "pass" if r.ok else "FAIL", _first_line(r.error)) for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers[:-1])]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers[:-1], widths)) + "  " + headers[-1]]
    lines.append("  ".join("-" * w for w in widths) + "  " + "-" * len(headers[-1]))
    lines += ["  ".join(c.ljust(w) for c, w in zip(cell[:-1], widths)) + "  " + cell[-1] for cell in cells]
    longer = [r for r in rows if len(r.error.strip().splitlines()) > 1]
    for r in longer:
        lines += ["", f"{r.step} {r.op} {r.soc}:", *(f"  {ln}" for ln in r.error.strip().splitlines())]
    return "\n".join(lines)


def stand_ins(flow: str, root: Path) -> str:
    """What check-package stands in for the binaries the toolkit lacks, for the report."""
    from ascend_ops_dev.cann import cann_check, cann_opbuild, cann_package

    try:
        sources = f"{cann_check.find_headers(None, root).root / cann_opbuild.OPBUILD_DIR}"
    except cann_check.HeadersNotFound:
        sources = f"<no asc-devkit sources found> {cann_opbuild.OPBUILD_DIR}"
    empty = [f"lib{n}.so" for n in (*cann_package.EMPTY_SHARED, "exe_graph")]
    empty += [f"lib{n}.a" for n in cann_package.EMPTY_STATIC]
    libraries = (f"libregister.so built from metadef's sources, libtiling_api.so with never-called bodies "
                 f"(opbuild_standin/), empty {', '.join(empty)}")
    if flow == cann_package.ASC_FLOW:
        return (f"asc_opc (the kernel compiler driver, for bisheng: records each compile, compiles nothing), "
                f"makeself.sh (writes the .run), compiler/version.info ({cann_package.STANDIN_VERSION}), "
                f"op_build built from {sources}; {libraries}")
    return (f"{cann_package.MSOPGEN_OPC} (the kernel compiler driver, for bisheng/ccec: records each compile, "
            f"compiles nothing); op_build built from {sources} (asc-devkit's, CANN 8.5+: the toolkit holds "
            f"no op_build that runs here), run by the template's opbuild(); {libraries}. The template's own "
            f"makeself, install.sh and util scripts run as they are")


# The steps, each a group of rows of the table:
#
# 1 compile line   every op_host file with CANN's op_host line against the real headers: the ASC
#                  modules' (-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11 + the package's options), or on
#                  a toolkit with msOpGen's templates the template's own opbuild() line, read
#                  from its func.cmake (-std=c++11 -I $CANN/include + the package's common/)
# 2 op_build       CANN's op_build built from source and run on the op_host library: the one
#                  CANN's compile_ascendc_all_ops_so.py builds (ASC flow), or the one the
#                  template's opbuild() builds while step 3 configures (msOpGen flow); its aclnn
#                  headers against the aclnn rules, its ops-info per compute unit against
#                  products.yaml
# 3 CMake          the op package configured with the toolkit's flow (asc-devkit's cmake/asc
#                  modules, or msOpGen's templates in place), built (make), its kernels compiled
#                  (make binary: each op x compute unit reaches the kernel compiler stand-in with
#                  its source, entry, SoC and the dtypes products.yaml gives), packaged into a .run
#                  (make package) and installed both ways CANN's install.sh offers: into
#                  $ASCEND_OPP_PATH/vendors/<vendor> with vendors/config.ini, and with
#                  --install-path, whose vendor folder is what the binding looks for
# 4 aclnn lookup   the torch binding, built against those headers, finds the op's aclnn functions
#                  itself in ASCEND_CUSTOM_OPP_PATH and calls them under its input's device guard
# 5 CPU aclnn run  the binding linked against the CPU aclnn runtime: the quick corpus of every op on
#                  every product line, bit for bit against cpu_reference, with the arguments each
#                  GetWorkspaceSize received checked against the spec
def run(args: argparse.Namespace) -> int:
    from ascend_ops_dev.cann import cann_check
    from ascend_ops_gen.spec import project_root, specs

    from ascend_ops_dev.cann import cann_package

    root = project_root()
    toolkit = getattr(args, "toolkit", None)
    if toolkit is not None and args.headers is not None:
        print("ascend-ops-dev check-package: error: --toolkit and --headers name the same thing; give one",
              file=sys.stderr)
        return 2
    flow = cann_package.ASC_FLOW
    try:
        if toolkit is not None:
            flow = cann_package.cann_flow(toolkit)
        headers = cann_check.find_headers(toolkit if toolkit is not None else args.headers, root)
    except (cann_check.HeadersNotFound, cann_package.FlowNotFound) as e:
        print(f"ascend-ops-dev check-package: error: {e}", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        print(f"check-package: {text}", file=sys.stderr, flush=True)

    if toolkit is not None:
        say(f"{toolkit} offers the {flow} op-project flow")
    say(f"stand-ins: {stand_ins(flow, root)}")
    spec_set = specs()
    say(f"CANN sources {headers.root} ({headers.origin})")
    with tempfile.TemporaryDirectory(prefix="ascend-ops-check-package-") as scratch:
        host_line = None
        if flow == cann_package.MSOPGEN_FLOW:
            from ascend_ops_dev.cann.cann_compile_line import CompileLineError

            try:
                host_line = cann_package.msopgen_op_host_line(toolkit, root / "ascend_kernels", Path(scratch))
            except CompileLineError as e:
                print(f"ascend-ops-dev check-package: error: {e}", file=sys.stderr)
                return 2
            say(f"1 compile line: the template's opbuild() line, g++ {' '.join(host_line)}")
        rows = compile_line_rows(headers, root, spec_set, host_line)
    if flow == cann_package.MSOPGEN_FLOW:
        say("1 compile line done; configuring (the template's opbuild() compiles the op_host library and runs "
            "op_build), building, packaging and installing with msOpGen's project templates")
        build, error = package_build(headers, root, toolkit)
        aclnn_out = build.autogen if build is not None else None
        rows += opbuild_rows(aclnn_out, spec_set) if build is not None else failed_opbuild_rows(error, spec_set)
        rows += package_rows(build, error, root, spec_set)
    else:
        say("1 compile line done; building and running op_build")
        opbuild, aclnn_out = standalone_opbuild(headers, root, spec_set)
        rows += opbuild
        say("2 op_build done; configuring, building, packaging and installing with CANN's CMake modules")
        build, error = package_build(headers, root, toolkit)
        rows += package_rows(build, error, root, spec_set)
    say("3 CMake done; building and running the binding on the CPU aclnn runtime")
    rows += binding_rows(spec_set, aclnn_out)
    print(table(rows))
    failed = [r for r in rows if not r.ok]
    print(f"check-package: {len(rows) - len(failed)} of {len(rows)} checks pass"
          + (f"; {len(failed)} fail" if failed else ""))
    return 1 if failed else 0
