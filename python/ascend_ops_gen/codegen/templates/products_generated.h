$header
//
// The product facts of op_specs/products.yaml for C++: the only place C++ learns them. The structs
// and their rows are written together from the spec: ProductInfo has a field per key of
// products.yaml's `facts:` (the key in camelCase), ArchTraits one per fact declared `per: arch`
// (Note [product table layout] in ascend_ops_gen/codegen/product_types.py). The lookups are in
// products.h, which includes this file. What a kernel build needs of them, the architecture
// traits, is in arch_traits_generated.h; this file is host code (Note [kernel translation unit] in
// build_arch.h).
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "products_generated.h is host code; a kernel translation unit includes arch_traits_generated.h (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdint>

#include "arch_traits_generated.h"

namespace ascend_ops {

// Which cores a vector-only kernel launches on (products.yaml architecture).
enum class LaunchArchitecture : int32_t {
    kSplit = 0,    // separate AIC / AIV cores: launch on the AIV (vector) cores
    kCoupled = 1,  // one AI core runs cube and vector work: launch on the AI cores
};

// A product line.
struct ProductInfo {
    const char* key;                  // op_specs/products.yaml key
    const char* addConfig;            // msOpGen short SoC name, AddConfig("...")
    int32_t npuArch;                  // __NPU_ARCH__
    LaunchArchitecture architecture;  // which cores a vector-only kernel launches on
    double memoryBandwidthGbps;       // device memory bandwidth (GB/s): the cost model's (cost_model.h)
    $product_fields
};

// A SoC of a product line.
struct SocEntry {
    const char* name;     // what aclrtGetSocName() and the platform's "SoC_version" report
    int32_t product;      // index into kProducts
    int32_t aiCores;
    int32_t vectorCores;
};

constexpr int32_t kProductCount = $product_count;
constexpr ProductInfo kProducts[kProductCount] = {
    $products
};

constexpr int32_t kSocCount = $soc_count;
constexpr SocEntry kSocs[kSocCount] = {
    $socs
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
