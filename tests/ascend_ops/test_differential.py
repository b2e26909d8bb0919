"""The compiled kernel and the Python kernel, call by call: the same results (bits, shape, strides,
dtype), the same error classes and messages, the same gradients and tangents.

Each call runs twice in this process: with the compiled kernel in use, and with it switched off
(`compiled.switched(False)`: its CPU kernel and autograd gate relay every call to the Python
kernels, and the packets take the Python argument checks: the Python registration's behaviour).
The calls are
- the whole verification corpus (every op's `corpus:` in op_specs, large cases and the random
  line cases) for one dtype of every element size, and each case's own dtype where it has one;
- the junk-argument table of test_bad_input (every op x attribute x junk value of the
  attribute's spec type) and strings holding a NUL, through `ascend_ops.<op>`,
  `torch.ops.ascend_ops.<op>` and its overload;
- the gradient (every backward: scatter and inverse) and the tangent of the quick corpus, the
  test cases and the empty-list calls (0-d included).
"""
from __future__ import annotations

import math

import pytest
import torch

import ascend_ops
from ascend_ops.cpu import compiled
from ascend_ops_dev.sim.corpus import op_cases
from ascend_ops_gen.spec import specs
from ascend_ops_support import (CASES, EMPTY_LISTS, JUNK, NUL_STRINGS, bits, differentiable, example_input,
                                random_tensor)

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

# The ops the compiled kernel carries: the view ops that read (a custom or filling op's kernels are
# Python's only).
OPS = [op.name for op in specs().ops if op.reads_a_view]
DIFFERENTIABLE_OPS = [op for op in OPS if specs().op(op).backward is not None]
# One dtype of every element size (complex128: 16 bytes), plus bool.
DTYPES = (torch.uint8, torch.bool, torch.bfloat16, torch.float32, torch.float64, torch.complex128)


@pytest.fixture(autouse=True, scope="module")
def _compiled_kernel_in_use():
    assert compiled.fast_path_active(), "run `ascend-ops build` (scripts/setup.sh does)"


def outcome(fn) -> tuple:
    """What a call did: its result (dtype, shape, strides, bits) or its error (class, message)."""
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return ("error", type(e), str(e))
    return ("ok", out.dtype, tuple(out.shape), out.stride(), bits(out).reshape(-1))


def assert_same(fast: tuple, python: tuple, what: str) -> None:
    assert fast[0] == python[0], (what, fast[:3], python[:3])
    if fast[0] == "error":
        assert fast[1:] == python[1:], what
        return
    assert fast[1:4] == python[1:4], what
    assert torch.equal(fast[4], python[4]), what


def both(fn) -> tuple[tuple, tuple, int]:
    """(outcome with the compiled kernel, outcome without, calls the C++ kernel copied)."""
    before = compiled.counts()[0]
    fast = outcome(fn)
    copied = compiled.counts()[0] - before
    with compiled.switched(False):
        python = outcome(fn)
        assert compiled.counts()[0] == before + copied  # off, nothing was copied in C++
    return fast, python, copied


def _corpus_calls(op: str):
    for dtype in DTYPES:
        for case in op_cases(op, dtype.itemsize):
            if case.dtype is not None and case.dtype != str(dtype).removeprefix("torch."):
                continue
            yield case, dtype
    for case in op_cases(op, 1):  # the cases that need a dtype of their own, in it
        if case.dtype is not None:
            yield case, getattr(torch, case.dtype)


@pytest.mark.parametrize("op", OPS)
def test_the_corpus_gives_the_same_bits(op):
    calls = copied = 0
    for case, dtype in _corpus_calls(op):
        x = random_tensor(case.shape, dtype, seed=calls)
        fn = getattr(ascend_ops, op)
        fast, python, n = both(lambda: fn(x, *case.args, **dict(case.kwargs)))
        assert_same(fast, python, f"{case.call_text()} {dtype}")
        calls, copied = calls + 1, copied + n
    spec = specs().op(op)
    # a declared corpus is large; without one, the corpus is the worked examples in every dtype
    assert calls > 50 if spec.corpus is not None else calls == len(spec.examples) * len(DTYPES)
    assert copied > calls // 2  # most of the corpus is really copied in C++


