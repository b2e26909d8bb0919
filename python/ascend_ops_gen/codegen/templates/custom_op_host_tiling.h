$header
//
// The tiling data of $op_type (kind: custom): the element split every custom op starts with (Note
// [element split] in common/custom_op_host.h), then the fields of its spec's `tiling:`. Every field
// is an int64_t, so the kernel-side struct CANN derives from this class has the same layout.
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
