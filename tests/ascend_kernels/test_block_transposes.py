"""Note [block transposes] (ascend_kernels/common/copy_grid.h): without Gather, GATHER and
TRANSPOSE tiles of 2- and 4-byte units are rearranged by TransDataTo5HD where the planner finds a
group stride whose rule it has checked lane by lane; the rest stays with the scalar unit, named so.
Outputs are compared bit for bit (integer views) with cpu_reference."""
from __future__ import annotations

import numpy as np
import pytest

import cpu_reference
from ascend_ops.sim.runner import launch, plan, simulate
from ascend_ops_dev.sim.corpus import input_array

TRAINING = "atlas-training"

# (op, shape, args, kwargs): the NPU model's strided and permutation classes at 64 KiB, and views
# whose rows are cut into units with a tail, tiles of several units, negative strides.
CASES = [
    ("strided_slice", (8, 4096), ([0, 0], [0, 0], [1, 2]), {"begin_mask": 3, "end_mask": 3}),
    ("strided_slice", (8, 6144), ([0, 0], [0, 0], [1, 3]), {"begin_mask": 3, "end_mask": 3}),
    ("strided_slice", (8, 2048), ([0, 0], [0, 0], [1, -1]), {"begin_mask": 3, "end_mask": 3}),
    ("depth_to_space", (1, 16, 32, 32), (2,), {"data_format": "NCHW"}),
    ("depth_to_space", (1, 16, 32, 32), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    ("depth_to_space", (1, 64, 64, 4), (2,), {}),
    ("space_to_depth", (1, 4, 64, 64), (2,), {"data_format": "NCHW"}),
    ("space_to_depth", (1, 4, 64, 64), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    ("strided_slice", (3, 40000), ([0, 0], [0, 0], [1, -2]), {"begin_mask": 3, "end_mask": 3}),
    ("strided_slice", (9, 70000), ([0, 1], [9, 70000], [2, 3]), {}),
]
# Views whose lanes the rule does not serve, or not cheaper than the scalar unit, for every dtype:
# bit for bit whichever way they go.
IRREGULAR = [
    ("depth_to_space", (2, 12, 16, 24), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    ("strided_slice", (6, 2050), ([0, 0], [0, 0], [1, -1]), {"begin_mask": 3, "end_mask": 3}),
    ("strided_slice", (5, 7, 1003), ([1, 0, 2], [5, 7, 1001], [1, 1, 2]), {}),
    ("depth_to_space", (3, 5, 7, 8), (2,), {}),
    ("depth_to_space", (2, 12, 14, 18), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    ("space_to_depth", (2, 3, 24, 40), (2,), {"data_format": "NCHW"}),
]


def _ids(case) -> str:
    op, shape, _, kwargs = case
    return f"{op}-{'x'.join(map(str, shape))}-{kwargs.get('data_format', '')}{kwargs.get('mode', '')}"


def _bits(a: np.ndarray) -> np.ndarray:
    return a.view(f"u{a.itemsize}")


@pytest.mark.parametrize("dtype", ["float32", "float16", "int64"])
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_training_series_rearranges_by_transposes_bit_for_bit(case, dtype):
    op, shape, args, kwargs = case
    x = input_array(shape, dtype, 7)
    y, stats = simulate(op, x, *args, product=TRAINING, **kwargs)
    np.testing.assert_array_equal(_bits(y), _bits(getattr(cpu_reference, op)(x, *args, **kwargs)))
    assert stats.mode.endswith("/transdata"), stats.mode
    # the element order is the transposes' work: no scalar UB writes per element
    assert stats.ub_scalar_writes * 8 < stats.output_units
    assert stats.address_list_instructions > 0


@pytest.mark.parametrize("dtype", ["float32", "float16", "int64"])
@pytest.mark.parametrize("case", IRREGULAR, ids=_ids)
def test_views_the_rule_does_not_serve_are_rearranged_by_the_scalar_unit(case, dtype):
    op, shape, args, kwargs = case
    x = input_array(shape, dtype, 11)
    y, stats = simulate(op, x, *args, product=TRAINING, **kwargs)
    np.testing.assert_array_equal(_bits(y), _bits(getattr(cpu_reference, op)(x, *args, **kwargs)))
    assert stats.mode.split("/")[1] in ("transdata", "scalar"), stats.mode
    assert (stats.address_list_instructions > 0) == stats.mode.endswith("/transdata")


@pytest.mark.parametrize("op, shape, kwargs, run, stride", [
    # NHWC depth_to_space of 4 channels at 4 KiB: output rows of 4 blocks whose lanes alternate
    # row by row, so a group is 4 runs of 4 blocks, 8 apart.
    ("depth_to_space", (1, 16, 16, 4), {}, 4, 8),
    ("space_to_depth", (1, 4, 16, 16), {"data_format": "NCHW", "mode": "CRD"}, 8, 16),
])
def test_groups_of_runs_fill_every_row(op, shape, kwargs, run, stride):
    x = input_array(shape, "float32", 5)
    planned = plan(op, shape, "float32", (2,), kwargs, product=TRAINING)
    assert (planned.tiling.transposeGroupRun, planned.tiling.transposeGroupStride) == (run, stride)
    y, stats = simulate(op, x, 2, product=TRAINING, **kwargs)
    np.testing.assert_array_equal(_bits(y), _bits(getattr(cpu_reference, op)(x, 2, **kwargs)))
    # the groups a core's blocks make, each its own transpose and one or two of columns (the
    # columns' input lanes straddle at most two blocks)
    core_blocks = -(-stats.output_units * 4 // 32 // stats.block_dim)
    span, per_span = 16 // run * stride, stride // run
    full, rest = divmod(core_blocks, span)
    groups = full * per_span + min(per_span, -(-rest // run))
    assert 2 * groups <= stats.core_address_list_instructions <= 3 * groups


def test_byte_units_stay_with_the_scalar_unit_and_say_so():
    # TransDataTo5HD's 8-bit form fills half blocks: 1-byte units are rearranged by the scalar unit.
    op, shape, args, kwargs = CASES[0]
    x = input_array(shape, "int8", 1)
    y, stats = simulate(op, x, *args, product=TRAINING, **kwargs)
    np.testing.assert_array_equal(y, getattr(cpu_reference, op)(x, *args, **kwargs))
    assert stats.mode == "gather/scalar" and stats.address_list_instructions == 0


def test_products_with_gather_use_it():
    op, shape, args, kwargs = CASES[0]
    planned = plan(op, shape, "float32", args, kwargs, product="atlas-a2")
    assert planned.mode == "gather" and planned.tiling.transposeGroupStride == 0


def test_negative_control_a_group_stride_the_planner_rejected_scrambles_the_output():
    # NCHW depth_to_space needs groups of output blocks two apart; consecutive blocks (stride 1)
    # break the rule. The kernel then runs (its scratch suffices) and writes the wrong order.
    op, shape, args, kwargs = CASES[3]
    x = input_array(shape, "float32", 3)
    planned = plan(op, shape, "float32", args, kwargs, product=TRAINING)
    t = planned.tiling
    assert planned.mode == "transpose/transdata" and (t.transposeGroupRun, t.transposeGroupStride) == (1, 2)
    expected = getattr(cpu_reference, op)(x, *args, **kwargs)
    good = np.empty(planned.output_shape, x.dtype)
    launch(planned, x, good)
    np.testing.assert_array_equal(_bits(good), _bits(expected))
    t.transposeGroupStride = 1
    bad = np.empty(planned.output_shape, x.dtype)
    launch(planned, x, bad)
    assert not np.array_equal(_bits(bad), _bits(expected))
