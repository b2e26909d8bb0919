"""The ctypes mirrors of the simulator library's C ABI: `python/ascend_ops/sim/abi.py` and its proof,
`python/ascend_ops/sim/sim_abi_mirrors_generated.h`.

The structs of `sim_abi.h` (one member per line) and the engine's CopyTiling (copy_tiling.py reads
it) are laid out here as C does (natural alignment, LP64) and written as ctypes classes; the proof,
which launcher.cpp includes, `static_assert`s every field's type and offset and every struct's size
of the C++ structs, as copy_tiling.py's twin does. The run counters have one list,
`ASCEND_SIM_STATS_COUNTERS` of `ascend_kernels/sim/sim_stats.h`, which launcher.cpp proves
`AscendSimStats` against.

Accepted member syntax of sim_abi.h (comments allowed anywhere):
    <int64_t|uint64_t|int32_t|uint32_t|double|const char*|const int64_t*|void*> <name>;
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .copy_tiling import TilingLayout, strip_cpp_comments
from .file_manager import header_line
from .templates import template

# Relative to ascend_kernels/, like every generated path: the product package is its sibling.
ABI_HEADER = "../python/ascend_ops/sim/sim_abi.h"
MIRRORS_PATH = "../python/ascend_ops/sim/abi.py"
PROOF_PATH = "../python/ascend_ops/sim/sim_abi_mirrors_generated.h"
STATS_HEADER = "ascend_kernels/sim/sim_stats.h"
STATS_LIST = "ASCEND_SIM_STATS_COUNTERS"
# The structs of sim_abi.h the Python side passes, by their ctypes class names.
ABI_STRUCTS = ("Attr", "SocInfo", "Stats", "Tensor")

# C type -> (ctypes spelling, bytes); the alignment of each is its size (LP64).
_CTYPES = {"int64_t": ("ctypes.c_int64", 8), "uint64_t": ("ctypes.c_uint64", 8),
           "int32_t": ("ctypes.c_int32", 4), "uint32_t": ("ctypes.c_uint32", 4),
           "int16_t": ("ctypes.c_int16", 2), "uint16_t": ("ctypes.c_uint16", 2),
           "int8_t": ("ctypes.c_int8", 1), "uint8_t": ("ctypes.c_uint8", 1),
           "double": ("ctypes.c_double", 8), "const char*": ("ctypes.c_char_p", 8),
           "const int64_t*": ("ctypes.POINTER(ctypes.c_int64)", 8), "void*": ("ctypes.c_void_p", 8)}
_ABI_MEMBER_TYPES = ("int64_t", "uint64_t", "int32_t", "uint32_t", "double", "const char*",
                     "const int64_t*", "void*")
_MEMBER = re.compile(r"^\s*(?P<type>const\s+char\s*\*|const\s+int64_t\s*\*|void\s*\*|[A-Za-z_]\w*)\s*"
                     r"(?P<name>[A-Za-z_]\w*)\s*;\s*$")
_COUNTER = re.compile(r"^\s*X\(\s*(?P<type>[A-Za-z_]\w*)\s*,\s*(?P<name>[A-Za-z_]\w*)\s*\)\s*\\?\s*$")


class AbiError(ValueError):
    """A struct of the simulator's ABI cannot be read; the message starts with `file:line:`."""


@dataclass(frozen=True)
class MirrorField:
    name: str
    ctype: str            # the C type, "int64_t", "const char*"
    count: int | None     # None for a scalar, N for `name[N]`
    offset: int

    @property
    def size(self) -> int:
        return _CTYPES[self.ctype][1] * (self.count or 1)

    @property
    def ctypes_type(self) -> str:
        base = _CTYPES[self.ctype][0]
        return f"{base} * {self.count}" if self.count else base

    @property
    def cpp_type(self) -> str:
        return f"{self.ctype}[{self.count}]" if self.count else self.ctype


@dataclass(frozen=True)
class MirrorStruct:
    name: str             # the ctypes class: "Attr"
    cpp_name: str         # the C++ struct: "AscendSimAttr", "ascend_ops::CopyTiling"
    source: str           # the header that declares it, for comments
    fields: tuple[MirrorField, ...]
    size: int


def _normal(ctype: str) -> str:
    return re.sub(r"\s*\*", "*", " ".join(ctype.split()))


