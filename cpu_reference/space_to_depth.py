"""SpaceToDepth: the exact inverse of `depth_to_space` for the same data_format and mode.

NHWC, DCR: out[n, h, w, (by*bs + bx) * C + c] = x[n, h*bs + by, w*bs + bx, c].
CRD writes channel c*bs*bs + by*bs + bx instead (ONNX CRD, torch.pixel_unshuffle on NCHW).
"""

from __future__ import annotations

__all__ = ["space_to_depth", "space_to_depth_view"]

import numpy as np

from .arguments import INT64_MAX, as_data_array, fresh_copy
from ._block_rearrangement import BlockRearrangement, ImageDims, check_arguments, depth_to_space_steps
from .errors import OpArgumentError


def space_to_depth_view(
    shape, block_size, *, data_format="NHWC", mode="DCR", dtype=None
) -> BlockRearrangement:
    """Check SpaceToDepth arguments for an input `shape` (and `dtype`, if given); return its steps."""
    dims, bs = check_arguments(shape, block_size, data_format, mode, dtype, max_block_size=None)
    if dims.h % bs or dims.w % bs:
        raise OpArgumentError(f"Image width {dims.w} and height {dims.h} should be divisible by block_size: {bs}")
    output = ImageDims(dims.n, dims.c * bs * bs, dims.h // bs, dims.w // bs)
    if output.c > INT64_MAX:
        raise OpArgumentError(
            f"block_size = {bs} is too large: the output depth {dims.c} * block_size**2 = {output.c} exceeds int64"
        )
    inverse = BlockRearrangement(
        output.shape(data_format), dims.shape(data_format), depth_to_space_steps(output, bs, data_format, mode)
    )
    return inverse.inverse()


def space_to_depth(x, block_size, *, data_format="NHWC", mode="DCR") -> np.ndarray:
    """Move bs x bs spatial blocks of `x` into channels: [N, H, W, C] -> [N, H/bs, W/bs, C*bs**2] (NHWC)."""
    x = as_data_array(x)
    plan = space_to_depth_view(x.shape, block_size, data_format=data_format, mode=mode, dtype=x.dtype)
    return fresh_copy(plan.apply(x))
