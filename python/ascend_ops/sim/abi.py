"""The simulator library's C ABI structs as ctypes classes, read from their one source.

`launcher.cpp` declares the structs its C functions take (`struct AscendSim<Name> { ... };`, one
member per line); the run statistics' counters are the list `ASCEND_SIM_STATS_COUNTERS` of
`ascend_kernels/sim/sim_stats.h`, from which C++ builds both `ascend_sim::Stats` and the ABI's
`AscendSimStats` (each counter as a uint64_t, then `busiestOverMean`). The classes here are built
from those two files as the codegen builds the tiling twin from `copy_tiling.h`, so no field list
is kept twice; the library reports each struct's size (`ascend_sim_abi`), which library.py
compares with these classes when it loads a library.

Accepted member syntax (comments allowed anywhere):
    <int64_t|uint64_t|int32_t|uint32_t|double|const char*|const int64_t*> <name>;
    ASCEND_SIM_STATS_COUNTERS(<macro>)   in AscendSimStats: one uint64_t per counter
"""
from __future__ import annotations

import ctypes
import functools
import re
from pathlib import Path

from ..codegen.copy_tiling import strip_cpp_comments

LAUNCHER = Path(__file__).resolve().parent / "launcher.cpp"
STATS_HEADER = "ascend_kernels/sim/sim_stats.h"
STATS_LIST = "ASCEND_SIM_STATS_COUNTERS"

_CTYPES = {"int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64, "int32_t": ctypes.c_int32,
           "uint32_t": ctypes.c_uint32, "double": ctypes.c_double, "const char*": ctypes.c_char_p,
           "const int64_t*": ctypes.POINTER(ctypes.c_int64)}
_MEMBER = re.compile(r"^\s*(?P<type>const\s+char\s*\*|const\s+int64_t\s*\*|[A-Za-z_]\w*)\s*(?P<name>[A-Za-z_]\w*)\s*;\s*$")
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


def abi_fields(launcher_text: str, struct: str, counters: list[tuple[str, str]],
               label: str = "python/ascend_ops/sim/launcher.cpp") -> list[tuple[str, object]]:
    """The ctypes `_fields_` of `struct <struct>` in the launcher source."""
    lines = strip_cpp_comments(launcher_text).split("\n")
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
        if text == f"{STATS_LIST}(ASCEND_SIM_ABI_COUNTER)":
            fields += [(name, ctypes.c_uint64) for _, name in counters]
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
    """"Attr", "SocInfo" and "Stats": the launcher's AscendSim<Name> structs as ctypes classes."""
    counters = stats_counters((kernels_root / "sim" / "sim_stats.h").read_text(encoding="utf-8"))
    text = LAUNCHER.read_text(encoding="utf-8")
    return {name: _structure(name, abi_fields(text, f"AscendSim{name}", counters))
            for name in ("Attr", "SocInfo", "Stats")}
