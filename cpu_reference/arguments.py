"""Argument checks shared by every op, and the one way a result leaves the package.

Public: the ascend_ops runtime checks every attribute with these same rules before torch's
parser sees it (ascend_ops/runtime/arguments.py), so both accept and reject the same calls.
Shapes may hold a tracer's symbolic sizes (Note [symbolic sizes]).

Indexes are plain Python ints from here on: the canonicalisation adds and
subtracts INT64_MIN / INT64_MAX values, which would wrap in numpy int64."""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Callable, Sequence

import numpy as np

from .errors import OpArgumentError, OpTypeError

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# numpy's NPY_MAXDIMS: no array has more dimensions, so neither may an op's input or result.
MAX_RANK = 64


def as_data_array(x) -> np.ndarray:
    """`x` as an ndarray whose elements are fixed-size values that can be moved bit for bit."""
    array = np.asarray(x)
    dtype = array.dtype
    # ml_dtypes scalars (bfloat16, float8_*) have kind 'V' but their own scalar type.
    movable = dtype.kind in "biufcmM" or (dtype.kind == "V" and dtype.type is not np.void)
    if not movable:
        raise OpArgumentError(
            f"x has dtype {dtype}: only fixed-size numeric and bool dtypes are supported "
            "(object, string and structured arrays are rejected)"
        )
    return array


def integer(name: str, value, *, low: int = INT64_MIN, high: int = INT64_MAX) -> int:
    """`value` as a Python int in [low, high]; bools, floats and other types are rejected."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise OpTypeError(
            f"{name} = {_short_repr(value)} is not an integer: expected a Python or numpy integer, "
            f"got {type(value).__name__}"
        )
    result = operator.index(value)
    if not low <= result <= high:
        raise OpArgumentError(f"{name} = {result} is out of range: it must be in [{low}, {high}]")
    return result


def index_vector(name: str, values) -> tuple[int, ...]:
    """A 1-D sequence of int64 indexes (list, tuple or 1-D integer array) as a tuple of ints."""
    if isinstance(values, np.ndarray):
        if values.ndim != 1:
            raise OpTypeError(
                f"{name} must be a 1-D sequence of integers, got an array of shape {values.shape}"
            )
    elif isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise OpTypeError(
            f"{name} = {_short_repr(values)} is not a sequence of integers: expected a list or "
            f"tuple of ints, got {type(values).__name__}"
        )
    return tuple(integer(f"{name}[{i}]", v) for i, v in enumerate(values))


def optional_index_vector(name: str, values) -> tuple[int, ...] | None:
    """`index_vector`, or None for None."""
    return None if values is None else index_vector(name, values)


def int_rows(name: str, values, inner: int) -> tuple[tuple[int, ...], ...]:
    """An int[][] attribute: rows of `inner` ints each, given as rows (a list of lists, or a 2-D
    integer array) or flattened row after row (as its torch schema carries it)."""
    if isinstance(values, np.ndarray) and values.ndim == 2:
        values = values.tolist()
    if isinstance(values, Sequence) and not isinstance(values, (str, bytes)) and values and \
            all(isinstance(r, (Sequence, np.ndarray)) and not isinstance(r, (str, bytes)) for r in values):
        rows = tuple(index_vector(f"{name}[{i}]", r) for i, r in enumerate(values))
        for i, r in enumerate(rows):
            if len(r) != inner:
                raise OpArgumentError(f"{name}[{i}] has {len(r)} ints; {name} is rows of {inner} ints "
                                      f"(int[][], inner {inner})")
        return rows
    flat = index_vector(name, values)
    if len(flat) % inner:
        raise OpArgumentError(f"{name} has {len(flat)} ints, which are no whole rows of {inner} "
                              f"(int[][], inner {inner})")
    return tuple(flat[i:i + inner] for i in range(0, len(flat), inner))


# Note [float attributes] in ascend_ops_gen/spec/model.py: a float attribute is a float32 and, with
# `value_of`, exactly a value of its input's dtype.
def real_number(name: str, value) -> float:
    """A float attribute: a Python or numpy real number (not a bool) that a float32 holds exactly."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise OpTypeError(f"{name} = {_short_repr(value)} is not a number: expected a Python or numpy "
                          f"float or int, got {type(value).__name__}")
    return exact_value(name, float(value), np.dtype(np.float32), "float32", "the type of a float attribute")


