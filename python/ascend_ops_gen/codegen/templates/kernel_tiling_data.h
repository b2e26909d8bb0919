// Written from $source by ascend-ops-dev check-cann for one compile; not part of the package.
//
// The kernel side of $class_name, as a CANN build derives it from the BEGIN_TILING_DATA_DEF class
// every op_host/<op>_tiling.h registers (asc-devkit's asc_op_compiler/get_op_tiling.py): a class
// with the same fields in declaration order, and the InitTilingData / GET_TILING_DATA pair that
// fills it from the kernel's tiling argument. Force-included (-include) into each op_kernel compile.
#ifndef ASCEND_OPS_CHECK_CANN_KERNEL_TILING_DATA_H
#define ASCEND_OPS_CHECK_CANN_KERNEL_TILING_DATA_H

#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#ifdef ASCENDC_CPU_DEBUG
#include "kernel_log.h"
#endif

class $class_name {
public:
    $fields
} __attribute__((__may_alias__));

static_assert(sizeof($class_name) == $size, "$class_name must have the $size bytes of the host's tiling data");

template <class T>
inline __aicore__ void InitTilingData(const __gm__ uint8_t* tilingBuffer, T* tilingData)
{
    for (uint64_t i = 0; i < sizeof(T); ++i) {
        reinterpret_cast<uint8_t*>(tilingData)[i] = tilingBuffer[i];
    }
}

#define GET_TILING_DATA(tilingData, tilingArg) \
    $class_name tilingData;                    \
    InitTilingData<$class_name>((tilingArg), &tilingData)

#endif  // ASCEND_OPS_CHECK_CANN_KERNEL_TILING_DATA_H
