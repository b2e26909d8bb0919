// The kernel code of `onnx_gather` that is its own (Note [custom op hooks] in
// python/ascend_ops_gen/codegen/custom_op.py): LoadOnnxGather reads, for each output position of a
// tile, the element of data its index names (data-dependent GM reads); ComputeOnnxGather passes it on.
#ifndef ASCEND_KERNELS_ONNX_GATHER_ONNX_GATHER_COMPUTE_H
#define ASCEND_KERNELS_ONNX_GATHER_ONNX_GATHER_COMPUTE_H

#include "custom_op_kernel.h"

namespace ascend_ops {

// data[i] = the element of dataGm that output position pos + i reads: row indices[(pos + i) /
// rowElems] (a negative index counts from the end), column (pos + i) % rowElems.
template <typename T, typename TIndex>
__aicore__ inline void LoadOnnxGather(const LocalTensor<T>& data, const GlobalTensor<T>& dataGm,
                                  const GlobalTensor<TIndex>& indicesGm, int64_t pos, uint32_t count,
                                  const AscendOnnxGatherTilingData& tiling)
{
    const int64_t rowElems = tiling.rowElems;
    int64_t row = pos / rowElems;
    int64_t col = pos - row * rowElems;
    int64_t index = static_cast<int64_t>(indicesGm.GetValue(static_cast<uint64_t>(row)));
    int64_t start = (index < 0 ? index + tiling.rows : index) * rowElems;
    for (uint32_t i = 0; i < count; ++i) {
        if (col == rowElems) {
            row += 1;
            col = 0;
            index = static_cast<int64_t>(indicesGm.GetValue(static_cast<uint64_t>(row)));
            start = (index < 0 ? index + tiling.rows : index) * rowElems;
        }
        data.SetValue(i, dataGm.GetValue(static_cast<uint64_t>(start + col)));
        col += 1;
    }
}

// output = data, bit for bit: the tile moved as 32-bit words (a tile is whole 32-byte blocks).
template <typename T>
__aicore__ inline void ComputeOnnxGather(const LocalTensor<T>& output, const LocalTensor<T>& data, uint32_t count,
                                     const AscendOnnxGatherTilingData& tiling)
{
    (void)tiling;
    const int32_t words = static_cast<int32_t>(count * sizeof(T) / sizeof(int32_t));
    Adds(output.template ReinterpretCast<int32_t>(), data.template ReinterpretCast<int32_t>(), int32_t(0), words);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_ONNX_GATHER_ONNX_GATHER_COMPUTE_H
