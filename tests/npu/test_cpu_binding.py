"""The compiled torch binding, linked against the CPU aclnn runtime, for every op on every product
line: results bit for bit against cpu_reference, the arguments each aclnn GetWorkspaceSize call
received, and a host-code rejection surfacing as OpArgumentError before any launch."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
import torch

import cpu_reference
from ascend_ops.tools import cpu_aclnn
from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops.npu.dispatch import on_binding
from ascend_ops.sim import corpus
from ascend_ops_gen.spec import specs

from aclnn_records import argument_problems, expected_arguments

OPS = [op.name for op in specs().ops]
PRODUCTS = list(specs().products)


def to_torch(a: np.ndarray) -> torch.Tensor:
    if a.dtype == np.dtype(ml_dtypes.bfloat16):
        return torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
    return torch.from_numpy(a.copy())


def bits(t: torch.Tensor) -> np.ndarray:
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(np.uint16)
    return corpus.bits(t.numpy())


@pytest.mark.parametrize("product", PRODUCTS, ids=lambda p: p.key)
@pytest.mark.parametrize("op", OPS)
def test_every_op_is_bit_exact_on_every_product_line(cpu_binding, op, product):
    cpu_binding.select(product.simulated_soc)
    runs = corpus.runs(ops=(op,), products=(product,), quick=True)
    assert runs
    call = on_binding(op)
    for seed, run in enumerate(runs):
        x = corpus.input_array(run.case.shape, run.dtype, seed)
        kwargs = dict(run.case.kwargs)
        expected = getattr(cpu_reference, op)(x, *run.case.args, **kwargs)
        got = call(to_torch(x), *run.case.args, **kwargs)
        assert tuple(got.shape) == expected.shape, run.label
        assert np.array_equal(bits(got), corpus.bits(expected)), run.label


# ---- what GetWorkspaceSize receives -------------------------------------------------------------

CALLS = [
    ("strided_slice", (7, 6, 5), torch.float16, ([1, 5, 4], [6, 0, 0], [2, -1, 1]),
     {"begin_mask": 2, "end_mask": 1, "ellipsis_mask": 0, "new_axis_mask": 0, "shrink_axis_mask": 4}),
    ("strided_slice", (7, 6, 5), torch.float32, ([1], [5]), {"end_mask": 0, "begin_mask": 0}),  # strides=None
    ("slice", (4, 3, 5), torch.int8, ([1, 0, 2], [2, -1, 3]), {}),
    ("depth_to_space", (2, 3, 4, 8), torch.float32, (2,), {"mode": "CRD"}),
    ("space_to_depth", (2, 6, 4, 3), torch.float16, (2,), {"data_format": "NHWC"}),
]


@pytest.mark.parametrize("op, shape, dtype, args, kwargs", CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CALLS)])
def test_get_workspace_size_receives_the_calls_arguments(cpu_binding, op, shape, dtype, args, kwargs):
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    # An input that starts inside its storage: the offset must travel too.
    storage = torch.arange(int(np.prod(shape)) + 3).to(dtype)
    x = storage[3:].view(shape)
    cpu_binding.reset()
    out = on_binding(op)(x, *args, **kwargs)
    workspace, launch = cpu_binding.calls()
    assert workspace["api"] == f"aclnn{specs().op(op).op_type}GetWorkspaceSize" and workspace["status"] == 0
    assert argument_problems(workspace, expected_arguments(op, x, out, args, kwargs)) == []
    assert launch == {"api": f"aclnn{specs().op(op).op_type}", "workspace": False, "workspace_size": 0,
                      "stream": True, "status": 0}


def test_an_absent_strides_list_is_a_non_null_empty_array(cpu_binding):
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    cpu_binding.reset()
    on_binding("strided_slice")(torch.zeros(3, 4), [0], [2])
    strides = next(a for a in cpu_binding.calls()[0]["args"] if a["name"] == "strides")
    assert strides == {"name": "strides", "kind": "int_array", "values": []}


def test_the_argument_check_sees_a_wrong_value(cpu_binding):
    # The comparison itself can fail: the same record against other attribute values.
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    x = torch.zeros(5, 6)
    cpu_binding.reset()
    out = on_binding("strided_slice")(x, [0, 1], [4, 6], begin_mask=1, end_mask=2)
    recorded = cpu_binding.calls()[0]
    swapped = expected_arguments("strided_slice", x, out, ([0, 1], [4, 6]), {"begin_mask": 2, "end_mask": 1})
    assert [p.split(":")[0] for p in argument_problems(recorded, swapped)] == [
        "argument 4 (begin_mask)", "argument 5 (end_mask)"]


# ---- a rejection by the op's host code ----------------------------------------------------------

def test_a_tiling_func_rejection_is_an_argument_error_with_the_host_message_and_nothing_launches(cpu_binding):
    # NCHW_VECT_C holds int8 only: the view builder the binding sizes its output with accepts the
    # shape, the op's TilingFunc (its dtype rule) refuses the float32 input.
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    x = torch.zeros(1, 4, 3, 2, 4)
    with pytest.raises(ValueError) as direct:
        torch.ops.ascend_ops_npu.depth_to_space(x, 2, data_format="NCHW_VECT_C")
    cpu_binding.reset()
    with pytest.raises(OpArgumentError) as caught:
        on_binding("depth_to_space")(x, 2, data_format="NCHW_VECT_C")
    message = str(caught.value)
    assert "aclnnAscendDepthToSpaceGetWorkspaceSize rejected the call (aclnnStatus 161002): TilingFunc: " in message
    with pytest.raises(OpArgumentError) as reference:
        cpu_reference.depth_to_space(np.zeros((1, 4, 3, 2, 4), np.float32), 2, data_format="NCHW_VECT_C")
    assert str(reference.value) in message  # the host code's message is the reference's
    assert str(direct.value).splitlines()[0] == message.splitlines()[0]
    [workspace] = cpu_binding.calls()  # no launch was attempted
    assert workspace["status"] == 161002
