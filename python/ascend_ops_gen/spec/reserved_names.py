"""Names an op may not take: C++ and Python keywords, and the identifiers of the engine's code
(ascend_kernels/common/, which names no op), as `ascend-ops-dev generate` lists them in
engine_names_generated.py. The loader refuses an op named so; tests/ascend_ops_gen/test_op_folders.py
looks for op names in the engine's headers by the same rule (`engine_identifier_naming`)."""
from __future__ import annotations

import functools
import keyword
import re
from typing import Iterable

from .engine_names_generated import ENGINE_IDENTIFIERS

# The keywords of C++20 with its alternative tokens (`and`, `xor`, ...): the op's names become C++
# identifiers. tests/ascend_ops_gen/spec/test_reserved_names.py holds the list to libclang's lexer.
CXX_KEYWORDS = frozenset("""
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class co_await co_return co_yield compl concept const consteval constexpr constinit
    const_cast continue decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
    nullptr operator or or_eq private protected public register reinterpret_cast requires return
    short signed sizeof static static_assert static_cast struct switch template this thread_local
    throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while
    xor xor_eq""".split())
PYTHON_KEYWORDS = frozenset(keyword.kwlist)  # an op is a Python function too


def words(identifier: str) -> tuple[str, ...]:
    """The lower-case words of a C++ or Python identifier: CamelCase, snake_case and MACRO_CASE
    alike (`kDepthToSpaceMax` -> k, depth, to, space, max)."""
    return tuple(w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", identifier))


def pascal(name: str) -> str:
    """An op name as C++ writes it in the names of its hooks (`depth_to_space` -> DepthToSpace)."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


@functools.lru_cache(maxsize=4)
def _split(identifiers: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """Each identifier, by name, with its words as ` word word ` (split once per identifier set)."""
    return tuple((i, f" {' '.join(words(i))} ") for i in sorted(identifiers))


def engine_identifier_naming(name: str, identifiers: Iterable[str] = ENGINE_IDENTIFIERS) -> str | None:
    """The engine identifier that names `name` (an op name or OpType), if any: one equal to it or to
    its CamelCase, or, for a name of two words or more, one with its words in a row
    (`kDepthToSpaceSpecial` names depth_to_space; `ColumnTranspose` is the engine's own word)."""
    identifiers = frozenset(identifiers)
    equal = sorted({name, pascal(name)} & identifiers)
    if equal:
        return equal[0]
    run = words(name)
    if len(run) > 1:
        row = f" {' '.join(run)} "
        return next((i for i, found in _split(identifiers) if row in found), None)
    return None


def reserved_name_problem(name: str, what: str) -> str | None:
    """Why `name` (`what`: "op name", "op_type") cannot name an op, or None."""
    if name in CXX_KEYWORDS:
        return f"{what} {name!r} is a C++ keyword; choose another"
    if name in PYTHON_KEYWORDS:
        return f"{what} {name!r} is a Python keyword; choose another"
    identifier = engine_identifier_naming(name)
    if identifier is not None:
        return (f"{what} {name!r} would be named by the engine's code, which names no op "
                f"(ascend_kernels/common/ has {identifier!r}); choose another")
    return None
