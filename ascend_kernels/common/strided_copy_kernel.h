// AscendC kernels that copy a strided view of `x` into the contiguous output `y`, one class per
// copy mode (Note [copy modes] in copy_planner.h), and RunStridedCopy, the entry every generated
// op_kernel calls. The kernels learn what the SoC offers only from the tiling: the planner chose.
// Which AscendC APIs they compile is fixed per architecture (build_arch.h).
//
// Every kernel owns its block's share of the output, CoreRange(t, GetBlockIdx()) (GATHER and
// TRANSPOSE: the units CoreUnits gives it), and writes each byte of it exactly once; it reads
// input only inside the view's hull [hullLo, hullHi) and UB only where it wrote.
//
// Note [corrupt tiling]
// A tiling the planner cannot have made (a host bug, a stale build, a corrupted tiling buffer)
// must not hang a core or run it past its buffers. Each kernel's Init checks the fields its loops
// and UB buffers depend on, cheaply, before it allocates anything, and returns false on a bad
// one; the kernel then does nothing, so the output stays unwritten and the launch fails visibly
// (the emulator reports the bytes never written) instead of looping forever on a zero step.
#ifndef ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H
#define ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H

#include "kernel_operator.h"

#include "build_arch.h"
#include "copy_limits.h"
#include "copy_planner.h"
#include "copy_tiling.h"

namespace ascend_ops {

using namespace AscendC;

// The largest value of an unsigned parameter field of type U.
template <typename U>
constexpr int64_t FieldMax()
{
    static_assert(static_cast<U>(-1) > 0, "an unsigned parameter field");
    return static_cast<int64_t>(static_cast<U>(-1));
}

// copy_limits.h's DMA limits are those of the AscendC parameter structs this kernel fills: a
// tiling the planner keeps within them never truncates a field.
static_assert(FieldMax<decltype(DataCopyParams::blockLen)>() == kMaxCopyParamBlocks &&
                  FieldMax<decltype(DataCopyParams::srcStride)>() == kMaxCopyParamBlocks &&
                  FieldMax<decltype(DataCopyParams::dstStride)>() == kMaxCopyParamBlocks,
              "kMaxCopyParamBlocks (copy_limits.h) is not the range of DataCopyParams' blockLen and strides");
static_assert(FieldMax<decltype(DataCopyExtParams::srcStride)>() == kMaxPadStride &&
                  FieldMax<decltype(DataCopyExtParams::dstStride)>() == kMaxPadStride,
              "kMaxPadStride (copy_limits.h) is not the range of DataCopyExtParams' strides");
static_assert(FieldMax<decltype(DataCopyParams::blockCount)>() >= kMaxBlockCount &&
                  FieldMax<decltype(DataCopyExtParams::blockCount)>() >= kMaxBlockCount &&
                  FieldMax<decltype(DataCopyExtParams::blockLen)>() >= kMaxPadBlockLen,
              "kMaxBlockCount or kMaxPadBlockLen (copy_limits.h) does not fit its AscendC parameter field");

// Split chips launch a kernel that does not declare itself vector-only as a mixed one (1 cube : 2
// vector cores); the other architectures have no kernel types to declare (products.yaml
// kernel_type_required).
#if defined(__NPU_ARCH__) && ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED
#define ASCEND_OPS_VECTOR_ONLY_KERNEL() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#else
#define ASCEND_OPS_VECTOR_ONLY_KERNEL() static_cast<void>(0)
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

// Note [corrupt tiling]: the fields every mode relies on. The view's dims must be real, the units
// the kernel's element type and the core split able to advance.
template <typename T>
__aicore__ inline bool CommonTilingUsable(const CopyTiling& t)
{
    if (t.rank < 1 || t.rank > kMaxDims || t.unitBytes != sizeof(T) || t.totalElems < 1 || t.splitGranule < 1 ||
        t.granulesPerCore < 0 || t.granuleRemainder < 0 || (t.usePad != 0 && !kBuildPads<T>)) {
        return false;
    }
    for (int32_t d = 0; d < t.rank; ++d) {
        if (t.shape[d] < 1) {
            return false;
        }
    }
    return true;
}

// A tile of `elems` units of T fits a UB buffer of `bufBytes` bytes; `elems` >= 1.
template <typename T>
__aicore__ inline bool TileFits(int64_t elems, uint32_t bufBytes)
{
    return elems >= 1 && elems <= static_cast<int64_t>(bufBytes / sizeof(T));
}

// DataCopyPad GM -> UB and UB -> GM, compiled only where this build's architecture has it for units
// of T (build_arch.h); elsewhere CommonTilingUsable refuses a tiling that asks for it.
template <typename T>
__aicore__ inline void PadLoad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& params,
                               const DataCopyPadExtParams<T>& pad)
{
    if constexpr (kBuildPads<T>) {
        DataCopyPad(dst, src, params, pad);
    }
}

