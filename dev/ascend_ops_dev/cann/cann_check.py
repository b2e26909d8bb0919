"""Compile the generated kernels and host code against the real CANN / AscendC headers.

Every `<op>/op_kernel/<op>.cpp` is compiled (`g++ -fsyntax-only`) once per NPU architecture of
op_specs/products.yaml, in AscendC's CPU-debug mode with that architecture's defines (and once
more without -D__NPU_ARCH__: `arch_rule_commands`), and every `<op>/op_host/<op>.cpp` once,
against a folder of real headers: one laid out like the test fixture `../shared/cann-headers`
(asc-devkit, asc-tools, metadef, ge, runtime, libboundscheck), or an installed CANN toolkit. What
passes: Note [header warnings]."""
from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from ascend_ops_gen.codegen.copy_tiling import load_copy_tiling
from ascend_ops_gen.codegen.custom_op import emit_custom_kernel_tiling_data
from ascend_ops_gen.codegen.kernel import emit_kernel_tiling_data
from ascend_ops_gen.codegen.project import arch_products, cpu_debug_defines
from ascend_ops_gen.spec import SpecSet

from ascend_ops_dev.cann.cann_compile_line import host_compile_line

COPY_TILING_HEADER = "common/copy_tiling.h"
KERNEL_TILING_FILE = "kernel_tiling_data.h"
# Where the checkout's fixture lives, relative to the checkout.
FIXTURE_DIR = Path("..") / "shared" / "cann-headers"
TOOLKIT_ENV = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")

# What tikicpulib's CPU-debug build defines for every kernel.
CPU_DEBUG_DEFINES = ("ASCENDC_CPU_DEBUG=1", "ASCENDC_DEBUG=1", "ASCENDC_DUMP=0", "__CCE_KT_TEST__=1")
KERNEL_FLAGS = ("-x", "c++", "-std=c++17", "-fsyntax-only")
# After CANN's op_host compile line (cann_compile_line.host_compile_line), which selects the standard.
HOST_FLAGS = ("-fsyntax-only", "-Wall", "-Wextra")
DEPRECATED_API_FLAG = "-Wdeprecated-declarations"


# Note [header warnings]
# ~~~~~~~~~~~~~~~~~~~~~~
# A compile passes with no error and no warning, with two rules for warnings:
#   - `-Wdeprecated-declarations` always fails: the AscendC headers mark an API the architecture
#     lacks as deprecated ("unsupported API on current device"), wherever the warning points.
#   - a warning located inside the headers folder is tolerated only when HEADER_DEFECTS lists its
#     file and flag: a defect of the headers themselves, with the reason. Every tolerated warning
#     is reported. Any other warning (in the project's code, or an unlisted one in the headers)
#     fails.
# Kernels compile with the compiler's default warnings, as asc-devkit's own header check does
# (with -Wall -Wextra the headers raise hundreds of warnings of their own); host code with
# -Wall -Wextra, as the fixture's recipe says.


@dataclass(frozen=True)
class HeaderDefect:
    """A warning the headers raise in their own code, tolerated (Note [header warnings])."""

    path: str   # fnmatch pattern of the header's path, relative to the headers folder
    flag: str   # the warning's -W flag
    why: str


HEADER_DEFECTS: tuple[HeaderDefect, ...] = (
    # The patterns match both layouts: asc-devkit's basic_api/ and CANN 8.1's basic_api/impl/.
    HeaderDefect(
        "*/basic_api/*utils/kernel_check_copy.h", "-Wnarrowing",
        "the CPU-debug argument check of GM->UB DataCopyPad copies DataCopyExtParams::blockLen "
        "(uint32_t) into a uint16_t field of its own DataCopyPadApiParams; the device path takes "
        "the 32-bit length. Any use of that documented form raises it"),
    HeaderDefect(
        "*/basic_api/*dav_m200/kernel_operator_mm_impl.h", "-Wmissing-template-keyword",
        "arch 2002's matmul implementation calls a member template without `template`; the "
        "kernels use no matmul, the header is opened by kernel_operator.h"),
    HeaderDefect(
        "*/softmax/regbase/v300/softmax_impl.h", "-Wreturn-type",
        "arch 3002's softmax implementation can leave a non-void function without a return; the "
        "kernels use no softmax, the header is opened by kernel_operator.h"),
    HeaderDefect(
        "*/include/register/op_def_registry.h", "-Wunused-parameter",
        "CANN 8.1's OP_ADD hands OpDefRegister a lambda that never uses its `name` "
        "parameter; every OpDef registration instantiates it"),
)


