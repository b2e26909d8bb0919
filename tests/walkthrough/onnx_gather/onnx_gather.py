"""onnx_gather: ONNX `Gather` on axis 0, `data[indices]`; a negative index counts from the end."""

from __future__ import annotations

__all__ = ["onnx_gather", "onnx_gather_check", "onnx_gather_shape"]

import numpy as np

from .arguments import as_data_array, shape_vector
from .errors import OpArgumentError, OpTypeError


def onnx_gather_shape(data_shape, indices_shape) -> tuple[int, ...]:
    """The output's shape: the indices' shape, then data's dims after the first."""
    data_shape, indices_shape = shape_vector(data_shape), shape_vector(indices_shape)
    if not data_shape:
        raise OpArgumentError("data is 0-d; onnx_gather takes rows of a tensor of rank 1 or more")
    return indices_shape + data_shape[1:]


def onnx_gather_check(data, indices) -> None:
    """What of onnx_gather's rules reads the indices' values: each lies within data's rows."""
    data, indices = as_data_array(data), as_data_array(indices)
    onnx_gather_shape(data.shape, indices.shape)
    if indices.dtype not in (np.int32, np.int64):
        raise OpTypeError(f"indices has dtype {indices.dtype}; onnx_gather takes int32 or int64 indices")
    rows, flat = data.shape[0], indices.reshape(-1)
    bad = np.flatnonzero((flat < -rows) | (flat >= rows))
    if bad.size:
        where = ", ".join(str(int(i)) for i in np.unravel_index(bad[0], indices.shape))
        raise OpArgumentError(f"indices[{where}] = {int(flat[bad[0]])} is out of range: data has {rows} rows "
                              f"along axis 0 (valid: {-rows} to {rows - 1})")


def onnx_gather(data, indices) -> np.ndarray:
    """The rows of `data` that `indices` name, in the indices' shape."""
    onnx_gather_check(data, indices)
    data, indices = as_data_array(data), as_data_array(indices)
    shape = onnx_gather_shape(data.shape, indices.shape)
    return np.take(data, indices.reshape(-1).astype(np.int64), axis=0).reshape(shape)
