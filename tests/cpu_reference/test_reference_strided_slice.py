"""cpu_reference.strided_slice: TensorFlow StridedSlice examples, TF-specific vectors, errors,
and hypothesis checks against numpy `__getitem__`."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cpu_reference
from cpu_reference import OpArgumentError, strided_slice

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MASK_NAMES = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


def tf_encode(index) -> tuple[list[int], list[int], list[int], dict[str, int]]:
    """Encode a Python index the way TF's `_slice_helper` does: (begin, end, strides, masks)."""
    if not isinstance(index, tuple):
        index = (index,)
    begin, end, strides = [], [], []
    masks = dict.fromkeys(MASK_NAMES, 0)
    for i, item in enumerate(index):
        bit = 1 << i
        if isinstance(item, slice):
            begin.append(0 if item.start is None else item.start)
            end.append(0 if item.stop is None else item.stop)
            strides.append(1 if item.step is None else item.step)
            masks["begin_mask"] |= bit if item.start is None else 0
            masks["end_mask"] |= bit if item.stop is None else 0
        elif item is Ellipsis:
            begin.append(0), end.append(0), strides.append(1)
            masks["ellipsis_mask"] |= bit
        elif item is None:
            begin.append(0), end.append(0), strides.append(1)
            masks["new_axis_mask"] |= bit
        else:
            begin.append(item), end.append(item + 1), strides.append(1)
            masks["shrink_axis_mask"] |= bit
    return begin, end, strides, masks


def tf_getitem(x, index) -> np.ndarray:
    begin, end, strides, masks = tf_encode(index)
    return strided_slice(x, begin, end, strides, **masks)


def arange(shape, dtype=np.int64) -> np.ndarray:
    return np.arange(math.prod(shape), dtype=dtype).reshape(shape)


def raises_exactly(message: str):
    return pytest.raises(OpArgumentError, match="^" + re.escape(message) + "$")


# --- TensorFlow's documentation examples, with its known errors corrected ----------------------


def test_reverse_from_second_to_last_is_3_2_1():
    foo = np.array([1, 2, 3, 4])
    result = strided_slice(foo, [-2], [0], [-1], end_mask=1)
    np.testing.assert_array_equal(result, [3, 2, 1])
    np.testing.assert_array_equal(result, foo[-2::-1])


def test_api_def_example_encoding_and_shape():
    foo = arange((5,) * 6)
    # "x" (don't care) entries are deliberately garbage: masks make them irrelevant.
    result = strided_slice(
        foo,
        begin=[1, 2, 77, -9, 0, 123],
        end=[2, 4, 55, 33, -3, -8],
        strides=[1, 1, 3, 5, -1, 1],
        begin_mask=1 << 4 | 1 << 5,
        end_mask=1 << 5,
        ellipsis_mask=1 << 3,
        new_axis_mask=1 << 2,
        shrink_axis_mask=1 << 0,
    )
    assert result.shape == (2, 1, 5, 5, 2, 5)
    np.testing.assert_array_equal(result, foo[1, 2:4, None, ..., :-3:-1, :])


def test_range_then_ellipsis_keeps_shape():
    foo = arange((3, 4))
    assert tf_getitem(foo, (slice(None), Ellipsis)).shape == (3, 4)
    assert tf_getitem(foo, (None, Ellipsis)).shape == (1, 3, 4)


def test_single_index_then_range():
    foo = arange((5, 6))
    result = tf_getitem(foo, (2, slice(None)))
    assert result.shape == (6,)
    np.testing.assert_array_equal(result, foo[2])


def test_end_is_exclusive_and_negative_end_drops_the_last():
    foo = np.arange(3)
    np.testing.assert_array_equal(tf_getitem(foo, slice(None)), [0, 1, 2])
    np.testing.assert_array_equal(tf_getitem(foo, slice(0, -1)), [0, 1])


def test_strides_none_means_ones():
    foo = arange((4, 5))
    np.testing.assert_array_equal(strided_slice(foo, [1, 2], [3, 5]), foo[1:3, 2:5])


# --- TensorFlow-specific vectors (StridedSlice as TensorFlow computes it) ------------------------


def test_shrink_accepts_stride_2():
    result = strided_slice(np.arange(10), [3], [4], [2], shrink_axis_mask=1)
    assert result.shape == () and result == 3


