"""The spec keys' documentation held to the loader: every key the loader of an <op>.yaml takes
(a literal `take`, `take_int` or `take_section` in ascend_ops_gen/spec/), every `tiling:` source
and every attribute type is written in op_specs/README.md's <op>.yaml section, and the custom ops
part of docs/adding-an-op.md names every tiling source, every attribute type and the attribute
keys of custom ops. A key the docs lack is reported by name (the negative controls)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from ascend_ops_gen.spec import AttrType, TilingSource

ROOT = Path(__file__).resolve().parents[3]
SPEC_MODULES = ("loader.py", "custom_keys.py", "corpus_keys.py", "bench_keys.py", "export_keys.py", "fields.py")
_TAKES = ("take", "take_int", "take_section")


def loader_keys() -> set[str]:
    """The keys the op spec loader takes by name, the tiling sources (taken by their enum value)."""
    keys = {source.value for source in TilingSource}
    for module in SPEC_MODULES:
        tree = ast.parse((ROOT / "python/ascend_ops_gen/spec" / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _TAKES \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                keys.add(node.args[0].value)
    return keys


def op_spec_section() -> str:
    text = (ROOT / "op_specs/README.md").read_text(encoding="utf-8")
    return text[text.index("## &lt;op&gt;.yaml"):]


def custom_ops_section() -> str:
    text = (ROOT / "docs/adding-an-op.md").read_text(encoding="utf-8")
    return text[text.index("## Custom ops"):text.index("## Verifying an op")]


def sources_table(text: str) -> str:
    """The first column of adding-an-op's table of what the kernel sees of each tiling source."""
    rows = []
    for line in text[text.index("| source | the kernel sees"):].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1])
    return "\n".join(rows)


def missing_sources(table: str) -> list[str]:
    return [s.value for s in TilingSource if f"`{s.value}:" not in table]


def undocumented(keys, text: str) -> list[str]:
    """The keys no `code span` of `text` names as a whole word."""
    spans = re.findall(r"`([^`]+)`", text)
    return sorted(k for k in keys if not any(re.search(rf"(?<![\w]){re.escape(k)}(?![\w])", s) for s in spans))


def _row(text: str, key: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| `{key}`"))


def test_the_spec_readme_names_every_key_the_loader_takes():
    keys = loader_keys()
    assert {"inner", "value_of", "shape", "attribute", "elements_after", "max_rank"} <= keys
    assert undocumented(keys, op_spec_section()) == []


def test_the_spec_readme_gives_every_attribute_type_and_tiling_source_in_its_row():
    section = op_spec_section()
    assert undocumented([t.value for t in AttrType], _row(section, "attributes[].type")) == []
    tiling = _row(section, "tiling")
    assert [s.value for s in TilingSource if f"`{s.value}:" not in tiling] == []


def test_adding_an_op_names_every_tiling_source_and_attribute_type_of_custom_ops():
    section = custom_ops_section()
    assert missing_sources(sources_table(section)) == []
    assert undocumented([AttrType.FLOAT.value, AttrType.INT_ROWS.value, "inner", "value_of"], section) == []


def test_a_key_the_docs_lack_is_reported():
    """Negative controls: the README without the code spans that name `inner`, adding-an-op
    without its `shape:` row."""
    section = op_spec_section()
    without = re.sub(r"`[^`]*\binner\b[^`]*`", "", section)
    assert undocumented(loader_keys(), without) == ["inner"]
    custom = custom_ops_section()
    shape_row = next(line for line in custom.splitlines() if line.startswith("| `shape: <tensor>`"))
    assert missing_sources(sources_table(custom.replace(shape_row + "\n", ""))) == ["shape"]
    assert undocumented(["a_key_no_doc_names"], section) == ["a_key_no_doc_names"]
