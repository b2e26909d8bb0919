"""An op spec's export key: `onnx_node:`, the standard ONNX node an op lowers to."""
from __future__ import annotations

from typing import Any

from ..errors import SpecError
from .fields import Fields, is_int, unknown
from .model import Attribute, LayoutChange, OnnxNodeLayout, OnnxNodeSpec

# --- onnx_node: ---------------------------------------------------------------------------------

def _choice_of(attrs: tuple[Attribute, ...], arg: str, value: Any, g: Fields, key: str,
               what: str) -> None:
    attr = next((a for a in attrs if a.name == arg), None)
    if attr is None:
        raise g.error(key, f"{what}: {unknown(str(arg), [a.name for a in attrs], 'argument')}")
    if attr.choices is not None and value not in attr.choices:
        raise g.error(key, f"{what}: {value!r} is not one of {arg}'s choices "
                           f"{list(attr.choices)}")


def _parse_layout_change(value: Any, file: str, line: int, what: str) -> LayoutChange:
    g = Fields(value, what, file, line)
    permute = g.take("permute", list)
    merge = g.take("merge", list, None)
    g.done()
    if sorted(permute) != list(range(len(permute))):
        raise g.error("permute", f"{what}: permute must list each axis 0..{len(permute) - 1} "
                                 f"once, got {list(permute)}")
    if merge is not None and not (len(merge) == 2 and all(map(is_int, merge)) and
                                  0 <= merge[0] < merge[1] < len(permute)):
        raise g.error("merge", f"{what}: merge must be [first, last], axes of the permuted "
                               f"input with first < last, got {list(merge)}")
    return LayoutChange(tuple(permute), tuple(merge) if merge is not None else None, g.loc())


def parse_onnx_node(f: Fields, attrs: tuple[Attribute, ...]) -> OnnxNodeSpec | None:
    g = f.take_section("onnx_node")
    if g is None:
        return None
    op_type = g.take("op_type", str)
    names = [a.name for a in attrs]
    raw_attributes = g.take("attributes", dict, {})
    for onnx_name, arg in raw_attributes.items():
        if arg not in names:
            raise SpecError(f"{f.file}:{raw_attributes.key_lines[onnx_name]}: onnx_node "
                            f"attribute {onnx_name}: {unknown(str(arg), names, 'argument')}")
    raw_when = g.take("when", dict, {})
    when_fields = Fields(raw_when, "onnx_node.when", f.file, g.loc("when").line)
    for arg, value in raw_when.items():
        _choice_of(attrs, arg, value, when_fields, arg, "onnx_node.when")
    layout = None
    raw_layout = g.take("layout", dict, None)
    if raw_layout is not None:
        h = Fields(raw_layout, "onnx_node.layout", f.file, g.loc("layout").line)
        argument = h.take("argument", str)
        attr = next((a for a in attrs if a.name == argument), None)
        if attr is None or attr.choices is None:
            raise h.error("argument", f"onnx_node.layout: argument must name a str argument "
                                      f"with choices, got {argument!r}")
        native = h.take("native", str)
        _choice_of(attrs, argument, native, h, "native", "onnx_node.layout.native")
        raw_changes = h.take("changes", dict, {})
        changes_fields = Fields(raw_changes, "onnx_node.layout.changes", f.file,
                                 h.loc("changes").line)
        changes = []
        for value, change in raw_changes.items():
            what = f"onnx_node.layout.changes.{value}"
            _choice_of(attrs, argument, value, changes_fields, value, what)
            if value == native:
                raise changes_fields.error(value, f"{what}: {native} is the node's own layout; "
                                                  f"it needs no change")
            changes.append((value, _parse_layout_change(change, f.file,
                                                        raw_changes.key_lines[value], what)))
        h.done()
        layout = OnnxNodeLayout(argument, native, tuple(changes), h.loc())
    g.done()
    return OnnxNodeSpec(op_type, tuple(raw_attributes.items()), tuple(raw_when.items()), layout,
                        g.loc())
