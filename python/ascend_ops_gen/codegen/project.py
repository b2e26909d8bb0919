"""Emitters for the files every op shares: the product table and the CANN project files.

Pure functions: model in, file text out.
"""
from __future__ import annotations

from pathlib import PurePosixPath

from ..errors import SpecError
from ..spec import Product, SpecSet
from .cpp import cpp_string
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


def emit_products_header(specs: SpecSet) -> str:
    products = []
    socs = []
    for index, p in enumerate(specs.products):
        arch = "kSplit" if p.architecture == "split" else "kCoupled"
        products.append(
            f"{{{cpp_string(p.key)}, {cpp_string(p.add_config)}, {p.npu_arch}, "
            f"LaunchArchitecture::{arch}, {p.ub_bytes}, {p.ub_reserved_bytes}, "
            f"{_bool(p.data_copy_pad)}, {p.data_copy_pad_max_elem_bytes}, {_bool(p.gather)}, "
            f"{_bool(p.gather_8bit)}, {_bool(p.ub_to_ub_copy)}, {p.ub_platform_reserved_bytes}, "
            f"{p.event_ids_per_event}, {p.data_cache_line_bytes}, {_bool(p.data_cache_clean)}, "
            f"{_bool(p.zero_length_data_copy_noop)}, {_bool(p.kernel_type_required)}, "
            f"{p.gather_max_call_bytes}, {p.gather_max_offset_8bit}, {p.gather_max_offset_16bit}, "
            f"{_bool(p.gather_src_base_in_elements)}}},  // {p.title}")
        for s in p.socs:
            socs.append(f"{{{cpp_string(s.name)}, {index}, {s.ai_cores}, {s.vector_cores}}},")
    archs = arch_products(specs)
    arch_rows, arch_checks = [], []
    for index, (arch, lines) in enumerate(archs.items()):
        facts = arch_traits(lines)
        values = [str(arch)] + [_cpp_value(facts[name]) for name, _ in ARCH_TRAITS]
        arch_rows.append(f"{{{', '.join(values)}}},  // {', '.join(p.key for p in lines)}")
        named = [f"kArchs[{index}].npuArch == {arch}"]
        named += [f"kArchs[{index}].{cpp} == {_cpp_value(facts[name])}" for name, cpp in ARCH_TRAITS]
        arch_checks.append(f"static_assert({' && '.join(named)},\n"
                           f"              \"ArchTraits changed: its fields must be in the order "
                           f"ascend_ops_gen/codegen/project.py writes them\");")
    return template("products_generated.h").substitute(
        header=header_line(products_file(specs)),
        product_count=len(products), products=products, soc_count=len(socs), socs=socs,
        arch_count=len(arch_rows), archs=arch_rows, arch_checks=arch_checks)


# The per-architecture facts of ArchTraits (product_types.h), in its field order after npuArch:
# products.yaml key, C++ field.
ARCH_TRAITS = (
    ("data_copy_pad", "dataCopyPad"),
    ("data_copy_pad_max_elem_bytes", "dataCopyPadMaxElemBytes"),
    ("gather", "gather"),
    ("gather_8bit", "gather8Bit"),
    ("ub_to_ub_copy", "ubToUbCopy"),
)


def arch_products(specs: SpecSet) -> dict[int, tuple[Product, ...]]:
    """The product lines of each NPU architecture, architectures in products.yaml order."""
    archs: dict[int, list[Product]] = {}
    for p in specs.products:
        archs.setdefault(p.npu_arch, []).append(p)
    return {arch: tuple(lines) for arch, lines in archs.items()}


def arch_traits(lines: tuple[Product, ...]) -> dict[str, object]:
    """The ArchTraits facts of the product lines of one architecture. A kernel build knows only
    the architecture, so its product lines must agree on every fact of ARCH_TRAITS."""
    first = lines[0]
    facts = {name: getattr(first, name) for name, _ in ARCH_TRAITS}
    for p in lines[1:]:
        for name, _ in ARCH_TRAITS:
            if getattr(p, name) != facts[name]:
                raise SpecError(
                    f"{p.loc}: {name} = {getattr(p, name)!r} of {p.key} differs from "
                    f"{facts[name]!r} of {first.key}, which has the same npu_arch {p.npu_arch}: a "
                    f"kernel is compiled per architecture, so its product lines must agree on "
                    f"{', '.join(n for n, _ in ARCH_TRAITS)}")
    return facts


def _cpp_value(value: object) -> str:
    return _bool(value) if isinstance(value, bool) else str(value)


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
