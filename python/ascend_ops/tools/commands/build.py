"""`ascend-ops build`: compile the compiled fast path (python/ascend_ops/cpu/compiled.py) and the
simulated npu device (python/ascend_ops/sim/device.py) into the build cache, once per torch version
and source change; the next `import ascend_ops` uses them."""
from __future__ import annotations

import argparse
import os
import sys

HELP = ("compile the C++ fast path for torch.ops.ascend_ops.* and the simulated npu device "
        "(a minute or two, cached)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options


def run(args: argparse.Namespace) -> int:
    del args
    # Importing the package loads an already-built extension; building needs only its sources.
    os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
    from ...cpu import compiled
    from ...runtime import build_cache
    from ...sim import device as sim_device

    built = [("fast path", compiled.build, (compiled.FastPathUnavailable,),
              "Everything still works on the Python registration."),
             ("simulated npu device", sim_device.build, (sim_device.SimulatedNpuUnavailable,),
              f"Everything else works; {sim_device.SIM_NPU_ENV}=1 is refused.")]
    for what, build, errors, meanwhile in built:
        try:
            path = build()
        except (*errors, build_cache.NativeBuildError) as e:
            print(f"ascend-ops build: the {what} cannot be built here: {e}\n{meanwhile}",
                  file=sys.stderr)
            return 1
        print(f"ascend-ops build: {what} ready: {path}")
    return 0
