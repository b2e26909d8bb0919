"""torch schemas and Python signatures, derived from the op specs.

An op's arguments, their order, defaults and keyword-only markers are written once, in
`op_specs/<op>.yaml`; this module turns them into the `torch.library` schema string and the
`inspect.Signature` of the public Python function.
"""
from __future__ import annotations

import inspect

from .spec import REQUIRED, AttrType, OpSpec

_SCHEMA_TYPES = {
    AttrType.INT: "int",
    AttrType.INT_LIST: "int[]",
    AttrType.OPTIONAL_INT_LIST: "int[]?",
    AttrType.STR: "str",
    AttrType.FLOAT: "float",
    # Rows of ints travel flattened, row after row (`flat_rows`), as one int[]: the binding's
    # IntArrayRef, aclnn's aclIntArray and CANN's ListInt attribute hold one flat list, and torch's
    # schema parser took nested lists only in recent releases. The Python signature takes the rows.
    AttrType.INT_ROWS: "int[]",
}


def flat_rows(rows) -> list:
    """An int[][] value as its schema carries it: the rows' ints one after the other."""
    return [v for row in rows for v in row]


def _schema_default(value: object) -> str:
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], (list, tuple)):
        value = flat_rows(value)
    if isinstance(value, float):
        return repr(value)
    if value is None:
        return "None"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def torch_schema(op: OpSpec) -> str:
    """`strided_slice(Tensor x, int[] begin, ..., *, int begin_mask=0, ...) -> Tensor`."""
    params = [f"Tensor? {t.name}=None" if t.optional else f"Tensor {t.name}" for t in op.inputs]
    star_done = False
    for a in op.attributes:
        if a.keyword_only and not star_done:
            params.append("*")
            star_done = True
        text = f"{_SCHEMA_TYPES[a.type]} {a.name}"
        if not a.required:
            text += f"={_schema_default(a.default)}"
        params.append(text)
    returns = ", ".join("Tensor" for _ in op.outputs)
    if len(op.outputs) > 1:
        returns = f"({returns})"
    return f"{op.name}({', '.join(params)}) -> {returns}"


def python_signature(op: OpSpec) -> inspect.Signature:
    """The signature of `ascend_ops.<op>`: the input tensors, then the attributes."""
    params = [inspect.Parameter(t.name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                default=None if t.optional else inspect.Parameter.empty)
              for t in op.inputs]
    for a in op.attributes:
        kind = inspect.Parameter.KEYWORD_ONLY if a.keyword_only else \
            inspect.Parameter.POSITIONAL_OR_KEYWORD
        default = inspect.Parameter.empty if a.default is REQUIRED else a.default
        params.append(inspect.Parameter(a.name, kind, default=default))
    return inspect.Signature(params)


def _gradient_attributes(op: OpSpec) -> tuple[list, list]:
    """The view op's attributes as its gradient op takes them: the positional ones, each required
    (`dy` follows them), and the keyword-only ones."""
    positional = [a for a in op.attributes if not a.keyword_only]
    return positional, [a for a in op.attributes if a.keyword_only]


def gradient_schema(op: OpSpec) -> str:
    """`strided_slice_grad(int[] shape, int[] begin, ..., Tensor dy, *, int begin_mask=0, ...)
    -> Tensor`: the gradient op its `backward: {scatter: ...}` declares."""
    positional, keyword_only = _gradient_attributes(op)
    params = ["int[] shape", *(f"{_SCHEMA_TYPES[a.type]} {a.name}" for a in positional), "Tensor dy"]
    if keyword_only:
        params.append("*")
    params += [f"{_SCHEMA_TYPES[a.type]} {a.name}" + ("" if a.required else f"={_schema_default(a.default)}")
               for a in keyword_only]
    return f"{op.backward.gradient.name}({', '.join(params)}) -> Tensor"


def gradient_signature(op: OpSpec) -> inspect.Signature:
    """The signature of `ascend_ops.<op>_grad`, TensorFlow's order: shape, the attributes, dy."""
    positional, keyword_only = _gradient_attributes(op)
    required = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter(name, required) for name in ("shape", *(a.name for a in positional), "dy")]
    params += [inspect.Parameter(a.name, inspect.Parameter.KEYWORD_ONLY,
                                 default=inspect.Parameter.empty if a.required else a.default)
               for a in keyword_only]
    return inspect.Signature(params)
