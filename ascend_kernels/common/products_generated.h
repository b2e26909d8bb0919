// @generated from op_specs/products.yaml by ascend-ops generate; do not edit
//
// The product table of op_specs/products.yaml for C++: the only place C++ learns product facts.
// Its types and lookups are hand-written in products.h, which includes this file.
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

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = 4;
constexpr ArchTraits kArchs[kArchCount] = {
    {2201, true, 8, true, false, true},  // atlas-a3, atlas-a2
    {1001, false, 0, false, false, true},  // atlas-training
    {2002, false, 0, true, false, true},  // atlas-inference
    {3002, true, 4, true, true, false},  // atlas-200i-500-a2
};
static_assert(kArchs[0].npuArch == 2201 && kArchs[0].dataCopyPad == true && kArchs[0].dataCopyPadMaxElemBytes == 8 && kArchs[0].gather == true && kArchs[0].gather8Bit == false && kArchs[0].ubToUbCopy == true,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");
static_assert(kArchs[1].npuArch == 1001 && kArchs[1].dataCopyPad == false && kArchs[1].dataCopyPadMaxElemBytes == 0 && kArchs[1].gather == false && kArchs[1].gather8Bit == false && kArchs[1].ubToUbCopy == true,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");
static_assert(kArchs[2].npuArch == 2002 && kArchs[2].dataCopyPad == false && kArchs[2].dataCopyPadMaxElemBytes == 0 && kArchs[2].gather == true && kArchs[2].gather8Bit == false && kArchs[2].ubToUbCopy == true,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");
static_assert(kArchs[3].npuArch == 3002 && kArchs[3].dataCopyPad == true && kArchs[3].dataCopyPadMaxElemBytes == 4 && kArchs[3].gather == true && kArchs[3].gather8Bit == true && kArchs[3].ubToUbCopy == false,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
