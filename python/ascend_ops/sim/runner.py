"""Run one op call on the simulator: plan it with the op's generated CANN host code (InferShape,
then the TilingFunc, on the simulated SoC's platform description), launch the generated kernel on
blocks 0..blockDim-1 with the tiling bytes the TilingFunc saved, and read back the output and
what the kernel moved.

    plan(op, shape, dtype, args, kwargs, product=) -> Plan       the TilingFunc's results
    launch(plan, x, out, on=product)             -> SimStats     the kernel launch
    simulate(op, x, *args, product=, **kwargs)   -> (y, stats)   both, on numpy arrays
    run_op(op, x, *args, **kwargs)               -> tensor       the `sim` CPU backend
    sim_gradient_kernel(op, shape, *args, dy)    -> tensor       its gradient ops
"""
from __future__ import annotations

import ctypes
import os
import struct
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from cpu_reference.arguments import index_vector, int_rows, integer, real_number, string

from ascend_ops_gen.schema import flat_rows, python_signature
from ascend_ops_gen.spec import AttrType, Product, specs

from ..runtime.dtypes import from_numpy, to_numpy
from ..runtime.errors import OpArgumentError
from ..runtime.kernel_rank import result_without_kernel
from ..runtime.products import check_dtype, current_product, product as product_named
from .device import DEFAULT_PRODUCT
from .library import Attr, Stats, ge_dtype, library, tiling_struct

MESSAGE_BYTES = 4096
# ascend_sim_plan / ascend_sim_run status codes (launcher.cpp)
OK, _ARGUMENT_ERROR, _PLAN_ERROR = 0, 1, 2


class SimulatorError(RuntimeError):
    """The simulator could not run a call: the op's TilingFunc found no plan, or the emulator
    stopped the kernel at an AscendC rule it broke (the message is the emulator's, naming kernel,
    block and call)."""


@dataclass(frozen=True)
class Plan:
    """What the op's TilingFunc decided for one call; `tiling` holds the bytes it saved (as the
    CopyTiling they are), which the kernel reads."""

    op: str
    product: Product
    dtype: str
    input_shape: tuple[int, ...]
    output_shape: tuple[int, ...]
    tiling: ctypes.Structure
    block_dim: int
    tiling_key: int
    soc: str = ""  # the SoC planned for (the product's simulated SoC unless `plan` was given one)
    workspace_bytes: int = 0  # the workspace the TilingFunc asked for

    @property
    def mode(self) -> str:
        """The copy mode, as the planner names it (CopyModeName in copy_planner.h): a GATHER or
        TRANSPOSE that rearranges by scalar UB reads and writes, where the architecture has no
        Gather for the element size, is `<mode>/scalar`."""
        lib = library(self.product.npu_arch).cdll
        return lib.ascend_sim_mode_name(ctypes.addressof(self.tiling), ctypes.sizeof(self.tiling)).decode()


@dataclass(frozen=True)
class SimStats:
    """What one kernel launch moved, summed over its blocks."""

    block_dim: int
    mode: str             # the copy mode the plan chose (Plan.mode)
    output_units: int     # units the kernel wrote (CopyTiling.totalElems)
    rows: int             # output rows: units over the innermost extent of the merged view
    dma_instructions: int
    bytes_gm_to_ub: int
    bytes_ub_to_gm: int
    scalar_gm_bytes: int  # GlobalTensor GetValue / SetValue, one element each
    scalar_gm_accesses: int
    useful_bytes: int     # the least a copy moves: each output byte read once and written once
    busiest_over_mean: float  # GM traffic of the busiest block over the mean: 1.0 is even
    # Scalar work (Note [scalar cost] in ascend_kernels/common/scalar_cost.h), summed over blocks
    vector_instructions: int = 0
    div_mods: int = 0         # run-time integer divisions and modulos
    loop_div_mods: int = 0    # of them, inside the kernels' per-row / per-unit / per-tile loops
    ub_scalar_reads: int = 0
    ub_scalar_writes: int = 0
    loop_iterations: int = 0
    address_list_instructions: int = 0  # vector instructions given 32 block addresses (TransDataTo5HD)
    mul_highs: int = 0        # multiply-highs by an extent's reciprocal (Note [index reciprocals])
    # The busiest block's count of each (each the largest over the blocks, separately)
    core_dma_instructions: int = 0
    core_vector_instructions: int = 0
    core_scalar_gm_accesses: int = 0
    core_div_mods: int = 0
    core_ub_scalar_accesses: int = 0
    core_loop_iterations: int = 0
    core_address_list_instructions: int = 0
    core_mul_highs: int = 0

    @property
    def moved_bytes(self) -> int:
        return self.bytes_gm_to_ub + self.bytes_ub_to_gm + self.scalar_gm_bytes

    @property
    def efficiency(self) -> float:
        """useful / moved: 1.0 when the kernel moves nothing it does not need."""
        return self.useful_bytes / self.moved_bytes if self.moved_bytes else 1.0


