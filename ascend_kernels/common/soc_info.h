// What the planner needs to know about the SoC a kernel runs on. Filled at run time from
// op_specs/products.yaml (by the simulator runner, or by generated op_host constants); the engine
// hard-codes none of these numbers.
#ifndef ASCEND_KERNELS_COMMON_SOC_INFO_H
#define ASCEND_KERNELS_COMMON_SOC_INFO_H

#include <cstdint>

namespace ascend_ops {

struct SocInfo {
    const char* name;                  // e.g. "Ascend910B2"; quoted in planner errors
    int32_t coreNum;                   // cores an AIV-only kernel is launched on (48/40 A2/A3, 32 on 910, 8 on 310P, 1 on 310B)
    int64_t ubBytes;                   // UB bytes a kernel may allocate, the SoC's reserve already taken off
    bool hasDataCopyPad;               // false on 310P and 910
    uint32_t dataCopyPadMaxElemBytes;  // largest element DataCopyPad moves: 8, or 4 on 310B
    bool hasGather;                    // Gather of 16- and 32-bit elements; false on 910
    bool hasGather8Bit;                // Gather of 8-bit elements as well (310B)
    bool hasUbToUbCopy;                // DataCopy(LocalTensor, LocalTensor); false on 310B
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_SOC_INFO_H
