"""common/products_generated.h through products.h, compiled and run: every SoC of op_specs/products.yaml resolves to
its product line with the model's launch cores, usable and platform UB and feature flags. The spec model
(ascend_ops_gen.spec.Product) derives launch cores and UB for Python; this test holds it to C++'s
LaunchCores / UsableUbBytes / PlatformUbBytes (products.h) for every SoC."""
from __future__ import annotations

import subprocess
from pathlib import Path


from ascend_ops_gen.codegen.project import arch_products
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = r"""
#include <cstdio>
#include "products.h"

int main(int argc, char** argv)
{
    using namespace ascend_ops;
    for (int32_t i = 0; i < kSocCount; ++i) {
        const SocInfo soc = MakeSocInfo(kSocs[i]);
        const ProductInfo* byName = FindProduct(kSocs[i].name, nullptr);
        std::printf("%s %s %d %lld %lld %d %d %d %d %d\n", soc.name, byName->key, soc.coreNum,
                    static_cast<long long>(soc.ubBytes), static_cast<long long>(PlatformUbBytes(*byName)),
                    soc.product.dataCopyPad, soc.product.dataCopyPadMaxElemBytes, soc.product.gather,
                    soc.product.gather8Bit, soc.product.ubToUbCopy);
    }
    for (int i = 1; i < argc; ++i) {  // short SoC names, as CANN's platform reports them
        const ProductInfo* p = FindProduct("AscendUnknown", argv[i]);
        std::printf("%s -> %s\n", argv[i], p != nullptr ? p->key : "none");
    }
    return 0;
}
"""


def test_the_product_table_agrees_with_the_model(tmp_path: Path):
    source = tmp_path / "products_main.cpp"
    source.write_text(PROGRAM)
    binary = tmp_path / "products_main"
    subprocess.run(["g++", "-std=c++17", "-I", str(ROOT / "ascend_kernels/common"), str(source),
                    "-o", str(binary)], check=True, capture_output=True, text=True)
    shorts = ["Ascend910B", "Ascend910_93", "Ascend310P", "ascend910", "Ascend999"]
    out = subprocess.run([str(binary), *shorts], check=True, capture_output=True, text=True).stdout
    lines = out.splitlines()

    want = []
    for p in specs().products:
        for s in p.socs:
            want.append(f"{s.name} {p.key} {p.launch_cores(s.name)} {p.usable_ub_bytes} {p.platform_ub_bytes} "
                        f"{int(p.data_copy_pad)} {p.data_copy_pad_max_elem_bytes} {int(p.gather)} "
                        f"{int(p.gather_8bit)} {int(p.ub_to_ub_copy)}")
    assert lines[:len(want)] == want
    by_config = {p.add_config: p.key for p in specs().products}
    assert lines[len(want):] == [f"{s} -> {by_config.get(s.lower(), 'none')}" for s in shorts]


def test_product_lines_of_one_arch_must_agree_on_what_kernels_compile_by(project):
    # A kernel is compiled per NPU architecture (build_arch.h): atlas-a2 cannot differ from atlas-a3.
    project.edit("op_specs/products.yaml",
                 '    gather_8bit: false\n    ub_to_ub_copy: true\n    memory_bandwidth_gbps: 1600\n'
                 '    memory_bandwidth_source: "reported for Ascend 910B',
                 '    gather_8bit: true\n    ub_to_ub_copy: true\n    memory_bandwidth_gbps: 1600\n'
                 '    memory_bandwidth_source: "reported for Ascend 910B')
    code, _, err = project.run("--check")
    assert code != 0
    assert ("product atlas-a2: gather_8bit = True differs from False of product atlas-a3 (op_specs/products.yaml:"
            in err), err
    assert f"which has the same npu_arch {next(p.npu_arch for p in specs().products if p.key == 'atlas-a3')}" in err


MACROS_PROGRAM = r"""
#include <cstdio>
#include "products_generated.h"

int main()
{
    std::printf("%d %d %d\n", ASCEND_OPS_ARCH_DATA_CACHE_CLEAN, ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED,
                ASCEND_OPS_ARCH_DATA_COPY_PAD);
    return 0;
}
"""


def test_the_arch_macros_of_every_build_hold_the_products_facts(tmp_path: Path):
    # The kernels choose by them with #if what may not even be declared on an architecture.
    source = tmp_path / "macros_main.cpp"
    source.write_text(MACROS_PROGRAM)
    for arch, lines in arch_products(specs()).items():
        binary = tmp_path / f"macros_{arch}"
        subprocess.run(["g++", "-std=c++17", f"-D__NPU_ARCH__={arch}", "-I", str(ROOT / "ascend_kernels/common"),
                        str(source), "-o", str(binary)], check=True, capture_output=True, text=True)
        out = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout
        p = lines[0]
        assert out.split() == [str(int(p.data_cache_clean)), str(int(p.kernel_type_required)),
                               str(int(p.data_copy_pad))], arch


def test_without_an_arch_no_arch_macro_is_defined(tmp_path: Path):
    source = tmp_path / "no_arch.cpp"
    source.write_text('#include "products_generated.h"\n#ifdef ASCEND_OPS_ARCH_DATA_COPY_PAD\n'
                      '#error defined\n#endif\nint main() { return 0; }\n')
    subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-I", str(ROOT / "ascend_kernels/common"),
                    str(source)], check=True, capture_output=True, text=True)