template <typename T>
__aicore__ inline void PadStore(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& params)
{
    if constexpr (kBuildPads<T>) {
        DataCopyPad(dst, src, params);
    }
}

// Orders pipe X of `event` (X_Y) before pipe Y: everything X issued so far completes before Y's
// next instruction. Pipes run concurrently (a queue's DeQue / AllocTensor order only the pipes of
// its own events, never the scalar unit); the id is one the TPipe does not hold for a queue.
template <HardEvent event>
__aicore__ inline void WaitPipe()
{
    const TEventID id = GetTPipePtr()->FetchEventID(event);
    SetFlag<event>(id);
    WaitFlag<event>(id);
}

// Note [store tails]
// Without DataCopyPad a store moves whole 32-byte blocks (DataCopy needs the GM address aligned to
// the element only). A store of `count` >= one block whose length is no block multiple ends with
// the block that ends where it does: its units, shifted in UB by scalar moves to the aligned
// address after the whole blocks, go out by a second DataCopy that rewrites, with the same values,
// bytes the first wrote (PipeBarrier<PIPE_MTE3> between the two). No scalar GM store is needed:
// scalar stores go through the core's data cache and are written back as whole 64-byte lines,
// over whatever other cores or DMAs wrote into those lines. The planner keeps every store of the
// SoCs without DataCopyPad at least a block long, except an output shorter than a block, which
// one core writes by scalar stores alone (its lines hold nothing else of the output) and flushes.
template <typename T>
__aicore__ inline void WriteTile(GlobalTensor<T>& yGm, const LocalTensor<T>& src, int64_t pos, int64_t count,
                                 bool usePad)
{
    if (usePad) {
        DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);
        PadStore(yGm[pos], src, params);
        return;
    }
    constexpr int64_t blockElems = kBlockBytes / sizeof(T);
    const int64_t whole = count / blockElems * blockElems;
    if (whole > 0) {
        DataCopy(yGm[pos], src, static_cast<uint32_t>(whole));
    }
    if (whole == count) {
        return;
    }
    WaitPipe<HardEvent::MTE2_S>();  // src came from a load or a Gather
    WaitPipe<HardEvent::V_S>();
    if (whole == 0) {  // the whole output, shorter than a block
        for (int64_t i = 0; i < count; ++i) {
            yGm.SetValue(pos + i, src.GetValue(static_cast<uint32_t>(i)));
        }
#if !defined(__NPU_ARCH__) || ASCEND_OPS_ARCH_DATA_CACHE_CLEAN  // not declared where it does not exist
        DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(yGm);
#endif
        return;
    }
    // src[whole, whole + blockElems) = src[count - blockElems, count): backwards, as they overlap.
    const int64_t shift = whole + blockElems - count;
    for (int64_t i = blockElems - 1; i >= 0; --i) {
        src.SetValue(static_cast<uint32_t>(whole + i), src.GetValue(static_cast<uint32_t>(whole + i - shift)));
    }
    WaitPipe<HardEvent::S_MTE3>();
    PipeBarrier<PIPE_MTE3>();
    DataCopy(yGm[pos + count - blockElems], src[static_cast<uint32_t>(whole)], static_cast<uint32_t>(blockElems));
}

