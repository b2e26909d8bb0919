"""`ascend-ops-dev bench`: time the ops' CPU path against cpu_reference, the numpy / torch
expressions a user would write instead, and a plain memcpy of the same bytes.

`cases.py` reads what is measured from the specs' `bench:` keys, this module measures it (`run`:
the implementations take turns, round by round, see `_rounds`), `report.py` turns the results
into the Markdown table, the chart and the JSON under `bench/results/`."""
from __future__ import annotations

import ctypes
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch

import cpu_reference
from ascend_ops_gen.schema import torch_schema
from ascend_ops_gen.spec import specs

from ascend_ops.cpu import backends, compiled, native_copy
from ascend_ops.runtime.dtypes import to_numpy
from ascend_ops_dev.benchmarks.cases import (ELEMENT_BYTES, ShapeClass, TinyCall, Workload, as_numpy, shape_classes,
                    tiny_calls)

MiB = 1 << 20
OURS = "ascend_ops"
REFERENCE = "cpu_reference"
MEMCPY = "memcpy"
MEMCPY_FRESH = "memcpy_fresh"
THP = " (THP)"                   # suffix of the baselines measured with THP_MEM_ALLOC_ENABLE=1
OURS_THP_RUN = OURS + " (THP run)"  # ascend_ops' rounds in that run: the other side of its ratios
THP_ENV = "THP_MEM_ALLOC_ENABLE"


@dataclass(frozen=True)
class Settings:
    sizes: tuple[int, ...]       # output bytes per workload
    rounds: dict[int, int]       # size -> rounds after warm-up (fewer if the budget runs out)
    budget_s: float              # per workload: stop adding rounds after this long (>= 3 rounds)
    tiny_batch: int              # calls per timed batch of a tiny call
    tiny_rounds: int
    ops: tuple[str, ...] | None = None


FULL = Settings(sizes=(1 * MiB, 16 * MiB, 256 * MiB),
                rounds={1 * MiB: 41, 16 * MiB: 21, 256 * MiB: 11},
                budget_s=25.0, tiny_batch=2000, tiny_rounds=15)
QUICK = Settings(sizes=(256 << 10,), rounds={256 << 10: 3}, budget_s=2.0, tiny_batch=200,
                 tiny_rounds=3)


# Note [traffic bound]
# ~~~~~~~~~~~~~~~~~~~~
# Memory moves whole cache lines. A copy that touches `lines_read` bytes of input lines per
# output byte, and writes its output with ordinary stores (each written line read in first,
# read-for-ownership) or non-temporal ones, moves (lines_read + 2) or (lines_read + 1) bytes per
# output byte, where warm memcpy (streamed, reading one byte per byte) moves 2. So against warm
# memcpy it can reach at most 2 / (lines_read + 2), or 2 / (lines_read + 1) streamed, once the
# data no longer fits the caches: the traffic bound. A step-3 gather of float32 touches every
# line of its input, three times its output: 0.40 with ordinary stores. A model: whatever part of
# a workload stays in the last-level cache moves no memory traffic.
CACHE_LINE = 64


@dataclass(frozen=True)
class Traffic:
    lines_read: float  # bytes of input cache lines the copy touches per output byte
    streamed: bool     # a large reused output of it is written with non-temporal stores

    @property
    def bound(self) -> float:
        """The traffic bound against warm memcpy (Note [traffic bound])."""
        return 2 / (self.lines_read + (1 if self.streamed else 2))


def _copy_plan(op: str, w: Workload) -> tuple[int, bytes] | None:
    """(input byte offset, descriptor) of the native copy of workload `w`'s call of `op`."""
    plan = native_copy.plan_call(op, w.x, tuple(w.args), dict(w.kwargs))
    if plan == native_copy.REFERENCE or plan[2] is None:
        return None
    return plan[1], plan[2]


