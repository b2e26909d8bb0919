"""Checks of the simulated npu device (ascend_ops.sim.device), run by test_sim_device.py in a
subprocess per scenario, because enabling the device is process-global and irreversible.

`python sim_npu_checks.py <scenario>` runs that scenario's checks in order and prints one line,
`RESULTS <json>`: check name -> "ok" or the failure's traceback.
"""
from __future__ import annotations

import ctypes
import json
import logging
import os
import sys
import traceback
import types
import warnings
from collections.abc import Callable
from pathlib import Path

import torch

import cpu_reference
import ascend_ops
from ascend_ops.npu import dispatch
from ascend_ops.sim import device as sim_device
from ascend_ops.runtime import torch_private, torch_views
from ascend_ops.sim import aclnn_route
from ascend_ops_support import (CASES, HUGE_STRIDE_CALLS, HUGE_STRIDES, TF_CASE_DTYPE, bits, differentiable,
                                int_dtype, op_error, random_tensor, tf_calls, tf_cases)

RESULTS_PREFIX = "RESULTS "
SUPPORT = Path(__file__).resolve().parents[1] / "support"  # tests/support: binding_copies

# Each scenario's environment on top of the caller's (from which every ASCEND_OPS_* is removed).
SCENARIO_ENV = {
    # `import ascend_ops` enables the device; no product named, so it claims atlas-a2's SoC.
    "enabled_by_env": {"ASCEND_OPS_SIM_NPU": "1"},
    # Not enabled at import; enabled by hand, claiming the SoC of the product named here.
    "enabled_by_call": {"ASCEND_OPS_SIM_NPU": "0", "ASCEND_OPS_PRODUCT": "Ascend310B1"},
    # The custom kernels forced off: every op takes the torch_npu composition.
    "forced_torch_npu": {"ASCEND_OPS_SIM_NPU": "1", "ASCEND_OPS_NPU_KERNELS": "torch_npu"},
    # No C++ compiler once the device is up (NO_COMPILER_AFTER_IMPORT), so no simulator: the
    # custom kernels cannot run.
    "no_simulator": {"ASCEND_OPS_SIM_NPU": "1"},
    # The custom route through a defective copy of the binding (DEFECTIVE_BINDING).
    "defective_binding": {"ASCEND_OPS_SIM_NPU": "1"},
    # torch.compile with inductor on npu tensors; each scenario compiles with inductor first in
    # its process, as inductor asks the device for its code generation once.
    "inductor": {"ASCEND_OPS_SIM_NPU": "1"},
    # Negative controls: torch.npu without its inductor code generation, and a torch without an
    # inductor name the code generation needs.
    "inductor_not_offered": {"ASCEND_OPS_SIM_NPU": "1"},
    "inductor_names_missing": {"ASCEND_OPS_SIM_NPU": "1"},
}
# The device is itself a C++ extension, built (or found in the build cache) at import; these
# scenarios lose the compiler after that.
NO_COMPILER_AFTER_IMPORT = ("no_simulator",)
CHECKS: dict[str, dict[str, Callable[[], None]]] = {scenario: {} for scenario in SCENARIO_ENV}


def check(scenario: str):
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CHECKS[scenario][fn.__name__] = fn
        return fn
    return register


def assert_same_bits(actual: torch.Tensor, expected: torch.Tensor) -> None:
    """`actual` (on any device) has `expected`'s shape, dtype and bits."""
    actual = actual.cpu()
    assert type(actual) is torch.Tensor, type(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert torch.equal(bits(actual), bits(expected)), "bits differ"


def assert_on_npu(t: torch.Tensor) -> None:
    """`t` was made by the simulated device's kernels, on its one device."""
    assert type(t) is torch.Tensor, type(t)  # a plain tensor, as torch_npu's are
    assert t.device == torch.device("npu", 0), t.device
    assert sim_device.host_tensor(t).shape == t.shape


def call(case, x: torch.Tensor) -> torch.Tensor:
    return getattr(ascend_ops, case.op)(x, *case.args, **case.kwargs)


def case_dtypes(case, product: str) -> list[torch.dtype]:
    """The dtypes a case is checked with on the device: the listed ones the product supports."""
    if case.int8_only:
        return [torch.int8]
    names = [n for n in ("float16", "bfloat16", "uint32", "bool", "int32", "float32")
             if ascend_ops.is_supported(case.op, n, product)]
    assert names, f"{case.op} supports none of the checked dtypes on {product}"
    return [getattr(torch, n) for n in names]


ROUND_TRIP_DTYPES = (torch.float16, torch.bfloat16, torch.uint32, torch.bool, torch.float32,
                     torch.int8, torch.int64)

# Views whose dims all differ: transposed, stepped, chained (a view of a view), selected,
# broadcast.
NPU_VIEWS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "transpose": lambda t: t.transpose(0, 2),
    "steps": lambda t: t[1:, ::2, 2:5],
    "chained": lambda t: t[:, ::2][1:, :, 1:4].permute(2, 0, 1),
    "select": lambda t: t.select(1, 3)[::3],
    "expand": lambda t: t[:, :1].expand(4, 3, 6),
    "diagonal": lambda t: t.diagonal(0, 0, 2),
}


# --- scenario "enabled_by_env" -------------------------------------------------------------------

@check("enabled_by_env")
def enabled_at_import() -> None:
    assert sim_device.is_enabled()
    assert torch._C._get_privateuse1_backend_name() == "npu"
    assert torch.npu.is_available() and torch.npu.device_count() == 1
    assert torch.npu.current_device() == 0
    assert torch.accelerator.current_accelerator() == torch.device("npu")


def extension_mapped() -> bool:
    """Whether the device's C++ extension is mapped into this process."""
    with open("/proc/self/maps", encoding="utf-8") as maps:
        return sim_device.MODULE_NAME in maps.read()


@check("enabled_by_env")
def the_extension_is_loaded_when_asked() -> None:
    # The negative control of not_loaded_at_import_unless_asked: the same look finds it here.
    assert extension_mapped()