def sim_product() -> Product:
    """The product the simulator runs for: the one chosen for CPU tensors, else atlas-a2 (the
    simulated npu device runs its calls in a `target_product` block of its own product)."""
    return current_product("cpu") or product_named(DEFAULT_PRODUCT)


def plan(op_name: str, shape: tuple[int, ...], dtype: str, args: tuple = (),
         kwargs: dict[str, Any] | None = None, *, product: Product | str | None = None,
         dtype_rule: bool = True, soc: str | None = None) -> Plan:
    """Plan `op_name(x, *args, **kwargs)` for an input of `shape` and `dtype` (a spec dtype name)
    with the op's generated host code, on the product's simulated SoC.

    Raises OpArgumentError with the host code's message for arguments it rejects (the messages
    are cpu_reference's), UnsupportedDtypeError for a dtype the product lacks (unless `dtype_rule`
    is False: a dtype carried as another of its size, with no product chosen), SimulatorError when
    the TilingFunc finds no plan. `soc` plans for that SoC of the product instead of its
    simulated one (SoCs differ in core counts)."""
    p = product_named(product) if product is not None else sim_product()
    soc = soc_of(p, soc)
    op = specs().kernel_op(op_name)
    if dtype_rule:
        check_dtype(op, dtype, p)
    lib = library(p.npu_arch)
    shape = tuple(integer(f"shape[{i}]", d, low=0) for i, d in enumerate(shape))
    if len(shape) > lib.max_dims:  # a limit of CANN's, not of the op's arguments
        raise SimulatorError(f"{op.name}: x has {len(shape)} dimensions; a CANN tensor shape "
                             f"(gert::Shape) holds at most {lib.max_dims}")
    bound = python_signature(op).bind(None, *args, **(kwargs or {}))
    # What the call leaves out takes the OpDef's default in the launcher; an absent int[]? (None)
    # is left out too, as an OpDef attribute cannot be absent.
    given = [(a, bound.arguments[a.name]) for a in op.attributes if a.name in bound.arguments
             and not (a.type is AttrType.OPTIONAL_INT_LIST and bound.arguments[a.name] is None)]
    keep: list[Any] = []  # ctypes arrays the attributes point into
    attrs = (Attr * max(len(given), 1))()
    for slot, (a, value) in zip(attrs, given):
        if a.type is AttrType.INT_ROWS:  # flattened, as its schema and CANN's ListInt carry it
            marshal_attribute(slot, a.name, AttrType.INT_LIST, flat_rows(int_rows(a.name, value, a.inner)), keep)
        else:
            marshal_attribute(slot, a.name, a.type, value, keep)
    tiling = (ctypes.c_uint8 * lib.tiling_capacity)()
    tiling_bytes, block_dim, key = ctypes.c_uint64(), ctypes.c_uint32(), ctypes.c_uint64()
    workspace_bytes = ctypes.c_uint64()
    out_rank, out_dims = ctypes.c_int32(), (ctypes.c_int64 * lib.max_dims)()
    rejected_by, message = ctypes.c_char_p(), ctypes.create_string_buffer(MESSAGE_BYTES)
    status = lib.cdll.ascend_sim_plan(
        op.op_type.encode(), soc.encode(),
        ge_dtype(dtype).encode(), len(shape),
        (ctypes.c_int64 * max(len(shape), 1))(*shape), attrs, len(given), tiling,
        ctypes.byref(tiling_bytes), ctypes.byref(block_dim), ctypes.byref(key),
        ctypes.byref(workspace_bytes), ctypes.byref(out_rank), out_dims, ctypes.byref(rejected_by),
        message, MESSAGE_BYTES)
    if status != OK:
        raise plan_error(status, message.value.decode(), rejected_by.value, op.op_type, p, soc)
    layout = tiling_struct()
    if tiling_bytes.value != ctypes.sizeof(layout):
        raise SimulatorError(f"{op.op_type}'s TilingFunc saved {tiling_bytes.value} bytes of "
                             f"tiling data; a CopyTiling has {ctypes.sizeof(layout)}")
    return Plan(op.name, p, dtype, shape, tuple(out_dims[:out_rank.value]),
                layout.from_buffer_copy(tiling), block_dim.value, key.value, soc, workspace_bytes.value)


