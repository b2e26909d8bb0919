"""The `sim` CPU backend: ASCEND_OPS_BACKEND=sim and `ascend_ops.use_backend("sim")` route
torch.ops.ascend_ops.* through the generated kernels on the simulator, for the active product
(atlas-a2 when none is set), with the reference backend's results bit for bit."""
from __future__ import annotations

import pytest
import torch

import ascend_ops
from ascend_ops.runtime.dtypes import from_numpy
from ascend_ops.tools.examples import check_example, example_dtypes, example_inputs
from ascend_ops.sim import custom_runner, runner
from ascend_ops_dev.sim import corpus
from ascend_ops_gen.spec import specs

# One call per op, on inputs whose dims all differ.
CALLS = [
    ("strided_slice", (5, 6, 7), ([4, 0, 1], [0, 6, 7], [-1, 2, 3]), {"end_mask": 1}),
    ("strided_slice", (), ([0], [0], [1]), {"new_axis_mask": 1}),
    ("slice", (4, 7, 3), ([1, -5, 0], [2, 3, -1]), {}),
    ("depth_to_space", (2, 3, 5, 8), (2,), {"mode": "CRD"}),
    ("space_to_depth", (2, 3, 4, 6), (2,), {"data_format": "NCHW"}),
]
IDS = [f"{op}-{len(shape)}d" for op, shape, _, _ in CALLS]


def random_tensor(shape, dtype: str, seed: int = 0) -> torch.Tensor:
    return from_numpy(corpus.input_array(shape, dtype, seed))


def bits(t: torch.Tensor) -> torch.Tensor:
    return t.contiguous().view({1: torch.uint8, 2: torch.int16, 4: torch.int32,
                                8: torch.int64}[t.element_size()])


def assert_same_bits(got: torch.Tensor, want: torch.Tensor) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    assert torch.equal(bits(got), bits(want))


@pytest.fixture
def launches(monkeypatch) -> list[tuple[str, str]]:
    """(op, product key) of every kernel launch on the simulator."""
    seen = []
    for module, name in ((runner, "launch"), (custom_runner, "launch_op")):  # a view op's, a custom op's
        real = getattr(module, name)

        def spy(plan, *args, real=real, **kwargs):
            seen.append((plan.op, plan.product.key))
            return real(plan, *args, **kwargs)
        monkeypatch.setattr(module, name, spy)
    return seen


def reference(op, x, args, kwargs):
    with ascend_ops.use_backend("reference"):
        return getattr(torch.ops.ascend_ops, op)(x, *args, **kwargs)


@pytest.mark.parametrize("op, shape, args, kwargs", CALLS, ids=IDS)
def test_environment_variable_routes_torch_ops_to_the_simulator(monkeypatch, launches, op, shape,
                                                                 args, kwargs):
    monkeypatch.setenv("ASCEND_OPS_BACKEND", "sim")
    for seed, dtype in enumerate(specs().op(op).supported_dtypes(ascend_ops.product("atlas-a2"))):
        x = random_tensor(shape, dtype, seed)
        assert_same_bits(getattr(torch.ops.ascend_ops, op)(x, *args, **kwargs),
                         reference(op, x, args, kwargs))
    assert launches and set(launches) == {(op, "atlas-a2")}  # no product active: atlas-a2


@pytest.mark.parametrize("product", specs().products, ids=lambda p: p.key)
@pytest.mark.parametrize("op, shape, args, kwargs", CALLS, ids=IDS)
def test_use_backend_runs_for_the_active_product(launches, product, op, shape, args, kwargs):
    dtype = specs().op(op).supported_dtypes(product)[0]
    x = random_tensor(shape, dtype)
    with ascend_ops.target_product(product.key), ascend_ops.use_backend("sim"):
        got = getattr(ascend_ops, op)(x, *args, **kwargs)
    assert_same_bits(got, reference(op, x, args, kwargs))
    assert launches == [(op, product.key)]


def test_the_product_environment_variable_picks_the_soc(monkeypatch, launches):
    monkeypatch.setenv("ASCEND_OPS_PRODUCT", "Ascend310P3")
    with ascend_ops.use_backend("sim"):
        ascend_ops.slice(random_tensor((5, 4), "int32"), [1, 0], [3, 4])
    assert launches == [("slice", "atlas-inference")]


def test_non_contiguous_input_and_autograd(launches):
    x = random_tensor((6, 4, 5, 8), "float32").permute(0, 2, 1, 3)  # (6, 5, 4, 8), strided
    x.requires_grad_()
    with ascend_ops.use_backend("sim"):
        y = ascend_ops.depth_to_space(x, 2)
        y.backward(torch.ones_like(y))
    assert_same_bits(y.detach(), reference("depth_to_space", x.detach(), (2,), {}))
    assert_same_bits(x.grad, torch.ones_like(x))
    assert launches == [("depth_to_space", "atlas-a2"), ("space_to_depth", "atlas-a2")]


@pytest.mark.parametrize("op, ex", [(o.name, e) for o in specs().ops for e in o.examples],
                         ids=lambda v: getattr(v, "name", v))
def test_spec_examples_on_the_simulator(op, ex, launches):
    spec = specs().op(op)
    with ascend_ops.use_backend("sim"):
        y = getattr(torch.ops.ascend_ops, op)(*example_inputs(spec, ex), **ex.kwargs)
    y = y[0] if isinstance(y, tuple) else y
    assert check_example(ex, y, example_dtypes(spec, ex)[spec.outputs[0].name] if spec.is_custom else None) is None
    assert launches or not spec.is_custom  # a custom op's kernel ran


