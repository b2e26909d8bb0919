"""An op spec's benchmark key: `bench:`, the size classes and baselines of `ascend-ops-dev bench`."""
from __future__ import annotations

from typing import Any

from ..errors import SpecError
from .fields import Fields, check_args, items_of, kind_of, unknown
from .model import BENCH_KINDS, Attribute, Bench, BenchClass, BenchTiny

# --- bench: ------------------------------------------------------------------------------------

def _bench_expression(g: Fields, key: str, value: Any, line: int | None = None) -> str:
    """A Python expression of the bench key, compiled once here so a typo names its line."""
    if not isinstance(value, str):
        raise g.error(key, f"{g.what}.{key} must be a Python expression (str), got "
                           f"{kind_of(value)} {value!r}")
    try:
        compile(value, "<bench>", "eval")
    except SyntaxError as e:
        where = f"{g.file}:{line}" if line is not None else str(g.loc(key))
        raise SpecError(f"{where}: {g.what}.{key}: {value!r} is not a Python expression "
                        f"({e.msg})") from None
    return value


def parse_bench(f: Fields, attrs: tuple[Attribute, ...]) -> Bench | None:
    b = f.take_section("bench")
    if b is None:
        return None
    classes = []
    for item, line in items_of(b.take("classes", list), "classes", b, "classes"):
        g = Fields(item, "bench class", f.file, line)
        key = g.take("key", str)
        kind = g.take("kind", str)
        if kind not in BENCH_KINDS:
            raise g.error("kind", f"bench class {key}: {unknown(kind, BENCH_KINDS, 'kind')}")
        dims = g.take("input", list)
        for dim, dim_line in items_of(dims, "input", g, "input"):
            if not isinstance(dim, int) or isinstance(dim, bool):
                _bench_expression(g, "input", dim, dim_line)
        raw = g.take("baselines", dict)
        if not raw:
            raise g.error("baselines", f"bench class {key} needs at least one baseline")
        baselines = tuple((str(name), _bench_expression(g, "baselines", expr,
                                                         raw.key_lines[name]))
                          for name, expr in raw.items())
        classes.append(BenchClass(key, g.take("title", str), kind, tuple(dims),
                                  check_args(g.take("args", dict), g, attrs,
                                              f"bench class {key}", True),
                                  baselines, g.loc()))
        g.done()
        if [c.key for c in classes].count(key) > 1:
            raise g.error("key", f"bench class {key!r} is declared twice")
    t = Fields(b.take("tiny", dict), "bench tiny", f.file, b.loc("tiny").line)
    tiny_input = t.take("input", list)
    if not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in tiny_input):
        raise t.error("input", f"bench tiny input must be a list of positive ints, got "
                               f"{list(tiny_input)!r}")
    tiny = BenchTiny(tuple(tiny_input), check_args(t.take("args", dict), t, attrs,
                                                    "bench tiny", True),
                     _bench_expression(t, "clone", t.take("clone", object)), t.loc())
    t.done()
    b.done()
    return Bench(tuple(classes), tiny, b.loc())