def laid_out(name: str, cpp_name: str, source: str,
             members: list[tuple[str, str, int | None]]) -> MirrorStruct:
    """The struct of `members` ((C type, name, count)) as C lays it out: each field at the next
    multiple of its alignment, the size a multiple of the largest."""
    fields, offset, align = [], 0, 1
    for ctype, field_name, count in members:
        size = _CTYPES[ctype][1]
        offset = -(-offset // size) * size
        fields.append(MirrorField(field_name, ctype, count, offset))
        offset += size * (count or 1)
        align = max(align, size)
    return MirrorStruct(name, cpp_name, source, tuple(fields), -(-offset // align) * align)


def stats_counters(header_text: str, label: str = STATS_HEADER) -> list[tuple[str, str]]:
    """(C++ type, name) of each counter of ASCEND_SIM_STATS_COUNTERS, in order."""
    lines = strip_cpp_comments(header_text).split("\n")
    start = next((i for i, ln in enumerate(lines) if ln.startswith(f"#define {STATS_LIST}(X)")), None)
    if start is None:
        raise AbiError(f"{label}:1: no `#define {STATS_LIST}(X) \\` line")
    counters = []
    for i in range(start + 1, len(lines)):
        m = _COUNTER.match(lines[i])
        if m is None:
            raise AbiError(f"{label}:{i + 1}: expected `X(<type>, <name>) \\` in {STATS_LIST}")
        counters.append((m["type"], m["name"]))
        if not lines[i].rstrip().endswith("\\"):
            return counters
    raise AbiError(f"{label}:{start + 1}: {STATS_LIST} does not end")


def abi_members(header_text: str, struct: str, label: str) -> list[tuple[str, str, None]]:
    """(C type, name, None) of each member of `struct <struct>` in the ABI header."""
    lines = strip_cpp_comments(header_text).split("\n")
    opening = re.compile(rf"^\s*struct\s+{struct}\s*\{{\s*$")
    start = next((i for i, ln in enumerate(lines) if opening.match(ln)), None)
    if start is None:
        raise AbiError(f"{label}:1: no line `struct {struct} {{`")
    members: list[tuple[str, str, None]] = []
    for i in range(start + 1, len(lines)):
        text = lines[i].strip()
        if text.startswith("}"):
            return members
        if not text:
            continue
        m = _MEMBER.match(lines[i])
        ctype = _normal(m["type"]) if m else None
        if ctype not in _ABI_MEMBER_TYPES:
            raise AbiError(f"{label}:{i + 1}: cannot read the member {text!r} of {struct} (types: "
                           f"{', '.join(_ABI_MEMBER_TYPES)})")
        members.append((ctype, m["name"], None))
    raise AbiError(f"{label}:{start + 1}: struct {struct} does not end")


def abi_structs(header_text: str, label: str) -> tuple[MirrorStruct, ...]:
    """The ABI_STRUCTS of sim_abi.h, laid out."""
    return tuple(laid_out(name, f"AscendSim{name}", label, abi_members(header_text, f"AscendSim{name}", label))
                 for name in ABI_STRUCTS)


def load_sim_abi(path: Path, label: str) -> tuple[MirrorStruct, ...]:
    if not Path(path).is_file():
        raise AbiError(f"{label}:1: missing; the simulator's ctypes mirrors are generated from it")
    return abi_structs(Path(path).read_text(encoding="utf-8"), label)


def copy_tiling_struct(layout: TilingLayout) -> MirrorStruct:
    """The engine's CopyTiling (copy_tiling.py has checked that it has no padding)."""
    return laid_out("CopyTiling", "ascend_ops::CopyTiling", layout.header,
                    [(f.ctype, f.name, f.count) for f in layout.fields])


def _class(struct: MirrorStruct) -> list[str]:
    lines = ["", "", f"class {struct.name}(ctypes.Structure):",
             f'    """`{struct.cpp_name}` ({struct.source}): {struct.size} bytes."""', "",
             "    _fields_ = ["]
    lines += [f"        ({f.name!r}, {f.ctypes_type}),  # offset {f.offset}" for f in struct.fields]
    return lines + ["    ]"]


def _filled(items: list[str], width: int = 88) -> list[str]:
    """`items` joined by spaces into lines of at most `width` characters, never splitting one."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return lines


def emit_mirrors(structs: tuple[MirrorStruct, ...], source: str) -> str:
    """`sim/abi.py`: the ctypes classes, and the layout (offset of each field, size) the proof
    header asserts of the C++ structs."""
    layouts = []
    for s in structs:
        layouts += [f"{s.name!r}: ({s.size}, {{",
                    *("    " + line for line in _filled([f"{f.name!r}: {f.offset}," for f in s.fields])), "}),"]
    return template("sim_abi_mirrors.py").substitute(
        header=header_line(source, "#"), classes=[line for s in structs for line in _class(s)],
        layouts=layouts, names=", ".join(repr(name) for name in (*(s.name for s in structs), "LAYOUTS")))


def emit_proof(structs: tuple[MirrorStruct, ...], source: str) -> str:
    """`sim/sim_abi_mirrors_generated.h`: every mirrored field's type and offset and every
    struct's size, asserted of the C++ structs."""
    asserts = []
    for s in structs:
        why = f'"{s.cpp_name} changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)"'
        asserts.append(f"static_assert(sizeof({s.cpp_name}) == {s.size}, {why});")
        for f in s.fields:
            asserts += [f"static_assert(offsetof({s.cpp_name}, {f.name}) == {f.offset} &&",
                        f"              std::is_same<decltype({s.cpp_name}::{f.name}), {f.cpp_type}>::value, {why});"]
    return template("sim_abi_mirrors_generated.h").substitute(header=header_line(source), asserts=asserts)
