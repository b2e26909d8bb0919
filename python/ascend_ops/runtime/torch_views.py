"""Each op as torch view operations followed by one copy, on any device.

The canonicalisation is cpu_reference's, run on shapes alone (`<op>_view`, its view steps), then
put in the one form torch views hold (`torch_view`, Note [torch views]); only the final data
movement is torch's. That serves: the fake kernels `torch.compile` traces (symbolic sizes stay
symbols, `symbolic_output_shape`), the NPU path without a custom AscendC kernel (torch_npu's own
slice/flip/permute kernels move the data), the NPU argument check and the slices' gradients on
an NPU (`write_into_zeros`; `gradient_fake` is their fake kernel): pure data movement, so
bit-exact with the reference; nothing is per op."""
from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass

import torch

import cpu_reference
from ascend_ops_gen.spec import specs
from cpu_reference.arguments import allow_symbolic_sizes

from .dtypes import numpy_dtype
from .errors import OpArgumentError
from .reference_functions import canonical_view, fill_value, result_shape

# Fake kernels canonicalise torch.compile's symbolic sizes as they are (`symbolic_output_shape`).
# (torch 2.6's sym_min of a SymInt and an int still guards: a graph per side of the bound.)
allow_symbolic_sizes(torch.SymInt, torch.sym_min, torch.sym_max)

WHOLE = builtins.slice(None)  # a dim taken whole, in order


@dataclass(frozen=True)
class TorchIndex:
    """numpy basic indexing as torch views hold it (Note [torch views]): `items` are None (a new
    axis) and, one per input dim, in-range ints, WHOLE and slices `start:stop:step` with
    0 <= start <= stop <= dim and a step of 1 where they hold at most one element, else
    1 <= step < dim; then the result dims `flip_dims` are reversed."""

    items: tuple
    flip_dims: tuple[int, ...]
    output_shape: tuple[int, ...]


TorchStep = TorchIndex | cpu_reference.Reshape | cpu_reference.Permute | cpu_reference.Broadcast


@dataclass(frozen=True)
class TorchView:
    """A checked call of an op: its result's shape and the torch view steps that give it."""

    output_shape: tuple[int, ...]
    steps: tuple[TorchStep, ...]


# Note [torch views]
# ~~~~~~~~~~~~~~~~~~
# TensorFlow and numpy take any int64 step; a torch view holds less. torch's slice cannot step
# backwards, and it multiplies the step into the dim's stride in int64 (SymInts hold less still),
# so `x[1::-2**63]`, one element in numpy, overflows torch's `as_strided` or comes back with a
# wrapped stride. `torch_index` therefore writes every range as torch can hold it, from the dim's
# size alone: a range of at most one element takes step 1 and ends after its element; a range of
# more elements has a step below the dim's size, so its stride stays within the tensor's extent;
# a negative step becomes the same elements with the positive step, that result dim reversed
# afterwards (`TorchIndex.flip_dims`). An ellipsis is spelled out as whole ranges. Every path that
# makes torch views of a call (fake kernels, the torch_npu route, the NPU argument check, the
# slices' backward) takes this form, so they accept and reject what the CPU path does.


def _torch_range(item: builtins.slice, dim: int) -> tuple[builtins.slice, int, bool]:
    """A range of a dim of `dim` elements as (a slice torch holds, its length, whether the
    result is reversed)."""
    picked = range(*item.indices(dim))
    n = len(picked)
    if n == dim and picked.step == 1:
        return WHOLE, n, False
    if n <= 1:
        start = picked.start if n else 0
        return builtins.slice(start, start + n, 1), n, False
    low, high = (picked[0], picked[-1]) if picked.step > 0 else (picked[-1], picked[0])
    return builtins.slice(low, high + 1, abs(picked.step)), n, picked.step < 0


