"""CANN's own op_build, built from source and run on the package's op_host library.

CANN's op-package build compiles every op_host file into `libascend_all_ops.so`
(compile_ascendc_all_ops_so.py of the ASC CMake modules) and runs `op_build` on it, which reads
the OpDef registry and writes `aclnn_<op>.h/.cpp`, `op_proto.h/.cc` and `aic-<soc>-ops-info.ini`.
`generate` does the same here, against a folder laid out like the CANN sources fixture, with
stand-ins for the closed pieces; `ops_info_problems` and `header_problems` check what it wrote."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from ascend_ops.runtime import build_cache as native
from ascend_ops_dev.cann.cann_check import CannHeaders
from ascend_ops_dev.cann.cann_compile_line import package_host_options

# Closed pieces get minimal stand-ins (opbuild_standin/ beside this file): the log header
# `dlog_pub.h`, the OS layer `mmpa/mmpa_api.h` (thread id, environment reads), the error-message
# header `base/err_msg.h`, an empty `libexe_graph.so`, `libtiling_api.so` with never-called bodies
# of the libplatform / libtiling_api functions the op_host code references (op_build opens the
# library with RTLD_NOW but runs no TilingFunc), and the error manager's `ReportInnerError`
# (REPORT_INNER_ERROR, the op_host's rejections), linked into `libregister.so`.
STANDIN_DIR = Path(__file__).with_name("opbuild_standin")
OPBUILD_DIR = "asc-devkit/tools/build/opbuild"
ALL_OPS_SCRIPT = "asc-devkit/cmake/asc/fwk_modules/util/compile_ascendc_all_ops_so.py"
# Linked into libregister.so: the closed error manager's function the op_host code calls.
ERROR_MANAGER_STANDIN = STANDIN_DIR / "error_manager_standin.cpp"
# op_build's own sources in the order of its CMakeLists.txt (another order crashes at start-up:
# its generators register in static constructors).
OPBUILD_SOURCES = ("op_build.cpp", "op_generator.cpp", "op_generator_factory.cpp", "op_cfg_generator.cpp",
                   "op_proto_generator.cpp", "op_aclnn_generator.cpp", "op_custom_registry_generator.cpp",
                   "op_aclnn_fallback_generator.cpp", "op_cpu_cfg_generator.cpp", "op_build_params.cpp")
METADEF_SOURCES = ("metadef/base/asc/opdef/*.cc", "metadef/base/asc/tilingdata_base_impl.cc",
                   "metadef/base/type/*.cc", "metadef/base/utils/*.cc", "metadef/base/runtime/*.cc")
CXX_FLAGS = ("-std=c++17", "-O1", "-fPIC", "-D_GLIBCXX_USE_CXX11_ABI=0", "-DNO_OPERATOR_IMPL",
             # two op_build sources use chmod / PATH_MAX through headers CANN's closed ones include
             "-include", "sys/stat.h", "-include", "climits")


class OpBuildError(RuntimeError):
    """A step failed; the message names it and holds the tool's output."""


@dataclass(frozen=True)
class OpBuildTools:
    op_build: Path
    lib64: Path   # libregister.so, libexe_graph.so, libtiling_api.so


def _sources(headers: CannHeaders) -> tuple[list[Path], list[Path], list[Path]]:
    root = headers.root
    opbuild = [root / OPBUILD_DIR / name for name in OPBUILD_SOURCES]
    metadef = [p for pattern in METADEF_SOURCES for p in sorted(root.glob(pattern))]
    securec = sorted((root / "libboundscheck/src").glob("*.c"))
    return opbuild, metadef, securec


def _includes(headers: CannHeaders) -> list[str]:
    root = headers.root
    dirs = [STANDIN_DIR, root / "asc-devkit/tools/build/common", root / "metadef/inc",
            root / "metadef/inc/external", root / "metadef/pkg_inc", root / "metadef",
            root / "metadef/inc/external/asc", root / "ge/inc/graph_metadef/external",
            root / "libboundscheck/include", root / "metadef/inc/graph_metadef",
            root / "runtime/pkg_inc", root / "asc-devkit/include/utils"]
    return [f"-I{d}" for d in dirs]


def _run(command: list[str], what: str, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)
    if done.returncode != 0:
        raise OpBuildError(f"{what} failed (exit {done.returncode}):\n$ {' '.join(map(str, command))}\n"
                           f"{(done.stdout + done.stderr)[-4000:]}")
    return done


