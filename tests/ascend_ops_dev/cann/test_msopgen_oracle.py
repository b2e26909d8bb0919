"""The generated OpDefs against what CANN 8.1's msOpGen writes for the same prototypes
(ascend_ops_dev/cann/msopgen_oracle.py): every difference is one of the named expectations, each
expectation explains what it says, and an altered spec, OpDef or expectation list fails the check."""
from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_package, msopgen_oracle as oracle
from ascend_ops_dev.cli import main
from ascend_ops_gen.codegen.cpp import ge_dtype
from ascend_ops_gen.spec import AttrType, specs

REPO = Path(__file__).resolve().parents[3]
KERNELS = REPO / "ascend_kernels"
TOOLKIT = REPO.parent / "shared/cann-8.1/toolkit"

pytestmark = pytest.mark.skipif(oracle.msopgen_package(TOOLKIT) is None or shutil.which("g++") is None,
                                reason="needs ../shared/cann-8.1 (msOpGen) and g++")


@pytest.fixture(scope="module")
def ours() -> oracle.OurOpDefs:
    return oracle.our_opdefs(KERNELS, specs())


@pytest.fixture(scope="module")
def report(ours) -> oracle.Report:
    return oracle.check(specs(), TOOLKIT, KERNELS, ours=ours)


def _explained(report: oracle.Report, name: str) -> set[tuple[str, str]]:
    return {(d.op, d.where) for d, e in report.explained if e == name}


def _ge(names) -> tuple[str, ...]:
    return tuple(ge_dtype(n, specs()).removeprefix("ge::") for n in names)


# ---- the package's OpDefs against msOpGen's ------------------------------------------------------

def test_every_difference_is_a_named_expectation_and_every_expectation_explains_one(report):
    assert report.runs == len(specs().kernel_ops()) * (1 + len(specs().products))
    assert report.unexplained == () and report.ambiguous == () and report.stale == ()
    assert report.ok


def test_msopgen_81_lacks_three_socs_of_products_yaml(report):
    # msOpGen writes AddConfig("ascend910_9363") etc. for SoCs its table lacks, in the run with
    # every SoC and in the run of their line.
    table = oracle.soc_table(TOOLKIT)
    missing = sorted(s.name for p in specs().products for s in p.socs if s.name.lower() not in table)
    assert missing == ["Ascend310P2", "Ascend310P4", "Ascend910_9363"]
    lines = {s.name: p.key for p in specs().products for s in p.socs}
    assert {(d.op, d.scope, d.where) for d, e in report.explained if e == "soc-missing-from-msopgen-table"} == {
        (op.op_type, scope, f"AddConfig {soc.lower()}")
        for op in specs().kernel_ops() for soc in missing for scope in (oracle.ALL_LINES, lines[soc])}
    # Every SoC it does know maps to its line's short name, as products.yaml says.
    assert all(table[s.name.lower()] == p.add_config for p in specs().products for s in p.socs
               if s.name.lower() in table)


def test_only_narrowed_lines_differ_in_dtypes_and_only_in_the_run_with_every_soc(report):
    want = set()
    for op in specs().kernel_ops():  # a tensor whose dtype list the line narrows (a custom op's: its column)
        for line in specs().products:
            narrowed, full = op.dtype_columns(line), op.dtype_columns(None)
            want |= {(op.op_type, f"config {line.add_config}: {kind} {t.name}")
                     for kind, tensors in (("input", op.inputs), ("output", op.outputs)) for t in tensors
                     if narrowed[t.name] != full[t.name]}
    assert want and _explained(report, "one-dtype-list-per-opdef") == want
    assert {d.scope for d, e in report.explained if e == "one-dtype-list-per-opdef"} == {oracle.ALL_LINES}


def _list_defaults() -> list:
    """(op, attribute) of every list attribute with a default, of every OpDef: the differences the
    python-list-default expectation explains."""
    return [(op, a) for op in specs().kernel_ops() for a in op.attributes
            if a.type is AttrType.OPTIONAL_INT_LIST
            or (a.type in (AttrType.INT_LIST, AttrType.INT_ROWS) and not a.required)]


def test_the_other_expectations_explain_what_they_name(report):
    ops = specs().kernel_ops()  # the view ops and the gradient ops, each an OpDef
    assert _explained(report, "unknown-shape-format") == {
        (op.op_type, f"{kind} {t.name}: UnknownShapeFormat")
        for op in ops for kind, tensors in (("input", op.inputs), ("output", op.outputs)) for t in tensors}
    assert _explained(report, "python-list-default") == {
        (op.op_type, f"attr {a.name}: default spelling") for op, a in _list_defaults()}
    assert _explained(report, "dynamic-format-flag") == {
        (op.op_type, f"config {p.add_config}: items") for op in ops for p in specs().products}


