"""Parse `op_specs/*.yaml` into the frozen model of `model.py`.

Validation happens in three places: while parsing each field (types, unknown and
duplicate keys), per op (invariants inside one spec), and across files (product keys, dtypes and
SoC names resolve). Every error is a `SpecError` whose message starts with `file:line:`, states
the rule and, where it can, what to write instead.
"""
from __future__ import annotations

import ast
import difflib
import functools
import re
from pathlib import Path
from typing import Any, Callable

import yaml

from ..errors import SpecError
from .model import (
    BENCH_KINDS,
    Limit,
    REQUIRED,
    Bench,
    BenchClass,
    BenchTiny,
    Attribute,
    Backward,
    BackwardRule,
    AttrType,
    Corpus,
    CorpusCase,
    Draw,
    DrawKind,
    DtypeRule,
    DtypeRuleKind,
    ErrorExample,
    Example,
    Formula,
    example_input_shape,
    LargeSize,
    LayoutChange,
    Location,
    OnnxNodeLayout,
    OnnxNodeSpec,
    OpSpec,
    Product,
    RandomCases,
    Soc,
    SpecSet,
    TensorArg,
)

PRODUCTS_FILE = "products.yaml"
# Ranges of the product numbers: the C++ tables hold them as uint32_t; AscendC launches at most
# 65535 blocks (numBlocks in [1, 65535]).
_MAX_UB_BYTES = 2**32 - 1
_MAX_CORES = 65535
_MAX_RANK = 64  # numpy's NPY_MAXDIMS, and kMaxViewDims of the C++ engine


# --- YAML with line numbers -------------------------------------------------------------------

class _Map(dict):
    """A YAML mapping that remembers where it and each of its keys stand."""

    line: int
    key_lines: dict[str, int]


class _Seq(list):
    line: int
    item_lines: list[int]


class _LineLoader(yaml.SafeLoader):
    file = "?"

    def construct_mapping(self, node, deep=False):
        self.flatten_mapping(node)
        result = _Map()
        result.line = node.start_mark.line + 1
        result.key_lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                raise SpecError(f"{self.file}:{line}: a key must be a plain name, got "
                                f"{_kind(key)} {key!r}; write `name: value`")
            if key in result:
                raise SpecError(f"{self.file}:{line}: duplicate key {key!r} (first at line "
                                f"{result.key_lines[key]}); keep one of them")
            result[key] = self.construct_object(value_node, deep=True)
            result.key_lines[key] = line
        return result

    def construct_sequence(self, node, deep=False):
        result = _Seq(self.construct_object(child, deep=True) for child in node.value)
        result.line = node.start_mark.line + 1
        result.item_lines = [child.start_mark.line + 1 for child in node.value]
        return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
                            _LineLoader.construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG,
                            _LineLoader.construct_sequence)


def _load_yaml(path: Path, rel: str) -> Any:
    loader_cls = type("_FileLoader", (_LineLoader,), {"file": rel})
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        column = e.start - data.rfind(b"\n", 0, e.start)
        raise SpecError(f"{rel}:{line}: not UTF-8: byte 0x{data[e.start]:02x} at column {column}; "
                        f"spec files are UTF-8 text") from None
    try:
        return yaml.load(text, Loader=loader_cls)  # noqa: S506
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        line = mark.line + 1 if mark is not None else 1
        raise SpecError(f"{rel}:{line}: not valid YAML: {e.problem}") from None


# --- field access -------------------------------------------------------------------------------

_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               list: "a list", dict: "a mapping"}


class _Fields:
    """Takes typed fields out of one mapping; `done()` rejects whatever is left."""

    def __init__(self, node: Any, what: str, file: str, line: int):
        if not isinstance(node, dict):
            raise SpecError(f"{file}:{line}: {what} must be a mapping, got {_kind(node)}")
        self.node, self.what, self.file = node, what, file
        self.line = getattr(node, "line", line)
        self.taken: set[str] = set()

    def loc(self, key: str | None = None) -> Location:
        lines = getattr(self.node, "key_lines", {})
        return Location(self.file, lines.get(key, self.line))

    def error(self, key: str | None, message: str) -> SpecError:
        return SpecError(f"{self.loc(key)}: {message}")

    def take(self, key: str, typ: type, default: Any = REQUIRED) -> Any:
        self.taken.add(key)
        if key not in self.node:
            if default is REQUIRED:
                raise self.error(None, f"{self.what} is missing the required key {key!r}")
            return default
        value = self.node[key]
        if value is None and default is None:
            return None
        accepted = (int, float) if typ is float else typ  # YAML writes 1600 for 1600.0
        ok = isinstance(value, accepted) and not (typ in (int, float) and isinstance(value, bool))
        if not ok:
            raise self.error(key, f"{self.what}.{key} must be {_TYPE_NAMES[typ]}, "
                                  f"got {_kind(value)} {value!r}")
        return value

    def take_int(self, key: str, low: int, high: int, default: Any = REQUIRED) -> int:
        """An integer field in [low, high]."""
        value = self.take(key, int, default)
        if not low <= value <= high:
            raise self.error(key if key in self.node else None,
                             f"{self.what}.{key} = {value} is out of range: it must be in "
                             f"[{low}, {high}]")
        return value

    def done(self) -> None:
        for key in self.node:
            if key not in self.taken:
                hint = difflib.get_close_matches(str(key), sorted(self.taken), n=1)
                fix = f"did you mean {hint[0]!r}?" if hint else \
                    f"allowed keys: {', '.join(sorted(self.taken))}"
                raise self.error(key, f"unknown key {key!r} in {self.what}; {fix}")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    for typ, name in _TYPE_NAMES.items():
        if isinstance(value, typ):
            return name
    return "null" if value is None else type(value).__name__


