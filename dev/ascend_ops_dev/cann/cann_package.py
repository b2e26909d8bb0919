"""CANN's own CMake build of the op package, configured, built and packaged without bisheng.

`ascend_kernels/CMakeLists.txt` is configured with asc-devkit's `cmake/asc` modules (asc-config,
config, func, intf: `npu_op_package`, `npu_op_code_gen`, `npu_op_library`,
`npu_op_kernel_library`, ...), built with make, packaged with CPack (CANN's makeself.cmake), and
the `.run` it wrote is installed with `--install-path`, as on an Atlas machine. All of that is
CANN's code, against a throw-away `ASCEND_HOME_PATH` laid out from a headers folder
(`toolkit_layout`) with a few stand-ins; `build` says what is checked."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from ascend_ops.runtime import build_cache as native
from ascend_ops_dev.cann import cann_opbuild
from ascend_ops_dev.cann.cann_check import CannHeaders

# Stand-ins (package_standin/ beside this file): `asc_opc`, which in CANN runs the op's generated
# compile script and bisheng: it records its command line and writes the `.o` / `.json` pair the
# build checks for; `makeself.sh`, which writes the self-extracting `.run`; the empty libraries,
# which only satisfy the link lines of libraries nothing loads here.
STANDIN_DIR = Path(__file__).with_name("package_standin")
ASC_CMAKE = "asc-devkit/cmake/asc"
ASC_CMAKE_IN_TOOLKIT = "compiler/tikcpp/ascendc_kernel_cmake"  # asc-config.cmake's default
OPC_LOG_ENV = "ASCEND_OPS_OPC_LOG"
# Libraries CANN's link lines name that nothing loads in this build (the op_host objects link into
# libcust_opapi / libcust_opmaster / libcust_opsproto; they resolve on an Atlas machine).
EMPTY_SHARED = ("ascendcl", "nnopbase", "mmpa")
EMPTY_STATIC = ("rt2_registry",)
STANDIN_VERSION = "0.0.0-standin"


# The op-project flows a toolkit can offer, and the file each is recognised by (the same two
# paths ascend_kernels/cmake/ascend_ops.cmake tests): the ASC CMake modules (CANN 8.5 and later;
# a headers folder like ../shared/cann-headers keeps them under asc-devkit/), or msOpGen's
# project templates, used in place from the toolkit (earlier CANN).
ASC_FLOW = "asc"
MSOPGEN_FLOW = "msopgen"
MSOPGEN_TEMPLATE_CMAKE = "tools/op_project_templates/ascendc/customize/cmake"
FLOW_MARKERS = {
    ASC_FLOW: (f"{ASC_CMAKE_IN_TOOLKIT}/asc-config.cmake", f"{ASC_CMAKE}/asc-config.cmake"),
    MSOPGEN_FLOW: (f"{MSOPGEN_TEMPLATE_CMAKE}/func.cmake",),
}


class FlowNotFound(ValueError):
    """The folder offers neither op-project flow; the message names every path looked at."""


def cann_flow(toolkit: Path) -> str:
    """ASC_FLOW or MSOPGEN_FLOW: the op-project flow the toolkit at `toolkit` offers. The ASC
    modules win where both exist, as in ascend_ops.cmake."""
    toolkit = Path(toolkit)
    if not toolkit.is_dir():
        raise FlowNotFound(f"--toolkit {toolkit}: not a folder")
    for flow in (ASC_FLOW, MSOPGEN_FLOW):
        if any((toolkit / marker).is_file() for marker in FLOW_MARKERS[flow]):
            return flow
    looked = [str(toolkit / m) for flow in (ASC_FLOW, MSOPGEN_FLOW) for m in FLOW_MARKERS[flow]]
    raise FlowNotFound(f"--toolkit {toolkit}: offers no op-project flow (neither the ASC CMake modules "
                       f"nor msOpGen's project templates); none of these exists:\n  " + "\n  ".join(looked))


class PackageError(RuntimeError):
    """A step of CANN's build failed; the message names it and holds the tool's output tail."""


@dataclass(frozen=True)
class KernelCompile:
    """One asc_opc call, as the stand-in recorded it."""

    op_type: str
    soc_version: str
    main_func: str
    kernel_src: Path
    dtypes: tuple[str, ...]   # of the first input, in this binary

    @staticmethod
    def from_record(record: dict) -> "KernelCompile":
        op = record["param"]["op_list"][0]
        first = next((x for x in op.get("inputs", []) if x), {})
        dtype = first.get("dtype", "") if isinstance(first, dict) else ""
        return KernelCompile(record["param"].get("op_type", ""), record["options"]["soc_version"],
                             record["options"]["main_func"], Path(record["kernel_src"]), (dtype,))


@dataclass(frozen=True)
class PackageBuild:
    """What CANN's build left: op_build's output as the build ran it, the `.run`, the op package
    installed both ways CANN's install.sh offers, and the recorded kernel compiles."""

    folder: Path
    vendor: Path         # installed with --install-path (as build_ascend.sh does): has bin/set_env.bash
    run_file: Path
    compiles: tuple[KernelCompile, ...]
    configure_log: str
    autogen: Path        # op_build's output: aclnn_*.h/.cpp, op_proto.*, aic-<unit>-ops-info.ini
    opp: Path            # the $ASCEND_OPP_PATH of the default install: vendors/<vendor>, vendors/config.ini


