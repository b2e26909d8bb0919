"""`torch.ops.ascend_ops.*`: schemas from the specs, per-device kernels, fake kernels, autograd.

Every call, on every device, first validates its arguments (cpu_reference's canonicalisation,
OpArgumentError) and the active product's dtype rule (UnsupportedDtypeError); only then does
any data move. CPU tensors go to the selected CPU backend (see `backends.py`); NPU tensors
(PrivateUse1, the key torch_npu renames to "npu") go to `dispatch.device_kernel`.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import torch

from cpu_reference._view_steps import apply_steps
from ascend_ops_gen.schema import torch_schema
from ascend_ops_gen.spec import BackwardRule, OpSpec, specs

from ..cpu import backends, compiled
from ..npu import dispatch
from . import torch_views
from .arguments import check_input, check_kind, install_checked_packets
from .dtypes import numpy_dtype
from .op_pieces import canonical_view
from .errors import SpecError
from .products import check_dtype

NAMESPACE = "ascend_ops"

# Set by register_all: the compiled fast path, when built and not switched off, defines the
# schemas and registers the CPU and autograd kernels in C++ (cpu/compiled.py); this module then
# adds the rest to the library `_lib`.
_fast = None
_lib: torch.library.Library | None = None


def _checked(op: OpSpec, fn):
    """`fn` after the product's dtype rule for `op` (argument checks happen in `fn` itself)."""
    def kernel(x: torch.Tensor, *args, **kwargs):
        check_kind(op, op.inputs[0].name, x)
        check_dtype(op, x.dtype)
        return fn(x, *args, **kwargs)
    kernel.__name__ = f"{op.name}_{getattr(fn, '__name__', 'kernel')}"
    return kernel


# The dispatch keys of the tensor kinds the ops do not move (arguments.tensor_kind): a call
# through an overload (`torch.ops.ascend_ops.<op>.default`, skipping the checked packet) meets
# the same OpTypeError there instead of the dispatcher's "Could not run ... SparseCPU".
KIND_KEYS = ("SparseCPU", "SparseCsrCPU", "MkldnnCPU", "NestedTensorCPU", "QuantizedCPU",
             "SparsePrivateUse1", "SparseCsrPrivateUse1", "NestedTensorPrivateUse1",
             "QuantizedPrivateUse1", "SparseMeta", "SparseCsrMeta", "NestedTensorMeta")


def _kind_guard(op: OpSpec):
    name = op.inputs[0].name

    def kernel(x, *args, **kwargs):
        check_input(op, name, x)
        raise AssertionError(f"{op.name}: a {x.layout} tensor passed check_input")
    kernel.__name__ = f"{op.name}_kind_guard"
    return kernel


def _cpu_kernel(op: OpSpec):
    return _checked(op, backends.cpu_kernel(op.name))


def _register(op: OpSpec) -> None:
    qualname = f"{NAMESPACE}::{op.name}"
    if _fast is None:
        _lib.define(torch_schema(op))
        _lib.impl(op.name, _cpu_kernel(op), "CPU")
    _lib.impl(op.name, _checked(op, dispatch.device_kernel(op.name)), "PrivateUse1")
    for key in KIND_KEYS:  # a sparse, mkldnn, nested or quantized tensor: the spec's OpTypeError
        _lib.impl(op.name, _kind_guard(op), key)
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
    global _fast, _lib
    ops = specs().ops  # a spec that does not load stops here, before anything is registered
    torch_views.add_view_ops()
    _fast = compiled.load()
    _lib = torch.library.Library(NAMESPACE, "FRAGMENT" if _fast is not None else "DEF")
    for op in ops:
        _register(op)
    if _fast is not None:  # CPU and autograd kernels in C++; the Python CPU kernel behind them
        compiled.configure(_fast, {op.name: _cpu_kernel(op) for op in specs().ops})
        install_checked_packets(getattr(torch.ops, NAMESPACE), specs().ops)
        compiled.install_fast_packets(_fast, getattr(torch.ops, NAMESPACE), specs().ops)
        return
    for op in specs().ops:
        if op.backward is None:
            continue  # not differentiable: torch says so when a gradient is asked for
        has_keyword_only = any(a.keyword_only for a in op.attributes)
        torch.library.register_autograd(
            f"{NAMESPACE}::{op.name}", _backward(op), lib=_lib,
            setup_context=_setup_context if has_keyword_only else _setup_context_positional)
    install_checked_packets(getattr(torch.ops, NAMESPACE), specs().ops)


# --- the package's import ---------------------------------------------------------------------

_load_error: SpecError | None = None


class OpsNotLoadedError(SpecError, AttributeError):
    """An op was asked for while the specs do not load: the spec's own message. Also an
    AttributeError, so `hasattr(ascend_ops, name)` and `getattr(..., default)` keep working."""


def load_package() -> dict[str, Callable[..., torch.Tensor]]:
    """At `import ascend_ops`: register every op, make the simulated device or load the NPU
    binding, and return the public function of each op by name. A spec that does not load
    leaves the package without ops (see `raise_if_unloaded`), not without an import."""
    global _load_error
    from ..sim import device as sim_device
    from .api import make_op_function

    try:
        register_all()
        functions = {op.name: make_op_function(op) for op in specs().ops}
    except SpecError as e:
        _load_error = e
        torch.ops.__dict__[NAMESPACE] = _UnloadedNamespace(NAMESPACE)
        return {}
    if sim_device.enabled_by_environment():  # ASCEND_OPS_SIM_NPU=1: process-global, never default
        sim_device.enable_simulated_npu()
    else:  # torch_npu, if installed, then the op package and its binding (npu/binding.py)
        dispatch.load_custom_kernels()
    return functions


def load_error() -> SpecError | None:
    """Why the package has no ops (the spec error of its import), or None when it has them."""
    return _load_error


def raise_if_unloaded(name: str) -> None:
    """Raise the import's spec error for an op-like `name` asked of a package without ops."""
    if _load_error is not None and not name.startswith("__"):
        raise OpsNotLoadedError(str(_load_error))


class _UnloadedNamespace(torch._ops._OpNamespace):
    """`torch.ops.ascend_ops` while the specs do not load: every op raises the spec's error."""

    def __getattr__(self, name: str):
        raise_if_unloaded(name)
        return super().__getattr__(name)
