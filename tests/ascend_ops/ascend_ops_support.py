"""Shared helpers of the ascend_ops tests: random bits, integer views, example inputs, and the
argument sets every op is checked on (each shape's dims all differ)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import ml_dtypes
import numpy as np
import torch
from ascend_ops_gen.spec import AttrType, specs

OP_NAMES = tuple(op.name for op in specs().ops)
# The view ops that read (kind: view, no fill): the ops the tests over CASES, views, the native copy,
# ONNX and autograd cover. Custom ops (kind: custom) and filling view ops (`fill:`) have their own
# tests (tests/walkthrough/test_custom_ops.py and test_filling_view_op.py add some to a copy of the
# project and run these files there).
VIEW_OP_NAMES = tuple(op.name for op in specs().ops if op.reads_a_view)

# The spec vocabulary (op_specs/products.yaml dtypes).
SPEC_DTYPES = ("float16", "float32", "bfloat16", "int8", "uint8", "int16", "int32", "int64",
               "uint32", "bool")
# Fixed-size dtypes outside the vocabulary that the CPU path must accept with no product active.
EXTRA_DTYPES = ("float64", "uint16", "uint64", "complex64", "complex128", "float8_e4m3fn",
                "float8_e5m2")

_SAME_SIZE_INT = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}
_NUMPY_VIA_INT = {torch.bfloat16: ml_dtypes.bfloat16, torch.float8_e4m3fn: ml_dtypes.float8_e4m3fn,
                  torch.float8_e5m2: ml_dtypes.float8_e5m2}


def torch_dtype(name: str) -> torch.dtype:
    return getattr(torch, name)


def int_dtype(dtype: torch.dtype) -> torch.dtype:
    """A signed integer dtype of the same element size (complex: of half the size)."""
    size = dtype.itemsize // 2 if dtype.is_complex else dtype.itemsize
    return _SAME_SIZE_INT[size]


def bits(t: torch.Tensor) -> torch.Tensor:
    """The raw bits of `t` as integers (bool as its bytes)."""
    t = t.detach().contiguous()
    if t.dtype.is_complex:
        t = torch.view_as_real(t)
        return t.view(int_dtype(t.dtype))
    return t.view(int_dtype(t.dtype))


def np_bits(a: np.ndarray) -> np.ndarray:
    a = np.array(a, order="C")  # (ascontiguousarray would make a 0-d array 1-d)
    if a.dtype.kind == "c":  # (real, imaginary) bits on a last axis of 2, like view_as_real
        return a.reshape(-1).view(np.dtype(f"i{a.dtype.itemsize // 2}")).reshape(*a.shape, 2)
    return a.view(np.dtype(f"i{a.dtype.itemsize}"))


def numpy_view(t: torch.Tensor) -> np.ndarray:
    """A numpy array of `t`'s elements, written here independently of ascend_ops.runtime.dtypes."""
    t = t.detach()
    if t.dtype in _NUMPY_VIA_INT:
        return t.view(int_dtype(t.dtype)).numpy().view(_NUMPY_VIA_INT[t.dtype])
    return t.numpy()


def assert_same_bits(actual: torch.Tensor, expected: torch.Tensor | np.ndarray) -> None:
    """Same shape, same dtype size and the very same bits, element by element."""
    if isinstance(expected, np.ndarray):
        assert tuple(actual.shape) == expected.shape, (tuple(actual.shape), expected.shape)
        assert actual.element_size() == expected.dtype.itemsize
        np.testing.assert_array_equal(bits(actual).numpy(), np_bits(expected))
        return
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert torch.equal(bits(actual), bits(expected))


# Bit patterns every floating input should contain (they survive only a pure bit copy).
_SPECIAL_BITS = {
    2: [0x8000, 0x0001, 0x03FF, 0x7E01, 0xFE2A, 0x7C00, 0x7FFF],            # fp16/bf16 alike
    4: [0x80000000, 0x00000001, 0x007FFFFF, 0x7FC12345, 0xFFA00001, 0x7F800000],
    8: [0x8000000000000000, 0x0000000000000001, 0x7FF0000000000001, 0x7FF8DEADBEEF0001],
    1: [0x80, 0x01, 0x7F, 0xFF],
}


