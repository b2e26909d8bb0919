// PlanStridedCopy: how the kernel copies a StridedView into a contiguous output on one SoC.
// A pure function on plain structs, run by CANN's TilingFunc, the simulator runner and tests.
//
// Steps: drop size-1 dims and merge dims that are contiguous in the input; choose a mode by the
// innermost run (Note [copy modes]); choose the unit the kernel moves (Note [copy units]); split
// the output over cores; size the double-buffered UB tiles for the SoC.
//
// Note [copy modes]
//  BURST          innermost stride 1 and rows long enough for DMA bursts: DataCopyPad reads up to
//                 4095 rows per instruction (GM gap = row pitch) into 32-byte aligned UB rows and
//                 DataCopyPad writes them back contiguously, dropping the UB row padding.
//  BURST_ALIGNED  the same on SoCs without DataCopyPad (310P, 910): output tiles are 32-byte
//                 multiples at 32-byte aligned output offsets, packed in UB; each row piece moves
//                 by DataCopy in whole 32-byte blocks at the UB alignment it needs, and the < 32 B
//                 edges of a piece move by scalar GetValue/SetValue. Nothing is read outside the
//                 piece, nothing is written twice, the final < 32 B of the output is a scalar tail.
//  GATHER         short runs, non-unit or negative innermost stride: the output is cut into units
//                 (Note [gather units]); each unit is read as one covering input window, or as one
//                 window per index of `countDim`, with burst DMA; Gather (or scalar UB moves where
//                 the SoC or element size has no Gather) rearranges a tile of units into output
//                 order through offset tables built once per core; the tile is written contiguously.
//  TRANSPOSE      GATHER whose window dim is the innermost output dim (NCHW depth/space
//                 permutations): the windows are the rows of a 2-D tile transposed in UB.
//  SCALAR         fallback when no unit fits UB, or 8-byte elements whose 4-byte pair view has
//                 more dims than the kernel takes: elements are read by scalar GetValue, written by DMA.
//
// Note [copy units]
// The kernel moves elements of `unitBytes`. 8-byte elements move as pairs of 4-byte units where
// DataCopyPad (310B) or Gather (everywhere) has no 64-bit form: the view gets an inner dim of 2.
//
// Note [gather units]
// A GATHER unit is the view dims [unitDim, rank), except that dim unitDim may be cut into chunks
// of `chunk` indexes (unitElems = chunk * the product of the later dims). Cutting lets a unit fit
// UB however long that dim is, whatever its divisors, and lets the units of a few long rows spread
// evenly over the cores. A row (one index of the dims before unitDim) is chunksPerRow units; its
// last one, the tail, is shorter when chunk does not divide the dim. Units are numbered in output
// order, cores own ranges of whole units (splitGranule counts units in these modes) and a tile
// holds consecutive units; when the dim is cut a tile stops at its row's end, so only a tile's
// last unit can be a tail.
//  - The tail reads the full unit's windows cut to its own indexes, so it never reads outside the
//    view's hull. Where that moves the window's start (a negative stride along unitDim) its
//    elements sit elsewhere in UB than the full unit's, and the tail gets an offset table of its
//    own; otherwise the full unit's table serves it, as a prefix.
//  - A cut dim's chunk keeps a full unit a 32-byte multiple of output, so the tail's rearrangement
//    starts at an aligned UB address and tiles of full units need no partial block.
//  - Without DataCopyPad, the final partial 32-byte block of a tile (a tail's, or a tile of units
//    whose lengths share no 32-byte multiple small enough for UB) is stored by scalar writes.
#ifndef ASCEND_KERNELS_COMMON_COPY_PLANNER_H
#define ASCEND_KERNELS_COMMON_COPY_PLANNER_H

#include <cstdint>
#include <cstring>

#include "copy_tiling.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

constexpr int64_t kBlockBytes = 32;             // DMA unit and UB alignment
constexpr int64_t kMinBytesPerCore = 1024;      // fewer cores for small outputs
constexpr int64_t kMaxBlockCount = 4095;        // DataCopy(Pad) blockCount
constexpr int64_t kMinBurstRowBytes = 128;      // shorter rows are worth a GATHER window if one is dense
constexpr int64_t kMinUbBytes = 4096;           // below this no tile plan makes sense
constexpr int64_t kInstructionBytes = 64;       // cost of a DMA instruction or scalar GM access, in bytes moved
constexpr int64_t kMinChunkBytes = 1024;        // balancing cores cuts GATHER units no shorter than this

