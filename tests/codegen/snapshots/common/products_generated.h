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

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
