"""Bad input gets a clear error and nothing else happens, the same on every path.

The table crosses every op x attribute x junk value of the attribute's spec type, on the inputs of
the op's first worked example (a custom op's several inputs too). For each call cpu_reference is
asked first: it must reject the call, and then `ascend_ops.<op>` and `torch.ops.ascend_ops.<op>`
on every CPU backend must reject it with the same exception class and the reference's message
(prefixed with the op's name).
"""
from __future__ import annotations

import contextvars
import importlib
import re
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops import OpArgumentError, OpTypeError
from ascend_ops_gen.spec import AttrType, specs
from ascend_ops_support import JUNK, OF_THE_TYPE, example_tensors

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

reference_slice_module = importlib.import_module("cpu_reference.slice")

ROOT = Path(__file__).resolve().parents[2]
BACKENDS = ("native", "reference", "sim")

def _cases():
    for op in specs().ops:
        example = op.examples[0]
        for attr in op.attributes:
            for i, junk in enumerate(JUNK[attr.type]):
                yield pytest.param(op.name, example, attr, junk,
                                   id=f"{op.name}-{attr.name}-{i}-{type(junk).__name__}")


def _reference_error(op_name, inputs, kwargs) -> Exception:
    arrays = [None if t is None else t.numpy() for t in inputs]
    with pytest.raises(OpArgumentError) as info:
        getattr(cpu_reference, op_name)(*arrays, **kwargs)
    return info.value


def test_every_attribute_type_has_junk():
    assert set(JUNK) == set(OF_THE_TYPE) == set(AttrType)


@pytest.mark.parametrize("op_name, example, attr, junk", list(_cases()))
def test_every_path_rejects_junk_like_the_reference(op_name, example, attr, junk):
    name = attr.name
    inputs = example_tensors(op_name, example)
    kwargs = {**example.kwargs, name: junk}
    expected = _reference_error(op_name, inputs, kwargs)
    # A value of the right type that breaks a rule is a ValueError only; a wrong type a TypeError.
    assert isinstance(expected, TypeError) != OF_THE_TYPE[attr.type](junk), (junk, expected)
    assert name in str(expected)
    for backend in BACKENDS:
        with ascend_ops.use_backend(backend):
            for fn in (getattr(ascend_ops, op_name), getattr(torch.ops.ascend_ops, op_name)):
                with pytest.raises(type(expected)) as info:
                    fn(*inputs, **kwargs)
                assert str(info.value) == f"{op_name}: {expected}", backend


@pytest.mark.parametrize("op_name", [op.name for op in specs().ops])
def test_a_non_tensor_input_is_a_type_error(op_name):
    op = specs().op(op_name)
    example = op.examples[0]
    arrays = [None if t is None else t.numpy() for t in example_tensors(op_name, example)]
    first = op.inputs[0].name
    with pytest.raises(OpTypeError, match=rf"{op_name}: {first} must be a torch.Tensor, got ndarray; "
                                          rf"for numpy arrays use cpu_reference.{op_name}"):
        getattr(ascend_ops, op_name)(*arrays, **example.kwargs)


def test_missing_and_unknown_arguments_are_type_errors_naming_the_signature():
    with pytest.raises(TypeError, match=r"^slice\(x, offsets, size\): missing a required"):
        torch.ops.ascend_ops.slice(torch.zeros(2), [0])
    with pytest.raises(TypeError, match=r"unknown keyword argument 'blocksize' \(did you mean 'block_size'\?\)$"):
        ascend_ops.depth_to_space(torch.zeros(1, 1, 1, 4), 2, blocksize=2)


def test_an_unknown_keyword_is_named_before_the_argument_it_leaves_missing():
    for call in (ascend_ops.depth_to_space, torch.ops.ascend_ops.depth_to_space):
        with pytest.raises(TypeError, match=r"^depth_to_space\(.*\): unknown keyword arguments 'blocksize' "
                                            r"\(did you mean 'block_size'\?\); 'zzz'$"):
            call(torch.zeros(1, 1, 1, 4), blocksize=2, zzz=1)


