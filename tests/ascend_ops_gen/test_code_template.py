"""The `$var` template engine (ascend_ops_gen/codegen/code_template.py)."""
import pytest

from ascend_ops_gen.codegen.code_template import CodeTemplate, TemplateError


def fill(pattern: str, **values) -> str:
    return CodeTemplate(pattern, "t.txt").substitute(values)


def test_bare_and_braced_names():
    assert fill("a $x b ${y}c\n", x=1, y="Y") == "a 1 b Yc\n"


def test_list_alone_on_a_line_expands_one_element_per_line_at_its_indentation():
    assert fill("{\n    $items\n}\n", items=["a;", "b;"]) == "{\n    a;\n    b;\n}\n"


def test_multiline_elements_and_strings_keep_the_indentation():
    assert fill("  $x\n", x=["if (a) {\n    b;\n}"]) == "  if (a) {\n      b;\n  }\n"
    assert fill("  $x\n", x="one\ntwo\n") == "  one\n  two\n"


def test_blank_lines_inside_a_block_get_no_trailing_whitespace():
    assert fill("    $x\n", x="a\n\nb") == "    a\n\n    b\n"


def test_empty_list_or_string_alone_on_a_line_removes_the_line():
    assert fill("a\n    $x\nb\n", x=[]) == "a\nb\n"
    assert fill("a\n${x}\nb\n", x="") == "a\nb\n"


def test_list_inside_a_line_is_comma_joined():
    assert fill("f($args);\n", args=["a", "b", "c"]) == "f(a, b, c);\n"
    assert fill("f(x${,rest});\n", rest=["a", "b"]) == "f(x, a, b);\n"
    assert fill("f(x${,rest});\n", rest=[]) == "f(x);\n"
    assert fill("f(${head,}z);\n", head=["a"]) == "f(a, z);\n"


def test_dollar_dollar_is_a_literal_dollar():
    assert fill("set(a $${CMAKE_SOURCE_DIR}/$x)\n", x="b") == "set(a ${CMAKE_SOURCE_DIR}/b)\n"


def test_missing_value_names_the_template_line_and_the_variable():
    with pytest.raises(TemplateError, match=r"^t\.txt:2: no value for \$missing \(given: x\)$"):
        fill("ok $x\nbad $missing\n", x=1)


def test_stray_dollar_is_rejected_when_the_template_is_read():
    with pytest.raises(TemplateError, match=r"t\.txt:1: stray '\$'.*write \$\$ for a literal"):
        CodeTemplate("cost: $5\n", "t.txt")


def test_comma_forms_need_a_list():
    with pytest.raises(TemplateError, match="need a list"):
        fill("f(${,x})\n", x="a")


def test_keyword_arguments_override_the_mapping():
    assert CodeTemplate("$a\n").substitute({"a": 1}, a=2) == "2\n"


def test_no_trailing_newline_is_kept_as_is():
    assert fill("$x", x="end") == "end"
