// AscendC kernels that copy a strided view of `x` into the contiguous output `y`, one class per
// copy mode (Note [copy modes] in copy_planner.h), and RunStridedCopy, the entry every generated
// op_kernel calls. The kernels learn what the SoC offers only from the tiling: the planner chose.
//
// Every kernel owns the output range CoreRange(t, GetBlockIdx()) and writes each byte of it
// exactly once; it reads input only inside the view's hull [hullLo, hullHi) and UB only where it
// wrote.
#ifndef ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H
#define ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H

#include "kernel_operator.h"

#include "copy_planner.h"
#include "copy_tiling.h"

namespace ascend_ops {

using namespace AscendC;

// Arch 1001 (Atlas training series) has no Gather; the scalar path serves it.
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 100
constexpr bool kBuildHasGather = false;
#else
constexpr bool kBuildHasGather = true;
#endif

// Input offset (units) of index `index` over view dims [0, dims), row-major.
__aicore__ inline int64_t OuterOffset(const CopyTiling& t, int64_t index, int32_t dims)
{
    int64_t offset = 0;
    for (int32_t d = dims - 1; d >= 0; --d) {
        offset += (index % t.shape[d]) * t.stride[d];
        index /= t.shape[d];
    }
    return offset;
}

// Scalar UB writes must land before a DMA or vector instruction reads them, and DMA into UB
// before scalar reads.
template <HardEvent event>
__aicore__ inline void WaitPipe()
{
    SetFlag<event>(0);
    WaitFlag<event>(0);
}

// Writes `count` units from UB `src` to output offset `pos`. Without DataCopyPad only whole
// 32-byte blocks move by DMA; the planner guarantees that a partial block occurs only at the
// end of the output, which scalar stores finish.
template <typename T>
__aicore__ inline void WriteTile(GlobalTensor<T>& yGm, const LocalTensor<T>& src, int64_t pos, int64_t count,
                                 bool usePad)
{
    if (usePad) {
        DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);
        DataCopyPad(yGm[pos], src, params);
        return;
    }
    constexpr int64_t blockElems = kBlockBytes / sizeof(T);
    int64_t whole = count / blockElems * blockElems;
    if (whole > 0) {
        DataCopy(yGm[pos], src, static_cast<uint32_t>(whole));
    }
    if (whole < count) {
        WaitPipe<HardEvent::MTE2_S>();
        WaitPipe<HardEvent::V_S>();
        for (int64_t i = whole; i < count; ++i) {
            yGm.SetValue(pos + i, src.GetValue(static_cast<uint32_t>(i)));
        }
    }
}

// ---- BURST: DataCopyPad rows in, DataCopyPad rows out ---------------------------------------

template <typename T>
class BurstCopyKernel {
public:
    __aicore__ inline BurstCopyKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, 2, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        row_ = t_.shape[t_.rank - 1];
        rowSlotElems_ = (row_ * static_cast<int64_t>(sizeof(T)) + kBlockBytes - 1) / kBlockBytes * kBlockBytes /
                        static_cast<int64_t>(sizeof(T));
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_;) {
            int64_t rows = 0;
            int64_t count = 0;
            int64_t col = pos % row_;
            if (col == 0 && t_.rowsPerTile > 0 && end_ - pos >= row_) {
                rows = (end_ - pos) / row_;
                rows = rows < t_.rowsPerTile ? rows : t_.rowsPerTile;
                count = rows * row_;
            } else {
                count = row_ - col;
                count = count < end_ - pos ? count : end_ - pos;
                count = count < t_.tileElems ? count : t_.tileElems;
            }
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, pos, rows, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            CopyOut(buf, pos, rows, count);
            que_.FreeTensor(buf);
            pos += count;
        }
    }