def _signed(value: int, size: int) -> int:
    return value - (1 << (8 * size)) if value >= 1 << (8 * size - 1) else value


def random_tensor(shape, dtype: torch.dtype, seed: int = 0) -> torch.Tensor:
    """A tensor of random bits: every bit pattern may appear (NaN payloads, -0.0, subnormals),
    and for floating dtypes the special patterns above certainly do."""
    g = torch.Generator().manual_seed(seed)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=g, dtype=torch.uint8).bool()
    if dtype.is_complex:
        real = random_tensor((*shape, 2), torch.float32 if dtype == torch.complex64
                             else torch.float64, seed)
        return torch.view_as_complex(real)
    idt = int_dtype(dtype)
    info = torch.iinfo(idt)
    raw = torch.randint(info.min, info.max, shape, generator=g, dtype=idt)
    flat = raw.view(-1)
    if dtype.is_floating_point and flat.numel() >= 8:
        specials = _SPECIAL_BITS[dtype.itemsize]
        for k, pattern in enumerate(specials):
            flat[(k * 7 + 3) % flat.numel()] = _signed(pattern, dtype.itemsize)
    return raw.view(dtype)


def example_input(value: Any, dtype_name: str) -> torch.Tensor:
    """A spec example's input: nested lists, `{arange: shape}` or `{arange_from_1: shape}`."""
    dtype = torch_dtype(dtype_name)
    if isinstance(value, dict):
        (kind, shape), = value.items()
        start = 1 if kind == "arange_from_1" else 0
        return (torch.arange(math.prod(shape), dtype=torch.float64) + start).reshape(
            tuple(shape)).to(dtype)
    return torch.tensor(_lists(value), dtype=dtype)


def _tensor_dtype(op, example, name: str) -> str:
    """A custom op's example: the dtype of its tensor `name` (the first input's is the example's
    `dtype`, the others' that of the tensor whose dtypes they share)."""
    owner = op.dtype_owner(name)
    return example.dtype if owner is op.inputs[0] else dict(example.dtypes)[owner.name]


def example_tensors(op_name: str, example) -> list:
    """A spec example's (or error example's) inputs in the op's order: its one input (a view op), or
    each of a custom op's inputs in its dtype (None for an optional input it leaves out)."""
    op = specs().op(op_name)
    if not op.is_custom:
        return [example_input(example.input, example.dtype)]
    values = dict(example.inputs)
    return [example_input(values[t.name], _tensor_dtype(op, example, t.name)) if t.name in values else None
            for t in op.inputs]


def example_output_dtype(op_name: str, example) -> torch.dtype:
    """The dtype of an example's (first) output: its input's (a view op), or the output's own."""
    op = specs().op(op_name)
    return torch_dtype(_tensor_dtype(op, example, op.outputs[0].name) if op.is_custom else example.dtype)


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, (list, tuple)) else value


