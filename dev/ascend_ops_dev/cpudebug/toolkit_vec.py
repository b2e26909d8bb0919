"""The element-wise vector intrinsics for a toolkit's own stub_fun.h (the tikicpulib layout),
written at build time with the toolkit's exact signatures:
Note [vector intrinsics on a toolkit's stub_fun.h]."""
from __future__ import annotations

import re
from pathlib import Path

# Note [vector intrinsics on a toolkit's stub_fun.h]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# With the package's stub_fun.h (asc-tools layout) the vector intrinsics Add ... Cast reach are one
# forwarding template per form (include/stub_fun/stub_fun_vec.h). A toolkit's generated stub_fun.h
# (CANN 8.1) declares each of them once per operand type and parameter list instead, and a call
# binds to that exact declaration, so the model must define every one with the toolkit's exact
# signature. `adapter_source` reads those declarations from the toolkit's stub_fun.h at build time
# and writes, for each of the modelled intrinsics (MODELLED), a definition with the declared
# parameter list whose body hands the operands to the same entry points of model_vec.inc the
# templates call (vec_model.h). Nothing of the toolkit is kept in the checkout: the source is
# written into the build cache, per stub_fun.h. Declarations model.cpp already defines (the
# engine's vadds, vlds and vsts forms) are left to it. An intrinsic outside MODELLED stays
# undefined, and the link names it as before.

MODEL_CPP = Path(__file__).resolve().parent / "model.cpp"

_BINARY = {"vadd": "kAdd", "vsub": "kSub", "vmul": "kMul", "vdiv": "kDiv", "vmax": "kMax", "vmin": "kMin"}
_SCALAR = {"vadds": "kAdd", "vmuls": "kMul"}
# vconv_<src>2<dst><mode>: the forms stub_fun_vec.h forwards, with their RoundMode values.
_MODES = {"r": 1, "f": 2, "c": 3, "a": 4, "z": 5}
_VCONV: dict[str, int] = {"vconv_f162f32": 0, "vconv_f322f16": 0, "vconv_f322f16o": 6, "vconv_bf162f32": 0,
                          "vconv_s322f32": 0}
for _stem in ("vconv_f162s32", "vconv_f322f16", "vconv_f322f32", "vconv_f322bf16", "vconv_f322s32",
              "vconv_bf162s32", "vconv_s322f32"):
    _VCONV.update({_stem + suffix: mode for suffix, mode in _MODES.items()})
MODELLED = (*_BINARY, *_SCALAR, "vector_dup", "vdup", "vlds", "vsts", "vsstb", "vcvt", "vtrc", *_VCONV)

_DECLARATION = re.compile(r"^void (\w+)\(([^()]*)\);", re.M)
_DEFINITION = re.compile(r"^void (\w+)\(([^(){};]*)\)\s*\{", re.M)


def _param(text: str) -> tuple[str, str]:
    """(type, name) of one parameter, the type with `__ubuf__` dropped and spaces normalised."""
    text = " ".join(text.replace("__ubuf__", " ").replace("*", " * ").replace("&", " & ").split())
    type_, _, name = text.rpartition(" ")
    return type_.replace(" *", "*").replace(" &", "&"), name


def _key(name: str, params: list[tuple[str, str]]) -> str:
    return name + "(" + ",".join(t.replace("RegisterOffset", "int32_t") for t, _ in params) + ")"