private:
    // `rows` whole rows from output offset `pos`, or (rows == 0) `count` units of one row.
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t pos, int64_t rows, int64_t count)
    {
        const int32_t outer = t_.rank - 1;
        DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
        int64_t rowIndex = pos / row_;
        if (rows == 0) {
            int64_t src = t_.offset + OuterOffset(t_, rowIndex, outer) + pos % row_;
            DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);
            DataCopyPad(buf, xGm_[src], params, noPad);
            return;
        }
        // Runs of rows along the second-innermost dim are evenly spaced: one instruction each.
        const int64_t runLength = outer >= 1 ? t_.shape[outer - 1] : 1;
        const int64_t pitch = outer >= 1 ? t_.stride[outer - 1] : 0;
        const int64_t gapBytes = (pitch - row_) * static_cast<int64_t>(sizeof(T));
        const bool evenRun = outer >= 1 && pitch >= row_ && gapBytes <= 0xFFFFFFFFLL;
        for (int64_t done = 0; done < rows;) {
            int64_t inRun = runLength - (rowIndex + done) % runLength;
            int64_t n = rows - done < inRun ? rows - done : inRun;
            n = evenRun ? n : 1;
            int64_t src = t_.offset + OuterOffset(t_, rowIndex + done, outer);
            DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(row_ * sizeof(T)),
                                     static_cast<uint32_t>(n > 1 ? gapBytes : 0), 0, 0);
            DataCopyPad(buf[static_cast<uint32_t>(done * rowSlotElems_)], xGm_[src], params, noPad);
            done += n;
        }
    }

    __aicore__ inline void CopyOut(const LocalTensor<T>& buf, int64_t pos, int64_t rows, int64_t count)
    {
        if (rows == 0) {
            WriteTile(yGm_, buf, pos, count, true);
            return;
        }
        DataCopyExtParams params(static_cast<uint16_t>(rows), static_cast<uint32_t>(row_ * sizeof(T)), 0, 0, 0);
        DataCopyPad(yGm_[pos], buf, params);
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
};

// ---- BURST_ALIGNED: DataCopy in whole blocks, scalar piece edges ----------------------------

template <typename T>
class AlignedBurstCopyKernel {
public:
    __aicore__ inline AlignedBurstCopyKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, 2, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        row_ = t_.shape[t_.rank - 1];
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_; pos += t_.tileElems) {
            int64_t count = end_ - pos < t_.tileElems ? end_ - pos : t_.tileElems;
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, pos, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            WriteTile(yGm_, buf, pos, count, false);
            que_.FreeTensor(buf);
        }
    }

private:
    // Output units [pos, pos + count) packed at UB 0 (pos is 32-byte aligned). A row piece at UB
    // unit p moves its 32-byte aligned interior by DataCopy and its edges by scalar copies.
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t pos, int64_t count)
    {
        constexpr int64_t blockElems = kBlockBytes / sizeof(T);
        bool scalar = false;
        for (int64_t p = 0; p < count;) {
            int64_t q = pos + p;
            int64_t col = q % row_;
            int64_t n = row_ - col < count - p ? row_ - col : count - p;
            int64_t src = t_.offset + OuterOffset(t_, q / row_, t_.rank - 1) + col;
            int64_t a0 = (p + blockElems - 1) / blockElems * blockElems;
            int64_t a1 = (p + n) / blockElems * blockElems;
            if (a1 > a0) {
                DataCopy(buf[static_cast<uint32_t>(a0)], xGm_[src + (a0 - p)], static_cast<uint32_t>(a1 - a0));
            } else {
                a1 = a0;
            }
            int64_t headEnd = a0 < p + n ? a0 : p + n;
            for (int64_t i = p; i < headEnd; ++i) {
                buf.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(src + (i - p)));
                scalar = true;
            }
            for (int64_t i = a1 > headEnd ? a1 : headEnd; i < p + n; ++i) {
                buf.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(src + (i - p)));
                scalar = true;
            }
            p += n;
        }
        if (scalar) {
            WaitPipe<HardEvent::S_MTE3>();
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
};

// ---- GATHER / TRANSPOSE: windows in, Gather into output order, contiguous out ---------------

template <typename T>
class GatherCopyKernel {
public:
    __aicore__ inline GatherCopyKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(inQue_, 2, t_.inBufBytes);
        pipe_.InitBuffer(outQue_, 2, t_.outBufBytes);
        pipe_.InitBuffer(tableBuf_, t_.tableBytes);
        int64_t begin, end;
        CoreRange(t_, GetBlockIdx(), &begin, &end);
        firstUnit_ = begin / t_.unitElems;
        endUnit_ = end / t_.unitElems;
        table_ = tableBuf_.template Get<uint32_t>();
        if (firstUnit_ < endUnit_) {
            BuildTable();
        }
    }

    __aicore__ inline void Process()
    {
        for (int64_t unit = firstUnit_; unit < endUnit_; unit += t_.unitsPerTile) {
            int64_t units = endUnit_ - unit < t_.unitsPerTile ? endUnit_ - unit : t_.unitsPerTile;
            CopyIn(unit, units);
            Compute(units * t_.unitElems);
            CopyOut(unit * t_.unitElems, units * t_.unitElems);
        }
    }

