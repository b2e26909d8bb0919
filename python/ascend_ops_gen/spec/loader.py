"""Parse `op_specs/*.yaml` into the frozen model of `model.py`: the core schema of an op spec
(tensors, attributes, dtypes, examples, errors, backward, limits) and the entry points.

Validation happens in three places: while parsing each field (types, unknown and duplicate keys;
fields.py), per op (invariants inside one spec), and across files (product keys, dtypes and SoC
names resolve). The keys that serve one tool each have their module: products.py (products.yaml),
corpus_keys.py (`corpus:`, the tests), bench_keys.py (`bench:`) and export_keys.py
(`onnx_node:`). Every error is a `SpecError` whose message starts with `file:line:`, states the
rule and, where it can, what to write instead.
"""
from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path
from typing import Any, Callable

from ..errors import SpecError
from .bench_keys import parse_bench
from .corpus_keys import parse_corpus
from .export_keys import parse_onnx_node
from .fields import Fields, check_args, freeze, items_of, kind_of, load_yaml, unknown
from .custom_keys import (check_tensors, parse_custom_corpus, parse_custom_error, parse_custom_example,
                          parse_shape_rule, parse_tensor, parse_tiling)
from .model import (REQUIRED, Attribute, AttrType, Backward, BackwardRule, ErrorExample, Example,
                    GradientExample, GradientKernel, GradientOp, Limit, OpKind, OpSpec, Product, SpecSet, TensorArg, ViewBuilderDecl)
from .products import parse_dtype_rule, parse_products
from .reserved_names import reserved_name_problem

PRODUCTS_FILE = "products.yaml"
_MAX_RANK = 64  # numpy's NPY_MAXDIMS, and kMaxViewDims of the C++ engine

# --- <op>.yaml ----------------------------------------------------------------------------------

def _parse_tensor_args(f: Fields, key: str, custom: bool, vocabulary: tuple[str, ...]) -> tuple[TensorArg, ...]:
    out = []
    for index, (item, line) in enumerate(items_of(f.take(key, list), key, f, key)):
        out.append(parse_tensor(Fields(item, f"{key[:-1]}", f.file, line), key, index, custom, vocabulary))
    if not out:
        raise f.error(key, f"op spec lists no {key}; an op has at least one input and one output")
    return tuple(out)


_ATTR_PY_TYPES: dict[AttrType, Callable[[Any], bool]] = {
    AttrType.INT: lambda v: isinstance(v, int) and not isinstance(v, bool),
    AttrType.INT_LIST: lambda v: isinstance(v, list) and all(
        isinstance(i, int) and not isinstance(i, bool) for i in v),
    AttrType.STR: lambda v: isinstance(v, str),
}
_ATTR_PY_TYPES[AttrType.OPTIONAL_INT_LIST] = lambda v: v is None or _ATTR_PY_TYPES[
    AttrType.INT_LIST](v)
_ATTR_PY_TYPES[AttrType.FLOAT] = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
_ATTR_PY_TYPES[AttrType.INT_ROWS] = lambda v: isinstance(v, list) and all(_ATTR_PY_TYPES[AttrType.INT_LIST](r)
                                                                          for r in v)
# The attribute types only custom ops and filling view ops take (a custom kernel reads them from the
# tiling data, a filling op's view builder takes them; the compiled fast path and the ONNX export of
# the views that read know int, int[], int[]? and str: Note [filling view ops] in model.py).
_CUSTOM_ATTR_TYPES = (AttrType.FLOAT, AttrType.INT_ROWS)


