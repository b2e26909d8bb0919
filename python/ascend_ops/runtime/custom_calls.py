"""A call of a custom op (kind: custom, Note [custom ops] in ascend_ops_gen/spec/model.py) as every
path checks it before any data moves, from the spec alone:
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ascend_ops_gen.schema import python_signature
from ascend_ops_gen.spec import AttrType, OpSpec, Product, ReadMode, ShapeRuleKind, TilingSource
from cpu_reference.arguments import exact_value, int_rows, real_number

from .errors import OpArgumentError, UnsupportedDtypeError
from .reference_functions import dtype_check, shape_function
from .products import NPU_DEVICE, current_product

# - the tensors bound by name (`bound_tensors`): an optional input may be None;
# - each input's dtype against its tensor's list under the rule of the product that binds the
#   call's device (Note [active product] in products.py), which applies to every tensor, and a
#   tensor that shares another's dtypes (`same_as`) has that tensor's dtype
#   (`check_dtypes`, UnsupportedDtypeError); the outputs' dtypes follow (`output_dtypes`);
# - the op's own rules on its dtypes and attributes, the reference's `<op>_dtype_check`, if it has
#   one (`check_dtype_rule`: a rule that depends on a dtype holds for meta tensors too);
# - the outputs' shape by the spec's `shape:` rule (`output_shape`: an input's shape, numpy
#   broadcasting, or the reference's `<op>_shape` twin of the op's Infer<Op>Shape), and every input
#   the kernel reads tile by tile has that shape (`check_shapes`, OpArgumentError).
#
# The fake kernel (`fake_kernel`) is those rules on shapes; the CPU, NPU and simulated paths run
# them before their executor.


def bound_tensors(op: OpSpec, args: Sequence[Any], kwargs: Mapping[str, Any]) -> tuple[list, tuple, dict]:
    """(the inputs in spec order, None for an optional one left out; (); the attributes given, by
    name) of a call; a call that does not fit the op's signature raises TypeError."""
    try:
        bound = python_signature(op).bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"{op.name}{python_signature(op)}: {e}") from None
    tensors = [bound.arguments.get(t.name) for t in op.inputs]
    attrs = {a.name: bound.arguments[a.name] for a in op.attributes if a.name in bound.arguments}
    return tensors, (), attrs


def _where(product) -> tuple[str, str]:
    """(' on <key> (<title>) (<why>)', ' there') for a product, ('', '') for none."""
    if product is None:
        return "", ""
    return f" on {product.key} ({product.title})", " there"


def check_dtypes(op: OpSpec, dtypes: Mapping[str, str], p: Product | None) -> None:
    """UnsupportedDtypeError unless the inputs' dtypes (by name; an input left out is absent) are a
    dtype combination of the op for product `p` (with None, any of the spec's)."""
    rule = op.rule_for(p) if p is not None else None
    on, there = _where(p)
    for t in op.inputs:
        if t.name not in dtypes:
            continue
        owner = op.dtype_owner(t.name)
        dtype = dtypes[t.name]
        if owner is not t and owner.name in dtypes and dtypes[owner.name] != dtype:
            raise UnsupportedDtypeError(f"{op.name}: {t.name} has dtype {dtype}; it must have the dtype of "
                                        f"{owner.name}, {dtypes[owner.name]}")
        listed = op.tensor_dtypes(owner.name)
        allowed = rule.apply(listed) if rule is not None else listed
        if dtype not in allowed:
            why = f" ({rule.why})" if rule is not None and rule.why else ""
            raise UnsupportedDtypeError(f"{op.name} does not support {t.name} of dtype {dtype}{on}{why}; "
                                        f"supported{there}: {', '.join(allowed) or 'none'}")


def check_dtype_rule(op: OpSpec, dtypes: Mapping[str, str], attrs: Mapping[str, Any]) -> None:
    """The reference's `<op>_dtype_check(dtypes, **attrs)`, if the op has one: its errors are the call's."""
    rule = dtype_check(op.name)
    if rule is not None:
        rule(dict(dtypes), **attrs)


