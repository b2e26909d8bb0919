"""Calls the NPU path answers without a kernel: identity and empty results of more dimensions
than a CANN tensor shape holds (Note [kernel rank])."""
from __future__ import annotations

import math

import torch

from ascend_ops_gen.spec import specs

from .torch_views import takes_input_in_order, torch_view

# Note [kernel rank]
# ~~~~~~~~~~~~~~~~~~
# The copy kernels take their input and output as CANN tensors, whose shape (`gert::Shape`) holds
# 25 dims. An op whose spec declares `max_kernel_rank` (strided_slice, the one op whose ranks are
# not bounded below that by its own rules) keeps every result that needs a kernel within it: its
# view builders (cpu_reference and the C++ one the host code and the compiled fast path share)
# refuse a result of more dims that is neither an identity nor empty, with the same
# OpArgumentError on every backend. An identity or empty result of any rank is the one thing
# left: the NPU path (the real binding and the simulator) folds it here, with no kernel at all —
# an identity is the input's elements in order, reshaped; an empty result has no elements. Calls
# within the limit, of any kind, still go to the kernel.

KERNEL_RANK_LIMIT = "max_kernel_rank"


def kernel_max_rank(op_name: str) -> int | None:
    """The op's `max_kernel_rank` limit (its spec), or None where the op declares none."""
    return next((limit.value for limit in specs().op(op_name).limits
                 if limit.name == KERNEL_RANK_LIMIT), None)


def result_without_kernel(op_name: str, x: torch.Tensor, args: tuple,
                          kwargs: dict) -> torch.Tensor | None:
    """The result of `op_name(x, *args, **kwargs)` where its input or output has more dims than
    the op's kernels take and the result is an identity or empty (Note [kernel rank]); None
    where the call goes to the kernel. Checks the arguments as cpu_reference does, on the shape
    only (Note [sim argument checks] in sim/runner.py)."""
    limit = kernel_max_rank(op_name)
    if limit is None and specs().op(op_name).fill is not None:
        return None  # a filling op's view is of its output; its own path checks the call
    shape = tuple(int(d) for d in x.shape)
    view = torch_view(op_name, shape, lambda: None, args, kwargs)
    out_shape = tuple(view.output_shape)
    if limit is None or max(len(shape), len(out_shape)) <= limit:
        return None
    if math.prod(out_shape) == 0:
        return x.new_empty(out_shape)
    if takes_input_in_order(shape, view.steps):
        return x.reshape(out_shape).clone(memory_format=torch.contiguous_format)
    return None  # the view builder refused it already (Note [kernel rank]); the kernel says why