def _items(seq: Any, what: str, f: _Fields, key: str) -> list[tuple[Any, int]]:
    """The elements of a list field with the line of each."""
    lines = getattr(seq, "item_lines", [f.loc(key).line] * len(seq))
    return list(zip(seq, lines))


def _unknown(value: str, known: tuple[str, ...] | list[str], what: str) -> str:
    hint = difflib.get_close_matches(value, list(known), n=1)
    fix = f"did you mean {hint[0]!r}?" if hint else f"known: {', '.join(known)}"
    return f"unknown {what} {value!r}; {fix}"


# --- products.yaml ------------------------------------------------------------------------------

def _parse_dtype_rule(value: Any, f: _Fields, key: str, dtypes: tuple[str, ...]) -> DtypeRule:
    loc = f.loc(key)
    if value == "all":
        return DtypeRule(DtypeRuleKind.ALL, (), None, loc)
    if not isinstance(value, dict):
        raise f.error(key, f"{f.what}.{key} must be 'all', {{exclude: [...]}} or "
                           f"{{only: [...]}}, got {value!r}")
    g = _Fields(value, f"{f.what}.{key}", f.file, loc.line)
    kinds = [k for k in ("exclude", "only") if k in value]
    if len(kinds) != 1:
        raise g.error(None, f"{f.what}.{key} needs exactly one of 'exclude' or 'only'")
    listed = g.take(kinds[0], list)
    for name, line in _items(listed, kinds[0], g, kinds[0]):
        if name not in dtypes:
            raise SpecError(f"{f.file}:{line}: {_unknown(str(name), dtypes, 'dtype')}")
    why = g.take("why", str, None)
    g.done()
    return DtypeRule(DtypeRuleKind(kinds[0]), tuple(listed), why, loc)


def _parse_products(node: Any, rel: str) -> tuple[tuple[tuple[str, int], ...], tuple[Product, ...]]:
    top = _Fields(node, "products.yaml", rel, 1)
    raw_dtypes = top.take("dtypes", dict)
    dtype_sizes = []
    for name, size in raw_dtypes.items():
        if size not in (1, 2, 4, 8) or isinstance(size, bool):
            raise SpecError(f"{rel}:{raw_dtypes.key_lines[name]}: dtype {name!r} has element "
                            f"size {size!r}; it must be 1, 2, 4 or 8 bytes")
        dtype_sizes.append((str(name), size))
    dtypes = tuple(n for n, _ in dtype_sizes)

    products: list[Product] = []
    seen_socs: dict[str, Location] = {}
    for item, line in _items(top.take("products", list), "products", top, "products"):
        f = _Fields(item, "product", rel, line)
        key = f.take("key", str)
        if any(p.key == key for p in products):
            raise f.error("key", f"product key {key!r} is defined twice")
        ai, vec = f.take_int("ai_cores", 0, _MAX_CORES), f.take_int("vector_cores", 0, _MAX_CORES)
        socs = []
        raw_socs = f.take("socs", dict)
        for name, overrides in raw_socs.items():
            sloc = Location(rel, raw_socs.key_lines[name])
            if name in seen_socs:
                raise SpecError(f"{sloc}: SoC {name!r} is already listed at {seen_socs[name]}")
            seen_socs[name] = sloc
            g = _Fields(overrides if overrides is not None else {}, f"SoC {name}", rel, sloc.line)
            socs.append(Soc(name, g.take_int("ai_cores", 0, _MAX_CORES, ai),
                            g.take_int("vector_cores", 0, _MAX_CORES, vec), sloc))
            g.done()
        architecture = f.take("architecture", str)
        if architecture not in ("split", "coupled"):
            raise f.error("architecture", f"architecture must be 'split' or 'coupled', "
                                          f"got {architecture!r}")
        simulated = f.take("simulated_soc", str)
        if simulated not in raw_socs:
            raise f.error("simulated_soc", _unknown(simulated, list(raw_socs), "SoC") +
                          f" (simulated_soc must be one of product {key}'s socs)")
        product = Product(
            key=key, title=f.take("title", str), doc_title=f.take("doc_title", str),
            add_config=f.take("add_config", str), npu_arch=f.take_int("npu_arch", 1, 9999),
            architecture=architecture, socs=tuple(socs), simulated_soc=simulated,
            ub_bytes=f.take_int("ub_bytes", 1, _MAX_UB_BYTES),
            ub_reserved_bytes=f.take_int("ub_reserved_bytes", 0, _MAX_UB_BYTES),
            data_copy_pad=f.take("data_copy_pad", bool),
            data_copy_pad_max_elem_bytes=f.take_int("data_copy_pad_max_elem_bytes", 0, 8),
            gather=f.take("gather", bool), gather_8bit=f.take("gather_8bit", bool),
            ub_to_ub_copy=f.take("ub_to_ub_copy", bool),
            ub_platform_reserved_bytes=f.take("ub_platform_reserved_bytes", int),
            event_ids_per_event=f.take("event_ids_per_event", int),
            data_cache_line_bytes=f.take("data_cache_line_bytes", int),
            data_cache_clean=f.take("data_cache_clean", bool),
            zero_length_data_copy_noop=f.take("zero_length_data_copy_noop", bool),
            kernel_type_required=f.take("kernel_type_required", bool),
            gather_max_call_bytes=f.take("gather_max_call_bytes", int),
            gather_max_offset_8bit=f.take("gather_max_offset_8bit", int),
            gather_max_offset_16bit=f.take("gather_max_offset_16bit", int),
            gather_src_base_in_elements=f.take("gather_src_base_in_elements", bool),
            cpu_debug_defines=_parse_defines(f),
            memory_bandwidth_gbps=float(f.take("memory_bandwidth_gbps", float)),
            memory_bandwidth_source=f.take("memory_bandwidth_source", str),
            dtype_rule=_parse_dtype_rule(f.take("dtypes", object, "all"), f, "dtypes", dtypes),
            all_dtypes=dtypes, loc=f.loc())
        f.done()
        if product.ub_reserved_bytes >= product.ub_bytes:
            raise f.error("ub_reserved_bytes", f"product {key}: ub_reserved_bytes "
                          f"({product.ub_reserved_bytes}) must be less than ub_bytes "
                          f"({product.ub_bytes})")
        if product.memory_bandwidth_gbps <= 0:
            raise f.error("memory_bandwidth_gbps", f"product {key}: memory_bandwidth_gbps must "
                          f"be positive, got {product.memory_bandwidth_gbps}")
        if product.launch_cores() < 1:
            raise f.error("ai_cores", f"product {key} launches on 0 cores; set "
                                      f"{'vector_cores' if architecture == 'split' else 'ai_cores'}")
        for other in products:
            if other.npu_arch == product.npu_arch and other.cpu_debug_defines != product.cpu_debug_defines:
                raise f.error("cpu_debug_defines", f"product {key}: cpu_debug_defines differ from those of "
                                                   f"product {other.key} ({other.loc}), which has the same "
                                                   f"npu_arch {product.npu_arch}")
        products.append(product)
    top.done()
    return tuple(dtype_sizes), tuple(products)


