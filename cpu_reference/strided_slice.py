"""StridedSlice: TensorFlow's `tf.strided_slice`, exactly (masks, clamping, precedence, errors).

The canonicalisation lives in `_strided_slice_spec`; this file only materialises the view.
"""

from __future__ import annotations

__all__ = ["StridedSliceView", "strided_slice", "strided_slice_view"]

import numpy as np

from .arguments import as_data_array, fresh_copy
from ._strided_slice_spec import StridedSliceView, strided_slice_view


def strided_slice(
    x,
    begin,
    end,
    strides=None,
    *,
    begin_mask=0,
    end_mask=0,
    ellipsis_mask=0,
    new_axis_mask=0,
    shrink_axis_mask=0,
) -> np.ndarray:
    """`x[begin:end:strides]` with TensorFlow's mask encoding; `strides=None` means all ones."""
    x = as_data_array(x)
    view = strided_slice_view(
        x.shape,
        begin,
        end,
        strides,
        begin_mask=begin_mask,
        end_mask=end_mask,
        ellipsis_mask=ellipsis_mask,
        new_axis_mask=new_axis_mask,
        shrink_axis_mask=shrink_axis_mask,
    )
    return fresh_copy(view.apply(x))
