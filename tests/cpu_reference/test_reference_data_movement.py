"""Every op is pure data movement: bit-exact for every fixed-size dtype (integer views compared),
fresh C-contiguous results that share no memory with the input, 0-d stays 0-d."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import cpu_reference
from cpu_reference import OpArgumentError

DTYPES = [
    np.float16,
    np.float32,
    np.float64,
    ml_dtypes.bfloat16,
    ml_dtypes.float8_e4m3fn,
    ml_dtypes.float8_e5m2,
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.bool_,
    np.complex64,
    np.complex128,
]
DTYPE_IDS = [np.dtype(d).name for d in DTYPES]


def word_dtype(dtype) -> np.dtype:
    """The unsigned integer holding one element (or one component of a complex128)."""
    return np.dtype(f"u{min(np.dtype(dtype).itemsize, 8)}")


def bits(a: np.ndarray) -> np.ndarray:
    """Integer view of `a`, one trailing axis of words per element."""
    a = np.ascontiguousarray(a)
    return a.reshape(a.shape + (1,)).view(word_dtype(a.dtype))


def random_bits(shape, dtype, seed=0) -> np.ndarray:
    """Random bit patterns of `dtype`, with -0.0, an all-ones NaN payload and the smallest subnormal."""
    rng = np.random.default_rng(seed)
    count = math.prod(shape) * np.dtype(dtype).itemsize
    raw = rng.integers(0, 256, size=count, dtype=np.uint8)
    if np.dtype(dtype) == np.bool_:
        return (raw & 1).view(np.bool_).reshape(shape)
    words = raw.view(word_dtype(dtype))
    sign_bit = 1 << (8 * words.itemsize - 1)
    words[:3] = [sign_bit, np.iinfo(words.dtype).max, 1]  # -0.0, NaN with payload, subnormal
    return raw.view(dtype).reshape(shape)


def d2s_nhwc_dcr_by_index(x, bs):
    n, h, w, c = x.shape
    oh, ow, oc = np.ogrid[: h * bs, : w * bs, : c // (bs * bs)]
    return x[:, oh // bs, ow // bs, ((oh % bs) * bs + ow % bs) * (c // (bs * bs)) + oc]


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_strided_slice_is_bit_exact(dtype):
    x = random_bits((3, 5, 4), dtype)
    result = cpu_reference.strided_slice(
        x, [0, 1, 0, -1], [0, 2, 0, 0], [-2, 1, 1, -1], begin_mask=1, end_mask=1, new_axis_mask=4, shrink_axis_mask=2
    )
    expected = x[::-2, 1, None, -1:0:-1]
    assert result.dtype == x.dtype and result.shape == expected.shape
    np.testing.assert_array_equal(bits(result), bits(expected))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_slice_is_bit_exact(dtype):
    x = random_bits((4, 6, 5), dtype, seed=1)
    result = cpu_reference.slice(x, [1, -4, 0], [2, -1, 3])
    assert result.dtype == x.dtype
    np.testing.assert_array_equal(bits(result), bits(x[1:3, 2:, 0:3]))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_depth_to_space_and_back_is_bit_exact(dtype):
    x = random_bits((2, 3, 5, 8), dtype, seed=2)
    y = cpu_reference.depth_to_space(x, 2)
    assert y.dtype == x.dtype
    np.testing.assert_array_equal(bits(y), bits(d2s_nhwc_dcr_by_index(x, 2)))
    x = random_bits((2, 4, 6, 8), dtype, seed=3)  # C divisible by 4 in NHWC and NCHW
    for data_format in ("NHWC", "NCHW"):
        for mode in ("DCR", "CRD"):
            y = cpu_reference.depth_to_space(x, 2, data_format=data_format, mode=mode)
            back = cpu_reference.space_to_depth(y, 2, data_format=data_format, mode=mode)
            np.testing.assert_array_equal(bits(back), bits(x))


# --- fresh, contiguous results --------------------------------------------------------------

CALLS = {
    "strided_slice identity": lambda x: cpu_reference.strided_slice(x, [], []),
    "strided_slice reverse": lambda x: cpu_reference.strided_slice(x, [0], [0], [-1], begin_mask=1, end_mask=1),
    "strided_slice index": lambda x: cpu_reference.strided_slice(x, [1], [2], shrink_axis_mask=1),
    "slice whole": lambda x: cpu_reference.slice(x, [0, 0, 0, 0], [-1, -1, -1, -1]),
    "slice row": lambda x: cpu_reference.slice(x, [1, 0, 0, 0], [1, -1, -1, -1]),
    "depth_to_space": lambda x: cpu_reference.depth_to_space(x, 2),
    "space_to_depth": lambda x: cpu_reference.space_to_depth(x, 2, data_format="NCHW"),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "reversed"])
def test_results_are_fresh_and_c_contiguous(call, layout):
    base = np.arange(2 * 4 * 6 * 8, dtype=np.float32).reshape(2, 4, 6, 8)
    x = {
        "contiguous": base,
        "transposed": np.ascontiguousarray(base.transpose(0, 1, 3, 2)).transpose(0, 1, 3, 2),
        "reversed": base[::-1, ::-1].copy()[::-1, ::-1],
    }[layout]
    np.testing.assert_array_equal(x, base)
    x.flags.writeable = False
    result = call(x)
    assert type(result) is np.ndarray
    assert result.flags.c_contiguous and result.flags.owndata and result.flags.writeable
    assert not np.shares_memory(result, x)
    np.testing.assert_array_equal(result, call(base))


def test_zero_dimensional_results_stay_arrays():
    scalar = np.array(7, dtype=np.int16)
    for result in (
        cpu_reference.strided_slice(scalar, [], []),
        cpu_reference.strided_slice(scalar, [0], [0], ellipsis_mask=1),
        cpu_reference.strided_slice(np.arange(4, dtype=np.int16), [2], [3], shrink_axis_mask=1),
        cpu_reference.strided_slice(np.arange(12).reshape(3, 4), [1, 2], [2, 3], shrink_axis_mask=3),
        cpu_reference.slice(scalar, [], []),
    ):
        assert type(result) is np.ndarray and result.ndim == 0
        assert not np.shares_memory(result, scalar)


def test_array_likes_are_accepted():
    np.testing.assert_array_equal(cpu_reference.slice([[1, 2, 3], [4, 5, 6]], [1, 1], [1, -1]), [[5, 6]])
    assert cpu_reference.strided_slice(3.5, [], []).shape == ()


@pytest.mark.parametrize(
    "x",
    [
        np.array(["ab", "c"]),
        np.array([b"ab", b"c"]),
        np.array([1, "a"], dtype=object),
        np.zeros(2, dtype=[("a", np.int32)]),
        np.zeros(2, dtype="V4"),
    ],
    ids=["str", "bytes", "object", "structured", "void"],
)
def test_non_numeric_arrays_are_rejected_by_every_op(x):
    x4 = x.reshape(1, 1, 1, 2)
    message = rf"^x has dtype {np.dtype(x.dtype)!s}: only fixed-size numeric and bool dtypes are supported"
    message = message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)").replace("]", r"\]")
    for call in (
        lambda: cpu_reference.strided_slice(x, [0], [1]),
        lambda: cpu_reference.slice(x, [0], [1]),
        lambda: cpu_reference.depth_to_space(x4, 2),
        lambda: cpu_reference.space_to_depth(x4, 2),
    ):
        with pytest.raises(OpArgumentError, match=message):
            call()


def test_the_error_class_is_a_value_error_defined_once():
    from cpu_reference import errors

    assert cpu_reference.OpArgumentError is errors.OpArgumentError
    assert issubclass(OpArgumentError, ValueError)


def test_importing_the_package_never_imports_torch():
    package_parent = Path(cpu_reference.__file__).resolve().parent.parent
    check = "import sys, cpu_reference; sys.exit(1 if 'torch' in sys.modules else 0)"
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    assert subprocess.run([sys.executable, "-c", check], env=env, cwd=package_parent).returncode == 0