_DEFINE = re.compile(r"^[A-Za-z_]\w*(=[^\s=]+)?$")


def _parse_defines(f: _Fields) -> tuple[str, ...]:
    """`cpu_debug_defines`: NAME or NAME=VALUE, each once, without __NPU_ARCH__ (npu_arch says it)."""
    defines = f.take("cpu_debug_defines", list)
    names: list[str] = []
    for d in defines:
        if not isinstance(d, str) or not _DEFINE.match(d):
            raise f.error("cpu_debug_defines", f"cpu_debug_defines entry {d!r} must be NAME or NAME=VALUE")
        name = d.split("=")[0]
        if name == "__NPU_ARCH__":
            raise f.error("cpu_debug_defines", "cpu_debug_defines must not define __NPU_ARCH__: npu_arch does")
        if name in names:
            raise f.error("cpu_debug_defines", f"cpu_debug_defines defines {name} twice")
        names.append(name)
    return tuple(defines)


# --- <op>.yaml ----------------------------------------------------------------------------------

def _parse_tensor_args(f: _Fields, key: str) -> tuple[TensorArg, ...]:
    out = []
    for item, line in _items(f.take(key, list), key, f, key):
        g = _Fields(item, f"{key[:-1]}", f.file, line)
        out.append(TensorArg(g.take("name", str), g.take("doc", str), g.loc()))
        g.done()
    return tuple(out)


_ATTR_PY_TYPES: dict[AttrType, Callable[[Any], bool]] = {
    AttrType.INT: lambda v: isinstance(v, int) and not isinstance(v, bool),
    AttrType.INT_LIST: lambda v: isinstance(v, list) and all(
        isinstance(i, int) and not isinstance(i, bool) for i in v),
    AttrType.STR: lambda v: isinstance(v, str),
}
_ATTR_PY_TYPES[AttrType.OPTIONAL_INT_LIST] = lambda v: v is None or _ATTR_PY_TYPES[
    AttrType.INT_LIST](v)


def _parse_attributes(f: _Fields) -> tuple[Attribute, ...]:
    out: list[Attribute] = []
    for item, line in _items(f.take("attributes", list), "attributes", f, "attributes"):
        g = _Fields(item, "attribute", f.file, line)
        name = g.take("name", str)
        type_text = g.take("type", str)
        try:
            typ = AttrType(type_text)
        except ValueError:
            raise g.error("type", _unknown(type_text, [t.value for t in AttrType],
                                           "attribute type")) from None
        default = g.take("default", object, REQUIRED) if "default" in item else REQUIRED
        g.taken.add("default")
        choices = g.take("choices", list, None)
        if choices is not None and typ is not AttrType.STR:
            raise g.error("choices", f"attribute {name}: choices are only for str attributes")
        for choice, choice_line in _items(choices or [], "choices", g, "choices"):
            if not isinstance(choice, str):
                raise SpecError(f"{f.file}:{choice_line}: attribute {name}: choice {choice!r} is "
                                f"{_kind(choice)}; the choices of a str attribute are strings")
        attr = Attribute(name, typ, default, tuple(choices) if choices is not None else None,
                         g.take("keyword_only", bool, False), g.take("doc", str), g.loc())
        g.done()
        if not attr.required and not _ATTR_PY_TYPES[typ](default):
            raise g.error("default", f"attribute {name}: default {default!r} is not a valid "
                                     f"{typ.value}")
        if attr.choices is not None and not attr.required and default not in attr.choices:
            raise g.error("default", f"attribute {name}: default {default!r} is not one of "
                                     f"its choices {list(attr.choices)}")
        if any(a.name == name for a in out):
            raise g.error("name", f"attribute {name!r} is declared twice")
        if out and out[-1].keyword_only and not attr.keyword_only:
            raise g.error("keyword_only", f"attribute {name} follows a keyword-only attribute; "
                                          f"mark it keyword_only: true or move it up")
        if out and not out[-1].required and attr.required and not attr.keyword_only:
            raise g.error("name", f"required attribute {name} follows an optional one; move "
                                  f"it before {out[-1].name}")
        out.append(attr)
    return tuple(out)


