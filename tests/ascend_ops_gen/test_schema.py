"""ascend_ops_gen.schema: the torch schema strings and the Python signatures of the public functions
are the README's public API, derived from the specs."""
from __future__ import annotations

import inspect

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops_gen.schema import python_signature, torch_schema
from ascend_ops_gen.spec import specs

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

OP_NAMES = tuple(op.name for op in specs().ops)

SCHEMAS = {
    "strided_slice": "strided_slice(Tensor x, int[] begin, int[] end, int[]? strides=None, *, "
                     "int begin_mask=0, int end_mask=0, int ellipsis_mask=0, int new_axis_mask=0, "
                     "int shrink_axis_mask=0) -> Tensor",
    "slice": "slice(Tensor x, int[] offsets, int[] size) -> Tensor",
    "depth_to_space": 'depth_to_space(Tensor x, int block_size, *, str data_format="NHWC", '
                      'str mode="DCR") -> Tensor',
    "space_to_depth": 'space_to_depth(Tensor x, int block_size, *, str data_format="NHWC", '
                      'str mode="DCR") -> Tensor',
}

P = inspect.Parameter


def _sig(*params: tuple) -> inspect.Signature:
    return inspect.Signature([P(name, kind, default=default) for name, kind, default in params])


_E = P.empty
_POS, _KW = P.POSITIONAL_OR_KEYWORD, P.KEYWORD_ONLY
# The public API (README, "Using the ops").
SIGNATURES = {
    "strided_slice": _sig(("x", _POS, _E), ("begin", _POS, _E), ("end", _POS, _E),
                          ("strides", _POS, None), ("begin_mask", _KW, 0), ("end_mask", _KW, 0),
                          ("ellipsis_mask", _KW, 0), ("new_axis_mask", _KW, 0),
                          ("shrink_axis_mask", _KW, 0)),
    "slice": _sig(("x", _POS, _E), ("offsets", _POS, _E), ("size", _POS, _E)),
    "depth_to_space": _sig(("x", _POS, _E), ("block_size", _POS, _E),
                           ("data_format", _KW, "NHWC"), ("mode", _KW, "DCR")),
    "space_to_depth": _sig(("x", _POS, _E), ("block_size", _POS, _E),
                           ("data_format", _KW, "NHWC"), ("mode", _KW, "DCR")),
}


# The texts above are the documented API of the shipped ops; an op added beside them is held to
# its own spec by the tests over OP_NAMES.
@pytest.mark.parametrize("op", sorted(SCHEMAS))
def test_torch_schema_text(op):
    assert torch_schema(specs().op(op)) == SCHEMAS[op]


@pytest.mark.parametrize("op", OP_NAMES)
def test_registered_schema(op):
    schema = getattr(torch.ops.ascend_ops, op).default._schema
    # as torch prints a schema (a float default 1.0 reads `1.`)
    assert str(schema) == str(torch._C.parse_schema(f"ascend_ops::{torch_schema(specs().op(op))}"))
    # A functional op: nothing is mutated, the result aliases nothing.
    assert not schema.is_mutable
    assert all(a.alias_info is None for a in schema.arguments)
    assert all(r.alias_info is None for r in schema.returns)


@pytest.mark.parametrize("op", sorted(SIGNATURES))
def test_python_signature(op):
    assert python_signature(specs().op(op)) == SIGNATURES[op]


@pytest.mark.parametrize("op", OP_NAMES)
def test_public_function_signature_and_doc(op):
    fn = getattr(ascend_ops, op)
    assert inspect.signature(fn) == python_signature(specs().op(op))
    assert fn.__name__ == op
    assert f"op_specs/{op}.yaml" in fn.__doc__
    assert specs().op(op).summary in fn.__doc__
    assert op in ascend_ops.__all__


def test_keyword_only_attributes_cannot_be_positional():
    x = torch.zeros(1, 2, 3, 8)
    with pytest.raises(TypeError, match="depth_to_space"):
        ascend_ops.depth_to_space(x, 2, "NCHW")
    with pytest.raises(TypeError, match="strided_slice"):
        ascend_ops.strided_slice(x, [0], [1], [1], 1)


def test_missing_and_unknown_arguments_are_type_errors():
    x = torch.zeros(3, 4)
    with pytest.raises(TypeError, match="size"):
        ascend_ops.slice(x, [0, 0])
    with pytest.raises(TypeError, match="stride"):
        ascend_ops.slice(x, [0, 0], [1, 1], stride=[1, 1])


def test_arguments_by_keyword_and_defaults():
    x = torch.arange(2 * 3 * 5 * 8, dtype=torch.int32).reshape(2, 3, 5, 8)
    by_keyword = ascend_ops.depth_to_space(x=x, block_size=2, mode="DCR", data_format="NHWC")
    assert torch.equal(by_keyword, ascend_ops.depth_to_space(x, 2))
    assert torch.equal(by_keyword, torch.ops.ascend_ops.depth_to_space(x, 2))
    y = torch.arange(5 * 6, dtype=torch.int32).reshape(5, 6)
    assert torch.equal(ascend_ops.strided_slice(y, [1, 2], [4, 5]),
                       ascend_ops.strided_slice(y, [1, 2], [4, 5], [1, 1]))
    assert torch.equal(ascend_ops.strided_slice(y, begin=[1, 2], end=[4, 5], strides=None),
                       y[1:4, 2:5])


def test_the_input_must_be_a_tensor():
    with pytest.raises(ascend_ops.OpArgumentError, match="cpu_reference.slice"):
        ascend_ops.slice(np.zeros((3, 4)), [0, 0], [1, 1])


def test_gradient_op_schemas_and_public_functions():
    """`backward: {scatter: ...}` declares `<op>_grad(shape, <positional attributes>, dy, *, ...)`."""
    from ascend_ops_gen.schema import gradient_schema, gradient_signature

    assert gradient_schema(specs().op("slice")) == "slice_grad(int[] shape, int[] offsets, int[] size, Tensor dy) -> Tensor"
    assert gradient_schema(specs().op("strided_slice")) == (
        "strided_slice_grad(int[] shape, int[] begin, int[] end, int[]? strides, Tensor dy, *, int begin_mask=0, "
        "int end_mask=0, int ellipsis_mask=0, int new_axis_mask=0, int shrink_axis_mask=0) -> Tensor")
    for op in ("slice", "strided_slice"):
        fn = getattr(ascend_ops, f"{op}_grad")
        assert inspect.signature(fn) == gradient_signature(specs().op(op))
        reference = inspect.signature(getattr(cpu_reference, f"{op}_grad"))
        assert inspect.signature(fn) == reference.replace(return_annotation=inspect.Signature.empty)
        assert fn.__name__ == f"{op}_grad" and f"op_specs/{op}.yaml" in fn.__doc__
        assert f"{op}_grad" in ascend_ops.__all__
    # negative control: ops without a gradient op have none
    assert not hasattr(ascend_ops, "depth_to_space_grad")