@check("enabled_by_env")
def memory_is_host_memory_from_the_devices_allocator() -> None:
    before = sim_device.allocated()
    x = torch.empty((1000, 3), device="npu", dtype=torch.float64)
    during = sim_device.allocated()
    assert (during[0] - before[0], during[1] - before[1]) == (24000, 1), (before, during)
    host = sim_device.host_tensor(x)
    assert host.device == torch.device("cpu") and host.data_ptr() == x.data_ptr()
    host.fill_(2.5)  # the CPU writes the device's memory directly
    assert x.sum().item() == 7500.0
    del x, host
    assert sim_device.allocated() == before, (before, sim_device.allocated())
    on_device = sim_device.on_device(torch.arange(6.0)[1::2])  # aliased, not copied
    assert on_device.stride() == (2,) and on_device.storage_offset() == 1
    assert_same_bits(on_device, torch.tensor([1.0, 3.0, 5.0]))


@check("enabled_by_env")
def views_share_the_memory_of_their_base() -> None:
    x = torch.arange(120.0, device="npu").reshape(4, 5, 6)
    for view in NPU_VIEWS.values():
        v = view(x)
        assert v.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        assert v.data_ptr() == x.data_ptr() + v.storage_offset() * x.element_size()
    assert x.unfold(2, 2, 1).data_ptr() == x.data_ptr()


@check("enabled_by_env")
def streams_and_events_are_host_objects() -> None:
    default = torch.npu.current_stream()
    assert default.stream_id == 0 and default.device == torch.device("npu", 0)
    assert torch.npu.default_stream() == default
    side = torch.npu.Stream()
    assert isinstance(side, torch.npu.Stream) and side.stream_id != 0 and side.query()
    torch.npu.set_stream(side)
    try:
        assert torch.npu.current_stream() == side
    finally:
        torch.npu.set_stream(default)
    assert torch.npu.current_stream() == default
    start, end = torch.npu.Event(enable_timing=True), torch.npu.Event(enable_timing=True)
    assert isinstance(start, torch.npu.Event) and start.device.type == "npu"
    assert not isinstance(torch.Event(device="cpu"), torch.npu.Event)
    start.record()
    torch.ones(100, device="npu").sum()
    end.record(side)
    assert start.query() and end.query()
    end.synchronize()
    side.synchronize()
    torch.npu.synchronize()
    assert start.elapsed_time(end) >= 0.0
    try:
        torch.npu.Event(enable_timing=True).elapsed_time(end)
    except (RuntimeError, ValueError) as e:
        assert "record" in str(e), e  # torch 2.6: "not marked for recording"
    else:
        raise AssertionError("elapsed_time of an event never recorded")


@check("enabled_by_env")
def only_device_zero_exists() -> None:
    for call_on in (lambda: torch.empty(2, device="npu:1"), lambda: torch.npu.set_device(1)):
        try:
            call_on()
        except (RuntimeError, ValueError) as e:
            assert "it has one device, npu:0" in str(e), e
        else:
            raise AssertionError("npu:1 accepted")


@check("enabled_by_env")
def convolutions_run_on_the_device_as_on_the_host() -> None:
    # convolution_overrideable / convolution_backward_overrideable, plain and transposed, grouped.
    for conv in (torch.nn.Conv2d(4, 6, 3, padding=1, groups=2),
                 torch.nn.ConvTranspose2d(4, 6, 2, stride=2, groups=2)):
        x = torch.randn(2, 4, 5, 7, generator=torch.Generator().manual_seed(5), requires_grad=True)
        y = conv(x)
        y.backward(torch.ones_like(y))
        want = (y, x.grad, conv.weight.grad, conv.bias.grad)
        device_conv = conv.to("npu")
        device_conv.zero_grad()
        xn = x.detach().to("npu").requires_grad_()
        yn = device_conv(xn)
        yn.backward(torch.ones_like(yn))
        got = (yn, xn.grad, device_conv.weight.grad, device_conv.bias.grad)
        for g, w in zip(got, want):
            assert_on_npu(g)
            assert_same_bits(g.cpu(), w.detach())


@check("enabled_by_env")
def device_name_is_the_default_products_soc() -> None:
    a2 = ascend_ops.product("atlas-a2")
    assert torch.npu.get_device_name() == a2.simulated_soc, torch.npu.get_device_name()
    assert torch.npu.get_device_name(0) == torch.npu.get_device_name("npu:0") == a2.simulated_soc
    assert a2.simulated_soc in a2.soc_versions


@check("enabled_by_env")
def current_product_is_the_devices() -> None:
    assert ascend_ops.current_product().key == "atlas-a2"
    os.environ["ASCEND_OPS_PRODUCT"] = "Ascend310P3"  # the device comes before the environment
    try:
        assert ascend_ops.current_product().key == "atlas-a2"
    finally:
        del os.environ["ASCEND_OPS_PRODUCT"]
    with ascend_ops.target_product("atlas-inference"):  # the context comes before the device
        assert ascend_ops.current_product().key == "atlas-inference"


@check("enabled_by_env")
def round_trips_keep_every_bit() -> None:
    for seed, dtype in enumerate(ROUND_TRIP_DTYPES):
        x = random_tensor((3, 5, 7), dtype, seed)
        for y in (x.to("npu"), x.npu(), x.to(device="npu:0"), torch.empty_like(x, device="npu")
                  .copy_(x)):
            assert_on_npu(y)
            assert y.dtype == dtype and y.shape == x.shape
            assert_same_bits(y.cpu(), x)
            assert_same_bits(y.to("cpu"), x)
        assert_same_bits(x.npu().npu().clone(), x)  # device to device


@check("enabled_by_env")
def round_trips_convert_dtypes_like_the_cpu() -> None:
    x = torch.randn(3, 5, 7)
    for dtype in (torch.bfloat16, torch.float16, torch.int32):
        assert_same_bits(x.to("npu", dtype), x.to(dtype))
        assert_same_bits(x.npu().to(dtype), x.to(dtype))


@check("enabled_by_env")
def non_contiguous_round_trips() -> None:
    for seed, dtype in enumerate((torch.float16, torch.bfloat16, torch.uint32, torch.bool)):
        x = random_tensor((4, 5, 6), dtype, seed)
        for name, view in NPU_VIEWS.items():
            expected = view(x)
            assert_same_bits(expected.npu(), expected)  # a non-contiguous CPU tensor goes over
            on_npu = view(x.npu())  # a view taken on the device
            assert_on_npu(on_npu)
            assert (on_npu.stride(), on_npu.is_contiguous()) == (expected.stride(),
                                                                expected.is_contiguous()), name
            assert_same_bits(on_npu, expected)
            assert_same_bits(on_npu.contiguous(), expected)
            assert_same_bits(on_npu.reshape(-1), expected.reshape(-1))  # views only if it can
            same_size_int = int_dtype(dtype)  # a metadata copy made by autograd itself
            assert_same_bits(on_npu.view(same_size_int), expected.view(same_size_int))


