#!/usr/bin/env python3
"""The slices' backward on the CPU against torch's own: `python scripts/bench_backward.py [--quick]`.

For each expression (a `slice` and a `strided_slice` call beside the torch indexing that computes
the same result) and each gradient size (16 and 256 MiB of float32; --quick: 1 and 16 MiB), times
`torch.autograd.grad` of the package's op and of torch's expression, alternating in one run, and
prints the medians, their ratio (torch's time over ours: above 1.0 we are faster) and the peak
bytes of the tensors each backward allocates (alive at once), against the input's gradient.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
import weakref

# Before torch loads libgomp: see Note [OpenMP wait policy] in dev/ascend_ops_dev/commands/bench.py.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import torch  # noqa: E402
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402
from torch.utils._pytree import tree_leaves  # noqa: E402

import ascend_ops  # noqa: E402

MiB = 1 << 20
# (name, input shape from a row count n, the package's call, torch's expression)
EXPRESSIONS = (
    ("slice x[:, 1:-1, :]", lambda n: (n, 66, 1024),
     lambda x: ascend_ops.slice(x, [0, 1, 0], [-1, 64, -1]),
     lambda x: x[:, 1:-1, :].contiguous()),
    ("strided_slice x[:, 1:-1, :]", lambda n: (n, 66, 1024),
     lambda x: ascend_ops.strided_slice(x, [0, 1], [0, -1], [1, 1], begin_mask=1, end_mask=1),
     lambda x: x[:, 1:-1, :].contiguous()),
    ("strided_slice x[:, ::2]", lambda n: (n, 4096),
     lambda x: ascend_ops.strided_slice(x, [0, 0], [0, 0], [1, 2], begin_mask=3, end_mask=3),
     lambda x: x[:, ::2].contiguous()),
)


class PeakAllocation(TorchDispatchMode):
    """The most bytes that tensors made inside the mode hold at once: an op's result counts when
    its storage is none of its arguments' (a view or an in-place result counts nothing)."""

    def __init__(self):
        super().__init__()
        self.live = self.peak = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        given = {t.untyped_storage().data_ptr() for t in tree_leaves((args, kwargs))
                 if isinstance(t, torch.Tensor)}
        for t in tree_leaves(out):
            if isinstance(t, torch.Tensor) and t.untyped_storage().data_ptr() not in given:
                size = t.untyped_storage().nbytes()
                self.live += size
                self.peak = max(self.peak, self.live)
                weakref.finalize(t, self._free, size)
        return out

    def _free(self, size: int) -> None:
        self.live -= size


def backward_of(call, x: torch.Tensor):
    y = call(x)
    dy = torch.ones_like(y)
    return lambda: torch.autograd.grad(y, x, dy, retain_graph=True)[0]


def peak_bytes(run) -> int:
    with PeakAllocation() as mode:
        grad = run()
        del grad
    return mode.peak


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 and 16 MiB, fewer repetitions")
    options = parser.parse_args(argv)
    sizes = (1, 16) if options.quick else (16, 256)
    repeats = 5 if options.quick else 9
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, float32; "
          f"median of {repeats} alternating runs")
    print("| expression | gradient | ascend_ops ms | torch ms | torch/ours | ours peak MiB | torch peak MiB |")
    print("|---|---|---|---|---|---|---|")
    for name, shape_of, ours, theirs in EXPRESSIONS:
        for mib in sizes:
            row_bytes = shape_of(1)[1:]
            n = max(1, mib * MiB // (4 * int(torch.tensor(row_bytes).prod())))
            x = torch.randn(shape_of(n), requires_grad=True)
            runs = {"ours": backward_of(ours, x), "torch": backward_of(theirs, x)}
            torch.testing.assert_close(runs["ours"](), runs["torch"](), rtol=0, atol=0)
            times = {key: [] for key in runs}
            for _ in range(repeats):
                for key, run in runs.items():
                    gc.collect()
                    start = time.perf_counter()
                    run()
                    times[key].append(time.perf_counter() - start)
            ms = {key: statistics.median(t) * 1e3 for key, t in times.items()}
            peaks = {key: peak_bytes(run) / MiB for key, run in runs.items()}
            print(f"| {name} | {x.numel() * 4 / MiB:.0f} MiB | {ms['ours']:.1f} | {ms['torch']:.1f} | "
                  f"{ms['torch'] / ms['ours']:.2f}x | {peaks['ours']:.0f} | {peaks['torch']:.0f} |")
            del runs, x
            gc.collect()
    return 0


if __name__ == "__main__":
    sys.exit(main())