def test_shrink_ignores_begin_mask_and_end():
    x = np.arange(10)
    result = strided_slice(x, [7], [-50], begin_mask=1, end_mask=1, shrink_axis_mask=1)
    assert result.shape == () and result == 7
    with raises_exactly(
        "slice index 100 of dimension 0 out of bounds. "
        "A single index into a dimension of size 10 must be in [-10, 10); got 100."
    ):
        strided_slice(x, [100], [101], begin_mask=1, shrink_axis_mask=1)


def test_new_axis_and_shrink_on_the_same_bit_is_a_new_axis():
    x = arange((2, 3, 4))
    result = strided_slice(x, [1], [2], new_axis_mask=1, shrink_axis_mask=1)
    assert result.shape == (1, 2, 3, 4)
    np.testing.assert_array_equal(result, x[None])


def test_new_axis_then_shrink():
    inp = np.ones((2, 2), dtype=np.int16)
    result = tf_getitem(inp, (None, slice(None), 0))
    np.testing.assert_array_equal(result, [[1, 1]])
    assert result.dtype == np.int16


def test_ellipsis_wins_over_new_axis_and_shrink_on_the_same_bit():
    x = arange((2, 3))
    result = strided_slice(x, [5], [6], ellipsis_mask=1, new_axis_mask=1, shrink_axis_mask=1)
    np.testing.assert_array_equal(result, x)


@pytest.mark.parametrize(
    "index, shape",
    [(None, (1,)), (Ellipsis, ()), ((), ()), ((None, Ellipsis, None), (1, 1))],
    ids=["newaxis", "ellipsis", "empty-tuple", "newaxis-ellipsis-newaxis"],
)
def test_scalar_input_accepts_ellipsis_and_new_axes(index, shape):
    result = tf_getitem(np.array(5.0), index)
    assert result.shape == shape and result.reshape(()) == 5.0


@pytest.mark.parametrize(
    "begin, end, masks",
    [([0], [1], {}), ([0], [0], {"begin_mask": 1, "end_mask": 1}), ([0], [1], {"shrink_axis_mask": 1})],
    ids=["range", "masked-range", "index"],
)
def test_scalar_input_rejects_real_indexes(begin, end, masks):
    with pytest.raises(OpArgumentError, match=r"^Attempting to slice scalar input\."):
        strided_slice(np.array(5.0), begin, end, **masks)


def test_31_entries_pass_and_32_fail():
    x = arange((2, 3, 2, 1, 2, 1, 3, 2))  # TF's most input dims of a slice
    index = (None,) * 20 + (1, 2, 0, 0, None, 1, 0, None, 2, 1, None)
    result = tf_getitem(x, index)
    assert len(index) == 31 and result.shape == (1,) * 23
    np.testing.assert_array_equal(result, x[index])
    with pytest.raises(
        OpArgumentError,
        match=re.escape(
            "begin, end and strides must be lists of one length, at most 31 (one entry per slice "
            "spec item): got 32, 32 and 32 entries"
        ),
    ):
        # The 32nd entry sets no mask bit (bit 31 would make the mask leave the int32 range).
        tf_getitem(x, index + (slice(0, 1),))


def test_more_than_25_result_dims_need_an_identity_or_an_empty_slice():
    """Past TF: a CANN tensor shape holds 25 dims, so a result with more that is neither an
    identity nor empty is refused (on every backend alike: max_kernel_rank in the spec)."""
    x = arange((2, 3))
    with pytest.raises(OpArgumentError, match=re.escape(
            "the result has 30 dimensions: a strided slice that is neither an identity nor empty "
            "gives at most 25 (a CANN tensor shape holds 25 dims)")):
        tf_getitem(x, (None,) * 28 + (0, slice(None), None))
    assert tf_getitem(x, (None,) * 28 + (Ellipsis,)).shape == (1,) * 28 + (2, 3)  # identity
    assert tf_getitem(x, (None,) * 28 + (slice(0, 0),)).shape == (1,) * 28 + (0, 3)  # empty
    assert tf_getitem(x, (None,) * 23 + (0, slice(None), None)).shape == (1,) * 23 + (3, 1)


