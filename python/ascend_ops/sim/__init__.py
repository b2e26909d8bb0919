"""The simulator: the generated AscendC kernels, compiled with g++ against the CPU emulation of
the AscendC API (`ascend_kernels/sim/`), planned by the generated CANN host code (InferShape,
TilingFunc) on CPU bodies of the CANN host headers, run on the CPU.

- `run_op`: the `sim` CPU backend (`ASCEND_OPS_BACKEND=sim`, `ascend_ops.use_backend("sim")`);
- `simulate`, `plan`, `launch`: one call on numpy arrays, with the kernel's statistics;
- `corpus`: the verification corpus `ascend-ops sim` runs.
"""
from .runner import Plan, SimStats, SimulatorError, launch, plan, run_op, sim_product, simulate

__all__ = ["Plan", "SimStats", "SimulatorError", "launch", "plan", "run_op", "sim_product",
           "simulate"]
