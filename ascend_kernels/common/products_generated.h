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

constexpr int32_t kProductCount = 5;
constexpr ProductInfo kProducts[kProductCount] = {
    {"atlas-a3", "ascend910_93", 2201, LaunchArchitecture::kSplit, 196608, 8192, true, 8, true, false, true, 256, 8, 64, true, true, true, 65535, 0, 0, false},  // Atlas A3 training / inference series
    {"atlas-a2", "ascend910b", 2201, LaunchArchitecture::kSplit, 196608, 8192, true, 8, true, false, true, 256, 8, 64, true, true, true, 65535, 0, 0, false},  // Atlas A2 training series / Atlas 800I A2 inference
    {"atlas-training", "ascend910", 1001, LaunchArchitecture::kCoupled, 262144, 0, false, 0, false, false, true, 0, 4, 64, false, false, false, 0, 0, 0, false},  // Atlas training series
    {"atlas-inference", "ascend310p", 2002, LaunchArchitecture::kCoupled, 262144, 0, false, 0, true, false, true, 0, 8, 64, true, false, false, 65535, 0, 0, false},  // Atlas inference series
    {"atlas-200i-500-a2", "ascend310b", 3002, LaunchArchitecture::kCoupled, 253952, 0, true, 4, true, true, false, 0, 8, 64, true, false, false, 0, 65535, 131071, true},  // Atlas 200I/500 A2 inference
};
static_assert(SameText(kProducts[0].key, "atlas-a3") &&
              SameText(kProducts[1].key, "atlas-a2") &&
              SameText(kProducts[2].key, "atlas-training") &&
              SameText(kProducts[3].key, "atlas-inference") &&
              SameText(kProducts[4].key, "atlas-200i-500-a2"),
              "ProductInfo::key does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(SameText(kProducts[0].addConfig, "ascend910_93") &&
              SameText(kProducts[1].addConfig, "ascend910b") &&
              SameText(kProducts[2].addConfig, "ascend910") &&
              SameText(kProducts[3].addConfig, "ascend310p") &&
              SameText(kProducts[4].addConfig, "ascend310b"),
              "ProductInfo::addConfig does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].npuArch == 2201 &&
              kProducts[1].npuArch == 2201 &&
              kProducts[2].npuArch == 1001 &&
              kProducts[3].npuArch == 2002 &&
              kProducts[4].npuArch == 3002,
              "ProductInfo::npuArch does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].architecture == LaunchArchitecture::kSplit &&
              kProducts[1].architecture == LaunchArchitecture::kSplit &&
              kProducts[2].architecture == LaunchArchitecture::kCoupled &&
              kProducts[3].architecture == LaunchArchitecture::kCoupled &&
              kProducts[4].architecture == LaunchArchitecture::kCoupled,
              "ProductInfo::architecture does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].ubBytes == 196608 &&
              kProducts[1].ubBytes == 196608 &&
              kProducts[2].ubBytes == 262144 &&
              kProducts[3].ubBytes == 262144 &&
              kProducts[4].ubBytes == 253952,
              "ProductInfo::ubBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].ubReservedBytes == 8192 &&
              kProducts[1].ubReservedBytes == 8192 &&
              kProducts[2].ubReservedBytes == 0 &&
              kProducts[3].ubReservedBytes == 0 &&
              kProducts[4].ubReservedBytes == 0,
              "ProductInfo::ubReservedBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].dataCopyPad == true &&
              kProducts[1].dataCopyPad == true &&
              kProducts[2].dataCopyPad == false &&
              kProducts[3].dataCopyPad == false &&
              kProducts[4].dataCopyPad == true,
              "ProductInfo::dataCopyPad does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].dataCopyPadMaxElemBytes == 8 &&
              kProducts[1].dataCopyPadMaxElemBytes == 8 &&
              kProducts[2].dataCopyPadMaxElemBytes == 0 &&
              kProducts[3].dataCopyPadMaxElemBytes == 0 &&
              kProducts[4].dataCopyPadMaxElemBytes == 4,
              "ProductInfo::dataCopyPadMaxElemBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gather == true &&
              kProducts[1].gather == true &&
              kProducts[2].gather == false &&
              kProducts[3].gather == true &&
              kProducts[4].gather == true,
              "ProductInfo::gather does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gather8Bit == false &&
              kProducts[1].gather8Bit == false &&
              kProducts[2].gather8Bit == false &&
              kProducts[3].gather8Bit == false &&
              kProducts[4].gather8Bit == true,
              "ProductInfo::gather8Bit does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].ubToUbCopy == true &&
              kProducts[1].ubToUbCopy == true &&
              kProducts[2].ubToUbCopy == true &&
              kProducts[3].ubToUbCopy == true &&
              kProducts[4].ubToUbCopy == false,
              "ProductInfo::ubToUbCopy does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].ubPlatformReservedBytes == 256 &&
              kProducts[1].ubPlatformReservedBytes == 256 &&
              kProducts[2].ubPlatformReservedBytes == 0 &&
              kProducts[3].ubPlatformReservedBytes == 0 &&
              kProducts[4].ubPlatformReservedBytes == 0,
              "ProductInfo::ubPlatformReservedBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].eventIdsPerEvent == 8 &&
              kProducts[1].eventIdsPerEvent == 8 &&
              kProducts[2].eventIdsPerEvent == 4 &&
              kProducts[3].eventIdsPerEvent == 8 &&
              kProducts[4].eventIdsPerEvent == 8,
              "ProductInfo::eventIdsPerEvent does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].dataCacheLineBytes == 64 &&
              kProducts[1].dataCacheLineBytes == 64 &&
              kProducts[2].dataCacheLineBytes == 64 &&
              kProducts[3].dataCacheLineBytes == 64 &&
              kProducts[4].dataCacheLineBytes == 64,
              "ProductInfo::dataCacheLineBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].dataCacheClean == true &&
              kProducts[1].dataCacheClean == true &&
              kProducts[2].dataCacheClean == false &&
              kProducts[3].dataCacheClean == true &&
              kProducts[4].dataCacheClean == true,
              "ProductInfo::dataCacheClean does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].zeroLengthDataCopyNoop == true &&
              kProducts[1].zeroLengthDataCopyNoop == true &&
              kProducts[2].zeroLengthDataCopyNoop == false &&
              kProducts[3].zeroLengthDataCopyNoop == false &&
              kProducts[4].zeroLengthDataCopyNoop == false,
              "ProductInfo::zeroLengthDataCopyNoop does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].kernelTypeRequired == true &&
              kProducts[1].kernelTypeRequired == true &&
              kProducts[2].kernelTypeRequired == false &&
              kProducts[3].kernelTypeRequired == false &&
              kProducts[4].kernelTypeRequired == false,
              "ProductInfo::kernelTypeRequired does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gatherMaxCallBytes == 65535 &&
              kProducts[1].gatherMaxCallBytes == 65535 &&
              kProducts[2].gatherMaxCallBytes == 0 &&
              kProducts[3].gatherMaxCallBytes == 65535 &&
              kProducts[4].gatherMaxCallBytes == 0,
              "ProductInfo::gatherMaxCallBytes does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gatherMaxOffset8Bit == 0 &&
              kProducts[1].gatherMaxOffset8Bit == 0 &&
              kProducts[2].gatherMaxOffset8Bit == 0 &&
              kProducts[3].gatherMaxOffset8Bit == 0 &&
              kProducts[4].gatherMaxOffset8Bit == 65535,
              "ProductInfo::gatherMaxOffset8Bit does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gatherMaxOffset16Bit == 0 &&
              kProducts[1].gatherMaxOffset16Bit == 0 &&
              kProducts[2].gatherMaxOffset16Bit == 0 &&
              kProducts[3].gatherMaxOffset16Bit == 0 &&
              kProducts[4].gatherMaxOffset16Bit == 131071,
              "ProductInfo::gatherMaxOffset16Bit does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(kProducts[0].gatherSrcBaseInElements == false &&
              kProducts[1].gatherSrcBaseInElements == false &&
              kProducts[2].gatherSrcBaseInElements == false &&
              kProducts[3].gatherSrcBaseInElements == false &&
              kProducts[4].gatherSrcBaseInElements == true,
              "ProductInfo::gatherSrcBaseInElements does not hold what kProducts was generated with: ascend_kernels/common/product_types.h declares ProductInfo's fields in another order; run ascend-ops generate");