class HeadersNotFound(FileNotFoundError):
    """No headers folder; the message says where the check looked and what to pass."""


@dataclass(frozen=True)
class CannHeaders:
    root: Path
    origin: str                        # how it was found, for the report
    kernel_includes: tuple[Path, ...]  # in the order the compile searches them
    host_includes: tuple[Path, ...]
    # The AscendC headers test __NPU_ARCH__ (asc-devkit), so their compiler always defines it;
    # CANN 8.x's test __CCE_AICORE__ only.
    headers_need_npu_arch: bool = False


def _fixture_layout(root: Path, origin: str) -> CannHeaders:
    a = root / "asc-devkit"
    kernel = [a, a / "impl", a / "impl/basic_api", a / "impl/basic_api/reg_compute", a / "impl/simt_api",
              a / "impl/c_api", a / "include", a / "include/basic_api", a / "include/simt_api",
              a / "include/simt_api/cpp", a / "include/basic_api/reg_compute", a / "include/c_api",
              a / "include/utils", a / "include/adv_api", root / "asc-tools/cpudebug/include",
              root / "stub_fun_standin", root / "generated"]
    host = [root / "metadef/inc", root / "metadef/inc/external", root / "metadef/inc/external/asc",
            root / "ge/inc/graph_metadef/external", root / "runtime/pkg_inc", a / "include/utils",
            root / "libboundscheck/include"]
    return CannHeaders(root, origin, tuple(kernel), tuple(host), headers_need_npu_arch=True)


def _toolkit_layout(root: Path, origin: str) -> CannHeaders:
    # tikicpulib's include folders (tools/tikicpulib/lib/cmake) and the op_host ones of msopgen
    # projects, as a CANN 8.x toolkit installs them.
    tik = root / "compiler/tikcpp/tikcfw"
    high = root / "compiler/ascendc/include/highlevel_api"
    kernel = [root / "tools/tikicpulib/lib/include", root / "include", tik, tik / "impl", tik / "interface",
              high / "lib", high / "impl", high / "lib/matmul", high]
    host = [root / "include", root / "include/experiment", root / "include/experiment/platform",
            root / "include/experiment/metadef/common/util"]
    return CannHeaders(root, origin, tuple(kernel), tuple(host))


def _arch_tree_layout(root: Path, origin: str) -> CannHeaders:
    # A CANN 8.1-8.3 toolkit's <arch>-linux tree (as ../shared/cann-8.1/toolkit holds it): the
    # AscendC API under ascendc/include (its kernel_operator.h defines __aicore__ but not
    # __host_aicore__), the host headers under include/, tikicpulib's CPU-debug headers.
    tree = next(p for p in sorted(root.glob("*-linux")) if (p / "ascendc/include").is_dir())
    api = tree / "ascendc/include"
    kernel = [root / "tools/tikicpulib/lib/include", tree / "include", api / "basic_api",
              api / "basic_api/impl", api / "basic_api/interface", api / "highlevel_api",
              api / "highlevel_api/lib", api / "highlevel_api/impl", api / "highlevel_api/lib/matmul"]
    host = [tree / "include", tree / "include/experiment/platform", api / "highlevel_api"]
    return CannHeaders(root, origin, tuple(kernel), tuple(host))


# What identifies each layout: (the files that must exist, how its include folders map).
_LAYOUTS: tuple[tuple[tuple[str, ...], Callable[[Path, str], CannHeaders]], ...] = (
    (("asc-devkit/include/kernel_operator.h", "metadef/inc/external/asc/register/op_def_registry.h"),
     _fixture_layout),
    (("compiler/tikcpp/tikcfw/kernel_operator.h", "include/register/op_def_registry.h"), _toolkit_layout),
    (("aarch64-linux/ascendc/include/basic_api/kernel_operator.h",
      "aarch64-linux/include/register/op_def_registry.h"), _arch_tree_layout),
    (("x86_64-linux/ascendc/include/basic_api/kernel_operator.h",
      "x86_64-linux/include/register/op_def_registry.h"), _arch_tree_layout),
)


def _layout(root: Path, origin: str) -> tuple[CannHeaders | None, str]:
    """The headers of `root`, or None and why not."""
    if not root.is_dir():
        return None, "no such folder"
    for marks, make in _LAYOUTS:
        if all((root / m).is_file() for m in marks):
            return make(root, origin), ""
    wanted = " or ".join(" + ".join(marks) for marks, _ in _LAYOUTS)
    return None, f"neither layout found (looked for {wanted})"


