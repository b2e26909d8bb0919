"""The NPU model: simulator counts turned into modeled time against each product's roofline."""
from __future__ import annotations

import numpy as np
import pytest

from ascend_ops_dev.benchmarks import npu_model
from ascend_ops_dev.benchmarks.cases import shape_classes
from ascend_ops_gen.spec import specs

SMALL = 256 << 10


def _class(op: str, key: str):
    return next(c for c in shape_classes() if c.op == op and c.key == key)


@pytest.mark.parametrize("product", [p.key for p in specs().products])
def test_a_contiguous_slice_draws_the_memory_bandwidth_near_the_roofline(product):
    p = next(p for p in specs().products if p.key == product)
    row = npu_model.model_row(_class("slice", "slab"), p, SMALL)
    # enough cores to draw (nearly) the memory's bandwidth, no more than the launch cores
    core_bandwidth = npu_model.COSTS["kCoreBandwidthGbps"].value
    assert 0.9 * min(p.memory_bandwidth_gbps, p.launch_cores() * core_bandwidth) <= row.block_dim * core_bandwidth
    assert row.block_dim <= p.launch_cores()
    assert row.dtype in specs().op("slice").supported_dtypes(p)
    # Moving each byte once each way at full bandwidth is the floor the model can reach.
    assert 0 < row.roofline_us <= row.modeled_us
    assert row.efficiency > 0.9


def test_a_strided_gather_models_slower_than_a_contiguous_copy_of_the_same_size():
    p = next(p for p in specs().products if p.key == "atlas-a2")
    contiguous = npu_model.model_row(_class("strided_slice", "slab"), p, SMALL)
    step3 = npu_model.model_row(_class("strided_slice", "step3"), p, SMALL)
    assert step3.vs_roofline < contiguous.vs_roofline


def test_the_scalar_term_is_part_of_the_modeled_time_and_counts_the_scalar_work():
    p = next(p for p in specs().products if p.key == "atlas-a2")
    row = npu_model.model_row(_class("strided_slice", "step3"), p, SMALL)
    assert 0 < row.scalar_us < row.modeled_us
    assert row.without_scalar_us == pytest.approx(row.modeled_us - row.scalar_us)
    assert 0 < row.scalar_share < 1


def test_every_model_cost_says_it_is_assumed_or_documented():
    # One home for the costs: cost_model.h, which the planner includes and the model parses.
    from ascend_ops_gen.spec import project_root

    text = (project_root() / npu_model.COST_MODEL).read_text(encoding="utf-8")
    constants = [ln for ln in text.splitlines() if ln.startswith("constexpr double")]
    assert len(constants) == len(npu_model.COSTS) >= 7
    for cost in npu_model.COSTS.values():
        assert cost.mark in ("ASSUMED", "DOCUMENTED") and len(cost.reason) > 20, cost
    assert {name for name, _ in npu_model.COST_TITLES} <= set(npu_model.COSTS)


def test_a_core_alone_cannot_draw_the_memory_bandwidth_and_blocks_cost_their_launch():
    from types import SimpleNamespace

    p = next(p for p in specs().products if p.key == "atlas-a2")
    counts = dict(moved_bytes=64 << 20, busiest_over_mean=1.0, core_dma_instructions=0,
                  core_vector_instructions=0, core_div_mods=0, core_ub_scalar_accesses=0,
                  core_scalar_gm_accesses=0, core_loop_iterations=0, core_address_list_instructions=0,
                  core_mul_highs=0)
    one, _ = npu_model.times_us(SimpleNamespace(block_dim=1, **counts), p.memory_bandwidth_gbps)
    enough = npu_model.saturating_cores(p)
    at, _ = npu_model.times_us(SimpleNamespace(block_dim=enough, **counts), p.memory_bandwidth_gbps)
    more, _ = npu_model.times_us(SimpleNamespace(block_dim=enough + 10, **counts), p.memory_bandwidth_gbps)
    assert one > 10 * at  # one core moves 128 GB/s of the 1600
    launch = npu_model.COSTS["kBlockLaunchNs"].value / 1e3
    assert more == pytest.approx(at + 10 * launch)  # past saturation, more blocks only cost


def test_negative_control_a_cost_without_its_mark_is_refused():
    good = "constexpr double kX = 1.0;  // ASSUMED: a reason\n"
    assert npu_model.read_costs(good)["kX"].value == 1.0
    with pytest.raises(npu_model.CostModelError, match="kY"):
        npu_model.read_costs(good + "constexpr double kY = 2.0;  // a reason without its mark\n")


