"""attr_probe: a copy of `x`, whose attributes, one of every spec type, only constrain the call."""

from __future__ import annotations

__all__ = ["attr_probe", "attr_probe_dtype_check"]

import numpy as np

from .arguments import (as_data_array, exact_value, index_vector, int_rows, integer, optional_index_vector,
                        real_number, string)
from .errors import OpArgumentError

MODES = ("exact", "wide")


def attr_probe_dtype_check(dtypes, rows, dims, perm=None, *, mode="exact", scale=1.0, pairs=()) -> None:
    """The rules on the attributes and on x's dtype (a name), which read no values."""
    checked = {"rows": integer("rows", rows)}
    checked["dims"] = index_vector("dims", dims)
    checked["perm"] = optional_index_vector("perm", perm) or ()
    if string("mode", mode) not in MODES:
        raise OpArgumentError(f"mode {mode!r} is not one of {', '.join(MODES)}")
    for name, values in checked.items():
        for i, v in enumerate(values if isinstance(values, tuple) else (values,)):
            if v < 0:
                where = name if not isinstance(values, tuple) else f"{name}[{i}]"
                raise OpArgumentError(f"{where} = {v} must be non-negative")
    if mode == "wide" and dtypes["x"] != "float32":
        raise OpArgumentError(f"mode 'wide' needs x of float32, got {dtypes['x']}")
    # (x is float16 or float32: numpy names both)
    exact_value("scale", real_number("scale", scale), np.dtype(dtypes["x"]), dtypes["x"], "the dtype of x")
    for i, (low, high) in enumerate(int_rows("pairs", pairs, 2)):
        if low > high:
            raise OpArgumentError(f"pairs[{i}] = [{low}, {high}] must be ascending")


def attr_probe(x, rows, dims, perm=None, *, mode="exact", scale=1.0, pairs=()) -> np.ndarray:
    """A copy of `x`, once the attributes pass their rules."""
    x = as_data_array(x)
    attr_probe_dtype_check({"x": x.dtype.name}, rows, dims, perm, mode=mode, scale=scale, pairs=pairs)
    return x.copy()