@pytest.mark.parametrize("op, er", [(o.name, e) for o in specs().ops for e in o.errors],
                         ids=lambda v: getattr(v, "name", v))
def test_spec_errors_match_the_reference(op, er, launches):
    inputs = example_inputs(specs().op(op), er)
    with ascend_ops.use_backend("reference"), pytest.raises(ascend_ops.OpArgumentError) as want:
        getattr(torch.ops.ascend_ops, op)(*inputs, **er.kwargs)
    with ascend_ops.use_backend("sim"), pytest.raises(ascend_ops.OpArgumentError) as got:
        getattr(torch.ops.ascend_ops, op)(*inputs, **er.kwargs)
    assert str(got.value) == str(want.value)
    assert launches == []  # rejected before any launch


# An OpDef attribute cannot be absent: an int[]? given as [] would reach the host code as "not
# given" (unit strides). The backend's shape-only reference checks refuse it first (Note [sim
# argument checks] in ascend_ops/sim/runner.py); the host code alone would plan it.
def test_an_empty_optional_list_is_refused_as_the_reference_refuses_it(launches):
    x = random_tensor((4, 6), "float32")
    with pytest.raises(ascend_ops.OpArgumentError) as want:
        reference("strided_slice", x, ([0], [2], []), {})
    with ascend_ops.use_backend("sim"), pytest.raises(ascend_ops.OpArgumentError) as got:
        torch.ops.ascend_ops.strided_slice(x, [0], [2], [])
    assert str(got.value) == str(want.value)
    assert launches == []
    # negative control: the host code by itself takes [] as "not given" and plans the call
    assert runner.plan("strided_slice", (4, 6), "float32", ([0], [2], [])).output_shape == (2, 6)


def test_with_no_product_the_simulator_moves_any_dtype_by_its_size():
    x = torch.arange(12, dtype=torch.float64).reshape(3, 4)
    reference("slice", x, ([0, 1], [2, 2]), {})  # the CPU reference takes any fixed-size dtype
    # No product lists float64, and slice has no 8-byte dtype at all: every kernel still has the
    # 8-byte unit, and float64 moves as int64.
    with ascend_ops.use_backend("sim"):
        got = ascend_ops.slice(x, [0, 1], [2, 2])
        assert torch.equal(got.view(torch.int64), x[0:2, 1:3].contiguous().view(torch.int64))
        got = ascend_ops.strided_slice(x, [0, 1], [2, 3])
        assert torch.equal(got.view(torch.int64), x[0:2, 1:3].contiguous().view(torch.int64))
    # A product's own rule still decides when one is active.
    with ascend_ops.use_backend("sim"), ascend_ops.target_product("atlas-a2"), pytest.raises(
            ascend_ops.UnsupportedDtypeError, match="slice does not support float64 on atlas-a2"):
        ascend_ops.slice(x, [0, 1], [2, 2])


# NCHW_VECT_C packs 4 int8 channels (a rule the view builders leave to their caller), and no
# strided view expresses CRD on packed channels: both are refused as in the reference.
@pytest.mark.parametrize("dtype, mode", [(torch.float16, "DCR"), (torch.int8, "CRD")],
                         ids=["not-int8", "crd"])
def test_nchw_vect_c_rules_match_the_reference(dtype, mode, launches):
    x = torch.zeros((1, 4, 2, 3, 4), dtype=dtype)
    kwargs = {"data_format": "NCHW_VECT_C", "mode": mode}
    with pytest.raises(ascend_ops.OpArgumentError) as want:
        reference("depth_to_space", x, (2,), kwargs)
    with ascend_ops.use_backend("sim"), pytest.raises(ascend_ops.OpArgumentError) as got:
        ascend_ops.depth_to_space(x, 2, **kwargs)
    assert str(got.value) == str(want.value)
    assert launches == []


# The dtype half of the NCHW_VECT_C rule is checked only by the generated TilingFunc (CheckDtype ->
# Check<Op>Dtype in <op>/<op>_view.h; shape inference knows no dtype): under the sim backend that is what
# refuses a float32 call, with the reference's message, and the same call in int8 runs.
@pytest.mark.parametrize("op, shape", [("depth_to_space", (1, 4, 2, 3, 4)),
                                       ("space_to_depth", (1, 1, 4, 6, 4))])
def test_the_tiling_function_is_what_refuses_nchw_vect_c_without_int8(monkeypatch, launches, op,
                                                                      shape):
    monkeypatch.setenv("ASCEND_OPS_BACKEND", "sim")
    kwargs = {"data_format": "NCHW_VECT_C"}
    x = random_tensor(shape, "float32")
    with pytest.raises(ascend_ops.OpArgumentError) as want:
        reference(op, x, (2,), kwargs)
    with pytest.raises(ascend_ops.OpArgumentError) as got:
        getattr(torch.ops.ascend_ops, op)(x, 2, **kwargs)
    assert str(got.value) == str(want.value)
    assert got.value.__notes__ == [f"rejected by {specs().op(op).op_type}'s TilingFunc (generated "
                                   f"op_host code, sim backend)"]
    assert launches == []
    packed = random_tensor(shape, "int8")  # negative control: the same call in int8 runs
    assert_same_bits(getattr(torch.ops.ascend_ops, op)(packed, 2, **kwargs),
                     reference(op, packed, (2,), kwargs))
    assert launches == [(op, "atlas-a2")]