def _parse_attributes(f: Fields, custom: bool) -> tuple[Attribute, ...]:
    out: list[Attribute] = []
    for item, line in items_of(f.take("attributes", list, []), "attributes", f, "attributes"):
        g = Fields(item, "attribute", f.file, line)
        name = g.take("name", str)
        type_text = g.take("type", str)
        try:
            typ = AttrType(type_text)
        except ValueError:
            raise g.error("type", unknown(type_text, [t.value for t in AttrType],
                                           "attribute type")) from None
        default = g.take("default", object, REQUIRED) if "default" in item else REQUIRED
        g.taken.add("default")
        choices = g.take("choices", list, None)
        if choices is not None and typ is not AttrType.STR:
            raise g.error("choices", f"attribute {name}: choices are only for str attributes")
        for choice, choice_line in items_of(choices or [], "choices", g, "choices"):
            if not isinstance(choice, str):
                raise SpecError(f"{f.file}:{choice_line}: attribute {name}: choice {choice!r} is "
                                f"{kind_of(choice)}; the choices of a str attribute are strings")
        if typ in _CUSTOM_ATTR_TYPES and not custom and "fill" not in f.node:
            raise g.error("type", f"attribute {name}: {typ.value} attributes are for custom ops (kind: custom) "
                                  f"and filling view ops (`fill:`); a view op that reads takes int, int[], "
                                  f"int[]? and str")
        inner = g.take_int("inner", 1, 2**31 - 1) if typ is AttrType.INT_ROWS else None
        if "inner" in item and typ is not AttrType.INT_ROWS:
            raise g.error("inner", f"attribute {name}: `inner` is for int[][] attributes (the ints of each row)")
        value_of = g.take("value_of", str, None)
        if value_of is not None and typ is not AttrType.FLOAT:
            raise g.error("value_of", f"attribute {name}: `value_of` is for float attributes (a value of an "
                                      f"input's dtype)")
        attr = Attribute(name, typ, default, tuple(choices) if choices is not None else None,
                         g.take("keyword_only", bool, False), g.take("doc", str), g.loc(), inner, value_of)
        g.done()
        if not attr.required and not _ATTR_PY_TYPES[typ](default):
            raise g.error("default", f"attribute {name}: default {default!r} is not a valid "
                                     f"{typ.value}")
        if not attr.required and typ is AttrType.FLOAT and default == 0:
            raise g.error("default", f"attribute {name}: a float default of {default!r} loses the sign of a "
                                     f"zero given: torch's dispatcher leaves out an argument equal to its "
                                     f"default, and -0.0 equals 0.0; give no default or one that is not zero")
        if not attr.required and typ is AttrType.INT_ROWS and any(len(r) != inner for r in default):
            raise g.error("default", f"attribute {name}: default {default!r} has a row of other than "
                                     f"{inner} ints (inner: {inner})")
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



def _parse_input(g: Fields) -> Any:
    value = g.take("input", (list, dict))
    if isinstance(value, dict):
        if len(value) != 1 or next(iter(value)) not in ("arange", "arange_from_1"):
            raise g.error("input", "input must be nested lists of numbers or one of "
                                   "{arange: shape}, {arange_from_1: shape}")
    return freeze(value) if isinstance(value, list) else \
        {k: tuple(v) for k, v in value.items()}


_BACKWARD_FORMS = ("`backward: scatter`, `backward: {scatter: <gradient op>}` or "
                   "`backward: {inverse: <op>}`")
_OP_TYPE = re.compile(r"[A-Z][A-Za-z0-9]*")


def _parse_gradient_op(f: Fields) -> GradientOp:
    """`backward: {scatter: {op, op_type, semantics, summary, kernel}}`: the declared gradient op."""
    g = Fields(f.node["backward"][BackwardRule.SCATTER.value], "backward.scatter", f.file,
               f.loc("backward").line)
    name, op_type = g.take("op", str), g.take("op_type", str)
    if not _OP_TYPE.fullmatch(op_type):
        raise g.error("op_type", f"backward.scatter.op_type {op_type!r} must be CamelCase")
    for key, value, what in (("op", name, "gradient op name"), ("op_type", op_type, "backward.scatter.op_type")):
        problem = reserved_name_problem(value, what)  # its folder and OpDef are generated too
        if problem:
            raise g.error(key, problem)
    semantics, summary = g.take("semantics", str), g.take("summary", str)
    kernel = g.take("kernel", str)
    if kernel not in {k.value for k in GradientKernel}:
        raise g.error("kernel", f"backward.scatter.kernel must be 'engine' (the engine's write "
                                f"direction: an AscendC kernel of its own) or 'none' (no kernel: every "
                                f"device runs its torch view write), got {kernel!r}")
    examples = []
    for node, line in items_of(g.take("examples", list, []), "backward.scatter.examples", g, "examples"):
        e = Fields(node, "backward.scatter.examples[]", f.file, line)
        output = e.take("output", list)
        examples.append(GradientExample(e.take("example", str), e.take("doc", str), freeze(output), e.loc()))
        e.done()
    g.done()
    return GradientOp(name, op_type, semantics, summary, GradientKernel(kernel), g.loc(), tuple(examples))