def output_dtypes(op: OpSpec, dtypes: Mapping[str, str]) -> dict[str, str]:
    """The dtype of each output, by name, for inputs of `dtypes` (by name)."""
    out = {}
    for t in op.outputs:
        owner = op.dtype_owner(t.name)
        out[t.name] = dtypes[owner.name] if owner in op.inputs else op.tensor_dtypes(owner.name)[0]
    return out


def output_shape(op: OpSpec, shapes: Sequence[tuple[int, ...] | None], attrs: Mapping[str, Any]) -> tuple[int, ...]:
    """The outputs' shape by the spec's rule, from the inputs' shapes (None: left out). Sizes may
    be SymInts under torch.compile where the rule is the spec's own (Note [custom symbolic sizes])."""
    rule = op.shape_rule
    by_name = {t.name: s for t, s in zip(op.inputs, shapes)}
    if rule.kind is ShapeRuleKind.SAME_AS:
        return tuple(by_name[rule.inputs[0]])
    if rule.kind is ShapeRuleKind.BROADCAST:
        listed = [tuple(by_name[n]) for n in rule.inputs]
        try:
            if any(not isinstance(d, int) for s in listed for d in s):
                import torch

                return tuple(torch.broadcast_shapes(*listed))
            return tuple(np.broadcast_shapes(*listed))
        except (RuntimeError, ValueError):  # torch's, numpy's
            concrete = [tuple(int(d) for d in s) for s in listed]
            raise OpArgumentError(f"{' and '.join(f'{n} of shape {s}' for n, s in zip(rule.inputs, concrete))} "
                                  f"do not broadcast") from None
    return tuple(shape_function(op.name)(*shapes, **attrs))


def check_shapes(op: OpSpec, shapes: Sequence[tuple[int, ...] | None], out: tuple[int, ...]) -> None:
    """OpArgumentError for an input the kernel reads tile by tile whose shape is not the outputs'."""
    rule = op.shape_rule
    for t, shape in zip(op.inputs, shapes):
        if t.read is not ReadMode.TILE or shape is None or tuple(shape) == tuple(out):
            continue
        shape, out = tuple(int(d) for d in shape), tuple(int(d) for d in out)
        if rule.kind is ShapeRuleKind.SAME_AS:
            raise OpArgumentError(f"{t.name} has shape {shape}; {op.name} needs the shape of "
                                  f"{rule.inputs[0]}, {out}")
        raise OpArgumentError(f"{t.name} has shape {shape}; {op.name}'s kernel reads it tile by tile "
                              f"beside its outputs, of shape {out} (expand it first)")


def _dtype_name(tensor) -> str:
    dtype = tensor.dtype
    return str(dtype).removeprefix("torch.") if not isinstance(dtype, np.dtype) else dtype.name


def _device(tensors: Sequence[Any]) -> str:
    """"npu" when any of a call's tensors is an npu tensor, else "cpu" (numpy arrays too)."""
    on_npu = any(getattr(getattr(x, "device", None), "type", None) == NPU_DEVICE for x in tensors)
    return NPU_DEVICE if on_npu else "cpu"


# Note [custom symbolic sizes]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# Under torch.compile(dynamic=True) a custom op's fake kernel keeps the inputs' sizes symbolic
# where the shape rule is the spec's own (same_as: the input's sizes; broadcast:
# torch.broadcast_shapes, which guards only where two sizes must be compared), so a new batch size
# reuses the graph. A hand-written rule (shape: infer_shape) is the author's Python on ints: its
# sizes are made concrete, a guard on each, and each new size compiles again.


def _sizes(x, symbolic: bool) -> tuple:
    """x's sizes: as they are (SymInts under torch.compile) where `symbolic`, else ints."""
    if symbolic:
        return tuple(x.shape)
    return tuple(int(d) for d in x.shape)


