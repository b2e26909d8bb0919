"""Syntax-check the generated C++ without CANN."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

#  op_host/*.cpp:   g++ -D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11 <the package's op_host options>
#                       -fsyntax-only -I ascend_kernels/sim/cann_host_stub <file>
#                   (CANN's op_host compile line, dev/ascend_ops_dev/cann/cann_compile_line.py)
#  op_kernel/*.cpp: g++ -std=c++17 -fsyntax-only -I ascend_kernels/sim -I ascend_kernels/common
#                       -DASCEND_SIM_TILING_TYPE=ascend_ops::CopyTiling -D__NPU_ARCH__=<arch> <file>
#                   once per NPU arch of op_specs/products.yaml (kernels pick their APIs by it);
#                   a custom op's kernel through the simulator's translation unit of it, which
#                   declares its tiling struct (ascend_ops.sim.library.custom_kernel_unit)
#
# `ascend_kernels/sim/cann_host_stub/` declares what the generated host code uses with CANN's
# signatures, and `ascend_kernels/sim/` emulates the AscendC API the kernels use, so a wrong call,
# type or include shows up here.

STUB_DIR = "sim/cann_host_stub"
SIM_DIR = "sim"
COMMON_DIR = "common"
STRICT_FLAGS = ("-Wall", "-Wextra", "-Werror")
# The simulator's GET_TILING_DATA declares this type (CANN derives it from the op's tiling class).
SIM_TILING_TYPE = "ascend_ops::CopyTiling"


@dataclass(frozen=True)
class HostCheckResult:
    source: Path
    command: tuple[str, ...]
    returncode: int
    output: str
    npu_arch: int | None = None  # kernels: the architecture compiled for

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def host_sources(out_dir: Path) -> list[Path]:
    return sorted(Path(out_dir).glob("*/op_host/*.cpp"))


def kernel_sources(out_dir: Path) -> list[Path]:
    return sorted(Path(out_dir).glob("*/op_kernel/*.cpp"))


def kernel_archs(out_dir: Path) -> tuple[int, ...]:
    """The NPU architectures of the specs beside `out_dir` (`<root>/op_specs`), in products.yaml order."""
    from ascend_ops_gen.spec import load_specs
    from ascend_ops_gen.codegen.project import arch_products

    specs_dir = Path(out_dir).parent / "op_specs"
    return tuple(arch_products(load_specs(specs_dir, specs_dir.parent)))


def compile_command(source: Path, out_dir: Path, cxx: str = "g++",
                    strict: bool = False, npu_arch: int | None = None) -> tuple[str, ...]:
    out_dir = Path(out_dir)
    if source.parent.name == "op_kernel":
        from ascend_ops.sim.library import arch_defines

        includes = ("-I", str(out_dir / SIM_DIR), f"-DASCEND_SIM_TILING_TYPE={SIM_TILING_TYPE}",
                    *(f"-D{k}={v}" for k, v in arch_defines(npu_arch).items()))
        return (cxx, "-std=c++17", "-fsyntax-only", *(STRICT_FLAGS if strict else ()), *includes,
                "-I", str(out_dir / COMMON_DIR), str(kernel_unit(source, out_dir)))
    from ascend_ops_dev.cann.cann_compile_line import host_compile_line

    return (cxx, *host_compile_line(out_dir), "-fsyntax-only", *(STRICT_FLAGS if strict else ()),
            "-I", str(out_dir / STUB_DIR), str(source))


def kernel_unit(source: Path, out_dir: Path) -> Path:
    """What compiles `source`: itself, or a custom op's translation unit of the simulator."""
    from ascend_ops_gen.spec import load_specs
    from ascend_ops.sim.library import custom_kernel_unit

    specs_dir = Path(out_dir).parent / "op_specs"
    op = next((o for o in load_specs(specs_dir, specs_dir.parent).ops if o.name == source.parent.parent.name), None)
    return custom_kernel_unit(op, Path(out_dir)) if op is not None and op.is_custom else source


def check_host_code(out_dir: Path, cxx: str = "g++", strict: bool = False,
                    kernels: bool = True, ops: Sequence[str] | None = None) -> list[HostCheckResult]:
    """Compile every op_host source (and, with `kernels`, every op_kernel source against the
    simulator's AscendC headers) of every op, or of `ops`, in parallel; one result per file."""
    if shutil.which(cxx) is None:
        raise FileNotFoundError(f"C++ compiler {cxx!r} not found; install g++ or pass --cxx")
    host = host_sources(out_dir)
    if not host:
        raise FileNotFoundError(f"no {out_dir}/*/op_host/*.cpp; run `ascend-ops-dev generate` first")
    units: list[tuple[Path, int | None]] = [(s, None) for s in host]
    if kernels:
        if not (Path(out_dir) / SIM_DIR / "kernel_operator.h").is_file():
            raise FileNotFoundError(f"{out_dir}/{SIM_DIR}/kernel_operator.h is missing; pass "
                                    f"--no-kernels to check the host code only")
        archs = kernel_archs(out_dir)
        units += [(s, arch) for s in kernel_sources(out_dir) for arch in archs]
    if ops is not None:
        units = [u for u in units if u[0].parent.parent.name in ops]

    def run(unit: tuple[Path, int | None]) -> HostCheckResult:
        source, arch = unit
        command = compile_command(source, out_dir, cxx, strict, arch)
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        return HostCheckResult(source, command, done.returncode, done.stdout + done.stderr, arch)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(run, units))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ascend_ops_dev.kernel_checks.host_check",
        description="Syntax-check the generated op_host (and op_kernel) sources without CANN.")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="the ascend_kernels folder (default: the checkout's)")
    parser.add_argument("--cxx", default="g++", help="C++ compiler (default: g++)")
    parser.add_argument("--strict", action="store_true", help="add " + " ".join(STRICT_FLAGS))
    parser.add_argument("--no-kernels", dest="kernels", action="store_false",
                        help="check only op_host, not op_kernel against the simulator headers")
    args = parser.parse_args(argv)
    out_dir = args.out
    if out_dir is None:
        from ascend_ops_gen.spec import project_root
        out_dir = project_root() / "ascend_kernels"
    try:
        results = check_host_code(out_dir, args.cxx, args.strict, args.kernels)
    except FileNotFoundError as e:
        print(f"host_check: error: {e}", file=sys.stderr)
        return 2
    failed = [r for r in results if not r.ok]
    for r in results:
        arch = f" (NPU arch {r.npu_arch})" if r.npu_arch is not None else ""
        print(f"  {'ok  ' if r.ok else 'FAIL'}  {r.source}{arch}")
    for r in failed:
        print(f"\n$ {' '.join(r.command)}\n{r.output}", file=sys.stderr)
    print(f"host_check: {len(results) - len(failed)} of {len(results)} generated sources compile"
          + (f"; failing: {', '.join(str(r.source) for r in failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
