"""torch.ops.ascend_ops.*: fresh contiguous outputs, bit-exact against cpu_reference for every
spec dtype, opcheck, gradcheck, torch.compile, the torch pixel-shuffle oracle and
non-contiguous inputs."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops.cpu import backends
from ascend_ops_support import (CASES, HUGE_STRIDE_CALLS, HUGE_STRIDES, SPEC_DTYPES, Case,
                                assert_same_bits, bits, case_id, cases, numpy_view, op_error,
                                random_tensor, strided_slice_case, tf_calls, torch_dtype)

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

CALLERS = {
    "public": lambda op: getattr(ascend_ops, op),
    "torch_ops": lambda op: getattr(torch.ops.ascend_ops, op),
}
# Every CPU executor but the simulator (tested on its own); the default one is among them.
CPU_BACKENDS = [b for b in backends.BACKENDS if b != "sim"]
IDENTITY_CASES = (
    Case("slice", "identity", (5, 6, 7), ([0, 0, 0], [-1, -1, -1])),
    Case("strided_slice", "identity", (5, 6, 7), ([0, 0, 0], [5, 6, 7], [1, 1, 1])),
    strided_slice_case("identity_masks", (5, 6, 7), (Ellipsis,)),
    Case("slice", "identity_0d", (), ([], [])),
)


def _dtypes_for(case: Case) -> list[str]:
    return ["int8"] if case.int8_only else list(SPEC_DTYPES)


def _call(case: Case, x: torch.Tensor, caller: str = "public") -> torch.Tensor:
    return CALLERS[caller](case.op)(x, *case.args, **case.kwargs)


def _reference(case: Case, x: torch.Tensor) -> np.ndarray:
    return getattr(cpu_reference, case.op)(numpy_view(x), *case.args, **case.kwargs)


# --- outputs are fresh, contiguous, same dtype and device ---------------------------------------

@pytest.mark.parametrize("backend", CPU_BACKENDS)
@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("case", CASES + IDENTITY_CASES, ids=case_id)
def test_output_is_a_fresh_contiguous_tensor(case, caller, backend):
    dtype = torch.int8 if case.int8_only else torch.float32
    x = random_tensor(case.shape, dtype, seed=1)
    before = x.clone()
    with ascend_ops.use_backend(backend):
        y = _call(case, x, caller)
    assert y.dtype == x.dtype and y.device == x.device
    assert y.is_contiguous()
    assert y.storage_offset() == 0
    x_memory = (x.untyped_storage().data_ptr(), x.untyped_storage().nbytes())
    y_memory = (y.untyped_storage().data_ptr(), y.untyped_storage().nbytes())
    disjoint = (y_memory[1] == 0 or y_memory[0] + y_memory[1] <= x_memory[0]
                or x_memory[0] + x_memory[1] <= y_memory[0])
    assert disjoint, "the result shares memory with the input"
    y.fill_(0)
    assert_same_bits(x, before)  # writing the result leaves the input alone


@pytest.mark.parametrize("case", IDENTITY_CASES, ids=case_id)
def test_identity_calls_copy(case):
    x = random_tensor(case.shape, torch.float32, seed=2)
    y = _call(case, x)
    assert_same_bits(y, x)
    assert y.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()


@pytest.mark.parametrize("caller", CALLERS)
def test_zero_d_stays_zero_d(caller):
    x0 = torch.tensor(2.5)
    y = CALLERS[caller]("slice")(x0, [], [])
    assert y.dim() == 0 and y.item() == 2.5
    x1 = torch.arange(7, dtype=torch.int32) * 3
    z = CALLERS[caller]("strided_slice")(x1, [4], [5], [1], shrink_axis_mask=1)
    assert z.dim() == 0 and z.item() == 12
    w = CALLERS[caller]("strided_slice")(x0, [0], [0], [1], ellipsis_mask=1)
    assert w.dim() == 0 and w.item() == 2.5


# --- bit-exact against the reference, every spec dtype, random bits ------------------------------

def test_random_inputs_hold_the_hard_bit_patterns():
    x = random_tensor((5, 6, 7), torch.float16)
    assert torch.isnan(x).any() and (x == 0).logical_and(x.signbit()).any()
    tiny = torch.finfo(torch.float16).tiny
    assert ((x != 0) & (x.abs() < tiny)).any()  # subnormals
    nan_bits = bits(x)[torch.isnan(x)]
    assert len(set(nan_bits.tolist())) > 1  # several NaN payloads
    xb = random_tensor((5, 6, 7), torch.bfloat16)
    assert torch.isnan(xb).any() and (xb == 0).logical_and(xb.signbit()).any()


@pytest.mark.parametrize("backend", CPU_BACKENDS)
@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bit_exact_every_spec_dtype(case, caller, backend):
    for seed, name in enumerate(_dtypes_for(case)):
        x = random_tensor(case.shape, torch_dtype(name), seed=seed)
        with ascend_ops.use_backend(backend):
            y = _call(case, x, caller)
        assert y.dtype == x.dtype, name
        assert_same_bits(y, _reference(case, x))


# --- opcheck ------------------------------------------------------------------------------------

OPCHECK_CASES = [c for c in CASES if (c.op, c.id) in {
    ("strided_slice", "shrink_new_reverse"), ("strided_slice", "clamped"),
    ("strided_slice", "empty_reverse"), ("strided_slice", "to_0d"),
    ("slice", "block"), ("slice", "0d"),
    ("depth_to_space", "nhwc_crd"), ("depth_to_space", "nchw_dcr"),
    ("space_to_depth", "nhwc_crd_bs3"), ("space_to_depth", "nchw_crd"),
}]


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.int32, torch.bool],
                         ids=str)
@pytest.mark.parametrize("case", OPCHECK_CASES, ids=case_id)
def test_opcheck(case, dtype):
    x = random_tensor(case.shape, dtype, seed=3)
    if dtype.is_floating_point:
        x = torch.nan_to_num(x, nan=0.5, posinf=2.0, neginf=-2.0).requires_grad_()
    op = getattr(torch.ops.ascend_ops, case.op).default
    torch.library.opcheck(op, (x, *case.args), dict(case.kwargs))


@pytest.mark.parametrize("case", [c for c in OPCHECK_CASES if len(c.shape) > 1], ids=case_id)
def test_opcheck_non_contiguous_input(case):
    """The fake kernel's strides must match the real output's for any input layout."""
    x = random_tensor(case.shape[::-1], torch.float32, seed=3).permute(
        *range(len(case.shape))[::-1])
    x = torch.nan_to_num(x).requires_grad_()
    torch.library.opcheck(getattr(torch.ops.ascend_ops, case.op).default, (x, *case.args),
                          dict(case.kwargs), test_utils=("test_schema", "test_faketensor"))


@pytest.mark.parametrize("case", cases(int8_only=True), ids=case_id)
def test_opcheck_nchw_vect_c(case):
    x = random_tensor(case.shape, torch.int8, seed=3)
    torch.library.opcheck(getattr(torch.ops.ascend_ops, case.op).default, (x, *case.args),
                          dict(case.kwargs))


# --- gradients ----------------------------------------------------------------------------------

# Small shapes (gradcheck differentiates numerically, element by element), dims all different.
GRAD_CASES = [
    strided_slice_case("steps", (4, 5, 3), (slice(1, 4, 2), slice(None, None, -2), 2)),
    strided_slice_case("new_axis_ellipsis_reverse", (3, 4, 5), (None, Ellipsis, slice(4, 1, -1))),
    strided_slice_case("shrink_new_reverse", (3, 4, 5), (-1, None, slice(2, None), slice(None, -3, -1))),
    strided_slice_case("all_masks", (2, 3, 4, 5), (1, None, slice(None, None, -2), Ellipsis,
                                                   slice(3, 0, -1))),
    strided_slice_case("empty", (3, 4, 5), (slice(2, 1), Ellipsis)),
    strided_slice_case("to_0d", (5,), (-2,)),
    Case("slice", "block", (3, 4, 5), ([1, -3, 0], [2, -1, 5])),
    Case("slice", "0d", (), ([], [])),
    Case("depth_to_space", "nhwc_dcr", (1, 2, 3, 8), (2,)),
    Case("depth_to_space", "nhwc_crd", (1, 3, 2, 8), (2,), {"mode": "CRD"}),
    Case("depth_to_space", "nchw_dcr", (2, 4, 1, 3), (2,), {"data_format": "NCHW"}),
    Case("depth_to_space", "nchw_crd_bs3", (1, 9, 2, 3), (3,), {"data_format": "NCHW", "mode": "CRD"}),
    Case("space_to_depth", "nhwc_dcr", (1, 2, 4, 3), (2,)),
    Case("space_to_depth", "nhwc_crd_bs3", (1, 3, 6, 2), (3,), {"mode": "CRD"}),
    Case("space_to_depth", "nchw_dcr", (2, 3, 4, 2), (2,), {"data_format": "NCHW"}),
    Case("space_to_depth", "nchw_crd", (1, 3, 2, 4), (2,), {"data_format": "NCHW", "mode": "CRD"}),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradcheck(case):
    x = torch.randn(case.shape, dtype=torch.float64, generator=torch.Generator().manual_seed(4))
    x.requires_grad_()
    assert torch.autograd.gradcheck(lambda t: _call(case, t), (x,))


@pytest.mark.parametrize("case", [c for c in GRAD_CASES if c.op == "strided_slice"], ids=case_id)
def test_strided_slice_gradient_equals_indexing(case):
    """The scatter backward puts each gradient exactly where torch's own indexing would."""
    x = torch.randn(case.shape, dtype=torch.float64).requires_grad_()
    y = _call(case, x)
    g = torch.randn(y.shape, dtype=torch.float64)
    (grad,) = torch.autograd.grad(y, x, g)
    positions = torch.arange(x.numel()).reshape(case.shape)
    picked = torch.from_numpy(_reference(case, positions)).reshape(-1)
    expected = torch.zeros(x.numel(), dtype=torch.float64).index_put_((picked,), g.reshape(-1))
    assert_same_bits(grad, expected.reshape(case.shape))


