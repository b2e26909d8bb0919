"""The core of the spec schema: YAML with the line of every key, typed field access, and the
check of a call's arguments against an op's attributes.

Every error is a `SpecError` whose message starts with `file:line:`, states the rule and, where it
can, what to write instead. The other spec modules take their fields through `Fields`, so an
unknown or mistyped key reads the same in every file.
"""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import yaml

from ..errors import SpecError
from .model import REQUIRED, Attribute, Location

# --- YAML with line numbers -------------------------------------------------------------------

class _Map(dict):
    """A YAML mapping that remembers where it and each of its keys stand."""

    line: int
    key_lines: dict[str, int]


class _Seq(list):
    line: int
    item_lines: list[int]


class _Lines:
    """The constructors of a loader that keeps lines (mixed into PyYAML's safe loaders)."""

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
                                f"{kind_of(key)} {key!r}; write `name: value`")
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


class _LineLoader(_Lines, yaml.SafeLoader):
    pass


# libyaml's parser, where PyYAML has it, reads a spec about ten times faster; its error messages
# are worded differently, so a file it rejects is parsed again by the Python parser for the message.
_FastLineLoader = type("_FastLineLoader", (_Lines, yaml.CSafeLoader), {}) \
    if hasattr(yaml, "CSafeLoader") else _LineLoader

for _loader in {_LineLoader, _FastLineLoader}:
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _Lines.construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _Lines.construct_sequence)


def load_yaml(path: Path, rel: str) -> Any:
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        column = e.start - data.rfind(b"\n", 0, e.start)
        raise SpecError(f"{rel}:{line}: not UTF-8: byte 0x{data[e.start]:02x} at column {column}; "
                        f"spec files are UTF-8 text") from None
    try:
        return yaml.load(text, Loader=type("_FileLoader", (_FastLineLoader,), {"file": rel}))  # noqa: S506
    except yaml.MarkedYAMLError:
        pass
    try:
        return yaml.load(text, Loader=type("_FileLoader", (_LineLoader,), {"file": rel}))  # noqa: S506
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        line = mark.line + 1 if mark is not None else 1
        raise SpecError(f"{rel}:{line}: not valid YAML: {e.problem}") from None


# --- field access -------------------------------------------------------------------------------

_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               list: "a list", dict: "a mapping"}


class Fields:
    """Takes typed fields out of one mapping; `done()` rejects whatever is left."""

    def __init__(self, node: Any, what: str, file: str, line: int):
        if not isinstance(node, dict):
            raise SpecError(f"{file}:{line}: {what} must be a mapping, got {kind_of(node)}")
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
                                  f"got {kind_of(value)} {value!r}")
        return value

    def take_section(self, key: str) -> "Fields | None":
        """The optional mapping under `key`, as Fields of its own (named `key`), or None."""
        node = self.take(key, dict, None)
        return None if node is None else Fields(node, key, self.file, self.loc(key).line)

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


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    for typ, name in _TYPE_NAMES.items():
        if isinstance(value, typ):
            return name
    return "null" if value is None else type(value).__name__


def items_of(seq: Any, what: str, f: Fields, key: str) -> list[tuple[Any, int]]:
    """The elements of a list field with the line of each."""
    lines = getattr(seq, "item_lines", [f.loc(key).line] * len(seq))
    return list(zip(seq, lines))


def unknown(value: str, known: tuple[str, ...] | list[str], what: str) -> str:
    hint = difflib.get_close_matches(value, list(known), n=1)
    fix = f"did you mean {hint[0]!r}?" if hint else f"known: {', '.join(known)}"
    return f"unknown {what} {value!r}; {fix}"


def check_args(args: Any, g: Fields, attrs: tuple[Attribute, ...], what: str,
                complete: bool) -> tuple[tuple[str, Any], ...]:
    names = [a.name for a in attrs]
    for name in args:
        if name not in names:
            raise SpecError(f"{g.file}:{args.key_lines[name]}: {what}: "
                            f"{unknown(str(name), names, 'argument')}")
    if complete:
        for a in attrs:
            if a.required and a.name not in args:
                raise g.error("args", f"{what} does not give the required argument {a.name!r}")
    return tuple((k, freeze(v)) for k, v in args.items())


def freeze(value: Any) -> Any:
    return tuple(freeze(v) for v in value) if isinstance(value, list) else value



def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