def test_the_table_says_it_is_a_model_and_names_every_product():
    p = next(p for p in specs().products if p.key == "atlas-inference")
    text = npu_model.markdown([npu_model.model_row(_class("slice", "slab"), p, SMALL)])
    assert "a model, not a measurement" in text and "Nothing here has run on an NPU" in text
    for product in specs().products:
        assert f"{product.key} ({product.memory_bandwidth_gbps:g} GB/s)" in text
    assert "| `slice` |" in text


@pytest.mark.parametrize("key, step", [("step2", 2), ("step3", 3)])
def test_a_step_k_gather_is_held_below_its_block_floor(key, step):
    # float32 x[:, ::k] with k * 4 < 32 touches every 32-byte block of the rows it reads: k times
    # its output read, the output written once, so the floor is 2 / (k + 1).
    p = next(p for p in specs().products if p.key == "atlas-a2")
    row = npu_model.model_row(_class("strided_slice", key), p, SMALL)
    assert row.floor == pytest.approx(2 / (step + 1), rel=0.01)
    assert row.vs_roofline <= row.floor


def test_a_permutation_reading_whole_rows_has_no_block_floor_below_one():
    p = next(p for p in specs().products if p.key == "atlas-a2")
    row = npu_model.model_row(_class("depth_to_space", "nchw_crd"), p, SMALL)
    assert row.floor == pytest.approx(1.0)
    assert row.vs_roofline <= row.floor
    assert "| block floor |" in npu_model.markdown([row]) and "| 1.00 |" in npu_model.markdown([row])


def test_multiply_highs_are_priced_as_scalar_work():
    from types import SimpleNamespace

    p = next(p for p in specs().products if p.key == "atlas-a2")
    counts = dict(block_dim=1, moved_bytes=4096, busiest_over_mean=1.0, core_dma_instructions=2,
                  core_vector_instructions=0, core_div_mods=0, core_ub_scalar_accesses=0,
                  core_scalar_gm_accesses=0, core_loop_iterations=3, core_address_list_instructions=0)
    none, scalar_none = npu_model.times_us(SimpleNamespace(core_mul_highs=0, **counts), p.memory_bandwidth_gbps)
    five, scalar_five = npu_model.times_us(SimpleNamespace(core_mul_highs=5, **counts), p.memory_bandwidth_gbps)
    step = 5 * npu_model.COSTS["kMulHighNs"].value / 1e3
    assert step > 0
    assert five == pytest.approx(none + step) and scalar_five == pytest.approx(scalar_none + step)


def test_the_gradient_rows_run_the_gradient_kernels_at_their_sizes():
    classes = [c for c in shape_classes() if (c.op, c.key) in npu_model.GRADIENT_CLASSES]
    assert {(c.op, c.key) for c in classes} == set(npu_model.GRADIENT_CLASSES)
    rows = npu_model.model(classes, sizes=(4 << 10, 64 << 10), progress=lambda _: None)
    writes = [r for r in rows if r.op.endswith("_grad")]
    # a filled row (FILLED_CLASSES x FILLS) is titled by its fill; the others are the gradients
    gradients = [r for r in writes if not r.title.startswith("filled with ")]
    assert len(writes) > len(gradients)
    # only at 64 KiB (GRADIENT_SIZES), one row per class and product line, by the write modes
    assert {r.size for r in writes} == {64 << 10}
    assert sorted((r.op, r.key, r.product) for r in gradients) == sorted(
        (npu_model.gradient_op(op), key, p.key) for op, key in npu_model.GRADIENT_CLASSES for p in specs().products)
    assert {r.mode for r in gradients} <= {"write-burst", "write-scalar"}
    for r in gradients:
        assert 0 < r.roofline_us <= r.modeled_us and r.floor == 1.0, r
    text = npu_model.markdown(rows)
    assert "| `strided_slice_grad` | gradient of: x[:, ::2], innermost stride 2 |" in text


def test_a_gradient_rows_roofline_counts_dy_and_dx_once():
    p = next(p for p in specs().products if p.key == "atlas-a2")
    sc = _class("strided_slice", "step2")
    row = npu_model.gradient_model_row(sc, p, SMALL)
    w = sc.build(SMALL // 4)
    dy_bytes = 4 * int(np.prod(w.output_shape))
    dx_bytes = 4 * int(np.prod(w.x.shape))
    assert dx_bytes > 1.9 * dy_bytes  # step 2: dx twice dy, half of it zeros
    assert row.roofline_us == pytest.approx((dy_bytes + dx_bytes) / (p.memory_bandwidth_gbps * 1e3))
    # the forward's roofline (its output read and written once) is another number: negative control
    forward = npu_model.model_row(sc, p, SMALL)
    assert forward.roofline_us != pytest.approx(row.roofline_us)
