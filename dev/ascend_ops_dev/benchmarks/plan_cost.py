"""The planner's host cost (`ascend-ops-dev bench --plan-cost-only`): microseconds per call of
PlanStridedCopy, the TilingFunc's planning, on this machine's CPU, for every shape class on every
product line at the NPU model's sizes. On an Atlas box the TilingFunc runs on the host for every
aclnn call (GetWorkspaceSize), so this time is real there, unlike the modeled kernel time. The
view is the one the op's view builder gives the planner (cpu_reference's `<op>_view`, as numpy
takes it); reading the attributes and writing the tiling, the rest of a TilingFunc, is not timed.
"""
from __future__ import annotations

import ctypes
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from ascend_ops_gen.spec import Product, project_root, specs

from ascend_ops.cpu.native_copy import numpy_view
from ascend_ops.runtime import build_cache
from ascend_ops.runtime.reference_functions import canonical_view
from ascend_ops_dev.benchmarks.cases import ShapeClass
from ascend_ops_dev.benchmarks.npu_model import dtype_for

SOURCE = Path(__file__).with_name("plan_cost.cpp")
ELEMENT = np.dtype(np.float32)
MIN_SECONDS = 0.05  # each view is planned for at least this long
GOAL_US = 5.0       # a TilingFunc's planning on the host, per call


@dataclass(frozen=True)
class PlanCost:
    op: str
    shape_class: str
    product: str
    size: int
    mode: str
    cores: int
    us: float


@dataclass(frozen=True)
class View:
    shape: tuple[int, ...]
    strides: tuple[int, ...]  # elements
    offset: int               # elements


def _library() -> ctypes.CDLL:
    path = build_cache.build("ascend_ops_plan_cost", [SOURCE],
                             include_dirs=[project_root() / "ascend_kernels" / "common"], flags=["-O2"],
                             announce="building the planner's timing harness (g++, seconds, once)")
    lib = ctypes.CDLL(str(path))
    lib.ascend_ops_plan_ns.restype = ctypes.c_double
    lib.ascend_ops_plan_ns.argtypes = [ctypes.c_char_p, ctypes.c_uint32, ctypes.c_int32,
                                       ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64),
                                       ctypes.c_int64, ctypes.c_int64, ctypes.POINTER(ctypes.c_uint32),
                                       ctypes.c_char_p, ctypes.c_uint64]
    return lib


def view_of(op: str, shape: tuple[int, ...], kwargs: dict) -> View:
    """The view the op's view builder hands the planner for an input of `shape`, in elements
    (whatever their size: views of the ops here do not depend on the dtype)."""
    base = np.empty(shape, ELEMENT)  # never written: only its layout is read
    canonical = canonical_view(op, shape, lambda: ELEMENT, (), kwargs)
    view = numpy_view(canonical.view_steps(), base)
    if view is None:
        raise RuntimeError(f"{op}: the view of {list(shape)} is no numpy view")
    offset = view.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    return View(tuple(view.shape), tuple(s // ELEMENT.itemsize for s in view.strides),
                offset // ELEMENT.itemsize)


def time_plan(lib: ctypes.CDLL, view: View, soc: str, elem_bytes: int = ELEMENT.itemsize) -> tuple[float, str, int]:
    """Microseconds per plan of `view` (elements of `elem_bytes`) on `soc`, its mode and cores:
    calls doubled until they take MIN_SECONDS."""
    rank = len(view.shape)
    shape = (ctypes.c_int64 * max(rank, 1))(*view.shape)
    strides = (ctypes.c_int64 * max(rank, 1))(*view.strides)
    mode = ctypes.create_string_buffer(256)
    cores = ctypes.c_uint32(0)
    calls = 1
    while True:
        start = time.perf_counter()
        ns = lib.ascend_ops_plan_ns(soc.encode(), elem_bytes, rank, shape, strides, view.offset, calls,
                                    ctypes.byref(cores), mode, len(mode))
        if ns < 0:
            raise RuntimeError(f"planning {view} on {soc} failed: {mode.value.decode()}")
        if time.perf_counter() - start >= MIN_SECONDS:
            return ns / 1000, mode.value.decode(), cores.value
        calls *= 2


def measure(classes: list[ShapeClass], sizes: tuple[int, ...], progress=print) -> list[PlanCost]:
    lib = _library()
    rows = []
    for size in sizes:
        for sc in classes:
            for p in specs().products:
                progress(f"plan cost: {sc.op} / {sc.key} on {p.key}, {size >> 10} KiB")
                elem = specs().dtype_size(dtype_for(p, sc.op))  # the NPU model's dtype
                view = view_of(sc.op, sc.input_shape(sc.n_for(max(size // elem, 1))), sc.kwargs)
                us, mode, cores = time_plan(lib, view, p.simulated_soc, elem)
                rows.append(PlanCost(sc.op, sc.key, p.key, size, mode, cores, us))
    return rows


def markdown(rows: list[PlanCost]) -> str:
    """A table per output size: a row per shape class, a column per product line."""
    products: list[Product] = list(specs().products)
    lines = ["## The planner's host cost (measured on this machine's CPU)", "",
             "Microseconds per PlanStridedCopy call, the TilingFunc's planning, which an Atlas box's "
             "host runs for every aclnn call; then the copy mode and cores it chose. The goal is "
             f"{GOAL_US:g} µs per call; cells over it are marked **bold**."]
    for size in sorted({r.size for r in rows}):
        lines += ["", f"### Output {size >> 10} KiB", "",
                  "| op | shape class | " + " | ".join(p.key for p in products) + " |",
                  "|---|---|" + "---|" * len(products)]
        cells: dict[tuple[str, str], dict[str, PlanCost]] = {}
        for r in rows:
            if r.size == size:
                cells.setdefault((r.op, r.shape_class), {})[r.product] = r
        for (op, key), by_product in cells.items():
            texts = []
            for p in products:
                r = by_product[p.key]
                figure = f"{r.us:,.2f} µs"
                texts.append(f"{f'**{figure}**' if r.us > GOAL_US else figure} ({r.mode}, {r.cores} cores)")
            lines.append(f"| `{op}` | {key} | " + " | ".join(texts) + " |")
    return "\n".join(lines) + "\n"
