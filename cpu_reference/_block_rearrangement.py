"""DepthToSpace / SpaceToDepth as reshape-transpose steps, on shapes alone (no data is touched).

DepthToSpace moves channel blocks into bs x bs spatial blocks. With C' = C / bs**2 output
channels, output pixel (h*bs + by, w*bs + bx), channel c, reads input pixel (h, w) at

    DCR (TF in every data_format, ONNX default):   (by*bs + bx) * C' + c
    CRD (ONNX CRD, torch.pixel_shuffle on NCHW):    c * bs*bs + by*bs + bx

For NHWC and NCHW that is one 6-D transpose of a reshaped input. NCHW_VECT_C
(int8 `[N, C/4, H, W, 4]`, DCR only) uses the flat channel c_outer*4 + c_inner: it is
unpacked to NCHW, rearranged, and packed again. SpaceToDepth is the exact inverse of DepthToSpace for
the same data_format and mode, so its steps are the inverted DepthToSpace steps of its output.
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes  # noqa: F401  (numpy knows the names 'bfloat16' and 'float8_*' once it is imported)
import numpy as np

from .arguments import integer, shape_vector, string
from ._op_limits import DEPTH_TO_SPACE_MAX_BLOCK_SIZE
from .view_steps import Permute, Reshape, ViewStep, apply_steps
from .errors import OpArgumentError

DATA_FORMATS = ("NHWC", "NCHW", "NCHW_VECT_C")
MODES = ("DCR", "CRD")
VECT_C_LANES = 4
MAX_DEPTH_TO_SPACE_BLOCK_SIZE = DEPTH_TO_SPACE_MAX_BLOCK_SIZE  # op_specs/depth_to_space.yaml limits


@dataclass(frozen=True)
class ReshapeTranspose:
    """`x.reshape(split_shape).transpose(permutation).reshape(output_shape)` for x of `input_shape`."""

    input_shape: tuple[int, ...]
    split_shape: tuple[int, ...]
    permutation: tuple[int, ...]
    output_shape: tuple[int, ...]

    def apply(self, x: np.ndarray) -> np.ndarray:
        return x.reshape(self.split_shape).transpose(self.permutation).reshape(self.output_shape)

    def inverse(self) -> ReshapeTranspose:
        return ReshapeTranspose(
            input_shape=self.output_shape,
            split_shape=tuple(self.split_shape[axis] for axis in self.permutation),
            permutation=tuple(self.permutation.index(axis) for axis in range(len(self.permutation))),
            output_shape=self.input_shape,
        )


@dataclass(frozen=True)
class BlockRearrangement:
    """A DepthToSpace or SpaceToDepth: `steps` applied in order map `input_shape` to `output_shape`."""

    input_shape: tuple[int, ...]
    output_shape: tuple[int, ...]
    steps: tuple[ReshapeTranspose, ...]

    def view_steps(self) -> tuple[ViewStep, ...]:
        out: list[ViewStep] = []
        for step in self.steps:
            out += [Reshape(step.split_shape), Permute(step.permutation), Reshape(step.output_shape)]
        return tuple(out)

    def apply(self, x: np.ndarray) -> np.ndarray:
        """The rearranged `x` (possibly a view of `x`; callers copy)."""
        return apply_steps(self.view_steps(), x)

    def inverse(self) -> BlockRearrangement:
        return BlockRearrangement(
            input_shape=self.output_shape,
            output_shape=self.input_shape,
            steps=tuple(step.inverse() for step in reversed(self.steps)),
        )


@dataclass(frozen=True)
class ImageDims:
    """An input's batch, flat channel count, height and width, whatever its data_format."""

    n: int
    c: int
    h: int
    w: int

    def shape(self, data_format: str) -> tuple[int, ...]:
        if data_format == "NHWC":
            return (self.n, self.h, self.w, self.c)
        if data_format == "NCHW":
            return (self.n, self.c, self.h, self.w)
        return (self.n, self.c // VECT_C_LANES, self.h, self.w, VECT_C_LANES)


def check_arguments(
    shape, block_size, data_format, mode, dtype, *, max_block_size: int | None
) -> tuple[ImageDims, int]:
    """Checks shared by DepthToSpace and SpaceToDepth, in TF's order; returns (dims, block_size)."""
    if string("data_format", data_format) not in DATA_FORMATS:
        raise OpArgumentError(
            f"data_format = {data_format!r} is not supported: expected one of "
            + ", ".join(repr(f) for f in DATA_FORMATS)
        )
    if string("mode", mode) not in MODES:
        raise OpArgumentError(f"mode = {mode!r} is not supported: expected 'DCR' or 'CRD'")
    block_size = integer("block_size", block_size)
    if block_size < 2 or (max_block_size is not None and block_size > max_block_size):
        rule = ">= 2" if max_block_size is None else f"in [2, {max_block_size}]"
        raise OpArgumentError(f"block_size = {block_size} is invalid: block_size must be {rule}")
    if data_format == "NCHW_VECT_C" and dtype is not None and _as_dtype(dtype) != np.int8:
        raise OpArgumentError(
            f"data_format 'NCHW_VECT_C' packs 4 int8 channels per element and needs dtype int8, got {_as_dtype(dtype)}"
        )
    shape = shape_vector(shape)
    rank = 5 if data_format == "NCHW_VECT_C" else 4
    if len(shape) != rank:
        raise OpArgumentError(
            f"x must have rank {rank} for data_format '{data_format}', got rank {len(shape)} (shape {shape})"
        )
    if data_format == "NHWC":
        n, h, w, c = shape
    elif data_format == "NCHW":
        n, c, h, w = shape
    else:
        n, c_outer, h, w, lanes = shape
        if lanes != VECT_C_LANES:
            raise OpArgumentError(
                f"x.shape[4] = {lanes} is invalid for data_format 'NCHW_VECT_C': it must be {VECT_C_LANES}"
            )
        c = c_outer * VECT_C_LANES
        if mode == "CRD":
            # CRD's channel c*bs*bs + by*bs + bx is no strided view of 4-lane packed channels
            # (unless 4 divides bs), and TF, the only source of NCHW_VECT_C, has no modes.
            raise OpArgumentError(
                "mode = 'CRD' is not supported with data_format 'NCHW_VECT_C': "
                "use mode 'DCR' (TF's only ordering for NCHW_VECT_C)"
            )
    return ImageDims(n, c, h, w), block_size


def depth_to_space_steps(
    dims: ImageDims, block_size: int, data_format: str, mode: str
) -> tuple[ReshapeTranspose, ...]:
    """The steps of a DepthToSpace whose (already validated) input has `dims`."""
    n, c, h, w, bs = dims.n, dims.c, dims.h, dims.w, block_size
    depth = c // (bs * bs)
    if data_format == "NHWC":
        split, permutation = {
            "DCR": ((n, h, w, bs, bs, depth), (0, 1, 3, 2, 4, 5)),
            "CRD": ((n, h, w, depth, bs, bs), (0, 1, 4, 2, 5, 3)),
        }[mode]
        return (ReshapeTranspose((n, h, w, c), split, permutation, (n, h * bs, w * bs, depth)),)
    split, permutation = {
        "DCR": ((n, bs, bs, depth, h, w), (0, 3, 4, 1, 5, 2)),
        "CRD": ((n, depth, bs, bs, h, w), (0, 1, 4, 2, 5, 3)),
    }[mode]
    nchw = ReshapeTranspose((n, c, h, w), split, permutation, (n, depth, h * bs, w * bs))
    if data_format == "NCHW":
        return (nchw,)
    output = ImageDims(n, depth, h * bs, w * bs)
    return (_unpack_vect_c(dims), nchw, _unpack_vect_c(output).inverse())


def _unpack_vect_c(dims: ImageDims) -> ReshapeTranspose:
    """[N, C/4, H, W, 4] -> [N, C, H, W] with flat channel c_outer*4 + c_inner."""
    vect_c = dims.shape("NCHW_VECT_C")
    return ReshapeTranspose(vect_c, vect_c, (0, 1, 4, 2, 3), dims.shape("NCHW"))


def _as_dtype(dtype) -> np.dtype:
    try:
        return np.dtype(dtype)
    except TypeError:
        raise OpArgumentError(f"dtype = {dtype!r} is not a numpy dtype or dtype name") from None
