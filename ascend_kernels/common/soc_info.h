// What the planner needs to know about the SoC a kernel runs on. Filled at run time by
// MakeSocInfo (products.h) from the generated product table of op_specs/products.yaml and, in the
// host tiling, from what the platform reports; the engine hard-codes none of these numbers.
#ifndef ASCEND_KERNELS_COMMON_SOC_INFO_H
#define ASCEND_KERNELS_COMMON_SOC_INFO_H

#include <cstdint>

namespace ascend_ops {

struct SocInfo {
    const char* name;                  // the SoC's name; quoted in planner errors
    int32_t coreNum;                   // cores a vector-only kernel launches on (LaunchCores, products.h)
    int64_t ubBytes;                   // UB bytes a kernel may allocate (UsableUbBytes, products.h)
    bool hasDataCopyPad;               // products.yaml data_copy_pad
    uint32_t dataCopyPadMaxElemBytes;  // products.yaml data_copy_pad_max_elem_bytes
    bool hasGather;                    // products.yaml gather: Gather of 16- and 32-bit elements
    bool hasGather8Bit;                // products.yaml gather_8bit: of 8-bit elements as well
    bool hasUbToUbCopy;                // products.yaml ub_to_ub_copy: DataCopy(LocalTensor, LocalTensor)
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_SOC_INFO_H