@check("enabled_by_env")
def factories_make_npu_tensors() -> None:
    empty = torch.empty((2, 3, 4), device="npu", dtype=torch.bfloat16)
    assert_on_npu(empty)
    assert empty.shape == (2, 3, 4) and empty.dtype == torch.bfloat16
    assert_same_bits(torch.zeros((2, 3, 4), device="npu", dtype=torch.bfloat16),
                     torch.zeros((2, 3, 4), dtype=torch.bfloat16))
    assert_same_bits(torch.full((3, 2), 7, device="npu", dtype=torch.uint32),
                     torch.full((3, 2), 7, dtype=torch.uint32))
    assert_same_bits(torch.arange(2, 17, 3, device="npu"), torch.arange(2, 17, 3))


@check("enabled_by_env")
def writes_reach_the_base_through_views() -> None:
    on_npu = torch.zeros((4, 5, 6), device="npu")
    on_cpu = torch.zeros((4, 5, 6))
    for t in (on_npu, on_cpu):
        t[1, ::2, 1:3] = 7
        t.transpose(0, 2)[4].fill_(-1)
        t.view(-1)[::7].add_(2)
    assert_same_bits(on_npu, on_cpu)


@check("enabled_by_env")
def random_state_is_the_devices() -> None:
    torch.manual_seed(3)  # seeds the device too
    first = torch.randn(5, device="npu")
    torch.npu.manual_seed(3)
    assert_same_bits(torch.randn(5, device="npu"), first.cpu())
    state = torch.npu.get_rng_state()
    drawn = torch.randn(5, device="npu")
    torch.npu.set_rng_state(state)
    with torch.random.fork_rng(device_type="npu"):  # restores the device's state on exit
        torch.randn(5, device="npu")
    assert_same_bits(torch.randn(5, device="npu"), drawn.cpu())


@check("enabled_by_env")
def ops_on_npu_match_the_cpu_bit_for_bit() -> None:
    for case in CASES:
        for seed, dtype in enumerate(case_dtypes(case, "atlas-a2")):
            x = random_tensor(case.shape, dtype, seed)
            expected = call(case, x)
            actual = call(case, x.npu())
            assert_on_npu(actual)
            assert sim_device.host_tensor(actual).is_contiguous(), (case.op, case.id)
            try:
                assert_same_bits(actual, expected)
            except AssertionError as e:
                raise AssertionError(f"{case.op} {case.id} {dtype}: {e}") from None


@check("enabled_by_env")
def real_npu_path_runs_on_the_device_too() -> None:
    # On a real NPU, dispatch.device_kernel moves data with torch_views (aten views and copies);
    # here those aten ops run through the simulated device's kernels.
    for case in CASES:
        for seed, dtype in enumerate(case_dtypes(case, "atlas-a2")):
            x = random_tensor(case.shape, dtype, seed)
            actual = torch_views.OPS[case.op](x.npu(), *case.args, **case.kwargs)
            assert actual.device == torch.device("npu", 0), (case.op, case.id, actual.device)
            try:
                assert_same_bits(actual, call(case, x))
            except AssertionError as e:
                raise AssertionError(f"{case.op} {case.id} {dtype}: {e}") from None


@check("enabled_by_env")
def ops_read_non_contiguous_npu_inputs() -> None:
    x = random_tensor((6, 5, 4, 7), torch.float16, 1)
    views = (lambda t: t.permute(2, 0, 3, 1), lambda t: t[:, ::2].transpose(1, 2),
             lambda t: t[1:5, :, 1:].transpose(1, 3))
    for view in views:
        on_cpu, on_npu = view(x), view(x.npu())
        assert_same_bits(ascend_ops.slice(on_npu, [1, 0, 1, 0], [-1, 2, 2, -1]),
                         ascend_ops.slice(on_cpu, [1, 0, 1, 0], [-1, 2, 2, -1]))
        assert_same_bits(ascend_ops.strided_slice(on_npu, [-1, 0, 1], [0, 0, 4], [-2, 1, 2],
                                                  end_mask=2),
                         ascend_ops.strided_slice(on_cpu, [-1, 0, 1], [0, 0, 4], [-2, 1, 2],
                                                  end_mask=2))


@check("enabled_by_env")
def torch_ops_calls_reach_the_npu_kernel() -> None:
    x = random_tensor((2, 12, 3, 5), torch.bfloat16, 4)
    out = torch.ops.ascend_ops.depth_to_space(x.npu(), 2, data_format="NCHW", mode="CRD")
    assert_on_npu(out)
    assert_same_bits(out, torch.nn.functional.pixel_shuffle(x, 2))  # torch's is CRD


@check("enabled_by_env")
def autograd_through_npu_tensors() -> None:
    for case in CASES:
        if not differentiable(case):
            continue
        x = torch.randn(case.shape, generator=torch.Generator().manual_seed(7))
        on_cpu = x.clone().requires_grad_()
        out_cpu = call(case, on_cpu)
        weight = torch.randn(out_cpu.shape, generator=torch.Generator().manual_seed(8))
        (out_cpu * weight).sum().backward()

        on_npu = x.npu().requires_grad_()
        out_npu = call(case, on_npu)
        assert out_npu.grad_fn is not None, (case.op, case.id)
        (out_npu * weight.npu()).sum().backward()
        assert_on_npu(on_npu.grad)
        try:
            assert_same_bits(on_npu.grad, on_cpu.grad)
        except AssertionError as e:
            raise AssertionError(f"{case.op} {case.id}: {e}") from None


@check("enabled_by_env")
def in_place_ops_on_views_get_the_cpu_gradients() -> None:
    # Autograd replays a view written in place with as_strided of the npu tensor's layout.
    def gradient(device: str) -> torch.Tensor:
        weight = torch.arange(12.0).reshape(3, 4).to(device)
        x = torch.arange(12.0).reshape(3, 4).to(device).requires_grad_()
        a = x.clone()
        a[1:3, 1:].mul_(2)
        a.t()[1:, ::2].mul_(a.t()[1:, ::2].detach() + 1)
        b = torch.zeros(3, 4, device=device)
        b[1:, :2] = x[:2, 2:] * 3
        b.t()[2].copy_(x[0, :3])
        ((a * weight).sum() + (b * weight).sum()).backward()
        return x.grad

    on_npu = gradient("npu")
    assert_on_npu(on_npu)
    assert_same_bits(on_npu, gradient("cpu"))


