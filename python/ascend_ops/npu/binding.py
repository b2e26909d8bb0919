"""The torch binding of the CANN op package on a real NPU: how it compiles, where it and the op
package are installed, and loading both.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence
from ascend_ops_gen.spec import project_root

from ..runtime import build_cache, torch_private
from .binding_names import ACLNN_HEADERS, BINDING_PATH, NAMESPACE

# One compile command serves the Atlas build (`build`, run by scripts/build_ascend.sh) and the CI
# syntax check (`ascend-ops-dev check-npu`): the generated
# `ascend_kernels/binding/ascend_ops_npu.cpp` against torch's headers, the torch_npu wheel's
# (`include/`), the binding's own aclnn call path (`ascend_kernels/npu/`), the aclnn headers CANN
# generated for the ops and the engine's `ascend_kernels/common/`.
#
# Installed layout, under `install_dir()` ($ASCEND_OPS_NPU_DIR, else `<cache>/npu`):
#
#     opp/vendors/<vendor>/          the op package (`custom_opp_*.run --install-path=<dir>/opp`)
#     lib/libascend_ops_npu.so       the binding
#     build.json                     what both were built from (BuildRecord)
#
# or, shared by every user (scripts/build_ascend.sh where $ASCEND_OPP_PATH/vendors is writable), the
# op package in `$ASCEND_OPP_PATH/vendors/<vendor>/` (CANN's own install) and `lib/` and
# `build.json` in its `torch_binding/`.
#
# `import ascend_ops` puts the installed vendor folder first on ASCEND_CUSTOM_OPP_PATH
# (`put_vendor_first`, Note [kernel discovery]). `load()` runs only after `import torch_npu`
# succeeded: it checks that CANN can find the op package (that variable, or
# $ASCEND_OPP_PATH/vendors/config.ini) and loads the binding. The binding opens the op API library
# itself at its first call (Note [own aclnn lookup] in ascend_kernels/npu/aclnn_call.h), so
# op-plugin's copy of the variable does not matter.

__all__ = ["NAMESPACE", "NPU_DIR_ENV", "BuildRecord", "binding_cxx_standard", "binding_source",
           "compile_command", "install_dir", "load", "op_api_library", "read_build_record", "vendor_name",
           "vendor_problems"]

NPU_DIR_ENV = "ASCEND_OPS_NPU_DIR"
CUSTOM_OPP_ENV = "ASCEND_CUSTOM_OPP_PATH"
LIBRARY_NAME = "libascend_ops_npu.so"
RECORD_NAME = "build.json"
# The C++ standard of every compile of the binding is the one the installed torch's headers ask for,
# and no newer: ATen/ATen.h opens with `#if !defined(_MSC_VER) && __cplusplus < 201703L` / `#error
# C++17 or later ...` up to torch 2.13, and with `< 202002L` / `C++20` from torch 2.14 (whose
# torch.utils.cpp_extension passes -std=c++20). C++17 keeps the binding buildable by g++ 9 (Ubuntu
# 20.04 images); C++20 needs g++ 10. The value is `__cplusplus`; each standard, its flag and the
# first g++ major that has all of it.
CXX_STANDARDS = {201703: ("-std=c++17", 9), 202002: ("-std=c++20", 10)}
_ATEN_STANDARD = re.compile(r"__cplusplus\s*<\s*(\d+)L")
ENGINE_HEADERS = "ascend_kernels/common"
CALL_HEADERS = "ascend_kernels/npu"  # aclnn_call.h and the device seam
PRESETS = "ascend_kernels/CMakePresets.json"
# torch_npu's include folders an extension needs (NpuExtension adds include/ and hccl; op-plugin's
# own setup adds acl and op-plugin).
_TORCH_NPU_INCLUDES = ("include", "include/third_party/acl/inc", "include/third_party/hccl/inc",
                       "include/third_party/op-plugin",
                       "include/third_party/op-plugin/op_plugin/include")


def binding_source() -> Path:
    return project_root() / "ascend_kernels" / BINDING_PATH


def vendor_name() -> str:
    """The op package's vendor_name (the generated CMake preset), its folder under vendors/."""
    presets = json.loads((project_root() / PRESETS).read_text(encoding="utf-8"))
    for preset in presets.get("configurePresets", []):
        value = preset.get("cacheVariables", {}).get("vendor_name", {})
        if isinstance(value, dict) and value.get("value"):
            return value["value"]
    raise RuntimeError(f"{PRESETS} names no vendor_name; run `ascend-ops-dev generate`")


