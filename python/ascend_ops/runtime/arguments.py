"""Every op argument checked against its spec's declared type before torch's schema parser sees it.

torch's parser raises a bare `RuntimeError` for a wrong type and quietly turns `True` or a 0-d
tensor into an int, while `cpu_reference` rejects both. So each call is bound to the spec's
signature and every attribute goes through the reference's own checks (`cpu_reference.arguments`:
one rule set for both paths), chosen by the attribute's spec type. What reaches torch is then plain
Python ints, lists of ints and strings.

`torch.ops.ascend_ops.<op>` checks the same way: its packet is an `OpPacket`. The overloads
(`torch.ops.ascend_ops.<op>.default`) are torch's own and keep torch's parser.
"""
from __future__ import annotations

import difflib
import inspect
import math
from collections.abc import Callable

import torch

from cpu_reference import arguments as rules
from cpu_reference.errors import OpArgumentError, OpTypeError
from ascend_ops_gen.schema import flat_rows, python_signature
from ascend_ops_gen.spec import AttrType, OpSpec

from .dtypes import numpy_dtype
from .errors import naming_op
from .torch_private import OpOverloadPacket, packet_arguments, packet_op

# Nominal bytes (elements x element size, whatever the strides) above which no numpy view exists.
MAX_NOMINAL_BYTES = 2**63 - 1


def _integer(name: str, value: object) -> object:
    # Under torch.compile with dynamic shapes an int argument may arrive as a SymInt: it is an
    # integer by construction, and int() on it would specialise the graph.
    return value if isinstance(value, torch.SymInt) else rules.integer(name, value)


def _index_list(name: str, values: object) -> list:
    if isinstance(values, (list, tuple)) and any(isinstance(v, torch.SymInt) for v in values):
        return [_integer(f"{name}[{i}]", v) for i, v in enumerate(values)]
    return list(rules.index_vector(name, values))


_ATTRIBUTE_RULES: dict[AttrType, Callable[[str, object], object]] = {
    AttrType.INT: _integer,
    AttrType.INT_LIST: _index_list,
    AttrType.OPTIONAL_INT_LIST: lambda name, value: None if value is None else _index_list(name, value),
    AttrType.STR: rules.string,
    AttrType.FLOAT: lambda name, value: value if isinstance(value, torch.SymFloat) else rules.real_number(name, value),
}


def attribute_rule(attr) -> Callable[[str, object], object]:
    """The check of one attribute's value; an int[][] leaves it flattened, as its schema carries it."""
    if attr.type is AttrType.INT_ROWS:
        return lambda name, value: flat_rows(rules.int_rows(name, value, attr.inner))
    return _ATTRIBUTE_RULES[attr.type]


def tensor_kind(x: torch.Tensor) -> str | None:
    """None for a strided (dense) tensor, the only kind the ops move; else what kind it is:
    nested, a sparse or mkldnn layout, or quantized."""
    if x.is_nested:
        return "nested"
    if x.layout != torch.strided:
        return f"{str(x.layout).removeprefix('torch.').lstrip('_')} (layout {x.layout})"
    if x.is_quantized:
        return f"quantized ({x.qscheme()}, dtype {x.dtype})"
    return None


_CONVERSIONS = {"nested": "torch.nested.to_padded_tensor(x, 0)", "quantized": "x.dequantize() or x.int_repr()",
                "mkldnn": "x.to_dense()"}


def check_kind(op: OpSpec, name: str, x: torch.Tensor) -> None:
    """OpTypeError naming the kind of a tensor that is not strided (`tensor_kind`)."""
    kind = tensor_kind(x)
    if kind is not None:
        convert = _CONVERSIONS.get(kind.split()[0], _CONVERSIONS["mkldnn"])
        raise OpTypeError(f"{op.name}: {name} is a {kind} tensor; ascend_ops moves strided "
                          f"(dense) tensors only: convert it first ({convert})")


