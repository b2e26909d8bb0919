"""Build one CPU-debug launcher per NPU arch: every op's generated kernel compiled in AscendC's
CPU-debug mode against a headers folder (the fixture or a CANN toolkit), linked with the
CPU-debug framework that folder offers (Note [cpudebug framework layouts]), the launch driver
`launch_main.cpp` and the intrinsic model `model.cpp` (both beside this file) (or, with
`huawei_model`, a toolkit's own libcpudebug). Every object is cached by content:
Note [cpudebug object cache]."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import filelock
from ascend_ops_gen.codegen.copy_tiling import load_copy_tiling
from ascend_ops_gen.codegen.custom_op import emit_custom_kernel_tiling_data
from ascend_ops_gen.codegen.kernel import emit_kernel_tiling_data
from ascend_ops_gen.codegen.project import cpu_debug_defines
from ascend_ops_gen.spec import project_root, specs

from ascend_ops.runtime import build_cache
from ascend_ops_dev.cpudebug import toolkit_vec
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


# Note [cpudebug object cache]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# Every object is cached by content under the build cache (`build_cache.cache_dir()`/cpudebug): the
# key is the compiler's version, the command line and the bytes of the source and of every header
# the compile opened (its `-MD` dependency list, kept beside the object). A warm run hashes those
# files and compiles nothing; an edited header recompiles exactly the objects that opened it.
# Hashes of files already hashed are kept with their modification time and size
# (`file-hashes.json`), so a warm run only stats the headers; a file whose time or size changed is
# read again.


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


def _object_key(command: Sequence[str], source: Path, cxx: str) -> str:
    return hashlib.sha256(json.dumps([_compiler_id(cxx), list(command), str(source)]).encode()).hexdigest()[:24]


def opened_files(command: Sequence[str], source: Path, cxx: str = "g++") -> list[str]:
    """Every file the last compile of `source` with `command` opened (its -MD list), absolute."""
    manifest = _cache_root() / f"{_object_key(command, source, cxx)}.json"
    return json.loads(manifest.read_text())["deps"] if manifest.is_file() else []


def compile_object(command: Sequence[str], source: Path, cxx: str, stats: BuildStats) -> Path:
    """`command` (the compiler's flags, without -c, -o and the source) applied to `source`,
    cached by content (Note [cpudebug object cache]); returns the object."""
    root = _cache_root()
    key = _object_key(command, source, cxx)
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
            raise CpudebugBuildError(f"compiling {source} failed:\n{_mismatch_summary(done.stderr)}"
                                     f"{done.stdout}{done.stderr}\n$ {cxx} {' '.join(command)} -c {source}")
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
    stub_fun: Path | None  # the stub_fun.h the compiles opened: whose declarations the model defines


# Note [cpudebug framework layouts]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# A headers folder holds AscendC's CPU-debug framework in one of two layouts, told apart by the
# files it has (`framework()`), never by a version number:
#   - asc-tools (CANN 8.5+: asc-devkit with asc-tools' `cpudebug/`, as ../shared/cann-headers): the
#     framework is public source: the launcher's globals, GmAlloc, backtrace and print lock
#     (src/regfwk; stub_reg.cpp registers the closed library's stubs and is left out), the API
#     checkers (src/api_check), half's conversions (src/acl_stub), with libboundscheck's securec.
#     Closed: `stub_fun.h` and the intrinsics' bodies. The package supplies its own stub_fun.h
#     (include/stub_fun/, declarations only), the model, and stand-ins for the two closed headers
#     the checkers include (include/).
#   - tikicpulib (a CANN 8.1-8.3 toolkit, `tools/tikicpulib/lib/include` with `kern_fwk.h`, as
#     ../shared/cann-8.1/toolkit): headers only, among them the real generated `stub_fun.h`, which
#     declares every intrinsic; the framework's bodies (the launcher's library, the API checkers,
#     the per-product model, securec) are closed libraries. The model is compiled against the
#     toolkit's stub_fun.h, so every intrinsic the kernels reach must be defined with the toolkit's
#     exact signature (a different return type fails the compile, different parameters the link,
#     and both messages name the declaration). `framework_standin.cpp` stands in for the closed
#     framework library; its API-checker entry points accept every call, so Huawei's checkers do
#     not run in this layout.
# What differs between the two is listed in README.md beside this file.

# The layouts of Note [cpudebug framework layouts], and Huawei's own library (--huawei-model).
ASC_TOOLS = "asc-tools"
TIKICPULIB = "tikicpulib"
HUAWEI_LIBRARY = "libcpudebug"
FRAMEWORK_STANDIN = MODEL_DIR / "framework_standin.cpp"
# A CANN toolkit's tikicpulib headers, and the ones a build needs from there.
TIKICPULIB_HEADERS = Path("tools/tikicpulib/lib/include")
TIKICPULIB_NEEDED = ("stub_fun.h", "stub_def.h", "tikicpulib.h", "kernel_fp16.h")


@dataclass(frozen=True)
class Framework:
    """AscendC's CPU-debug framework as a headers folder holds it, and what the package links
    beside it (Note [cpudebug framework layouts])."""

    layout: str                      # ASC_TOOLS, TIKICPULIB or HUAWEI_LIBRARY
    includes: tuple[Path, ...]       # the include folders of every C++ compile, in search order
    sources: tuple[Path, ...]        # the framework's C++ sources linked into each launcher
    c_sources: tuple[Path, ...] = ()  # its C sources (securec), compiled with c_includes
    c_includes: tuple[Path, ...] = ()

    def describe(self) -> str:
        return {ASC_TOOLS: "asc-tools' public CPU-debug sources, the package's stub_fun.h",
                TIKICPULIB: "a toolkit's tikicpulib headers and its stub_fun.h, the package's framework stand-in",
                HUAWEI_LIBRARY: "a toolkit's tikicpulib headers and its stub_fun.h, its libcpudebug"}[self.layout]


def framework(headers: CannHeaders, huawei_model: bool = False) -> Framework:
    """The CPU-debug framework of `headers` (Note [cpudebug framework layouts]), found by the files
    it holds; a CpudebugBuildError names what is missing. With Huawei's library (a toolkit), the
    toolkit's own folders only: its stub_fun.h and tikicpulib headers."""
    kernel = tuple(p for p in headers.kernel_includes if p.name != "stub_fun_standin")
    if huawei_model:
        return Framework(HUAWEI_LIBRARY, kernel, ())
    tools = _asc_tools(headers)
    if tools is not None:
        securec = _securec(headers)
        extra = (tools / "utils", tools / "utils/include", tools / "utils/include/utils", tools / "src/api_check",
                 tools / "src/api_check/inc", securec / "include")
        sources = ([tools / "src/regfwk" / n for n in REGFWK_SOURCES] + sorted((tools / "src/api_check").glob("*.cpp"))
                   + [tools / "src/acl_stub" / n for n in ACL_STUB_SOURCES])
        return Framework(ASC_TOOLS, (MODEL_DIR / "include/stub_fun", MODEL_DIR / "include", *kernel, *extra),
                         tuple(sources), tuple(sorted((securec / "src").glob("*.c"))), (securec / "include",))
    tik = headers.root / TIKICPULIB_HEADERS
    if not (tik / "kern_fwk.h").is_file():
        raise CpudebugBuildError(
            f"{headers.root} holds no CPU-debug framework: neither asc-tools' public sources "
            f"(asc-tools/cpudebug/src/regfwk/stub_base.cpp, as ../shared/cann-headers) nor a CANN toolkit's "
            f"tikicpulib headers ({TIKICPULIB_HEADERS}/kern_fwk.h, as ../shared/cann-8.1/toolkit)")
    missing = [n for n in TIKICPULIB_NEEDED if not (tik / n).is_file()]
    if missing:
        raise CpudebugBuildError(
            f"{tik} has kern_fwk.h but not {', '.join(missing)}: the toolkit's tikicpulib headers are "
            f"incomplete (stub_fun.h declares the intrinsics the model defines)")
    if not any((p / "securec.h").is_file() for p in kernel):
        raise CpudebugBuildError(f"{headers.root}: no securec.h on the kernel include path "
                                 f"({', '.join(map(str, kernel))}); kern_fwk.h includes it")
    # The stand-ins for closed headers after the toolkit's folders: none of them may shadow one.
    return Framework(TIKICPULIB, (*kernel, MODEL_DIR / "include"), (FRAMEWORK_STANDIN,))



def _asc_tools(headers: CannHeaders) -> Path | None:
    for candidate in (headers.root / "asc-tools/cpudebug", headers.root / "tools/tikicpulib/src"):
        if (candidate / "src/regfwk/stub_base.cpp").is_file():
            return candidate
    return None


def _securec(headers: CannHeaders) -> Path:
    for candidate in (headers.root / "libboundscheck", headers.root / "toolkit/tools/libboundscheck"):
        if (candidate / "include/securec.h").is_file():
            return candidate
    raise CpudebugBuildError(f"{headers.root} holds asc-tools' CPU-debug sources but no libboundscheck "
                             f"(libboundscheck/include/securec.h and src/*.c), which they link")


def build_arch(arch: int, headers: CannHeaders, *, variant: Variant = Variant(), cxx: str = "g++",
               workers: int = 2, stats: BuildStats | None = None,
               progress: Callable[[str], None] | None = None) -> ArchBuild:
    """The launcher of `arch`: every op's kernel, the framework, the driver and the model
    compiled (cached), then linked into one executable (cached by the objects' names)."""
    if shutil.which(cxx) is None:
        raise CpudebugBuildError(f"C++ compiler {cxx!r} not found; install g++ or pass --cxx")
    try:
        arch_defines = cpu_debug_defines(specs(), arch)
    except KeyError as e:
        raise CpudebugBuildError(str(e.args[0])) from None
    fwk = framework(headers, variant.huawei_model)
    libs = ["-ldl", "-lpthread"]
    if variant.huawei_model:
        lib_dir = headers.root / "tools/tikicpulib/lib" / TOOLKIT_PRODUCT_TYPE[arch]
        if not (lib_dir / "libcpudebug.so").is_file():
            raise CpudebugBuildError(f"--huawei-model: {lib_dir / 'libcpudebug.so'} (Huawei's CPU-debug library of "
                                     f"arch {arch}) is not there; {headers.root} is no installed toolkit")
        libs = [f"-L{lib_dir}", f"-Wl,-rpath,{lib_dir}", "-lcpudebug", *libs]
    stats = stats if stats is not None else BuildStats()
    root = project_root()
    defines = [*CPU_DEBUG_DEFINES, f"__NPU_ARCH__={arch}", *arch_defines]
    common = [*CXX_FLAGS, *(f"-D{d}" for d in defines), *(f"-I{p}" for p in fwk.includes)]
    tiling_header = _tiling_header()
    jobs: list[tuple[list[str], Path]] = []
    kernel_flags = [*common, *RUN_FLAGS, *(f"-D{d}" for d in variant.kernel_defines), "-include",
                    str(tiling_header), f"-I{root / 'ascend_kernels' / 'common'}"]
    jobs.append((kernel_flags, _kernels_unit()))
    for op in specs().ops:  # a custom op's kernel: a unit of its own, with its own tiling struct
        if op.is_custom:
            flags = [*common, *RUN_FLAGS, *(f"-D{d}" for d in variant.kernel_defines), "-include",
                     str(_custom_tiling_header(op)), f"-I{root / 'ascend_kernels' / 'common'}"]
            jobs.append((flags, root / "ascend_kernels" / op.name / "op_kernel" / f"{op.name}.cpp"))
    jobs += [(kernel_flags, Path(s)) for s in variant.extra_kernels]
    jobs.append(([*common, *SUPPORT_FLAGS], MODEL_DIR / "launch_main.cpp"))
    if not variant.huawei_model:
        jobs.append(([*common, *RUN_FLAGS, *(f"-D{d}" for d in variant.model_defines)], MODEL_DIR / "model.cpp"))
    if fwk.layout == TIKICPULIB:  # the vector intrinsics with the toolkit's signatures (toolkit_vec.py)
        jobs.append(([*common, *RUN_FLAGS, *(f"-D{d}" for d in variant.model_defines)],
                     _toolkit_vec_unit(headers.root / TIKICPULIB_HEADERS / "stub_fun.h")))
    jobs += [([*common, *SUPPORT_FLAGS], s) for s in fwk.sources]
    jobs += [([*C_FLAGS, *(f"-I{p}" for p in fwk.c_includes)], s) for s in fwk.c_sources]

    def one(job: tuple[list[str], Path]) -> Path:
        obj = compile_object(job[0], job[1], cxx, stats)
        if progress is not None:
            progress(f"{arch}: {job[1].name}")
        return obj

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        objects = list(pool.map(one, jobs))
    _save_known_hashes()
    declarations = sorted({Path(d) for flags, source in jobs for d in opened_files(flags, source, cxx)
                           if Path(d).name == "stub_fun.h"})
    if len(declarations) > 1:
        raise CpudebugBuildError(f"the compiles of arch {arch} opened more than one stub_fun.h: "
                                 f"{', '.join(map(str, declarations))}")
    stub_fun = declarations[0] if declarations else None
    link_key = hashlib.sha256(json.dumps([_compiler_id(cxx), [o.name for o in objects], libs]).encode()).hexdigest()[:20]
    launcher = _cache_root() / f"{LAUNCHER_NAME}-{arch}-{link_key}"
    with filelock.FileLock(str(launcher) + ".lock"):
        if not launcher.is_file():
            tmp = launcher.with_name(launcher.name + ".tmp")
            done = subprocess.run([cxx, "-rdynamic", "-o", str(tmp), *map(str, objects), *libs],
                                  capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise CpudebugBuildError(f"linking the CPU-debug launcher of arch {arch} failed:\n"
                                         f"{_undefined_summary(done.stderr, stub_fun)}{done.stderr[-4000:]}")
            os.replace(tmp, launcher)
        with stats.lock:
            stats.links += 1
    return ArchBuild(arch, launcher, len(objects), stub_fun)


def undefined_symbols(linker_output: str) -> list[str]:
    """The symbols a failed link names as undefined, demangled by the linker, each once."""
    found = re.findall(r"undefined reference to [`'‘]([^'’]+)['’]", linker_output)
    return sorted(set(found))


def _undefined_summary(linker_output: str, stub_fun: Path | None) -> str:
    names = undefined_symbols(linker_output)
    if not names:
        return ""
    where = f" as {stub_fun} declares it" if stub_fun is not None else ""
    return (f"undefined (an intrinsic or framework function the model does not define{where}):\n"
            + "".join(f"  {n}\n" for n in names))


def mismatched_declarations(compiler_output: str) -> list[tuple[str, str, str]]:
    """(the definition, the declaration, where it is declared) of each definition the compiler
    found to differ from an earlier declaration in its type (return type or variable type)."""
    pairs = []
    lines = compiler_output.splitlines()
    for i, line in enumerate(lines):
        new = re.search(r"error: (?:ambiguating new declaration|conflicting declaration) of [`'‘](.+?)['’]", line)
        if new is None:
            continue
        for later in lines[i + 1:]:  # the note follows, after the chain of including files
            if ": error: " in later:
                break
            old = re.match(r"(.+?:\d+):\d+: note: (?:old|previous) declaration(?: as)? [`'‘](.+?)['’]", later)
            if old is not None:
                pairs.append((new.group(1), old.group(2), old.group(1)))
                break
    return pairs


def _mismatch_summary(compiler_output: str) -> str:
    pairs = mismatched_declarations(compiler_output)
    if not pairs:
        return ""
    return ("a definition differs from its declaration:\n"
            + "".join(f"  defined `{new}`, declared `{old}` at {where}\n" for new, old, where in pairs))


_tiling_lock = threading.Lock()


def _kernels_unit() -> Path:
    """One translation unit holding the generated op_kernel source of every view op and gradient op
    (`SpecSet.kernel_ops()`; each defines its own
    extern "C" entry; one compile of the AscendC headers serves all of them), in the cache. (A
    custom op's kernel is a unit of its own: its GET_TILING_DATA takes its own struct.)"""
    root = project_root()
    text = "".join(f'#include "{root / "ascend_kernels" / op.name / "op_kernel" / f"{op.name}.cpp"}"\n'
                   for op in specs().kernel_ops() if not op.is_custom)
    return _cached_text(f"kernels-{hashlib.sha256(text.encode()).hexdigest()[:16]}", "op_kernels.cpp", text)


def _toolkit_vec_unit(stub_fun: Path) -> Path:
    """The model's vector intrinsics defined as a toolkit's `stub_fun` declares them (Note [vector
    intrinsics on a toolkit's stub_fun.h] in toolkit_vec.py), written into the cache by content."""
    text = toolkit_vec.adapter_source(stub_fun)
    return _cached_text(f"toolkit-vec-{hashlib.sha256(text.encode()).hexdigest()[:16]}", "model_vec_toolkit.cpp", text)


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


def _custom_tiling_header(op) -> Path:
    """A custom op's kernel-side tiling struct and GET_TILING_DATA (the check-cann header of it),
    written into the cache by content."""
    text = emit_custom_kernel_tiling_data(op, tool="ascend-ops-dev cpudebug", get_tiling_data=True)
    return _cached_text(f"tiling-{hashlib.sha256(text.encode()).hexdigest()[:16]}",
                        f"{op.name}_kernel_tiling_data.h", text)
