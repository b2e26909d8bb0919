"""The hand-written pieces of an op, found by its spec's name (docs/adding-an-op.md).

A view op is its spec (`op_specs/<op>.yaml`), its reference and canonicalisation
(`cpu_reference/<op>.py`, exporting `<op>` and `<op>_view`) and its C++ view builder
(`Build<Op>View` in `ascend_kernels/<op>/<op>_view.h`, found by the code generator); a custom op
is its spec, its reference (`<op>`, `<op>_shape` with `shape: infer_shape`, if its rules read
the inputs' values `<op>_check`, and if they read the inputs' dtypes `<op>_dtype_check`) and its
kernel code (`ascend_kernels/<op>/<op>_compute.h`, found
by the code generator). Every other
layer of the package is the same for all ops and asks this module for the Python pieces, when a
call first needs them: a spec whose pieces are missing still imports, and the call says what to
write where.
"""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable

import cpu_reference
from ascend_ops_gen.schema import python_signature
from ascend_ops_gen.spec import OpSpec, specs

from .errors import SpecError


class MissingOpPieceError(SpecError):
    """A spec's op lacks a hand-written piece; the message names the spec and the file."""


def _piece(op: OpSpec, name: str, what: str) -> Callable:
    fn = getattr(cpu_reference, name, None)
    if not callable(fn):
        raise MissingOpPieceError(
            f"{op.loc}: op {op.name} needs {what} `{name}` in cpu_reference/{op.name}.py, listed "
            f"in that file's __all__ (docs/adding-an-op.md)")
    return fn


@functools.lru_cache(maxsize=None)
def reference(op_name: str) -> Callable:
    """`cpu_reference.<op>`: numpy in, numpy out."""
    return _piece(specs().op(op_name), op_name, "its numpy reference")


@functools.lru_cache(maxsize=None)
def shape_function(op_name: str) -> Callable:
    """`cpu_reference.<op>_shape`: a custom op's hand-written shape rule (shape: infer_shape), on the
    inputs' shapes and the attributes."""
    return _piece(specs().op(op_name), f"{op_name}_shape", "its shape rule (shape: infer_shape)")


@functools.lru_cache(maxsize=None)
def data_check(op_name: str) -> Callable | None:
    """`cpu_reference.<op>_check`, the checks of a custom op that read its inputs' values (gather's
    indices in range), which the paths to its kernel run first; None when it has none."""
    fn = getattr(cpu_reference, f"{op_name}_check", None)
    return fn if callable(fn) else None


@functools.lru_cache(maxsize=None)
def dtype_check(op_name: str) -> Callable | None:
    """`cpu_reference.<op>_dtype_check(dtypes, <attributes>)`, the rules of a custom op that read its
    inputs' dtypes (by input name, dtype names) and its attributes but no values, which every path
    runs, the fake kernel's included; None when it has none."""
    fn = getattr(cpu_reference, f"{op_name}_dtype_check", None)
    return fn if callable(fn) else None


@functools.lru_cache(maxsize=None)
def _view_function(op_name: str) -> tuple[Callable, bool]:
    fn = _piece(specs().op(op_name), f"{op_name}_view", "its canonicalisation")
    return fn, "dtype" in inspect.signature(fn).parameters


def canonical_view(op_name: str, shape: tuple[int, ...], dtype: Callable[[], object],
                   args: tuple, kwargs: dict):
    """`cpu_reference.<op>_view` for an input of `shape` (and of the numpy dtype `dtype()`
    returns, for the ops whose rules depend on it): the checked call as `output_shape` and
    `view_steps()`."""
    fn, takes_dtype = _view_function(op_name)
    if takes_dtype:
        return fn(shape, *args, dtype=dtype(), **kwargs)
    return fn(shape, *args, **kwargs)


def result_shape(op_name: str, view) -> tuple:
    """The result's shape of a checked call (`canonical_view`): the view's of a view op that reads,
    the shape of the output it views of a filling op (Note [filling view ops] in
    ascend_ops_gen/spec/model.py)."""
    return tuple(view.input_shape if specs().op(op_name).is_filling else view.output_shape)


def fill_value(op_name: str, args: tuple, kwargs: dict) -> float:
    """A filling op's fill: the value of its fill attribute in the call `(x, *args, **kwargs)`."""
    op = specs().op(op_name)
    bound = python_signature(op).bind(None, *args, **kwargs)
    bound.apply_defaults()
    return float(bound.arguments[op.fill])
