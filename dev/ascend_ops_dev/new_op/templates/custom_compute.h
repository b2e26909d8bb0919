// The kernel code of `$name` that is its own (Note [custom op hooks] in
// python/ascend_ops_gen/codegen/custom_op.py): the generated pipeline of op_kernel/$name.cpp calls
// $compute on every tile. Generation never touches this file.
#ifndef ASCEND_KERNELS_${guard}_${guard}_COMPUTE_H
#define ASCEND_KERNELS_${guard}_${guard}_COMPUTE_H

#include "custom_op_kernel.h"

namespace ascend_ops {

// y from x on one tile of `count` elements (a multiple of 32 bytes of the smallest element): the
// outputs first, then the inputs, as the AscendC vector instructions take them (Add(z, x, y, n)).
template <typename T>
__aicore__ inline void $compute(const LocalTensor<T>& y, const LocalTensor<T>& x, uint32_t count)
{
    (void)y;
    (void)x;
    (void)count;
    NotWrittenYet("$compute (ascend_kernels/$name/${name}_compute.h)");
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_${guard}_${guard}_COMPUTE_H
