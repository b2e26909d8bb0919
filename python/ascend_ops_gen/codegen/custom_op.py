"""Emitters of a custom op's files (kind: custom, Note [custom ops] in ascend_ops_gen/spec/model.py):
its op_host source (OpDef, shape rule, TilingFunc) and tiling data, its kernel entry (the standard
pipeline around the author's Compute<Op> and Load<Op>), and, for the tools that compile kernels
outside a CANN build, the kernel-side tiling struct CANN derives from the tiling data.
"""
from __future__ import annotations

from ..spec import AttrType, OpSpec, ReadMode, ShapeRuleKind, SpecSet, TensorArg, TilingSource
from ..spec.custom_keys import STANDARD_TILING_FIELDS
from .cpp import attr_def, camel, cpp_string, ge_dtype, kernel_name
from .file_manager import header_line
from .host import wrapped_call
from .op_views import bind_attributes
from .templates import template

# The op's hand-written C++ sits beside the generated folders: `<op>/<op>_compute.h` (Compute<Op>,
# and Load<Op> when an input is `read: load` or `read: gm`) and, for `shape: infer_shape`,
# `<op>/<op>_shape.h` (Infer<Op>Shape). The generated code calls them; the op_host source states the
# shape function's signature in a `static_assert`, the kernel calls the hooks as Note [custom op
# hooks] says, so a hook that disagrees fails to compile naming the call.
#
# Note [custom op hooks]
#     Compute<Op>(outputs..., staged inputs..., uint32_t count[, const <OpType>TilingData& tiling])
#         the op's math on one tile: every output's tile from the tiles of the inputs read `tile`
#         or `load`, in spec order, `count` elements each (a multiple of 32 bytes of the smallest
#         staged element). The tiling data is passed when the spec declares `tiling:` fields.
#     Load<Op>(loaded tiles..., GlobalTensors of the `load` and `gm` inputs..., int64_t pos,
#              uint32_t count, const <OpType>TilingData& tiling)
#         the data-dependent part of CopyIn: fills each `load` input's tile with, for the output
#         positions [pos, pos + count), the element of that input each position reads, by any GM
#         reads it likes (GetValue, DataCopy). The pipeline orders the vector unit's last reads of
#         the tiles before it and its scalar writes before Compute.
#     Infer<Op>Shape(const TensorShape* inputs, <attributes>, TensorShape* output)
#         (shape: infer_shape) the outputs' shape from the inputs' (an absent optional one has rank
#         -1), the attributes bound as Note [attribute binding] in op_views.py says.
# Tensors are `LocalTensor<T>` / `GlobalTensor<T>` of the dtype's kernel type (KERNEL_TYPES); the
# hooks are templates on them (the kernel passes them, never names the template arguments).

# The C++ type a kernel holds each dtype in (bool as its byte).
KERNEL_TYPES = {"float16": "half", "float32": "float", "bfloat16": "bfloat16_t", "int8": "int8_t",
                "uint8": "uint8_t", "int16": "int16_t", "int32": "int32_t", "int64": "int64_t",
                "uint32": "uint32_t", "bool": "uint8_t"}
_ROLES = {ReadMode.TILE: "kTile", ReadMode.LOAD: "kLoad", ReadMode.GM: "kGm"}
_SHAPE_KINDS = {ShapeRuleKind.SAME_AS: "kSameAs", ShapeRuleKind.BROADCAST: "kBroadcast",
                ShapeRuleKind.INFER_SHAPE: "kInferShape"}
_WIDTH = 120


def pascal(op: OpSpec) -> str:
    return "".join(part[:1].upper() + part[1:] for part in op.name.split("_"))


def tiling_class(op: OpSpec) -> str:
    return f"{op.op_type}TilingData"


def compute_header_path(op: OpSpec) -> str:
    """The op's hand-written Compute (and Load), relative to ascend_kernels/."""
    return f"{op.name}/{op.name}_compute.h"