def _run(command, what: str, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, check=False, **kwargs)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr)[-4000:]
        raise PackageError(f"{what} failed (exit {done.returncode}):\n$ {' '.join(map(str, command))}\n{tail}")
    return done


def _link_tree(target: Path, source: Path, *, skip: tuple[str, ...] = ()) -> None:
    """`target` mirrors `source`: real folders, every file a link to the source's."""
    for entry in sorted(source.rglob("*")):
        rel = entry.relative_to(source)
        if rel.parts[0] in skip or "__pycache__" in rel.parts:
            continue
        dest = target / rel
        if entry.is_dir():
            dest.mkdir(parents=True, exist_ok=True)
        elif not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.symlink_to(entry.absolute())  # a relative source (--toolkit ../x) would dangle


# The throw-away ASCEND_HOME_PATH of the ASC flow:
#
#   compiler/tikcpp/ascendc_kernel_cmake/   the `cmake/asc` modules (links), plus makeself
#   compiler/version.info                   the compiler version the packaging records
#   tools/opbuild/op_build                  op_build, built from source (cann_opbuild)
#   include/                                the open host headers, the stand-in aclnn/acl_meta.h
#                                           and the torch_npu wheel's acl/ headers (links)
#   lib64/                                  libregister, libexe_graph, libtiling_api (cann_opbuild);
#                                           empty libascendcl, libnnopbase, libmmpa, librt2_registry
#   bin/asc_opc                             the kernel compiler driver
#   set_env.sh                              ASCEND_HOME_PATH, PATH and LD_LIBRARY_PATH, as a
#                                           toolkit's set_env.sh sets them
def toolkit_layout(home: Path, headers: CannHeaders, tools: cann_opbuild.OpBuildTools) -> Path:
    """The throw-away ASCEND_HOME_PATH laid out above, under `home`."""
    from ascend_ops_gen.spec import project_root

    home = Path(home)
    cmake_dir = home / ASC_CMAKE_IN_TOOLKIT
    _link_tree(cmake_dir, headers.root / ASC_CMAKE)
    makeself = cmake_dir / "fwk_modules" / "util" / "makeself"
    makeself.mkdir(parents=True, exist_ok=True)
    for name in ("makeself.sh",):
        (makeself / name).symlink_to(STANDIN_DIR / name)
    (makeself / "makeself-header.sh").write_text("", encoding="utf-8")  # read by real makeself only
    (home / "compiler" / "version.info").write_text(f"Version={STANDIN_VERSION}\n", encoding="utf-8")
    (home / "tools" / "opbuild").mkdir(parents=True)
    (home / "tools" / "opbuild" / "op_build").symlink_to(tools.op_build)
    from ascend_ops_dev.binding.cpu_aclnn import STAND_IN_HEADERS, acl_include_dir

    include = home / "include"
    for folder in (*headers.host_includes, STAND_IN_HEADERS, acl_include_dir()):
        _link_tree(include, folder)  # the first folder holding a path wins, as with -I
    _stand_in_libraries(home / "lib64", tools)
    (home / "bin").mkdir()
    opc = home / "bin" / "asc_opc"  # on PATH, as the generated compile scripts call it
    opc.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{STANDIN_DIR / "asc_opc"}" "$@"\n', encoding="utf-8")
    opc.chmod(0o755)
    _write_set_env(home)
    return home


