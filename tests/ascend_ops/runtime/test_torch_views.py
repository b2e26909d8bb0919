"""ascend_ops.runtime.torch_views: each op as torch view ops plus one copy — the NPU device path and
the fake kernels. Run here on CPU tensors, bit for bit against cpu_reference, for random
argument sets (negative strides, clamping, masks, empty results, invalid arguments)."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest
import torch
from torch._subclasses.fake_tensor import FakeTensorMode

import cpu_reference
from ascend_ops import OpArgumentError
from ascend_ops.runtime import torch_views
from ascend_ops_support import (CASES, TF_CASE_DTYPE, VIEW_OP_NAMES, assert_same_bits, case_id, cases,
                                grad_args, numpy_view, random_tensor, tf_cases)

SEEDS = range(6)
DTYPES = (torch.float16, torch.bfloat16, torch.int64, torch.bool, torch.int8, torch.float32)


def _distinct_dims(rng: random.Random, rank: int, low: int = 0, high: int = 7) -> tuple[int, ...]:
    return tuple(rng.sample(range(low, high + 1), rank))


def _random_strided_slice(rng: random.Random):
    shape = _distinct_dims(rng, rng.randint(1, 4))
    m = rng.randint(1, len(shape) + 2)
    begin, end, strides = [], [], []
    masks = dict.fromkeys(("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                           "shrink_axis_mask"), 0)
    reach = max(shape) + 3
    for i in range(m):
        bit = 1 << i
        kind = rng.choices(["range", "new", "shrink", "ellipsis"], [6, 1, 2, 1])[0]
        begin.append(rng.randint(-reach, reach))
        end.append(rng.randint(-reach, reach))
        strides.append(rng.choice([-3, -2, -1, -1, 1, 1, 2, 3]))
        if kind == "range":
            masks["begin_mask"] |= bit if rng.random() < 0.25 else 0
            masks["end_mask"] |= bit if rng.random() < 0.25 else 0
        elif kind == "new":
            masks["new_axis_mask"] |= bit
        elif kind == "shrink":
            masks["shrink_axis_mask"] |= bit
            begin[-1] = rng.randint(-max(shape) - 1, max(shape))  # sometimes out of bounds
        else:
            masks["ellipsis_mask"] |= bit
    if rng.random() < 0.03:
        strides[rng.randrange(m)] = 0
    strides_arg = None if (rng.random() < 0.1 and all(s == 1 for s in strides)) else strides
    return shape, (begin, end, strides_arg), masks


def _random_slice(rng: random.Random):
    shape = _distinct_dims(rng, rng.randint(0, 4), low=1)
    offsets, size = [], []
    for dim in shape:
        offset = rng.randint(-dim, dim - 1) if rng.random() < 0.95 else rng.choice([dim, -dim - 1])
        start = offset + dim if offset < 0 else offset
        length = rng.choice([-1, rng.randint(1, max(1, dim - start))])
        if rng.random() < 0.03:
            length = rng.choice([0, -2, dim + 1])
        offsets.append(offset)
        size.append(length)
    return shape, (offsets, size), {}


def _random_block(rng: random.Random, op: str):
    data_format = rng.choice(["NHWC", "NCHW", "NCHW_VECT_C"])
    mode = rng.choice(["DCR", "CRD"])
    bs = rng.choice([2, 2, 3])
    n, h, w = _distinct_dims(rng, 3, low=1, high=4)
    if op == "depth_to_space":
        c = bs * bs * rng.choice([1, 2, 3, 4]) if rng.random() < 0.95 else bs * bs + 1
    else:
        c = rng.choice([1, 2, 3, 4])
        h, w = (h * bs, w * bs) if rng.random() < 0.95 else (h * bs + 1, w * bs)
    if data_format == "NHWC":
        shape = (n, h, w, c)
    elif data_format == "NCHW":
        shape = (n, c, h, w)
    else:
        c_outer = max(1, c // 4) * (bs * bs if op == "depth_to_space" else 1)
        shape = (n, c_outer, h, w, 4)
    return shape, (bs,), {"data_format": data_format, "mode": mode}


def _random_call(rng: random.Random, op: str):
    if op == "strided_slice":
        return _random_strided_slice(rng)
    if op == "slice":
        return _random_slice(rng)
    if op in ("depth_to_space", "space_to_depth"):
        return _random_block(rng, op)
    case = rng.choice(cases(op))  # an op with no generator of its own: its cases, in every layout
    return case.shape, case.args, case.kwargs


def _check_against_reference(op: str, x: torch.Tensor, args, kwargs) -> str:
    """Runs torch_views and cpu_reference on the same call; returns 'ok', 'empty' or 'error'."""
    try:
        expected = getattr(cpu_reference, op)(numpy_view(x), *args, **kwargs)
    except OpArgumentError as e:
        with pytest.raises(OpArgumentError) as info:
            torch_views.OPS[op](x, *args, **kwargs)
        assert str(info.value) == str(e)
        return "error"
    y = torch_views.OPS[op](x, *args, **kwargs)
    assert_same_bits(y, expected)
    assert y.dtype == x.dtype and y.is_contiguous()
    if y.numel():
        assert y.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()
        return "ok"
    return "empty"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("op", VIEW_OP_NAMES)
def test_random_calls_match_the_reference(op, seed):
    rng = random.Random(f"{op}-{seed}")
    outcomes = []
    for k in range(80):
        shape, args, kwargs = _random_call(rng, op)
        dtype = torch.int8 if kwargs.get("data_format") == "NCHW_VECT_C" else DTYPES[k % len(DTYPES)]
        x = random_tensor(shape, dtype, seed=k)
        if k % 3 == 0 and x.dim() > 1:  # a non-contiguous input of the same shape
            x = random_tensor(shape[::-1], dtype, seed=k).permute(*range(x.dim())[::-1])
        outcomes.append(_check_against_reference(op, x, args, kwargs))
    assert "ok" in outcomes  # the generator reaches the interesting cases
    if op == "strided_slice":
        assert {"empty", "error"} <= set(outcomes)


def _negative_stride_calls():
    x = random_tensor((5, 6, 7), torch.float16, seed=20)
    return x, [
        ([4, 5, 6], [0, 0, 0], [-1, -2, -3], {}),
        ([0, 0, 0], [0, 0, 0], [-1, -1, -1], {"begin_mask": 7, "end_mask": 7}),
        ([-1, 100, 3], [-100, -7, 2], [-2, -1, -1], {}),
        ([1, 0, 5], [1, 0, 0], [1, 1, -2], {"shrink_axis_mask": 1, "new_axis_mask": 2}),
        ([2, 0, 5], [4, 0, 0], [-1, 1, -1], {"ellipsis_mask": 2}),  # empty: wrong direction
        ([0, 0, 6], [0, 0, 5], [1, 1, -1], {"begin_mask": 3, "end_mask": 3}),  # one element
    ]


def test_negative_strides_and_empty_results():
    x, calls = _negative_stride_calls()
    shapes = []
    for begin, end, strides, masks in calls:
        assert _check_against_reference("strided_slice", x, (begin, end, strides), masks) != "error"
        shapes.append(tuple(torch_views.OPS["strided_slice"](x, begin, end, strides, **masks).shape))
    assert shapes[0] == (4, 3, 2) and shapes[1] == (5, 6, 7) and shapes[3] == (1, 3, 7)
    assert 0 in shapes[4]


@pytest.mark.parametrize("dtype", [torch.uint32, torch.uint8, torch.int16])
def test_negative_strides_on_every_spec_integer_dtype(dtype):
    """uint32 is a spec dtype of every op; reversing it must work like any other."""
    x = random_tensor((5, 6, 7), dtype, seed=23)
    assert _check_against_reference("strided_slice", x, ([4, 5, 6], [0, 0, 0], [-1, -2, -3]),
                                     {}) == "ok"


def test_non_contiguous_input_with_negative_strides_gives_a_contiguous_result():
    x = random_tensor((7, 6, 5), torch.float32, seed=24).permute(2, 1, 0)
    y = torch_views.OPS["strided_slice"](x, [0, 0, 6], [5, 6, 0], [1, 1, -1])
    assert y.is_contiguous()
    assert_same_bits(y, x.numpy()[:, :, 6:0:-1].copy())


def test_negative_stride_values_against_numpy():
    x = random_tensor((5, 6, 7), torch.int32, seed=21)
    y = torch_views.OPS["strided_slice"](x, [4, 5, 6], [0, 0, 0], [-1, -2, -3])
    assert_same_bits(y, x.numpy()[4:0:-1, 5:0:-2, 6:0:-3].copy())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fixed_cases_match_the_reference(case):
    dtype = torch.int8 if case.int8_only else torch.bfloat16
    x = random_tensor(case.shape, dtype, seed=22)
    assert _check_against_reference(case.op, x, case.args, case.kwargs) != "error"


TF_CASES = tf_cases()


@pytest.mark.parametrize("case", TF_CASES, ids=case_id)
def test_tf_cases_match_the_reference_on_cpu_meta_and_fake_tensors(case):
    """Every TF call the repository holds, through the torch views: on CPU tensors bit for bit
    (and the same errors) as cpu_reference, on meta and fake tensors its shape."""
    x = random_tensor(case.shape, TF_CASE_DTYPE, seed=25)
    outcome = _check_against_reference(case.op, x, case.args, case.kwargs)
    if outcome == "error":
        return
    expected = getattr(cpu_reference, case.op)(numpy_view(x), *case.args, **case.kwargs).shape
    meta = torch_views.OPS[case.op](x.to("meta"), *case.args, **case.kwargs)
    with FakeTensorMode() as mode:
        fake = getattr(torch.ops.ascend_ops, case.op)(mode.from_tensor(x), *case.args, **case.kwargs)
    assert tuple(meta.shape) == tuple(fake.shape) == expected


@pytest.mark.parametrize("case", TF_CASES, ids=case_id)
def test_canonical_torch_view_holds_only_what_torch_can(case):
    """Note [torch views]: every range a step torch can hold (below its dim; 1 for at most one
    element), start and stop inside the dim; a gradient written through them lands where
    cpu_reference's view reads, in order."""
    try:
        view = torch_views.torch_view(case.op, case.shape, lambda: None, case.args, case.kwargs)
    except OpArgumentError:
        return
    index, = view.steps
    dims = iter(case.shape)
    for item in index.items:
        if item is None:
            continue
        dim = next(dims)
        if isinstance(item, slice) and item != torch_views.WHOLE:
            assert 0 <= item.start <= item.stop <= dim, (item, dim)
            assert 1 <= item.step and (item.step < dim or item.stop - item.start <= 1), (item, dim)
            assert item.step == 1 or item.stop - item.start > 1, item
        elif not isinstance(item, slice):
            assert 0 <= item < dim, (item, dim)
    # written back: the gradient through these views is cpu_reference's, element for element
    dy = torch.arange(1, math.prod(view.output_shape) + 1).reshape(view.output_shape)
    dx = torch_views.write_into_zeros(case.op, case.shape, dy, case.args, case.kwargs)
    np.testing.assert_array_equal(dx.numpy(), cpu_reference.strided_slice_grad(
        case.shape, *grad_args(case), dy.numpy(), **case.kwargs))