def _check_args(args: Any, g: _Fields, attrs: tuple[Attribute, ...], what: str,
                complete: bool) -> tuple[tuple[str, Any], ...]:
    names = [a.name for a in attrs]
    for name in args:
        if name not in names:
            raise SpecError(f"{g.file}:{args.key_lines[name]}: {what}: "
                            f"{_unknown(str(name), names, 'argument')}")
    if complete:
        for a in attrs:
            if a.required and a.name not in args:
                raise g.error("args", f"{what} does not give the required argument {a.name!r}")
    return tuple((k, _freeze(v)) for k, v in args.items())


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


def _parse_input(g: _Fields) -> Any:
    value = g.take("input", (list, dict))
    if isinstance(value, dict):
        if len(value) != 1 or next(iter(value)) not in ("arange", "arange_from_1"):
            raise g.error("input", "input must be nested lists of numbers or one of "
                                   "{arange: shape}, {arange_from_1: shape}")
    return _freeze(value) if isinstance(value, list) else \
        {k: tuple(v) for k, v in value.items()}


_BACKWARD_FORMS = "`backward: scatter` or `backward: {inverse: <op>}`"


def _parse_backward(f: _Fields) -> Backward | None:
    value = f.take("backward", object, None)  # either form; checked below
    if value is None:
        return None
    loc = f.loc("backward")
    if value == BackwardRule.SCATTER.value:
        return Backward(BackwardRule.SCATTER, None, loc)
    if isinstance(value, dict) and list(value) == [BackwardRule.INVERSE.value] and \
            isinstance(value[BackwardRule.INVERSE.value], str):
        return Backward(BackwardRule.INVERSE, value[BackwardRule.INVERSE.value], loc)
    raise f.error("backward", f"backward must be {_BACKWARD_FORMS}, got {value!r}")


def _check_backward(op: OpSpec, ops: list[OpSpec]) -> None:
    """An inverse names another op that takes the same attributes."""
    b = op.backward
    if b is None or b.rule is not BackwardRule.INVERSE:
        return
    by_name = {o.name: o for o in ops}
    inverse = by_name.get(b.inverse)
    if inverse is None:
        raise SpecError(f"{b.loc}: backward: {_unknown(str(b.inverse), list(by_name), 'op')}")
    mine = [(a.name, a.type) for a in op.attributes]
    theirs = [(a.name, a.type) for a in inverse.attributes]
    if mine != theirs:
        raise SpecError(f"{b.loc}: backward: {{inverse: {inverse.name}}} needs {inverse.name} to "
                        f"take the attributes of {op.name} ({', '.join(n for n, _ in mine)}); "
                        f"it takes ({', '.join(n for n, _ in theirs)})")


# --- corpus: ------------------------------------------------------------------------------------

_LARGE_SIZE_FORM = "{large_over: [dims...], plus: n, at_least: n, multiple_of: n}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _size(value: Any, file: str, line: int, what: str, *, low: int | None) -> Any:
    """An integer (at least `low`, if given) or a `LargeSize` mapping."""
    if isinstance(value, dict):
        g = _Fields(value, f"{what}: large size", file, line)
        over = g.take("large_over", list)
        for dim in over:
            if not _is_int(dim) or dim < 1:
                raise g.error("large_over", f"{what}: large_over must list positive integers "
                                            f"(the case's other dims), got {list(over)}")
        size = LargeSize(tuple(over), g.take("plus", int, 0), g.take_int("at_least", 0, 2**62, 0),
                         g.take_int("multiple_of", 1, 2**62, 1), g.loc())
        g.done()
        return size
    if not _is_int(value) or (low is not None and value < low):
        bound = f" >= {low}" if low is not None else ""
        raise SpecError(f"{file}:{line}: {what}: {value!r} must be an integer{bound} or "
                        f"{_LARGE_SIZE_FORM}")
    return value


def _sizes(value: Any, file: str, line: int, what: str, *, low: int | None) -> Any:
    """An argument or shape: integers and large sizes inside lists, anything else as it is."""
    if isinstance(value, list):
        lines = getattr(value, "item_lines", [line] * len(value))
        return tuple(_size(v, file, item_line, what, low=low) for v, item_line in zip(value, lines))
    if isinstance(value, dict):
        return _size(value, file, line, what, low=low)
    return value


def _parse_corpus_case(item: Any, line: int, f: _Fields, attrs: tuple[Attribute, ...],
                       op_dtypes: list, examples: list[Example]) -> CorpusCase:
    g = _Fields(item, "corpus case", f.file, line)
    name = g.take("name", str)
    what = f"corpus case {name!r}"
    example_name = g.take("example", str, None)
    if example_name is not None:  # the worked example's input shape and arguments
        example = next((e for e in examples if e.name == example_name), None)
        if example is None:
            raise g.error("example", f"{what}: {_unknown(example_name, [e.name for e in examples], 'example')}")
        for key in ("shape", "args"):
            if key in item:
                raise g.error(key, f"{what}: give either example or {key}, not both")
        shape, args = example_input_shape(example.input), example.args
    else:
        raw_shape = g.take("shape", list)
        shape = _sizes(raw_shape, f.file, g.loc("shape").line, f"{what}: shape", low=0)
        raw_args = g.take("args", dict)
        _check_args(raw_args, g, attrs, what, True)
        args = tuple((key, _sizes(value, f.file, raw_args.key_lines[key], f"{what}: {key}",
                                  low=None)) for key, value in raw_args.items())
    case = CorpusCase(name, shape, args, g.take("quick", bool, False),
                      g.take("large_contiguous", bool, False), g.take("dtype", str, None), g.loc())
    g.done()
    if case.dtype is not None and case.dtype not in op_dtypes:
        raise g.error("dtype", f"{what}: {_unknown(case.dtype, op_dtypes, 'dtype')} (the op's "
                               f"dtypes)")
    return case


