// BURST (Note [copy modes] in copy_planner.h): rows in and out by DataCopyPad.
#ifndef ASCEND_KERNELS_COMMON_COPY_KERNEL_BURST_H
#define ASCEND_KERNELS_COMMON_COPY_KERNEL_BURST_H

#include "copy_kernel_base.h"

namespace ascend_ops {

// ---- BURST: DataCopyPad rows in, DataCopyPad rows out ---------------------------------------

template <typename T>
class BurstCopyKernel {
public:
    __aicore__ inline BurstCopyKernel() {}

    // False on a tiling this kernel cannot run (Note [corrupt tiling]).
    __aicore__ inline bool Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        if (!CommonTilingUsable<T>(t_) || !TileFits<T>(t_.tileElems, t_.inBufBytes)) {
            return false;
        }
        row_ = t_.shape[t_.rank - 1];
        if (!RowSlotsFit<T>(t_, row_, &rowSlotElems_)) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        chains_ = PlanRowChains(t_, static_cast<int64_t>(sizeof(T)), t_.rowsPerTile, true);
        // Where the core's range starts and ends, in rows (Note [index cursors]), each quotient
        // checked by its remainder (Note [index reciprocals]).
        const int32_t last = t_.rank - 1;
        const int64_t firstRow = DivExtent(t_, last, begin_);
        const int64_t endRow = DivExtent(t_, last, end_);
        col_ = begin_ - firstRow * row_;
        const int64_t endCol = end_ - endRow * row_;
        rowsLeft_ = endRow - firstRow;
        return col_ >= 0 && col_ < row_ && endCol >= 0 && endCol < row_ && rowAt_.Seek(t_, last, firstRow);
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_;) {
            ASCEND_OPS_COUNT_LOOP();
            int64_t rows = 0;
            int64_t count = 0;
            if (col_ == 0 && t_.rowsPerTile > 0 && rowsLeft_ > 0) {
                rows = rowsLeft_ < t_.rowsPerTile ? rowsLeft_ : t_.rowsPerTile;
                count = rows * row_;
            } else {
                count = row_ - col_;
                count = count < end_ - pos ? count : end_ - pos;
                count = count < t_.tileElems ? count : t_.tileElems;
            }
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, rows, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            CopyOut(buf, pos, rows, count);
            que_.FreeTensor(buf);
            pos += count;
        }
    }

private:
    // `rows` whole rows from the cursor's row, or (rows == 0) `count` units of its row from
    // column col_; moves the cursor and col_ past them.
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t rows, int64_t count)
    {
        const int32_t outer = t_.rank - 1;
        DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
        if (rows == 0) {
            DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);
            PadLoad(buf, xGm_[rowAt_.offset + col_], params, noPad);
            col_ += count;
            if (col_ == row_) {
                col_ = 0;
                rowsLeft_ -= 1;
                rowAt_.Advance(t_, 1);
            }
            return;
        }
        rowsLeft_ -= rows;
        if (chains_.dim >= 0) {
            LoadRowChains(buf, rows);
            return;
        }
        // Runs of rows along the second-innermost dim are evenly spaced: one instruction each.
        const int64_t runLength = outer >= 1 ? t_.shape[outer - 1] : 1;
        const int64_t pitch = outer >= 1 ? t_.stride[outer - 1] : 0;
        const int64_t gapBytes = (pitch - row_) * static_cast<int64_t>(sizeof(T));
        const bool evenRun = outer >= 1 && pitch >= row_ && gapBytes <= kMaxPadStride;
        for (int64_t done = 0; done < rows;) {
            ASCEND_OPS_COUNT_LOOP();
            int64_t inRun = outer >= 1 ? runLength - rowAt_.index[outer - 1] : 1;
            int64_t n = rows - done < inRun ? rows - done : inRun;
            n = evenRun ? n : 1;
            DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(row_ * sizeof(T)),
                                     static_cast<uint32_t>(n > 1 ? gapBytes : 0), 0, 0);
            PadLoad(buf[static_cast<uint32_t>(done * rowSlotElems_)], xGm_[rowAt_.offset], params, noPad);
            rowAt_.Advance(t_, n);
            done += n;
        }
    }

    // `rows` rows from the cursor's into consecutive UB row slots, by chains (Note [row chains]).
    // Moves the cursor past them.
    __aicore__ inline void LoadRowChains(const LocalTensor<T>& buf, int64_t rows)
    {
        DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
        RowChainWalk walk(t_, chains_, &rowAt_, rows);
        for (ChainCopy c{}; walk.Next(&c);) {
            DataCopyExtParams params(static_cast<uint16_t>(c.count), chains_.rowLen, c.count > 1 ? chains_.srcGap : 0,
                                     c.count > 1 ? chains_.dstGap : 0, 0);
            PadLoad(buf[static_cast<uint32_t>(c.row * rowSlotElems_)], xGm_[c.src], params, noPad);
        }
    }

    __aicore__ inline void CopyOut(const LocalTensor<T>& buf, int64_t pos, int64_t rows, int64_t count)
    {
        if (rows == 0) {
            WriteTile(yGm_, buf, pos, count, true);
            return;
        }
        DataCopyExtParams params(static_cast<uint16_t>(rows), static_cast<uint32_t>(row_ * sizeof(T)), 0, 0, 0);
        PadStore(yGm_[pos], buf, params);
    }

    CopyTiling t_;
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    int64_t begin_ = 0;
    int64_t end_ = 0;
    int64_t row_ = 1;
    int64_t rowSlotElems_ = 0;
    RowChains chains_{};
    IndexCursor rowAt_{};  // the row of the next tile (Note [index cursors])
    int64_t col_ = 0;       // its first column
    int64_t rowsLeft_ = 0;  // whole rows from rowAt_'s on that the core still copies
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_KERNEL_BURST_H