def traffic(shape_class: ShapeClass, w: Workload) -> Traffic | None:
    """What the copy of workload `w` of the class must move: its lines read counted on a 1 MiB
    workload of the class (the ratio does not depend on the size), its store mode at `w`'s
    size; None for a call the native copy does not take."""
    measured = _copy_plan(shape_class.op, w)
    small = shape_class.build(MiB // ELEMENT_BYTES)
    plan = _copy_plan(shape_class.op, small)
    if measured is None or plan is None:
        return None
    offset, desc = plan
    fields = np.frombuffer(desc, dtype=np.int64)
    rank, elem = int(fields[0]), int(fields[1])
    addresses = np.full((1,) * rank, small.x.data_ptr() + offset, dtype=np.int64)
    for d in range(rank):
        index = np.arange(fields[2 + d], dtype=np.int64) * fields[2 + rank + d]
        addresses = addresses + index.reshape((1,) * d + (-1,) + (1,) * (rank - d - 1))
    first = addresses.reshape(-1) // CACHE_LINE
    last = (addresses.reshape(-1) + elem - 1) // CACHE_LINE
    lines = np.union1d(first, last).size
    output_bytes = int(np.prod(fields[2:2 + rank])) * elem
    store = native_copy.library().ascend_ops_strided_copy_store(measured[1], 0)
    return Traffic(lines * CACHE_LINE / output_bytes, store != native_copy.STORE_DIRECT)


@dataclass
class Measurement:
    op: str
    key: str
    title: str
    kind: str
    requested: int     # the size asked for (a shape class rounds it to its own shapes)
    size: int          # output bytes
    shape: str
    runs: int
    samples: dict[str, list[float]]  # implementation -> seconds per round
    load: float | None = None  # load average (1 min) right after the measurement
    traffic: Traffic | None = None  # what the copy must move (Note [traffic bound])

    @property
    def seconds(self) -> dict[str, float]:
        """Median seconds per call of each implementation."""
        return {name: float(np.median(s)) for name, s in self.samples.items()}

    def gbps(self, name: str) -> float:
        return 2 * self.size / self.seconds[name] / 1e9

    def speedup(self, name: str, over: str = OURS) -> float:
        """How many times faster `over` is than `name`: the median of the per-round ratios, both
        from the same run (ascend_ops against a THP baseline: its rounds of the THP run)."""
        if over == OURS and name.endswith(THP):
            over = OURS_THP_RUN
        return float(np.median([a / b for a, b in zip(self.samples[name], self.samples[over])]))

    @property
    def baselines(self) -> list[str]:
        return [n for n in self.seconds
                if n not in (OURS, OURS_THP_RUN, REFERENCE, MEMCPY, MEMCPY_FRESH)]

    @property
    def best_baseline(self) -> str:
        return min(self.baselines, key=lambda n: self.seconds[n])


@dataclass
class TinyMeasurement:
    op: str
    call: str
    clone_call: str
    ours_us: float
    clone_us: float
    floor_us: float  # the same signature registered like ours, with a kernel that returns x

    @property
    def ratio(self) -> float:
        return self.ours_us / self.clone_us


@dataclass
class Results:
    machine: dict[str, object]
    measurements: list[Measurement] = field(default_factory=list)
    tiny: list[TinyMeasurement] = field(default_factory=list)


def machine_info() -> dict[str, object]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f
                          if line.startswith("model name")), model)
    except OSError:
        pass
    return {
        "cores": os.cpu_count(),
        "usable_cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu": model,
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "torch": torch.__version__,
        "torch_threads": torch.get_num_threads(),
        "numpy": np.__version__,
        "backend": backends.current_backend(),
        "fast_path": ("in use" if compiled.fast_path_active()
                      else f"not in use: {compiled.unavailable_reason()}"),
        "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY", "default"),
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "load_before": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


