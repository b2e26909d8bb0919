"""The simulator library's C ABI structs as ctypes classes, read from their one source.

`sim_abi.h` declares the structs the library's C functions take (`struct AscendSim<Name> { ... };`,
one member per line). The classes here are built from it as the codegen builds the tiling twin from
`copy_tiling.h`, so no field list is kept twice in Python; the library reports each struct's size
(`ascend_sim_abi`), which library.py compares with these classes when it loads a library. The run
counters have one list, `ASCEND_SIM_STATS_COUNTERS` of `ascend_kernels/sim/sim_stats.h`:
`ascend_sim::Stats` is declared from it, and launcher.cpp proves with static_asserts that
`AscendSimStats` holds exactly those counters in order (each a uint64_t), then `busiestOverMean`.

Accepted member syntax (comments allowed anywhere):
    <int64_t|uint64_t|int32_t|uint32_t|double|const char*|const int64_t*|void*> <name>;
"""
from __future__ import annotations

import ctypes
import functools
import re
from pathlib import Path

from ascend_ops_gen.codegen.copy_tiling import strip_cpp_comments

ABI_HEADER = Path(__file__).resolve().parent / "sim_abi.h"
STATS_HEADER = "ascend_kernels/sim/sim_stats.h"
STATS_LIST = "ASCEND_SIM_STATS_COUNTERS"

_CTYPES = {"int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64, "int32_t": ctypes.c_int32,
           "uint32_t": ctypes.c_uint32, "double": ctypes.c_double, "const char*": ctypes.c_char_p,
           "const int64_t*": ctypes.POINTER(ctypes.c_int64), "void*": ctypes.c_void_p}
_MEMBER = re.compile(r"^\s*(?P<type>const\s+char\s*\*|const\s+int64_t\s*\*|void\s*\*|[A-Za-z_]\w*)\s*(?P<name>[A-Za-z_]\w*)\s*;\s*$")
_COUNTER = re.compile(r"^\s*X\(\s*(?P<type>[A-Za-z_]\w*)\s*,\s*(?P<name>[A-Za-z_]\w*)\s*\)\s*\\?\s*$")


class AbiError(ValueError):
    """A struct of the simulator's ABI cannot be read, or the library disagrees with it."""


def _normal(ctype: str) -> str:
    return re.sub(r"\s*\*", "*", " ".join(ctype.split()))


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


def abi_fields(header_text: str, struct: str,
               label: str = "python/ascend_ops/sim/sim_abi.h") -> list[tuple[str, object]]:
    """The ctypes `_fields_` of `struct <struct>` in the ABI header."""
    lines = strip_cpp_comments(header_text).split("\n")
    opening = re.compile(rf"^\s*struct\s+{struct}\s*\{{\s*$")
    start = next((i for i, ln in enumerate(lines) if opening.match(ln)), None)
    if start is None:
        raise AbiError(f"{label}:1: no line `struct {struct} {{`")
    fields: list[tuple[str, object]] = []
    for i in range(start + 1, len(lines)):
        text = lines[i].strip()
        if text.startswith("}"):
            return fields
        if not text:
            continue
        m = _MEMBER.match(lines[i])
        ctype = _normal(m["type"]) if m else None
        if ctype not in _CTYPES:
            raise AbiError(f"{label}:{i + 1}: cannot read the member {text!r} of {struct} (types: "
                           f"{', '.join(_CTYPES)})")
        fields.append((m["name"], _CTYPES[ctype]))
    raise AbiError(f"{label}:{start + 1}: struct {struct} does not end")


def _structure(name: str, fields: list[tuple[str, object]]) -> type[ctypes.Structure]:
    return type(name, (ctypes.Structure,), {"_fields_": fields})


@functools.lru_cache(maxsize=None)
def structs(kernels_root: Path) -> dict[str, type[ctypes.Structure]]:
    """"Attr", "SocInfo", "Stats" and "Tensor": sim_abi.h's AscendSim<Name> structs as ctypes classes."""
    text = ABI_HEADER.read_text(encoding="utf-8")
    return {name: _structure(name, abi_fields(text, f"AscendSim{name}"))
            for name in ("Attr", "SocInfo", "Stats", "Tensor")}
