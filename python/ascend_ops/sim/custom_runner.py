"""Run one call of a custom op (kind: custom) on the simulator: plan it with the op's generated CANN
host code (InferShape, InferDataType, then the TilingFunc, on the simulated SoC's platform), launch
its generated kernel with every tensor's data, and read back the outputs.

    plan_op(op, shapes, dtypes, args, kwargs, product=) -> OpPlan        the TilingFunc's results
    launch_op(plan, inputs, outputs, seed=)             -> SimStats      the kernel launch
    simulate_op(op, *inputs, product=, **attributes)    -> (outputs, stats), on numpy arrays
    run_custom(op, *tensors, **attributes)              -> tensor(s)     the `sim` CPU backend

`runner.simulate` and `runner.run_op` hand a custom op's calls here.
"""
from __future__ import annotations

import ctypes
import struct
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from cpu_reference.arguments import int_rows, integer

from ascend_ops_gen.schema import flat_rows, python_signature
from ascend_ops_gen.spec import AttrType, OpSpec, Product, specs

from ..runtime.custom_calls import (bound_tensors, check_dtype_rule, check_dtypes, numpy_dtype_named,
                                     output_dtypes, reference_attributes)
from ..runtime.dtypes import from_numpy, to_numpy
from ..runtime.reference_functions import data_check
from ..runtime.products import product as product_named
from . import cann_names
from .library import Attr, Stats, Tensor, ge_dtype, kernel_entry, library
from .runner import (MESSAGE_BYTES, OK, SimStats, SimulatorError, marshal_attribute, plan_error, sim_product,
                     soc_of, stats_of)


@dataclass(frozen=True)
class OpPlan:
    """What a custom op's TilingFunc decided for one call; `tiling` holds the bytes it saved."""

    op: str
    product: Product
    soc: str
    dtypes: tuple[tuple[str, str], ...]          # every present tensor's dtype, in spec order
    input_shapes: tuple[tuple[int, ...] | None, ...]  # None: an optional input left out
    output_shapes: tuple[tuple[int, ...], ...]
    tiling: bytes
    block_dim: int
    tiling_key: int
    workspace_bytes: int = 0

    @property
    def fields(self) -> dict[str, int | tuple[int, ...]]:
        """The tiling data's fields by name (int64s: the element split, then the op's own; an
        array's as a tuple)."""
        out, at = {}, 0
        for name, count in cann_names.CUSTOM_TILING_FIELDS[self.op]:
            values = struct.unpack_from(f"<{count}q", self.tiling, 8 * at)
            out[name] = values[0] if count == 1 else values
            at += count
        return out

    @property
    def mode(self) -> str:
        return "custom"


def _tensors(entries) -> ctypes.Array:
    array = (Tensor * max(len(entries), 1))()
    for slot, entry in zip(array, entries):
        slot.name, slot.rank, slot.dims, slot.dtype, slot.data, slot.bytes = entry
    return array


def plan_op(op_name: str, shapes: Sequence[Sequence[int] | None], dtypes: Sequence[str | None],
            args: tuple = (), kwargs: dict[str, Any] | None = None, *, product: Product | str | None = None,
            soc: str | None = None, dtype_rule: bool = True) -> OpPlan:
    """Plan `op_name(*inputs, *args, **kwargs)` for inputs of `shapes` and `dtypes` (spec dtype
    names; None for an optional input left out) with the op's generated host code, on the product's
    simulated SoC (or `soc` of it). The dtypes are checked against the op's dtype combinations for
    the product unless `dtype_rule` is False (a negative control of the host code's own check)."""
    op = specs().op(op_name)
    p = product_named(product) if product is not None else sim_product()
    soc = soc_of(p, soc)
    names = [t.name for t in op.inputs]
    given = {n: d for n, d in zip(names, dtypes) if d is not None}
    if dtype_rule:
        check_dtypes(op, given, p)
    lib = library(p.npu_arch)
    keep: list[Any] = []
    inputs = []
    for t, shape, dtype in zip(op.inputs, shapes, dtypes):
        if shape is None:
            inputs.append((t.name.encode(), -1, None, None, None, 0))
            continue
        shape = tuple(integer(f"{t.name}.shape[{i}]", d, low=0) for i, d in enumerate(shape))
        if len(shape) > lib.max_dims:
            raise SimulatorError(f"{op.name}: {t.name} has {len(shape)} dimensions; a CANN tensor shape "
                                 f"(gert::Shape) holds at most {lib.max_dims}")
        dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
        keep.append(dims)
        inputs.append((t.name.encode(), len(shape), ctypes.cast(dims, ctypes.POINTER(ctypes.c_int64)),
                       _ge(dtype), None, 0))
    out_dtypes = output_dtypes(op, given)
    outputs = [(t.name.encode(), 0, None, _ge(out_dtypes[t.name]), None, 0) for t in op.outputs]
    bound = python_signature(op).bind(*([None] * len(op.inputs)), *args, **(kwargs or {}))
    given_attrs = [(a, bound.arguments[a.name]) for a in op.attributes if a.name in bound.arguments
                   and not (a.type is AttrType.OPTIONAL_INT_LIST and bound.arguments[a.name] is None)]
    attrs = (Attr * max(len(given_attrs), 1))()
    for slot, (a, value) in zip(attrs, given_attrs):
        if a.type is AttrType.INT_ROWS:  # flattened, as its schema and CANN's ListInt carry it
            marshal_attribute(slot, a.name, AttrType.INT_LIST, flat_rows(int_rows(a.name, value, a.inner)), keep)
        else:
            marshal_attribute(slot, a.name, a.type, value, keep)
    tiling = (ctypes.c_uint8 * lib.tiling_capacity)()
    tiling_bytes, block_dim, key, workspace = ctypes.c_uint64(), ctypes.c_uint32(), ctypes.c_uint64(), ctypes.c_uint64()
    ranks = (ctypes.c_int32 * len(op.outputs))()
    dims_out = (ctypes.c_int64 * (lib.max_dims * len(op.outputs)))()
    rejected_by, message = ctypes.c_char_p(), ctypes.create_string_buffer(MESSAGE_BYTES)
    status = lib.cdll.ascend_sim_plan_op(
        op.op_type.encode(), soc.encode(), _tensors(inputs), len(inputs), _tensors(outputs), len(outputs),
        attrs, len(given_attrs), tiling, ctypes.byref(tiling_bytes), ctypes.byref(block_dim), ctypes.byref(key),
        ctypes.byref(workspace), ranks, dims_out, ctypes.byref(rejected_by), message, MESSAGE_BYTES)
    if status != OK:
        raise plan_error(status, message.value.decode(), rejected_by.value, op.op_type, p, soc)
    out_shapes = tuple(tuple(dims_out[j * lib.max_dims + d] for d in range(ranks[j])) for j in range(len(op.outputs)))
    all_dtypes = tuple((t.name, given[t.name] if t in op.inputs else out_dtypes[t.name])
                       for t in op.tensors if t.name in given or t in op.outputs)
    return OpPlan(op.name, p, soc, all_dtypes,
                  tuple(None if s is None else tuple(int(d) for d in s) for s in shapes), out_shapes,
                  bytes(tiling[:tiling_bytes.value]), block_dim.value, key.value, workspace.value)