@check("enabled_by_env")
def printing_shows_the_elements() -> None:
    assert repr(torch.tensor([1, 2]).npu()) == "tensor([1, 2], device='npu:0')"
    assert repr(torch.tensor(2.5).npu()) == "tensor(2.5000, device='npu:0')"
    assert f"{torch.tensor(2.5).npu():.1f}" == "2.5"
    assert repr(torch.tensor([1.0]).npu().view(torch.int32)) == (  # a plain-Tensor metadata copy
        "tensor([1065353216], device='npu:0', dtype=torch.int32)")


@check("enabled_by_env")
def opcheck_of_cpu_inputs_still_passes() -> None:
    # fork_rng in opcheck targets the accelerator, now npu: the device's RNG state API must work.
    torch.library.opcheck(torch.ops.ascend_ops.slice.default,
                          (torch.randn(5, 6, 7, requires_grad=True), [1, 2, 3], [3, -1, 2]))


@check("enabled_by_env")
def torch_compile_traces_npu_tensors() -> None:
    # FakeTensor propagation of npu tensors (Note [fake npu tensors]), with the backends that run
    # the traced graph eagerly; inductor has its own scenario.
    x = random_tensor((4, 5, 6), torch.float32, 9)

    def plain(a):
        return (a * 2)[0]

    def with_op(a):
        return ascend_ops.strided_slice(a * 2, [3, 1], [0, 5], [-2, 2], end_mask=1)[:, 1:] + 1

    for fn in (plain, with_op):
        for backend in ("eager", "aot_eager"):
            torch._dynamo.reset()
            compiled = torch.compile(fn, backend=backend, fullgraph=True)
            actual = compiled(x.npu())
            assert_on_npu(actual)
            try:
                assert_same_bits(actual, fn(x))
            except AssertionError as e:
                raise AssertionError(f"{fn.__name__} with {backend}: {e}") from None


@check("enabled_by_env")
def strides_past_int32_compile_on_the_device() -> None:
    # test_torch_ops.test_strides_past_int32_compile_to_the_eager_result_on_every_product's calls,
    # on npu tensors: the argument check, the kernel, every product line.
    x = torch.arange(24, dtype=torch.float16).reshape(4, 6)
    for product in ascend_ops.products():
        for stride in HUGE_STRIDES:
            for begin, end, masks in HUGE_STRIDE_CALLS:
                def fn(t):
                    return ascend_ops.strided_slice(t, begin, end, [1, stride], **masks)

                with ascend_ops.target_product(product.key):
                    torch._dynamo.reset()
                    eager = fn(x.npu())
                    compiled = torch.compile(fn, fullgraph=True, backend="aot_eager")(x.npu())
                assert_on_npu(compiled)
                try:
                    assert_same_bits(eager, fn(x))
                    assert_same_bits(compiled, fn(x))
                except AssertionError as e:
                    raise AssertionError(f"{product.key}, stride {stride}, {begin}:{end}: {e}") from None


# --- scenarios "inductor", "inductor_not_offered", "inductor_names_missing" ---------------------
# Inductor's C++ code generation on npu tensors (sim/inductor.py, Note [inductor on the simulated
# npu]).

def _sliced_between_pointwise(t):
    return ascend_ops.strided_slice(t * 2, [3, 1], [0, 5], [-2, 2], end_mask=1)[:, 1:] + 1


def _normalised(t):  # a pointwise op reading a reduction: GPU_ONLY_LOOP_TRANSFORMS would fail it
    return t / t.abs().sum(-1, keepdim=True)


def _softmax_of_a_slice(t):
    return torch.softmax(ascend_ops.slice(t, [1, 0, 1], [2, -1, 4]), -1)


def _gradient(fn):
    def gradient(t):
        t = t.detach().requires_grad_()
        (fn(t) ** 2).sum().backward()
        return t.grad
    return gradient


def _cond_on_a_sum(t):  # each branch a graph of its own, with its own wrapper
    sliced = ascend_ops.slice(t, [1, 0, 1], [2, -1, 4])
    return torch.cond(sliced.sum() > 0, lambda u: u * 2, lambda u: u - 1, (sliced,))


# Functions compiled with inductor: (function, whether inductor computes it as eager does).
INDUCTOR_FUNCTIONS = {
    "sliced_between_pointwise": (_sliced_between_pointwise, True),
    "cond_on_a_sum": (_cond_on_a_sum, True),
    "normalised": (_normalised, False),
    "softmax_of_a_slice": (_softmax_of_a_slice, False),
    "gradient_of_a_slice": (_gradient(lambda t: ascend_ops.strided_slice(
        t.sin(), [1, 0, 1], [4, 5, 6], [2, 2, -1], end_mask=4)), False),
}


def _inductor_runs_cpp_kernels_on_npu_tensors() -> None:
    """Each of INDUCTOR_FUNCTIONS, compiled by inductor for npu tensors: the generated code
    synchronises the device, calls a generated C++ kernel and allocates on the npu, and the
    result has the bits of the same compilation for CPU tensors (and of eager, where inductor
    computes as eager does)."""
    from torch._inductor.utils import run_and_get_code

    x = torch.randn((4, 5, 6), generator=torch.Generator().manual_seed(11))
    for name, (fn, as_eager) in INDUCTOR_FUNCTIONS.items():
        results, codes = {}, {}
        for device in ("npu", "cpu"):
            torch._dynamo.reset()
            one_graph = name != "gradient_of_a_slice"  # backward() ends a graph
            compiled = torch.compile(fn, backend="inductor", fullgraph=one_graph)
            results[device], codes[device] = run_and_get_code(compiled, x.to(device))
        code = "\n".join(codes["npu"])
        assert "cpp_fused" in code and "device='npu'" in code, (name, code[-3000:])
        assert "torch.npu.synchronize()\n" in code, (name, code[-3000:])
        assert_on_npu(results["npu"])
        try:
            assert_same_bits(results["npu"], results["cpu"])
            if as_eager:
                assert_same_bits(results["npu"], fn(x))
        except AssertionError as e:
            raise AssertionError(f"{name}: {e}") from None


INDUCTOR_CPP_CODEGEN = "torch._inductor.codegen.cpp"


