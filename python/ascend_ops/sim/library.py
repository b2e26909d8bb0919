"""The simulator library of one (op, NPU arch): `launcher.cpp` compiled with the op's generated
kernel `ascend_kernels/<op>/op_kernel/<op>.cpp` against the AscendC emulation headers, and the
ctypes mirrors of the structs its C ABI passes.

A build depends on the NPU arch only through the macros CANN's CPU debug build defines for it
(`__NPU_ARCH__`, `__CCE_AICORE__`; the kernels test them), so products sharing an arch share a
library. Everything else about a product (UB size, cores, DataCopyPad, ...) reaches the
planner and the emulator at run time through `AscendSimSoc`.
"""
from __future__ import annotations

import ctypes
import functools
import threading
from dataclasses import dataclass
from pathlib import Path

from .. import native
from ..codegen.copy_tiling import load_copy_tiling
from ..codegen.cpp import kernel_name
from ..spec import Product, project_root, specs

LAUNCHER = Path(__file__).with_name("launcher.cpp")
COPY_TILING_HEADER = "ascend_kernels/common/copy_tiling.h"

_CTYPES = {"int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64, "int32_t": ctypes.c_int32,
           "uint32_t": ctypes.c_uint32, "int16_t": ctypes.c_int16, "uint16_t": ctypes.c_uint16,
           "int8_t": ctypes.c_int8, "uint8_t": ctypes.c_uint8}


class Soc(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("ubBytes", ctypes.c_int64), ("coreNum", ctypes.c_int32),
                ("hasDataCopyPad", ctypes.c_int32), ("dataCopyPadMaxElemBytes", ctypes.c_int32),
                ("hasGather", ctypes.c_int32), ("hasGather8Bit", ctypes.c_int32),
                ("hasUbToUbCopy", ctypes.c_int32), ("platformUbBytes", ctypes.c_int64),
                ("ubPlatformReservedBytes", ctypes.c_int64), ("eventIdsPerEvent", ctypes.c_int32),
                ("dataCacheLineBytes", ctypes.c_int32), ("dataCacheClean", ctypes.c_int32),
                ("zeroLengthDataCopyNoop", ctypes.c_int32), ("kernelTypeRequired", ctypes.c_int32),
                ("gatherSrcBaseInElements", ctypes.c_int32), ("gatherMaxCallBytes", ctypes.c_int64),
                ("gatherMaxOffset8Bit", ctypes.c_int32), ("gatherMaxOffset16Bit", ctypes.c_int32),
                ("seed", ctypes.c_uint64)]


class Attr(ctypes.Structure):
    _fields_ = [("data", ctypes.POINTER(ctypes.c_int64)), ("size", ctypes.c_int64),
                ("value", ctypes.c_int64), ("text", ctypes.c_char_p)]


class Stats(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint64) for name in (
        "blockDim", "dmaInstructions", "bytesGmToUb", "bytesUbToGm", "bytesUbToUb",
        "vectorInstructions", "scalarGmReads", "scalarGmWrites", "syncCalls", "ubBytesPeak")]
    _fields_ += [("busiestOverMean", ctypes.c_double)]


_TILING_STRUCT_LOCK = threading.Lock()


def tiling_struct() -> type[ctypes.Structure]:
    """`struct CopyTiling` as ctypes, read from the engine header the way the codegen reads it.
    One class for the process: `ascend-ops sim` builds libraries on several threads, and a second
    class would make ctypes reject the tilings `plan` creates for a library declared with the first."""
    with _TILING_STRUCT_LOCK:
        return _tiling_struct()


@functools.lru_cache(maxsize=None)
def _tiling_struct() -> type[ctypes.Structure]:
    layout = load_copy_tiling(project_root() / COPY_TILING_HEADER, COPY_TILING_HEADER)
    fields = [(f.name, _CTYPES[f.ctype] * f.count if f.count else _CTYPES[f.ctype])
              for f in layout.fields]
    struct = type("CopyTiling", (ctypes.Structure,), {"_fields_": fields})
    assert ctypes.sizeof(struct) == layout.size, "CopyTiling has padding (copy_tiling.py forbids it)"
    return struct


