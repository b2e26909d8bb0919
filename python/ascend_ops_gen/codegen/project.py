"""Emitters for the files every op shares: the product table and the CANN project files.

Pure functions: model in, file text out.
"""
from __future__ import annotations

import dataclasses
from pathlib import PurePosixPath

from ..errors import SpecError
from ..spec import Product, Soc, SpecSet
from .cpp import cpp_string
from .product_types import INT_TYPES, ProductTypes, ProductTypesError, StructField, cpp_field_name
from .file_manager import header_line
from .templates import template

# The CANN package the project builds: installed as $ASCEND_OPP_PATH/vendors/<VENDOR_NAME>.
VENDOR_NAME = "ascend_ops"
# Where a CANN toolkit installs by default; scripts/build_ascend.sh passes the real path.
DEFAULT_CANN_PACKAGE_PATH = "/usr/local/Ascend/ascend-toolkit/latest"


def products_file(specs: SpecSet) -> str:
    return specs.products[0].loc.file


def specs_glob(specs: SpecSet) -> str:
    return f"{PurePosixPath(products_file(specs)).parent}/*.yaml"


def emit_products_header(specs: SpecSet, types: ProductTypes) -> str:
    """The product table, each row in the field order `types` read from product_types.h and
    proved by one static_assert per field (Note [product table layout] in product_types.py)."""
    product_rows = [(_cpp_values(p), p.title) for p in specs.products]
    soc_rows = [({**_cpp_values(s), SOC_PRODUCT_FIELD: index}, None)
                for index, p in enumerate(specs.products) for s in p.socs]
    arch_rows = [({ARCH_FIELD: arch, **{cpp_field_name(k): v for k, v in arch_traits(lines, types).items()}},
                  ", ".join(p.key for p in lines))
                 for arch, lines in arch_products(specs).items()]
    products, product_checks = _table(types, "ProductInfo", "kProducts", product_rows)
    socs, soc_checks = _table(types, "SocEntry", "kSocs", soc_rows)
    archs, arch_checks = _table(types, "ArchTraits", "kArchs", arch_rows)
    arch_macros = _arch_macros(types, arch_rows)
    return template("products_generated.h").substitute(
        header=header_line(products_file(specs)),
        product_count=len(products), products=products, product_checks=product_checks,
        soc_count=len(socs), socs=socs, soc_checks=soc_checks,
        arch_count=len(archs), archs=archs, arch_checks=arch_checks, arch_macros=arch_macros)


# SocEntry's index into kProducts, the one field of the table products.yaml does not name.
SOC_PRODUCT_FIELD = "product"
# ArchTraits' key: the architecture its row describes.
ARCH_FIELD = "npuArch"


def _cpp_values(node: Product | Soc) -> dict[str, object]:
    """A model node's values by the C++ field names of its keys."""
    return {cpp_field_name(f.name): getattr(node, f.name) for f in dataclasses.fields(node)}


def arch_trait_keys(types: ProductTypes) -> tuple[str, ...]:
    """The products.yaml keys of ArchTraits' fields after npuArch, in its field order."""
    keys = {cpp_field_name(f.name): f.name for f in dataclasses.fields(Product)}
    fields = [f for f in types.fields("ArchTraits") if f.name != ARCH_FIELD]
    for f in fields:
        if f.name not in keys:
            raise ProductTypesError(f"{types.header}:{f.line}: ArchTraits::{f.name} names no key of "
                                    f"op_specs/products.yaml; a field {f.name} is filled from the "
                                    f"key whose camelCase it is")
    return tuple(keys[f.name] for f in fields)


def arch_products(specs: SpecSet) -> dict[int, tuple[Product, ...]]:
    """The product lines of each NPU architecture, architectures in products.yaml order."""
    archs: dict[int, list[Product]] = {}
    for p in specs.products:
        archs.setdefault(p.npu_arch, []).append(p)
    return {arch: tuple(lines) for arch, lines in archs.items()}


def cpu_debug_defines(specs: SpecSet, arch: int) -> tuple[str, ...]:
    """What CANN's CPU-debug build of a kernel of `arch` defines besides __NPU_ARCH__: the
    products.yaml cpu_debug_defines of its product lines (which agree: the loader checks)."""
    lines = arch_products(specs).get(arch)
    if not lines:
        raise KeyError(f"NPU arch {arch} is the npu_arch of no product of op_specs/products.yaml")
    return lines[0].cpu_debug_defines


def arch_traits(lines: tuple[Product, ...], types: ProductTypes) -> dict[str, object]:
    """The ArchTraits facts of the product lines of one architecture, by products.yaml key. A
    kernel build knows only the architecture, so its product lines must agree on every one."""
    keys = arch_trait_keys(types)
    first = lines[0]
    facts = {name: getattr(first, name) for name in keys}
    for p in lines[1:]:
        for name in keys:
            if getattr(p, name) != facts[name]:
                raise SpecError(
                    f"{p.loc}: {name} = {getattr(p, name)!r} of {p.key} differs from "
                    f"{facts[name]!r} of {first.key}, which has the same npu_arch {p.npu_arch}: a "
                    f"kernel is compiled per architecture, so its product lines must agree on "
                    f"{', '.join(keys)}")
    return facts


