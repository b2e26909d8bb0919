$header
//
// The product table of op_specs/products.yaml for C++: the only place C++ learns product facts.
// Its types are hand-written in product_types.h, its lookups in products.h, which includes this
// file. Rows are positional (C++17), in product_types.h's field order; the static_asserts after
// each array prove that order field by field (Note [product table layout] in
// ascend_ops_gen/codegen/product_types.py).
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H

#include <cstdint>

#include "product_types.h"

namespace ascend_ops {

constexpr int32_t kProductCount = $product_count;
constexpr ProductInfo kProducts[kProductCount] = {
    $products
};
$product_checks

constexpr int32_t kSocCount = $soc_count;
constexpr SocEntry kSocs[kSocCount] = {
    $socs
};
$soc_checks

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = $arch_count;
constexpr ArchTraits kArchs[kArchCount] = {
    $archs
};
$arch_checks

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (see ascend_ops_gen/codegen/
// project.py, _arch_macros); a build without __NPU_ARCH__ defines none of them.
#ifdef __NPU_ARCH__
$arch_macros
#endif  // __NPU_ARCH__

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