# --- timing -------------------------------------------------------------------------------------
# Each implementation is called once to warm up, then the implementations take turns, round
# after round and each round starting with the next one, so a burst of load from elsewhere (or
# the state the previous call left the heap in) hits them alike. A time is the median of the
# rounds; a ratio between two implementations is the median of their ratios round by round (a
# paired comparison, steadier than a ratio of medians on a shared machine). Throughput counts
# bytes read plus bytes written: twice the output's bytes.

def _rounds(fns: dict[str, Callable[[], object]], rounds: int,
            budget_s: float) -> dict[str, list[float]]:
    """Seconds per call of each function, round by round, taking turns; outputs are freed
    untimed. At least 3 rounds; no new round once `budget_s` has passed."""
    samples: dict[str, list[float]] = {name: [] for name in fns}
    order = list(fns.items())
    start = time.perf_counter()
    for r in range(rounds):
        # Each round starts with the next implementation, so none always inherits the heap and
        # caches its predecessor leaves.
        for name, fn in order[r % len(order):] + order[:r % len(order)]:
            t0 = time.perf_counter()
            out = fn()
            samples[name].append(time.perf_counter() - t0)
            del out
        if r >= 2 and time.perf_counter() - start > budget_s:
            break
    return samples


def _memcpy_functions(x: torch.Tensor, nbytes: int) -> dict[str, Callable[[], object]]:
    """memcpy of the first `nbytes` of the op's input (so it meets the caches the op meets) into
    a warm buffer (glibc's memmove on one thread; the native copy split over the cores, with
    ordinary and with non-temporal stores), and into a fresh tensor (what an op returning a new
    tensor pays when no freed buffer can be reused), allocated as ascend_ops allocates its large
    outputs but never from its output cache (huge pages), or by torch. An op whose output is
    larger than its input (a repeat, a pad) copies the input's bytes followed by zeros."""
    src = x.reshape(-1).view(torch.uint8)[:nbytes]
    if src.numel() < nbytes:
        src = torch.cat([src, torch.zeros(nbytes - src.numel(), dtype=torch.uint8)])
    dst = torch.empty_like(src).fill_(0)
    desc = native_copy.descriptor(src.numpy())
    lib = native_copy.library()
    copy = lib.ascend_ops_strided_copy
    threads = torch.get_num_threads()

    def fresh():
        out = native_copy.new_output(src, tuple(src.shape), cached=False)
        copy(src.data_ptr(), out.data_ptr(), desc, threads)
        return out

    def streamed():  # the copy with non-temporal stores, as a reused output of ours gets them
        lib.ascend_ops_strided_copy_split_from(src.data_ptr(), dst.data_ptr(), desc, threads, -1,
                                               native_copy.STORE_STREAMED)

    return {
        "memcpy_1t": lambda: ctypes.memmove(dst.data_ptr(), src.data_ptr(), nbytes),
        "memcpy_mt": lambda: copy(src.data_ptr(), dst.data_ptr(), desc, threads),
        "memcpy_mt_streamed": streamed,
        "fresh_native": fresh,
        "fresh_clone": src.clone,
    }


def _functions(shape_class: ShapeClass, w: Workload) -> dict[str, Callable[[], object]]:
    op = getattr(torch.ops.ascend_ops, shape_class.op)
    reference = getattr(cpu_reference, shape_class.op)
    a = to_numpy(w.x)
    fns = {OURS: lambda: op(w.x, *w.args, **w.kwargs),
           REFERENCE: lambda: reference(a, *w.args, **w.kwargs)}
    fns.update(w.baselines)
    return fns


def torch_baselines(shape_class: ShapeClass) -> list[str]:
    """The baselines that allocate through torch (their expression uses the tensor `x`)."""
    return [name for name, expr in shape_class.spec.baselines
            if "x" in compile(expr, "<bench>", "eval").co_names]


