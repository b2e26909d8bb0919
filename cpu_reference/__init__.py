"""Bit-exact numpy references for the ascend-ops operators (numpy only; never imports torch).

Every op validates all of its arguments first (raising `OpArgumentError`), then copies a
view of the input into a fresh C-contiguous array of the input's dtype. The `*_view` /
`*_plan` functions expose the same canonicalisation on shapes alone, for shape inference,
fake kernels and autograd.
"""

from ._block_rearrangement import BlockRearrangement, ReshapeTranspose
from ._strided_slice_spec import StridedSliceView, strided_slice_view
from .depth_to_space import depth_to_space, depth_to_space_plan
from .errors import OpArgumentError
from .slice import SliceView, slice, slice_view
from .space_to_depth import space_to_depth, space_to_depth_plan
from .strided_slice import strided_slice

__all__ = [
    "BlockRearrangement",
    "OpArgumentError",
    "ReshapeTranspose",
    "SliceView",
    "StridedSliceView",
    "depth_to_space",
    "depth_to_space_plan",
    "slice",
    "slice_view",
    "space_to_depth",
    "space_to_depth_plan",
    "strided_slice",
    "strided_slice_view",
]