@pytest.mark.parametrize("op", VIEW_OP_NAMES)
def test_fake_tensor_shapes_match_the_reference(op):
    """The same code is the fake kernel: under FakeTensorMode it yields the reference's shape."""
    rng = random.Random(f"fake-{op}")
    checked = 0
    for k in range(40):
        shape, args, kwargs = _random_call(rng, op)
        dtype = torch.int8 if kwargs.get("data_format") == "NCHW_VECT_C" else torch.float32
        try:
            expected = getattr(cpu_reference, op)(np.zeros(shape, np.dtype(str(dtype)[6:])),
                                                  *args, **kwargs)
        except OpArgumentError:
            continue
        with FakeTensorMode():
            y = getattr(torch.ops.ascend_ops, op)(torch.empty(shape, dtype=dtype), *args, **kwargs)
            assert tuple(y.shape) == expected.shape and y.dtype == dtype
            assert y.is_contiguous()
        checked += 1
    assert checked > 10


def test_vect_c_needs_int8_on_the_device_path_too():
    x = torch.zeros(1, 4, 2, 3, 4, dtype=torch.float32)
    with pytest.raises(OpArgumentError, match="NCHW_VECT_C"):
        torch_views.OPS["depth_to_space"](x, 2, data_format="NCHW_VECT_C")


def test_a_broadcast_step_is_torchs_expand_on_every_device():
    """Note [repeating views] in cpu_reference/view_steps.py: repeat's steps, as torch views."""
    steps = (cpu_reference.Reshape((1, 2, 1, 3)), cpu_reference.Broadcast((4, 2, 5, 3)), cpu_reference.Reshape((8, 15)))
    x = torch.arange(6, dtype=torch.int32).reshape(2, 3)
    torch_steps = torch_views.torch_steps((2, 3), steps)
    y = torch_views.apply_steps(x, torch_steps)
    assert y.is_contiguous() and torch.equal(y, torch.from_numpy(np.tile(x.numpy(), (4, 5))))
    assert torch_views.apply_steps(x.to("meta"), torch_steps).shape == (8, 15)
    with FakeTensorMode() as mode:
        assert torch_views.apply_steps(mode.from_tensor(x), torch_steps).shape == (8, 15)
    assert not torch_views.takes_input_in_order((2, 3), torch_steps)
    once = torch_views.torch_steps((2, 3), (cpu_reference.Reshape((1, 2, 1, 3)), cpu_reference.Broadcast((1, 2, 1, 3))))
    assert torch_views.takes_input_in_order((2, 3), once)  # the control: a broadcast that repeats nothing
