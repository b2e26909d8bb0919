// GATHER and TRANSPOSE (Note [copy modes] in copy_planner.h): input windows into UB, Gather into
// output order, contiguous pieces out.
#ifndef ASCEND_KERNELS_COMMON_COPY_KERNEL_GATHER_H
#define ASCEND_KERNELS_COMMON_COPY_KERNEL_GATHER_H

#include "copy_kernel_base.h"

namespace ascend_ops {

constexpr int64_t kEntriesPerBlock = kBlockBytes / kGatherOffsetBytes;  // offset table entries per 32-byte block

// ---- GATHER / TRANSPOSE: windows in, Gather into output order, contiguous pieces out --------

template <typename T>
class GatherCopyKernel {
    static constexpr int64_t kLaneBytes = kTransposeLaneBytes;     // a lane of the 16-bit transpose
    static constexpr int64_t kUnitLanes = sizeof(T) / kLaneBytes;  // lanes per unit (0 for bytes: no transposes)

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
        if (t_.transposeGroupStride > 0) {
            pipe_.InitBuffer(transposeBuf_, static_cast<uint32_t>(transposeBytes_));
        }
        CoreUnits(t_, grid_, GetBlockIdx(), &firstUnit_, &endUnit_);
        table_ = tableBuf_.template Get<GatherOffset>();
        tailTable_ = ownTailTable_ ? table_[static_cast<uint32_t>(mainTableElems_)] : table_;
        if (firstUnit_ < endUnit_) {
            const int64_t units = endUnit_ - firstUnit_;
            BuildTable(table_, full_, t_.unitsPerTile < units ? t_.unitsPerTile : units);
            if (ownTailTable_) {
                BuildTable(tailTable_, tail_, 1);
            }
            WaitPipe<HardEvent::S_V>();
            WaitPipe<HardEvent::V_S>();  // a table Adds extended (the scalar rearrangement reads it)
            // Where the core's units start (Note [index cursors]).
            unitAt_.rowNumber = DivIndex(firstUnit_, grid_.chunksPerRow);
            unitAt_.chunk = firstUnit_ - unitAt_.rowNumber * grid_.chunksPerRow;
            if (!unitAt_.row.Seek(t_, t_.runDim, unitAt_.rowNumber)) {
                return false;
            }
        }
        return true;
    }

    __aicore__ inline void Process()
    {
        const int64_t perRow = grid_.chunksPerRow;
        for (int64_t unit = firstUnit_; unit < endUnit_;) {
            ASCEND_OPS_COUNT_LOOP();
            int64_t units = endUnit_ - unit < t_.unitsPerTile ? endUnit_ - unit : t_.unitsPerTile;
            // A cut unit dim: a tile stops at its row's end, so only its last unit can be a tail.
            int64_t toRowEnd = perRow - unitAt_.chunk;
            units = perRow > 1 && toRowEnd < units ? toRowEnd : units;
            bool endsWithTail = grid_.tailChunk < grid_.chunk && unitAt_.chunk + units == perRow;
            int64_t fullUnits = endsWithTail ? units - 1 : units;
            const UnitCursor first = unitAt_;
            CopyIn(fullUnits, endsWithTail);  // moves unitAt_ past the tile
            Compute(fullUnits, endsWithTail);
            CopyOut(first, fullUnits, endsWithTail);
            unit += units;
        }
    }

private:
    // A unit of the grid (Note [index cursors]): the index of its row over dims [0, runDim), the
    // row's number and the unit's chunk of the row.
    struct UnitCursor {
        IndexCursor row;
        int64_t rowNumber;
        int64_t chunk;
    };

    __aicore__ inline void NextUnit(UnitCursor* u) const
    {
        if (++u->chunk == grid_.chunksPerRow) {
            u->chunk = 0;
            u->rowNumber += 1;
            u->row.Advance(t_, 1);
        }
    }

    // Input offset of the unit's first element, and output offset of it.
    __aicore__ inline int64_t UnitInput(const UnitCursor& u) const
    {
        return u.row.offset + u.chunk * grid_.chunk * t_.stride[t_.unitDim];
    }

    __aicore__ inline int64_t UnitOutput(const UnitCursor& u) const
    {
        return u.rowNumber * grid_.rowElems + u.chunk * grid_.chunk * grid_.inner;
    }

