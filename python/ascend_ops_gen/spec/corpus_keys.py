"""An op spec's test keys: `corpus:`, the cases every backend runs and compares (shapes, sizes
given by formulas over the op's attributes, drawn values, one-line case tables)."""
from __future__ import annotations

import ast
from typing import Any

from ..errors import SpecError
from .fields import Fields, check_args, is_int, items_of, unknown
from .model import (Attribute, AttrType, Corpus, CorpusCase, Draw, DrawKind, Example, Formula, LargeSize,
                    Location, RandomCases, example_input_shape)

# --- corpus: ------------------------------------------------------------------------------------

_LARGE_SIZE_FORM = "{large_over: [dims...], plus: n, at_least: n, multiple_of: n}"




def _size(value: Any, file: str, line: int, what: str, *, low: int | None) -> Any:
    """An integer (at least `low`, if given) or a `LargeSize` mapping."""
    if isinstance(value, dict):
        g = Fields(value, f"{what}: large size", file, line)
        over = g.take("large_over", list)
        for dim in over:
            if not is_int(dim) or dim < 1:
                raise g.error("large_over", f"{what}: large_over must list positive integers "
                                            f"(the case's other dims), got {list(over)}")
        size = LargeSize(tuple(over), g.take("plus", int, 0), g.take_int("at_least", 0, 2**62, 0),
                         g.take_int("multiple_of", 1, 2**62, 1), g.loc())
        g.done()
        return size
    if not is_int(value) or (low is not None and value < low):
        bound = f" >= {low}" if low is not None else ""
        raise SpecError(f"{file}:{line}: {what}: {value!r} must be an integer{bound} or "
                        f"{_LARGE_SIZE_FORM}")
    return value


def _sizes(value: Any, file: str, line: int, what: str, *, low: int | None) -> Any:
    """An argument or shape: integers and large sizes inside lists (and inside an int[][]'s rows),
    anything else as it is."""
    if isinstance(value, list):
        lines = getattr(value, "item_lines", [line] * len(value))
        return tuple(_sizes(v, file, item_line, what, low=low) if isinstance(v, list) else
                     _size(v, file, item_line, what, low=low) for v, item_line in zip(value, lines))
    if isinstance(value, dict):
        return _size(value, file, line, what, low=low)
    return value


def _parse_corpus_case(item: Any, line: int, f: Fields, attrs: tuple[Attribute, ...],
                       op_dtypes: list, examples: list[Example]) -> CorpusCase:
    g = Fields(item, "corpus case", f.file, line)
    name = g.take("name", str)
    what = f"corpus case {name!r}"
    example_name = g.take("example", str, None)
    if example_name is not None:  # the worked example's input shape and arguments
        example = next((e for e in examples if e.name == example_name), None)
        if example is None:
            raise g.error("example", f"{what}: {unknown(example_name, [e.name for e in examples], 'example')}")
        for key in ("shape", "args"):
            if key in item:
                raise g.error(key, f"{what}: give either example or {key}, not both")
        shape, args = example_input_shape(example.input), example.args
    else:
        raw_shape = g.take("shape", list)
        shape = _sizes(raw_shape, f.file, g.loc("shape").line, f"{what}: shape", low=0)
        raw_args = g.take("args", dict)
        check_args(raw_args, g, attrs, what, True)
        args = tuple((key, _sizes(value, f.file, raw_args.key_lines[key], f"{what}: {key}",
                                  low=None)) for key, value in raw_args.items())
    case = CorpusCase(name, shape, args, g.take("quick", bool, False),
                      g.take("large_contiguous", bool, False), g.take("dtype", str, None), g.loc())
    g.done()
    if case.dtype is not None and case.dtype not in op_dtypes:
        raise g.error("dtype", f"{what}: {unknown(case.dtype, op_dtypes, 'dtype')} (the op's "
                               f"dtypes)")
    return case


_FORMULA_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load, ast.Add, ast.Sub,
                  ast.Mult, ast.FloorDiv, ast.USub)


def _line_arg(value: Any, file: str, line: int, what: str, names: list[str]) -> Any:
    """A formula, or a list of them (an int[][]'s rows: lists of lists)."""
    if isinstance(value, list):
        lines = getattr(value, "item_lines", [line] * len(value))
        return tuple(_line_arg(v, file, item_line, what, names) for v, item_line in zip(value, lines))
    return _formula(value, file, line, what, names)


