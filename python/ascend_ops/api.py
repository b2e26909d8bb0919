"""The public Python functions, one per op spec, each a thin wrapper of `torch.ops.ascend_ops.*`.

Their parameters are the spec's (`schema.python_signature`), so `help(ascend_ops.slice)` and
`inspect.signature` show exactly what `op_specs/slice.yaml` declares. The packet they call checks
every argument against the spec first (`arguments.py`), or, with the compiled fast path, hands
arguments of exactly the spec's types to C++ (`cpu/compiled.py`).
"""
from __future__ import annotations

from collections.abc import Callable

import torch
from ascend_ops_gen.schema import gradient_signature, python_signature
from ascend_ops_gen.spec import OpSpec

from .cpu import compiled
from .runtime.errors import OpArgumentError, naming_op


def make_op_function(op: OpSpec) -> Callable[..., torch.Tensor]:
    packet = getattr(torch.ops.ascend_ops, op.name)
    call = compiled.direct_function(packet)  # the packet's own fast attempt, one frame less
    if call is None:
        def call(*args, **kwargs) -> torch.Tensor:
            try:
                return packet(*args, **kwargs)
            except OpArgumentError as e:  # raised from the public function, one frame deep
                raise naming_op(e, op.name) from None

    call.__name__ = call.__qualname__ = op.name
    call.__module__ = "ascend_ops"
    call.__signature__ = python_signature(op)
    call.__doc__ = f"{op.summary}\n\n{op.doc}\nSpec: {op.file}."
    return call


def make_gradient_function(op: OpSpec) -> Callable[..., torch.Tensor]:
    """`ascend_ops.<op>_grad`, the gradient op a view op declares (`backward: {scatter: ...}`)."""
    gradient = op.backward.gradient
    packet = getattr(torch.ops.ascend_ops, gradient.name)

    def call(*args, **kwargs) -> torch.Tensor:
        try:
            return packet(*args, **kwargs)
        except OpArgumentError as e:
            raise naming_op(e, gradient.name) from None

    call.__name__ = call.__qualname__ = gradient.name
    call.__module__ = "ascend_ops"
    call.__signature__ = gradient_signature(op)
    call.__doc__ = f"{gradient.summary}\n\n{gradient.semantics}: the adjoint of `{op.name}`.\nSpec: {op.file}."
    return call
