// WRITE_BURST and WRITE_SCALAR (Note [write modes] in copy_write_planner.h): a packed input `x`
// written into a view of the output `y`, every other element of which is the fill (Note [fill
// patterns]).
#ifndef ASCEND_KERNELS_COMMON_COPY_KERNEL_WRITE_H
#define ASCEND_KERNELS_COMMON_COPY_KERNEL_WRITE_H

#include "copy_kernel_base.h"

namespace ascend_ops {

// An index over the view's dims [0, dims) and the two offsets it makes: in the output
// (CopyTiling::offset and stride) and in the packed input (packedOffset and packedStride). As
// IndexCursor (Note [index cursors]): Seek decodes once, Next moves on by one index.
struct WriteCursor {
    int64_t index[kMaxDims];
    int64_t out;
    int64_t packed;
    int32_t dims;

    // To index `at` of the dims [0, viewDims); false where a decoded index is outside its dim.
    __aicore__ inline bool Seek(const CopyTiling& t, int32_t viewDims, int64_t at)
    {
        dims = viewDims;
        out = t.offset;
        packed = t.packedOffset;
        for (int32_t d = dims - 1; d >= 0; --d) {
            const int64_t outer = d > 0 ? DivExtent(t, d, at) : 0;
            index[d] = at - outer * t.shape[d];
            if (index[d] < 0 || index[d] >= t.shape[d]) {
                return false;
            }
            at = outer;
            out += index[d] * t.stride[d];
            packed += index[d] * t.packedStride[d];
        }
        return true;
    }

    // To the first index whose unit in the output is `pos` or after it (the view runs forward
    // through the output: Note [write modes]); past the last index, dim 0's index is its extent.
    __aicore__ inline void SeekUnit(const CopyTiling& t, int64_t pos)
    {
        dims = t.rank;
        out = t.offset;
        packed = t.packedOffset;
        int64_t rest = pos - t.offset;
        for (int32_t d = 0; d < dims; ++d) {  // the last index at or before pos
            int64_t i = rest > 0 ? DivIndex(rest, t.stride[d]) : 0;
            i = i < t.shape[d] ? i : t.shape[d] - 1;
            index[d] = i;
            rest -= i * t.stride[d];
            out += i * t.stride[d];
            packed += i * t.packedStride[d];
        }
        if (out < pos) {
            Next(t);
        }
    }

    // Past the last index, dim 0's index is its extent.
    __aicore__ inline void Next(const CopyTiling& t)
    {
        int32_t d = dims - 1;
        if (d < 0) {
            return;
        }
        index[d] += 1;
        out += t.stride[d];
        packed += t.packedStride[d];
        for (; d > 0 && index[d] == t.shape[d]; --d) {
            index[d] = 0;
            out -= t.shape[d] * t.stride[d];
            packed -= t.shape[d] * t.packedStride[d];
            index[d - 1] += 1;
            out += t.stride[d - 1];
            packed += t.packedStride[d - 1];
        }
    }

