"""Build one CPU-debug launcher per NPU arch: every op's generated kernel compiled in AscendC's
CPU-debug mode against a headers folder (the fixture or a CANN toolkit), linked with asc-tools'
public launcher, API checkers and backtrace (compiled from that folder), libboundscheck, the
launch driver `launch_main.cpp` and the intrinsic model
`model.cpp` (both beside this file) (or, with `huawei_model`, a toolkit's own libcpudebug).

Note [cpudebug object cache]
Every object is cached by content under the build cache (`build_cache.cache_dir()`/cpudebug): the
key is the compiler's version, the command line and the bytes of the source and of every header
the compile opened (its `-MD` dependency list, kept beside the object). A warm run hashes those
files and compiles nothing; an edited header recompiles exactly the objects that opened it.
Hashes of files already hashed are kept with their modification time and size
(`file-hashes.json`), so a warm run only stats the headers; a file whose time or size changed is
read again.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import filelock
from ascend_ops_gen.codegen.copy_tiling import load_copy_tiling
from ascend_ops_gen.codegen.kernel import emit_kernel_tiling_data
from ascend_ops_gen.codegen.project import cpu_debug_defines
from ascend_ops_gen.spec import project_root, specs

from ascend_ops.runtime import build_cache
from ascend_ops_dev.cann.cann_check import CPU_DEBUG_DEFINES, CannHeaders, COPY_TILING_HEADER

MODEL_DIR = Path(__file__).resolve().parent  # launch_main.cpp, model.cpp, include/
LAUNCHER_NAME = "ascend_ops_cpudebug"
CXX_FLAGS = ("-x", "c++", "-std=c++17", "-w")
# The kernels and the model run every case: optimised. The launcher's and the checkers' sources
# run a few calls per case: compiled fast.
RUN_FLAGS = ("-O1",)
SUPPORT_FLAGS = ("-O0",)
C_FLAGS = ("-x", "c", "-O0", "-w")
# The public asc-tools sources linked into every launcher: the launcher's GmAlloc, block globals,
# backtrace and print lock (regfwk; stub_reg.cpp registers the closed library's stubs and is left
# out) and every API checker (api_check).
REGFWK_SOURCES = ("stub_base.cpp", "stub_backtrace.cpp", "kernel_print_lock.cpp")
ACL_STUB_SOURCES = ("kernel_fp16.cpp",)  # half's conversions (arch 3002's Gather reaches them)
# Where a CANN toolkit keeps Huawei's CPU-debug library of each arch (asc-tools' cpudebug
# CMakeLists: PRODUCT_TYPE_LIST, OUTPUT_NAME cpudebug, one folder per product type).
TOOLKIT_PRODUCT_TYPE = {1001: "ascend910", 2002: "ascend310p", 2201: "ascend910B1", 3002: "ascend310B1"}


class CpudebugBuildError(RuntimeError):
    """A compile or the link failed; the message holds the compiler's output (a link error names
    the intrinsic the model lacks)."""


@dataclass(frozen=True)
class Variant:
    """What a launcher is built with besides the arch: the model's negative-control defines
    (model.cpp) and extra kernel defines (tests)."""

    model_defines: tuple[str, ...] = ()
    kernel_defines: tuple[str, ...] = ()
    huawei_model: bool = False
    extra_kernels: tuple[str, ...] = ()  # more kernel sources linked beside the ops' (tests)

    @property
    def tag(self) -> str:
        text = json.dumps([self.model_defines, self.kernel_defines, self.huawei_model, self.extra_kernels])
        return hashlib.sha256(text.encode()).hexdigest()[:10]


@dataclass
class BuildStats:
    compiled: int = 0
    cached: int = 0
    links: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def count(self, compiled: bool) -> None:
        with self.lock:
            if compiled:
                self.compiled += 1
            else:
                self.cached += 1


def _cache_root() -> Path:
    root = build_cache.cache_dir() / "cpudebug"
    root.mkdir(parents=True, exist_ok=True)
    return root


_hash_lock = threading.Lock()
_file_hashes: dict[str, str | None] = {}
# Contents hashed in earlier runs, by path: (mtime_ns, size, sha256); read once per process and
# written back after each build, so a warm run stats the headers instead of reading them.
_known: dict[str, list] | None = None
KNOWN_HASHES = "file-hashes.json"


def _known_hashes() -> dict[str, list]:
    global _known
    if _known is None:
        try:
            _known = json.loads((_cache_root() / KNOWN_HASHES).read_text())
        except (OSError, ValueError):
            _known = {}
    return _known


def _file_hash(path: str) -> str | None:
    with _hash_lock:
        if path in _file_hashes:
            return _file_hashes[path]
        known = _known_hashes().get(path)
    try:
        st = os.stat(path)
        if known is not None and known[0] == st.st_mtime_ns and known[1] == st.st_size:
            digest = known[2]
        else:
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            with _hash_lock:
                _known_hashes()[path] = [st.st_mtime_ns, st.st_size, digest]
    except OSError:
        digest = None
    with _hash_lock:
        _file_hashes[path] = digest
    return digest


def _save_known_hashes() -> None:
    root = _cache_root()
    with filelock.FileLock(str(root / (KNOWN_HASHES + ".lock"))):
        try:
            merged = json.loads((root / KNOWN_HASHES).read_text())
        except (OSError, ValueError):
            merged = {}
        with _hash_lock:
            merged.update(_known_hashes())
        tmp = root / (KNOWN_HASHES + ".tmp")
        tmp.write_text(json.dumps(merged))
        os.replace(tmp, root / KNOWN_HASHES)


def forget_file_hashes() -> None:
    """Drop this process's memo of file contents (a caller that edits sources between builds)."""
    with _hash_lock:
        _file_hashes.clear()


