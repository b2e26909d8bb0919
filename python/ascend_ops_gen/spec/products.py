"""`op_specs/products.yaml`: the Atlas product lines and the dtypes every op may declare."""
from __future__ import annotations

import re
from typing import Any

from ..errors import SpecError
from .fields import Fields, items_of, unknown
from .model import CCE_AICORE_MACRO, REQUIRED
from .model import (FACT_TYPES, ROUND_MODES, SET_FACT_TYPES, DtypeRule, DtypeRuleKind, Location, Product, ProductFact,
                    Soc)

# Ranges of the product numbers: the C++ tables hold them as uint32_t; AscendC launches at most
# 65535 blocks (numBlocks in [1, 65535]).
_MAX_UB_BYTES = 2**32 - 1
_MAX_CORES = 65535
_FACT_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
# Keys of a product line that are no fact: the structural fields of Product and ProductInfo.
_STRUCTURAL_KEYS = ("key", "title", "doc_title", "add_config", "npu_arch", "architecture", "ai_cores",
                    "vector_cores", "socs", "simulated_soc", "cpu_debug_defines", "memory_bandwidth_gbps",
                    "memory_bandwidth_source", "dtypes")


def _parse_fact_declarations(top: Fields) -> list[tuple[str, str, bool, str, tuple[int, int] | None, Any, Location]]:
    """`facts:`: name, type, per arch, doc, value range, default (REQUIRED if none), location."""
    node = top.take("facts", dict)
    out = []
    for name in node:
        loc = Location(top.file, node.key_lines[name])
        if not isinstance(name, str) or not _FACT_NAME.match(name):
            raise SpecError(f"{loc}: fact name {name!r} must be snake_case (lower-case words joined by _)")
        if name in _STRUCTURAL_KEYS:
            raise SpecError(f"{loc}: {name!r} is a key of every product line already, not a fact")
        g = Fields(node[name], f"fact {name}", top.file, loc.line)
        typ = g.take("type", str)
        if typ not in FACT_TYPES:
            raise g.error("type", f"fact {name}: " + unknown(typ, list(FACT_TYPES), "fact type"))
        per = g.take("per", str, "product")
        if per not in ("product", "arch"):
            raise g.error("per", f"fact {name}: per must be 'product' or 'arch', got {per!r}")
        bounds = FACT_TYPES[typ]
        if bounds is not None:
            low, high = bounds
            bounds = (g.take_int("min", low, high, low), g.take_int("max", low, high, high))
        default_type = bool if typ == "bool" else list if typ in SET_FACT_TYPES else int
        default = g.take("default", default_type) if "default" in g.node else REQUIRED
        g.taken.add("default")
        out.append((name, typ, per == "arch", g.take("doc", str), bounds, default, loc))
        g.done()
    return out


def _take_facts(f: Fields, declared: list, dtypes: tuple[str, ...]) -> tuple[ProductFact, ...]:
    facts = []
    for name, typ, per_arch, doc, bounds, default, loc in declared:
        vocabulary: tuple[str, ...] = ()
        if typ == "bool":
            value = f.take(name, bool, default)
        elif typ in SET_FACT_TYPES:
            vocabulary = dtypes if typ == "dtypes" else ROUND_MODES
            value = _name_set(f, name, f.take(name, list, default), vocabulary, typ, loc)
        else:
            value = f.take_int(name, bounds[0], bounds[1], default)
        facts.append(ProductFact(name, typ, per_arch, doc, value, loc, vocabulary))
    return tuple(facts)


def _name_set(f: Fields, name: str, listed: list, vocabulary: tuple[str, ...], typ: str,
              declared_at: Location) -> tuple[str, ...]:
    """A set fact's names, each once and known, in the vocabulary's order."""
    # A value taken from the default has no line of its own: errors name the declaration's.
    where = f.loc(name) if name in f.node else declared_at
    lines = getattr(listed, "item_lines", [where.line] * len(listed))
    seen: list[str] = []
    for item, line in zip(listed, lines):
        what = "dtype" if typ == "dtypes" else "round mode"
        if not isinstance(item, str) or item not in vocabulary:
            raise SpecError(f"{where.file}:{line}: {name}: {unknown(str(item), vocabulary, what)}")
        if item in seen:
            raise SpecError(f"{where.file}:{line}: {name} lists {item!r} twice")
        seen.append(item)
    return tuple(n for n in vocabulary if n in seen)


# --- products.yaml ------------------------------------------------------------------------------

def parse_dtype_rule(value: Any, f: Fields, key: str, dtypes: tuple[str, ...]) -> DtypeRule:
    loc = f.loc(key)
    if value == "all":
        return DtypeRule(DtypeRuleKind.ALL, (), None, loc)
    if not isinstance(value, dict):
        raise f.error(key, f"{f.what}.{key} must be 'all', {{exclude: [...]}} or "
                           f"{{only: [...]}}, got {value!r}")
    g = Fields(value, f"{f.what}.{key}", f.file, loc.line)
    kinds = [k for k in ("exclude", "only") if k in value]
    if len(kinds) != 1:
        raise g.error(None, f"{f.what}.{key} needs exactly one of 'exclude' or 'only'")
    listed = g.take(kinds[0], list)
    for name, line in items_of(listed, kinds[0], g, kinds[0]):
        if name not in dtypes:
            raise SpecError(f"{f.file}:{line}: {unknown(str(name), dtypes, 'dtype')}")
    why = g.take("why", str, None)
    g.done()
    return DtypeRule(DtypeRuleKind(kinds[0]), tuple(listed), why, loc)


