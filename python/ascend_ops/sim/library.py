"""The simulator library of one NPU arch: `launcher.cpp` linked with every op's generated host
code `ascend_kernels/<op>/op_host/<op>.cpp` (against the CPU bodies of the CANN host headers,
`ascend_kernels/sim/cann_host_stub/`) and kernel `ascend_kernels/<op>/op_kernel/<op>.cpp`
(against the AscendC emulation headers), and the ctypes mirrors of the structs its C ABI passes.
"""
from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from ascend_ops_gen.errors import SpecError
from ascend_ops_gen.spec import OpSpec, project_root, specs

from ..runtime import build_cache
from . import abi, cann_names
from .abi import Attr, SocInfo, Stats, Tensor

# Only the kernels depend on the NPU arch, through the macros CANN's CPU debug build defines for it
# (`__NPU_ARCH__`, `__CCE_AICORE__`; the kernels test them): the host units are compiled once, as
# CANN compiles op_host, without them, and serve every arch; the view ops' kernels are one unit per
# arch, since they instantiate the same engine (Note [object builds] in build_cache.py). Products
# sharing an arch share a library. Everything else about a product (UB size, cores, DataCopyPad,
# ...) the library reads from the generated product table by the SoC name it is given at run time.
#
# What this module takes from the specs and the C headers is generated (`ascend-ops-dev generate`):
# the ctypes mirrors (abi.py), the CANN names (cann_names.py) and each custom op's kernel unit
# (`ascend_kernels/<op>/op_sim/<op>.cpp`).

LAUNCHER = Path(__file__).with_name("launcher.cpp")
_REGENERATE = "run `ascend-ops-dev generate`"


def tiling_struct() -> type[ctypes.Structure]:
    """`struct CopyTiling` as ctypes (abi.py): one class for the process, so ctypes accepts the
    tilings `plan` creates for a library declared with it."""
    return abi.CopyTiling


def arch_defines(npu_arch: int) -> dict[str, str]:
    """What CANN's CPU-debug build of a kernel of `npu_arch` defines: __NPU_ARCH__ and the arch's
    products.yaml cpu_debug_defines (a bare NAME is defined as 1)."""
    if npu_arch not in cann_names.ARCH_DEFINES:
        raise KeyError(f"NPU arch {npu_arch} is the npu_arch of no product of op_specs/products.yaml "
                       f"(known: {', '.join(map(str, cann_names.ARCH_DEFINES))}; after editing it, "
                       f"{_REGENERATE})")
    defines = {"__NPU_ARCH__": str(npu_arch)}
    for define in cann_names.ARCH_DEFINES[npu_arch]:
        name, _, value = define.partition("=")
        defines[name] = value or "1"
    return defines


def kernel_entry(op_type: str) -> str:
    """The kernel entry CANN derives from an OpType (AscendSlice -> ascend_slice)."""
    try:
        return cann_names.KERNEL_ENTRIES[op_type]
    except KeyError:
        raise KeyError(f"OpType {op_type!r} has no kernel entry in {cann_names.__name__}; "
                       f"{_REGENERATE}") from None


def ge_dtype(name: str) -> str:
    """The ge::DataType name of a dtype of the spec vocabulary ("float16" -> "DT_FLOAT16")."""
    try:
        return cann_names.GE_DTYPES[name]
    except KeyError:
        raise SpecError(f"op_specs/products.yaml: dtype {name!r} has no ge::DataType spelling; add it "
                        f"to GE_DTYPES in ascend_ops_gen/codegen/cpp.py and {_REGENERATE}") from None


@dataclass(frozen=True)
class SimLibrary:
    cdll: ctypes.CDLL
    max_dims: int         # dims an input or output may have (gert::Shape::kMaxDimNum)
    tiling_capacity: int  # bytes of the tiling buffer ascend_sim_plan fills

    def kernel(self, op_name: str) -> tuple[str, int]:
        """The name and address of the kernel entry of `op_name`, found by the name CANN derives
        from its OpType."""
        name = kernel_entry(specs().kernel_op(op_name).op_type)
        return name, ctypes.cast(getattr(self.cdll, name), ctypes.c_void_p).value


def _include_dirs() -> tuple[Path, ...]:
    root = project_root() / "ascend_kernels"
    return (LAUNCHER.parent, root / "sim", root / "sim" / "cann_host_stub", root / "common")


_COPY_TILING = (("ASCEND_SIM_TILING_TYPE", "ascend_ops::CopyTiling"),)


def units(npu_arch: int) -> list[build_cache.Unit]:
    """The translation units of NPU arch `npu_arch`'s library: the launcher and every op's
    op_host (the same for every arch; the gradient ops' too), the engine's kernels as one unit, and
    each custom op's kernel through its own unit (`custom_kernel_unit`: it declares its own tiling
    type)."""
    root = project_root() / "ascend_kernels"
    ops = sorted(specs().kernel_ops(), key=lambda o: o.name)
    host = [build_cache.Unit(source, _include_dirs(), defines=_COPY_TILING)
            for source in [LAUNCHER, *(root / op.name / "op_host" / f"{op.name}.cpp" for op in ops)]]
    arch = tuple(sorted({**dict(_COPY_TILING), **arch_defines(npu_arch)}.items()))
    view_kernels = [root / op.name / "op_kernel" / f"{op.name}.cpp" for op in ops if not op.is_custom]
    kernels = [_content_unit("view_kernels.cpp", "\n".join(
                   ["// The view ops' kernels of the simulator, one translation unit "
                    "(python/ascend_ops/sim/library.py).",
                    *(f'#include "{k.resolve()}"' for k in view_kernels), ""]))] if view_kernels else []
    kernels += [custom_kernel_unit(op) for op in ops if op.is_custom]
    return host + [build_cache.Unit(k, _include_dirs(), defines=arch) for k in kernels]


