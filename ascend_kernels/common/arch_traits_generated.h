// @generated from op_specs/products.yaml by ascend-ops-dev generate; do not edit
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
#if __CCE_AICORE__ == 220  // atlas-a3, atlas-a2
#define ASCEND_OPS_NPU_ARCH 2201
#elif __CCE_AICORE__ == 100  // atlas-training
#define ASCEND_OPS_NPU_ARCH 1001
#elif __CCE_AICORE__ == 200  // atlas-inference
#define ASCEND_OPS_NPU_ARCH 2002
#elif __CCE_AICORE__ == 300  // atlas-200i-500-a2
#define ASCEND_OPS_NPU_ARCH 3002
#else
#error "__CCE_AICORE__ names the AI Core of no product line of op_specs/products.yaml (220, 100, 200, 300); define __NPU_ARCH__"
#endif
#endif

namespace ascend_ops {

// The bits of a `dtypes` fact's mask, one per dtype of products.yaml's table, in its order.
constexpr uint32_t kDtypeBitFloat16 = 1u << 0;  // float16
constexpr uint32_t kDtypeBitFloat32 = 1u << 1;  // float32
constexpr uint32_t kDtypeBitBfloat16 = 1u << 2;  // bfloat16
constexpr uint32_t kDtypeBitInt8 = 1u << 3;  // int8
constexpr uint32_t kDtypeBitUint8 = 1u << 4;  // uint8
constexpr uint32_t kDtypeBitInt16 = 1u << 5;  // int16
constexpr uint32_t kDtypeBitInt32 = 1u << 6;  // int32
constexpr uint32_t kDtypeBitInt64 = 1u << 7;  // int64
constexpr uint32_t kDtypeBitUint32 = 1u << 8;  // uint32
constexpr uint32_t kDtypeBitBool = 1u << 9;  // bool

// What every product line of one NPU architecture offers: the facts a kernel build, which knows
// only its arch (ASCEND_OPS_NPU_ARCH), decides by at compile time (build_arch.h). The loader
// checks that the product lines of one architecture agree on them.
struct ArchTraits {
    int32_t npuArch;                  // __NPU_ARCH__
    bool dataCopyPad;                   // DataCopyPad exists
    int32_t dataCopyPadMaxElemBytes;    // largest element DataCopyPad moves (0 without it)
    bool gather;                        // in-UB Gather exists (16- and 32-bit elements)
    bool gather8Bit;                    // Gather also takes 8-bit elements (310B only)
    bool ubToUbCopy;                    // DataCopy(LocalTensor, LocalTensor) exists
    bool dataCacheClean;                // DataCacheCleanAndInvalid exists
    bool kernelTypeRequired;            // vector-only kernels declare KERNEL_TYPE_AIV_ONLY
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

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = 4;
constexpr ArchTraits kArchs[kArchCount] = {
    {2201, true, 8, true, false, true, true, true, false, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x167u, 0x1u, 0x3Eu, 0x7Fu, 0x3Eu, 0x3Eu, 0x3Eu, 0x1u, 0x3Eu, 0x3Fu, 0x0u, true},  // atlas-a3, atlas-a2
    {1001, false, 0, false, false, true, false, false, true, 0x43u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x163u, 0x1u, 0x3Eu, 0x41u, 0x0u, 0x0u, 0x3Eu, 0x0u, 0x0u, 0x1u, 0x0u, true},  // atlas-training
    {2002, false, 0, true, false, true, true, false, true, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x163u, 0x1u, 0x3Eu, 0x41u, 0x0u, 0x0u, 0x3Eu, 0x0u, 0x0u, 0x1u, 0x0u, true},  // atlas-inference
    {3002, true, 4, true, true, false, true, false, true, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x163u, 0x1u, 0x3Eu, 0x7Fu, 0x3Eu, 0x3Eu, 0x3Eu, 0x1u, 0x3Eu, 0x3Fu, 0x3Eu, true},  // atlas-200i-500-a2
};

// What some architecture of the table offers (npuArch 0): a flag any of them has, the largest
// number. A host test build of the engine for every product line compiles for it (build_arch.h).
constexpr ArchTraits kAnyArch = {0, true, 8, true, true, true, true, true, true, 0x63u, 0x63u, 0x63u, 0x3u, 0x63u, 0x63u, 0x63u, 0x63u, 0x167u, 0x1u, 0x3Eu, 0x7Fu, 0x3Eu, 0x3Eu, 0x3Eu, 0x1u, 0x3Eu, 0x3Fu, 0x3Eu, true};

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (ASCEND_OPS_ARCH_<KEY>); a
// build without an arch defines none of them.
#ifdef ASCEND_OPS_NPU_ARCH
#if ASCEND_OPS_NPU_ARCH == 2201  // atlas-a3, atlas-a2
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 1
#define ASCEND_OPS_ARCH_FLOAT_SATURATION 0
#define ASCEND_OPS_ARCH_TRANSPOSE_16BIT 1
#elif ASCEND_OPS_NPU_ARCH == 1001  // atlas-training
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#define ASCEND_OPS_ARCH_GATHER 0
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 0
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#define ASCEND_OPS_ARCH_FLOAT_SATURATION 1
#define ASCEND_OPS_ARCH_TRANSPOSE_16BIT 1
#elif ASCEND_OPS_NPU_ARCH == 2002  // atlas-inference
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#define ASCEND_OPS_ARCH_FLOAT_SATURATION 1
#define ASCEND_OPS_ARCH_TRANSPOSE_16BIT 1
#elif ASCEND_OPS_NPU_ARCH == 3002  // atlas-200i-500-a2
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 1
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 0
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#define ASCEND_OPS_ARCH_FLOAT_SATURATION 1
#define ASCEND_OPS_ARCH_TRANSPOSE_16BIT 1
#endif
#endif  // ASCEND_OPS_NPU_ARCH

#endif  // ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H
