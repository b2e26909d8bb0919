"""The gradient ops on TensorFlow's corpus (`tf_cases()`) and the slice cases: cpu_reference's
`strided_slice_grad` / `slice_grad` are the adjoints of their forwards and reject what the
forwards reject, with the same messages; the torch route (`write_into_zeros`) and the slices'
backward agree with them bit for bit, NaN payloads and -0.0 included."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops import OpArgumentError
from ascend_ops.runtime import autograd
from ascend_ops.runtime.torch_views import write_into_zeros
from ascend_ops.tools.examples import gradient_example_call
from ascend_ops_gen.spec import specs
from ascend_ops_support import (CASES, TF_CASE_DTYPE, assert_same_bits, case_id, grad_args, numpy_view,
                                random_tensor, tf_cases)

GRAD_CASES = tf_cases() + tuple(c for c in CASES if c.op == "slice")


def _forward(case, x):
    return getattr(cpu_reference, case.op)(x, *case.args, **case.kwargs)


def _grad(case, dy):
    return getattr(cpu_reference, f"{case.op}_grad")(case.shape, *grad_args(case), dy, **case.kwargs)


def _forward_error(case):
    try:
        _forward(case, np.zeros(case.shape, np.int8))
    except OpArgumentError as error:
        return str(error)
    return None


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_reference_gradient_is_the_adjoint_or_the_forwards_error(case):
    message = _forward_error(case)
    if message is not None:
        with pytest.raises(OpArgumentError) as info:
            _grad(case, np.zeros((1,), np.int64))
        assert str(info.value) == message
        return
    rng = np.random.default_rng(7)
    x = rng.integers(-50, 50, case.shape, dtype=np.int64)
    y = _forward(case, x)
    dy = rng.integers(-50, 50, y.shape, dtype=np.int64)
    dx = _grad(case, dy)
    assert dx.shape == case.shape and dx.dtype == np.int64
    assert int((y * dy).sum()) == int((x * dx).sum())
    # every element the forward reads holds its dy, the rest is zero
    assert np.count_nonzero(_grad(case, np.ones(y.shape, bool))) == y.size


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_torch_route_and_backward_match_the_reference_bits(case):
    if _forward_error(case) is not None:
        with pytest.raises(OpArgumentError):
            write_into_zeros(case.op, case.shape, torch.zeros(1), grad_args(case), case.kwargs)
        return
    out_shape = _forward(case, np.zeros(case.shape, np.int8)).shape
    dy = random_tensor(out_shape, TF_CASE_DTYPE, seed=len(case.id))  # NaN payloads, -0.0
    expected = _grad(case, numpy_view(dy))
    assert_same_bits(write_into_zeros(case.op, case.shape, dy, grad_args(case), case.kwargs), expected)
    public = getattr(ascend_ops, f"{case.op}_grad")
    assert_same_bits(public(list(case.shape), *grad_args(case), dy, **case.kwargs), expected)
    x = torch.zeros(case.shape, dtype=TF_CASE_DTYPE, requires_grad=True)
    y = getattr(ascend_ops, case.op)(x, *case.args, **case.kwargs)
    (dx,) = torch.autograd.grad(y, x, dy)
    assert_same_bits(dx, expected)


def test_dy_of_another_shape_is_refused_by_name():
    with pytest.raises(OpArgumentError, match=r"^shape of dy was \[2,3\] instead of \[2,4\]$"):
        write_into_zeros("strided_slice", (6, 4), torch.zeros(2, 3), ([1], [5], [2]), {})
    with pytest.raises(OpArgumentError, match=r"^strided_slice_grad: shape of dy was \[2,3\] instead of \[2,4\]$"):
        ascend_ops.strided_slice_grad([6, 4], [1], [5], [2], torch.zeros(2, 3))
    with pytest.raises(OpArgumentError, match=r"^slice_grad: offsets\[0\] = 6 is out of range"):
        torch.ops.ascend_ops.slice_grad([6, 4], [6, 0], [1, 1], torch.zeros(1, 1))


def test_gradient_ops_take_the_dtype_rule_of_their_op():
    dy = torch.zeros(2, 4)
    with ascend_ops.target_product("Ascend310B1"):  # float16 only
        with pytest.raises(ascend_ops.UnsupportedDtypeError, match="^strided_slice_grad does not support float32 on atlas-200i-500-a2"):
            ascend_ops.strided_slice_grad([6, 4], [1], [5], [2], dy)
        assert ascend_ops.strided_slice_grad([6, 4], [1], [5], [2], dy.half()).dtype == torch.float16
    assert ascend_ops.strided_slice_grad([6, 4], [1], [5], [2], dy).shape == (6, 4)  # no product chosen
    with pytest.raises(ascend_ops.OpTypeError, match="^slice_grad: dy is a sparse"):
        ascend_ops.slice_grad([6, 4], [0, 0], [2, 4], dy.to_sparse())


def test_gradient_op_under_autograd_vmap_and_compile():
    """Its own derivatives (the forward op: double backward), its batching rule and torch.compile."""
    args, masks = ([1, 0], [0, 0], [2, -1]), {"begin_mask": 2, "end_mask": 3}
    dy = torch.randn(3, 5, dtype=torch.float64, requires_grad=True)

    def grad_op(t):
        return ascend_ops.strided_slice_grad([6, 5], *args, t, **masks)
    assert torch.autograd.gradcheck(grad_op, (dy,)) and torch.autograd.gradgradcheck(grad_op, (dy,))
    batch = torch.randn(4, 3, 5, dtype=torch.float64)
    assert_same_bits(torch.vmap(grad_op)(batch), torch.stack([grad_op(b) for b in batch]))
    assert torch.vmap(grad_op)(batch[:0]).shape == (0, 6, 5)
    torch._dynamo.reset()
    assert_same_bits(torch.compile(grad_op, backend="aot_eager", fullgraph=True)(dy.detach()),
                     grad_op(dy.detach()))


def test_control_a_dropped_reversal_is_caught():
    """The bit comparison above sees a gradient written in the wrong order."""
    dy = random_tensor((3, 5), TF_CASE_DTYPE, seed=1)
    args = ([0, 0], [0, 0], [1, -1])
    masks = {"begin_mask": 3, "end_mask": 3}
    forward_order = write_into_zeros("strided_slice", (3, 5), dy.flip(1), args, masks)
    with pytest.raises(AssertionError):
        assert_same_bits(forward_order, cpu_reference.strided_slice_grad((3, 5), *args, numpy_view(dy), **masks))


class _Recorder(torch.utils._python_dispatch.TorchDispatchMode):
    """The aten ops a region runs, with the dtypes of what they return."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        results = out if isinstance(out, (tuple, list)) else (out,)
        self.calls.append((str(func), tuple(r.dtype for r in results if isinstance(r, torch.Tensor))))
        return out


