$header
//
// The product table of op_specs/products.yaml for C++: the only place C++ learns product facts.
// Its types and lookups are hand-written in products.h, which includes this file.
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H

#include <cstdint>

#include "product_types.h"

namespace ascend_ops {

constexpr int32_t kProductCount = $product_count;
constexpr ProductInfo kProducts[kProductCount] = {
    $products
};

constexpr int32_t kSocCount = $soc_count;
constexpr SocEntry kSocs[kSocCount] = {
    $socs
};

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = $arch_count;
constexpr ArchTraits kArchs[kArchCount] = {
    $archs
};
$arch_checks

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
