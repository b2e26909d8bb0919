"""The keys of a custom op's spec (`kind: custom`, Note [custom ops] in model.py): its tensors with
their own dtypes, optional inputs, formats and read modes; its shape rule (`shape:`); the fields it
adds to its tiling data (`tiling:`); and its worked examples with several inputs.

Every error is a `SpecError` naming `file:line`, the key, the value and the rule.
"""
from __future__ import annotations

import re
from typing import Any

from ..errors import SpecError
from .fields import Fields, check_args, freeze, items_of, kind_of, unknown
from .model import (FORMATS, Attribute, AttrType, Corpus, ErrorExample, Example, ReadMode, ShapeRule,
                    ShapeRuleKind, TensorArg, TensorCorpusCase, TensorInput, TilingField, TilingSource)

# The fields every custom op's tiling data starts with (templates/custom_op_host_tiling.h); an
# op's own `tiling:` fields follow them.
STANDARD_TILING_FIELDS = ("totalElems", "blockElems", "tileElems", "alignElems")
_FIELD_NAME = re.compile(r"^[a-z][A-Za-z0-9]*$")
_TENSOR_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def parse_tensor(g: Fields, key: str, index: int, custom: bool, vocabulary: tuple[str, ...]) -> TensorArg:
    """One entry of `inputs` or `outputs`. A view op's tensors have a name and a doc only."""
    what = key[:-1]  # "input" / "output"
    name = g.take("name", str)
    if not _TENSOR_NAME.match(name):
        raise g.error("name", f"{what} name {name!r} must be snake_case (lower-case words joined by _)")
    doc = g.take("doc", str)
    custom_keys = ("dtypes", "optional", "format", "read")
    if not custom:
        for k in custom_keys:
            if k in g.node:
                raise g.error(k, f"{what} {name}: `{k}` is a key of custom ops' tensors (kind: custom); "
                                 f"a view op's input and output have the op's `dtypes`")
        g.done()
        return TensorArg(name, doc, g.loc())
    dtypes, same_as = None, None
    if "dtypes" in g.node:
        raw = g.node["dtypes"]
        g.taken.add("dtypes")
        if index == 0 and key == "inputs":
            raise g.error("dtypes", f"input {name}: the first input's dtypes are the op's `dtypes`; "
                                    f"declare them there")
        if isinstance(raw, dict):
            h = Fields(raw, f"{what} {name}.dtypes", g.file, g.loc("dtypes").line)
            same_as = h.take("same_as", str)
            h.done()
        elif isinstance(raw, list):
            for d, line in items_of(raw, "dtypes", g, "dtypes"):
                if d not in vocabulary:
                    raise SpecError(f"{g.file}:{line}: {what} {name}: {unknown(str(d), vocabulary, 'dtype')} "
                                    f"(dtypes are declared in op_specs/products.yaml)")
            if not raw:
                raise g.error("dtypes", f"{what} {name}: dtypes lists no dtype")
            if len(set(raw)) != len(raw):
                raise g.error("dtypes", f"{what} {name} lists a dtype twice: {list(raw)}")
            dtypes = tuple(raw)
        else:
            raise g.error("dtypes", f"{what} {name}.dtypes must be a list of dtypes or {{same_as: <tensor>}}, "
                                    f"got {kind_of(raw)} {raw!r}")
    optional = g.take("optional", bool, False)
    if optional and key == "outputs":
        raise g.error("optional", f"output {name}: only inputs may be optional")
    if optional and index == 0:
        raise g.error("optional", f"input {name}: the first input carries the op's dtype and cannot be optional")
    fmt = g.take("format", str, "ND")
    if fmt not in FORMATS:
        raise g.error("format", f"{what} {name}: {unknown(fmt, FORMATS, 'format')}")
    read = ReadMode.TILE
    if "read" in g.node:
        if key == "outputs":
            raise g.error("read", f"output {name}: `read` is for inputs; outputs are written tile by tile")
        text = g.take("read", str)
        try:
            read = ReadMode(text)
        except ValueError:
            raise g.error("read", f"input {name}: {unknown(text, [m.value for m in ReadMode], 'read mode')}") from None
    if optional and read is not ReadMode.GM:
        raise g.error("optional", f"input {name}: an optional input must be `read: gm` (the generated "
                                  f"pipeline stages present tensors only; the op's Load hook reads it, or "
                                  f"finds it absent)")
    g.done()
    return TensorArg(name, doc, g.loc(), dtypes, same_as, optional, fmt, read)