def test_gradient_of_a_non_contiguous_input():
    base = torch.randn(7, 6, 5, dtype=torch.float64, requires_grad=True)
    x = base.permute(2, 1, 0)
    assert torch.autograd.gradcheck(lambda t: ascend_ops.strided_slice(
        t.permute(2, 1, 0), [4, 0], [0, 6], [-2, 3], end_mask=1), (base,))
    y = ascend_ops.slice(x, [1, 2, 3], [3, -1, 2])
    y.sum().backward()
    expected = torch.zeros(5, 6, 7, dtype=torch.float64)
    expected[1:4, 2:, 3:5] = 1
    assert_same_bits(base.grad, expected.permute(2, 1, 0).contiguous())


# --- torch.compile ------------------------------------------------------------------------------

COMPILE_CASES = [
    strided_slice_case("compile", (5, 6, 7), (slice(4, None, -2), None, Ellipsis, 3)),
    Case("slice", "compile", (5, 6, 7), ([1, -4, 2], [3, -1, 4])),
    Case("depth_to_space", "compile", (2, 12, 3, 5), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    Case("space_to_depth", "compile", (2, 4, 6, 3), (2,)),
]


SECOND_SHAPES = {"strided_slice": (6, 8, 9), "slice": (7, 9, 8), "depth_to_space": (3, 20, 5, 7),
                 "space_to_depth": (3, 8, 10, 5)}


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
@pytest.mark.parametrize("case", COMPILE_CASES, ids=case_id)
def test_torch_compile_fullgraph(case, dynamic):
    torch._dynamo.reset()  # every parametrisation compiles `fn` afresh (one code object)

    def fn(t):
        return getattr(torch.ops.ascend_ops, case.op)(t, *case.args, **case.kwargs) + 1

    compiled = torch.compile(fn, fullgraph=True, dynamic=dynamic)
    x = torch.randn(case.shape)
    assert_same_bits(compiled(x), fn(x))
    if dynamic:  # a second shape, all dims different again
        x2 = torch.randn(SECOND_SHAPES[case.op])
        assert_same_bits(compiled(x2), fn(x2))


# Strides past int32 (legal in TF and Python: x[1::-2**63] takes one element) through the fake
# kernel and the compiled graph, on every product line's dtype rule; the simulated npu device runs
# the same calls (sim_npu_checks.strides_past_int32_compile_on_the_device).


@pytest.mark.parametrize("stride", HUGE_STRIDES)
def test_strides_past_int32_compile_to_the_eager_result_on_every_product(stride):
    x = torch.arange(24, dtype=torch.float16).reshape(4, 6)
    for product in ascend_ops.products():
        for begin, end, masks in HUGE_STRIDE_CALLS:
            def fn(t):
                return ascend_ops.strided_slice(t, begin, end, [1, stride], **masks)

            with ascend_ops.target_product(product.key):
                torch._dynamo.reset()
                eager = fn(x)
                compiled = torch.compile(fn, fullgraph=True, backend="aot_eager")(x)
            mask = masks.get("end_mask", 0)
            numpy_view = x.numpy()[begin[0]:None if mask & 1 else end[0],
                                   begin[1]:None if mask & 2 else end[1]:stride]
            assert_same_bits(eager, torch.from_numpy(numpy_view.copy()))
            assert_same_bits(compiled, eager)


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_tf_cases_compile_to_the_eager_results(backend):
    """Every TF call the repository holds, steps past int32 and shrunk dims beside new axes among
    them: the accepted ones in one compiled graph, bit for bit as eager; each refused one refused
    under compile with eager's error (type and message; dynamo raises it as the cause of its
    own)."""
    accepted, refused = tf_calls()
    assert len(accepted) > 50 and len(refused) >= 8

    def every_call(*xs):
        return [ascend_ops.strided_slice(x, *case.args, **case.kwargs)
                for (case, _, _), x in zip(accepted, xs)]

    torch._dynamo.reset()
    compiled = torch.compile(every_call, backend=backend, fullgraph=True)(*(x for _, x, _ in accepted))
    for (case, _, eager), result in zip(accepted, compiled):
        try:
            assert_same_bits(result, eager)
        except AssertionError as e:
            raise AssertionError(f"{case.id}: {e}") from None
    for case, x, eager in refused:
        torch._dynamo.reset()
        with pytest.raises(Exception) as info:
            torch.compile(lambda t: ascend_ops.strided_slice(t, *case.args, **case.kwargs),
                          backend=backend, fullgraph=True)(x)
        error = op_error(info.value)
        assert (type(error), str(error)) == (type(eager), str(eager)), case.id


def test_tf_cases_backward_writes_the_gradient_where_the_forward_read():
    """The slices' backward (runtime/autograd.py) on every accepted TF call, eager and compiled
    (aot_eager, one graph): the gradient is the incoming one at the elements numpy's view of the
    same call reads (cpu_reference on element positions), zeros elsewhere."""
    accepted, _ = tf_calls()
    inputs = [x.float().zero_().requires_grad_() for _, x, _ in accepted]
    weights = [torch.arange(y.numel(), dtype=torch.float32).reshape(y.shape) + 1
               for _, _, y in accepted]

    def loss(*xs):
        return sum((ascend_ops.strided_slice(x, *case.args, **case.kwargs) * w).sum()
                   for (case, _, _), x, w in zip(accepted, xs, weights))

    eager = torch.autograd.grad(loss(*inputs), inputs)
    torch._dynamo.reset()
    compiled = torch.autograd.grad(torch.compile(loss, backend="aot_eager", fullgraph=True)(*inputs),
                                   inputs)
    for (case, x, _), w, got_eager, got_compiled in zip(accepted, weights, eager, compiled):
        positions = np.arange(x.numel()).reshape(x.shape)
        read = cpu_reference.strided_slice(positions, *case.args, **case.kwargs)
        expected = torch.zeros(x.numel())
        expected[torch.from_numpy(read.reshape(-1))] = w.reshape(-1)
        try:
            assert_same_bits(got_eager, expected.reshape(x.shape))
            assert_same_bits(got_compiled, expected.reshape(x.shape))
        except AssertionError as e:
            raise AssertionError(f"{case.id}: {e}") from None


def test_torch_compile_public_function():
    torch._dynamo.reset()
    compiled = torch.compile(
        lambda t: ascend_ops.strided_slice(t, [1, 0], [0, 0], [1, -2], end_mask=3, begin_mask=2),
        fullgraph=True)
    x = torch.arange(15, dtype=torch.float32).reshape(3, 5)
    assert_same_bits(compiled(x), torch.tensor([[9., 7., 5.], [14., 12., 10.]]))


# --- torch oracles ------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int64", "bool"])
@pytest.mark.parametrize("shape, block", [((2, 12, 3, 5), 2), ((3, 18, 2, 4), 3), ((1, 8, 5, 3), 2)])
def test_depth_to_space_crd_is_pixel_shuffle(shape, block, dtype):
    x = random_tensor(shape, torch_dtype(dtype), seed=5)
    y = ascend_ops.depth_to_space(x, block, data_format="NCHW", mode="CRD")
    assert_same_bits(y, torch.pixel_shuffle(x, block))


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int64", "bool"])
@pytest.mark.parametrize("shape, block", [((2, 3, 4, 6), 2), ((3, 2, 9, 6), 3), ((1, 5, 8, 2), 2)])
def test_space_to_depth_crd_is_pixel_unshuffle(shape, block, dtype):
    x = random_tensor(shape, torch_dtype(dtype), seed=6)
    y = ascend_ops.space_to_depth(x, block, data_format="NCHW", mode="CRD")
    assert_same_bits(y, torch.pixel_unshuffle(x, block))


@pytest.mark.parametrize("data_format, mode, shape", [
    ("NHWC", "DCR", (2, 3, 5, 12)), ("NHWC", "CRD", (2, 5, 3, 8)),
    ("NCHW", "DCR", (2, 12, 3, 5)), ("NCHW", "CRD", (3, 8, 5, 2)),
])
def test_space_to_depth_inverts_depth_to_space(data_format, mode, shape):
    x = random_tensor(shape, torch.float16, seed=8)
    y = ascend_ops.depth_to_space(x, 2, data_format=data_format, mode=mode)
    assert_same_bits(ascend_ops.space_to_depth(y, 2, data_format=data_format, mode=mode), x)


def test_depth_to_space_dcr_nhwc_formula():
    """TF's definition: out[n, h*bs+by, w*bs+bx, c] = x[n, h, w, (by*bs+bx)*C' + c]."""
    n, h, w, c, bs = 2, 3, 5, 12, 2
    x = torch.arange(n * h * w * c, dtype=torch.int64).reshape(n, h, w, c)
    y = ascend_ops.depth_to_space(x, bs)
    depth = c // (bs * bs)
    expected = torch.empty(n, h * bs, w * bs, depth, dtype=torch.int64)
    for by in range(bs):
        for bx in range(bs):
            for ch in range(depth):
                expected[:, by::bs, bx::bs, ch] = x[:, :, :, (by * bs + bx) * depth + ch]
    assert_same_bits(y, expected)


# --- non-contiguous inputs ----------------------------------------------------------------------

def _layouts(shape: tuple[int, ...], dtype: torch.dtype):
    """The same logical tensor in several memory layouts: transposed, sliced, broadcast."""
    rank = len(shape)
    reversed_dims = tuple(range(rank))[::-1]
    transposed = random_tensor(shape[::-1], dtype, seed=9).permute(reversed_dims)
    sliced = random_tensor((*shape[:-1], shape[-1] * 2 + 1), dtype, seed=10)[..., 1::2]
    offset = random_tensor((shape[0] + 2, *shape[1:]), dtype, seed=11)[2:]
    broadcast = random_tensor((1, *shape[1:]), dtype, seed=12).expand(shape)
    return {"transposed": transposed, "sliced": sliced, "offset": offset, "broadcast": broadcast}


@pytest.mark.parametrize("case", [c for c in CASES if c.shape], ids=case_id)
def test_non_contiguous_inputs(case):
    dtype = torch.int8 if case.int8_only else torch.bfloat16
    for layout, x in _layouts(case.shape, dtype).items():
        assert tuple(x.shape) == case.shape
        if layout != "offset" and len(case.shape) > 1:
            assert not x.is_contiguous(), layout
        y = _call(case, x)
        assert y.is_contiguous()
        assert_same_bits(y, _call(case, x.contiguous()))
        assert_same_bits(y, _reference(case, x.contiguous()))


def test_non_contiguous_input_against_torch_indexing():
    x = random_tensor((7, 6, 5), torch.float32, seed=13).transpose(0, 2)  # (5, 6, 7)
    y = ascend_ops.strided_slice(x, [1, 0, 6], [5, 6, 0], [2, 2, -3])
    assert_same_bits(y, x[1:5:2, 0:6:2][:, :, [6, 3]])
    z = ascend_ops.slice(x[:, 1:, ::2], [1, 1, 1], [3, -1, 2])
    assert_same_bits(z, x[:, 1:, ::2][1:4, 1:, 1:3].contiguous())