def _parse_backward(f: Fields) -> Backward | None:
    value = f.take("backward", object, None)  # either form; checked below
    if value is None:
        return None
    loc = f.loc("backward")
    if value == BackwardRule.SCATTER.value:
        return Backward(BackwardRule.SCATTER, None, loc)
    if isinstance(value, dict) and list(value) == [BackwardRule.SCATTER.value]:
        return Backward(BackwardRule.SCATTER, None, loc, _parse_gradient_op(f))
    if isinstance(value, dict) and list(value) == [BackwardRule.INVERSE.value] and \
            isinstance(value[BackwardRule.INVERSE.value], str):
        return Backward(BackwardRule.INVERSE, value[BackwardRule.INVERSE.value], loc)
    raise f.error("backward", f"backward must be {_BACKWARD_FORMS}, got {value!r}")


def _check_backward(op: OpSpec, ops: list[OpSpec]) -> None:
    """An inverse names another op that takes the same attributes."""
    b = op.backward
    by_name = {o.name: o for o in ops}
    if b is not None and b.gradient is not None:
        g = b.gradient
        if g.name != f"{op.name}_grad":
            raise SpecError(f"{g.loc}: backward.scatter.op must be {op.name}_grad (the gradient "
                            f"op of {op.name}), got {g.name!r}")
        if g.name in by_name:
            raise SpecError(f"{g.loc}: backward.scatter.op {g.name!r} is already an op spec's name")
        known = [e.name for e in op.examples]
        for example in g.examples:
            if example.example not in known:
                raise SpecError(f"{example.loc}: backward.scatter.examples: "
                                f"{unknown(example.example, known, 'worked example of ' + op.name)}")
        taken = {o.op_type: o.name for o in ops}
        if g.op_type in taken:
            raise SpecError(f"{g.loc}: backward.scatter.op_type {g.op_type!r} is already op "
                            f"{taken[g.op_type]}'s")
    if b is None or b.rule is not BackwardRule.INVERSE:
        return
    inverse = by_name.get(b.inverse)
    if inverse is None:
        raise SpecError(f"{b.loc}: backward: {unknown(str(b.inverse), list(by_name), 'op')}")
    mine = [(a.name, a.type) for a in op.attributes]
    theirs = [(a.name, a.type) for a in inverse.attributes]
    if mine != theirs:
        raise SpecError(f"{b.loc}: backward: {{inverse: {inverse.name}}} needs {inverse.name} to "
                        f"take the attributes of {op.name} ({', '.join(n for n, _ in mine)}); "
                        f"it takes ({', '.join(n for n, _ in theirs)})")


# Keys of a view op's spec that a custom op does not take (Note [custom ops] in model.py), and why.
_VIEW_ONLY_KEYS = {
    "view_builder": "a custom op has no view builder: its kernel is the generated pipeline around Compute",
    "backward": "custom ops are not differentiable yet",
    "onnx_node": "custom ops do not export to ONNX yet",
    "bench": "the benchmark times view ops only",
}
_CUSTOM_ONLY_KEYS = ("shape", "tiling")


def _parse_kind(f: Fields) -> OpKind:
    text = f.take("kind", str, OpKind.VIEW.value)
    try:
        return OpKind(text)
    except ValueError:
        raise f.error("kind", unknown(text, [k.value for k in OpKind], "op kind")) from None


