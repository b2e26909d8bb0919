"""The `bench:` key of an op spec (what `ascend-ops-dev bench` times): parsed into the model, and
every mistake rejected with the line to fix."""
from __future__ import annotations

from pathlib import Path

import pytest

from spec_copy import SpecCopy


@pytest.fixture
def copy(tmp_path: Path) -> SpecCopy:
    return SpecCopy(tmp_path)


def test_bench_key_is_parsed(copy: SpecCopy):
    op = copy.load().op("strided_slice")
    assert [c.key for c in op.bench.classes] == ["slab", "step2", "step3", "reverse"]
    step2 = op.bench.classes[1]
    assert step2.kind == "strided" and step2.input == ("n", 4096)
    assert step2.kwargs["strides"] == (1, 2)
    assert dict(step2.baselines)["numpy"] == "a[:, ::2].copy()"
    assert step2.loc.line == copy.line_of("strided_slice.yaml", "key: step2")
    assert op.bench.tiny.input == (4, 6)


def test_an_op_without_bench_key_is_not_benchmarked(copy: SpecCopy):
    text = copy.path("slice.yaml").read_text(encoding="utf-8")
    copy.path("slice.yaml").write_text(text[:text.index("bench:\n")], encoding="utf-8")
    assert copy.load().op("slice").bench is None


def test_unknown_kind(copy: SpecCopy):
    copy.edit("slice.yaml", "      kind: contiguous\n", "      kind: contiguos\n")
    line = copy.line_of("slice.yaml", "kind: contiguos")
    assert copy.error().startswith(f"op_specs/slice.yaml:{line}: bench class slab: unknown "
                                   f"kind 'contiguos'")


def test_a_baseline_that_is_not_python(copy: SpecCopy):
    copy.edit("slice.yaml", '        torch: "x[1:, 2:62, 8:1032].contiguous()"\n',
              '        torch: "x[1:, 2:62, 8:1032.contiguous()"\n')
    line = copy.line_of("slice.yaml", "torch: \"x[1:")
    message = copy.error()
    assert message.startswith(f"op_specs/slice.yaml:{line}: bench class.baselines: "), message
    assert "is not a Python expression" in message


def test_an_input_dim_that_is_not_python(copy: SpecCopy):
    copy.edit("slice.yaml", "      input: [n + 1, 64, 1040]\n", "      input: [n +, 64, 1040]\n")
    assert "bench class.input: 'n +' is not a Python expression" in copy.error()


def test_an_unknown_argument(copy: SpecCopy):
    copy.edit("slice.yaml", "      args: {offsets: [1, 2, 8], size: [-1, 60, 1024]}\n",
              "      args: {offset: [1, 2, 8], size: [-1, 60, 1024]}\n")
    line = copy.line_of("slice.yaml", "args: {offset: [1, 2, 8]")
    assert copy.error().startswith(f"op_specs/slice.yaml:{line}: bench class slab: unknown "
                                   f"argument 'offset'")


def test_a_missing_required_argument(copy: SpecCopy):
    copy.edit("slice.yaml", "    args: {offsets: [1, 2], size: [2, 3]}\n",
              "    args: {offsets: [1, 2]}\n")
    assert "bench tiny does not give the required argument 'size'" in copy.error()


def test_unknown_key_in_a_class(copy: SpecCopy):
    copy.edit("slice.yaml", "      kind: contiguous\n", "      kind: contiguous\n      knd: x\n")
    assert "unknown key 'knd' in bench class; did you mean 'kind'?" in copy.error()


def test_a_class_declared_twice(copy: SpecCopy):
    copy.edit("strided_slice.yaml", "    - key: step3\n", "    - key: step2\n")
    assert "bench class 'step2' is declared twice" in copy.error()


def test_a_tiny_input_must_be_positive_ints(copy: SpecCopy):
    copy.edit("slice.yaml", "    input: [4, 6]\n", "    input: [4, n]\n")
    assert "bench tiny input must be a list of positive ints, got [4, 'n']" in copy.error()