def check_tensors(f: Fields, name: str, inputs: tuple[TensorArg, ...], outputs: tuple[TensorArg, ...],
                  attrs: tuple[Attribute, ...]) -> None:
    """Across a custom op's tensors: names unique (and no attribute's), `same_as` resolves without
    a cycle, every output's dtype is one InferDataType can set."""
    for before, t in zip(inputs, inputs[1:]):
        if before.optional and not t.optional:
            raise SpecError(f"{t.loc}: op {name}: required input {t.name} follows the optional input "
                            f"{before.name}; optional inputs come last (CANN numbers the inputs present)")
    seen: dict[str, TensorArg] = {}
    for t in inputs + outputs:
        if t.name in seen:
            raise SpecError(f"{t.loc}: op {name}: tensor name {t.name!r} is declared twice")
        if any(a.name == t.name for a in attrs):
            raise SpecError(f"{t.loc}: op {name}: {t.name!r} names a tensor and an attribute")
        seen[t.name] = t
    for t in inputs + outputs:
        if t.same_as is None:
            continue
        if t.same_as not in seen:
            raise SpecError(f"{t.loc}: op {name}: {t.name}.dtypes: same_as: "
                            f"{unknown(t.same_as, list(seen), 'tensor')}")
        path, at = [t.name], t
        while at.dtypes is None and at is not inputs[0]:
            at = seen[at.same_as] if at.same_as is not None else inputs[0]
            if at.name in path:
                raise SpecError(f"{t.loc}: op {name}: the dtypes of {' -> '.join(path + [at.name])} go round "
                                f"in a circle; one of them must list its dtypes")
            path.append(at.name)
    for a in attrs:
        if a.value_of is not None and a.value_of not in [t.name for t in inputs]:
            raise SpecError(f"{a.loc}: op {name}: attribute {a.name}: value_of: "
                            f"{unknown(a.value_of, [t.name for t in inputs], 'input')}")
    for t in outputs:
        if t.dtypes is not None and len(t.dtypes) != 1:
            raise SpecError(f"{t.loc}: op {name}: output {t.name} lists {len(t.dtypes)} dtypes of its own "
                            f"({', '.join(t.dtypes)}): InferDataType could not tell which; give it one dtype or "
                            f"`dtypes: {{same_as: <input>}}`")


def parse_shape_rule(f: Fields, inputs: tuple[TensorArg, ...]) -> ShapeRule:
    """`shape: {same_as: <input>}`, `shape: {broadcast: [<input>, ...]}` or `shape: infer_shape`."""
    forms = "{same_as: <input>}, {broadcast: [<input>, ...]} or infer_shape"
    value = f.take("shape", object)
    loc = f.loc("shape")
    names = [t.name for t in inputs]
    if value == ShapeRuleKind.INFER_SHAPE.value:
        return ShapeRule(ShapeRuleKind.INFER_SHAPE, (), loc)
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in ("same_as", "broadcast"):
        raise f.error("shape", f"shape must be {forms}, got {value!r}")
    (key, arg), = value.items()
    listed = [arg] if key == "same_as" else arg
    if key == "same_as" and not isinstance(arg, str):
        raise f.error("shape", f"shape: same_as must name one input, got {kind_of(arg)} {arg!r}")
    if key == "broadcast" and (not isinstance(arg, list) or len(arg) < 2):
        raise f.error("shape", f"shape: broadcast must list two or more inputs, got {arg!r}")
    for n in listed:
        if n not in names:
            raise f.error("shape", f"shape: {key}: {unknown(str(n), names, 'input')}")
        t = inputs[names.index(n)]
        if t.optional:
            raise f.error("shape", f"shape: {key}: input {n} is optional; the outputs' shape cannot follow "
                                   f"an input that may be absent")
    if len(set(listed)) != len(listed):
        raise f.error("shape", f"shape: broadcast lists an input twice: {list(listed)}")
    kind = ShapeRuleKind.SAME_AS if key == "same_as" else ShapeRuleKind.BROADCAST
    return ShapeRule(kind, tuple(listed), loc)