def torch_version() -> str:
    import torch

    return torch.__version__.split("+")[0]


def torch_include_dir() -> Path:
    import torch

    return Path(torch.__file__).parent / "include"


def binding_cxx_standard(torch_include: Path | None = None) -> tuple[str, int]:
    """The `-std=` flag the binding is compiled with and the oldest g++ major that has it: the
    standard `torch_include`'s ATen/ATen.h requires (default: the installed torch's headers)."""
    header = (torch_include or torch_include_dir()) / "ATen" / "ATen.h"
    try:
        text = header.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise RuntimeError(f"cannot read {header} to learn the C++ standard torch's headers need: {exc}") from exc
    found = _ATEN_STANDARD.search(text)
    if found is None:
        raise RuntimeError(f"{header} states no `__cplusplus < ...L` requirement; the binding's C++ "
                           f"standard cannot be chosen (known: {sorted(CXX_STANDARDS)})")
    required = int(found.group(1))
    if required not in CXX_STANDARDS:
        raise RuntimeError(f"{header} requires __cplusplus >= {required}L, a C++ standard the binding "
                           f"is not built with (known: {sorted(CXX_STANDARDS)})")
    return CXX_STANDARDS[required]


def op_plugin_version_macro(version: str) -> str:
    """op-plugin's CURRENT_VERSION for a torch version: its Version.h compares V2R1 .. V2R15,
    and left undefined it means torch 2.1, whose headers torch 2.13 no longer has."""
    major, minor = version.split(".")[:2]
    return f"V{major}R{minor}"


def compile_command(source: Path, torch_npu_root: Path, aclnn_includes: Sequence[Path], *,
                    output: Path | None = None, cann_lib: Path | None = None,
                    cxx: str | None = None, acl_include: Path | None = None) -> list[str]:
    """g++ for the binding: `-fsyntax-only` without `output`, else a shared library linked
    against torch, torch_npu and CANN's libnnopbase / libascendcl in `cann_lib`.
    `torch_npu_root` is the torch_npu package folder (installed, or unpacked from its wheel);
    `aclnn_includes` hold the generated aclnn_<op>.h and aclnn/acl_meta.h; `acl_include`, a CANN
    toolkit's include folder, is searched before the acl headers torch_npu bundles."""
    import torch

    torch_dir = Path(torch.__file__).parent
    abi = int(torch.compiled_with_cxx11_abi())
    standard = binding_cxx_standard(torch_dir / "include")[0]
    command = [cxx or build_cache.compiler()[0], standard, "-fPIC", f"-D_GLIBCXX_USE_CXX11_ABI={abi}",
               f"-DCURRENT_VERSION={op_plugin_version_macro(torch_version())}",
               "-isystem", str(torch_dir / "include"),
               "-isystem", str(torch_dir / "include/torch/csrc/api/include"),
               "-isystem", sysconfig.get_paths()["include"]]  # torch_npu's headers include Python.h
    if acl_include is not None:
        command.append(f"-I{acl_include}")
    command += [f"-I{torch_npu_root / d}" for d in _TORCH_NPU_INCLUDES]
    command += [f"-I{project_root() / CALL_HEADERS}", *(f"-I{d}" for d in aclnn_includes),
                f"-I{project_root() / ENGINE_HEADERS}"]
    if output is None:
        return command + ["-fsyntax-only", str(source)]
    if cann_lib is None:
        raise ValueError("linking the binding needs CANN's lib64 folder (libnnopbase, libascendcl)")
    return command + ["-O2", "-shared", str(source), "-o", str(output),
                      f"-L{torch_dir / 'lib'}", f"-L{torch_npu_root / 'lib'}", f"-L{cann_lib}",
                      "-ltorch_npu", "-ltorch", "-ltorch_cpu", "-lc10", "-lnnopbase", "-lascendcl", "-ldl",
                      f"-Wl,-rpath,{torch_dir / 'lib'}", f"-Wl,-rpath,{torch_npu_root / 'lib'}",
                      f"-Wl,-rpath,{cann_lib}"]


def install_dir(*, checked: bool = True) -> Path:
    """$ASCEND_OPS_NPU_DIR, else the shared install where there is one, else the user's cache;
    not `checked`: the configured cache as it is, not looked at (no warning, no fallback)."""
    shared = shared_vendor_dir()
    if not os.environ.get(NPU_DIR_ENV) and shared is not None:
        return shared / SHARED_BINDING_DIR
    cache = build_cache.cache_dir() if checked else build_cache.configured_cache()
    return Path(os.environ.get(NPU_DIR_ENV) or cache / "npu")


