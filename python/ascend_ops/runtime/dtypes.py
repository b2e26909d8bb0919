"""torch <-> numpy without copies, for every fixed-size dtype (bfloat16 through ml_dtypes)."""
from __future__ import annotations

import functools

import numpy as np
import torch

# numpy has no bfloat16 or float8: those travel as same-size integers and are viewed as the
# ml_dtypes type, so the reference sees the real dtype and the bits never change. ml_dtypes is
# imported on the first such tensor, not with the package: its import alone takes half a second,
# a quarter of `import ascend_ops`. A dtype this torch or ml_dtypes lacks is left out (torch gained
# float8_e8m0fnu in 2.7).
_INTEGER_CARRIER = {getattr(torch, name): (name, int_dtype) for name, int_dtype in (
    ("bfloat16", torch.int16), ("float8_e4m3fn", torch.int8), ("float8_e5m2", torch.int8),
    ("float8_e4m3fnuz", torch.int8), ("float8_e5m2fnuz", torch.int8),
    ("float8_e8m0fnu", torch.int8)) if hasattr(torch, name)}

_NUMPY = {dtype: np.dtype(name) for dtype, name in (
    (torch.bool, "bool"), (torch.uint8, "uint8"), (torch.int8, "int8"), (torch.int16, "int16"),
    (torch.uint16, "uint16"), (torch.int32, "int32"), (torch.uint32, "uint32"),
    (torch.int64, "int64"), (torch.uint64, "uint64"), (torch.float16, "float16"),
    (torch.float32, "float32"), (torch.float64, "float64"), (torch.complex64, "complex64"),
    (torch.complex128, "complex128"))}


@functools.cache
def _via_integer() -> dict[torch.dtype, tuple[torch.dtype, np.dtype]]:
    """torch dtype -> (the integer dtype carrying its bits, the ml_dtypes numpy dtype)."""
    import ml_dtypes

    return {dtype: (int_dtype, np.dtype(getattr(ml_dtypes, name)))
            for dtype, (name, int_dtype) in _INTEGER_CARRIER.items() if hasattr(ml_dtypes, name)}


@functools.cache
def _back() -> dict[np.dtype, tuple[torch.dtype, torch.dtype]]:
    return {np_dtype: (int_dtype, dtype) for dtype, (int_dtype, np_dtype) in _via_integer().items()}


def movable(dtype: torch.dtype) -> bool:
    """Whether the package moves `dtype`'s elements (numpy_dtype has an answer), without
    importing ml_dtypes (pyproject.toml asks for a release that has every carried type)."""
    return dtype in _NUMPY or dtype in _INTEGER_CARRIER


def numpy_dtype(dtype: torch.dtype) -> np.dtype:
    """The numpy dtype a torch dtype's elements are seen as (a table: safe under fake tensors)."""
    found = _NUMPY.get(dtype)
    if found is None and dtype in _INTEGER_CARRIER:
        found = _via_integer().get(dtype, (None, None))[1]
    if found is None:
        raise TypeError(f"dtype {dtype} has no fixed-size numpy equivalent")
    return found


def to_numpy(x: torch.Tensor) -> np.ndarray:
    """A numpy view of a CPU tensor's elements (strides kept, nothing copied)."""
    x = x.detach()
    if x.is_conj():
        x = x.resolve_conj()
    if x.is_neg():
        x = x.resolve_neg()
    if x.dtype in _INTEGER_CARRIER and x.dtype in _via_integer():
        int_dtype, np_dtype = _via_integer()[x.dtype]
        return x.view(int_dtype).numpy().view(np_dtype)
    return x.numpy()


def from_numpy(a: np.ndarray) -> torch.Tensor:
    """A tensor sharing `a`'s memory, with the torch dtype `a`'s elements stand for."""
    if a.dtype.isbuiltin != 1 and a.dtype in _back():  # 1: numpy's own dtypes
        int_dtype, torch_dtype = _back()[a.dtype]
        return torch.from_numpy(a.view(_NUMPY[int_dtype])).view(torch_dtype)
    return torch.from_numpy(a)