def parse_tiling(f: Fields, tensors: tuple[TensorArg, ...], attrs: tuple[Attribute, ...]) -> tuple[TilingField, ...]:
    """`tiling:`: the int64 fields the op adds to its tiling data, each filled from one source."""
    out: list[TilingField] = []
    names = [t.name for t in tensors]
    sources = [s.value for s in TilingSource]
    for item, line in items_of(f.take("tiling", list, []), "tiling", f, "tiling"):
        g = Fields(item, "tiling field", f.file, line)
        name = g.take("name", str)
        if not _FIELD_NAME.match(name):
            raise g.error("name", f"tiling field name {name!r} must be lowerCamelCase (a C++ field: rows, "
                                  f"innerElems)")
        if name in STANDARD_TILING_FIELDS:
            raise g.error("name", f"tiling field {name!r} is one of the standard fields every custom op has "
                                  f"({', '.join(STANDARD_TILING_FIELDS)})")
        if any(t.name == name for t in out):
            raise g.error("name", f"tiling field {name!r} is declared twice")
        given = [s for s in sources if s in item]
        if len(given) != 1:
            raise g.error(None, f"tiling field {name} needs exactly one source: {', '.join(sources)}")
        source = TilingSource(given[0])
        tensor = axis = attribute = None
        if source is TilingSource.ATTRIBUTE:
            attribute = g.take("attribute", str)
            match = [a for a in attrs if a.name == attribute]
            if not match:
                raise g.error("attribute", f"tiling field {name}: "
                                           f"{unknown(attribute, [a.name for a in attrs], 'attribute')}")
            if match[0].type is AttrType.STR:
                raise g.error("attribute", f"tiling field {name}: attribute {attribute} is a str; a tiling field "
                                           f"takes an int, float, int[], int[]? or int[][] attribute")
        elif source is TilingSource.ELEMENTS:
            tensor = g.take("elements", str)
        elif source is TilingSource.SHAPE:
            tensor = g.take("shape", str)
        else:
            pair = g.take(source.value, list)
            if len(pair) != 2 or not isinstance(pair[0], str) or not isinstance(pair[1], int) \
                    or isinstance(pair[1], bool):
                raise g.error(source.value, f"tiling field {name}: {source.value} must be [<tensor>, <axis>], "
                                            f"got {pair!r}")
            tensor, axis = pair[0], pair[1]
        if tensor is not None and tensor not in names:
            raise g.error(source.value, f"tiling field {name}: {unknown(tensor, names, 'tensor')}")
        out.append(TilingField(name, source, tensor, axis, attribute, g.take("doc", str), g.loc()))
        g.done()
    _check_struct_names(out, attrs)
    return tuple(out)


def _struct_names(f: TilingField, attrs: tuple[Attribute, ...]) -> tuple[str, ...]:
    """The C++ fields a tiling field becomes (Note [tiling accessors] in codegen/custom_op.py)."""
    if f.source is TilingSource.SHAPE:
        return (f"{f.name}Rank", f"{f.name}Dims", f"{f.name}Strides")
    if f.source is TilingSource.ATTRIBUTE and next(a for a in attrs if a.name == f.attribute).type in (
            AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST, AttrType.INT_ROWS):
        return (f"{f.name}Size", f"{f.name}Values")
    return (f.name,)