def shape_header_path(op: OpSpec) -> str:
    """The op's hand-written shape rule (shape: infer_shape), relative to ascend_kernels/."""
    return f"{op.name}/{op.name}_shape.h"


def compute_name(op: OpSpec) -> str:
    return f"Compute{pascal(op)}"


def load_name(op: OpSpec) -> str:
    return f"Load{pascal(op)}"


def infer_shape_name(op: OpSpec) -> str:
    return f"Infer{pascal(op)}Shape"


def needs_load(op: OpSpec) -> bool:
    """Whether the op has a Load hook: an input read `load` or `gm`."""
    return any(t.read is not ReadMode.TILE for t in op.inputs)


# Note [tiling accessors]
# ~~~~~~~~~~~~~~~~~~~~~~~
# A custom op's tiling data holds the element split (STANDARD_TILING_FIELDS) and then exactly the
# fields its spec's `tiling:` lists, every one int64_t (so the kernel-side struct CANN derives has
# the host's layout); a field the spec does not list is not there. What each source becomes, with
# R the op's tiling_rank (its max_rank, else the 25 dims a CANN tensor shape holds):
#     dim, elements, elements_after, an int attribute   <name>
#     a float attribute                                 <name>: its float32's bits, or with
#                                                       `value_of` the bits of that input's dtype
#     shape: <tensor>                                   <name>Rank, <name>Dims[R], <name>Strides[R]
#                                                       (element strides of the contiguous tensor)
#     an int[] / int[]? attribute                       <name>Size, <name>Values[R]
#     an int[][] attribute (inner n)                    <name>Size (rows), <name>Values[R * n]
# The kernel reads them through `<Op>Fields` (generated in op_kernel/<op>.cpp, before the op's
# compute header): `const <Op>Fields fields(tiling);` then `fields.x.rank`, `fields.x.dims[d]`,
# `fields.x.strides[d]` (a TensorShapeView), `fields.multiples.size`, `fields.multiples[i]` (an
# IntListView), `fields.paddings.size` (rows), `fields.paddings[i][j]` (an IntRowsView),
# `fields.constantValue.As<T>()` (a CustomValue), and an int field as itself; the views are
# in common/custom_op_kernel.h. The TilingFunc fills the fields (CustomOpCall in
# common/custom_op_host.h) and refuses a value they cannot hold, with the words the Python checks
# use (runtime/custom_calls.py).

class _FieldKind:
    SCALAR, VALUE, SHAPE, LIST, ROWS = "scalar", "value", "shape", "list", "rows"


def _field_kind(op: OpSpec, f) -> str:
    if f.source is TilingSource.SHAPE:
        return _FieldKind.SHAPE
    if f.source is not TilingSource.ATTRIBUTE:
        return _FieldKind.SCALAR
    kind = op.attribute(f.attribute).type
    return {AttrType.FLOAT: _FieldKind.VALUE, AttrType.INT_LIST: _FieldKind.LIST,
            AttrType.OPTIONAL_INT_LIST: _FieldKind.LIST, AttrType.INT_ROWS: _FieldKind.ROWS}.get(kind, _FieldKind.SCALAR)


def tiling_layout(op: OpSpec) -> tuple[tuple[str, int], ...]:
    """Every int64_t field of the op's tiling data with its element count (1, or an array's),
    in order (Note [tiling accessors])."""
    rank = op.tiling_rank
    out = [(name, 1) for name in STANDARD_TILING_FIELDS]
    for f in op.tiling:
        kind = _field_kind(op, f)
        if kind == _FieldKind.SHAPE:
            out += [(f"{f.name}Rank", 1), (f"{f.name}Dims", rank), (f"{f.name}Strides", rank)]
        elif kind in (_FieldKind.LIST, _FieldKind.ROWS):
            inner = op.attribute(f.attribute).inner or 1
            out += [(f"{f.name}Size", 1), (f"{f.name}Values", rank * inner)]
        else:
            out.append((f.name, 1))
    return tuple(out)


