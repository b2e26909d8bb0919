"""What `ascend-ops bench` measures: each op's shape classes, and for each the expression a
user would write instead (numpy indexing + copy, torch indexing / flip / permute + a
contiguous copy, `torch.pixel_shuffle` / `pixel_unshuffle`).

A shape class builds a workload for a requested output size; every workload moves float32
data. Kinds and their goals (against a plain memcpy of the same bytes) are in `GOALS`.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch

CONTIGUOUS = "contiguous runs"
GATHER = "short runs / strided"
PERMUTATION = "permutation"

# Fraction of memcpy's GB/s each kind should reach (and every class should beat the best
# baseline, and a tiny call should cost at most TINY_GOAL x `x[...].clone()`).
GOALS = {CONTIGUOUS: 0.8, GATHER: 0.5, PERMUTATION: 0.5}
BASELINE_GOAL = 1.0
TINY_GOAL = 5.0

DTYPE = torch.float32
ELEMENT_BYTES = 4


@dataclass(frozen=True)
class Workload:
    """One call of an op, and the same result computed the ways a user would otherwise."""

    x: torch.Tensor
    args: tuple
    kwargs: dict
    output_shape: tuple[int, ...]
    baselines: dict[str, Callable[[], object]] = field(default_factory=dict)

    @property
    def output_bytes(self) -> int:
        return math.prod(self.output_shape) * ELEMENT_BYTES

    def describe(self) -> str:
        return f"{list(self.x.shape)} -> {list(self.output_shape)}"


@dataclass(frozen=True)
class ShapeClass:
    op: str
    key: str
    title: str
    kind: str
    build: Callable[[int], Workload]  # output elements (about) -> workload


def _data(*shape: int) -> torch.Tensor:
    return torch.empty(shape, dtype=DTYPE).uniform_(-1.0, 1.0)


# --- slices -------------------------------------------------------------------------------------

def _slab(n: int, op: str) -> Workload:
    """x[1:, 2:62, 8:1032] of a [d, 64, 1040] tensor: 60 runs of 4 KiB per slab."""
    d = max(1, round(n / (60 * 1024))) + 1
    x = _data(d, 64, 1040)
    a = x.numpy()
    if op == "slice":
        args, kwargs = ([1, 2, 8], [-1, 60, 1024]), {}
    else:
        args, kwargs = ([1, 2, 8], [0, 62, 1032], [1, 1, 1]), {"end_mask": 1}
    return Workload(x, args, kwargs, (d - 1, 60, 1024), {
        "numpy": lambda: a[1:, 2:62, 8:1032].copy(),
        "torch": lambda: x[1:, 2:62, 8:1032].contiguous(),
    })


def _step(n: int, step: int) -> Workload:
    """x[:, ::step] of a [rows, 2048 * step] tensor."""
    rows = max(1, n // 2048)
    x = _data(rows, 2048 * step)
    a = x.numpy()
    return Workload(x, ([0, 0], [0, 0], [1, step]), {"begin_mask": 3, "end_mask": 3},
                    (rows, 2048), {
                        "numpy": lambda: a[:, ::step].copy(),
                        "torch": lambda: x[:, ::step].contiguous(),
                    })


def _reverse(n: int) -> Workload:
    """x[:, ::-1] of a [rows, 2048] tensor (torch cannot step backwards: `flip`)."""
    rows = max(1, n // 2048)
    x = _data(rows, 2048)
    a = x.numpy()
    return Workload(x, ([0, 0], [0, 0], [1, -1]), {"begin_mask": 3, "end_mask": 3}, (rows, 2048), {
        "numpy": lambda: a[:, ::-1].copy(),
        "torch": lambda: x.flip(1),
    })


# --- DepthToSpace / SpaceToDepth ----------------------------------------------------------------

BLOCK = 2


def _square(n: int, channels: int) -> int:
    """The even side of a square image with `channels` channels and about `n` elements."""
    return max(2, int(math.sqrt(n / channels)) // 2 * 2)


def _depth_to_space(n: int, data_format: str, mode: str, depth: int) -> Workload:
    """A [1, H, W, depth * 4] NHWC or [1, depth * 4, H, W] NCHW input, block 2."""
    bs, c = BLOCK, depth * BLOCK * BLOCK
    side = _square(n, depth)
    h = w = side // bs
    if data_format == "NHWC":
        x = _data(1, h, w, c)
        split, perm = ((1, h, w, bs, bs, depth), (0, 1, 3, 2, 4, 5)) if mode == "DCR" else \
            ((1, h, w, depth, bs, bs), (0, 1, 4, 2, 5, 3))
        out = (1, h * bs, w * bs, depth)
    else:
        x = _data(1, c, h, w)
        split, perm = ((1, bs, bs, depth, h, w), (0, 3, 4, 1, 5, 2)) if mode == "DCR" else \
            ((1, depth, bs, bs, h, w), (0, 1, 4, 2, 5, 3))
        out = (1, depth, h * bs, w * bs)
    a = x.numpy()
    baselines = {
        "numpy": lambda: a.reshape(split).transpose(perm).reshape(out),
        "torch": lambda: x.reshape(split).permute(perm).reshape(out),
    }
    if data_format == "NCHW" and mode == "CRD":
        baselines["pixel_shuffle"] = lambda: torch.pixel_shuffle(x, bs)
    kwargs = {k: v for k, v in (("data_format", data_format), ("mode", mode))
              if (k, v) not in (("data_format", "NHWC"), ("mode", "DCR"))}
    return Workload(x, (bs,), kwargs, out, baselines)


def _space_to_depth(n: int, data_format: str, mode: str, depth: int) -> Workload:
    """The inverse of `_depth_to_space`: a [1, H, W, depth] NHWC or [1, depth, H, W] input."""
    bs, c = BLOCK, depth * BLOCK * BLOCK
    side = _square(n, depth)
    h = w = side // bs
    if data_format == "NHWC":
        x = _data(1, side, side, depth)
        split, perm = ((1, h, bs, w, bs, depth), (0, 1, 3, 2, 4, 5)) if mode == "DCR" else \
            ((1, h, bs, w, bs, depth), (0, 1, 3, 5, 2, 4))
        out = (1, h, w, c)
    else:
        x = _data(1, depth, side, side)
        split, perm = ((1, depth, h, bs, w, bs), (0, 3, 5, 1, 2, 4)) if mode == "DCR" else \
            ((1, depth, h, bs, w, bs), (0, 1, 3, 5, 2, 4))
        out = (1, c, h, w)
    a = x.numpy()
    baselines = {
        "numpy": lambda: a.reshape(split).transpose(perm).reshape(out),
        "torch": lambda: x.reshape(split).permute(perm).reshape(out),
    }
    if data_format == "NCHW" and mode == "CRD":
        baselines["pixel_unshuffle"] = lambda: torch.pixel_unshuffle(x, bs)
    kwargs = {k: v for k, v in (("data_format", data_format), ("mode", mode))
              if (k, v) not in (("data_format", "NHWC"), ("mode", "DCR"))}
    return Workload(x, (bs,), kwargs, out, baselines)


SHAPE_CLASSES: tuple[ShapeClass, ...] = (
    ShapeClass("slice", "slab", "slice of a 3-D tensor, 4 KiB runs", CONTIGUOUS,
               lambda n: _slab(n, "slice")),
    ShapeClass("strided_slice", "slab", "unit strides on a 3-D tensor, 4 KiB runs", CONTIGUOUS,
               lambda n: _slab(n, "strided_slice")),
    ShapeClass("strided_slice", "step2", "x[:, ::2], innermost stride 2", GATHER,
               lambda n: _step(n, 2)),
    ShapeClass("strided_slice", "step3", "x[:, ::3], innermost stride 3", GATHER,
               lambda n: _step(n, 3)),
    ShapeClass("strided_slice", "reverse", "x[:, ::-1], innermost stride -1", GATHER, _reverse),
    ShapeClass("depth_to_space", "nhwc_wide", "NHWC DCR, 256 channels: 512 B runs", CONTIGUOUS,
               lambda n: _depth_to_space(n, "NHWC", "DCR", 64)),
    ShapeClass("depth_to_space", "nhwc_narrow", "NHWC DCR, 4 channels: 8 B runs", GATHER,
               lambda n: _depth_to_space(n, "NHWC", "DCR", 1)),
    ShapeClass("depth_to_space", "nchw_dcr", "NCHW DCR, 16 channels", PERMUTATION,
               lambda n: _depth_to_space(n, "NCHW", "DCR", 4)),
    ShapeClass("depth_to_space", "nchw_crd", "NCHW CRD (pixel_shuffle), 16 channels", PERMUTATION,
               lambda n: _depth_to_space(n, "NCHW", "CRD", 4)),
    ShapeClass("space_to_depth", "nhwc_wide", "NHWC DCR, 64 channels: 256 B runs", CONTIGUOUS,
               lambda n: _space_to_depth(n, "NHWC", "DCR", 64)),
    ShapeClass("space_to_depth", "nchw_dcr", "NCHW DCR, 4 channels", PERMUTATION,
               lambda n: _space_to_depth(n, "NCHW", "DCR", 4)),
    ShapeClass("space_to_depth", "nchw_crd", "NCHW CRD (pixel_unshuffle), 4 channels",
               PERMUTATION, lambda n: _space_to_depth(n, "NCHW", "CRD", 4)),
)


# --- tiny tensors: per-call overhead ------------------------------------------------------------

@dataclass(frozen=True)
class TinyCall:
    op: str
    text: str  # the call, as a user would write it
    clone_text: str
    x: torch.Tensor
    args: tuple
    kwargs: dict
    clone: Callable[[], torch.Tensor]  # the same result (or the same bytes) by `x[...].clone()`


def tiny_calls() -> tuple[TinyCall, ...]:
    m = _data(4, 6)
    d = _data(1, 8, 2, 3)
    s = _data(1, 2, 4, 6)
    return (
        TinyCall("strided_slice", "strided_slice(x[4, 6], [1, 0], [3, 6], [1, 2])",
                 "x[1:3, ::2].clone()", m, ([1, 0], [3, 6], [1, 2]), {},
                 lambda: m[1:3, ::2].clone()),
        TinyCall("slice", "slice(x[4, 6], [1, 2], [2, 3])", "x[1:3, 2:5].clone()", m,
                 ([1, 2], [2, 3]), {}, lambda: m[1:3, 2:5].clone()),
        TinyCall("depth_to_space", "depth_to_space(x[1, 8, 2, 3], 2, NCHW, CRD)",
                 "x[...].clone()", d, (2,), {"data_format": "NCHW", "mode": "CRD"},
                 lambda: d[...].clone()),
        TinyCall("space_to_depth", "space_to_depth(x[1, 2, 4, 6], 2, NCHW, CRD)",
                 "x[...].clone()", s, (2,), {"data_format": "NCHW", "mode": "CRD"},
                 lambda: s[...].clone()),
    )


def as_numpy(result: object) -> np.ndarray:
    """A baseline's or the op's result as a numpy array, for the equality check."""
    if isinstance(result, torch.Tensor):
        return result.numpy()
    return np.asarray(result)
