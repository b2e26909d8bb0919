// @generated from op_specs/slice.yaml by ascend-ops-dev generate; do not edit
//
// Kernel entry of AscendSliceGrad. The tiling key is the element size of the dtype (CopyTilingKey in
// copy_tiling.h); one RunStridedCopy instantiation per element size of the dtype vocabulary of
// op_specs/products.yaml: 1, 2, 4, 8 bytes (the OpDef's dtypes decide which CANN sends).
// Device code only: host-only engine headers refuse this translation unit (Note [kernel
// translation unit] in common/build_arch.h).
#define ASCEND_OPS_KERNEL_TU 1

#include "kernel_operator.h"

#include "copy_tiling.h"
#include "copy_tiling_twin_generated.h"
#include "strided_copy_kernel.h"

extern "C" __global__ __aicore__ void ascend_slice_grad(GM_ADDR dy, GM_ADDR dx, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;  // the copy needs no scratch; the entry signature is CANN's
    ASCEND_OPS_VECTOR_ONLY_KERNEL();
    GET_TILING_DATA(tilingData, tiling);
    const ascend_ops::CopyTiling t = ascend_ops::LoadCopyTiling(tilingData);
    if (TILING_KEY_IS(1)) {
        ascend_ops::RunStridedCopy<uint8_t>(dy, dx, t);
    } else if (TILING_KEY_IS(2)) {
        ascend_ops::RunStridedCopy<uint16_t>(dy, dx, t);
    } else if (TILING_KEY_IS(4)) {
        ascend_ops::RunStridedCopy<uint32_t>(dy, dx, t);
    } else if (TILING_KEY_IS(8)) {
        ascend_ops::RunStridedCopy<uint64_t>(dy, dx, t);
    }
}