def _body(name: str, params: list[tuple[str, str]]) -> str | None:
    names = [n for _, n in params]
    register = params[0][0].startswith("vector_")  # arch 3002's forms: `vector_xx& dst`
    lane = "LaneOf<std::remove_reference_t<decltype({0}[0])>>()" if register else \
        "LaneOf<std::remove_pointer_t<decltype({0})>>()"
    q = f'"{name}"'
    if name in _BINARY:
        op = f"VecOp::{_BINARY[name]}"
        if register:
            return f"RegBinary({op}, {lane.format(names[0])}, &{names[0]}[0], &{names[1]}[0], &{names[2]}[0], " \
                   f"{names[3]}, {names[4]}, {q});"
        return f"MemBinary({op}, {lane.format(names[0])}, {names[0]}, {names[1]}, {names[2]}, " \
               f"Pack({', '.join(names[3:])}), {q});"
    if name in _SCALAR:
        op = f"VecOp::{_SCALAR[name]}"
        if register:
            elem = f"std::remove_reference_t<decltype({names[0]}[0])>"
            return f"RegScalar({op}, {lane.format(names[0])}, &{names[0]}[0], &{names[1]}[0], " \
                   f"ScalarBits<{elem}>({names[2]}), {names[3]}, {names[4]}, {q});"
        elem = f"std::remove_pointer_t<decltype({names[0]})>"
        return f"MemScalar({op}, {lane.format(names[0])}, {names[0]}, {names[1]}, ScalarBits<{elem}>({names[2]}), " \
               f"Pack({', '.join(names[3:])}), {q});"
    if name == "vector_dup" and not register:
        elem = f"std::remove_pointer_t<decltype({names[0]})>"
        return f"MemDuplicate({lane.format(names[0])}, {names[0]}, ScalarBits<{elem}>({names[1]}), " \
               f"Pack({', '.join(names[2:])}), {q});"
    if name == "vdup" and register:
        elem = f"std::remove_reference_t<decltype({names[0]}[0])>"
        return f"RegDuplicate({lane.format(names[0])}, &{names[0]}[0], ScalarBits<{elem}>({names[1]}), " \
               f"{names[2]}, {names[3]}, {q});"
    if name == "vlds" and register:
        return f"RegLoad({lane.format(names[0])}, &{names[0]}[0], {names[1]} + {names[2]}, 0, {names[3]}, {q});"
    if name == "vsts" and register:
        return f"RegStore({lane.format(names[0])}, &{names[0]}[0], {names[1]} + {names[2]}, 0, {names[3]}, " \
               f"{names[4]}, {q});"
    if name == "vsstb" and register:
        return f"RegStoreBlocks({lane.format(names[0])}, &{names[0]}[0], {names[1]}, " \
               f"static_cast<uint32_t>({names[2]}), {names[3]}, {q});"
    if name == "vcvt" and register:
        literals = names[3:]
        return (f"const Literal list[{len(literals) + 1}] = {{{', '.join(literals)}, NORM}}; "
                f"RegConvert({lane.format(names[0])}, {lane.format(names[1])}, &{names[0]}[0], &{names[1]}[0], "
                f"{names[2]}, list, {len(literals)}, {q});")
    if name == "vtrc" and register:
        return f"RegTruncate(&{names[0]}[0], &{names[1]}[0], {names[2]}, {names[3]}, {q});"
    if name in _VCONV and not register:
        return f"MemConvert({lane.format(names[0])}, {lane.format(names[1])}, {_VCONV[name]}, {names[0]}, " \
               f"{names[1]}, Pack({', '.join(names[2:])}), {q});"
    return None


def adapter_source(stub_fun: Path, model_cpp: Path = MODEL_CPP) -> str:
    """The C++ source defining every MODELLED intrinsic `stub_fun` declares and model.cpp does not
    define (Note [vector intrinsics on a toolkit's stub_fun.h])."""
    defined = {_key(m[1], [_param(p) for p in m[2].split(",")])
               for m in _DEFINITION.finditer(model_cpp.read_text(encoding="utf-8")) if m[1] in MODELLED}
    lines = [f"// Written by ascend_ops_dev/cpudebug/toolkit_vec.py from the declarations of {stub_fun}.",
             '#include "kernel_operator.h"', '#include "vec_model.h"', "",
             "using namespace ascend_ops_cpudebug;", ""]
    seen: set[str] = set()
    for m in _DECLARATION.finditer(stub_fun.read_text(encoding="utf-8", errors="replace")):
        if m[1] not in MODELLED or not m[2].strip():
            continue
        params = [_param(p) for p in m[2].split(",")]
        key = _key(m[1], params)
        body = _body(m[1], params)
        if body is None or key in defined or key in seen or any(not n for _, n in params):
            continue
        seen.add(key)
        lines.append(f"void {m[1]}({m[2].strip()}) {{ {body} }}")
    return "\n".join(lines) + "\n"
