"""The gradient ops on the CPU backends: the native write into a view (strided_copy.cpp's
`ascend_ops_strided_write`, Note [write into a view]) bit for bit against cpu_reference's
gradient functions -- on TensorFlow's corpus, on every dtype, on random views with threads
splitting the output -- writing every byte of its output; and each backend running its own
executor."""
from __future__ import annotations

import random

import numpy as np
import pytest
import torch

import ascend_ops
import cpu_reference
from ascend_ops import OpArgumentError, use_backend
from ascend_ops.cpu import native_copy
from ascend_ops_support import (CASES, EXTRA_DTYPES, SPEC_DTYPES, TF_CASE_DTYPE, Case, assert_same_bits,
                                case_id, grad_args, random_tensor, strided_slice_case,
                                tf_cases, torch_dtype)

GRAD_CASES = tf_cases() + tuple(c for c in CASES if c.op == "slice")

# Dims that all differ; steps, reversed dims, new and shrunk axes, an empty dy, 0-d.
VIEWS = (
    strided_slice_case("steps_reverse_shrink", (5, 6, 7), (slice(1, 4, 2), slice(None, None, -2), 3)),
    strided_slice_case("new_axis_reverse", (5, 6, 7), (None, Ellipsis, slice(5, 1, -1))),
    strided_slice_case("all_reversed", (3, 4, 5, 6), (slice(None, None, -1), slice(None, None, -3),
                                                      slice(None, None, -1), slice(None, None, -1))),
    strided_slice_case("shrink_new_step3", (3, 4, 5, 6), (-1, None, slice(1, None), slice(None, None, 3), -2)),
    strided_slice_case("every_other", (5, 9), (slice(None), slice(1, None, 2))),
    strided_slice_case("empty_dy", (5, 6, 7), (slice(3, 1), slice(None), slice(0, 7, 2))),
    strided_slice_case("to_0d", (7,), (2,)),
    Case("slice", "block", (5, 6, 7), ([1, -4, 0], [3, -1, 7])),
    Case("slice", "0d", (), ([], [])),
)


def _outcome(backend: str, case: Case, dy: torch.Tensor):
    with use_backend(backend):
        try:
            return getattr(ascend_ops, f"{case.op}_grad")(list(case.shape), *grad_args(case), dy, **case.kwargs)
        except OpArgumentError as e:
            return e


def _dy_shape(case: Case) -> tuple[int, ...] | None:
    try:
        return getattr(cpu_reference, case.op)(np.zeros(case.shape, np.int8), *case.args, **case.kwargs).shape
    except OpArgumentError:
        return None


def _check_native(case: Case, dy: torch.Tensor) -> None:
    """Native and reference agree: the same bits, or the same error; and the native backend
    wrote the result itself (its plan is a write, not the reference)."""
    expected = _outcome("reference", case, dy)
    actual = _outcome("native", case, dy)
    if isinstance(expected, OpArgumentError):
        assert isinstance(actual, OpArgumentError) and str(actual) == str(expected)
        return
    assert actual.dtype == dy.dtype and actual.is_contiguous()
    assert_same_bits(actual, expected)
    assert native_copy.plan_write(case.op, case.shape, dy, grad_args(case), case.kwargs) is not native_copy.REFERENCE


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_native_write_matches_the_reference_on_the_corpus(case):
    shape = _dy_shape(case)
    dy = random_tensor(shape if shape is not None else (1,), TF_CASE_DTYPE, seed=len(case.id))
    _check_native(case, dy)
    if shape is not None:  # every element written, in memory torch fills with NaN first
        saved = (torch.are_deterministic_algorithms_enabled(), torch.utils.deterministic.fill_uninitialized_memory)
        torch.use_deterministic_algorithms(True)
        torch.utils.deterministic.fill_uninitialized_memory = True
        try:
            _check_native(case, dy)
        finally:
            torch.use_deterministic_algorithms(saved[0])
            torch.utils.deterministic.fill_uninitialized_memory = saved[1]


@pytest.mark.parametrize("dtype", SPEC_DTYPES + EXTRA_DTYPES)
@pytest.mark.parametrize("case", VIEWS, ids=case_id)
def test_native_write_moves_the_bits_of_every_dtype(case, dtype):
    dy = random_tensor(_dy_shape(case), torch_dtype(dtype), seed=5)  # NaN payloads, -0.0
    _check_native(case, dy)


def test_native_write_of_a_large_output_splits_over_threads():
    """A 40 MiB output (the native executor's huge-page outputs, two threads and more)."""
    case = strided_slice_case("large", (2050, 5130), (slice(1, -1), slice(None, None, -1)))
    dy = random_tensor(_dy_shape(case), torch.float32, seed=2)
    threads = torch.get_num_threads()
    torch.set_num_threads(max(threads, 2))
    try:
        _check_native(case, dy)
    finally:
        torch.set_num_threads(threads)


