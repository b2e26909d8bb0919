"""The public Python functions, one per op spec, each a thin wrapper of `torch.ops.ascend_ops.*`.

Their parameters are the spec's (`schema.python_signature`), so `help(ascend_ops.slice)` and
`inspect.signature` show exactly what `op_specs/slice.yaml` declares.
"""
from __future__ import annotations

from collections.abc import Callable

import torch

from .errors import OpArgumentError
from .spec import OpSpec
from .schema import python_signature


def make_op_function(op: OpSpec) -> Callable[..., torch.Tensor]:
    signature = python_signature(op)
    input_name = op.inputs[0].name
    keyword_only = tuple(p.name for p in signature.parameters.values()
                         if p.kind is p.KEYWORD_ONLY)

    def call(*args, **kwargs) -> torch.Tensor:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{op.name}{signature}: {e}") from None
        x = bound.arguments[input_name]
        if not isinstance(x, torch.Tensor):
            raise OpArgumentError(f"{input_name} must be a torch.Tensor, got {type(x).__name__}; "
                                  f"for numpy arrays use cpu_reference.{op.name}")
        bound.apply_defaults()
        positional = [v for k, v in bound.arguments.items() if k not in keyword_only]
        named = {k: bound.arguments[k] for k in keyword_only}
        return getattr(torch.ops.ascend_ops, op.name)(*positional, **named)

    call.__name__ = call.__qualname__ = op.name
    call.__module__ = "ascend_ops"
    call.__signature__ = signature
    call.__doc__ = f"{op.summary}\n\n{op.doc}\nSpec: {op.file}."
    return call
