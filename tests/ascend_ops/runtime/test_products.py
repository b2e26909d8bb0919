"""ascend_ops.runtime.products: product lines, dtype rules per op x product, the product that
binds each device (CPU tensors: target_product > ASCEND_OPS_PRODUCT > none; npu tensors: the NPU's
after the context) and dtype enforcement on every call."""
from __future__ import annotations

import contextlib
import dataclasses
from pathlib import Path

import pytest
import torch
import yaml

import ascend_ops
import cpu_reference
from ascend_ops.cpu import backends, compiled
from ascend_ops.runtime.errors import OpArgumentError, UnsupportedDtypeError
from ascend_ops_gen.spec import specs
from ascend_ops_support import (EXTRA_DTYPES, OP_NAMES, VIEW_OP_NAMES, SPEC_DTYPES, assert_same_bits, case_id,
                                cases, numpy_view, random_tensor, torch_dtype)

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

SPEC_DIR = Path(__file__).resolve().parents[3] / "op_specs"
PRODUCT_KEYS = ("atlas-a3", "atlas-a2", "atlas-training", "atlas-inference", "atlas-200i-500-a2")
ENV = "ASCEND_OPS_PRODUCT"


def _raw(name: str) -> dict:
    return yaml.safe_load((SPEC_DIR / name).read_text(encoding="utf-8"))


def _apply(rule, dtypes: list[str]) -> set[str]:
    if rule == "all":
        return set(dtypes)
    if "exclude" in rule:
        return {d for d in dtypes if d not in rule["exclude"]}
    return {d for d in dtypes if d in rule["only"]}


def expected_dtypes(op: str, key: str) -> set[str]:
    """The spec's rule, read with plain PyYAML: the op's own rule for the product, else the
    product's default rule, applied to the op's dtypes."""
    raw_op = _raw(f"{op}.yaml")
    product_rule = next(p for p in _raw("products.yaml")["products"] if p["key"] == key)
    rule = (raw_op.get("products") or {}).get(key, product_rule.get("dtypes", "all"))
    return _apply(rule, raw_op["dtypes"])


# --- products and product() ---------------------------------------------------------------------

def test_the_five_product_keys():
    assert tuple(p.key for p in ascend_ops.products()) == PRODUCT_KEYS
    assert all(isinstance(p, ascend_ops.Product) for p in ascend_ops.products())


@pytest.mark.parametrize("key", PRODUCT_KEYS)
def test_product_by_key(key):
    p = ascend_ops.product(key)
    assert p.key == key
    assert ascend_ops.product(p) is p
    raw = next(r for r in _raw("products.yaml")["products"] if r["key"] == key)
    assert p.soc_versions == tuple(raw["socs"])
    assert p.title == raw["title"]


@pytest.mark.parametrize("soc, key", [
    ("Ascend910B2", "atlas-a2"), ("Ascend910B4-1", "atlas-a2"), ("Ascend310P3", "atlas-inference"),
    ("Ascend310P1", "atlas-inference"), ("Ascend310B1", "atlas-200i-500-a2"),
    ("Ascend310B4", "atlas-200i-500-a2"), ("Ascend910_9391", "atlas-a3"),
    ("Ascend910_9363", "atlas-a3"), ("Ascend910A", "atlas-training"),
    ("Ascend910PremiumA", "atlas-training"),
])
def test_product_by_soc_name(soc, key):
    assert ascend_ops.product(soc).key == key
    assert soc in ascend_ops.product(soc).soc_versions


def test_soc_names_of_the_design_table():
    assert {f"Ascend910B{i}" for i in range(1, 5)} <= set(ascend_ops.product("atlas-a2").soc_versions)
    assert {f"Ascend310P{i}" for i in (1, 2, 3, 4, 5, 7)} == set(
        ascend_ops.product("atlas-inference").soc_versions)
    assert {f"Ascend310B{i}" for i in range(1, 5)} == set(
        ascend_ops.product("atlas-200i-500-a2").soc_versions)
    assert {"Ascend910A", "Ascend910ProA", "Ascend910ProB", "Ascend910PremiumA"} == set(
        ascend_ops.product("atlas-training").soc_versions)
    assert all(s.startswith("Ascend910_93") for s in ascend_ops.product("atlas-a3").soc_versions)


