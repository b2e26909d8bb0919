"""A MODEL of each shape class's kernel time on each product line — not a measurement.

Nothing here has run on an NPU. The generated AscendC kernel runs on the CPU simulator, which
counts what each core moves and issues; the model turns those counts into time with the product's
bandwidth and the costs of ascend_kernels/common/cost_model.h, and compares it with the bandwidth
roofline (Note [npu model]). Treat its ratios as where a kernel stands against the roofline, not
as predicted microseconds."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import cpu_reference
from ascend_ops_gen.spec import Product, project_root, specs

from ascend_ops.runtime.dtypes import to_numpy
from ascend_ops.tools.examples import torch_dtype
from ascend_ops_dev.benchmarks.cases import ShapeClass

# The per-instruction costs: one home, Note [cost model] in ascend_kernels/common/cost_model.h,
# which the planner weighs its choices by too. Each is marked there ASSUMED (with its reason) or
# DOCUMENTED (with its source).
COST_MODEL = Path("ascend_kernels") / "common" / "cost_model.h"
_CONSTANT = re.compile(r"^constexpr double (k\w+) = ([0-9.]+);\s*//\s*(ASSUMED|DOCUMENTED): (.*)$")


class CostModelError(RuntimeError):
    """cost_model.h holds a constant the model cannot read, or one without its mark."""


@dataclass(frozen=True)
class Cost:
    name: str      # the C++ constant, kDmaIssueNs
    value: float
    mark: str      # ASSUMED or DOCUMENTED
    reason: str    # the comment, continuation lines included


def read_costs(text: str) -> dict[str, Cost]:
    """The constants of cost_model.h's text, by name; every `constexpr double` line must carry
    its mark."""
    costs: dict[str, Cost] = {}
    last: Cost | None = None
    for line in text.splitlines():
        if line.startswith("constexpr double"):
            m = _CONSTANT.match(line)
            if m is None:
                raise CostModelError(f"{COST_MODEL}: {line.strip()!r} is no `constexpr double kName = value;  "
                                     f"// ASSUMED: reason` (or DOCUMENTED) line")
            last = costs[m[1]] = Cost(m[1], float(m[2]), m[3], m[4].strip())
        elif last is not None and line.lstrip().startswith("//") and line.startswith(" "):
            last = costs[last.name] = Cost(last.name, last.value, last.mark,
                                           f"{last.reason} {line.strip()[2:].strip()}")
        else:
            last = None
    return costs


COSTS = read_costs((project_root() / COST_MODEL).read_text(encoding="utf-8"))


def _ns(name: str) -> float:
    return COSTS[name].value


def saturating_cores(product: Product) -> int:
    """The fewest cores whose DMA engines draw the product's memory bandwidth (kCoreBandwidthGbps
    each): a large copy bound by memory runs on at least these (Note [core count])."""
    need = -(-product.memory_bandwidth_gbps // _ns("kCoreBandwidthGbps"))
    return int(min(need, product.launch_cores()))


# The costs the tables print, in their order.
COST_TITLES = (("kBlockLaunchNs", "block launch"), ("kDmaIssueNs", "DMA issue"),
               ("kVectorIssueNs", "vector instruction"),
               ("kAddressListNs", "transpose address lists"), ("kGmScalarNs", "scalar GM access"),
               ("kDivModNs", "64-bit div/mod"), ("kMulHighNs", "multiply-high by a reciprocal"),
               ("kUbScalarNs", "scalar UB access"),
               ("kLoopIterationNs", "loop iteration"))

# The model runs every shape class at these output sizes: small slices (which users call often)
# up to copies that split over every core and tile the UB many times.
MODEL_SIZES = (4 << 10, 64 << 10, 1 << 20, 64 << 20)
QUICK_MODEL_SIZES = (4 << 10, 64 << 10)

# The gradient kernels (the engine's write direction, Note [write modes] in
# ascend_kernels/common/copy_write_planner.h) run these view op classes backwards, at these sizes.
GRADIENT_CLASSES = (("slice", "slab"), ("strided_slice", "slab"), ("strided_slice", "step2"))
GRADIENT_SIZES = (64 << 10, 64 << 20)
# A filling view op's kernel (a constant pad: Note [filling view ops] in ascend_ops_gen/spec/model.py)
# is the same write with the output filled with a constant (CopyTiling::fillBits): these classes'
# gradient writes with these fills, (label, dtype, bits of one element), where the product takes
# the dtype for the view op. The 8-byte fill whose halves differ takes the bit-mask Duplicate
# (Note [fill patterns] in ascend_kernels/common/copy_kernel_write.h).
FILLED_CLASSES = (("slice", "slab"), ("strided_slice", "step2"))
FILLS = (("1.0", "float32", 0x3F800000), ("0x0000000100000002", "int64", 0x0000000100000002))

# Global memory moves by DMA in blocks of this many bytes (DataCopy's data block).
DMA_BLOCK_BYTES = 32


@dataclass(frozen=True)
class ModelRow:
    op: str
    key: str
    title: str
    product: str
    dtype: str
    size: int               # output bytes asked for
    block_dim: int
    mode: str
    efficiency: float       # useful / moved bytes
    modeled_us: float
    scalar_us: float        # of modeled_us, the scalar term
    roofline_us: float
    floor: float            # roofline / modeled at best: the touched input blocks read once

    @property
    def vs_roofline(self) -> float:
        """roofline / modeled: 1.0 is bandwidth-bound with nothing wasted."""
        return self.roofline_us / self.modeled_us if self.modeled_us else 1.0

    @property
    def without_scalar_us(self) -> float:
        return self.modeled_us - self.scalar_us

    @property
    def scalar_share(self) -> float:
        return self.scalar_us / self.modeled_us if self.modeled_us else 0.0


def dtype_for(product: Product, op: str) -> str:
    """float32 where the product supports it for the op, else its first supported dtype."""
    allowed = specs().op(op).supported_dtypes(product)
    return "float32" if "float32" in allowed else allowed[0]


def _block_floor(shape_class: ShapeClass, shape: tuple[int, ...], elem_bytes: int, args: tuple,
                 kwargs: dict) -> float:
    """2 * output bytes over the output bytes plus every 32-byte input block the view touches: the
    op run on the input's element indexes names the elements it reads."""
    indexes = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    read = getattr(cpu_reference, shape_class.op)(indexes, *args, **kwargs)
    blocks = np.unique(read.reshape(-1) * elem_bytes // DMA_BLOCK_BYTES).size
    out = read.size * elem_bytes
    return 2 * out / (blocks * DMA_BLOCK_BYTES + out)


# Note [npu model]
# ~~~~~~~~~~~~~~~~
# The simulator counts what the kernel moves (bytes GM→UB and UB→GM per core) and the instructions
# each core issues (DMA, vector, scalar GM accesses, scalar UB accesses, run-time divisions, loop
# iterations: Note [scalar cost] in ascend_kernels/common/scalar_cost.h). The model turns those
# counts into time with the product's device-memory bandwidth from op_specs/products.yaml (each
# figure carries its source there) and the costs of ascend_kernels/common/cost_model.h
# (Note [cost model], each marked DOCUMENTED or ASSUMED), and compares it with the bandwidth
# roofline: the time to read the output's bytes once and write them once at full bandwidth.
#
#   launch   = block_dim * kBlockLaunchNs
#   transfer = max(moved_bytes * busiest_over_mean / bandwidth,
#                  moved_bytes * busiest_over_mean / block_dim / kCoreBandwidthGbps)
#   issue    = core_dma * kDmaIssueNs + core_vector * kVectorIssueNs
#   scalar   = core_div_mod * kDivModNs + core_mul_high * kMulHighNs + core_ub_scalar * kUbScalarNs
#              + core_gm_scalar * kGmScalarNs + core_loop_iterations * kLoopIterationNs
#              + core_address_lists * kAddressListNs
#   modeled  = launch + transfer + issue + scalar
#   roofline = 2 * output_bytes / bandwidth
#   floor    = 2 * output_bytes / (32 * input_blocks + output_bytes)
#
# core_* is the busiest core's count of each (the cores run in parallel; the slowest sets the
# pace). A core alone moves at most kCoreBandwidthGbps, and each launched block costs
# kBlockLaunchNs: the planner picks the core count that minimizes the same terms
# (Note [core count] in ascend_kernels/common/copy_cost.h). DMA moves global memory in 32-byte
# blocks, so no plan reads less than every 32-byte input block the view touches (`input_blocks`):
# `floor` is the best roofline / modeled a class can reach, with nothing but that moved
# (x[:, ::3] of float32 reads three times its output: 0.50). A view that repeats (Note [repeating
# views] in cpu_reference/view_steps.py) touches fewer input blocks than it writes, so its floor
# lies above 1 (each element twice: 1.33), and so may roofline / modeled: a GATHER tile stages a
# unit's input once for all its repeats, where BURST reads each repeat again.
#
# The model ignores overlap of instruction issue with transfers, caches, contention between cores
# and what every launch costs alike (the tiling each core reads).


def times_us(stats, bandwidth_gbps: float) -> tuple[float, float]:
    """(modeled, its scalar term) in microseconds for a launch's SimStats."""
    bandwidth = bandwidth_gbps * 1e3  # bytes per microsecond
    busiest = stats.moved_bytes * stats.busiest_over_mean
    transfer = max(busiest / bandwidth, busiest / max(stats.block_dim, 1) / (_ns("kCoreBandwidthGbps") * 1e3))
    launch = stats.block_dim * _ns("kBlockLaunchNs") / 1e3
    issue = (stats.core_dma_instructions * _ns("kDmaIssueNs")
             + stats.core_vector_instructions * _ns("kVectorIssueNs")) / 1e3
    scalar = (stats.core_div_mods * _ns("kDivModNs") + stats.core_mul_highs * _ns("kMulHighNs")
              + stats.core_ub_scalar_accesses * _ns("kUbScalarNs")
              + stats.core_scalar_gm_accesses * _ns("kGmScalarNs")
              + stats.core_loop_iterations * _ns("kLoopIterationNs")
              + stats.core_address_list_instructions * _ns("kAddressListNs")) / 1e3
    return launch + transfer + issue + scalar, scalar


def model_row(shape_class: ShapeClass, product: Product, size: int) -> ModelRow:
    from ascend_ops.sim.runner import simulate

    dtype = dtype_for(product, shape_class.op)
    elem = specs().dtype_size(dtype)
    w = shape_class.build(max(size // elem, 1))
    x: np.ndarray = to_numpy(w.x.to(torch_dtype(dtype)).contiguous())
    _, stats = simulate(shape_class.op, x, *w.args, product=product, **w.kwargs)
    modeled, scalar = times_us(stats, product.memory_bandwidth_gbps)
    floor = _block_floor(shape_class, x.shape, x.itemsize, w.args, w.kwargs)
    return ModelRow(shape_class.op, shape_class.key, shape_class.title, product.key, dtype, size,
                    stats.block_dim, stats.mode, stats.efficiency, modeled, scalar,
                    stats.useful_bytes / (product.memory_bandwidth_gbps * 1e3), floor)


def gradient_op(view_op: str) -> str:
    """The gradient op whose kernel writes `view_op`'s view."""
    return next(o.name for o in specs().kernel_ops() if o.forward == view_op)


def gradient_model_row(shape_class: ShapeClass, product: Product, size: int,
                       fill: tuple[str, str, int] | None = None) -> ModelRow:
    """The row of the gradient op of `shape_class`'s view op: dy is the class's output (of about
    `size` bytes), dx its input. A write reads dy once and writes every byte of dx once (its zeros
    from UB), so its roofline is those bytes at full bandwidth and nothing less can be moved: floor 1.
    With `fill` (one of FILLS), the same write with dx filled with it: a filling op's kernel."""
    from ascend_ops.sim.runner import launch, plan

    dtype = dtype_for(product, shape_class.op) if fill is None else fill[1]
    elem = specs().dtype_size(dtype)
    w = shape_class.build(max(size // elem, 1))
    dy = np.zeros(w.output_shape, dtype=to_numpy(w.x[:0].to(torch_dtype(dtype))).dtype)
    op = gradient_op(shape_class.op)
    planned = plan(op, dy.shape, dtype, (), {"shape": list(w.x.shape), **w.kwargs}, product=product)
    title = f"gradient of: {shape_class.title}"
    if fill is not None:
        planned.tiling.fillBits = fill[2]
        title = f"filled with {dtype} {fill[0]}: {shape_class.title}"
    dx = np.empty(planned.output_shape, dtype=dy.dtype)
    stats = launch(planned, dy, dx)
    if fill is not None and not _filled(dx, planned.tiling.fillBits, w, shape_class):
        raise AssertionError(f"{op} filled with {fill[0]} on {product.key}: the output outside the view "
                             f"is not the fill")
    modeled, scalar = times_us(stats, product.memory_bandwidth_gbps)
    needed = dy.nbytes + dx.nbytes
    return ModelRow(op, shape_class.key, title, product.key, dtype, size,
                    stats.block_dim, stats.mode, needed / stats.moved_bytes if stats.moved_bytes else 1.0,
                    modeled, scalar, needed / (product.memory_bandwidth_gbps * 1e3), 1.0)


def _filled(dx: np.ndarray, bits: int, w, shape_class: ShapeClass) -> bool:
    """Whether every element of `dx` outside the class's view holds `bits` (the view's elements
    are dy's zeros here, so the check is that dx is the fill or zero, and the fill somewhere)."""
    units = dx.reshape(-1).view(f"u{dx.itemsize}")
    return bool(np.all((units == bits) | (units == 0)) and np.any(units == bits))


def filled_rows(shape_class: ShapeClass, product: Product, size: int) -> list[ModelRow]:
    """The class's gradient write with each of FILLS whose dtype the product takes for the op."""
    allowed = specs().op(shape_class.op).supported_dtypes(product)
    return [gradient_model_row(shape_class, product, size, fill) for fill in FILLS if fill[1] in allowed]


def model(shape_classes: list[ShapeClass], sizes: tuple[int, ...] = MODEL_SIZES, progress=print
          ) -> list[ModelRow]:
    """Every class on every product line at every size, then the gradient rows (GRADIENT_CLASSES
    among the classes, at the sizes of GRADIENT_SIZES among `sizes`)."""
    rows = []
    for size in sizes:
        for sc in shape_classes:
            for p in specs().products:
                progress(f"npu model: {sc.op} / {sc.key} on {p.key}, {_size_text(size)}")
                rows.append(model_row(sc, p, size))
        for sc in shape_classes:
            if (sc.op, sc.key) not in GRADIENT_CLASSES or size not in GRADIENT_SIZES:
                continue
            for p in specs().products:
                progress(f"npu model: {gradient_op(sc.op)} / {sc.key} on {p.key}, {_size_text(size)}")
                rows.append(gradient_model_row(sc, p, size))
        for sc in shape_classes:
            if (sc.op, sc.key) not in FILLED_CLASSES or size not in GRADIENT_SIZES:
                continue
            for p in specs().products:
                progress(f"npu model: filled {gradient_op(sc.op)} / {sc.key} on {p.key}, {_size_text(size)}")
                rows += filled_rows(sc, p, size)
    return rows


def _size_text(nbytes: int) -> str:
    return f"{nbytes >> 10} KiB" if nbytes < 1 << 20 else f"{nbytes >> 20} MiB"


def markdown(rows: list[ModelRow]) -> str:
    """The model's tables, one per output size: a row per shape class, a column per product
    line."""
    products = specs().products
    costs = ", ".join(f"{title} {_ns(name):g} ns" for name, title in COST_TITLES)
    lines = [
        "## NPU model (a model, not a measurement)",
        "",
        "Modeled kernel time of the generated AscendC kernels per product line, from the CPU "
        "simulator's counts of bytes moved and instructions issued by the busiest core, each "
        "product's memory bandwidth (op_specs/products.yaml), a core's own DMA bandwidth "
        f"({_ns('kCoreBandwidthGbps'):g} GB/s) and per-instruction costs that are all assumed "
        f"({costs}; ascend_kernels/common/cost_model.h). Each cell: modeled µs, the same without "
        "the scalar term, the "
        "scalar term's share, and roofline / modeled (1.00 = bandwidth-bound); then the copy mode "
        f"and cores. Block floor: the best roofline / modeled any plan reaches, DMA reading each "
        f"{DMA_BLOCK_BYTES}-byte input block the view touches once (lowest over the products' "
        "dtypes). A gradient op's row (`*_grad`, at "
        f"{' and '.join(_size_text(s) for s in GRADIENT_SIZES)}) runs a view op's class backwards: "
        "dy is the class's output, dx its input, zeros but the view; its roofline reads dy and "
        "writes dx once. A filled row runs the same write with dx filled with a constant, as a filling "
        "view op (a constant pad) does: a 4-byte fill, and an 8-byte one whose halves differ "
        "(the bit-mask Duplicate), where the product takes the dtype. Nothing here has run on an NPU.",
    ]
    for size in sorted({r.size for r in rows}):
        lines += ["", f"### Output {_size_text(size)}", "",
                  "| op | shape class | " + " | ".join(
                      f"{p.key} ({p.memory_bandwidth_gbps:g} GB/s)" for p in products)
                  + " | block floor |",
                  "|---|---|" + "---|" * (len(products) + 1)]
        by_class: dict[tuple[str, str], dict[str, ModelRow]] = {}
        for r in rows:
            if r.size == size:
                by_class.setdefault((r.op, r.title), {})[r.product] = r
        for (op, title), cells in by_class.items():
            text = []
            for p in products:
                r = cells.get(p.key)
                text.append("-" if r is None else
                            f"{r.modeled_us:,.2f} µs / {r.without_scalar_us:,.2f}, "
                            f"{100 * r.scalar_share:.0f}% scalar, {r.vs_roofline:.2f} "
                            f"({r.mode}, {r.block_dim} cores)")
            floor = min(r.floor for r in cells.values())
            lines.append(f"| `{op}` | {title} | " + " | ".join(text) + f" | {floor:.2f} |")
    return "\n".join(lines) + "\n"
