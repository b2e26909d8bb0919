// The kernel code of `tf_tile` that is its own (Note [custom op hooks] in
// python/ascend_ops_gen/codegen/custom_op.py): LoadTfTile reads, for each output position of a tile,
// the element of x it repeats, from the shapes of x and y in the tiling data (TfTileFields);
// ComputeTfTile passes the tile on.
#ifndef ASCEND_KERNELS_TF_TILE_TF_TILE_COMPUTE_H
#define ASCEND_KERNELS_TF_TILE_TF_TILE_COMPUTE_H

#include "custom_op_kernel.h"

namespace ascend_ops {

// x[i] = the element of xGm that output position pos + i repeats: its index along each dim of y,
// modulo x's dim there.
template <typename T>
__aicore__ inline void LoadTfTile(const LocalTensor<T>& x, const GlobalTensor<T>& xGm, int64_t pos, uint32_t count,
                                  const AscendTfTileTilingData& tiling)
{
    const TfTileFields fields(tiling);
    for (uint32_t i = 0; i < count; ++i) {
        int64_t rest = pos + i;
        int64_t from = 0;
        for (int64_t d = 0; d < fields.y.rank; ++d) {
            const int64_t index = rest / fields.y.strides[d];
            rest -= index * fields.y.strides[d];
            from += (index % fields.x.dims[d]) * fields.x.strides[d];
        }
        x.SetValue(i, xGm.GetValue(static_cast<uint64_t>(from)));
    }
}

// y = x, bit for bit: the tile moved as 32-bit words (a tile is whole 32-byte blocks).
template <typename T>
__aicore__ inline void ComputeTfTile(const LocalTensor<T>& y, const LocalTensor<T>& x, uint32_t count,
                                     const AscendTfTileTilingData& tiling)
{
    (void)tiling;
    const int32_t words = static_cast<int32_t>(count * sizeof(T) / sizeof(int32_t));
    Adds(y.template ReinterpretCast<int32_t>(), x.template ReinterpretCast<int32_t>(), int32_t(0), words);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_TF_TILE_TF_TILE_COMPUTE_H