private:
    // table[i] = UB byte offset, within a tile's input buffer, of the tile's output unit i. The
    // same for every tile: units are alike and each has its own slot.
    __aicore__ inline void BuildTable()
    {
        const int32_t first = t_.unitDim;
        int64_t index[kMaxDims] = {0};
        int64_t rel = -t_.windowLo;  // input offset of the current element within its window
        const uint32_t unitSlot = t_.unitSlotBytes;
        for (int64_t e = 0; e < t_.unitElems; ++e) {
            int64_t block = 0;
            if (t_.countDim >= 0) {
                int64_t i = index[t_.countDim];
                block = t_.stride[t_.countDim] >= 0 ? i : t_.shape[t_.countDim] - 1 - i;
            }
            uint32_t entry = static_cast<uint32_t>(block * t_.blockSlotBytes + rel * static_cast<int64_t>(sizeof(T)));
            for (int64_t u = 0; u < t_.unitsPerTile; ++u) {
                table_.SetValue(static_cast<uint32_t>(u * t_.unitElems + e), entry + static_cast<uint32_t>(u) * unitSlot);
            }
            for (int32_t d = t_.rank - 1; d >= first; --d) {  // odometer over the unit's dims
                int64_t step = d == t_.countDim ? 0 : t_.stride[d];
                if (++index[d] < t_.shape[d]) {
                    rel += step;
                    break;
                }
                rel -= step * (t_.shape[d] - 1);
                index[d] = 0;
            }
        }
        WaitPipe<HardEvent::S_V>();
    }

    __aicore__ inline void CopyIn(int64_t unit, int64_t units)
    {
        LocalTensor<T> in = inQue_.template AllocTensor<T>();
        const int64_t slotElems = t_.unitSlotBytes / sizeof(T);
        bool scalar = false;
        for (int64_t u = 0; u < units; ++u) {
            int64_t base = t_.offset + OuterOffset(t_, unit + u, t_.unitDim) + t_.windowLo;
            LocalTensor<T> slot = in[static_cast<uint32_t>(u * slotElems)];
            if (t_.countDim < 0) {
                scalar = LoadWindows(slot, base, 1, 0) || scalar;
                continue;
            }
            int64_t pitch = t_.stride[t_.countDim];
            int64_t count = t_.shape[t_.countDim];
            int64_t lowest = pitch >= 0 ? base : base + (count - 1) * pitch;
            scalar = LoadWindows(slot, lowest, count, pitch >= 0 ? pitch : -pitch) || scalar;
        }
        if (scalar) {
            WaitPipe<HardEvent::S_V>();
        }
        inQue_.EnQue(in);
    }

    // `count` windows of windowElems units, `pitch` apart in GM from `src`, into consecutive
    // block slots. Returns whether scalar stores were needed.
    __aicore__ inline bool LoadWindows(const LocalTensor<T>& dst, int64_t src, int64_t count, int64_t pitch)
    {
        const int64_t window = t_.windowElems;
        const int64_t blockSlotElems = t_.blockSlotBytes / sizeof(T);
        if (t_.usePad) {
            DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
            for (int64_t done = 0; done < count;) {
                int64_t n = count - done < kMaxBlockCount ? count - done : kMaxBlockCount;
                DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(window * sizeof(T)),
                                         static_cast<uint32_t>(n > 1 ? (pitch - window) * sizeof(T) : 0), 0, 0);
                DataCopyPad(dst[static_cast<uint32_t>(done * blockSlotElems)], xGm_[src + done * pitch], params, noPad);
                done += n;
            }
            return false;
        }
        // Whole 32-byte blocks; a window whose last block would pass the view's hull stops at its
        // last whole block and finishes with scalar loads.
        constexpr int64_t blockElems = kBlockBytes / sizeof(T);
        const int64_t rounded = (window + blockElems - 1) / blockElems * blockElems;
        bool scalar = false;
        for (int64_t b = 0; b < count; ++b) {
            LocalTensor<T> slot = dst[static_cast<uint32_t>(b * blockSlotElems)];
            int64_t at = src + b * pitch;
            int64_t whole = at + rounded <= t_.hullHi ? rounded : window / blockElems * blockElems;
            if (whole > 0) {
                DataCopy(slot, xGm_[at], static_cast<uint32_t>(whole));
            }
            for (int64_t i = whole; i < window; ++i) {
                slot.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(at + i));
                scalar = true;
            }
        }
        return scalar;
    }

    __aicore__ inline void Compute(int64_t count)
    {
        LocalTensor<T> in = inQue_.template DeQue<T>();
        LocalTensor<T> out = outQue_.template AllocTensor<T>();
        if constexpr (kBuildHasGather && sizeof(T) <= 4) {
            if (t_.useVectorGather) {
                Gather(out, in, table_, 0, static_cast<uint32_t>(count));
                outQue_.EnQue(out);
                inQue_.FreeTensor(in);
                return;
            }
        }
        WaitPipe<HardEvent::MTE2_S>();
        for (int64_t i = 0; i < count; ++i) {
            out.SetValue(static_cast<uint32_t>(i), in.GetValue(table_.GetValue(static_cast<uint32_t>(i)) / sizeof(T)));
        }
        WaitPipe<HardEvent::S_MTE3>();
        outQue_.EnQue(out);
        inQue_.FreeTensor(in);
    }

    __aicore__ inline void CopyOut(int64_t pos, int64_t count)
    {
        LocalTensor<T> out = outQue_.template DeQue<T>();
        WriteTile(yGm_, out, pos, count, t_.usePad != 0);
        outQue_.FreeTensor(out);
    }

    CopyTiling t_;
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQue_;
    TQue<TPosition::VECOUT, 1> outQue_;
    TBuf<TPosition::VECCALC> tableBuf_;
    LocalTensor<uint32_t> table_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    int64_t firstUnit_ = 0;
    int64_t endUnit_ = 0;
};

