"""The simulator: the generated AscendC kernels, compiled with g++ against the CPU emulation of
the AscendC API (`ascend_kernels/sim/`), planned by the generated CANN host code (InferShape,
TilingFunc) on CPU bodies of the CANN host headers, run on the CPU.

- `run_op`: the `sim` CPU backend (`ASCEND_OPS_BACKEND=sim`, `ascend_ops.use_backend("sim")`);
  `sim_gradient_kernel` its kernel of the gradient ops;
- `simulate`, `plan`, `launch`: one call on numpy arrays, with the kernel's statistics (`simulate`
  takes custom ops too, `plan_op`, `launch_op` and `simulate_op` are theirs);
- `corpus`: the verification corpus `ascend-ops-dev sim` runs;
- `device`: the simulated `npu` device (ASCEND_OPS_SIM_NPU=1), which runs them behind npu tensors.

The names below come from `runner`, `custom_runner` and `any_op`, imported when first asked for:
`import ascend_ops` loads `device` only.
"""
import importlib

_HOMES = {"Plan": "runner", "SimStats": "runner", "SimulatorError": "runner", "launch": "runner",
          "plan": "runner", "run_op": "runner", "sim_gradient_kernel": "runner", "sim_product": "runner", "simulate": "any_op",
          "OpPlan": "custom_runner", "launch_op": "custom_runner", "plan_op": "custom_runner",
          "simulate_op": "custom_runner"}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