def _tiling_field_defs(op: OpSpec) -> list[str]:
    return [f"TILING_DATA_FIELD_DEF(int64_t, {name});" if count == 1 else
            f"TILING_DATA_FIELD_DEF_ARR(int64_t, {count}, {name});" for name, count in tiling_layout(op)]


def emit_fields_view(op: OpSpec) -> list[str]:
    """`<Op>Fields`: the kernel's view of the op's own tiling fields (Note [tiling accessors])."""
    if not op.tiling:
        return []
    cls, data = f"{pascal(op)}Fields", tiling_class(op)
    members, inits = [], []
    for f in op.tiling:
        kind = _field_kind(op, f)
        n = f.name
        if kind == _FieldKind.SHAPE:
            members.append(f"TensorShapeView {n};  // {' '.join(f.doc.split())}")
            inits.append(f"{n}{{tiling.{n}Rank, tiling.{n}Dims, tiling.{n}Strides}}")
        elif kind == _FieldKind.LIST:
            members.append(f"IntListView {n};  // {' '.join(f.doc.split())}")
            inits.append(f"{n}{{tiling.{n}Size, tiling.{n}Values}}")
        elif kind == _FieldKind.ROWS:
            members.append(f"IntRowsView {n};  // {' '.join(f.doc.split())}")
            inits.append(f"{n}{{tiling.{n}Size, {op.attribute(f.attribute).inner}, tiling.{n}Values}}")
        elif kind == _FieldKind.VALUE:
            members.append(f"CustomValue {n};  // {' '.join(f.doc.split())}")
            inits.append(f"{n}{{tiling.{n}}}")
        else:
            members.append(f"int64_t {n};  // {' '.join(f.doc.split())}")
            inits.append(f"{n}(tiling.{n})")
    lines = ["",
             f"// The fields of {op.file}'s `tiling:` as the kernel reads them (Note [tiling accessors] in",
             "// ascend_ops_gen/codegen/custom_op.py): `const " + cls + " fields(tiling);`.",
             f"struct {cls} {{",
             f"    __aicore__ inline explicit {cls}(const {data}& tiling)"]
    lines += [f"        {':' if i == 0 else ','} {init}" for i, init in enumerate(inits)]
    lines += ["    {", "    }", ""]
    lines += [f"    {m}" for m in members]
    lines += ["};"]
    return lines


def _staged(t: TensorArg, op: OpSpec) -> bool:
    return t in op.outputs or t.read is not ReadMode.GM


def _type_param(op: OpSpec, t: TensorArg) -> str:
    return "T" + "".join(p[:1].upper() + p[1:] for p in op.dtype_owner(t.name).name.split("_"))


def _var(t: TensorArg) -> str:
    return camel(t.name)


def _ge_format(name: str) -> str:
    return f"ge::FORMAT_{name}"


# --- op_host
# ----------------------------------------------------------------------------------------

def emit_custom_tiling_header(op: OpSpec) -> str:
    return template("custom_op_host_tiling.h").substitute(
        header=header_line(op.file), op_type=op.op_type, guard=op.name.upper(), tiling_class=tiling_class(op),
        fields=_tiling_field_defs(op))


def _columns(op: OpSpec, combinations, specs: SpecSet) -> list[list[str]]:
    """Per tensor, its dtype in each combination (the OpDef's position-matched lists)."""
    return [[ge_dtype(dict(c)[t.name], specs) for c in combinations] for t in op.tensors]


