"""Build the inputs of the specs' worked examples and check their results (CLI, tests, docs)."""
from __future__ import annotations

import math

import torch

from ascend_ops_gen.spec import Example, ErrorExample, OpSpec

def torch_dtype(name: str) -> torch.dtype:
    """The torch dtype of a spec dtype name (the spec's names are torch's)."""
    dtype = getattr(torch, name, None)
    if not isinstance(dtype, torch.dtype):
        raise ValueError(f"{name!r} is not a torch dtype name")
    return dtype


def example_input(spec, dtype: str) -> torch.Tensor:
    """Nested lists, `{arange: shape}` (0, 1, ...) or `{arange_from_1: shape}` (1, 2, ...)."""
    if isinstance(spec, dict):
        (kind, shape), = spec.items()
        start = 1 if kind == "arange_from_1" else 0
        values = torch.arange(start, start + math.prod(shape), dtype=torch.int64).reshape(shape)
        return values.to(torch_dtype(dtype))
    return torch.tensor(spec, dtype=torch_dtype(dtype))


def example_dtypes(op: OpSpec, ex: Example | ErrorExample) -> dict[str, str]:
    """A custom op's example: the dtype of each of its tensors, by name (the first input's is the
    example's `dtype`, the others' that of their dtype owner)."""
    chosen = dict(ex.dtypes)
    return {t.name: ex.dtype if op.dtype_owner(t.name) is op.inputs[0] else chosen[op.dtype_owner(t.name).name]
            for t in op.tensors}


def example_inputs(op: OpSpec, ex: Example | ErrorExample) -> list[torch.Tensor | None]:
    """The input tensors of an example, in the op's order: its one input (a view op) or each of
    its inputs in its dtype (a custom op; None for an optional input the example leaves out)."""
    if not op.is_custom:
        return [example_input(ex.input, ex.dtype)]
    values, dtypes = dict(ex.inputs), example_dtypes(op, ex)
    return [example_input(values[t.name], dtypes[t.name]) if t.name in values else None for t in op.inputs]


def check_example(ex: Example, y: torch.Tensor, dtype: str | None = None) -> str | None:
    """None when `y` is the example's documented result (of `dtype`, by default the example's),
    else what differs."""
    if ex.output_shape is not None and tuple(y.shape) != tuple(ex.output_shape):
        return f"expected shape {list(ex.output_shape)}, got {list(y.shape)}"
    if ex.output is not None:
        want = torch.tensor(ex.output, dtype=torch_dtype(dtype or ex.dtype))
        if want.shape != y.shape or not torch.equal(want, y):
            return f"expected {want.tolist()}, got {y.tolist()}"
    return None


def gradient_example_call(op: OpSpec, ex) -> tuple[tuple, dict, torch.Tensor]:
    """A gradient op's worked example (`backward.scatter.examples`) as (positional arguments up
    to `dy`, keyword arguments, the expected gradient): its op's example's input shape and
    arguments, `dy` = 1, 2, 3, ... in that example's result shape and dtype."""
    forward = next(e for e in op.examples if e.name == ex.example)
    x = example_input(forward.input, forward.dtype)
    args = dict(forward.args)
    positional = [a for a in op.attributes if not a.keyword_only]
    values = [args.pop(a.name, a.default) for a in positional]
    result_shape = getattr(torch.ops.ascend_ops, op.name)(x, *values, **args).shape
    dy = example_input({"arange_from_1": list(result_shape)}, forward.dtype)
    return (list(x.shape), *values, dy), args, torch.tensor(ex.output, dtype=torch_dtype(forward.dtype))
