// The kernel code of `tf_pad` that is its own (Note [custom op hooks] in
// python/ascend_ops_gen/codegen/custom_op.py): LoadTfPad reads, for each output position of a tile,
// the element of x there or the constant, from the shapes, paddings and constant in the tiling
// data (TfPadFields); ComputeTfPad passes the tile on.
#ifndef ASCEND_KERNELS_TF_PAD_TF_PAD_COMPUTE_H
#define ASCEND_KERNELS_TF_PAD_TF_PAD_COMPUTE_H

#include "custom_op_kernel.h"

namespace ascend_ops {

// x[i] = what output position pos + i holds: the element of xGm at its index along each dim of y
// less that dim's `before`, or the constant where that lies outside x.
template <typename T>
__aicore__ inline void LoadTfPad(const LocalTensor<T>& x, const GlobalTensor<T>& xGm, int64_t pos, uint32_t count,
                                 const AscendTfPadTilingData& tiling)
{
    const TfPadFields fields(tiling);
    const T constant = fields.constantValue.template As<T>();
    for (uint32_t i = 0; i < count; ++i) {
        int64_t rest = pos + i;
        int64_t from = 0;
        bool inside = true;
        for (int64_t d = 0; d < fields.y.rank; ++d) {
            const int64_t index = rest / fields.y.strides[d];
            rest -= index * fields.y.strides[d];
            const int64_t at = index - fields.paddings[d][0];
            inside = inside && at >= 0 && at < fields.x.dims[d];
            from += at * fields.x.strides[d];
        }
        x.SetValue(i, inside ? xGm.GetValue(static_cast<uint64_t>(from)) : constant);
    }
}

// y = x, bit for bit: the tile moved as 32-bit words (a tile is whole 32-byte blocks).
template <typename T>
__aicore__ inline void ComputeTfPad(const LocalTensor<T>& y, const LocalTensor<T>& x, uint32_t count,
                                    const AscendTfPadTilingData& tiling)
{
    (void)tiling;
    const int32_t words = static_cast<int32_t>(count * sizeof(T) / sizeof(int32_t));
    Adds(y.template ReinterpretCast<int32_t>(), x.template ReinterpretCast<int32_t>(), int32_t(0), words);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_TF_PAD_TF_PAD_COMPUTE_H
