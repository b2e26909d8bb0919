"""What the gradient ops share: their `shape` and `dy` checks, and the write of `dy` into zeros.

A slice's gradient is the adjoint of the slice: an array of the forward's input shape, zero
except at the elements the forward read, which hold `dy` (TensorFlow's StridedSliceGrad).
"""

from __future__ import annotations

import numpy as np

from .arguments import shape_vector
from .errors import OpArgumentError
from .view_steps import repeated_read


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


def check_reads_once(shape: tuple[int, ...], view) -> None:
    """A scatter writes each element of dy where the view read it: refused for a view of an input
    of `shape` that reads an element twice, whose gradient is a sum (Note [repeating views] in
    view_steps.py)."""
    repeated = repeated_read(view.view_steps(), shape)
    if repeated is not None:
        before, after = repeated
        raise OpArgumentError(
            f"the view of x reads elements more than once (it broadcasts {before} to {after}): a "
            f"scatter gradient (backward: scatter) writes each element once where a repeated one "
            f"needs the sum of its gradients; such an op declares no scatter backward")


def scatter_into_zeros(shape: tuple[int, ...], view, dy: np.ndarray) -> np.ndarray:
    """Zeros of `shape` and dy's dtype, with `dy` written at the elements `view` reads."""
    check_reads_once(shape, view)
    check_dy_shape(dy, view.output_shape)
    dx = np.zeros(shape, dtype=dy.dtype)
    view.apply(dx)[...] = dy
    return dx