MSOPGEN_OPC = "opc"  # what the 8.1 template's generated compile scripts call (asc_opc's older name)


def toolkit_layout_msopgen(home: Path, toolkit: Path, tools: cann_opbuild.OpBuildTools) -> Path:
    """A throw-away ASCEND_HOME_PATH over the real toolkit at `toolkit` (the msOpGen flow): every
    entry of the toolkit linked in place, and stand-ins only for the binaries it lacks:

        toolkit/tools/opbuild/op_build   op_build, built from asc-devkit's sources (cann_opbuild)
        lib64/                           libregister, libexe_graph, libtiling_api (cann_opbuild);
                                         empty libascendcl, libnnopbase, libmmpa, librt2_registry
        bin/opc                          the asc_opc stand-in (the kernel compiler driver)

    The fixture stores the toolkit's text files without their modes and its links (`include`,
    `include/tiling`, `include/kernel_tiling`) as text files naming their targets: those are
    restored (the links, and a one-line wrapper for each cmake/util shell script that is not
    executable: `. <script>`), nothing is copied."""
    home, toolkit = Path(home), Path(toolkit).resolve()
    home.mkdir(parents=True)
    for entry in sorted(toolkit.iterdir()):
        if entry.name not in ("include", "tools", "lib64", "bin"):
            (home / entry.name).symlink_to(entry)
    link_toolkit_include(toolkit, home / "include")
    (home / "tools").mkdir()
    for entry in sorted((toolkit / "tools").iterdir()):
        if entry.name != "op_project_templates":
            (home / "tools" / entry.name).symlink_to(entry)
    templates = toolkit / "tools" / "op_project_templates"
    for entry in sorted(templates.rglob("*")):
        dest = home / "tools" / "op_project_templates" / entry.relative_to(templates)
        if entry.is_dir():
            dest.mkdir(parents=True, exist_ok=True)
        elif entry.suffix == ".sh" and "util" in entry.parts and not os.access(entry, os.X_OK):
            # Sourced (makeself-header.sh) or run (gen_ops_filter.sh): `.` serves both.
            dest.write_text(f'#!/bin/bash\n. "{entry}" "$@"\n', encoding="utf-8")
            dest.chmod(0o755)
        else:
            dest.symlink_to(entry)
    opbuild = home / "toolkit" / "tools" / "opbuild"  # where the template's opbuild() runs it
    opbuild.mkdir(parents=True)
    (opbuild / "op_build").symlink_to(tools.op_build)
    _stand_in_libraries(home / "lib64", tools)
    (home / "bin").mkdir()
    opc = home / "bin" / MSOPGEN_OPC
    opc.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{STANDIN_DIR / "asc_opc"}" "$@"\n', encoding="utf-8")
    opc.chmod(0o755)
    _write_set_env(home)
    return home


STORED_LINK_MAX_BYTES = 200


def stored_link_target(entry: Path) -> Path:
    """`entry`, or the path it names when it is a link stored as a small text file holding its
    relative target (as the toolkit fixture keeps an installation's links)."""
    entry = Path(entry)
    if entry.is_file() and not entry.suffix and entry.stat().st_size < STORED_LINK_MAX_BYTES:
        target = (entry.parent / entry.read_text(encoding="utf-8").strip()).resolve()
        if target.exists():
            return target
    return entry


def link_toolkit_include(toolkit: Path, include: Path) -> Path:
    """`include`, made a folder of links to the entries of the toolkit's include/ (an installed
    toolkit's `-I $CANN/include`), with the links the fixture stores as text restored."""
    include = Path(include)
    include.mkdir(parents=True)
    for entry in sorted(stored_link_target(Path(toolkit).resolve() / "include").iterdir()):
        (include / entry.name).symlink_to(stored_link_target(entry))
    return include


