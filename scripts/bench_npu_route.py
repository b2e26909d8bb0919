#!/usr/bin/env python3
"""The host cost of the NPU route, on the simulated npu device: `python scripts/bench_npu_route.py
[--quick]`.

Times `torch.ops.ascend_ops.slice` on npu tensors, a tiny call and a large one, through the route an
Atlas box runs (Python dispatch, argument checks, the binding's tensor conversion, GetWorkspaceSize
with InferShape and TilingFunc, the launch through the task queue), and takes away the kernel's
simulated time, which the CPU aclnn runtime measures: what is left runs on an Atlas host too. It
splits that into the Python dispatch (the op against the binding called directly), the binding
outside the runtime (descriptors, output, queue), GetWorkspaceSize, and the launch's host part,
and times the TilingFunc's planning alone in C++ (PlanStridedCopy, as `ascend-ops-dev bench
--plan-cost-only` does). The baseline, measured in the same run: the CPU fast path's tiny call.
Every figure is the median of rounds of calls, in microseconds per call.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HOST_GOAL_US = 20.0  # the whole host route of a tiny call
PLAN_GOAL_US = 5.0   # the TilingFunc's planning
# (name, input shape, offsets, size): a 4x4 float32 slice, and a 4 MiB one
CALLS = (("tiny", (4, 4), [1, 1], [2, 2]),
         ("large", (64, 66, 256), [0, 1, 0], [-1, 64, -1]))


def rounds(fn, calls: int, repeats: int, times=None) -> tuple[float, list[float]]:
    """Median microseconds per call of `fn` over `repeats` rounds of `calls` calls, and the median
    per call of each of the runtime's timers (`times`: a function giving them cumulatively)."""
    totals, parts = [], []
    for _ in range(repeats):
        before = times() if times else ()
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        totals.append((time.perf_counter() - start) / calls * 1e6)
        if times:
            parts.append([(b - a) / calls * 1e6 for a, b in zip(before, times())])
    return statistics.median(totals), [statistics.median(p) for p in zip(*parts)] if parts else []


def measure(quick: bool) -> list[tuple[str, str, float]]:
    import torch

    import ascend_ops
    from ascend_ops.npu import dispatch
    from ascend_ops.sim import aclnn_route
    from ascend_ops_dev.benchmarks import plan_cost

    soc = torch.npu.get_device_name()
    rows = []
    repeats = 3 if quick else 7
    cpu = torch.arange(16.0).reshape(4, 4)
    fast_path_us, _ = rounds(lambda: torch.ops.ascend_ops.slice(cpu, [1, 1], [2, 2]), 2000, repeats)
    rows.append(("baseline", "CPU fast path, tiny call (`torch.ops.ascend_ops.slice`, 4x4 float32)", fast_path_us))
    for name, shape, offsets, size in CALLS:
        x = torch.rand(shape).npu()
        op = lambda: torch.ops.ascend_ops.slice(x, offsets, size)  # noqa: E731
        direct = lambda: torch.ops.ascend_ops_npu.slice(x, offsets, size)  # noqa: E731
        op()  # loads the binding
        dispatch.load_simulated_binding()
        binding = aclnn_route.loaded()
        calls = (200 if quick else 1000) if name == "tiny" else (2 if quick else 5)
        total, (plan, launch, kernel) = rounds(op, calls, repeats, binding.times)
        alone, (plan_d, launch_d, kernel_d) = rounds(direct, calls, repeats, binding.times)
        view = plan_cost.view_of("slice", shape, {"offsets": offsets, "size": size})
        planning, _, _ = plan_cost.time_plan(plan_cost._library(), view, soc)
        mib = ascend_ops.slice(torch.empty(shape, device="meta"), offsets, size).numel() * 4 / (1 << 20)
        label = f"{name} call ({'x'.join(map(str, shape))} float32 -> {mib:.3g} MiB, {soc})"
        rows += [
            (label, "whole call", total),
            (label, "the kernel's simulated time (left out)", kernel),
            (label, "**host route** (whole call - kernel)", total - kernel),
            (label, "  Python dispatch (call - binding called directly)", total - kernel - (alone - kernel_d)),
            (label, "  binding outside the runtime (conversion, output, task queue)", alone - plan_d - launch_d),
            (label, "  GetWorkspaceSize (InferShape, TilingFunc)", plan_d),
            (label, "  aclnn<Op>'s host part (launch - kernel)", launch_d - kernel_d),
            (label, "TilingFunc's planning alone, C++ (PlanStridedCopy)", planning),
        ]
    return rows


def markdown(rows: list[tuple[str, str, float]]) -> str:
    baseline = rows[0][2]
    lines = ["| call | part | µs per call | x CPU fast path's tiny call |", "|---|---|---:|---:|"]
    for label, part, us in rows:
        lines.append(f"| {label} | {part} | {us:,.1f} | {us / baseline:,.1f}x |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls and rounds (a smoke run)")
    args = parser.parse_args(argv)
    if os.environ.get("ASCEND_OPS_SIM_NPU") != "1":  # the device is enabled at import, in a process of its own
        env = dict(os.environ, ASCEND_OPS_SIM_NPU="1", TORCH_DEVICE_BACKEND_AUTOLOAD="0")
        env.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        return subprocess.run([sys.executable, __file__, *argv], env=env, check=False).returncode
    print(markdown(measure(args.quick)))
    print(f"\nGoals: the host route of a tiny call <= {HOST_GOAL_US:g} µs; the TilingFunc's planning "
          f"<= {PLAN_GOAL_US:g} µs.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
