"""constant_pad: TensorFlow `PadV2` in constant mode: `x` with `paddings[k] = [before, after]`
elements of `constant_value` around each dim k. A filling view op: its view is of its output, the
one `x` is written into (Note [filling view ops] in ascend_ops_gen/spec/model.py)."""

from __future__ import annotations

__all__ = ["constant_pad", "constant_pad_view"]

import numpy as np

from .arguments import as_data_array, exact_value, int_rows, real_number, shape_vector
from .errors import OpArgumentError
from .view_steps import Index, View


def constant_pad_view(shape, paddings, constant_value, *, dtype=None) -> View:
    """Check the arguments for an x of `shape` (and of `dtype`, which must hold `constant_value`
    exactly); the output as a View whose steps give the block x is written into."""
    shape, rows = shape_vector(shape), int_rows("paddings", paddings, 2)
    value = real_number("constant_value", constant_value)
    if len(rows) != len(shape):
        raise OpArgumentError(f"paddings has {len(rows)} rows; x has {len(shape)} dims: give one "
                              f"[before, after] per dim")
    for k, (before, after) in enumerate(rows):
        if before < 0 or after < 0:
            raise OpArgumentError(f"paddings[{k}] = [{before}, {after}] is negative; paddings are non-negative")
        if before + shape[k] + after > 2**63 - 1:
            raise OpArgumentError(f"paddings[{k}] = [{before}, {after}] makes dim {k} longer than 2**63 - 1")
    if dtype is not None:  # the value is the fill's, checked after the view as the TilingFunc does
        dtype = np.dtype(dtype)
        exact_value("constant_value", value, dtype, dtype.name, "the dtype of x")
    out_shape = tuple(before + d + after for d, (before, after) in zip(shape, rows))
    block = tuple(slice(before, before + d) for d, (before, _) in zip(shape, rows))
    return View(out_shape, shape, (Index(block),) if block else ())


def constant_pad(x, paddings, constant_value) -> np.ndarray:
    """x padded with constant_value, which x's dtype holds exactly."""
    x = as_data_array(x)
    view = constant_pad_view(x.shape, paddings, constant_value, dtype=x.dtype)
    out = np.full(view.input_shape, constant_value, dtype=x.dtype)
    view.apply(out)[...] = x
    return out