def _carried(op: OpSpec) -> frozenset[str]:
    """The attributes the op's tiling data carries (`tiling:` fields of source attribute)."""
    return frozenset(f.attribute for f in op.tiling if f.source is TilingSource.ATTRIBUTE)


def reference_attributes(op: OpSpec, attrs: Mapping[str, Any], dtypes: Mapping[str, str] | None = None) -> dict:
    """The attributes given (by name) as the reference and the shape rule take them, checked by
    the rules every path shares: an int[][] as its rows (given as rows or flattened), at most
    tiling_rank of them where the tiling data carries it, as a list carried there; a float
    attribute exactly a float32 and, with `value_of`, exactly a value of that input's dtype (its
    name in `dtypes`) (Note [float attributes] in ascend_ops_gen/spec/model.py)."""
    out = dict(attrs)
    carried = _carried(op)
    for a in op.attributes:
        if a.name not in attrs or attrs[a.name] is None:
            continue
        value = attrs[a.name]
        if a.type is AttrType.INT_ROWS:
            value = out[a.name] = int_rows(a.name, value, a.inner)
        elif a.type is AttrType.FLOAT and not _is_symbolic(value):
            value = real_number(a.name, value)
            owner = a.value_of
            if owner is not None and dtypes is not None and owner in dtypes:
                exact_value(a.name, value, numpy_dtype_named(dtypes[owner]), dtypes[owner], f"the dtype of {owner}")
        if a.name in carried and a.type in (AttrType.INT_ROWS, AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST) \
                and len(value) > op.tiling_rank:
            what = "rows" if a.type is AttrType.INT_ROWS else "ints"
            raise OpArgumentError(f"{a.name} has {len(value)} {what}; {op.name}'s tiling data holds at most "
                                  f"{op.tiling_rank} (its max_rank, else the dims of a CANN tensor shape)")
    return out


def _is_symbolic(value) -> bool:
    return type(value).__name__.startswith("Sym")


def numpy_dtype_named(name: str) -> np.dtype:
    """The numpy dtype of a spec dtype name (bfloat16: ml_dtypes')."""
    if name == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def check_call(op: OpSpec, tensors: Sequence[Any], attrs: Mapping[str, Any]) -> tuple[tuple[int, ...], dict[str, str]]:
    """The call's checks (this module's docstring) on its tensors (torch or numpy; None: left out):
    (the outputs' shape, the outputs' dtypes by name). Sizes stay symbolic where the shape rule
    allows (Note [custom symbolic sizes])."""
    for t, tensor in zip(op.inputs, tensors):
        if tensor is None and not t.optional:
            raise OpArgumentError(f"{op.name}: input {t.name} is required, got None")
    dtypes = {t.name: _dtype_name(x) for t, x in zip(op.inputs, tensors) if x is not None}
    check_dtypes(op, dtypes, current_product(_device(tensors)))
    attrs = reference_attributes(op, attrs, dtypes)
    check_dtype_rule(op, dtypes, attrs)
    symbolic = op.shape_rule.kind in (ShapeRuleKind.SAME_AS, ShapeRuleKind.BROADCAST)
    shapes = [None if x is None else _sizes(x, symbolic) for x in tensors]
    out = output_shape(op, shapes, attrs)
    check_shapes(op, shapes, out)
    return out, output_dtypes(op, dtypes)


def fake_kernel(op: OpSpec) -> Callable[..., Any]:
    """The op on fake (or meta) tensors: empty outputs of the shape and dtypes its rules give."""
    import torch

    def run(*args, **kwargs):
        tensors, _, attrs = bound_tensors(op, args, kwargs)
        shape, dtypes = check_call(op, tensors, attrs)
        first = next(x for x in tensors if x is not None)
        outs = tuple(first.new_empty(shape, dtype=getattr(torch, dtypes[t.name])) for t in op.outputs)
        return outs[0] if len(outs) == 1 else outs
    run.__name__ = run.__qualname__ = f"{op.name}_fake"
    return run
