// SCALAR (Note [copy modes] in copy_planner.h): element by element in, DMA out.
#ifndef ASCEND_KERNELS_COMMON_COPY_KERNEL_SCALAR_H
#define ASCEND_KERNELS_COMMON_COPY_KERNEL_SCALAR_H

#include "copy_kernel_base.h"

namespace ascend_ops {

// ---- SCALAR: element by element in, DMA out --------------------------------------------------

template <typename T>
class ScalarCopyKernel {
public:
    __aicore__ inline ScalarCopyKernel() {}

    // False on a tiling this kernel cannot run (Note [corrupt tiling]).
    __aicore__ inline bool Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        if (!CommonTilingUsable<T>(t_) || !TileFits<T>(t_.tileElems, t_.inBufBytes)) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        return true;
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_;) {
            ASCEND_OPS_COUNT_LOOP();
            const int64_t count = TileCount<T>(pos, end_, t_.tileElems, t_.usePad != 0);
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, pos, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            WriteTile(yGm_, buf, pos, count, t_.usePad != 0);
            que_.FreeTensor(buf);
            pos += count;
        }
    }

private:
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t pos, int64_t count)
    {
        WaitPipe<HardEvent::MTE3_S>();  // the buffer's last store may still read it
        int64_t index[kMaxDims];
        int64_t rest = pos;
        int64_t src = t_.offset;
        for (int32_t d = t_.rank - 1; d >= 0; --d) {
            index[d] = ModIndex(rest, t_.shape[d]);
            rest = DivIndex(rest, t_.shape[d]);
            src += index[d] * t_.stride[d];
        }
        for (int64_t i = 0; i < count; ++i) {
            ASCEND_OPS_COUNT_LOOP();
            buf.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(src));
            for (int32_t d = t_.rank - 1; d >= 0; --d) {
                if (++index[d] < t_.shape[d]) {
                    src += t_.stride[d];
                    break;
                }
                src -= t_.stride[d] * (t_.shape[d] - 1);
                index[d] = 0;
            }
        }
        WaitPipe<HardEvent::S_MTE3>();
    }

    CopyTiling t_;
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    int64_t begin_ = 0;
    int64_t end_ = 0;
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_KERNEL_SCALAR_H
