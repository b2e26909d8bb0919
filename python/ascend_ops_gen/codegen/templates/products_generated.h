$header
//
// The product facts of op_specs/products.yaml for C++: the only place C++ learns them. The structs
// and their rows are written together from the spec: ProductInfo has a field per key of
// products.yaml's `facts:` (the key in camelCase), ArchTraits one per fact declared `per: arch`
// (Note [product table layout] in ascend_ops_gen/codegen/product_types.py). The lookups are in
// products.h, which includes this file.
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H

#include <cstdint>

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
    $product_fields
};

// What every product line of one NPU architecture offers: the facts a kernel build, which knows
// only __NPU_ARCH__, decides by at compile time (build_arch.h). The loader checks that the product
// lines of one architecture agree on them.
struct ArchTraits {
    int32_t npuArch;                  // __NPU_ARCH__
    $arch_fields
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

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = $arch_count;
constexpr ArchTraits kArchs[kArchCount] = {
    $archs
};

// What some architecture of the table offers (npuArch 0): a flag any of them has, the largest
// number. A host build of the engine without __NPU_ARCH__ compiles for it (build_arch.h).
constexpr ArchTraits kAnyArch = $any_arch;

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (ASCEND_OPS_ARCH_<KEY>); a
// build without __NPU_ARCH__ defines none of them.
#ifdef __NPU_ARCH__
$arch_macros
#endif  // __NPU_ARCH__

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