def msopgen_op_host_line(toolkit: Path, kernels_dir: Path, scratch: Path) -> tuple[str, ...]:
    """The op_host compile line of the toolkit's msOpGen template (its func.cmake's opbuild()), as
    the package's build runs it: $CANN/include a folder under `scratch` linking the toolkit's
    include/ (link_toolkit_include), the template's ../op_kernel the package's common/
    (ascend_kernels/cmake/msopgen_flow.cmake)."""
    from ascend_ops_dev.cann.cann_compile_line import CompileLineError, msopgen_host_line

    if not stored_link_target(Path(toolkit) / "include").is_dir():
        raise CompileLineError(f"{Path(toolkit) / 'include'} is no folder: the template's op_host line "
                               f"compiles with -I $CANN/include")
    link_toolkit_include(toolkit, Path(scratch) / "include")
    return msopgen_host_line(Path(toolkit) / MSOPGEN_TEMPLATE_CMAKE / "func.cmake", Path(scratch),
                             Path(kernels_dir) / "common")


def _stand_in_libraries(lib64: Path, tools: cann_opbuild.OpBuildTools) -> None:
    lib64.mkdir()
    for library in sorted(tools.lib64.iterdir()):
        (lib64 / library.name).symlink_to(library)
    empty = lib64.parent / "empty.c"
    empty.write_text("", encoding="utf-8")
    for name in EMPTY_SHARED:
        _run(["gcc", "-shared", "-fPIC", "-o", lib64 / f"lib{name}.so", empty], f"the empty lib{name}.so")
    for name in EMPTY_STATIC:
        _run(["ar", "rcs", lib64 / f"lib{name}.a"], f"the empty lib{name}.a")


def _write_set_env(home: Path) -> None:
    """What a toolkit's set_env.sh exports, for this folder."""
    (home / "set_env.sh").write_text(
        f'export ASCEND_HOME_PATH="{home}"\n'
        f'export PATH="{home}/bin:$PATH"\n'
        f'export LD_LIBRARY_PATH="{home}/lib64${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}"\n', encoding="utf-8")


def preset_variables(kernels_dir: Path) -> dict[str, str]:
    """The cache variables of the generated CMake preset (the one place they are written)."""
    presets = json.loads((Path(kernels_dir) / "CMakePresets.json").read_text(encoding="utf-8"))
    preset = next(p for p in presets["configurePresets"] if p["name"] == "default")
    out = {}
    for name, value in preset["cacheVariables"].items():
        out[name] = str(value["value"] if isinstance(value, dict) else value)
    return out


def core_types(specs) -> dict[str, str]:
    """SoC -> the kernel json's coreType for a vector-only kernel: on split chips it runs on the
    vector cores, elsewhere on the AI cores (products.yaml's `architecture`)."""
    return {soc: "VectorCore" if p.architecture == "split" else "AiCore"
            for p in specs.products for soc in p.soc_versions}


def _digest(kernels_dir: Path, headers: CannHeaders, tools: cann_opbuild.OpBuildTools, extra=()) -> str:
    from ascend_ops_dev.binding.cpu_aclnn import acl_include_dir

    # $CXX: CMake's first configure takes the C++ compiler (and the msOpGen template its op_host
    # compile line) from it.
    digest = hashlib.sha256(f"{tools.op_build}\0{acl_include_dir()}\0{sys.executable}\0"
                            f"{os.environ.get('CXX', '')}".encode())
    files = [*sorted(p for p in Path(kernels_dir).rglob("*") if "build_out" not in p.parts),
             Path(__file__), *sorted((headers.root / ASC_CMAKE).rglob("*")), *sorted(STANDIN_DIR.rglob("*")),
             *(p for folder in headers.host_includes for p in sorted(Path(folder).rglob("*"))), *extra]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(os.path.abspath(path).encode())  # one key for ../x and /abs/x
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _read_compiles(log: Path) -> tuple[KernelCompile, ...]:
    if not log.is_file():
        return ()
    lines = log.read_text(encoding="utf-8").splitlines()
    return tuple(sorted((KernelCompile.from_record(json.loads(line)) for line in lines if line.strip()),
                        key=lambda c: (c.op_type, c.soc_version, c.dtypes)))


