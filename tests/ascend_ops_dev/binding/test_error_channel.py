"""A TilingFunc's refusal travels through CANN's error-message channel (REPORT_INNER_ERROR in
common/copy_op_host.h): the CPU aclnn runtime hands what the op_host reported to
aclGetRecentErrMsg, so the binding's exception carries the op and the reason, and nothing is
printed. Negative control: the same refusal built with a Reject that prints to stderr, as the host
code once did, leaves the channel empty and prints."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
import torch

import cpu_reference
from ascend_ops.npu.dispatch import on_binding
from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops_gen.spec import specs

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parents[2] / "ascend_kernels"
STUB = KERNELS / "sim" / "cann_host_stub"
# The reporting line of Reject in common/copy_op_host.h, and the printing line it replaced.
REPORTING = '    REPORT_INNER_ERROR(kRejectionErrorCode, "%s%s", RejectionPrefix(op.opType, nodeName).c_str(), why.message);'
PRINTING = ('    std::fprintf(stderr, "[%s] %s: %s\\n", op.opType, nodeName != nullptr ? nodeName : op.opType, '
            'why.message);')


def test_a_refused_tiling_reaches_the_exception_through_the_channel_and_nothing_is_printed(cpu_binding, capfd):
    # NCHW_VECT_C holds int8 only: the op's TilingFunc (its dtype rule) refuses a float32 input.
    cpu_binding.select(specs().products[0].simulated_soc)
    on_binding("depth_to_space")(torch.zeros(1, 2, 3, 4), 2)  # the runtime and its library are up
    capfd.readouterr()
    with pytest.raises(OpArgumentError) as caught:
        on_binding("depth_to_space")(torch.zeros(1, 4, 3, 2, 4), 2, data_format="NCHW_VECT_C")
    with pytest.raises(OpArgumentError) as reason:
        cpu_reference.depth_to_space(np.zeros((1, 4, 3, 2, 4), np.float32), 2, data_format="NCHW_VECT_C")
    assert str(caught.value).splitlines()[0] == (
        "depth_to_space: aclnnAscendDepthToSpaceGetWorkspaceSize rejected the call (aclnnStatus 161002): "
        f"EZ9999: [AscendDepthToSpace] AscendDepthToSpace: {reason.value}")
    assert capfd.readouterr().err == ""


def _view_op():
    """The first op of the specs whose host code is the engine's (copy_op_host.h)."""
    return next(op for op in specs().ops if op.reads_a_view)


def _refusal(common: Path, work: Path) -> tuple[int, list[str], str]:
    """The first view op's TilingFunc on an empty tiling context, built with the host headers of
    `common`: (status, what the error-message channel holds, what the process printed on stderr)."""
    op = _view_op()
    program = work / "rejection_channel"
    built = subprocess.run(["g++", "-std=c++17", "-O0", f"-I{STUB}", f"-I{common}",
                            f'-DREJECTION_CHANNEL_OP_TYPE="{op.op_type}"', str(HERE / "rejection_channel.cpp"),
                            str(KERNELS / op.name / "op_host" / f"{op.name}.cpp"), "-o", str(program)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-3000:]
    ran = subprocess.run([str(program)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    out = json.loads(ran.stdout)
    return out["status"], out["reported"], ran.stderr


def _channel_problems(status: int, reported: list[str], stderr: str) -> list[str]:
    op_type = _view_op().op_type
    want = f"EZ9999: [{op_type}] {op_type}: input x has no shape or no description"
    return ([] if status != 0 else ["status: the TilingFunc accepted an empty context"]) + \
        ([] if reported == [want] else [f"channel: holds {reported}, not [{want!r}]"]) + \
        ([] if stderr == "" else [f"stderr: {stderr!r}"])


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_the_refusal_is_reported_not_printed_and_a_printing_reject_fails_that(tmp_path):
    assert _channel_problems(*_refusal(KERNELS / "common", tmp_path)) == []
    common = tmp_path / "common"
    shutil.copytree(KERNELS / "common", common)
    text = (common / "copy_op_host.h").read_text()
    assert text.count(REPORTING) == 1
    (common / "copy_op_host.h").write_text(text.replace(REPORTING, PRINTING).replace(
        "#include <cstddef>\n", "#include <cstddef>\n#include <cstdio>\n", 1))
    problems = _channel_problems(*_refusal(common, tmp_path))
    assert [p.split(":")[0] for p in problems] == ["channel", "stderr"], problems
