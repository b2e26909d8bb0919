"""cpu_reference.strided_slice_grad and slice_grad: each the adjoint of its forward, TensorFlow's
StridedSliceGrad cases and messages, dy written bit for bit."""

from __future__ import annotations

import re

import numpy as np
import pytest

from cpu_reference import OpArgumentError, slice, slice_grad, strided_slice, strided_slice_grad

# (shape, begin, end, strides, masks), every shape's dims differ
STRIDED_CALLS = [
    ((6, 4, 5), [2, 1, 1], [6, 3, 3], [2, 1, 1], {}),  # TF testGradient: [2:6:2, 1:3, 1:3]
    ((6, 4, 5), [3, 0, 0], [0, 0, 0], [-2, 1, 1], {"begin_mask": 6, "end_mask": 6}),  # [3:0:-2, ...]
    ((6, 4, 5), [0, -1, 0], [0, 0, 0], [1, 1, 1], {"begin_mask": 5, "end_mask": 5, "shrink_axis_mask": 2}),
    ((6, 4, 5), [0, 0, 1, 0], [0, 0, 2, 0], [1, 1, 1, -2],
     {"new_axis_mask": 2, "shrink_axis_mask": 4, "begin_mask": 9, "end_mask": 9}),
    ((3, 4), [9223372036854775807, -9223372036854775808], [-9223372036854775808, 9223372036854775807],
     [-1, 1], {}),
    ((2, 4), [1], [0], [-9223372036854775808], {}),
    ((4, 6), [3, 0], [1, 6], [1, 1], {}),  # empty
    ((), [0], [0], [1], {"new_axis_mask": 1}),
]
SLICE_CALLS = [((4, 5, 6), [1, -2, 0], [-1, -1, 3]), ((7, 3), [0, 0], [7, 3]), ((), [], [])]


def _adjoint_sides(forward, grad, shape, seed):
    """<forward(x), dy> and <x, grad(dy)> on random integers."""
    rng = np.random.default_rng(seed)
    x = rng.integers(-100, 100, shape, dtype=np.int64)
    y = forward(x)
    dy = rng.integers(-100, 100, y.shape, dtype=np.int64)
    dx = grad(dy)
    assert dx.shape == tuple(shape) and dx.dtype == dy.dtype
    return int((y * dy).sum()), int((x * dx).sum())


@pytest.mark.parametrize("shape, begin, end, strides, masks", STRIDED_CALLS)
def test_strided_slice_grad_is_the_adjoint(shape, begin, end, strides, masks):
    left, right = _adjoint_sides(lambda x: strided_slice(x, begin, end, strides, **masks),
                                 lambda dy: strided_slice_grad(shape, begin, end, strides, dy, **masks),
                                 shape, seed=len(shape))
    assert left == right


@pytest.mark.parametrize("shape, offsets, size", SLICE_CALLS)
def test_slice_grad_is_the_adjoint(shape, offsets, size):
    left, right = _adjoint_sides(lambda x: slice(x, offsets, size),
                                 lambda dy: slice_grad(shape, offsets, size, dy), shape, seed=3)
    assert left == right


def test_control_a_transposed_write_breaks_the_adjoint():
    shape, offsets, size = (4, 5, 6), [1, 0, 2], [2, 5, 3]
    wrong = lambda dy: slice_grad(shape, offsets, size, dy[:, ::-1, :])  # noqa: E731
    left, right = _adjoint_sides(lambda x: slice(x, offsets, size), wrong, shape, seed=3)
    assert left != right


def test_tf_gradient_example_against_numpy():
    dy = np.arange(1, 5, dtype=np.float32).reshape(4, 1, 1)  # TF testInt64Indices
    expected = np.zeros((6, 4, 4), np.float32)
    expected[0:4, 0:1, 0:1] = dy
    np.testing.assert_array_equal(strided_slice_grad([6, 4, 4], [0, 0, 0], [4, 1, 1], [1, 1, 1], dy),
                                  expected)


@pytest.mark.parametrize("dtype, pattern", [(np.uint16, 0x7E01), (np.uint16, 0x8000),
                                            (np.uint32, 0x7FC12345), (np.uint64, 0x7FF8DEADBEEF0001)])
def test_dy_bits_are_moved_and_the_rest_is_positive_zero(dtype, pattern):
    float_dtype = {2: np.float16, 4: np.float32, 8: np.float64}[np.dtype(dtype).itemsize]
    dy = np.full((3, 2), pattern, dtype).view(float_dtype)  # NaN payloads, -0.0
    dx = strided_slice_grad([7, 5], [5, 1], [0, 4], [-2, 2], dy)
    expected = np.zeros((7, 5), dtype)
    expected[5:0:-2, 1:4:2] = pattern
    np.testing.assert_array_equal(dx.view(dtype), expected)


@pytest.mark.parametrize("index", [-200, 200])
def test_tf_out_of_bounds_single_index(index):  # TF testGradient: [:, -200, :] and [:, 200, :]
    with pytest.raises(OpArgumentError, match="out of bounds"):
        strided_slice_grad([6, 4, 5], [0, index, 0], [0, index + 1, 0], [1, 1, 1],
                           np.zeros((6, 5), np.float32), begin_mask=5, end_mask=5, shrink_axis_mask=2)


@pytest.mark.parametrize("call, message", [
    (lambda: strided_slice_grad([], [], [], [], np.zeros(1, np.float32)), "shape of dy was [1] instead of []"),
    (lambda: strided_slice_grad([6, 4], [1], [5], [2], np.zeros((2, 3))), "shape of dy was [2,3] instead of [2,4]"),
    (lambda: slice_grad([6, 4], [1, 0], [2, -1], np.zeros((2, 3))), "shape of dy was [2,3] instead of [2,4]"),
    (lambda: strided_slice_grad(np.zeros((2, 1), np.int64), [0], [1], [1], np.zeros(1)),
     "shape must be 1-D, got shape.shape = [2,1]"),
    (lambda: slice_grad([3, -1], [0, 0], [1, 1], np.zeros((1, 1))), "shape[1] = -1 is out of range: it must be in"),
    (lambda: slice_grad([3, 4], [0, 4], [1, 1], np.zeros((1, 1))), "offsets[1] = 4 is out of range"),
    (lambda: strided_slice_grad([3, 4], [0], [1], [0], np.zeros((1, 4))), "strides[0] must be non-zero"),
])
def test_errors_name_the_argument_and_the_rule(call, message):
    with pytest.raises(OpArgumentError, match="^" + re.escape(message)):
        call()


def test_forward_errors_come_before_the_dy_check():
    with pytest.raises(OpArgumentError, match="^Multiple ellipses"):
        strided_slice_grad([3, 4], [0, 0], [0, 0], [1, 1], np.zeros(7), ellipsis_mask=3)
