"""The typed, frozen model of `op_specs/`.

The model is a lossless, validated picture of the YAML: it knows nothing of C++, torch or file
I/O. `loader.py` builds it; everything else (capability queries, torch registration, code
generation, docs) reads it. Every node carries the `Location` it was parsed from, so any error
raised while using a node can name the line to fix.
"""
from __future__ import annotations

import ast
import dataclasses
import enum
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Location:
    file: str  # relative to the project root, e.g. "op_specs/slice.yaml"
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class DtypeRuleKind(enum.Enum):
    ALL = "all"
    EXCLUDE = "exclude"
    ONLY = "only"


@dataclass(frozen=True)
class DtypeRule:
    """Which of a set of dtypes a product keeps: all of them, all but some, or only some."""

    kind: DtypeRuleKind
    dtypes: tuple[str, ...]
    why: str | None
    loc: Location

    def apply(self, dtypes: tuple[str, ...]) -> tuple[str, ...]:
        if self.kind is DtypeRuleKind.ALL:
            return dtypes
        if self.kind is DtypeRuleKind.EXCLUDE:
            return tuple(d for d in dtypes if d not in self.dtypes)
        return tuple(d for d in dtypes if d in self.dtypes)


@dataclass(frozen=True)
class Soc:
    name: str  # what aclrtGetSocName() / torch.npu.get_device_name() reports
    ai_cores: int
    vector_cores: int
    loc: Location


# The C++ types a products.yaml fact may declare (`facts:`), and the range each holds. The two set
# types are lists of names, held in C++ as a uint32_t mask: `dtypes` of the dtype table
# (products.yaml `dtypes:`; bit i is its i-th dtype), `round_modes` of ROUND_MODES (bit i is
# AscendC's RoundMode value i).
FACT_TYPES: dict[str, tuple[int, int] | None] = {"bool": None, "int32": (-2**31, 2**31 - 1),
                                                 "int64": (-2**63, 2**63 - 1), "dtypes": None,
                                                 "round_modes": None}
SET_FACT_TYPES = ("dtypes", "round_modes")
# AscendC's RoundMode, in the order of its values (CAST_NONE = 0 ... CAST_ODD = 6), lower-cased.
ROUND_MODES = ("none", "rint", "floor", "ceil", "round", "trunc", "odd")


@dataclass(frozen=True)
class ProductFact:
    """One key of products.yaml's `facts:` and a product line's value of it. The declaration is
    the same on every line; the code generator writes one ProductInfo field per fact."""

    name: str          # the products.yaml key, e.g. "ub_bytes"
    type: str          # a FACT_TYPES key
    per_arch: bool     # `per: arch`: also an ArchTraits field; lines of one npu_arch agree
    doc: str
    value: bool | int | tuple[str, ...]  # a set type: its names, in the vocabulary's order
    loc: Location      # of the declaration
    vocabulary: tuple[str, ...] = ()  # a set type: the names bit 0, 1, ... of its mask stand for

    @property
    def mask(self) -> int:
        """A set type's uint32_t mask: bit i for the vocabulary's i-th name."""
        return sum(1 << self.vocabulary.index(name) for name in self.value)


# The macro CANN 8.x compilers define for the AI Core of a kernel build (Note [build arch]).
CCE_AICORE_MACRO = "__CCE_AICORE__"


