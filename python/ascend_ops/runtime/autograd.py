"""Autograd of the ops, written once: one implementation serves every path and every transform.

The spec's `backward:` says how: `scatter` sends the incoming gradient to the input elements the
op read (zeros elsewhere), `{inverse: <op>}` applies that op, with the same arguments. Every op
only moves elements, so it is linear in its input: its forward-mode derivative (`jvp`) is the op
applied to the tangent. Each differentiable op has one `torch.autograd.Function` (`op_function`),
which `autograd_kernel`, `transform_kernel` and `vmap_rule` put on the dispatcher's keys; each
gradient op (`<op>_grad`, which `{scatter: ...}` declares and the backward calls) has one too
(`gradient_function`: its derivative is the op itself)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import torch

from ascend_ops_gen.spec import BackwardRule, OpSpec

from .arguments import check_kind
from .errors import OpArgumentError, naming_op
from .torch_private import auto_dispatch_below_autograd
from .torch_views import write_into_zeros


# The key the dispatcher visits first under torch.func transforms (see transform_kernel).
TRANSFORM_KEY = "FuncTorchDynamicLayerFrontMode"


@dataclass(frozen=True)
class OpCall:
    """The attributes of one call (positional, keyword-only), carried through Function.apply
    beside the input (it takes tensors and plain objects, not keyword arguments)."""

    args: tuple
    kwargs: dict


def _namespace():
    return torch.ops.ascend_ops


def _scatter_backward(op: OpSpec) -> Callable[[torch.Tensor, tuple, OpCall], torch.Tensor]:
    """Backward of a slice: the incoming gradient written into zeros at the elements the view
    read, by the op's gradient op where its spec declares one (`backward: {scatter: ...}`: a
    device op, whose own Function gives double backward, vmap and tangents, `gradient_function`),
    else by torch view ops (`write_into_zeros`: the op's canonical torch view of zeros from the
    gradient, Note [torch views] in torch_views.py, which autograd and vmap differentiate and
    batch). Neither makes an index tensor."""
    gradient = op.backward.gradient
    positional = [a for a in op.attributes if not a.keyword_only]

    def backward(grad: torch.Tensor, x_shape: tuple, call: OpCall) -> torch.Tensor:
        if gradient is None:
            return write_into_zeros(op.name, x_shape, grad, call.args, call.kwargs)
        # the gradient op takes every positional attribute (dy follows them)
        args = (*call.args, *(a.default for a in positional[len(call.args):]))
        return getattr(_namespace(), gradient.name)(list(x_shape), *args, grad, **call.kwargs)
    return backward


def _inverse_backward(inverse_name: str):
    def backward(grad: torch.Tensor, x_shape: tuple, call: OpCall) -> torch.Tensor:
        inverse = getattr(_namespace(), inverse_name)
        return inverse(grad.contiguous(), *call.args, **call.kwargs)
    return backward


def _not_differentiable(op_name: str):
    def backward(grad: torch.Tensor, x_shape: tuple, call: OpCall) -> torch.Tensor:
        raise RuntimeError(f"{op_name} is not differentiable: its spec declares no `backward:`")
    return backward


def backward_function(op: OpSpec) -> Callable[[torch.Tensor, tuple, OpCall], torch.Tensor]:
    """(incoming gradient, input shape, call) -> the input's gradient, by the spec's rule."""
    if op.backward is None:
        return _not_differentiable(op.name)
    if op.backward.rule is BackwardRule.SCATTER:
        return _scatter_backward(op)
    return _inverse_backward(op.backward.inverse)


# The Function is written with `setup_context` (what torch.func asks for), `jvp` and `vmap`, so one
# class serves plain autograd, `torch.func.grad` / `vjp` / `jacrev` / `jacfwd` / `jvp`,
# `forward_ad.make_dual`, `gradcheck` / `gradgradcheck` and vmap over the op or over any of them.
# Its backward calls only torch ops with vmap rules (a copy into a view of fresh zeros, or the
# inverse op), so vmap can batch it.
def op_function(op: OpSpec) -> type[torch.autograd.Function]:
    """The op's autograd.Function: forward below the Autograd key, backward by the spec's rule,
    jvp the op on the tangent."""
    backward_of = backward_function(op)
    name = op.name

    def forward(x: torch.Tensor, call: OpCall) -> torch.Tensor:
        overload = getattr(_namespace(), name).default
        with auto_dispatch_below_autograd():
            return overload(x, *call.args, **call.kwargs)

    def setup_context(ctx, inputs, output) -> None:
        x, call = inputs
        ctx.x_shape = tuple(x.shape)
        ctx.call = call

    def backward(ctx, grad: torch.Tensor):
        return backward_of(grad, ctx.x_shape, ctx.call), None

    def jvp(ctx, tangent: torch.Tensor, _call_tangent):
        if op.backward is None:
            raise RuntimeError(f"{name} is not differentiable: its spec declares no `backward:`; "
                               "forward-mode AD has no tangent for it")
        return getattr(_namespace(), name).default(tangent, *ctx.call.args, **ctx.call.kwargs)

    batched = vmap_rule(op)

    def vmap(info, in_dims, x: torch.Tensor, call: OpCall):
        return batched(info, in_dims[:1], x, *call.args, **call.kwargs)

    return _function_class(name, forward, setup_context, backward, jvp, vmap)


def _function_class(name: str, forward, setup_context, backward, jvp, vmap) -> type[torch.autograd.Function]:
    """The autograd.Function `AscendOps<Name>` of op `name` with these staticmethods."""
    title = "".join(part.title() for part in name.split("_"))
    return type(f"AscendOps{title}", (torch.autograd.Function,), {
        "forward": staticmethod(forward), "setup_context": staticmethod(setup_context),
        "backward": staticmethod(backward), "jvp": staticmethod(jvp),
        "vmap": staticmethod(vmap), "__module__": __name__,
        "__doc__": f"`{name}` under autograd (ascend_ops.runtime.autograd)."})


def _plain_function(function: type[torch.autograd.Function]) -> type[torch.autograd.Function]:
    """`function` for plain autograd (no torch.func transform active): the same backward, jvp and
    vmap, with a forward that takes `ctx` itself. torch.func needs `setup_context`, but then
    binds every call's arguments to the forward's signature (inspect), about half the cost of a
    call that records its backward; without transforms nothing needs that."""
    setup_context = function.setup_context

    def forward(ctx, x: torch.Tensor, call: OpCall) -> torch.Tensor:
        setup_context(ctx, (x, call), None)
        return function.forward(x, call)
    return type(function.__name__, (function,), {
        "forward": staticmethod(forward), "__module__": __name__,
        # not overridden: torch takes `forward(ctx, ...)` then
        "setup_context": staticmethod(torch.autograd.Function.setup_context)})


def _kernel(op: OpSpec, function: type[torch.autograd.Function], key: str):
    name = op.inputs[0].name

    def kernel(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        # A nested, sparse, ... input meets the kind's OpTypeError here, as below the Autograd key
        # (registration.KIND_KEYS), before the Function asks it for sizes it does not have.
        check_kind(op, name, x)
        return function.apply(x, OpCall(args, kwargs))
    kernel.__name__ = f"{op.name}_{key}"
    return kernel


# `transform_kernel(op)` runs the Function where torch.func transforms meet the op first;
# `autograd_kernel(op)` is the op's kernel on the Autograd key, the same Function with a forward
# that takes `ctx` (cheaper, for plain autograd): registration.py registers it directly (the
# Python registration) or hands it to the compiled kernel's autograd gate (Note [autograd gate]
# in cpu/compiled.py), which calls it whenever a gradient or a tangent may be needed.
def autograd_kernel(op: OpSpec) -> Callable[..., torch.Tensor]:
    """The op's Autograd-key kernel: every call goes through the op's Function, which records
    the backward only when a gradient (or a tangent) is asked for."""
    return _kernel(op, _plain_function(op_function(op)), "autograd")


def transform_kernel(op: OpSpec) -> Callable[..., torch.Tensor]:
    """The op's kernel on `TRANSFORM_KEY`, which the dispatcher reaches first while a torch.func
    transform is active: there the Function meets the transform's interpreter (from inside the
    Autograd key it could not: torch.func would refuse it), which runs its backward, jvp or
    vmap rule at the transform's level."""
    return _kernel(op, op_function(op), "transform")