def soc_of(p: Product, soc: str | None) -> str:
    """`soc`, checked to be one of the product's, else the product's simulated SoC."""
    if soc is None:
        return p.simulated_soc
    names = [s.name for s in p.socs]
    if soc not in names:
        raise OpArgumentError(f"soc={soc!r} is no SoC of {p.key} ({', '.join(names)})")
    return soc


def plan_error(status: int, message: str, rejected_by: bytes | None, op_type: str,
                p: Product, soc: str) -> Exception:
    """The exception of a failed ascend_sim_plan; a note names the host function that refused
    (the message itself stays the host code's, which is cpu_reference's for bad arguments)."""
    if status == _ARGUMENT_ERROR:
        error: Exception = OpArgumentError(message)
    elif status == _PLAN_ERROR:
        error = SimulatorError(f"{op_type} on {p.key} ({soc}): the TilingFunc found "
                               f"no plan: {message}")
    else:
        error = SimulatorError(f"{op_type} on {p.key} ({soc}): {message}")
    if rejected_by:
        error.add_note(f"rejected by {op_type}'s {rejected_by.decode()} (generated op_host code, "
                       f"sim backend)")
    return error


def marshal_attribute(slot: Attr, name: str, kind: AttrType, value: Any, keep: list) -> None:
    """One given attribute into its AscendSimAttr, checked as cpu_reference checks it."""
    slot.name = name.encode()
    if kind is AttrType.INT:
        slot.value = integer(name, value)
    elif kind is AttrType.STR:
        slot.text = string(name, value).encode()
    elif kind is AttrType.FLOAT:  # its float32's bits (sim_abi.h: AscendSimAttr)
        slot.value = struct.unpack("<i", struct.pack("<f", real_number(name, value)))[0]
    else:
        values = index_vector(name, value)
        array = (ctypes.c_int64 * max(len(values), 1))(*values)
        keep.append(array)
        slot.data = ctypes.cast(array, ctypes.POINTER(ctypes.c_int64))
        slot.size = len(values)


def launch(plan_: Plan, x: np.ndarray, out: np.ndarray, *, on: Product | str | None = None,
           seed: int = 0) -> SimStats:
    """Run the plan's kernel with `x` (C-contiguous, the planned shape) as input and `out` as
    output, on the simulated SoC of `on` (default: the product planned for); `seed` orders the
    data cache write-backs at the kernel's end. A plan made for another SoC than the product's
    simulated one runs on that SoC."""
    p = product_named(on) if on is not None else plan_.product
    soc = plan_.soc if on is None and plan_.soc else p.simulated_soc
    lib = library(p.npu_arch)
    name, entry = lib.kernel(plan_.op)
    stats = Stats()
    message = ctypes.create_string_buffer(MESSAGE_BYTES)
    status = lib.cdll.ascend_sim_run(
        entry, name.encode(), soc.encode(), seed, ctypes.addressof(plan_.tiling),
        ctypes.sizeof(plan_.tiling), plan_.block_dim, plan_.tiling_key, x.ctypes.data, x.nbytes,
        out.ctypes.data, out.nbytes, ctypes.byref(stats), message, MESSAGE_BYTES)
    if status != OK:
        raise SimulatorError(message.value.decode())
    t = plan_.tiling
    return stats_of(stats, mode=plan_.mode, output_units=t.totalElems,
                    rows=t.totalElems // t.shape[t.rank - 1] if t.rank >= 1 and t.shape[t.rank - 1] else 0,
                    useful_bytes=2 * out.nbytes, unit_bytes=plan_.tiling.unitBytes)


