"""Build the inputs of the specs' worked examples and check their results (CLI, tests, docs)."""
from __future__ import annotations

import math

import torch

from ascend_ops_gen.spec import Example

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


def check_example(ex: Example, y: torch.Tensor) -> str | None:
    """None when `y` is the example's documented result, else what differs."""
    if ex.output_shape is not None and tuple(y.shape) != tuple(ex.output_shape):
        return f"expected shape {list(ex.output_shape)}, got {list(y.shape)}"
    if ex.output is not None:
        want = torch.tensor(ex.output, dtype=torch_dtype(ex.dtype))
        if want.shape != y.shape or not torch.equal(want, y):
            return f"expected {want.tolist()}, got {y.tolist()}"
    return None