def build_tools(headers: CannHeaders, *, jobs: int = 2) -> OpBuildTools:
    """op_build and its libraries, compiled from the headers folder's sources (cached by content)."""
    if not (headers.root / OPBUILD_DIR).is_dir():
        raise OpBuildError(f"{headers.root} holds no {OPBUILD_DIR} (op_build's source)")
    opbuild, metadef, securec = _sources(headers)
    cxx, version = native.compiler()
    digest = hashlib.sha256("\0".join([version, *CXX_FLAGS]).encode())
    for path in [*opbuild, *metadef, *securec, *sorted(STANDIN_DIR.rglob("*")),
                 *sorted((headers.root / "metadef/inc").rglob("*.h"))]:
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    folder = native.cache_dir() / f"opbuild-{digest.hexdigest()[:16]}"
    tools = OpBuildTools(folder / "op_build", folder / "lib64")
    with FileLock(str(folder) + ".lock"):
        if tools.op_build.is_file():
            return tools
        native.progress("building CANN's op_build from source (g++, about a minute, once: cached by content)")
        work = folder.with_name(folder.name + ".tmp")
        shutil.rmtree(work, ignore_errors=True)
        (work / "obj").mkdir(parents=True)
        (work / "lib64").mkdir()
        includes = _includes(headers)

        def compile_one(source: Path) -> Path:
            obj = work / "obj" / f"{source.parent.name}_{source.name}.o"
            if source.suffix == ".c":
                _run(["gcc", "-c", "-O1", "-fPIC", f"-I{headers.root / 'libboundscheck/include'}", str(source),
                      "-o", str(obj)], f"compiling {source.name}")
            else:
                _run([cxx, "-c", *CXX_FLAGS, *includes, str(source), "-o", str(obj)], f"compiling {source.name}")
            return obj

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            objects = list(pool.map(compile_one, [*opbuild, *metadef, *securec, ERROR_MANAGER_STANDIN]))
        opbuild_objs, library_objs = objects[:len(opbuild)], objects[len(opbuild):]
        lib64 = work / "lib64"
        _run([cxx, "-shared", "-o", str(lib64 / "libregister.so"), *map(str, library_objs)], "linking libregister.so")
        empty = work / "obj" / "empty.cpp"
        empty.write_text("", encoding="utf-8")
        _run([cxx, "-shared", "-fPIC", "-o", str(lib64 / "libexe_graph.so"), str(empty)], "linking libexe_graph.so")
        _run([cxx, "-shared", *CXX_FLAGS, *includes, str(STANDIN_DIR / "platform_standin.cpp"), "-o",
              str(lib64 / "libtiling_api.so")], "building the libtiling_api.so stand-in")
        _run([cxx, "-o", str(work / "op_build"), *map(str, opbuild_objs), f"-L{lib64}", "-lregister", "-ldl",
              f"-Wl,-rpath,{folder / 'lib64'}"], "linking op_build")
        shutil.rmtree(work / "obj")
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(work, folder)
    return tools


def cann_layout(scratch: Path, tools: OpBuildTools) -> Path:
    """A throw-away CANN folder for compile_ascendc_all_ops_so.py: `include/` (empty: the fixture's
    include folders come as options) and `lib64/` (the built libraries)."""
    cann = Path(scratch) / "cann"
    (cann / "include").mkdir(parents=True, exist_ok=True)
    link = cann / "lib64"
    if not link.exists():
        link.symlink_to(tools.lib64)
    return cann


def op_host_library(kernels_dir: Path, headers: CannHeaders, tools: OpBuildTools, out_dir: Path,
                    *, jobs: int = 2) -> Path:
    """`<out_dir>/libascend_all_ops.so`, built by CANN's compile_ascendc_all_ops_so.py from every
    `<op>/op_host/<op>.cpp` with the package's compile options."""
    sources = sorted(Path(kernels_dir).glob("*/op_host/*.cpp"))
    if not sources:
        raise OpBuildError(f"no {kernels_dir}/*/op_host/*.cpp; run `ascend-ops-dev generate`")
    out_dir.mkdir(parents=True, exist_ok=True)
    options = [*package_host_options(kernels_dir), *(f"-I{p}" for p in headers.host_includes)]
    cann = cann_layout(out_dir, tools)
    _run([sys.executable, str(headers.root / ALL_OPS_SCRIPT), f"--output-dir={out_dir}", "--output=ascend_all_ops",
          f"--cann-path={cann}", f"--cxx-compiler={native.compiler()[0]}", f"--src-file={' '.join(map(str, sources))}",
          f"--compile-options={' '.join(options)}", f"--parallel-jobs={jobs}"],
         "CANN's compile_ascendc_all_ops_so.py")
    library = out_dir / "libascend_all_ops.so"
    if not library.is_file():
        raise OpBuildError(f"compile_ascendc_all_ops_so.py left no {library}")
    return library


def run_op_build(tools: OpBuildTools, library: Path, out_dir: Path, compute_units: list[str]) -> list[Path]:
    """op_build on `library`, as func.cmake's npu_op_code_gen runs it; the files it wrote."""
    env = dict(os.environ, LD_LIBRARY_PATH=str(tools.lib64), OPS_PRODUCT_NAME=";".join(compute_units))
    before = set(Path(out_dir).iterdir())
    _run([str(tools.op_build), str(library), str(out_dir), f"--compute_unit={';'.join(compute_units)}"],
         "op_build", env=env)
    return sorted(set(Path(out_dir).iterdir()) - before)


# ---- what it generated, against the package's own reading ----------------------------------------
# `ops_info_problems` checks the generated ops-info against op_specs/products.yaml (dtypes and
# formats per compute unit); `header_problems` the generated aclnn headers against the aclnn rules.

