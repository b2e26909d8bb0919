// BURST_ALIGNED (Note [copy modes] in copy_planner.h): DataCopy of whole blocks, scalar piece edges,
// for SoCs without DataCopyPad.
#ifndef ASCEND_KERNELS_COMMON_COPY_KERNEL_BURST_ALIGNED_H
#define ASCEND_KERNELS_COMMON_COPY_KERNEL_BURST_ALIGNED_H

#include "copy_kernel_base.h"

namespace ascend_ops {

// ---- BURST_ALIGNED: DataCopy in whole blocks, scalar piece edges ----------------------------

template <typename T>
class AlignedBurstCopyKernel {
public:
    __aicore__ inline AlignedBurstCopyKernel() {}

    // False on a tiling this kernel cannot run (Note [corrupt tiling]). Tiles must be whole 32-byte
    // blocks: each starts where the last one's DataCopy ended.
    __aicore__ inline bool Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        constexpr int64_t blockElems = kBlockBytes / sizeof(T);
        if (!CommonTilingUsable<T>(t_) || !TileFits<T>(t_.tileElems, t_.inBufBytes) || t_.tileElems % blockElems != 0) {
            return false;
        }
        // A tile's rows are counted by the row's reciprocal (Note [index reciprocals]).
        const int32_t last = t_.rank - 1;
        if (t_.shapeReciprocal[last] != 0 && !ReciprocalValid(t_.shapeReciprocal[last], t_.shape[last])) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        row_ = t_.shape[t_.rank - 1];
        chains_ = PlanRowChains(t_, static_cast<int64_t>(sizeof(T)), DivExtent(t_, last, t_.tileElems));
        const int64_t firstRow = DivExtent(t_, last, begin_);  // where the core starts (Note [index cursors])
        col_ = begin_ - firstRow * row_;
        return col_ >= 0 && col_ < row_ && rowAt_.Seek(t_, last, firstRow);
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_;) {
            ASCEND_OPS_COUNT_LOOP();
            const int64_t count = TileCount<T>(pos, end_, t_.tileElems, false);
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            WriteTile(yGm_, buf, pos, count, false);
            que_.FreeTensor(buf);
            pos += count;
        }
    }

private:
    // The tile's `count` output units packed at UB 0 (it starts 32-byte aligned, at the cursor's
    // row and column col_). Whole rows of whole blocks load by chains (Note [row chains]);
    // otherwise a row piece at UB unit p moves its 32-byte aligned interior by DataCopy and its
    // edges by scalar copies. Moves the cursor and col_ past the tile.
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t count)
    {
        constexpr int64_t blockElems = kBlockBytes / sizeof(T);
        bool scalar = false;
        for (int64_t p = 0; p < count;) {
            ASCEND_OPS_COUNT_LOOP();
            if (chains_.dim >= 0 && col_ == 0 && count - p >= row_) {
                const int64_t rows = TileRows(count - p);
                LoadRowChains(buf, p, rows);
                p += rows * row_;
                continue;
            }
            int64_t n = row_ - col_ < count - p ? row_ - col_ : count - p;
            int64_t src = rowAt_.offset + col_;
            int64_t a0 = (p + blockElems - 1) / blockElems * blockElems;
            int64_t a1 = (p + n) / blockElems * blockElems;
            if (a1 > a0) {
                DataCopy(buf[static_cast<uint32_t>(a0)], xGm_[src + (a0 - p)], static_cast<uint32_t>(a1 - a0));
            } else {
                a1 = a0;
            }
            int64_t headEnd = a0 < p + n ? a0 : p + n;
            const int64_t tailStart = a1 > headEnd ? a1 : headEnd;
            if (!scalar && (p < headEnd || tailStart < p + n)) {
                WaitPipe<HardEvent::MTE3_S>();  // the buffer's last store may still read it
                scalar = true;
            }
            for (int64_t i = p; i < headEnd; ++i) {
                buf.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(src + (i - p)));
            }
            for (int64_t i = tailStart; i < p + n; ++i) {
                buf.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(src + (i - p)));
            }
            p += n;
            col_ += n;
            if (col_ == row_) {
                col_ = 0;
                rowAt_.Advance(t_, 1);
            }
        }
        if (scalar) {
            WaitPipe<HardEvent::S_MTE3>();
        }
    }

    // The whole rows in `units` units: by the row's reciprocal (Note [index reciprocals]), or for a
    // view without one, by subtraction (no division in the loop: Note [scalar cost]).
    __aicore__ inline int64_t TileRows(int64_t units) const
    {
        if (t_.shapeReciprocal[t_.rank - 1] != 0) {
            return DivExtent(t_, t_.rank - 1, units);
        }
        int64_t rows = 0;
        for (int64_t left = units; left >= row_; left -= row_) {
            ASCEND_OPS_COUNT_LOOP();
            ++rows;
        }
        return rows;
    }

    // `rows` rows from the cursor's to UB unit `at` on, by chains (Note [row chains]). Moves the
    // cursor past them.
    __aicore__ inline void LoadRowChains(const LocalTensor<T>& buf, int64_t at, int64_t rows)
    {
        RowChainWalk walk(t_, chains_, &rowAt_, rows);
        for (ChainCopy c{}; walk.Next(&c);) {
            DataCopyParams params(static_cast<uint16_t>(c.count), static_cast<uint16_t>(chains_.rowLen),
                                  static_cast<uint16_t>(chains_.srcGap), static_cast<uint16_t>(chains_.dstGap));
            DataCopy(buf[static_cast<uint32_t>(at + c.row * row_)], xGm_[c.src], params);
        }
    }

    CopyTiling t_;
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    int64_t begin_ = 0;
    int64_t end_ = 0;
    int64_t row_ = 1;
    RowChains chains_{};
    IndexCursor rowAt_{};  // the row of the next tile's first unit (Note [index cursors])
    int64_t col_ = 0;      // that unit's column
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_KERNEL_BURST_ALIGNED_H