def stats_of(stats: Stats, *, mode: str, output_units: int, rows: int, useful_bytes: int,
             unit_bytes: int) -> SimStats:
    """SimStats of a launch's AscendSimStats; scalar GM accesses moved `unit_bytes` each."""
    return SimStats(
        block_dim=stats.blockDim, mode=mode, output_units=output_units, rows=rows,
        dma_instructions=stats.dmaInstructions,
        bytes_gm_to_ub=stats.bytesGmToUb, bytes_ub_to_gm=stats.bytesUbToGm,
        scalar_gm_bytes=(stats.scalarGmReads + stats.scalarGmWrites) * unit_bytes,
        scalar_gm_accesses=stats.scalarGmReads + stats.scalarGmWrites,
        useful_bytes=useful_bytes, busiest_over_mean=stats.busiestOverMean,
        vector_instructions=stats.vectorInstructions, div_mods=stats.scalarDivMods,
        loop_div_mods=stats.loopDivMods, ub_scalar_reads=stats.scalarUbReads,
        ub_scalar_writes=stats.scalarUbWrites, loop_iterations=stats.loopIterations,
        core_dma_instructions=stats.coreDmaInstructions,
        core_vector_instructions=stats.coreVectorInstructions,
        core_scalar_gm_accesses=stats.coreScalarGmAccesses, core_div_mods=stats.coreScalarDivMods,
        core_ub_scalar_accesses=stats.coreScalarUbAccesses,
        core_loop_iterations=stats.coreLoopIterations,
        address_list_instructions=stats.addressListInstructions,
        core_address_list_instructions=stats.coreAddressListInstructions,
        mul_highs=stats.scalarMulHighs, core_mul_highs=stats.coreScalarMulHighs)


def simulate_gradient(op_name: str, shape, *args, product: Product | str | None = None, seed: int = 0,
                      **kwargs) -> tuple[np.ndarray, SimStats]:
    """A gradient op (`strided_slice_grad(shape, begin, end, strides, dy, **masks)`) on numpy
    arrays through its generated kernel, the engine's write direction: (fresh output, statistics).
    The output starts as 0xA5 bytes, so an element the kernel left unwritten cannot pass for a
    zero."""
    *attributes, dy = args
    dy = np.asarray(dy, order="C")
    planned = plan(op_name, dy.shape, dy.dtype.name, (shape, *attributes), kwargs, product=product)
    out = np.empty(planned.output_shape, dtype=dy.dtype)
    out.reshape(-1).view(np.uint8).fill(0xA5)
    return out, launch(planned, dy, out, seed=seed)


def simulate(op_name: str, x: np.ndarray, *args, product: Product | str | None = None,
             seed: int = 0, **kwargs) -> tuple[np.ndarray, SimStats]:
    """`op_name` (a view op) on a numpy array through the generated kernel: (fresh output,
    statistics). `ascend_ops.sim.simulate` takes custom ops too (any_op.py)."""
    x = np.asarray(x, order="C")
    planned = plan(op_name, x.shape, x.dtype.name, args, kwargs, product=product)
    out = np.empty(planned.output_shape, dtype=x.dtype)
    return out, launch(planned, x, out, seed=seed)


# With no product chosen the CPU path takes every fixed-size dtype (Note [active product]); the
# kernels move element-size units, so a dtype no product lists travels as one of the op's own
# dtypes of its size and keeps its bits.
COPY_LIMIT_ENV = "ASCEND_OPS_SIM_MAX_COPY_BYTES"
DEFAULT_COPY_LIMIT = 2**31  # 2 GiB


def _check_copy_size(x: torch.Tensor) -> None:
    """The kernels read a contiguous input, as on the NPU: a non-contiguous view (an expanded
    tensor, say) is copied whole into simulated GM first, so refuse one too large to copy."""
    if x.is_contiguous():
        return
    nbytes = x.numel() * x.element_size()
    text = os.environ.get(COPY_LIMIT_ENV, "").strip()
    try:
        limit = int(text) if text else DEFAULT_COPY_LIMIT
    except ValueError:
        raise OpArgumentError(f"{COPY_LIMIT_ENV}={text!r} must be a number of bytes") from None
    if nbytes > limit:
        raise OpArgumentError(
            f"x is a non-contiguous view of {nbytes} bytes: the sim backend copies its input whole "
            f"into simulated GM and copies at most {limit} bytes ({COPY_LIMIT_ENV}); pass a "
            f"smaller or contiguous input, or use the native backend")


def _carrier(x: torch.Tensor) -> str:
    """The spec dtype of x's element size (an integer one where there is one)."""
    same_size = [d for d in specs().dtype_names if specs().dtype_size(d) == x.element_size()]
    return next((d for d in same_size if d.startswith(("int", "uint"))), same_size[0])