@dataclass(frozen=True)
class Product:
    """A product line. Its facts (`facts:` of products.yaml) read as attributes: `p.ub_bytes`."""

    key: str
    title: str
    doc_title: str
    add_config: str  # msopgen's short SoC name, `AddConfig("...")`
    npu_arch: int
    architecture: str  # "split" (separate AIV cores) or "coupled"
    socs: tuple[Soc, ...]
    simulated_soc: str
    facts: tuple[ProductFact, ...]  # in the order of products.yaml's `facts:`
    cpu_debug_defines: tuple[str, ...]  # what CANN's CPU-debug kernel build of npu_arch defines
    memory_bandwidth_gbps: float  # device memory (HBM / DDR): core counts (Note [core count]) and the NPU model
    memory_bandwidth_source: str
    dtype_rule: DtypeRule
    all_dtypes: tuple[str, ...]  # the vocabulary, so `dtypes` needs no second argument
    loc: Location

    def __repr__(self) -> str:
        # The generated repr spells out every SoC, fact and source location: pages for one line.
        return f"<Product {self.key}: {self.title}; SoCs {', '.join(self.soc_versions)}>"

    def __getattr__(self, name: str) -> Any:
        # Only for names that are no field: a fact of products.yaml's `facts:`.
        if name.startswith("__") or name == "facts":
            raise AttributeError(name)
        for fact in self.facts:
            if fact.name == name:
                return fact.value
        raise AttributeError(f"product {self.key} has no fact {name!r}: declare it under facts: in "
                             f"op_specs/products.yaml ({self.loc})")

    @property
    def soc_versions(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.socs)

    @property
    def cce_aicore(self) -> int | None:
        """The `__CCE_AICORE__` value of cpu_debug_defines: the AI Core a CANN 8.x compiler names
        instead of __NPU_ARCH__ (Note [build arch] in common/build_arch.h)."""
        for define in self.cpu_debug_defines:
            name, _, value = define.partition("=")
            if name == CCE_AICORE_MACRO:
                return int(value) if value.isdigit() else None
        return None

    @property
    def dtypes(self) -> frozenset[str]:
        """The product's default dtype rule applied to every dtype the package knows."""
        return frozenset(self.dtype_rule.apply(self.all_dtypes))

    def soc(self, name: str | None = None) -> Soc:
        name = name or self.simulated_soc
        for s in self.socs:
            if s.name == name:
                return s
        raise KeyError(name)

    # launch_cores, platform_ub_bytes and usable_ub_bytes are C++'s LaunchCores, PlatformUbBytes
    # and UsableUbBytes (ascend_kernels/common/products.h) for Python; a test holds them equal for
    # every SoC of products.yaml (tests/ascend_ops_gen/test_products_table.py).
    def launch_cores(self, soc: str | None = None) -> int:
        """Cores a vector-only kernel runs on: the AIV cores on split chips, else the AI cores."""
        s = self.soc(soc)
        return s.vector_cores if self.architecture == "split" else s.ai_cores

    @property
    def platform_ub_bytes(self) -> int:
        """The UB a kernel can use, as the platform reports it (GetCoreMemSize)."""
        return self.ub_bytes - self.ub_platform_reserved_bytes

    @property
    def usable_ub_bytes(self) -> int:
        """The UB the planner budgets: the platform's, less the API scratch."""
        return self.platform_ub_bytes - self.ub_reserved_bytes


class AttrType(enum.Enum):
    INT = "int"
    INT_LIST = "int[]"
    OPTIONAL_INT_LIST = "int[]?"
    STR = "str"
    FLOAT = "float"       # custom and filling ops: Note [float attributes]
    INT_ROWS = "int[][]"  # custom and filling ops: rows of `inner` ints each (a list of pairs: inner 2)


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


@dataclass(frozen=True)
class Attribute:
    name: str
    type: AttrType
    default: Any  # REQUIRED when the caller must pass it
    choices: tuple[str, ...] | None
    keyword_only: bool
    doc: str
    loc: Location
    inner: int | None = None     # INT_ROWS: the ints of each row
    value_of: str | None = None  # FLOAT: the input whose dtype must hold it exactly (Note [float attributes])

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


# Note [float attributes]
# ~~~~~~~~~~~~~~~~~~~~~~~
# A `float` attribute (custom ops) is a Python float in the op's signature, `float` in its torch
# schema, and a CANN `Float` attribute, which holds a float32: so its value must be exactly a
# float32, and nothing on the way rounds it. With `value_of: <input>` it is a value of that input's
# dtype (a pad's constant, a fill value), as TensorFlow takes a Python scalar for a tensor of a
# given dtype: converting it must not change it. TensorFlow refuses a scalar that an integer dtype
# cannot hold (1.5 or 300 for int8); here the rule is the same for every dtype, floating ones
# included: the value must be exactly representable in the input's dtype (0.1 is not a float16,
# 1.5 not an int32, 2.0 not a bool; NaN and the infinities are values of every floating dtype), else
# an OpArgumentError names the attribute, the value, the dtype and the rule. Eager calls, the fake
# kernel and the simulator run one check (`check_attributes` in runtime/custom_calls.py), and the
# generated TilingFunc refuses such a value with the same words (CustomOpCall::ValueAttr in
# common/custom_op_host.h), which then hands the kernel the value as that dtype's bits.