# `vmap_rule(op)` is the Function's `vmap`. A non-differentiable op (a spec without `backward:`)
# refuses gradients and tangents with an error naming it, never a silent zero; a custom op (kind:
# custom), of several inputs, has `custom_autograd_kernel`, which does the same.
def vmap_rule(op: OpSpec):
    """The op's batching rule: the op on each element of the batch, stacked along dim 0."""
    name = op.name

    def rule(info, in_dims, x: torch.Tensor, *args, **kwargs):
        overload = getattr(_namespace(), name).default
        if in_dims[0] is None:
            return overload(x, *args, **kwargs), None
        x = x.movedim(in_dims[0], 0)
        if x.shape[0] == 0:  # an empty batch: the shape of one result, from a zero input
            one = overload(x.new_zeros(x.shape[1:]), *args, **kwargs)
            return one.new_empty((0, *one.shape)), 0
        return torch.stack([overload(item, *args, **kwargs) for item in x.unbind(0)]), 0
    rule.__name__ = f"{op.name}_vmap"
    return rule


# --- the gradient ops (`backward: {scatter: {<op>_grad ...}}`) ------------------------------------

def gradient_vmap_rule(op: OpSpec):
    """The gradient op's batching rule: the op on each `dy` of the batch, stacked along dim 0 (an
    empty batch: the shape of one result, from a zero `dy`), as `vmap_rule` for the ops."""
    name = op.backward.gradient.name

    def rule(info, in_dims, shape, *args, **kwargs):
        *attributes, dy = args
        overload = getattr(_namespace(), name).default
        if in_dims[-1] is None:
            return overload(shape, *attributes, dy, **kwargs), None
        dy = dy.movedim(in_dims[-1], 0)
        if dy.shape[0] == 0:
            one = overload(shape, *attributes, dy.new_zeros(dy.shape[1:]), **kwargs)
            return one.new_empty((0, *one.shape)), 0
        return torch.stack([overload(shape, *attributes, item, **kwargs) for item in dy.unbind(0)]), 0
    rule.__name__ = f"{name}_vmap"
    return rule