static_assert(!AggregateTakes<ProductInfo, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField>(0),
              "ProductInfo has more fields than the 21 kProducts was generated with: ascend_kernels/common/product_types.h declares one more; run ascend-ops generate");

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
static_assert(SameText(kSocs[0].name, "Ascend910_9391") &&
              SameText(kSocs[1].name, "Ascend910_9392") &&
              SameText(kSocs[2].name, "Ascend910_9381") &&
              SameText(kSocs[3].name, "Ascend910_9382") &&
              SameText(kSocs[4].name, "Ascend910_9372") &&
              SameText(kSocs[5].name, "Ascend910_9362") &&
              SameText(kSocs[6].name, "Ascend910_9363") &&
              SameText(kSocs[7].name, "Ascend910B1") &&
              SameText(kSocs[8].name, "Ascend910B2") &&
              SameText(kSocs[9].name, "Ascend910B2C") &&
              SameText(kSocs[10].name, "Ascend910B3") &&
              SameText(kSocs[11].name, "Ascend910B4") &&
              SameText(kSocs[12].name, "Ascend910B4-1") &&
              SameText(kSocs[13].name, "Ascend910A") &&
              SameText(kSocs[14].name, "Ascend910ProA") &&
              SameText(kSocs[15].name, "Ascend910PremiumA") &&
              SameText(kSocs[16].name, "Ascend910ProB") &&
              SameText(kSocs[17].name, "Ascend310P1") &&
              SameText(kSocs[18].name, "Ascend310P2") &&
              SameText(kSocs[19].name, "Ascend310P3") &&
              SameText(kSocs[20].name, "Ascend310P4") &&
              SameText(kSocs[21].name, "Ascend310P5") &&
              SameText(kSocs[22].name, "Ascend310P7") &&
              SameText(kSocs[23].name, "Ascend310B1") &&
              SameText(kSocs[24].name, "Ascend310B2") &&
              SameText(kSocs[25].name, "Ascend310B3") &&
              SameText(kSocs[26].name, "Ascend310B4"),
              "SocEntry::name does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(kSocs[0].product == 0 &&
              kSocs[1].product == 0 &&
              kSocs[2].product == 0 &&
              kSocs[3].product == 0 &&
              kSocs[4].product == 0 &&
              kSocs[5].product == 0 &&
              kSocs[6].product == 0 &&
              kSocs[7].product == 1 &&
              kSocs[8].product == 1 &&
              kSocs[9].product == 1 &&
              kSocs[10].product == 1 &&
              kSocs[11].product == 1 &&
              kSocs[12].product == 1 &&
              kSocs[13].product == 2 &&
              kSocs[14].product == 2 &&
              kSocs[15].product == 2 &&
              kSocs[16].product == 2 &&
              kSocs[17].product == 3 &&
              kSocs[18].product == 3 &&
              kSocs[19].product == 3 &&
              kSocs[20].product == 3 &&
              kSocs[21].product == 3 &&
              kSocs[22].product == 3 &&
              kSocs[23].product == 4 &&
              kSocs[24].product == 4 &&
              kSocs[25].product == 4 &&
              kSocs[26].product == 4,
              "SocEntry::product does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(kSocs[0].aiCores == 24 &&
              kSocs[1].aiCores == 24 &&
              kSocs[2].aiCores == 24 &&
              kSocs[3].aiCores == 24 &&
              kSocs[4].aiCores == 20 &&
              kSocs[5].aiCores == 20 &&
              kSocs[6].aiCores == 20 &&
              kSocs[7].aiCores == 24 &&
              kSocs[8].aiCores == 24 &&
              kSocs[9].aiCores == 24 &&
              kSocs[10].aiCores == 20 &&
              kSocs[11].aiCores == 20 &&
              kSocs[12].aiCores == 20 &&
              kSocs[13].aiCores == 32 &&
              kSocs[14].aiCores == 32 &&
              kSocs[15].aiCores == 32 &&
              kSocs[16].aiCores == 30 &&
              kSocs[17].aiCores == 10 &&
              kSocs[18].aiCores == 8 &&
              kSocs[19].aiCores == 8 &&
              kSocs[20].aiCores == 8 &&
              kSocs[21].aiCores == 8 &&
              kSocs[22].aiCores == 8 &&
              kSocs[23].aiCores == 1 &&
              kSocs[24].aiCores == 1 &&
              kSocs[25].aiCores == 1 &&
              kSocs[26].aiCores == 1,
              "SocEntry::aiCores does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(kSocs[0].vectorCores == 48 &&
              kSocs[1].vectorCores == 48 &&
              kSocs[2].vectorCores == 48 &&
              kSocs[3].vectorCores == 48 &&
              kSocs[4].vectorCores == 40 &&
              kSocs[5].vectorCores == 40 &&
              kSocs[6].vectorCores == 40 &&
              kSocs[7].vectorCores == 48 &&
              kSocs[8].vectorCores == 48 &&
              kSocs[9].vectorCores == 48 &&
              kSocs[10].vectorCores == 40 &&
              kSocs[11].vectorCores == 40 &&
              kSocs[12].vectorCores == 40 &&
              kSocs[13].vectorCores == 0 &&
              kSocs[14].vectorCores == 0 &&
              kSocs[15].vectorCores == 0 &&
              kSocs[16].vectorCores == 0 &&
              kSocs[17].vectorCores == 8 &&
              kSocs[18].vectorCores == 7 &&
              kSocs[19].vectorCores == 7 &&
              kSocs[20].vectorCores == 7 &&
              kSocs[21].vectorCores == 7 &&
              kSocs[22].vectorCores == 7 &&
              kSocs[23].vectorCores == 1 &&
              kSocs[24].vectorCores == 1 &&
              kSocs[25].vectorCores == 1 &&
              kSocs[26].vectorCores == 1,
              "SocEntry::vectorCores does not hold what kSocs was generated with: ascend_kernels/common/product_types.h declares SocEntry's fields in another order; run ascend-ops generate");