# --- strided_copy.cpp's write on its own: random views, threads, every byte --------------------

GARBAGE = 0xA5


def _write(dy: np.ndarray, out_shape, index, *, threads: int, parallel_bytes: int = 0,
           total_bytes: int | None = None, fill: np.ndarray | None = None) -> tuple[int, np.ndarray]:
    """`ascend_ops_strided_write` of `dy` into `out[index]` of an output of `out_shape` whose
    bytes are GARBAGE before, `fill` (one element of dy's dtype; None: zeros) around it; (status,
    output)."""
    out = np.full(int(np.prod(out_shape)) * dy.itemsize, GARBAGE, np.uint8).view(dy.dtype).reshape(out_shape)
    view = out[(*index, Ellipsis)]  # (an array, also where every dim is shrunk)
    offset = view.__array_interface__["data"][0] - out.__array_interface__["data"][0] if view.size else 0
    desc = native_copy.descriptor(view)
    src = np.ascontiguousarray(dy)
    total = out.nbytes if total_bytes is None else total_bytes
    status = native_copy.library().ascend_ops_strided_write_split_from(
        src.ctypes.data, out.ctypes.data, total, offset, desc, threads, parallel_bytes,
        None if fill is None else fill.ctypes.data)
    return status, out


def _expected(dy: np.ndarray, out_shape, index, fill: np.ndarray | None = None) -> np.ndarray:
    out = np.zeros(out_shape, dy.dtype) if fill is None else np.full(out_shape, fill, dy.dtype)
    out[index] = dy
    return out


def _random_index(rng: random.Random, shape) -> tuple:
    items = []
    for dim in shape:
        kind = rng.random()
        if kind < 0.15:
            items.append(rng.randrange(dim))
        elif kind < 0.25:
            items.append(None)
            items.append(slice(None))
        else:
            step = rng.choice([1, 1, 1, 2, 3, -1, -2, 5])
            a, b = sorted(rng.randrange(dim + 1) for _ in range(2))
            items.append(slice(a, b, step) if step > 0 else slice(b - 1 if b else None, a - 1 if a else None, step))
    return tuple(items)