def find_headers(explicit: Path | None, checkout: Path,
                 environ: Mapping[str, str] | None = None) -> CannHeaders:
    """The headers folder: `explicit` (--headers) if given, else $ASCEND_HOME_PATH,
    $ASCEND_TOOLKIT_HOME, then ../shared/cann-headers beside the checkout."""
    environ = os.environ if environ is None else environ
    if explicit is not None:
        found, why = _layout(Path(explicit), "--headers")
        if found is None:
            raise HeadersNotFound(f"--headers {explicit}: {why}")
        return found
    looked: list[str] = ["--headers DIR: not given"]
    for name in TOOLKIT_ENV:
        value = environ.get(name)
        if not value:
            looked.append(f"${name}: not set")
            continue
        found, why = _layout(Path(value), f"${name}")
        if found is not None:
            return found
        looked.append(f"${name}={value}: {why}")
    fixture = (checkout / FIXTURE_DIR).resolve()
    found, why = _layout(fixture, str(checkout / FIXTURE_DIR))
    if found is not None:
        return found
    looked.append(f"{fixture}: {why}")
    raise HeadersNotFound(
        "no CANN / AscendC headers found; looked at:\n  " + "\n  ".join(looked) +
        "\npass --headers DIR (a folder laid out like ../shared/cann-headers, or a CANN toolkit), "
        "or set $ASCEND_HOME_PATH to an installed toolkit")


# ---- jobs --------------------------------------------------------------------------------------

NPU_ARCH_MACRO = "__NPU_ARCH__"


@dataclass(frozen=True)
class Job:
    op: str
    side: str        # "kernel", "arch" (the kernel without -D__NPU_ARCH__) or "host"
    arch: int | None  # kernels: the NPU architecture
    source: Path
    arch_defines: tuple[str, ...] = ()  # kernels: the arch's products.yaml cpu_debug_defines
    kernel_tiling: str = ""  # a custom op's kernel: its tiling struct's header (else CopyTilingData's)

    @property
    def label(self) -> str:
        return f"{self.op} {self.side}" + (f" {self.arch}" if self.arch is not None else "")


def jobs_for(specs: SpecSet, out_dir: Path, ops: Sequence[str] | None = None) -> list[Job]:
    """Every op's kernel once per NPU architecture of the specs, and its host file."""
    archs = tuple(arch_products(specs))
    jobs: list[Job] = []
    for op in specs.kernel_ops():
        if ops is not None and op.name not in ops:
            continue
        tiling = emit_custom_kernel_tiling_data(op, tool="ascend-ops-dev check-cann", get_tiling_data=True) \
            if op.is_custom else ""
        for side in ("kernel", "arch"):
            jobs += [Job(op.name, side, arch, out_dir / op.name / "op_kernel" / f"{op.name}.cpp",
                         cpu_debug_defines(specs, arch), tiling) for arch in archs]
        jobs.append(Job(op.name, "host", None, out_dir / op.name / "op_host" / f"{op.name}.cpp"))
    return jobs


# The kernel-side tiling class behind GET_TILING_DATA, which a CANN build generates, is written by
# the codegen (`kernel.emit_kernel_tiling_data`; a custom op's own,
# `custom_op.emit_custom_kernel_tiling_data`) into a scratch folder and force-included.
def compile_command(job: Job, headers: CannHeaders, out_dir: Path, tiling_header: Path,
                    cxx: str = "g++", host_line: Sequence[str] | None = None) -> tuple[str, ...]:
    """The g++ command of `job`. Host files: CANN's op_host line (host_compile_line) with the
    headers' host folders, or `host_line` (a whole line with its include folders: msOpGen's,
    cann_compile_line.msopgen_host_line) in their place."""
    if job.side == "host":
        if host_line is not None:
            return (cxx, *host_line, *HOST_FLAGS, str(job.source))
        includes = tuple(f"-I{p}" for p in headers.host_includes)
        return (cxx, *host_compile_line(out_dir), *HOST_FLAGS, *includes, str(job.source))
    project = ("-I", str(out_dir / "common"))
    defines = [*CPU_DEBUG_DEFINES, f"{NPU_ARCH_MACRO}={job.arch}", *job.arch_defines]
    includes = tuple(f"-I{p}" for p in headers.kernel_includes)
    return (cxx, *KERNEL_FLAGS, *(f"-D{d}" for d in defines), "-include", str(tiling_header), *includes,
            *project, str(job.source))


