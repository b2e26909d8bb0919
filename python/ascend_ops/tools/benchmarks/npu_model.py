"""A MODEL of each shape class's kernel time on each product line — not a measurement.

Nothing here has run on an NPU. The generated AscendC kernel runs on the CPU simulator, which
counts what it moves (bytes GM→UB and UB→GM per core, DMA instructions, scalar GM accesses);
the model turns those counts into time with the product's device-memory bandwidth from
op_specs/products.yaml (each figure carries its source there) and two per-instruction costs
assumed below, and compares it with the bandwidth roofline: the time to read the output's
bytes once and write them once at full bandwidth.

    modeled = moved_bytes * busiest_over_mean / bandwidth
              + dma_instructions / block_dim * DMA_ISSUE_NS
              + scalar_gm_accesses / block_dim * SCALAR_GM_ACCESS_NS
    roofline = 2 * output_bytes / bandwidth
    floor    = 2 * output_bytes / (32 * input_blocks + output_bytes)

DMA moves global memory in 32-byte blocks, so no plan reads less than every 32-byte input block
the view touches (`input_blocks`): `floor` is the best roofline / modeled a class can reach, with
nothing but that moved (x[:, ::3] of float32 reads three times its output: 0.50).

The busiest core sets the pace, so traffic is scaled by its share over the mean. The model
ignores overlap of DMA issue with transfers, caches and contention between cores: treat its
ratios as where a kernel stands against the roofline, not as predicted microseconds.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import cpu_reference
from ascend_ops_gen.spec import Product, specs

from ...runtime.dtypes import to_numpy
from ..examples import torch_dtype
from .cases import ShapeClass

# Assumed, not documented: the fixed cost of issuing one MTE DMA instruction, and of one scalar
# access to global memory through the scalar unit's data cache (a miss, in these kernels).
DMA_ISSUE_NS = 100.0
SCALAR_GM_ACCESS_NS = 200.0

# The model runs every shape class at this output size: large enough to split over every core
# and tile the UB many times, small enough for the simulator.
MODEL_BYTES = 4 << 20

# Global memory moves by DMA in blocks of this many bytes (DataCopy's data block).
DMA_BLOCK_BYTES = 32


@dataclass(frozen=True)
class ModelRow:
    op: str
    key: str
    title: str
    product: str
    dtype: str
    block_dim: int
    efficiency: float       # useful / moved bytes
    modeled_us: float
    roofline_us: float
    floor: float            # roofline / modeled at best: the touched input blocks read once

    @property
    def vs_roofline(self) -> float:
        """roofline / modeled: 1.0 is bandwidth-bound with nothing wasted."""
        return self.roofline_us / self.modeled_us if self.modeled_us else 1.0


def _dtype_for(product: Product, op: str) -> str:
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


def model_row(shape_class: ShapeClass, product: Product, size: int = MODEL_BYTES) -> ModelRow:
    from ...sim.runner import simulate

    dtype = _dtype_for(product, shape_class.op)
    w = shape_class.build(size // 4)
    x: np.ndarray = to_numpy(w.x.to(torch_dtype(dtype)).contiguous())
    _, stats = simulate(shape_class.op, x, *w.args, product=product, **w.kwargs)
    bandwidth = product.memory_bandwidth_gbps * 1e3  # bytes per microsecond
    modeled = (stats.moved_bytes * stats.busiest_over_mean / bandwidth
               + stats.dma_instructions / stats.block_dim * DMA_ISSUE_NS / 1e3
               + stats.scalar_gm_accesses / stats.block_dim * SCALAR_GM_ACCESS_NS / 1e3)
    floor = _block_floor(shape_class, x.shape, x.itemsize, w.args, w.kwargs)
    return ModelRow(shape_class.op, shape_class.key, shape_class.title, product.key, dtype,
                    stats.block_dim, stats.efficiency, modeled, stats.useful_bytes / bandwidth, floor)


def model(shape_classes: list[ShapeClass], size: int = MODEL_BYTES, progress=print
          ) -> list[ModelRow]:
    rows = []
    for sc in shape_classes:
        for p in specs().products:
            progress(f"npu model: {sc.op} / {sc.key} on {p.key}")
            rows.append(model_row(sc, p, size))
    return rows


def markdown(rows: list[ModelRow], size: int = MODEL_BYTES) -> str:
    """The model's table: one row per shape class, one column per product line."""
    products = specs().products
    lines = [
        "## NPU model (a model, not a measurement)",
        "",
        "Modeled kernel time of the generated AscendC kernels per product line, from the CPU "
        "simulator's DMA counts and each product's memory bandwidth (op_specs/products.yaml; "
        f"DMA issue {DMA_ISSUE_NS:g} ns and scalar GM access {SCALAR_GM_ACCESS_NS:g} ns "
        "assumed). Each cell: modeled µs, and roofline / modeled (1.00 = bandwidth-bound). "
        f"Block floor: the best roofline / modeled any plan reaches, DMA reading each "
        f"{DMA_BLOCK_BYTES}-byte input block the view touches once (lowest over the products' "
        f"dtypes). Output size {size / (1 << 20):g} MiB. Nothing here has run on an NPU.",
        "",
        "| op | shape class | " + " | ".join(f"{p.key} ({p.memory_bandwidth_gbps:g} GB/s)"
                                         for p in products) + " | block floor |",
        "|---|---|" + "---|" * (len(products) + 1),
    ]
    by_class: dict[tuple[str, str], dict[str, ModelRow]] = {}
    for r in rows:
        by_class.setdefault((r.op, r.title), {})[r.product] = r
    for (op, title), cells in by_class.items():
        text = []
        for p in products:
            r = cells.get(p.key)
            text.append("-" if r is None else
                        f"{r.modeled_us:,.0f} µs, {r.vs_roofline:.2f} ({r.block_dim} cores)")
        floor = min(r.floor for r in cells.values())
        lines.append(f"| `{op}` | {title} | " + " | ".join(text) + f" | {floor:.2f} |")
    return "\n".join(lines) + "\n"
