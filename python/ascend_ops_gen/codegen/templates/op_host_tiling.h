$header
//
// The tiling data of $op_type: CopyTilingData, the twin of the engine's CopyTiling that every op
// shares (common/copy_tiling_data_generated.h), registered for this OpType so that CANN derives
// the kernel's GET_TILING_DATA struct from it.
#ifndef ASCEND_KERNELS_${guard}_OP_HOST_${guard}_TILING_H
#define ASCEND_KERNELS_${guard}_OP_HOST_${guard}_TILING_H

#include "copy_tiling_data_generated.h"

namespace optiling {

REGISTER_TILING_DATA_CLASS($op_type, $tiling_class)

}  // namespace optiling

#endif  // ASCEND_KERNELS_${guard}_OP_HOST_${guard}_TILING_H