    __aicore__ inline bool Done(const CopyTiling& t) const { return index[0] >= t.shape[0]; }
};

// Note [fill patterns]
// ~~~~~~~~~~~~~~~~~~~~
// The fill is the bits of one output element (CopyTiling::fillBits, elemBytes wide), laid into UB
// by Duplicate on 32-bit words, the one element type every arch's Duplicate takes at that width:
// a 1-, 2- or 4-byte element repeated to fill a word, an 8-byte element whose halves agree as
// that half. An 8-byte element whose halves differ (int64 0x0000000100000002) is no one word; the
// bit-mask form of Duplicate writes the low halves (the even words, mask 0x5555...) and then the
// high ones (0xAAAA...), a repeat of 256 bytes at a time. A fill of 0 is the one count-form
// Duplicate of 0 the gradients always took: their bits and instruction counts do not change.
// Buffers start at an element and hold whole 32-byte blocks, so the pattern is in phase with the
// output wherever a buffer is stored from its start (an 8-byte element moved as a 4-byte pair
// starts at an even unit).

// The word whose repeats lay `fillBits` (one element of `elemBytes`) into UB, or, where none does
// (an 8-byte element whose halves differ), false.
__aicore__ inline bool FillWord(uint64_t fillBits, uint32_t elemBytes, uint32_t* word)
{
    uint32_t bits = static_cast<uint32_t>(fillBits);
    if (elemBytes == 1) {
        bits = (bits & 0xFFu) * 0x01010101u;
    } else if (elemBytes == 2) {
        bits = (bits & 0xFFFFu) * 0x00010001u;
    }
    *word = bits;
    return elemBytes != 8 || static_cast<uint32_t>(fillBits >> 32) == bits;
}

// `bytes` (a multiple of 32) of `buf` set to the fill (Note [fill patterns]).
template <typename T>
__aicore__ inline void FillPattern(const LocalTensor<T>& buf, uint64_t fillBits, uint32_t elemBytes, int64_t bytes)
{
    const LocalTensor<int32_t> words = buf.template ReinterpretCast<int32_t>();
    uint32_t word = 0;
    if (FillWord(fillBits, elemBytes, &word)) {
        Duplicate(words, static_cast<int32_t>(word), static_cast<int32_t>(bytes / sizeof(int32_t)));
        return;
    }
    constexpr int64_t kRepeatBytes = 256;
    constexpr int64_t kMaxRepeats = 255;  // repeatTimes is 8 bits
    constexpr uint64_t kEvenWords = 0x5555555555555555ULL;
    const int32_t halves[2] = {static_cast<int32_t>(fillBits), static_cast<int32_t>(fillBits >> 32)};
    for (int64_t done = 0; done < bytes;) {
        ASCEND_OPS_COUNT_LOOP();
        const int64_t whole = (bytes - done) / kRepeatBytes;
        const int64_t repeats = whole < kMaxRepeats ? (whole > 0 ? whole : 1) : kMaxRepeats;
        // A last part of less than a repeat: its words only (a multiple of 8 words, < 64).
        const int64_t partWords = whole > 0 ? 64 : (bytes - done) / static_cast<int64_t>(sizeof(int32_t));
        const uint64_t part = partWords == 64 ? ~0ULL : (1ULL << partWords) - 1;
        for (int32_t half = 0; half < 2; ++half) {
            uint64_t mask[2] = {(half == 0 ? kEvenWords : ~kEvenWords) & part, 0};
            Duplicate(words[static_cast<uint32_t>(done / sizeof(int32_t))], halves[half], mask,
                      static_cast<uint8_t>(repeats), 1, 8);
        }
        done += whole > 0 ? repeats * kRepeatBytes : bytes - done;
    }
}

// Note [corrupt tiling]: what both write modes rely on. The view must lie in the output
// [0, hullHi) it fills, and the split must cover what the cores split.
template <typename T>
__aicore__ inline bool WriteTilingUsable(const CopyTiling& t)
{
    if (!CommonTilingUsable<T>(t) || t.hullLo != 0 || t.hullHi < 1 || t.packedElems < 0 || t.offset < 0) {
        return false;
    }
    int64_t end = t.offset + 1;
    int64_t elems = 1;
    for (int32_t d = 0; d < t.rank; ++d) {
        if (t.stride[d] < 1) {
            return false;
        }
        end += (t.shape[d] - 1) * t.stride[d];
        elems *= t.shape[d];
    }
    return t.packedElems == 0 || (t.packedElems == elems && end <= t.hullHi);
}

// ---- WRITE_BURST: rows in by DataCopyPad, out by DataCopyPad into the view, the fill between

template <typename T>
class WriteBurstKernel {
public:
    __aicore__ inline WriteBurstKernel() {}