def _shape_function(op: OpSpec) -> tuple[list[str], list[str], list[str]]:
    """(includes, static_asserts, the glue) of a hand-written shape rule; nothing for the others."""
    if op.shape_rule.kind is not ShapeRuleKind.INFER_SHAPE:
        return [], [], []
    name = infer_shape_name(op)
    header = f"ascend_kernels/{shape_header_path(op)}"
    _, bound = bind_attributes(op)
    params = [("const ascend_ops::TensorShape*", "inputs")] + \
        [(b.param.ctype, b.param.name) for b in bound] + [("ascend_ops::TensorShape*", "output")]
    spelled = ", ".join(f"{c.replace('ascend_ops::', '')} {n}" for c, n in params)
    message = (f"{header} must declare Status {name}({spelled}): so {op.file} (shape: infer_shape) and its "
               f"attributes bind it (Note [custom op hooks] in ascend_ops_gen/codegen/custom_op.py)")
    asserts = ["",
               f"// ../{op.name}_shape.h as op_specs declares it: the compiler holds the hand-written shape rule to",
               "// the signature the spec implies.",
               f"static_assert(std::is_same<decltype(&ascend_ops::{name}), ascend_ops::Status (*)("
               f"{', '.join(c for c, _ in params)})>::value,",
               f"              {cpp_string(message)});"]
    readers = {AttrType.INT: "Int", AttrType.STR: "Str", AttrType.INT_LIST: "ListInt",
               AttrType.OPTIONAL_INT_LIST: "OptionalListInt", AttrType.FLOAT: "Float", AttrType.INT_ROWS: "ListInt"}
    list_types = (AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST, AttrType.INT_ROWS)
    lists = [f"const ascend_ops::IntListAttr {camel(a.name)}Attr = attrs.{readers[a.type]}({i}, {cpp_string(a.name)});"
             for i, a in enumerate(op.attributes) if a.type in list_types]

    def argument(b) -> str:
        a = op.attributes[b.attr_index]
        if b.part == "value":
            return f"attrs.{readers[a.type]}({b.attr_index}, {cpp_string(a.name)})"
        return f"{camel(a.name)}Attr.{b.part}"
    rows = []  # an int[][] that is no whole rows, refused before the shape rule sees it
    for a in op.attributes:
        if a.type is AttrType.INT_ROWS:
            message = cpp_string(f"{a.name} has %lld ints, which are no whole rows of {a.inner} (int[][], inner "
                                 f"{a.inner})")
            rows += [f"if ({camel(a.name)}Attr.size % {a.inner} != 0) {{",
                     f"    return ascend_ops::Status::Error({message},",
                     f"                                     static_cast<long long>({camel(a.name)}Attr.size));",
                     "}"]
    call = wrapped_call(f"return ascend_ops::{name}", ["inputs", *(argument(b) for b in bound), "output"], 4)
    glue = ["",
            f"// The outputs' shape by {name} (../{op.name}_shape.h), with the attributes in OpDef order.",
            "static ascend_ops::Status InferShape(const ascend_ops::TensorShape* inputs, ascend_ops::OpAttrReader& attrs,",
            "                                     ascend_ops::TensorShape* output)",
            "{",
            *(["    (void)attrs;"] if not op.attributes else []),
            *("    " + line for line in lists),
            *("    " + line for line in rows),
            *("    " + line for line in call.split("\n")),
            "}"]
    return ["#include <type_traits>", "", f'#include "../{op.name}_shape.h"', ""], asserts, glue


