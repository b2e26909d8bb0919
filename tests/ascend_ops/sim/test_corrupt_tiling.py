"""A corrupted tiling never hangs a kernel (Note [corrupt tiling] in
ascend_kernels/common/copy_kernel_base.h): with a zero tile size, or a zeroed field its windows
depend on, every copy kernel refuses the tiling at Init and writes nothing, so the launch fails
fast with the emulator's "never written" error.

Before that check, BurstCopyKernel::Process advanced by `tileElems` and spun forever on 0. So that
such a regression fails the test instead of hanging CI, the launches run in a child interpreter
under a timeout; the child reports one JSON line per case, and prints the case's name before
launching it, so a timeout names the case that hung.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

TIMEOUT_SECONDS = 60


@dataclass(frozen=True)
class Corruption:
    name: str
    mode: str  # the kernel the untouched plan runs (Plan.mode)
    product: str
    op: str
    shape: tuple[int, ...]
    dtype: str
    args: tuple
    kwargs: dict
    zeroed: tuple[str, ...]  # CopyTiling fields set to 0


CORRUPTIONS = [
    Corruption("burst_pieces", "burst", "atlas-a2", "slice", (2000, 1031), "float32",
               ([1, 0], [1997, -1]), {}, ("tileElems", "rowsPerTile")),
    Corruption("burst_rows", "burst", "atlas-a2", "slice", (2000, 1031), "float32",
               ([1, 3], [1997, 1000]), {}, ("tileElems", "rowsPerTile")),
    Corruption("burst_aligned", "burst-aligned", "atlas-training", "slice", (2000, 1031), "float16",
               ([1, 0], [1997, -1]), {}, ("tileElems",)),
    Corruption("gather", "gather", "atlas-a2", "strided_slice", (100003,), "float32",
               ([0], [0], [-1]), {"begin_mask": 1, "end_mask": 1}, ("unitsPerTile", "tileElems")),
    Corruption("transpose", "transpose/scalar", "atlas-training", "depth_to_space", (1, 8, 16, 1001), "int8",
               (2,), {"data_format": "NCHW", "mode": "CRD"}, ("unitsPerTile", "tileElems")),
    # Windows chained over both block dims (Note [window chains]): a window count or a second
    # window dim the view does not give is refused.
    Corruption("window_count", "transpose", "atlas-a2", "depth_to_space", (1, 16, 96, 80), "float32",
               (2,), {"data_format": "NCHW", "mode": "CRD"}, ("windowCount",)),
    Corruption("window_chain", "transpose/transdata", "atlas-training", "depth_to_space", (1, 16, 96, 80),
               "float32", (2,), {"data_format": "NCHW", "mode": "CRD"}, ("countInnerDim",)),
    # 16-bit transposes (Note [block transposes]) whose groups have no blocks are refused.
    Corruption("transpose_groups", "transpose/transdata", "atlas-training", "depth_to_space", (1, 16, 96, 80),
               "float32", (2,), {"data_format": "NCHW", "mode": "CRD"}, ("transposeGroupRun",)),
    # 8-byte elements whose 4-byte pair view would have 9 dims: no GATHER unit, element by element.
    Corruption("scalar", "scalar", "atlas-a2", "strided_slice", (3, 4, 5, 6, 7, 3, 4, 9), "int64",
               ([0] * 8, [2, 3, 4, 5, 6, 2, 3, 9], [1] * 7 + [2]), {}, ("tileElems",)),
]

# Runs in the child: plans each case, checks the untouched plan's mode, zeroes the fields and
# launches; one JSON line per case.
CHILD = r"""
import json, sys
import numpy as np
from ascend_ops.sim import SimulatorError, launch, plan
from ascend_ops_dev.sim.corpus import input_array

for case in json.loads(sys.argv[1]):
    print("launching " + case["name"], file=sys.stderr, flush=True)
    x = input_array(tuple(case["shape"]), case["dtype"], 0)
    planned = plan(case["op"], x.shape, case["dtype"], tuple(case["args"]), case["kwargs"],
                   product=case["product"])
    result = {"name": case["name"], "mode": planned.mode, "error": None}
    for field in case["zeroed"]:
        setattr(planned.tiling, field, 0)
    y = np.empty(planned.output_shape, x.dtype)
    try:
        launch(planned, x, y)
    except SimulatorError as e:
        result["error"] = str(e)
    print(json.dumps(result), flush=True)
"""


@pytest.fixture(scope="module")
def outcomes() -> dict[str, dict]:
    cases = [{"name": c.name, "product": c.product, "op": c.op, "shape": c.shape, "dtype": c.dtype,
              "args": c.args, "kwargs": c.kwargs, "zeroed": c.zeroed} for c in CORRUPTIONS]
    hung = None
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cases)], capture_output=True,
                              text=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired as e:  # run() has killed the child
        stderr = e.stderr.decode() if isinstance(e.stderr, bytes) else e.stderr or ""
        launched = [line for line in stderr.splitlines() if line.startswith("launching ")]
        hung = launched[-1] if launched else "before the first launch"
    if hung is not None:
        pytest.fail(f"a kernel with a corrupted tiling ran for over {TIMEOUT_SECONDS} s: {hung}",
                    pytrace=False)
    assert proc.returncode == 0, proc.stderr
    return {r["name"]: r for r in map(json.loads, proc.stdout.splitlines())}


@pytest.mark.parametrize("corruption", CORRUPTIONS, ids=lambda c: c.name)
def test_a_zero_tile_size_fails_fast_with_nothing_written(outcomes, corruption):
    outcome = outcomes[corruption.name]
    assert outcome["mode"] == corruption.mode
    kernel = "ascend_" + corruption.op
    assert outcome["error"] is not None, "the launch succeeded with a zero tile size"
    assert re.fullmatch(rf"{kernel}: output 'y': (\d+) of \1 bytes never written \(first at byte 0\)",
                        outcome["error"]), outcome["error"]