def _check_same_results(name: str, fns: dict[str, Callable[[], object]]) -> None:
    """Every implementation computes the op's result, bit for bit (else the timing is moot)."""
    expected = as_numpy(fns[OURS]())
    for impl, fn in fns.items():
        try:
            got = as_numpy(fn())
        except Exception as e:  # a baseline's expression (its spec line is in the traceback)
            raise RuntimeError(f"bench {name}: {impl} failed: {type(e).__name__}: {e}") from e
        if got.shape != expected.shape or got.tobytes() != expected.tobytes():
            raise RuntimeError(f"bench {name}: {impl} computes a different result than {OURS}")


def measure(shape_class: ShapeClass, size: int, settings: Settings) -> Measurement:
    w = shape_class.build(size // ELEMENT_BYTES)
    fns = _functions(shape_class, w)
    _check_same_results(f"{shape_class.op}/{shape_class.key}", fns)  # also the warm-up
    memcpy = _memcpy_functions(w.x, w.output_bytes)
    for fn in memcpy.values():
        fn()
    samples = _rounds({**fns, **memcpy}, settings.rounds[size], settings.budget_s)
    # The fastest way of each round stands for memcpy.
    samples[MEMCPY] = list(map(min, samples.pop("memcpy_1t"), samples.pop("memcpy_mt"),
                               samples.pop("memcpy_mt_streamed")))
    samples[MEMCPY_FRESH] = list(map(min, samples.pop("fresh_native"), samples.pop("fresh_clone")))
    return Measurement(shape_class.op, shape_class.key, shape_class.title, shape_class.kind, size,
                       w.output_bytes, w.describe(), len(samples[OURS]), samples, _load(),
                       traffic(shape_class, w))


def measure_torch_only(shape_class: ShapeClass, size: int,
                       settings: Settings) -> dict[str, list[float]]:
    """ascend_ops and the torch baselines alone, taking turns (the THP run's part)."""
    w = shape_class.build(size // ELEMENT_BYTES)
    fns = _functions(shape_class, w)
    fns = {name: fns[name] for name in (OURS, *torch_baselines(shape_class))}
    for fn in fns.values():
        fn()
    return _rounds(fns, settings.rounds[size], settings.budget_s)


# torch allocates with 4 KiB pages unless THP_MEM_ALLOC_ENABLE=1 is set when it loads; with it,
# outputs of 2 MiB and more get huge pages, as ascend_ops' own outputs always do. So the torch
# baselines run a second time in a subprocess with that setting (`torch_thp.py`), taking turns
# with ascend_ops there, and count as baselines of their own: "torch (THP)".
def measure_with_torch_thp(classes: list[ShapeClass], settings: Settings
                           ) -> dict[tuple[str, str, int], dict[str, list[float]]]:
    """`measure_torch_only` of every class and size in a subprocess that sets
    THP_MEM_ALLOC_ENABLE=1 before torch loads (torch reads it once)."""
    job = {"sizes": list(settings.sizes), "rounds": {str(k): v for k, v in settings.rounds.items()},
           "budget_s": settings.budget_s, "classes": [[c.op, c.key] for c in classes]}
    with tempfile.TemporaryDirectory(prefix="ascend-ops-bench-thp-") as tmp:
        out = os.path.join(tmp, "samples.json")
        env = {**os.environ, THP_ENV: "1"}
        subprocess.run([sys.executable, "-m", "ascend_ops_dev.benchmarks.torch_thp", json.dumps(job),
                        out], env=env, check=True)
        with open(out, encoding="utf-8") as f:
            rows = json.load(f)
    return {(r["op"], r["key"], r["size"]): r["samples"] for r in rows}


def _load() -> float | None:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else None


_floor_library: list[torch.library.Library] = []


def _dispatch_floor(op_name: str) -> Callable[..., torch.Tensor]:
    """`torch.ops.ascend_ops_bench.<op>`: the op's own schema, registered the way
    registration.py registers it (torch.library DEF, a Python CPU kernel, a fake kernel,
    autograd), but its kernel does nothing: it returns its input. Its per-call time is what
    dispatch alone costs for that signature."""
    if not _floor_library:
        lib = torch.library.Library("ascend_ops_bench", "DEF")
        for op in specs().ops:
            lib.define(torch_schema(op))
            lib.impl(op.name, _return_input, "CPU")
            torch.library.register_fake(f"ascend_ops_bench::{op.name}", _return_input, lib=lib)
            torch.library.register_autograd(f"ascend_ops_bench::{op.name}", _no_gradient,
                                            lib=lib)
        _floor_library.append(lib)
    return getattr(torch.ops.ascend_ops_bench, op_name)


def _return_input(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
    return x


def _no_gradient(ctx, grad):  # never called: the floor ops only run without gradients
    raise NotImplementedError


def measure_tiny(call: TinyCall, settings: Settings) -> TinyMeasurement:
    op = getattr(torch.ops.ascend_ops, call.op)
    floor_op = _dispatch_floor(call.op)
    batch = settings.tiny_batch

    def ours():
        for _ in range(batch):
            op(call.x, **call.kwargs)

    def clone():
        for _ in range(batch):
            call.clone()

    def floor():
        for _ in range(batch):
            floor_op(call.x, **call.kwargs)

    samples = _rounds({OURS: ours, "clone": clone, "floor": floor}, settings.tiny_rounds,
                      float("inf"))
    us = {name: float(np.median(s)) / batch * 1e6 for name, s in samples.items()}
    return TinyMeasurement(call.op, call.text, call.clone_text, us[OURS], us["clone"],
                           us["floor"])


def run(settings: Settings, progress: Callable[[str], None] = print,
        torch_thp: bool = True) -> Results:
    results = Results(machine_info())
    if not compiled.fast_path_active():
        progress(f"ascend-ops-dev bench: the compiled fast path is {results.machine['fast_path']}; "
                 f"every call pays the Python registration (run `ascend-ops build` first to "
                 f"measure what users get)")
    classes = list(shape_classes(settings.ops))
    tiny = list(tiny_calls(settings.ops))
    total = len(tiny) + len(classes) * len(settings.sizes)
    step = 0
    for call in tiny:
        step += 1
        m = measure_tiny(call, settings)
        results.tiny.append(m)
        progress(f"[{step}/{total}] {call.op} tiny: {m.ours_us:.1f} us per call, "
                 f"{m.clone_call} {m.clone_us:.1f} us ({m.ratio:.1f}x)")
    for size in settings.sizes:
        for shape_class in classes:
            step += 1
            m = measure(shape_class, size, settings)
            results.measurements.append(m)
            progress(f"[{step}/{total}] {m.op} {m.key} {size_text(m.size)}: "
                     f"{OURS} {m.gbps(OURS):.1f} GB/s, best baseline {m.best_baseline} "
                     f"{m.gbps(m.best_baseline):.1f}, memcpy {m.gbps(MEMCPY):.1f} "
                     f"({m.gbps(OURS) / m.gbps(MEMCPY):.2f}x)")
    if torch_thp:
        progress(f"the torch baselines again with {THP_ENV}=1 (a subprocess, "
                 f"{len(classes) * len(settings.sizes)} workloads)")
        thp = measure_with_torch_thp(classes, settings)
        for m in results.measurements:
            samples = thp[(m.op, m.key, m.requested)]
            m.samples[OURS_THP_RUN] = samples.pop(OURS)
            m.samples.update({name + THP: s for name, s in samples.items()})
    results.machine["load_after"] = _load()
    results.machine["torch_thp_run"] = torch_thp
    return results


def size_text(nbytes: int) -> str:
    """Output bytes as the tables print them: 256 KiB, 1.0 MiB, 256 MiB."""
    if nbytes < MiB:
        return f"{nbytes / 1024:.0f} KiB"
    return f"{nbytes / MiB:.1f} MiB" if nbytes < 10 * MiB else f"{nbytes / MiB:.0f} MiB"