def test_every_soc_belongs_to_exactly_one_product():
    socs = [s for p in ascend_ops.products() for s in p.soc_versions]
    assert len(socs) == len(set(socs))
    for p in ascend_ops.products():
        for s in p.soc_versions:
            assert ascend_ops.product(s) is p


def test_unknown_product_error_text():
    with pytest.raises(OpArgumentError) as info:
        ascend_ops.product("Ascend999")
    assert str(info.value) == (
        "unknown product 'Ascend999'; known product keys: atlas-a3, atlas-a2, atlas-training, "
        "atlas-inference, atlas-200i-500-a2; or a SoC name such as 'Ascend910_9391' "
        "(`ascend-ops caps` lists them all)")
    assert isinstance(info.value, ValueError)


def test_product_rejects_a_non_string():
    with pytest.raises(OpArgumentError, match="product must be a product key or SoC name"):
        ascend_ops.product(910)


@pytest.mark.parametrize("key", PRODUCT_KEYS)
def test_product_repr_is_one_readable_line(key):
    raw = next(r for r in _raw("products.yaml")["products"] if r["key"] == key)
    expected = f"<Product {key}: {raw['title']}; SoCs {', '.join(raw['socs'])}>"
    assert repr(ascend_ops.product(key)) == expected


def test_product_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ascend_ops.product("atlas-a2").key = "atlas-a4"


@pytest.mark.parametrize("key, dtypes", [
    ("atlas-a3", set(SPEC_DTYPES)), ("atlas-a2", set(SPEC_DTYPES)),
    ("atlas-training", set(SPEC_DTYPES)), ("atlas-inference", set(SPEC_DTYPES) - {"bfloat16"}),
    ("atlas-200i-500-a2", {"float16"}),
])
def test_product_default_dtypes(key, dtypes):
    assert ascend_ops.product(key).dtypes == frozenset(dtypes)


# --- supported_dtypes / is_supported ------------------------------------------------------------

@pytest.mark.parametrize("op", OP_NAMES)
@pytest.mark.parametrize("key", PRODUCT_KEYS)
def test_supported_dtypes_equal_the_spec_rule(op, key):
    got = ascend_ops.supported_dtypes(op, key)
    assert isinstance(got, frozenset)
    assert got == expected_dtypes(op, key)


def test_supported_dtypes_accepts_a_soc_name():
    assert ascend_ops.supported_dtypes("slice", "Ascend310B1") == frozenset({"float16"})
    assert ascend_ops.supported_dtypes("slice", "Ascend310P3") == \
        ascend_ops.supported_dtypes("slice", "atlas-inference")


def test_slice_on_200i_is_float16_only():
    assert ascend_ops.supported_dtypes("slice", "atlas-200i-500-a2") == frozenset({"float16"})


@pytest.mark.parametrize("op", OP_NAMES)
def test_no_bfloat16_on_the_inference_series(op):
    supported = ascend_ops.supported_dtypes(op, "atlas-inference")
    assert "bfloat16" not in supported
    assert supported == set(specs().op(op).dtypes) - {"bfloat16"}
    assert "float16" in supported


@pytest.mark.parametrize("op", OP_NAMES)
def test_all_op_dtypes_on_a2(op):
    assert ascend_ops.supported_dtypes(op, "atlas-a2") == frozenset(_raw(f"{op}.yaml")["dtypes"])


def test_slice_dtypes_are_the_seed_table():
    # ATB's Slice table: float16, float32, int8, bool, int32, uint32, bfloat16 (no int64, uint8, int16).
    assert ascend_ops.supported_dtypes("slice", "atlas-a2") == frozenset(
        {"float16", "float32", "int8", "bool", "int32", "uint32", "bfloat16"})


@pytest.mark.parametrize("op, dtype, key, expected", [
    ("slice", torch.bfloat16, "atlas-inference", False),
    ("slice", "bfloat16", "atlas-inference", False),
    ("slice", torch.bfloat16, "Ascend910B2", True),
    ("slice", "bfloat16", "atlas-a2", True),
    ("slice", torch.int64, "atlas-a2", False),
    ("strided_slice", torch.int64, "atlas-a2", True),
    ("slice", torch.float16, "Ascend310B1", True),
    ("slice", torch.float32, "Ascend310B1", False),
    ("depth_to_space", torch.bool, "atlas-training", True),
    ("space_to_depth", torch.uint32, "atlas-inference", True),
    ("space_to_depth", torch.float64, "atlas-a3", False),
    ("strided_slice", "uint16", "atlas-a3", False),
])
def test_is_supported(op, dtype, key, expected):
    assert ascend_ops.is_supported(op, dtype, key) is expected


