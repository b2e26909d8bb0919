"""The native CPU executor: cpu_reference's canonicalisation, then one C++ strided copy.

Every op is a view of its input followed by a copy. This executor asks cpu_reference for that
view (`<op>_view`: the reference's own checks and errors) and has `src/strided_copy.cpp` copy it,
as raw bits, into a fresh tensor on `torch.get_num_threads()` threads, so results equal the
reference's bit for bit. What numpy cannot express as one view of the input (NCHW_VECT_C), and
tensors with a lazy conjugate or negative bit, run on the reference. Each distinct call is
planned once (Note [native per-call cost])."""
from __future__ import annotations

import ctypes
import functools
import hashlib
import math
import os
import platform
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch

import cpu_reference

from ..runtime import build_cache
from ..runtime.dtypes import numpy_dtype, to_numpy
from ..runtime.reference_functions import canonical_view, fill_value
from ..runtime.torch_private import from_dlpack_capsule

# Note [native per-call cost]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~
# What a call needs -- the output shape, the view's byte offset and its descriptor -- depends only
# on the input's shape, strides and dtype and on the op's arguments, so it is computed once per
# distinct call and cached. A repeated call is a dict lookup, `new_empty` and one ctypes call
# (`ascend-ops-dev bench` measures it against `x[...].clone()`). Outputs of 32 MiB and more come
# from strided_copy.cpp's allocator instead, as huge pages (Note [huge-page outputs] there), made by
# the compiled fast path (`use_large_output_maker`), which puts them in a resizable storage: a
# tensor made in Python from foreign memory could not be resized, shared or pinned like any other.
# With the fast path off every output is `new_empty`'s. The dispatcher hands the kernel plain ints
# and strs (the schema converts bools and numpy ints, and drops arguments equal to their defaults),
# so the arguments themselves form the key.

SOURCE = Path(__file__).parent / "src" / "strided_copy.cpp"
_CACHE_LIMIT = 4096  # distinct calls remembered per op; the cache starts over beyond that

# What a call does, once its arguments are known to be valid: (output shape, byte offset of the
# view's first element, descriptor or None when there is nothing to copy), or REFERENCE.
REFERENCE = "reference"

Plan = tuple  # (output_shape, offset, desc) | REFERENCE


# --- the ops as numpy views --------------------------------------------------------------------

def _reshaped(a: np.ndarray, shape) -> np.ndarray | None:
    """`a.reshape(shape)` as a view of `a`, or None where that needs a copy."""
    try:
        return a.reshape(shape, copy=False)
    except ValueError:
        return None
    except TypeError:  # numpy < 2.1 has no `copy` argument
        view = a.reshape(shape)
        return view if view.size == 0 or np.may_share_memory(view, a) else None


def numpy_view(steps, a: np.ndarray) -> np.ndarray | None:
    """The view steps of a call (cpu_reference's `<op>_view`) as a numpy view of `a` whose
    C-order elements are the result's, or None where numpy would have to copy. A final reshape
    is left out: it only regroups the C-order elements the copy writes anyway, and it is the one
    reshape of a transposed array that numpy could not do without copying."""
    steps = list(steps)
    if steps and isinstance(steps[-1], cpu_reference.Reshape):
        steps.pop()
    for step in steps:
        if isinstance(step, cpu_reference.Index):
            a = a[step.items]
        elif isinstance(step, cpu_reference.Reshape):
            a = _reshaped(a, step.shape)
            if a is None:
                return None
        elif isinstance(step, cpu_reference.Broadcast):
            a = np.broadcast_to(a, step.shape)  # stride 0 along a repeated dim
        else:
            a = a.transpose(step.axes)
    return a


def descriptor(view: np.ndarray) -> bytes:
    """What `ascend_ops_strided_copy` reads: rank, element bytes, shape, byte strides (int64)."""
    return np.array([view.ndim, view.itemsize, *view.shape, *view.strides], dtype=np.int64).tobytes()


# The executor reads the numpy view's shape, byte strides and first element; where numpy cannot
# express an op as one view of the input (NCHW_VECT_C: unpacking the int8 lanes is a reshape that
# copies) the call runs on the reference. tests/ascend_ops/cpu/test_native_backend.py compares the
# two on every op and dtype.
def plan_call(op_name: str, x: torch.Tensor, args: tuple, kwargs: dict) -> Plan:
    """Validate a call (cpu_reference's errors) and work out what copy it is."""
    a = to_numpy(x)
    canonical = canonical_view(op_name, a.shape, lambda: a.dtype, args, kwargs)
    view = numpy_view(canonical.view_steps(), a)
    if view is None:
        return REFERENCE
    shape = tuple(canonical.output_shape)
    if view.size == 0:
        return (shape, 0, None)
    offset = view.__array_interface__["data"][0] - a.__array_interface__["data"][0]
    return (shape, offset, descriptor(view))


