"""Read the product table's structs out of `ascend_kernels/common/product_types.h`.

Note [product table layout]
The hand-written header declares `ProductInfo`, `SocEntry` and `ArchTraits`; the generated
`common/products_generated.h` fills arrays of them from op_specs/products.yaml. C++17 has no
designated initialisers, so the rows are positional. The codegen therefore parses the structs (as
`copy_tiling.py` parses the tiling struct), writes each row in the header's field order, and proves
the order with one `static_assert` per field naming it: a header edited after generation (two
fields swapped, one inserted) fails to compile with the names of the fields that moved; one more
`static_assert` per struct (`AggregateTakes`, product_types.h) fails when the struct takes more
initialisers than the table writes (a field appended); and a regenerated table follows the
header. Each field takes its value from the products.yaml key of the same name in camelCase
(`ub_reserved_bytes` -> `ubReservedBytes`, `gather_8bit` -> `gather8Bit`); a field with no such
key is an error naming its line.

The accepted member syntax, one per line (comments allowed anywhere):
    <const char*|bool|int32_t|int64_t|uint32_t|an enum class of this header> <name>;
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .copy_tiling import strip_cpp_comments

# The structs of the product table, in the order the generated header fills them.
STRUCT_NAMES = ("ProductInfo", "SocEntry", "ArchTraits")

INT_TYPES = ("int32_t", "int64_t", "uint32_t")
SCALAR_TYPES = ("const char*", "bool", *INT_TYPES)

_ENUM = re.compile(r"^\s*enum\s+class\s+(?P<name>[A-Za-z_]\w*)\s*(?::\s*[\w:]+\s*)?\{(?P<body>[^}]*)\}\s*;",
                   re.M)
_STRUCT_CLOSE = re.compile(r"^\s*\}\s*;\s*$")
_FIELD = re.compile(r"^\s*(?P<type>const\s+char\s*\*|[A-Za-z_][\w:]*(?=\s))\s*(?P<name>[A-Za-z_]\w*)\s*;\s*$")


class ProductTypesError(ValueError):
    """`product_types.h` breaks the format; the message starts with `file:line:`."""


@dataclass(frozen=True)
class StructField:
    ctype: str        # "int64_t", "const char*", or an enum name
    name: str
    line: int         # in the header, for messages


@dataclass(frozen=True)
class ProductTypes:
    header: str                                   # as named in messages and generated comments
    structs: dict[str, tuple[StructField, ...]]   # STRUCT_NAMES -> fields in declaration order
    enums: dict[str, tuple[str, ...]]             # enum class name -> its enumerators

    def fields(self, struct: str) -> tuple[StructField, ...]:
        return self.structs[struct]


def load_product_types(path: Path, label: str) -> ProductTypes:
    """Parse the header at `path`; `label` is how messages name it (project-relative)."""
    if not path.is_file():
        raise ProductTypesError(f"{label}:1: missing; the codegen writes the product table in the "
                                f"field order of {', '.join(STRUCT_NAMES)} declared in this header")
    return parse_product_types(path.read_text(encoding="utf-8"), label)


def parse_product_types(text: str, label: str) -> ProductTypes:
    """The pure parser: header text in, the structs' fields out."""
    code = strip_cpp_comments(text)
    enums = {m.group("name"): tuple(e.split("=")[0].strip() for e in m.group("body").split(",")
                                    if e.strip())
             for m in _ENUM.finditer(code)}
    lines = code.split("\n")
    structs = {name: _struct_fields(lines, name, enums, label) for name in STRUCT_NAMES}
    return ProductTypes(label, structs, enums)


def _struct_fields(lines: list[str], struct: str, enums: dict[str, tuple[str, ...]],
                   label: str) -> tuple[StructField, ...]:
    opening = re.compile(rf"^\s*struct\s+{struct}\s*\{{\s*$")
    start = next((i for i, ln in enumerate(lines) if opening.match(ln)), None)
    if start is None:
        raise ProductTypesError(f"{label}:1: no line `struct {struct} {{` (the struct must open "
                                f"on its own line)")
    fields: list[StructField] = []
    for index in range(start + 1, len(lines)):
        line, lineno = lines[index], index + 1
        if not line.strip():
            continue
        if _STRUCT_CLOSE.match(line):
            if not fields:
                raise ProductTypesError(f"{label}:{lineno}: struct {struct} has no fields")
            return tuple(fields)
        m = _FIELD.match(line)
        ctype = re.sub(r"\s+", " ", m.group("type")).replace(" *", "*") if m else ""
        if not m or (ctype not in SCALAR_TYPES and ctype not in enums):
            raise ProductTypesError(
                f"{label}:{lineno}: cannot read {line.strip()!r} in struct {struct}; each member "
                f"must be one line `<type> <name>;` with <type> one of {', '.join(SCALAR_TYPES)} "
                f"or an enum class of this header ({', '.join(enums) or 'none'})")
        name = m.group("name")
        if any(f.name == name for f in fields):
            raise ProductTypesError(f"{label}:{lineno}: field {name!r} of struct {struct} is "
                                    f"declared twice")
        fields.append(StructField(ctype, name, lineno))
    raise ProductTypesError(f"{label}:{start + 1}: struct {struct} is never closed with `}};`")


def cpp_field_name(key: str) -> str:
    """The C++ field of a products.yaml key: camelCase, a letter after a digit upper-cased too
    (`gather_max_offset_16bit` -> `gatherMaxOffset16Bit`)."""
    first, *rest = key.split("_")
    return first + "".join(re.sub(r"[a-z]", lambda m: m.group(0).upper(), part, count=1) for part in rest)