_FORMULA_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load, ast.Add, ast.Sub,
                  ast.Mult, ast.FloorDiv, ast.USub)


def _formula(value: Any, file: str, line: int, what: str, names: list[str]) -> Formula:
    """An integer or integer arithmetic on drawn names, checked now so evaluating cannot fail."""
    text = str(value) if _is_int(value) else value
    if not isinstance(text, str):
        raise SpecError(f"{file}:{line}: {what}: {value!r} must be an integer or a formula of "
                        f"the drawn names ({', '.join(names)})")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        tree = None
    bad = tree is None or any(
        not isinstance(n, _FORMULA_NODES) and not (isinstance(n, ast.Constant) and _is_int(n.value))
        for n in ast.walk(tree))
    if bad:
        raise SpecError(f"{file}:{line}: {what}: {text!r} is not a formula: write integers and "
                        f"drawn names joined by +, -, * and //")
    formula = Formula(text, Location(file, line))
    for used in formula.names():
        if used not in names:
            raise SpecError(f"{file}:{line}: {what}: {_unknown(used, names, 'drawn name')}")
    return formula


def _parse_draw(name: Any, value: Any, file: str, line: int) -> Draw:
    kinds = [k.value for k in DrawKind]
    if not isinstance(name, str) or not name.isidentifier():
        raise SpecError(f"{file}:{line}: draw {name!r}: a drawn name must be an identifier "
                        f"(letters, digits, _), as formulas use it")
    g = _Fields(value, f"draw {name}", file, line)
    given = [k for k in kinds if k in value]
    if len(given) != 1:
        raise g.error(None, f"draw {name} needs exactly one of {', '.join(kinds)}")
    kind = DrawKind(given[0])
    values = g.take(kind.value, list)
    g.done()
    if kind is DrawKind.CHOICE:
        if not values or not all(_is_int(v) or isinstance(v, str) for v in values):
            raise g.error(kind.value, f"draw {name}: choice must list integers or strings, got "
                                      f"{list(values)}")
    else:
        number = _is_int if kind is DrawKind.BETWEEN else (
            lambda v: isinstance(v, (int, float)) and not isinstance(v, bool))
        if len(values) != 2 or not all(number(v) for v in values) or \
                not 0 <= values[0] < values[1]:
            unit = "integers" if kind is DrawKind.BETWEEN else "numbers of lines"
            raise g.error(kind.value, f"draw {name}: {kind.value} must be [low, high], {unit} "
                                      f"with 0 <= low < high, got {list(values)}")
    return Draw(name, kind, tuple(values), Location(file, line))


def _parse_line_cases(node: Any, line: int, f: _Fields,
                      attrs: tuple[Attribute, ...]) -> RandomCases:
    g = _Fields(node, "corpus.line_cases", f.file, line)
    raw_draws = g.take("draw", dict)
    draws = tuple(_parse_draw(n, v, f.file, raw_draws.key_lines[n]) for n, v in raw_draws.items())
    names = [d.name for d in draws]
    shape_by = g.take("shape_by", str, None)
    if shape_by is None:
        raw = g.take("shape", list)
        shapes = ((None, tuple(_formula(v, f.file, item_line, "line_cases: shape", names)
                               for v, item_line in _items(raw, "shape", g, "shape"))),)
    else:
        by = {d.name: d for d in draws}.get(shape_by)
        if by is None or by.kind is not DrawKind.CHOICE:
            raise g.error("shape_by", f"line_cases: shape_by must name a choice draw, got "
                                      f"{shape_by!r}")
        raw_shapes = g.take("shapes", dict)
        if sorted(map(str, raw_shapes)) != sorted(map(str, by.values)):
            raise g.error("shapes", f"line_cases: shapes needs one shape for each choice of "
                                    f"{shape_by} ({', '.join(map(str, by.values))}), got "
                                    f"{', '.join(map(str, raw_shapes))}")
        shapes = tuple(
            (key, tuple(_formula(v, f.file, raw_shapes.key_lines[key], f"line_cases: shapes.{key}",
                                 names) for v in value))
            for key, value in raw_shapes.items())
    raw_args = g.take("args", dict)
    _check_args(raw_args, g, attrs, "line_cases", True)
    args = []
    for key, value in raw_args.items():
        arg_line, attr = raw_args.key_lines[key], next(a for a in attrs if a.name == key)
        what = f"line_cases: {key}"
        if attr.type is AttrType.STR and value not in names:
            if attr.choices is not None and value not in attr.choices:
                raise SpecError(f"{f.file}:{arg_line}: {what}: {value!r} is neither a drawn name "
                                f"nor one of the choices {list(attr.choices)}")
            args.append((key, value))
        elif isinstance(value, list):
            lines = getattr(value, "item_lines", [arg_line] * len(value))
            args.append((key, tuple(_formula(v, f.file, item_line, what, names)
                                    for v, item_line in zip(value, lines))))
        else:
            args.append((key, _formula(value, f.file, arg_line, what, names)))
    g.done()
    return RandomCases(draws, shape_by, shapes, tuple(args), g.loc())


