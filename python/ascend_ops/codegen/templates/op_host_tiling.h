$header
//
// The tiling data of $op_type: CANN's macro-style twin of struct CopyTiling, field for field and
// in the same order, so the packed struct CANN derives from it for the kernel's GET_TILING_DATA
// has CopyTiling's layout (Note [tiling twin layout] in ascend_ops/codegen/copy_tiling.py; the
// op_host source re-proves it with static_asserts). Parsed from: $copy_tiling_header
#ifndef ASCEND_KERNELS_${guard}_OP_HOST_${guard}_TILING_H
#define ASCEND_KERNELS_${guard}_OP_HOST_${guard}_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF($tiling_class)
    $fields
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS($op_type, $tiling_class)

}  // namespace optiling

#endif  // ASCEND_KERNELS_${guard}_OP_HOST_${guard}_TILING_H