static_assert(!AggregateTakes<SocEntry, AnyField, AnyField, AnyField, AnyField, AnyField>(0),
              "SocEntry has more fields than the 4 kSocs was generated with: ascend_kernels/common/product_types.h declares one more; run ascend-ops generate");

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = 4;
constexpr ArchTraits kArchs[kArchCount] = {
    {2201, true, 8, true, false, true, true, true},  // atlas-a3, atlas-a2
    {1001, false, 0, false, false, true, false, false},  // atlas-training
    {2002, false, 0, true, false, true, true, false},  // atlas-inference
    {3002, true, 4, true, true, false, true, false},  // atlas-200i-500-a2
};
static_assert(kArchs[0].npuArch == 2201 &&
              kArchs[1].npuArch == 1001 &&
              kArchs[2].npuArch == 2002 &&
              kArchs[3].npuArch == 3002,
              "ArchTraits::npuArch does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].dataCopyPad == true &&
              kArchs[1].dataCopyPad == false &&
              kArchs[2].dataCopyPad == false &&
              kArchs[3].dataCopyPad == true,
              "ArchTraits::dataCopyPad does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].dataCopyPadMaxElemBytes == 8 &&
              kArchs[1].dataCopyPadMaxElemBytes == 0 &&
              kArchs[2].dataCopyPadMaxElemBytes == 0 &&
              kArchs[3].dataCopyPadMaxElemBytes == 4,
              "ArchTraits::dataCopyPadMaxElemBytes does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].gather == true &&
              kArchs[1].gather == false &&
              kArchs[2].gather == true &&
              kArchs[3].gather == true,
              "ArchTraits::gather does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].gather8Bit == false &&
              kArchs[1].gather8Bit == false &&
              kArchs[2].gather8Bit == false &&
              kArchs[3].gather8Bit == true,
              "ArchTraits::gather8Bit does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].ubToUbCopy == true &&
              kArchs[1].ubToUbCopy == true &&
              kArchs[2].ubToUbCopy == true &&
              kArchs[3].ubToUbCopy == false,
              "ArchTraits::ubToUbCopy does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].dataCacheClean == true &&
              kArchs[1].dataCacheClean == false &&
              kArchs[2].dataCacheClean == true &&
              kArchs[3].dataCacheClean == true,
              "ArchTraits::dataCacheClean does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(kArchs[0].kernelTypeRequired == true &&
              kArchs[1].kernelTypeRequired == false &&
              kArchs[2].kernelTypeRequired == false &&
              kArchs[3].kernelTypeRequired == false,
              "ArchTraits::kernelTypeRequired does not hold what kArchs was generated with: ascend_kernels/common/product_types.h declares ArchTraits's fields in another order; run ascend-ops generate");
