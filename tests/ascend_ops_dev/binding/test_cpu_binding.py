"""The compiled torch binding, linked against the CPU aclnn runtime, for every op on every product
line: results bit for bit against cpu_reference, the arguments each aclnn GetWorkspaceSize call
received, and a host-code rejection surfacing as OpArgumentError before any launch."""
from __future__ import annotations

import ctypes

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops.npu.dispatch import on_binding
from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops.sim import runner as sim_runner
from ascend_ops_dev.binding import cpu_aclnn
from ascend_ops_dev.binding.cpu_aclnn import argument_problems, check_run, expected_arguments
from ascend_ops_dev.sim import corpus
from ascend_ops_gen.spec import specs


OPS = [op.name for op in specs().ops]
PRODUCTS = list(specs().products)


@pytest.mark.parametrize("product", PRODUCTS, ids=lambda p: p.key)
@pytest.mark.parametrize("op", OPS)
def test_every_op_is_bit_exact_on_every_product_line(cpu_binding, op, product):
    cpu_binding.select(product.simulated_soc)
    runs = corpus.runs(ops=(op,), products=(product,), quick=True)
    assert runs
    assert [problem for seed, run in enumerate(runs) if (problem := check_run(cpu_binding, run, seed))] == []


def test_a_corrupted_result_is_reported(cpu_binding, monkeypatch):
    # The check can fail: the binding's result with one bit flipped.
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    run = next(r for r in corpus.runs(ops=("slice",), products=(PRODUCTS[0],), quick=True)
               if r.case.label.startswith("2-d"))
    real = cpu_aclnn.torch_bits

    def flipped(t):
        bits = real(t).copy()
        bits.reshape(-1)[0] ^= 1
        return bits

    monkeypatch.setattr(cpu_aclnn, "torch_bits", flipped)
    assert check_run(cpu_binding, run, 0).endswith(": bits differ from cpu_reference")


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
    # The TilingFunc asks for no workspace (Note [system workspace]), and the launch gets none.
    assert launch == {"api": f"aclnn{specs().op(op).op_type}", "workspace": False, "workspace_size": 0, "asked": 0,
                      "stream": True, "status": 0}


@pytest.mark.parametrize("product", PRODUCTS, ids=lambda p: p.key)
def test_no_workspace_is_asked_for_nor_allocated(cpu_binding, product):
    # The TilingFunc asks for no workspace on any product line (Note [system workspace]), as the
    # simulator reads its request; GetWorkspaceSize reports none and the binding allocates none.
    soc = product.simulated_soc
    assert sim_runner.plan("slice", (3, 4), "float16", ([0, 1], [2, 2]), product=product.key,
                           soc=soc).workspace_bytes == 0
    cpu_binding.select(soc)
    cpu_binding.reset()
    on_binding("slice")(torch.zeros(3, 4, dtype=torch.float16), [0, 1], [2, 2])
    workspace, launch = cpu_binding.calls()
    assert workspace["workspace_size"] == launch["asked"] == launch["workspace_size"] == 0
    assert launch["workspace"] is False and launch["status"] == 0


def test_a_workspace_asked_for_is_allocated_and_reaches_the_launch(cpu_binding):
    # A kernel that needed one: GetWorkspaceSize reports it, the binding allocates that much, and
    # the launch receives it.
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    cpu_binding.reset()
    cpu_binding.add_workspace(4096)
    try:
        y = on_binding("slice")(torch.arange(12.).reshape(3, 4), [0, 1], [2, 2])
    finally:
        cpu_binding.add_workspace(0)
    workspace, launch = cpu_binding.calls()
    assert workspace["workspace_size"] == launch["asked"] == launch["workspace_size"] == 4096
    assert launch["workspace"] is True and launch["status"] == 0
    assert y.tolist() == [[1.0, 2.0], [5.0, 6.0]]


class _AclnnSlice:
    """aclnnAscendSliceGetWorkspaceSize and aclnnAscendSlice of the CPU runtime, called directly."""

    def __init__(self, runtime: ctypes.CDLL):
        self.lib = runtime
        runtime.aclCreateTensor.restype = ctypes.c_void_p
        runtime.aclCreateTensor.argtypes = [ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64, ctypes.c_int,
                                            ctypes.POINTER(ctypes.c_int64), ctypes.c_int64, ctypes.c_int,
                                            ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64, ctypes.c_void_p]
        runtime.aclCreateIntArray.restype = ctypes.c_void_p
        runtime.aclCreateIntArray.argtypes = [ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64]
        runtime.aclGetRecentErrMsg.restype = ctypes.c_char_p
        runtime.aclnnAscendSliceGetWorkspaceSize.argtypes = [ctypes.c_void_p] * 4 + [
            ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_void_p)]
        runtime.aclnnAscendSlice.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_void_p]

    def tensor(self, t: torch.Tensor) -> int:
        dims = (ctypes.c_int64 * t.dim())(*t.shape)
        strides = (ctypes.c_int64 * t.dim())(*t.stride())
        storage = (ctypes.c_int64 * 1)(t.numel())
        acl = cpu_aclnn.acl_dtype_values()  # the acl header's enumerators, ACL_FORMAT_ND among them
        return self.lib.aclCreateTensor(dims, t.dim(), acl["ACL_FLOAT"], strides, 0, acl["ACL_FORMAT_ND"], storage, 1,
                                        t.data_ptr())

    def ints(self, values: list[int]) -> int:
        return self.lib.aclCreateIntArray((ctypes.c_int64 * len(values))(*values), len(values))

    def plan(self, x: torch.Tensor, out: torch.Tensor, offsets: list[int], size: list[int]) -> tuple[int, int]:
        """(workspace size, executor)"""
        size_out, executor = ctypes.c_uint64(), ctypes.c_void_p()
        status = self.lib.aclnnAscendSliceGetWorkspaceSize(self.tensor(x), self.ints(offsets), self.ints(size),
                                                            self.tensor(out), ctypes.byref(size_out),
                                                            ctypes.byref(executor))
        assert status == 0, self.lib.aclGetRecentErrMsg()
        return size_out.value, executor.value

    def launch(self, workspace: torch.Tensor | None, size: int, executor: int) -> tuple[int, str]:
        stream = ctypes.c_void_p(1)
        status = self.lib.aclnnAscendSlice(None if workspace is None else workspace.data_ptr(), size, executor, stream)
        return status, self.lib.aclGetRecentErrMsg().decode()


