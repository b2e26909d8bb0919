"""What the gradient ops share: their `shape` and `dy` checks, and the write of `dy` into zeros.

A slice's gradient is the adjoint of the slice: an array of the forward's input shape, zero
except at the elements the forward read, which hold `dy` (TensorFlow's StridedSliceGrad).
"""

from __future__ import annotations

import numpy as np

from .arguments import shape_vector
from .errors import OpArgumentError


def gradient_shape(shape) -> tuple[int, ...]:
    """The forward's input shape, a 1-D sequence of non-negative ints (TF: `shape` is 1-D)."""
    if isinstance(shape, np.ndarray) and shape.ndim != 1:
        dims = ",".join(str(d) for d in shape.shape)
        raise OpArgumentError(f"shape must be 1-D, got shape.shape = [{dims}]")
    return shape_vector(shape)


def check_dy_shape(dy: np.ndarray, expected: tuple[int, ...]) -> None:
    """`dy` must have the forward's result shape (TF's wording and TensorShape::DebugString)."""
    if tuple(dy.shape) != tuple(expected):
        raise OpArgumentError(
            f"shape of dy was [{','.join(map(str, dy.shape))}] instead of [{','.join(map(str, expected))}]"
        )


def scatter_into_zeros(shape: tuple[int, ...], view, dy: np.ndarray) -> np.ndarray:
    """Zeros of `shape` and dy's dtype, with `dy` written at the elements `view` reads."""
    check_dy_shape(dy, view.output_shape)
    dx = np.zeros(shape, dtype=dy.dtype)
    view.apply(dx)[...] = dy
    return dx