static_assert(!AggregateTakes<ArchTraits, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField, AnyField>(0),
              "ArchTraits has more fields than the 8 kArchs was generated with: ascend_kernels/common/product_types.h declares one more; run ascend-ops generate");

}  // namespace ascend_ops

// The bool facts of kArchs for the build's architecture, for `#if` (see ascend_ops_gen/codegen/
// project.py, _arch_macros); a build without __NPU_ARCH__ defines none of them.
#ifdef __NPU_ARCH__
#if __NPU_ARCH__ == 2201  // atlas-a3, atlas-a2
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 1
#elif __NPU_ARCH__ == 1001  // atlas-training
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#define ASCEND_OPS_ARCH_GATHER 0
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 0
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#elif __NPU_ARCH__ == 2002  // atlas-inference
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 0
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 0
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 1
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#elif __NPU_ARCH__ == 3002  // atlas-200i-500-a2
#define ASCEND_OPS_ARCH_DATA_COPY_PAD 1
#define ASCEND_OPS_ARCH_GATHER 1
#define ASCEND_OPS_ARCH_GATHER_8BIT 1
#define ASCEND_OPS_ARCH_UB_TO_UB_COPY 0
#define ASCEND_OPS_ARCH_DATA_CACHE_CLEAN 1
#define ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED 0
#endif
#endif  // __NPU_ARCH__

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