def test_a_launch_without_the_workspace_it_was_planned_with_is_refused(cpu_binding):
    # Negative control of the launch's side: the runtime checks that the kernel gets the workspace
    # GetWorkspaceSize reported, so a binding that passed less (or none) would fail the calls above.
    cpu_binding.select(ascend_ops.product("atlas-inference").simulated_soc)
    aclnn = _AclnnSlice(cpu_binding.runtime)
    x, out = torch.arange(12, dtype=torch.float32).reshape(3, 4), torch.zeros(2, 2)
    cpu_binding.reset()
    cpu_binding.add_workspace(4096)
    try:
        size, executor = aclnn.plan(x, out, [0, 1], [2, 2])
        plans = [aclnn.plan(x, out, [0, 1], [2, 2])[1] for _ in range(2)]
    finally:
        cpu_binding.add_workspace(0)
    assert size == 4096
    status, message = aclnn.launch(torch.empty(size - 1, dtype=torch.uint8), size - 1, executor)
    assert (status, message) == (161002, f"aclnnAscendSlice: the workspace holds {size - 1} bytes; "
                                         f"GetWorkspaceSize asked for {size} bytes")
    status, message = aclnn.launch(None, 0, plans[0])
    assert (status, message) == (161002, f"aclnnAscendSlice: the workspace is null; GetWorkspaceSize asked for "
                                         f"{size} bytes")
    assert torch.count_nonzero(out) == 0  # neither ran
    status, _ = aclnn.launch(torch.empty(size, dtype=torch.uint8), size, plans[1])
    assert status == 0 and torch.equal(out, x[0:2, 1:3])
    assert [(c["api"], c["status"], c.get("workspace_size"), c.get("asked")) for c in cpu_binding.calls()] == [
        *[("aclnnAscendSliceGetWorkspaceSize", 0, size, None)] * 3, ("aclnnAscendSlice", 161002, size - 1, size),
        ("aclnnAscendSlice", 161002, 0, size), ("aclnnAscendSlice", 0, size, size)]


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


# ---- aclnn's status families ----------------------------------------------------------------------

# ACLNN_ERR_PARAM_NULLPTR (161001) of an op found on ASCEND_CUSTOM_OPP_PATH is CANN's word for a
# package it did not collect: a RuntimeError naming the fix (test_kernel_discovery.py).
@pytest.mark.parametrize("status, error", [
    (161002, OpArgumentError),                              # ACLNN_ERR_PARAM_INVALID
    (361001, RuntimeError),                                 # ACLNN_ERR_RUNTIME_ERROR
    (561002, RuntimeError), (561003, RuntimeError),         # ACLNN_ERR_INNER_TILING / _FIND_KERNEL
])
def test_each_status_family_is_its_own_error_with_the_runtime_s_message(cpu_binding, status, error):
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    cpu_binding.reset()
    cpu_binding.fail_next(status, f"the runtime's words for {status}")
    with pytest.raises(Exception) as caught:
        on_binding("slice")(torch.zeros(3, 4), [0, 1], [2, 2])
    assert type(caught.value) is error
    assert not isinstance(caught.value, ValueError) or error is OpArgumentError
    assert str(caught.value).splitlines()[0] == (
        f"slice: aclnnAscendSliceGetWorkspaceSize rejected the call (aclnnStatus {status}): "
        f"the runtime's words for {status}")
    assert [c["status"] for c in cpu_binding.calls()] == [status]  # nothing was launched
    assert torch.equal(on_binding("slice")(torch.arange(12.).reshape(3, 4), [0, 1], [2, 2]),
                       torch.arange(12.).reshape(3, 4)[0:2, 1:3])  # the failure was the next call's only


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
    assert ("aclnnAscendDepthToSpaceGetWorkspaceSize rejected the call (aclnnStatus 161002): "
            "EZ9999: [AscendDepthToSpace] AscendDepthToSpace: ") in message  # test_error_channel.py
    with pytest.raises(OpArgumentError) as reference:
        cpu_reference.depth_to_space(np.zeros((1, 4, 3, 2, 4), np.float32), 2, data_format="NCHW_VECT_C")
    assert str(reference.value) in message  # the host code's message is the reference's
    assert str(direct.value).splitlines()[0] == message.splitlines()[0]
    [workspace] = cpu_binding.calls()  # no launch was attempted
    assert workspace["status"] == 161002
