"""Argument errors read as the package's own: every one names its op first, on every path, and is
raised from the function the caller called, not from the checks below it.

The corpus is every spec's `errors:` entry and every junk value of every attribute (the cases of
test_bad_input.py), each through `ascend_ops.<op>` and `torch.ops.ascend_ops.<op>` on every CPU
backend.
"""
from __future__ import annotations

import traceback

import pytest
import torch

import ascend_ops
from ascend_ops import OpArgumentError
from ascend_ops_gen.spec import specs
from ascend_ops_support import JUNK, example_tensors

BACKENDS = ("native", "reference", "sim")


def _corpus():
    for op in specs().ops:
        for er in op.errors:
            yield pytest.param(op.name, er, er.kwargs, id=f"{op.name}-spec-{er.name}")
        example = op.examples[0]
        for attr in op.attributes:
            for i, junk in enumerate(JUNK[attr.type]):
                yield pytest.param(op.name, example, {**example.kwargs, attr.name: junk},
                                   id=f"{op.name}-{attr.name}-{i}")


def _raised(fn, inputs, kwargs) -> OpArgumentError:
    with pytest.raises(OpArgumentError) as info:
        fn(*inputs, **kwargs)
    return info.value


def _frames_below_the_call(error: BaseException) -> list[str]:
    """The traceback's frames under the test's own frame: the package's, where it raised."""
    return [f.name for f in traceback.extract_tb(error.__traceback__)[1:]]


@pytest.mark.parametrize("op, example, kwargs", list(_corpus()))
def test_every_argument_error_names_its_op_and_is_raised_from_the_entry(op, example, kwargs):
    inputs = example_tensors(op, example)
    for backend in BACKENDS:
        with ascend_ops.use_backend(backend):
            for fn in (getattr(ascend_ops, op), getattr(torch.ops.ascend_ops, op)):
                error = _raised(fn, inputs, kwargs)
                assert str(error).startswith(f"{op}: "), (backend, str(error))
                assert not str(error).startswith(f"{op}: {op}: "), (backend, str(error))
                assert len(_frames_below_the_call(error)) <= 1, (backend, _frames_below_the_call(error))


X = torch.arange(24.0).reshape(2, 3, 4)


@pytest.mark.parametrize("call, message", [
    (lambda: ascend_ops.strided_slice(X, [0], [1], [0]), "strided_slice: strides[0] must be non-zero"),
    (lambda: ascend_ops.depth_to_space(torch.zeros(1, 4, 3, 4), 3),
     "depth_to_space: Input depth dimension 4 should be divisible by: 9"),
    (lambda: ascend_ops.space_to_depth(torch.zeros(1, 3, 4, 1), 2),
     "space_to_depth: Image width 4 and height 3 should be divisible by block_size: 2"),
    (lambda: ascend_ops.strided_slice(X, [0, 0], [1, 1], [1, 1], ellipsis_mask=3),
     "strided_slice: Multiple ellipses in slice spec not allowed"),
    (lambda: ascend_ops.strided_slice(X, [0] * 32, [1] * 32, [1] * 32),
     "strided_slice: begin, end and strides must be lists of one length, at most 31"),
    (lambda: torch.ops.ascend_ops.strided_slice.default(X, [0], [1], [0]),  # an overload, past the packet
     "strided_slice: strides[0] must be non-zero"),
], ids=["zero-stride", "d2s-depth", "s2d-extent", "ellipses", "list-lengths", "overload"])
def test_the_messages_people_meet_name_the_op(call, message):
    with pytest.raises(OpArgumentError) as info:
        call()
    assert str(info.value).startswith(message)
    assert "tensor" not in str(info.value)  # the arguments are lists, not TF's 1-D tensors


def test_a_named_message_is_not_named_twice_and_keeps_its_notes():
    from ascend_ops.runtime.errors import naming_op

    error = OpArgumentError("x must be 4-D")
    error.add_note("rejected by DepthToSpace's TilingFunc")
    named = naming_op(error, "depth_to_space")
    assert str(named) == "depth_to_space: x must be 4-D"
    assert named.__notes__ == ["rejected by DepthToSpace's TilingFunc"]
    assert naming_op(named, "depth_to_space") is named
    # negative control: another op's name is no excuse
    assert str(naming_op(named, "slice")) == "slice: depth_to_space: x must be 4-D"