@check("inductor")
def inductor_is_not_loaded_before_a_compilation() -> None:
    x = torch.arange(6.0).npu()
    assert torch.equal((x * 2).cpu(), torch.arange(0.0, 12.0, 2.0))
    assert INDUCTOR_CPP_CODEGEN not in sys.modules


@check("inductor")
def inductor_runs_cpp_kernels_on_npu_tensors() -> None:
    _inductor_runs_cpp_kernels_on_npu_tensors()
    assert INDUCTOR_CPP_CODEGEN in sys.modules  # the negative control of the look above


@check("inductor")
def tf_cases_compile_to_the_eager_results_on_npu_and_cpu() -> None:
    # test_torch_ops.test_tf_cases_compile_to_the_eager_results, on npu tensors (and on CPU
    # tensors in a process with the device): the accepted calls in one graph, bit for bit as
    # eager (steps of +-2**62, 2**63-1 and -2**63 to one element, shrunk dims beside new axes);
    # each refused call refused with eager's error.
    accepted, refused = tf_calls()
    assert len(accepted) > 50 and len(refused) >= 8
    assert sum(case.id.startswith("huge_") for case, _, _ in accepted) == \
        len(HUGE_STRIDES) * len(HUGE_STRIDE_CALLS)
    assert any(case.kwargs.get("new_axis_mask") and case.kwargs.get("shrink_axis_mask")
               for case, _, _ in accepted)

    for backend in ("aot_eager", "inductor"):
        for device in ("npu", "cpu"):
            _compiled_tf_calls_agree(accepted, refused, backend, device)


@check("inductor")
def the_tf_case_comparison_fails_on_other_bits_or_errors() -> None:
    # Negative control of tf_cases_compile_to_the_eager_results_on_npu_and_cpu: one eager result
    # with a bit flipped, one eager error with another message; each comparison fails.
    accepted, refused = tf_calls()
    k = next(i for i, (case, _, _) in enumerate(accepted) if case.id.startswith("huge_"))
    case, x, eager = accepted[k]
    flipped = (bits(eager) ^ 1).view(eager.dtype)
    case_r, x_r, error = refused[0]
    for wrong_accepted, wrong_refused, named in (
            (accepted[:k] + [(case, x, flipped)] + accepted[k + 1:], [], case.id),
            (accepted[:3], [(case_r, x_r, type(error)(f"{error} (changed)"))], case_r.id)):
        try:
            _compiled_tf_calls_agree(wrong_accepted, wrong_refused, "inductor", "npu")
        except AssertionError as e:
            assert named in str(e), e
        else:
            raise AssertionError(f"a wrong eager result or error of {named} passed")


def _compiled_tf_calls_agree(accepted: list, refused: list, backend: str, device: str) -> None:
    """tf_calls()'s accepted calls compiled in one graph on `device` tensors give their eager
    results' bits; each refused call compiled alone raises its eager error."""
    def every_call(*xs):
        return [ascend_ops.strided_slice(x, *case.args, **case.kwargs)
                for (case, _, _), x in zip(accepted, xs)]

    torch._dynamo.reset()
    compiled = torch.compile(every_call, backend=backend, fullgraph=True)(
        *(x.to(device) for _, x, _ in accepted))
    for (case, _, eager), result in zip(accepted, compiled):
        try:
            assert result.device.type == device, result.device
            assert_same_bits(result, eager)
        except AssertionError as e:
            raise AssertionError(f"{backend}, {device}: {case.id}: {e}") from None
    for case, x, eager in refused:
        torch._dynamo.reset()
        try:
            torch.compile(lambda t: ascend_ops.strided_slice(t, *case.args, **case.kwargs),
                          backend=backend, fullgraph=True)(x.to(device))
        except Exception as raised:  # noqa: BLE001 - compared with eager's below
            error = op_error(raised)
            assert (type(error), str(error)) == (type(eager), str(eager)), \
                (backend, device, case.id, error, eager)
        else:
            raise AssertionError(f"{backend}, {device}: {case.id} accepted; eager raised "
                                 f"{eager!r}")


@check("inductor_not_offered")
def without_its_code_generation_inductor_fails_on_npu_tensors() -> None:
    # Negative control of inductor_runs_cpp_kernels_on_npu_tensors: torch.npu offers inductor no
    # code generation, and the check fails with inductor's error from before (torch 2.6's
    # lowering calls the device's scheduling, None; 2.13's fails on its device op overrides).
    for name in sim_device.inductor.Codegen._fields:
        delattr(type(torch.npu), name)
    try:
        _inductor_runs_cpp_kernels_on_npu_tensors()
    except Exception as e:  # noqa: BLE001 - the message is the check
        assert "TypeError: 'NoneType' object is not callable" in str(e) \
            or "KeyError: 'npu'" in str(e), e
    else:
        raise AssertionError("inductor compiled npu tensors without the device's code generation")


@check("inductor_names_missing")
def without_an_inductor_name_inductor_refuses_naming_torch() -> None:
    def missing():
        raise torch_private.InductorCodegenUnavailable(
            f"torch {torch.__version__} has no torch._inductor.codegen.cpp.CppScheduling")

    torch_private.inductor_cpu_codegen = missing
    try:
        _inductor_runs_cpp_kernels_on_npu_tensors()
    except Exception as e:  # noqa: BLE001 - the message is the check
        assert (f"torch.compile's inductor backend cannot generate code for the simulated npu "
                f"device on torch {torch.__version__}: torch {torch.__version__} has no "
                f"torch._inductor.codegen.cpp.CppScheduling; backend='aot_eager' compiles npu "
                f"tensors on this torch") in str(e), e
    else:
        raise AssertionError("inductor compiled npu tensors without CppScheduling")
    torch._dynamo.reset()
    compiled = torch.compile(_sliced_between_pointwise, backend="aot_eager", fullgraph=True)
    x = torch.randn((4, 5, 6), generator=torch.Generator().manual_seed(11))
    assert_same_bits(compiled(x.npu()), _sliced_between_pointwise(x))


@check("enabled_by_env")
def enabling_twice_is_harmless() -> None:
    x = torch.arange(24, dtype=torch.int32).reshape(2, 3, 4).npu()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert sim_device.enable_simulated_npu() == ascend_ops.product("atlas-a2").simulated_soc
    assert not caught, [str(w.message) for w in caught]
    assert torch._C._get_privateuse1_backend_name() == "npu"
    assert_same_bits(ascend_ops.slice(x, [1, 1, 1], [1, 2, -1]),
                     ascend_ops.slice(x.cpu(), [1, 1, 1], [1, 2, -1]))


