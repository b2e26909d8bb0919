"""Emitter of the torch binding of the CANN op package: `binding/ascend_ops_npu.cpp`, one file
for every op (templates/npu_binding.cpp).

Per op it includes the aclnn header CANN generates from the op's OpDef (`aclnn_<op>.h`, named by
aclnn.py) and defines a kernel that sizes the output with the op's view builder, called exactly
as the OpDef's BuildView calls it (`host.view_builder_call`), then calls that API through
`ASCEND_OPS_ACLNN` (binding/aclnn_call.h), which checks at compile time that the call passes what
the header declares. So the OpDef, the aclnn API and the binding cannot drift apart. Pure: model
in, text out.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..schema import torch_schema
from ..spec import AttrType, OpSpec, ShapeRuleKind, SpecSet
from .aclnn import AclnnApi, aclnn_api, header_name, opdef_arguments
from .cpp import camel, cpp_string
from .custom_op import infer_shape_name
from .file_manager import header_line
from .host import view_builder_call, wrapped_call
from .op_views import BoundArgument, ViewBuilder, bind_attributes
from .templates import template

NAMESPACE = "ascend_ops_npu"            # torch.ops.ascend_ops_npu.<op>
BINDING_PATH = "binding/ascend_ops_npu.cpp"
_BODY_INDENT = 8  # the view builder call sits in a lambda inside the kernel


class BindingError(ValueError):
    """An op the binding cannot express; the message names the spec."""


@dataclass(frozen=True)
class _Attribute:
    """One attribute as the kernel holds it: its C++ parameter and the locals made from it."""

    parameter: str                # "at::IntArrayRef begin"
    locals: tuple[str, ...]       # statements run first
    value: str                    # the view builder's argument (int, str)
    data: str                     # the view builder's list arguments
    size: str
    aclnn: str                    # the lvalue passed to the aclnn call


def _attribute(kind: AttrType, name: str) -> _Attribute:
    n = camel(name)
    if kind is AttrType.INT:
        return _Attribute(f"int64_t {n}", (), n, "", "", n)
    if kind is AttrType.FLOAT:  # aclnn's Float is a double; a shape rule takes the float32 CANN holds
        return _Attribute(f"double {n}", (), f"static_cast<float>({n})", "", "", n)
    if kind in (AttrType.INT_LIST, AttrType.INT_ROWS):  # rows flattened, as the schema carries them
        return _Attribute(f"at::IntArrayRef {n}", (), "", f"{n}.data()",
                          f"static_cast<int64_t>({n}.size())", n)
    if kind is AttrType.OPTIONAL_INT_LIST:
        # None travels as the OpDef's default, the empty list, which the builders read as None.
        local = f"{n}List"
        return _Attribute(f"at::OptionalIntArrayRef {n}",
                          (f"const at::IntArrayRef {local} = {n}.value_or(at::IntArrayRef{{}});",),
                          "", f"{local}.data()", f"static_cast<int64_t>({local}.size())", local)
    text = f"{n}Text"
    return _Attribute(f"c10::string_view {n}",
                      (f"std::string {text}({n});", f"char* {n}Chars = {text}.data();"),
                      f"{text}.c_str()", "", "", f"{n}Chars")


def emit_gradient_kernel(op: OpSpec, builder: ViewBuilder, bound: tuple[BoundArgument, ...]) -> str:
    """A gradient op's kernel (`op.forward`, gradient_spec): its output of the `shape` attribute,
    checked as ReadOutputShape checks it; the view op's builder on that shape, whose result must be
    dy's shape; then its aclnn API. `bound` is the view op's, whose attributes come one place later
    here (after `shape`)."""
    api = aclnn_api(op.op_type, opdef_arguments(op))
    dy, dx = camel(op.inputs[0].name), camel(op.outputs[0].name)
    attrs = [_attribute(a.type, a.name) for a in op.attributes]
    shape = attrs[0]
    parameters = [f"const at::Tensor& {dy}"] + [a.parameter for a in attrs]
    call = view_builder_call(
        op, builder, bound, "outShape", "&viewShape", "&view", indent=_BODY_INDENT,
        value=lambda i: attrs[i + 1].value,
        list_part=lambda i, part: attrs[i + 1].data if part == "data" else attrs[i + 1].size)
    contiguous = f"{dy}Contiguous"
    name = cpp_string(op.name)
    lines = [
        f"// {op.name} ({op.file}): OpType {op.op_type}, {api.name}; the gradient of {op.forward}.",
        wrapped_call(f"static at::Tensor {op.name}", parameters, 0, end=")"),
        "{",
        *(f"    {s}" for a in attrs for s in a.locals),
        "    ascend_ops::TensorShape outShape{};",
        "    ascend_ops::TensorShape viewShape{};",
        "    ascend_ops::StridedView view{};",
        "    const ascend_ops::Status status = [&]() {",
        f"        const ascend_ops::Status shapeStatus = ascend_ops::ShapeFromList({shape.data}, {shape.size}, "
        f"&outShape);",
        "        if (!shapeStatus.ok) {",
        "            return shapeStatus;",
        "        }",
        *(f"        {line}" for text in call for line in text.split("\n")),
        "    }();",
        f"    CheckStatus(status, {name});",
        f"    CheckStatus(ascend_ops::CheckWriteInputShape({cpp_string(op.inputs[0].name)}, "
        f"InputShape({dy}, {name}), viewShape), {name});",
        f"    at::Tensor {dx} = EmptyOutput(outShape, {dy});",
        f"    if ({dx}.numel() == 0) {{",
        f"        return {dx};",
        "    }",
        f"    at::Tensor {contiguous} = AclnnInput({dy}, {name}, {cpp_string(op.inputs[0].name)});",
        "    " + wrapped_call("ASCEND_OPS_ACLNN", [name, "kVendor", api.name, dy, contiguous]
                             + [a.aclnn for a in attrs] + [dx], 4).replace("\n", "\n    "),
        f"    return {dx};",
        "}",
        "",
    ]
    return "\n".join(lines)


def emit_kernel(op: OpSpec, builder: ViewBuilder, bound: tuple[BoundArgument, ...]) -> str:
    if op.forward:
        return emit_gradient_kernel(op, builder, bound)
    if len(op.inputs) != 1 or len(op.outputs) != 1:
        raise BindingError(f"{op.loc}: op {op.name} has {len(op.inputs)} inputs and "
                           f"{len(op.outputs)} outputs; the binding handles one of each")
    api = aclnn_api(op.op_type, opdef_arguments(op))
    x, y = camel(op.inputs[0].name), camel(op.outputs[0].name)
    attrs = [_attribute(a.type, a.name) for a in op.attributes]
    parameters = [f"const at::Tensor& {x}"] + [a.parameter for a in attrs]
    call = view_builder_call(
        op, builder, bound, "inputShape", "&outShape", "&view", indent=_BODY_INDENT,
        value=lambda i: attrs[i].value,
        list_part=lambda i, part: attrs[i].data if part == "data" else attrs[i].size)
    contiguous = f"{x}Contiguous"
    aclnn_args = [contiguous] + [a.aclnn for a in attrs] + [y]
    call_head = [cpp_string(op.name), "kVendor", api.name, x]
    lines = [
        f"// {op.name} ({op.file}): OpType {op.op_type}, {api.name}.",
        wrapped_call(f"static at::Tensor {op.name}", parameters, 0, end=")"),
        "{",
        *(f"    {s}" for a in attrs for s in a.locals),
        f"    const ascend_ops::TensorShape inputShape = InputShape({x}, {cpp_string(op.name)});",
        "    ascend_ops::TensorShape outShape{};",
        "    ascend_ops::StridedView view{};",
        "    const ascend_ops::Status status = [&]() {",
        *(f"        {line}" for text in call for line in text.split("\n")),
        "    }();",
        f"    CheckStatus(status, {cpp_string(op.name)});",
        f"    at::Tensor {y} = EmptyOutput(outShape, {x});",
        f"    if ({y}.numel() == 0) {{",
        f"        return {y};",
        "    }",
        f"    at::Tensor {contiguous} = AclnnInput({x}, {cpp_string(op.name)}, {cpp_string(op.inputs[0].name)});",
        "    " + wrapped_call("ASCEND_OPS_ACLNN", call_head + aclnn_args, 4).replace(
            "\n", "\n    "),
        f"    return {y};",
        "}",
        "",
    ]
    return "\n".join(lines)


# The at::ScalarType of each dtype of the spec vocabulary, for an output with a dtype of its own.
_SCALAR_TYPES = {"float16": "at::kHalf", "float32": "at::kFloat", "bfloat16": "at::kBFloat16", "int8": "at::kChar",
                 "uint8": "at::kByte", "int16": "at::kShort", "int32": "at::kInt", "int64": "at::kLong",
                 "uint32": "at::kUInt32", "bool": "at::kBool"}


def _custom_shape(op: OpSpec, attrs: list[_Attribute]) -> list[str]:
    """The statements that make `outShape`, the outputs' shape by the op's rule, as its InferShape."""
    rule = op.shape_rule
    names = [camel(n) for n in rule.inputs]
    if rule.kind is ShapeRuleKind.SAME_AS:
        return [f"const std::vector<int64_t> outShape = {names[0]}.sizes().vec();"]
    if rule.kind is ShapeRuleKind.BROADCAST:
        return [f"std::vector<int64_t> outShape = {names[0]}.sizes().vec();"] + \
            [f"outShape = at::infer_size(outShape, {n}.sizes());" for n in names[1:]]
    _, bound = bind_attributes(op)

    def argument(b: BoundArgument) -> str:
        a = attrs[b.attr_index]
        return a.value if b.part == "value" else (a.data if b.part == "data" else a.size)
    shapes = ", ".join(f"InputShape({camel(t.name)}, {cpp_string(op.name)})" for t in op.inputs)
    call = wrapped_call(f"CheckStatus(ascend_ops::{infer_shape_name(op)}",
                        ["inputs", *(argument(b) for b in bound), "&shape"], 4, end="), " + cpp_string(op.name) + ");")
    return [f"const ascend_ops::TensorShape inputs[] = {{{shapes}}};",
            "ascend_ops::TensorShape shape{};",
            *call.split("\n"),
            "const std::vector<int64_t> outShape(shape.dims, shape.dims + shape.rank);"]


def emit_custom_kernel(op: OpSpec) -> str:
    """A custom op's kernel: the outputs sized by its shape rule, typed by its dtype rules, then its
    aclnn API with every input contiguous, in a base format (AclnnInput)."""
    optional = [t.name for t in op.inputs if t.optional]
    if optional:
        raise BindingError(f"{op.loc}: op {op.name}: the binding does not carry optional inputs ({', '.join(optional)}) "
                           f"yet")
    api = aclnn_api(op.op_type, opdef_arguments(op))
    attrs = [_attribute(a.type, a.name) for a in op.attributes]
    inputs = [camel(t.name) for t in op.inputs]
    parameters = [f"const at::Tensor& {n}" for n in inputs] + [a.parameter for a in attrs]
    outputs = []
    for t in op.outputs:
        owner = op.dtype_owner(t.name)
        options = f"{camel(owner.name)}.options()" if owner in op.inputs else \
            f"{inputs[0]}.options().dtype({_SCALAR_TYPES[op.tensor_dtypes(t.name)[0]]})"
        outputs.append(f"at::Tensor {camel(t.name)} = at::empty(outShape, {options});")
    results = [camel(t.name) for t in op.outputs]
    returned = results[0] if len(results) == 1 else f"std::make_tuple({', '.join(results)})"
    result_type = "at::Tensor" if len(results) == 1 else f"std::tuple<{', '.join(['at::Tensor'] * len(results))}>"
    call_head = [cpp_string(op.name), "kVendor", api.name, inputs[0]]
    aclnn_args = [f"{n}Contiguous" for n in inputs] + [a.aclnn for a in attrs] + results
    lines = [
        f"// {op.name} ({op.file}): OpType {op.op_type} (kind: custom), {api.name}.",
        wrapped_call(f"static {result_type} {op.name}", parameters, 0, end=")"),
        "{",
        *(f"    {s}" for a in attrs for s in a.locals),
        *(f"    {line}" for line in _custom_shape(op, attrs)),
        *(f"    {line}" for line in outputs),
        f"    if ({results[0]}.numel() == 0) {{",
        f"        return {returned};",
        "    }",
        *(f"    at::Tensor {camel(t.name)}Contiguous = AclnnInput({camel(t.name)}, {cpp_string(op.name)}, "
          f"{cpp_string(t.name)});" for t in op.inputs),
        "    " + wrapped_call("ASCEND_OPS_ACLNN", call_head + aclnn_args, 4).replace("\n", "\n    "),
        f"    return {returned};",
        "}",
        "",
    ]
    return "\n".join(lines)


def aclnn_apis(specs: SpecSet) -> list[AclnnApi]:
    return [aclnn_api(op.op_type, opdef_arguments(op)) for op in specs.kernel_ops()]


def emit_binding(specs: SpecSet, views: list[tuple[OpSpec, ViewBuilder, tuple[BoundArgument, ...]]],
                 source: str, vendor: str) -> str:
    """The binding of every op with a kernel (SpecSet.kernel_ops); `views` holds each view op's
    (and gradient op's) view builder and bound attributes, `source` names the specs it comes from,
    `vendor` the op package's vendor name."""
    kernels = {op.name: emit_kernel(op, builder, bound) for op, builder, bound in views}
    kernels.update((op.name, emit_custom_kernel(op)) for op in specs.ops if op.is_custom)
    ops = specs.kernel_ops()
    return template("npu_binding.cpp").substitute(
        header=header_line(source),
        namespace=NAMESPACE,
        vendor=cpp_string(vendor),
        aclnn_includes=[f'#include "{header_name(api.op_type)}"' for api in aclnn_apis(specs)],
        view_includes=[f'#include "../{op.name}/{op.name}_view.h"' for op in specs.ops if not op.is_custom] +
        [f'#include "../{op.name}/{op.name}_shape.h"' for op in specs.ops
         if op.is_custom and op.shape_rule.kind is ShapeRuleKind.INFER_SHAPE],
        kernels=[kernels[op.name] for op in ops],
        definitions=[f"m.def({cpp_string(torch_schema(op))});" for op in ops],
        impls=[f"m.impl({cpp_string(op.name)}, &{NAMESPACE}::{op.name});" for op in ops])