_compiler_lock = threading.Lock()
_compiler_ids: dict[str, str] = {}


def _compiler_id(cxx: str) -> str:
    with _compiler_lock:
        if cxx not in _compiler_ids:
            done = subprocess.run([cxx, "--version"], capture_output=True, text=True, check=False)
            _compiler_ids[cxx] = done.stdout
        return _compiler_ids[cxx]


def _parse_deps(text: str) -> list[str]:
    """The prerequisites of a make rule written by -MD."""
    body = text.split(":", 1)[1] if ":" in text else ""
    return [p for p in body.replace("\\\n", " ").split() if p != "\\"]


def compile_object(command: Sequence[str], source: Path, cxx: str, stats: BuildStats) -> Path:
    """`command` (the compiler's flags, without -c, -o and the source) applied to `source`,
    cached by content (Note [cpudebug object cache]); returns the object."""
    root = _cache_root()
    key = hashlib.sha256(json.dumps([_compiler_id(cxx), list(command), str(source)]).encode()).hexdigest()[:24]
    manifest = root / f"{key}.json"
    with filelock.FileLock(str(root / f"{key}.lock")):
        if manifest.is_file():
            deps = json.loads(manifest.read_text())
            digests = [_file_hash(d) for d in deps["deps"]]
            if None not in digests:
                obj = root / f"{key}-{hashlib.sha256(''.join(digests).encode()).hexdigest()[:16]}.o"
                if obj.is_file():
                    stats.count(False)
                    return obj
        tmp = root / f"{key}.tmp.o"
        depfile = root / f"{key}.tmp.d"
        done = subprocess.run([cxx, *command, "-MD", "-MF", str(depfile), "-c", "-o", str(tmp), str(source)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise CpudebugBuildError(f"compiling {source} failed:\n{done.stdout}{done.stderr}\n$ "
                                     f"{cxx} {' '.join(command)} -c {source}")
        deps = sorted({os.path.abspath(d) for d in _parse_deps(depfile.read_text())})
        depfile.unlink()
        with _hash_lock:
            for d in deps:
                _file_hashes.pop(d, None)
                _known_hashes().pop(d, None)
        digests = [_file_hash(d) for d in deps]
        obj = root / f"{key}-{hashlib.sha256(''.join(d or '' for d in digests).encode()).hexdigest()[:16]}.o"
        os.replace(tmp, obj)
        manifest.write_text(json.dumps({"source": str(source), "deps": deps}))
        stats.count(True)
        return obj


@dataclass(frozen=True)
class ArchBuild:
    arch: int
    launcher: Path
    objects: int


def cpudebug_includes(headers: CannHeaders, huawei_model: bool) -> list[Path]:
    """The kernel include folders of a CPU-debug compile: the check's (cann_check), with the
    package's stub_fun.h and stand-ins for the two closed headers in place of the fixture's
    compile-only stand-in, then asc-tools' internal folders and securec. With Huawei's library
    (a toolkit), the toolkit's own folders only: its stub_fun.h and tikicpulib headers."""
    kernel = [p for p in headers.kernel_includes if p.name != "stub_fun_standin"]
    if huawei_model:
        return kernel
    tools = _asc_tools(headers)
    extra = [tools / "utils", tools / "utils/include", tools / "utils/include/utils", tools / "src/api_check",
             tools / "src/api_check/inc", _securec(headers) / "include"]
    return [MODEL_DIR / "include", *kernel, *extra]


def _asc_tools(headers: CannHeaders) -> Path:
    for candidate in (headers.root / "asc-tools/cpudebug", headers.root / "tools/tikicpulib/src"):
        if (candidate / "src/regfwk/stub_base.cpp").is_file():
            return candidate
    raise CpudebugBuildError(f"{headers.root} holds no asc-tools CPU-debug sources (cpudebug/src/regfwk/"
                             f"stub_base.cpp); pass --headers a folder laid out like ../shared/cann-headers")


def _securec(headers: CannHeaders) -> Path:
    for candidate in (headers.root / "libboundscheck", headers.root / "toolkit/tools/libboundscheck"):
        if (candidate / "include/securec.h").is_file():
            return candidate
    raise CpudebugBuildError(f"{headers.root} holds no libboundscheck (include/securec.h)")


def public_sources(headers: CannHeaders) -> list[Path]:
    tools = _asc_tools(headers)
    return ([tools / "src/regfwk" / n for n in REGFWK_SOURCES] + sorted((tools / "src/api_check").glob("*.cpp"))
            + [tools / "src/acl_stub" / n for n in ACL_STUB_SOURCES])


def build_arch(arch: int, headers: CannHeaders, *, variant: Variant = Variant(), cxx: str = "g++",
               workers: int = 2, stats: BuildStats | None = None,
               progress: Callable[[str], None] | None = None) -> ArchBuild:
    """The launcher of `arch`: every op's kernel, the public sources, the driver and the model
    compiled (cached), then linked into one executable (cached by the objects' names)."""
    if shutil.which(cxx) is None:
        raise CpudebugBuildError(f"C++ compiler {cxx!r} not found; install g++ or pass --cxx")
    try:
        arch_defines = cpu_debug_defines(specs(), arch)
    except KeyError as e:
        raise CpudebugBuildError(str(e.args[0])) from None
    stats = stats if stats is not None else BuildStats()
    root = project_root()
    defines = [*CPU_DEBUG_DEFINES, f"__NPU_ARCH__={arch}", *arch_defines]
    includes = [f"-I{p}" for p in cpudebug_includes(headers, variant.huawei_model)]
    common = [*CXX_FLAGS, *(f"-D{d}" for d in defines), *includes]
    tiling_header = _tiling_header()
    jobs: list[tuple[list[str], Path]] = []
    kernel_flags = [*common, *RUN_FLAGS, *(f"-D{d}" for d in variant.kernel_defines), "-include",
                    str(tiling_header), f"-I{root / 'ascend_kernels' / 'common'}"]
    jobs.append((kernel_flags, _kernels_unit()))
    jobs += [(kernel_flags, Path(s)) for s in variant.extra_kernels]
    jobs.append(([*common, *SUPPORT_FLAGS], MODEL_DIR / "launch_main.cpp"))
    if not variant.huawei_model:
        jobs.append(([*common, *RUN_FLAGS, *(f"-D{d}" for d in variant.model_defines)], MODEL_DIR / "model.cpp"))
        jobs += [([*common, *SUPPORT_FLAGS], s) for s in public_sources(headers)]
        securec = _securec(headers)
        jobs += [([*C_FLAGS, f"-I{securec / 'include'}"], s) for s in sorted((securec / "src").glob("*.c"))]

    def one(job: tuple[list[str], Path]) -> Path:
        obj = compile_object(job[0], job[1], cxx, stats)
        if progress is not None:
            progress(f"{arch}: {job[1].name}")
        return obj

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        objects = list(pool.map(one, jobs))
    _save_known_hashes()
    libs = ["-ldl", "-lpthread"]
    if variant.huawei_model:
        lib_dir = headers.root / "tools/tikicpulib/lib" / TOOLKIT_PRODUCT_TYPE[arch]
        libs = [f"-L{lib_dir}", f"-Wl,-rpath,{lib_dir}", "-lcpudebug", *libs]
    link_key = hashlib.sha256(json.dumps([_compiler_id(cxx), [o.name for o in objects], libs]).encode()).hexdigest()[:20]
    launcher = _cache_root() / f"{LAUNCHER_NAME}-{arch}-{link_key}"
    with filelock.FileLock(str(launcher) + ".lock"):
        if not launcher.is_file():
            tmp = launcher.with_name(launcher.name + ".tmp")
            done = subprocess.run([cxx, "-rdynamic", "-o", str(tmp), *map(str, objects), *libs],
                                  capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise CpudebugBuildError(f"linking the CPU-debug launcher of arch {arch} failed:\n"
                                         f"{_undefined_summary(done.stderr)}{done.stderr[-4000:]}")
            os.replace(tmp, launcher)
        with stats.lock:
            stats.links += 1
    return ArchBuild(arch, launcher, len(objects))


def undefined_symbols(linker_output: str) -> list[str]:
    """The symbols a failed link names as undefined, demangled by the linker, each once."""
    import re

    found = re.findall(r"undefined reference to [`'‘]([^'’]+)['’]", linker_output)
    return sorted(set(found))


def _undefined_summary(linker_output: str) -> str:
    names = undefined_symbols(linker_output)
    if not names:
        return ""
    return "undefined (an intrinsic the model does not define):\n" + "".join(f"  {n}\n" for n in names)


_tiling_lock = threading.Lock()


def _kernels_unit() -> Path:
    """One translation unit holding every op's generated op_kernel source (each defines its own
    extern "C" entry; one compile of the AscendC headers serves all of them), in the cache."""
    root = project_root()
    text = "".join(f'#include "{root / "ascend_kernels" / op.name / "op_kernel" / f"{op.name}.cpp"}"\n'
                   for op in specs().ops)
    return _cached_text(f"kernels-{hashlib.sha256(text.encode()).hexdigest()[:16]}", "op_kernels.cpp", text)


def _cached_text(folder_name: str, file_name: str, text: str) -> Path:
    folder = _cache_root() / folder_name
    path = folder / file_name
    with _tiling_lock:
        if not path.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            tmp = folder / (file_name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
    return path


def _tiling_header() -> Path:
    """The kernel-side tiling class a CANN build generates (the check-cann header), written into
    the cache by content."""
    root = project_root()
    layout = load_copy_tiling(root / "ascend_kernels" / COPY_TILING_HEADER, f"ascend_kernels/{COPY_TILING_HEADER}")
    text = emit_kernel_tiling_data(layout)
    return _cached_text(f"tiling-{hashlib.sha256(text.encode()).hexdigest()[:16]}", "kernel_tiling_data.h", text)