def _check_struct_names(fields: list[TilingField], attrs: tuple[Attribute, ...]) -> None:
    taken: dict[str, TilingField | None] = {n: None for n in STANDARD_TILING_FIELDS}
    for f in fields:
        for n in _struct_names(f, attrs):
            if n in taken:
                whose = "a standard field" if taken[n] is None else f"a field of {taken[n].name}"
                raise SpecError(f"{f.loc}: tiling field {f.name} becomes the C++ field {n}, which is already "
                                f"{whose}; rename one of them")
            taken[n] = f


def _input_value(g: Fields, key: str, value: Any, what: str) -> Any:
    if isinstance(value, dict):
        if len(value) != 1 or next(iter(value)) not in ("arange", "arange_from_1"):
            raise g.error(key, f"{what} must be nested lists of numbers or one of "
                               f"{{arange: shape}}, {{arange_from_1: shape}}")
        return {k: tuple(v) for k, v in value.items()}
    if not isinstance(value, list):
        raise g.error(key, f"{what} must be nested lists of numbers or {{arange: shape}}, got "
                           f"{kind_of(value)} {value!r}")
    leaves = list(_leaves(value))
    text = next((v for v in leaves if not isinstance(v, (int, float))), None)
    if text is not None:
        hint = " (YAML reads 1e30 as text: write 1.0e+30)" if isinstance(text, str) else ""
        raise g.error(key, f"{what} holds {kind_of(text)} {text!r}; the values are numbers{hint}")
    return freeze(value)


def _leaves(value: Any):
    if isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def _example_tensors(g: Fields, inputs: tuple[TensorArg, ...], groups: tuple[TensorArg, ...],
                     lists: dict[str, tuple[str, ...]], what: str, op_dtypes: tuple[str, ...],
                     dtype: str, default_others: bool) -> tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, str], ...]]:
    """A custom example's `inputs` (by name, every required input) and `dtypes` (one per dtype group
    with more than one dtype, besides the first input's `dtype`; with `default_others`, a group
    not given takes its first dtype)."""
    raw = g.take("inputs", dict)
    names = [t.name for t in inputs]
    for n in raw:
        if n not in names:
            raise SpecError(f"{g.file}:{raw.key_lines[n]}: {what}: inputs: {unknown(str(n), names, 'input')}")
    for t in inputs:
        if not t.optional and t.name not in raw:
            raise g.error("inputs", f"{what} does not give the required input {t.name!r}")
    values = tuple((t.name, _input_value(g, "inputs", raw[t.name], f"{what}: inputs.{t.name}"))
                   for t in inputs if t.name in raw)
    if dtype not in op_dtypes:
        raise g.error("dtype", f"{what}: {unknown(dtype, op_dtypes, 'dtype')} (the dtypes of {inputs[0].name}, "
                               f"the op's)")
    given = g.take("dtypes", dict, {})
    others = [t for t in groups[1:]]
    for n in given:
        if n not in [t.name for t in others]:
            owners = [t.name for t in others] or ["(none: every tensor has the first input's dtype)"]
            raise SpecError(f"{g.file}:{given.key_lines[n]}: {what}: dtypes: {n!r} is no tensor with dtypes of "
                            f"its own; those are: {', '.join(owners)}")
    chosen = []
    for t in others:
        if t.name in given:
            d = given[t.name]
            if d not in lists[t.name]:
                raise SpecError(f"{g.file}:{given.key_lines[t.name]}: {what}: dtypes.{t.name}: "
                                f"{unknown(str(d), lists[t.name], 'dtype')} (the dtypes of {t.name})")
            chosen.append((t.name, d))
        elif len(lists[t.name]) == 1 or default_others:
            chosen.append((t.name, lists[t.name][0]))
        else:
            raise g.error("dtypes", f"{what} must give the dtype of {t.name} (one of "
                                    f"{', '.join(lists[t.name])}) under dtypes:")
    return values, tuple(chosen)


