"""The native CPU backend (the default): bit for bit against the reference backend on a corpus
of every op, every dtype, every layout and random arguments (same results, same errors), then
strided_copy.cpp on its own: every kernel, with and without threads, on random numpy views."""
from __future__ import annotations

import ctypes
import os
import random
import subprocess
import sys
import time
from collections import Counter

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops import OpArgumentError, use_backend
from ascend_ops.cpu import backends, native_copy
from ascend_ops_support import (CASES, cases, EXTRA_DTYPES, VIEW_OP_NAMES, SPEC_DTYPES, assert_same_bits,
                                case_id, np_bits, random_tensor, torch_dtype)

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

ALL_DTYPES = SPEC_DTYPES + EXTRA_DTYPES


def _outcome(backend: str, op: str, x: torch.Tensor, args, kwargs):
    with use_backend(backend):
        try:
            return getattr(torch.ops.ascend_ops, op)(x, *args, **kwargs)
        except OpArgumentError as e:
            return e


def check_native(op: str, x: torch.Tensor, args=(), kwargs=None) -> str:
    """Native and reference agree on the call (bits, or the error); returns the copy kernel the
    native backend used ("run", "transpose", "gather", "empty", "reference") or "error"."""
    kwargs = kwargs or {}
    expected = _outcome("reference", op, x, args, kwargs)
    actual = _outcome("native", op, x, args, kwargs)
    if isinstance(expected, OpArgumentError):
        assert isinstance(actual, OpArgumentError), (op, args, kwargs)
        assert str(actual) == str(expected)
        return "error"
    assert actual.dtype == x.dtype and actual.is_contiguous()
    assert_same_bits(actual, expected)
    if actual.numel():
        assert actual.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()
    plan = native_copy.plan_call(op, x, tuple(args), kwargs)
    if plan == native_copy.REFERENCE:
        return "reference"
    _, _, desc = plan
    return "empty" if desc is None else native_copy.copy_kernel(desc)


def layouts(shape: tuple[int, ...], dtype: torch.dtype, seed: int = 0) -> dict[str, torch.Tensor]:
    """One logical shape in several memory layouts: contiguous, permuted, stepped, offset and
    broadcast (stride 0, outermost and innermost)."""
    rank = len(shape)
    out = {"contiguous": random_tensor(shape, dtype, seed)}
    if rank == 0:
        return out
    order = list(range(rank))[::-1]
    out["permuted"] = random_tensor(tuple(shape[d] for d in order), dtype, seed + 1).permute(order)
    stepped = random_tensor((shape[0] + 1, *shape[1:-1], 2 * shape[-1] + 1), dtype, seed + 2)
    out["stepped"] = stepped[1:, ..., 1::2]
    out["offset"] = random_tensor((shape[0] + 3, *shape[1:]), dtype, seed + 3)[3:]
    out["broadcast"] = random_tensor((1, *shape[1:]), dtype, seed + 4).expand(shape)
    out["broadcast_inner"] = random_tensor((*shape[:-1], 1), dtype, seed + 5).expand(shape)
    return out


# --- the backend switch ----------------------------------------------------------------------

def test_native_is_the_default_and_reference_stays_selectable(monkeypatch):
    assert backends.current_backend() == "native"
    monkeypatch.setenv(backends.BACKEND_ENV, "reference")
    assert backends.current_backend() == "reference"
    with use_backend("native"):
        assert backends.current_backend() == "native"
    monkeypatch.setenv(backends.BACKEND_ENV, "numpy")
    with pytest.raises(OpArgumentError, match="ASCEND_OPS_BACKEND='numpy' is not a CPU backend; "
                                              "choose one of: native, reference, sim"):
        backends.current_backend()


