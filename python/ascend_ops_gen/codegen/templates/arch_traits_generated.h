$header
//
// The facts of op_specs/products.yaml that a kernel build decides by at compile time, per NPU
// architecture: the ArchTraits struct (a field per fact declared `per: arch`, Note [product
// table layout] in ascend_ops_gen/codegen/product_types.py), its rows and their `#if` twins.
// Device code only: products_generated.h holds the rest of the table for host code.
#ifndef ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H
#define ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H

#include <cstdint>

// The build's NPU arch, ASCEND_OPS_NPU_ARCH (Note [build arch] in build_arch.h): __NPU_ARCH__
// where the compiler defines it, else the product line whose AI Core __CCE_AICORE__ names; a
// build with neither (host code) defines none.
#if defined(__NPU_ARCH__)
#define ASCEND_OPS_NPU_ARCH __NPU_ARCH__
#elif defined(__CCE_AICORE__)
$arch_from_cce_aicore
#endif

namespace ascend_ops {

// The bits of a `dtypes` fact's mask, one per dtype of products.yaml's table, in its order.
$dtype_bits

// What every product line of one NPU architecture offers: the facts a kernel build, which knows
// only its arch (ASCEND_OPS_NPU_ARCH), decides by at compile time (build_arch.h). The loader
// checks that the product lines of one architecture agree on them.
struct ArchTraits {
    int32_t npuArch;                  // __NPU_ARCH__
    $arch_fields
};

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = $arch_count;
constexpr ArchTraits kArchs[kArchCount] = {
    $archs
};

// What some architecture of the table offers (npuArch 0): a flag any of them has, the largest
// number. A host test build of the engine for every product line compiles for it (build_arch.h).
constexpr ArchTraits kAnyArch = $any_arch;

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (ASCEND_OPS_ARCH_<KEY>); a
// build without an arch defines none of them.
#ifdef ASCEND_OPS_NPU_ARCH
$arch_macros
#endif  // ASCEND_OPS_NPU_ARCH

#endif  // ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H
