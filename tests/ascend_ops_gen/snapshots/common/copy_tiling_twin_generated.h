// @generated from ascend_kernels/common/copy_tiling.h by ascend-ops-dev generate; do not edit
//
// LoadCopyTiling: the engine's CopyTiling from the struct GET_TILING_DATA declares. On CANN that
// struct is the packed twin CANN derives from the BEGIN_TILING_DATA_DEF class every op registers
// (CopyTilingData: same fields, same names as CopyTiling); the simulator declares a CopyTiling
// itself. Copying field by field serves both.
#ifndef ASCEND_KERNELS_COMMON_COPY_TILING_TWIN_GENERATED_H
#define ASCEND_KERNELS_COMMON_COPY_TILING_TWIN_GENERATED_H

#include <cstdint>

#include "kernel_operator.h"

#include "copy_tiling.h"

namespace ascend_ops {

template <typename TilingData>
__aicore__ inline CopyTiling LoadCopyTiling(const TilingData& src)
{
    CopyTiling t;
    for (int32_t i = 0; i < 4; ++i) {
        t.shape[i] = src.shape[i];
    }
    t.totalElems = src.totalElems;
    t.elemBytes = src.elemBytes;
    t.rank = src.rank;
    for (int32_t i = 0; i < 2; ++i) {
        t.flags[i] = src.flags[i];
    }
    t.mode = src.mode;
    for (int32_t i = 0; i < 3; ++i) {
        t.pad[i] = src.pad[i];
    }
    return t;
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_TILING_TWIN_GENERATED_H
