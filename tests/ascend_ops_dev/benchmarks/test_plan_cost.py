"""The planner's host cost (`bench --plan-cost-only`): the harness plans the very view the op's
TilingFunc plans, so its time is the TilingFunc's planning."""
from __future__ import annotations

import pytest
from ascend_ops_gen.spec import specs

from ascend_ops.sim.runner import plan
from ascend_ops_dev import benchmarks
from ascend_ops_dev.benchmarks import plan_cost
from ascend_ops_dev.benchmarks.cases import ShapeClass
from ascend_ops_dev.benchmarks.npu_model import dtype_for
from ascend_ops_dev.commands import bench

CLASSES = {(sc.op, sc.key): sc for sc in benchmarks.shape_classes()}


@pytest.mark.parametrize("op, key", sorted(CLASSES))
@pytest.mark.parametrize("product", [p.key for p in specs().products])
def test_the_harness_plans_as_the_tilingfunc_does(op: str, key: str, product: str) -> None:
    sc: ShapeClass = CLASSES[(op, key)]
    p = next(q for q in specs().products if q.key == product)
    dtype = dtype_for(p, op)
    shape = sc.input_shape(sc.n_for(16 << 10))
    tiling_func = plan(op, shape, dtype, kwargs=sc.kwargs, product=product)
    _, mode, cores = plan_cost.time_plan(plan_cost._library(), plan_cost.view_of(op, shape, sc.kwargs),
                                         p.simulated_soc, specs().dtype_size(dtype))
    assert (mode, cores) == (tiling_func.mode, tiling_func.block_dim)


def test_a_view_the_planner_refuses_is_an_error() -> None:
    lib = plan_cost._library()
    negative = plan_cost.View(shape=(2, -3), strides=(3, 1), offset=0)
    with pytest.raises(RuntimeError, match=r"on Ascend910B1 failed: view shape\[1\] = -3 is invalid"):
        plan_cost.time_plan(lib, negative, "Ascend910B1")
    with pytest.raises(RuntimeError, match=r"on NoSuchSoc failed: no SoC NoSuchSoc"):
        plan_cost.time_plan(lib, plan_cost.View(shape=(2, 3), strides=(3, 1), offset=0), "NoSuchSoc")


def test_plan_cost_only_writes_its_table_alone(tmp_path, capsys) -> None:
    from ascend_ops_dev.cli import build_parser

    args = build_parser().parse_args(["bench", "--plan-cost-only", "--quick", "--op", "slice", "--out", str(tmp_path)])
    assert bench.run(args) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan_cost.md"]
    text = (tmp_path / "plan_cost.md").read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("### Output")] == \
        ["### Output 4 KiB", "### Output 64 KiB"]
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(rows) == 2 and all(row.startswith("| `slice` | slab |") for row in rows)
    assert all(row.count(" µs") == len(specs().products) for row in rows)
    assert text in capsys.readouterr().out