def test_out_of_bounds_index_message_prints_the_wrapped_index():
    with pytest.raises(OpArgumentError, match=r"^slice index -1 of dimension 0 out of bounds\."):
        tf_getitem(np.arange(10), -11)
    with pytest.raises(OpArgumentError, match=r"^slice index -9223372036854775798 of dimension 0 out"):
        tf_getitem(np.arange(10), INT64_MIN)
    with pytest.raises(OpArgumentError, match=r"^slice index 0 of dimension 1 out of bounds\."):
        tf_getitem(np.zeros((2, 0)), (slice(None), 0))


def test_int64_extremes():
    x = np.arange(10)
    np.testing.assert_array_equal(strided_slice(x, [INT64_MAX], [INT64_MIN], [-1]), x[::-1])
    np.testing.assert_array_equal(strided_slice(x, [INT64_MIN], [INT64_MAX], [1]), x)
    np.testing.assert_array_equal(strided_slice(x, [0], [10], [INT64_MAX]), [0])
    np.testing.assert_array_equal(strided_slice(x, [9], [0], [INT64_MIN], end_mask=1), [9])
    np.testing.assert_array_equal(strided_slice(x, [-100], [0], [-1], end_mask=1), [])
    np.testing.assert_array_equal(strided_slice(x, [100], [-11], [-3]), [9, 6, 3, 0])


@pytest.mark.parametrize(
    "index",
    [slice(0, -1, -1), slice(-1, 0), (slice(-1, 0), slice(2, 2), slice(2, 3, -1)), slice(1, 0)],
)
def test_degenerate_slices_are_empty(index):
    x = arange((3, 2, 3))
    result = tf_getitem(x, index)
    assert result.size == 0
    assert result.shape == x[index].shape


def test_nine_dimensional_inputs():
    x9 = arange((1, 2, 1, 3, 1, 2, 1, 2, 1))
    assert tf_getitem(x9, slice(0, 0)).shape == (0, 2, 1, 3, 1, 2, 1, 2, 1)
    np.testing.assert_array_equal(tf_getitem(x9, Ellipsis), x9)
    np.testing.assert_array_equal(tf_getitem(x9, (None, Ellipsis, 0)), x9[None, ..., 0])
    message = r"^Unhandled input dimensions 9: .* at most 8 input dimensions$"
    with pytest.raises(OpArgumentError, match=message):
        tf_getitem(x9, slice(None, None, -1))
    with pytest.raises(OpArgumentError, match=message):
        tf_getitem(x9, (slice(None), 1))


def test_mask_bits_beyond_the_spec_are_ignored():
    x = arange((2, 3, 4))
    result = strided_slice(
        x, [1], [2], begin_mask=0b110, end_mask=0b110, new_axis_mask=0b1110, shrink_axis_mask=0b110
    )
    np.testing.assert_array_equal(result, x[1:2])
    np.testing.assert_array_equal(strided_slice(x, [1], [2], ellipsis_mask=0b10), x[1:2])


def test_negative_masks_set_all_32_bits():
    x = arange((2, 3, 4))
    np.testing.assert_array_equal(strided_slice(x, [1, 2], [1, 0], begin_mask=-1, end_mask=-1), x)
    with pytest.raises(OpArgumentError, match="^Multiple ellipses in slice spec not allowed"):
        strided_slice(x, [0], [1], ellipsis_mask=-1)
    # INT32_MIN is bit 31 alone: one ellipsis, beyond the spec, so ignored.
    np.testing.assert_array_equal(strided_slice(x, [1], [2], ellipsis_mask=-(2**31)), x[1:2])