def _without_compiler(tmp_path, script: str, backend: str | None):
    env = {**os.environ, "CXX": str(tmp_path / "no-such-compiler"),
           "ASCEND_OPS_CACHE": str(tmp_path / "cache"), "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    env.pop("ASCEND_OPS_BACKEND", None)
    if backend is not None:
        env["ASCEND_OPS_BACKEND"] = backend
    return subprocess.run([sys.executable, "-W", "always", "-c", script], env=env,
                          capture_output=True, text=True, timeout=300)


def test_without_a_compiler_the_default_backend_is_the_reference_after_one_warning(tmp_path):
    script = ("import torch, ascend_ops\n"
              "y = torch.ops.ascend_ops.slice(torch.arange(12).reshape(3, 4), [1, 1], [2, 2])\n"
              "print(y.tolist(), ascend_ops.current_backend())\n")
    result = _without_compiler(tmp_path, script, backend=None)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[[5, 6], [9, 10]] reference"
    assert result.stderr.count("CPU calls run on the numpy reference") == 1
    assert "no C++ compiler found" in result.stderr


def test_asking_for_native_without_a_compiler_names_the_fix(tmp_path):
    """Chosen by name, the native backend does not fall back to the reference silently."""
    script = ("import torch, ascend_ops\n"
              "try:\n"
              "    torch.ops.ascend_ops.slice(torch.zeros(3, 4), [0, 0], [1, 2])\n"
              "except ascend_ops.runtime.build_cache.NativeBuildError as e:\n"
              "    print(e)\n"
              "    raise SystemExit(3)\n")
    result = _without_compiler(tmp_path, script, backend="native")
    assert result.returncode == 3, result.stderr
    assert "no C++ compiler found" in result.stdout
    assert "ASCEND_OPS_BACKEND=reference" in result.stdout


# --- native == reference, on the ops ---------------------------------------------------------

CASE_DTYPES = [(case, dtype) for case in CASES
               for dtype in (("int8",) if case.int8_only else ALL_DTYPES)]


@pytest.mark.parametrize("case, dtype", CASE_DTYPES,
                         ids=[f"{case_id(c)}-{d}" for c, d in CASE_DTYPES])
def test_spec_cases_every_dtype_every_layout(case, dtype):
    for x in layouts(case.shape, torch_dtype(dtype), seed=len(case.id)).values():
        check_native(case.op, x, case.args, case.kwargs)


def _distinct_dims(rng: random.Random, rank: int, low: int, high: int) -> tuple[int, ...]:
    return tuple(rng.sample(range(low, high + 1), rank))


def _random_strided_slice(rng: random.Random):
    rank = rng.choice([0, 1, 2, 3, 4, 5, 8])
    shape = _distinct_dims(rng, rank, 0, 9) if rank <= 4 else _distinct_dims(rng, rank, 1, 8)
    entries = rng.randint(0 if rank == 0 else 1, rank + 2)
    reach = max(shape, default=1) + 2
    begin, end, strides = [], [], []
    masks = dict.fromkeys(("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                           "shrink_axis_mask"), 0)
    for i in range(entries):
        bit = 1 << i
        begin.append(rng.randint(-reach, reach))
        end.append(rng.randint(-reach, reach))
        strides.append(rng.choice([-3, -2, -1, -1, 1, 1, 1, 2, 3]))
        kind = rng.choices(["range", "new", "shrink", "ellipsis"], [8, 1, 2, 1])[0]
        if kind == "range":
            masks["begin_mask"] |= bit if rng.random() < 0.3 else 0
            masks["end_mask"] |= bit if rng.random() < 0.3 else 0
        elif kind == "new":
            masks["new_axis_mask"] |= bit
        elif kind == "shrink":
            masks["shrink_axis_mask"] |= bit
            begin[-1] = rng.randint(-reach, reach - 2)
        else:
            masks["ellipsis_mask"] |= bit
    if entries and rng.random() < 0.03:
        strides[rng.randrange(entries)] = 0
    masks = {k: v for k, v in masks.items() if v or rng.random() < 0.2}
    return shape, (begin, end, None if rng.random() < 0.1 else strides), masks


def _random_slice(rng: random.Random):
    rank = rng.choice([0, 1, 2, 3, 4, 6, 8])
    shape = _distinct_dims(rng, rank, 1, 9)
    offsets, size = [], []
    for dim in shape:
        offset = rng.randint(-dim, dim - 1)
        start = offset + dim if offset < 0 else offset
        length = rng.choice([-1, rng.randint(1, dim - start)])
        if rng.random() < 0.03:
            length = rng.choice([0, -2, dim + 1])
        offsets.append(offset)
        size.append(length)
    return shape, (offsets, size), {}


def _random_block(rng: random.Random, op: str):
    data_format = rng.choice(["NHWC", "NCHW", "NCHW_VECT_C"])
    mode = rng.choice(["DCR", "CRD"])
    bs = rng.choice([2, 2, 3, 4])
    n, h, w = _distinct_dims(rng, 3, 1, 5)
    depth = rng.choice([1, 2, 3, 5])
    if data_format == "NCHW_VECT_C":
        depth = 4 * rng.choice([1, 2])
    if op == "depth_to_space":
        c, (h, w) = depth * bs * bs, (h, w)
    else:
        c, (h, w) = depth, (h * bs, w * bs)
    if rng.random() < 0.05:  # an invalid call now and then
        h += 1 if op == "space_to_depth" else 0
        c += 1 if op == "depth_to_space" and data_format != "NCHW_VECT_C" else 0
    kwargs = {"data_format": data_format, "mode": mode}
    kwargs = {k: v for k, v in kwargs.items() if v not in ("NHWC", "DCR") or rng.random() < 0.5}
    if data_format == "NHWC":
        return (n, h, w, c), (bs,), kwargs
    if data_format == "NCHW":
        return (n, c, h, w), (bs,), kwargs
    return (n, c // 4, h, w, 4), (bs,), kwargs


def _random_call(rng: random.Random, op: str):
    if op == "strided_slice":
        return _random_strided_slice(rng)
    if op == "slice":
        return _random_slice(rng)
    if op in ("depth_to_space", "space_to_depth"):
        return _random_block(rng, op)
    case = rng.choice(cases(op))  # an op with no generator of its own: its cases, in every layout
    return case.shape, case.args, case.kwargs


@pytest.mark.parametrize("op", VIEW_OP_NAMES)
def test_random_calls_every_dtype_and_layout(op):
    rng = random.Random(op)
    kernels = Counter()
    for k in range(240):
        shape, args, kwargs = _random_call(rng, op)
        dtype = "int8" if kwargs.get("data_format") == "NCHW_VECT_C" else ALL_DTYPES[k % len(ALL_DTYPES)]
        choices = layouts(shape, torch_dtype(dtype), seed=k)
        x = choices[rng.choice(sorted(choices))]
        kernels[check_native(op, x, args, kwargs)] += 1
    # The corpus reaches the kernels that matter for each op (and invalid calls).
    expected = {"strided_slice": {"run", "gather", "transpose", "empty", "error"},
                "slice": {"run", "gather", "transpose", "error"},
                "depth_to_space": {"run", "transpose", "reference", "error"},
                "space_to_depth": {"run", "transpose", "reference", "error"}}.get(op)
    if expected is None:  # an op added beside these: the native backend copies some of its calls
        assert kernels.keys() - {"error", "reference"}, kernels
    else:
        assert expected <= set(kernels), kernels


def test_zero_d_and_eight_d():
    x0 = random_tensor((), torch.complex128, seed=1)
    assert check_native("slice", x0, ([], [])) == "run"
    assert check_native("strided_slice", x0, ([0], [0], [1]), {"new_axis_mask": 1}) == "run"
    x8 = random_tensor((2, 3, 4, 5, 6, 7, 8, 9), torch.bfloat16, seed=2)
    assert check_native("strided_slice", x8, ([1, 0, 3, 0, -1, 0, 0, 8], [2, 3, 0, 5, 0, 7, 8, 0],
                                              [1, 2, -1, 1, -2, 3, 1, -3]),
                        {"shrink_axis_mask": 1}) == "gather"
    assert check_native("slice", x8.permute(7, 6, 5, 4, 3, 2, 1, 0),
                        ([1] * 8, [-1] * 8)) == "transpose"


def test_conjugate_and_negative_views_read_their_values():
    z = random_tensor((4, 6), torch.complex64, seed=3)
    for x in (z.conj(), torch._neg_view(z)):
        y = ascend_ops.strided_slice(x, [1, 5], [4, 0], [1, -2])
        assert_same_bits(y, x.resolve_conj().resolve_neg()[1:4].flip(1)[:, ::2])


def test_repeated_calls_reuse_the_plan_and_see_new_data():
    x = random_tensor((6, 7), torch.float32, seed=4)
    first = ascend_ops.strided_slice(x, [5], [0], [-2])
    x.add_(1)
    second = ascend_ops.strided_slice(x, [5], [0], [-2])
    assert_same_bits(second, x[[5, 3, 1]])
    assert not torch.equal(first, second)


def test_large_copies_use_threads_and_match():
    """Outputs far above the threading threshold, through the ops, on 1 to 3 threads."""
    x = random_tensor((80, 256, 512), torch.float32, seed=5)  # 40 MiB
    nchw_crd = {"data_format": "NCHW", "mode": "CRD"}
    calls = [("slice", x, ([1, 2, 3], [-1, 250, 500]), {}),
             ("strided_slice", x, ([0, 0, 0], [0, 0, 0], [1, 1, -1]), {"begin_mask": 7,
                                                                       "end_mask": 7}),
             ("depth_to_space", x.reshape(2, 40, 256, 512), (2,), {"data_format": "NCHW"}),
             ("space_to_depth", x.reshape(2, 40, 256, 512), (2,), nchw_crd)]
    kernels = set()
    default_threads = torch.get_num_threads()
    try:
        for threads in (1, 2, 3):
            torch.set_num_threads(threads)
            for op, t, args, kwargs in calls:
                kernels.add(check_native(op, t, args, kwargs))
    finally:
        torch.set_num_threads(default_threads)
    assert kernels == {"run", "gather", "transpose"}


# --- strided_copy.cpp on its own -------------------------------------------------------------

_ELEMENT_DTYPES = {1: np.uint8, 2: np.float16, 4: np.float32, 8: np.int64, 16: np.complex128}


STORE_DIRECT = native_copy.STORE_DIRECT
STORE_STREAMED = native_copy.STORE_STREAMED
STORE_THROUGH_BUFFER = native_copy.STORE_THROUGH_BUFFER


def copy_natively(view: np.ndarray, threads: int, store: int = -1,
                out: np.ndarray | None = None) -> np.ndarray:
    """The view copied by strided_copy.cpp into `out` (default: a new array), split over
    `threads` whatever its size, written the way `store` says (-1: as the library decides)."""
    out = np.empty(view.shape, view.dtype) if out is None else out
    status = native_copy.library().ascend_ops_strided_copy_split_from(
        view.__array_interface__["data"][0], out.__array_interface__["data"][0],
        native_copy.descriptor(view), threads, 0, store)
    assert status == 0
    return out


def random_bits(shape, elem: int, rng: np.random.Generator) -> np.ndarray:
    raw = rng.integers(0, 256, size=(*shape, elem), dtype=np.uint8)
    return raw.view(_ELEMENT_DTYPES[elem]).reshape(shape)


def random_view(rng: np.random.Generator, elem: int, max_elems: int) -> np.ndarray:
    rank = int(rng.integers(1, 7))
    shape = [int(rng.integers(1, 9)) for _ in range(rank)]
    while np.prod(shape) * 4 < max_elems:  # grow some dims towards the target size
        shape[int(rng.integers(rank))] *= 2
    base = random_bits(shape, elem, rng)
    index = []
    for dim in shape:
        step = int(rng.choice([1, 1, 1, 2, 3, -1, -2]))
        start = int(rng.integers(0, max(1, dim // 4)))
        index.append(slice(start, None, step) if step > 0 else slice(dim - 1 - start, None, step))
    view = base[tuple(index)].transpose(rng.permutation(rank))
    if rng.random() < 0.2:  # a broadcast (stride 0) axis
        axis = int(rng.integers(rank))
        view = np.broadcast_to(view.take([0], axis=axis),
                               (*view.shape[:axis], 3, *view.shape[axis + 1:]))
    return view


@pytest.mark.parametrize("elem", sorted(_ELEMENT_DTYPES))
def test_copy_random_views(elem):
    rng = np.random.default_rng(elem)
    kernels = Counter()
    for k in range(150):
        view = random_view(rng, elem, max_elems=int(rng.choice([64, 4096, (8 << 20) // elem])))
        kernels[native_copy.copy_kernel(native_copy.descriptor(view))] += 1
        for threads in (1, 3):
            np.testing.assert_array_equal(np_bits(copy_natively(view, threads)), np_bits(view))
    assert {"run", "transpose", "gather"} <= set(kernels), kernels


@pytest.mark.parametrize("threads", [1, 2, 7])
@pytest.mark.parametrize("elem", sorted(_ELEMENT_DTYPES))
def test_copy_kernel_variants(elem, threads):
    """The special cases of each kernel: fixed-size runs, constant-step gathers, interleave and
    deinterleave tiles of 2-4, general tiles, and one long row cut into pieces."""
    rng = np.random.default_rng(100 + elem)
    big = (3 << 20) // elem  # elements of each output: enough for up to 6 threads
    views = {}
    for run in (2, 3, 4, 6, 8, 12, 16, 17, 32, 64, 128, 300):
        a = random_bits((big // run + 1, 2 * run + 1), elem, rng)
        views[f"run{run}"] = (a[:, 1:run + 1], "run")
    for run_bytes in (4, 8, 16):  # runs every other run length (NHWC depth_to_space, 4 channels)
        if run_bytes % elem == 0 and run_bytes // elem >= 2:  # one element apart is a gather
            run = run_bytes // elem
            a = random_bits((big // run + 1, 2 * run), elem, rng)
            views[f"every_other_{run_bytes}_bytes"] = (a[:, run:], "run")
    for step in (-2, -1, 2, 3, 4, 5):
        a = random_bits((7, abs(step) * (big // 7 + 1)), elem, rng)
        views[f"gather{step}"] = (a[:, ::step], "gather")
    row = random_bits((3 * big + 7,), elem, rng)
    views["one_long_run"] = (row[5:], "run")
    views["one_long_gather"] = (row[::-3], "gather")
    for c in (2, 3, 4, 5):
        a = random_bits((3, c, big // (3 * c) + 1), elem, rng)
        views[f"interleave{c}"] = (a.transpose(0, 2, 1), "transpose")
        b = random_bits((5, big // (5 * c) + 1, c), elem, rng)
        views[f"deinterleave{c}"] = (b.transpose(0, 2, 1), "transpose")
        views[f"deinterleave_outer{c}"] = (b.transpose(2, 0, 1), "transpose")
    a = random_bits((3, 517, big // (3 * 517) | 1), elem, rng)
    views["tiles"] = (a.transpose(0, 2, 1), "transpose")
    views["tiles_reversed_cols"] = (a.transpose(0, 2, 1)[:, :, ::-1], "transpose")
    views["one_element"] = (a[1:2, 5:6, 7:8], "run")
    for name, (view, kernel) in views.items():
        assert native_copy.copy_kernel(native_copy.descriptor(view)) == kernel, name
        np.testing.assert_array_equal(np_bits(copy_natively(view, threads)), np_bits(view),
                                      err_msg=name)


def _repeating_views(elem: int, rng: np.random.Generator) -> dict[str, tuple[np.ndarray, str]]:
    """Views that read elements more than once (stride 0; Note [repeating views] in
    cpu_reference/view_steps.py), each with the kernel the plan gives it."""
    big = (3 << 20) // elem
    a = random_bits((5, 7), elem, rng)
    tile = native_copy.numpy_view(
        (cpu_reference.Reshape((1, 5, 1, 7)), cpu_reference.Broadcast((3, 5, 4, 7))), a)
    column = random_bits((big // 6 + 1, 1), elem, rng)
    strided = random_bits((97, 64), elem, rng)[:, ::2, None]
    row = random_bits((1, 1, 301), elem, rng)
    one = random_bits((1,), elem, rng)
    return {
        "tile": (tile, "run"),  # (3, 5, 4, 7) of strides (0, 7, 0, 1) elements
        "rows_repeated": (np.broadcast_to(a, (big // 35 + 1, 5, 7)), "run"),
        "elements_twice": (np.broadcast_to(column, (column.shape[0], 2)), "transpose"),  # interleaved
        "elements_thrice": (np.broadcast_to(column, (column.shape[0], 3)), "transpose"),
        "elements_nine_times": (np.broadcast_to(column, (column.shape[0], 9)), "transpose"),  # tiles
        "strided_elements_repeated": (np.broadcast_to(strided, (97, 32, 5)), "gather"),
        # two repeated dims about a size-1 dim merge into one of stride 0
        "repeats_about_a_size_1_dim": (np.broadcast_to(row[:, None], (6, 1, 5, 301)), "run"),
        "one_element_everywhere": (np.broadcast_to(one, (big,)), "gather"),
    }


@pytest.mark.parametrize("threads", [1, 3, 7])
@pytest.mark.parametrize("elem", sorted(_ELEMENT_DTYPES))
def test_repeating_views(elem, threads):
    """A stride-0 dim at every place (outer, innermost, beside a contiguous dim, merged with
    another) goes through every kernel and the split among threads, bit for bit."""
    rng = np.random.default_rng(200 + elem)
    for name, (view, kernel) in _repeating_views(elem, rng).items():
        assert 0 in view.strides, name
        assert native_copy.copy_kernel(native_copy.descriptor(view)) == kernel, name
        np.testing.assert_array_equal(np_bits(copy_natively(view, threads)), np_bits(view), err_msg=name)


@pytest.mark.parametrize("threads", [1, 2])
def test_streamed_runs(threads):
    """Runs of 4 KiB and more of outputs of 8 MiB and more are written with non-temporal
    stores (whole lines; the ends of each run with memcpy), at any alignment."""
    rng = np.random.default_rng(7)
    n = (9 << 20) // 4  # float32 elements of each output
    views = {}
    for run in (300, 1024, 1031, 5000):
        a = random_bits((n // run + 1, run + 5), 4, rng)
        views[f"run{run}"] = a[:, 3:run + 3]
    row = random_bits((n + 9,), 4, rng)
    views["one_long_run"] = row[1:]
    for name, view in views.items():
        assert native_copy.copy_kernel(native_copy.descriptor(view)) == "run", name
        np.testing.assert_array_equal(copy_natively(view, threads), view, err_msg=name)
        out = np.empty(view.size + 1, view.dtype)[1:].reshape(view.shape)  # a misaligned output
        copy_natively(view, threads, out=out)
        np.testing.assert_array_equal(out, view, err_msg=f"{name}, misaligned output")


def _huge_view(shape: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """A float32 view of `shape` whose descriptor is all a plan needs: nothing is read."""
    return np.lib.stride_tricks.as_strided(np.zeros(1, np.float32), shape, strides)


@pytest.mark.parametrize(("name", "shape", "strides", "fresh", "store"), [
    # 80 MiB outputs (above the huge-page output size) into reused buffers...
    ("long runs, reused", (10240, 2048), (8320, 4), 0, STORE_STREAMED),
    ("512 B runs, reused", (163840, 128), (1024, 4), 0, STORE_THROUGH_BUFFER),
    ("transpose, reused", (2560, 4, 2048), (32768, 4, 16), 0, STORE_THROUGH_BUFFER),
    ("reversed rows, reused", (10240, 2048), (8192, -4), 0, STORE_THROUGH_BUFFER),
    ("step-2 gather, reused", (10240, 2048), (16384, 8), 0, STORE_DIRECT),
    ("step-2 gather, one long row", (20971520,), (8,), 0, STORE_DIRECT),
    ("reversed long row, reused", (20971520,), (-4,), 0, STORE_THROUGH_BUFFER),
    # ...and the controls: the same into fresh pages, and a small output
    ("long runs, fresh", (10240, 2048), (8320, 4), 1, STORE_DIRECT),
    ("512 B runs, fresh", (163840, 128), (1024, 4), 1, STORE_DIRECT),
    ("transpose, fresh", (2560, 4, 2048), (32768, 4, 16), 1, STORE_DIRECT),
    ("512 B runs, 4 MiB", (8192, 128), (1024, 4), 0, STORE_DIRECT),
])
def test_large_reused_outputs_are_streamed_and_fresh_ones_are_not(name, shape, strides, fresh, store):
    desc = native_copy.descriptor(_huge_view(shape, strides))
    assert native_copy.library().ascend_ops_strided_copy_store(desc, fresh) == store, name


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("elem", sorted(_ELEMENT_DTYPES))
def test_every_kernel_through_a_streamed_buffer(elem, threads):
    """Each kernel writing its rows through the L1 buffer (kStoreThroughBuffer), bit for bit,
    also into a misaligned output; rows as long as the buffer go one at a time."""
    rng = np.random.default_rng(300 + elem)
    big = (3 << 20) // elem
    views = {
        "runs": random_bits((big // 50 + 1, 61), elem, rng)[:, 3:53],
        "rows_filling_the_buffer": random_bits((big * elem // 16384 + 1, 16384 // elem + 3), elem,
                                               rng)[:, 2:-1],
        "gather": random_bits((big // 100 + 1, 300), elem, rng)[:, ::-3],
        "one_long_gather": random_bits((3 * big + 7,), elem, rng)[::-3],
        "one_long_reversed_row": random_bits((big + 5,), elem, rng)[::-1],
        "transpose": random_bits((3, 517, big // (3 * 517) | 1), elem, rng).transpose(0, 2, 1),
        "interleave": random_bits((3, 4, big // 12 + 1), elem, rng).transpose(0, 2, 1),
    }
    for name, view in views.items():
        np.testing.assert_array_equal(np_bits(copy_natively(view, threads, STORE_THROUGH_BUFFER)),
                                      np_bits(view), err_msg=name)
        out = np.empty(view.size + 1, view.dtype)[1:].reshape(view.shape)
        copy_natively(view, threads, STORE_THROUGH_BUFFER, out=out)
        np.testing.assert_array_equal(np_bits(out), np_bits(view), err_msg=f"{name}, misaligned")


def test_rows_out_of_output_order_are_refused_the_buffer():
    """A transpose whose row dim (the axis contiguous in the input) has another output dim
    between it and the innermost one writes rows that are not back to back: the buffer is
    refused when forced and never chosen; the control, the same copy with its rows in output
    order, takes it."""
    rng = np.random.default_rng(5)
    lib = native_copy.library()
    apart = random_bits((5, 65, 4), 4, rng)[:, :64].transpose(2, 0, 1)  # [4, 5, 64]
    assert native_copy.copy_kernel(native_copy.descriptor(apart)) == "transpose"
    out = np.zeros(apart.shape, apart.dtype)
    assert lib.ascend_ops_strided_copy_split_from(
        apart.ctypes.data, out.ctypes.data, native_copy.descriptor(apart), 1, 0,
        STORE_THROUGH_BUFFER) == -1
    assert not out.any()
    np.testing.assert_array_equal(copy_natively(apart, 1), apart)
    big = _huge_view((4, 5120, 2048), (4, 8256, 16))  # the same at 160 MiB
    assert native_copy.copy_kernel(native_copy.descriptor(big)) == "transpose"
    assert lib.ascend_ops_strided_copy_store(native_copy.descriptor(big), 0) == STORE_DIRECT
    rows = random_bits((40, 4, 64), 4, rng).transpose(0, 2, 1)  # [40, 64, 4]
    np.testing.assert_array_equal(copy_natively(rows, 1, STORE_THROUGH_BUFFER), rows)


def test_a_store_mode_outside_the_enum_is_refused():
    view = np.arange(12, dtype=np.float32)
    out = np.empty_like(view)
    for store in (-2, 3):
        assert native_copy.library().ascend_ops_strided_copy_split_from(
            view.ctypes.data, out.ctypes.data, native_copy.descriptor(view), 1, 0, store) == -1


def test_copy_rejects_unsupported_descriptors():
    fn = native_copy.library().ascend_ops_strided_copy
    out = ctypes.create_string_buffer(8)
    src = ctypes.create_string_buffer(8)
    too_many_dims = np.array([65, 1, *([1] * 65), *([1] * 65)], np.int64).tobytes()
    odd_element = np.array([1, 3, 2, 3], np.int64).tobytes()
    for desc in (too_many_dims, odd_element):
        assert fn(ctypes.addressof(src), ctypes.addressof(out), desc, 1) == -1
    empty = np.array([2, 4, 3, 0, 4, 4], np.int64).tobytes()
    assert fn(ctypes.addressof(src), ctypes.addressof(out), empty, 1) == 0
    assert native_copy.copy_kernel(empty) == "empty"


# --- outputs: strided_copy.cpp's huge-page allocator -------------------------------------------

_HUGE_PAGE = 2 << 20


def _anon_huge_kib(address: int) -> int:
    """AnonHugePages of the mapping of this process that holds `address`."""
    found = None
    with open("/proc/self/smaps", encoding="utf-8") as f:
        for line in f:
            head = line.split()[0]
            if "-" in head and not head.endswith(":"):
                begin, end = (int(v, 16) for v in head.split("-"))
                found = begin <= address < end
            elif found and head == "AnonHugePages:":
                return int(line.split()[1])
    raise AssertionError(f"no mapping holds {address:#x}")


def _thp_mode() -> str | None:
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled", encoding="utf-8") as f:
            return f.read().split("[")[1].split("]")[0]
    except (OSError, IndexError):
        return None


@pytest.mark.parametrize("dtype", [torch.float32, torch.bool, torch.bfloat16, torch.int64,
                                   torch.complex64])
def test_large_outputs_are_2_mib_aligned_tensors_of_the_asked_shape(dtype):
    """From huge_page_output_bytes() on (32 MiB) outputs come from strided_copy.cpp."""
    x = torch.zeros(3, dtype=dtype)
    shape = (3, native_copy.huge_page_output_bytes() // (3 * x.element_size()) + 5)
    out = native_copy.new_output(x, shape)
    assert out.shape == shape and out.dtype == dtype and out.is_contiguous()
    assert out.data_ptr() % _HUGE_PAGE == 0
    out.fill_(1)
    assert bool((out == 1).all())
    small = native_copy.new_output(x, (4, 5))
    assert small.shape == (4, 5) and small.dtype == dtype


_MIB = 1 << 20


def _resident_mib() -> float:
    with open("/proc/self/statm", encoding="utf-8") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / _MIB


@pytest.fixture
def output_cache():
    """The output cache emptied, with room for 256 MiB and the default idle time, for one test;
    emptied again and restored afterwards."""
    limit = native_copy.output_cache_limit(0)
    idle = native_copy.library().ascend_ops_output_cache_idle_seconds(-1)
    native_copy.output_cache_limit(256 * _MIB)
    yield
    native_copy.output_cache_limit(0)
    native_copy.output_cache_limit(limit)
    native_copy.library().ascend_ops_output_cache_idle_seconds(idle)


def _outputs_of(*sizes_mib: int) -> list[torch.Tensor]:
    """Large outputs of these sizes, written whole (as a copy writes them)."""
    outs = [native_copy.new_output(torch.zeros(1), (mib * _MIB // 4,)) for mib in sizes_mib]
    for out in outs:
        out.fill_(1.0)
    return outs


def test_large_outputs_free_their_memory(output_cache):
    """With the cache off, each 64 MiB output is released when its tensor dies (the DLPack
    deleter); the control keeps them alive and the same measure sees them."""
    native_copy.output_cache_limit(0)
    start = _resident_mib()
    for _ in range(8):
        del _outputs_of(64)[0]
    assert _resident_mib() - start < 100
    kept = _outputs_of(64, 64, 64, 64)
    assert _resident_mib() - start > 200, f"the control should hold 256 MiB, holds {len(kept)} outputs"


def test_a_freed_large_output_is_reused_by_the_next_of_its_size(output_cache):
    """Sizes match rounded up to a huge page; another size, or an uncached output, gets other
    memory (the controls)."""
    x = torch.zeros(1)
    out = native_copy.new_output(x, (16 * _MIB + 1,))  # 64 MiB + 4 B: a 66 MiB buffer
    address = out.data_ptr()
    del out
    assert native_copy.cached_output_bytes() == 66 * _MIB
    reuses = native_copy.output_cache_reuses()
    again = native_copy.new_output(x, (65 * _MIB // 4,))  # 65 MiB, also 66 rounded up
    assert again.data_ptr() == address
    assert native_copy.output_cache_reuses() == reuses + 1
    assert native_copy.cached_output_bytes() == 0
    del again
    other = native_copy.new_output(x, (17 * _MIB,))  # 68 MiB
    fresh = native_copy.new_output(x, (16 * _MIB + 1,), cached=False)
    assert address not in (other.data_ptr(), fresh.data_ptr())
    assert native_copy.cached_output_bytes() == 66 * _MIB
    del fresh  # an uncached output is unmapped, not cached
    assert native_copy.cached_output_bytes() == 66 * _MIB
    assert native_copy.output_cache_reuses() == reuses + 1


def test_the_cache_holds_at_most_its_limit_giving_back_the_least_recently_freed(output_cache):
    """Freed in this order under a 256 MiB limit, 40..90 MiB outputs leave 70 + 80 + 90 cached;
    a buffer larger than the limit is never cached; resident memory follows."""
    start = _resident_mib()
    outs = _outputs_of(40, 50, 60, 70, 80, 90)
    addresses = [o.data_ptr() for o in outs]
    while outs:
        del outs[0]
    assert native_copy.cached_output_bytes() == (70 + 80 + 90) * _MIB
    assert _resident_mib() - start < 240 + 60
    big = _outputs_of(300)
    del big
    assert native_copy.cached_output_bytes() == (70 + 80 + 90) * _MIB
    reused = _outputs_of(90, 40)
    assert reused[0].data_ptr() == addresses[-1]  # cached: handed out again
    assert native_copy.cached_output_bytes() == (70 + 80) * _MIB  # 40 was given back: fresh


def test_release_cached_outputs_gives_their_memory_back(output_cache):
    start = _resident_mib()
    del _outputs_of(64)[0]
    del _outputs_of(96)[0]
    assert _resident_mib() - start > 140, "the control: the cache holds 160 MiB"
    assert native_copy.release_cached_outputs() == 160 * _MIB
    assert native_copy.cached_output_bytes() == 0
    assert _resident_mib() - start < 40
    assert native_copy.output_cache_limit() == 256 * _MIB  # the limit stays


def test_a_buffer_idle_longer_than_the_idle_time_is_given_back(output_cache):
    """At the next allocation or free; the control, with a long idle time, keeps it."""
    lib = native_copy.library()
    for idle, kept in [(0.05, 0), (60.0, 64 * _MIB)]:
        lib.ascend_ops_output_cache_idle_seconds(idle)
        del _outputs_of(64)[0]
        time.sleep(0.2)
        del _outputs_of(34)[0]  # the next free (of another size)
        assert native_copy.cached_output_bytes() - 34 * _MIB == kept, idle
        native_copy.release_cached_outputs()


@pytest.mark.parametrize(("value", "expected"), [("48", 48 * _MIB), ("0", 0), (" 7 ", 7 * _MIB)])
def test_the_environment_sets_the_cache_limit(value, expected):
    code = "import ascend_ops; from ascend_ops.cpu import native_copy as n; print(n.output_cache_limit())"
    env = {**os.environ, native_copy.OUTPUT_CACHE_ENV: value}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True)
    assert int(done.stdout.split()[-1]) == expected


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "²"])
def test_a_bad_cache_limit_in_the_environment_is_refused_naming_it(value):
    env = {**os.environ, native_copy.OUTPUT_CACHE_ENV: value}
    done = subprocess.run([sys.executable, "-c", "import ascend_ops; ascend_ops.slice(__import__('torch').ones(3), [0], [1])"],
                          env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert (f"ValueError: {native_copy.OUTPUT_CACHE_ENV}={value!r} must be a whole number of "
            f"MiB >= 0") in done.stderr


@pytest.mark.skipif(_thp_mode() != "madvise", reason="needs transparent huge pages in madvise "
                    "mode, where only advised memory gets them")
def test_large_outputs_get_huge_pages_and_plain_tensors_do_not():
    out = torch.ops.ascend_ops.slice(torch.ones(9 << 20), [0], [-1])  # 36 MiB, via the op
    assert _anon_huge_kib(out.data_ptr()) >= 16 << 10
    plain = torch.empty(9 << 20).fill_(1.0)  # the negative control: the same bytes, unadvised
    assert _anon_huge_kib(plain.data_ptr()) == 0


def test_large_outputs_match_the_reference_bit_for_bit(output_cache):
    """Outputs from the huge-page allocator, every kernel, through the ops; each case runs once
    into fresh pages and once into a cached buffer first filled with other bits (which must not
    show)."""
    x = random_tensor((33, 256, 1030), torch.float32, seed=9)  # 33 MiB
    for op, args, kwargs, out_shape in [
            ("slice", ([0, 0, 3], [-1, -1, 1024]), {}, (33, 256, 1024)),
            ("strided_slice", ([0, 0, 0], [0, 0, 0], [1, 1, -1]),
             {"begin_mask": 7, "end_mask": 7}, (33, 256, 1030)),
            ("depth_to_space", (2,), {"data_format": "NCHW"}, (1, 8, 512, 2048))]:
        t = x[:32, :, :1024].reshape(1, 32, 256, 1024) if op == "depth_to_space" else x
        native_copy.release_cached_outputs()
        assert check_native(op, t, args, kwargs) in ("run", "gather", "transpose")
        stale = native_copy.new_output(t, out_shape)
        stale.view(torch.int32).fill_(-1)  # NaN bits, in none of the outputs
        del stale
        reuses = native_copy.output_cache_reuses()
        assert check_native(op, t, args, kwargs) in ("run", "gather", "transpose")
        assert native_copy.output_cache_reuses() == reuses + 1, op


def test_threaded_copies_are_complete_when_the_call_returns():
    """Helpers are detached and may start after the caller has taken every chunk; the caller
    still waits for each helper that took one. Many short threaded copies in a row, each
    checked at once, catch a copy that returns before a helper's rows are written."""
    rng = np.random.default_rng(11)
    base = random_bits((64, 4096), 4, rng)
    for k in range(200):
        view = base[:, k % 7::3] if k % 2 else base[::-1, 5:4000]
        np.testing.assert_array_equal(copy_natively(view, 4), view, err_msg=str(k))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_threaded_copies_work_in_a_forked_child():
    """The helper threads are the parent's; a child forked after they started (a DataLoader
    worker) has none of them and must still copy, whole, on threads of its own."""
    rng = np.random.default_rng(12)
    view = random_bits((256, 4096), 4, rng)[:, 3::2]
    np.testing.assert_array_equal(copy_natively(view, 2), view)  # the parent's helpers start
    pid = os.fork()
    if pid == 0:  # the child: report through the exit status only
        try:
            ok = all(np.array_equal(np_bits(copy_natively(view, 2)), np_bits(view))
                     for _ in range(20))
            os._exit(0 if ok else 1)
        except BaseException:  # noqa: BLE001 - any failure is the child's exit status
            os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status


def _guarded_bytes(nbytes: int, guard_after: bool):
    """`nbytes` of writable memory that end just before (or start just after) a page the
    process may not touch: reading one byte past the data crashes."""
    import mmap

    page = mmap.PAGESIZE
    span = (nbytes + page - 1) // page * page
    region = mmap.mmap(-1, span + page, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    base = ctypes.addressof(ctypes.c_char.from_buffer(region))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    guard = base + span if guard_after else base
    assert libc.mprotect(guard, page, 0) == 0, ctypes.get_errno()
    start = base + span - nbytes if guard_after else base + page
    return region, start


@pytest.mark.parametrize("elem", [4, 8])
@pytest.mark.parametrize("step", [2, 3, -1])
def test_gathers_read_nothing_past_the_row(elem, step):
    """Steps 2, 3 and -1 (the constant-step gathers the compiler vectorises): every row length
    around the vector widths, with the row's far end against a page that must not be read,
    gives the reference's bits. (A gather reading one vector too far crashes here.)"""
    rng = np.random.default_rng(elem * 10 + step)
    dtype = _ELEMENT_DTYPES[elem]
    for n in range(1, 70):
        span = ((n - 1) * abs(step) + 1) * elem
        region, start = _guarded_bytes(span, guard_after=step > 0)
        data = np.frombuffer((ctypes.c_char * span).from_address(start), dtype=dtype)
        data[:] = random_bits((span // elem,), elem, rng)
        view = data[::step]
        kernel = native_copy.copy_kernel(native_copy.descriptor(view))
        assert view.size == n and kernel == ("run" if n == 1 else "gather")
        for threads in (1, 2):
            np.testing.assert_array_equal(np_bits(copy_natively(view, threads)), np_bits(view),
                                          err_msg=f"n={n}")
        del data, view
        region.close()
