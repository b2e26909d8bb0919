"""`ascend-ops build`: compile the compiled fast path (python/ascend_ops/cpu/compiled.py) into the build
cache, once per torch version and source change; the next `import ascend_ops` uses it."""
from __future__ import annotations

import argparse
import os
import sys

HELP = "compile the C++ fast path for torch.ops.ascend_ops.* (about a minute, cached)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options


def run(args: argparse.Namespace) -> int:
    del args
    # Importing the package loads an already-built extension; building needs only its sources.
    os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
    from ...cpu import compiled
    from ...runtime import build_cache

    try:
        path = compiled.build()
    except (compiled.FastPathUnavailable, build_cache.NativeBuildError) as e:
        print(f"ascend-ops build: the fast path cannot be built here: {e}\n"
              f"Everything still works on the Python registration.", file=sys.stderr)
        return 1
    print(f"ascend-ops build: fast path ready: {path}")
    return 0
