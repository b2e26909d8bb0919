"""StridedSliceGrad: TensorFlow's `StridedSliceGrad`, exactly (the adjoint of `strided_slice`).

The result has `shape` and dy's dtype: zeros, with `dy` written at the elements the forward
`strided_slice(x, begin, end, strides, <masks>)` of an `x` of that shape reads. The arguments
are checked as the forward checks them (`_strided_slice_spec`), then dy's shape against the
forward's result shape.
"""

from __future__ import annotations

__all__ = ["strided_slice_grad"]

import numpy as np

from .arguments import as_data_array
from .gradients import gradient_shape, scatter_into_zeros
from ._strided_slice_spec import strided_slice_view


def strided_slice_grad(
    shape,
    begin,
    end,
    strides,
    dy,
    *,
    begin_mask=0,
    end_mask=0,
    ellipsis_mask=0,
    new_axis_mask=0,
    shrink_axis_mask=0,
) -> np.ndarray:
    """Zeros of `shape` with `dy` at the elements `x[begin:end:strides]` (TF's masks) reads."""
    shape = gradient_shape(shape)
    dy = as_data_array(dy)
    view = strided_slice_view(
        shape,
        begin,
        end,
        strides,
        begin_mask=begin_mask,
        end_mask=end_mask,
        ellipsis_mask=ellipsis_mask,
        new_axis_mask=new_axis_mask,
        shrink_axis_mask=shrink_axis_mask,
    )
    return scatter_into_zeros(shape, view, dy)