def check_input(op: OpSpec, name: str, x: object) -> torch.Tensor:
    """The tensor argument: a strided torch.Tensor of a movable dtype, of a rank and size numpy
    can view."""
    if not isinstance(x, torch.Tensor):
        raise OpTypeError(f"{op.name}: {name} must be a torch.Tensor, got {type(x).__name__}; "
                          f"for numpy arrays use cpu_reference.{op.name}")
    check_kind(op, name, x)
    try:
        numpy_dtype(x.dtype)
    except TypeError:
        raise OpTypeError(
            f"{op.name}: {name} has dtype {x.dtype}, which ascend_ops cannot move: supported are "
            "the fixed-size dtypes bool, (u)int8/16/32/64, float16/32/64, bfloat16, complex64/128 "
            "and the float8 types") from None
    if op.max_rank is not None:
        rules.check_rank(name, x.dim(), op.max_rank, f"{op.name}'s max_rank in {op.file}")
    rules.check_rank(name, x.dim())
    nominal = math.prod(x.shape) * x.element_size()
    if nominal > MAX_NOMINAL_BYTES:
        raise OpArgumentError(f"{op.name}: {name} spans {nominal} bytes ({math.prod(x.shape)} "
                              f"elements of {x.element_size()} bytes): at most 2**63 - 1 are supported")
    return x


class CallChecker:
    """Binds a call to `op`'s signature and checks every argument; returns torch-ready arguments."""

    def __init__(self, op: OpSpec):
        self.op = op
        self.signature: inspect.Signature = python_signature(op)
        self.input_names = tuple(t.name for t in op.inputs)
        self.optional_inputs = frozenset(t.name for t in op.inputs if t.optional)
        self.attribute_rules = tuple((a.name, attribute_rule(a)) for a in op.attributes)
        self.keyword_only = frozenset(a.name for a in op.attributes if a.keyword_only)

    def __call__(self, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
        unknown = [k for k in kwargs if k not in self.signature.parameters]
        if unknown:  # named first: a misspelt keyword would otherwise read as a missing argument
            near = {k: difflib.get_close_matches(k, self.signature.parameters, n=1) for k in unknown}
            hints = "; ".join(f"{k!r}" + (f" (did you mean {near[k][0]!r}?)" if near[k] else "") for k in unknown)
            plural = "s" if len(unknown) > 1 else ""
            raise TypeError(f"{self.op.name}{self.signature}: unknown keyword argument{plural} {hints}")
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.op.name}{self.signature}: {e}") from None
        bound.apply_defaults()
        values = bound.arguments
        for name in self.input_names:
            if values[name] is None and name in self.optional_inputs:
                continue  # an optional input left out
            check_input(self.op, name, values[name])
        for name, rule in self.attribute_rules:
            try:
                values[name] = rule(name, values[name])
            except OpArgumentError as e:  # the reference's message, with the op it is about
                raise naming_op(e, self.op.name) from None
        positional = tuple(v for k, v in values.items() if k not in self.keyword_only)
        named = {k: values[k] for k in self.keyword_only}
        return positional, named


class OpPacket(OpOverloadPacket):
    """`torch.ops.ascend_ops.<op>`: the spec's checks before torch's parser, and the compiled fast
    call first when there is one (`use_fast_call`). An argument error leaves it named for the op
    (`naming_op`), raised from here: the frames of the checks and of torch's dispatcher below are
    not the caller's business.

    The package's namespace (ascend_ops/registration.py) builds one for each op from the packet
    torch built (`packet_arguments`), so it is everything torch's is (overloads, schema, what
    torch.compile traces) and one object for the process; nothing of torch's is changed."""

    def __init__(self, torch_packet: OpOverloadPacket, op: OpSpec):
        super().__init__(*packet_arguments(torch_packet))
        self.__module__ = torch_packet.__module__
        self._ascend_ops_checker = CallChecker(op)
        self._ascend_ops_call = packet_op(self)
        self._ascend_ops_fast: Callable | None = None

    def use_fast_call(self, fast: Callable | None) -> None:
        """`fast(args, kwargs)` (the compiled kernel's entry: its output, or None for a call it
        leaves to the checked path) is tried first from now on; None turns it off."""
        self._ascend_ops_fast = fast

    @property
    def fast_call(self) -> Callable | None:
        return self._ascend_ops_fast

    @property
    def op_spec(self) -> OpSpec:
        return self._ascend_ops_checker.op

    def __call__(self, /, *args, **kwargs):
        try:
            fast = self._ascend_ops_fast
            if fast is not None and not _is_compiling():
                out = fast(args, kwargs)
                if out is not None:
                    return out
            args, kwargs = self._ascend_ops_checker(args, kwargs)
            return self._ascend_ops_call(*args, **kwargs)
        except OpArgumentError as e:
            raise naming_op(e, self._ascend_ops_checker.op.name) from None


_is_compiling = torch.compiler.is_compiling