def test_unknown_op():
    with pytest.raises(OpArgumentError) as info:
        ascend_ops.supported_dtypes("no_such_op", "atlas-a2")
    message = str(info.value)
    assert message.startswith("unknown op 'no_such_op'; known ops: ")
    assert all(op in message for op in OP_NAMES)


# --- current_product / target_product -----------------------------------------------------------

def test_no_product_by_default():
    assert ascend_ops.current_product() is None


@pytest.mark.parametrize("value, key", [
    ("atlas-inference", "atlas-inference"), ("Ascend310B1", "atlas-200i-500-a2"),
    ("Ascend910_9392", "atlas-a3"), (" atlas-a2 ", "atlas-a2"),
])
def test_product_from_the_environment(monkeypatch, value, key):
    monkeypatch.setenv(ENV, value)
    assert ascend_ops.current_product().key == key


def test_empty_environment_value_means_none(monkeypatch):
    monkeypatch.setenv(ENV, "")
    assert ascend_ops.current_product() is None


def test_bad_environment_value(monkeypatch):
    monkeypatch.setenv(ENV, "Ascend999")
    with pytest.raises(OpArgumentError) as info:
        ascend_ops.current_product()
    message = str(info.value)
    assert message.startswith("ASCEND_OPS_PRODUCT='Ascend999': unknown product 'Ascend999'; ")
    assert "atlas-200i-500-a2" in message
    # A call on the CPU fails the same way, before any data moves.
    with pytest.raises(OpArgumentError, match="ASCEND_OPS_PRODUCT='Ascend999'"):
        ascend_ops.slice(torch.zeros(3, 4), [0, 0], [1, 1])


def test_target_product_overrides_the_environment_and_restores(monkeypatch):
    monkeypatch.setenv(ENV, "atlas-inference")
    with ascend_ops.target_product("Ascend910B2") as p:
        assert p.key == "atlas-a2"
        assert ascend_ops.current_product() is p
        with ascend_ops.target_product("atlas-200i-500-a2"):
            assert ascend_ops.current_product().key == "atlas-200i-500-a2"
        assert ascend_ops.current_product().key == "atlas-a2"
    assert ascend_ops.current_product().key == "atlas-inference"
    monkeypatch.delenv(ENV)
    assert ascend_ops.current_product() is None


def test_target_product_overrides_a_bad_environment_value(monkeypatch):
    monkeypatch.setenv(ENV, "Ascend999")
    with ascend_ops.target_product("atlas-a3"):
        assert ascend_ops.current_product().key == "atlas-a3"


def test_target_product_restores_after_an_exception():
    with pytest.raises(RuntimeError, match="boom"):
        with ascend_ops.target_product("atlas-inference"):
            raise RuntimeError("boom")
    assert ascend_ops.current_product() is None
    with pytest.raises(UnsupportedDtypeError):
        with ascend_ops.target_product("atlas-inference"):
            ascend_ops.slice(torch.zeros(3, 4, dtype=torch.bfloat16), [0, 0], [1, 1])
    assert ascend_ops.current_product() is None


def test_target_product_rejects_an_unknown_name():
    with pytest.raises(OpArgumentError, match="unknown product 'atlas-a4'"):
        with ascend_ops.target_product("atlas-a4"):
            pytest.fail("the block must not run")
    assert ascend_ops.current_product() is None


# --- the device a rule binds (Note [active product]) -----------------------------------------------
# test_device_rules.py runs the same on the simulated npu device, npu tensors included.

class FakeNpuModule:
    """`torch.npu` on a machine with one NPU of SoC `soc` (what npu_product reads)."""

    def __init__(self, soc: str) -> None:
        self.soc = soc

    def is_available(self) -> bool:
        return True

    def get_device_name(self, device=None) -> str:
        return self.soc