@pytest.mark.parametrize("op, args", [("strided_slice", ([1, 0], [5, 0], [2, -1], )), ("slice", ([1, 2], [3, -1]))])
def test_backward_makes_no_index_tensor(op, args):
    """The slices' backward writes a view of zeros: no int64 tensor, no index_put."""
    x = torch.zeros((6, 7), requires_grad=True)
    y = getattr(ascend_ops, op)(x, *args, **({"end_mask": 2} if op == "strided_slice" else {}))
    with _Recorder() as recorder:
        y.backward(torch.ones_like(y))
    assert recorder.calls, "the recorder saw the backward"
    assert [call for call in recorder.calls if torch.int64 in call[1] or "index" in call[0]] == []


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_no_element_is_left_unwritten(case):
    """With every new tensor's memory filled with NaN / the largest integer first, the result is
    still the reference's: each element is written (the zeros around a box included)."""
    if _forward_error(case) is not None:
        return
    dy = random_tensor(_forward(case, np.zeros(case.shape, np.int8)).shape, TF_CASE_DTYPE, seed=3)
    expected = _grad(case, numpy_view(dy))
    with _uninitialised_memory_filled():
        for t in (dy, dy.to(torch.int16)):  # NaN and 32767
            got = write_into_zeros(case.op, case.shape, t, grad_args(case), case.kwargs)
            assert_same_bits(got, _grad(case, numpy_view(t)))
    assert_same_bits(write_into_zeros(case.op, case.shape, dy, grad_args(case), case.kwargs), expected)


class _uninitialised_memory_filled:
    def __enter__(self):
        self.saved = (torch.are_deterministic_algorithms_enabled(),
                      torch.utils.deterministic.fill_uninitialized_memory)
        torch.use_deterministic_algorithms(True)
        torch.utils.deterministic.fill_uninitialized_memory = True

    def __exit__(self, *exc):
        torch.use_deterministic_algorithms(self.saved[0])
        torch.utils.deterministic.fill_uninitialized_memory = self.saved[1]


def test_control_the_filled_memory_shows_an_unwritten_element():
    with _uninitialised_memory_filled():
        assert torch.isnan(torch.empty(4)).all() and (torch.empty(3, dtype=torch.int16) == 32767).all()


@pytest.mark.parametrize("op_name, k", [(op.name, k) for op in specs().ops
                                        if op.backward is not None and op.backward.gradient is not None
                                        for k in range(len(op.backward.gradient.examples))])
def test_gradient_examples_of_the_specs(op_name, k):
    op = specs().op(op_name)
    gradient = op.backward.gradient
    args, kwargs, expected = gradient_example_call(op, gradient.examples[k])
    assert_same_bits(getattr(ascend_ops, gradient.name)(*args, **kwargs), expected)
    *attributes, dy = args
    assert_same_bits(torch.from_numpy(getattr(cpu_reference, gradient.name)(
        *attributes, numpy_view(dy), **kwargs)), expected)