def test_the_configurations_we_declare_are_cann_s_defaults_but_dynamic_format(ours):
    defaults = dict(ours.config_defaults)
    assert defaults["dynamicFormat.flag"] == "true" and len(defaults) == 6
    for record in ours.records.values():
        assert {c.soc for c in record.configs} == {p.add_config for p in specs().products}
        for config in record.configs:
            assert dict(config.items) == {**defaults, "dynamicFormat.flag": "false"}


def test_msopgen_s_list_default_does_not_compile_on_cann81_s_opbuild_line(tmp_path):
    # What the python-list-default expectation says: msOpGen's own op_host fails 8.1's op_host
    # line at ListInt([]), and compiles once the default is spelt as C++.
    op = next(o for o in specs().ops if any(a.type is AttrType.OPTIONAL_INT_LIST for a in o.attributes))
    generated = oracle.run_msopgen(TOOLKIT, oracle.prototype(op, op.dtypes), (specs().products[0].socs[0].name,))
    line = cann_package.msopgen_op_host_line(TOOLKIT, KERNELS, tmp_path / "cann81")
    (tmp_path / f"{generated.stem}_tiling.h").write_text(generated.tiling_header)
    source = tmp_path / f"{generated.stem}.cpp"

    def compile_(text: str) -> subprocess.CompletedProcess:
        source.write_text(text)
        return subprocess.run(["g++", "-fsyntax-only", *line, str(source)], capture_output=True, text=True)

    assert "ListInt([])" in generated.op_host
    broken = compile_(generated.op_host)
    assert broken.returncode != 0 and "ListInt([])" in broken.stderr, broken.stderr[-2000:]
    fixed = compile_(generated.op_host.replace("ListInt([])", "ListInt({})"))
    assert fixed.returncode == 0, fixed.stderr[-2000:]


# ---- negative controls ---------------------------------------------------------------------------

def _altered(op_name: str, **changes):
    """The spec set with `op_name`'s spec changed: the prototypes msOpGen gets, not our OpDef."""
    spec_set = specs()
    return dataclasses.replace(spec_set, ops=tuple(dataclasses.replace(o, **changes) if o.name == op_name else o
                                                   for o in spec_set.ops))


def test_a_spec_with_a_dtype_dropped_fails_the_comparison(ours):
    # msOpGen runs on prototypes without int16; our OpDef (from the real spec) still has it.
    real = specs().op("depth_to_space")
    spec_set = _altered("depth_to_space", dtypes=tuple(d for d in real.dtypes if d != "int16"))
    result = oracle.check(spec_set, TOOLKIT, KERNELS, ops=["depth_to_space"], ours=ours)
    assert not result.ok
    top = next(d for d in result.unexplained if d.scope == oracle.ALL_LINES and d.where == "input x")
    assert "DT_INT16" in top.ours.dtypes and "DT_INT16" not in top.theirs.dtypes
    holding = [p for p in specs().products if "int16" in real.supported_dtypes(p)]
    assert holding and {(d.scope, d.where) for d in result.unexplained} == {
        (oracle.ALL_LINES, "input x"), (oracle.ALL_LINES, "output y"),
        *((scope, f"config {p.add_config}: {tensor}") for p in holding for scope in (oracle.ALL_LINES, p.key)
          for tensor in ("input x", "output y"))}


def test_a_spec_with_an_attribute_default_changed_fails_the_comparison(ours):
    real = specs().op("space_to_depth")
    spec_set = _altered("space_to_depth", attributes=tuple(
        dataclasses.replace(a, default="NCHW") if a.name == "data_format" else a for a in real.attributes))
    result = oracle.check(spec_set, TOOLKIT, KERNELS, ops=["space_to_depth"], ours=ours)
    assert [(d.where, d.ours, d.theirs) for d in result.unexplained] == [
        ("attr data_format: default", "NHWC", "NCHW")]