# --- the C++ copy --------------------------------------------------------------------------------

def host_cpu_id() -> str:
    """A short name for this machine's CPU model and instruction set. The library is built with
    -march=native (the strided gathers and transposes vectorise far better with AVX2 / AVX-512
    than with baseline SSE2), so the build cache must not hand it to a different CPU sharing
    the same cache directory."""
    identity = platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            identity += "".join(sorted({line for line in f
                                        if line.startswith(("model name", "flags", "Features"))}))
    except OSError:
        identity += platform.processor()
    return hashlib.sha256(identity.encode()).hexdigest()[:12]


# The loaded compiled kernel's file (it compiles strided_copy.cpp in, see compiled.py), set by
# `share_library` before the copy is first used: the executor then calls that copy rather than
# loading a second one, and the two share one output cache (Note [output cache] in
# strided_copy.cpp).
_shared_library: str | None = None


def share_library(path: str) -> None:
    """Use the copy inside the compiled kernel's file `path` (called when that loads)."""
    global _shared_library
    if library.cache_info().currsize and _shared_library != path:
        # The extension came after a copy of its own (built in the background, Note [first-use
        # build] in compiled.py): that copy's cache keeps no freed output from now on, so the
        # one output cache stays within its cap.
        library().ascend_ops_output_cache_limit(0)
    _shared_library = path
    library.cache_clear()
    _huge_page_allocator.cache_clear()


def fast_path_library() -> str | None:
    """The file the executor's copy comes from when it is the compiled kernel's, else None."""
    return _shared_library


@functools.lru_cache(maxsize=None)
def library() -> ctypes.CDLL:
    """strided_copy.cpp: inside the fast-path extension when that is loaded, else built on first
    use (and cached on disk by content, see build_cache.py)."""
    shared = fast_path_library()
    try:
        lib = ctypes.CDLL(shared) if shared else build_cache.load(
            "strided_copy", [SOURCE], flags=["-O3", "-march=native", "-pthread"],
            defines={"ASCEND_OPS_HOST_CPU": host_cpu_id()},
            announce=f"building the native CPU copy ({SOURCE.name}), once")
    except build_cache.NativeBuildError as e:
        raise build_cache.NativeBuildError(
            f"{e}\nThe native CPU backend (the default for CPU tensors) compiles {SOURCE.name} "
            f"once; without a compiler, run CPU calls on the numpy reference instead: "
            f"ASCEND_OPS_BACKEND=reference, or `with ascend_ops.use_backend(\"reference\"):`"
        ) from None
    lib.ascend_ops_strided_copy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p,
                                            ctypes.c_int32]
    lib.ascend_ops_strided_copy.restype = ctypes.c_int32
    lib.ascend_ops_strided_copy_split_from.argtypes = [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32, ctypes.c_int64,
        ctypes.c_int32]
    lib.ascend_ops_strided_copy_split_from.restype = ctypes.c_int32
    lib.ascend_ops_strided_write.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                                             ctypes.c_int64, ctypes.c_char_p, ctypes.c_int32,
                                             ctypes.c_void_p]
    lib.ascend_ops_strided_write.restype = ctypes.c_int32
    lib.ascend_ops_strided_write_split_from.argtypes = [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_char_p,
        ctypes.c_int32, ctypes.c_int64, ctypes.c_void_p]
    lib.ascend_ops_strided_write_split_from.restype = ctypes.c_int32
    lib.ascend_ops_strided_copy_store.argtypes = [ctypes.c_char_p, ctypes.c_int32]
    lib.ascend_ops_strided_copy_store.restype = ctypes.c_int32
    lib.ascend_ops_strided_copy_kernel.argtypes = [ctypes.c_char_p]
    lib.ascend_ops_strided_copy_kernel.restype = ctypes.c_int32
    lib.ascend_ops_output_dlpack.argtypes = [ctypes.c_int64, ctypes.c_int32]
    lib.ascend_ops_output_dlpack.restype = ctypes.c_void_p
    for name in ("ascend_ops_output_huge_page_bytes", "ascend_ops_output_cached_bytes",
                 "ascend_ops_output_cache_reuses"):
        getattr(lib, name).argtypes = []
        getattr(lib, name).restype = ctypes.c_int64
    lib.ascend_ops_output_cache_limit.argtypes = [ctypes.c_int64]
    lib.ascend_ops_output_cache_limit.restype = ctypes.c_int64
    lib.ascend_ops_output_cache_idle_seconds.argtypes = [ctypes.c_double]
    lib.ascend_ops_output_cache_idle_seconds.restype = ctypes.c_double
    env_limit = output_cache_limit_from_env()
    if env_limit is not None:
        lib.ascend_ops_output_cache_limit(min(env_limit, _INT64_MAX))
        taken = lib.ascend_ops_output_cache_limit(-1)
        if taken < env_limit:
            warnings.warn(f"ascend-ops: {OUTPUT_CACHE_ENV}={env_limit >> 20} is above the output "
                          f"cache's cap of an eighth of physical memory; the cache holds at most "
                          f"{taken >> 20} MiB", RuntimeWarning, stacklevel=2)
    return lib