def soc_config(p: Product, seed: int = 0) -> Soc:
    """The simulated SoC of a product line, as products.yaml describes it; `seed` orders the
    emulator's kernel-end data cache write-backs."""
    return Soc(p.simulated_soc.encode(), p.usable_ub_bytes, p.launch_cores(), p.data_copy_pad,
               p.data_copy_pad_max_elem_bytes, p.gather, p.gather_8bit, p.ub_to_ub_copy,
               p.platform_ub_bytes, p.ub_platform_reserved_bytes, p.event_ids_per_event,
               p.data_cache_line_bytes, p.data_cache_clean, p.zero_length_data_copy_noop,
               p.kernel_type_required, p.gather_src_base_in_elements, p.gather_max_call_bytes,
               p.gather_max_offset_8bit, p.gather_max_offset_16bit, seed)


def arch_defines(npu_arch: int) -> dict[str, str]:
    # tikicpulib: __CCE_AICORE__ = 220 / 200 / 100 / 300 for arch 2201 / 2002 / 1001 / 3002
    # (what CANN's CPU debug build of each arch defines).
    return {"__NPU_ARCH__": str(npu_arch), "__CCE_AICORE__": str(npu_arch // 10)}


@dataclass(frozen=True)
class SimLibrary:
    cdll: ctypes.CDLL
    max_dims: int  # dims an input or output may have (kMaxViewDims)


@functools.lru_cache(maxsize=None)
def library(op_name: str, npu_arch: int) -> SimLibrary:
    """The simulator library of `op_name` for arch `npu_arch`, built on first use."""
    op = specs().op(op_name)
    root = project_root()
    kernel = root / "ascend_kernels" / op.name / "op_kernel" / f"{op.name}.cpp"
    cdll = native.load(
        f"sim_{op.name}_{npu_arch}", [LAUNCHER, kernel],
        include_dirs=[root / "ascend_kernels" / "sim", root / "ascend_kernels" / "common"],
        defines={"ASCEND_SIM_TILING_TYPE": "ascend_ops::CopyTiling", "ASCEND_SIM_OP": f'"{op.name}"',
                 "ASCEND_SIM_KERNEL": kernel_name(op.op_type), **arch_defines(npu_arch)},
        announce=f"building the simulator of {op.name} for NPU arch {npu_arch} "
                 f"(g++, a few seconds, once: cached by content)")
    _declare(cdll)
    return SimLibrary(cdll, _check_abi(cdll))


def _declare(lib: ctypes.CDLL) -> None:
    i64p, tiling = ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(tiling_struct())
    lib.ascend_sim_abi.argtypes = [i64p] * 5
    lib.ascend_sim_abi.restype = None
    lib.ascend_sim_op.restype = ctypes.c_char_p
    lib.ascend_sim_mode_name.argtypes = [ctypes.c_uint32]
    lib.ascend_sim_mode_name.restype = ctypes.c_char_p
    lib.ascend_sim_table_soc.argtypes = [ctypes.c_char_p, ctypes.POINTER(Soc)]
    lib.ascend_sim_table_soc.restype = ctypes.c_int32
    lib.ascend_sim_plan.argtypes = [
        ctypes.POINTER(Soc), ctypes.c_char_p, ctypes.c_uint32, ctypes.c_int32, i64p,
        ctypes.POINTER(Attr), ctypes.c_int32, tiling, ctypes.POINTER(ctypes.c_uint32),
        ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int32), i64p, ctypes.c_char_p,
        ctypes.c_uint64]
    lib.ascend_sim_plan.restype = ctypes.c_int32
    lib.ascend_sim_run.argtypes = [
        ctypes.POINTER(Soc), ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint64,
        ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(Stats),
        ctypes.c_char_p, ctypes.c_uint64]
    lib.ascend_sim_run.restype = ctypes.c_int32


def _check_abi(lib: ctypes.CDLL) -> int:
    """Compares the library's struct sizes with the ctypes mirrors; returns its kMaxViewDims."""
    sizes = [ctypes.c_int64() for _ in range(5)]
    lib.ascend_sim_abi(*sizes)
    tiling, max_dims, soc, attr, stats = (s.value for s in sizes)
    got = (tiling, soc, attr, stats)
    want = tuple(ctypes.sizeof(t) for t in (tiling_struct(), Soc, Attr, Stats))
    if got != want:
        raise native.NativeBuildError(
            f"the simulator library's CopyTiling, AscendSimSoc, AscendSimAttr and AscendSimStats "
            f"have {got} bytes, their ctypes mirrors in {__name__} {want}")
    return max_dims