def _parse_corpus(f: _Fields, attrs: tuple[Attribute, ...], op_dtypes: list,
                  examples: list[Example], name: str) -> Corpus | None:
    node = f.take("corpus", dict, None)
    if node is None:
        return None
    g = _Fields(node, "corpus", f.file, f.loc("corpus").line)
    cases = []
    for item, line in _items(g.take("cases", list), "cases", g, "cases"):
        case = _parse_corpus_case(item, line, g, attrs, op_dtypes, examples)
        if any(c.name == case.name for c in cases):
            raise SpecError(f"{case.loc}: corpus case {case.name!r} is listed twice; give each "
                            f"case its own name")
        cases.append(case)
    line_node = g.take("line_cases", dict, None)
    line_cases = None if line_node is None else \
        _parse_line_cases(line_node, g.loc("line_cases").line, g, attrs)
    g.done()
    large = [c for c in cases if c.large_contiguous]
    if len(large) != 1:
        raise f.error("corpus", f"op {name}: corpus needs exactly one case marked large_contiguous: "
                            f"true (the copy that must reach 95% DMA efficiency), found "
                            f"{len(large)}")
    return Corpus(tuple(cases), line_cases, g.loc())


# --- onnx_node: ---------------------------------------------------------------------------------

def _choice_of(attrs: tuple[Attribute, ...], arg: str, value: Any, g: _Fields, key: str,
               what: str) -> None:
    attr = next((a for a in attrs if a.name == arg), None)
    if attr is None:
        raise g.error(key, f"{what}: {_unknown(str(arg), [a.name for a in attrs], 'argument')}")
    if attr.choices is not None and value not in attr.choices:
        raise g.error(key, f"{what}: {value!r} is not one of {arg}'s choices "
                           f"{list(attr.choices)}")


def _parse_layout_change(value: Any, file: str, line: int, what: str) -> LayoutChange:
    g = _Fields(value, what, file, line)
    permute = g.take("permute", list)
    merge = g.take("merge", list, None)
    g.done()
    if sorted(permute) != list(range(len(permute))):
        raise g.error("permute", f"{what}: permute must list each axis 0..{len(permute) - 1} "
                                 f"once, got {list(permute)}")
    if merge is not None and not (len(merge) == 2 and all(map(_is_int, merge)) and
                                  0 <= merge[0] < merge[1] < len(permute)):
        raise g.error("merge", f"{what}: merge must be [first, last], axes of the permuted "
                               f"input with first < last, got {list(merge)}")
    return LayoutChange(tuple(permute), tuple(merge) if merge is not None else None, g.loc())


def _parse_onnx_node(f: _Fields, attrs: tuple[Attribute, ...]) -> OnnxNodeSpec | None:
    node = f.take("onnx_node", dict, None)
    if node is None:
        return None
    g = _Fields(node, "onnx_node", f.file, f.loc("onnx_node").line)
    op_type = g.take("op_type", str)
    names = [a.name for a in attrs]
    raw_attributes = g.take("attributes", dict, {})
    for onnx_name, arg in raw_attributes.items():
        if arg not in names:
            raise SpecError(f"{f.file}:{raw_attributes.key_lines[onnx_name]}: onnx_node "
                            f"attribute {onnx_name}: {_unknown(str(arg), names, 'argument')}")
    raw_when = g.take("when", dict, {})
    when_fields = _Fields(raw_when, "onnx_node.when", f.file, g.loc("when").line)
    for arg, value in raw_when.items():
        _choice_of(attrs, arg, value, when_fields, arg, "onnx_node.when")
    layout = None
    raw_layout = g.take("layout", dict, None)
    if raw_layout is not None:
        h = _Fields(raw_layout, "onnx_node.layout", f.file, g.loc("layout").line)
        argument = h.take("argument", str)
        attr = next((a for a in attrs if a.name == argument), None)
        if attr is None or attr.choices is None:
            raise h.error("argument", f"onnx_node.layout: argument must name a str argument "
                                      f"with choices, got {argument!r}")
        native = h.take("native", str)
        _choice_of(attrs, argument, native, h, "native", "onnx_node.layout.native")
        raw_changes = h.take("changes", dict, {})
        changes_fields = _Fields(raw_changes, "onnx_node.layout.changes", f.file,
                                 h.loc("changes").line)
        changes = []
        for value, change in raw_changes.items():
            what = f"onnx_node.layout.changes.{value}"
            _choice_of(attrs, argument, value, changes_fields, value, what)
            if value == native:
                raise changes_fields.error(value, f"{what}: {native} is the node's own layout; "
                                                  f"it needs no change")
            changes.append((value, _parse_layout_change(change, f.file,
                                                        raw_changes.key_lines[value], what)))
        h.done()
        layout = OnnxNodeLayout(argument, native, tuple(changes), h.loc())
    g.done()
    return OnnxNodeSpec(op_type, tuple(raw_attributes.items()), tuple(raw_when.items()), layout,
                        g.loc())


# --- bench: ------------------------------------------------------------------------------------

def _bench_expression(g: _Fields, key: str, value: Any, line: int | None = None) -> str:
    """A Python expression of the bench key, compiled once here so a typo names its line."""
    if not isinstance(value, str):
        raise g.error(key, f"{g.what}.{key} must be a Python expression (str), got "
                           f"{_kind(value)} {value!r}")
    try:
        compile(value, "<bench>", "eval")
    except SyntaxError as e:
        where = f"{g.file}:{line}" if line is not None else str(g.loc(key))
        raise SpecError(f"{where}: {g.what}.{key}: {value!r} is not a Python expression "
                        f"({e.msg})") from None
    return value


