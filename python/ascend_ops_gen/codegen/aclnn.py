"""The aclnn API that CANN's build generates for a custom op, predicted from its OpDef."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..spec import OpSpec
from .cpp import camel, kernel_name, opdef_attr

# Building an op package generates, per OpType `Xxx`, `aclnn_xxx.h` with
#
#     aclnnStatus aclnnXxxGetWorkspaceSize(<inputs>, <attributes>, <outputs>,
#                                          uint64_t *workspaceSize, aclOpExecutor **executor);
#     aclnnStatus aclnnXxx(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
#                          aclrtStream stream);
#
# Note [aclnn rules]
#     order        inputs, then attributes in declaration order, then outputs
#     input        const aclTensor *<name>         (optional input: <name>Optional)
#     output       const aclTensor *out            (one output; several: <name>Out each)
#     in = out     one aclTensor *<name>Ref        (an input and an output of the same name)
#     Int          int64_t <name>
#     Float        double <name>
#     Bool         bool <name>
#     ListInt      const aclIntArray *<name>       (optional: <name>Optional)
#     String       char *<name>                    (optional: <name>Optional)
# with <name> the OpDef name in lowerCamelCase. These are CANN's documented rules for the
# single-operator API ("Single-Operator API Calling" in the Ascend C guide) and what published
# generated headers show; an optional scalar attribute keeps its plain name in those headers.
# No CANN build has checked this module's output: `ascend-ops-dev check-npu` compares it with the
# binding, and an Atlas build's `build_out/autogen/aclnn_*.h` is the real answer.
#
# Two sources feed the same rules: the spec model (`opdef_arguments`, what the binding emitter
# declares) and the text of a generated OpDef (`parse_opdef`, what CANN reads), so the check
# that compares them sees any drift between the OpDef and the binding.


class AclnnError(ValueError):
    """An OpDef the rules cannot turn into an aclnn API, or text that does not parse."""


@dataclass(frozen=True)
class OpDefArgument:
    """One `this->Input / Attr / Output(...)` of an OpDef."""

    role: str        # "input", "attr" or "output"
    name: str        # as the OpDef spells it (snake_case for this package's attributes)
    kind: str        # "Tensor" for inputs and outputs; the attribute's Int, ListInt, String, ...
    optional: bool


@dataclass(frozen=True)
class AclnnParam:
    ctype: str       # "const aclTensor *", "int64_t", "char *", ...
    name: str

    def __str__(self) -> str:
        return f"{self.ctype}{self.name}" if self.ctype.endswith("*") else f"{self.ctype} {self.name}"


@dataclass(frozen=True)
class AclnnApi:
    """The two functions of one op."""

    op_type: str
    get_workspace_size: tuple[AclnnParam, ...]  # the op's own parameters, without the last two
    launch: tuple[AclnnParam, ...]

    @property
    def name(self) -> str:
        return f"aclnn{self.op_type}"

    @property
    def workspace_function(self) -> str:
        return f"{self.name}GetWorkspaceSize"

    def prototypes(self) -> tuple[str, str]:
        """The two declarations, as a generated `aclnn_*.h` spells them (without `extern`)."""
        workspace = ", ".join(str(p) for p in self.get_workspace_size + _WORKSPACE_OUT)
        launch = ", ".join(str(p) for p in self.launch)
        return (f"aclnnStatus {self.workspace_function}({workspace});",
                f"aclnnStatus {self.name}({launch});")


_WORKSPACE_OUT = (AclnnParam("uint64_t *", "workspaceSize"),
                  AclnnParam("aclOpExecutor **", "executor"))
_LAUNCH = (AclnnParam("void *", "workspace"), AclnnParam("uint64_t", "workspaceSize"),
           AclnnParam("aclOpExecutor *", "executor"), AclnnParam("aclrtStream", "stream"))

# Attribute kind -> (C type, whether an optional one takes the `Optional` suffix).
_ATTR_TYPES = {
    "Int": ("int64_t", False),
    "Float": ("double", False),
    "Bool": ("bool", False),
    "ListInt": ("const aclIntArray *", True),
    "String": ("char *", True),
}


def opdef_arguments(op: OpSpec) -> tuple[OpDefArgument, ...]:
    """The OpDef of `op` as the codegen declares it (host.py, templates/op_host.cpp)."""
    inputs = [OpDefArgument("input", t.name, "Tensor", t.optional) for t in op.inputs]
    attrs = [OpDefArgument("attr", a.name, a.kind, a.param_type == "OPTIONAL")
             for a in map(opdef_attr, op.attributes)]
    outputs = [OpDefArgument("output", t.name, "Tensor", False) for t in op.outputs]
    return tuple(inputs + attrs + outputs)


def aclnn_api(op_type: str, arguments: tuple[OpDefArgument, ...]) -> AclnnApi:
    """Note [aclnn rules] applied to an OpDef's declarations."""
    inputs = [a for a in arguments if a.role == "input"]
    attrs = [a for a in arguments if a.role == "attr"]
    outputs = [a for a in arguments if a.role == "output"]
    in_place = {a.name for a in inputs} & {a.name for a in outputs}
    params: list[AclnnParam] = []
    for a in inputs:
        if a.name in in_place:
            params.append(AclnnParam("aclTensor *", camel(a.name) + "Ref"))
        else:
            params.append(AclnnParam("const aclTensor *",
                                     camel(a.name) + ("Optional" if a.optional else "")))
    for a in attrs:
        if a.kind not in _ATTR_TYPES:
            raise AclnnError(f"{op_type}: attribute {a.name!r} has kind {a.kind}, which "
                             f"Note [aclnn rules] does not cover; known: {', '.join(_ATTR_TYPES)}")
        ctype, suffixed = _ATTR_TYPES[a.kind]
        params.append(AclnnParam(ctype, camel(a.name) + ("Optional" if a.optional and suffixed
                                                         else "")))
    plain_outputs = [a for a in outputs if a.name not in in_place]
    for a in plain_outputs:
        name = "out" if len(outputs) == 1 else camel(a.name) + "Out"
        params.append(AclnnParam("const aclTensor *", name))
    return AclnnApi(op_type, tuple(params), _LAUNCH)


