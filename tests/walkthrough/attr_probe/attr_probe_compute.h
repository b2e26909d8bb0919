// The kernel code of `attr_probe` that is its own (Note [custom op hooks] in
// python/ascend_ops_gen/codegen/custom_op.py): the generated pipeline calls ComputeAttrProbe on
// every tile.
#ifndef ASCEND_KERNELS_ATTR_PROBE_ATTR_PROBE_COMPUTE_H
#define ASCEND_KERNELS_ATTR_PROBE_ATTR_PROBE_COMPUTE_H

#include "custom_op_kernel.h"

namespace ascend_ops {

// y = x * 1 on one tile of `count` elements: the value of x, whatever the attributes.
template <typename T>
__aicore__ inline void ComputeAttrProbe(const LocalTensor<T>& y, const LocalTensor<T>& x, uint32_t count)
{
    Muls(y, x, static_cast<T>(1), static_cast<int32_t>(count));
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_ATTR_PROBE_ATTR_PROBE_COMPUTE_H