def _parse_bench(f: _Fields, attrs: tuple[Attribute, ...]) -> Bench | None:
    node = f.take("bench", dict, None)
    if node is None:
        return None
    b = _Fields(node, "bench", f.file, f.loc("bench").line)
    classes = []
    for item, line in _items(b.take("classes", list), "classes", b, "classes"):
        g = _Fields(item, "bench class", f.file, line)
        key = g.take("key", str)
        kind = g.take("kind", str)
        if kind not in BENCH_KINDS:
            raise g.error("kind", f"bench class {key}: {_unknown(kind, BENCH_KINDS, 'kind')}")
        dims = g.take("input", list)
        for dim, dim_line in _items(dims, "input", g, "input"):
            if not isinstance(dim, int) or isinstance(dim, bool):
                _bench_expression(g, "input", dim, dim_line)
        raw = g.take("baselines", dict)
        if not raw:
            raise g.error("baselines", f"bench class {key} needs at least one baseline")
        baselines = tuple((str(name), _bench_expression(g, "baselines", expr,
                                                         raw.key_lines[name]))
                          for name, expr in raw.items())
        classes.append(BenchClass(key, g.take("title", str), kind, tuple(dims),
                                  _check_args(g.take("args", dict), g, attrs,
                                              f"bench class {key}", True),
                                  baselines, g.loc()))
        g.done()
        if [c.key for c in classes].count(key) > 1:
            raise g.error("key", f"bench class {key!r} is declared twice")
    t = _Fields(b.take("tiny", dict), "bench tiny", f.file, b.loc("tiny").line)
    tiny_input = t.take("input", list)
    if not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in tiny_input):
        raise t.error("input", f"bench tiny input must be a list of positive ints, got "
                               f"{list(tiny_input)!r}")
    tiny = BenchTiny(tuple(tiny_input), _check_args(t.take("args", dict), t, attrs,
                                                    "bench tiny", True),
                     _bench_expression(t, "clone", t.take("clone", object)), t.loc())
    t.done()
    b.done()
    return Bench(tuple(classes), tiny, b.loc())


def _parse_op(node: Any, rel: str, dtypes: tuple[str, ...],
              products: tuple[Product, ...]) -> OpSpec:
    f = _Fields(node, "op spec", rel, 1)
    name = f.take("op", str)
    expected = Path(rel).stem
    if name != expected:
        raise f.error("op", f"op {name!r} must be declared in op_specs/{name}.yaml, "
                            f"not in {rel}; rename the file or the op")
    attrs = _parse_attributes(f)
    op_dtypes = f.take("dtypes", list)
    for d, line in _items(op_dtypes, "dtypes", f, "dtypes"):
        if d not in dtypes:
            raise SpecError(f"{rel}:{line}: {_unknown(str(d), dtypes, 'dtype')} "
                            f"(dtypes are declared in op_specs/products.yaml)")
    if len(set(op_dtypes)) != len(op_dtypes):
        raise f.error("dtypes", f"op {name} lists a dtype twice: {list(op_dtypes)}")

    rules = []
    raw_rules = f.take("products", dict, {})
    keys = tuple(p.key for p in products)
    for key in raw_rules:
        if key not in keys:
            raise SpecError(f"{rel}:{raw_rules.key_lines[key]}: {_unknown(str(key), keys, 'product')}")
        g = _Fields(raw_rules, "products", rel, raw_rules.line)
        rule = _parse_dtype_rule(raw_rules[key], g, key, dtypes)
        lacking = [d for d in rule.dtypes if d not in op_dtypes]
        if lacking:
            raise g.error(key, f"op {name}: the rule for {key} names {', '.join(lacking)}, "
                               f"which the op does not have (its dtypes: {', '.join(op_dtypes)})")
        if not rule.apply(tuple(op_dtypes)):
            raise g.error(key, f"op {name}: the rule for {key} leaves the op no dtype there; "
                               f"every op needs at least one dtype on every product line")
        rules.append((key, rule))

    examples = []
    for item, line in _items(f.take("examples", list), "examples", f, "examples"):
        g = _Fields(item, "example", rel, line)
        ex_name = g.take("name", str)
        ex = Example(ex_name, g.take("doc", str), _parse_input(g), g.take("dtype", str),
                     _check_args(g.take("args", dict), g, attrs, f"example {ex_name}", True),
                     _freeze(g.take("output", list, None)),
                     _freeze(g.take("output_shape", list, None)), g.loc())
        g.done()
        if ex.dtype not in op_dtypes:
            raise g.error("dtype", f"example {ex_name}: {_unknown(ex.dtype, op_dtypes, 'dtype')}"
                                   f" (the op's dtypes)")
        if ex.output is None and ex.output_shape is None:
            raise g.error(None, f"example {ex_name} needs 'output' or 'output_shape'")
        examples.append(ex)
    if not examples:
        raise f.error("examples", f"op {name} needs at least one worked example")

    errors = []
    for item, line in _items(f.take("errors", list, []), "errors", f, "errors"):
        g = _Fields(item, "error example", rel, line)
        er_name = g.take("name", str)
        errors.append(ErrorExample(
            er_name, _parse_input(g), g.take("dtype", str, op_dtypes[0]),
            _check_args(g.take("args", dict), g, attrs, f"error example {er_name}", False),
            g.take("message", str), g.loc()))
        g.done()

    spec = OpSpec(
        name=name, op_type=f.take("op_type", str), semantics=f.take("semantics", str),
        summary=f.take("summary", str), doc=f.take("doc", str),
        inputs=_parse_tensor_args(f, "inputs"), outputs=_parse_tensor_args(f, "outputs"),
        attributes=attrs, dtypes=tuple(op_dtypes), product_rules=tuple(rules),
        examples=tuple(examples), errors=tuple(errors), loc=f.loc(),
        max_rank=f.take_int("max_rank", 1, _MAX_RANK, None) if "max_rank" in f.node else None,
        backward=_parse_backward(f), corpus=_parse_corpus(f, attrs, op_dtypes, examples, name),
        onnx_node=_parse_onnx_node(f, attrs), bench=_parse_bench(f, attrs), limits=_parse_limits(f))
    f.done()
    if len(spec.inputs) != 1 or len(spec.outputs) != 1:
        raise f.error("inputs", f"op {name}: the data-movement engine takes exactly one input "
                                f"and one output tensor")
    return spec