namespace detail {

inline int64_t AlignUp(int64_t value, int64_t align) { return (value + align - 1) / align * align; }
inline int64_t AlignDown(int64_t value, int64_t align) { return value / align * align; }
inline int64_t Abs(int64_t value) { return value < 0 ? -value : value; }
inline int64_t Gcd(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// Drops size-1 dims and merges each dim into its outer neighbour where the pair is one run in
// the input (outer stride == inner size * inner stride). A 0-d view becomes [1].
inline void MergeView(const StridedView& in, StridedView* out)
{
    out->rank = 0;
    out->offset = in.offset;
    for (int32_t d = 0; d < in.rank; ++d) {
        if (in.shape[d] == 1) {
            continue;
        }
        int32_t last = out->rank - 1;
        if (last >= 0 && out->stride[last] == in.shape[d] * in.stride[d]) {
            out->shape[last] *= in.shape[d];
            out->stride[last] = in.stride[d];
            continue;
        }
        out->shape[out->rank] = in.shape[d];
        out->stride[out->rank] = in.stride[d];
        out->rank += 1;
    }
    if (out->rank == 0) {
        out->rank = 1;
        out->shape[0] = 1;
        out->stride[0] = 1;
    }
}

// The view in 4-byte halves of 8-byte elements (Note [copy units]).
inline void SplitPairs(const StridedView& in, StridedView* out)
{
    StridedView wide;
    wide.rank = in.rank + 1;
    wide.offset = in.offset * 2;
    for (int32_t d = 0; d < in.rank; ++d) {
        wide.shape[d] = in.shape[d];
        wide.stride[d] = in.stride[d] * 2;
    }
    wide.shape[in.rank] = 2;
    wide.stride[in.rank] = 1;
    MergeView(wide, out);
}

// Lowest input offset and span (elements) of view dims [first, rank) other than `skip`.
inline void Hull(const StridedView& v, int32_t first, int32_t skip, int64_t* lo, int64_t* span)
{
    *lo = 0;
    int64_t hi = 0;
    for (int32_t d = first; d < v.rank; ++d) {
        if (d == skip) {
            continue;
        }
        int64_t reach = (v.shape[d] - 1) * v.stride[d];
        (reach < 0 ? *lo : hi) += reach;
    }
    *span = hi - *lo + 1;
}

struct UnitPlan {
    bool ok;
    int32_t unitDim;
    int32_t countDim;
    int64_t unitElems;
    int64_t windowElems;
    int64_t windowLo;
    int64_t blockSlotBytes;
    int64_t unitSlotBytes;
    int64_t unitsPerTile;
    int64_t granuleUnits;  // core ranges are multiples of this many units
    double cost;           // estimated bytes moved per output byte
};

// UB bytes a GATHER tile of `units` units needs: two input and two output buffers, one table.
inline int64_t GatherTileBytes(const UnitPlan& p, int64_t units, int64_t unitBytes)
{
    return 2 * units * p.unitSlotBytes + 2 * AlignUp(units * p.unitElems * unitBytes, kBlockBytes) +
           AlignUp(units * p.unitElems * 4, kBlockBytes);
}

// The cheapest way to cut the view into GATHER units that fit UB (Note [copy modes]).
inline UnitPlan PlanUnits(const StridedView& v, int64_t unitBytes, bool usePad, int64_t budget)
{
    UnitPlan best{};
    best.ok = false;
    const int64_t blockElems = kBlockBytes / unitBytes;
    int64_t unitElems = 1;
    for (int32_t k = v.rank - 1; k >= 0; --k) {
        unitElems *= v.shape[k];
        UnitPlan p{};
        p.unitDim = k;
        p.unitElems = unitElems;
        // One window over the whole unit ...
        int64_t lo, span;
        Hull(v, k, -1, &lo, &span);
        p.countDim = -1;
        p.windowElems = span;
        p.windowLo = lo;
        p.blockSlotBytes = AlignUp(span * unitBytes, kBlockBytes);
        p.unitSlotBytes = p.blockSlotBytes;
        int64_t instructions = 1;
        // ... or one window per index of the dim with the widest stride, if that is denser.
        int32_t widest = -1;
        for (int32_t d = k; d < v.rank; ++d) {
            if (widest < 0 || Abs(v.stride[d]) > Abs(v.stride[widest])) {
                widest = d;
            }
        }
        if (widest >= 0) {
            int64_t wlo, wspan;
            Hull(v, k, widest, &wlo, &wspan);
            int64_t slot = AlignUp(wspan * unitBytes, kBlockBytes);
            int64_t count = v.shape[widest];
            if (Abs(v.stride[widest]) >= wspan && count * slot < p.unitSlotBytes) {
                p.countDim = widest;
                p.windowElems = wspan;
                p.windowLo = wlo;
                p.blockSlotBytes = slot;
                p.unitSlotBytes = count * slot;
                instructions = usePad ? (count + kMaxBlockCount - 1) / kMaxBlockCount : count;
            }
        }
        p.granuleUnits = usePad ? 1 : blockElems / Gcd(unitElems, blockElems);
        if (GatherTileBytes(p, p.granuleUnits, unitBytes) > budget) {
            break;  // wider units only grow
        }
        // GatherTileBytes(u) <= u * perUnit + 3 * 32: the largest whole number of granules that fits.
        int64_t perUnit = 2 * p.unitSlotBytes + 2 * unitElems * unitBytes + 4 * unitElems;
        int64_t units = AlignDown((budget - 3 * kBlockBytes) / perUnit, p.granuleUnits);
        units = units > p.granuleUnits ? units : p.granuleUnits;
        p.unitsPerTile = units;
        p.cost = static_cast<double>(p.unitSlotBytes + 64 * instructions) / static_cast<double>(unitElems * unitBytes);
        p.ok = true;
        if (!best.ok || p.cost < best.cost) {
            best = p;
        }
    }
    return best;
}

// Splits dim `d` of `v` into (size / inner, inner).
inline void SplitDim(const StridedView& v, int32_t d, int64_t inner, StridedView* out)
{
    out->rank = v.rank + 1;
    out->offset = v.offset;
    for (int32_t i = 0, o = 0; i < v.rank; ++i, ++o) {
        if (i == d) {
            out->shape[o] = v.shape[i] / inner;
            out->stride[o] = v.stride[i] * inner;
            ++o;
            out->shape[o] = inner;
            out->stride[o] = v.stride[i];
        } else {
            out->shape[o] = v.shape[i];
            out->stride[o] = v.stride[i];
        }
    }
}

// The largest divisor of n that is <= limit (limit is a UB-sized element count, so the scan is short).
inline int64_t LargestDivisorAtMost(int64_t n, int64_t limit)
{
    for (int64_t d = limit < n ? limit : n; d > 1; --d) {
        if (n % d == 0) {
            return d;
        }
    }
    return 1;
}

// Core split: ranges of whole granules, at least kMinBytesPerCore each, the rest spread evenly.
inline void SplitCores(int64_t totalElems, int64_t granule, int64_t unitBytes, int32_t coreNum, CopyTiling* t)
{
    int64_t granules = (totalElems + granule - 1) / granule;
    int64_t byBytes = totalElems * unitBytes / kMinBytesPerCore;
    int64_t cores = coreNum;
    cores = cores < byBytes ? cores : byBytes;
    cores = cores < granules ? cores : granules;
    cores = cores < 1 ? 1 : cores;
    t->splitGranule = granule;
    t->granulesPerCore = granules / cores;
    t->granuleRemainder = granules % cores;
    t->blockDim = static_cast<uint32_t>(cores);
}

inline void StoreView(const StridedView& v, CopyTiling* t)
{
    t->rank = v.rank;
    for (int32_t d = 0; d < kMaxDims; ++d) {
        t->shape[d] = d < v.rank ? v.shape[d] : 1;
        t->stride[d] = d < v.rank ? v.stride[d] : 0;
    }
    t->offset = v.offset;
    int64_t lo, span;
    Hull(v, 0, -1, &lo, &span);
    t->hullLo = v.offset + lo;
    t->hullHi = v.offset + lo + span;
}

}  // namespace detail

// Output core range of block `block`, in output units: [*begin, *end).
inline void CoreRange(const CopyTiling& t, int64_t block, int64_t* begin, int64_t* end)
{
    int64_t extra = block < t.granuleRemainder ? block : t.granuleRemainder;
    int64_t first = block * t.granulesPerCore + extra;
    int64_t count = t.granulesPerCore + (block < t.granuleRemainder ? 1 : 0);
    *begin = first * t.splitGranule;
    int64_t stop = (first + count) * t.splitGranule;
    *end = stop < t.totalElems ? stop : t.totalElems;
    *begin = *begin < *end ? *begin : *end;
}

inline Status PlanStridedCopy(const StridedView& view, uint32_t elemBytes, const SocInfo& soc, CopyTiling* t)
{
    using namespace detail;
    std::memset(t, 0, sizeof(*t));
    const char* socName = soc.name != nullptr ? soc.name : "the SoC";
    if (elemBytes != 1 && elemBytes != 2 && elemBytes != 4 && elemBytes != 8) {
        return Status::Error("elemBytes = %u is invalid: it must be 1, 2, 4 or 8", elemBytes);
    }
    if (soc.coreNum < 1) {
        return Status::Error("coreNum = %d of %s is invalid: it must be >= 1", soc.coreNum, socName);
    }
    if (soc.ubBytes < kMinUbBytes) {
        return Status::Error("ubBytes = %lld of %s is invalid: it must be >= %lld", static_cast<long long>(soc.ubBytes),
                             socName, static_cast<long long>(kMinUbBytes));
    }
    if (view.rank < 0 || view.rank > kMaxViewDims) {
        return Status::Error("view rank %d is invalid: it must be in [0, %d]", view.rank, kMaxViewDims);
    }
    t->elemBytes = elemBytes;
    t->unitBytes = elemBytes;
    t->countDim = -1;
    t->blockDim = 1;
    for (int32_t d = 0; d < view.rank; ++d) {
        if (view.shape[d] < 0) {
            return Status::Error("view shape[%d] = %lld is invalid: it must be >= 0", d,
                                 static_cast<long long>(view.shape[d]));
        }
        if (view.shape[d] == 0) {
            t->mode = kCopyModeEmpty;
            t->rank = 1;
            t->shape[0] = 0;
            t->splitGranule = 1;
            return Status::Ok();
        }
    }

    StridedView merged;
    MergeView(view, &merged);
    if (merged.rank > kMaxDims) {
        return Status::Error("the view has %d dims after merging contiguous dims: the copy kernel handles at most %d",
                             merged.rank, kMaxDims);
    }
    StridedView pairs;  // 8-byte elements as 4-byte pairs
    bool canSplitPairs = false;
    if (elemBytes == 8) {
        SplitPairs(merged, &pairs);
        canSplitPairs = pairs.rank <= kMaxDims;
    }
    const int64_t budget = AlignDown(soc.ubBytes, kBlockBytes);
    const bool usePad = soc.hasDataCopyPad;
    const int64_t half = AlignDown(budget / 2, kBlockBytes);  // two buffers of one bound queue

    // GATHER candidate: on the pair view for 8-byte elements.
    const StridedView* gatherView = elemBytes == 8 ? (canSplitPairs ? &pairs : nullptr) : &merged;
    int64_t gatherUnit = elemBytes == 8 ? 4 : elemBytes;
    UnitPlan units{};
    units.ok = false;
    StridedView chunked;
    if (gatherView != nullptr) {
        units = PlanUnits(*gatherView, gatherUnit, usePad, budget);
        int32_t inner = gatherView->rank - 1;
        if (!units.ok && gatherView->rank < kMaxDims) {
            // Even one row is too long: split it by its largest divisor that fits.
            int64_t loaded = Abs(gatherView->stride[inner]) * gatherUnit;
            loaded = loaded < kBlockBytes + gatherUnit ? loaded : kBlockBytes + gatherUnit;
            int64_t granule = usePad ? 1 : kBlockBytes / gatherUnit;
            int64_t limit = (budget - 4 * kBlockBytes) / (granule * (2 * loaded + 2 * gatherUnit + 4));
            int64_t chunk = LargestDivisorAtMost(gatherView->shape[inner], limit);
            if (chunk >= 64 || chunk == gatherView->shape[inner]) {
                SplitDim(*gatherView, inner, chunk, &chunked);
                units = PlanUnits(chunked, gatherUnit, usePad, budget);
                gatherView = &chunked;
            }
        }
    }
    const int64_t innerStride = merged.stride[merged.rank - 1];
    const int64_t rowElems = merged.shape[merged.rank - 1];
    const bool unitStride = innerStride == 1;
    const bool longRows = rowElems * elemBytes >= kMinBurstRowBytes;
    const bool gatherBetter = units.ok && units.cost < 2.0;

    uint32_t mode;
    if (unitStride && (longRows || !gatherBetter)) {
        mode = usePad ? kCopyModeBurst : kCopyModeBurstAligned;
    } else if (units.ok) {
        mode = units.countDim == gatherView->rank - 1 ? kCopyModeTranspose : kCopyModeGather;
    } else {
        mode = kCopyModeScalar;
    }
    t->mode = mode;
    t->usePad = usePad ? 1 : 0;

    if (mode == kCopyModeGather || mode == kCopyModeTranspose) {
        const StridedView& v = *gatherView;
        StoreView(v, t);
        t->unitBytes = static_cast<uint32_t>(gatherUnit);
        t->totalElems = NumElements(v);
        t->unitDim = units.unitDim;
        t->countDim = units.countDim;
        t->unitElems = units.unitElems;
        t->windowElems = units.windowElems;
        t->windowLo = units.windowLo;
        t->blockSlotBytes = static_cast<uint32_t>(units.blockSlotBytes);
        t->unitSlotBytes = static_cast<uint32_t>(units.unitSlotBytes);
        t->useVectorGather =
            soc.hasGather && (gatherUnit == 2 || gatherUnit == 4 || (gatherUnit == 1 && soc.hasGather8Bit)) ? 1 : 0;
        SplitCores(t->totalElems, units.granuleUnits * units.unitElems, gatherUnit, soc.coreNum, t);
        // Tiles no bigger than a core's share, so small copies still spread.
        int64_t shareUnits = (t->granulesPerCore + (t->granuleRemainder > 0 ? 1 : 0)) * units.granuleUnits;
        int64_t perTile = units.unitsPerTile < shareUnits ? units.unitsPerTile : shareUnits;
        t->unitsPerTile = perTile;
        t->tileElems = perTile * units.unitElems;
        t->inBufBytes = static_cast<uint32_t>(perTile * units.unitSlotBytes);
        t->outBufBytes = static_cast<uint32_t>(AlignUp(t->tileElems * gatherUnit, kBlockBytes));
        t->tableBytes = static_cast<uint32_t>(AlignUp(t->tileElems * 4, kBlockBytes));
        return Status::Ok();
    }

    // BURST, BURST_ALIGNED, SCALAR: one bound in/out queue of two buffers.
    const bool narrow = elemBytes == 8 && mode == kCopyModeBurst && soc.dataCopyPadMaxElemBytes < 8;
    if (narrow && !canSplitPairs) {
        return Status::Error("the view has %d dims once 8-byte elements are split for %s's DataCopyPad: the copy "
                             "kernel handles at most %d",
                             pairs.rank, socName, kMaxDims);
    }
    const StridedView& v = narrow ? pairs : merged;
    const int64_t unitBytes = narrow ? 4 : elemBytes;
    StoreView(v, t);
    t->unitBytes = static_cast<uint32_t>(unitBytes);
    t->totalElems = NumElements(v);
    t->inBufBytes = static_cast<uint32_t>(half);
    t->tileElems = half / unitBytes;
    const int64_t blockElems = kBlockBytes / unitBytes;
    int64_t granule = blockElems;
    if (mode == kCopyModeBurst) {
        const int64_t row = v.shape[v.rank - 1];
        const int64_t rows = t->totalElems / row;
        int64_t rowSlot = AlignUp(row * unitBytes, kBlockBytes);
        t->rowsPerTile = rowSlot <= half ? half / rowSlot : 0;
        t->rowsPerTile = t->rowsPerTile < kMaxBlockCount ? t->rowsPerTile : kMaxBlockCount;
        // Whole rows per core where there are plenty, so no core starts mid-row.
        granule = rows >= 4 * static_cast<int64_t>(soc.coreNum) ? row : 1;
    }
    SplitCores(t->totalElems, granule, unitBytes, soc.coreNum, t);
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_PLANNER_H