def test_an_opdef_whose_configuration_lost_a_dtype_fails_the_comparison(ours):
    # The expectation on narrowed lines does not cover a line whose rule keeps every dtype.
    line = next(p for p in specs().products if p.dtype_rule.kind.name == "ALL")
    record = ours.records["AscendSlice"]
    config = next(c for c in record.configs if c.soc == line.add_config)
    x = config.inputs[0]
    shorter = dataclasses.replace(config, inputs=(dataclasses.replace(x, dtypes=x.dtypes[1:], formats=x.formats[1:]),))
    broken = dataclasses.replace(record, configs=tuple(shorter if c is config else c for c in record.configs))
    altered = oracle.OurOpDefs({**ours.records, "AscendSlice": broken}, ours.config_defaults)
    result = oracle.check(specs(), TOOLKIT, KERNELS, ops=["slice"], ours=altered)
    assert {(d.scope, d.where) for d in result.unexplained} == {
        (oracle.ALL_LINES, f"config {line.add_config}: input x"), (line.key, f"config {line.add_config}: input x")}


def test_an_expectation_that_explains_nothing_fails_the_check(ours):
    never = oracle.Expectation("never", "explains nothing", lambda d, c: False)
    result = oracle.check(specs(), TOOLKIT, KERNELS, ours=ours, expectations=(*oracle.EXPECTATIONS, never))
    assert result.stale == ("never",) and not result.ok
    # Two expectations for one difference are no explanation either.
    twice = dataclasses.replace(oracle.EXPECTATIONS[3], name="python-list-default-again")
    result = oracle.check(specs(), TOOLKIT, KERNELS, ours=ours, expectations=(*oracle.EXPECTATIONS, twice))
    assert [names for _, names in result.ambiguous] == [("python-list-default", "python-list-default-again")] * \
        len(_list_defaults())


# ---- the reader of msOpGen's OpDef ---------------------------------------------------------------

@pytest.fixture(scope="module")
def slice_generated() -> oracle.Generated:
    op = next(o for o in specs().ops if o.name == "slice")
    return oracle.run_msopgen(TOOLKIT, oracle.prototype(op, op.dtypes), ("Ascend910B1", "Ascend310P3"))


def test_the_reader_reads_what_msopgen_wrote(slice_generated, ours):
    record = oracle.parse_opdef(slice_generated.op_host, slice_generated.op_kernel, ours.config_defaults)
    op = next(o for o in specs().ops if o.name == "slice")
    assert record.op_type == op.op_type and [c.soc for c in record.configs] == ["ascend910b", "ascend310p"]
    assert record.inputs == (oracle.ParamDef("x", "REQUIRED", _ge(op.dtypes), ("FORMAT_ND",) * len(op.dtypes),
                                             ("FORMAT_ND",) * len(op.dtypes)),)
    assert [(a.name, a.required, a.kind, a.default) for a in record.attrs] == [
        ("offsets", True, "ListInt", None), ("size", True, "ListInt", None)]
    assert record.kernel == oracle.KernelEntry("ascend_slice", ("x", "y", "workspace", "tiling"))


@pytest.mark.parametrize("edit, message", [
    (('.ParamType(REQUIRED)', '.ParamType(REQUIRED).ValueDepend(OPTIONAL)'), "does not know .ValueDepend"),
    (('this->AICore().AddConfig("ascend910b");', 'this->AICore().AddConfig("ascend910b", config);'),
     "expected a string literal"),
    (('this->Attr("size").ListInt();', 'this->Attr("size").ListListInt();'), "does not know the kind ListListInt"),
    (('this->Attr("size").ListInt();', 'OP_LOGD("size");'), "statement the reader does not know"),
])
def test_the_reader_refuses_what_it_does_not_know(slice_generated, ours, edit, message):
    old, new = edit
    assert old in slice_generated.op_host
    with pytest.raises(oracle.OracleError, match=message):
        oracle.parse_opdef(slice_generated.op_host.replace(old, new, 1), slice_generated.op_kernel,
                           ours.config_defaults)


# ---- from the command line -----------------------------------------------------------------------

def test_check_cann_compares_the_opdefs_of_a_toolkit_with_msopgen(capsys):
    assert main(["check-cann", "--headers", str(TOOLKIT), "--side", "opdef"]) == 0
    out = capsys.readouterr().out
    listing = _list_defaults()
    ops = len({op.name for op, _ in listing})
    assert "0 unexplained" in out and f"expected: python-list-default, x{len(listing)} in {ops} ops" in out
    assert out.rstrip().endswith("the OpDefs agree with msOpGen up to the named expectations")


def test_check_cann_refuses_the_opdef_side_without_msopgen(capsys):
    assert main(["check-cann", "--headers", str(REPO.parent / "shared/cann-headers"), "--side", "opdef"]) == 2
    assert "--side opdef needs a CANN toolkit with msOpGen" in capsys.readouterr().err