def test_numpy_integer_indexes_are_accepted():
    x = arange((4, 5))
    begin = np.array([1, -1], dtype=np.int16)
    result = strided_slice(x, begin, (np.int64(3), np.int32(0)), np.array([1, -2], dtype=np.int64))
    np.testing.assert_array_equal(result, x[1:3, -1:0:-2])


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (
            dict(begin=[0, 0], end=[1, 1, 1], strides=[1, 1, 1]),
            "begin, end and strides must be lists of one length, at most 31 (one entry per slice "
            "spec item): got 2, 3 and 3 entries",
        ),
        (
            dict(begin=[0, 0], end=[1, 1], strides=[1]),
            "begin, end and strides must be lists of one length, at most 31 (one entry per slice "
            "spec item): got 2, 2 and 1 entries",
        ),
        (
            dict(begin=[0, 0, 0], end=[0, 0, 0], ellipsis_mask=0b101),
            "Multiple ellipses in slice spec not allowed: ellipsis_mask = 5 must have at most one bit set",
        ),
        (
            dict(begin=[0], end=[1], ellipsis_mask=1 | 1 << 5),
            "Multiple ellipses in slice spec not allowed: ellipsis_mask = 33 must have at most one bit set",
        ),
        (
            dict(begin=[0, 0, 0, 0], end=[1, 1, 1, 1], shrink_axis_mask=0b1111),
            "Index out of range using input dim 3; input has only 3 dims",
        ),
        (
            dict(begin=[0, 0], end=[1, 1], strides=[1, 0], ellipsis_mask=1),
            "strides[2] must be non-zero",
        ),
        (dict(begin=[0], end=[1], strides=[0]), "strides[0] must be non-zero"),
        (
            dict(begin=[0, 1], end=[0, 2], strides=[1, -1], shrink_axis_mask=0b10),
            "strides[1] = -1 is invalid on shrink axis 1: a single index needs a positive stride",
        ),
        (
            dict(begin=[0], end=[1], new_axis_mask=4294967040),
            "new_axis_mask = 4294967040 is out of range for an int32 mask: "
            "it must be in [-2147483648, 2147483647]",
        ),
        (
            dict(begin=[0], end=[1], begin_mask=-(2**31) - 1),
            "begin_mask = -2147483649 is out of range for an int32 mask: "
            "it must be in [-2147483648, 2147483647]",
        ),
        (
            dict(begin=[0], end=[1], end_mask=1.0),
            "end_mask = 1.0 is not an integer: expected a Python or numpy integer, got float",
        ),
        (
            dict(begin=[0, 1.5], end=[1, 2]),
            "begin[1] = 1.5 is not an integer: expected a Python or numpy integer, got float",
        ),
        (
            dict(begin=[0], end=[np.float32(1)]),
            "end[0] = np.float32(1.0) is not an integer: expected a Python or numpy integer, got float32",
        ),
        (
            dict(begin=[0], end=[1], strides=[True]),
            "strides[0] = True is not an integer: expected a Python or numpy integer, got bool",
        ),
        (
            dict(begin=[2**63], end=[1]),
            "begin[0] = 9223372036854775808 is out of range: "
            "it must be in [-9223372036854775808, 9223372036854775807]",
        ),
        (dict(begin=0, end=[1]), "begin = 0 is not a sequence of integers: expected a list or tuple of ints, got int"),
        (dict(begin=[0], end="1"), "end = '1' is not a sequence of integers: expected a list or tuple of ints, got str"),
        (
            dict(begin=np.zeros((1, 1), dtype=np.int64), end=[1]),
            "begin must be a 1-D sequence of integers, got an array of shape (1, 1)",
        ),
    ],
)
def test_errors(kwargs, message):
    with raises_exactly(message):
        strided_slice(arange((2, 3, 4)), **kwargs)


def test_validation_order_follows_tensorflow():
    x = arange((2, 3, 4))
    # Lengths before ellipses, ellipses before too many indexes, dims in order.
    with pytest.raises(OpArgumentError, match="^begin, end and strides must be lists of one length"):
        strided_slice(x, [0] * 5, [0] * 4, [0] * 5, ellipsis_mask=3)
    with pytest.raises(OpArgumentError, match="^Multiple ellipses"):
        strided_slice(x, [0] * 5, [0] * 5, [0] * 5, ellipsis_mask=3)
    with pytest.raises(OpArgumentError, match=r"^strides\[0\] must be non-zero"):
        strided_slice(x, [0, 9], [1, 9], [0, 1], shrink_axis_mask=0b10)
    with pytest.raises(OpArgumentError, match="^slice index 9 of dimension 0"):
        strided_slice(x, [9, 0], [9, 1], [1, 0], shrink_axis_mask=1)
    with pytest.raises(OpArgumentError, match=r"^strides\[0\] = -1 is invalid on shrink axis 0"):
        strided_slice(x, [9], [9], [-1], shrink_axis_mask=1)


def test_rejects_object_and_string_arrays():
    for x in (np.array(["a", "b"]), np.array([b"a", b"b"]), np.array([1, None], dtype=object)):
        with pytest.raises(OpArgumentError, match=f"^x has dtype {re.escape(str(x.dtype))}: only fixed-size"):
            strided_slice(x, [0], [1])


# --- hypothesis: numpy __getitem__ is the oracle -------------------------------------------------