def exact_value(name: str, value: float, dtype: np.dtype, dtype_name: str, whose: str):
    """`value` as a scalar of `dtype`, which must hold it exactly (NaN and the infinities: any
    floating dtype); else OpArgumentError naming the attribute, the value, the dtype and the rule."""
    value = float(value)
    kind = dtype.kind
    exact = False
    if kind == "f" or dtype_name == "bfloat16":
        with np.errstate(over="ignore"):
            converted = np.array(value).astype(dtype)
        exact = value != value or float(converted) == value
    elif kind in "iu":
        info = np.iinfo(dtype)
        exact = math.isfinite(value) and value == int(value) and info.min <= int(value) <= info.max
        converted = np.array(int(value) if exact else 0, dtype=dtype)
    elif kind == "b":
        exact = value in (0.0, 1.0)
        converted = np.array(value == 1.0)
    if not exact:
        raise OpArgumentError(f"{name} = {value:.9g} is not exactly representable in {dtype_name} ({whose}); "
                              f"give a value {dtype_name} holds exactly")
    return converted[()]


def string(name: str, value) -> str:
    """`value` if it is a str; any other type is rejected."""
    if not isinstance(value, str):
        raise OpTypeError(
            f"{name} = {_short_repr(value)} is not a string: expected a str, got {type(value).__name__}"
        )
    return value


# Note [symbolic sizes]
# ~~~~~~~~~~~~~~~~~~~~~
# A tracer (torch.compile's fake kernels, ascend_ops/runtime/torch_views.py) may pass an input
# shape whose sizes are symbols, not ints. The canonicalisation runs on them unchanged: Python's
# operators build expressions, and a comparison whose answer depends on a symbol is a branch the
# tracer decides by its example and keeps as a guard on what it compiled. Only clamping is spelled
# `clamp`, so that a symbolic bound is clamped by the symbols' own min and max, an expression, not
# a branch. The tracer names its symbol type and that min and max (`allow_symbolic_sizes`); this
# package imports nothing of it. A message formatted from symbols would print them, so a tracer
# that meets an error redoes the call on the sizes' values, for the message eager gives.
#
# Most guards bound a size (`offset < dim`, a divisibility, the sign of a clamped interval); one
# fixes a size to a value, as its rule names one: NCHW_VECT_C's lane dim is 4. A refused call
# specialises every size, and torch itself a result dim of size 0 or 1.

# A tracer's symbolic size type, and its min and max (Note [symbolic sizes]).
_symbolic_size_types: tuple[type, ...] = ()
_size_min: Callable = builtins.min
_size_max: Callable = builtins.max


def allow_symbolic_sizes(size_type: type, minimum: Callable, maximum: Callable) -> None:
    """Accept sizes of `size_type` in shapes, clamped by `minimum` and `maximum` (Note [symbolic
    sizes])."""
    global _symbolic_size_types, _size_min, _size_max
    _symbolic_size_types, _size_min, _size_max = (size_type,), minimum, maximum


def clamp(value, low, high):
    """min(max(value, low), high); of symbolic sizes, an expression (Note [symbolic sizes])."""
    symbolic = _symbolic_size_types
    if isinstance(value, symbolic) or isinstance(low, symbolic) or isinstance(high, symbolic):
        return _size_min(_size_max(value, low), high)
    return min(max(value, low), high)


def shape_vector(shape) -> tuple[int, ...]:
    """An input shape as ints (or a tracer's symbolic sizes, Note [symbolic sizes]), at most
    MAX_RANK of them."""
    dims = tuple(dim if isinstance(dim, _symbolic_size_types) else integer(f"shape[{i}]", dim, low=0)
                 for i, dim in enumerate(shape))
    check_rank("x", len(dims))
    return dims


def check_rank(name: str, rank: int, limit: int = MAX_RANK, why: str = "numpy's limit") -> None:
    """`name` (an input or a result) may have at most `limit` dimensions."""
    if rank > limit:
        raise OpArgumentError(
            f"{name} has {rank} dimensions: at most {limit} are supported ({why})"
        )


def _short_repr(value, limit: int = 80) -> str:
    """repr(value), cut to `limit` characters (a junk argument may be a huge tensor or list)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fresh_copy(view: np.ndarray) -> np.ndarray:
    """A new C-contiguous array equal to `view` that shares no memory with anything (0-d stays 0-d)."""
    return np.array(view, copy=True, order="C")