def parse_products(node: Any, rel: str) -> tuple[tuple[tuple[str, int], ...], tuple[Product, ...]]:
    top = Fields(node, "products.yaml", rel, 1)
    raw_dtypes = top.take("dtypes", dict)
    dtype_sizes = []
    for name, size in raw_dtypes.items():
        if size not in (1, 2, 4, 8) or isinstance(size, bool):
            raise SpecError(f"{rel}:{raw_dtypes.key_lines[name]}: dtype {name!r} has element "
                            f"size {size!r}; it must be 1, 2, 4 or 8 bytes")
        dtype_sizes.append((str(name), size))
    dtypes = tuple(n for n, _ in dtype_sizes)
    declared = _parse_fact_declarations(top)

    products: list[Product] = []
    seen_socs: dict[str, Location] = {}
    for item, line in items_of(top.take("products", list), "products", top, "products"):
        f = Fields(item, "product", rel, line)
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
            g = Fields(overrides if overrides is not None else {}, f"SoC {name}", rel, sloc.line)
            socs.append(Soc(name, g.take_int("ai_cores", 0, _MAX_CORES, ai),
                            g.take_int("vector_cores", 0, _MAX_CORES, vec), sloc))
            g.done()
        architecture = f.take("architecture", str)
        if architecture not in ("split", "coupled"):
            raise f.error("architecture", f"architecture must be 'split' or 'coupled', "
                                          f"got {architecture!r}")
        simulated = f.take("simulated_soc", str)
        if simulated not in raw_socs:
            raise f.error("simulated_soc", unknown(simulated, list(raw_socs), "SoC") +
                          f" (simulated_soc must be one of product {key}'s socs)")
        product = Product(
            key=key, title=f.take("title", str), doc_title=f.take("doc_title", str),
            add_config=f.take("add_config", str), npu_arch=f.take_int("npu_arch", 1, 9999),
            architecture=architecture, socs=tuple(socs), simulated_soc=simulated,
            facts=_take_facts(f, declared, dtypes),
            cpu_debug_defines=_parse_defines(f),
            memory_bandwidth_gbps=float(f.take("memory_bandwidth_gbps", float)),
            memory_bandwidth_source=f.take("memory_bandwidth_source", str),
            dtype_rule=parse_dtype_rule(f.take("dtypes", object, "all"), f, "dtypes", dtypes),
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
        _check_cce_aicore(f, product, products)
        for other in products:
            if other.npu_arch == product.npu_arch and other.cpu_debug_defines != product.cpu_debug_defines:
                raise f.error("cpu_debug_defines", f"product {key}: cpu_debug_defines differ from those of "
                                                   f"product {other.key} ({other.loc}), which has the same "
                                                   f"npu_arch {product.npu_arch}")
            for mine, theirs in zip(product.facts, other.facts):
                if other.npu_arch == product.npu_arch and mine.per_arch and mine.value != theirs.value:
                    raise f.error(mine.name if mine.name in f.node else None,
                                  f"product {key}: {mine.name} = {mine.value!r} differs from {theirs.value!r} "
                                  f"of product {other.key} ({other.loc}), which has the same npu_arch "
                                  f"{product.npu_arch}: a kernel is compiled per architecture, so its product "
                                  f"lines must agree on the facts declared `per: arch` ({mine.loc})")
        products.append(product)
    top.done()
    return tuple(dtype_sizes), tuple(products)


def _check_cce_aicore(f: Fields, product: Product, products: list[Product]) -> None:
    """Note [build arch]: a kernel build without __NPU_ARCH__ takes its arch from __CCE_AICORE__;
    so each arch names its value, and no two archs share one."""
    field = "cpu_debug_defines"
    if product.cce_aicore is None:
        raise f.error(field, f"product {product.key}: cpu_debug_defines must define {CCE_AICORE_MACRO}=N "
                             f"(N a number: the AI Core CANN 8.x compilers name for npu_arch {product.npu_arch})")
    for other in products:
        if other.npu_arch != product.npu_arch and other.cce_aicore == product.cce_aicore:
            raise f.error(field, f"product {product.key}: npu_arch {product.npu_arch} shares "
                                 f"{CCE_AICORE_MACRO}={product.cce_aicore} with npu_arch {other.npu_arch} of "
                                 f"product {other.key} ({other.loc}): a kernel build that names only "
                                 f"{CCE_AICORE_MACRO} could not tell them apart")


_DEFINE = re.compile(r"^[A-Za-z_]\w*(=[^\s=]+)?$")


def _parse_defines(f: Fields) -> tuple[str, ...]:
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