def _parse_op(node: Any, rel: str, dtypes: tuple[str, ...],
              products: tuple[Product, ...]) -> OpSpec:
    f = Fields(node, "op spec", rel, 1)
    name = f.take("op", str)
    expected = Path(rel).stem
    if name != expected:
        raise f.error("op", f"op {name!r} must be declared in op_specs/{name}.yaml, "
                            f"not in {rel}; rename the file or the op")
    for key, what in (("op", "op name"), ("op_type", "op_type")):
        problem = reserved_name_problem(f.node[key], what) if isinstance(f.node.get(key), str) else None
        if problem:
            raise f.error(key, problem)
    kind = _parse_kind(f)
    custom = kind is OpKind.CUSTOM
    for key, why in _VIEW_ONLY_KEYS.items():
        if custom and key in f.node:
            raise f.error(key, f"op {name} is a custom op (kind: custom): `{key}` is a key of view ops; {why}")
    for key in _CUSTOM_ONLY_KEYS:
        if not custom and key in f.node:
            raise f.error(key, f"op {name}: `{key}` is a key of custom ops (kind: custom); a view op's "
                               f"output and kernel come from its view builder")
    attrs = _parse_attributes(f, custom)
    fill = _parse_fill(f, name, attrs, custom)
    op_dtypes = f.take("dtypes", list)
    for d, line in items_of(op_dtypes, "dtypes", f, "dtypes"):
        if d not in dtypes:
            raise SpecError(f"{rel}:{line}: {unknown(str(d), dtypes, 'dtype')} "
                            f"(dtypes are declared in op_specs/products.yaml)")
    if len(set(op_dtypes)) != len(op_dtypes):
        raise f.error("dtypes", f"op {name} lists a dtype twice: {list(op_dtypes)}")
    inputs = _parse_tensor_args(f, "inputs", custom, dtypes)
    outputs = _parse_tensor_args(f, "outputs", custom, dtypes)
    if not custom and (len(inputs) != 1 or len(outputs) != 1):
        raise f.error("inputs", f"op {name}: the data-movement engine (kind: view) takes exactly one input "
                                f"and one output tensor; an op of other tensors is `kind: custom` "
                                f"(docs/adding-an-op.md)")
    if custom:
        check_tensors(f, name, inputs, outputs, attrs)
    # The dtype list of each tensor that owns one (the first input's is the op's `dtypes`).
    lists = {t.name: (tuple(op_dtypes) if i == 0 else t.dtypes)
             for i, t in enumerate(inputs + outputs) if i == 0 or t.dtypes is not None}
    groups = tuple(t for i, t in enumerate(inputs + outputs) if i == 0 or t.dtypes is not None)
    every_dtype = list(dict.fromkeys(d for listed in lists.values() for d in listed))

    rules = []
    raw_rules = f.take("products", dict, {})
    keys = tuple(p.key for p in products)
    for key in raw_rules:
        if key not in keys:
            raise SpecError(f"{rel}:{raw_rules.key_lines[key]}: {unknown(str(key), keys, 'product')}")
        g = Fields(raw_rules, "products", rel, raw_rules.line)
        rule = parse_dtype_rule(raw_rules[key], g, key, dtypes)
        lacking = [d for d in rule.dtypes if d not in every_dtype]
        if lacking:
            raise g.error(key, f"op {name}: the rule for {key} names {', '.join(lacking)}, "
                               f"which the op does not have (its dtypes: {', '.join(every_dtype)})")
        emptied = [t for t in groups if not rule.apply(lists[t.name])]
        if emptied:
            whose = "" if not custom else f" of {emptied[0].name} (its dtypes: {', '.join(lists[emptied[0].name])})"
            raise g.error(key, f"op {name}: the rule for {key} leaves the op no dtype{whose} there; "
                               f"every op needs at least one dtype on every product line")
        rules.append((key, rule))
    if custom:  # the product lines' default rules apply to every tensor too
        for p in products:
            if p.key in dict(rules):
                continue
            emptied = [t for t in groups if not p.dtype_rule.apply(lists[t.name])]
            if emptied:
                t = emptied[0]
                raise f.error("products" if "products" in f.node else "dtypes",
                              f"op {name}: {p.key}'s default dtype rule ({p.loc.file}) leaves {t.name} no dtype "
                              f"(its dtypes: {', '.join(lists[t.name])}); give the op a rule for {p.key} under "
                              f"products:")

    examples = []
    for item, line in items_of(f.take("examples", list), "examples", f, "examples"):
        g = Fields(item, "example", rel, line)
        if custom:
            examples.append(parse_custom_example(g, inputs, groups, lists, attrs, tuple(op_dtypes)))
            continue
        ex_name = g.take("name", str)
        ex = Example(ex_name, g.take("doc", str), _parse_input(g), g.take("dtype", str),
                     check_args(g.take("args", dict), g, attrs, f"example {ex_name}", True),
                     freeze(g.take("output", list, None)),
                     freeze(g.take("output_shape", list, None)), g.loc())
        g.done()
        if ex.dtype not in op_dtypes:
            raise g.error("dtype", f"example {ex_name}: {unknown(ex.dtype, op_dtypes, 'dtype')}"
                                   f" (the op's dtypes)")
        if ex.output is None and ex.output_shape is None:
            raise g.error(None, f"example {ex_name} needs 'output' or 'output_shape'")
        examples.append(ex)
    if not examples:
        raise f.error("examples", f"op {name} needs at least one worked example")

    errors = []
    for item, line in items_of(f.take("errors", list, []), "errors", f, "errors"):
        g = Fields(item, "error example", rel, line)
        if custom:
            errors.append(parse_custom_error(g, inputs, groups, lists, attrs, tuple(op_dtypes)))
            continue
        er_name = g.take("name", str)
        errors.append(ErrorExample(
            er_name, _parse_input(g), g.take("dtype", str, op_dtypes[0]),
            check_args(g.take("args", dict), g, attrs, f"error example {er_name}", False),
            g.take("message", str), g.loc()))
        g.done()

    spec = OpSpec(
        name=name, op_type=f.take("op_type", str), semantics=f.take("semantics", str),
        summary=f.take("summary", str), doc=f.take("doc", str),
        inputs=inputs, outputs=outputs,
        attributes=attrs, dtypes=tuple(op_dtypes), product_rules=tuple(rules),
        examples=tuple(examples), errors=tuple(errors), loc=f.loc(),
        max_rank=f.take_int("max_rank", 1, _MAX_RANK, None) if "max_rank" in f.node else None,
        backward=_parse_backward(f),
        corpus=parse_custom_corpus(f, inputs, attrs) if custom else parse_corpus(f, attrs, op_dtypes, examples, name),
        onnx_node=parse_onnx_node(f, attrs), bench=parse_bench(f, attrs), limits=_parse_limits(f),
        view_builder=_parse_view_builder(f, attrs), kind=kind,
        shape_rule=parse_shape_rule(f, inputs) if custom else None,
        tiling=parse_tiling(f, inputs + outputs, attrs) if custom else (), fill=fill)
    f.done()
    if fill is not None and spec.inputs[0].name != next(a.value_of for a in attrs if a.name == fill):
        raise f.error("fill", f"op {name}: fill attribute {fill} must be a value of the op's input "
                              f"(value_of: {spec.inputs[0].name})")
    return spec


