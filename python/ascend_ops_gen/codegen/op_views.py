"""Read the signatures of the ops' view builders out of `ascend_kernels/<op>/<op>_view.h`.

Every op `<op>` has `inline Status Build<Op>View(const TensorShape& input, <arguments>,
TensorShape* outShape, StridedView* view)`, where <arguments> are the op's attributes in spec
order, either as parameters or as the fields of one `const <Op>Args&` struct. The generated
tiling function calls it, so the codegen binds each attribute to its C++ parameter by name and
type (Note [attribute binding]) and fails, naming both files, when spec and engine disagree.

Note [attribute binding]
    int          -> int64_t <name>
    int[], int[]? -> const int64_t* <name>, int64_t <name>Size   (int[]?: nullptr when absent)
    str          -> const char* <name>
with <name> the attribute's name in lowerCamelCase (`begin_mask` -> `beginMask`).

Note [dtype rules]
An op whose arguments are valid only for some dtypes (DepthToSpace's NCHW_VECT_C needs int8) has
`inline Status Check<Op>Dtype(const char* dtype, <arguments>)` beside its view builder, <arguments>
some of its attributes in spec order, bound as above. The generated tiling function calls it, with
the op_specs/ name of the input's dtype, before the view builder, as the reference checks the
dtype between the attributes and the shape.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..spec import AttrType, OpSpec
from .copy_tiling import strip_cpp_comments
from .cpp import camel

_BUILDER = re.compile(r"\binline\s+Status\s+(?P<name>Build\w+View)\s*\(")
_DTYPE_CHECK = re.compile(r"\binline\s+Status\s+(?P<name>Check\w+Dtype)\s*\(")
_STRUCT = re.compile(r"^\s*struct\s+(?P<name>\w+)\s*\{\s*$")
_MEMBER = re.compile(r"^\s*(?P<decl>[^;{}()]+?)\s*;\s*$")


class ViewBuilderError(ValueError):
    """The engine's view builder and the op spec disagree; the message names both places."""


@dataclass(frozen=True)
class CppParam:
    ctype: str   # normalised: "const int64_t*", "int64_t", "const char*"
    name: str


@dataclass(frozen=True)
class ViewBuilder:
    name: str                     # "BuildSliceView"
    loc: str                      # "ascend_kernels/slice/slice_view.h:14"
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


def dtype_check_name(op: OpSpec) -> str:
    return f"Check{_pascal(op)}Dtype"


def load_dtype_checks(path: Path, label: str) -> dict[str, DtypeCheck]:
    return parse_dtype_checks(path.read_text(encoding="utf-8"), label) if path.is_file() else {}


def parse_dtype_checks(text: str, label: str) -> dict[str, DtypeCheck]:
    code = strip_cpp_comments(text)
    checks: dict[str, DtypeCheck] = {}
    for m in _DTYPE_CHECK.finditer(code):
        loc = f"{label}:{code.count(chr(10), 0, m.start()) + 1}"
        params = _params(code, m.end(), loc)
        if not params or params[0] != CppParam("const char*", "dtype"):
            raise ViewBuilderError(f"{loc}: {m.group('name')} must take (const char* dtype, <attributes>); got "
                                   f"{_signature(params)}")
        checks[m.group("name")] = DtypeCheck(m.group("name"), loc, tuple(params[1:]))
    return checks


def bind_dtype_check(op: OpSpec, checks: dict[str, DtypeCheck], builder_args: tuple[BoundArgument, ...]
                     ) -> tuple[DtypeCheck, tuple[BoundArgument, ...]] | None:
    """The op's dtype rule and the attribute of each of its arguments, or None when it has none
    (Note [dtype rules])."""
    check = checks.get(dtype_check_name(op))
    if check is None:
        return None
    available = {b.param: b for b in builder_args}
    bound = []
    for param in check.params:
        if param not in available:
            raise ViewBuilderError(
                f"{check.loc}: {check.name} takes {param.ctype} {param.name}, which is no attribute of op "
                f"{op.name} ({op.loc}; Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)")
        bound.append(available[param])
    order = [builder_args.index(b) for b in bound]
    if order != sorted(order):
        raise ViewBuilderError(f"{check.loc}: {check.name} must take its attributes in the spec's order "
                               f"({op.loc})")
    return check, tuple(bound)


def builder_name(op: OpSpec) -> str:
    return "Build" + "".join(part[:1].upper() + part[1:] for part in op.name.split("_")) + "View"


def load_view_builders(path: Path, label: str) -> dict[str, ViewBuilder]:
    if not path.is_file():
        raise ViewBuilderError(f"{label}:1: missing; the generated tiling functions call its "
                               f"Build<Op>View functions")
    return parse_view_builders(path.read_text(encoding="utf-8"), label)