def read_ops_info(path: Path) -> dict[str, dict[str, str]]:
    """An `aic-<unit>-ops-info.ini`: [OpType] sections of key=value lines."""
    sections: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line:
            continue
        m = re.fullmatch(r"\[(\w+)\]", line)
        if m:
            current = sections.setdefault(m[1], {})
        elif current is not None and "=" in line:
            key, value = line.split("=", 1)
            current[key] = value
    return sections


def ops_info_problems(out_dir: Path, specs) -> list[tuple[str, str, str]]:
    """(op, compute unit, problem) for every disagreement between the generated ops-info and the
    product rules of products.yaml: each op's input and output dtypes on each product line are
    the dtypes the line supports for it (a custom op's: each tensor's column of its dtype
    combinations there), each in its format (ND unless the spec says otherwise)."""
    problems = []
    for product in specs.products:
        path = Path(out_dir) / f"aic-{product.add_config}-ops-info.ini"
        if not path.is_file():
            problems.append(("*", product.add_config, f"op_build wrote no {path.name}"))
            continue
        info = read_ops_info(path)
        for op in specs.kernel_ops():
            section = info.get(op.op_type)
            if section is None:
                problems.append((op.name, product.add_config, f"{path.name} has no [{op.op_type}]"))
                continue
            columns = op.dtype_columns(product)
            keys = [(f"input{i}", t) for i, t in enumerate(op.inputs)] + \
                [(f"output{j}", t) for j, t in enumerate(op.outputs)]
            for key, tensor in keys:
                want = columns[tensor.name]
                dtypes = section.get(f"{key}.dtype", "").split(",")
                formats = section.get(f"{key}.format", "").split(",")
                if sorted(dtypes) != sorted(want):
                    problems.append((op.name, product.add_config,
                                     f"{key}.dtype is {','.join(dtypes)}; products.yaml gives "
                                     f"{','.join(sorted(want))}"))
                if formats != [tensor.format] * len(dtypes):
                    problems.append((op.name, product.add_config, f"{key}.format is {','.join(formats)}, not "
                                                                  f"{tensor.format} for each dtype"))
    return problems


def header_problems(out_dir: Path, specs) -> list[tuple[str, str]]:
    """(op, problem) where a generated aclnn header declares other functions than the aclnn rules
    (ascend_ops_gen/codegen/aclnn.py) predict from the op's spec."""
    from ascend_ops_gen.codegen.aclnn import aclnn_api, expected_prototypes, header_name, opdef_arguments, \
        parse_prototypes

    problems = []
    for op in specs.kernel_ops():
        path = Path(out_dir) / header_name(op.op_type)
        if not path.is_file():
            problems.append((op.name, f"op_build wrote no {path.name}"))
            continue
        declared = parse_prototypes(path.read_text(encoding="utf-8"))
        expected = expected_prototypes(aclnn_api(op.op_type, opdef_arguments(op)))
        for name in sorted(set(declared) | set(expected)):
            got, want = declared.get(name), expected.get(name)
            if got != want:
                show = (lambda ps: "absent" if ps is None else "(" + ", ".join(map(str, ps)) + ")")
                problems.append((op.name, f"{path.name}: {name} is {show(got)}; the aclnn rules give {show(want)}"))
    return problems


# The steps of `generate`, against a folder laid out like the CANN sources fixture:
#
# 1. `op_build` is compiled from asc-devkit's `tools/build/opbuild` (its files in the order of its
#    CMakeLists), linked against `libregister.so` built from metadef's open sources (the OpDef
#    registry, tiling data, types) and libboundscheck's securec, all with CANN's
#    `-D_GLIBCXX_USE_CXX11_ABI=0`. Cached by content.
# 2. The op_host library is built by CANN's own compile_ascendc_all_ops_so.py, with the package's
#    compile options (cann_compile_line) and the fixture's host include folders, against a
#    throw-away `<cann>/lib64` holding those libraries.
# 3. op_build runs on it for every product line's compute unit.
def generate(kernels_dir: Path, headers: CannHeaders) -> Path:
    """op_build's output for the package's op_host code (steps 1-3), in a folder cached by the
    content of everything it reads."""
    tools = build_tools(headers)
    digest = hashlib.sha256(str(tools.op_build).encode())
    kernels_dir = Path(kernels_dir)
    for path in [*sorted(kernels_dir.glob("*/op_host/*")), *sorted((kernels_dir / "common").glob("*.h")),
                 kernels_dir / "cmake" / "ascend_ops.cmake"]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    folder = native.cache_dir() / f"opbuild-out-{digest.hexdigest()[:16]}"
    with FileLock(str(folder) + ".lock"):
        if (folder / ".complete").is_file():
            return folder
        from ascend_ops_gen.spec import load_specs

        specs = load_specs(kernels_dir.parent / "op_specs", kernels_dir.parent)
        shutil.rmtree(folder, ignore_errors=True)
        library = op_host_library(kernels_dir, headers, tools, folder)
        run_op_build(tools, library, folder, [p.add_config for p in specs.products])
        (folder / ".complete").write_text("", encoding="utf-8")
    return folder