# --- scenario "enabled_by_call" ------------------------------------------------------------------

@check("enabled_by_call")
def not_loaded_at_import_unless_asked() -> None:
    assert not extension_mapped()
    assert sim_device.MODULE_NAME not in sys.modules


@check("enabled_by_call")
def not_enabled_at_import_by_default() -> None:
    assert not sim_device.is_enabled()
    assert torch._C._get_privateuse1_backend_name() == "privateuseone"
    assert not hasattr(torch, "npu")
    assert ascend_ops.current_product().key == "atlas-200i-500-a2"  # from the environment


@check("enabled_by_call")
def refuses_next_to_torch_npu() -> None:
    sys.modules["torch_npu"] = types.ModuleType("torch_npu")
    try:
        sim_device.enable_simulated_npu()
    except RuntimeError as e:
        assert "torch_npu is loaded" in str(e), e
    else:
        raise AssertionError("enabled next to torch_npu")
    finally:
        del sys.modules["torch_npu"]
    assert torch._C._get_privateuse1_backend_name() == "privateuseone"


@check("enabled_by_call")
def refuses_a_privateuse1_renamed_by_another() -> None:
    real = torch_private.privateuse1_backend_name
    torch_private.privateuse1_backend_name = lambda: "xpu_sim"
    try:
        sim_device.enable_simulated_npu()
    except RuntimeError as e:
        assert "PrivateUse1 is already the 'xpu_sim' backend" in str(e), e
    else:
        raise AssertionError("enabled over another PrivateUse1 backend")
    finally:
        torch_private.privateuse1_backend_name = real
    assert not sim_device.is_enabled()


@check("enabled_by_call")
def enabling_claims_the_named_products_soc() -> None:
    soc = sim_device.enable_simulated_npu()
    assert soc == ascend_ops.product("Ascend310B1").simulated_soc == "Ascend310B1", soc
    assert torch.npu.get_device_name() == soc
    del os.environ["ASCEND_OPS_PRODUCT"]  # from now on the product comes from the device alone
    assert ascend_ops.current_product().key == "atlas-200i-500-a2"


@check("enabled_by_call")
def npu_calls_obey_the_devices_dtype_rules() -> None:
    x = torch.arange(24, dtype=torch.int32).reshape(2, 3, 4).npu()
    for op in (ascend_ops.slice, torch.ops.ascend_ops.slice):
        try:
            op(x, [0, 0, 0], [1, 1, 1])
        except ascend_ops.UnsupportedDtypeError as e:
            assert "slice does not support int32 on atlas-200i-500-a2" in str(e), e
        else:
            raise AssertionError("int32 slice accepted on atlas-200i-500-a2")
    half = random_tensor((2, 3, 4), torch.float16, 6)
    out = ascend_ops.slice(half.npu(), [1, 0, 2], [1, -1, 2])
    assert_on_npu(out)
    assert_same_bits(out, half[1:2, :, 2:4])


@check("enabled_by_call")
def generated_kernels_run_for_the_claimed_product() -> None:
    # The binding's aclnn calls run the AscendC kernels in the simulator of the claimed SoC.
    x = random_tensor((2, 12, 3, 5), torch.float16, 7)
    with RouteSpy() as spy:
        out = ascend_ops.depth_to_space(x.npu(), 2, data_format="NCHW", mode="CRD")
    assert spy.launches == 1 and aclnn_route.loaded().soc == "Ascend310B1", \
        (spy.launches, aclnn_route.loaded().soc)
    assert_on_npu(out)
    assert_same_bits(out, torch.nn.functional.pixel_shuffle(x, 2))


# --- routes of npu calls (ascend_ops.npu.dispatch) ---------------------------------------------------------

class RouteSpy:
    """Counts the aclnn calls the CPU aclnn runtime planned and launched (the binding's: the
    custom route), torch_views compositions, and the log lines of ascend_ops, while active."""

    def __enter__(self) -> "RouteSpy":
        self.composed, self.records = 0, []
        self._counts, self._ops = aclnn_route.counts(), dict(torch_views.OPS)
        for name, fn in self._ops.items():
            torch_views.OPS[name] = self._counted(fn)
        self._handler = _ListHandler(self.records)
        dispatch.log.addHandler(self._handler)
        return self

    def _counted(self, fn):
        def composed(*args, **kwargs):
            if args and isinstance(args[0], torch.Tensor) and args[0].device.type == "npu":
                self.composed += 1
            return fn(*args, **kwargs)
        return composed

    @property
    def planned(self) -> int:
        return aclnn_route.counts()[0] - self._counts[0]

    @property
    def launches(self) -> int:
        return aclnn_route.counts()[1] - self._counts[1]

    def __exit__(self, *exc) -> None:
        torch_views.OPS.update(self._ops)
        dispatch.log.removeHandler(self._handler)


class _ListHandler(logging.Handler):
    def __init__(self, records: list) -> None:
        super().__init__()
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


def reference_bits(case, x: torch.Tensor) -> torch.Tensor:
    """The numpy reference's result for a CPU tensor."""
    with ascend_ops.use_backend("reference"):
        return call(case, x)


@check("enabled_by_env")
def every_op_on_every_product_takes_the_custom_route() -> None:
    # The simulated device's product comes from the target_product context here, one product
    # line after another; the simulator runs the kernel for it.
    for product in ascend_ops.products():
        with ascend_ops.target_product(product.key):
            for case in CASES:
                dtypes = [d for d in case_dtypes_or_none(case, product.key)]
                for seed, dtype in enumerate(dtypes):
                    x = random_tensor(case.shape, dtype, seed)
                    expected = reference_bits(case, x)
                    with RouteSpy() as spy:
                        actual = call(case, x.npu())
                    where = f"{product.key} {case.op} {case.id} {dtype}"
                    # an empty result launches no kernel
                    assert spy.launches == (expected.numel() > 0) and spy.composed == 0, \
                        (where, spy.launches, spy.composed)
                    assert not spy.records, (where, spy.records)
                    assert_on_npu(actual)
                    try:
                        assert_same_bits(actual, expected)
                    except AssertionError as e:
                        raise AssertionError(f"{where}: {e}") from None
    assert dispatch.route(simulated=True).name == "custom"