def library_path() -> Path:
    return install_dir() / "lib" / LIBRARY_NAME


def vendor_dir(*, checked: bool = True) -> Path:
    shared = shared_vendor_dir()
    if not os.environ.get(NPU_DIR_ENV) and shared is not None:
        return shared
    return install_dir(checked=checked) / "opp" / "vendors" / vendor_name()


# The shared install scripts/build_ascend.sh makes where $ASCEND_OPP_PATH/vendors is writable: the
# op package where CANN's own install puts it, found through vendors/config.ini, and the binding
# with its build.json in this folder of it, for every user of the machine.
SHARED_BINDING_DIR = "torch_binding"


def shared_vendor_dir() -> Path | None:
    """`$ASCEND_OPP_PATH/vendors/<vendor>` when the op package is installed there, else None."""
    opp = os.environ.get("ASCEND_OPP_PATH")
    vendor = Path(opp) / "vendors" / vendor_name() if opp else None
    return vendor if vendor is not None and vendor.is_dir() else None


# Note [vendor layout]: what of an installed op package (`vendors/<vendor>/`, as CANN's install.sh
# lays it out) this module, the binding and CANN's runtime read. The op API library is where the
# binding's own lookup opens it (kOpApiLibrary of aclnn_call.h, read from there); `set_env.bash` is
# what the binding's "not found" message tells the user to source; the aclnn headers are what
# `build` compiles the binding against; the kernels, their per-SoC configs and the tiling library
# are what nnopbase loads through ASCEND_CUSTOM_OPP_PATH.
VENDOR_HEADERS = "op_api/include"
VENDOR_SET_ENV = "bin/set_env.bash"
VENDOR_OP_IMPL = ("op_impl/ai_core/tbe/kernel", "op_impl/ai_core/tbe/kernel/config",
                  "op_impl/ai_core/tbe/op_tiling")
_OP_API_LIBRARY = re.compile(r'\bkOpApiLibrary\s*=\s*"/?(?P<path>[^"]+)"')


def op_api_library() -> str:
    """The op API library's path inside a vendor folder, as the binding's lookup opens it."""
    header = project_root() / CALL_HEADERS / "aclnn_call.h"
    m = _OP_API_LIBRARY.search(header.read_text(encoding="utf-8"))
    if m is None:
        raise RuntimeError(f"{header} defines no kOpApiLibrary")
    return m["path"]


def vendor_problems(vendor: Path, op_types: Sequence[str] = ()) -> list[str]:
    """What `vendor` lacks of Note [vendor layout] (empty: it is complete), each naming the path;
    with `op_types`, also each op's generated aclnn header."""
    vendor = Path(vendor)
    if not vendor.is_dir():
        return [f"{vendor} is no folder"]
    problems = []
    library = vendor / op_api_library()
    if not library.is_file():
        problems.append(f"{library} (the op API library the binding opens) is missing")
    for folder in (VENDOR_HEADERS, *VENDOR_OP_IMPL):
        if not (vendor / folder).is_dir():
            problems.append(f"{vendor / folder} is missing")
    problems += [f"{vendor / VENDOR_HEADERS / ACLNN_HEADERS[t]} is missing" for t in op_types
                 if (vendor / VENDOR_HEADERS).is_dir() and not (vendor / VENDOR_HEADERS / ACLNN_HEADERS[t]).is_file()]
    if not (vendor / VENDOR_SET_ENV).is_file():
        problems.append(f"{vendor / VENDOR_SET_ENV} is missing")
    return problems


