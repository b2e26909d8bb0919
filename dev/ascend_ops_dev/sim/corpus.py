"""The verification corpus: every op x product line x dtype the product supports x the op's
cases, each run through the generated kernel on the simulator and compared bit for bit (integer
views) with cpu_reference.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

import cpu_reference
from ascend_ops_gen.spec import (Draw, DrawKind, Example, Formula, LargeSize, OpSpec, Product, RandomCases,
                                 TensorInput, example_input_shape, specs)

from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops.sim.runner import SimStats, SimulatorError, simulate, simulate_gradient
from ascend_ops.tools.examples import example_dtypes

# Each op's cases live in its spec (`corpus:` in op_specs/<op>.yaml, documented in
# op_specs/README.md); this module only turns them into calls. They cover 0-d up to 8-d inputs,
# shapes whose dims all differ, size-1 dims, empty results, negative strides, byte lengths that
# are not multiples of 32, and tensors far larger than UB (sized in bytes, so every element size
# splits into tiles and over every core). Each op has one `large contiguous` case: a copy the DMA
# can do in long bursts, which must reach >= 95% DMA efficiency on every core of the product.
# `quick` cases are the subset pytest runs. An op whose spec has no `corpus:` runs its worked
# examples. A custom op (kind: custom) runs its worked examples and its `corpus:` cases (each
# input's shape, random data or integers drawn from a range) for every dtype combination of every
# product line, every output compared bit for bit. A gradient op (`SpecSet.kernel_ops()`) runs its
# view op's cases backwards (`_gradient_cases`): `shape` is the forward case's input shape and dy
# has the shape of the forward's result.

LARGE_BYTES = 6 << 20        # large cases of the full corpus: > 24x the UB of any product
QUICK_LARGE_BYTES = 3 << 19  # large cases of the quick corpus: 1.5 MiB, still > 4x UB


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
    # A custom op's case: its inputs as TensorInputs (random data), or the worked example whose
    # values they are.
    tensors: tuple[TensorInput, ...] = ()
    example: Example | None = None

    def call_text(self) -> str:
        keywords = [f"{k}={v!r}" for k, v in self.kwargs]
        args = [repr(a) for a in self.args] + keywords
        if specs().kernel_op(self.op).forward is not None:  # shape, the view's attributes, dy
            dy = [f"dy[{specs().kernel_op(self.op).forward} of x{list(self.shape)}]"]
            return f"{self.op}({', '.join(args[:len(self.args)] + dy + keywords)})"
        if self.tensors or self.example is not None:
            shapes = [f"{t.name}{list(t.shape)}" for t in self.tensors] or \
                [f"{name}{list(example_input_shape(value))}" for name, value in self.example.inputs]
            return f"{self.op}({', '.join(shapes + args)})"
        return f"{self.op}(x{list(self.shape)}, {', '.join(args)})"


def op_cases(op: str, elem_bytes: int, *, quick: bool = False) -> list[Case]:
    """The cases of `op` for elements of `elem_bytes`: its spec's `corpus` (large cases sized in
    bytes, then the line cases), or, for an op whose spec has none, its worked examples."""
    spec = specs().kernel_op(op)
    if spec.forward is not None:
        return _gradient_cases(spec, op_cases(spec.forward, elem_bytes, quick=quick))
    if spec.is_custom:
        return _custom_cases(spec, quick)
    if spec.corpus is None:
        cases = [_case(spec, ex.name, example_input_shape(ex.input), ex.args, quick=True)
                 for ex in spec.examples]
    else:
        elements = (QUICK_LARGE_BYTES if quick else LARGE_BYTES) // elem_bytes
        cases = [_case(spec, c.name, _sized(c.shape, elements),
                       tuple((k, _sized(v, elements)) for k, v in c.args), quick=c.quick,
                       large_contiguous=c.large_contiguous, dtype=c.dtype)
                 for c in spec.corpus.cases]
        if spec.corpus.line_cases is not None:
            cases += _line_cases(spec, spec.corpus.line_cases, elem_bytes)
    return [c for c in cases if c.quick] if quick else cases


def _case(spec: OpSpec, label: str, shape, named_args, **flags) -> Case:
    """A call with the arguments by name, passed as the op's signature takes them: the
    positional attributes up to the last one given, then the keyword-only ones given."""
    named = dict(named_args)
    positional = [a for a in spec.attributes if not a.keyword_only]
    given = [i for i, a in enumerate(positional) if a.name in named]
    args = tuple(_plain(named.get(a.name, a.default))
                 for a in positional[:given[-1] + 1 if given else 0])
    kwargs = tuple((a.name, _plain(named[a.name])) for a in spec.attributes
                   if a.keyword_only and a.name in named)
    return Case(spec.name, label, tuple(shape), args, kwargs, **flags)


def _gradient_cases(spec: OpSpec, forward_cases: list[Case]) -> list[Case]:
    """The gradient op `spec`'s cases: one per case of its view op, `shape` its input shape and
    every positional attribute given (the defaults filled in), as dy comes after them."""
    positional = [a for a in specs().op(spec.forward).attributes if not a.keyword_only]
    return [dataclasses.replace(
        c, op=spec.name, args=(list(c.shape), *c.args, *(_plain(a.default) for a in positional[len(c.args):])))
        for c in forward_cases]


def _plain(value):
    """Spec values as a caller writes them: lists, ints, strings."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _sized(value, elements: int):
    """A shape or argument with every `LargeSize` in it resolved for `elements`."""
    if isinstance(value, tuple):
        return tuple(_sized(v, elements) for v in value)
    return value.size(elements) if isinstance(value, LargeSize) else value