# A gradient op writes dy into zeros at the elements its view op reads: linear in dy, and the
# adjoint of the view op. So its derivative with respect to dy is the view op on the incoming
# gradient (the slices' double backward), its tangent the gradient op on dy's tangent; `shape`
# and the attributes take none. One Function per gradient op, put on the keys as the ops' own.
def gradient_function(op: OpSpec) -> type[torch.autograd.Function]:
    """The gradient op's autograd.Function, applied as `(dy, OpCall((shape, *attributes),
    keyword-only attributes))`."""
    name = op.backward.gradient.name
    batched = gradient_vmap_rule(op)

    def forward(dy: torch.Tensor, call: OpCall) -> torch.Tensor:
        overload = getattr(_namespace(), name).default
        with auto_dispatch_below_autograd():
            return overload(*call.args, dy, **call.kwargs)

    def setup_context(ctx, inputs, output) -> None:
        ctx.call = inputs[1]

    def backward(ctx, grad: torch.Tensor):
        _shape, *attributes = ctx.call.args
        return getattr(_namespace(), op.name)(grad, *attributes, **ctx.call.kwargs), None

    def jvp(ctx, tangent: torch.Tensor, _call_tangent):
        return getattr(_namespace(), name).default(*ctx.call.args, tangent, **ctx.call.kwargs)

    def vmap(info, in_dims, dy: torch.Tensor, call: OpCall):
        dims = (*(None for _ in call.args), in_dims[0])
        return batched(info, dims, *call.args, dy, **call.kwargs)

    return _function_class(name, forward, setup_context, backward, jvp, vmap)


def _gradient_kernel(op: OpSpec, function: type[torch.autograd.Function], key: str):
    rules = dataclasses.replace(op, name=op.backward.gradient.name)  # errors naming the gradient op

    def kernel(shape, *args, **kwargs) -> torch.Tensor:
        *attributes, dy = args
        if isinstance(dy, torch.Tensor):  # else the kernel below the key names what dy is
            try:
                check_kind(rules, "dy", dy)
            except OpArgumentError as e:
                raise naming_op(e, rules.name) from None
        return function.apply(dy, OpCall((shape, *attributes), kwargs))
    kernel.__name__ = f"{rules.name}_{key}"
    return kernel


def gradient_autograd_kernel(op: OpSpec) -> Callable[..., torch.Tensor]:
    """The gradient op's Autograd-key kernel (as `autograd_kernel`)."""
    return _gradient_kernel(op, _plain_function(gradient_function(op)), "autograd")


def gradient_transform_kernel(op: OpSpec) -> Callable[..., torch.Tensor]:
    """The gradient op's kernel on `TRANSFORM_KEY` (as `transform_kernel`)."""
    return _gradient_kernel(op, gradient_function(op), "transform")


def custom_autograd_kernel(op: OpSpec) -> Callable[..., torch.Tensor]:
    """The Autograd-key kernel of a custom op (kind: custom), which declares no backward: the op
    below the Autograd key; where a gradient may be asked for (an input requires it), the outputs
    come through a Function whose backward refuses with an error naming the op, never a silent
    zero."""
    name = op.name
    message = f"{name} is not differentiable: custom ops declare no backward yet"

    def forward(ctx, call: OpCall, *tensors):
        overload = getattr(_namespace(), name).default
        with auto_dispatch_below_autograd():
            return overload(*tensors, *call.args, **call.kwargs)

    def backward(ctx, *grads):
        raise RuntimeError(message)

    title = "".join(part.title() for part in name.split("_"))
    function = type(f"AscendOps{title}", (torch.autograd.Function,), {
        "forward": staticmethod(forward), "backward": staticmethod(backward), "__module__": __name__,
        "__doc__": f"`{name}` under autograd (ascend_ops.runtime.autograd): not differentiable."})
    inputs = len(op.inputs)

    def kernel(*args, **kwargs):
        tensors, rest = args[:inputs], args[inputs:]
        if torch.is_grad_enabled() and any(isinstance(t, torch.Tensor) and t.requires_grad for t in tensors):
            return function.apply(OpCall(rest, kwargs), *tensors)
        with auto_dispatch_below_autograd():
            return getattr(_namespace(), name).default(*args, **kwargs)
    kernel.__name__ = f"{name}_autograd"
    return kernel