// Units of the next contiguous tile of [pos, end), at most tileElems (a multiple of two blocks or
// more): without DataCopyPad one block shorter where the rest would be shorter than a block, so
// every store is at least a block long (Note [store tails]).
template <typename T>
__aicore__ inline int64_t TileCount(int64_t pos, int64_t end, int64_t tileElems, bool usePad)
{
    constexpr int64_t blockElems = kBlockBytes / sizeof(T);
    int64_t count = end - pos < tileElems ? end - pos : tileElems;
    const int64_t rest = end - pos - count;
    if (!usePad && rest > 0 && rest < blockElems && count > blockElems) {
        count -= blockElems;
    }
    return count;
}

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
        rowSlotElems_ = (row_ * static_cast<int64_t>(sizeof(T)) + kBlockBytes - 1) / kBlockBytes * kBlockBytes /
                        static_cast<int64_t>(sizeof(T));
        if (t_.rowsPerTile < 0 || t_.rowsPerTile > kMaxBlockCount ||
            (t_.rowsPerTile > 0 && !TileFits<T>(t_.rowsPerTile * rowSlotElems_, t_.inBufBytes))) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        chains_ = PlanRowChains(t_, static_cast<int64_t>(sizeof(T)), t_.rowsPerTile, true);
        return true;
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
            PadLoad(buf, xGm_[src], params, noPad);
            return;
        }
        if (chains_.dim >= 0) {
            LoadRowChains(buf, rowIndex, rows);
            return;
        }
        // Runs of rows along the second-innermost dim are evenly spaced: one instruction each.
        const int64_t runLength = outer >= 1 ? t_.shape[outer - 1] : 1;
        const int64_t pitch = outer >= 1 ? t_.stride[outer - 1] : 0;
        const int64_t gapBytes = (pitch - row_) * static_cast<int64_t>(sizeof(T));
        const bool evenRun = outer >= 1 && pitch >= row_ && gapBytes <= kMaxPadStride;
        for (int64_t done = 0; done < rows;) {
            int64_t inRun = runLength - (rowIndex + done) % runLength;
            int64_t n = rows - done < inRun ? rows - done : inRun;
            n = evenRun ? n : 1;
            int64_t src = t_.offset + OuterOffset(t_, rowIndex + done, outer);
            DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(row_ * sizeof(T)),
                                     static_cast<uint32_t>(n > 1 ? gapBytes : 0), 0, 0);
            PadLoad(buf[static_cast<uint32_t>(done * rowSlotElems_)], xGm_[src], params, noPad);
            done += n;
        }
    }

    // Output rows [first, first + rows) into consecutive UB row slots, a chain per row that starts
    // one (Note [row chains]): the row whose index of the chain dim is 0, or one of the tile's
    // first innerRows rows.
    __aicore__ inline void LoadRowChains(const LocalTensor<T>& buf, int64_t first, int64_t rows)
    {
        DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
        const int64_t inner = chains_.innerRows;
        const int64_t extent = t_.shape[chains_.dim];
        for (int64_t i = 0; i < rows; ++i) {
            int64_t k = (first + i) / inner % extent;
            if (k != 0 && i >= inner) {
                continue;  // on the chain of row i - inner
            }
            int64_t length = (rows - 1 - i) / inner + 1;
            length = length < extent - k ? length : extent - k;
            for (int64_t done = 0; done < length;) {
                int64_t n = length - done < kMaxBlockCount ? length - done : kMaxBlockCount;
                int64_t row = i + done * inner;
                int64_t src = t_.offset + OuterOffset(t_, first + row, t_.rank - 1);
                DataCopyExtParams params(static_cast<uint16_t>(n), chains_.rowLen, n > 1 ? chains_.srcGap : 0,
                                         n > 1 ? chains_.dstGap : 0, 0);
                PadLoad(buf[static_cast<uint32_t>(row * rowSlotElems_)], xGm_[src], params, noPad);
                done += n;
            }
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
};

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
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        row_ = t_.shape[t_.rank - 1];
        chains_ = PlanRowChains(t_, static_cast<int64_t>(sizeof(T)), t_.tileElems / row_);
        return true;
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_;) {
            const int64_t count = TileCount<T>(pos, end_, t_.tileElems, false);
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            CopyIn(buf, pos, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            WriteTile(yGm_, buf, pos, count, false);
            que_.FreeTensor(buf);
            pos += count;
        }
    }