EXTREMES = [INT64_MIN, INT64_MIN + 1, INT64_MAX - 1, INT64_MAX]

shapes = st.one_of(
    st.lists(st.integers(0, 4), max_size=8).map(tuple),
    st.lists(st.integers(1, 7), unique=True, max_size=4).map(tuple),  # every dim differs
    st.lists(st.integers(1, 3), min_size=8, max_size=8).map(tuple),
)
bounds = st.one_of(st.none(), st.integers(-9, 9), st.sampled_from(EXTREMES))
steps = st.one_of(st.none(), st.integers(-4, 4), st.sampled_from(EXTREMES))
index_items = st.one_of(
    st.integers(-5, 5),
    st.builds(slice, bounds, bounds, steps),
    st.none(),
    st.just(Ellipsis),
)
indexes = st.lists(index_items, max_size=10).map(tuple)


def numpy_or_error(x, index):
    try:
        return x[index]
    except (IndexError, ValueError):
        return None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=shapes, index=indexes)
def test_matches_numpy_getitem(shape, index):
    x = arange(shape)
    expected = numpy_or_error(x, index)
    if expected is None:
        with pytest.raises(OpArgumentError):
            tf_getitem(x, index)
        return
    result = tf_getitem(x, index)
    assert result.shape == expected.shape
    np.testing.assert_array_equal(result, expected)


def decode_like_tensorflow(begin, end, strides, masks) -> tuple | None:
    """An independent reading of TF's mask rules as a numpy index; None where TF must fail."""
    bits = {name: masks[name] & 0xFFFFFFFF for name in MASK_NAMES}
    if bin(bits["ellipsis_mask"]).count("1") > 1:
        return None
    index = []
    for i in range(len(begin)):
        if bits["ellipsis_mask"] >> i & 1:
            index.append(Ellipsis)
        elif bits["new_axis_mask"] >> i & 1:
            index.append(None)
        elif bits["shrink_axis_mask"] >> i & 1:
            if strides[i] <= 0:
                return None
            index.append(begin[i])
        else:
            start = None if bits["begin_mask"] >> i & 1 else begin[i]
            stop = None if bits["end_mask"] >> i & 1 else end[i]
            index.append(slice(start, stop, strides[i]))
    return tuple(index)


@st.composite
def raw_specs(draw):
    """begin/end/strides with arbitrary masks, bits beyond the spec included."""
    m = draw(st.integers(0, 6))
    begin = draw(st.lists(st.integers(-7, 7), min_size=m, max_size=m))
    end = draw(st.lists(st.integers(-7, 7), min_size=m, max_size=m))
    strides = draw(st.lists(st.integers(-3, 3), min_size=m, max_size=m))
    any_mask = st.one_of(st.integers(0, 2 ** (m + 2) - 1), st.just(-1), st.integers(-(2**31), 2**31 - 1))
    one_bit = st.one_of(st.just(0), st.integers(0, m + 1).map(lambda b: 1 << b), any_mask)
    masks = {name: draw(any_mask) for name in MASK_NAMES}
    masks["ellipsis_mask"] = draw(one_bit)
    return begin, end, strides, masks


@settings(max_examples=300, deadline=None)
@given(shape=shapes.filter(lambda s: len(s) <= 5), spec=raw_specs())
def test_raw_masks_follow_tensorflow_precedence(shape, spec):
    x = arange(shape)
    begin, end, strides, masks = spec
    index = decode_like_tensorflow(begin, end, strides, masks)
    expected = None if index is None else numpy_or_error(x, index)
    if expected is None:
        with pytest.raises(OpArgumentError):
            strided_slice(x, begin, end, strides, **masks)
        return
    result = strided_slice(x, begin, end, strides, **masks)
    assert result.shape == expected.shape
    np.testing.assert_array_equal(result, expected)


@settings(max_examples=200, deadline=None)
@given(shape=shapes, index=indexes)
def test_view_without_data_matches_the_op(shape, index):
    begin, end, strides, masks = tf_encode(index)
    try:
        view = cpu_reference.strided_slice_view(shape, begin, end, strides, **masks)
    except OpArgumentError:
        return
    x = arange(shape)
    result = tf_getitem(x, index)
    assert view.final_shape == result.shape
    assert np.shares_memory(view.apply(x), x) or result.size == 0
    np.testing.assert_array_equal(view.apply(x), result)
