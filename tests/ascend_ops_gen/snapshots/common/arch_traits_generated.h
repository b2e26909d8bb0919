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
#if __CCE_AICORE__ == 220  // split-line
#define ASCEND_OPS_NPU_ARCH 2201
#elif __CCE_AICORE__ == 200  // coupled-line
#define ASCEND_OPS_NPU_ARCH 2002
#elif __CCE_AICORE__ == 300  // small-line
#define ASCEND_OPS_NPU_ARCH 3002
#else
#error "__CCE_AICORE__ names the AI Core of no product line of op_specs/products.yaml (220, 200, 300); define __NPU_ARCH__"
#endif
#endif

namespace ascend_ops {

// The bits of a `dtypes` fact's mask, one per dtype of products.yaml's table, in its order.
constexpr uint32_t kDtypeBitFloat16 = 1u << 0;  // float16
constexpr uint32_t kDtypeBitFloat32 = 1u << 1;  // float32
constexpr uint32_t kDtypeBitBfloat16 = 1u << 2;  // bfloat16
constexpr uint32_t kDtypeBitInt8 = 1u << 3;  // int8
constexpr uint32_t kDtypeBitInt64 = 1u << 4;  // int64

// What every product line of one NPU architecture offers: the facts a kernel build, which knows
// only its arch (ASCEND_OPS_NPU_ARCH), decides by at compile time (build_arch.h). The loader
// checks that the product lines of one architecture agree on them.
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
// number. A host test build of the engine for every product line compiles for it (build_arch.h).
constexpr ArchTraits kAnyArch = {0, true, 8, true, false, true, true, false};

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (ASCEND_OPS_ARCH_<KEY>); a
// build without an arch defines none of them.
#ifdef ASCEND_OPS_NPU_ARCH
#if ASCEND_OPS_NPU_ARCH == 2201  // split-line
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#elif ASCEND_OPS_NPU_ARCH == 2002  // coupled-line
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#elif ASCEND_OPS_NPU_ARCH == 3002  // small-line
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 0
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 0
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#endif
#endif  // ASCEND_OPS_NPU_ARCH

#endif  // ASCEND_KERNELS_COMMON_ARCH_TRAITS_GENERATED_H
