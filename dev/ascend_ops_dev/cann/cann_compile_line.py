"""CANN's op_host compile lines: the ASC modules' line with the package's compile options read from
its own CMake, and the line of msOpGen's project template (CANN 8.1-8.3) read from the toolkit.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

# CANN's op-package build compiles every op_host file into `libascend_all_ops.so` before its code
# generator runs, with `-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11` followed by the options the package
# passes to `npu_op_code_gen(COMPILE_OPTIONS ...)` (compile_ascendc_all_ops_so.py of the ASC CMake
# modules; a failure stops the configure). The package keeps those options in one line of
# `ascend_kernels/cmake/ascend_ops.cmake`, `set(ASCEND_OPS_HOST_COMPILE_OPTIONS ...)`; every check
# that compiles op_host code (check-cann, the CPU host check, the op_build step) builds its command
# from `host_compile_line`, so what passes here is what CANN's build runs.
#
# msOpGen's template has its own line, in the `opbuild()` function of its cmake/func.cmake, with no
# hook for the package's options: `msopgen_host_line` reads it from the toolkit, so a check of a
# toolkit runs that toolkit's line.

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


# The template's opbuild(): `execute_process(COMMAND ${CMAKE_COMPILE} <line> RESULT_VARIABLE ...)`.
_OPBUILD_FUNCTION = re.compile(r"^function\(opbuild\)\s*$(?P<body>.*?)^endfunction\(\)", re.M | re.S)
_OPBUILD_COMPILE = re.compile(r"execute_process\(\s*COMMAND\s+\$\{CMAKE_COMPILE\}(?P<line>.*?)RESULT_VARIABLE", re.S)
# What the line's variables stand for outside CMake. The second -I is the folder the template's
# op_host code shares with its kernel (<project>/op_kernel); ascend_kernels/cmake/msopgen_flow.cmake
# points it at the package's common/.
MSOPGEN_CANN = "${ASCEND_CANN_PACKAGE_PATH}"
MSOPGEN_SHARED = "${CMAKE_CURRENT_SOURCE_DIR}/../op_kernel"
_LINK_ONLY = ("-shared",)
_LINK_WITH_VALUE = ("-o", "-L")


def msopgen_host_line(func_cmake: Path, cann: Path, shared: Path) -> tuple[str, ...]:
    """The compile options of the op_host line in `func_cmake` (a msOpGen template's
    cmake/func.cmake), for a toolkit at `cann` and the package's shared folder `shared`: the
    line without its sources, its output and its link options."""
    path = Path(func_cmake)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise CompileLineError(f"{path}: cannot read msOpGen's template ({e.strerror})") from e
    function = _OPBUILD_FUNCTION.search(text)
    command = _OPBUILD_COMPILE.search(function["body"]) if function else None
    if command is None:
        raise CompileLineError(f"{path}: no `execute_process(COMMAND ${{CMAKE_COMPILE}} ...)` in a "
                               f"`function(opbuild)`; not the op_host step of msOpGen's template")
    words = command["line"].split()
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word in _LINK_WITH_VALUE:
            i += 2
            continue
        i += 1
        if word in _LINK_ONLY or word == "${OPBUILD_OPS_SRC}" or word.startswith(("-l", "-L")):
            continue
        word = word.replace(MSOPGEN_SHARED, str(shared)).replace(MSOPGEN_CANN, str(cann))
        unknown = _REFERENCE.search(word)
        if unknown:
            raise CompileLineError(f"{path}: the opbuild() compile line uses ${{{unknown['name']}}}; only "
                                   f"{MSOPGEN_CANN} and {MSOPGEN_SHARED} are known outside CMake")
        out.append(word)
    return tuple(out)
