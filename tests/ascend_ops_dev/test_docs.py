"""docs/ops/: generated from op_specs/ by `ascend-ops-dev docs`, current, and showing what the
reference computes; a spec edit makes `--check` fail."""
from __future__ import annotations

import doctest
import re
import shutil

import numpy as np
import pytest

import cpu_reference
from ascend_ops_dev import docs
from ascend_ops_dev.cli import main
from ascend_ops.runtime.dtypes import to_numpy
from ascend_ops.tools.examples import example_input, example_inputs
from ascend_ops_gen.spec import project_root, specs

ROOT = project_root()
PAGES = [ROOT / "docs" / "ops" / f"{op.name}.md" for op in specs().ops]


def test_docs_are_current(capsys):
    assert main(["docs", "--check"]) == 0, capsys.readouterr().err
    assert sorted(p.name for p in (ROOT / "docs" / "ops").iterdir()) == sorted(
        ["README.md", *(p.name for p in PAGES)])


def test_every_page_has_its_header_and_sections():
    for op, page in zip(specs().ops, PAGES):
        text = page.read_text(encoding="utf-8")
        assert text.startswith(f"<!-- @generated from {op.file} by ascend-ops-dev docs; do not edit -->\n")
        for section in ("## Description", "## Parameters", "## Product support", "## Examples",
                        "## Errors"):
            assert f"\n{section}\n" in text, (page.name, section)
        for p in specs().products:
            assert p.doc_title in text


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_examples_run_as_doctests(page):
    """Each example block runs through `ascend_ops` and prints what the page says."""
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    op = specs().op(page.stem)
    # the import, then per example: its inputs, the call, its shape, its values
    assert result.attempted == 1 + sum(len(_inputs(op, ex)) + 3 for ex in op.examples)
    assert result.failed == 0


def _inputs(op, ex) -> list:
    """An example's input tensors (a view op's one, a custom op's each)."""
    return example_inputs(op, ex) if op.is_custom else [example_input(ex.input, ex.dtype)]


def _block(text: str, heading: str) -> str:
    start = text.index(f"\n### {heading}\n")
    return text[start:text.index("```\n", text.index("```python", start)) + 4]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_example_outputs_are_the_reference_results(page):
    op = specs().op(page.stem)
    text = page.read_text(encoding="utf-8")
    out = op.outputs[0].name if op.is_custom else "y"
    for ex in op.examples:
        expected = getattr(cpu_reference, op.name)(*(to_numpy(x) for x in _inputs(op, ex)), **ex.kwargs)
        expected = expected[0] if isinstance(expected, tuple) else np.asarray(expected)
        block = _block(text, ex.name)
        assert f"torch.Size({list(expected.shape)})" in block
        listed = re.search(rf">>> {out}(?:\.flatten\(\)\[:8\])?\.tolist\(\).*?\n(.*?)\n```", block, re.S)
        values = expected if expected.size <= docs.MAX_LISTED_VALUES else expected.reshape(-1)[:8]
        assert " ".join(listed.group(1).split()) == repr(docs._values(values))


def test_error_messages_are_the_reference_messages():
    for op, page in zip(specs().ops, PAGES):
        text = page.read_text(encoding="utf-8")
        for er in op.errors:
            row = next(line for line in text.splitlines() if line.startswith(f"| {er.name} |"))
            assert er.message.replace("|", "\\|") in row


def _checkout_copy(tmp_path):
    shutil.copytree(ROOT / "op_specs", tmp_path / "op_specs")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    return tmp_path / "op_specs", tmp_path / "docs"


def test_a_spec_edit_makes_check_fail_until_regenerated(tmp_path, capsys):
    spec_dir, docs_dir = _checkout_copy(tmp_path)
    args = ["--specs", str(spec_dir), "--out", str(docs_dir)]
    assert main(["docs", "--check", *args]) == 0
    spec = spec_dir / "slice.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace(
        "summary: Extract a slice", "summary: Cut out a slice"), encoding="utf-8")
    capsys.readouterr()
    assert main(["docs", "--check", *args]) == 1
    err = capsys.readouterr().err
    assert "stale:   docs/ops/slice.md" in err
    assert "strided_slice.md" not in err
    assert main(["docs", *args]) == 0
    assert "Cut out a slice" in (docs_dir / "ops" / "slice.md").read_text(encoding="utf-8")
    assert main(["docs", "--check", *args]) == 0


def test_check_names_missing_and_extra_pages(tmp_path, capsys):
    spec_dir, docs_dir = _checkout_copy(tmp_path)
    (docs_dir / "ops" / "slice.md").unlink()
    (docs_dir / "ops" / "notes.md").write_text("hand-written\n", encoding="utf-8")
    (docs_dir / "ops" / "old_op.md").write_text(docs.header("op_specs/old_op.yaml") + "\n",
                                                encoding="utf-8")
    assert main(["docs", "--check", "--specs", str(spec_dir), "--out", str(docs_dir)]) == 1
    err = capsys.readouterr().err
    assert "missing: docs/ops/slice.md" in err
    assert "extra:   docs/ops/notes.md (not generated" in err
    assert "extra:   docs/ops/old_op.md (generated, but op_specs/ no longer produces it)" in err


def test_a_spec_example_the_reference_contradicts_is_a_located_error(tmp_path, capsys):
    spec_dir, docs_dir = _checkout_copy(tmp_path)
    spec = spec_dir / "slice.yaml"
    text = spec.read_text(encoding="utf-8")
    spec.write_text(text.replace("output: [[[25, 26, 27]", "output: [[[25, 26, 99]"),
                    encoding="utf-8")
    assert main(["docs", "--specs", str(spec_dir), "--out", str(docs_dir)]) == 2
    err = capsys.readouterr().err
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "name: to_the_end" in l)
    assert f"op_specs/slice.yaml:{line}: example 'to_the_end' declares output" in err


def test_an_installed_package_writes_docs_only_where_told(tmp_path, monkeypatch, capsys):
    import ascend_ops_gen.spec

    monkeypatch.setattr(ascend_ops_gen.spec, "running_from_checkout", lambda: False)
    assert main(["docs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascend-ops-dev docs: error: this ascend-ops is an installed package") and \
        err.count("\n") == 1 and "--out DIR" in err
    assert main(["docs", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in (tmp_path / "ops").iterdir()) == sorted(
        ["README.md"] + [f"{op.name}.md" for op in specs().ops])