    // False on a tiling this kernel cannot run (Note [corrupt tiling]).
    __aicore__ inline bool Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        if (!WriteTilingUsable<T>(t_) || t_.packedElems != t_.totalElems || !TileFits<T>(t_.tileElems, t_.inBufBytes) ||
            t_.outBufBytes < kBlockBytes || t_.stride[t_.rank - 1] != 1 || t_.packedStride[t_.rank - 1] != 1) {
            return false;
        }
        row_ = t_.shape[t_.rank - 1];
        if (!RowSlotsFit<T>(t_, row_, &rowSlotElems_)) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        pipe_.InitBuffer(fill_, t_.outBufBytes);
        const int64_t block = GetBlockIdx();
        CoreRange(t_, block, &begin_, &end_);
        // The view's span in the output, [offset, viewEnd_). Of it the core owns the output from
        // its first element's unit (the first core: from the span's start) to its range end's (the
        // last core with elements: to the span's end); none past the elements.
        viewEnd_ = t_.offset + 1;
        for (int32_t d = 0; d < t_.rank; ++d) {
            viewEnd_ += (t_.shape[d] - 1) * t_.stride[d];
        }
        filled_ = viewEnd_;
        ownedEnd_ = viewEnd_;
        if (begin_ < end_) {
            WriteCursor last{};
            if (!Place(begin_, &at_, &col_) || (end_ < t_.packedElems && !Place(end_, &last, nullptr))) {
                return false;
            }
            filled_ = begin_ == 0 ? t_.offset : at_.out + col_;
            ownedEnd_ = end_ < t_.packedElems ? last.out : viewEnd_;
        }
        // The output outside the span, [0, offset) and [viewEnd_, hullHi), is split evenly over
        // every core, in whole blocks.
        constexpr int64_t blockElems = kBlockBytes / static_cast<int64_t>(sizeof(T));
        const int64_t outside = t_.offset + (t_.hullHi - viewEnd_);
        const int64_t cores = static_cast<int64_t>(t_.blockDim);
        const int64_t share = DivIndex(DivIndex(outside + blockElems - 1, blockElems) + cores - 1, cores) * blockElems;
        outsideBegin_ = block * share < outside ? block * share : outside;
        outsideEnd_ = outsideBegin_ + share < outside ? outsideBegin_ + share : outside;
        FillPattern(fill_.template Get<int32_t>(), t_.fillBits, t_.elemBytes, t_.outBufBytes);
        WaitPipe<HardEvent::V_MTE3>();
        return true;
    }

    __aicore__ inline void Process()
    {
        const int32_t outer = t_.rank - 1;
        // Rows along the second-innermost dim are evenly spaced on both sides: one instruction
        // each way for up to rowsPerTile of them, where the packed side runs forward.
        const int64_t runLength = outer >= 1 ? t_.shape[outer - 1] : 1;
        const int64_t pitch = outer >= 1 ? t_.stride[outer - 1] : row_;
        const int64_t packedPitch = outer >= 1 ? t_.packedStride[outer - 1] : row_;
        const bool evenRun = outer >= 1 && packedPitch >= row_ &&
                             (packedPitch - row_) * static_cast<int64_t>(sizeof(T)) <= kMaxPadStride &&
                             (pitch - row_) * static_cast<int64_t>(sizeof(T)) <= kMaxPadStride;
        for (int64_t pos = begin_; pos < end_;) {
            ASCEND_OPS_COUNT_LOOP();
            const int64_t wholeRows = col_ == 0 && t_.rowsPerTile > 0 ? DivExtent(t_, outer, end_ - pos) : 0;
            if (wholeRows == 0) {
                pos += Piece(end_ - pos);
                continue;
            }
            int64_t n = wholeRows < t_.rowsPerTile ? wholeRows : t_.rowsPerTile;
            const int64_t inRun = outer >= 1 ? runLength - at_.index[outer - 1] : 1;
            n = n < inRun ? n : inRun;
            n = evenRun ? n : 1;
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
            DataCopyExtParams in(static_cast<uint16_t>(n), static_cast<uint32_t>(row_ * sizeof(T)),
                                 static_cast<uint32_t>(n > 1 ? (packedPitch - row_) * sizeof(T) : 0), 0, 0);
            PadLoad(buf, xGm_[at_.packed], in, noPad);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            FillTo(at_.out);
            DataCopyExtParams out(static_cast<uint16_t>(n), static_cast<uint32_t>(row_ * sizeof(T)), 0,
                                  static_cast<uint32_t>(n > 1 ? (pitch - row_) * sizeof(T) : 0), 0);
            PadStore(yGm_[at_.out], buf, out);
            FillGaps(at_.out + row_, pitch - row_, n - 1, pitch);
            que_.FreeTensor(buf);
            filled_ = at_.out + (n - 1) * pitch + row_;
            for (int64_t i = 0; i < n; ++i) {
                ASCEND_OPS_COUNT_LOOP();
                at_.Next(t_);
            }
            pos += n * row_;
        }
        FillTo(ownedEnd_);
        // Its share of the output outside the view's span: [0, offset), then [viewEnd_, hullHi).
        const int64_t before = t_.offset;
        if (outsideBegin_ < before) {
            filled_ = outsideBegin_;
            FillTo(outsideEnd_ < before ? outsideEnd_ : before);
        }
        if (outsideEnd_ > before) {
            filled_ = viewEnd_ + (outsideBegin_ > before ? outsideBegin_ - before : 0);
            FillTo(viewEnd_ + outsideEnd_ - before);
        }
    }

private:
    // The row and column of packed unit `at`: its row's cursor in *cursor, its column in *col
    // (or, col == nullptr, added to the cursor's output unit). False on a corrupt tiling.
    __aicore__ inline bool Place(int64_t at, WriteCursor* cursor, int64_t* col)
    {
        const int32_t outer = t_.rank - 1;
        const int64_t rowIndex = DivExtent(t_, outer, at);
        const int64_t column = at - rowIndex * row_;
        if (column < 0 || column >= row_ || !cursor->Seek(t_, outer, rowIndex)) {
            return false;
        }
        if (col != nullptr) {
            *col = column;
        } else {
            cursor->out += column;
        }
        return true;
    }