@pytest.mark.parametrize("seed", range(40))
def test_random_views_with_threads_write_every_byte(seed):
    """Random views (steps, reversed and shrunk dims, new axes) of outputs of 1-3 MiB whose dims
    all differ, split over 1-4 threads in chunks of 32 KiB: chunk edges fall inside rows and
    gaps, and each byte is the view's or zero."""
    rng = random.Random(seed)
    itemsize = rng.choice([1, 2, 4, 8, 16])
    rank = rng.randint(1, 4)
    elements = (1 << 20) * rng.randint(1, 3) // itemsize
    shape = [rng.randint(2, 40) for _ in range(rank - 1)]
    shape.append(max(1, elements // max(1, int(np.prod(shape)))) + rng.randint(0, 3))
    shape = tuple(shape)
    index = _random_index(rng, shape)
    dtype = np.dtype(f"V{itemsize}") if itemsize == 16 else np.dtype(f"u{itemsize}")
    view_shape = np.empty(shape, np.uint8)[index].shape
    dy = np.frombuffer(np.random.default_rng(seed).bytes(int(np.prod(view_shape)) * itemsize), dtype).reshape(view_shape)
    for threads in (1, 2, 4):
        status, out = _write(dy, shape, index, threads=threads)
        assert status == 0, (shape, index)
        np.testing.assert_array_equal(out.view(np.uint8), _expected(dy, shape, index).view(np.uint8))


def test_control_an_unwritten_gap_is_caught():
    """The check above sees a byte the write leaves: a write told the output ends one line early
    leaves that line's GARBAGE, and the comparison fails on it."""
    shape, index = (64, 1024), (slice(1, -1), slice(None, None, 2))
    dy = np.arange(62 * 512, dtype=np.uint32).reshape(62, 512)
    status, out = _write(dy, shape, index, threads=2, total_bytes=64 * 1024 * 4 - 64)
    assert status == 0
    assert (out.view(np.uint8).reshape(-1)[-64:] == GARBAGE).all()
    with pytest.raises(AssertionError):
        np.testing.assert_array_equal(out.view(np.uint8), _expected(dy, shape, index).view(np.uint8))


def test_control_a_reversed_dy_is_caught():
    shape, index = (6, 7), (slice(None), slice(None, None, -1))
    dy = np.arange(42, dtype=np.int16).reshape(6, 7)
    status, out = _write(dy[:, ::-1], shape, index, threads=1)
    assert status == 0
    with pytest.raises(AssertionError):
        np.testing.assert_array_equal(out, _expected(dy, shape, index))


def test_the_write_refuses_a_view_it_cannot_own():
    """A view that writes an element twice (a zero stride) or past the output: -1, nothing
    written."""
    out = np.zeros((4, 8), np.float32)
    src = np.ones(16, np.float32)
    lib = native_copy.library()
    broadcast = np.array([2, 4, 2, 8, 0, 4], np.int64).tobytes()  # rank 2, shape (2, 8), strides (0, 4)
    past = np.array([1, 4, 8, 4], np.int64).tobytes()
    assert lib.ascend_ops_strided_write(src.ctypes.data, out.ctypes.data, out.nbytes, 0, broadcast, 1, None) == -1
    assert lib.ascend_ops_strided_write(src.ctypes.data, out.ctypes.data, out.nbytes, 100, past, 1, None) == -1
    assert (out == 0).all()
    assert lib.ascend_ops_strided_write(src.ctypes.data, out.ctypes.data, out.nbytes, 96, past, 1, None) == 0  # control


# --- each CPU backend runs its own executor ------------------------------------------------------

class _Ran(Exception):
    pass


def _raise(*args, **kwargs):
    raise _Ran


@pytest.mark.parametrize("backend", ["native", "reference", "sim"])
def test_each_backend_runs_its_executor(backend, monkeypatch):
    """Each executor, made to raise: the call raises under its backend only (`native`: the write
    plan; `reference`: cpu_reference's slice_grad; `sim`: sim.sim_gradient_kernel)."""
    import ascend_ops.sim.runner as sim_runner

    patched = {"native": (native_copy, "plan_write"), "reference": (cpu_reference, "slice_grad"),
               "sim": (sim_runner, "sim_gradient_kernel")}
    target, name = patched[backend]
    monkeypatch.setattr(target, name, _raise)
    dy = torch.ones(2, 3)
    for other in ("native", "reference", "sim"):
        shape = [4, 5 + len(other)]  # a call the native executor has not planned yet
        with use_backend(other):
            if other == backend:
                with pytest.raises(_Ran):
                    ascend_ops.slice_grad(shape, [1, 1], [2, 3], dy)
            elif not (backend == "reference" and other == "sim"):  # sim runs the reference today
                assert ascend_ops.slice_grad(shape, [1, 1], [2, 3], dy).sum() == 6


# --- the fill (a filling view op's constant): every element size, NaN payloads, -0.0 -----------

FILLS = (
    np.array([0x5A], np.uint8), np.array([0x7E01], np.uint16),  # float16 NaN with a payload
    np.array([-0.0], np.float32), np.array([0x7FC00001], np.uint32),  # float32 NaN with a payload
    np.array([0x0000000100000002], np.uint64),  # halves that differ
    np.array([-0.0], np.float64), np.array([0xFFFFFFFFFFFFFFFF], np.uint64),
    np.frombuffer(bytes(range(1, 17)), np.dtype("V16")),  # 16 bytes that all differ
)


@pytest.mark.parametrize("fill", FILLS, ids=lambda f: f"{f.dtype}-{f.view(np.uint8).tobytes().hex()}")
@pytest.mark.parametrize("index", [
    (slice(1, -1), slice(None, None, 2)),  # stepped rows: the fill between elements
    (slice(None, None, -1), slice(2, 9, 3)),  # a reversed dim, step 3
    (slice(3, 5), slice(1, -2)),  # contiguous rows, the fill around them
    (slice(4, 4), slice(None)),  # an empty dy: all fill
], ids=["step2", "reversed-step3", "rows", "empty"])
def test_the_write_fills_around_the_view(fill, index):
    shape = (37, 4099)
    dy_shape = np.empty(shape, np.uint8)[index].shape
    dy = np.frombuffer(np.random.default_rng(7).bytes(int(np.prod(dy_shape)) * fill.itemsize),
                       fill.dtype).reshape(dy_shape)
    for threads in (1, 3):
        status, out = _write(dy, shape, index, threads=threads, parallel_bytes=4096, fill=fill)
        assert status == 0
        np.testing.assert_array_equal(out.view(np.uint8), _expected(dy, shape, index, fill).view(np.uint8))


def test_control_a_fill_is_not_zeros():
    fill = np.array([0x0000000100000002], np.uint64)
    dy = np.arange(12, dtype=np.uint64).reshape(3, 4)
    _, out = _write(dy, (5, 6), (slice(1, 4), slice(1, 5)), threads=1, fill=fill)
    with pytest.raises(AssertionError):
        np.testing.assert_array_equal(out, _expected(dy, (5, 6), (slice(1, 4), slice(1, 5))))
    np.testing.assert_array_equal(out, _expected(dy, (5, 6), (slice(1, 4), slice(1, 5)), fill))
