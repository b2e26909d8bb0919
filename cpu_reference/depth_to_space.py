"""DepthToSpace: TensorFlow `DepthToSpace` (NHWC, NCHW, NCHW_VECT_C) with ONNX's DCR / CRD modes.

NHWC, DCR: out[n, h*bs + by, w*bs + bx, c] = x[n, h, w, (by*bs + bx) * C' + c], C' = C / bs**2.
CRD reads channel c*bs*bs + by*bs + bx instead; `_block_rearrangement` has the other layouts.
"""

from __future__ import annotations

__all__ = ["depth_to_space", "depth_to_space_view"]

import numpy as np

from .arguments import as_data_array, fresh_copy
from ._block_rearrangement import (
    MAX_DEPTH_TO_SPACE_BLOCK_SIZE,
    VECT_C_LANES,
    BlockRearrangement,
    ImageDims,
    check_arguments,
    depth_to_space_steps,
)
from .errors import OpArgumentError


def depth_to_space_view(
    shape, block_size, *, data_format="NHWC", mode="DCR", dtype=None
) -> BlockRearrangement:
    """Check DepthToSpace arguments for an input `shape` (and `dtype`, if given); return its steps."""
    dims, bs = check_arguments(
        shape, block_size, data_format, mode, dtype, max_block_size=MAX_DEPTH_TO_SPACE_BLOCK_SIZE
    )
    if dims.c % (bs * bs):
        raise OpArgumentError(
            f"Input depth dimension {dims.c} should be divisible by: {bs * bs} "
            f"(block_size * block_size, block_size = {bs})"
        )
    output = ImageDims(dims.n, dims.c // (bs * bs), dims.h * bs, dims.w * bs)
    if data_format == "NCHW_VECT_C" and output.c % VECT_C_LANES:
        raise OpArgumentError(
            f"output depth {output.c} (input depth {dims.c} / block_size**2) must be divisible by "
            f"{VECT_C_LANES} for data_format 'NCHW_VECT_C'"
        )
    return BlockRearrangement(
        dims.shape(data_format), output.shape(data_format), depth_to_space_steps(dims, bs, data_format, mode)
    )


def depth_to_space(x, block_size, *, data_format="NHWC", mode="DCR") -> np.ndarray:
    """Move bs x bs channel blocks of `x` into space: [N, H, W, C] -> [N, H*bs, W*bs, C/bs**2] (NHWC)."""
    x = as_data_array(x)
    plan = depth_to_space_view(x.shape, block_size, data_format=data_format, mode=mode, dtype=x.dtype)
    return fresh_copy(plan.apply(x))