    // Up to `left` units of the cursor's row from column col_, at most a tile; moves past them
    // and returns how many.
    __aicore__ inline int64_t Piece(int64_t left)
    {
        int64_t count = row_ - col_ < left ? row_ - col_ : left;
        count = count < t_.tileElems ? count : t_.tileElems;
        DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
        DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);
        LocalTensor<T> buf = que_.template AllocTensor<T>();
        PadLoad(buf, xGm_[at_.packed + col_], params, noPad);
        que_.EnQue(buf);
        buf = que_.template DeQue<T>();
        FillTo(at_.out + col_);
        PadStore(yGm_[at_.out + col_], buf, params);
        que_.FreeTensor(buf);
        filled_ = at_.out + col_ + count;
        col_ += count;
        if (col_ == row_) {
            col_ = 0;
            at_.Next(t_);
        }
        return count;
    }

    // The fill into [filled_, end) of the output, from the fill buffer.
    __aicore__ inline void FillTo(int64_t end)
    {
        const int64_t chunk = static_cast<int64_t>(t_.outBufBytes / sizeof(T));
        LocalTensor<T> fill = fill_.template Get<T>();
        for (int64_t pos = filled_; pos < end;) {
            ASCEND_OPS_COUNT_LOOP();
            const int64_t count = end - pos < chunk ? end - pos : chunk;
            DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);
            PadStore(yGm_[pos], fill, params);
            pos += count;
        }
        filled_ = end > filled_ ? end : filled_;
    }

    // `count` gaps of `gap` units, `pitch` apart, the first at `from`: one instruction for as many
    // as the fill buffer holds in 32-byte aligned slots, else one gap at a time.
    __aicore__ inline void FillGaps(int64_t from, int64_t gap, int64_t count, int64_t pitch)
    {
        if (gap <= 0 || count <= 0) {
            return;
        }
        const int64_t gapBytes = gap * static_cast<int64_t>(sizeof(T));
        const int64_t slot = (gapBytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
        int64_t perCopy = DivIndex(static_cast<int64_t>(t_.outBufBytes), slot);
        perCopy = perCopy < kMaxBlockCount ? perCopy : kMaxBlockCount;
        LocalTensor<T> fill = fill_.template Get<T>();
        if (perCopy < 1 || gapBytes > kMaxPadBlockLen) {
            for (int64_t i = 0; i < count; ++i) {
                ASCEND_OPS_COUNT_LOOP();
                filled_ = from + i * pitch;
                FillTo(filled_ + gap);
            }
            return;
        }
        for (int64_t done = 0; done < count;) {
            ASCEND_OPS_COUNT_LOOP();
            const int64_t n = count - done < perCopy ? count - done : perCopy;
            DataCopyExtParams params(static_cast<uint16_t>(n), static_cast<uint32_t>(gapBytes), 0,
                                     static_cast<uint32_t>((pitch - gap) * static_cast<int64_t>(sizeof(T))), 0);
            PadStore(yGm_[from + done * pitch], fill, params);
            done += n;
        }
    }

    CopyTiling t_;
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que_;
    TBuf<TPosition::VECCALC> fill_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    int64_t row_ = 1;
    int64_t rowSlotElems_ = 0;
    int64_t begin_ = 0;         // the core's packed units, [begin_, end_)
    int64_t end_ = 0;
    WriteCursor at_{};          // the row of the next unit
    int64_t col_ = 0;           // its column
    int64_t filled_ = 0;        // the output before this is written
    int64_t ownedEnd_ = 0;      // the end of the core's part of the view's span
    int64_t viewEnd_ = 0;       // the end of the view's span in the output
    int64_t outsideBegin_ = 0;  // the core's share of the output outside the span, counted
    int64_t outsideEnd_ = 0;    // over [0, offset) then [viewEnd_, hullHi)
};

