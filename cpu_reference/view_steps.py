"""What every op's canonicalisation returns: its result as a chain of view steps of its input."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# Every op is a view of its input followed by one copy. `cpu_reference.<op>_view(shape, ...)`
# checks the op's arguments for an input of `shape` and returns an object with `output_shape`
# and `view_steps()`, the steps that turn the input into the result:
#
#     Index(items)    numpy basic indexing: ints, slices of any step, None (new axis), Ellipsis
#     Reshape(shape)  C-order reshape
#     Permute(axes)   axis permutation (numpy transpose)
#
# The package's other layers only ever read those steps: the native CPU backend takes them as
# numpy views of the input, the torch fake and device kernels as torch views, so an op added to
# cpu_reference needs no per-op code anywhere else. `View` is the plain form of that object.


@dataclass(frozen=True)
class Index:
    items: tuple


@dataclass(frozen=True)
class Reshape:
    shape: tuple[int, ...]


@dataclass(frozen=True)
class Permute:
    axes: tuple[int, ...]


ViewStep = Index | Reshape | Permute


def apply_steps(steps: Sequence[ViewStep], x: np.ndarray) -> np.ndarray:
    """The steps applied to `x` (views where numpy can, a copy where a reshape needs one)."""
    for step in steps:
        if isinstance(step, Index):
            x = x[step.items]
        elif isinstance(step, Reshape):
            x = x.reshape(step.shape)
        else:
            x = x.transpose(step.axes)
    return x


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