def build(kernels_dir: Path, headers: CannHeaders, *, jobs: int = 2, toolkit: Path | None = None,
          opbuild_sources: CannHeaders | None = None) -> PackageBuild:
    """Configure, build (`all`, then `binary`: the kernel compiles), package (`package`: the .run)
    and install the op package with CANN's CMake modules; cached by the content of what it reads.

    Without `toolkit`: the ASC flow, over a layout made from the headers folder `headers`. With
    it: the flow the toolkit offers (cann_flow); for msOpGen's templates, over the toolkit itself,
    with op_build built from `opbuild_sources` (a headers folder holding asc-devkit's sources;
    default `headers`), since such a toolkit holds no op_build that runs here.

    What is checked: configure succeeds; every op x compute unit of products.yaml reaches asc_opc
    with the op's kernel source, its kernel entry, a SoC of that product line and exactly the
    dtypes the line supports for the op; the installed vendor folder is what the binding looks
    for (`ascend_ops.npu.binding.vendor_problems`) and holds the op's kernels per compute unit."""
    from ascend_ops_gen.spec import load_specs
    from ascend_ops.npu.binding import vendor_name

    kernels_dir = Path(kernels_dir)
    flow = ASC_FLOW if toolkit is None else cann_flow(toolkit)
    tools = cann_opbuild.build_tools(opbuild_sources or headers)
    extra = [] if flow == ASC_FLOW else sorted(Path(toolkit, "tools", "op_project_templates").rglob("*"))
    folder = native.cache_dir() / f"cann-package-{flow}-{_digest(kernels_dir, headers, tools, extra)}"
    with FileLock(str(folder) + ".lock"):
        if not (folder / ".complete").is_file():
            shutil.rmtree(folder, ignore_errors=True)
            try:
                if flow == ASC_FLOW:
                    home = toolkit_layout(folder / "home", headers, tools)
                else:
                    home = toolkit_layout_msopgen(folder / "home", toolkit, tools)
                _build_into(folder, home, flow, kernels_dir,
                            load_specs(kernels_dir.parent / "op_specs", kernels_dir.parent), jobs)
            except BaseException:
                # Only the step logs stay (the error names them); the next call starts afresh.
                for entry in (folder.iterdir() if folder.is_dir() else ()):
                    if entry.suffix != ".log":
                        shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
                raise
            (folder / ".complete").write_text("", encoding="utf-8")
    runs = sorted((folder / "package").glob("*.run"))
    return PackageBuild(folder, folder / CUSTOM_INSTALL / "vendors" / vendor_name(), runs[0] if runs else Path(),
                        _read_compiles(folder / "asc_opc.jsonl"),
                        (folder / "configure.log").read_text(encoding="utf-8"),
                        autogen=folder / AUTOGEN, opp=folder / DEFAULT_INSTALL)


# Where build() keeps what it checks: op_build's output, and the two installs of the .run.
AUTOGEN = "autogen"
DEFAULT_INSTALL = "opp"            # $ASCEND_OPP_PATH
CUSTOM_INSTALL = "custom_opp"      # --install-path