def _custom_cases(spec: OpSpec, quick: bool) -> list[Case]:
    """A custom op's worked examples (all quick), then its corpus cases."""
    cases = [_case(spec, ex.name, example_input_shape(dict(ex.inputs)[spec.inputs[0].name]), ex.args, quick=True,
                   example=ex) for ex in spec.examples]
    for c in spec.corpus.tensor_cases if spec.corpus is not None else ():
        cases.append(_case(spec, c.name, c.inputs[0].shape, c.args, quick=c.quick, tensors=c.inputs))
    return [c for c in cases if c.quick] if quick else cases


LINE_SEEDS = (11, 12, 13)  # the quick corpus runs the first
LINE_BYTES = 64            # data cache line (products.yaml data_cache_line_bytes)


def _line_cases(spec: OpSpec, line_cases: RandomCases, elem_bytes: int) -> list[Case]:
    """One case per seed, drawn as the spec's `line_cases` says: shapes whose row, piece, tile
    and core boundaries fall inside 64-byte lines (rows that are no multiple of a line, outputs
    of a few KiB spread over several cores, so neighbouring cores and tiles share lines)."""
    out = []
    for seed in LINE_SEEDS:
        rng = np.random.default_rng(seed)
        drawn = {d.name: _draw(rng, d, elem_bytes) for d in line_cases.draws}
        shape = dict(line_cases.shapes)[drawn[line_cases.shape_by] if line_cases.shape_by else None]
        args = tuple((name, _evaluated(value, drawn)) for name, value in line_cases.args)
        out.append(_case(spec, f"lines in boundaries (seed {seed})", _evaluated(shape, drawn),
                         args, quick=seed == LINE_SEEDS[0]))
    return out


def _draw(rng: np.random.Generator, draw: Draw, elem_bytes: int):
    if draw.kind is DrawKind.CHOICE:
        return draw.values[int(rng.choice(len(draw.values)))]
    if draw.kind is DrawKind.BETWEEN:
        return int(rng.integers(*draw.values))
    low, high = (int(lines * LINE_BYTES) for lines in draw.values)  # ROW_LINES
    return (int(rng.integers(low, high)) | 1) // elem_bytes + 1  # an odd byte count, as elements


def _evaluated(value, drawn: dict):
    if isinstance(value, tuple):
        return tuple(_evaluated(v, drawn) for v in value)
    return value.evaluate(drawn) if isinstance(value, Formula) else value


@dataclass(frozen=True)
class Run:
    """One case of one op on one product with one dtype."""

    case: Case
    product: Product
    dtype: str
    dtypes: tuple[tuple[str, str], ...] = ()  # a custom op's dtype combination (every tensor's)

    @property
    def label(self) -> str:
        dtype = ", ".join(f"{n} {d}" for n, d in self.dtypes) if self.dtypes else self.dtype
        return f"{self.case.op} on {self.product.key} ({self.product.simulated_soc}), " \
               f"{dtype}: {self.case.label}: {self.case.call_text()}"


def runs(*, ops: tuple[str, ...] | None = None, products: tuple[Product, ...] | None = None,
         quick: bool = False) -> list[Run]:
    """Every op x product x dtype the product supports x case, in spec order."""
    out = []
    for op in specs().kernel_ops():
        if ops is not None and op.name not in ops:
            continue
        for p in products if products is not None else specs().products:
            if op.is_custom:  # every combination; a worked example in its own only (its values are its dtype's)
                out += [Run(case, p, combination[0][1], combination) for combination in op.combinations(p)
                        for case in op_cases(op.name, 1, quick=quick)
                        if case.example is None or dict(combination) == example_dtypes(op, case.example)]
                continue
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


def custom_inputs(run: Run, seed: int) -> list[np.ndarray | None]:
    """The inputs of a custom op's run, in spec order: its example's values in the run's dtypes, or
    random data (integers of an input's range; finite floats with a -0.0; random bits otherwise)."""
    op = specs().op(run.case.op)
    dtypes = dict(run.dtypes)
    if run.case.example is not None:
        values = dict(run.case.example.inputs)
        return [_example_array(values[t.name], dtypes[t.name]) if t.name in values else None for t in op.inputs]
    given = {t.name: t for t in run.case.tensors}
    out = []
    for k, t in enumerate(op.inputs):
        spec = given.get(t.name)
        out.append(None if spec is None else tensor_array(spec.shape, dtypes[t.name], seed + k, spec.between))
    return out


