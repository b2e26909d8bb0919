"""`ascend-ops examples`: run every spec's worked examples and show each result."""
from __future__ import annotations

import argparse
import re

import numpy as np
import torch

from ascend_ops_gen.spec import Example, OpSpec, specs
from ..examples import check_example, example_dtypes, example_inputs

HELP = "run every worked example of every spec through torch.ops.ascend_ops on the CPU"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--op", choices=[o.name for o in specs().ops], help="only this op")


def _call_text(op: OpSpec, ex: Example, inputs: list) -> str:
    tensors = [f"{t.name if op.is_custom else 'x'}{list(x.shape)} {str(x.dtype).removeprefix('torch.')}"
               for t, x in zip(op.inputs, inputs) if x is not None]
    args = [f"{k}={v!r}" for k, v in ex.args]
    return f"{op.name}({', '.join(tensors + args)})"


SHOWN_VALUES = 12  # a result with more elements is shown by its first values


def _values_text(y: torch.Tensor) -> str:
    """The result's values on one line: all of them when few, else the first ones (C order)."""
    a = y.float().numpy() if y.dtype == torch.bfloat16 else y.numpy()
    flat = a.reshape(-1)
    if flat.size <= SHOWN_VALUES:
        return re.sub(r"\n\s*", " ", np.array2string(a, separator=", ", max_line_width=10**6))
    head = np.array2string(flat[:SHOWN_VALUES], separator=", ", max_line_width=10**6)
    return f"{head[:-1]}, ...] (first {SHOWN_VALUES} of {flat.size} values, C order)"


def run(args: argparse.Namespace) -> int:
    failed = 0
    total = 0
    for op in specs().ops:
        if args.op and op.name != args.op:
            continue
        for ex in op.examples:
            total += 1
            inputs = example_inputs(op, ex)
            y = getattr(torch.ops.ascend_ops, op.name)(*inputs, **ex.kwargs)
            y = y[0] if isinstance(y, tuple) else y  # an example shows the first output
            dtype = example_dtypes(op, ex)[op.outputs[0].name] if op.is_custom else None
            problem = check_example(ex, y, dtype)
            status = "ok  " if problem is None else "FAIL"
            failed += problem is not None
            print(f"{status} {op.name}/{ex.name}: {_call_text(op, ex, inputs)}")
            print(f"     {ex.doc}")
            print(f"     -> shape {list(y.shape)}: {_values_text(y)}")
            if problem:
                print(f"     {problem}")
    print(f"examples: {total - failed} passed, {failed} failed")
    return 1 if failed else 0
