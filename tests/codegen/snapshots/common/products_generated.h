// @generated from op_specs/products.yaml by ascend-ops generate; do not edit
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

constexpr int32_t kProductCount = 3;
constexpr ProductInfo kProducts[kProductCount] = {
    {"split-line", LaunchArchitecture::kSplit, 196608, true, 0},  // A split-architecture line
    {"coupled-line", LaunchArchitecture::kCoupled, 262144, false, 0},  // A coupled line without bfloat16
    {"small-line", LaunchArchitecture::kCoupled, 253952, true, 0},  // A one-core line, float16 only
};
static_assert(SameText(kProducts[0].key, "split-line") &&
              SameText(kProducts[1].key, "coupled-line") &&
              SameText(kProducts[2].key, "small-line"),
              "ProductInfo::key does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].architecture == LaunchArchitecture::kSplit &&
              kProducts[1].architecture == LaunchArchitecture::kCoupled &&
              kProducts[2].architecture == LaunchArchitecture::kCoupled,
              "ProductInfo::architecture does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].ubBytes == 196608 &&
              kProducts[1].ubBytes == 262144 &&
              kProducts[2].ubBytes == 253952,
              "ProductInfo::ubBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].dataCopyPad == true &&
              kProducts[1].dataCopyPad == false &&
              kProducts[2].dataCopyPad == true,
              "ProductInfo::dataCopyPad does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gatherMaxOffset16Bit == 0 &&
              kProducts[1].gatherMaxOffset16Bit == 0 &&
              kProducts[2].gatherMaxOffset16Bit == 0,
              "ProductInfo::gatherMaxOffset16Bit does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(!AggregateTakes<ProductInfo, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField>(0),
              "ProductInfo has more fields than the 5 kProducts was generated with: ascend_kernels/common/product_types.h declares one more; run ascend-ops generate");

constexpr int32_t kSocCount = 4;
constexpr SocEntry kSocs[kSocCount] = {
    {48, "Ascend910B1", 0},
    {40, "Ascend910B3", 0},
    {7, "Ascend310P3", 1},
    {1, "Ascend310B1", 2},
};
static_assert(kSocs[0].vectorCores == 48 &&
              kSocs[1].vectorCores == 40 &&
              kSocs[2].vectorCores == 7 &&
              kSocs[3].vectorCores == 1,
              "SocEntry::vectorCores does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(SameText(kSocs[0].name, "Ascend910B1") &&
              SameText(kSocs[1].name, "Ascend910B3") &&
              SameText(kSocs[2].name, "Ascend310P3") &&
              SameText(kSocs[3].name, "Ascend310B1"),
              "SocEntry::name does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(kSocs[0].product == 0 &&
              kSocs[1].product == 0 &&
              kSocs[2].product == 1 &&
              kSocs[3].product == 2,
              "SocEntry::product does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(!AggregateTakes<SocEntry, AnyField, AnyField, AnyField, AnyField>(0),
              "SocEntry has more fields than the 3 kSocs was generated with: ascend_kernels/common/product_types.h declares one more; run ascend-ops generate");

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = 3;
constexpr ArchTraits kArchs[kArchCount] = {
    {2201, false, true},  // split-line
    {2002, false, false},  // coupled-line
    {3002, false, true},  // small-line
};
static_assert(kArchs[0].npuArch == 2201 &&
              kArchs[1].npuArch == 2002 &&
              kArchs[2].npuArch == 3002,
              "ArchTraits::npuArch does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].gather8Bit == false &&
              kArchs[1].gather8Bit == false &&
              kArchs[2].gather8Bit == false,
              "ArchTraits::gather8Bit does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].dataCopyPad == true &&
              kArchs[1].dataCopyPad == false &&
              kArchs[2].dataCopyPad == true,
              "ArchTraits::dataCopyPad does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(!AggregateTakes<ArchTraits, AnyField, AnyField, AnyField, AnyField>(0),
              "ArchTraits has more fields than the 3 kArchs was generated with: ascend_kernels/common/product_types.h declares one more; run ascend-ops generate");

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (see ascend_ops_gen/codegen/
// project.py, _arch_macros); a build without __NPU_ARCH__ defines none of them.
#ifdef __NPU_ARCH__
#if __NPU_ARCH__ == 2201  // split-line
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#elif __NPU_ARCH__ == 2002  // coupled-line
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#elif __NPU_ARCH__ == 3002  // small-line
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#endif
#endif  // __NPU_ARCH__

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
