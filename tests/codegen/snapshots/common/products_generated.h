// @generated from op_specs/products.yaml by ascend-ops generate; do not edit
//
// The product table of op_specs/products.yaml for C++: the only place C++ learns product facts.
// Its types and lookups are hand-written in products.h, which includes this file.
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H

#include <cstdint>

#include "product_types.h"

namespace ascend_ops {

constexpr int32_t kProductCount = 3;
constexpr ProductInfo kProducts[kProductCount] = {
    {"split-line", "ascend910b", 2201, LaunchArchitecture::kSplit, 196608, 8192, true, 8, true, false, true, 0, 8, 64, true, true, false, 65535, 0, 0, false},  // A split-architecture line
    {"coupled-line", "ascend310p", 2002, LaunchArchitecture::kCoupled, 262144, 0, false, 0, true, false, true, 0, 8, 64, true, true, false, 65535, 0, 0, false},  // A coupled line without bfloat16
    {"small-line", "ascend310b", 3002, LaunchArchitecture::kCoupled, 253952, 0, true, 4, false, false, false, 0, 8, 64, true, true, false, 65535, 0, 0, false},  // A one-core line, float16 only
};

constexpr int32_t kSocCount = 4;
constexpr SocEntry kSocs[kSocCount] = {
    {"Ascend910B1", 0, 24, 48},
    {"Ascend910B3", 0, 20, 40},
    {"Ascend310P3", 1, 8, 7},
    {"Ascend310B1", 2, 1, 1},
};

// Per NPU architecture, for kernel builds (build_arch.h); one row per npu_arch of products.yaml.
constexpr int32_t kArchCount = 3;
constexpr ArchTraits kArchs[kArchCount] = {
    {2201, true, 8, true, false, true},  // split-line
    {2002, false, 0, true, false, true},  // coupled-line
    {3002, true, 4, false, false, false},  // small-line
};
static_assert(kArchs[0].npuArch == 2201 && kArchs[0].dataCopyPad == true && kArchs[0].dataCopyPadMaxElemBytes == 8 && kArchs[0].gather == true && kArchs[0].gather8Bit == false && kArchs[0].ubToUbCopy == true,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");
static_assert(kArchs[1].npuArch == 2002 && kArchs[1].dataCopyPad == false && kArchs[1].dataCopyPadMaxElemBytes == 0 && kArchs[1].gather == true && kArchs[1].gather8Bit == false && kArchs[1].ubToUbCopy == true,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");
static_assert(kArchs[2].npuArch == 3002 && kArchs[2].dataCopyPad == true && kArchs[2].dataCopyPadMaxElemBytes == 4 && kArchs[2].gather == false && kArchs[2].gather8Bit == false && kArchs[2].ubToUbCopy == false,
              "ArchTraits changed: its fields must be in the order ascend_ops_gen/codegen/project.py writes them");

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