def parse_custom_example(g: Fields, inputs, groups, lists, attrs, op_dtypes) -> Example:
    name = g.take("name", str)
    what = f"example {name}"
    doc = g.take("doc", str)
    dtype = g.take("dtype", str)
    values, chosen = _example_tensors(g, inputs, groups, lists, what, op_dtypes, dtype, False)
    ex = Example(name, doc, None, dtype, check_args(g.take("args", dict, _empty(g)), g, attrs, what, True),
                 freeze(g.take("output", list, None)), freeze(g.take("output_shape", list, None)), g.loc(),
                 values, chosen)
    g.done()
    if ex.output is None and ex.output_shape is None:
        raise g.error(None, f"example {name} needs 'output' or 'output_shape'")
    return ex


def parse_custom_error(g: Fields, inputs, groups, lists, attrs, op_dtypes) -> ErrorExample:
    name = g.take("name", str)
    what = f"error example {name}"
    dtype = g.take("dtype", str, op_dtypes[0])
    values, chosen = _example_tensors(g, inputs, groups, lists, what, op_dtypes, dtype, True)
    er = ErrorExample(name, None, dtype, check_args(g.take("args", dict, _empty(g)), g, attrs, what, False),
                      g.take("message", str), g.loc(), values, chosen)
    g.done()
    return er


def _empty(g: Fields):
    """An empty mapping as the YAML loader makes them (with key lines), for a key left out."""
    from .fields import _Map

    m = _Map()
    m.line, m.key_lines = g.line, {}
    return m


def parse_custom_corpus(f: Fields, inputs: tuple[TensorArg, ...], attrs: tuple[Attribute, ...]) -> Corpus | None:
    """A custom op's `corpus:`: `cases`, each {name, inputs: {<input>: {shape: [...], between: [low,
    high]}}, args, quick}, run beside the worked examples for every dtype combination of every
    product line."""
    g = f.take_section("corpus")
    if g is None:
        return None
    names = [t.name for t in inputs]
    cases: list[TensorCorpusCase] = []
    for item, line in items_of(g.take("cases", list), "cases", g, "cases"):
        h = Fields(item, "corpus case", f.file, line)
        name = h.take("name", str)
        what = f"corpus case {name!r}"
        if any(c.name == name for c in cases):
            raise h.error("name", f"{what} is listed twice; give each case its own name")
        raw = h.take("inputs", dict)
        for n in raw:
            if n not in names:
                raise SpecError(f"{f.file}:{raw.key_lines[n]}: {what}: inputs: {unknown(str(n), names, 'input')}")
        for t in inputs:
            if not t.optional and t.name not in raw:
                raise h.error("inputs", f"{what} does not give the required input {t.name!r}")
        tensors = []
        for t in inputs:
            if t.name not in raw:
                continue
            k = Fields(raw[t.name], f"{what}: inputs.{t.name}", f.file, raw.key_lines[t.name])
            shape = k.take("shape", list)
            if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape):
                raise k.error("shape", f"{what}: inputs.{t.name}.shape must be non-negative integers, got {shape!r}")
            between = k.take("between", list, None)
            if between is not None and (len(between) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                                                     for v in between) or between[0] >= between[1]):
                raise k.error("between", f"{what}: inputs.{t.name}.between must be [low, high] with low < high, "
                                         f"got {between!r}")
            tensors.append(TensorInput(t.name, tuple(shape), tuple(between) if between else None, k.loc()))
            k.done()
        cases.append(TensorCorpusCase(name, tuple(tensors),
                                      check_args(h.take("args", dict, _empty(h)), h, attrs, what, True),
                                      h.take("quick", bool, False), h.loc()))
        h.done()
    corpus = Corpus((), None, g.loc(), tuple(cases))
    g.done()
    return corpus