def _junk_calls():
    for op in map(specs().op, OPS):
        example = op.examples[0]
        x = example_input(example.input, example.dtype)
        for attr in op.attributes:
            values = JUNK[attr.type] + (NUL_STRINGS if attr.type.name == "STR" else [])
            for value in values:
                yield op.name, x, {**example.kwargs, attr.name: value}


def test_junk_arguments_give_the_same_errors():
    calls = 0
    for op, x, kwargs in _junk_calls():
        routes = {"function": getattr(ascend_ops, op), "packet": getattr(torch.ops.ascend_ops, op),
                  "overload": getattr(torch.ops.ascend_ops, op).default}
        for route, fn in routes.items():
            fast, python, _ = both(lambda: fn(x, **kwargs))
            assert_same(fast, python, f"{op} {route} {kwargs}")
            if route != "overload":  # torch's own parser answers some junk at the overload
                assert python[0] == "error", (op, route, kwargs)
            calls += 1
    assert calls == 3 * sum(len(JUNK[a.type]) + (len(NUL_STRINGS) if a.type.name == "STR" else 0)
                            for op in map(specs().op, OPS) for a in op.attributes)


def _gradient_cases():
    for op in DIFFERENTIABLE_OPS:
        for case in op_cases(op, 8, quick=True):
            if case.dtype is None:
                yield op, case.shape, case.args, dict(case.kwargs)
    for case in CASES + EMPTY_LISTS:
        if differentiable(case):
            yield case.op, case.shape, case.args, case.kwargs


def _gradient_and_tangent(op, shape, args, kwargs, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=g, dtype=torch.float64)
    tangent = torch.randn(shape, generator=g, dtype=torch.float64)
    fn = getattr(ascend_ops, op)
    leaf = x.clone().requires_grad_()
    out = fn(leaf, *args, **kwargs)
    weight = torch.randn(out.shape, generator=g, dtype=torch.float64).requires_grad_()
    (grad,) = torch.autograd.grad(out, leaf, weight, create_graph=True)
    # the backward differentiated again, by the incoming gradient
    (grad_of_grad,) = torch.autograd.grad(grad, weight, torch.ones_like(grad))
    _, tan = torch.func.jvp(lambda t: fn(t, *args, **kwargs), (x,), (tangent,))
    return torch.cat([bits(grad).reshape(-1), bits(grad_of_grad).reshape(-1),
                      bits(tan).reshape(-1)])


def test_gradients_and_tangents_are_the_same():
    calls = 0
    for op, shape, args, kwargs in _gradient_cases():
        fast, python, _ = both(lambda: _gradient_and_tangent(op, shape, args, kwargs, calls))
        assert_same(fast, python, f"{op}{list(shape)} {args} {kwargs}")
        assert fast[0] == "ok", fast
        calls += 1
    assert calls > 40
    assert {op for op, *_ in _gradient_cases()} == set(DIFFERENTIABLE_OPS)  # every backward rule


def test_the_comparison_sees_a_difference():
    """Negative control: a result one bit off, an error with another message, another class."""
    x = torch.arange(6.0)
    ok = outcome(lambda: x.clone())
    flipped = x.clone()
    flipped.view(torch.int32)[3] ^= 1
    with pytest.raises(AssertionError):
        assert_same(ok, outcome(lambda: flipped), "bits")
    with pytest.raises(AssertionError):
        assert_same(outcome(lambda: x.view(4)), outcome(lambda: x.view(5)), "message")
    with pytest.raises(AssertionError):
        assert_same(outcome(lambda: int("x")), outcome(lambda: {}["x"]), "class")
    assert_same(ok, outcome(lambda: x.clone()), "same")
    assert math.isfinite(float(x.sum()))