def _ge(dtype: str) -> bytes:
    return ge_dtype(dtype).encode()


def launch_op(plan: OpPlan, inputs: Sequence[np.ndarray | None], outputs: Sequence[np.ndarray], *,
              seed: int = 0) -> SimStats:
    """Run the plan's kernel with `inputs` (C-contiguous, the planned shapes; None for an optional
    input left out) and `outputs` (fresh, the planned shapes), on the plan's SoC."""
    op = specs().op(plan.op)
    lib = library(plan.product.npu_arch)
    name = kernel_entry(op.op_type)
    entry = ctypes.cast(getattr(lib.cdll, name), ctypes.c_void_p).value
    entries = []
    for t, a in [*zip(op.inputs, inputs), *zip(op.outputs, outputs)]:
        entries.append((t.name.encode(), -1 if a is None else a.ndim, None, None,
                        None if a is None else a.ctypes.data, 0 if a is None else a.nbytes))
    stats = Stats()
    message = ctypes.create_string_buffer(MESSAGE_BYTES)
    tiling = (ctypes.c_uint8 * max(len(plan.tiling), 1)).from_buffer_copy(plan.tiling.ljust(1, b"\0"))
    status = lib.cdll.ascend_sim_run_op(
        entry, name.encode(), plan.soc.encode(), seed, ctypes.addressof(tiling), len(plan.tiling), plan.block_dim,
        plan.tiling_key, _tensors(entries), len(op.inputs), len(entries), ctypes.byref(stats), message,
        MESSAGE_BYTES)
    if status != OK:
        raise SimulatorError(message.value.decode())
    units = sum(int(np.prod(s, dtype=np.int64)) for s in plan.output_shapes)
    useful = sum(a.nbytes for a in inputs if a is not None) + sum(a.nbytes for a in outputs)
    return stats_of(stats, mode=plan.mode, output_units=units, rows=0, useful_bytes=useful,
                    unit_bytes=max((a.itemsize for a in outputs), default=1))


def simulate_op(op_name: str, *inputs, product: Product | str | None = None, seed: int = 0, **kwargs):
    """`op_name` on numpy arrays through its generated kernel: (the output, or a tuple of the
    outputs when the op has several, and the kernel's statistics)."""
    op = specs().op(op_name)
    arrays, args, kwargs = bound_tensors(op, inputs, kwargs)
    arrays = [None if a is None else np.asarray(a, order="C") for a in arrays]
    dtypes = {t.name: a.dtype.name for t, a in zip(op.inputs, arrays) if a is not None}
    attrs = reference_attributes(op, kwargs, dtypes)
    check_dtype_rule(op, dtypes, attrs)
    check = data_check(op_name)
    if check is not None:  # the op's rules that read values (the kernel cannot refuse a call)
        check(*arrays, *args, **attrs)
    planned = plan_op(op_name, [None if a is None else a.shape for a in arrays],
                      [None if a is None else a.dtype.name for a in arrays], args, kwargs, product=product)
    dtypes = dict(planned.dtypes)
    outs = [np.empty(shape, dtype=numpy_dtype_named(dtypes[t.name])) for t, shape in zip(op.outputs, planned.output_shapes)]
    stats = launch_op(planned, arrays, outs, seed=seed)
    return (outs[0] if len(outs) == 1 else tuple(outs)), stats


def run_custom(op_name: str, *args, **kwargs):
    """The `sim` CPU backend for a custom op: the call on CPU tensors, for the product chosen for
    them (`sim_product`: else atlas-a2). Its arguments have been checked (runtime/custom_calls.py)."""
    op = specs().op(op_name)
    tensors, attrs, attr_kwargs = bound_tensors(op, args, kwargs)
    arrays = [None if t is None else to_numpy(t.contiguous()) for t in tensors]
    out, _ = simulate_op(op_name, *arrays, *attrs, **attr_kwargs)
    if isinstance(out, tuple):
        return tuple(from_numpy(o) for o in out)
    return from_numpy(out)


__all__ = ["OpPlan", "launch_op", "plan_op", "run_custom", "simulate_op"]
