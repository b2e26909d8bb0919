"""Defective copies of the torch binding, for the checks that must catch each defect."""
from __future__ import annotations

import shutil
from pathlib import Path

from ascend_ops.npu.binding import binding_source
from ascend_ops.sim.aclnn_route import NPU_HEADERS
from ascend_ops_gen.spec import project_root


def defective_copy(root: Path, edits: list[tuple[str, str]],
                   binding_edits: tuple[tuple[str, str], ...] = ()) -> tuple[Path, Path]:
    """(the binding, its ascend_kernels/npu folder) copied under `root`, with each (old, new) of
    `edits` replaced once in aclnn_call.h and each of `binding_edits` in the binding."""
    npu = Path(root) / "npu"
    shutil.copytree(project_root() / NPU_HEADERS, npu)
    call = npu / "aclnn_call.h"
    text = call.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    call.write_text(text, encoding="utf-8")
    source = Path(root) / "ascend_ops_npu.cpp"
    text = binding_source().read_text(encoding="utf-8")
    for old, new in binding_edits:
        assert old in text, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    return source, npu
