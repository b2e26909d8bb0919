"""What `ascend-ops-dev bench` measures, read from the `bench:` key of each op's spec: its shape
classes (an input shape that grows with `n`, the op's arguments, and the numpy / torch
expressions a user would write instead) and one call on a tiny tensor.

A shape class builds a workload for a requested output size: the `n` whose output is nearest
to it (the op's own shape rule says how big the output is, no data involved). Every workload
moves float32 data. Kinds and their goals (against a plain memcpy of the same bytes) are in
`GOALS`.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch
from ascend_ops_gen.spec import BENCH_KINDS, BenchClass, BenchTiny, Location, specs

from ascend_ops.runtime.reference_functions import canonical_view

# What each kind of class moves, as the tables print it.
KIND_TITLES = {"contiguous": "contiguous runs", "strided": "short runs / strided",
               "permutation": "permutation"}
# The goals: every class at least BASELINE_GOAL x the best baseline at every size; outputs of
# MEMCPY_GOAL_BYTES and more (large, fresh outputs: where huge pages matter) at least GOALS[kind]
# of warm memcpy's GB/s; a tiny call at most TINY_GOAL x `x[...].clone()`.
GOALS = {"contiguous": 0.85, "strided": 0.6, "permutation": 0.6}
MEMCPY_GOAL_BYTES = 256 << 20
BASELINE_GOAL = 1.0
TINY_GOAL = 2.0
assert set(GOALS) == set(KIND_TITLES) == set(BENCH_KINDS)

DTYPE = torch.float32
ELEMENT_BYTES = 4


class BenchSpecError(RuntimeError):
    """An expression of a spec's `bench:` key failed; the message names its line."""


@dataclass(frozen=True)
class Workload:
    """One call of an op, and the same result computed the ways a user would otherwise."""

    x: torch.Tensor
    args: tuple
    kwargs: dict
    output_shape: tuple[int, ...]
    baselines: dict[str, Callable[[], object]] = field(default_factory=dict)

    @property
    def output_bytes(self) -> int:
        return math.prod(self.output_shape) * ELEMENT_BYTES

    def describe(self) -> str:
        return f"{list(self.x.shape)} -> {list(self.output_shape)}"


def _call_kwargs(args: tuple[tuple[str, object], ...]) -> dict:
    """Spec arguments (frozen to tuples) as the op is called with them."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in args}


_GLOBALS = {"__builtins__": {}, "np": np, "torch": torch}


def _evaluate(expression: str, names: dict, loc: Location) -> object:
    try:
        return eval(expression, _GLOBALS, names)  # noqa: S307
    except Exception as e:
        raise BenchSpecError(f"{loc}: bench expression {expression!r} failed: "
                             f"{type(e).__name__}: {e}") from None


def _function(expression: str, names: dict, loc: Location) -> Callable[[], object]:
    """`expression` as the function a user would time: parsed and bound to `names` once here, so
    a call runs the expression's own code and nothing else (`_evaluate` per call would time the
    parser too). Its traceback's file is the spec line."""
    params = tuple(names)
    try:
        code = compile(f"lambda {', '.join(params)}: ({expression})", str(loc), "eval")
    except SyntaxError as e:
        raise BenchSpecError(f"{loc}: bench expression {expression!r} failed: "
                             f"{type(e).__name__}: {e}") from None
    return functools.partial(eval(code, _GLOBALS), *(names[p] for p in params))  # noqa: S307


def _data(*shape: int) -> torch.Tensor:
    return torch.empty(shape, dtype=DTYPE).uniform_(-1.0, 1.0)


@dataclass(frozen=True)
class ShapeClass:
    op: str
    spec: BenchClass

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def kwargs(self) -> dict:
        """The op's keyword arguments for this class."""
        return _call_kwargs(self.spec.args)

    def input_shape(self, n: int) -> tuple[int, ...]:
        return tuple(d if isinstance(d, int) else int(_evaluate(d, {"n": n}, self.spec.loc))
                     for d in self.spec.input)

    def output_elements(self, n: int) -> int:
        canonical = canonical_view(self.op, self.input_shape(n), lambda: np.dtype(np.float32),
                                   (), _call_kwargs(self.spec.args))
        return math.prod(canonical.output_shape)

    def n_for(self, elements: int) -> int:
        """The n >= 1 whose output has the number of elements nearest to `elements`."""
        low, high = 1, 1
        while self.output_elements(high) < elements:
            low, high = high, high * 2
        while high - low > 1:  # output_elements(low) < elements <= output_elements(high)
            mid = (low + high) // 2
            if self.output_elements(mid) < elements:
                low = mid
            else:
                high = mid
        return min((low, high), key=lambda k: abs(self.output_elements(k) - elements))

    def build(self, elements: int) -> Workload:
        """The workload whose output is nearest to `elements` float32 elements."""
        n = self.n_for(elements)
        x = _data(*self.input_shape(n))
        names = {"x": x, "a": x.numpy(), "n": n}
        baselines = {name: _function(expr, names, self.spec.loc) for name, expr in self.spec.baselines}
        kwargs = _call_kwargs(self.spec.args)
        shape = tuple(canonical_view(self.op, tuple(x.shape), lambda: np.dtype(np.float32), (),
                                     kwargs).output_shape)
        return Workload(x, (), kwargs, shape, baselines)


def shape_classes(ops: tuple[str, ...] | None = None) -> tuple[ShapeClass, ...]:
    """Every op's shape classes (only `ops`' when given), in spec order."""
    return tuple(ShapeClass(op.name, c) for op in specs().ops
                 if op.bench is not None and (ops is None or op.name in ops)
                 for c in op.bench.classes)


# --- tiny tensors: per-call overhead ------------------------------------------------------------

@dataclass(frozen=True)
class TinyCall:
    op: str
    spec: BenchTiny
    x: torch.Tensor
    kwargs: dict
    # The same result (or the same bytes) by the spec's `x[...].clone()` expression, as a direct
    # call (`_function`).
    clone: Callable[[], torch.Tensor]

    @property
    def text(self) -> str:
        """The call, as a user would write it."""
        args = ", ".join(f"{k}={v}" for k, v in self.kwargs.items())
        return f"{self.op}(x{list(self.x.shape)}, {args})"

    @property
    def clone_text(self) -> str:
        return self.spec.clone


def _tiny_call(op_name: str, tiny: BenchTiny) -> TinyCall:
    x = _data(*tiny.input)
    return TinyCall(op_name, tiny, x, _call_kwargs(tiny.args), _function(tiny.clone, {"x": x}, tiny.loc))


def tiny_calls(ops: tuple[str, ...] | None = None) -> tuple[TinyCall, ...]:
    return tuple(_tiny_call(op.name, op.bench.tiny) for op in specs().ops
                 if op.bench is not None and (ops is None or op.name in ops))


def as_numpy(result: object) -> np.ndarray:
    """A baseline's or the op's result as a numpy array, for the equality check."""
    if isinstance(result, torch.Tensor):
        return result.numpy()
    return np.asarray(result)