def test_every_gradient_op_has_an_example():
    gradients = [op.backward.gradient for op in specs().ops if op.backward is not None and op.backward.gradient]
    assert gradients and all(g.examples for g in gradients)


# --- the gradient op's own derivatives: one Function (runtime/autograd.gradient_function) -------

_GRAD_CALL = (([1, 0], [0, 0], [2, -1]), {"begin_mask": 2, "end_mask": 3})  # x[1::2, ::-1] of (6, 5)


def _grad_op(function=None):
    """strided_slice_grad of _GRAD_CALL on a dy of (3, 5): the registered op, or `function`
    (an autograd.Function of the gradient op) applied directly."""
    args, masks = _GRAD_CALL
    if function is None:
        return lambda t: ascend_ops.strided_slice_grad([6, 5], *args, t, **masks)
    call = autograd.OpCall(([6, 5], *args), masks)
    return lambda t: function.apply(t, call)


def _derivative_failures(fn) -> set[str]:
    """Which of gradcheck (reverse, forward, batched), gradgradcheck, jvp, jacrev / jacfwd and
    double backward through the slice disagree for `fn` (the adjoint of strided_slice)."""
    args, masks = _GRAD_CALL
    dy = torch.randn(3, 5, dtype=torch.float64, generator=torch.Generator().manual_seed(3))
    tangent = torch.randn(3, 5, dtype=torch.float64, generator=torch.Generator().manual_seed(4))
    failures = set()
    checks = {
        "gradcheck": lambda: torch.autograd.gradcheck(fn, (dy.requires_grad_(),), check_forward_ad=True,
                                                      check_batched_grad=True, raise_exception=False),
        "gradgradcheck": lambda: torch.autograd.gradgradcheck(fn, (dy.requires_grad_(),), check_fwd_over_rev=True,
                                                              raise_exception=False),
        "jvp": lambda: torch.equal(torch.func.jvp(fn, (dy.detach(),), (tangent,))[1], fn(tangent)),
        # the Jacobian of the adjoint is the transpose of the forward's
        "jacrev": lambda: torch.equal(torch.func.jacrev(fn)(dy.detach()).reshape(30, 15),
                                      torch.func.jacrev(lambda x: ascend_ops.strided_slice(x, *args, **masks))(
                                          torch.zeros(6, 5, dtype=torch.float64)).reshape(15, 30).t()),
        "jacfwd": lambda: torch.equal(torch.func.jacfwd(fn)(dy.detach()), torch.func.jacrev(fn)(dy.detach())),
    }
    for name, check in checks.items():
        try:
            ok = check()
        except (RuntimeError, AssertionError):
            ok = False
        if not ok:
            failures.add(name)
    return failures


@pytest.mark.parametrize("backend", ["native", "reference", "sim"])
def test_gradient_op_derivatives_on_every_backend(backend):
    with ascend_ops.use_backend(backend):
        assert _derivative_failures(_grad_op()) == set()
        x = torch.randn(6, 5, dtype=torch.float64, requires_grad=True)  # the slice's double backward
        args, masks = _GRAD_CALL
        assert torch.autograd.gradgradcheck(lambda t: ascend_ops.strided_slice(t, *args, **masks), (x,))


def _wrong(**methods):
    base = autograd.gradient_function(specs().op("strided_slice"))
    return type("Wrong", (base,), {k: staticmethod(v) for k, v in methods.items()})


def test_control_the_derivative_checks_pass_the_function_as_is():
    assert _derivative_failures(_grad_op(_wrong())) == set()


def test_control_a_wrong_derivative_of_the_gradient_op_is_caught():
    base = autograd.gradient_function(specs().op("strided_slice"))

    def backward(ctx, grad):
        return 2 * base.backward(ctx, grad)[0], None
    assert {"gradcheck", "jacrev"} <= _derivative_failures(_grad_op(_wrong(backward=backward)))
    wrong_tangent = _wrong(jvp=lambda ctx, t, c: 2 * base.jvp(ctx, t, c))
    assert {"gradcheck", "jvp", "jacfwd"} <= _derivative_failures(_grad_op(wrong_tangent))


def test_gradient_op_on_meta_and_fake_tensors():
    """The fake kernel: the result's shape, dy's dtype; its checks are the CPU kernel's."""
    out = torch.ops.ascend_ops.slice_grad([5, 6], [1, 2], [3, 4], torch.empty(3, 4, dtype=torch.float16, device="meta"))
    assert out.device.type == "meta" and out.shape == (5, 6) and out.dtype == torch.float16
    with pytest.raises(OpArgumentError, match=r"^slice_grad: shape of dy was \[3,3\] instead of \[3,4\]$"):
        torch.ops.ascend_ops.slice_grad([5, 6], [1, 2], [3, 4], torch.empty(3, 3, device="meta"))
