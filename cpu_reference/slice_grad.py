"""SliceGrad: the adjoint of ATB's `SliceOperation` (`slice`).

The result has `shape` and dy's dtype: zeros, with `dy` written at the block `slice(x, offsets,
size)` of an `x` of that shape reads. The arguments are checked as the forward checks them,
then dy's shape against the forward's result shape.
"""

from __future__ import annotations

__all__ = ["slice_grad"]

import numpy as np

from .arguments import as_data_array
from .gradients import gradient_shape, scatter_into_zeros
from .slice import slice_view


def slice_grad(shape, offsets, size, dy) -> np.ndarray:
    """Zeros of `shape` with `dy` at the block that starts at `offsets` with extent `size`."""
    shape = gradient_shape(shape)
    dy = as_data_array(dy)
    return scatter_into_zeros(shape, slice_view(shape, offsets, size), dy)