# Note [filling view ops]
# ~~~~~~~~~~~~~~~~~~~~~~~
# A view op with `fill: <attribute>` (a constant pad) runs the data-movement engine the other way
# round: its output is filled with the attribute's value, a `float` with `value_of: <its input>`
# (Note [float attributes]), and its input is written into a view of the output. Its reference's
# `<op>_view(shape, ...)` and its `Build<Op>View` take the input's shape and give that view as the
# gradient ops' do: of the output (`View.input_shape`, the op's result shape) and of the input's
# shape (`View.output_shape`); the kernel is the engine's write direction with the fill
# (Note [write modes] in ascend_kernels/common/copy_write_planner.h). Such an op may take `float` and
# `int[][]` attributes, as custom ops do; it runs on Python kernels (the compiled fast path carries
# the views that read), has no `backward`, `onnx_node` or `bench` yet, and its ONNX export is refused.


# Note [custom ops]
# An op spec is of one of two kinds. A view op (`kind: view`, the default) belongs to the
# data-movement engine: one input, one output, the output a strided view of the input that its
# hand-written <op>_view.h builds and the engine's planner and kernels copy. A custom op
# (`kind: custom`) is any other op: inputs and outputs by name, each tensor with
#   - its dtypes: a list of its own, or `{same_as: <tensor>}`; by default the first input's, whose
#     list is the op's `dtypes`. Tensors that share a list form one dtype group (`dtype_groups`);
#     the op's dtype combinations are the product of its groups' lists (`combinations`), with each
#     product line's rule (the op's `products:` entry, else the line's default rule) applied to
#     every group. Combination k is the kernel's tiling key k + 1. An output with a list of its own
#     holds one dtype (InferDataType could not choose);
#   - `optional` (inputs only: the last ones, read in GM), `format` (FORMATS), and, for an input,
#     `read` (ReadMode): how the generated kernel gets at it.
# `shape:` gives every output's shape: an input's, the numpy broadcast of several (an input read
# tile by tile still needs the output's shape: the kernel walks the output's elements, Note
# [element split] in common/custom_op_host.h), or the hand-written Infer<Op>Shape (and the
# reference's <op>_shape). `tiling:` adds int64 fields to the op's tiling data, which the generated
# TilingFunc fills from an attribute (an int, a float, a list or rows of ints), a tensor's whole
# shape (rank, dims, strides), a dimension, the elements, or the elements after an axis of a tensor;
# the kernel reads each through a generated accessor (Note [tiling accessors] in
# codegen/custom_op.py). Only the fields the spec lists are in the tiling data. What is generated around the author's code: Note [custom op hooks] in
# codegen/custom_op.py. Custom ops take no `backward`, `onnx_node`, `view_builder` or `bench` yet
# (loader.py's _VIEW_ONLY_KEYS says why for each).


class OpKind(enum.Enum):
    """How an op is built (`kind:` in its spec)."""

    VIEW = "view"      # the data-movement engine: one input, one output, a hand-written view builder
    CUSTOM = "custom"  # a generated TPipe/TQue skeleton around the author's Compute (Note [custom ops])


class ReadMode(enum.Enum):
    """How a custom op's kernel reads an input (`read:`; Note [custom ops])."""

    TILE = "tile"  # staged tile by tile by the generated CopyIn: the input has the output's shape
    LOAD = "load"  # staged tile by tile, filled by the author's Load hook (data-dependent reads)
    GM = "gm"      # not staged: the author's Load hook reads it in GM


# The tensor formats a spec may declare (`format:`), as CANN's ge::Format names them.
FORMATS = ("ND", "NCHW", "NHWC", "NCDHW", "NDHWC")


@dataclass(frozen=True)
class TensorArg:
    name: str
    doc: str
    loc: Location
    # The tensor's own dtype list; None: it shares the dtypes of `same_as` (custom ops), or, for the
    # first input and for every tensor of a view op, it has the op's `dtypes`.
    dtypes: tuple[str, ...] | None = None
    same_as: str | None = None   # the tensor whose dtype this one has (None: the first input's)
    optional: bool = False       # an input the caller may leave out (None)
    format: str = "ND"           # a FORMATS name
    read: ReadMode = ReadMode.TILE  # inputs of custom ops