def test_numpy_integers_are_ints_on_every_path():
    x = torch.arange(24).reshape(4, 6)
    want = x[np.int64(1):3, ::2]
    for backend in BACKENDS:
        with ascend_ops.use_backend(backend):
            got = ascend_ops.strided_slice(x, np.array([1, 0]), (np.int32(3), 6), [1, np.int8(2)])
            assert torch.equal(got, want)


# --- rank limits ----------------------------------------------------------------------------------

def test_one_rank_limit_per_op_from_the_spec_on_every_path():
    op = specs().op("slice")
    assert op.max_rank == reference_slice_module.MAX_RANK == 8
    x = torch.zeros((1,) * (op.max_rank + 1))
    rule = f"x has {op.max_rank + 1} dimensions: at most {op.max_rank} are supported"
    with pytest.raises(OpArgumentError, match=rule):
        cpu_reference.slice(x.numpy(), [0] * x.dim(), [1] * x.dim())
    for backend in BACKENDS:
        with ascend_ops.use_backend(backend), pytest.raises(OpArgumentError, match=rule):
            ascend_ops.slice(x, [0] * x.dim(), [1] * x.dim())
    # The fake kernel (what torch.compile traces) refuses it too.
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode(), pytest.raises(OpArgumentError, match=rule):
        torch.ops.ascend_ops.slice(torch.zeros(x.shape), [0] * x.dim(), [1] * x.dim())
    assert ascend_ops.slice(torch.zeros((1,) * op.max_rank), [0] * 8, [1] * 8).shape == (1,) * 8


def test_result_rank_limit_on_every_path_and_the_fake_kernel():
    x = torch.zeros((1,) * 34)
    args = ([0] * 31, [0] * 31)
    kwargs = dict(new_axis_mask=2**31 - 1)  # 31 new axes + 34 dims = 65 > 64
    rule = "the result has 65 dimensions: at most 64 are supported"
    with pytest.raises(OpArgumentError, match=rule):
        cpu_reference.strided_slice(x.numpy(), *args, **kwargs)
    for backend in BACKENDS:
        with ascend_ops.use_backend(backend), pytest.raises(OpArgumentError, match=rule):
            ascend_ops.strided_slice(x, *args, **kwargs)
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode(), pytest.raises(OpArgumentError, match=rule):
        torch.ops.ascend_ops.strided_slice(torch.zeros(x.shape), *args, **kwargs)
    # One dimension fewer is fine.
    assert ascend_ops.strided_slice(torch.zeros((1,) * 33), *args, **kwargs).dim() == 64


@pytest.mark.parametrize("backend", BACKENDS)
def test_input_rank_and_size_beyond_numpy(backend):
    with ascend_ops.use_backend(backend):
        with pytest.raises(OpArgumentError, match="x has 65 dimensions: at most 64 are supported"):
            ascend_ops.strided_slice(torch.zeros((1,) * 65), [0], [1])
        huge = torch.zeros(1).expand(2**61)  # 2**63 nominal bytes, 4 real ones
        with pytest.raises(OpArgumentError, match=r"slice: x spans 9223372036854775808 bytes"):
            ascend_ops.slice(huge, [0], [1])


def test_the_engine_keeps_numpys_rank_limit():
    """The C++ engine's view rank is numpy's, as the reference's (each op's own limits are
    generated from its spec: tests/ascend_ops_gen/test_limits.py)."""
    view_dims = (ROOT / "ascend_kernels/common/strided_view.h").read_text()
    from cpu_reference import arguments as _arguments
    found = re.search(r"constexpr int32_t kMaxViewDims = (\d+);", view_dims)
    assert found and int(found.group(1)) == _arguments.MAX_RANK == 64


# --- dtypes ---------------------------------------------------------------------------------------

