"""Add: `x + y` element by element, in the dtype of both (IEEE 754, rounding to nearest even)."""

from __future__ import annotations

__all__ = ["add"]

import numpy as np

from .arguments import as_data_array
from .errors import OpArgumentError, OpTypeError


def add(x, y) -> np.ndarray:
    """The sum of two arrays of one shape and dtype."""
    x, y = as_data_array(x), as_data_array(y)
    if y.shape != x.shape:
        raise OpArgumentError(f"y has shape {y.shape}; add needs the shape of x, {x.shape}")
    if y.dtype != x.dtype:
        raise OpTypeError(f"y has dtype {y.dtype}; add needs the dtype of x, {x.dtype}")
    with np.errstate(over="ignore"):  # IEEE 754: an overflow is an infinity
        return np.add(x, y)
