"""copy_limits.h names the AscendC DMA limits once for planner and kernel; the kernel header proves
them against the parameter structs it fills, so a limit that drifts from the API fails to compile
(against the simulator's AscendC headers here, against the real ones in `ascend-ops-dev check-cann`)."""
from __future__ import annotations

import pytest

from ascend_ops_dev.kernel_checks.host_check import check_host_code

LIMITS = "ascend_kernels/common/copy_limits.h"


@pytest.mark.parametrize("old, new, message", [
    ("kMaxCopyParamBlocks = UINT16_MAX;", "kMaxCopyParamBlocks = UINT16_MAX - 1;",
     "kMaxCopyParamBlocks (copy_limits.h) is not the range of DataCopyParams' blockLen and strides"),
    ("kMaxPadStride = UINT32_MAX;", "kMaxPadStride = UINT16_MAX;",
     "kMaxPadStride (copy_limits.h) is not the range of DataCopyExtParams' strides"),
    ("kMaxBlockCount = 4095;", "kMaxBlockCount = 65536;",
     "kMaxBlockCount or kMaxPadBlockLen (copy_limits.h) does not fit its AscendC parameter field"),
], ids=["copy_param_blocks", "pad_stride", "block_count"])
def test_a_limit_the_api_fields_cannot_hold_fails_every_kernel_build(project, old, new, message):
    project.edit(LIMITS, old, new)
    kernels = [r for r in check_host_code(project.out, ops=["slice"]) if r.npu_arch is not None]
    assert kernels and all(not r.ok and message in r.output for r in kernels), [r.output[:500] for r in kernels]


def test_the_unedited_limits_compile(project):
    # The control of the test above, on the same copy and op.
    results = check_host_code(project.out, ops=["slice"])
    assert results and all(r.ok for r in results), [r.output[:500] for r in results if not r.ok]
