"""The ops' view builders as their specs declare them, and the compile-time check of the C++."""
from __future__ import annotations

from dataclasses import dataclass

from ..spec import AttrType, OpSpec
from .cpp import camel

# Every op `<op>` has a hand-written `inline Status Build<Op>View(const TensorShape& input,
# <arguments>, TensorShape* outShape, StridedView* view)` in `ascend_kernels/<op>/<op>_view.h`,
# where <arguments> are the op's attributes in spec order, either as parameters or, when the spec
# says `view_builder: {args: struct}`, as the fields of one `const <Op>Args&`. The generated tiling
# function calls it, so the codegen binds each attribute to its C++ argument from the spec alone
# (Note [attribute binding]) and never reads the header: the generated op_host source states the
# signature the spec implies in `static_assert`s (`view_checks`), and the compiler, not a parser,
# holds the header to it. A header that disagrees fails every build of the op (the simulator's,
# `ascend-ops-dev check-cann`, the host syntax check) with a message naming the spec and the header.
#
# Note [attribute binding]
#     int          -> int64_t <name>
#     int[], int[]? -> const int64_t* <name>, int64_t <name>Size   (int[]?: nullptr when absent)
#     str          -> const char* <name>
#     float        -> float <name>                                (filling view ops; a float32)
#     int[][]      -> const int64_t* <name>, int64_t <name>Size   (filling view ops; the rows
#                                                                  flattened, <name>Size ints)
# with <name> the attribute's name in lowerCamelCase (`begin_mask` -> `beginMask`). As parameters
# only their types and order are checked (a parameter's name is no part of a C++ type); as the
# fields of `<Op>Args`, each field's name and type, and that the struct has no other field.
#
# Note [dtype rules]
# An op whose arguments are valid only for some dtypes (DepthToSpace's NCHW_VECT_C needs int8)
# declares `view_builder: {dtype_check: [<attributes>]}` and has `inline Status Check<Op>Dtype(const
# char* dtype, <those attributes>)` beside its view builder, bound as above, in spec order. The
# generated tiling function calls it, with the op_specs/ name of the input's dtype, before the view
# builder, as the reference checks the dtype between the attributes and the shape.


class ViewBuilderError(ValueError):
    """The op's view builder cannot be found; the message names the spec and the header."""


@dataclass(frozen=True)
class CppParam:
    ctype: str   # "const int64_t*", "int64_t", "const char*"
    name: str


@dataclass(frozen=True)
class ViewBuilder:
    name: str                     # "BuildSliceView"
    loc: str                      # the spec line that declares it ("op_specs/slice.yaml:1")
    args_struct: str | None       # "StridedSliceArgs" when the arguments travel in a struct
    params: tuple[CppParam, ...]  # the op's arguments, in order (struct fields or parameters)


@dataclass(frozen=True)
class BoundArgument:
    """One C++ argument of a view builder and the attribute it comes from."""

    param: CppParam
    attr_index: int               # index of the attribute in the OpDef (RuntimeAttrs index)
    part: str                     # "value", "data" or "size"


@dataclass(frozen=True)
class DtypeCheck:
    """An op's Check<Op>Dtype (Note [dtype rules])."""

    name: str
    loc: str
    params: tuple[CppParam, ...]  # after `const char* dtype`


def _pascal(op: OpSpec) -> str:
    return "".join(part[:1].upper() + part[1:] for part in op.name.split("_"))


def builder_name(op: OpSpec) -> str:
    return f"Build{_pascal(op)}View"


def dtype_check_name(op: OpSpec) -> str:
    return f"Check{_pascal(op)}Dtype"


def args_struct_name(op: OpSpec) -> str:
    return f"{_pascal(op)}Args"


def bind_attributes(op: OpSpec) -> tuple[ViewBuilder, tuple[BoundArgument, ...]]:
    """The builder of `op` as its spec declares it and, per C++ argument, the attribute that
    feeds it (Note [attribute binding])."""
    bound: list[BoundArgument] = []
    for index, attr in enumerate(op.attributes):
        base = camel(attr.name)
        if attr.type is AttrType.INT:
            bound.append(BoundArgument(CppParam("int64_t", base), index, "value"))
        elif attr.type is AttrType.FLOAT:
            bound.append(BoundArgument(CppParam("float", base), index, "value"))
        elif attr.type in (AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST, AttrType.INT_ROWS):
            bound.append(BoundArgument(CppParam("const int64_t*", base), index, "data"))
            bound.append(BoundArgument(CppParam("int64_t", base + "Size"), index, "size"))
        else:
            bound.append(BoundArgument(CppParam("const char*", base), index, "value"))
    decl = op.view_builder
    struct = args_struct_name(op) if decl is not None and decl.args_struct else None
    loc = str(decl.loc) if decl is not None else str(op.loc)
    return ViewBuilder(builder_name(op), loc, struct, tuple(b.param for b in bound)), tuple(bound)


