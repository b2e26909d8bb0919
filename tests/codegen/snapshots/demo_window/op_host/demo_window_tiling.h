// @generated from op_specs/demo_window.yaml by ascend-ops generate; do not edit
//
// The tiling data of DemoWindow: CANN's macro-style twin of struct CopyTiling, field for field and
// in the same order, so the packed struct CANN derives from it for the kernel's GET_TILING_DATA
// has CopyTiling's layout (Note [tiling twin layout] in ascend_ops/codegen/copy_tiling.py; the
// op_host source re-proves it with static_asserts). Parsed from: ascend_kernels/common/copy_tiling.h
#ifndef ASCEND_KERNELS_DEMO_WINDOW_OP_HOST_DEMO_WINDOW_TILING_H
#define ASCEND_KERNELS_DEMO_WINDOW_OP_HOST_DEMO_WINDOW_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(DemoWindowTilingData)
    TILING_DATA_FIELD_DEF_ARR(int64_t, 4, shape);
    TILING_DATA_FIELD_DEF(int64_t, totalElems);
    TILING_DATA_FIELD_DEF(uint32_t, elemBytes);
    TILING_DATA_FIELD_DEF(int32_t, rank);
    TILING_DATA_FIELD_DEF_ARR(uint16_t, 2, flags);
    TILING_DATA_FIELD_DEF(uint8_t, mode);
    TILING_DATA_FIELD_DEF_ARR(uint8_t, 3, pad);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(DemoWindow, DemoWindowTilingData)

}  // namespace optiling

#endif  // ASCEND_KERNELS_DEMO_WINDOW_OP_HOST_DEMO_WINDOW_TILING_H