# Keys a filling view op does not take yet (Note [filling view ops] in model.py), and why.
_NOT_FILLING_KEYS = {
    "backward": "the gradient of a filling op is a view of dy, which no `backward` form declares yet",
    "onnx_node": "a filling op does not export to ONNX yet",
    "bench": "the benchmark times the views that read",
}


def _parse_fill(f: Fields, name: str, attrs: tuple[Attribute, ...], custom: bool) -> str | None:
    """`fill:`: the float attribute that fills a filling view op's output."""
    fill = f.take("fill", str, None)
    if fill is None:
        return None
    if custom:
        raise f.error("fill", f"op {name} is a custom op (kind: custom): `fill` is a key of view ops; a "
                              f"custom op's Compute writes every output element")
    attr = next((a for a in attrs if a.name == fill), None)
    if attr is None or attr.type is not AttrType.FLOAT or attr.value_of is None:
        raise f.error("fill", f"op {name}: fill must name a float attribute with value_of (the value "
                              f"the output is filled with); {fill!r} is "
                              f"{'no attribute' if attr is None else attr.type.value + ' ' + fill}")
    if not attr.required:
        raise SpecError(f"{attr.loc}: op {name}: fill attribute {fill} takes no default: torch's dispatcher "
                        f"leaves out an argument equal to its default before a Python kernel sees it, and -0.0 "
                        f"equals 0.0, so a fill of -0.0 would become +0.0")
    for key, why in _NOT_FILLING_KEYS.items():
        if key in f.node:
            raise f.error(key, f"op {name} fills its output (fill: {fill}): no `{key}`; {why}")
    return fill


_LIMIT_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
_INT32_MAX = 2**31 - 1


def _parse_limits(f: Fields) -> tuple[Limit, ...]:
    """`limits:`: the op's bounds on its arguments, each generated for Python and C++ by name."""
    out: list[Limit] = []
    for item, line in items_of(f.take("limits", list, []), "limits", f, "limits"):
        g = Fields(item, "limit", f.file, line)
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


_VIEW_ARGS = ("parameters", "struct")