UNMOVABLE = [torch.complex32, torch.uint1, torch.int4, torch.bits8]


@pytest.mark.parametrize("dtype", UNMOVABLE, ids=str)
@pytest.mark.parametrize("backend", BACKENDS)
def test_dtypes_no_path_can_move_are_a_clear_type_error(dtype, backend):
    x = torch.zeros(4 * dtype.itemsize, dtype=torch.uint8).view(dtype)
    with ascend_ops.use_backend(backend), pytest.raises(
            OpTypeError, match=rf"slice: x has dtype {re.escape(str(dtype))}, which ascend_ops cannot move"):
        ascend_ops.slice(x, [0], [2])


@pytest.mark.parametrize("dtype", [getattr(torch, name) for name in (
    "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu", "float64", "uint16", "uint64",
    "complex64", "complex128") if hasattr(torch, name)], ids=str)  # float8_e8m0fnu: torch >= 2.7
def test_with_no_product_every_backend_moves_every_fixed_size_dtype(dtype):
    raw = torch.randint(0, 256, (4 * 6 * dtype.itemsize,), dtype=torch.uint8,
                        generator=torch.Generator().manual_seed(3))
    x = raw.view(dtype).reshape(4, 6)
    want = torch.from_numpy(np.ascontiguousarray(
        raw.numpy().reshape(4, 6, dtype.itemsize)[1:3, 5::-2])).reshape(-1)
    block = torch.from_numpy(np.ascontiguousarray(
        raw.numpy().reshape(4, 6, dtype.itemsize)[1:3, 2:5])).reshape(-1)
    for backend in BACKENDS:
        with ascend_ops.use_backend(backend):
            got = ascend_ops.strided_slice(x, [1, 5], [3, 0], [1, -2], end_mask=2)
            assert got.dtype == dtype
            assert torch.equal(got.reshape(-1).view(torch.uint8), want), backend
            got = ascend_ops.slice(x, [1, 2], [2, 3])  # slice has no dtype of 8 bytes at all
            assert got.dtype == dtype
            assert torch.equal(got.reshape(-1).view(torch.uint8), block), backend


def test_is_supported_refuses_a_name_that_is_no_dtype():
    with pytest.raises(OpArgumentError, match="dtype 'float99' is not a dtype name"):
        ascend_ops.is_supported("slice", "float99", "atlas-a2")
    assert ascend_ops.is_supported("slice", "float64", "atlas-a2") is False
    assert ascend_ops.is_supported("slice", torch.float16, "atlas-a2") is True


# --- products -------------------------------------------------------------------------------------

@pytest.mark.parametrize("family, key", [("Ascend910B", "atlas-a2"), ("ascend910b", "atlas-a2"),
                                         ("Ascend310P", "atlas-inference"),
                                         ("Ascend310B", "atlas-200i-500-a2"),
                                         ("Ascend910_93", "atlas-a3")])
def test_a_family_name_that_names_one_product_line(family, key):
    assert ascend_ops.product(family).key == key
    with ascend_ops.target_product(family) as p:
        assert p.key == key


def test_an_ambiguous_family_name_lists_its_socs():
    with pytest.raises(OpArgumentError) as info:
        ascend_ops.product("Ascend910")
    message = str(info.value)
    assert message.startswith("product 'Ascend910' is ambiguous: it is the start of SoC names of "
                              "3 product lines (atlas-a3: Ascend910_9391")
    for key in ("atlas-a3", "atlas-a2", "atlas-training"):
        for soc in ascend_ops.product(key).soc_versions:
            assert soc in message


# --- threads --------------------------------------------------------------------------------------