@dataclass(frozen=True)
class Example:
    """A worked example: input, arguments and the expected result (values or at least shape).

    `input` is nested lists of numbers, or `{"arange": shape}` / `{"arange_from_1": shape}`.
    """

    name: str
    doc: str
    input: Any  # a view op's one input; None for a custom op, whose inputs are in `inputs`
    dtype: str
    args: tuple[tuple[str, Any], ...]
    output: Any | None
    output_shape: tuple[int, ...] | None
    loc: Location
    # A custom op's inputs by name (each as `input` above), in the spec's order, and the dtypes of
    # the tensors with dtype lists of their own (`dtype` is the first input's).
    inputs: tuple[tuple[str, Any], ...] = ()
    dtypes: tuple[tuple[str, str], ...] = ()

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)


def example_input_shape(value: Any) -> tuple[int, ...]:
    """The shape of an example's `input`: nested tuples of numbers, or {arange: shape}."""
    if isinstance(value, dict):
        return tuple(next(iter(value.values())))
    shape = []
    while isinstance(value, tuple):
        shape.append(len(value))
        value = value[0] if value else None
    return tuple(shape)


@dataclass(frozen=True)
class ErrorExample:
    """A call the op must reject with `OpArgumentError` whose message contains `message`."""

    name: str
    input: Any
    dtype: str
    args: tuple[tuple[str, Any], ...]
    message: str
    loc: Location
    inputs: tuple[tuple[str, Any], ...] = ()  # a custom op's (Example.inputs)
    dtypes: tuple[tuple[str, str], ...] = ()

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)


class BackwardRule(enum.Enum):
    SCATTER = "scatter"  # the gradient goes back to the input elements the op read
    INVERSE = "inverse"  # the gradient is another op, with the same arguments, applied to it


class GradientKernel(enum.Enum):
    """How a gradient op's data moves on an NPU (`kernel:` of `backward: {scatter: ...}`)."""

    NONE = "none"      # no AscendC kernel: every device runs the torch view write
    ENGINE = "engine"  # the engine's write modes: an OpDef of its own (gradient_spec)


@dataclass(frozen=True)
class GradientExample:
    """A worked example of a gradient op: its op's worked example `example` run backwards, with
    `dy` = 1, 2, 3, ... in that example's result shape and dtype; `output` is the gradient."""

    example: str
    doc: str
    output: Any
    loc: Location


@dataclass(frozen=True)
class GradientOp:
    """A view op's gradient op (`backward: {scatter: {...}}`): `<name>(shape, <the view op's
    positional attributes>, dy, *, <its keyword-only attributes>)`, zeros of `shape` with `dy`
    written at the elements the view op reads from an input of that shape (its adjoint)."""

    name: str
    op_type: str
    semantics: str
    summary: str
    kernel: GradientKernel
    loc: Location
    examples: tuple[GradientExample, ...] = ()


def gradient_spec(op: OpSpec) -> OpSpec:
    """The gradient op view op `op` declares, as an op of the engine's write direction (Note [write
    modes] in ascend_kernels/common/copy_write_planner.h): input `dy`, output `dx` of the shape
    its first attribute, `shape`, gives; then the view op's attributes, whose view of `dx` `dy` is
    written into. It has the view op's dtypes, product rules, view builder and limits, and no
    examples, corpus or benchmark of its own."""
    g = op.backward.gradient
    shape = Attribute("shape", AttrType.INT_LIST, REQUIRED, None, False,
                      f"The shape of the input of `{op.name}`, and of the result.", g.loc)
    return dataclasses.replace(
        op, name=g.name, op_type=g.op_type, semantics=g.semantics, summary=g.summary, doc="",
        inputs=(TensorArg("dy", f"The gradient of the result of `{op.name}`.", g.loc),),
        outputs=(TensorArg("dx", "Zeros of `shape`, with `dy` at the elements the view op reads.", g.loc),),
        attributes=(shape, *op.attributes), examples=(), errors=(), loc=g.loc, backward=None, corpus=None,
        onnx_node=None, bench=None, forward=op.name)


@dataclass(frozen=True)
class Backward:
    """How autograd differentiates the op (`backward:` in its spec)."""

    rule: BackwardRule
    inverse: str | None  # the op whose forward is this op's backward (rule INVERSE)
    loc: Location
    gradient: GradientOp | None = None  # rule SCATTER: the gradient op it declares, if any


