"""The simulated npu device's own acl headers (ascend_ops/sim/aclnn/acl_abi/) against the real ones:
every enumerator they declare has CANN's value, the stream handle is a pointer, and the recent
error message has CANN's signature. Checked against CANN 8.1's toolkit headers and the torch_npu
wheel's (the headers the development checks compile the binding against)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascend_ops.sim import aclnn_route
from ascend_ops_dev.binding.cpu_aclnn import acl_include_dir
from ascend_ops_gen.spec import project_root

CANN81 = project_root().parent / "shared" / "cann-8.1" / "toolkit" / "aarch64-linux" / "include"
OURS = aclnn_route.ACL_ABI_HEADERS / "acl"
_ENUMERATOR = re.compile(r"\b(ACL_\w+)\s*=\s*(-?\d+)")
_STREAM = re.compile(r"typedef\s+void\s*\*\s*aclrtStream\s*;")
_RECENT = re.compile(r"const\s+char\s*\*\s*aclGetRecentErrMsg\s*\(\s*(void)?\s*\)\s*;")


def header_text(folder: Path) -> str:
    """Every acl header of `folder` (its acl/*.h), one text."""
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.glob("*.h")))


def abi_problems(ours: str, real: str) -> list[str]:
    """What the package's declarations say that the real headers do not."""
    declared = dict(_ENUMERATOR.findall(real))
    problems = [f"{name} = {value}, the real header says {declared.get(name, 'nothing')}"
                for name, value in _ENUMERATOR.findall(ours) if declared.get(name) != value]
    for what, pattern in (("aclrtStream as void*", _STREAM), ("aclGetRecentErrMsg()", _RECENT)):
        if pattern.search(ours) and not pattern.search(real):
            problems.append(f"{what}: the real headers declare no such thing")
        if not pattern.search(ours):
            problems.append(f"{what}: the package's headers lack it")
    return problems


def real_headers() -> list[Path]:
    folders = [CANN81 / "acl"] if CANN81.is_dir() else []
    return folders + [acl_include_dir() / "acl"]


@pytest.mark.parametrize("folder", real_headers(), ids=lambda p: p.parts[-5] if "torch_npu" in str(p) else "cann-8.1")
def test_the_package_s_acl_declarations_have_cann_s_values(folder: Path) -> None:
    ours = header_text(OURS)
    assert len(_ENUMERATOR.findall(ours)) > 25
    assert abi_problems(ours, header_text(folder)) == []


def test_a_wrong_value_or_a_missing_declaration_is_reported() -> None:
    # negative control
    real = header_text(real_headers()[0])
    ours = header_text(OURS)
    wrong = ours.replace("ACL_BF16 = 27", "ACL_BF16 = 28")
    assert abi_problems(wrong, real) == ["ACL_BF16 = 28, the real header says 27"]
    unknown = ours.replace("ACL_FORMAT_NCL = 47,", "ACL_FORMAT_NCL = 47,\n    ACL_FORMAT_MADE_UP = 99,")
    assert abi_problems(unknown, real) == ["ACL_FORMAT_MADE_UP = 99, the real header says nothing"]
    assert abi_problems(ours.replace("aclGetRecentErrMsg", "aclRecentError"), real) == [
        "aclGetRecentErrMsg(): the package's headers lack it"]