def test_context_choices_hold_per_thread_and_travel_with_copy_context(monkeypatch):
    monkeypatch.delenv("ASCEND_OPS_BACKEND", raising=False)
    monkeypatch.delenv("ASCEND_OPS_PRODUCT", raising=False)
    seen = {}

    def record(tag):
        seen[tag] = (ascend_ops.current_backend(), ascend_ops.current_product())

    with ascend_ops.use_backend("reference"), ascend_ops.target_product("atlas-inference"):
        plain = threading.Thread(target=record, args=("plain",))
        plain.start(), plain.join()
        carried = threading.Thread(target=contextvars.copy_context().run, args=(record, "carried"))
        carried.start(), carried.join()
    assert seen["plain"][0] != "reference" and seen["plain"][1] is None
    assert seen["carried"] == ("reference", ascend_ops.product("atlas-inference"))


# --- memory: validate before touching data; backward without an input-sized index ---------------

def _maxrss_growth_mib(code: str) -> float:
    script = ("import resource, torch, ascend_ops\n"
              "def rss(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
              + code)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, env={**__import__("os").environ,
                                          "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"})
    return float(out.stdout.strip().splitlines()[-1])


def test_sim_backend_rejects_before_copying_an_expanded_input():
    growth = _maxrss_growth_mib(
        "x = torch.zeros(1).expand(2**28)  # 1 GiB if made contiguous\n"
        "before = rss()\n"
        "with ascend_ops.use_backend('sim'):\n"
        "    try: ascend_ops.strided_slice(x, [0], [1], [0])\n"
        "    except ascend_ops.OpArgumentError as e: assert 'strides[0] must be non-zero' in str(e)\n"
        "    else: raise SystemExit('accepted')\n"
        "print(rss() - before)\n")
    assert growth < 256, f"maxrss grew by {growth:.0f} MiB: the input was copied before the check"


def test_sim_backend_refuses_to_copy_a_huge_view(monkeypatch):
    x = torch.zeros(1, dtype=torch.int16).expand(65539, 65541)  # 8.6 GB if made contiguous
    with ascend_ops.use_backend("sim"), pytest.raises(OpArgumentError, match=re.escape(
            "x is a non-contiguous view of 8590983198 bytes: the sim backend copies its input "
            "whole into simulated GM and copies at most 2147483648 bytes (ASCEND_OPS_SIM_MAX_COPY_BYTES)")):
        ascend_ops.slice(x, [0, 0], [1, 1])
    monkeypatch.setenv("ASCEND_OPS_SIM_MAX_COPY_BYTES", "16")
    small = torch.arange(6, dtype=torch.int16).reshape(2, 3).t()  # 12 bytes, non-contiguous
    with ascend_ops.use_backend("sim"):
        assert torch.equal(ascend_ops.slice(small, [1, 0], [2, 2]), small[1:3, 0:2])
        with pytest.raises(OpArgumentError, match="copies at most 16 bytes"):
            ascend_ops.slice(small.expand(2, 3, 2), [0, 0, 0], [1, 1, 1])


def test_slice_backward_allocates_only_the_gradient():
    growth = _maxrss_growth_mib(
        "x = torch.zeros(2**25, requires_grad=True)  # 128 MiB\n"
        "ascend_ops.slice(torch.zeros(8, requires_grad=True), [0], [5]).sum().backward()\n"
        "before = rss()\n"
        "ascend_ops.slice(x, [3], [5]).sum().backward()\n"
        "assert x.grad[3:8].eq(1).all() and x.grad.sum() == 5\n"
        "print(rss() - before)\n")
    # The gradient itself is 128 MiB; an int64 position per input element would add 256 MiB more.
    assert growth < 1.25 * 128, f"maxrss grew by {growth:.0f} MiB"


@pytest.mark.parametrize("name", ["OpArgumentError", "OpTypeError", "UnsupportedDtypeError",
                                  "SpecError"])
def test_errors_are_shown_and_pickled_by_their_public_name(name):
    import pickle
    import traceback

    cls = getattr(ascend_ops, name)
    error = cls("the rule")
    assert traceback.format_exception_only(error) == [f"ascend_ops.{name}: the rule\n"]
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls and again.args == ("the rule",)
