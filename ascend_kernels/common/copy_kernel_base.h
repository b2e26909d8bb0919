// What every copy-mode kernel (copy_kernel_<mode>.h) shares: the AscendC parameter limits the
// tiling keeps within, the checks of Note [corrupt tiling], DataCopyPad where the architecture has
// it, pipe ordering, and the tile stores of Note [store tails].
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
#ifndef ASCEND_KERNELS_COMMON_COPY_KERNEL_BASE_H
#define ASCEND_KERNELS_COMMON_COPY_KERNEL_BASE_H

#include "kernel_operator.h"

#include "build_arch.h"
#include "copy_limits.h"
#include "copy_grid.h"
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
#if defined(ASCEND_OPS_NPU_ARCH) && ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED
#define ASCEND_OPS_VECTOR_ONLY_KERNEL() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#else
#define ASCEND_OPS_VECTOR_ONLY_KERNEL() static_cast<void>(0)
#endif

// Note [index cursors]
// The loops of the copy kernels walk indexes over the view's outer dims (BURST: rows, dims [0,
// rank - 1); GATHER: units, dims [0, runDim)) as odometers: each dim's index and the input offset
// they make, moved on by additions (Note [scalar cost]). Seek decodes an index once, where a
// core's range starts, by the dims' reciprocals (Note [index reciprocals]), and is false where a
// decoded index is not within its dim (a corrupt tiling); Advance moves on by n indexes of the
// innermost of the dims, n at most what is left of it, carrying at most once into each outer dim;
// NextIndexOf moves on to the next index of an outer dim, and Skip by any number of indexes (a
// multiply-high per dim it carries out of), so a walk can jump over indexes it has nothing to do at.
struct IndexCursor {
    int64_t index[kMaxDims];
    int64_t offset;  // input units: t.offset + sum of index[d] * stride[d]
    int32_t dims;

    __aicore__ inline bool Seek(const CopyTiling& t, int32_t viewDims, int64_t at)
    {
        dims = viewDims;
        offset = t.offset;
        for (int32_t d = dims - 1; d >= 0; --d) {
            const int64_t outer = d > 0 ? DivExtent(t, d, at) : 0;
            index[d] = at - outer * t.shape[d];
            if (index[d] < 0 || index[d] >= t.shape[d]) {
                return false;
            }
            at = outer;
            offset += index[d] * t.stride[d];
        }
        return true;
    }

    // Moves on by any n >= 0 indexes, carrying through as many dims as it takes: a dim's carry by its
    // reciprocal (Note [index reciprocals]) where the sum reaches its extent, or by DivIndex where
    // that quotient leaves a remainder outside the dim (a corrupt reciprocal), so the cursor stays
    // exact. Past the last index, dim 0's index passes its extent.
    __aicore__ inline void Skip(const CopyTiling& t, int64_t n)
    {
        for (int32_t d = dims - 1; d >= 0 && n > 0; --d) {
            const int64_t sum = index[d] + n;
            n = 0;
            if (d > 0 && sum >= t.shape[d]) {
                n = DivExtent(t, d, sum);
                const int64_t rest = sum - n * t.shape[d];
                if (rest < 0 || rest >= t.shape[d]) {
                    n = DivIndex(sum, t.shape[d]);  // a corrupt reciprocal: the exact quotient
                }
            }
            const int64_t next = sum - n * t.shape[d];
            offset += (next - index[d]) * t.stride[d];
            index[d] = next;
        }
    }

    // The first index whose dim-d index is one more than this one's: the dims after d at 0, carrying
    // into the dims before d as Advance does.
    __aicore__ inline void NextIndexOf(const CopyTiling& t, int32_t d)
    {
        for (int32_t e = dims - 1; e > d; --e) {
            offset -= index[e] * t.stride[e];
            index[e] = 0;
        }
        index[d] += 1;
        offset += t.stride[d];
        for (; d > 0 && index[d] == t.shape[d]; --d) {
            index[d] = 0;
            offset -= t.shape[d] * t.stride[d];
            index[d - 1] += 1;
            offset += t.stride[d - 1];
        }
    }

    // Past the last index, dim 0's index passes its extent.
    __aicore__ inline void Advance(const CopyTiling& t, int64_t n)
    {
        int32_t d = dims - 1;
        if (d < 0) {
            return;
        }
        index[d] += n;
        offset += n * t.stride[d];
        for (; d > 0 && index[d] == t.shape[d]; --d) {
            index[d] = 0;
            offset -= t.shape[d] * t.stride[d];
            index[d - 1] += 1;
            offset += t.stride[d - 1];
        }
    }
};

