// @generated from op_specs/products.yaml by ascend-ops-dev generate; do not edit
//
// The facts of op_specs/products.yaml that a kernel build decides by at compile time, per NPU
// architecture: the ArchTraits struct (a field per fact declared `per: arch`, Note [product
// table layout] in ascend_ops_gen/codegen/product_types.py), its rows and their `#if` twins.
// Device code only: products_generated.h holds the rest of the table for host code.
#ifndef ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H
#define ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H

#include <cstdint>

namespace ascend_ops {

// The bits of a `dtypes` fact's mask, one per dtype of products.yaml's table, in its order.
constexpr uint32_t kDtypeBitFloat16 = 1u << 0;  // float16
constexpr uint32_t kDtypeBitFloat32 = 1u << 1;  // float32
constexpr uint32_t kDtypeBitBfloat16 = 1u << 2;  // bfloat16
constexpr uint32_t kDtypeBitInt8 = 1u << 3;  // int8
constexpr uint32_t kDtypeBitInt64 = 1u << 4;  // int64

// What every product line of one NPU architecture offers: the facts a kernel build, which knows
// only __NPU_ARCH__, decides by at compile time (build_arch.h). The loader checks that the product
// lines of one architecture agree on them.
struct ArchTraits {
    int32_t npuArch;                  // __NPU_ARCH__
    bool dataCopyPad;                 // DataCopyPad exists
    int32_t dataCopyPadMaxElemBytes;  // largest element DataCopyPad moves (0 without it)
    bool gather;                      // in-UB Gather exists (16- and 32-bit elements)
    bool gather8Bit;                  // Gather also takes 8-bit elements (310B only)
    bool ubToUbCopy;                  // DataCopy(LocalTensor, LocalTensor) exists
    bool dataCacheClean;              // DataCacheCleanAndInvalid exists
    bool kernelTypeRequired;          // vector-only kernels declare KERNEL_TYPE_AIV_ONLY
};

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = 3;
constexpr ArchTraits kArchs[kArchCount] = {
    {2201, true, 8, true, false, true, true, false},  // split-line
    {2002, false, 0, true, false, true, true, false},  // coupled-line
    {3002, true, 4, false, false, false, true, false},  // small-line
};

// What some architecture of the table offers (npuArch 0): a flag any of them has, the largest
// number. A host build of the engine without __NPU_ARCH__ compiles for it (build_arch.h).
constexpr ArchTraits kAnyArch = {0, true, 8, true, false, true, true, false};

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (ASCEND_OPS_ARCH_<KEY>); a
// build without __NPU_ARCH__ defines none of them.
#ifdef __NPU_ARCH__
#if __NPU_ARCH__ == 2201  // split-line
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#elif __NPU_ARCH__ == 2002  // coupled-line
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#elif __NPU_ARCH__ == 3002  // small-line
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 0
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 0
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#endif
#endif  // __NPU_ARCH__

#endif  // ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H
