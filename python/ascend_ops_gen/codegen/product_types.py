"""The product table's C++ structs, written from op_specs/products.yaml.

Note [product table layout]
`common/products_generated.h` declares `ProductInfo` and `SocEntry` (host code),
`common/arch_traits_generated.h` `ArchTraits` (what kernel builds read), and they fill arrays of
them, all from products.yaml: the structs and their rows are written together, so they cannot
disagree. `ProductInfo` holds a product line's structural keys (key, add_config, npu_arch,
architecture) and then one field per key of products.yaml's `facts:`, in its order, named by
the key in camelCase (`ub_reserved_bytes` -> `ubReservedBytes`, `gather_8bit` -> `gather8Bit`) and
typed by its declared type. `ArchTraits` holds npu_arch and the facts declared `per: arch`. Adding a
product fact is therefore one key under `facts:` (and its values) plus the code that uses it.
"""
from __future__ import annotations

import re

from ..spec import ProductFact

# C++ type of each fact type of products.yaml (model.FACT_TYPES).
CPP_FACT_TYPES = {"bool": "bool", "int32": "int32_t", "int64": "int64_t"}


def cpp_field_name(key: str) -> str:
    """The C++ field of a products.yaml key: camelCase, a letter after a digit upper-cased too
    (`gather_max_offset_16bit` -> `gatherMaxOffset16Bit`)."""
    first, *rest = key.split("_")
    return first + "".join(re.sub(r"[a-z]", lambda m: m.group(0).upper(), part, count=1) for part in rest)


def cpp_fact_value(fact: ProductFact) -> str:
    if fact.type == "bool":
        return "true" if fact.value else "false"
    if fact.type == "int64" and not -2**31 <= int(fact.value) < 2**31:
        return f"INT64_C({int(fact.value)})"
    return str(int(fact.value))


def struct_members(members: list[tuple[str, str, str]], width: int = 34) -> list[str]:
    """`<type> <name>;  // doc` lines, the comments aligned at `width` or after the longest."""
    decls = [f"{ctype} {name};" for ctype, name, _ in members]
    width = max([width] + [len(d) + 2 for d in decls])
    return [f"{d.ljust(width)}// {doc}" if doc else d for d, (_, _, doc) in zip(decls, members)]
