"""tf_tile: TensorFlow `Tile`, `x` repeated `multiples[k]` times along each dim k."""

from __future__ import annotations

__all__ = ["tf_tile", "tf_tile_shape"]

import numpy as np

from .arguments import as_data_array, index_vector, shape_vector
from .errors import OpArgumentError


def tf_tile_shape(x_shape, multiples) -> tuple[int, ...]:
    """The output's shape: each dim of x times its multiple."""
    x_shape, multiples = shape_vector(x_shape), index_vector("multiples", multiples)
    if len(multiples) != len(x_shape):
        raise OpArgumentError(f"multiples has {len(multiples)} ints; x has {len(x_shape)} dims: give one per dim")
    for k, m in enumerate(multiples):
        if m < 0:
            raise OpArgumentError(f"multiples[{k}] = {m} is negative; a dim repeats 0 or more times")
    return tuple(d * m for d, m in zip(x_shape, multiples))


def tf_tile(x, multiples) -> np.ndarray:
    """x repeated along every dim."""
    x = as_data_array(x)
    shape = tf_tile_shape(x.shape, multiples)
    return np.ascontiguousarray(np.tile(x, tuple(multiples))).reshape(shape) if x.ndim else x.copy()