def _numpy_dtype(dtype: str) -> np.dtype:
    return np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)


def _example_array(value, dtype: str) -> np.ndarray:
    if isinstance(value, dict):
        (kind, shape), = value.items()
        count = int(np.prod(shape, dtype=np.int64))
        start = 1 if kind == "arange_from_1" else 0
        return np.arange(start, start + count).reshape(shape).astype(_numpy_dtype(dtype))
    return np.array(value, dtype=np.float64 if _numpy_dtype(dtype).kind in "fV" else None).astype(_numpy_dtype(dtype))


def tensor_array(shape: tuple[int, ...], dtype: str, seed: int, between: tuple[int, int] | None) -> np.ndarray:
    """An input of a custom op's corpus case: integers in [low, high) with `between`; else finite
    floats over many exponents (the first a -0.0), or random bits of an integer dtype."""
    np_dtype = _numpy_dtype(dtype)
    count = int(np.prod(shape, dtype=np.int64))
    rng = np.random.default_rng(seed)
    if between is not None:
        return rng.integers(between[0], between[1], count).astype(np_dtype).reshape(shape)
    if np_dtype.kind not in "fV":
        return input_array(shape, dtype, seed)
    values = rng.standard_normal(count) * np.exp2(rng.integers(-12, 12, count))
    if count:
        values[0] = -0.0
    return values.astype(np_dtype).reshape(shape)


def _check_custom(run: Run, seed: int) -> Outcome:
    from ascend_ops.sim.custom_runner import simulate_op

    case = run.case
    inputs = custom_inputs(run, seed)
    kwargs = dict(case.kwargs)
    try:
        expected = getattr(cpu_reference, case.op)(*inputs, *case.args, **kwargs)
    except OpArgumentError as e:
        return Outcome(run, f"the corpus case is invalid: cpu_reference raised {e}", None)
    try:
        got, stats = simulate_op(case.op, *inputs, *case.args, product=run.product, seed=seed, **kwargs)
    except (OpArgumentError, SimulatorError) as e:
        return Outcome(run, f"{type(e).__name__}: {e}", None)
    got = got if isinstance(got, tuple) else (got,)
    expected = expected if isinstance(expected, tuple) else (expected,)
    for name, g, e in zip((t.name for t in specs().op(case.op).outputs), got, expected):
        e = np.asarray(e)
        if g.shape != e.shape or g.dtype != e.dtype:
            return Outcome(run, f"{name}: shape {g.shape} {g.dtype}, reference {e.shape} {e.dtype}", stats)
        if not np.array_equal(bits(g), bits(e)):
            first = int(np.argmax(bits(g).reshape(-1) != bits(e).reshape(-1)))
            return Outcome(run, f"{name}: bits differ from cpu_reference, first at flat element {first}", stats)
    return Outcome(run, None, stats)


def gradient_shape(case: Case) -> tuple[int, ...]:
    """The shape of dy in a gradient op's case: its view op's result on an input of `shape`."""
    forward = specs().kernel_op(case.op).forward
    x = np.zeros(case.shape, np.uint8)
    return getattr(cpu_reference, forward)(x, *case.args[1:], **dict(case.kwargs)).shape


def gradient_input(case: Case, dtype: str, seed: int) -> np.ndarray:
    """dy of a gradient op's case: random bits (input_array) of gradient_shape."""
    return input_array(gradient_shape(case), dtype, seed)


def check(run: Run, seed: int = 0) -> Outcome:
    """Runs one case on the simulator and compares it with cpu_reference."""
    if run.dtypes:
        return _check_custom(run, seed)
    case = run.case
    kwargs = dict(case.kwargs)
    gradient = specs().kernel_op(case.op).forward is not None
    try:
        if gradient:  # the op's inputs: `shape`, the view op's attributes, dy
            x = gradient_input(case, run.dtype, seed)
            call, launch = (*case.args, x), simulate_gradient
        else:
            x = input_array(case.shape, run.dtype, seed)
            call, launch = (x, *case.args), simulate
        expected = getattr(cpu_reference, case.op)(*call, **kwargs)
    except OpArgumentError as e:
        return Outcome(run, f"the corpus case is invalid: cpu_reference raised {e}", None)
    try:
        got, stats = launch(case.op, *call, product=run.product, seed=seed, **kwargs)
    except (OpArgumentError, SimulatorError) as e:
        return Outcome(run, f"{type(e).__name__}: {e}", None)
    if got.shape != expected.shape:
        return Outcome(run, f"shape {got.shape}, reference {expected.shape}", stats)
    if not np.array_equal(bits(got), bits(expected)):
        first = int(np.argmax(bits(got).reshape(-1) != bits(expected).reshape(-1)))
        return Outcome(run, f"bits differ from cpu_reference, first at flat element {first}",
                       stats)
    return Outcome(run, None, stats)
