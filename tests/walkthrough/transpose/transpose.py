"""Transpose: numpy's `np.transpose(x, perm)` with an explicit permutation."""

from __future__ import annotations

__all__ = ["transpose", "transpose_view"]

import numpy as np

from .arguments import as_data_array, fresh_copy, index_vector, shape_vector
from .view_steps import Permute, View
from .errors import OpArgumentError


def transpose_view(shape, perm) -> View:
    """Check `perm` against an input `shape`; the result is one permutation of the input."""
    shape = shape_vector(shape)
    perm = index_vector("perm", perm)
    if sorted(perm) != list(range(len(shape))):
        raise OpArgumentError(f"perm = {perm} is not a permutation of the {len(shape)} dimensions of x")
    return View(shape, tuple(shape[axis] for axis in perm), (Permute(perm),))


def transpose(x, perm) -> np.ndarray:
    """`x` with its dimensions in the order `perm`."""
    x = as_data_array(x)
    return fresh_copy(transpose_view(x.shape, perm).apply(x))
