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
            const int64_t perTile = DivIndex(tileRows + span - 1, span) + starts;
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