# --- how CANN finds the op package --------------------------------------------------------------
# Note [kernel discovery]
# ~~~~~~~~~~~~~~~~~~~~~~~
# CANN's runtime (nnopbase) finds an op package's kernels and tiling library in a list of vendor
# folders it collects once per process, read from hicann/opbase (commit aa3cd74b7f6d) and the
# aclnn code generator of hicann/asc-devkit (commit e8908aafe5f3):
# - When: every generated aclnn<Op>GetWorkspaceSize starts with NnopbaseCreateExecutorSpace
#   (asc-devkit tools/build/opbuild/op_aclnn_generator.cpp, AclnnOpGenCodeExecutor), which runs
#   NnopbaseInit under a lock (opbase src/nnopbase/individual_op/api/individual_op_api.cpp:297-308);
#   NnopbaseInit collects once, behind a static flag set only when collecting succeeded (:254-276).
#   Built-in ops can come first too: the hand-written aclnn ops of libopapi run it when they
#   select an op's static kernel (composite_op/aclnn_engine/op_kernel.h:1377, 1398-1424 ->
#   NnopbaseFindStaticKernel, individual_op_api.cpp:1113-1122), and the built-in packages' own
#   kernels are collected in the same list (indv_collector.cpp:43-46, 1488-1504). So the first
#   aclnn call of the process, ours, torch_npu's or another package's, fixes the list.
# - What: ASCEND_CUSTOM_OPP_PATH through getenv at that moment, split on ':', each entry kept if
#   it is a folder (src/nnopbase/individual_op/executor/indv_collector.cpp:62-78, 474-488); then
#   the vendors of the `priority` line of $ASCEND_OPP_PATH/vendors/config.ini (:407-472), then
#   the built-in packages. From each: the tiling library (:489-543) and the kernels'
#   binary_info_config.json (:1479-1517).
# - Missing: an op whose package was not collected has no registration; NnopbaseGetExecutor
#   returns null (indv_executor_ext.cpp:672-696, individual_op_api.cpp:311-360) and the generated
#   GetWorkspaceSize returns ACLNN_ERR_PARAM_NULLPTR, 161001, for every later call.
# So a value set through os.environ before the first aclnn call counts, and one set after it
# never does. `import ascend_ops` puts the installed vendor folder first on the variable unless it
# is there (`put_vendor_first`), so `pip install` + `import ascend_ops` finds the kernels when the
# package is imported before any NPU operator runs. When it was not, the binding turns the
# 161001 of an op it found on the variable into one RuntimeError naming both fixes (aclnn_call.h's
# NotCollectedMessage). A package named in $ASCEND_OPP_PATH/vendors/config.ini (CANN's default
# install) is read at the same moment; the package never writes that file. The binding's own
# lookup of the op API library reads the variable at each API's first call (Note [own aclnn
# lookup]).
OPP_PATH_ENV = "ASCEND_OPP_PATH"
VENDORS_CONFIG = "vendors/config.ini"
DISCOVERY_RULE = ("CANN reads ASCEND_CUSTOM_OPP_PATH once per process, at its first aclnn call; "
                  "import ascend_ops before any NPU operator runs, or export the variable")

# The folder `put_vendor_first` added at import (None: it added nothing).
_put_first: Path | None = None


def put_vendor_first(environ=os.environ) -> Path | None:
    """Put the installed vendor folder first on ASCEND_CUSTOM_OPP_PATH unless it is named there
    (Note [kernel discovery]); the folder added, or None (named already, not installed, or the
    shared install in $ASCEND_OPP_PATH/vendors, which CANN finds through its config.ini)."""
    global _put_first
    try:
        vendor = vendor_dir(checked=False)  # at import: an unusable cache is the first build's to report
    except (OSError, RuntimeError, ValueError):  # no project files: load() says why
        return None
    entries = [e for e in environ.get(CUSTOM_OPP_ENV, "").split(":") if e]
    if not vendor.is_dir() or any(Path(e) == vendor for e in entries) or vendor == shared_vendor_dir():
        return None  # a shared install is found through $ASCEND_OPP_PATH/vendors/config.ini
    environ[CUSTOM_OPP_ENV] = ":".join([str(vendor), *entries])
    _put_first = vendor
    return vendor


@dataclass(frozen=True)
class KernelDiscovery:
    """How CANN finds the op package (Note [kernel discovery])."""

    way: str | None      # CUSTOM_OPP_ENV, VENDORS_CONFIG, or None: neither
    vendor: Path         # the vendor folder that way finds (or the installed one, for neither)
    detail: str          # what was found, or why neither holds

    @property
    def export_line(self) -> str:
        return f"export {CUSTOM_OPP_ENV}={self.vendor}${{{CUSTOM_OPP_ENV}:+:${CUSTOM_OPP_ENV}}}"


def config_vendors(opp: Path) -> list[str]:
    """The vendors `load_priority` of `<opp>/vendors/config.ini` names, in order."""
    try:
        text = (opp / VENDORS_CONFIG).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "load_priority":
            return [v.strip() for v in value.split(",") if v.strip()]
    return []