# Note [sim argument checks]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~
# An OpDef attribute cannot be absent, so an `int[]?` given as an empty list reaches the host code
# as "not given": `strided_slice(x, [0], [1], [])` would plan with unit strides, where the reference
# rejects the lengths. So the backend, like the NPU path (npu._check_arguments), runs the
# reference's shape-only checks first; the dtype rules (NCHW_VECT_C needs int8) are left to the
# op's TilingFunc, which is what refuses them. `plan` and `simulate` call the host code directly.


def run_op(op_name: str, x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
    """The `sim` CPU backend: `op_name` on a CPU tensor, for the product chosen for CPU tensors
    (`sim_product`: else atlas-a2).

    The arguments are checked as the NPU path checks them before a launch (cpu_reference's
    canonicalisation, on the shape only: Note [sim argument checks]), then the call is planned by
    the op's host code before any element is copied into the kernel's contiguous input. An
    identity or empty result of more dims than a CANN tensor shape holds runs without a kernel,
    as on the NPU (Note [kernel rank] in runtime/kernel_rank.py). (A custom op's is
    custom_runner.run_custom.)"""
    folded = result_without_kernel(op_name, x, args, kwargs)
    if folded is not None:
        return folded
    dtype = str(x.dtype).removeprefix("torch.")
    if current_product("cpu") is None and dtype not in specs().op(op_name).dtypes:
        if x.is_complex():  # as two planes of its real dtype
            real, imag = (run_op(op_name, part, *args, **kwargs) for part in (x.real, x.imag))
            out = torch.empty(real.shape, dtype=x.dtype)
            torch.view_as_real(out)[..., 0].copy_(real)
            torch.view_as_real(out)[..., 1].copy_(imag)
            return out
        dtype = _carrier(x)
        planned = plan(op_name, tuple(x.shape), dtype, args, kwargs, dtype_rule=False)
    else:
        planned = plan(op_name, tuple(x.shape), dtype, args, kwargs)
    _check_copy_size(x)
    data = to_numpy(x.contiguous())
    carried = data.view(np.dtype(dtype)) if dtype != data.dtype.name else data
    out = np.empty(planned.output_shape, dtype=carried.dtype)
    launch(planned, carried, out)
    return from_numpy(out.view(data.dtype))


def sim_gradient_kernel(op_name: str, shape, *args, **kwargs) -> torch.Tensor:
    """The `sim` CPU backend's kernel of `op_name`'s gradient op (`<op>_grad(shape, *attributes,
    dy, **kwargs)`) on a CPU `dy`: its generated kernel, the engine's write direction, for the
    product chosen for CPU tensors (`sim_product`). The checks come first, as on the NPU path; a
    gradient of more dims than the kernels take (an identity's or an empty slice's: Note [kernel
    rank]) is written without a kernel, as there."""
    from ..runtime import torch_views
    from ..runtime.kernel_rank import kernel_max_rank

    *attributes, dy = args
    gradient_name = specs().op(op_name).backward.gradient.name
    limit = kernel_max_rank(op_name)
    if limit is not None and max(len(shape), dy.dim()) > limit:
        return torch_views.write_into_zeros(op_name, shape, dy, tuple(attributes), kwargs)
    torch_views.gradient_view(op_name, shape, dy, tuple(attributes), kwargs)  # its errors first
    dtype = str(dy.dtype).removeprefix("torch.")
    call = (list(shape), *attributes)
    if current_product("cpu") is None and dtype not in specs().op(op_name).dtypes:
        if dy.is_complex():  # as two planes of its real dtype
            real, imag = (sim_gradient_kernel(op_name, shape, *attributes, part, **kwargs)
                          for part in (dy.real, dy.imag))
            return torch.complex(real, imag)
        dtype = _carrier(dy)
        planned = plan(gradient_name, tuple(dy.shape), dtype, call, kwargs, dtype_rule=False)
    else:
        planned = plan(gradient_name, tuple(dy.shape), dtype, call, kwargs)
    _check_copy_size(dy)
    data = to_numpy(dy.contiguous())
    carried = data.view(np.dtype(dtype)) if dtype != data.dtype.name else data
    out = np.empty(planned.output_shape, dtype=carried.dtype)
    launch(planned, carried, out)
    return from_numpy(out.view(data.dtype))