def case_dtypes_or_none(case, product: str) -> list[torch.dtype]:
    """case_dtypes, or none where the product supports none of the checked dtypes."""
    if case.int8_only:
        return [torch.int8] if ascend_ops.is_supported(case.op, "int8", product) else []
    return [getattr(torch, n) for n in ("float16", "bfloat16", "uint32", "bool", "int32",
                                        "float32") if ascend_ops.is_supported(case.op, n, product)]


def through_the_binding(call_op: Callable[[], torch.Tensor]) -> torch.Tensor:
    """call_op(), checked to have gone through the binding's two aclnn calls: one GetWorkspaceSize
    and one launch of the CPU aclnn runtime."""
    with RouteSpy() as spy:
        out = call_op()
    if (spy.planned, spy.launches) != (1, 1):
        raise AssertionError(f"the call planned {spy.planned} and launched {spy.launches} aclnn calls; "
                             f"the custom route makes one of each through the binding")
    return out


@check("enabled_by_env")
def the_custom_route_enters_the_binding_s_aclnn_calls() -> None:
    x = random_tensor((3, 4, 5), torch.float32, 11)
    out = through_the_binding(lambda: torch.ops.ascend_ops.slice(x.npu(), [1, 0, 2], [2, -1, 3]))
    assert_same_bits(out, x[1:3, :, 2:5])
    assert aclnn_route.loaded().soc == torch.npu.get_device_name()


@check("enabled_by_env")
def a_route_that_bypasses_the_binding_fails_the_check() -> None:
    # negative control of the check above: the same call on the simulator backend, off the binding
    x = random_tensor((3, 4, 5), torch.float32, 11)

    def bypass() -> torch.Tensor:
        with ascend_ops.use_backend("sim"):
            return sim_device.on_device(torch.ops.ascend_ops.slice(x, [1, 0, 2], [2, -1, 3]))
    try:
        through_the_binding(bypass)
    except AssertionError as e:
        assert "planned 0 and launched 0 aclnn calls" in str(e), e
    else:
        raise AssertionError("a call that bypassed the binding passed the check")


@check("enabled_by_env")
def the_slices_backward_runs_the_gradient_kernels() -> None:
    """Each slice case's backward on npu tensors: the forward's kernel and the gradient op's
    (AscendSliceGrad / AscendStridedSliceGrad, the engine's write direction), one aclnn call each,
    bit for bit the CPU gradient; the gradient op called alone goes through the binding too."""
    for case in CASES:
        if case.op not in ("slice", "strided_slice") or case.int8_only:
            continue
        x = random_tensor(case.shape, torch.float32, 13)
        on_cpu = x.clone().requires_grad_()
        weight = random_tensor(call(case, on_cpu).shape, torch.float32, 14)
        torch.autograd.backward(call(case, on_cpu), weight)
        on_npu = x.npu().requires_grad_()
        with RouteSpy() as spy:
            torch.autograd.backward(call(case, on_npu), weight.npu())
        empty = weight.numel() == 0
        assert (spy.planned, spy.launches, spy.composed) == (2 - empty, 2 - empty, 0), \
            (case.op, case.id, spy.planned, spy.launches, spy.composed)
        assert_on_npu(on_npu.grad)
        assert_same_bits(on_npu.grad, on_cpu.grad)
    dy = random_tensor((2, 3), torch.float32, 15)
    out = through_the_binding(lambda: ascend_ops.slice_grad([4, 5], [1, 1], [2, 3], dy.npu()))
    assert_same_bits(out, ascend_ops.slice_grad([4, 5], [1, 1], [2, 3], dy))


@check("enabled_by_env")
def a_gradient_written_by_torch_views_fails_the_check() -> None:
    # negative control of the check above: the torch_npu route writes the gradient with torch ops
    dy = random_tensor((2, 3), torch.float32, 15)
    os.environ["ASCEND_OPS_NPU_KERNELS"] = "torch_npu"
    try:
        through_the_binding(lambda: ascend_ops.slice_grad([4, 5], [1, 1], [2, 3], dy.npu()))
    except AssertionError as e:
        assert "planned 0 and launched 0 aclnn calls" in str(e), e
    else:
        raise AssertionError("a gradient written off the binding passed the check")
    finally:
        del os.environ["ASCEND_OPS_NPU_KERNELS"]


@check("enabled_by_env")
def a_call_with_a_workspace_passes_and_leaves_only_its_output() -> None:
    # positive control of the defective binding's check: the generated binding, with a workspace
    x = random_tensor((3, 4, 5), torch.float32, 12)
    before = sim_device.allocated()
    add_workspace(4096)
    try:
        out = through_the_binding(lambda: ascend_ops.strided_slice(x.npu(), [2, 0, 4], [0, 4, 0], [-1, 2, -2]))
    finally:
        add_workspace(0)
    assert_same_bits(out, ascend_ops.strided_slice(x, [2, 0, 4], [0, 4, 0], [-1, 2, -2]))
    # nothing of the call stays on the device but its output
    assert sim_device.allocated() == (before[0] + out.untyped_storage().nbytes(), before[1] + 1), \
        (before, sim_device.allocated())


def add_workspace(size: int) -> None:
    """Every later GetWorkspaceSize asks for `size` more bytes (the runtime's test hook)."""
    dispatch.load_simulated_binding()
    hook = aclnn_route.loaded().runtime.ascend_ops_cpu_aclnn_add_workspace
    hook.argtypes = [ctypes.c_uint64]
    hook(size)


# The binding's workspace handed to the launch after the calling scope let go of it: its free is
# queued before the launch (stream order), so the launch would run on freed memory.
DEFECTIVE_BINDING = [(
    "    const at::Tensor workspace = workspaceSize > 0 ? Workspace(workspaceSize, x) : at::Tensor();\n"
    "    void* workspaceAddress = workspace.defined() ? workspace.data_ptr() : nullptr;\n",
    "    void* workspaceAddress = workspaceSize > 0 ? Workspace(workspaceSize, x).data_ptr() : nullptr;\n")]


@check("defective_binding")
def the_queue_refuses_a_launch_whose_workspace_was_freed_before_it() -> None:
    import tempfile

    sys.path.insert(0, str(SUPPORT))
    from binding_copies import defective_copy

    source, npu = defective_copy(Path(tempfile.mkdtemp()), DEFECTIVE_BINDING)
    aclnn_route.load(torch.npu.get_device_name(), source=source, npu_headers=npu)
    x = random_tensor((3, 4, 5), torch.float32, 12)
    add_workspace(4096)
    try:
        ascend_ops.slice(x.npu(), [1, 0, 2], [2, -1, 3])
    except RuntimeError as e:
        assert "the workspace of aclnnAscendSlice was freed before its launch ran" in str(e), e
    else:
        raise AssertionError("a launch on a freed workspace ran")
    finally:
        add_workspace(0)


