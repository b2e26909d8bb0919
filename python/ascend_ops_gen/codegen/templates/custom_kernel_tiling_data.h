// Written from $source by $tool$scratch.
//
// The kernel side of $class_name (a custom op's tiling data), as a CANN build derives it from the
// BEGIN_TILING_DATA_DEF class op_host/${op_name}_tiling.h registers: the same int64_t fields in
// declaration order$macro_note.
#ifndef ASCEND_OPS_${guard}_KERNEL_TILING_DATA_H
#define ASCEND_OPS_${guard}_KERNEL_TILING_DATA_H

#include <cstdint>
$includes

struct $class_name {
    $fields
};

static_assert(sizeof($class_name) == $size, "$class_name must have the $size bytes of the host's tiling data");
$get_tiling_data

#endif  // ASCEND_OPS_${guard}_KERNEL_TILING_DATA_H
