// @generated from op_specs/products.yaml by ascend-ops-dev generate; do not edit
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
    int64_t ubBytes;                  // UB per core
    int64_t ubReservedBytes;          // kept back from the kernel (API scratch)
    bool dataCopyPad;                 // DataCopyPad exists
    int32_t dataCopyPadMaxElemBytes;  // largest element DataCopyPad moves (0 without it)
    bool gather;                      // in-UB Gather exists (16- and 32-bit elements)
    bool gather8Bit;                  // Gather also takes 8-bit elements (310B only)
    bool ubToUbCopy;                  // DataCopy(LocalTensor, LocalTensor) exists
    int64_t ubPlatformReservedBytes;  // GetCoreMemSize(UB) reports ub_bytes minus this
    int32_t eventIdsPerEvent;         // ids a TPipe hands out per HardEvent
    int32_t dataCacheLineBytes;       // scalar GM accesses go through a cache of such lines
    bool dataCacheClean;              // DataCacheCleanAndInvalid exists
    bool zeroLengthDataCopyNoop;      // a zero-length DataCopy is a no-op (else an error)
    bool kernelTypeRequired;          // vector-only kernels declare KERNEL_TYPE_AIV_ONLY
    int64_t gatherMaxCallBytes;       // bytes one count-form Gather may write; 0 no limit
    int32_t gatherMaxOffset8Bit;      // largest Gather source offset of 8-bit elements; 0 no limit
    int32_t gatherMaxOffset16Bit;     // largest Gather source offset of 16-bit elements; 0 no limit
    bool gatherSrcBaseInElements;     // Gather's srcBaseAddr becomes an element index
};

// A SoC of a product line.
struct SocEntry {
    const char* name;     // what aclrtGetSocName() and the platform's "SoC_version" report
    int32_t product;      // index into kProducts
    int32_t aiCores;
    int32_t vectorCores;
};

constexpr int32_t kProductCount = 3;
constexpr ProductInfo kProducts[kProductCount] = {
    {"split-line", "ascend910b", 2201, LaunchArchitecture::kSplit, 1000.0, 196608, 8192, true, 8, true, false, true, 0, 8, 64, true, true, false, 65535, 0, 0, false},  // A split-architecture line
    {"coupled-line", "ascend310p", 2002, LaunchArchitecture::kCoupled, 1000.0, 262144, 0, false, 0, true, false, true, 0, 8, 64, true, true, false, 65535, 0, 0, false},  // A coupled line without bfloat16
    {"small-line", "ascend310b", 3002, LaunchArchitecture::kCoupled, 1000.0, 253952, 0, true, 4, false, false, false, 0, 8, 64, true, true, false, 65535, 0, 0, false},  // A one-core line, float16 only
};

constexpr int32_t kSocCount = 4;
constexpr SocEntry kSocs[kSocCount] = {
    {"Ascend910B1", 0, 24, 48},
    {"Ascend910B3", 0, 20, 40},
    {"Ascend310P3", 1, 8, 7},
    {"Ascend310B1", 2, 1, 1},
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