// One DMA of a tile's row chains: `count` rows, innerRows apart, from the tile's row `row` on (its
// UB row slot), the first at input offset `src`.
struct ChainCopy {
    int64_t row;
    int64_t count;
    int64_t src;
};

// The DMAs that load `rows` whole rows from the cursor's on by chains (Note [row chains]): a chain
// per row that starts one (the row whose index of the chain dim is 0, or one of the tile's first
// innerRows rows), cut into DMAs of at most kMaxBlockCount rows. Next gives them in order and moves
// the cursor past the rows without dividing (Note [scalar cost]): the rows from row i on are
// (steps - 1) * innerRows + rest, rest in [1, innerRows], so `steps` rows of the tile, innerRows
// apart, start at row i. Rows that start no chain are jumped over, not visited: from a row whose
// chain dim index is k > 0 and whose index within the dims between the chain dim and the row is j,
// the next start is (extent - k) * innerRows - j rows on.
class RowChainWalk {
public:
    __aicore__ inline RowChainWalk(const CopyTiling& t, const RowChains& chains, IndexCursor* at, int64_t rows)
        : t_(t), dim_(chains.dim), inner_(chains.innerRows), at_(at), rows_(rows), steps_(1), rest_(rows)
    {
        if (inner_ == 1) {
            steps_ = rows;
            rest_ = 1;
        }
        for (; rest_ > inner_; rest_ -= inner_) {
            ASCEND_OPS_COUNT_LOOP();
            ++steps_;
        }
    }

    __aicore__ inline bool Next(ChainCopy* copy)
    {
        for (;;) {
            if (done_ < length_) {
                const int64_t n = length_ - done_ < kMaxBlockCount ? length_ - done_ : kMaxBlockCount;
                *copy = ChainCopy{row_ + done_ * inner_, n, at_->offset + done_ * t_.stride[dim_]};
                done_ += n;
                return true;
            }
            if (row_ >= 0) {  // past row row_
                at_->Advance(t_, 1);
                if (--rest_ == 0) {
                    --steps_;
                    rest_ = inner_;
                }
            }
            if (++row_ >= rows_) {
                return false;
            }
            ASCEND_OPS_COUNT_LOOP();
            const int64_t extent = t_.shape[dim_];
            int64_t k = at_->index[dim_];
            if (k != 0 && row_ >= inner_) {  // no chain starts here: on to the next start, or past the tile
                const int64_t j = InnerIndex();
                const int64_t skip = (extent - k) * inner_ - j;
                if (skip >= rows_ - row_) {
                    at_->Skip(t_, rows_ - row_);
                    row_ = rows_;
                    return false;
                }
                at_->NextIndexOf(t_, dim_ - 1);  // dim_ > 0: a start lies beyond the chain dim's last index
                row_ += skip;
                steps_ -= extent - k;
                rest_ += j;
                if (rest_ > inner_) {
                    rest_ -= inner_;
                    ++steps_;
                }
                k = 0;
            }
            length_ = steps_ < extent - k ? steps_ : extent - k;
            done_ = 0;
        }
    }

private:
    // The cursor's index within the dims between the chain dim and the row, in rows.
    __aicore__ inline int64_t InnerIndex() const
    {
        int64_t j = 0;
        int64_t weight = 1;
        for (int32_t d = at_->dims - 1; d > dim_; --d) {
            j += at_->index[d] * weight;
            weight *= t_.shape[d];
        }
        return j;
    }

    const CopyTiling& t_;
    int32_t dim_;
    int64_t inner_;
    IndexCursor* at_;
    int64_t rows_;
    int64_t steps_;
    int64_t rest_;
    int64_t row_ = -1;    // the tile's row the cursor is at; -1 before the first
    int64_t length_ = 0;  // rows of its chain
    int64_t done_ = 0;    // of them, loaded
};

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

// The units of T in a row's UB slot (`row` units rounded up to whole 32-byte blocks), and whether
// the tiling's rowsPerTile such slots fit its tile buffer (0: no rows share a tile).
template <typename T>
__aicore__ inline bool RowSlotsFit(const CopyTiling& t, int64_t row, int64_t* slotElems)
{
    *slotElems = (row * static_cast<int64_t>(sizeof(T)) + kBlockBytes - 1) / kBlockBytes * kBlockBytes /
                 static_cast<int64_t>(sizeof(T));
    return t.rowsPerTile >= 0 && t.rowsPerTile <= kMaxBlockCount &&
           (t.rowsPerTile == 0 || TileFits<T>(t.rowsPerTile * *slotElems, t.inBufBytes));
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
#if !defined(ASCEND_OPS_NPU_ARCH) || ASCEND_OPS_ARCH_DATA_CACHE_CLEAN  // not declared where it does not exist
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

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_KERNEL_BASE_H
