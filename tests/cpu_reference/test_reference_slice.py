"""cpu_reference.slice: ATB SliceOperation, its documented example, numpy narrowing, every error."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpu_reference import OpArgumentError, SliceView, slice, slice_view


def raises_exactly(message: str):
    return pytest.raises(OpArgumentError, match="^" + re.escape(message) + "$")


def test_seed_example_float16_bits():
    x = np.array(
        [
            [-78.9, 78.8, 32.22, 49.7, 82.8, 24.77],
            [72.2, 20.89, 55.16, 85.5, 72.8, 94.8],
            [11.36, -83.56, 65.94, -46.94, 72.44, 68.7],
        ],
        dtype=np.float16,
    )
    y = slice(x, [1, 2], [2, 4])
    expected = np.array(
        [[55.1562, 85.5000, 72.8125, 94.8125], [65.9375, -46.9375, 72.4375, 68.6875]], dtype=np.float16
    )
    assert y.dtype == np.float16 and y.shape == (2, 4)
    np.testing.assert_array_equal(y.view(np.uint16), expected.view(np.uint16))


def test_minus_one_runs_to_the_end_and_negative_offsets_count_from_the_end():
    x = np.arange(4 * 5 * 6).reshape(4, 5, 6)
    np.testing.assert_array_equal(slice(x, [1, -2, 0], [-1, -1, 3]), x[1:, 3:, :3])
    np.testing.assert_array_equal(slice(x, [-4, 0, -6], [4, 5, 6]), x)


def test_scalar_input():
    y = slice(np.float32(2.5), [], [])
    assert y.shape == () and y == 2.5


def test_slice_view_needs_no_data():
    assert slice_view((2**40, 7), [-1, 3], [-1, 4]) == SliceView(starts=(2**40 - 1, 3), sizes=(1, 4))


@st.composite
def valid_slices(draw):
    shape = draw(
        st.one_of(
            st.lists(st.integers(1, 5), max_size=6).map(tuple),
            st.lists(st.integers(1, 8), unique=True, max_size=4).map(tuple),  # every dim differs
        )
    )
    offsets, size, expected_index = [], [], []
    for dim in shape:
        start = draw(st.integers(0, dim - 1))
        length = draw(st.integers(1, dim - start))
        to_end = length == dim - start and draw(st.booleans())
        offsets.append(draw(st.sampled_from([start, start - dim])))
        size.append(-1 if to_end else length)
        expected_index.append(np.s_[start : start + length])
    return shape, offsets, size, tuple(expected_index)


@settings(max_examples=200, deadline=None)
@given(valid_slices())
def test_matches_numpy_narrowing(case):
    shape, offsets, size, index = case
    x = np.arange(math.prod(shape), dtype=np.int32).reshape(shape)
    result = slice(x, offsets, size)
    assert result.shape == x[index].shape
    np.testing.assert_array_equal(result, x[index])


@pytest.mark.parametrize(
    "shape, offsets, size, message",
    [
        ((3, 6), [0], [1, 1], "offsets length must be equal to size length: got 1 offsets and 2 sizes"),
        (
            (3, 6),
            [0, 0, 0],
            [1, 1, 1],
            "size length must be equal to the input tensor rank: got 3 sizes for an input of rank 2 "
            "with shape (3, 6)",
        ),
        (
            (3, 6),
            [5, 0],
            [1, 1],
            "offsets[0] = 5 is out of range for dimension 0 of size 3: the actual offset must be in [0, 3)",
        ),
        (
            (3, 6),
            [3, 0],
            [-1, 1],
            "offsets[0] = 3 is out of range for dimension 0 of size 3: the actual offset must be in [0, 3)",
        ),
        (
            (3, 6),
            [-4, 0],
            [1, 1],
            "offsets[0] = -4 is out of range for dimension 0 of size 3: "
            "the actual offset -4 + 3 = -1 must be in [0, 3)",
        ),
        (
            (3, 0),
            [0, 0],
            [1, -1],
            "offsets[1] = 0 is out of range for dimension 1 of size 0: the actual offset must be in [0, 0)",
        ),
        ((3, 6), [0, 2], [1, 0], "size[1] = 0 is invalid: size must be > 0 or -1"),
        ((3, 6), [0, 2], [1, -2], "size[1] = -2 is invalid: size must be > 0 or -1"),
        ((3, 6), [0, 2], [1, 5], "offsets[1] + size[1] = 2 + 5 = 7 exceeds dimension 1 of size 6"),
        ((3, 6), [0, -4], [1, 5], "offsets[1] + size[1] = (-4 + 6) + 5 = 7 exceeds dimension 1 of size 6"),
        (
            (3, 6),
            [0, 2**63],
            [1, 1],
            "offsets[1] = 9223372036854775808 is out of range: "
            "it must be in [-9223372036854775808, 9223372036854775807]",
        ),
        ((3, 6), [0, 1.0], [1, 1], "offsets[1] = 1.0 is not an integer: expected a Python or numpy integer, got float"),
        ((3, 6), [0, 1], [True, 1], "size[0] = True is not an integer: expected a Python or numpy integer, got bool"),
        ((3, 6), 0, [1, 1], "offsets = 0 is not a sequence of integers: expected a list or tuple of ints, got int"),
    ],
)
def test_errors(shape, offsets, size, message):
    with raises_exactly(message):
        slice(np.zeros(shape, dtype=np.float16), offsets, size)


def test_each_dimension_is_checked_in_order():
    x = np.zeros((3, 6))
    with pytest.raises(OpArgumentError, match=r"^offsets\[0\]"):
        slice(x, [7, 0], [1, 0])
    with pytest.raises(OpArgumentError, match=r"^size\[0\]"):
        slice(x, [1, 7], [0, 1])


def test_accepts_numpy_integer_arguments():
    x = np.arange(30).reshape(5, 6)
    result = slice(x, np.array([1, -3], dtype=np.int32), (np.int64(2), np.int8(-1)))
    np.testing.assert_array_equal(result, x[1:3, 3:])