_INT64_MAX = (1 << 63) - 1  # ctypes would wrap a larger limit modulo 2**64


# --- outputs -----------------------------------------------------------------------------------

_DLPACK_CAPSULE_NAME = b"dltensor"  # kept alive: a capsule keeps a pointer to its name
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_capsule_new.restype = ctypes.py_object


@functools.lru_cache(maxsize=None)
def _huge_page_allocator() -> tuple[int, Callable[[int], int]]:
    """(the output bytes from which outputs are huge pages, the allocator)."""
    lib = library()
    return lib.ascend_ops_output_huge_page_bytes(), lib.ascend_ops_output_dlpack


def huge_page_output_bytes() -> int:
    return _huge_page_allocator()[0]


# The compiled fast path's `new_output(x, shape)` once it is loaded (compiled.py).
_large_output_maker: Callable[[torch.Tensor, tuple[int, ...]], torch.Tensor] | None = None


def use_large_output_maker(maker: Callable[[torch.Tensor, tuple[int, ...]], torch.Tensor]) -> None:
    """Let the executor's outputs of 32 MiB and more come from `maker` (the compiled fast path's
    allocation: huge pages of the output cache in a resizable storage)."""
    global _large_output_maker
    _large_output_maker = maker


def new_output(x: torch.Tensor, shape: tuple[int, ...], *, cached: bool = True) -> torch.Tensor:
    """A C-contiguous tensor of `shape` with `x`'s dtype, for a copy to write whole, made in
    Python (the benchmark's fresh-memory ceiling and the output cache's tests use it; a large
    one's storage cannot be resized, so the executor's come from `use_large_output_maker`). From
    `huge_page_output_bytes()` on, a 2 MiB aligned buffer advised for huge pages (strided_copy.cpp's
    allocator; the tensor gives it back when it dies), a freed one of the same size when the output
    cache holds one (`cached=False`: always fresh pages); below that `x.new_empty`, whose memory
    glibc reuses."""
    nbytes = math.prod(shape) * x.element_size()
    threshold, allocate = _huge_page_allocator()
    if nbytes < threshold:
        return x.new_empty(shape)
    managed = allocate(nbytes, int(cached))
    if not managed:
        raise MemoryError(f"cannot allocate a {nbytes}-byte output of shape {list(shape)}")
    raw = from_dlpack_capsule(_capsule_new(managed, _DLPACK_CAPSULE_NAME, None))
    return raw.view(x.dtype).view(shape)


# Note [output cache] in strided_copy.cpp: freed large outputs kept for the next of their size.
OUTPUT_CACHE_ENV = "ASCEND_OPS_OUTPUT_CACHE_MB"


def output_cache_limit_from_env() -> int | None:
    """The output cache limit ASCEND_OPS_OUTPUT_CACHE_MB asks for, in bytes (None: unset)."""
    text = os.environ.get(OUTPUT_CACHE_ENV, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{OUTPUT_CACHE_ENV}={text!r} must be a whole number of MiB >= 0 "
                         f"(0 turns the output cache off)")
    return int(text) << 20


