// @generated from ascend_kernels/common/copy_tiling.h by ascend-ops-dev generate; do not edit
//
// CopyTilingData: CANN's macro-style twin of the engine's struct CopyTiling, field for field and
// in the same order, so the packed struct CANN derives from it for the kernel's GET_TILING_DATA
// has CopyTiling's layout (Note [tiling twin layout] in ascend_ops_gen/codegen/copy_tiling.py). Every
// op's tiling is a CopyTiling, so one class serves them all: each op_host/<op>_tiling.h registers
// it for its OpType, and copy_op_host.h saves the plan through it.
#ifndef ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H
#define ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H

#include <cstddef>

#include "register/tilingdata_base.h"

#include "copy_tiling.h"

namespace optiling {

// The layout the twin was generated from: a change to copy_tiling.h fails here until the twin is
// generated again.
static_assert(sizeof(ascend_ops::CopyTiling) == 56, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, shape) == 0, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, totalElems) == 32, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, elemBytes) == 40, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, rank) == 44, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, flags) == 48, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, mode) == 52, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, pad) == 53, "CopyTiling changed: run `ascend-ops-dev generate`");

BEGIN_TILING_DATA_DEF(CopyTilingData)
    TILING_DATA_FIELD_DEF_ARR(int64_t, 4, shape);
    TILING_DATA_FIELD_DEF(int64_t, totalElems);
    TILING_DATA_FIELD_DEF(uint32_t, elemBytes);
    TILING_DATA_FIELD_DEF(int32_t, rank);
    TILING_DATA_FIELD_DEF_ARR(uint16_t, 2, flags);
    TILING_DATA_FIELD_DEF(uint8_t, mode);
    TILING_DATA_FIELD_DEF_ARR(uint8_t, 3, pad);
END_TILING_DATA_DEF;

// The plan into the twin, field for field. CANN's array setters take a non-const pointer, so the
// plan is not const.
inline void SetCopyTilingData(ascend_ops::CopyTiling& plan, CopyTilingData* tiling)
{
    tiling->set_shape(plan.shape);
    tiling->set_totalElems(plan.totalElems);
    tiling->set_elemBytes(plan.elemBytes);
    tiling->set_rank(plan.rank);
    tiling->set_flags(plan.flags);
    tiling->set_mode(plan.mode);
    tiling->set_pad(plan.pad);
}

}  // namespace optiling

#endif  // ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H
