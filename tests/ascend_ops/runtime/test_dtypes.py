"""ascend_ops.runtime.dtypes: torch <-> numpy views without copies, bfloat16 and float8 through ml_dtypes,
for every fixed-size dtype."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
import torch

from ascend_ops.runtime.dtypes import from_numpy, numpy_dtype, to_numpy
from ascend_ops_support import EXTRA_DTYPES, SPEC_DTYPES, assert_same_bits, random_tensor, torch_dtype

EXPECTED_NUMPY = {
    "bfloat16": np.dtype(ml_dtypes.bfloat16), "float8_e4m3fn": np.dtype(ml_dtypes.float8_e4m3fn),
    "float8_e5m2": np.dtype(ml_dtypes.float8_e5m2),
}
ALL = SPEC_DTYPES + EXTRA_DTYPES


def _expected_numpy(name: str) -> np.dtype:
    return EXPECTED_NUMPY.get(name) or np.dtype(name)


def _address(a: np.ndarray) -> int:
    return a.__array_interface__["data"][0]


@pytest.mark.parametrize("name", ALL)
def test_numpy_dtype(name):
    assert numpy_dtype(torch_dtype(name)) == _expected_numpy(name)


def test_numpy_dtype_works_on_dtypes_alone_under_fake_tensors():
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        assert numpy_dtype(torch.bfloat16) == np.dtype(ml_dtypes.bfloat16)


def test_numpy_dtype_of_a_dtype_numpy_lacks():
    with pytest.raises(TypeError, match="no fixed-size numpy equivalent"):
        numpy_dtype(torch.quint8)


@pytest.mark.parametrize("name", ALL)
def test_to_numpy_is_a_view_with_the_same_bits(name):
    x = random_tensor((3, 4, 5), torch_dtype(name), seed=1)
    a = to_numpy(x)
    assert a.dtype == _expected_numpy(name)
    assert a.shape == (3, 4, 5)
    assert _address(a) == x.data_ptr()
    assert_same_bits(x, a)


@pytest.mark.parametrize("name", ["float32", "bfloat16", "bool", "uint32"])
def test_to_numpy_keeps_strides(name):
    x = random_tensor((5, 4, 3), torch_dtype(name), seed=2).permute(2, 0, 1)[:, 1:, ::2]
    a = to_numpy(x)
    assert a.strides == tuple(s * x.element_size() for s in x.stride())
    assert _address(a) == x.data_ptr()
    assert_same_bits(x, a)


@pytest.mark.parametrize("name", ALL)
def test_from_numpy_round_trip_shares_memory(name):
    x = random_tensor((4, 3, 5), torch_dtype(name), seed=3)
    a = to_numpy(x)
    back = from_numpy(a)
    assert back.dtype == x.dtype
    assert back.data_ptr() == x.data_ptr()
    assert_same_bits(back, x)


def test_from_numpy_of_an_ml_dtypes_array():
    a = np.array([1.5, -0.0, np.nan, 3.0e38], dtype=ml_dtypes.bfloat16)
    t = from_numpy(a)
    assert t.dtype == torch.bfloat16
    np.testing.assert_array_equal(t.view(torch.int16).numpy(), a.view(np.int16))


def test_to_numpy_resolves_conjugate_and_negative_views():
    z = torch.tensor([1 + 2j, -3 - 4j], dtype=torch.complex64)
    np.testing.assert_array_equal(to_numpy(z.conj()), np.array([1 - 2j, -3 + 4j], np.complex64))
    np.testing.assert_array_equal(to_numpy(z.conj().imag), np.array([-2, 4], np.float32))


def test_to_numpy_detaches():
    x = torch.ones(3, 4, requires_grad=True)
    assert to_numpy(x).shape == (3, 4)
