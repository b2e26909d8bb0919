// The kernel code of `add` that is its own (Note [custom op hooks] in
// python/ascend_ops_gen/codegen/custom_op.py): the generated pipeline of op_kernel/add.cpp calls
// ComputeAdd on every tile.
#ifndef ASCEND_KERNELS_ADD_ADD_COMPUTE_H
#define ASCEND_KERNELS_ADD_ADD_COMPUTE_H

#include "custom_op_kernel.h"

namespace ascend_ops {

// z = x + y on one tile of `count` elements.
template <typename T>
__aicore__ inline void ComputeAdd(const LocalTensor<T>& z, const LocalTensor<T>& x, const LocalTensor<T>& y,
                                  uint32_t count)
{
    Add(z, x, y, static_cast<int32_t>(count));
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_ADD_ADD_COMPUTE_H