// ---- WRITE_SCALAR: output tiles filled in UB, elements placed by scalar moves ---------------

template <typename T>
class WriteScalarKernel {
public:
    __aicore__ inline WriteScalarKernel() {}

    // False on a tiling this kernel cannot run (Note [corrupt tiling]).
    __aicore__ inline bool Init(GM_ADDR x, GM_ADDR y, const CopyTiling& tiling)
    {
        t_ = tiling;
        if (!WriteTilingUsable<T>(t_) || t_.totalElems != t_.hullHi || !TileFits<T>(t_.tileElems, t_.inBufBytes)) {
            return false;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        pipe_.InitBuffer(que_, kQueueBuffers, t_.inBufBytes);
        CoreRange(t_, GetBlockIdx(), &begin_, &end_);
        at_.SeekUnit(t_, begin_);
        if (t_.packedElems == 0) {
            at_.index[0] = t_.shape[0];  // nothing to place
        }
        return true;
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = begin_; pos < end_;) {
            ASCEND_OPS_COUNT_LOOP();
            const int64_t count = TileCount<T>(pos, end_, t_.tileElems, t_.usePad != 0);
            LocalTensor<T> buf = que_.template AllocTensor<T>();
            Assemble(buf, pos, count);
            que_.EnQue(buf);
            buf = que_.template DeQue<T>();
            WriteTile(yGm_, buf, pos, count, t_.usePad != 0);
            que_.FreeTensor(buf);
            pos += count;
        }
    }

private:
    // The tile [pos, pos + count) of the output in `buf`: the fill, and the packed elements that
    // land in it.
    __aicore__ inline void Assemble(const LocalTensor<T>& buf, int64_t pos, int64_t count)
    {
        WaitPipe<HardEvent::MTE3_V>();  // the buffer's last store may still read it
        FillPattern(buf, t_.fillBits, t_.elemBytes,
                    (count * static_cast<int64_t>(sizeof(T)) + kBlockBytes - 1) / kBlockBytes * kBlockBytes);
        WaitPipe<HardEvent::V_S>();
        for (const int64_t end = pos + count; !at_.Done(t_) && at_.out < end; at_.Next(t_)) {
            ASCEND_OPS_COUNT_LOOP();
            buf.SetValue(static_cast<uint32_t>(at_.out - pos), xGm_.GetValue(at_.packed));
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
    WriteCursor at_{};  // the next packed element to place
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_KERNEL_WRITE_H
