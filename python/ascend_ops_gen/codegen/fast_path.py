"""`binding/ascend_ops_cpu_generated.h`: what the compiled CPU fast path knows of every op."""
from __future__ import annotations

from ..schema import torch_schema
from ..spec import AttrType, BackwardRule, OpSpec, SpecSet
from .cpp import cpp_string
from .file_manager import header_line
from .host import wrapped_call
from .op_views import BoundArgument, DtypeCheck
from .templates import template

# The fast path (python/ascend_ops/cpu/src/ascend_ops_fast.cpp) registers `torch.ops.ascend_ops.*`
# in C++: the schemas, a CPU kernel that builds the op's view with its engine view builder
# (<op>/<op>_view.h, through the by-name dispatch `kOpViews`) and copies it, the product dtype rule
# and the autograd formula. All of that is per-op data, written here from the specs: the schema
# string (`schema.torch_schema`, the same text torch.library would get), the rank limit, the spec's
# backward rule, the op's dtype rule (Check<Op>Dtype, Note [dtype rules] in op_views.py) and the
# dtypes each product line supports. Pure: model in, text out.
#
# The table also records the digest of the spec files it was generated from (`SpecSet.view_digest`:
# products.yaml and the view ops' specs, so that adding a custom op leaves the table as it is):
# python/ascend_ops/cpu/compiled.py compares it with the specs it reads, so an edited spec that was
# not generated again keeps the extension built from the old table unused, without running this
# emitter.

FAST_PATH_HEADER = "binding/ascend_ops_cpu_generated.h"
_MAX_VIEW_DIMS = "ascend_ops::kMaxViewDims"


class FastPathError(ValueError):
    """An op the fast path cannot express; the message names the spec."""


def _attribute_part(op: OpSpec, b: BoundArgument) -> str:
    if b.part == "value":
        kind = op.attributes[b.attr_index].type
        return f"attrs[{b.attr_index}].text" if kind is AttrType.STR else f"attrs[{b.attr_index}].value"
    return f"attrs[{b.attr_index}].{b.part}"


def _dtype_rule(op: OpSpec, dtype_check: tuple[DtypeCheck, tuple[BoundArgument, ...]] | None
                ) -> tuple[list[str], str]:
    """The op's Check<Op>Dtype over OpAttrValue attributes, and its name (or nullptr)."""
    if dtype_check is None:
        return [], "nullptr"
    check, bound = dtype_check
    name = f"{check.name}FromAttributes"
    call = wrapped_call(f"return ascend_ops::{check.name}", ["dtype"] + [_attribute_part(op, b) for b in bound], 4)
    return [f"// {op.name}: {check.name} ({check.loc}) with the attributes in spec order.",
            f"inline ascend_ops::Status {name}(const char* dtype, const ascend_ops::OpAttrValue* attrs)",
            "{",
            *("    " + line for line in call.split("\n")),
            "}",
            ""], f"&{name}"


def _backward(op: OpSpec, specs: SpecSet) -> tuple[str, str]:
    if op.backward is None:
        return "BackwardRule::kNone", "nullptr"
    if op.backward.rule is BackwardRule.SCATTER:
        return "BackwardRule::kScatter", "nullptr"
    # The spec loader has checked that the inverse takes the same attributes, in the same order:
    # the C++ backward passes them on as they are.
    return "BackwardRule::kInverse", cpp_string(specs.op(op.backward.inverse).name)


def _product_dtypes(op: OpSpec, specs: SpecSet) -> str:
    names = [cpp_string(" ".join(op.supported_dtypes(p))) for p in specs.products]
    return "{" + ", ".join(names) + "}"


def emit_fast_path_header(specs: SpecSet,
                          dtype_checks: list[tuple[OpSpec, tuple[DtypeCheck, tuple[BoundArgument, ...]] | None]],
                          source: str) -> str:
    """Every op's fast-path entry; `dtype_checks` holds each op's bound dtype rule (or None)."""
    for op, _ in dtype_checks:
        if len(op.inputs) != 1 or len(op.outputs) != 1:
            raise FastPathError(f"{op.loc}: op {op.name} has {len(op.inputs)} inputs and "
                                f"{len(op.outputs)} outputs; the CPU fast path handles one of each")
    rules, entries = [], []
    for op, check in dtype_checks:
        lines, check_name = _dtype_rule(op, check)
        rules += lines
        backward, inverse = _backward(op, specs)
        max_rank = str(op.max_rank) if op.max_rank is not None else _MAX_VIEW_DIMS
        entries += [f"// {op.name} ({op.file})",
                    f"{{{cpp_string(op.name)}, {cpp_string(torch_schema(op))}, {max_rank}, {backward}, "
                    f"{inverse}, {check_name},",
                    f" {_product_dtypes(op, specs)}}},"]
    return template("ascend_ops_cpu_generated.h").substitute(
        header=header_line(source),
        product_count=str(len(specs.products)),
        product_keys=", ".join(cpp_string(p.key) for p in specs.products),
        specs_digest=cpp_string(specs.view_digest),
        dtype_rules=rules,
        entries=entries,
        op_count=str(len(dtype_checks)))
