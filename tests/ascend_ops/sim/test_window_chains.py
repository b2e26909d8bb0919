"""NCHW depth_to_space: units of several output rows whose windows chain over both block dims
(Note [window chains] in ascend_kernels/common/copy_grid.h), on every product line, and what
that plan moves on the simulator."""
from __future__ import annotations

import math

import cpu_reference
import numpy as np
import pytest

from ascend_ops.sim import plan, simulate
from ascend_ops_dev.sim.corpus import input_array
from ascend_ops_gen.spec import specs

PRODUCTS = {p.key: p for p in specs().products}
BLOCK = 2
BLOCK_BYTES = 32  # DataCopy's data block (copy_limits.h kBlockBytes)


def _dtype(product: str, op: str) -> str:
    """float32 where the product has it for the op, else its first dtype (as the NPU model picks)."""
    allowed = specs().op(op).supported_dtypes(PRODUCTS[product])
    return "float32" if "float32" in allowed else allowed[0]


def _d2s_plan(product: str, shape: tuple[int, ...], mode: str):
    return plan("depth_to_space", shape, _dtype(product, "depth_to_space"), (BLOCK,),
                {"data_format": "NCHW", "mode": mode}, product=product)


@pytest.mark.parametrize("mode", ["DCR", "CRD"])
@pytest.mark.parametrize("product", PRODUCTS)
def test_nchw_depth_to_space_windows_chain_the_two_block_dims(product, mode):
    # The NPU model's class at 4 MiB of float32.
    n, c, h, w = 1, 16, 256, 256
    planned = _d2s_plan(product, (n, c, h, w), mode)
    t = planned.tiling
    # the training series has no Gather: the same plan, rearranged by 16-bit transposes
    assert planned.mode == ("transpose/transdata" if product == "atlas-training" else "transpose")
    outer, inner = t.countDim, t.countInnerDim
    # The view is [C', H, b1, W, b2] (DCR merges C' and H): windows per (b1, b2), one evenly
    # spaced run of input planes.
    assert inner == t.rank - 1 and outer == t.rank - 3, (t.rank, outer, inner)
    assert t.shape[outer] == t.shape[inner] == BLOCK
    assert t.stride[outer] == t.shape[inner] * t.stride[inner]
    assert t.windowCount == BLOCK * BLOCK
    # A unit is whole H rows of the output (one piece), several output rows of W * bs elements,
    # and each window is whole input rows.
    output_row = w * BLOCK
    assert t.runDim == t.unitDim == t.rank - 4
    assert t.unitElems % (BLOCK * output_row) == 0 and t.unitElems >= 2 * BLOCK * output_row
    assert t.windowElems * t.windowCount == t.unitElems and t.windowElems % w == 0


@pytest.mark.parametrize("product", PRODUCTS)
@pytest.mark.parametrize("op, shape, args, kwargs", [
    ("strided_slice", (96, 6144), ([0, 0], [0, 0], [1, 3]), {"begin_mask": 3, "end_mask": 3}),
    ("depth_to_space", (1, 64, 48, 4), (2,), {}),  # NHWC, 8-byte runs
])
def test_views_without_a_dim_to_chain_keep_windows_of_one_dim(product, op, shape, args, kwargs):
    planned = plan(op, shape, _dtype(product, op), args, kwargs, product=product)
    assert planned.mode.split("/")[0] in ("gather", "transpose")
    assert planned.tiling.countInnerDim == -1


@pytest.mark.parametrize("product", PRODUCTS)
def test_nchw_depth_to_space_moves_each_byte_once_in_few_dmas(product):
    """The chained plan's DMA count stays within what the plan itself implies.

    Each unit's bs*bs windows load by one instruction: DataCopyPad takes up to 4095 of them, and
    without DataCopyPad the windows (whole input rows, W * 4 bytes a multiple of 32 here) lie a
    whole number of blocks apart (one channel plane), so one strided DataCopy takes them. Each
    tile of units is stored by at most two instructions (one DataCopyPad; or DataCopy of whole
    blocks plus the block ending where the tile does, Note [store tails]), and there are no more
    tiles than units. So dma <= units + 2 * units, units = C' * ceil(H / chunk) with chunk the H
    rows of a unit (unitElems / (bs * W * bs)). A unit of one output row, as windows per index
    of one block dim force, loads at least once per output row: C' * H * bs loads, which the
    bound must stay below. Bytes: windows are whole input rows and stores write whole tiles, so
    nothing is read twice; a store tail rewrites at most one block per store.
    """
    n, c, h, w = 1, 16, 96, 80
    x = input_array((n, c, h, w), _dtype(product, "depth_to_space"), 1)
    planned = _d2s_plan(product, x.shape, "CRD")
    t = planned.tiling
    channels_out = c // (BLOCK * BLOCK)
    chunk = t.unitElems // (BLOCK * w * BLOCK)
    units = n * channels_out * math.ceil(h / chunk)
    output_rows = n * channels_out * h * BLOCK
    bound = 3 * units
    assert bound < output_rows, (chunk, units, output_rows)

    y, stats = simulate("depth_to_space", x, BLOCK, product=product, data_format="NCHW", mode="CRD")
    expected = cpu_reference.depth_to_space(x, BLOCK, data_format="NCHW", mode="CRD")
    unsigned = np.dtype(f"u{x.itemsize}")
    assert np.array_equal(y.view(unsigned), expected.view(unsigned))
    assert stats.dma_instructions <= bound, (stats.dma_instructions, bound)
    assert stats.scalar_gm_accesses == 0
    assert stats.bytes_gm_to_ub == x.nbytes
    assert stats.bytes_ub_to_gm <= y.nbytes + BLOCK_BYTES * stats.dma_instructions
