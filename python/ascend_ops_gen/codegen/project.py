"""Emitters for the files every op shares: the product table and the CANN project files.

Pure functions: model in, file text out.
"""
from __future__ import annotations

import dataclasses
from pathlib import PurePosixPath

from ..spec import Product, ProductFact, SpecSet
from ..spec.model import CCE_AICORE_MACRO, SET_FACT_TYPES
from .cpp import cpp_string
from .product_types import CPP_FACT_TYPES, cpp_fact_value, cpp_field_name, dtype_bit_name, struct_members
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


# The preprocessor twin of a bool ArchTraits field: this prefix and its products.yaml key.
ARCH_MACRO_PREFIX = "ASCEND_OPS_ARCH_"
# The NPU arch of a kernel build, from __NPU_ARCH__ or __CCE_AICORE__ (Note [build arch]).
BUILD_ARCH_MACRO = "ASCEND_OPS_NPU_ARCH"


def emit_products_header(specs: SpecSet) -> str:
    """The product table and its structs (Note [product table layout] in product_types.py)."""
    facts = specs.products[0].facts
    product_fields = struct_members([(CPP_FACT_TYPES[f.type], cpp_field_name(f.name), f.doc) for f in facts])
    products = [f"{{{', '.join(_structural_values(p) + [cpp_fact_value(f) for f in p.facts])}}},  // {p.title}"
                for p in specs.products]
    socs = [f"{{{cpp_string(s.name)}, {index}, {s.ai_cores}, {s.vector_cores}}},"
            for index, p in enumerate(specs.products) for s in p.socs]
    return template("products_generated.h").substitute(
        header=header_line(products_file(specs)),
        product_fields=product_fields,
        product_count=len(products), products=products,
        soc_count=len(socs), socs=socs)


def emit_arch_traits_header(specs: SpecSet) -> str:
    """The per-architecture facts kernel builds decide by (build_arch.h), and their `#if` twins."""
    arch_facts = [f for f in specs.products[0].facts if f.per_arch]
    arch_fields = struct_members([(CPP_FACT_TYPES[f.type], cpp_field_name(f.name), f.doc) for f in arch_facts])
    archs, macros, derivation = [], [], []
    for index, (arch, lines) in enumerate(arch_products(specs).items()):
        names = ", ".join(p.key for p in lines)
        row = [f for f in lines[0].facts if f.per_arch]
        archs.append(f"{{{', '.join([str(arch)] + [cpp_fact_value(f) for f in row])}}},  // {names}")
        macros.append(f"#{'if' if index == 0 else 'elif'} {BUILD_ARCH_MACRO} == {arch}  // {names}")
        macros += [f"#define {ARCH_MACRO_PREFIX}{f.name.upper()} {int(bool(f.value))}" for f in row if f.type == "bool"]
        derivation += [f"#{'if' if index == 0 else 'elif'} {CCE_AICORE_MACRO} == {lines[0].cce_aicore}  // {names}",
                       f"#define {BUILD_ARCH_MACRO} {arch}"]
    cores = ", ".join(str(lines[0].cce_aicore) for lines in arch_products(specs).values())
    derivation += ["#else", f'#error "{CCE_AICORE_MACRO} names the AI Core of no product line of '
                            f'op_specs/products.yaml ({cores}); define __NPU_ARCH__"', "#endif"]
    dtype_bits = [f"constexpr uint32_t {dtype_bit_name(name)} = 1u << {i};  // {name}"
                  for i, name in enumerate(specs.products[0].all_dtypes)]
    return template("arch_traits_generated.h").substitute(
        header=header_line(products_file(specs)), arch_fields=arch_fields, dtype_bits=dtype_bits,
        arch_count=len(archs), archs=archs, any_arch=_any_arch(specs, arch_facts),
        arch_macros=macros + ["#endif"] if macros else [], arch_from_cce_aicore=derivation if macros else [])


def _structural_values(p: Product) -> list[str]:
    """ProductInfo's fields before its facts (templates/products_generated.h declares them)."""
    return [cpp_string(p.key), cpp_string(p.add_config), str(p.npu_arch),
            f"LaunchArchitecture::k{p.architecture.capitalize()}", f"{p.memory_bandwidth_gbps!r}"]


def _any_arch(specs: SpecSet, arch_facts: list[ProductFact]) -> str:
    """What some architecture of the table offers: a flag any has, the largest number, every name
    of a set any has."""
    values = []
    for fact in arch_facts:
        all_values = [getattr(p, fact.name) for p in specs.products]
        if fact.type == "bool":
            value = any(all_values)
        elif fact.type in SET_FACT_TYPES:
            value = tuple(n for n in fact.vocabulary if any(n in v for v in all_values))
        else:
            value = max(all_values)
        values.append(dataclasses.replace(fact, value=value))
    return f"{{{', '.join(['0'] + [cpp_fact_value(v) for v in values])}}}"


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


def emit_cmake_presets(specs: SpecSet) -> str:
    return template("CMakePresets.json").substitute(
        header=header_line(products_file(specs), comment="").strip(),
        compute_units=";".join(p.add_config for p in specs.products),
        vendor_name=VENDOR_NAME,
        cann_package_path=DEFAULT_CANN_PACKAGE_PATH)


def emit_top_cmake(specs: SpecSet) -> str:
    return template("CMakeLists.txt").substitute(
        header=header_line(specs_glob(specs), comment="#"),
        host_subdirectories=[f"add_subdirectory({op.name}/op_host)" for op in specs.kernel_ops()],
        kernel_subdirectories=[f"add_subdirectory({op.name}/op_kernel)" for op in specs.kernel_ops()])