def _op_field(op: OpSpec, f) -> str:
    names = [t.name for t in op.tensors]
    kind = _field_kind(op, f)
    where = f"  // {f.source.value} ({f.loc})"
    rank = op.tiling_rank
    if kind == _FieldKind.SHAPE:
        return "\n".join([
            f"{{{where}",
            f"    int64_t dims[{rank}] = {{}};",
            f"    int64_t strides[{rank}] = {{}};",
            f"    tiling.set_{f.name}Rank(call.Shape({names.index(f.tensor)}, {rank}, dims, strides, "
            f"{cpp_string(f.name)}));",
            f"    tiling.set_{f.name}Dims(dims);",
            f"    tiling.set_{f.name}Strides(strides);",
            "}"])
    if kind in (_FieldKind.LIST, _FieldKind.ROWS):
        a = op.attribute(f.attribute)
        index = op.attributes.index(a)
        inner = a.inner or 1
        return "\n".join([
            f"{{{where}",
            f"    int64_t values[{rank * inner}] = {{}};",
            f"    tiling.set_{f.name}Size(call.IntRows({index}, {cpp_string(a.name)}, {inner}, {rank}, values, "
            f"{cpp_string(op.name)}, {'true' if kind == _FieldKind.ROWS else 'false'}));",
            f"    tiling.set_{f.name}Values(values);",
            "}"])
    if kind == _FieldKind.VALUE:
        a = op.attribute(f.attribute)
        index = op.attributes.index(a)
        if a.value_of is None:
            value = f"call.FloatBits({index}, {cpp_string(a.name)})"
        else:
            value = f"call.ValueBits({index}, {cpp_string(a.name)}, {names.index(a.value_of)})"
        return f"tiling.set_{f.name}({value});{where}"
    if f.source is TilingSource.ATTRIBUTE:
        index = [a.name for a in op.attributes].index(f.attribute)
        value = f"call.IntAttr({index}, {cpp_string(f.attribute)})"
    elif f.source is TilingSource.ELEMENTS:
        value = f"call.Elements({names.index(f.tensor)})"
    elif f.source is TilingSource.DIM:
        value = f"call.Dim({names.index(f.tensor)}, {f.axis}, {cpp_string(f.name)})"
    else:
        value = f"call.ElementsAfter({names.index(f.tensor)}, {f.axis}, {cpp_string(f.name)})"
    return f"tiling.set_{f.name}({value});  // {f.source.value} ({f.loc})"


def emit_custom_host_source(op: OpSpec, specs: SpecSet) -> str:
    combinations = op.combinations()
    inputs, outputs = len(op.inputs), len(op.outputs)
    tensors = [f"{{{cpp_string(t.name)}, ascend_ops::CustomTensorRole::{_ROLES[t.read]}, "
               f"{'true' if t.optional else 'false'}}}," for t in op.inputs]
    tensors += [f"{{{cpp_string(t.name)}, ascend_ops::CustomTensorRole::kOutput, false}}," for t in op.outputs]
    rows = [f"{', '.join(ge_dtype(d, specs) for _, d in c)},  // key {k + 1}: "
            f"{', '.join(f'{n} {d}' for n, d in c)}" for k, c in enumerate(combinations)]
    names = [t.name for t in op.inputs]
    rule = op.shape_rule
    shape_inputs = [str(names.index(n)) for n in rule.inputs] or ["0"]
    dtype_from, dtype_own = [], []
    for t in op.outputs:
        owner = op.dtype_owner(t.name)
        if owner in op.inputs:
            dtype_from.append(str(names.index(owner.name)))
            dtype_own.append("ge::DT_UNDEFINED")
        else:
            dtype_from.append("-1")
            dtype_own.append(ge_dtype(op.tensor_dtypes(t.name)[0], specs))
    includes, asserts, glue = _shape_function(op)
    columns = _columns(op, combinations, specs)
    opdef = []
    for t, column in zip(op.tensors, columns):
        kind = "Input" if t in op.inputs else "Output"
        param = "OPTIONAL" if t.optional else "REQUIRED"
        opdef.append(f"this->{kind}({cpp_string(t.name)}).ParamType({param}).DataType({{{', '.join(column)}}})"
                     f".Format({{{', '.join([_ge_format(t.format)] * len(column))}}});")
    configs = []
    for p in specs.products:
        mine = op.combinations(p)
        if not mine:
            configs.append(f"// {p.key}: {p.title} ({p.loc.file}): no dtype combination of {op.name} is supported "
                           f"there, so no AddConfig")
            continue
        lists = ", ".join("{" + ", ".join(column) + "}" for column in _columns(op, mine, specs))
        formats = ", ".join(_ge_format(t.format) for t in op.tensors)
        configs.append(f"// {p.key}: {p.title} ({p.loc.file})")
        configs.append(f"ascend_ops::AddCustomOpConfig(this->AICore(), {cpp_string(p.add_config)}, k{op.op_type},")
        configs.append(f"                              {{{lists}}},")
        configs.append(f"                              {{{formats}}});")
    rule_text = {ShapeRuleKind.SAME_AS: f"every output has the shape of {', '.join(rule.inputs)}",
                 ShapeRuleKind.BROADCAST: f"the outputs' shape broadcasts {', '.join(rule.inputs)}",
                 ShapeRuleKind.INFER_SHAPE: f"{infer_shape_name(op)}, hand-written"}[rule.kind]
    return template("custom_op_host.cpp").substitute(
        header=header_line(op.file), op_name=op.name, op_type=op.op_type, spec=op.file,
        tiling_header=f"{op.name}_tiling.h", shape_includes=includes, shape_checks=asserts,
        tensors=tensors, combinations=rows, shape_rule=rule_text, shape_inputs=", ".join(shape_inputs),
        output_dtype_from=", ".join(dtype_from), output_dtype=", ".join(dtype_own), infer_shape=glue,
        input_count=inputs, output_count=outputs, combination_count=len(combinations),
        shape_kind=_SHAPE_KINDS[rule.kind], shape_input_count=len(rule.inputs),
        infer_shape_function="InferShape" if glue else "nullptr",
        tiling_class=tiling_class(op), op_fields=[_op_field(op, f) for f in op.tiling],
        opdef_tensors=opdef, attrs=[attr_def(a) for a in op.attributes], configs=configs)


