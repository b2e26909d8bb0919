"""Repeat: CANN / TensorFlow `Tile` as a view, `x` repeated `multiples[k]` times along each dim k."""

from __future__ import annotations

__all__ = ["repeat", "repeat_view"]

import numpy as np

from .arguments import as_data_array, check_rank, fresh_copy, index_vector, shape_vector
from ._op_limits import REPEAT_MAX_RANK
from .errors import OpArgumentError
from .view_steps import Broadcast, Reshape, View

INT64_MAX = 2**63 - 1


def repeat_view(shape, multiples) -> View:
    """Check `multiples` against an input `shape`; the result is x with a dim of 1 before each
    dim k, broadcast to `multiples[k]`, each pair then merged: dim k of the result is x's dim k
    `multiples[k]` times over (Note [repeating views] in view_steps.py)."""
    shape = shape_vector(shape)
    check_rank("x", len(shape), REPEAT_MAX_RANK, "CANN Tile's 8 dims")
    multiples = index_vector("multiples", multiples)
    if len(multiples) != len(shape):
        raise OpArgumentError(f"multiples has {len(multiples)} ints; x has {len(shape)} dims: give one per dim")
    for k, (d, m) in enumerate(zip(shape, multiples)):
        if m < 0:
            raise OpArgumentError(f"multiples[{k}] = {m} is negative; a dim repeats 0 or more times")
        if d > 0 and m > INT64_MAX // d:
            raise OpArgumentError(f"multiples[{k}] = {m} makes dim {k} of the result {d} * {m}, past int64")
    split = tuple(v for d in shape for v in (1, d))
    spread = tuple(v for d, m in zip(shape, multiples) for v in (m, d))
    output = tuple(d * m for d, m in zip(shape, multiples))
    return View(shape, output, (Reshape(split), Broadcast(spread), Reshape(output)))


def repeat(x, multiples) -> np.ndarray:
    """x repeated along every dim (np.tile with one multiple per dim)."""
    x = as_data_array(x)
    return fresh_copy(repeat_view(x.shape, multiples).apply(x))