def torch_index(shape: tuple[int, ...], items: tuple) -> TorchIndex:
    """numpy basic indexing `items` (ints, slices of any step, None, Ellipsis) of a tensor of
    `shape`, written as torch views hold it."""
    left_whole = len(shape) - sum(1 for i in items if i is not None and i is not Ellipsis)
    dims = iter(shape)
    torch_items: list = []
    flip_dims: list[int] = []
    output_shape: list[int] = []
    for item in (*items, Ellipsis) if Ellipsis not in items else items:
        if item is Ellipsis:
            for _ in range(left_whole):
                torch_items.append(WHOLE)
                output_shape.append(next(dims))
        elif item is None:
            torch_items.append(None)
            output_shape.append(1)
        elif isinstance(item, builtins.slice):
            torch_slice, n, reversed_ = _torch_range(item, next(dims))
            if reversed_:
                flip_dims.append(len(output_shape))
            torch_items.append(torch_slice)
            output_shape.append(n)
        else:
            dim, index = next(dims), operator.index(item)
            torch_items.append(index + dim if index < 0 else index)
    return TorchIndex(tuple(torch_items), tuple(flip_dims), tuple(output_shape))


def torch_steps(shape: tuple[int, ...], steps) -> tuple[TorchStep, ...]:
    """cpu_reference view steps of an input of `shape` as torch holds them."""
    out: list[TorchStep] = []
    for step in steps:
        if isinstance(step, cpu_reference.Index):
            step = torch_index(shape, step.items)
            shape = step.output_shape
        elif isinstance(step, (cpu_reference.Reshape, cpu_reference.Broadcast)):
            shape = tuple(step.shape)
        else:
            shape = tuple(shape[axis] for axis in step.axes)
        out.append(step)
    return tuple(out)


def torch_view(op_name: str, shape: tuple[int, ...], dtype: Callable[[], object], args: tuple,
               kwargs: dict) -> TorchView:
    """`op_name(x, *args, **kwargs)` on an input of `shape` (and of the numpy dtype `dtype()`
    returns): checked as cpu_reference checks it (OpArgumentError), as torch view steps: of the
    input, or, for a filling op, of the result, the view the input is written into (Note [filling
    view ops] in ascend_ops_gen/spec/model.py)."""
    view = canonical_view(op_name, shape, dtype, args, kwargs)
    viewed = tuple(view.input_shape) if specs().op(op_name).is_filling else shape
    return TorchView(result_shape(op_name, view), torch_steps(viewed, view.view_steps()))


# torch's CPU flip lacks the unsigned and float8 dtypes; reversing elements only moves bits, so
# flip a same-size integer view instead.
_SAME_SIZE_INT = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def _flip_bits(x: torch.Tensor, dims: tuple[int, ...]) -> torch.Tensor:
    as_int = _SAME_SIZE_INT.get(x.element_size())
    if as_int is None or x.dtype.is_complex:
        return x.flip(dims)
    return x.view(as_int).flip(dims).view(x.dtype)


def apply_steps(x: torch.Tensor, steps) -> torch.Tensor:
    """Torch view steps (`torch_steps`) on a tensor, then one copy: a fresh contiguous result."""
    fresh = False  # whether x is already a new tensor of its own
    for step in steps:
        if isinstance(step, TorchIndex):
            x = x[step.items]
            if step.flip_dims:
                x, fresh = _flip_bits(x, step.flip_dims), True  # flip copies, keeping x's strides
        elif isinstance(step, cpu_reference.Reshape):
            x = x.reshape(step.shape)
        elif isinstance(step, cpu_reference.Broadcast):
            x = x.expand(step.shape)
        else:
            x = x.permute(step.axes)
    if fresh:
        return x.contiguous()
    return x.clone(memory_format=torch.contiguous_format)


def takes_input_in_order(shape: tuple[int, ...], steps) -> bool:
    """Whether torch view steps select every element of an input of `shape`, in order (the
    result is the input reshaped): traced on a meta tensor, where a reshape that would copy
    fails."""
    x = torch.empty(shape, dtype=torch.uint8, device="meta")
    for step in steps:
        if isinstance(step, TorchIndex):
            if step.flip_dims:
                return False
            x = x[step.items]
        elif isinstance(step, cpu_reference.Reshape):
            try:
                x = x.view(step.shape)
            except RuntimeError:  # not a view of its input's order
                return False
        elif isinstance(step, cpu_reference.Broadcast):
            x = x.expand(step.shape)
        else:
            x = x.permute(step.axes)
    return x.numel() == math.prod(shape) and x.storage_offset() == 0 and x.is_contiguous()