private:
    // Output units [pos, pos + count) packed at UB 0 (pos is 32-byte aligned). Whole rows of whole
    // blocks load by chains (Note [row chains]); otherwise a row piece at UB unit p moves its
    // 32-byte aligned interior by DataCopy and its edges by scalar copies.
    __aicore__ inline void CopyIn(const LocalTensor<T>& buf, int64_t pos, int64_t count)
    {
        constexpr int64_t blockElems = kBlockBytes / sizeof(T);
        bool scalar = false;
        for (int64_t p = 0; p < count;) {
            int64_t q = pos + p;
            int64_t col = q % row_;
            if (chains_.dim >= 0 && col == 0 && count - p >= row_) {
                int64_t rows = (count - p) / row_;
                LoadRowChains(buf, p, q / row_, rows);
                p += rows * row_;
                continue;
            }
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
        }
        if (scalar) {
            WaitPipe<HardEvent::S_MTE3>();
        }
    }

    // Output rows [first, first + rows) to UB unit `at` on, a chain per row that starts one: the
    // row whose index of the chain dim is 0, or one of the tile's first innerRows rows.
    __aicore__ inline void LoadRowChains(const LocalTensor<T>& buf, int64_t at, int64_t first, int64_t rows)
    {
        const int64_t inner = chains_.innerRows;
        const int64_t extent = t_.shape[chains_.dim];
        for (int64_t i = 0; i < rows; ++i) {
            int64_t k = (first + i) / inner % extent;
            if (k != 0 && i >= inner) {
                continue;  // on the chain of row i - inner
            }
            int64_t length = (rows - 1 - i) / inner + 1;
            length = length < extent - k ? length : extent - k;
            for (int64_t done = 0; done < length;) {
                int64_t n = length - done < kMaxBlockCount ? length - done : kMaxBlockCount;
                int64_t row = i + done * inner;
                int64_t src = t_.offset + OuterOffset(t_, first + row, t_.rank - 1);
                DataCopyParams params(static_cast<uint16_t>(n), static_cast<uint16_t>(chains_.rowLen),
                                      static_cast<uint16_t>(chains_.srcGap), static_cast<uint16_t>(chains_.dstGap));
                DataCopy(buf[static_cast<uint32_t>(at + row * row_)], xGm_[src], params);
                done += n;
            }
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
};

// ---- GATHER / TRANSPOSE: windows in, Gather into output order, contiguous pieces out --------

template <typename T>
class GatherCopyKernel {
public:
    __aicore__ inline GatherCopyKernel() {}

    // False on a tiling this kernel cannot run (Note [corrupt tiling]).
    __aicore__ inline bool Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        if (!CommonTilingUsable<T>(t_)) {
            return false;
        }
        grid_ = MakeUnitGrid(t_);
        if (grid_.units == 0 || !ShapeUnits()) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(inQue_, kQueueBuffers, t_.inBufBytes);
        pipe_.InitBuffer(outQue_, kQueueBuffers, t_.outBufBytes);
        pipe_.InitBuffer(tableBuf_, t_.tableBytes);
        CoreUnits(t_, grid_, GetBlockIdx(), &firstUnit_, &endUnit_);
        table_ = tableBuf_.template Get<GatherOffset>();
        tailTable_ = ownTailTable_ ? table_[static_cast<uint32_t>(mainTableElems_)] : table_;
        if (firstUnit_ < endUnit_) {
            BuildTable(table_, full_, t_.unitsPerTile);
            if (ownTailTable_) {
                BuildTable(tailTable_, tail_, 1);
            }
            WaitPipe<HardEvent::S_V>();
        }
        return true;
    }

    __aicore__ inline void Process()
    {
        const int64_t perRow = grid_.chunksPerRow;
        for (int64_t unit = firstUnit_; unit < endUnit_;) {
            int64_t units = endUnit_ - unit < t_.unitsPerTile ? endUnit_ - unit : t_.unitsPerTile;
            // A cut unit dim: a tile stops at its row's end, so only its last unit can be a tail.
            int64_t toRowEnd = perRow - unit % perRow;
            units = perRow > 1 && toRowEnd < units ? toRowEnd : units;
            bool endsWithTail = grid_.tailChunk < grid_.chunk && (unit + units) % perRow == 0;
            int64_t fullUnits = endsWithTail ? units - 1 : units;
            CopyIn(unit, fullUnits, endsWithTail);
            Compute(fullUnits, endsWithTail);
            CopyOut(unit, fullUnits, endsWithTail);
            unit += units;
        }
    }

private:
    // A unit whose dim unitDim has `chunk` indexes (Note [gather units]): its windows and output.
    struct UnitShape {
        int64_t chunk;
        int64_t piece;        // output units of each of its pieces
        int64_t gatherElems;  // output-buffer units it fills: its pieces in their slots
        int64_t lo;           // input offset of the (lowest) window's start, from the unit's first element
        int64_t window;       // input units of one window
        int64_t count;        // windows: 1, or the indexes of countDim
    };

    // The full unit as planned, and the tail: the full unit cut to its indexes, its pieces in the
    // full unit's piece slots. Checks that they, the tile and the tables fit the buffers the tiling
    // sizes (Note [corrupt tiling]).
    __aicore__ inline bool ShapeUnits()
    {
        const int32_t cut = t_.unitDim;
        const int64_t pieceBytes = grid_.chunk * grid_.inner * static_cast<int64_t>(sizeof(T));
        const bool pieceSlotOk = grid_.pieces > 1
                                     ? t_.pieceSlotBytes % kBlockBytes == 0 && t_.pieceSlotBytes >= pieceBytes
                                     : t_.pieceSlotBytes == pieceBytes;
        if (t_.countDim < -1 || t_.countDim >= t_.rank || (t_.countDim >= 0 && t_.countDim < t_.runDim) ||
            t_.windowElems < 1 || t_.blockSlotBytes % kBlockBytes != 0 || t_.unitsPerTile < 1 || !pieceSlotOk ||
            (grid_.chunksPerRow > 1 && grid_.pieces == 1 && pieceBytes % kBlockBytes != 0) || !WindowChainUsable()) {
            return false;
        }
        pieceSlotElems_ = t_.pieceSlotBytes / sizeof(T);
        unitOutElems_ = grid_.pieces * pieceSlotElems_;
        full_ = UnitShape{grid_.chunk, grid_.chunk * grid_.inner, unitOutElems_, t_.windowLo, t_.windowElems, 1};
        tail_ = full_;
        tail_.chunk = grid_.tailChunk;
        tail_.piece = grid_.tailChunk * grid_.inner;
        tail_.gatherElems = (grid_.pieces - 1) * pieceSlotElems_ + tail_.piece;
        const int64_t shorter = grid_.chunk - grid_.tailChunk;
        const int64_t step = t_.stride[cut];
        innerExtent_ = t_.countInnerDim >= 0 ? t_.shape[t_.countInnerDim] : 1;
        if (t_.countDim == cut) {
            full_.count = grid_.chunk * innerExtent_;
            tail_.count = grid_.tailChunk * innerExtent_;
        } else {
            full_.count = (t_.countDim >= 0 ? t_.shape[t_.countDim] : 1) * innerExtent_;
            tail_.count = full_.count;
            tail_.window -= shorter * (step < 0 ? -step : step);
            tail_.lo += step < 0 ? -shorter * step : 0;
        }
        if (full_.count != t_.windowCount) {
            return false;
        }
        // The full unit's table serves a tail only as its prefix: a tail of one piece whose windows
        // start where the full unit's do.
        ownTailTable_ = grid_.tailChunk < grid_.chunk && (step < 0 || grid_.pieces > 1);
        const int64_t tileOutElems = t_.unitsPerTile * unitOutElems_;
        mainTableElems_ = (tileOutElems * kGatherOffsetBytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes /
                          kGatherOffsetBytes;
        const int64_t tableElems = mainTableElems_ + (ownTailTable_ ? tail_.gatherElems : 0);
        const int64_t slotElems = t_.blockSlotBytes / static_cast<int64_t>(sizeof(T));
        return t_.windowElems <= slotElems && full_.count * t_.blockSlotBytes <= t_.unitSlotBytes &&
               t_.unitsPerTile <= t_.inBufBytes / (t_.unitSlotBytes > 0 ? t_.unitSlotBytes : 1) &&
               TileFits<T>(tileOutElems, t_.outBufBytes) && TileFits<GatherOffset>(tableElems, t_.tableBytes);
    }

    // A second window dim (Note [window chains] in copy_planner.h) must chain countDim's windows.
    __aicore__ inline bool WindowChainUsable() const
    {
        const int32_t inner = t_.countInnerDim;
        return inner == -1 ||
               ChainsWindows(t_, t_.runDim, t_.countDim, inner, inner == t_.unitDim && grid_.chunksPerRow > 1);
    }

    // table[u * unitOutElems + i] = UB byte offset, within a tile's input buffer, of what output-
    // buffer unit i of the tile's unit u holds, for units shaped like `shape`: its output elements
    // piece by piece, each piece in its slot. The same for every tile: units are alike and each has
    // its own input slot. Slot padding gathers the unit's first input unit, which is never stored.
    __aicore__ inline void BuildTable(const LocalTensor<GatherOffset>& table, const UnitShape& shape, int64_t units)
    {
        const int32_t first = t_.runDim;
        int64_t index[kMaxDims] = {0};
        int64_t rel = -shape.lo;  // input offset of the current element within its window
        const uint32_t unitSlot = t_.unitSlotBytes;
        int64_t inPiece = 0;
        for (int64_t i = 0; i < shape.gatherElems; ++i, ++inPiece) {
            inPiece = inPiece == pieceSlotElems_ ? 0 : inPiece;
            GatherOffset entry = 0;
            if (inPiece < shape.piece) {
                int64_t block = 0;
                if (t_.countDim >= 0) {
                    int64_t at = index[t_.countDim] * innerExtent_ + (t_.countInnerDim >= 0 ? index[t_.countInnerDim] : 0);
                    block = t_.stride[t_.countDim] >= 0 ? at : shape.count - 1 - at;
                }
                entry = static_cast<GatherOffset>(block * t_.blockSlotBytes + rel * static_cast<int64_t>(sizeof(T)));
                for (int32_t d = t_.rank - 1; d >= first; --d) {  // odometer over the unit's dims
                    int64_t extent = d == t_.unitDim ? shape.chunk : t_.shape[d];
                    int64_t step = d == t_.countDim || d == t_.countInnerDim ? 0 : t_.stride[d];
                    if (++index[d] < extent) {
                        rel += step;
                        break;
                    }
                    rel -= step * (extent - 1);
                    index[d] = 0;
                }
            }
            for (int64_t u = 0; u < units; ++u) {
                table.SetValue(static_cast<uint32_t>(u * unitOutElems_ + i),
                               entry + static_cast<uint32_t>(u) * unitSlot);
            }
        }
    }

    // The windows of `fullUnits` full units from unit `unit` on, then of the tail if `withTail`.
    __aicore__ inline void CopyIn(int64_t unit, int64_t fullUnits, bool withTail)
    {
        LocalTensor<T> in = inQue_.template AllocTensor<T>();
        const int64_t slotElems = t_.unitSlotBytes / sizeof(T);
        bool scalar = false;
        for (int64_t u = 0; u < fullUnits + (withTail ? 1 : 0); ++u) {
            const UnitShape& shape = u < fullUnits ? full_ : tail_;
            int64_t index = unit + u;
            int64_t base = t_.offset + OuterOffset(t_, index / grid_.chunksPerRow, t_.runDim) +
                           index % grid_.chunksPerRow * grid_.chunk * t_.stride[t_.unitDim] + shape.lo;
            LocalTensor<T> slot = in[static_cast<uint32_t>(u * slotElems)];
            if (t_.countDim < 0) {
                scalar = LoadWindows(slot, base, 1, 0, shape.window) || scalar;
                continue;
            }
            int64_t pitch = t_.stride[t_.countInnerDim >= 0 ? t_.countInnerDim : t_.countDim];
            int64_t lowest = pitch >= 0 ? base : base + (shape.count - 1) * pitch;
            scalar = LoadWindows(slot, lowest, shape.count, pitch >= 0 ? pitch : -pitch, shape.window) || scalar;
        }
        if (scalar) {
            WaitPipe<HardEvent::S_V>();
        }
        inQue_.EnQue(in);
    }

    // `count` windows of `window` units, `pitch` apart in GM from `src`, into consecutive block
    // slots. Returns whether scalar stores were needed.
    __aicore__ inline bool LoadWindows(const LocalTensor<T>& dst, int64_t src, int64_t count, int64_t pitch,
                                       int64_t window)
    {
        const int64_t blockSlotElems = t_.blockSlotBytes / sizeof(T);
        if (t_.usePad) {
            // Each window lands 32-byte aligned; a tail's shorter windows skip the rest of their slots.
            const int64_t landed = (window * static_cast<int64_t>(sizeof(T)) + kBlockBytes - 1) / kBlockBytes;
            const uint32_t slotGap = static_cast<uint32_t>(t_.blockSlotBytes / kBlockBytes - landed);
            DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
            for (int64_t done = 0; done < count;) {
                int64_t n = count - done < kMaxBlockCount ? count - done : kMaxBlockCount;
                DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(window * sizeof(T)),
                                         static_cast<uint32_t>(n > 1 ? (pitch - window) * sizeof(T) : 0),
                                         n > 1 ? slotGap : 0, 0);
                PadLoad(dst[static_cast<uint32_t>(done * blockSlotElems)], xGm_[src + done * pitch], params, noPad);
                done += n;
            }
            return false;
        }
        constexpr int64_t blockElems = kBlockBytes / sizeof(T);
        if (WindowsLoadByStridedCopy(count, window, pitch, static_cast<int64_t>(sizeof(T)))) {
            // Windows and gaps of whole blocks: one strided DataCopy (Note [window chains]).
            const int64_t length = window / blockElems;
            const uint16_t gap = static_cast<uint16_t>((pitch - window) / blockElems);
            const uint16_t slotGap = static_cast<uint16_t>(blockSlotElems / blockElems - length);
            for (int64_t done = 0; done < count;) {
                int64_t n = count - done < kMaxBlockCount ? count - done : kMaxBlockCount;
                DataCopyParams params(static_cast<uint16_t>(n), static_cast<uint16_t>(length),
                                      static_cast<uint16_t>(n > 1 ? gap : 0), static_cast<uint16_t>(n > 1 ? slotGap : 0));
                DataCopy(dst[static_cast<uint32_t>(done * blockSlotElems)], xGm_[src + done * pitch], params);
                done += n;
            }
            return false;
        }
        // Whole 32-byte blocks; a window whose last block would pass the view's hull stops at its
        // last whole block and finishes with scalar loads.
        const int64_t rounded = (window + blockElems - 1) / blockElems * blockElems;
        bool scalar = false;
        for (int64_t b = 0; b < count; ++b) {
            LocalTensor<T> slot = dst[static_cast<uint32_t>(b * blockSlotElems)];
            int64_t at = src + b * pitch;
            int64_t whole = at + rounded <= t_.hullHi ? rounded : window / blockElems * blockElems;
            if (whole > 0) {
                DataCopy(slot, xGm_[at], static_cast<uint32_t>(whole));
            }
            if (!scalar && whole < window) {
                WaitPipe<HardEvent::V_S>();  // the buffer's last Gather may still read it
                scalar = true;
            }
            for (int64_t i = whole; i < window; ++i) {
                slot.SetValue(static_cast<uint32_t>(i), xGm_.GetValue(at + i));
            }
        }
        return scalar;
    }

    // Output order: the full units through the main table, the tail through its own (or the
    // main table's prefix). The tail's output starts aligned: a full unit's output is a 32-byte
    // multiple when a tail follows it, or its pieces sit in 32-byte slots.
    __aicore__ inline void Compute(int64_t fullUnits, bool withTail)
    {
        LocalTensor<T> in = inQue_.template DeQue<T>();
        LocalTensor<T> out = outQue_.template AllocTensor<T>();
        const uint32_t fullElems = static_cast<uint32_t>(fullUnits * unitOutElems_);
        const uint32_t tailSlot = static_cast<uint32_t>(fullUnits * t_.unitSlotBytes / sizeof(T));
        const uint32_t tailElems = withTail ? static_cast<uint32_t>(tail_.gatherElems) : 0;
        if constexpr (kBuildGathers<T>) {
            if (t_.useVectorGather) {
                if (fullElems > 0) {
                    Gather(out, in, table_, 0, fullElems);
                }
                if (tailElems > 0) {
                    Gather(out[fullElems], in[tailSlot], tailTable_, 0, tailElems);
                }
                outQue_.EnQue(out);
                inQue_.FreeTensor(in);
                return;
            }
        }
        WaitPipe<HardEvent::MTE2_S>();  // the windows
        WaitPipe<HardEvent::MTE3_S>();  // out's last store may still read it
        for (uint32_t i = 0; i < fullElems; ++i) {
            out.SetValue(i, in.GetValue(table_.GetValue(i) / sizeof(T)));
        }
        for (uint32_t i = 0; i < tailElems; ++i) {
            out.SetValue(fullElems + i, in.GetValue(tailSlot + tailTable_.GetValue(i) / sizeof(T)));
        }
        WaitPipe<HardEvent::S_MTE3>();
        outQue_.EnQue(out);
        inQue_.FreeTensor(in);
    }

    // Units of one piece are consecutive in the output: one store for the tile. Otherwise each
    // unit stores its pieces, grid_.piecePitch apart.
    __aicore__ inline void CopyOut(int64_t unit, int64_t fullUnits, bool withTail)
    {
        LocalTensor<T> out = outQue_.template DeQue<T>();
        if (grid_.pieces == 1) {
            WriteTile(yGm_, out, UnitStart(grid_, unit), fullUnits * full_.piece + (withTail ? tail_.piece : 0),
                      t_.usePad != 0);
        } else {
            for (int64_t u = 0; u < fullUnits + (withTail ? 1 : 0); ++u) {
                WritePieces(out[static_cast<uint32_t>(u * unitOutElems_)], UnitStart(grid_, unit + u),
                            u < fullUnits ? full_.piece : tail_.piece);
            }
        }
        outQue_.FreeTensor(out);
    }

    // A unit's pieces of `piece` units each, from their UB slots to output offset `pos` on.
    __aicore__ inline void WritePieces(const LocalTensor<T>& src, int64_t pos, int64_t piece)
    {
        const int64_t pieces = grid_.pieces;
        if (!t_.usePad) {
            for (int64_t p = 0; p < pieces; ++p) {
                WriteTile(yGm_, src[static_cast<uint32_t>(p * pieceSlotElems_)], pos + p * grid_.piecePitch, piece,
                          false);
            }
            return;
        }
        // Each piece leaves from the start of its 32-byte slot; UB gaps count 32-byte blocks, GM gaps bytes.
        const int64_t pieceBytes = piece * static_cast<int64_t>(sizeof(T));
        const int64_t read = (pieceBytes + kBlockBytes - 1) / kBlockBytes;
        const uint32_t slotGap = static_cast<uint32_t>(t_.pieceSlotBytes / kBlockBytes - read);
        const uint32_t gmGap = static_cast<uint32_t>((grid_.piecePitch - piece) * static_cast<int64_t>(sizeof(T)));
        for (int64_t done = 0; done < pieces;) {
            int64_t n = pieces - done < kMaxBlockCount ? pieces - done : kMaxBlockCount;
            DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(pieceBytes), slotGap, gmGap, 0);
            PadStore(yGm_[pos + done * grid_.piecePitch], src[static_cast<uint32_t>(done * pieceSlotElems_)],
                        params);
            done += n;
        }
    }

    CopyTiling t_;
    UnitGrid grid_;
    UnitShape full_;
    UnitShape tail_;
    int64_t pieceSlotElems_ = 0;
    int64_t unitOutElems_ = 0;
    bool ownTailTable_ = false;
    int64_t mainTableElems_ = 0;
    int64_t innerExtent_ = 1;  // indexes of countInnerDim, 1 without it
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQue_;
    TQue<TPosition::VECOUT, 1> outQue_;
    TBuf<TPosition::VECCALC> tableBuf_;
    LocalTensor<GatherOffset> table_;
    LocalTensor<GatherOffset> tailTable_;
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
    if (op.Init(x, y, t)) {
        op.Process();
    }
}

// Runs the mode the tiling names with units of T.
template <typename T>
__aicore__ inline void RunStridedCopyUnits(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    if (t.mode == kCopyModeBurst) {
        if constexpr (kBuildPads<T>) {
            RunCopyKernel<BurstCopyKernel<T>>(x, y, t);
        }
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
    if (sizeof(T) == kWideElemBytes && t.unitBytes == kPairUnitBytes) {
        RunStridedCopyUnits<uint32_t>(x, y, t);
    } else {
        RunStridedCopyUnits<T>(x, y, t);
    }
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H