def bind_dtype_check(op: OpSpec, builder_args: tuple[BoundArgument, ...]
                     ) -> tuple[DtypeCheck, tuple[BoundArgument, ...]] | None:
    """The op's dtype rule and the attribute of each of its arguments, or None when its spec
    declares none (Note [dtype rules])."""
    decl = op.view_builder
    if decl is None or decl.dtype_check is None:
        return None
    names = [a.name for a in op.attributes]
    wanted = {names.index(name) for name in decl.dtype_check}
    bound = tuple(b for b in builder_args if b.attr_index in wanted)
    return DtypeCheck(dtype_check_name(op), str(decl.loc), tuple(b.param for b in bound)), bound


# --- the compile-time check -----------------------------------------------------------------------

_NS = "ascend_ops::"
_ENGINE_TYPES = ("TensorShape", "StridedView", "Status")


def _qualified(ctype: str) -> str:
    for name in _ENGINE_TYPES:
        ctype = ctype.replace(name, _NS + name)
    return ctype


def signature(params: list[CppParam] | tuple[CppParam, ...]) -> str:
    return "(" + ", ".join(f"{p.ctype} {p.name}" for p in params) + ")"


def _function_type(params: list[CppParam]) -> str:
    return f"{_NS}Status (*)({', '.join(_qualified(p.ctype) for p in params)})"


def _assert(condition: str, message: str) -> list[str]:
    text = message.replace("\\", "\\\\").replace('"', '\\"')
    return [f"static_assert({condition},", f'              "{text}");']


def view_checks(op: OpSpec, builder: ViewBuilder, bound: tuple[BoundArgument, ...],
                dtype_check: DtypeCheck | None, header: str) -> list[str]:
    """`static_assert`s (C++11, as CANN's op_host line compiles) that `header` declares the view
    builder and dtype rule exactly as the spec implies (Note [attribute binding])."""
    note = "Note [attribute binding] in ascend_ops_gen/codegen/op_views.py"
    shape_in, shape_out, view = (CppParam("const TensorShape&", "input"), CppParam("TensorShape*", "outShape"),
                                 CppParam("StridedView*", "view"))
    middle = [CppParam(f"const {builder.args_struct}&", "args")] if builder.args_struct else list(builder.params)
    wanted = [shape_in, *middle, shape_out, view]
    qualified = [CppParam(f"const {_NS}{builder.args_struct}&", "args")] if builder.args_struct else middle
    lines = _assert(f"std::is_same<decltype(&{_NS}{builder.name}), {_function_type([shape_in, *qualified, shape_out, view])}>::value",
                    f"{header} must declare Status {builder.name}{signature(wanted)}: so {op.file} binds "
                    f"the attributes of {op.name} ({note})")
    if builder.args_struct:
        struct = f"{_NS}{builder.args_struct}"
        for b in bound:
            p = b.param
            lines += _assert(f"std::is_same<decltype({struct}::{p.name}), {p.ctype}>::value",
                             f"{header}: {builder.args_struct}::{p.name} must be of type {p.ctype}, for attribute "
                             f"{op.attributes[b.attr_index].name} of {op.file} ({note})")
        more = ", ".join([f"{_NS}AnyField"] * (len(bound) + 1))
        lines += _assert(f"!{_NS}AggregateTakes<{struct}, {more}>(0)",
                         f"{header}: {builder.args_struct} has a field beyond the {len(bound)} the attributes "
                         f"of {op.file} fill ({note})")
    if dtype_check is not None:
        wanted = [CppParam("const char*", "dtype"), *dtype_check.params]
        lines += _assert(f"std::is_same<decltype(&{_NS}{dtype_check.name}), {_function_type(wanted)}>::value",
                         f"{header} must declare Status {dtype_check.name}{signature(wanted)}: so "
                         f"view_builder.dtype_check of {op.file} declares it (Note [dtype rules] in "
                         f"ascend_ops_gen/codegen/op_views.py)")
    return lines
