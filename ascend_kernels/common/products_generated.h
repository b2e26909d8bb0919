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
    int64_t ubBytes;                    // UB per core
    int64_t ubReservedBytes;            // kept back from the kernel (API scratch)
    bool dataCopyPad;                   // DataCopyPad exists
    int32_t dataCopyPadMaxElemBytes;    // largest element DataCopyPad moves (0 without it)
    bool gather;                        // in-UB Gather exists (16- and 32-bit elements)
    bool gather8Bit;                    // Gather also takes 8-bit elements (310B only)
    bool ubToUbCopy;                    // DataCopy(LocalTensor, LocalTensor) exists
    int64_t ubPlatformReservedBytes;    // GetCoreMemSize(UB) reports ub_bytes minus this
    int32_t eventIdsPerEvent;           // ids a TPipe hands out per HardEvent
    int32_t dataCacheLineBytes;         // scalar GM accesses go through a cache of such lines
    bool dataCacheClean;                // DataCacheCleanAndInvalid exists
    bool zeroLengthDataCopyNoop;        // a zero-length DataCopy is a no-op (else an error)
    bool kernelTypeRequired;            // vector-only kernels declare KERNEL_TYPE_AIV_ONLY
    int64_t gatherMaxCallBytes;         // bytes one count-form Gather may write; 0 no limit
    int32_t gatherMaxOffset8Bit;        // largest Gather source offset of 8-bit elements; 0 no limit
    int32_t gatherMaxOffset16Bit;       // largest Gather source offset of 16-bit elements; 0 no limit
    bool gatherSrcBaseInElements;       // Gather's srcBaseAddr becomes an element index
    bool floatSaturation;               // floating-point vector results saturate: inf -> +-max, NaN -> 0
    uint32_t vecAddDtypes;              // dtypes of Add
    uint32_t vecSubDtypes;              // dtypes of Sub
    uint32_t vecMulDtypes;              // dtypes of Mul
    uint32_t vecDivDtypes;              // dtypes of Div
    uint32_t vecMaxDtypes;              // dtypes of Max
    uint32_t vecMinDtypes;              // dtypes of Min
    uint32_t vecAddsDtypes;             // dtypes of Adds
    uint32_t vecMulsDtypes;             // dtypes of Muls
    uint32_t vecDuplicateDtypes;        // dtypes of Duplicate
    uint32_t vecCastFloat16ToFloat32;   // RoundModes of Cast float16 -> float32
    uint32_t vecCastFloat16ToInt32;     // RoundModes of Cast float16 -> int32
    uint32_t vecCastFloat32ToFloat16;   // RoundModes of Cast float32 -> float16
    uint32_t vecCastFloat32ToFloat32;   // RoundModes of Cast float32 -> float32 (round to an integer)
    uint32_t vecCastFloat32ToBfloat16;  // RoundModes of Cast float32 -> bfloat16
    uint32_t vecCastFloat32ToInt32;     // RoundModes of Cast float32 -> int32
    uint32_t vecCastBfloat16ToFloat32;  // RoundModes of Cast bfloat16 -> float32
    uint32_t vecCastBfloat16ToInt32;    // RoundModes of Cast bfloat16 -> int32
    uint32_t vecCastInt32ToFloat32;     // RoundModes of Cast int32 -> float32
    uint32_t vecCastInt32ToFloat16;     // RoundModes of Cast int32 -> float16 (through float32)
    bool transpose16Bit;                // TransDataTo5HD transposes 16-bit data (vnchwconv)
};

// A SoC of a product line.
struct SocEntry {
    const char* name;     // what aclrtGetSocName() and the platform's "SoC_version" report
    int32_t product;      // index into kProducts
    int32_t aiCores;
    int32_t vectorCores;
};