# --- the simulator's verification corpus (`corpus:`) ---------------------------------------------

@dataclass(frozen=True)
class LargeSize:
    """A size that grows with the corpus's large-case byte budget (`{large_over: [...], ...}`).

    With `elements` the element count of that budget for the dtype at hand, the size is
    `elements // prod(over)`, raised to `at_least`, rounded down to a multiple of `multiple_of`,
    plus `plus`: so a case with the other dims `over` holds about the budget's bytes whatever the
    element size.
    """

    over: tuple[int, ...]
    plus: int
    at_least: int
    multiple_of: int
    loc: Location

    def size(self, elements: int) -> int:
        n = max(elements // math.prod(self.over), self.at_least)
        return n // self.multiple_of * self.multiple_of + self.plus


@dataclass(frozen=True)
class CorpusCase:
    """One fixed case of the corpus: an input shape and the op's arguments, by name (written out,
    or those of a worked example: `example: <name>`).

    Shape dims and the integers of list arguments may be `LargeSize`s."""

    name: str
    shape: tuple[Any, ...]
    args: tuple[tuple[str, Any], ...]
    quick: bool
    large_contiguous: bool
    dtype: str | None  # the one dtype the case needs; None: every dtype of the product
    loc: Location


class DrawKind(enum.Enum):
    BETWEEN = "between"      # an integer in [low, high)
    CHOICE = "choice"        # one of the listed values
    ROW_LINES = "row_lines"  # elements of a row of [low, high) data-cache lines, odd bytes


@dataclass(frozen=True)
class Draw:
    name: str
    kind: DrawKind
    values: tuple[Any, ...]  # (low, high) or the choices
    loc: Location


@dataclass(frozen=True)
class Formula:
    """Integer arithmetic (+, -, *, //, parentheses) on drawn names: `cols - start - 1`."""

    text: str
    loc: Location

    def names(self) -> tuple[str, ...]:
        return tuple(n.id for n in ast.walk(ast.parse(self.text, mode="eval"))
                     if isinstance(n, ast.Name))

    def evaluate(self, values: Mapping[str, Any]) -> Any:
        return _evaluate(ast.parse(self.text, mode="eval").body, values)


_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
              ast.Mult: lambda a, b: a * b, ast.FloorDiv: lambda a, b: a // b}


def _evaluate(node: ast.AST, values: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return values[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_evaluate(node.operand, values)
    assert isinstance(node, ast.BinOp), ast.dump(node)  # the loader admits nothing else
    return _OPERATORS[type(node.op)](_evaluate(node.left, values), _evaluate(node.right, values))


@dataclass(frozen=True)
class RandomCases:
    """`line_cases`: one case per corpus seed, its sizes drawn at random (`draws`, in order).

    `shapes` maps a value of the draw `shape_by` to the input shape (one entry keyed None when
    the shape does not depend on a draw); shape dims and argument values are `Formula`s, except
    a `str` argument's literal value."""

    draws: tuple[Draw, ...]
    shape_by: str | None
    shapes: tuple[tuple[Any, tuple[Formula, ...]], ...]
    args: tuple[tuple[str, Any], ...]
    loc: Location


@dataclass(frozen=True)
class TensorInput:
    """One input of a custom op's corpus case: its shape and, for integer data that must lie in a
    range (gather's indices), the integers [low, high) it is drawn from; else random data."""

    name: str
    shape: tuple[int, ...]
    between: tuple[int, int] | None
    loc: Location


@dataclass(frozen=True)
class TensorCorpusCase:
    """A corpus case of a custom op (kind: custom): its inputs' shapes (and ranges) by name, and its
    arguments; run for every dtype combination of every product line."""

    name: str
    inputs: tuple[TensorInput, ...]
    args: tuple[tuple[str, Any], ...]
    quick: bool
    loc: Location


@dataclass(frozen=True)
class Corpus:
    cases: tuple[CorpusCase, ...]
    line_cases: RandomCases | None
    loc: Location
    tensor_cases: tuple[TensorCorpusCase, ...] = ()  # a custom op's cases (its `cases` are these)


# --- ONNX export (`onnx_node:`) ------------------------------------------------------------------

@dataclass(frozen=True)
class LayoutChange:
    """An input of one layout brought to another: its axes permuted, then the axes `merge`
    (first, last) of the permuted shape joined into one."""

    permute: tuple[int, ...]
    merge: tuple[int, int] | None
    loc: Location


@dataclass(frozen=True)
class OnnxNodeLayout:
    """The native node takes one value of the op's layout argument (`native`); the other values
    listed reach it by a `LayoutChange` before the node and its inverse after it."""

    argument: str
    native: str
    changes: tuple[tuple[str, LayoutChange], ...]
    loc: Location


@dataclass(frozen=True)
class OnnxNodeSpec:
    """A standard ONNX node that computes the op, preferred to its view steps where it applies."""

    op_type: str
    attributes: tuple[tuple[str, str], ...]  # ONNX attribute name -> the op argument it takes
    when: tuple[tuple[str, Any], ...]  # argument values the node needs (others: view steps)
    layout: OnnxNodeLayout | None
    loc: Location


# --- `bench:` (what `ascend-ops-dev bench` times) ----------------------------------------------

BENCH_KINDS = ("contiguous", "strided", "permutation")  # what a shape class moves


@dataclass(frozen=True)
class BenchClass:
    """One shape class: an input shape that grows with `n`, the op's arguments, and the
    expressions a user would write instead (Python, over `x` the torch input, `a` its numpy
    view, `n`, `np` and `torch`)."""

    key: str
    title: str
    kind: str  # one of BENCH_KINDS
    input: tuple[int | str, ...]  # each dim an int or an expression of n
    args: tuple[tuple[str, Any], ...]
    baselines: tuple[tuple[str, str], ...]  # name -> expression
    loc: Location

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)


@dataclass(frozen=True)
class BenchTiny:
    """A call on a tiny tensor, and the `clone()` expression it is compared with."""

    input: tuple[int, ...]
    args: tuple[tuple[str, Any], ...]
    clone: str  # expression over `x`
    loc: Location

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)


@dataclass(frozen=True)
class Bench:
    classes: tuple[BenchClass, ...]
    tiny: BenchTiny
    loc: Location


@dataclass(frozen=True)
class ViewBuilderDecl:
    """`view_builder:`: how the op's hand-written `Build<Op>View` (and `Check<Op>Dtype`) take its
    attributes (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)."""

    args_struct: bool                    # `args: struct`: one `const <Op>Args&`, else parameters
    dtype_check: tuple[str, ...] | None  # the attributes Check<Op>Dtype takes after the dtype; None: none
    loc: Location


@dataclass(frozen=True)
class Limit:
    """A number the op's semantics bound an argument by (`limits:` in the spec, or `max_rank`):
    generated for the reference (cpu_reference/_op_limits.py) and for C++ (<op>_limits_generated.h)."""

    name: str    # snake_case: "max_block_size"
    value: int   # in [1, 2**31 - 1]
    doc: str     # why, and whose limit it is
    loc: Location


# --- custom ops (`kind: custom`) -------------------------------------------------------------------

class ShapeRuleKind(enum.Enum):
    SAME_AS = "same_as"          # every output has the shape of one input
    BROADCAST = "broadcast"      # numpy broadcasting of the listed inputs
    INFER_SHAPE = "infer_shape"  # the op's hand-written Infer<Op>Shape (and <op>_shape in cpu_reference)


@dataclass(frozen=True)
class ShapeRule:
    """How a custom op's outputs are shaped (`shape:`), for InferShape, the fake kernel and checks."""

    kind: ShapeRuleKind
    inputs: tuple[str, ...]  # SAME_AS: the one input; BROADCAST: the inputs broadcast; else ()
    loc: Location


# The most dims a CANN tensor shape holds (gert::Shape::kMaxDimNum): what a custom op's `shape:`
# tiling field holds, and the rows of a list one, unless the op's max_rank says fewer.
CUSTOM_TILING_MAX_RANK = 25


class TilingSource(enum.Enum):
    ATTRIBUTE = "attribute"            # an attribute's value, of any type but str (lists: up to tiling_rank rows)
    SHAPE = "shape"                    # a tensor's rank, dims and (contiguous) strides, up to tiling_rank dims
    DIM = "dim"                        # one dimension of a tensor (a negative axis counts from the end)
    ELEMENTS = "elements"              # a tensor's element count
    ELEMENTS_AFTER = "elements_after"  # the product of a tensor's dims after an axis


@dataclass(frozen=True)
class TilingField:
    """One field a custom op adds to its tiling data (`tiling:`), an int64 the generated TilingFunc
    fills from the call."""

    name: str             # lowerCamelCase C++ field name, e.g. "rows"
    source: TilingSource
    tensor: str | None    # SHAPE, DIM, ELEMENTS, ELEMENTS_AFTER: the tensor
    axis: int | None      # DIM, ELEMENTS_AFTER
    attribute: str | None  # ATTRIBUTE
    doc: str
    loc: Location


@dataclass(frozen=True)
class OpSpec:
    name: str
    op_type: str  # the CANN OpType, CamelCase
    semantics: str
    summary: str
    doc: str
    inputs: tuple[TensorArg, ...]
    outputs: tuple[TensorArg, ...]
    attributes: tuple[Attribute, ...]
    dtypes: tuple[str, ...]
    product_rules: tuple[tuple[str, DtypeRule], ...]  # product key -> rule replacing the default
    examples: tuple[Example, ...]
    errors: tuple[ErrorExample, ...]
    loc: Location
    backward: Backward | None = None  # None: not differentiable
    max_rank: int | None = None  # the most input dimensions the op takes (None: numpy's 64)
    corpus: Corpus | None = None  # None: the simulator's corpus runs the examples
    onnx_node: OnnxNodeSpec | None = None  # None: ONNX export lowers the view steps
    bench: Bench | None = None  # what `ascend-ops-dev bench` times (None: not benchmarked)
    limits: tuple[Limit, ...] = ()  # the spec's `limits:` (max_rank is its own key)
    view_builder: ViewBuilderDecl | None = None  # None: its attributes as parameters, no dtype rule
    kind: OpKind = OpKind.VIEW
    shape_rule: ShapeRule | None = None  # custom ops
    tiling: tuple[TilingField, ...] = ()  # custom ops: the fields they add to their tiling data
    forward: str | None = None  # a gradient op (gradient_spec): the view op whose view it writes
    fill: str | None = None  # a filling view op: its fill attribute (Note [filling view ops])

    @property
    def file(self) -> str:
        return self.loc.file

    @property
    def is_custom(self) -> bool:
        return self.kind is OpKind.CUSTOM

    @property
    def is_filling(self) -> bool:
        """A view op that fills its output and writes its input into a view of it (Note
        [filling view ops])."""
        return self.fill is not None

    @property
    def reads_a_view(self) -> bool:
        """A view op that copies a view of its input: what the compiled fast path carries."""
        return not self.is_custom and not self.is_filling

    @property
    def tiling_rank(self) -> int:
        """The dims a `shape:` tiling field holds and the rows a list one holds: the op's
        max_rank, else CUSTOM_TILING_MAX_RANK."""
        return self.max_rank if self.max_rank is not None else CUSTOM_TILING_MAX_RANK

    @property
    def tensors(self) -> tuple[TensorArg, ...]:
        return self.inputs + self.outputs

    def tensor(self, name: str) -> TensorArg:
        for t in self.tensors:
            if t.name == name:
                return t
        raise KeyError(name)

    def dtype_owner(self, name: str) -> TensorArg:
        """The tensor whose dtype list `name` takes (Note [custom ops]): itself when it declares
        one, else the tensor its `same_as` leads to, the first input by default."""
        t = self.tensor(name)
        seen = {t.name}
        while t.dtypes is None and t is not self.inputs[0]:
            t = self.tensor(t.same_as) if t.same_as is not None else self.inputs[0]
            if t.name in seen:  # the loader refuses cycles; this keeps a hand-made model finite
                raise ValueError(f"{self.name}: the dtypes of {name} go round in a circle")
            seen.add(t.name)
        return t

    def dtype_groups(self) -> tuple[TensorArg, ...]:
        """The tensors that own a dtype list (the first input first), in spec order: one dtype
        each makes a dtype combination of the op."""
        owners = [self.inputs[0]] + [t for t in self.tensors[1:] if t.dtypes is not None]
        return tuple(owners)

    def tensor_dtypes(self, name: str) -> tuple[str, ...]:
        """The dtypes tensor `name` may have (those of its dtype owner)."""
        owner = self.dtype_owner(name)
        return self.dtypes if owner is self.inputs[0] else tuple(owner.dtypes or ())

    def combinations(self, product: Product | None = None) -> tuple[tuple[tuple[str, str], ...], ...]:
        """Every dtype combination of the op, (tensor name, dtype) for each tensor in spec order:
        one dtype per dtype group, the first group varying slowest. With `product`, only those
        whose every dtype the product's rule for the op keeps (the rule applies to each tensor)."""
        groups = self.dtype_groups()
        rule = self.rule_for(product) if product is not None else None
        lists = []
        for g in groups:
            listed = self.tensor_dtypes(g.name)
            lists.append(rule.apply(listed) if rule is not None else listed)
        out = []
        for chosen in itertools.product(*lists):
            by_group = dict(zip((g.name for g in groups), chosen))
            out.append(tuple((t.name, by_group[self.dtype_owner(t.name).name]) for t in self.tensors))
        return tuple(out)

    def all_limits(self) -> tuple[Limit, ...]:
        """`max_rank` (when set) and the `limits:` entries: every number generated for the op."""
        rank = () if self.max_rank is None else (
            Limit("max_rank", self.max_rank, "the most dimensions x may have (max_rank)", self.loc),)
        return rank + self.limits

    def attribute(self, name: str) -> Attribute:
        for a in self.attributes:
            if a.name == name:
                return a
        raise KeyError(name)

    def rule_for(self, product: Product) -> DtypeRule:
        return dict(self.product_rules).get(product.key, product.dtype_rule)

    def dtype_columns(self, product: Product | None) -> dict[str, tuple[str, ...]]:
        """Each tensor's dtype list as the OpDef's configuration for `product` (None: the OpDef's
        own lists, every dtype) gives it, position by position (one position per kernel binary
        CANN compiles): a view op's tensors the op's (supported) dtypes; a custom op's tensors
        their dtype in each of its combinations (there)."""
        if not self.is_custom:
            dtypes = self.dtypes if product is None else self.supported_dtypes(product)
            return {t.name: dtypes for t in self.tensors}
        combinations = self.combinations(product)
        return {t.name: tuple(dict(c)[t.name] for c in combinations) for t in self.tensors}

    def supported_dtypes(self, product: Product) -> tuple[str, ...]:
        """The op's dtypes under the product's rule (the op's own rule for it, if it has one): for
        a custom op, those of its first input that some dtype combination has there."""
        if self.is_custom:
            return tuple(dict.fromkeys(combination[0][1] for combination in self.combinations(product)))
        return self.rule_for(product).apply(self.dtypes)


@dataclass(frozen=True)
class SpecSet:
    dtype_sizes: tuple[tuple[str, int], ...]  # dtype name -> element bytes, in spec order
    products: tuple[Product, ...]
    ops: tuple[OpSpec, ...]
    # Op specs left out because they do not load (load_specs(skip_broken_ops=True) only): each
    # op's name (its file name) and its error. Note [a broken op spec] in loader.py.
    broken: tuple[tuple[str, str], ...] = ()
    # sha256 of products.yaml and the view ops' spec files (`specs_digest`), what the engine's
    # generated files come from: the CPU fast path's table carries it, and the runtime checks it
    # against the specs it reads. A custom op added or edited leaves it, and the fast path, as they are.
    view_digest: str = ""

    def first_error(self) -> str | None:
        """The first broken op spec's error, or None when every op spec loaded."""
        return self.broken[0][1] if self.broken else None

    @property
    def dtype_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.dtype_sizes)

    def dtype_size(self, name: str) -> int:
        return dict(self.dtype_sizes)[name]

    def op(self, name: str) -> OpSpec:
        for o in self.ops:
            if o.name == name:
                return o
        raise KeyError(name)

    def kernel_ops(self) -> tuple[OpSpec, ...]:
        """Every op with a kernel folder of its own in ascend_kernels/: the ops, then the gradient
        ops that run on the engine (gradient_spec), each after its view op."""
        out = []
        for o in self.ops:
            out.append(o)
            g = o.backward.gradient if o.backward is not None else None
            if g is not None and g.kernel is GradientKernel.ENGINE:
                out.append(gradient_spec(o))
        return tuple(out)

    def kernel_op(self, name: str) -> OpSpec:
        """An op of kernel_ops() by name."""
        for o in self.kernel_ops():
            if o.name == name:
                return o
        raise KeyError(name)