    // The full unit as planned, and the tail: the full unit cut to its indexes, its pieces in the
    // full unit's piece slots. Checks that they, the tile and the tables fit the buffers the tiling
    // sizes (Note [corrupt tiling]).
    __aicore__ inline bool ShapeUnits()
    {
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
        ShapeGridUnits(t_, grid_, pieceSlotElems_, &full_, &tail_);
        if (full_.count != t_.windowCount) {
            return false;
        }
        ownTailTable_ = OwnTailTable(t_, grid_);
        const int64_t tileOutElems = t_.unitsPerTile * unitOutElems_;
        mainTableElems_ = (tileOutElems * kGatherOffsetBytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes /
                          kGatherOffsetBytes;
        const int64_t tableElems = mainTableElems_ + (ownTailTable_ ? tail_.gatherElems : 0);
        const int64_t slotElems = t_.blockSlotBytes / static_cast<int64_t>(sizeof(T));
        return t_.windowElems <= slotElems && full_.count * t_.blockSlotBytes <= t_.unitSlotBytes &&
               t_.unitsPerTile * t_.unitSlotBytes <= t_.inBufBytes &&
               TileFits<T>(tileOutElems, t_.outBufBytes) && TileFits<GatherOffset>(tableElems, t_.tableBytes) &&
               TransposesUsable(tileOutElems);
    }

    // Note [block transposes] in copy_grid.h: 2- and 4-byte units where this architecture has the
    // 16-bit transpose, groups of a usable shape, and the scratch a full tile's groups take.
    __aicore__ inline bool TransposesUsable(int64_t tileOutElems)
    {
        if (t_.transposeGroupStride == 0) {
            return true;
        }
        if (!kBuildTransposes<T> || t_.useVectorGather != 0 || !TransposeGroupsOf(t_, &groups_)) {
            return false;
        }
        transposeBytes_ = TransposeScratchBytes(tileOutElems * kUnitLanes, groups_);
        return true;
    }

    // A second window dim (Note [window chains] in copy_grid.h) must chain countDim's windows.
    __aicore__ inline bool WindowChainUsable() const
    {
        const int32_t inner = t_.countInnerDim;
        return inner == -1 ||
               ChainsWindows(t_, t_.runDim, t_.countDim, inner, inner == t_.unitDim && grid_.chunksPerRow > 1);
    }

    // Note [offset tables]
    // table[u * unitOutElems + i] = UB byte offset, within a tile's input buffer, of what output-
    // buffer unit i of the tile's unit u holds, for units shaped like `shape`: its output elements
    // piece by piece, each piece in its slot. The same for every tile: units are alike and each has
    // its own input slot, so a core builds its tables once. An entry is affine in the element's
    // index over the unit's dims [runDim, rank): the first entry plus idx_d * TableWeight(d) summed,
    // the units unitSlotBytes apart. So the table grows outward dim by dim, each dim's indexes
    // 1.. as copies of the entries of its index 0 plus a multiple of its weight, made by Adds, each
    // doubling what is built (Note [scalar cost]): the scalar unit writes at most one 32-byte block
    // of the innermost dim, and the copies that bring a dim's entries to a whole number of 32-byte
    // blocks (Adds writes from an aligned entry on). Slot padding repeats entries of its piece
    // (PadPiece): its copies stay offsets inside the unit's slot, gathered and never stored.
    __aicore__ inline void BuildTable(const LocalTensor<GatherOffset>& table, const UnitShape& shape, int64_t units)
    {
        const int64_t limit = units > 1 ? units * unitOutElems_ : shape.gatherElems;  // entries to write
        const int32_t last = t_.rank - 1;
        const int64_t first = TableFirst(t_, shape, sizeof(T));
        const int64_t seed = UnitExtent(shape, last) < kEntriesPerBlock ? UnitExtent(shape, last) : kEntriesPerBlock;
        for (int64_t j = 0; j < seed; ++j) {
            table.SetValue(static_cast<uint32_t>(j), static_cast<GatherOffset>(first + j * TableWeight(last)));
        }
        scalarWrote_ = true;
        int64_t block = 1;  // entries per index of the dim being copied
        for (int32_t d = last; d >= t_.runDim; --d) {
            if (d == t_.unitDim - 1) {  // a piece is built: pad it to its slot
                PadPiece(table, shape.piece, limit);
                block = pieceSlotElems_;
            }
            const int64_t built = d == last ? seed : 1;
            CopyTableBlocks(table, block, built, UnitExtent(shape, d), TableWeight(d), limit);
            block *= UnitExtent(shape, d);
        }
        CopyTableBlocks(table, unitOutElems_, 1, units, t_.unitSlotBytes, limit);
    }

    // Entries [piece, pieceSlotElems_) (none at or past `limit`) repeat entries of the piece, whose
    // copies stay offsets inside the unit's slot: up to the next 32-byte block by scalar copies,
    // then by Adds of 0 from whole blocks of the piece (a slot is a whole number of blocks).
    __aicore__ inline void PadPiece(const LocalTensor<GatherOffset>& table, int64_t piece, int64_t limit)
    {
        const int64_t end = pieceSlotElems_ < limit ? pieceSlotElems_ : limit;
        int64_t j = piece;
        for (; j < end && (j % kEntriesPerBlock != 0 || piece < kEntriesPerBlock); ++j) {
            table.SetValue(static_cast<uint32_t>(j), ScalarEntry(table, j - piece));
            scalarWrote_ = true;
        }
        const int64_t source = piece / kEntriesPerBlock * kEntriesPerBlock;  // whole blocks of the piece
        const LocalTensor<int32_t> words = table.template ReinterpretCast<int32_t>();
        for (; j < end;) {
            const int64_t count = source < end - j ? source : end - j;
            if (scalarWrote_) {
                WaitPipe<HardEvent::S_V>();
                scalarWrote_ = false;
            }
            Adds(words[static_cast<uint32_t>(j)], words, 0, static_cast<int32_t>(count));
            PipeBarrier<PIPE_V>();
            vectorWrote_ = true;
            j += count;
        }
    }

    // Indexes of dim d in a unit shaped like `shape`.
    __aicore__ inline int64_t UnitExtent(const UnitShape& shape, int32_t d) const
    {
        return d == t_.unitDim ? shape.chunk : t_.shape[d];
    }

    // Bytes a table entry grows by per index of dim d (copy_grid.h).
    __aicore__ inline int64_t TableWeight(int32_t d) const { return ascend_ops::TableWeight(t_, d, sizeof(T)); }

    // Entries [k * block, (k + 1) * block) = entries [0, block) + k * weight for k in [built, extent),
    // none at or past `limit`: by scalar copies up to a whole number of 32-byte blocks, then by Adds.
    __aicore__ inline void CopyTableBlocks(const LocalTensor<GatherOffset>& table, int64_t block, int64_t built,
                                           int64_t extent, int64_t weight, int64_t limit)
    {
        int64_t k = built;
        for (; k < extent && (k * block) % kEntriesPerBlock != 0 && k * block < limit; ++k) {
            for (int64_t i = 0; i < block && k * block + i < limit; ++i) {
                table.SetValue(static_cast<uint32_t>(k * block + i),
                               static_cast<GatherOffset>(ScalarEntry(table, i) + k * weight));
            }
            scalarWrote_ = true;
        }
        const LocalTensor<int32_t> words = table.template ReinterpretCast<int32_t>();
        while (k < extent && k * block < limit) {
            const int64_t n = k < extent - k ? k : extent - k;
            const int64_t count = n * block < limit - k * block ? n * block : limit - k * block;
            if (scalarWrote_) {
                WaitPipe<HardEvent::S_V>();
                scalarWrote_ = false;
            }
            Adds(words[static_cast<uint32_t>(k * block)], words, static_cast<int32_t>(k * weight),
                 static_cast<int32_t>(count));
            PipeBarrier<PIPE_V>();  // the next Adds, or the Gather, reads what this one wrote
            vectorWrote_ = true;
            k += n;
        }
    }

    // A table entry, read by the scalar unit after any Adds that wrote it.
    __aicore__ inline GatherOffset ScalarEntry(const LocalTensor<GatherOffset>& table, int64_t i)
    {
        if (vectorWrote_) {
            WaitPipe<HardEvent::V_S>();
            vectorWrote_ = false;
        }
        return table.GetValue(static_cast<uint32_t>(i));
    }

    // The windows of `fullUnits` full units from unitAt_'s on, then of the tail if `withTail`;
    // moves unitAt_ past them.
    __aicore__ inline void CopyIn(int64_t fullUnits, bool withTail)
    {
        LocalTensor<T> in = inQue_.template AllocTensor<T>();
        const int64_t slotElems = t_.unitSlotBytes / sizeof(T);
        bool scalar = false;
        for (int64_t u = 0; u < fullUnits + (withTail ? 1 : 0); ++u) {
            ASCEND_OPS_COUNT_LOOP();
            const UnitShape& shape = u < fullUnits ? full_ : tail_;
            const int64_t base = UnitInput(unitAt_) + shape.lo;
            NextUnit(&unitAt_);
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
        // last whole block, and its last units come with the block that ends where the window
        // does, loaded into the slot's last block and shifted into place by scalar UB moves (the
        // scalar unit's GM accesses cost far more, Note [scalar cost]). Only a window that starts
        // less than a block after the hull's start takes its last units by scalar GM loads.
        const int64_t rounded = (window + blockElems - 1) / blockElems * blockElems;
        const int64_t wholeBlocks = window / blockElems * blockElems;
        bool shifted = false;
        for (int64_t b = 0; b < count; ++b) {
            const int64_t at = src + b * pitch;
            const int64_t whole = at + rounded <= t_.hullHi ? rounded : wholeBlocks;
            LocalTensor<T> slot = dst[static_cast<uint32_t>(b * blockSlotElems)];
            if (whole > 0) {
                DataCopy(slot, xGm_[at], static_cast<uint32_t>(whole));
            }
            if (whole < window && at + window - blockElems >= t_.hullLo) {
                DataCopy(slot[static_cast<uint32_t>(whole)], xGm_[at + window - blockElems],
                         static_cast<uint32_t>(blockElems));
                shifted = true;
            }
        }
        if (wholeBlocks == window) {
            return false;
        }
        bool scalar = false;
        for (int64_t b = 0; b < count; ++b) {
            const int64_t at = src + b * pitch;
            if (at + rounded <= t_.hullHi) {
                continue;
            }
            if (!scalar) {
                WaitPipe<HardEvent::V_S>();  // the buffer's last Gather may still read it
                if (shifted) {
                    WaitPipe<HardEvent::MTE2_S>();  // the blocks ending where the windows do
                }
                scalar = true;
            }
            LocalTensor<T> slot = dst[static_cast<uint32_t>(b * blockSlotElems)];
            if (at + window - blockElems >= t_.hullLo) {
                const int64_t shift = wholeBlocks + blockElems - window;  // the block's units before the tail
                for (int64_t i = wholeBlocks; i < window; ++i) {
                    slot.SetValue(static_cast<uint32_t>(i), slot.GetValue(static_cast<uint32_t>(i + shift)));
                }
                continue;
            }
            for (int64_t i = wholeBlocks; i < window; ++i) {
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
        if constexpr (kBuildTransposes<T>) {
            if (t_.transposeGroupStride > 0) {
                TransposeTile(out, in, fullElems, tailSlot, tailElems);
                outQue_.EnQue(out);
                inQue_.FreeTensor(in);
                return;
            }
        }
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

    // Output lane k's input lane (Note [block transposes] in copy_grid.h): a tile's first
    // `fullElems` output units through the main table, the rest through the tail's, whose slot
    // starts at input lane `tailLane`. Consecutive lanes of one unit read its entry once.
    struct TileLanes {
        __aicore__ inline int64_t operator()(int64_t k) const
        {
            const int64_t unit = k / kUnitLanes;
            if (unit != cachedUnit) {
                cachedUnit = unit;
                cachedLane = unit < fullElems
                                 ? static_cast<int64_t>(table.GetValue(static_cast<uint32_t>(unit))) / kLaneBytes
                                 : tailLane + static_cast<int64_t>(tailTable.GetValue(
                                                  static_cast<uint32_t>(unit - fullElems))) / kLaneBytes;
            }
            return cachedLane + (k - unit * kUnitLanes);
        }

        LocalTensor<GatherOffset> table;
        LocalTensor<GatherOffset> tailTable;
        int64_t fullElems;
        int64_t tailLane;
        mutable int64_t cachedUnit;
        mutable int64_t cachedLane;
    };

    // A class's transpose: its rows' input blocks in, each column it serves into its group's
    // column block, the other results into the spare blocks.
    struct ColumnTranspose {
        __aicore__ inline void operator()(const int64_t* rowBlock, const int8_t* columnOfLane) const
        {
            LocalTensor<uint16_t> dst[kTransposeLanes];
            LocalTensor<uint16_t> src[kTransposeLanes];
            for (int32_t q = 0; q < kTransposeLanes; ++q) {
                src[q] = in[static_cast<uint32_t>(rowBlock[q] * kTransposeLanes)];
            }
            for (int32_t j = 0; j < kTransposeLanes; ++j) {
                dst[j] = columnOfLane[j] >= 0 ? columns[static_cast<uint32_t>(columnOfLane[j] * kTransposeLanes)]
                                              : spare[static_cast<uint32_t>(j * kTransposeLanes)];
            }
            TransDataTo5HD<uint16_t>(dst, src, TransDataTo5HDParams(false, false, 1, 0, 0));
        }

        LocalTensor<uint16_t> in;
        LocalTensor<uint16_t> columns;
        LocalTensor<uint16_t> spare;
    };

    // Note [block transposes] in copy_grid.h: the tile's output blocks, group by group, first the
    // columns of every group, then every group from its columns.
    __aicore__ inline void TransposeTile(const LocalTensor<T>& out, const LocalTensor<T>& in, uint32_t fullElems,
                                         uint32_t tailSlot, uint32_t tailElems)
    {
        const int64_t outLanes = (static_cast<int64_t>(fullElems) + tailElems) * kUnitLanes;
        const int64_t blocks = (outLanes + kTransposeLanes - 1) / kTransposeLanes;
        const int64_t span = groups_.Span();
        const int64_t stride = groups_.stride;
        const int64_t run = groups_.Run();
        const LocalTensor<uint16_t> scratch = transposeBuf_.template Get<uint16_t>();
        const LocalTensor<uint16_t> out16 = out.template ReinterpretCast<uint16_t>();
        TileLanes lanes{table_, tailTable_, fullElems, static_cast<int64_t>(tailSlot) * kUnitLanes, -1, 0};
        // The spare blocks first, then each group's 16 column blocks.
        ColumnTranspose columns{in.template ReinterpretCast<uint16_t>(), scratch, scratch};
        int64_t group = 1;
        for (int64_t start = 0; start < blocks; start += span) {
            for (int64_t first = start; first < start + stride && first < blocks; first += run) {
                ASCEND_OPS_COUNT_LOOP();
                columns.columns = scratch[static_cast<uint32_t>(group * kTransposeLanes * kTransposeLanes)];
                PlanTransposeGroup(lanes, groups_, first, outLanes, columns);
                ++group;
            }
        }
        PipeBarrier<PIPE_V>();  // the groups read the columns
        group = 1;
        for (int64_t start = 0; start < blocks; start += span) {
            for (int64_t first = start; first < start + stride && first < blocks; first += run) {
                ASCEND_OPS_COUNT_LOOP();
                LocalTensor<uint16_t> dst[kTransposeLanes];
                LocalTensor<uint16_t> src[kTransposeLanes];
                const int64_t column0 = group * kTransposeLanes;
                for (int32_t q = 0; q < kTransposeLanes; ++q) {
                    const int64_t block = groups_.Block(first, q);
                    src[q] = scratch[static_cast<uint32_t>((column0 + q) * kTransposeLanes)];
                    dst[q] = block < blocks ? out16[static_cast<uint32_t>(block * kTransposeLanes)]
                                            : columns.spare[static_cast<uint32_t>(q * kTransposeLanes)];
                }
                TransDataTo5HD<uint16_t>(dst, src, TransDataTo5HDParams(false, false, 1, 0, 0));
                ++group;
            }
        }
    }

    // Units of one piece are consecutive in the output: one store for the tile. Otherwise each
    // unit stores its pieces, grid_.piecePitch apart.
    __aicore__ inline void CopyOut(UnitCursor unit, int64_t fullUnits, bool withTail)
    {
        LocalTensor<T> out = outQue_.template DeQue<T>();
        if (grid_.pieces == 1) {
            WriteTile(yGm_, out, UnitOutput(unit), fullUnits * full_.piece + (withTail ? tail_.piece : 0),
                      t_.usePad != 0);
        } else {
            for (int64_t u = 0; u < fullUnits + (withTail ? 1 : 0); ++u) {
                WritePieces(out[static_cast<uint32_t>(u * unitOutElems_)], UnitOutput(unit),
                            u < fullUnits ? full_.piece : tail_.piece);
                NextUnit(&unit);
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
    bool scalarWrote_ = false;  // BuildTable: the scalar unit wrote entries no S_V wait covers yet
    bool vectorWrote_ = false;  // BuildTable: Adds wrote entries no V_S wait covers yet
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQue_;
    TQue<TPosition::VECOUT, 1> outQue_;
    TBuf<TPosition::VECCALC> tableBuf_;
    TBuf<TPosition::VECCALC> transposeBuf_;  // Note [block transposes]: column and spare blocks
    TransposeGroups groups_{};
    int64_t transposeBytes_ = 0;
    LocalTensor<GatherOffset> table_;
    LocalTensor<GatherOffset> tailTable_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    int64_t firstUnit_ = 0;
    int64_t endUnit_ = 0;
    UnitCursor unitAt_{};  // the next tile's first unit
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_KERNEL_GATHER_H