# --- op_kernel
# --------------------------------------------------------------------------------------

def emit_custom_kernel_source(op: OpSpec, specs: SpecSet) -> str:
    del specs  # the kernel's types come from the op's own dtypes
    groups = op.dtype_groups()
    params = [f"typename {_type_param(op, g)}" for g in groups]
    tile_inputs = [t for t in op.inputs if t.read is ReadMode.TILE]
    load_inputs = [t for t in op.inputs if t.read is ReadMode.LOAD]
    gm_read = [t for t in op.inputs if t.read is not ReadMode.TILE]
    staged_inputs = [t for t in op.inputs if t.read is not ReadMode.GM]
    typ = {t.name: _type_param(op, t) for t in op.tensors}
    has_fields = bool(op.tiling)

    set_buffers = [f"{_var(t)}Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ {typ[t.name]}*>({_var(t)}));"
                   for t in op.tensors]
    init_buffers = [f"pipe_.InitBuffer({_var(t)}Que_, kCustomBuffers, static_cast<uint32_t>(walk_.tileElems * "
                    f"sizeof({typ[t.name]})));" for t in op.tensors if _staged(t, op)]
    members = [f"TQue<TPosition::VECIN, 1> {_var(t)}Que_;" for t in staged_inputs]
    members += [f"TQue<TPosition::VECOUT, 1> {_var(t)}Que_;" for t in op.outputs]
    members += [f"GlobalTensor<{typ[t.name]}> {_var(t)}Gm_;" for t in op.tensors]

    def alloc(t: TensorArg) -> str:
        return f"LocalTensor<{typ[t.name]}> {_var(t)} = {_var(t)}Que_.template AllocTensor<{typ[t.name]}>();"

    def load_call(count: str) -> list[str]:
        args = [_var(t) for t in load_inputs] + [f"{_var(t)}Gm_" for t in gm_read] + \
            ["pos", f"static_cast<uint32_t>({count})", "*tiling_"]
        return wrapped_call(load_name(op), args, 8).split("\n")

    copy_in, copy_in_scalar = [], []
    for t in tile_inputs:
        copy_in += [alloc(t), f"DataCopy({_var(t)}, {_var(t)}Gm_[pos], static_cast<uint32_t>(count));",
                    f"{_var(t)}Que_.EnQue({_var(t)});"]
        copy_in_scalar += [alloc(t), f"StageScalar({_var(t)}, {_var(t)}Gm_, pos, count, walk_.alignElems);"]
    if gm_read:
        copy_in += [alloc(t) for t in load_inputs]
        copy_in += ["OrderPipes<HardEvent::V_S>();  // Load writes by scalar moves where Compute read before"]
        copy_in += load_call("count")
        copy_in += ["OrderPipes<HardEvent::S_V>();  // and Compute reads what it wrote"]
        copy_in += [f"{_var(t)}Que_.EnQue({_var(t)});" for t in load_inputs]
        copy_in_scalar += [alloc(t) for t in load_inputs]
        copy_in_scalar += load_call("count")
        copy_in_scalar += ["OrderPipes<HardEvent::MTE2_S>();  // whatever Load copied, before the padding"]
        copy_in_scalar += [f"PadScalar({_var(t)}, count, walk_.alignElems);" for t in load_inputs]
    if not gm_read and not tile_inputs:
        copy_in += ["(void)pos;", "(void)count;"]
    if not staged_inputs:
        copy_in_scalar += ["(void)pos;", "(void)count;"]
    if staged_inputs:
        copy_in_scalar += ["OrderPipes<HardEvent::S_V>();  // Compute reads what the scalar moves wrote"]
        copy_in_scalar += [f"{_var(t)}Que_.EnQue({_var(t)});" for t in staged_inputs]

    compute = [f"LocalTensor<{typ[t.name]}> {_var(t)} = {_var(t)}Que_.template DeQue<{typ[t.name]}>();"
               for t in staged_inputs]
    compute += [alloc(t) for t in op.outputs]
    hook_args = [_var(t) for t in op.outputs] + [_var(t) for t in staged_inputs] + \
        ["static_cast<uint32_t>(count)"] + (["*tiling_"] if has_fields else [])
    compute += wrapped_call(compute_name(op), hook_args, 8).split("\n")
    compute += [f"{_var(t)}Que_.EnQue({_var(t)});" for t in op.outputs]
    compute += [f"{_var(t)}Que_.FreeTensor({_var(t)});" for t in staged_inputs]

    copy_out = ["if (repeats) {  // the tile backed off over the last one's stores (Note [element split])",
                "    PipeBarrier<PIPE_MTE3>();", "}"]
    copy_out_scalar = []
    for t in op.outputs:
        copy_out += [f"LocalTensor<{typ[t.name]}> {_var(t)} = {_var(t)}Que_.template DeQue<{typ[t.name]}>();",
                     f"DataCopy({_var(t)}Gm_[pos], {_var(t)}, static_cast<uint32_t>(count));",
                     f"{_var(t)}Que_.FreeTensor({_var(t)});"]
        copy_out_scalar += [f"LocalTensor<{typ[t.name]}> {_var(t)} = {_var(t)}Que_.template DeQue<{typ[t.name]}>();"]
    copy_out_scalar += ["OrderPipes<HardEvent::V_S>();  // the scalar moves read what Compute wrote"]
    copy_out_scalar += [line for t in op.outputs for line in
                        (f"StoreScalar({_var(t)}Gm_, {_var(t)}, pos, count);", f"{_var(t)}Que_.FreeTensor({_var(t)});")]

    gm_params = ", ".join(f"GM_ADDR {_var(t)}" for t in op.tensors)
    dispatch = []
    combinations = op.combinations()
    kernel_class = f"{pascal(op)}Kernel"
    for k, combination in enumerate(combinations):
        chosen = dict(combination)
        args = ", ".join(KERNEL_TYPES[chosen[g.name]] for g in groups)
        keyword = "if" if k == 0 else "} else if"
        dispatch += [f"{keyword} (TILING_KEY_IS({k + 1})) {{  // {', '.join(f'{n} {d}' for n, d in combination)}",
                     f"    ascend_ops::{kernel_class}<{args}> op;",
                     f"    if (op.Init({', '.join(_var(t) for t in op.tensors)}, tilingData)) {{",
                     "        op.Process();",
                     "    }"]
    dispatch.append("}")
    hooks = compute_name(op) + (f" and {load_name(op)}" if gm_read else "")
    return template("custom_op_kernel.cpp").substitute(
        header=header_line(op.file), op_type=op.op_type, op_name=op.name, hooks=hooks,
        compute_header=f"{op.name}_compute.h", fields_view=emit_fields_view(op), template_params=", ".join(params), kernel_class=kernel_class,
        init_params=gm_params, tiling_class=tiling_class(op), set_buffers=set_buffers, init_buffers=init_buffers,
        copy_in=copy_in, copy_in_scalar=copy_in_scalar, compute=compute, copy_out=copy_out,
        copy_out_scalar=copy_out_scalar, members=members, kernel_name=kernel_name(op.op_type),
        entry_params=gm_params, dispatch=dispatch)