def output_cache_limit(limit: int | None = None) -> int:
    """The output cache's limit in bytes; `limit` sets it first, capped at an eighth of physical
    memory (0 turns the cache off and frees what it holds). Returns the limit before the call."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0 bytes, got {limit}")
    return library().ascend_ops_output_cache_limit(-1 if limit is None else min(limit, _INT64_MAX))


def cached_output_bytes() -> int:
    """Bytes of freed large outputs the cache holds for reuse now."""
    return library().ascend_ops_output_cached_bytes()


def output_cache_reuses() -> int:
    """How many large outputs so far were given a buffer from the cache."""
    return library().ascend_ops_output_cache_reuses()


def release_cached_outputs() -> int:
    """Give the memory of every cached output back to the system (the limit stays); returns the
    bytes freed."""
    freed = cached_output_bytes()
    output_cache_limit(output_cache_limit(0))
    return freed


# How strided_copy.cpp writes an output (its enum StoreMode, Note [streaming stores]).
STORE_DIRECT, STORE_STREAMED, STORE_THROUGH_BUFFER = 0, 1, 2


def copy_kernel(desc: bytes) -> str:
    """Which kernel of strided_copy.cpp copies the view `desc` ("empty", "run", "transpose",
    "gather")."""
    return ("empty", "run", "transpose", "gather")[library().ascend_ops_strided_copy_kernel(desc)]


# --- the executor ------------------------------------------------------------------------------

def _cached(cache: dict, key: tuple, make: Callable[[], Plan]) -> Plan:
    """`cache[key]`, made by `make()` the first time (Note [native per-call cost]); an
    unhashable argument in `key` is not cached (the checks `make` runs will name it)."""
    try:
        plan = cache.get(key)
    except TypeError:
        return make()
    if plan is None:
        plan = make()
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = plan
    return plan


def _new_output(like: torch.Tensor, shape: tuple[int, ...], nbytes: int) -> torch.Tensor:
    """A fresh C-contiguous output of `shape` and like's dtype, of `nbytes` bytes: the fast
    path's huge-page output when it is large (Note [native per-call cost])."""
    if _large_output_maker is None or nbytes < huge_page_output_bytes():
        return like.new_empty(shape)
    return _large_output_maker(like, shape)


def executor(op_name: str, reference: Callable[..., torch.Tensor]) -> Callable[..., torch.Tensor]:
    """The native CPU kernel of `op_name`; `reference` runs the calls numpy cannot view."""
    cache: dict = {}
    get_num_threads = torch.get_num_threads
    copy = None  # the ctypes function, bound on the first copy (that builds the library)

    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        nonlocal copy
        if x.is_conj() or x.is_neg():  # to_numpy would resolve them into a copy
            return reference(x, *args, **kwargs)
        key = (x.shape, x.stride(), x.dtype,
               *[tuple(a) if a.__class__ is list else a for a in args], *kwargs.items())
        plan = _cached(cache, key, lambda: plan_call(op_name, x, args, kwargs))
        if plan is REFERENCE:
            return reference(x, *args, **kwargs)
        shape, offset, desc = plan
        out = _new_output(x, shape, math.prod(shape) * x.element_size())
        if desc is not None:
            if copy is None:
                copy = library().ascend_ops_strided_copy
            if copy(x.data_ptr() + offset, out.data_ptr(), desc, get_num_threads()):
                raise RuntimeError(f"strided_copy rejected the view {np.frombuffer(desc, np.int64)}")
        return out

    return run


# --- the gradient ops: the write direction -----------------------------------------------------

def _layout_template(shape: tuple[int, ...], itemsize: int) -> np.ndarray:
    """An array of `shape` with C-order strides of `itemsize`-byte elements over one element's
    memory: its views give the byte offsets and strides of a view of such an output (numpy's
    indexing computes them; nothing reads the memory)."""
    strides, step = [], itemsize
    for dim in reversed(shape):
        strides.append(step)
        step *= max(dim, 1)
    carrier = np.zeros(1, dtype=np.dtype((np.void, itemsize)))
    return np.lib.stride_tricks.as_strided(carrier, shape, tuple(reversed(strides)), writeable=False)


def plan_write(op_name: str, shape, dy: torch.Tensor, args: tuple, kwargs: dict) -> Plan:
    """Validate a gradient op's call (its `shape`, the forward's arguments, a view that reads
    each element once, then dy's shape: cpu_reference's checks and errors, in that order) and
    work out its write: (output shape, output bytes, byte offset of the view's first element,
    descriptor or None when dy is empty), or REFERENCE where numpy cannot express the forward as
    one view."""
    shape = cpu_reference.gradients.gradient_shape(shape)
    dtype = numpy_dtype(dy.dtype)
    canonical = canonical_view(op_name, shape, lambda: dtype, args, kwargs)
    cpu_reference.gradients.check_reads_once(shape, canonical)
    cpu_reference.gradients.check_dy_shape(dy, canonical.output_shape)
    return _write_into_view(shape, dy.element_size(), canonical.view_steps())