def symbolic_output_shape(op_name: str, shape: tuple, dtype: Callable[[], object], args: tuple,
                          kwargs: dict) -> tuple:
    """The result's shape of `op_name` on an input whose `shape` holds SymInts (torch.compile's
    dynamic shapes), itself of SymInts: the canonicalisation run on the symbols (Note [symbolic
    sizes] in cpu_reference/arguments.py). A call it refuses runs again on the sizes' values,
    which specialises them: a refused call gets eager's message, and an op whose
    canonicalisation takes ints only (its shape checked with `integer`) its result for these
    values, a graph per shape."""
    try:
        return result_shape(op_name, canonical_view(op_name, shape, dtype, args, kwargs))
    except (OpArgumentError, TypeError):
        pass  # raised on symbols, whose message would print them
    values = tuple(int(d) for d in shape)
    return result_shape(op_name, canonical_view(op_name, values, dtype, args, kwargs))


def view_op(op_name: str) -> Callable[..., torch.Tensor]:
    """`op_name` on a torch tensor of any device (meta included), through its view steps; on a
    fake tensor with symbolic sizes, an empty result of its symbolic shape. A filling op writes x
    into its fill (`write_into_fill`)."""
    filling = specs().op(op_name).is_filling

    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        shape = tuple(x.shape)
        dtype = lambda: numpy_dtype(x.dtype)  # noqa: E731
        if any(isinstance(d, torch.SymInt) for d in shape):
            return x.new_empty(symbolic_output_shape(op_name, shape, dtype, args, kwargs))
        if filling:
            return write_into_fill(op_name, x, args, kwargs)
        return apply_steps(x, torch_view(op_name, shape, dtype, args, kwargs).steps)
    run.__name__ = run.__qualname__ = op_name
    return run


def gradient_fake(op_name: str) -> Callable[..., torch.Tensor]:
    """The fake kernel of `op_name`'s gradient op, `(shape, *args, dy, **kwargs)`: the call
    checked as the CPU kernels check it, then an empty result of `shape` and dy's dtype. Symbolic
    sizes stay symbols (`symbolic_output_shape`; dy's shape is compared to its result, a guard)."""
    def run(shape, *args, **kwargs) -> torch.Tensor:
        *attributes, dy = args
        dtype = lambda: numpy_dtype(dy.dtype)  # noqa: E731
        if any(isinstance(d, torch.SymInt) for d in (*shape, *dy.shape)):
            shape = tuple(shape)
            expected = symbolic_output_shape(op_name, shape, dtype, tuple(attributes), kwargs)
        else:
            shape = cpu_reference.gradients.gradient_shape(shape)
            expected = canonical_view(op_name, shape, dtype, tuple(attributes), kwargs).output_shape
        cpu_reference.gradients.check_dy_shape(dy, expected)
        return dy.new_empty(shape)
    run.__name__ = run.__qualname__ = f"{op_name}_grad_fake"
    return run


# One view op per op spec, filled when the package registers its ops (no spec is read at import).
OPS: dict[str, Callable[..., torch.Tensor]] = {}


def add_view_ops() -> None:
    OPS.update((op.name, view_op(op.name)) for op in specs().ops if not op.is_custom)


def _box(shape: tuple[int, ...], steps) -> tuple[tuple[int, int], ...] | None:
    """The [start, stop) of each input dim when torch view steps select a box of unit steps in
    order (a slice, and any strided slice of steps 1: ints, ranges, new axes), else None."""
    if len(steps) != 1 or not isinstance(steps[0], TorchIndex) or steps[0].flip_dims:
        return None
    picked = [item for item in steps[0].items if item is not None]
    if any(isinstance(item, builtins.slice) and item.step not in (None, 1) for item in picked):
        return None
    return tuple(item.indices(dim)[:2] if isinstance(item, builtins.slice) else (item, item + 1)
                 for item, dim in zip(picked, shape))


