"""CANN's op_host compile line, with the package's compile options read from its own CMake.

CANN's op-package build compiles every op_host file into `libascend_all_ops.so` before its code
generator runs, with `-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11` followed by the options the package
passes to `npu_op_code_gen(COMPILE_OPTIONS ...)` (compile_ascendc_all_ops_so.py of the ASC CMake
modules; a failure stops the configure). The package keeps those options in one line of
`ascend_kernels/cmake/ascend_ops.cmake`, `set(ASCEND_OPS_HOST_COMPILE_OPTIONS ...)`; every check
that compiles op_host code (check-cann, the CPU host check, the op_build step) builds its command
from `host_compile_line`, so what passes here is what CANN's build runs.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

# What compile_ascendc_all_ops_so.py puts before the package's options.
CANN_HOST_PREFIX = ("-D_GLIBCXX_USE_CXX11_ABI=0", "-std=c++11")
CMAKE_FILE = "cmake/ascend_ops.cmake"
OPTIONS_VARIABLE = "ASCEND_OPS_HOST_COMPILE_OPTIONS"
COMMON_VARIABLE = "ASCEND_OPS_COMMON_DIR"
_SET = re.compile(r"^\s*set\(\s*" + OPTIONS_VARIABLE + r"\s+(?P<value>[^)]*)\)\s*$", re.M)
_REFERENCE = re.compile(r"\$\{(?P<name>\w+)\}")


class CompileLineError(ValueError):
    """The package's CMake does not say its op_host compile options the way this module reads them."""


def package_host_options(kernels_dir: Path) -> tuple[str, ...]:
    """The options of `set(ASCEND_OPS_HOST_COMPILE_OPTIONS ...)` in `<kernels_dir>/cmake/ascend_ops.cmake`,
    with ${ASCEND_OPS_COMMON_DIR} resolved to `<kernels_dir>/common`."""
    path = Path(kernels_dir) / CMAKE_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise CompileLineError(f"{path}: cannot read the package's CMake ({e.strerror})") from e
    found = _SET.findall(text)
    if len(found) != 1:
        raise CompileLineError(f"{path}: expected exactly one one-line `set({OPTIONS_VARIABLE} ...)`, "
                               f"found {len(found)}")
    common = str(Path(kernels_dir) / "common")

    def resolve(m: re.Match) -> str:
        if m.group("name") != COMMON_VARIABLE:
            raise CompileLineError(f"{path}: {OPTIONS_VARIABLE} uses ${{{m.group('name')}}}; only "
                                   f"${{{COMMON_VARIABLE}}} is known outside CMake")
        return common

    return tuple(_REFERENCE.sub(resolve, word) for word in shlex.split(found[0]))


def host_compile_line(kernels_dir: Path) -> tuple[str, ...]:
    """`-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11 <the package's options>`, as CANN compiles op_host code."""
    return (*CANN_HOST_PREFIX, *package_host_options(kernels_dir))