def custom_kernel_unit(op: OpSpec, kernels_dir: Path | None = None) -> Path:
    """The simulator's translation unit of a custom op's kernel (in `kernels_dir`, the package's
    ascend_kernels/ by default), generated as `<op>/op_sim/<op>.cpp`: the kernel-side struct of the
    op's tiling data, named as GET_TILING_DATA's struct (ASCEND_SIM_TILING_TYPE, which the
    library's other kernels take as CopyTiling), then the generated kernel."""
    kernels_dir = kernels_dir if kernels_dir is not None else project_root() / "ascend_kernels"
    unit = Path(kernels_dir) / op.name / "op_sim" / f"{op.name}.cpp"
    if not unit.is_file():
        raise build_cache.NativeBuildError(f"{unit} (the simulator's unit of custom op {op.name}) is "
                                           f"missing; {_REGENERATE}")
    return unit


def _content_unit(name: str, text: str) -> Path:
    """A source file `name` holding `text`, written into the build cache by content."""
    folder = build_cache.cache_dir() / "sim-units" / hashlib.sha256(text.encode()).hexdigest()[:16]
    path = folder / name
    if not path.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f"{path.name}.tmp-{os.getpid()}-{threading.get_ident()}"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    return path


def library_paths(npu_archs) -> dict[int, Path]:
    """The files of the simulator libraries of `npu_archs`, built on first use: the units none
    of them has in the cache are compiled side by side, one per core."""
    archs = sorted(set(npu_archs))
    built = build_cache.build_libraries(
        {f"sim_{a}": units(a) for a in archs},
        announce=f"building the simulator of every op for NPU arch{'s' if len(archs) > 1 else ''} "
                 f"{', '.join(map(str, archs))} (g++, once: cached by content)")
    return {a: built[f"sim_{a}"] for a in archs}


def library_path(npu_arch: int) -> Path:
    """The file of the simulator library of NPU arch `npu_arch`, built on first use."""
    return library_paths([npu_arch])[npu_arch]


@functools.lru_cache(maxsize=None)
def library(npu_arch: int) -> SimLibrary:
    """The simulator library of NPU arch `npu_arch`, holding every op; built on first use."""
    cdll = build_cache.load_built(library_path(npu_arch))
    _declare(cdll)
    return SimLibrary(cdll, *_check_abi(cdll))


def _declare(lib: ctypes.CDLL) -> None:
    i64p, u8p = ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_uint8)
    lib.ascend_sim_abi.argtypes = [i64p] * 5
    lib.ascend_sim_abi.restype = None
    lib.ascend_sim_tensor_bytes.argtypes = []
    lib.ascend_sim_tensor_bytes.restype = ctypes.c_int64
    lib.ascend_sim_mode_name.argtypes = [ctypes.c_void_p, ctypes.c_uint64]
    lib.ascend_sim_mode_name.restype = ctypes.c_char_p
    lib.ascend_sim_soc_info.argtypes = [ctypes.c_char_p, ctypes.POINTER(SocInfo),
                                        ctypes.c_char_p, ctypes.c_uint64]
    lib.ascend_sim_soc_info.restype = ctypes.c_int32
    lib.ascend_sim_plan.argtypes = [
        ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int32, i64p,
        ctypes.POINTER(Attr), ctypes.c_int32, u8p, ctypes.POINTER(ctypes.c_uint64),
        ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint64),
        ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int32), i64p,
        ctypes.POINTER(ctypes.c_char_p), ctypes.c_char_p, ctypes.c_uint64]
    lib.ascend_sim_plan.restype = ctypes.c_int32
    lib.ascend_sim_run.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_void_p,
        ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64,
        ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(Stats), ctypes.c_char_p,
        ctypes.c_uint64]
    lib.ascend_sim_run.restype = ctypes.c_int32
    tensors = ctypes.POINTER(Tensor)
    lib.ascend_sim_plan_op.argtypes = [
        ctypes.c_char_p, ctypes.c_char_p, tensors, ctypes.c_int32, tensors, ctypes.c_int32,
        ctypes.POINTER(Attr), ctypes.c_int32, u8p, ctypes.POINTER(ctypes.c_uint64),
        ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64),
        ctypes.POINTER(ctypes.c_int32), i64p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_char_p, ctypes.c_uint64]
    lib.ascend_sim_plan_op.restype = ctypes.c_int32
    lib.ascend_sim_run_op.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_void_p,
        ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint64, tensors, ctypes.c_int32, ctypes.c_int32,
        ctypes.POINTER(Stats), ctypes.c_char_p, ctypes.c_uint64]
    lib.ascend_sim_run_op.restype = ctypes.c_int32


def _check_abi(lib: ctypes.CDLL) -> tuple[int, int]:
    """Compares the library's struct sizes with the ctypes mirrors; returns its max dims and
    tiling buffer capacity."""
    values = [ctypes.c_int64() for _ in range(5)]
    lib.ascend_sim_abi(*values)
    max_dims, attr, soc_info, stats, capacity = (v.value for v in values)
    got = (attr, soc_info, stats, lib.ascend_sim_tensor_bytes())
    want = tuple(ctypes.sizeof(getattr(abi, n)) for n in ("Attr", "SocInfo", "Stats", "Tensor"))
    if got != want:
        raise build_cache.NativeBuildError(
            f"the simulator library's AscendSimAttr, AscendSimSocInfo, AscendSimStats and AscendSimTensor "
            f"have {got} bytes, their ctypes mirrors in {__name__} {want}")
    return max_dims, capacity