@pytest.fixture
def a2_machine(monkeypatch):
    """A machine with an Atlas A2 NPU: torch.npu reports Ascend910B2."""
    monkeypatch.setattr(torch, "npu", FakeNpuModule("Ascend910B2"), raising=False)


def test_an_npus_product_binds_npu_tensors_only(a2_machine, monkeypatch):
    for device in (None, "npu", "npu:0"):
        assert ascend_ops.current_product(device).key == "atlas-a2", device
    for device in ("cpu", "cpu:0", torch.device("cpu"), "meta"):
        assert ascend_ops.current_product(device) is None, device
    monkeypatch.setenv(ENV, "atlas-inference")  # chosen on purpose: binds CPU tensors
    assert ascend_ops.current_product("cpu").key == "atlas-inference"
    assert ascend_ops.current_product("npu").key == "atlas-a2"  # the device comes before the variable
    with ascend_ops.target_product("atlas-a3"):  # the context binds both
        assert ascend_ops.current_product("cpu").key == ascend_ops.current_product("npu").key == "atlas-a3"


def test_without_an_npu_npu_calls_obey_the_environment(monkeypatch):
    monkeypatch.setenv(ENV, "Ascend310P3")
    assert ascend_ops.current_product("npu").key == ascend_ops.current_product().key == "atlas-inference"


@pytest.mark.parametrize("device", ["nup", "", 0, object()])
def test_current_product_refuses_a_bad_device(device):
    with pytest.raises(OpArgumentError) as info:
        ascend_ops.current_product(device)
    assert str(info.value) == (f"device must be a torch.device or a device name such as 'cpu' or "
                               f"'npu', got {type(device).__name__} {device!r}")


@pytest.mark.parametrize("fast", [True, False], ids=["fast_path", "python_kernel"])
@pytest.mark.parametrize("backend", backends.BACKENDS)
def test_readmes_first_example_runs_on_an_npu_machine(a2_machine, backend, fast):
    """int64, which atlas-a2's slice lacks, on the CPU with no product chosen."""
    if fast and not compiled.fast_path_active():
        pytest.skip(f"the compiled fast path is {compiled.unavailable_reason()}")
    x = torch.arange(12).reshape(3, 4)
    with ascend_ops.use_backend(backend), (compiled.switched(False) if not fast and compiled.fast_path_active()
                                           else contextlib.nullcontext()):
        assert ascend_ops.slice(x, [1, 1], [2, 2]).tolist() == [[5, 6], [9, 10]]
        with ascend_ops.target_product("atlas-a2"), pytest.raises(UnsupportedDtypeError,
                                                                 match="slice does not support int64 on atlas-a2 "):
            ascend_ops.slice(x, [1, 1], [2, 2])


# --- enforcement --------------------------------------------------------------------------------

class _DataMoves:
    """The calls that moved data: those of a Python CPU executor (each asks `current_backend`),
    then those the compiled fast path's C++ kernel copied itself; compares as a list of 1s."""

    def __init__(self):
        self.python: list[int] = []
        self.fast_start = compiled.counts()[0]

    def _all(self) -> list[int]:
        return self.python + [1] * (compiled.counts()[0] - self.fast_start)

    def __eq__(self, other: object) -> bool:
        return self._all() == other

    def __repr__(self) -> str:
        return repr(self._all())


@pytest.fixture
def cpu_calls(monkeypatch):
    """Counts how often a CPU executor is asked to move data."""
    calls = _DataMoves()
    real = backends.current_backend

    def spy():
        calls.python.append(1)
        return real()
    monkeypatch.setattr(backends, "current_backend", spy)
    return calls


def _assert_names(message: str, op: str, dtype: str, key: str, supported: set[str]) -> None:
    assert op in message and dtype in message and key in message
    supported_part = message.split("supported there:")[-1]
    assert "supported there:" in message
    assert {d.strip() for d in supported_part.split(",")} == supported