# Each kernel and arch is also checked without -D__NPU_ARCH__ (side "arch", Note [build arch] in
# common/build_arch.h): the kernel preprocessed with the arch's other defines only (__CCE_AICORE__,
# as CANN 8.1's compilers give it) must be the very code preprocessed with -D__NPU_ARCH__, so it
# compiles to the same plan choices and tiling keys. On headers that need __NPU_ARCH__ themselves
# (asc-devkit: its compiler always defines it) the headers still get it, and the kernel's own code
# does not.
def arch_rule_commands(job: Job, headers: CannHeaders, out_dir: Path, tiling_header: Path, scratch: Path,
                       cxx: str = "g++") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The preprocessing of an "arch" job's kernel with -D__NPU_ARCH__ and without it (above); on
    headers that need the macro, the second preprocesses a scratch file that includes
    kernel_operator.h with it, then drops it and includes the kernel."""
    kernel = compile_command(replace(job, side="kernel"), headers, out_dir, tiling_header, cxx)
    with_it = tuple("-E" if flag == "-fsyntax-only" else flag for flag in kernel)
    without = [flag for flag in with_it if not flag.startswith(f"-D{NPU_ARCH_MACRO}=")]
    if headers.headers_need_npu_arch:
        wrapper = scratch / f"{job.op}_{job.arch}_without_npu_arch.cpp"
        wrapper.write_text(f'#include "kernel_operator.h"\n#undef {NPU_ARCH_MACRO}\n'
                           f'#include "{job.source.resolve()}"\n', encoding="utf-8")
        without = with_it[:-1] + (str(wrapper),)
    return with_it, tuple(without)


_LINE_MARKER = re.compile(r'^# (\d+) "([^"]*)"')


def _code_lines(preprocessed: str) -> list[tuple[str, str]]:
    """The non-blank lines of g++ -E output, each with the `file:line` it came from."""
    lines: list[tuple[str, str]] = []
    where, number = "?", 0
    for text in preprocessed.splitlines():
        marker = _LINE_MARKER.match(text)
        if marker:
            where, number = marker.group(2), int(marker.group(1))
            continue
        if text.strip():
            lines.append((f"{where}:{number}", text.strip()))
        number += 1
    return lines


def first_code_difference(with_it: str, without: str) -> Diagnostic | None:
    """Where the kernel preprocessed without -D__NPU_ARCH__ first differs from it preprocessed
    with it, as an error at that line; None where the code is the same."""
    ours, theirs = _code_lines(without), _code_lines(with_it)
    for mine, reference in zip(ours, theirs):
        if mine[1] != reference[1]:
            file, _, line = mine[0].rpartition(":")
            return Diagnostic(Path(file), int(line), "error",
                              f"without -D{NPU_ARCH_MACRO} this reads `{mine[1][:160]}`; with it, "
                              f"`{reference[1][:160]}` ({reference[0]})", None, "")
    if len(ours) != len(theirs):
        longer = ours if len(ours) > len(theirs) else theirs
        file, _, line = longer[min(len(ours), len(theirs))][0].rpartition(":")
        return Diagnostic(Path(file), int(line), "error",
                          f"the code {'with' if longer is theirs else 'without'} -D{NPU_ARCH_MACRO} goes on "
                          f"here, the other ends", None, "")
    return None


# ---- diagnostics -------------------------------------------------------------------------------

_PRIMARY = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)? "
                      r"(?P<severity>warning|error|fatal error): (?P<message>.*?)"
                      r"(?: \[(?P<flag>-W[^\]]+)\])?$")
_REQUIRED_HERE = re.compile(r"^(?P<where>[^\s:][^:]*:\d+:\d+):\s+required from here")


@dataclass(frozen=True)
class Diagnostic:
    file: Path
    line: int
    severity: str          # "warning", "error" or "fatal error"
    message: str
    flag: str | None
    instantiated_at: str   # the last "required from here" before it, or ""

    def where(self, roots: Sequence[Path]) -> str:
        return f"{_short(self.file, roots)}:{self.line}"


def parse_diagnostics(output: str) -> list[Diagnostic]:
    """The errors and warnings of a g++ run, each with where the project instantiated it."""
    found: list[Diagnostic] = []
    required = ""
    for line in output.splitlines():
        m = _REQUIRED_HERE.match(line)
        if m:
            required = m.group("where")
            continue
        m = _PRIMARY.match(line)
        if m:
            found.append(Diagnostic(Path(m.group("file")), int(m.group("line")), m.group("severity"),
                                    m.group("message"), m.group("flag"), required))
            required = ""
    return found


@dataclass(frozen=True)
class Verdict:
    diagnostic: Diagnostic
    failure: bool
    reason: str                      # why it fails, or ""
    defect: HeaderDefect | None      # the table entry that tolerates it


def judge(diagnostic: Diagnostic, headers_root: Path,
          defects: Sequence[HeaderDefect] = HEADER_DEFECTS) -> Verdict:
    """Note [header warnings]."""
    d = diagnostic
    if d.severity != "warning":
        return Verdict(d, True, d.severity, None)
    if d.flag == DEPRECATED_API_FLAG:
        return Verdict(d, True, "an API the architecture lacks (deprecated-declarations)", None)
    inside = _relative(d.file, headers_root)
    if inside is None:
        return Verdict(d, True, "a warning outside the headers", None)
    for defect in defects:
        if d.flag == defect.flag and fnmatch.fnmatch(inside, defect.path):
            return Verdict(d, False, "", defect)
    return Verdict(d, True, "a header warning HEADER_DEFECTS does not list", None)


def _relative(path: Path, root: Path) -> str | None:
    try:
        return "/" + Path(os.path.normpath(path.resolve())).relative_to(root.resolve()).as_posix()
    except ValueError:
        return None


def _short(path: Path, roots: Sequence[Path]) -> str:
    for root in roots:
        rel = _relative(path, root)
        if rel is not None:
            return f"{root.name}{rel}"
    return str(path)


# ---- running -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class JobResult:
    job: Job
    command: tuple[str, ...]
    returncode: int
    output: str
    verdicts: tuple[Verdict, ...]
    seconds: float

    @property
    def failures(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.failure)

    @property
    def tolerated(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.failure)

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.failures


def run_checks(jobs: Sequence[Job], headers: CannHeaders, out_dir: Path, *, cxx: str = "g++",
               workers: int = 2, progress: Callable[[int, int, JobResult], None] | None = None,
               host_line: Sequence[str] | None = None) -> list[JobResult]:
    """Compile every job, `workers` at a time; `progress(done, total, result)` after each;
    host files on `host_line` where given (compile_command)."""
    if shutil.which(cxx) is None:
        raise FileNotFoundError(f"C++ compiler {cxx!r} not found; install g++ or pass --cxx")
    layout = load_copy_tiling(out_dir / COPY_TILING_HEADER, f"{out_dir.name}/{COPY_TILING_HEADER}")
    with tempfile.TemporaryDirectory(prefix="ascend-ops-check-cann-") as scratch:
        tiling_header = Path(scratch) / KERNEL_TILING_FILE
        tiling_header.write_text(emit_kernel_tiling_data(layout), encoding="utf-8")

        def run(job: Job) -> JobResult:
            header = tiling_header
            if job.kernel_tiling:  # a custom op's tiling struct, as CANN derives it from its tiling data
                header = Path(scratch) / f"{job.op}_{job.side}_{job.arch}_{KERNEL_TILING_FILE}"
                header.write_text(job.kernel_tiling, encoding="utf-8")
            start = time.monotonic()
            if job.side == "arch":
                return _run_arch_rule(job, headers, out_dir, header, Path(scratch), cxx, start)
            command = compile_command(job, headers, out_dir, header, cxx, host_line)
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            output = done.stdout + done.stderr
            verdicts = tuple(judge(d, headers.root) for d in parse_diagnostics(output))
            return JobResult(job, command, done.returncode, output, verdicts, time.monotonic() - start)

        results: list[JobResult] = []
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            for result in pool.map(run, jobs):
                results.append(result)
                if progress is not None:
                    progress(len(results), len(jobs), result)
    return results


def _run_arch_rule(job: Job, headers: CannHeaders, out_dir: Path, tiling_header: Path, scratch: Path,
                   cxx: str, start: float) -> JobResult:
    """An "arch" job: both preprocessings; the errors of either, else the first code difference.
    Preprocessing reports errors only (#error among them), which always fail."""
    with_it, without = arch_rule_commands(job, headers, out_dir, tiling_header, scratch, cxx)
    runs = [subprocess.run(c, capture_output=True, text=True, check=False) for c in (without, with_it)]
    errors = [d for r in runs for d in parse_diagnostics(r.stderr) if d.severity != "warning"]
    returncode = next((r.returncode for r in runs if r.returncode), 0)
    if not errors and not returncode:
        difference = first_code_difference(runs[1].stdout, runs[0].stdout)
        errors = [difference] if difference else []
        returncode = 1 if difference else 0
    output = "".join(r.stderr for r in runs)
    return JobResult(job, without, returncode, output, tuple(judge(d, headers.root) for d in errors),
                     time.monotonic() - start)


# ---- report ------------------------------------------------------------------------------------

SHOWN_PER_FILE = 3


def cell(result: JobResult) -> str:
    if result.ok:
        return "ok" + (f" ({len(result.tolerated)} tolerated)" if result.tolerated else "")
    errors = sum(1 for v in result.failures if v.diagnostic.severity != "warning")
    warnings = len(result.failures) - errors
    if not result.failures:  # a failed compile without a diagnostic the parser knows
        return f"FAIL (exit {result.returncode})"
    return "FAIL (" + ", ".join(p for p in (f"{errors} error{'s' * (errors != 1)}" if errors else "",
                                            f"{warnings} warning{'s' * (warnings != 1)}" if warnings else "")
                                if p) + ")"


def report(results: Sequence[JobResult], headers: CannHeaders, checkout: Path) -> str:
    """The op x arch x {kernel, host} table, the first failures of each failing file, and every
    tolerated header warning."""
    roots = (checkout, headers.root)
    archs = sorted({r.job.arch for r in results if r.job.arch is not None},
                   key=[r.job.arch for r in results].index)
    sides = [side for side in ("kernel", "arch") if any(r.job.side == side for r in results)]
    columns = [f"{side} {a}" for side in sides for a in archs] + ["host"]
    rows: dict[str, dict[str, str]] = {}
    for r in results:
        column = f"{r.job.side} {r.job.arch}" if r.job.arch is not None else "host"
        rows.setdefault(r.job.op, {})[column] = cell(r)
    widths = [max([len("op")] + [len(op) for op in rows])]
    widths += [max([len(c)] + [len(row.get(c, "-")) for row in rows.values()]) for c in columns]
    lines = ["  ".join(h.ljust(w) for h, w in zip(["op", *columns], widths))]
    lines.append("  ".join("-" * w for w in widths))
    for op, row in rows.items():
        lines.append("  ".join(v.ljust(w) for v, w in zip([op, *(row.get(c, "-") for c in columns)], widths)))
    if "arch" in sides:
        lines.append(f"(arch N: the kernel without -D{NPU_ARCH_MACRO}, its arch from __CCE_AICORE__, "
                     f"preprocesses to the code of kernel N)")
    for r in results:
        if r.ok:
            continue
        lines += ["", f"FAIL {r.job.label}: {_short(r.job.source, roots)}"]
        for v in r.failures[:SHOWN_PER_FILE]:
            d = v.diagnostic
            lines.append(f"  {d.where(roots)}: {d.severity}: {d.message}" + (f" [{d.flag}]" if d.flag else ""))
            if d.instantiated_at:
                lines.append(f"      instantiated from {_short(Path(d.instantiated_at.split(':')[0]), roots)}:"
                             f"{':'.join(d.instantiated_at.split(':')[1:])}")
            lines.append(f"      fails as {v.reason}")
        if len(r.failures) > SHOWN_PER_FILE:
            lines.append(f"  ... and {len(r.failures) - SHOWN_PER_FILE} more")
        if not r.failures:
            lines += [f"  {line}" for line in r.output.strip().splitlines()[-10:]]
        lines.append(f"  $ {' '.join(r.command)}")
    tolerated: dict[HeaderDefect, list[JobResult]] = {}
    for r in results:
        for v in r.tolerated:
            tolerated.setdefault(v.defect, [])
            if r not in tolerated[v.defect]:
                tolerated[v.defect].append(r)
    if tolerated:
        lines += ["", "tolerated header warnings (HEADER_DEFECTS in ascend_ops/cann_check.py):"]
        for defect, where in tolerated.items():
            count = sum(1 for r in where for v in r.tolerated if v.defect == defect)
            lines.append(f"  {defect.flag} in {defect.path}: {count} in {len(where)} files "
                         f"({', '.join(r.job.label for r in where[:4])}{', ...' if len(where) > 4 else ''})")
            lines.append(f"      {defect.why}")
    return "\n".join(lines)


def unused_defects(results: Iterable[JobResult]) -> list[HeaderDefect]:
    """Entries of HEADER_DEFECTS no compile needed."""
    used = {v.defect for r in results for v in r.tolerated}
    return [d for d in HEADER_DEFECTS if d not in used]
