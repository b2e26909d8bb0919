// What the planner needs to know about the SoC a kernel runs on: its product line's row of the
// generated product table (op_specs/products.yaml), whole, and what the platform reports. Filled at
// run time by MakeSocInfo (products.h); the engine hard-codes none of these numbers and copies no
// product fact under another name.
#ifndef ASCEND_KERNELS_COMMON_SOC_INFO_H
#define ASCEND_KERNELS_COMMON_SOC_INFO_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "soc_info.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdint>

#include "products_generated.h"

namespace ascend_ops {

struct SocInfo {
    const char* name;     // the SoC's name; quoted in planner errors
    int32_t coreNum;      // cores a vector-only kernel launches on (LaunchCores, products.h)
    int64_t ubBytes;      // UB bytes a kernel may allocate (UsableUbBytes, products.h)
    ProductInfo product;  // the product line's facts, as products.yaml says
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_SOC_INFO_H
