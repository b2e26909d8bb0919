$header
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
static_assert(sizeof(ascend_ops::CopyTiling) == $tiling_size, "CopyTiling changed: run `ascend-ops-dev generate`");
$offset_asserts

BEGIN_TILING_DATA_DEF(CopyTilingData)
    $fields
END_TILING_DATA_DEF;

// The plan into the twin, field for field. CANN's array setters take a non-const pointer, so the
// plan is not const.
inline void SetCopyTilingData(ascend_ops::CopyTiling& plan, CopyTilingData* tiling)
{
    $set_fields
}

}  // namespace optiling

#endif  // ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H