def sim_unit_path(op: OpSpec) -> str:
    """The simulator's translation unit of a custom op's kernel, relative to ascend_kernels/."""
    return f"{op.name}/op_sim/{op.name}.cpp"


def emit_custom_sim_unit(op: OpSpec) -> str:
    """The simulator's translation unit of the op's kernel (python/ascend_ops/sim/library.py builds
    it): the kernel-side struct of its tiling data, named as the struct the simulator's
    GET_TILING_DATA takes (ASCEND_SIM_TILING_TYPE), then the generated kernel."""
    return template("custom_kernel_sim_unit.cpp").substitute(
        header=header_line(op.file), op_name=op.name, class_name=tiling_class(op),
        tiling_data=emit_custom_kernel_tiling_data(op, tool="ascend-ops-dev generate", get_tiling_data=False,
                                                   in_package=True))


def emit_custom_kernel_tiling_data(op: OpSpec, *, tool: str, get_tiling_data: bool,
                                   in_package: bool = False) -> str:
    """The kernel-side struct of the op's tiling data, as a CANN build derives it; with
    `get_tiling_data`, also the GET_TILING_DATA that fills it from the kernel's tiling argument (the
    simulator's own GET_TILING_DATA takes the struct as ASCEND_SIM_TILING_TYPE instead);
    `in_package`: for a file of the package (the simulator's unit), not a tool's scratch file."""
    layout = tiling_layout(op)
    macro = []
    if get_tiling_data:
        cls = tiling_class(op)
        macro = ["",
                 "template <class T>",
                 "inline __aicore__ void InitCustomTilingData(const __gm__ uint8_t* tilingBuffer, T* tilingData)",
                 "{",
                 "    for (uint64_t i = 0; i < sizeof(T); ++i) {",
                 "        reinterpret_cast<uint8_t*>(tilingData)[i] = tilingBuffer[i];",
                 "    }",
                 "}",
                 "",
                 "#define GET_TILING_DATA(tilingData, tilingArg) \\",
                 f"    {cls} tilingData;                    \\",
                 f"    InitCustomTilingData<{cls}>((tilingArg), &tilingData)"]
    return template("custom_kernel_tiling_data.h").substitute(
        source=op.file, tool=tool, scratch="" if in_package else "; not part of the package",
        class_name=tiling_class(op), op_name=op.name, guard=op.name.upper(),
        macro_note=", and the GET_TILING_DATA that fills it" if get_tiling_data else "",
        fields=[f"int64_t {name};" if count == 1 else f"int64_t {name}[{count}];" for name, count in layout],
        size=8 * sum(count for _, count in layout),
        includes=(["", '#include "kernel_tiling/kernel_tiling.h"', "#ifdef ASCENDC_CPU_DEBUG",
                   '#include "kernel_log.h"', "#endif"] if get_tiling_data else []),
        get_tiling_data=macro)
