"""`torch.ops.ascend_ops.*`: schemas from the specs, per-device kernels, fake kernels, autograd.

Every call, on every device, first validates its arguments (cpu_reference's canonicalisation,
OpArgumentError) and the active product's dtype rule (UnsupportedDtypeError); only then does
any data move. CPU tensors go to the selected CPU backend (see `backends.py`); NPU tensors
(PrivateUse1, the key torch_npu renames to "npu") go to `npu.device_kernel`.
"""
from __future__ import annotations

import numpy as np
import torch

from cpu_reference._view_steps import apply_steps

from . import backends, fast, npu, torch_views
from .arguments import install_checked_packets
from .dtypes import numpy_dtype
from .op_pieces import canonical_view
from .products import check_dtype
from .schema import torch_schema
from .spec import BackwardRule, OpSpec, specs

NAMESPACE = "ascend_ops"

# The compiled fast path, when built and not switched off, defines the schemas and registers the
# CPU and autograd kernels in C++ (python/ascend_ops/fast/); this module then adds the rest.
_fast = fast.load()
_lib = torch.library.Library(NAMESPACE, "FRAGMENT" if _fast is not None else "DEF")


def _checked(op: OpSpec, fn):
    """`fn` after the product's dtype rule for `op` (argument checks happen in `fn` itself)."""
    def kernel(x: torch.Tensor, *args, **kwargs):
        check_dtype(op, x.dtype)
        return fn(x, *args, **kwargs)
    kernel.__name__ = f"{op.name}_{getattr(fn, '__name__', 'kernel')}"
    return kernel


def _cpu_kernel(op: OpSpec):
    return _checked(op, backends.cpu_kernel(op.name))


def _register(op: OpSpec) -> None:
    qualname = f"{NAMESPACE}::{op.name}"
    if _fast is None:
        _lib.define(torch_schema(op))
        _lib.impl(op.name, _cpu_kernel(op), "CPU")
    _lib.impl(op.name, _checked(op, npu.device_kernel(op.name)), "PrivateUse1")
    # Fake tensors carry shapes only: the view ops compute the result's shape and dtype.
    torch.library.register_fake(qualname, _checked(op, torch_views.view_op(op.name)), lib=_lib)


# --- autograd -----------------------------------------------------------------------------------
# The spec's `backward:` says how: `scatter` sends the incoming gradient to the input elements
# the op read (zeros elsewhere), `{inverse: <op>}` applies that op, with the same arguments.

def _setup_context(ctx, inputs, keyword_only_inputs, output) -> None:
    x, *args = inputs
    ctx.x_shape = tuple(x.shape)
    ctx.args = args
    ctx.kwargs = keyword_only_inputs


def _setup_context_positional(ctx, inputs, output) -> None:
    """For ops without keyword-only arguments (torch passes none then)."""
    _setup_context(ctx, inputs, {}, output)


def _scatter_backward(op_name: str):
    """Backward of a slice: the incoming gradient written into zeros through the forward view.

    The view comes from cpu_reference's `<op>_view` canonicalisation applied to a probe array
    (`_view_geometry`), so only metadata is computed: no index tensor the size of the input."""
    def backward(ctx, grad):
        grad_x = grad.new_zeros(ctx.x_shape)
        if grad.numel():
            view = canonical_view(op_name, ctx.x_shape, lambda: numpy_dtype(grad.dtype),
                                  tuple(ctx.args), ctx.kwargs)
            sizes, strides, offset, flipped = _view_geometry(view, ctx.x_shape)
            target = grad_x.as_strided(sizes, strides, offset)
            target.copy_(grad.reshape(sizes).flip(flipped) if flipped else grad.reshape(sizes))
        return (grad_x,) + (None,) * len(ctx.args)
    return backward


def _view_geometry(view, shape: tuple[int, ...]):
    """(sizes, strides, offset, flipped dims) of `view` on a C-contiguous tensor of `shape`, with
    every stride made non-negative (torch views cannot step backwards): along a flipped dim the
    view's index i is the forward view's index size-1-i."""
    element_strides, step = [], 1
    for dim in reversed(shape):
        element_strides.insert(0, step)
        step *= max(dim, 1)
    # A one-byte array that claims `shape`: applying the view to it yields the view's strides
    # and first element in elements, without touching (or owning) any of that memory.
    base = np.zeros(1, dtype=np.uint8)
    probe = np.lib.stride_tricks.as_strided(base, shape=shape, strides=element_strides)
    selected = apply_steps(view.view_steps(), probe)
    offset = selected.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    flipped = []
    strides = []
    for d, (size, stride) in enumerate(zip(selected.shape, selected.strides)):
        if stride < 0:
            offset += (size - 1) * stride
            flipped.append(d)
        strides.append(abs(stride))
    return tuple(selected.shape), tuple(strides), offset, flipped


def _inverse_backward(inverse_name: str):
    def backward(ctx, grad):
        inverse = getattr(torch.ops.ascend_ops, inverse_name)
        return (inverse(grad.contiguous(), *ctx.args, **ctx.kwargs),) + (None,) * len(ctx.args)
    return backward


def _backward(op: OpSpec):
    if op.backward.rule is BackwardRule.SCATTER:
        return _scatter_backward(op.name)
    return _inverse_backward(op.backward.inverse)


def register_all() -> None:
    for op in specs().ops:
        _register(op)
    if _fast is not None:  # CPU and autograd kernels in C++; the Python CPU kernel behind them
        fast.configure(_fast, {op.name: _cpu_kernel(op) for op in specs().ops})
        install_checked_packets(getattr(torch.ops, NAMESPACE), specs().ops)
        fast.install_fast_packets(_fast, getattr(torch.ops, NAMESPACE), specs().ops)
        return
    for op in specs().ops:
        if op.backward is None:
            continue  # not differentiable: torch says so when a gradient is asked for
        has_keyword_only = any(a.keyword_only for a in op.attributes)
        torch.library.register_autograd(
            f"{NAMESPACE}::{op.name}", _backward(op), lib=_lib,
            setup_context=_setup_context if has_keyword_only else _setup_context_positional)
    install_checked_packets(getattr(torch.ops, NAMESPACE), specs().ops)