def test_bfloat16_slice_on_the_inference_series_raises(cpu_calls):
    x = random_tensor((3, 4, 5), torch.bfloat16)
    before = x.clone()
    with ascend_ops.target_product("atlas-inference"):
        with pytest.raises(UnsupportedDtypeError) as info:
            ascend_ops.slice(x, [0, 1, 2], [2, -1, 3])
        with pytest.raises(UnsupportedDtypeError):
            torch.ops.ascend_ops.slice(x, [0, 1, 2], [2, -1, 3])
    assert isinstance(info.value, TypeError)
    _assert_names(str(info.value), "slice", "bfloat16", "atlas-inference",
                  set(_raw("slice.yaml")["dtypes"]) - {"bfloat16"})
    assert cpu_calls == []  # nothing was computed
    assert_same_bits(x, before)
    ascend_ops.slice(x, [0, 1, 2], [2, -1, 3])  # no product: the same call runs
    assert cpu_calls == [1]


def test_int32_slice_under_the_environment_product_raises(monkeypatch, cpu_calls):
    monkeypatch.setenv(ENV, "Ascend310B1")
    x = torch.arange(60, dtype=torch.int32).reshape(3, 4, 5)
    with pytest.raises(UnsupportedDtypeError) as info:
        ascend_ops.slice(x, [0, 1, 2], [2, -1, 3])
    _assert_names(str(info.value), "slice", "int32", "atlas-200i-500-a2", {"float16"})
    assert cpu_calls == []
    ascend_ops.slice(x.half(), [0, 1, 2], [2, -1, 3])  # float16 is supported there
    assert cpu_calls == [1]


@pytest.mark.parametrize("case", cases(int8_only=False), ids=case_id)
def test_every_op_enforces_the_rule(case, cpu_calls):
    """On the narrowest line that leaves out a dtype of its spec (200I/500 A2 first: float32 for the
    shipped ops, which keep float16 only there), each op refuses that dtype and takes one it keeps."""
    spec = specs().op(case.op)
    line, refused = next((p.key, d) for p in reversed(specs().products) for d in spec.dtypes
                         if d not in ascend_ops.supported_dtypes(case.op, p.key))
    accepted = next(d for d in spec.dtypes if d in ascend_ops.supported_dtypes(case.op, line))
    x = random_tensor(case.shape, torch_dtype(refused))
    with ascend_ops.target_product(line):
        with pytest.raises(UnsupportedDtypeError, match=f"{case.op} does not support {refused}"):
            getattr(ascend_ops, case.op)(x, *case.args, **case.kwargs)
        getattr(ascend_ops, case.op)(x.to(torch_dtype(accepted)), *case.args, **case.kwargs)
    assert cpu_calls == [1]


def test_fake_kernel_enforces_the_rule():
    """torch.compile traces through the fake kernel: the rule holds there too."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        x = torch.empty(3, 4, 5, dtype=torch.bfloat16)
        with ascend_ops.target_product("atlas-inference"):
            with pytest.raises(UnsupportedDtypeError):
                torch.ops.ascend_ops.slice(x, [0, 1, 2], [2, -1, 3])
        assert torch.ops.ascend_ops.slice(x, [0, 1, 2], [2, -1, 3]).shape == (2, 3, 3)


@pytest.mark.parametrize("name", EXTRA_DTYPES)
@pytest.mark.parametrize("case", [cases(op)[0] for op in VIEW_OP_NAMES], ids=case_id)
def test_with_no_product_every_fixed_size_dtype_works(case, name):
    """float64, uint16, uint64, complex, float8 are in no spec, yet the CPU path moves them
    bit for bit when no product is active (the spec dtypes: test_torch_ops). (A custom op's math
    takes its spec's dtypes only.)"""
    dtype = torch_dtype(name)
    assert name not in SPEC_DTYPES
    x = random_tensor(case.shape, dtype, seed=7)
    y = getattr(ascend_ops, case.op)(x, *case.args, **case.kwargs)
    assert y.dtype == dtype
    expected = getattr(cpu_reference, case.op)(numpy_view(x), *case.args, **case.kwargs)
    assert_same_bits(y, expected)


@pytest.mark.parametrize("name", ["float64", "uint16", "complex64"])
def test_dtypes_outside_the_spec_are_rejected_under_any_product(name):
    x = random_tensor((3, 4, 5), torch_dtype(name))
    for key in PRODUCT_KEYS:
        with ascend_ops.target_product(key):
            with pytest.raises(UnsupportedDtypeError, match=f"slice does not support {name}"):
                ascend_ops.slice(x, [0, 0, 0], [1, 1, 1])
