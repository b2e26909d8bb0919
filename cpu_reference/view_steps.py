"""What every op's canonicalisation returns: its result as a chain of view steps of its input."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# Every op is a view of its input followed by one copy. `cpu_reference.<op>_view(shape, ...)`
# checks the op's arguments for an input of `shape` and returns an object with `output_shape`
# and `view_steps()`, the steps that turn the input into the result:
#
#     Index(items)     numpy basic indexing: ints, slices of any step, None (new axis), Ellipsis
#     Reshape(shape)   C-order reshape
#     Permute(axes)    axis permutation (numpy transpose)
#     Broadcast(shape) numpy broadcast_to: dims of size 1 repeated to `shape`'s size (stride 0),
#                      and new leading dims, as numpy allows (Note [repeating views])
#
# The package's other layers only ever read those steps: the native CPU backend takes them as
# numpy views of the input, the torch fake and device kernels as torch views, so an op added to
# cpu_reference needs no per-op code anywhere else. `View` is the plain form of that object.

# Note [repeating views]
# ~~~~~~~~~~~~~~~~~~~~~~
# A Broadcast step reads an element of its operand more than once (a stride of 0): `repeat`
# (tests/walkthrough/repeat/) is Reshape to (1, d0, 1, d1, ...), Broadcast to (m0, d0, m1, d1,
# ...), Reshape to (m0*d0, m1*d1, ...). Every read path takes it as a view: numpy's
# broadcast_to, torch's expand, an element stride of 0 in the C++ StridedView, which the copy
# engines read like any stride. The write direction cannot: `backward: scatter` writes each
# element of the gradient into the place it was read from, where a repeated element needs the
# sum of its gradients, so every scatter of a view that reads an element twice is refused
# (`repeated_read`, checked by cpu_reference.gradients.check_reads_once) rather than left to
# keep one of them. The engines merge a repeated dim with no dim of x's elements beside it (a
# stride of 0 nests in none), so the NPU engine, which copies views of at most 8 merged dims, refuses a view
# that repeats too many dims, naming that limit; the CPU copies take numpy's 64.


@dataclass(frozen=True)
class Index:
    items: tuple


@dataclass(frozen=True)
class Reshape:
    shape: tuple[int, ...]


@dataclass(frozen=True)
class Permute:
    axes: tuple[int, ...]


@dataclass(frozen=True)
class Broadcast:
    shape: tuple[int, ...]


ViewStep = Index | Reshape | Permute | Broadcast


def apply_steps(steps: Sequence[ViewStep], x: np.ndarray) -> np.ndarray:
    """The steps applied to `x` (views where numpy can, a copy where a reshape needs one)."""
    for step in steps:
        if isinstance(step, Index):
            x = x[step.items]
        elif isinstance(step, Reshape):
            x = x.reshape(step.shape)
        elif isinstance(step, Broadcast):
            x = _broadcast(x, step.shape)
        else:
            x = x.transpose(step.axes)
    return x


def _broadcast(x: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """np.broadcast_to(x, shape), writeable where x is: a gradient writes through a Broadcast
    that repeats nothing (one that repeats is refused first, `repeated_read`)."""
    strides = np.broadcast_to(x, shape).strides
    # as_strided goes through the array interface, which cannot name ml_dtypes' dtypes (float8's
    # '<f1'): it strides bytes of the element's size, read back in x's dtype.
    carrier = x.view(np.dtype((np.void, x.itemsize)))
    return np.lib.stride_tricks.as_strided(carrier, shape, strides, writeable=x.flags.writeable).view(x.dtype)


def _shape_after(step: ViewStep, shape: tuple[int, ...]) -> tuple[int, ...]:
    if isinstance(step, Index):  # numpy's indexing of a stand-in that holds no memory
        return np.broadcast_to(np.empty((), np.uint8), shape)[step.items].shape
    if isinstance(step, Permute):
        return tuple(shape[axis] for axis in step.axes)
    return tuple(step.shape)


def repeated_read(steps: Sequence[ViewStep], shape: tuple[int, ...]) -> tuple[tuple, tuple] | None:
    """The first Broadcast of the steps that reads an element twice on an input of `shape`
    (more elements after it than before, none of them empty), as (its operand's shape, its
    shape); None when the steps read each element at most once (Note [repeating views])."""
    shape = tuple(shape)
    for step in steps:
        after = _shape_after(step, shape)
        if isinstance(step, Broadcast) and 0 < math.prod(shape) < math.prod(after):
            return shape, after
        shape = after
    return None


@dataclass(frozen=True)
class View:
    """An op's canonical result: `steps` turn an input of `input_shape` into `output_shape`."""

    input_shape: tuple[int, ...]
    output_shape: tuple[int, ...]
    steps: tuple[ViewStep, ...]

    def view_steps(self) -> tuple[ViewStep, ...]:
        return self.steps

    def apply(self, x: np.ndarray) -> np.ndarray:
        return apply_steps(self.steps, x)
