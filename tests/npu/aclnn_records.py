"""What aclnn<Op>GetWorkspaceSize must receive for a call of the binding, from the spec, and the
comparison with what the CPU aclnn runtime recorded."""
from __future__ import annotations

import re

import torch

from ascend_ops.tools import cpu_aclnn
from ascend_ops_gen.spec import REQUIRED, AttrType, specs


def acl_dtype_values() -> dict[str, int]:
    """aclDataType's enumerators, read from the real acl header the runtime is built against."""
    text = (cpu_aclnn.acl_include_dir() / "acl" / "acl_base_rt.h").read_text(encoding="utf-8")
    return {m[1]: int(m[2]) for m in re.finditer(r"\b(ACL_\w+)\s*=\s*(\d+)", text)}


ACL_NAMES = {torch.float16: "ACL_FLOAT16", torch.float32: "ACL_FLOAT", torch.int8: "ACL_INT8"}


def tensor_record(name: str, kind: str, t: torch.Tensor) -> dict:
    return {"name": name, "kind": kind, "shape": list(t.shape), "strides": list(t.stride()),
            "offset": t.storage_offset(), "dtype": acl_dtype_values()[ACL_NAMES[t.dtype]], "format": 2,
            "storage": [t.untyped_storage().nbytes() // t.element_size()]}


def expected_arguments(op_name: str, x: torch.Tensor, out: torch.Tensor, args: tuple, kwargs: dict) -> list[dict]:
    """What aclnn<Op>GetWorkspaceSize must receive for a call, from the spec: the input, every
    attribute in OpDef order with its value (a default where the call gives none; an absent list as
    an empty array), the output. ACL_FORMAT_ND is 2 (acl_base_rt.h)."""
    op = specs().op(op_name)
    given = dict(zip((a.name for a in op.attributes), args)) | kwargs
    records = [tensor_record(op.inputs[0].name, "input", x)]
    for a in op.attributes:
        value = given.get(a.name, None if a.default is REQUIRED else a.default)
        if a.type in (AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST):
            records.append({"name": a.name, "kind": "int_array", "values": list(value or [])})
        elif a.type is AttrType.INT:
            records.append({"name": a.name, "kind": "int", "value": int(value)})
        else:
            records.append({"name": a.name, "kind": "string", "value": value})
    return records + [tensor_record(op.outputs[0].name, "output", out)]


def argument_problems(recorded: dict, expected: list[dict], *, attributes_only: bool = False) -> list[str]:
    got = recorded["args"]
    if attributes_only:
        got, expected = ([a for a in args if a["kind"] not in ("input", "output")] for args in (got, expected))
    problems = [f"argument {i} ({e['name']}): got {g}, expected {e}" for i, (g, e) in enumerate(zip(got, expected))
                if g != e]
    if len(got) != len(expected):
        problems.append(f"{len(got)} arguments, expected {len(expected)}")
    return problems
