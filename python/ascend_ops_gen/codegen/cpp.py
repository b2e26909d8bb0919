"""How the spec model is spelled in CANN's C++: pure translations, no templates, no I/O.

The model (`ascend_ops_gen.spec`) knows nothing of C++; every C++ name the emitters need comes from
here, so a CANN spelling is written down once.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import SpecError
from ..schema import flat_rows
from ..spec import Attribute, AttrType, OpSpec, Product, SpecSet

# ge::DataType of each dtype name of the spec vocabulary (graph/types.h).
GE_DTYPES = {
    "float16": "ge::DT_FLOAT16", "float32": "ge::DT_FLOAT", "bfloat16": "ge::DT_BF16",
    "float64": "ge::DT_DOUBLE", "int8": "ge::DT_INT8", "uint8": "ge::DT_UINT8",
    "int16": "ge::DT_INT16", "uint16": "ge::DT_UINT16", "int32": "ge::DT_INT32",
    "uint32": "ge::DT_UINT32", "int64": "ge::DT_INT64", "uint64": "ge::DT_UINT64",
    "bool": "ge::DT_BOOL",
}

# The kernel moves bits, not numbers: one unsigned type per element size.
_ELEMENT_TYPES = {1: "uint8_t", 2: "uint16_t", 4: "uint32_t", 8: "uint64_t"}

FORMAT_ND = "ge::FORMAT_ND"


def ge_dtype(name: str, specs: SpecSet) -> str:
    try:
        return GE_DTYPES[name]
    except KeyError:
        products = specs.products[0].loc.file if specs.products else "op_specs/products.yaml"
        raise SpecError(f"{products}: dtype {name!r} has no ge::DataType spelling; add it to "
                        f"GE_DTYPES in ascend_ops_gen/codegen/cpp.py") from None


def element_type(size: int) -> str:
    return _ELEMENT_TYPES[size]


def kernel_name(op_type: str) -> str:
    """CANN's OpType -> kernel entry / file name rule: AddCustom -> add_custom,
    Conv2DCustom -> conv2_d_custom, GatherV2Custom -> gather_v2_custom."""
    out: list[str] = []
    for i, c in enumerate(op_type):
        if c.isupper() and i > 0:
            prev = op_type[i - 1]
            nxt = op_type[i + 1] if i + 1 < len(op_type) else ""
            if prev.islower() or prev.isdigit() or (prev.isupper() and nxt.islower()):
                out.append("_")
        out.append(c.lower())
    return "".join(out)


# The BEGIN_TILING_DATA_DEF twin of the engine's CopyTiling: one class, registered for every OpType.
TILING_DATA_CLASS = "CopyTilingData"


def camel(name: str) -> str:
    """snake_case attribute name -> lowerCamel C++ local (`begin_mask` -> `beginMask`)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def cpp_string(text: str) -> str:
    """A C++ string literal (JSON escaping is valid C++ for the ASCII the specs use)."""
    return json.dumps(text, ensure_ascii=True)


def _int_list(values: Any) -> str:
    return "{" + ", ".join(str(int(v)) for v in values) + "}"


@dataclass(frozen=True)
class OpDefAttr:
    """How an OpDef declares one spec attribute: `this->Attr(name).AttrType(param_type)
    .kind(default)`. The aclnn API CANN generates from the OpDef follows from it (aclnn.py)."""

    name: str
    param_type: str  # "REQUIRED" or "OPTIONAL"
    kind: str        # "Int", "ListInt" or "String"
    default: str     # the C++ text inside kind(...); "" for a required attribute


def cpp_float(value: float) -> str:
    """A float literal of C++ for a float32 value (Note [float attributes]: it is one exactly)."""
    text = repr(float(value))
    if text in ("nan", "inf", "-inf"):
        raise SpecError(f"attribute default {text}: write a finite default (C++ has no literal for it)")
    return (text if ("." in text or "e" in text) else text + ".0") + "F"


def opdef_attr(attr: Attribute) -> OpDefAttr:
    param_type = "REQUIRED" if attr.required else "OPTIONAL"
    if attr.type is AttrType.INT:
        kind, default = "Int", "" if attr.required else str(int(attr.default))
    elif attr.type is AttrType.INT_LIST:
        kind, default = "ListInt", "" if attr.required else _int_list(attr.default)
    elif attr.type is AttrType.OPTIONAL_INT_LIST:  # absent (None) arrives as an empty list
        param_type, kind = "OPTIONAL", "ListInt"
        default = _int_list(() if attr.required or attr.default is None else attr.default)
    elif attr.type is AttrType.STR:
        kind, default = "String", "" if attr.required else cpp_string(attr.default)
    elif attr.type is AttrType.FLOAT:
        kind, default = "Float", "" if attr.required else cpp_float(attr.default)
    elif attr.type is AttrType.INT_ROWS:  # flattened, row after row (schema.flat_rows)
        kind, default = "ListInt", "" if attr.required else _int_list(flat_rows(attr.default))
    else:  # pragma: no cover - AttrType is closed
        raise SpecError(f"{attr.loc}: attribute type {attr.type.value} has no OpDef spelling")
    return OpDefAttr(attr.name, param_type, kind, default)


def attr_def(attr: Attribute) -> str:
    """`this->Attr(...)` chain of an OpDef for one spec attribute."""
    a = opdef_attr(attr)
    return f'this->Attr({cpp_string(a.name)}).AttrType({a.param_type}).{a.kind}({a.default});'


def op_element_sizes(op: OpSpec, specs: SpecSet) -> tuple[int, ...]:
    """The element sizes every op's kernel handles, its tiling keys: all sizes of the dtype
    vocabulary. The OpDef's dtypes decide what CANN sends it; the simulator, with no product
    active, moves any dtype as one of its size (python/ascend_ops/sim/runner.py)."""
    del op  # the kernel moves raw units, whatever the op's dtypes
    return tuple(sorted({size for _, size in specs.dtype_sizes}))


def product_dtypes(op: OpSpec, product: Product, specs: SpecSet) -> tuple[str, ...]:
    """`ge::DT_*` list of the op on one product, in the spec's order."""
    return tuple(ge_dtype(d, specs) for d in op.supported_dtypes(product))