constexpr int32_t kProductCount = 5;
constexpr ProductInfo kProducts[kProductCount] = {
    {"atlas-a3", "ascend910_93", 2201, LaunchArchitecture::kSplit, 1600.0, 196608, 8192, true, 8, true, false, true, 256, 8, 64, true, true, true, 65535, 0, 0, false, false, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x167u, 0x1u, 0x3Eu, 0x7Fu, 0x3Eu, 0x3Eu, 0x3Eu, 0x1u, 0x3Eu, 0x3Fu, 0x0u, true},  // Atlas A3 training / inference series
    {"atlas-a2", "ascend910b", 2201, LaunchArchitecture::kSplit, 1600.0, 196608, 8192, true, 8, true, false, true, 256, 8, 64, true, true, true, 65535, 0, 0, false, false, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x167u, 0x1u, 0x3Eu, 0x7Fu, 0x3Eu, 0x3Eu, 0x3Eu, 0x1u, 0x3Eu, 0x3Fu, 0x0u, true},  // Atlas A2 training series / Atlas 800I A2 inference
    {"atlas-training", "ascend910", 1001, LaunchArchitecture::kCoupled, 1200.0, 262144, 0, false, 0, false, false, true, 0, 4, 64, false, false, false, 0, 0, 0, false, true, 0x43u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x163u, 0x1u, 0x3Eu, 0x41u, 0x0u, 0x0u, 0x3Eu, 0x0u, 0x0u, 0x1u, 0x0u, true},  // Atlas training series
    {"atlas-inference", "ascend310p", 2002, LaunchArchitecture::kCoupled, 204.8, 262144, 0, false, 0, true, false, true, 0, 8, 64, true, false, false, 65535, 0, 0, false, true, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x163u, 0x1u, 0x3Eu, 0x41u, 0x0u, 0x0u, 0x3Eu, 0x0u, 0x0u, 0x1u, 0x0u, true},  // Atlas inference series
    {"atlas-200i-500-a2", "ascend310b", 3002, LaunchArchitecture::kCoupled, 34.0, 253952, 0, true, 4, true, true, false, 0, 8, 64, true, false, false, 0, 65535, 131071, true, true, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x163u, 0x1u, 0x3Eu, 0x7Fu, 0x3Eu, 0x3Eu, 0x3Eu, 0x1u, 0x3Eu, 0x3Fu, 0x3Eu, true},  // Atlas 200I/500 A2 inference
};

constexpr int32_t kSocCount = 27;
constexpr SocEntry kSocs[kSocCount] = {
    {"Ascend910_9391", 0, 24, 48},
    {"Ascend910_9392", 0, 24, 48},
    {"Ascend910_9381", 0, 24, 48},
    {"Ascend910_9382", 0, 24, 48},
    {"Ascend910_9372", 0, 20, 40},
    {"Ascend910_9362", 0, 20, 40},
    {"Ascend910_9363", 0, 20, 40},
    {"Ascend910B1", 1, 24, 48},
    {"Ascend910B2", 1, 24, 48},
    {"Ascend910B2C", 1, 24, 48},
    {"Ascend910B3", 1, 20, 40},
    {"Ascend910B4", 1, 20, 40},
    {"Ascend910B4-1", 1, 20, 40},
    {"Ascend910A", 2, 32, 0},
    {"Ascend910ProA", 2, 32, 0},
    {"Ascend910PremiumA", 2, 32, 0},
    {"Ascend910ProB", 2, 30, 0},
    {"Ascend310P1", 3, 10, 8},
    {"Ascend310P2", 3, 8, 7},
    {"Ascend310P3", 3, 8, 7},
    {"Ascend310P4", 3, 8, 7},
    {"Ascend310P5", 3, 8, 7},
    {"Ascend310P7", 3, 8, 7},
    {"Ascend310B1", 4, 1, 1},
    {"Ascend310B2", 4, 1, 1},
    {"Ascend310B3", 4, 1, 1},
    {"Ascend310B4", 4, 1, 1},
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