def _build_into(folder: Path, home: Path, flow: str, kernels_dir: Path, specs, jobs: int) -> None:
    build_dir = folder / "build"
    variables = preset_variables(kernels_dir)
    variables["ASCEND_CANN_PACKAGE_PATH"] = str(home)
    # The interpreter's folder first: a venv's cmake (scripts/setup.sh installs PyPI's when the
    # machine has none) and python3.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    if shutil.which("cmake", path=path) is None or shutil.which("make", path=path) is None:
        raise PackageError(f"CANN's op-package build needs cmake (>= 3.19) and make; none on PATH={path} "
                           f"(bash scripts/setup.sh installs PyPI's cmake)")
    env = dict(os.environ, PATH=path, PYTHONDONTWRITEBYTECODE="1", **{OPC_LOG_ENV: str(folder / "asc_opc.jsonl")},
               ASCEND_OPS_OPC_CORE_TYPES=json.dumps(core_types(specs)))

    def step(what: str, command: str, log: str) -> None:
        native.progress(f"CANN's op-package build: {what}")
        done = subprocess.run(["bash", "-c", f'source "{home}/set_env.sh" && {command}'], env=env,
                              capture_output=True, text=True, check=False)
        (folder / log).write_text(done.stdout + done.stderr, encoding="utf-8")
        if done.returncode != 0:
            tail = "\n".join(ln for ln in (done.stdout + done.stderr).splitlines()
                             if "error" in ln.lower() or "ERROR" in ln)[-3000:]
            raise PackageError(f"{what} failed (exit {done.returncode}; {folder / log}):\n{tail}")

    defines = " ".join(f'"-D{k}={v}"' for k, v in variables.items())
    modules = "asc-devkit's cmake/asc modules" if flow == ASC_FLOW else "msOpGen's project templates"
    step(f"configure with {modules}",
         f'cmake -S "{kernels_dir}" -B "{build_dir}" -G "Unix Makefiles" {defines}', "configure.log")
    step("build the host libraries (make all)", f'make -C "{build_dir}" -j{jobs}', "build.log")
    step(f"kernel compiles through the {'asc_opc' if flow == ASC_FLOW else MSOPGEN_OPC} stand-in (make binary)", f'make -C "{build_dir}" -j{jobs} binary',
         "binary.log")
    step("package the .run (make package: CPack, makeself.cmake)", f'make -C "{build_dir}" package', "package.log")
    runs = sorted(build_dir.glob("*.run"))
    if len(runs) != 1:
        raise PackageError(f"make package left {len(runs)} .run files in {build_dir}, not one")
    (folder / "package").mkdir()
    run_file = folder / "package" / runs[0].name
    shutil.copyfile(runs[0], run_file)
    # The two installs CANN's install.sh offers: by default into $ASCEND_OPP_PATH/vendors/<vendor>,
    # naming the vendor in vendors/config.ini's load_priority (ASCEND_CUSTOM_OPP_PATH unset: it
    # would take precedence); and with --install-path, writing bin/set_env.bash, as build_ascend.sh
    # installs it. --force skips the ASC package's install-time dlopen (RTLD_NOW) of the built
    # libraries: what they call lives in CANN's closed libraries (gert's op registry, nnopbase),
    # stood in here by empty ones. The msOpGen template's makeself has no --force (and its
    # install.sh no dlopen).
    force = "--force " if flow == ASC_FLOW else ""
    (folder / DEFAULT_INSTALL).mkdir()
    step(f"install {run_file.name} into $ASCEND_OPP_PATH", f'unset ASCEND_CUSTOM_OPP_PATH; '
         f'ASCEND_OPP_PATH="{folder / DEFAULT_INSTALL}" bash "{run_file}" --quiet {force}', "install.log")
    (folder / CUSTOM_INSTALL).mkdir()
    step(f"install {run_file.name} --install-path", f'bash "{run_file}" --quiet {force}'
         f'--install-path="{folder / CUSTOM_INSTALL}"', "install_path.log")
    os.replace(build_dir / AUTOGEN, folder / AUTOGEN)
    for entry in build_dir.iterdir():  # keeping only the kernel files the compile records name
        if entry.name != "op_kernel":
            shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()


# ---- what the build did, against the package's own facts --------------------------------------