def kernel_discovery(environ=None) -> KernelDiscovery:
    """Which of CANN's two ways finds the op package in an environment (os.environ by default): an
    ASCEND_CUSTOM_OPP_PATH entry that is the installed vendor folder, else the vendor in
    $ASCEND_OPP_PATH/vendors/config.ini."""
    environ = os.environ if environ is None else environ
    installed = vendor_dir()
    entries = [e for e in environ.get(CUSTOM_OPP_ENV, "").split(":") if e]
    if any(Path(e) == installed for e in entries):
        how = " (put first by `import ascend_ops`)" if _put_first == installed else ""
        return KernelDiscovery(CUSTOM_OPP_ENV, installed, f"${CUSTOM_OPP_ENV} names {installed}{how}")
    why = [f"${CUSTOM_OPP_ENV} does not name {installed}" if entries else f"${CUSTOM_OPP_ENV} is not set"]
    opp = environ.get(OPP_PATH_ENV)
    if opp:
        vendors = config_vendors(Path(opp))
        config = Path(opp) / VENDORS_CONFIG
        if vendor_name() in vendors and (Path(opp) / "vendors" / vendor_name()).is_dir():
            return KernelDiscovery(VENDORS_CONFIG, Path(opp) / "vendors" / vendor_name(),
                                   f"{config} lists {vendor_name()} (load_priority "
                                   f"{','.join(vendors)})")
        why.append(f"{config} does not list {vendor_name()}" if not vendors or
                   vendor_name() not in vendors else
                   f"{config} lists {vendor_name()} but {Path(opp) / 'vendors' / vendor_name()} is "
                   f"no folder")
    else:
        why.append(f"${OPP_PATH_ENV} is not set")
    return KernelDiscovery(None, installed, "; ".join(why))


def source_digest() -> str:
    return hashlib.sha256(binding_source().read_bytes()).hexdigest()


@dataclass(frozen=True)
class BuildRecord:
    """What `build.json` says the installed op package and binding were built from."""

    torch: str
    torch_npu: str
    cann: str            # the toolkit's version at build time ("unknown" if it did not say)
    binding_sha256: str  # of the generated binding source

    @staticmethod
    def path() -> Path:
        return install_dir() / RECORD_NAME


def read_build_record() -> BuildRecord | None:
    try:
        data = json.loads(BuildRecord.path().read_text(encoding="utf-8"))
        return BuildRecord(**{f.name: str(data[f.name]) for f in dataclasses.fields(BuildRecord)})
    except (OSError, ValueError, KeyError, TypeError):
        return None


def cann_toolkit_version(cann_dir: Path) -> str:
    """The version line of the toolkit's `ascend_*_install.info` (as torch_npu's collect_env
    reads it), or "unknown"."""
    for info in sorted(Path(cann_dir).glob("**/ascend_*_install.info"))[:1]:
        for line in info.read_text(encoding="utf-8", errors="replace").splitlines():
            m = re.match(r"^\s*version\s*=\s*(\S+)", line)
            if m:
                return m.group(1)
    return "unknown"


# --- loading -------------------------------------------------------------------------------------

class BindingUnavailable(RuntimeError):
    """Why the custom kernels cannot run, and what to do: the message says both."""


def build_hint() -> str:
    """How to build the op package and the binding, as it can be done where this package runs: a
    checkout has scripts/build_ascend.sh; an installed package has no CANN project build of its own."""
    from ascend_ops_gen.spec import running_from_checkout

    if running_from_checkout():
        return "run `bash scripts/build_ascend.sh` on this machine"
    return ("run `bash scripts/build_ascend.sh` in a checkout of ascend-ops on this machine (the "
            "installed package cannot build the CANN op package)")


