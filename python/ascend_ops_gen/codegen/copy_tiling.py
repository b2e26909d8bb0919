"""Read the engine's `struct CopyTiling` out of `ascend_kernels/common/copy_tiling.h`.

CANN's kernel side does not see the host's tiling class: its build parses the macro-style
`BEGIN_TILING_DATA_DEF` header and emits a `#pragma pack(1)` struct with the same fields. The
engine keeps its tiling as a plain C++ struct, so the codegen parses that struct (as CANN's own
`tiling_data_def_build.py` parses tiling headers) and emits the macro twin field for field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

# Note [tiling twin layout]: the twin is packed, the engine's struct is not. They agree byte for
# byte only when every field already sits at a multiple of its own size and the struct's size is a
# multiple of 8, so no padding exists to drop. The parser checks exactly that, in the header's
# order (reordering would change the layout of `CopyTiling` itself), and the generated twin
# (`common/copy_tiling_data_generated.h`, one class every op registers) re-proves it with
# `static_assert`s on `sizeof` and `offsetof`.
#
# The accepted member syntax, one per line (comments allowed anywhere):
#     <int64_t|uint64_t|int32_t|uint32_t|int16_t|uint16_t|int8_t|uint8_t> <name>;
#     <int64_t|...> <name>[<N>];      N a literal or a constexpr of this header (or a header it
#                                     includes with "..." from the same folder)

STRUCT_NAME = "CopyTiling"

INT_TYPE_SIZES = {"int64_t": 8, "uint64_t": 8, "int32_t": 4, "uint32_t": 4,
                  "int16_t": 2, "uint16_t": 2, "int8_t": 1, "uint8_t": 1}

_STRUCT_OPEN = re.compile(rf"^\s*struct\s+{STRUCT_NAME}\s*\{{\s*$")
_STRUCT_CLOSE = re.compile(r"^\s*\}\s*;\s*$")
_FIELD = re.compile(
    r"^\s*(?P<type>[A-Za-z_][\w:]*)\s+(?P<name>[A-Za-z_]\w*)\s*(?:\[\s*(?P<count>[A-Za-z_0-9]\w*)\s*\])?\s*;\s*$")
_CONSTEXPR = re.compile(
    r"^\s*(?:(?:static|inline)\s+)*constexpr\s+[\w:]+\s+(?P<name>[A-Za-z_]\w*)\s*"
    r"(?:=\s*(?P<eq>\d+)|\{\s*(?P<brace>\d+)\s*\})[uUlL]*\s*;")
_LOCAL_INCLUDE = re.compile(r'^\s*#\s*include\s+"(?P<path>[^"]+)"')


class TilingHeaderError(ValueError):
    """`copy_tiling.h` breaks the format or the layout rule; the message starts with `file:line:`."""


@dataclass(frozen=True)
class TilingField:
    ctype: str            # "int64_t"
    name: str
    count: int | None     # None for a scalar, N for `name[N]`
    offset: int           # bytes from the start of the struct
    line: int             # in the header, for messages

    @property
    def elem_size(self) -> int:
        return INT_TYPE_SIZES[self.ctype]

    @property
    def size(self) -> int:
        return self.elem_size * (self.count or 1)


@dataclass(frozen=True)
class TilingLayout:
    header: str                      # as named in messages and generated comments
    fields: tuple[TilingField, ...]
    size: int

    @property
    def struct(self) -> str:
        return STRUCT_NAME


def load_copy_tiling(path: Path, label: str) -> TilingLayout:
    """Parse the header at `path`; `label` is how messages name it (project-relative)."""
    if not path.is_file():
        raise TilingHeaderError(f"{label}:1: missing; the codegen derives each op's tiling "
                                f"twin from struct {STRUCT_NAME} in this engine header")

    def read_sibling(name: str) -> str | None:
        sibling = path.parent / name
        return sibling.read_text(encoding="utf-8") if sibling.is_file() else None

    return parse_copy_tiling(path.read_text(encoding="utf-8"), label, read_sibling)


def parse_copy_tiling(text: str, label: str,
                      read_sibling: Callable[[str], str | None] = lambda name: None) -> TilingLayout:
    """The pure parser: header text in, validated layout out."""
    lines = strip_cpp_comments(text).split("\n")
    constants = _constants(text, read_sibling)

    start = next((i for i, ln in enumerate(lines) if _STRUCT_OPEN.match(ln)), None)
    if start is None:
        raise TilingHeaderError(f"{label}:1: no line `struct {STRUCT_NAME} {{` (the struct must "
                                f"open on its own line)")
    fields: list[TilingField] = []
    offset = 0
    for index in range(start + 1, len(lines)):
        line, lineno = lines[index], index + 1
        if not line.strip():
            continue
        if _STRUCT_CLOSE.match(line):
            return _finish(label, lineno, fields, offset)
        m = _FIELD.match(line)
        if not m:
            raise TilingHeaderError(
                f"{label}:{lineno}: cannot read {line.strip()!r} in struct {STRUCT_NAME}; each "
                f"member must be one line `<type> <name>;` or `<type> <name>[<N>];` with <type> "
                f"one of {', '.join(INT_TYPE_SIZES)}")
        ctype, name, count_text = m.group("type"), m.group("name"), m.group("count")
        if ctype not in INT_TYPE_SIZES:
            raise TilingHeaderError(f"{label}:{lineno}: field {name!r} has type {ctype!r}; "
                                    f"tiling fields must be one of {', '.join(INT_TYPE_SIZES)}")
        if any(f.name == name for f in fields):
            raise TilingHeaderError(f"{label}:{lineno}: field {name!r} is declared twice")
        count = _array_count(count_text, constants, label, lineno, name)
        field = TilingField(ctype, name, count, offset, lineno)
        if offset % field.elem_size:
            raise TilingHeaderError(
                f"{label}:{lineno}: field {name!r} ({ctype}) starts at byte {offset}, not a "
                f"multiple of {field.elem_size}; order the fields by decreasing element size so "
                f"the packed CANN twin has the same layout (see Note [tiling twin layout])")
        fields.append(field)
        offset += field.size
    raise TilingHeaderError(f"{label}:{start + 1}: struct {STRUCT_NAME} is never closed with `}};`")


def _finish(label: str, lineno: int, fields: list[TilingField], size: int) -> TilingLayout:
    if not fields:
        raise TilingHeaderError(f"{label}:{lineno}: struct {STRUCT_NAME} has no fields")
    if size % 8:
        raise TilingHeaderError(
            f"{label}:{lineno}: struct {STRUCT_NAME} is {size} bytes, not a multiple of 8; add "
            f"an explicit padding field (e.g. `uint32_t reserved;`) so no compiler padding exists")
    return TilingLayout(label, tuple(fields), size)


def _array_count(text: str | None, constants: dict[str, int], label: str, lineno: int,
                 name: str) -> int | None:
    if text is None:
        return None
    if text.isdigit():
        count = int(text)
    elif text in constants:
        count = constants[text]
    else:
        raise TilingHeaderError(
            f"{label}:{lineno}: array size {text!r} of field {name!r} is neither a literal nor "
            f"a constexpr of this header or of the headers it includes")
    if count <= 0:
        raise TilingHeaderError(f"{label}:{lineno}: field {name!r} has {count} elements; "
                                f"arrays need at least one")
    return count


def _constants(text: str, read_sibling: Callable[[str], str | None],
               seen: frozenset[str] = frozenset()) -> dict[str, int]:
    """`constexpr` integers of the header and of the local headers it includes."""
    found: dict[str, int] = {}
    for line in strip_cpp_comments(text).split("\n"):
        inc = _LOCAL_INCLUDE.match(line)
        if inc and inc.group("path") not in seen:
            sibling = read_sibling(inc.group("path"))
            if sibling is not None:
                found.update(_constants(sibling, read_sibling, seen | {inc.group("path")}))
        m = _CONSTEXPR.match(line)
        if m:
            found[m.group("name")] = int(m.group("eq") or m.group("brace"))
    return found


def strip_cpp_comments(text: str) -> str:
    """Blank out // and /* */ comments, keeping every newline so line numbers stay right."""
    def blank(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r"//[^\n]*|/\*.*?\*/", blank, text, flags=re.S)