def _zeros_around(dy: torch.Tensor, shape: tuple[int, ...], box) -> torch.Tensor:
    """A tensor of `shape` and dy's dtype, zero outside `box` (inside: not yet written). Each dim
    d zeroes the two slabs before and after its range, within the box's ranges of the dims before
    it: together the box's complement, each element once, so the writes of the gradient op are
    the result's size, not its size plus dy's."""
    out = dy.new_empty(shape)
    for d, (start, stop) in enumerate(box):
        inside = tuple(builtins.slice(*range_) for range_ in box[:d])
        if start > 0:
            out[(*inside, builtins.slice(0, start))].zero_()
        if stop < shape[d]:
            out[(*inside, builtins.slice(stop, None))].zero_()
    return out


def gradient_view(op_name: str, shape, dy: torch.Tensor, args: tuple, kwargs: dict):
    """`shape` as a tuple and `op_name`'s canonical view of an input of that shape, after the
    checks of its gradient op (OpArgumentError): `shape`, the view op's arguments, a view that
    reads each element once (Note [repeating views] in cpu_reference/view_steps.py), and dy's
    shape against the view op's result."""
    shape = cpu_reference.gradients.gradient_shape(shape)
    canonical = canonical_view(op_name, shape, lambda: numpy_dtype(dy.dtype), args, kwargs)
    cpu_reference.gradients.check_reads_once(shape, canonical)
    cpu_reference.gradients.check_dy_shape(dy, canonical.output_shape)
    return shape, TorchView(tuple(canonical.output_shape), torch_steps(shape, canonical.view_steps()))


def write_into_zeros(op_name: str, shape, dy: torch.Tensor, args: tuple,
                     kwargs: dict) -> torch.Tensor:
    """The adjoint of `op_name` (its gradient op): zeros of `shape` and dy's dtype, with `dy`
    copied into the op's canonical torch view of them, so no index tensor is made. A box of unit
    steps zeroes only its complement (`_zeros_around`). A reversed dim (`flip_dims`) reverses
    `dy` instead, the one copy besides the result; a differentiable `dy` through `flip` itself,
    which autograd and vmap know (a bit view they do not)."""
    shape, view = gradient_view(op_name, shape, dy, args, kwargs)
    box = _box(shape, view.steps)
    out = dy.new_zeros(shape) if box is None else _zeros_around(dy, shape, box)
    return _write_into(op_name, out, view.steps, dy)


def write_into_fill(op_name: str, x: torch.Tensor, args: tuple, kwargs: dict) -> torch.Tensor:
    """A filling op (Note [filling view ops] in ascend_ops_gen/spec/model.py) as torch ops: its
    fill, a tensor of the result's shape and x's dtype, with `x` copied into the op's canonical
    torch view of it."""
    view = torch_view(op_name, tuple(x.shape), lambda: numpy_dtype(x.dtype), args, kwargs)
    out = x.new_full(view.output_shape, fill_value(op_name, args, kwargs))
    return _write_into(op_name, out, view.steps, x)


def _write_into(op_name: str, out: torch.Tensor, steps, dy: torch.Tensor) -> torch.Tensor:
    """`dy` copied into the torch view `steps` of `out`; `out`."""
    target, flips = out, ()
    for step in steps:
        if flips:
            raise TypeError(f"{op_name}: a reversed dim before another view step has no torch view")
        if isinstance(step, TorchIndex):
            if any(item != WHOLE for item in step.items):  # (vmap has no rule for x[:, :]'s alias)
                target = target[step.items]
            flips = step.flip_dims
        elif isinstance(step, cpu_reference.Reshape):
            target = target.view(step.shape)  # a reshape that would copy raises: no view to write
        elif isinstance(step, cpu_reference.Broadcast):
            target = target.expand(step.shape)  # one that repeats is refused by gradient_view
        else:
            target = target.permute(step.axes)
    if flips:
        differentiable = dy.dtype.is_complex or (dy.dtype.is_floating_point and dy.element_size() > 1)
        dy = dy.flip(flips) if differentiable else _flip_bits(dy, flips)
    target.copy_(dy)
    return out
