"""Every worked example and every error example of op_specs/, through `ascend_ops.<op>` and
through `torch.ops.ascend_ops.<op>`."""
from __future__ import annotations

import pytest
import torch

import ascend_ops
from ascend_ops_gen.schema import flat_rows
from ascend_ops_gen.spec import AttrType, specs
from ascend_ops_support import OP_NAMES, assert_same_bits, example_input, example_output_dtype, example_tensors

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

EXAMPLES = [(op.name, ex) for op in specs().ops for ex in op.examples]
ERRORS = [(op.name, er) for op in specs().ops for er in op.errors]

CALLERS = {
    "public": lambda op: getattr(ascend_ops, op),
    "torch_ops": lambda op: getattr(torch.ops.ascend_ops, op),
    "torch_ops_default": lambda op: getattr(torch.ops.ascend_ops, op).default,
}


def test_every_op_has_examples():
    assert {name for name, _ in EXAMPLES} == set(OP_NAMES)  # examples are required, errors are not
    assert {name for name, _ in ERRORS} <= set(OP_NAMES) and ERRORS


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("op, ex", EXAMPLES, ids=[f"{o}-{e.name}" for o, e in EXAMPLES])
def test_worked_example(op, ex, caller):
    y = CALLERS[caller](op)(*example_tensors(op, ex), **_as_caller_takes(op, ex.kwargs, caller))
    y = y[0] if isinstance(y, tuple) else y  # an example gives an op's first output
    assert y.dtype == example_output_dtype(op, ex)
    assert y.is_contiguous()
    if ex.output_shape is not None:
        assert tuple(y.shape) == tuple(ex.output_shape)
    if ex.output is not None:
        assert_same_bits(y, torch.tensor(ex.output, dtype=y.dtype))


def _as_caller_takes(op: str, kwargs: dict, caller: str) -> dict:
    """The attributes as `caller` takes them: torch's own overload, the schema's flat ints for an
    int[][] (its rows, row after row)."""
    if caller != "torch_ops_default":
        return dict(kwargs)
    spec = specs().op(op)
    return {k: flat_rows(v) if spec.attribute(k).type is AttrType.INT_ROWS else v for k, v in kwargs.items()}


@pytest.mark.parametrize("op, ex", EXAMPLES, ids=[f"{o}-{e.name}" for o, e in EXAMPLES])
def test_worked_example_positional(op, ex):
    """The positional attributes may be passed positionally, in the spec's order."""
    spec = specs().op(op)
    positional = [ex.kwargs[a.name] for a in spec.attributes
                  if not a.keyword_only and a.name in ex.kwargs]
    keyword = {k: v for k, v in ex.kwargs.items() if spec.attribute(k).keyword_only}
    inputs = example_tensors(op, ex)
    assert_same_bits(getattr(ascend_ops, op)(*inputs, *positional, **keyword),
                     getattr(ascend_ops, op)(*inputs, **ex.kwargs))


# The examples that give only a shape, checked against numpy / torch indexing as their doc says.
def test_api_def_example_values():
    ex = next(e for e in specs().op("strided_slice").examples if e.name == "api_def_example")
    x = example_input(ex.input, ex.dtype)
    expected = torch.from_numpy(x.numpy()[1, 2:4, None, ..., :-3:-1, :].copy())
    assert_same_bits(ascend_ops.strided_slice(x, **ex.kwargs), expected)


def test_new_axis_in_front_values():
    ex = next(e for e in specs().op("strided_slice").examples if e.name == "new_axis_in_front")
    x = example_input(ex.input, ex.dtype)
    assert_same_bits(ascend_ops.strided_slice(x, **ex.kwargs), x[None, ...])


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("op, er", ERRORS, ids=[f"{o}-{e.name}" for o, e in ERRORS])
def test_error_example(op, er, caller):
    with pytest.raises(ascend_ops.OpArgumentError) as info:
        CALLERS[caller](op)(*example_tensors(op, er), **_as_caller_takes(op, er.kwargs, caller))
    assert isinstance(info.value, ValueError)
    assert er.message in str(info.value)