_LIMIT_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
_INT32_MAX = 2**31 - 1


def _parse_limits(f: _Fields) -> tuple[Limit, ...]:
    """`limits:`: the op's bounds on its arguments, each generated for Python and C++ by name."""
    out: list[Limit] = []
    for item, line in _items(f.take("limits", list, []), "limits", f, "limits"):
        g = _Fields(item, "limit", f.file, line)
        name = g.take("name", str)
        if not _LIMIT_NAME.match(name):
            raise g.error("name", f"limit name {name!r} must be snake_case (lower-case words joined by _)")
        if name == "max_rank":
            raise g.error("name", "max_rank is its own key of the op spec, not a limit")
        if any(limit.name == name for limit in out):
            raise g.error("name", f"limit {name!r} is declared twice")
        out.append(Limit(name, g.take_int("value", 1, _INT32_MAX), g.take("doc", str), g.loc()))
        g.done()
    return tuple(out)


# --- entry points -------------------------------------------------------------------------------

def load_specs(spec_dir: Path, root: Path | None = None) -> SpecSet:
    """Parse and validate every spec in `spec_dir`; file names in errors are relative to `root`."""
    spec_dir = Path(spec_dir)
    root = Path(root) if root is not None else spec_dir.parent

    def rel(p: Path) -> str:
        try:
            return p.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            return p.as_posix()

    products_path = spec_dir / PRODUCTS_FILE
    if not products_path.is_file():
        raise SpecError(f"{rel(products_path)}:1: missing: op_specs needs a products.yaml")
    dtype_sizes, products = _parse_products(_load_yaml(products_path, rel(products_path)),
                                            rel(products_path))
    dtypes = tuple(n for n, _ in dtype_sizes)
    ops = []
    for path in sorted(spec_dir.glob("*.yaml")):
        if path.name == PRODUCTS_FILE:
            continue
        ops.append(_parse_op(_load_yaml(path, rel(path)), rel(path), dtypes, products))
    if not ops:
        raise SpecError(f"{rel(spec_dir)}:1: no op specs found next to products.yaml")
    for o in ops:
        _check_backward(o, ops)
    types = [o.op_type for o in ops]
    for o in ops:
        if types.count(o.op_type) > 1:
            raise SpecError(f"{o.loc}: op_type {o.op_type!r} is used by more than one op")
    return SpecSet(dtype_sizes, products, tuple(ops))


# Note [project files]
# ~~~~~~~~~~~~~~~~~~~~
# The specs and the C++ sources the package compiles at run time (the engine headers, the
# AscendC emulator, the generated kernels) sit in the checkout beside python/, as op_specs/ and
# ascend_kernels/. Run from a checkout (an editable install, the tests, `ascend-ops generate`)
# the package reads those very folders, so an edited spec takes effect at once. A wheel carries
# a copy of both under ascend_ops_gen/bundled/ (setup.py), read-only data with the same layout.
# Only the checkout the package itself sits in counts, never some op_specs/ further up: a
# venv inside a checkout must not read that checkout with an installed wheel.
_PACKAGE_DIR = Path(__file__).resolve().parents[1]
_CHECKOUT = _PACKAGE_DIR.parents[1]  # <checkout>/python/ascend_ops_gen
_BUNDLED = _PACKAGE_DIR / "bundled"


def _is_project(root: Path) -> bool:
    return (root / "op_specs" / PRODUCTS_FILE).is_file()


def running_from_checkout() -> bool:
    """Whether the package runs from a checkout (editable install) rather than an installed wheel."""
    return _PACKAGE_DIR.parent.name == "python" and _is_project(_CHECKOUT)


def project_root() -> Path:
    """The folder holding the op_specs/ and ascend_kernels/ in use (Note [project files]): the
    checkout, else the copy inside the installed package."""
    if running_from_checkout():
        return _CHECKOUT
    if _is_project(_BUNDLED):
        return _BUNDLED
    raise SpecError(f"{_BUNDLED / 'op_specs' / PRODUCTS_FILE}:1: missing: this ascend-ops "
                    f"({_PACKAGE_DIR}) is neither in a checkout nor an installed wheel with its "
                    f"bundled specs; reinstall it (pip install ascend-ops, or pip install -e . "
                    f"in a checkout)")


def spec_folder_description() -> str:
    """Which op_specs/ the package reads, for `ascend-ops --version`."""
    where = "the checkout" if running_from_checkout() else "bundled with the installed package"
    return f"{project_root() / 'op_specs'} ({where})"


@functools.lru_cache(maxsize=None)
def specs() -> SpecSet:
    """The package's own specs, parsed once."""
    root = project_root()
    return load_specs(root / "op_specs", root)
