"""`ascend-ops doctor`'s one real aclnn call (Note [doctor's aclnn call]), run through the CPU
build of the binding and the CPU aclnn runtime: it passes on every product line's SoC through both
aclnn calls, and a failing aclnn status, an argument status or a wrong result is reported as a
failure that blocks the custom route."""
from __future__ import annotations

import types

import pytest
import torch

from ascend_ops.npu.dispatch import on_binding
from ascend_ops.tools.commands.doctor import FAIL, OK, aclnn_call, call_example, call_finding
from ascend_ops_gen.spec import specs

PRODUCTS = list(specs().products)


@pytest.mark.parametrize("product", PRODUCTS, ids=lambda p: p.key)
def test_the_call_runs_both_aclnn_calls_and_equals_cpu_reference(cpu_binding, product):
    cpu_binding.select(product.simulated_soc)
    op, example = call_example(product)
    assert example.dtype in op.supported_dtypes(product)
    cpu_binding.reset()
    done = aclnn_call("cpu", on_binding, product)
    assert (done.passed, done.status) == (True, 0), done.text
    assert done.text.endswith(f"through aclnn{op.op_type}: aclnn status 0, the result equals cpu_reference's "
                              f"bit for bit")
    assert [(c["api"], c["status"]) for c in cpu_binding.calls()] == [
        (f"aclnn{op.op_type}GetWorkspaceSize", 0), (f"aclnn{op.op_type}", 0)]
    assert call_finding(done).level == OK


@pytest.mark.parametrize("status", [561002, 361001, 161002])  # tiling, runtime, the arguments
def test_a_failing_status_is_a_failure_naming_it(cpu_binding, status):
    cpu_binding.select(PRODUCTS[0].simulated_soc)
    cpu_binding.reset()
    cpu_binding.fail_next(status, f"the runtime's words for {status}")
    done = aclnn_call("cpu", on_binding, PRODUCTS[0])
    assert (done.passed, done.status) == (False, status), done.text
    assert f": aclnn status {status}: " in done.text and f"the runtime's words for {status}" in done.text
    assert [c["status"] for c in cpu_binding.calls()] == [status]  # nothing was launched
    finding = call_finding(done)
    assert finding.level == FAIL and "ASCEND_OPS_NPU_KERNELS=torch_npu" in finding.fix


def test_a_wrong_result_is_a_failure(cpu_binding):
    # The binding's real result, one byte changed on the way back.
    cpu_binding.select(PRODUCTS[0].simulated_soc)

    def corrupting(op_name):
        def run(x, *args, **kwargs):
            y = on_binding(op_name)(x, *args, **kwargs).clone()
            y.reshape(-1).view(torch.uint8)[0] ^= 1
            return y
        return run

    cpu_binding.reset()
    done = aclnn_call("cpu", corrupting, PRODUCTS[0])
    assert (done.passed, done.status) == (False, 0), done.text
    assert ": aclnn status 0, but the result differs from cpu_reference" in done.text
    assert [c["status"] for c in cpu_binding.calls()] == [0, 0]  # the call itself went through
    assert call_finding(done).level == FAIL


def test_the_call_example_follows_the_product_s_dtype_rule():
    # Each line's example is the first worked example of a view op that reads, of a dtype the line
    # supports (numpy has no bfloat16); on some line (200I/500 A2: float16 only) that is not the
    # first example of all.
    every = [(op.name, ex.name, ex.dtype) for op in specs().ops if op.reads_a_view for ex in op.examples
             if ex.dtype != "bfloat16"]
    chosen = {}
    for product in PRODUCTS:
        op, example = call_example(product)
        chosen[product.key] = (op.name, example.name, example.dtype)
        assert chosen[product.key] == next(e for e in every if e[2] in specs().op(e[0]).supported_dtypes(product))
    assert set(chosen.values()) != {every[0]}, chosen


@pytest.mark.parametrize("npu_visible", [True, False])
def test_doctor_makes_the_call_only_with_an_npu_and_the_binding_loaded(monkeypatch, npu_visible):
    # The wiring of call_findings on a stand-in torch.npu, with the call itself replaced.
    from ascend_ops.npu import dispatch
    from ascend_ops.runtime import products
    from ascend_ops.tools.commands import doctor

    made = []
    monkeypatch.setattr(dispatch, "custom_kernels_unavailable", lambda simulated: None)
    monkeypatch.setattr(products, "current_product", lambda device=None: None)
    monkeypatch.setattr(torch, "npu", types.SimpleNamespace(is_available=lambda: npu_visible), raising=False)
    monkeypatch.setattr(doctor, "aclnn_call", lambda device, binding=None, product=None: made.append(device)
                        or doctor.AclnnCall(False, 561002, "the call: aclnn status 561002: tiling failed"))
    [finding] = doctor.call_findings(torch_npu_imported=True)
    if npu_visible:
        assert made == ["npu"] and (finding.level, finding.text) == (FAIL, "the call: aclnn status 561002: tiling failed")
    else:
        assert made == [] and (finding.level, finding.text) == ("note", "not made: torch_npu sees no NPU")
    monkeypatch.setattr(dispatch, "custom_kernels_unavailable", lambda simulated: "not built")
    assert doctor.call_findings(torch_npu_imported=True)[0].text == "not made: the binding is not loaded (not built)"