_AND = " &&\n              "


def _table(types: ProductTypes, struct: str, array: str,
           rows: list[tuple[dict[str, object], str | None]]) -> tuple[list[str], list[str]]:
    """The initialiser lines of `array` (rows in `struct`'s field order) and one static_assert per
    field that names it."""
    fields = types.fields(struct)
    cells = [[_cpp_value(types, struct, f, values) for f in fields] for values, _ in rows]
    lines = [f"{{{', '.join(row)}}},{f'  // {comment}' if comment else ''}"
             for row, (_, comment) in zip(cells, rows)]
    checks = []
    for column, f in enumerate(fields):
        holds = [_cpp_equal(f, f"{array}[{index}].{f.name}", row[column]) for index, row in enumerate(cells)]
        checks.append(f"static_assert({_AND.join(holds)},\n"
                      f"              \"{struct}::{f.name} does not hold what {array} was generated "
                      f"with: {types.header} declares {struct}'s fields in another order; run "
                      f"ascend-ops generate\");")
    more = ", ".join(["AnyField"] * (len(fields) + 1))
    checks.append(f"static_assert(!AggregateTakes<{struct}, {more}>(0),\n"
                  f"              \"{struct} has more fields than the {len(fields)} {array} was generated "
                  f"with: {types.header} declares one more; run ascend-ops generate\");")
    return lines, checks


# The preprocessor twin of an ArchTraits bool field: this prefix and its products.yaml key.
ARCH_MACRO_PREFIX = "ASCEND_OPS_ARCH_"


def _arch_macros(types: ProductTypes, arch_rows: list[tuple[dict[str, object], str | None]]) -> list[str]:
    """`#define`s of every bool ArchTraits field for the architecture a build defines as
    __NPU_ARCH__: for code that must not even be parsed where an API does not exist (`#if`, where
    `if constexpr` still needs the API's declaration)."""
    keys = dict(zip((f.name for f in types.fields("ArchTraits") if f.name != ARCH_FIELD), arch_trait_keys(types)))
    flags = [f.name for f in types.fields("ArchTraits") if f.ctype == "bool"]
    lines = []
    for index, (values, comment) in enumerate(arch_rows):
        lines.append(f"#{'if' if index == 0 else 'elif'} __NPU_ARCH__ == {values[ARCH_FIELD]}  // {comment}")
        lines += [f"#define {ARCH_MACRO_PREFIX}{keys[name].upper()} {int(bool(values[name]))}" for name in flags]
    return lines + ["#endif"] if lines else []


def _cpp_value(types: ProductTypes, struct: str, field: StructField, values: dict[str, object]) -> str:
    where = f"{types.header}:{field.line}: {struct}::{field.name}"
    if field.name not in values:
        raise ProductTypesError(f"{where} names no key of op_specs/products.yaml; a field is filled "
                                f"from the key whose camelCase it is")
    value = values[field.name]
    if field.ctype == "const char*" and isinstance(value, str):
        return cpp_string(value)
    if field.ctype == "bool" and isinstance(value, bool):
        return _bool(value)
    if field.ctype in INT_TYPES and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    enumerator = f"k{value.capitalize()}" if isinstance(value, str) else None
    if enumerator is not None and enumerator in types.enums.get(field.ctype, ()):
        return f"{field.ctype}::{enumerator}"
    raise ProductTypesError(f"{where} is a {field.ctype}, which cannot hold {value!r}; change the "
                            f"field's type or the key's value")


def _cpp_equal(field: StructField, lhs: str, rhs: str) -> str:
    return f"SameText({lhs}, {rhs})" if field.ctype == "const char*" else f"{lhs} == {rhs}"


def emit_cmake_presets(specs: SpecSet) -> str:
    return template("CMakePresets.json").substitute(
        header=header_line(products_file(specs), comment="").strip(),
        compute_units=";".join(p.add_config for p in specs.products),
        vendor_name=VENDOR_NAME,
        cann_package_path=DEFAULT_CANN_PACKAGE_PATH)


def emit_top_cmake(specs: SpecSet) -> str:
    return template("CMakeLists.txt").substitute(
        header=header_line(specs_glob(specs), comment="#"),
        host_subdirectories=[f"add_subdirectory({op.name}/op_host)" for op in specs.ops],
        kernel_subdirectories=[f"add_subdirectory({op.name}/op_kernel)" for op in specs.ops])


def _bool(value: bool) -> str:
    return "true" if value else "false"
