"""The verification corpus: every op x product line x dtype the product supports x the cases
below, each run through the generated kernel on the simulator and compared bit for bit (integer
views) with cpu_reference.

The cases cover 0-d up to 8-d inputs, shapes whose dims all differ, size-1 dims, empty results,
negative strides, byte lengths that are not multiples of 32, and tensors far larger than UB
(sized in bytes, so every element size splits into tiles and over every core). Each op has one
`large contiguous` case: a copy the DMA can do in long bursts, which must reach >= 95% DMA
efficiency on every core of the product. `quick` cases are the subset pytest runs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

import cpu_reference

from ..errors import OpArgumentError
from ..spec import Product, specs
from .runner import SimStats, SimulatorError, simulate

LARGE_BYTES = 6 << 20        # large cases of the full corpus: > 24x the UB of any product
QUICK_LARGE_BYTES = 3 << 19  # large cases of the quick corpus: 1.5 MiB, still > 4x UB
I64_MAX, I64_MIN = 2**63 - 1, -(2**63)


@dataclass(frozen=True)
class Case:
    op: str
    label: str
    shape: tuple[int, ...]
    args: tuple
    kwargs: tuple[tuple[str, Any], ...] = ()
    quick: bool = False
    large_contiguous: bool = False
    dtype: str | None = None  # the one dtype the case needs (NCHW_VECT_C packs int8)

    def call_text(self) -> str:
        args = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs]
        return f"{self.op}(x{list(self.shape)}, {', '.join(args)})"


def _ss(label, shape, begin, end, strides, *, quick=False, large_contiguous=False, **masks) -> Case:
    return Case("strided_slice", label, tuple(shape), (list(begin), list(end), list(strides)),
                tuple(sorted(masks.items())), quick, large_contiguous)


def _sl(label, shape, offsets, size, *, quick=False, large_contiguous=False) -> Case:
    return Case("slice", label, tuple(shape), (list(offsets), list(size)), (), quick,
                large_contiguous)


def _block(op, label, shape, bs, fmt="NHWC", mode="DCR", *, quick=False,
           large_contiguous=False) -> Case:
    return Case(op, label, tuple(shape), (bs,), (("data_format", fmt), ("mode", mode)), quick,
                large_contiguous, "int8" if fmt == "NCHW_VECT_C" else None)


def _d2s(label, shape, bs, fmt="NHWC", mode="DCR", **kw) -> Case:
    return _block("depth_to_space", label, shape, bs, fmt, mode, **kw)


def _s2d(label, shape, bs, fmt="NHWC", mode="DCR", **kw) -> Case:
    return _block("space_to_depth", label, shape, bs, fmt, mode, **kw)


def op_cases(op: str, elem_bytes: int, *, quick: bool = False) -> list[Case]:
    """The cases of `op` for elements of `elem_bytes` (large cases are sized in bytes)."""
    big = (QUICK_LARGE_BYTES if quick else LARGE_BYTES) // elem_bytes  # elements of a large case
    cases = _CASES[op](big) + _line_cases(op, elem_bytes)
    return [c for c in cases if c.quick] if quick else cases


LINE_SEEDS = (11, 12, 13)  # the quick corpus runs the first
LINE_BYTES = 64            # data cache line (products.yaml data_cache_line_bytes)


def _line_cases(op: str, elem_bytes: int) -> list[Case]:
    """Shapes drawn at random (fixed seeds) so that row, piece, tile and core boundaries fall
    inside 64-byte lines: row lengths that are no multiple of a line, outputs of a few KiB spread
    over several cores, so neighbouring cores and tiles share lines of the output."""
    out = []
    for seed in LINE_SEEDS:
        rng = np.random.default_rng(seed)
        quick = seed == LINE_SEEDS[0]
        # a row of 1.5 to 4.5 lines that is no multiple of one; 150 to 300 rows
        cols = (int(rng.integers(3 * LINE_BYTES // 2, 9 * LINE_BYTES // 2)) | 1) // elem_bytes + 1
        rows = int(rng.integers(150, 300))
        start = int(rng.integers(1, 7))
        label = f"lines in boundaries (seed {seed})"
        if op == "strided_slice":
            step = int(rng.choice([1, 2, 3]))
            out.append(_ss(label, [rows, cols], [1, start], [rows, cols - 1], [1, step], quick=quick))
        elif op == "slice":
            out.append(_sl(label, [rows, cols], [1, start], [rows - 2, cols - start - 1], quick=quick))
        else:
            bs = int(rng.choice([2, 3]))
            c = int(rng.integers(1, 6)) * bs * bs
            h = int(rng.integers(8, 20)) * bs
            w = int(rng.integers(5, 40)) * bs
            fmt = str(rng.choice(["NHWC", "NCHW"]))
            mode = str(rng.choice(["DCR", "CRD"]))
            if op == "depth_to_space":
                out.append(_d2s(label, [2, h, w, c] if fmt == "NHWC" else [2, c, h, w], bs, fmt, mode,
                                quick=quick))
            else:
                out.append(_s2d(label, [2, h, w, c // bs] if fmt == "NHWC" else [2, c // bs, h, w], bs,
                                fmt, mode, quick=quick))
    return out


def _strided_slice_cases(big: int) -> list[Case]:
    return [
        _ss("0-d", [], [0], [0], [1], ellipsis_mask=1, quick=True),
        _ss("0-d, new axis", [], [0], [0], [1], new_axis_mask=1),
        _ss("1-d reversed (TF: foo[-2::-1] = [3, 2, 1])", [4], [-2], [0], [-1], end_mask=1,
            quick=True),
        _ss("1-d, step 2, odd length", [37], [3], [30], [2]),
        _ss("2-d, negative strides", [7, 11], [5, 0], [0, 0], [-2, -3], end_mask=2, quick=True),
        _ss("3-d, shrink + new axis", [5, 6, 7], [1, 0, 2], [2, 0, 7], [1, 1, 2],
            shrink_axis_mask=1, new_axis_mask=2),
        _ss("4-d, ellipsis between index and reversed range", [3, 4, 5, 6], [1, 0, 4], [0, 0, 1],
            [1, 1, -2], ellipsis_mask=2, shrink_axis_mask=1),
        _ss("5-d, dims all differ, steps", [6, 5, 4, 3, 2], [5, 0, 1, 2, 0], [0, 5, 4, 0, 2],
            [-2, 2, 1, -1, 1], quick=True),
        _ss("6-d, every mask", [2, 3, 4, 5, 6, 7], [1, 2, 0, 0, 0, 0], [2, 4, 0, 0, -3, 0],
            [1, 1, 1, 1, -1, 1], begin_mask=48, end_mask=32, ellipsis_mask=8, new_axis_mask=4,
            shrink_axis_mask=1),
        _ss("7-d, dims all differ", [3, 2, 5, 4, 7, 6, 8], [0, 1, 1, 0, 6, 0, 1],
            [3, 2, 5, 4, 0, 6, 8], [2, 1, 3, 1, -3, 5, 2]),
        _ss("8-d, dims all differ, mixed strides", [2, 3, 4, 5, 6, 7, 8, 9],
            [1, 0, 0, 4, 0, 6, 0, 8], [2, 3, 4, -1, 6, 0, 8, 0], [1, 2, -1, -1, 4, -2, 3, -3],
            begin_mask=4, end_mask=160, quick=True),
        _ss("size-1 dims", [1, 6, 1, 5, 1], [0, 1, 0, 0, 0], [1, 6, 1, 5, 1], [1, 2, 1, 1, 1],
            quick=True),
        _ss("empty result", [4, 6], [3, 0], [1, 6], [1, 1], quick=True),
        _ss("empty input", [0, 6], [0, 0], [0, 6], [1, 1], begin_mask=1, end_mask=1),
        _ss("int64 extremes clamp", [3, 4], [I64_MAX, I64_MIN], [I64_MIN, I64_MAX], [-1, 1]),
        _ss("short rows", [30, 7, 33], [0, 0, 1], [30, 7, 32], [2, 1, 1]),
        _ss("sparse innermost", [12, 50, 9], [0, 0, 0], [12, 50, 9], [1, 1, 4]),
        _ss("large contiguous, odd bytes", [big + 9], [1], [-1], [1], large_contiguous=True,
            quick=True),
        _ss("large reversed", [big + 7], [0], [0], [-1], begin_mask=1, end_mask=1, quick=True),
        _ss("large, step 3", [big + 5], [1], [0], [3], end_mask=1),
        _ss("large, both dims reversed", [61, big // 61 + 3], [60, -2], [0, 0], [-1, -1],
            end_mask=3),
        _ss("large, long odd rows", [97, big // 97 + 11], [0, 3], [97, -3], [1, 1]),
    ]


def _slice_cases(big: int) -> list[Case]:
    return [
        _sl("0-d", [], [], [], quick=True),
        _sl("1-d, to the end, odd length", [37], [5], [-1]),
        _sl("2-d ATB documentation example", [3, 6], [1, 2], [2, 4], quick=True),
        _sl("3-d, negative offsets", [5, 6, 7], [1, -4, 0], [3, -1, 7], quick=True),
        _sl("4-d, dims all differ", [4, 3, 6, 5], [1, 0, -3, 2], [3, -1, 2, 3]),
        _sl("6-d, dims all differ", [3, 5, 2, 7, 4, 6], [2, 1, 0, 3, 1, 0], [1, 3, 2, 4, 2, 5]),
        _sl("8-d, dims all differ", [2, 3, 4, 5, 6, 7, 8, 9], [1, 0, 1, 0, 2, 0, 3, 0],
            [1, 3, 2, 5, 3, 7, 4, 9], quick=True),
        _sl("size-1 dims", [1, 6, 1, 5, 1], [0, 1, 0, 2, 0], [1, 4, 1, 3, 1], quick=True),
        _sl("large contiguous rows, odd bytes", [big // 1031 + 2, 1031], [1, 0], [big // 1031, -1],
            large_contiguous=True, quick=True),
        _sl("large, long odd rows", [big // 257 + 4, 257], [3, 1], [big // 257, 255], quick=True),
        _sl("large, short rows", [big // 13 + 1, 13], [1, 2], [-1, 9]),
        _sl("large 3-d, dims all differ", [7, big // (7 * 131), 131], [2, 3, 5], [4, -1, 120]),
    ]


def _depth_to_space_cases(big: int) -> list[Case]:
    h = max(big // (2 * 148), 4)
    return [
        _d2s("NHWC DCR", [2, 3, 4, 8], 2, quick=True),
        _d2s("NHWC CRD, block 3", [2, 5, 7, 18], 3, mode="CRD", quick=True),
        _d2s("NCHW DCR", [2, 8, 3, 4], 2, "NCHW"),
        _d2s("NCHW CRD", [2, 8, 3, 5], 2, "NCHW", "CRD", quick=True),
        _d2s("NCHW_VECT_C", [1, 4, 3, 5, 4], 2, "NCHW_VECT_C", quick=True),
        _d2s("size-1 dims", [1, 1, 1, 12], 2),
        _d2s("empty", [0, 2, 2, 4], 2, quick=True),
        _d2s("large contiguous (W = 1)", [2, h, 1, 148], 2, large_contiguous=True, quick=True),
        _d2s("large NHWC, block 4", [3, 5, big // (3 * 5 * 64) + 1, 64], 4),
        _d2s("large NCHW CRD", [3, 64, 7, big // (3 * 64 * 7) + 1], 2, "NCHW", "CRD", quick=True),
        _d2s("large NCHW CRD, channel group > UB", [1, 16, 9, big // (16 * 9) + 3], 2, "NCHW",
             "CRD"),
    ]


def _space_to_depth_cases(big: int) -> list[Case]:
    h = max(big // (2 * 2 * 37), 2) // 2 * 2
    return [
        _s2d("NHWC DCR", [2, 4, 6, 3], 2, quick=True),
        _s2d("NHWC CRD", [2, 4, 6, 3], 2, mode="CRD"),
        _s2d("NCHW DCR", [2, 3, 4, 6], 2, "NCHW", quick=True),
        _s2d("NCHW CRD, block 3", [2, 5, 6, 9], 3, "NCHW", "CRD", quick=True),
        _s2d("NCHW_VECT_C, block 3", [1, 3, 6, 9, 4], 3, "NCHW_VECT_C", quick=True),
        _s2d("size-1 dims", [1, 2, 2, 1], 2),
        _s2d("empty", [1, 0, 2, 1], 2, quick=True),
        _s2d("large contiguous (W = block)", [2, h, 2, 37], 2, large_contiguous=True, quick=True),
        _s2d("large NHWC, block 4", [3, 8, big // (3 * 8 * 5) // 4 * 4 + 4, 5], 4),
        _s2d("large NCHW CRD, block 4", [2, 7, 96, big // (2 * 7 * 96) // 4 * 4 + 4], 4, "NCHW",
             "CRD", quick=True),
    ]


_CASES = {"strided_slice": _strided_slice_cases, "slice": _slice_cases,
          "depth_to_space": _depth_to_space_cases, "space_to_depth": _space_to_depth_cases}


@dataclass(frozen=True)
class Run:
    """One case of one op on one product with one dtype."""

    case: Case
    product: Product
    dtype: str

    @property
    def label(self) -> str:
        return f"{self.case.op} on {self.product.key} ({self.product.simulated_soc}), " \
               f"{self.dtype}: {self.case.label}: {self.case.call_text()}"


def runs(*, ops: tuple[str, ...] | None = None, products: tuple[Product, ...] | None = None,
         quick: bool = False) -> list[Run]:
    """Every op x product x dtype the product supports x case, in spec order."""
    out = []
    for op in specs().ops:
        if ops is not None and op.name not in ops:
            continue
        for p in products if products is not None else specs().products:
            for dtype in op.supported_dtypes(p):
                for case in op_cases(op.name, specs().dtype_size(dtype), quick=quick):
                    if case.dtype in (None, dtype):
                        out.append(Run(case, p, dtype))
    return out


@dataclass(frozen=True)
class Outcome:
    run: Run
    problem: str | None  # None: the simulator's output equals the reference's, bit for bit
    stats: SimStats | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def input_array(shape: tuple[int, ...], dtype: str, seed: int) -> np.ndarray:
    """Random bits of `dtype` (0/1 for bool); floats start with -0.0, inf, a NaN with a payload
    and the smallest subnormal, so those must survive the copy too."""
    np_dtype = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    count = int(np.prod(shape, dtype=np.int64))
    rng = np.random.default_rng(seed)
    if np_dtype == np.bool_:
        return rng.integers(0, 2, count, dtype=np.uint8).view(np.bool_).reshape(shape)
    data = rng.integers(0, 256, count * np_dtype.itemsize, dtype=np.uint8).view(np_dtype)
    if np_dtype.kind == "f" or dtype == "bfloat16":
        inf = int(bits(np.array(np.inf, dtype=np_dtype)))
        specials = [1 << (8 * np_dtype.itemsize - 1), inf, inf | 1, 1]
        head = min(count, len(specials))
        bits(data)[:head] = specials[:head]
    return data.reshape(shape)


def bits(a: np.ndarray) -> np.ndarray:
    return a.view(f"u{a.dtype.itemsize}")


def check(run: Run, seed: int = 0) -> Outcome:
    """Runs one case on the simulator and compares it with cpu_reference."""
    case = run.case
    x = input_array(case.shape, run.dtype, seed)
    kwargs = dict(case.kwargs)
    try:
        expected = getattr(cpu_reference, case.op)(x, *case.args, **kwargs)
    except OpArgumentError as e:
        return Outcome(run, f"the corpus case is invalid: cpu_reference raised {e}", None)
    try:
        got, stats = simulate(case.op, x, *case.args, product=run.product, seed=seed, **kwargs)
    except (OpArgumentError, SimulatorError) as e:
        return Outcome(run, f"{type(e).__name__}: {e}", None)
    if got.shape != expected.shape:
        return Outcome(run, f"shape {got.shape}, reference {expected.shape}", stats)
    if not np.array_equal(bits(got), bits(expected)):
        first = int(np.argmax(bits(got).reshape(-1) != bits(expected).reshape(-1)))
        return Outcome(run, f"bits differ from cpu_reference, first at flat element {first}",
                       stats)
    return Outcome(run, None, stats)