def _write_into_view(shape: tuple[int, ...], itemsize: int, steps) -> Plan:
    """The write into the view `steps` of a fresh output of `shape`: (output shape, output bytes,
    byte offset of the view's first element, descriptor or None when the view is empty), or
    REFERENCE where numpy cannot express the view."""
    template = _layout_template(shape, itemsize)
    view = numpy_view(steps, template)
    if view is None:
        return REFERENCE
    total = math.prod(shape) * itemsize
    if view.size == 0:
        return (shape, total, 0, None)
    offset = view.__array_interface__["data"][0] - template.__array_interface__["data"][0]
    return (shape, total, offset, descriptor(view))


def plan_fill(op_name: str, x: torch.Tensor, args: tuple, kwargs: dict) -> tuple[Plan, bytes]:
    """Validate a filling op's call (cpu_reference's checks, the fill's exactness in x's dtype
    among them) and work out its write (as `plan_write`'s) and its fill, one element's bytes (Note
    [filling view ops] in ascend_ops_gen/spec/model.py)."""
    dtype = numpy_dtype(x.dtype)
    canonical = canonical_view(op_name, tuple(x.shape), lambda: dtype, args, kwargs)
    fill = np.array(fill_value(op_name, args, kwargs)).astype(dtype).tobytes()
    return _write_into_view(tuple(canonical.input_shape), x.element_size(), canonical.view_steps()), fill


def fill_executor(op_name: str, reference: Callable[..., torch.Tensor]) -> Callable[..., torch.Tensor]:
    """The native CPU kernel of filling op `op_name`: x written into its view of a fresh output,
    the fill elsewhere, by `ascend_ops_strided_write` (Note [write into a view] in src/copy_plan.h),
    bit-exact with the reference, which runs what numpy cannot view."""
    cache: dict = {}
    get_num_threads = torch.get_num_threads
    write = None  # the ctypes function, bound on the first write (that builds the library)

    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        nonlocal write
        if x.is_conj() or x.is_neg():
            return reference(x, *args, **kwargs)
        key = (x.shape, x.dtype, *[tuple(a) if a.__class__ is list else a for a in args], *kwargs.items())
        plan, fill = _cached(cache, key, lambda: plan_fill(op_name, x, args, kwargs))
        if plan is REFERENCE:
            return reference(x, *args, **kwargs)
        if write is None:
            write = library().ascend_ops_strided_write
        return _planned_write(write, plan, x.contiguous(), fill, get_num_threads())

    return run


def _planned_write(write, plan: Plan, src: torch.Tensor, fill: bytes | None, threads: int) -> torch.Tensor:
    """A fresh output with the C-contiguous `src` written into its planned view (`_write_into_view`)
    and `fill` (one element's bytes; None: zeros) around it, by `write`, ascend_ops_strided_write."""
    out_shape, total, offset, desc = plan
    out = _new_output(src, out_shape, total)
    view = desc if desc is not None else _EMPTY_VIEW
    if write(src.data_ptr(), out.data_ptr(), total, offset, view, threads, fill):
        raise RuntimeError(f"strided_write rejected the view {np.frombuffer(view, np.int64)} "
                           f"at byte {offset} of {total}")
    return out


def write_executor(op_name: str, reference: Callable[..., torch.Tensor]) -> Callable[..., torch.Tensor]:
    """The native CPU kernel of `op_name`'s gradient op, `(shape, *args, dy, **kwargs)`: dy
    written into the forward's view of a fresh output, zeros elsewhere, by strided_copy.cpp's
    `ascend_ops_strided_write` (Note [write into a view] in src/copy_plan.h), bit-exact with the
    reference; `reference` runs what numpy cannot view and a dy with a lazy conjugate or negative
    bit. Each distinct call is planned once (Note [native per-call cost])."""
    cache: dict = {}
    get_num_threads = torch.get_num_threads
    write = None  # the ctypes function, bound on the first write (that builds the library)

    def run(shape, *args, **kwargs) -> torch.Tensor:
        nonlocal write
        *attributes, dy = args
        if dy.is_conj() or dy.is_neg():
            return reference(shape, *args, **kwargs)
        key = (tuple(shape), dy.shape, dy.dtype,
               *[tuple(a) if a.__class__ is list else a for a in attributes], *kwargs.items())
        plan = _cached(cache, key, lambda: plan_write(op_name, shape, dy, tuple(attributes), kwargs))
        if plan is REFERENCE:
            return reference(shape, *args, **kwargs)
        if write is None:
            write = library().ascend_ops_strided_write
        return _planned_write(write, plan, dy.contiguous(), None, get_num_threads())

    return run


_EMPTY_VIEW = np.array([1, 1, 0, 1], dtype=np.int64).tobytes()  # no element: the write zeroes all
