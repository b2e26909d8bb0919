// What the planner (copy_planner.h) and the kernels share: the row chains and window chains a
// tiling's loads follow, and how a tiling's output splits over the cores. Device code: it runs in
// kernels, so it divides by run-time values only through DivIndex (Note [scalar cost]) and
// includes nothing a kernel translation unit may not (Note [kernel translation unit] in
// build_arch.h).
#ifndef ASCEND_KERNELS_COMMON_COPY_GRID_H
#define ASCEND_KERNELS_COMMON_COPY_GRID_H

#include <cstdint>

#include "copy_limits.h"
#include "copy_tiling.h"
#include "scalar_cost.h"
#include "strided_view.h"

namespace ascend_ops {

// n / v.shape[d] for an index n in [0, 2^32): a tiling's by the dim's reciprocal where it has
// one (Note [index reciprocals]), an extent of 1's as n, otherwise by DivIndex.
ASCEND_OPS_HOST_AICORE inline int64_t DivExtent(const CopyTiling& t, int32_t d, int64_t n)
{
    if (t.shapeReciprocal[d] != 0) {
        return static_cast<int64_t>(MulHigh(t.shapeReciprocal[d], static_cast<uint64_t>(n)));
    }
    return t.shape[d] == 1 ? n : DivIndex(n, t.shape[d]);
}

ASCEND_OPS_HOST_AICORE inline int64_t DivExtent(const StridedView& v, int32_t d, int64_t n)
{
    return v.shape[d] == 1 ? n : DivIndex(n, v.shape[d]);
}

// Note [row chains]
// Rows of whole 32-byte blocks (BURST_ALIGNED), or any rows (BURST), load by chains: the rows of a
// tile that differ only in their index of one outer dim `dim` are evenly spaced in the input (its
// stride) and in UB (the rows of the dims between it and the row), so one strided copy loads up
// to kMaxBlockCount of them. DataCopy takes blockLen = the row and srcStride and dstStride = the
// gaps, all in 32-byte blocks; DataCopyPad (`pad`) takes blockLen = the row and srcStride = the
// input gap in bytes, and dstStride = the UB gap in 32-byte blocks, each row landing in a 32-byte
// aligned slot. A tile of `tileRows` whole rows takes about tileRows / shape[dim] chains, plus one
// per index of the dims between `dim` and the row where the tile starts mid-chain.
struct RowChains {
    int32_t dim;        // -1: no chain beats one copy per row
    int64_t innerRows;  // rows from one index of `dim` to the next, in output order
    uint32_t rowLen;    // blockLen: 32-byte blocks (DataCopy) or bytes (DataCopyPad)
    uint32_t srcGap;    // srcStride: input gap between a chain's rows, blocks (DataCopy) or bytes (DataCopyPad)
    uint32_t dstGap;    // dstStride: UB gap between a chain's rows, 32-byte blocks
    int64_t perTile;    // copy instructions a tile of whole rows takes, about
};

// The cheapest chain dim of a unit-stride view (shape / stride / rank of a StridedView or a
// CopyTiling) of `unitBytes` units, for tiles of `tileRows` whole rows, loaded by DataCopyPad
// (`pad`) or DataCopy.
template <typename View>
ASCEND_OPS_HOST_AICORE inline RowChains PlanRowChains(const View& v, int64_t unitBytes, int64_t tileRows,
                                                     bool pad = false)
{
    RowChains best{};
    best.dim = -1;
    best.perTile = tileRows;
    const int32_t last = v.rank - 1;
    const int64_t row = v.shape[last];
    const int64_t rowBytes = row * unitBytes;
    const int64_t rowSlot = (rowBytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
    const int64_t maxGap = pad ? kMaxPadStride : kMaxCopyParamBlocks;
    const int64_t maxLen = pad ? kMaxPadBlockLen : kMaxCopyParamBlocks * kBlockBytes;
    if (last < 1 || v.stride[last] != 1 || (!pad && rowBytes % kBlockBytes != 0) || rowBytes > maxLen ||
        tileRows < 2) {
        return best;
    }
    int64_t innerRows = 1;
    for (int32_t d = last - 1; d >= 0; --d) {
        const int64_t gap = (v.stride[d] - row) * unitBytes;
        const int64_t dstGap = (innerRows - 1) * rowSlot;
        if (dstGap / kBlockBytes > maxGap) {
            break;  // wider dims are further apart still
        }
        const int64_t span = v.shape[d] < kMaxBlockCount ? v.shape[d] : kMaxBlockCount;
        const int64_t starts = innerRows < tileRows ? innerRows : tileRows;
        // ceil(tileRows / span) + starts < best.perTile, without dividing (Note [scalar cost])
        const bool cheaper = tileRows + span - 1 < (best.perTile - starts) * span;
        const bool gapFits = gap >= 0 && (pad || gap % kBlockBytes == 0) && (pad ? gap : gap / kBlockBytes) <= maxGap;
        if (v.shape[d] > 1 && gapFits && cheaper) {
            // span: the dim's extent, or kMaxBlockCount, a constant
            const int64_t perTile = (span == kMaxBlockCount ? (tileRows + span - 1) / kMaxBlockCount
                                                             : DivExtent(v, d, tileRows + span - 1)) +
                                    starts;
            best.dim = d;
            best.innerRows = innerRows;
            best.rowLen = static_cast<uint32_t>(pad ? rowBytes : rowBytes / kBlockBytes);
            best.srcGap = static_cast<uint32_t>(pad ? gap : gap / kBlockBytes);
            best.dstGap = static_cast<uint32_t>(dstGap / kBlockBytes);
            best.perTile = perTile;
        }
        innerRows *= v.shape[d];
    }
    return best;
}

// Note [window chains]
// A GATHER unit's windows are taken per index of its widest-stride dim countDim, or per index of
// countDim and countInnerDim together where stride[countDim] = shape[countInnerDim] *
// stride[countInnerDim]: the two dims' indexes are then one evenly spaced sequence of windows
// (index i * shape[countInnerDim] + j, pitch stride[countInnerDim]) though other dims lie between
// them in the output, and each window covers only the unit's remaining dims. NCHW depth_to_space
// is the case: its two block dims are the input channel's index b1 * bs + b2, H or W apart in the
// output, so a unit of several output rows reads bs * bs runs of whole input rows, where windows
// of countDim alone would span a channel plane each and force units of one output row. All of a
// unit's windows load by one DataCopyPad (up to kMaxBlockCount per instruction), or without it by
// one strided DataCopy when windows and the gaps between them are whole 32-byte blocks within
// DataCopyParams' ranges; otherwise by one DataCopy each. With units that large, what remains on
// SoCs of many cores is the split: cores own whole units, only a few each, so the busiest may own
// one more than the mean; splitting cores by rows of the cut dim instead would even that out.
ASCEND_OPS_HOST_AICORE inline bool WindowsLoadByStridedCopy(int64_t count, int64_t window, int64_t pitch,
                                                            int64_t unitBytes)
{
    const int64_t bytes = window * unitBytes;
    const int64_t gap = (pitch - window) * unitBytes;
    return count > 1 && bytes % kBlockBytes == 0 && bytes / kBlockBytes <= kMaxCopyParamBlocks && gap >= 0 &&
           gap % kBlockBytes == 0 && gap / kBlockBytes <= kMaxCopyParamBlocks;
}

// Whether dim `inner` of a unit of the view's dims [first, rank) chains the windows taken per index
// of its dim `outer` (Note [window chains]): inner's indexes run evenly between outer's, and the
// unit holds all of them (`innerCut`: it does not). For a StridedView or a CopyTiling.
template <typename View>
ASCEND_OPS_HOST_AICORE inline bool ChainsWindows(const View& v, int32_t first, int32_t outer, int32_t inner,
                                                bool innerCut)
{
    return first >= 0 && outer >= first && outer < v.rank && inner >= first && inner < v.rank && inner != outer &&
           !innerCut && v.shape[inner] > 1 && v.stride[outer] == v.shape[inner] * v.stride[inner];
}

namespace detail {

// Block `block`'s range of the `count` items the cores split: [*begin, *end).
ASCEND_OPS_HOST_AICORE inline void CoreShare(const CopyTiling& t, int64_t block, int64_t count, int64_t* begin,
                                             int64_t* end)
{
    int64_t extra = block < t.granuleRemainder ? block : t.granuleRemainder;
    int64_t first = block * t.granulesPerCore + extra;
    int64_t granules = t.granulesPerCore + (block < t.granuleRemainder ? 1 : 0);
    *begin = first * t.splitGranule;
    int64_t stop = (first + granules) * t.splitGranule;
    *end = stop < count ? stop : count;
    *begin = *begin < *end ? *begin : *end;
}

}  // namespace detail

// The units of a GATHER / TRANSPOSE tiling over the output (Note [gather units]).
struct UnitGrid {
    int64_t inner;         // output units per index of dim unitDim
    int64_t chunk;         // indexes of dim unitDim in a unit
    int64_t tailChunk;     // indexes of dim unitDim in a row's last unit
    int64_t chunksPerRow;  // units per row (per index of the dims before runDim)
    int64_t pieces;        // output pieces of a unit: the indexes of dims [runDim, unitDim)
    int64_t piecePitch;    // output units from one piece of a unit to the next
    int64_t rowElems;      // output units per row
    int64_t units;         // units of the whole output; 0 when the tiling describes no grid
};

ASCEND_OPS_HOST_AICORE inline UnitGrid MakeUnitGrid(const CopyTiling& t)
{
    UnitGrid g{};
    if (t.rank < 1 || t.rank > kMaxDims || t.unitDim < 0 || t.unitDim >= t.rank || t.runDim < 0 ||
        t.runDim > t.unitDim) {
        return g;
    }
    int64_t inner = 1;
    for (int32_t d = t.unitDim + 1; d < t.rank; ++d) {
        inner *= t.shape[d];
    }
    int64_t pieces = 1;
    for (int32_t d = t.runDim; d < t.unitDim; ++d) {
        pieces *= t.shape[d];
    }
    const int64_t dim = t.shape[t.unitDim];
    const int64_t perIndex = pieces * inner;  // output units of a unit per index of dim unitDim
    if (inner < 1 || pieces < 1 || dim < 1 || t.unitElems < perIndex) {
        return g;
    }
    const int64_t chunk = DivIndex(t.unitElems, perIndex);
    const int64_t rows = DivIndex(t.totalElems, perIndex * dim);
    if (chunk * perIndex != t.unitElems || chunk > dim || rows * perIndex * dim != t.totalElems) {
        return g;
    }
    g.inner = inner;
    g.chunk = chunk;
    g.chunksPerRow = DivIndex(dim + g.chunk - 1, g.chunk);
    g.tailChunk = dim - (g.chunksPerRow - 1) * g.chunk;
    g.pieces = pieces;
    g.piecePitch = dim * inner;
    g.rowElems = pieces * dim * inner;
    g.units = rows * g.chunksPerRow;
    return g;
}

// A GATHER unit whose dim unitDim has `chunk` indexes (Note [gather units]): its windows and output.
struct UnitShape {
    int64_t chunk;
    int64_t piece;        // output units of each of its pieces
    int64_t gatherElems;  // output-buffer units it fills: its pieces in their slots
    int64_t lo;           // input offset of the (lowest) window's start, from the unit's first element
    int64_t window;       // input units of one window
    int64_t count;        // windows: 1, or the indexes of countDim (times countInnerDim's)
};

// The full unit as planned, and a row's tail: the full unit cut to its indexes, its pieces in the
// full unit's piece slots of `pieceSlotElems` units. What the kernel loads and its offset tables
// follow, and what the planner checks them against (Note [block transposes]).
ASCEND_OPS_HOST_AICORE inline void ShapeGridUnits(const CopyTiling& t, const UnitGrid& g, int64_t pieceSlotElems,
                                                  UnitShape* full, UnitShape* tail)
{
    const int32_t cut = t.unitDim;
    const int64_t unitOutElems = g.pieces * pieceSlotElems;
    *full = UnitShape{g.chunk, g.chunk * g.inner, unitOutElems, t.windowLo, t.windowElems, 1};
    *tail = *full;
    tail->chunk = g.tailChunk;
    tail->piece = g.tailChunk * g.inner;
    tail->gatherElems = (g.pieces - 1) * pieceSlotElems + tail->piece;
    const int64_t shorter = g.chunk - g.tailChunk;
    const int64_t step = t.stride[cut];
    const int64_t innerExtent = t.countInnerDim >= 0 ? t.shape[t.countInnerDim] : 1;
    if (t.countDim == cut) {
        full->count = g.chunk * innerExtent;
        tail->count = g.tailChunk * innerExtent;
    } else {
        full->count = (t.countDim >= 0 ? t.shape[t.countDim] : 1) * innerExtent;
        tail->count = full->count;
        tail->window -= shorter * (step < 0 ? -step : step);
        tail->lo += step < 0 ? -shorter * step : 0;
    }
}

// Whether a row's tail needs an offset table of its own: the full unit's serves it as a prefix
// only when it is one piece whose windows start where the full unit's do.
ASCEND_OPS_HOST_AICORE inline bool OwnTailTable(const CopyTiling& t, const UnitGrid& g)
{
    return g.tailChunk < g.chunk && (t.stride[t.unitDim] < 0 || g.pieces > 1);
}

// Note [offset tables] in copy_kernel_gather.h: bytes an entry grows by per index of dim d of a
// unit of `unitBytes` units. A window dim moves to the next window's block slot (backwards where
// countDim's stride is negative), any other dim along the window.
ASCEND_OPS_HOST_AICORE inline int64_t TableWeight(const CopyTiling& t, int32_t d, int64_t unitBytes)
{
    const bool descending = t.countDim >= 0 && t.stride[t.countDim] < 0;
    const int64_t slot = descending ? -static_cast<int64_t>(t.blockSlotBytes) : t.blockSlotBytes;
    if (d == t.countDim) {
        return (t.countInnerDim >= 0 ? t.shape[t.countInnerDim] : 1) * slot;
    }
    if (d == t.countInnerDim) {
        return slot;
    }
    return t.stride[d] * unitBytes;
}

// The entry of a unit's first output element: its UB byte offset within the unit's input slot.
ASCEND_OPS_HOST_AICORE inline int64_t TableFirst(const CopyTiling& t, const UnitShape& shape, int64_t unitBytes)
{
    const bool descending = t.countDim >= 0 && t.stride[t.countDim] < 0;
    return (descending ? shape.count - 1 : 0) * static_cast<int64_t>(t.blockSlotBytes) - shape.lo * unitBytes;
}

// Note [block transposes]
// Without Gather (the training series) a GATHER or TRANSPOSE tile of 2- or 4-byte units is put in
// output order by TransDataTo5HD, the 16-bit transpose of 16 blocks of 32 bytes: result block j
// holds lane j of the 16 source blocks in list order, and both lists are any 16 blocks. In 16-bit
// lanes the tile's output is blocks of 16 lanes, and output lane k comes from input lane lanes(k)
// (its unit's offset table entry / 2, plus k's half of a 4-byte unit). Sixteen output blocks
// ob_0..ob_15 (a group) are made by
//  - the columns: column l, the lanes l of the group's blocks, is one transpose result C_l, whose
//    lane q is output lane 16 ob_q + l. A transpose of the 16 input blocks that hold the column's
//    lanes, row by row, yields C_l as its result block j when all 16 lie at lane j. Columns whose
//    row-0 lanes lie in one input block at different lanes share a transpose (a class) whose rows
//    are the blocks of its first column's lanes; each takes the result block of its own lane, the
//    unused ones go to 16 spare blocks;
//  - the group: one transpose of C_0..C_15 into ob_0..ob_15.
// So element strides become block addresses in the lists, and a group costs 1 + classes transposes
// and, on the scalar unit, 16 / R + 15 * classes offset-table reads (R = lanes per unit) and 32
// block addresses per transpose. A group's blocks are runs of `run` consecutive output blocks
// `stride` apart (TransposeGroupBlock; transposeGroupRun, transposeGroupStride), and the groups of
// each span of 16 / run * stride blocks from the tile's start are the stride / run runs' starts.
// The rule holds only where every column's lanes share a lane and every class's columns follow
// its first column block for block: the planner chooses the run and stride where it holds for
// every tile a core can meet, checking each output lane on the host (ChooseTransposeGroups in
// transpose_choice.h), and where the transposes cost less than the scalar unit's rearrangement, which
// does the rest. PlanTransposeGroup is the rule both run: `lanes(k)` gives output lane k's input
// lane, and `emit(rowBlock, columnOfLane)` takes each class: its 16 source blocks (input block
// indexes) and, per result block j, the column it yields (-1: none).
constexpr int64_t kTransposeLaneBytes = 2;  // a lane: the 16-bit value the transpose moves
constexpr int64_t kTransposeLanes = kBlockBytes / kTransposeLaneBytes;  // lanes of a block, blocks in a list
constexpr int64_t kTransposeGroupBytes = kTransposeLanes * kBlockBytes;  // the blocks of one group
constexpr int64_t kMaxTransposeRuns = 16;  // a stride spans at most this many runs

// How a tile's output blocks form groups: runs of 1 << runShift blocks, `stride` blocks apart.
struct TransposeGroups {
    int64_t stride;
    int64_t runShift;

    ASCEND_OPS_HOST_AICORE inline int64_t Run() const { return int64_t{1} << runShift; }
    // Blocks from one span's start to the next: 16 / run runs.
    ASCEND_OPS_HOST_AICORE inline int64_t Span() const { return (kTransposeLanes >> runShift) * stride; }
    // Output block of row q of the group whose row 0 is block `first`.
    ASCEND_OPS_HOST_AICORE inline int64_t Block(int64_t first, int64_t q) const
    {
        return first + (q & (Run() - 1)) + (q >> runShift) * stride;
    }
};

// The groups of a tiling (transposeGroupRun, transposeGroupStride); false unless the run is a
// power of two up to 16 and the stride a multiple of it spanning at most kMaxTransposeRuns runs.
ASCEND_OPS_HOST_AICORE inline bool TransposeGroupsOf(const CopyTiling& t, TransposeGroups* g)
{
    g->stride = t.transposeGroupStride;
    g->runShift = 0;
    while (g->runShift < 4 && (int64_t{1} << g->runShift) < t.transposeGroupRun) {
        ++g->runShift;
    }
    const int64_t run = g->Run();
    return run == t.transposeGroupRun && g->stride >= run && (g->stride & (run - 1)) == 0 &&
           (g->stride >> g->runShift) <= kMaxTransposeRuns;
}

template <typename Lanes, typename Emit>
ASCEND_OPS_HOST_AICORE inline int32_t PlanTransposeGroup(const Lanes& lanes, const TransposeGroups& groups,
                                                         int64_t first, int64_t outLanes, Emit& emit)
{
    int64_t classBlock[kTransposeLanes];
    int8_t columnOfLane[kTransposeLanes][kTransposeLanes];
    int8_t leader[kTransposeLanes];
    int32_t classes = 0;
    for (int32_t l = 0; l < kTransposeLanes && first * kTransposeLanes + l < outLanes; ++l) {
        const int64_t at = lanes(first * kTransposeLanes + l);
        const int64_t block = at / kTransposeLanes;
        const int64_t lane = at - block * kTransposeLanes;
        int32_t c = 0;
        while (c < classes && (classBlock[c] != block || columnOfLane[c][lane] >= 0)) {
            ++c;
        }
        if (c == classes) {
            classBlock[c] = block;
            leader[c] = static_cast<int8_t>(l);
            for (int32_t j = 0; j < kTransposeLanes; ++j) {
                columnOfLane[c][j] = -1;
            }
            ++classes;
        }
        columnOfLane[c][lane] = static_cast<int8_t>(l);
    }
    for (int32_t c = 0; c < classes; ++c) {
        int64_t rowBlock[kTransposeLanes];
        rowBlock[0] = classBlock[c];
        for (int32_t q = 1; q < kTransposeLanes; ++q) {
            const int64_t k = groups.Block(first, q) * kTransposeLanes + leader[c];
            rowBlock[q] = k < outLanes ? lanes(k) / kTransposeLanes : rowBlock[q - 1];
        }
        emit(rowBlock, columnOfLane[c]);
    }
    return classes;
}

// Groups of a tile of `outLanes` output lanes: stride / run per whole span, and in the last span
// those whose first block is in the tile. The scratch bytes its transposes use: 16 blocks per
// group and 16 spare ones.
ASCEND_OPS_HOST_AICORE inline int64_t TransposeGroupCount(int64_t outLanes, const TransposeGroups& g)
{
    const int64_t blocks = (outLanes + kTransposeLanes - 1) / kTransposeLanes;
    const int64_t perSpan = g.stride >> g.runShift;
    const int64_t full = DivIndex(blocks, g.Span());
    const int64_t starts = (blocks - full * g.Span() + g.Run() - 1) >> g.runShift;
    return full * perSpan + (starts < perSpan ? starts : perSpan);
}

ASCEND_OPS_HOST_AICORE inline int64_t TransposeScratchBytes(int64_t outLanes, const TransposeGroups& g)
{
    return (TransposeGroupCount(outLanes, g) + 1) * kTransposeGroupBytes;
}

// GATHER / TRANSPOSE: block `block`'s units [*first, *end).
ASCEND_OPS_HOST_AICORE inline void CoreUnits(const CopyTiling& t, const UnitGrid& g, int64_t block, int64_t* first,
                                             int64_t* end)
{
    detail::CoreShare(t, block, g.units, first, end);
}

// BURST, BURST_ALIGNED, SCALAR: block `block`'s output range, in output units: [*begin, *end).
ASCEND_OPS_HOST_AICORE inline void CoreRange(const CopyTiling& t, int64_t block, int64_t* begin, int64_t* end)
{
    detail::CoreShare(t, block, t.totalElems, begin, end);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_GRID_H