def _forwarded_source(path: Path) -> Path:
    """The kernel file a compile read: `path`, or the file it includes when it is the one-line
    `#include "<file>"` that msopgen_flow.cmake writes under the name the msOpGen template wants."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError:
        return path.resolve()
    if text.startswith('#include "') and text.endswith('"') and "\n" not in text:
        return Path(text[len('#include "'):-1]).resolve()
    return path.resolve()


def kernel_compile_problems(compiles, specs, kernels_dir: Path) -> list[tuple[str, str, str]]:
    """(op, compute unit, problem) for each op x product line of products.yaml whose kernel
    compiles, as asc_opc received them, are not: the op's kernel source, its kernel entry, a SoC
    of that line, once for each dtype the line supports for the op. ("*", SoC, problem) for a
    compile of a SoC no product line has."""
    from ascend_ops_gen.codegen.cpp import kernel_name

    unit_of = {soc: p.add_config for p in specs.products for soc in p.soc_versions}
    problems = [("*", c.soc_version, f"asc_opc compiled {c.op_type} for {c.soc_version}, a SoC of no product line")
                for c in compiles if c.soc_version not in unit_of]
    for product in specs.products:
        for op in specs.kernel_ops():
            mine = [c for c in compiles if c.op_type == op.op_type and unit_of.get(c.soc_version) == product.add_config]
            unit = product.add_config
            if not mine:
                problems.append((op.name, unit, f"no kernel compile of {op.op_type} reached asc_opc for {unit}"))
                continue
            source = (Path(kernels_dir) / op.name / "op_kernel" / f"{op.name}.cpp").resolve()
            for c in mine:
                if _forwarded_source(c.kernel_src) != source:
                    problems.append((op.name, unit, f"asc_opc compiled {c.kernel_src}, not {source}"))
                    break
            entries = sorted({c.main_func for c in mine})
            if entries != [kernel_name(op.op_type)]:
                problems.append((op.name, unit, f"kernel entry {', '.join(entries)}; the kernel defines "
                                                f"{kernel_name(op.op_type)}"))
            compiled = sorted(d for c in mine for d in c.dtypes)
            want = sorted(op.dtype_columns(product)[op.inputs[0].name])  # the first input's, per binary
            if compiled != want:
                problems.append((op.name, unit, f"compiled for {','.join(compiled)}; products.yaml gives "
                                                f"{','.join(want)}"))
    return problems


def vendor_kernel_problems(vendor: Path, compiles, specs) -> list[tuple[str, str, str]]:
    """(op, compute unit, problem) where the installed vendor folder does not hold, for the op on
    that product line, its ops-info entry, its kernel config and every binary compiled for it."""
    from ascend_ops_gen.codegen.cpp import kernel_name

    tbe = Path(vendor) / "op_impl" / "ai_core" / "tbe"
    unit_of = {soc: p.add_config for p in specs.products for soc in p.soc_versions}
    problems = []
    for product in specs.products:
        unit = product.add_config
        info_path = tbe / "config" / unit / f"aic-{unit}-ops-info.json"
        try:
            info = json.loads(info_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            info = None
            problems.append(("*", unit, f"{info_path}: {e}"))
        for op in specs.kernel_ops():
            if info is not None and op.op_type not in info:
                problems.append((op.name, unit, f"{info_path.name} has no {op.op_type}"))
            config_path = tbe / "kernel" / "config" / unit / f"{kernel_name(op.op_type)}.json"
            try:
                binaries = [b["binInfo"]["jsonFilePath"]
                            for b in json.loads(config_path.read_text(encoding="utf-8"))["binList"]]
            except (OSError, ValueError, KeyError, TypeError) as e:
                problems.append((op.name, unit, f"{config_path}: {e}"))
                continue
            compiled = sum(1 for c in compiles if c.op_type == op.op_type and unit_of.get(c.soc_version) == unit)
            if len(binaries) != compiled:
                problems.append((op.name, unit, f"{config_path.name} lists {len(binaries)} binaries; "
                                                f"{compiled} were compiled"))
            for binary in binaries:
                kernel = tbe / "kernel" / binary
                if not kernel.is_file() or not kernel.with_suffix(".o").is_file():
                    problems.append((op.name, unit, f"{kernel} or its .o is missing"))
                    break
    return problems


def install_problems(build: PackageBuild) -> list[str]:
    """What is wrong with the default install (empty: nothing): CANN finds the vendor through
    $ASCEND_OPP_PATH/vendors/config.ini (Note [kernel discovery] of ascend_ops.npu.binding), and
    its folder holds what the --install-path install holds, but for bin/set_env.bash."""
    from ascend_ops.npu.binding import OPP_PATH_ENV, VENDOR_SET_ENV, VENDORS_CONFIG, kernel_discovery, vendor_name

    found = kernel_discovery({OPP_PATH_ENV: str(build.opp)})
    if found.way != VENDORS_CONFIG:
        return [f"the install into ${OPP_PATH_ENV}={build.opp} is not found the default way: {found.detail}"]
    default = build.opp / "vendors" / vendor_name()

    def files(vendor: Path) -> set[str]:
        return {p.relative_to(vendor).as_posix() for p in vendor.rglob("*") if not p.is_dir()}

    problems = []
    mine, custom = files(default), files(build.vendor) - {VENDOR_SET_ENV}
    for name, missing in ((str(default), sorted(custom - mine)), (str(build.vendor), sorted(mine - custom))):
        if missing:
            problems.append(f"{name} lacks {len(missing)} file(s) the other install has: {', '.join(missing[:3])}"
                            + (", ..." if len(missing) > 3 else ""))
    return problems