def load(torch_npu) -> None:
    """Load the binding of the installed op package; raise BindingUnavailable saying why not (and,
    when CANN cannot find the package, the export line). Call only after `import torch_npu`."""
    rebuild = build_hint()
    record = read_build_record()
    if record is None or not library_path().is_file() or not vendor_dir().is_dir():
        raise BindingUnavailable(f"not built: no op package and binding in {install_dir()}; "
                                 f"{rebuild}")
    if record.torch != torch_version():
        raise BindingUnavailable(f"the binding was built for torch {record.torch}, this is torch "
                                 f"{torch_version()}; {rebuild}")
    check_torch_npu_release(record, torch_npu, rebuild)
    if binding_source().is_file() and record.binding_sha256 != source_digest():
        raise BindingUnavailable(f"the installed build is older than ascend_kernels/{BINDING_PATH} "
                                 f"(op_specs/ changed since); {rebuild}")
    if record.cann != "unknown" and not _cann_at_least(torch_npu, record.cann):
        raise BindingUnavailable(f"CANN too old: the op package was built with CANN {record.cann}, "
                                 f"this machine runs CANN {_cann_version(torch_npu)}; install CANN "
                                 f"{record.cann} or newer, or rebuild with this one ({rebuild})")
    problems = vendor_problems(vendor_dir())
    if problems:
        raise BindingUnavailable(f"the op package in {vendor_dir()} is incomplete: {problems[0]}; {rebuild}")
    found = kernel_discovery()
    if found.way is None:
        raise BindingUnavailable(f"CANN cannot find the op package's kernels: {found.detail}; "
                                 f"run `{found.export_line}` (or source {vendor_dir() / VENDOR_SET_ENV}) "
                                 f"before the first NPU operator: {DISCOVERY_RULE}")
    import torch

    try:
        torch.ops.load_library(str(library_path()))
    except (OSError, RuntimeError) as e:
        raise BindingUnavailable(f"load error: {library_path()}: {e}; {rebuild}") from e


def torch_npu_release(torch_npu) -> str:
    """The torch_npu release as build.json records it: its version without a local part."""
    return str(getattr(torch_npu, "__version__", "unknown")).split("+")[0]


def check_torch_npu_release(record: BuildRecord, torch_npu, rebuild: str) -> None:
    """The binding links torch_npu's C++ symbols, which change between its releases: refuse one
    built against another release than the running one, naming both."""
    running = torch_npu_release(torch_npu)
    if record.torch_npu != running:
        raise BindingUnavailable(f"the binding was built against torch_npu {record.torch_npu}, this is "
                                 f"torch_npu {running}; {rebuild}")


def _cann_version(torch_npu) -> str:
    try:
        return str(torch_npu.npu.utils.get_cann_version())
    except Exception:  # noqa: BLE001 - only for the message
        return "unknown"


def _cann_at_least(torch_npu, version: str) -> bool:
    return torch_private.torch_npu_cann_at_least(torch_npu, version)


# --- building (scripts/build_ascend.sh) -----------------------------------------------------------

def build(cann_dir: Path) -> Path:
    """Compile the binding against the installed torch_npu into install_dir(), and write
    build.json (after the op package was installed there)."""
    import torch_npu  # the real one: building needs its libraries

    root = Path(torch_npu.__file__).parent
    target = library_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".so.tmp")
    # The op package's generated aclnn headers, and the toolkit's aclnn/acl_meta.h.
    includes = [vendor_dir() / VENDOR_HEADERS, Path(cann_dir) / "include"]
    command = compile_command(binding_source(), root, includes, output=tmp, cann_lib=Path(cann_dir) / "lib64")
    build_cache.progress(f"building the torch binding: {' '.join(command)}")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"building the torch binding failed:\n{done.stderr}")
    os.replace(tmp, target)
    record = BuildRecord(torch_version(), torch_npu_release(torch_npu),
                         cann_toolkit_version(cann_dir), source_digest())
    BuildRecord.path().write_text(json.dumps(dataclasses.asdict(record), indent=2) + "\n",
                                  encoding="utf-8")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ascend_ops.npu.binding",
                                     description="Paths and build of the torch binding.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("install-dir", help="print where the op package and binding are installed")
    sub.add_parser("vendor-dir", help="print the op package's vendor folder there")
    sub.add_parser("cxx-standard", help="print the binding's -std= flag and the oldest g++ major that has it, "
                                        "as the installed torch's headers require")
    b = sub.add_parser("build", help="build the binding and write build.json")
    b.add_argument("--cann", type=Path, required=True, help="the CANN toolkit folder")
    args = parser.parse_args(argv)
    if args.command == "install-dir":
        print(install_dir())
    elif args.command == "vendor-dir":
        print(vendor_dir())
    elif args.command == "cxx-standard":
        try:
            flag, gxx = binding_cxx_standard()
        except (ImportError, RuntimeError) as e:
            print(f"ascend_ops.npu.binding cxx-standard: error: {e}", file=sys.stderr)
            return 1
        print(flag, gxx)
    else:
        try:
            print(build(args.cann))
        except (ImportError, OSError, RuntimeError) as e:
            print(f"ascend_ops.npu.binding build: error: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