@check("enabled_by_env")
def custom_route_checks_arguments_before_launch() -> None:
    x = torch.arange(4.0).npu()
    with RouteSpy() as spy:
        try:
            ascend_ops.strided_slice(x, [0], [1], [0])
        except ascend_ops.OpArgumentError as e:
            assert "strides[0] must be non-zero" in str(e), e
        else:
            raise AssertionError("a zero stride was accepted")
    assert spy.launches == 0, spy.launches


@check("forced_torch_npu")
def forcing_torch_npu_takes_the_composition() -> None:
    assert dispatch.route(simulated=True) == dispatch.Route(
        "torch_npu", "forced by ASCEND_OPS_NPU_KERNELS=torch_npu")
    for case in CASES:
        for seed, dtype in enumerate(case_dtypes(case, "atlas-a2")):
            x = random_tensor(case.shape, dtype, seed)
            with RouteSpy() as spy:
                actual = call(case, x.npu())
            assert spy.composed == 1 and spy.launches == 0, (case.id, spy.composed, spy.launches)
            assert not spy.records, spy.records  # asked for: nothing to explain
            assert_on_npu(actual)
            assert_same_bits(actual, reference_bits(case, x))


@check("enabled_by_env")
@check("forced_torch_npu")
def tf_cases_on_the_device_as_on_the_cpu() -> None:
    # Every TF call the repository holds, on each route (one per scenario): the same bits as the
    # CPU path, or the same error (type and message), steps past int32 and shrunk dims beside
    # new axes among them.
    route = dispatch.route(simulated=True).name
    with RouteSpy() as spy:
        kernels = _tf_cases_agree(route)
    assert kernels > 50 and (spy.launches, spy.composed > 50) == (
        kernels if route == "custom" else 0, route == "torch_npu"), (route, kernels, spy.launches, spy.composed)


def _tf_cases_agree(route: str) -> int:
    """Checks every TF case; returns how many have a non-empty result (a kernel to launch)."""
    kernels = 0
    for k, case in enumerate(tf_cases()):
        x = random_tensor(case.shape, TF_CASE_DTYPE, seed=k)
        try:
            expected = call(case, x)
        except Exception as e:  # noqa: BLE001 - the device must raise the same
            try:
                call(case, x.npu())
            except Exception as raised:  # noqa: BLE001
                got = op_error(raised)
                assert (type(got), str(got)) == (type(e), str(e)), (route, case.id, got, e)
            else:
                raise AssertionError(f"{route}: {case.id} accepted on the device: CPU raised {e!r}")
            continue
        try:
            actual = call(case, x.npu())
            assert_on_npu(actual)
            assert_same_bits(actual, expected)
        except Exception as e:  # noqa: BLE001 - name the case
            raise AssertionError(f"{route}: {case.id}: {e!r}") from None
        kernels += expected.numel() > 0
    return kernels


@check("no_simulator")
def without_the_custom_kernels_one_line_says_why() -> None:
    x = random_tensor((4, 5, 6), torch.float16, 3)
    with RouteSpy() as spy:
        first = ascend_ops.slice(x.npu(), [1, 0, 2], [2, -1, 3])
        second = ascend_ops.depth_to_space(x.reshape(1, 2, 3, 20).npu(), 2)
    assert spy.launches == 0 and spy.composed == 2, (spy.launches, spy.composed)
    assert len(spy.records) == 1, spy.records
    assert spy.records[0].startswith("ascend-ops: npu tensors run on torch_npu's view and copy "
                                     "kernels, not this package's AscendC kernels: the simulator "
                                     "cannot be built: no C++ compiler found"), spy.records
    assert_same_bits(first, cpu_reference_result("slice", x, [1, 0, 2], [2, -1, 3]))
    assert_same_bits(second, cpu_reference_result("depth_to_space", x.reshape(1, 2, 3, 20), 2))


def cpu_reference_result(op: str, x: torch.Tensor, *args) -> torch.Tensor:
    from ascend_ops.runtime.dtypes import from_numpy, to_numpy

    return from_numpy(getattr(cpu_reference, op)(to_numpy(x), *args))


@check("no_simulator")
def forcing_custom_without_them_fails_saying_why() -> None:
    os.environ["ASCEND_OPS_NPU_KERNELS"] = "custom"
    try:
        ascend_ops.slice(torch.zeros(3, 4).npu(), [0, 0], [1, 1])
    except RuntimeError as e:
        assert str(e).startswith("ASCEND_OPS_NPU_KERNELS=custom, but the package's AscendC "
                                 "kernels cannot run: the simulator cannot be built"), e
    else:
        raise AssertionError("forced custom route ran without a simulator")
    finally:
        del os.environ["ASCEND_OPS_NPU_KERNELS"]


@check("no_simulator")
def an_unknown_route_is_refused() -> None:
    os.environ["ASCEND_OPS_NPU_KERNELS"] = "cuda"
    try:
        ascend_ops.slice(torch.zeros(3, 4).npu(), [0, 0], [1, 1])
    except ascend_ops.OpArgumentError as e:
        assert "ASCEND_OPS_NPU_KERNELS='cuda' is not a route for npu tensors; choose one of: " \
               "custom, torch_npu" in str(e), e
    else:
        raise AssertionError("ASCEND_OPS_NPU_KERNELS=cuda accepted")
    finally:
        del os.environ["ASCEND_OPS_NPU_KERNELS"]


def run(scenario: str) -> dict[str, str]:
    if scenario in NO_COMPILER_AFTER_IMPORT:
        from ascend_ops.runtime import build_cache

        os.environ["CXX"] = "/nonexistent/g++"
        build_cache.compiler.cache_clear()
    results = {}
    for name, fn in CHECKS[scenario].items():
        try:
            fn()
            results[name] = "ok"
        except BaseException:  # noqa: BLE001 - every failure is reported, none stops the rest
            results[name] = traceback.format_exc()
    return results


if __name__ == "__main__":
    print(RESULTS_PREFIX + json.dumps(run(sys.argv[1])), flush=True)
