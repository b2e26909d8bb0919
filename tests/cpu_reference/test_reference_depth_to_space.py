"""cpu_reference.depth_to_space / space_to_depth: TF and ONNX examples, an index-formula oracle
in every data_format and mode, round trips, empty tensors and every error."""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpu_reference import (
    OpArgumentError,
    depth_to_space,
    depth_to_space_view,
    space_to_depth,
    space_to_depth_view,
)

FORMATS = ("NHWC", "NCHW", "NCHW_VECT_C")
MODES = ("DCR", "CRD")
# NCHW_VECT_C is DCR only (CRD is no strided view of packed channels).
FORMAT_MODES = [(f, m) for f, m in itertools.product(FORMATS, MODES) if (f, m) != ("NCHW_VECT_C", "CRD")]


def raises_exactly(message: str):
    return pytest.raises(OpArgumentError, match="^" + re.escape(message) + "$")


# --- an oracle written from the index formulas, on flat-channel NCHW --------------------------


def d2s_by_index(x: np.ndarray, bs: int, mode: str) -> np.ndarray:
    """out[n, c, h*bs + by, w*bs + bx] = x[n, source channel, h, w] (NCHW, flat channels)."""
    n, c, h, w = x.shape
    depth = c // (bs * bs)
    oc, oh, ow = np.ogrid[:depth, : h * bs, : w * bs]
    by, bx = oh % bs, ow % bs
    ic = (by * bs + bx) * depth + oc if mode == "DCR" else oc * bs * bs + by * bs + bx
    return x[:, ic, oh // bs, ow // bs]


def s2d_by_index(x: np.ndarray, bs: int, mode: str) -> np.ndarray:
    """out[n, target channel, h, w] = x[n, c, h*bs + by, w*bs + bx] (NCHW, flat channels)."""
    n, c, h, w = x.shape
    oc, oh, ow = np.ogrid[: c * bs * bs, : h // bs, : w // bs]
    if mode == "DCR":
        block, ic = np.divmod(oc, c)
    else:
        ic, block = np.divmod(oc, bs * bs)
    by, bx = np.divmod(block, bs)
    return x[:, ic, oh * bs + by, ow * bs + bx]


def from_nchw(x: np.ndarray, data_format: str) -> np.ndarray:
    if data_format == "NHWC":
        return x.transpose(0, 2, 3, 1)
    if data_format == "NCHW":
        return x
    n, c, h, w = x.shape
    return x.reshape(n, c // 4, 4, h, w).transpose(0, 1, 3, 4, 2)  # channel c = c_outer*4 + c_inner


def to_nchw(x: np.ndarray, data_format: str) -> np.ndarray:
    if data_format == "NHWC":
        return x.transpose(0, 3, 1, 2)
    if data_format == "NCHW":
        return x
    n, c_outer, h, w, lanes = x.shape
    return x.transpose(0, 1, 4, 2, 3).reshape(n, c_outer * lanes, h, w)


def image(n, c, h, w, data_format, dtype=np.int64) -> np.ndarray:
    """An NCHW-counted image laid out in `data_format`, values all distinct (mod 256 for int8)."""
    return from_nchw(np.arange(n * c * h * w).astype(dtype).reshape(n, c, h, w), data_format)


# (n, output depth C', h, w, block_size): every dim differs, C' > 1, H != W.
# NCHW_VECT_C needs C' divisible by 4, so it takes only those cases.
D2S_CASES = [(2, 3, 4, 5, 2), (1, 8, 2, 3, 2), (3, 4, 1, 2, 3), (2, 4, 3, 5, 3)]
FORMAT_CASES = [
    (data_format, mode, *case)
    for (data_format, mode), case in itertools.product(FORMAT_MODES, D2S_CASES)
    if data_format != "NCHW_VECT_C" or case[1] % 4 == 0
]


@pytest.mark.parametrize("data_format, mode, n, depth, h, w, bs", FORMAT_CASES)
def test_matches_index_formula(data_format, mode, n, depth, h, w, bs):
    dtype = np.int8 if data_format == "NCHW_VECT_C" else np.int64
    x = image(n, depth * bs * bs, h, w, data_format, dtype)
    y = depth_to_space(x, bs, data_format=data_format, mode=mode)
    expected = from_nchw(d2s_by_index(to_nchw(x, data_format), bs, mode), data_format)
    assert y.shape == expected.shape and y.dtype == dtype
    np.testing.assert_array_equal(y, expected)

    z = image(n, depth, h * bs, w * bs, data_format, dtype)
    expected = from_nchw(s2d_by_index(to_nchw(z, data_format), bs, mode), data_format)
    np.testing.assert_array_equal(space_to_depth(z, bs, data_format=data_format, mode=mode), expected)


# --- TensorFlow's documented examples (NHWC, DCR) --------------------------------------------


def test_seed_example_depth_4():
    x = np.array([[[[1, 2, 3, 4]]]])
    y = depth_to_space(x, 2)
    assert y.shape == (1, 2, 2, 1)
    np.testing.assert_array_equal(y, [[[[1], [2]], [[3], [4]]]])
    np.testing.assert_array_equal(space_to_depth(y, 2), x)


def test_seed_example_depth_12():
    x = np.array([[[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]]])
    y = depth_to_space(x, 2)
    assert y.shape == (1, 2, 2, 3)
    np.testing.assert_array_equal(y, [[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]])


def test_tf_example_width_grows_by_block_size():
    x = np.array([[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]])
    y = depth_to_space(x, 2)
    assert y.shape == (1, 4, 4, 1)
    expected = [[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[9], [10], [13], [14]], [[11], [12], [15], [16]]]
    np.testing.assert_array_equal(y, [expected])


# --- ONNX backend examples (NCHW) -----------------------------------------------------------

ONNX_X = np.array(
    [
        [
            [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]],
            [[9.0, 10.0, 11.0], [12.0, 13.0, 14.0]],
            [[18.0, 19.0, 20.0], [21.0, 22.0, 23.0]],
            [[27.0, 28.0, 29.0], [30.0, 31.0, 32.0]],
            [[36.0, 37.0, 38.0], [39.0, 40.0, 41.0]],
            [[45.0, 46.0, 47.0], [48.0, 49.0, 50.0]],
            [[54.0, 55.0, 56.0], [57.0, 58.0, 59.0]],
            [[63.0, 64.0, 65.0], [66.0, 67.0, 68.0]],
        ]
    ],
    dtype=np.float32,
)
ONNX_DCR = np.array(
    [
        [
            [
                [0.0, 18.0, 1.0, 19.0, 2.0, 20.0],
                [36.0, 54.0, 37.0, 55.0, 38.0, 56.0],
                [3.0, 21.0, 4.0, 22.0, 5.0, 23.0],
                [39.0, 57.0, 40.0, 58.0, 41.0, 59.0],
            ],
            [
                [9.0, 27.0, 10.0, 28.0, 11.0, 29.0],
                [45.0, 63.0, 46.0, 64.0, 47.0, 65.0],
                [12.0, 30.0, 13.0, 31.0, 14.0, 32.0],
                [48.0, 66.0, 49.0, 67.0, 50.0, 68.0],
            ],
        ]
    ],
    dtype=np.float32,
)
ONNX_CRD = np.array(
    [
        [
            [
                [0.0, 9.0, 1.0, 10.0, 2.0, 11.0],
                [18.0, 27.0, 19.0, 28.0, 20.0, 29.0],
                [3.0, 12.0, 4.0, 13.0, 5.0, 14.0],
                [21.0, 30.0, 22.0, 31.0, 23.0, 32.0],
            ],
            [
                [36.0, 45.0, 37.0, 46.0, 38.0, 47.0],
                [54.0, 63.0, 55.0, 64.0, 56.0, 65.0],
                [39.0, 48.0, 40.0, 49.0, 41.0, 50.0],
                [57.0, 66.0, 58.0, 67.0, 59.0, 68.0],
            ],
        ]
    ],
    dtype=np.float32,
)


@pytest.mark.parametrize("mode, expected", [("DCR", ONNX_DCR), ("CRD", ONNX_CRD)])
def test_onnx_depth_to_space_examples(mode, expected):
    y = depth_to_space(ONNX_X, 2, data_format="NCHW", mode=mode)
    np.testing.assert_array_equal(y.view(np.uint32), expected.view(np.uint32))
    np.testing.assert_array_equal(space_to_depth(y, 2, data_format="NCHW", mode=mode), ONNX_X)


def test_onnx_space_to_depth_example():
    x = np.array(
        [[[[0, 6, 1, 7, 2, 8], [12, 18, 13, 19, 14, 20], [3, 9, 4, 10, 5, 11], [15, 21, 16, 22, 17, 23]]]],
        dtype=np.float32,
    )
    y = space_to_depth(x, 2, data_format="NCHW")
    assert y.shape == (1, 4, 2, 3)
    np.testing.assert_array_equal(y, np.arange(24, dtype=np.float32).reshape(1, 4, 2, 3))


def test_crd_on_nchw_is_the_pixel_shuffle_formula_and_dcr_the_onnx_formula():
    b, c, h, w, bs = 2, 3 * 9, 4, 5, 3
    x = np.arange(b * c * h * w).reshape(b, c, h, w)
    crd = x.reshape(b, c // 9, bs, bs, h, w).transpose(0, 1, 4, 2, 5, 3).reshape(b, c // 9, h * bs, w * bs)
    dcr = x.reshape(b, bs, bs, c // 9, h, w).transpose(0, 3, 4, 1, 5, 2).reshape(b, c // 9, h * bs, w * bs)
    np.testing.assert_array_equal(depth_to_space(x, bs, data_format="NCHW", mode="CRD"), crd)
    np.testing.assert_array_equal(depth_to_space(x, bs, data_format="NCHW", mode="DCR"), dcr)
    assert not np.array_equal(crd, dcr)


@pytest.mark.parametrize("data_format", ["NHWC", "NCHW"])
def test_dcr_and_crd_differ_when_output_depth_exceeds_one(data_format):
    dtype = np.int8 if data_format == "NCHW_VECT_C" else np.int64
    x = image(1, 16, 2, 3, data_format, dtype)
    dcr = depth_to_space(x, 2, data_format=data_format, mode="DCR")
    crd = depth_to_space(x, 2, data_format=data_format, mode="CRD")
    assert dcr.shape == crd.shape and not np.array_equal(dcr, crd)


@pytest.mark.parametrize("mode", MODES)
def test_nhwc_is_nchw_transposed(mode):
    x = np.arange(2 * 3 * 4 * 45).reshape(2, 3, 4, 45)
    nhwc = depth_to_space(x, 3, mode=mode)
    nchw = depth_to_space(x.transpose(0, 3, 1, 2), 3, data_format="NCHW", mode=mode)
    np.testing.assert_array_equal(nhwc, nchw.transpose(0, 2, 3, 1))


# --- round trips and empty tensors ----------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    format_mode=st.sampled_from(FORMAT_MODES),
    bs=st.integers(2, 4),
    n=st.integers(0, 2),
    depth=st.integers(0, 3),
    h=st.integers(0, 3),
    w=st.integers(0, 4),
)
def test_space_to_depth_inverts_depth_to_space(format_mode, bs, n, depth, h, w):
    data_format, mode = format_mode
    dtype = np.int8 if data_format == "NCHW_VECT_C" else np.int32
    depth *= 4 if data_format == "NCHW_VECT_C" else 1
    x = image(n, depth * bs * bs, h, w, data_format, dtype)
    y = depth_to_space(x, bs, data_format=data_format, mode=mode)
    assert y.shape == from_nchw(np.empty((n, depth, h * bs, w * bs)), data_format).shape
    np.testing.assert_array_equal(space_to_depth(y, bs, data_format=data_format, mode=mode), x)
    z = image(n, depth, h * bs, w * bs, data_format, dtype)
    packed = space_to_depth(z, bs, data_format=data_format, mode=mode)
    np.testing.assert_array_equal(depth_to_space(packed, bs, data_format=data_format, mode=mode), z)


@pytest.mark.parametrize(
    "op, shape, expected",
    [
        (depth_to_space, (0, 2, 2, 4), (0, 4, 4, 1)),
        (depth_to_space, (1, 0, 2, 4), (1, 0, 4, 1)),
        (depth_to_space, (1, 2, 2, 0), (1, 4, 4, 0)),
        (space_to_depth, (1, 0, 2, 1), (1, 0, 1, 4)),
    ],
)
def test_empty_tensors(op, shape, expected):
    y = op(np.zeros(shape, dtype=np.float32), 2)
    assert y.shape == expected and y.dtype == np.float32


# --- plans (shape-only descriptions) ---------------------------------------------------------


def test_plans_need_no_data():
    plan = depth_to_space_view((2**20, 3, 5, 2**30 * 4), 2)
    assert plan.output_shape == (2**20, 6, 10, 2**30)
    (step,) = plan.steps
    assert step.split_shape == (2**20, 3, 5, 2, 2, 2**30) and step.permutation == (0, 1, 3, 2, 4, 5)
    assert space_to_depth_view((1, 6, 10, 7), 2, data_format="NHWC").output_shape == (1, 3, 5, 28)


@pytest.mark.parametrize("data_format, mode", FORMAT_MODES)
def test_space_to_depth_view_is_the_inverse_depth_to_space_view(data_format, mode):
    shape = image(2, 4 * 9, 5, 7, data_format, np.int8).shape
    d2s = depth_to_space_view(shape, 3, data_format=data_format, mode=mode, dtype="int8")
    s2d = space_to_depth_view(d2s.output_shape, 3, data_format=data_format, mode=mode, dtype="int8")
    assert s2d.output_shape == shape
    assert s2d.inverse() == d2s
    assert len(d2s.steps) == (3 if data_format == "NCHW_VECT_C" else 1)


# --- errors ---------------------------------------------------------------------------------

D2S_ERRORS = [
    (
        dict(data_format="NWHC"),
        (1, 1, 1, 4),
        np.float32,
        "data_format = 'NWHC' is not supported: expected one of 'NHWC', 'NCHW', 'NCHW_VECT_C'",
    ),
    (dict(mode="dcr"), (1, 1, 1, 4), np.float32, "mode = 'dcr' is not supported: expected 'DCR' or 'CRD'"),
    (dict(block_size=1), (1, 1, 1, 4), np.float32, "block_size = 1 is invalid: block_size must be in [2, 46340]"),
    (dict(block_size=0), (1, 1, 1, 4), np.float32, "block_size = 0 is invalid: block_size must be in [2, 46340]"),
    (
        dict(block_size=46341),
        (1, 1, 1, 4),
        np.float32,
        "block_size = 46341 is invalid: block_size must be in [2, 46340]",
    ),
    (
        dict(block_size=2.0),
        (1, 1, 1, 4),
        np.float32,
        "block_size = 2.0 is not an integer: expected a Python or numpy integer, got float",
    ),
    (
        dict(block_size=True),
        (1, 1, 1, 4),
        np.float32,
        "block_size = True is not an integer: expected a Python or numpy integer, got bool",
    ),
    (
        dict(data_format="NCHW_VECT_C"),
        (1, 1, 1, 1, 4),
        np.uint8,
        "data_format 'NCHW_VECT_C' packs 4 int8 channels per element and needs dtype int8, got uint8",
    ),
    (dict(), (1, 1, 4), np.float32, "x must have rank 4 for data_format 'NHWC', got rank 3 (shape (1, 1, 4))"),
    (
        dict(data_format="NCHW_VECT_C"),
        (1, 1, 1, 4),
        np.int8,
        "x must have rank 5 for data_format 'NCHW_VECT_C', got rank 4 (shape (1, 1, 1, 4))",
    ),
    (
        dict(data_format="NCHW_VECT_C"),
        (1, 4, 1, 1, 3),
        np.int8,
        "x.shape[4] = 3 is invalid for data_format 'NCHW_VECT_C': it must be 4",
    ),
    (
        dict(data_format="NCHW_VECT_C", mode="CRD"),
        (1, 4, 1, 1, 4),
        np.int8,
        "mode = 'CRD' is not supported with data_format 'NCHW_VECT_C': use mode 'DCR' (TF's only ordering for NCHW_VECT_C)",
    ),
    (
        dict(),
        (1, 2, 3, 6),
        np.float32,
        "Input depth dimension 6 should be divisible by: 4 (block_size * block_size, block_size = 2)",
    ),
    (
        dict(block_size=4),
        (1, 1, 1, 4),
        np.float32,
        "Input depth dimension 4 should be divisible by: 16 (block_size * block_size, block_size = 4)",
    ),
    (
        dict(data_format="NCHW"),
        (1, 4, 3, 2),
        np.float32,
        "Input depth dimension 4 should be divisible by: 9 (block_size * block_size, block_size = 3)",
    ),
    (
        dict(data_format="NCHW_VECT_C"),
        (1, 2, 1, 1, 4),
        np.int8,
        "output depth 2 (input depth 8 / block_size**2) must be divisible by 4 for data_format 'NCHW_VECT_C'",
    ),
]


@pytest.mark.parametrize("kwargs, shape, dtype, message", D2S_ERRORS)
def test_depth_to_space_errors(kwargs, shape, dtype, message):
    kwargs = {"block_size": 3 if kwargs.get("data_format") == "NCHW" else 2, **kwargs}
    with raises_exactly(message):
        depth_to_space(np.zeros(shape, dtype=dtype), **kwargs)


@pytest.mark.parametrize(
    "kwargs, shape, dtype, message",
    [
        (dict(block_size=1), (1, 2, 2, 1), np.float32, "block_size = 1 is invalid: block_size must be >= 2"),
        (
            dict(block_size=2),
            (1, 3, 4, 1),
            np.float32,
            "Image width 4 and height 3 should be divisible by block_size: 2",
        ),
        (
            dict(block_size=4),
            (1, 2, 2, 1),
            np.float32,
            "Image width 2 and height 2 should be divisible by block_size: 4",
        ),
        (
            dict(block_size=2, data_format="NCHW"),
            (1, 1, 2, 5),
            np.float32,
            "Image width 5 and height 2 should be divisible by block_size: 2",
        ),
        (
            dict(block_size=2, data_format="NCHW_VECT_C"),
            (1, 1, 2, 2, 4),
            np.float16,
            "data_format 'NCHW_VECT_C' packs 4 int8 channels per element and needs dtype int8, got float16",
        ),
        (
            dict(block_size=2**31),
            (1, 0, 0, 3),
            np.float32,
            "block_size = 2147483648 is too large: the output depth 3 * block_size**2 = "
            "13835058055282163712 exceeds int64",
        ),
    ],
)
def test_space_to_depth_errors(kwargs, shape, dtype, message):
    with raises_exactly(message):
        space_to_depth(np.zeros(shape, dtype=dtype), **kwargs)


def test_space_to_depth_has_no_upper_block_size_bound():
    assert space_to_depth(np.zeros((1, 0, 0, 1)), 46341).shape == (1, 0, 0, 46341**2)


def test_plan_rejects_a_dtype_it_cannot_name():
    with raises_exactly("dtype = 'int9' is not a numpy dtype or dtype name"):
        depth_to_space_view((1, 1, 1, 1, 4), 2, data_format="NCHW_VECT_C", dtype="int9")
    assert math.prod(depth_to_space_view((1, 4, 1, 1, 4), 2, data_format="NCHW_VECT_C").output_shape) == 16