def tf_encode(index) -> tuple[list[int], list[int], list[int], dict[str, int]]:
    """A Python index as TensorFlow's `_slice_helper` encodes it: begin, end, strides, masks."""
    if not isinstance(index, tuple):
        index = (index,)
    begin, end, strides = [], [], []
    masks = dict.fromkeys(("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                           "shrink_axis_mask"), 0)
    for i, item in enumerate(index):
        bit = 1 << i
        if isinstance(item, slice):
            begin.append(0 if item.start is None else item.start)
            end.append(0 if item.stop is None else item.stop)
            strides.append(1 if item.step is None else item.step)
            if item.start is None:
                masks["begin_mask"] |= bit
            if item.stop is None:
                masks["end_mask"] |= bit
        elif item is Ellipsis:
            begin.append(0), end.append(0), strides.append(1)
            masks["ellipsis_mask"] |= bit
        elif item is None:
            begin.append(0), end.append(0), strides.append(1)
            masks["new_axis_mask"] |= bit
        else:
            begin.append(item), end.append(item + 1), strides.append(1)
            masks["shrink_axis_mask"] |= bit
    return begin, end, strides, masks


@dataclass(frozen=True)
class Case:
    """One call of an op: input shape, positional attributes and keyword-only attributes."""

    op: str
    id: str
    shape: tuple[int, ...]
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    int8_only: bool = False  # NCHW_VECT_C

    def __hash__(self) -> int:
        return hash((self.op, self.id))


def grad_args(case: Case) -> tuple:
    """The case's positional attributes, each one given (defaults filled in): what its gradient
    op takes between `shape` and `dy` (`strided_slice_grad(shape, begin, end, strides, dy)`)."""
    positional = [a for a in specs().op(case.op).attributes if not a.keyword_only]
    return tuple(case.args) + tuple(a.default for a in positional[len(case.args):])


def strided_slice_case(id: str, shape, index) -> Case:
    begin, end, strides, masks = tf_encode(index)
    return Case("strided_slice", id, shape, (begin, end, strides), masks)


CASES: tuple[Case, ...] = (
    strided_slice_case("steps", (5, 6, 7), (slice(1, 4, 2), slice(None, None, -2), 3)),
    strided_slice_case("new_axis_ellipsis_reverse", (5, 6, 7), (None, Ellipsis, slice(5, 1, -1))),
    strided_slice_case("shrink_new_reverse", (5, 6, 7), (-1, None, slice(2, None), slice(None, -3, -1))),
    strided_slice_case("clamped", (5, 6, 7), (slice(-100, 100), slice(9, -9, -1), slice(1, None, 3))),
    strided_slice_case("empty", (5, 6, 7), (slice(3, 1), slice(None), slice(0, 7, 2))),
    strided_slice_case("empty_reverse", (5, 6, 7), (slice(1, 3, -1), Ellipsis)),
    strided_slice_case("to_0d", (7,), (2,)),
    Case("slice", "block", (5, 6, 7), ([1, -4, 0], [3, -1, 7])),
    Case("slice", "identity", (5, 6, 7), ([0, 0, 0], [-1, -1, -1])),
    Case("slice", "single", (5, 6, 7), ([4, 5, 6], [1, 1, 1])),
    Case("slice", "0d", (), ([], [])),
    Case("depth_to_space", "nhwc_dcr", (2, 3, 5, 12), (2,)),
    Case("depth_to_space", "nhwc_crd", (2, 3, 5, 12), (2,), {"mode": "CRD"}),
    Case("depth_to_space", "nchw_dcr", (2, 12, 3, 5), (2,), {"data_format": "NCHW"}),
    Case("depth_to_space", "nchw_crd_bs3", (2, 18, 3, 5), (3,), {"data_format": "NCHW", "mode": "CRD"}),
    Case("depth_to_space", "vect_c", (2, 4, 3, 5, 4), (2,), {"data_format": "NCHW_VECT_C"}, True),
    Case("space_to_depth", "nhwc_dcr", (2, 4, 6, 3), (2,)),
    Case("space_to_depth", "nhwc_crd_bs3", (2, 6, 9, 5), (3,), {"mode": "CRD"}),
    Case("space_to_depth", "nchw_dcr", (2, 3, 4, 6), (2,), {"data_format": "NCHW"}),
    Case("space_to_depth", "nchw_crd", (2, 3, 4, 6), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    Case("space_to_depth", "vect_c", (2, 1, 4, 6, 4), (2,), {"data_format": "NCHW_VECT_C"}, True),
)


def _example_cases(written: tuple[Case, ...]) -> tuple[Case, ...]:
    """The cases of an op none are written for above: its spec's worked examples, so that an op
    added to the package is covered by every test over CASES without an edit here."""
    covered = {c.op for c in written}
    out = []
    for op in specs().ops:
        if op.name in covered or not op.reads_a_view:  # custom and filling ops: their own tests
            continue
        for example in op.examples:
            shape = tuple(example_input(example.input, example.dtype).shape)
            out.append(Case(op.name, f"example_{example.name}", shape,
                            *_spec_call(op.name, example.args)))
    return tuple(out)


def _spec_call(op_name: str, named_args) -> tuple[tuple, dict]:
    """A spec's arguments by name as a caller passes them: (positional, keyword-only)."""
    values = dict(named_args)
    attributes = specs().op(op_name).attributes
    args = tuple(_lists(values[a.name]) for a in attributes
                 if a.name in values and not a.keyword_only)
    kwargs = {a.name: _lists(values[a.name]) for a in attributes
              if a.name in values and a.keyword_only}
    return args, kwargs


CASES = CASES + _example_cases(CASES)


def differentiable(case: Case) -> bool:
    """Whether autograd can take the case's gradient: its op declares a `backward:` (a view that
    repeats elements declares none) and its dtype is a float one (NCHW_VECT_C packs int8)."""
    return not case.int8_only and specs().op(case.op).backward is not None


def cases(op: str | None = None, *, int8_only: bool | None = None) -> list[Case]:
    return [c for c in CASES if (op is None or c.op == op)
            and (int8_only is None or c.int8_only == int8_only)]


def case_id(case: Case) -> str:
    return f"{case.op}-{case.id}"


# --- junk arguments -------------------------------------------------------------------------------

# Junk for each spec type; ints past int64 and well-typed values that break a rule are value
# errors (OpArgumentError), everything else a type error (OpTypeError, a TypeError).
JUNK = {
    AttrType.INT: [None, "1", 1.5, True, np.float32(1), np.bool_(True), torch.tensor(2),
                   torch.tensor([2]), [1], 2**63, -(2**63) - 1, 2**70],
    AttrType.INT_LIST: [None, "ab", b"ab", 1, 1.5, [1.5], [[1]], [None], [True], ["0"],
                        [2**70], torch.tensor([1]), np.array([[0]]), {0: 1}],
    AttrType.STR: [None, 3, 1.5, True, b"NHWC", ["NHWC"], torch.tensor(1)],
    # a float attribute is exactly a float32 (Note [float attributes]): 0.1 and 2**200 are not
    AttrType.FLOAT: [None, "1.5", True, np.bool_(False), [1.0], torch.tensor(1.0), 1j, 0.1, 1e300, 2**200],
    # rows of `inner` ints, as rows or flattened; [[1]] and [1, 2, 3] are no whole rows of 2 or more
    AttrType.INT_ROWS: [None, "ab", 1, 1.5, [[1.5, 2]], [[None, 1]], [[True, 1]], [["0", 1]], [[2**70, 0]],
                        [[1]], [1, 2, 3], [[1, 2], [3]], torch.tensor([[1, 2]]), {0: 1}],
}
JUNK[AttrType.OPTIONAL_INT_LIST] = [v for v in JUNK[AttrType.INT_LIST] if v is not None]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Whether a value is of the spec type, whatever the op's rules say of it: junk of the type (ints past
# int64) is a value error, any other junk a type error.
OF_THE_TYPE = {
    AttrType.INT: _is_int,
    AttrType.INT_LIST: lambda v: isinstance(v, list) and all(_is_int(i) for i in v),
    AttrType.STR: lambda v: isinstance(v, str),
    AttrType.FLOAT: lambda v: isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_)),
    AttrType.INT_ROWS: lambda v: isinstance(v, list) and (all(_is_int(i) for i in v) or all(
        isinstance(r, list) and all(_is_int(i) for i in r) for r in v)),
}
OF_THE_TYPE[AttrType.OPTIONAL_INT_LIST] = OF_THE_TYPE[AttrType.INT_LIST]
# Strings holding a NUL: C++ reads them up to the NUL ("NHWC\x00" as "NHWC"); the reference
# refuses them (OpArgumentError).
NUL_STRINGS = ["NHWC\x00", "NCHW\x00", "CRD\x00", "DCR\x00", "\x00", "DCR\x00CRD", "NHWC\x00\x00"]

# Empty index lists: TensorFlow's testGradientZero (a 0-d input) and the same on 1-d and 2-d.
EMPTY_LISTS = (
    Case("strided_slice", "0d_empty_lists", (), ([], [], [])),
    Case("strided_slice", "0d_no_strides", (), ([], [])),
    Case("strided_slice", "1d_empty_lists", (7,), ([], [], [])),
    Case("strided_slice", "2d_empty_lists", (2, 3), ([], [], [])),
)


# --- the TensorFlow StridedSlice calls ------------------------------------------------------------

# Steps past int32 (legal in TF and Python: x[1::-2**63] takes one element), each on dim 1 of a
# (4, 6) input in HUGE_STRIDE_CALLS: (begin, end, masks) with strides [1, step].
HUGE_STRIDES = (2**62, -2**62, 2**63 - 1, -2**63)
HUGE_STRIDE_CALLS = (([1, 5], [3, 0], {"end_mask": 2}), ([1, 1], [3, 6], {}),
                     ([1, 0], [3, 0], {"end_mask": 3}))

# Calls TF refuses, among new axes, shrunk dims and steps past int32 (the spec's `errors:` and
# JUNK hold the plainer ones).
TF_ERRORS = (
    Case("strided_slice", "shrink_of_step_-2**63", (3, 4), ([1], [2], [-2**63]),
         {"shrink_axis_mask": 1}),
    Case("strided_slice", "zero_step_beside_a_new_axis_and_step_2**62", (3, 4),
         ([0, 0, 1], [0, 0, 2], [1, 0, 2**62]), {"new_axis_mask": 1}),
    Case("strided_slice", "shrink_out_of_bounds_after_new_axes", (3, 4),
         ([0, 0, -5], [0, 0, 0], [1, 1, 2**63 - 1]), {"new_axis_mask": 3, "shrink_axis_mask": 4}),
    Case("strided_slice", "three_ranges_of_step_-2**63_on_two_dims", (3, 4),
         ([0, 0, 0], [1, 1, 1], [-2**63] * 3), {}),
)

# The dtype the TF calls run in where one suffices: every product line has it, and random bits
# of it hold NaN payloads, -0.0 and subnormals.
TF_CASE_DTYPE = torch.float16


def tf_cases() -> tuple[Case, ...]:
    """Every TensorFlow StridedSlice call the repository holds, errors included: the spec's
    worked examples, error examples and verification corpus (its steps past int32 and its
    shrunk dims beside new axes among them, its large cases sized for TF_CASE_DTYPE), the
    strided_slice cases and empty index lists above, HUGE_STRIDE_CALLS with each of HUGE_STRIDES,
    and TF_ERRORS."""
    from ascend_ops_dev.sim.corpus import op_cases

    op = specs().op("strided_slice")
    out = [Case(op.name, f"example_{e.name}", tuple(example_input(e.input, e.dtype).shape),
                *_spec_call(op.name, e.args)) for e in op.examples]
    out += [Case(op.name, f"error_{e.name}", tuple(example_input(e.input, e.dtype).shape),
                 *_spec_call(op.name, e.args)) for e in op.errors]
    out += [Case(op.name, f"corpus_{c.label}", c.shape, tuple(c.args), dict(c.kwargs))
            for c in op_cases(op.name, TF_CASE_DTYPE.itemsize)]
    out += [c for c in CASES + EMPTY_LISTS if c.op == op.name]
    out += [Case(op.name, f"huge_{step}_{k}", (4, 6), (begin, end, [1, step]), masks)
            for step in HUGE_STRIDES for k, (begin, end, masks) in enumerate(HUGE_STRIDE_CALLS)]
    return tuple(out) + TF_ERRORS


def tf_calls() -> tuple[list, list]:
    """tf_cases() on random TF_CASE_DTYPE inputs, split into (case, input, eager result) and
    (case, input, eager error)."""
    import ascend_ops

    accepted, refused = [], []
    for k, case in enumerate(tf_cases()):
        x = random_tensor(case.shape, TF_CASE_DTYPE, seed=k)
        try:
            accepted.append((case, x, ascend_ops.strided_slice(x, *case.args, **case.kwargs)))
        except ascend_ops.OpArgumentError as e:
            refused.append((case, x, e))
    return accepted, refused


def op_error(raised: BaseException) -> BaseException:
    """The op's own error in what a call raised: itself, or, under torch.compile, the cause dynamo
    wraps (its fake-tensor pass raises the op's error inside errors of its own)."""
    from ascend_ops import OpArgumentError, OpTypeError, UnsupportedDtypeError

    seen, chain = set(), [raised]
    while chain:
        error = chain.pop(0)
        if error is None or id(error) in seen:
            continue
        if isinstance(error, (OpArgumentError, OpTypeError, UnsupportedDtypeError)):
            return error
        seen.add(id(error))
        chain += [error.__cause__, error.__context__]
    return raised