def _parse_view_builder(f: Fields, attrs: tuple[Attribute, ...]) -> ViewBuilderDecl | None:
    """`view_builder:`: how Build<Op>View takes the attributes (`args`), and which of them
    Check<Op>Dtype takes (`dtype_check`), in spec order."""
    g = f.take_section("view_builder")
    if g is None:
        return None
    args = g.take("args", str, "parameters")
    if args not in _VIEW_ARGS:
        raise g.error("args", f"view_builder.args must be 'parameters' or 'struct', got {args!r}")
    raw = g.take("dtype_check", list, None)
    names = [a.name for a in attrs]
    if raw is not None:
        indices = []
        for name, line in items_of(raw, "dtype_check", g, "dtype_check"):
            if name not in names:
                raise SpecError(f"{f.file}:{line}: view_builder.dtype_check: "
                                f"{unknown(str(name), names, 'attribute')}")
            indices.append(names.index(name))
        if indices != sorted(set(indices)):
            raise g.error("dtype_check", f"view_builder.dtype_check must name attributes once each, in the "
                                         f"spec's order ({', '.join(names)}); got {list(raw)}")
    decl = ViewBuilderDecl(args == "struct", tuple(raw) if raw is not None else None, g.loc())
    g.done()
    return decl


# --- entry points -------------------------------------------------------------------------------

# Note [a broken op spec]
# ~~~~~~~~~~~~~~~~~~~~~~~
# The generator and every check need all specs: load_specs raises the first SpecError. The
# runtime should not lose every op to one op's broken file, so `specs()`, which it reads, loads
# with skip_broken_ops: an op whose file does not parse, whose backward names an op that is not
# there, or whose op_type another op already has, is left out and kept in SpecSet.broken with its
# error. products.yaml, and a folder with no op left, still fail as a whole. Whoever must refuse a
# partial set asks `first_error()` (the `ascend-ops` commands do, before running any of them);
# the package warns at import and raises the op's own error when the op is used.
def load_specs(spec_dir: Path, root: Path | None = None, *, skip_broken_ops: bool = False) -> SpecSet:
    """Parse and validate every spec in `spec_dir`; file names in errors are relative to `root`.
    With `skip_broken_ops`, op specs that do not load are left out (Note [a broken op spec])."""
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
    dtype_sizes, products = parse_products(load_yaml(products_path, rel(products_path)),
                                            rel(products_path))
    dtypes = tuple(n for n, _ in dtype_sizes)
    ops: list[OpSpec] = []
    broken: list[tuple[str, str]] = []

    def left_out(name: str, error: SpecError) -> None:
        if not skip_broken_ops:
            raise error
        broken.append((name, str(error)))

    paths = [p for p in sorted(spec_dir.glob("*.yaml")) if p.name != PRODUCTS_FILE]
    for path in paths:
        try:
            ops.append(_parse_op(load_yaml(path, rel(path)), rel(path), dtypes, products))
        except SpecError as e:
            left_out(path.stem, e)
    if not paths:
        raise SpecError(f"{rel(spec_dir)}:1: no op specs found next to products.yaml")
    changed = True
    while changed:  # an op whose inverse was left out goes too, and what needs it
        changed = False
        for o in list(ops):
            try:
                _check_backward(o, ops)
            except SpecError as e:
                ops.remove(o)
                left_out(o.name, e)
                changed = True
    seen: dict[str, OpSpec] = {}
    for o in list(ops):
        if o.op_type in seen:
            ops.remove(o)
            left_out(o.name, SpecError(f"{o.loc}: op_type {o.op_type!r} is used by more than one op "
                                       f"({seen[o.op_type].name} has it too)"))
        else:
            seen[o.op_type] = o
    if not ops:
        raise SpecError(broken[0][1])
    engine_files = [PRODUCTS_FILE, *(f"{o.name}.yaml" for o in ops if not o.is_custom)]
    return SpecSet(dtype_sizes, products, tuple(ops), tuple(broken), specs_digest(spec_dir, engine_files))


def specs_digest(spec_dir: Path, names: list[str]) -> str:
    """The sha256 of the files `names` of `spec_dir` (name and bytes, by name): what a file
    generated from those specs records to show which specs it was generated from."""
    digest = hashlib.sha256()
    for path in sorted(Path(spec_dir) / name for name in names):
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


# Note [project files]
# ~~~~~~~~~~~~~~~~~~~~
# The specs and the C++ sources the package compiles at run time (the engine headers, the
# AscendC emulator, the generated kernels) sit in the checkout beside python/, as op_specs/ and
# ascend_kernels/. Run from a checkout (an editable install, the tests, `ascend-ops-dev generate`)
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
    """The package's own specs, parsed once; an op spec that does not load is left out and named
    in `broken` (Note [a broken op spec])."""
    root = project_root()
    return load_specs(root / "op_specs", root, skip_broken_ops=True)