def header_name(op_type: str) -> str:
    """`aclnn_<op type in snake_case>.h`, the header CANN generates for an OpType (AscendSlice ->
    aclnn_ascend_slice.h; op_build's snake case is the kernel name's)."""
    return f"aclnn_{kernel_name(op_type)}.h"


def emit_header(api: AclnnApi) -> str:
    """The aclnn header of `api` as the rules predict CANN's generator writes it: the declarations
    behind `#include "aclnn/acl_meta.h"`, in C linkage. What the binding compiles against where
    CANN's op_build has not run; `ascend-ops-dev check-package` compares it with op_build's."""
    guard = header_name(api.op_type).upper().replace(".", "_")
    return "\n".join([
        f"// The aclnn API of {api.op_type} as Note [aclnn rules] (ascend_ops_gen/codegen/aclnn.py)",
        "// predicts CANN's op_build generates it.",
        f"#ifndef {guard}", f"#define {guard}", "", '#include "aclnn/acl_meta.h"', "",
        "#ifdef __cplusplus", 'extern "C" {', "#endif", "",
        *(f'__attribute__((visibility("default")))\n{p}\n' for p in api.prototypes()),
        "#ifdef __cplusplus", "}", "#endif", "", f"#endif  // {guard}", ""])


# --- reading C++ ---------------------------------------------------------------------------------

_OPDEF_CLASS = re.compile(r"class\s+(?P<op_type>\w+)\s*:\s*public\s+OpDef\b")
_OPDEF_DECL = re.compile(
    r"this->(?P<role>Input|Output|Attr)\(\s*\"(?P<name>[^\"]+)\"\s*\)"
    r"\.(?:ParamType|AttrType)\(\s*(?P<param_type>REQUIRED|OPTIONAL|DYNAMIC)\s*\)"
    r"(?:\.(?P<kind>Int|Float|Bool|ListInt|String|ListFloat|ListBool|ListListInt)\()?")
_PROTOTYPE = re.compile(r"\baclnnStatus\s+(?P<name>aclnn\w+)\s*\((?P<params>[^)]*)\)\s*;")


def parse_opdef(text: str, label: str) -> tuple[str, tuple[OpDefArgument, ...]]:
    """(OpType, declarations) of the one OpDef class in a generated op_host source."""
    classes = _OPDEF_CLASS.findall(text)
    if len(classes) != 1:
        raise AclnnError(f"{label}: expected one `class <OpType> : public OpDef`, found "
                         f"{len(classes)}")
    found = []
    for m in _OPDEF_DECL.finditer(text):
        role = {"Input": "input", "Output": "output", "Attr": "attr"}[m["role"]]
        if m["param_type"] == "DYNAMIC":
            raise AclnnError(f"{label}: {m['role']}({m['name']!r}) is DYNAMIC, which Note "
                             f"[aclnn rules] does not cover")
        kind = m["kind"] if role == "attr" else "Tensor"
        if kind is None:
            raise AclnnError(f"{label}: Attr({m['name']!r}) names no attribute type")
        found.append(OpDefArgument(role, m["name"], kind, m["param_type"] == "OPTIONAL"))
    order = {"input": 0, "attr": 1, "output": 2}  # the API's order, whatever the source's
    return classes[0], tuple(sorted(found, key=lambda a: order[a.role]))


def parse_prototypes(text: str) -> dict[str, tuple[AclnnParam, ...]]:
    """Every `aclnnStatus aclnn...(...);` declaration in C++ text: name -> parameters."""
    out: dict[str, tuple[AclnnParam, ...]] = {}
    for m in _PROTOTYPE.finditer(text):
        params = []
        for raw in m["params"].split(","):
            raw = " ".join(raw.split())
            if not raw:
                continue
            p = re.match(r"^(?P<type>.*?[\s*])(?P<name>[A-Za-z_]\w*)$", raw)
            if p is None:
                raise AclnnError(f"{m['name']}: cannot read parameter {raw!r}")
            ctype = re.sub(r"\s*(\*+)\s*$", lambda s: " " + s.group(1), p["type"].strip())
            params.append(AclnnParam(ctype, p["name"]))
        out[m["name"]] = tuple(params)
    return out


def expected_prototypes(api: AclnnApi) -> dict[str, tuple[AclnnParam, ...]]:
    """`parse_prototypes` of `api.prototypes()`: what the rules say the two functions take."""
    return parse_prototypes("\n".join(api.prototypes()))
