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


def _public(name: str, packet, call, signature, doc: str) -> Callable[..., torch.Tensor]:
    """`ascend_ops.<name>`: `call`, or, without one, the packet with its argument errors named."""
    if call is None:
        def call(*args, **kwargs) -> torch.Tensor:
            try:
                return packet(*args, **kwargs)
            except OpArgumentError as e:  # raised from the public function, one frame deep
                raise naming_op(e, name) from None

    call.__name__ = call.__qualname__ = name
    call.__module__ = "ascend_ops"
    call.__signature__ = signature
    call.__doc__ = doc
    return call


def make_op_function(op: OpSpec) -> Callable[..., torch.Tensor]:
    packet = getattr(torch.ops.ascend_ops, op.name)
    # the packet's own fast attempt, one frame less
    return _public(op.name, packet, compiled.direct_function(packet), python_signature(op),
                   f"{op.summary}\n\n{op.doc}\nSpec: {op.file}.")


def make_gradient_function(op: OpSpec) -> Callable[..., torch.Tensor]:
    """`ascend_ops.<op>_grad`, the gradient op a view op declares (`backward: {scatter: ...}`)."""
    gradient = op.backward.gradient
    return _public(gradient.name, getattr(torch.ops.ascend_ops, gradient.name), None,
                   gradient_signature(op),
                   f"{gradient.summary}\n\n{gradient.semantics}: the adjoint of `{op.name}`.\n"
                   f"Spec: {op.file}.")
