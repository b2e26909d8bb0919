"""`ascend-ops build`: compile the compiled fast path (python/ascend_ops/cpu/compiled.py) into the
build cache, once per torch version and source change, and with --sim-npu (or ASCEND_OPS_SIM_NPU=1)
the simulated npu device (python/ascend_ops/sim/device.py) and its custom route, the binding over
the CPU aclnn runtime (sim/aclnn_route.py); the next `import ascend_ops` uses them."""
from __future__ import annotations

import argparse
import os
import sys

HELP = "compile the C++ fast path for torch.ops.ascend_ops.* (about a minute, cached)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sim-npu", action="store_true",
                        help="also the simulated npu device (built anyway when ASCEND_OPS_SIM_NPU=1; "
                             "otherwise on its first use)")


def run(args: argparse.Namespace) -> int:
    # Importing the package loads an already-built extension; building needs only its sources.
    os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
    from ...cpu import compiled
    from ...runtime import build_cache
    from ...runtime.products import product, product_from_env
    from ...sim import aclnn_route
    from ...sim import device as sim_device

    built = [("fast path", compiled.build, (compiled.FastPathUnavailable,),
              "Everything still works on the Python registration.")]
    if args.sim_npu or sim_device.enabled_by_environment():
        built.append(("simulated npu device", sim_device.build, (sim_device.SimulatedNpuUnavailable,),
                      f"Everything else works; {sim_device.SIM_NPU_ENV}=1 is refused."))
        soc = (product_from_env() or product(sim_device.DEFAULT_PRODUCT)).simulated_soc
        built.append(("simulated npu device's binding", lambda: aclnn_route.build(soc), (),
                      "npu calls take the torch_npu route on the device, after a log line saying why."))
    for what, build, errors, meanwhile in built:
        try:
            path = build()
        except (*errors, build_cache.NativeBuildError) as e:
            print(f"ascend-ops build: the {what} cannot be built here: {e}\n{meanwhile}",
                  file=sys.stderr)
            return 1
        print(f"ascend-ops build: {what} ready: {path}")
    return 0