def parse_view_builders(text: str, label: str) -> dict[str, ViewBuilder]:
    code = strip_cpp_comments(text)
    structs = _structs(code)
    builders: dict[str, ViewBuilder] = {}
    for m in _BUILDER.finditer(code):
        line = code.count("\n", 0, m.start()) + 1
        loc = f"{label}:{line}"
        params = _params(code, m.end(), loc)
        if len(params) < 3 or params[0].ctype != "const TensorShape&" or \
                params[-2].ctype != "TensorShape*" or params[-1].ctype != "StridedView*":
            raise ViewBuilderError(
                f"{loc}: {m.group('name')} must take (const TensorShape& input, <arguments>, "
                f"TensorShape* outShape, StridedView* view); got "
                f"({', '.join(f'{p.ctype} {p.name}' for p in params)})")
        middle = params[1:-2]
        struct = None
        if len(middle) == 1 and middle[0].ctype.startswith("const ") and \
                middle[0].ctype.endswith("&"):
            struct = middle[0].ctype[len("const "):-1]
            if struct not in structs:
                raise ViewBuilderError(f"{loc}: {m.group('name')} takes a {struct} but {label} "
                                       f"defines no `struct {struct} {{`")
            middle = structs[struct]
        builders[m.group("name")] = ViewBuilder(m.group("name"), loc, struct, tuple(middle))
    return builders


def bind_attributes(op: OpSpec, builders: dict[str, ViewBuilder], label: str
                    ) -> tuple[ViewBuilder, tuple[BoundArgument, ...]]:
    """The builder of `op` and, per C++ argument, the attribute that feeds it (Note [attribute
    binding])."""
    name = builder_name(op)
    builder = builders.get(name)
    if builder is None:
        raise ViewBuilderError(
            f"{op.loc}: op {op.name} needs `inline Status {name}(const TensorShape& input, "
            f"<attributes>, TensorShape* outShape, StridedView* view)` in {label}; it has "
            f"{', '.join(sorted(builders)) or 'no view builder'}")
    expected: list[BoundArgument] = []
    for index, attr in enumerate(op.attributes):
        base = camel(attr.name)
        if attr.type is AttrType.INT:
            expected.append(BoundArgument(CppParam("int64_t", base), index, "value"))
        elif attr.type in (AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST):
            expected.append(BoundArgument(CppParam("const int64_t*", base), index, "data"))
            expected.append(BoundArgument(CppParam("int64_t", base + "Size"), index, "size"))
        else:
            expected.append(BoundArgument(CppParam("const char*", base), index, "value"))
    got = list(builder.params)
    if [b.param for b in expected] != got:
        where = f"struct {builder.args_struct}" if builder.args_struct else "its parameters"
        raise ViewBuilderError(
            f"{op.loc}: the attributes of op {op.name} do not match {name} ({builder.loc}, "
            f"{where}; Note [attribute binding] in ascend_ops_gen/codegen/op_views.py):\n"
            f"  spec wants:   {_signature([b.param for b in expected])}\n"
            f"  engine takes: {_signature(got)}")
    return builder, tuple(expected)


# --- helpers --------------------------------------------------------------------------------------

def _signature(params: list[CppParam]) -> str:
    return "(" + ", ".join(f"{p.ctype} {p.name}" for p in params) + ")"


def _try_param(text: str) -> CppParam | None:
    text = " ".join(text.split())
    m = re.match(r"^(?P<type>.*?)\s*\b(?P<name>[A-Za-z_]\w*)$", text)
    if not m or not m.group("type"):
        return None
    ctype = re.sub(r"\s*([*&])", r"\1", m.group("type").strip())
    return CppParam(ctype, m.group("name"))


def _param(text: str, loc: str) -> CppParam:
    param = _try_param(text)
    if param is None:
        raise ViewBuilderError(f"{loc}: cannot read the parameter {' '.join(text.split())!r}")
    return param


def _params(code: str, start: int, loc: str) -> list[CppParam]:
    depth, end = 1, start
    while depth and end < len(code):
        depth += {"(": 1, ")": -1}.get(code[end], 0)
        end += 1
    inner = code[start:end - 1]
    return [_param(p, loc) for p in inner.split(",") if p.strip()]


def _structs(code: str) -> dict[str, list[CppParam]]:
    found: dict[str, list[CppParam]] = {}
    lines = code.split("\n")
    for i, line in enumerate(lines):
        m = _STRUCT.match(line)
        if not m:
            continue
        members: list[CppParam] = []
        for j in range(i + 1, len(lines)):
            if lines[j].strip().startswith("}"):
                break
            if not lines[j].strip():
                continue
            member = _MEMBER.match(lines[j])
            param = _try_param(member.group("decl")) if member else None
            if param is None:
                members = []  # not a plain field list (arrays, methods): not an args struct
                break
            members.append(param)
        found[m.group("name")] = members
    return found