def _formula(value: Any, file: str, line: int, what: str, names: list[str]) -> Formula:
    """An integer or integer arithmetic on drawn names, checked now so evaluating cannot fail."""
    text = str(value) if is_int(value) else value
    if not isinstance(text, str):
        raise SpecError(f"{file}:{line}: {what}: {value!r} must be an integer or a formula of "
                        f"the drawn names ({', '.join(names)})")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        tree = None
    bad = tree is None or any(
        not isinstance(n, _FORMULA_NODES) and not (isinstance(n, ast.Constant) and is_int(n.value))
        for n in ast.walk(tree))
    if bad:
        raise SpecError(f"{file}:{line}: {what}: {text!r} is not a formula: write integers and "
                        f"drawn names joined by +, -, * and //")
    formula = Formula(text, Location(file, line))
    for used in formula.names():
        if used not in names:
            raise SpecError(f"{file}:{line}: {what}: {unknown(used, names, 'drawn name')}")
    return formula


def _parse_draw(name: Any, value: Any, file: str, line: int) -> Draw:
    kinds = [k.value for k in DrawKind]
    if not isinstance(name, str) or not name.isidentifier():
        raise SpecError(f"{file}:{line}: draw {name!r}: a drawn name must be an identifier "
                        f"(letters, digits, _), as formulas use it")
    g = Fields(value, f"draw {name}", file, line)
    given = [k for k in kinds if k in value]
    if len(given) != 1:
        raise g.error(None, f"draw {name} needs exactly one of {', '.join(kinds)}")
    kind = DrawKind(given[0])
    values = g.take(kind.value, list)
    g.done()
    if kind is DrawKind.CHOICE:
        if not values or not all(is_int(v) or isinstance(v, str) for v in values):
            raise g.error(kind.value, f"draw {name}: choice must list integers or strings, got "
                                      f"{list(values)}")
    else:
        number = is_int if kind is DrawKind.BETWEEN else (
            lambda v: isinstance(v, (int, float)) and not isinstance(v, bool))
        if len(values) != 2 or not all(number(v) for v in values) or \
                not 0 <= values[0] < values[1]:
            unit = "integers" if kind is DrawKind.BETWEEN else "numbers of lines"
            raise g.error(kind.value, f"draw {name}: {kind.value} must be [low, high], {unit} "
                                      f"with 0 <= low < high, got {list(values)}")
    return Draw(name, kind, tuple(values), Location(file, line))


def _parse_line_cases(node: Any, line: int, f: Fields,
                      attrs: tuple[Attribute, ...]) -> RandomCases:
    g = Fields(node, "corpus.line_cases", f.file, line)
    raw_draws = g.take("draw", dict)
    draws = tuple(_parse_draw(n, v, f.file, raw_draws.key_lines[n]) for n, v in raw_draws.items())
    names = [d.name for d in draws]
    shape_by = g.take("shape_by", str, None)
    if shape_by is None:
        raw = g.take("shape", list)
        shapes = ((None, tuple(_formula(v, f.file, item_line, "line_cases: shape", names)
                               for v, item_line in items_of(raw, "shape", g, "shape"))),)
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
    check_args(raw_args, g, attrs, "line_cases", True)
    args = []
    for key, value in raw_args.items():
        arg_line, attr = raw_args.key_lines[key], next(a for a in attrs if a.name == key)
        what = f"line_cases: {key}"
        if attr.type is AttrType.STR and value not in names:
            if attr.choices is not None and value not in attr.choices:
                raise SpecError(f"{f.file}:{arg_line}: {what}: {value!r} is neither a drawn name "
                                f"nor one of the choices {list(attr.choices)}")
            args.append((key, value))
        elif attr.type is AttrType.FLOAT and isinstance(value, (int, float)) and not isinstance(value, bool):
            args.append((key, float(value)))  # a float literal (a fill): not drawn
        else:
            args.append((key, _line_arg(value, f.file, arg_line, what, names)))
    g.done()
    return RandomCases(draws, shape_by, shapes, tuple(args), g.loc())


def parse_corpus(f: Fields, attrs: tuple[Attribute, ...], op_dtypes: list,
                  examples: list[Example], name: str) -> Corpus | None:
    g = f.take_section("corpus")
    if g is None:
        return None
    cases = []
    for item, line in items_of(g.take("cases", list), "cases", g, "cases"):
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