// ---- SCALAR: element by element in, DMA out --------------------------------------------------

template <typename T>
class ScalarCopyKernel {
public:
    __aicore__ inline ScalarCopyKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, 2, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_; pos += t_.tileElems) {
            int64_t count = end_ - pos < t_.tileElems ? end_ - pos : t_.tileElems;
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, pos, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            WriteTile(yGm_, buf, pos, count, t_.usePad != 0);
            que_.FreeTensor(buf);
        }
    }

private:
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t pos, int64_t count)
    {
        int64_t index[kMaxDims];
        int64_t rest = pos;
        int64_t src = t_.offset;
        for (int32_t d = t_.rank - 1; d >= 0; --d) {
            index[d] = rest % t_.shape[d];
            rest /= t_.shape[d];
            src += index[d] * t_.stride[d];
        }
        for (int64_t i = 0; i < count; ++i) {
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

// ---- dispatch -----------------------------------------------------------------------------

template <typename Kernel>
__aicore__ inline void RunCopyKernel(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    Kernel op;
    op.Init(x, y, t);
    op.Process();
}

// Runs the mode the tiling names with units of T.
template <typename T>
__aicore__ inline void RunStridedCopyUnits(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    if (t.mode == kCopyModeBurst) {
        RunCopyKernel<BurstCopyKernel<T>>(x, y, t);
    } else if (t.mode == kCopyModeBurstAligned) {
        RunCopyKernel<AlignedBurstCopyKernel<T>>(x, y, t);
    } else if (t.mode == kCopyModeGather || t.mode == kCopyModeTranspose) {
        RunCopyKernel<GatherCopyKernel<T>>(x, y, t);
    } else if (t.mode == kCopyModeScalar) {
        RunCopyKernel<ScalarCopyKernel<T>>(x, y, t);
    }
}

// The one entry of every op kernel: T is the unsigned type of the dtype's size (the tiling key).
// 8-byte elements may move as 4-byte pairs (Note [copy units]).
template <typename T>
__aicore__ inline void RunStridedCopy(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    if (t.mode == kCopyModeEmpty) {
        return;
    }
    if (sizeof(T) == 8 && t.unitBytes == 4) {
        RunStridedCopyUnits<uint32_t>(x, y, t);
    } else {
        RunStridedCopyUnits<T>(x, y, t);
    }
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H
