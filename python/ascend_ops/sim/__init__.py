"""The simulator: the generated AscendC kernels, compiled with g++ against the CPU emulation of
the AscendC API (`ascend_kernels/sim/`), planned by the generated CANN host code (InferShape,
TilingFunc) on CPU bodies of the CANN host headers, run on the CPU.

- `run_op`: the `sim` CPU backend (`ASCEND_OPS_BACKEND=sim`, `ascend_ops.use_backend("sim")`);
- `simulate`, `plan`, `launch`: one call on numpy arrays, with the kernel's statistics;
- `corpus`: the verification corpus `ascend-ops-dev sim` runs;
- `device`: the simulated `npu` device (ASCEND_OPS_SIM_NPU=1), which runs them behind npu tensors.

The names below come from `runner`, imported when first asked for: `import ascend_ops` loads
`device` only.
"""
import importlib

__all__ = ["Plan", "SimStats", "SimulatorError", "launch", "plan", "run_op", "sim_product",
           "simulate"]


def __getattr__(name: str):
    if name in __all__:
        return getattr(importlib.import_module(".runner", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
