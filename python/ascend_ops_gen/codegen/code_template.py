"""A tiny `$var` template engine, after torchgen's `CodeTemplate`."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping, Sequence

# Placeholders are `$name` or `${name}`; `$$` is a literal `$` (CMake and JSON templates spell
# `${CMAKE_SOURCE_DIR}` as `$${CMAKE_SOURCE_DIR}`). How a value is written depends on where the
# placeholder stands:
#
# - alone on its line (only indentation before it, nothing after): a list puts one element per
#   line and a multi-line string one line per line, each at the placeholder's indentation; an
#   empty list or string removes the line;
# - inside a line: a list is joined with ", ", `${,name}` puts ", " before a non-empty list and
#   `${name,}` after it; a string is inserted as is.
#
# A placeholder without a value is an error naming the template file and line: a typo in a
# template must not turn into silently missing C++.

_PLACEHOLDER = re.compile(
    r"\$(?:(?P<dollar>\$)|(?P<bare>[A-Za-z_]\w*)|\{(?P<lead>,?)(?P<braced>[A-Za-z_]\w*)(?P<trail>,?)\})")
_LINE_ALONE = re.compile(r"^(?P<indent>[ \t]*)\$(?:\{(?P<braced>[A-Za-z_]\w*)\}|(?P<bare>[A-Za-z_]\w*))[ \t]*$")


class TemplateError(KeyError):
    """A template names a variable the caller did not supply (or has a stray `$`)."""

    def __str__(self) -> str:
        return str(self.args[0])


class CodeTemplate:
    """A parsed template; `substitute(env, **kwargs)` fills it in."""

    def __init__(self, pattern: str, filename: str = "<string>"):
        self.pattern = pattern
        self.filename = filename
        self._check_syntax()

    @staticmethod
    def from_file(path: str | Path) -> "CodeTemplate":
        path = Path(path)
        return CodeTemplate(path.read_text(encoding="utf-8"), path.name)

    def substitute(self, env: Mapping[str, Any] | None = None, **kwargs: Any) -> str:
        values = dict(env or {}, **kwargs)
        out: list[str] = []
        for lineno, line in enumerate(self.pattern.splitlines(keepends=True), 1):
            body, newline = (line[:-1], "\n") if line.endswith("\n") else (line, "")
            alone = _LINE_ALONE.match(body)
            if alone:
                name = alone.group("braced") or alone.group("bare")
                block = _block(self._lookup(values, name, lineno), alone.group("indent"))
                out.append(block + newline if block else "")
                continue
            out.append(_PLACEHOLDER.sub(lambda m: self._inline(m, values, lineno), body) + newline)
        return "".join(out)

    # --- helpers ----------------------------------------------------------------------------------

    def _lookup(self, values: Mapping[str, Any], name: str, lineno: int) -> Any:
        try:
            return values[name]
        except KeyError:
            known = ", ".join(sorted(values)) or "none"
            raise TemplateError(f"{self.filename}:{lineno}: no value for ${name} "
                                f"(given: {known})") from None

    def _inline(self, m: re.Match[str], values: Mapping[str, Any], lineno: int) -> str:
        if m.group("dollar"):
            return "$"
        name = m.group("bare") or m.group("braced")
        value = self._lookup(values, name, lineno)
        if isinstance(value, (list, tuple)):
            joined = ", ".join(str(v) for v in value)
            if not value:
                return ""
            return (", " if m.group("lead") else "") + joined + (", " if m.group("trail") else "")
        if m.group("lead") or m.group("trail"):
            raise TemplateError(f"{self.filename}:{lineno}: ${{,{name}}} / ${{{name},}} need a "
                                f"list, got {type(value).__name__}")
        return str(value)

    def _check_syntax(self) -> None:
        for lineno, line in enumerate(self.pattern.splitlines(), 1):
            stripped = _PLACEHOLDER.sub("", line)
            if "$" in stripped:
                col = stripped.index("$")
                raise TemplateError(f"{self.filename}:{lineno}: stray '$' near "
                                    f"{stripped[col:col + 12]!r}; write $$ for a literal dollar")


def _block(value: Any, indent: str) -> str:
    """A value placed alone on a line: one output line per element / per line of text."""
    if isinstance(value, (list, tuple)):
        lines: Sequence[str] = [ln for item in value for ln in str(item).split("\n")]
    else:
        text = str(value).rstrip("\n")
        if not text:
            return ""
        lines = text.split("\n")
    return "\n".join(indent + ln if ln.strip() else "" for ln in lines)
