"""tf_pad: TensorFlow `PadV2` in constant mode: `x` with `paddings[k] = [before, after]` elements of
`constant_value` around each dim k."""

from __future__ import annotations

__all__ = ["tf_pad", "tf_pad_shape"]

import numpy as np

from .arguments import as_data_array, exact_value, int_rows, real_number, shape_vector
from .errors import OpArgumentError


def tf_pad_shape(x_shape, paddings, constant_value) -> tuple[int, ...]:
    """The output's shape: each dim of x with its paddings added."""
    del constant_value  # the shape does not depend on it
    x_shape, rows = shape_vector(x_shape), int_rows("paddings", paddings, 2)
    if len(rows) != len(x_shape):
        raise OpArgumentError(f"paddings has {len(rows)} rows; x has {len(x_shape)} dims: give one "
                              f"[before, after] per dim")
    for k, (before, after) in enumerate(rows):
        if before < 0 or after < 0:
            raise OpArgumentError(f"paddings[{k}] = [{before}, {after}] is negative; paddings are non-negative")
    return tuple(before + d + after for d, (before, after) in zip(x_shape, rows))


def tf_pad(x, paddings, constant_value) -> np.ndarray:
    """x padded with constant_value, which x's dtype holds exactly."""
    x = as_data_array(x)
    shape = tf_pad_shape(x.shape, paddings, constant_value)
    value = exact_value("constant_value", real_number("constant_value", constant_value), x.dtype,
                        x.dtype.name, "the dtype of x")
    out = np.full(shape, value, dtype=x.dtype)
    rows = int_rows("paddings", paddings, 2)
    out[tuple(slice(before, before + d) for d, (before, _) in zip(x.shape, rows))] = x
    return out
