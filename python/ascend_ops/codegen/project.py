"""Emitters for the files every op shares: the product table and the CANN project files.

Pure functions: model in, file text out.
"""
from __future__ import annotations

from pathlib import PurePosixPath

from ..spec import SpecSet
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
    return template("products_generated.h").substitute(
        header=header_line(products_file(specs)),
        product_count=len(products), products=products, soc_count=len(socs), socs=socs)


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
