"""The product table's C++ structs, written from op_specs/products.yaml."""
from __future__ import annotations

import re

from ..spec import ProductFact
from ..spec.model import SET_FACT_TYPES

# Note [product table layout]
# `common/products_generated.h` declares `ProductInfo` and `SocEntry` (host code),
# `common/arch_traits_generated.h` `ArchTraits` (what kernel builds read), and they fill arrays of
# them, all from products.yaml: the structs and their rows are written together, so they cannot
# disagree. `ProductInfo` holds a product line's structural keys (key, add_config, npu_arch,
# architecture) and then one field per key of products.yaml's `facts:`, in its order, named by
# the key in camelCase (`ub_reserved_bytes` -> `ubReservedBytes`, `gather_8bit` -> `gather8Bit`) and
# typed by its declared type (a set of dtypes or round modes is a uint32_t mask: bit i for the i-th
# name of the dtype table, `kDtypeBit<Dtype>` in arch_traits_generated.h, or for AscendC's RoundMode
# value i). `ArchTraits` holds npu_arch and the facts declared `per: arch`. Adding a product fact is
# therefore one key under `facts:` (and its values) plus the code that uses it.

# C++ type of each fact type of products.yaml (model.FACT_TYPES).
CPP_FACT_TYPES = {"bool": "bool", "int32": "int32_t", "int64": "int64_t", "dtypes": "uint32_t",
                  "round_modes": "uint32_t"}


def cpp_field_name(key: str) -> str:
    """The C++ field of a products.yaml key: camelCase, a letter after a digit upper-cased too
    (`gather_max_offset_16bit` -> `gatherMaxOffset16Bit`)."""
    first, *rest = key.split("_")
    return first + "".join(re.sub(r"[a-z]", lambda m: m.group(0).upper(), part, count=1) for part in rest)


def dtype_bit_name(dtype: str) -> str:
    """The C++ constant of a dtype's bit in a `dtypes` fact's mask: `float16` -> `kDtypeBitFloat16`."""
    return "kDtypeBit" + "".join(part.capitalize() for part in dtype.split("_"))


def cpp_fact_value(fact: ProductFact) -> str:
    if fact.type == "bool":
        return "true" if fact.value else "false"
    if fact.type in SET_FACT_TYPES:
        return f"0x{fact.mask:X}u"
    if fact.type == "int64" and not -2**31 <= int(fact.value) < 2**31:
        return f"INT64_C({int(fact.value)})"
    return str(int(fact.value))


def struct_members(members: list[tuple[str, str, str]], width: int = 34) -> list[str]:
    """`<type> <name>;  // doc` lines, the comments aligned at `width` or after the longest."""
    decls = [f"{ctype} {name};" for ctype, name, _ in members]
    width = max([width] + [len(d) + 2 for d in decls])
    return [f"{d.ljust(width)}// {doc}" if doc else d for d, (_, _, doc) in zip(decls, members)]
