// PlanStridedCopy: how the kernel copies a StridedView into a contiguous output on one SoC.
// A pure function on plain structs, run by CANN's TilingFunc, the simulator runner and tests.
//
// Steps: drop size-1 dims and merge dims that are contiguous in the input; choose a mode by the
// innermost run (Note [copy modes]); choose the unit the kernel moves (Note [copy units]); split
// the output over the cores its work is worth (Note [core count]); size the double-buffered UB
// tiles for the SoC.
//
// Note [copy modes]
//  BURST          innermost stride 1 and rows long enough for DMA bursts: DataCopyPad reads up to
//                 kMaxBlockCount rows per instruction (GM gap = row pitch) into 32-byte aligned UB rows and
//                 DataCopyPad writes them back contiguously, dropping the UB row padding.
//  BURST_ALIGNED  the same on SoCs without DataCopyPad (310P, 910): output tiles are 32-byte
//                 multiples at 32-byte aligned output offsets, packed in UB; each row piece moves
//                 by DataCopy in whole 32-byte blocks at the UB alignment it needs, and the < 32 B
//                 edges of a piece move by scalar GetValue/SetValue. Nothing is read outside the
//                 piece; a tile's final < 32 B go out in the block ending where the tile does,
//                 rewriting bytes the tile wrote (Note [store tails] in copy_kernel_base.h).
//  GATHER         short runs, non-unit or negative innermost stride: the output is cut into units
//                 (Note [gather units]); each unit is read as one covering input window, or as one
//                 window per index of `countDim`, with burst DMA; Gather rearranges a tile of units
//                 into output order through offset tables built once per core; where the SoC has no
//                 Gather for the element size, 16-bit transposes do (Note [block transposes] in
//                 copy_grid.h), or scalar UB moves where their rule does not serve or the units are
//                 bytes; the tile is written contiguously.
//  TRANSPOSE      GATHER whose window dim (or its chained one, Note [window chains] in copy_grid.h) is the
//                 innermost output dim (NCHW depth/space permutations): the windows are the rows
//                 of a 2-D tile transposed in UB.
//  SCALAR         fallback when no unit fits UB, or 8-byte elements whose 4-byte pair view has
//                 more dims than the kernel takes: elements are read by scalar GetValue, written by DMA.
//
// Note [copy cost]
// Plans are priced in bytes moved per output byte, each DMA instruction or scalar GM access at
// kInstructionBytes: its setup dwarfs a 32-byte transfer, so many tiny DMAs (or scalar accesses)
// lose to a few long bursts that read some bytes twice. Unit-stride rows of kMinBurstRowBytes or
// more go BURST; shorter ones go BURST unless a GATHER unit costs less (BurstCost). GATHER units
// are compared by cost weighed by how evenly they split over the cores, plus their offset tables'
// build (PriceTables), a per-core cost spread over a core's output at the cost model's rates. The
// core count is the cost model's (Note [core count]).
//
// Steps of PlanStridedCopy: merge the view; plan units and choose the mode for all the cores;
// choose the cores that plan is worth, plan again for them and choose once more; split; size the
// tiles and, without Gather, choose the transposes' groups (Note [block transposes] in
// copy_grid.h).
//
// Note [copy units]
// The kernel moves elements of `unitBytes`. 8-byte elements move as pairs of 4-byte units where
// DataCopyPad (310B) or Gather (everywhere) has no 64-bit form: the view gets an inner dim of
// kUnitsPerPair (copy_limits.h).
//
// Note [gather units]
// A GATHER unit is the view dims [runDim, rank), except that dim unitDim (>= runDim) may be cut
// into chunks of `chunk` indexes. Cutting lets a unit fit UB however long that dim is, whatever
// its divisors, and lets the units of a few long rows spread evenly over the cores. A row (one
// index of the dims before runDim) is chunksPerRow units; its last one, the tail, is shorter when
// chunk does not divide the dim. Units are numbered in output order, cores own ranges of whole
// units (splitGranule counts units in these modes) and a tile holds consecutive units; when the
// dim is cut a tile stops at its row's end, so only a tile's last unit can be a tail.
//  - Pieces. Each index of dims [runDim, unitDim) is one contiguous piece of a unit's output, the
//    pieces a row's length of dim unitDim apart: space_to_depth NCHW reads an input row once for
//    all the output rows it feeds, where units of one piece (runDim == unitDim) would read it once
//    per output row. A unit of one piece is written with its tile in one store; a unit of several
//    keeps each piece in a 32-byte slot of pieceSlotBytes and stores them in one strided
//    DataCopyPad (one DataCopy each without DataCopyPad).
//  - The tail reads the full unit's windows cut to its own indexes, so it never reads outside the
//    view's hull. The full unit's offset table serves it as a prefix when it is one piece whose
//    windows start where the full unit's do; otherwise (a negative stride along unitDim, or
//    several pieces) the tail has a table of its own.
//  - A cut dim's chunk keeps a full unit of one piece a 32-byte multiple of output, so the tail's
//    rearrangement starts at an aligned UB address and tiles of full units need no partial block.
//  - Without DataCopyPad, every store is at least a 32-byte block (a unit's pieces and its row's
//    tail included), and its final partial block goes out as the block that ends where the store
//    does (Note [store tails] in copy_kernel_base.h); views whose units would store less go
//    BURST_ALIGNED or SCALAR.
#ifndef ASCEND_KERNELS_COMMON_COPY_PLANNER_H
#define ASCEND_KERNELS_COMMON_COPY_PLANNER_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "copy_grid.h"
#include "copy_limits.h"
#include "copy_tiling.h"
#include "cost_model.h"
#include "scalar_cost.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "copy_planner.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {

constexpr int64_t kMinBurstRowBytes = 128;      // shorter rows may go GATHER (Note [copy cost])
constexpr int64_t kMinUbBytes = 4096;           // below this no tile plan makes sense
constexpr int64_t kInstructionBytes = 512;      // price of a DMA instruction or scalar GM access (Note [copy cost])
constexpr int64_t kMinChunkBytes = 1024;        // balancing cores cuts GATHER units no shorter than this, ...
constexpr int64_t kMinScalarChunkBytes = 128;   // ... or this where the scalar unit rearranges each element
constexpr int64_t kMinUnalignedTableUnit = 64;  // units of this many unaligned table entries go one per tile

// DMA instructions that load `count` windows of `window` units, `pitch` units apart, into UB
// (Note [window chains]).
inline int64_t WindowCopies(int64_t count, int64_t window, int64_t pitch, int64_t unitBytes, bool usePad)
{
    if (usePad || WindowsLoadByStridedCopy(count, window, pitch, unitBytes)) {
        return (count + kMaxBlockCount - 1) / kMaxBlockCount;
    }
    return count;
}

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
    wide.offset = in.offset * kUnitsPerPair;
    for (int32_t d = 0; d < in.rank; ++d) {
        wide.shape[d] = in.shape[d];
        wide.stride[d] = in.stride[d] * kUnitsPerPair;
    }
    wide.shape[in.rank] = kUnitsPerPair;
    wide.stride[in.rank] = 1;
    MergeView(wide, out);
}

// Lowest input offset and span (elements) of view dims [first, rank) other than `skip` and
// `skipInner`, with dim `cut` taking only its first `cutLen` indexes.
inline void Hull(const StridedView& v, int32_t first, int32_t cut, int64_t cutLen, int32_t skip, int32_t skipInner,
                 int64_t* lo, int64_t* span)
{
    *lo = 0;
    int64_t hi = 0;
    for (int32_t d = first; d < v.rank; ++d) {
        if (d == skip || d == skipInner) {
            continue;
        }
        int64_t reach = ((d == cut ? cutLen : v.shape[d]) - 1) * v.stride[d];
        (reach < 0 ? *lo : hi) += reach;
    }
    *span = hi - *lo + 1;
}

// Busiest core's share of `granules` equal granules over the mean of `cores` cores: 1.0 when they
// spread evenly over all of them, `cores` when one core does everything.
inline double BusiestShare(int64_t granules, int64_t cores)
{
    int64_t used = cores < granules ? cores : granules;
    int64_t busiest = (granules + used - 1) / used;
    return static_cast<double>(busiest * cores) / static_cast<double>(granules);
}

// A candidate GATHER unit (Note [gather units]).
struct UnitPlan {
    bool ok;
    int32_t runDim;
    int32_t unitDim;
    int32_t countDim;
    int32_t countInnerDim;   // -1, or the dim whose windows run between countDim's (Note [window chains])
    int64_t windowCount;     // windows of a full unit
    int64_t chunk;           // indexes of dim unitDim in one unit
    int64_t chunksPerRow;    // units per row
    int64_t units;           // units of the whole output
    int64_t pieces;          // output pieces of a unit: the indexes of dims [runDim, unitDim)
    int64_t unitElems;
    int64_t pieceSlotBytes;  // UB bytes from one output piece of a unit to the next
    int64_t windowElems;
    int64_t windowLo;
    int64_t blockSlotBytes;
    int64_t unitSlotBytes;
    int64_t tailTableBytes;  // the tail's own offset table; 0 when the full unit's serves it
    int64_t unitsPerTile;
    int64_t granuleUnits;    // core ranges are multiples of this many units
    int64_t loads;           // DMA instructions that load a full unit's windows
    double cost;             // estimated bytes moved per output byte (Note [copy cost])
    double score;            // cost weighed by the core split's balance: what candidates compare
};

// UB bytes of one unit's output: its pieces, each in a slot of pieceSlotBytes.
inline int64_t UnitOutBytes(const UnitPlan& p) { return p.pieces * p.pieceSlotBytes; }

// UB bytes of the Gather offset table of `elems` output units.
inline int64_t OffsetTableBytes(int64_t elems) { return AlignUp(elems * kGatherOffsetBytes, kBlockBytes); }

// The work of building a unit's offset tables once per core (Note [offset tables] in
// copy_kernel_gather.h): entries the scalar unit writes (each but the seed reading one) and the
// Adds that double the rest, for a table of `units` units shaped like the full unit; as
// GatherCopyKernel::BuildTable, PadPiece and CopyTableBlocks go.
struct TableWork {
    int64_t scalarWrites = 0;
    int64_t adds = 0;

    // Entries [k * block, (k + 1) * block) for k in [built, extent), none at or past `limit`.
    void CopyBlocks(int64_t block, int64_t built, int64_t extent, int64_t limit)
    {
        const int64_t perBlock = kBlockBytes / kGatherOffsetBytes;
        int64_t k = built;
        for (; k < extent && (k * block) % perBlock != 0 && k * block < limit; ++k) {
            scalarWrites += block < limit - k * block ? block : limit - k * block;
        }
        for (; k < extent && k * block < limit; k += k < extent - k ? k : extent - k) {
            adds += 1;
        }
    }
};

inline TableWork TableBuildWork(const StridedView& v, const UnitPlan& p, int64_t unitBytes, int64_t units)
{
    const int64_t perBlock = kBlockBytes / kGatherOffsetBytes;
    const int64_t unitOut = UnitOutBytes(p) / unitBytes;
    const int64_t pieceSlot = p.pieceSlotBytes / unitBytes;
    const int64_t piece = p.unitElems / p.pieces;
    const int64_t limit = units > 1 ? units * unitOut : unitOut;
    auto extent = [&](int32_t d) { return d == p.unitDim ? p.chunk : v.shape[d]; };
    TableWork w;
    const int32_t last = v.rank - 1;
    const int64_t seed = extent(last) < perBlock ? extent(last) : perBlock;
    w.scalarWrites += seed;
    int64_t block = 1;
    for (int32_t d = last; d >= p.runDim; --d) {
        if (d == p.unitDim - 1) {
            const int64_t end = pieceSlot < limit ? pieceSlot : limit;
            int64_t j = piece;
            for (; j < end && (j % perBlock != 0 || piece < perBlock); ++j) {
                w.scalarWrites += 1;
            }
            const int64_t source = piece / perBlock * perBlock;
            for (; j < end; j += source < end - j ? source : end - j) {
                w.adds += 1;
            }
            block = pieceSlot;
        }
        w.CopyBlocks(block, d == last ? seed : 1, extent(d), limit);
        block *= extent(d);
    }
    w.CopyBlocks(unitOut, 1, units, limit);
    return w;
}

// UB the 16-bit transposes of a tile take besides its output's size (Note [block transposes] in
// copy_grid.h): at most a group's blocks per group stride of up to 16, and the spare blocks.
constexpr int64_t kTransposeScratchReserve = (kTransposeLanes + 1) * kTransposeGroupBytes;

// UB bytes a GATHER tile of `units` units needs: the input and the output queue's buffers, the
// tables, and with `scratch` what 16-bit transposes of the tile may take (TransposeScratchBytes).
inline int64_t GatherTileBytes(const UnitPlan& p, int64_t units, int64_t unitBytes, bool scratch)
{
    const int64_t out = units * UnitOutBytes(p);
    return kQueueBuffers * units * p.unitSlotBytes + kQueueBuffers * AlignUp(out, kBlockBytes) +
           OffsetTableBytes(out / unitBytes) + p.tailTableBytes +
           (scratch ? AlignUp(out, kTransposeGroupBytes) + kTransposeScratchReserve : 0);
}

// The windows of a unit of view dims [r, rank) whose dim k has `chunk` indexes: one window over
// the unit, or one per index of its widest-stride dim, or of that dim and one whose indexes run
// between its (Note [window chains]), whichever costs least. Returns the DMA instructions one
// unit's windows take.
inline int64_t ShapeUnit(const StridedView& v, int32_t r, int32_t k, int64_t chunk, int64_t unitBytes, bool usePad,
                         UnitPlan* p)
{
    p->runDim = r;
    p->unitDim = k;
    p->chunk = chunk;
    p->pieces = 1;
    for (int32_t d = r; d < k; ++d) {
        p->pieces *= v.shape[d];
    }
    int64_t piece = chunk;
    for (int32_t d = k + 1; d < v.rank; ++d) {
        piece *= v.shape[d];
    }
    p->unitElems = p->pieces * piece;
    // A unit of one piece is written whole with its tile; pieces apart in GM start UB blocks.
    p->pieceSlotBytes = p->pieces > 1 ? AlignUp(piece * unitBytes, kBlockBytes) : piece * unitBytes;
    int64_t lo, span;
    Hull(v, r, k, chunk, -1, -1, &lo, &span);
    p->countDim = -1;
    p->countInnerDim = -1;
    p->windowCount = 1;
    p->windowElems = span;
    p->windowLo = lo;
    p->blockSlotBytes = AlignUp(span * unitBytes, kBlockBytes);
    p->unitSlotBytes = p->blockSlotBytes;
    int32_t widest = r;
    for (int32_t d = r + 1; d < v.rank; ++d) {
        widest = Abs(v.stride[d]) > Abs(v.stride[widest]) ? d : widest;
    }
    int64_t cheapest = p->unitSlotBytes + kInstructionBytes;
    int64_t instructions = 1;
    for (int32_t inner = -1; inner < v.rank; ++inner) {
        if (inner >= 0 && !ChainsWindows(v, r, widest, inner, inner == k && chunk < v.shape[k])) {
            continue;
        }
        int64_t wlo, wspan;
        Hull(v, r, k, chunk, widest, inner, &wlo, &wspan);
        const int64_t pitch = Abs(v.stride[inner >= 0 ? inner : widest]);
        const int64_t count = (widest == k ? chunk : v.shape[widest]) * (inner >= 0 ? v.shape[inner] : 1);
        const int64_t slot = AlignUp(wspan * unitBytes, kBlockBytes);
        const int64_t copies = WindowCopies(count, wspan, pitch, unitBytes, usePad);
        const int64_t cost = count * slot + kInstructionBytes * copies;
        if (pitch >= wspan && cost < cheapest) {
            cheapest = cost;
            instructions = copies;
            p->countDim = widest;
            p->countInnerDim = inner;
            p->windowCount = count;
            p->windowElems = wspan;
            p->windowLo = wlo;
            p->blockSlotBytes = slot;
            p->unitSlotBytes = count * slot;
        }
    }
    return instructions;
}

// What one row's tail reads and writes: UB bytes, DMA instructions, output units (the full unit's
// when the dim is not cut).
struct TailReads {
    int64_t slotBytes;
    int64_t instructions;
    int64_t elems;
};

// Sizes the tiles of a shaped unit, in whole granules of `granule` units, and prices it per row
// (Note [copy cost]): every unit's windows; a DMA per tile written, or per unit of several pieces
// (per piece without DataCopyPad); without DataCopyPad the scalar stores of partial last blocks.
// False when not even one granule fits UB.
inline bool SizeUnitTiles(UnitPlan* p, int64_t instructions, const TailReads& tail, int64_t granule,
                          int64_t unitBytes, bool usePad, int64_t budget, int64_t cores, bool scratch)
{
    const int64_t blockElems = kBlockBytes / unitBytes;
    if (GatherTileBytes(*p, granule, unitBytes, scratch) > budget) {
        return false;
    }
    p->granuleUnits = granule;
    p->loads = instructions;
    // GatherTileBytes(u) <= u * perUnit + a block of alignment per output buffer and for the
    // table (and a transpose group's for the scratch): the most whole granules that fit.
    int64_t perUnit = kQueueBuffers * (p->unitSlotBytes + UnitOutBytes(*p)) +
                      UnitOutBytes(*p) / unitBytes * kGatherOffsetBytes + (scratch ? UnitOutBytes(*p) : 0);
    const int64_t reserve = scratch ? kTransposeGroupBytes + kTransposeScratchReserve : 0;
    int64_t units = AlignDown((budget - p->tailTableBytes - (kQueueBuffers + 1) * kBlockBytes - reserve) / perUnit,
                              p->granuleUnits);
    units = units > p->granuleUnits ? units : p->granuleUnits;
    // A tile's offset table repeats the unit's entries by Adds from 32-byte aligned entries on
    // (Note [offset tables] in copy_kernel_gather.h): a unit of entries that are no whole number
    // of blocks repeats by scalar copies until they are, up to 7 units' worth. Large such units go
    // one granule per tile instead (each at least a block: no store gets shorter).
    const int64_t unitEntries = UnitOutBytes(*p) / unitBytes;
    if (unitEntries % (kBlockBytes / kGatherOffsetBytes) != 0 && unitEntries >= kMinUnalignedTableUnit) {
        units = p->granuleUnits;
    }
    units = p->chunksPerRow > 1 && units > p->chunksPerRow ? p->chunksPerRow : units;  // tiles stop at row ends
    p->unitsPerTile = units;

    const int64_t perRow = p->chunksPerRow;
    const double stores = static_cast<double>(kInstructionBytes * blockElems / 2);  // a partial block's
    double moved = static_cast<double>((perRow - 1) * (p->unitSlotBytes + kInstructionBytes * instructions) +
                                       tail.slotBytes + kInstructionBytes * tail.instructions);
    if (p->pieces == 1) {
        double tiles =
            perRow > 1 ? static_cast<double>((perRow + units - 1) / units) : 1.0 / static_cast<double>(units);
        moved += kInstructionBytes * tiles;
        bool partialBlock = perRow > 1 ? tail.elems % blockElems != 0 : units * p->unitElems % blockElems != 0;
        moved += !usePad && partialBlock ? stores * (perRow > 1 ? 1.0 : tiles) : 0.0;
    } else {
        int64_t writes = usePad ? (p->pieces + kMaxBlockCount - 1) / kMaxBlockCount : p->pieces;
        moved += static_cast<double>(kInstructionBytes * writes * perRow);
        if (!usePad) {
            int64_t fullPartial = (p->unitElems / p->pieces) % blockElems != 0 ? perRow - 1 : 0;
            int64_t tailPartial = (tail.elems / p->pieces) % blockElems != 0 ? 1 : 0;
            moved += stores * static_cast<double>(p->pieces * (fullPartial + tailPartial));
        }
    }
    const double rowOut = static_cast<double>(((perRow - 1) * p->unitElems + tail.elems) * unitBytes);
    p->cost = moved / rowOut;
    // The cores share the memory bandwidth, so an uneven split costs less than the busiest core's
    // share of the work: candidates weigh it by its square root.
    p->score = p->cost * std::sqrt(BusiestShare((p->units + p->granuleUnits - 1) / p->granuleUnits, cores));
    p->ok = true;
    return true;
}

// A unit of view dims [r, rank) with dim k >= r cut into chunks (Note [gather units]): the longest
// chunk that fits UB, or a shorter one where that spreads the units more evenly over the cores.
// False when no chunk fits or the dim is too short to cut.
inline bool CutUnit(const StridedView& v, int32_t r, int32_t k, int64_t unitBytes, bool usePad, int64_t budget,
                    int64_t cores, bool scratch, int64_t minChunkBytes, UnitPlan* p)
{
    const int64_t blockElems = kBlockBytes / unitBytes;
    const int64_t dim = v.shape[k];
    int64_t inner = 1;
    for (int32_t d = k + 1; d < v.rank; ++d) {
        inner *= v.shape[d];
    }
    int64_t pieces = 1;
    for (int32_t d = r; d < k; ++d) {
        pieces *= v.shape[d];
    }
    const int64_t rows = NumElements(v) / (pieces * dim * inner);
    const bool ownTailTable = v.stride[k] < 0 || pieces > 1;  // as GatherCopyKernel::ShapeUnits decides
    auto fits = [&](int64_t chunk) {
        UnitPlan q{};
        ShapeUnit(v, r, k, chunk, unitBytes, usePad, &q);
        q.tailTableBytes = ownTailTable ? OffsetTableBytes(UnitOutBytes(q) / unitBytes) : 0;
        return GatherTileBytes(q, 1, unitBytes, scratch) <= budget;
    };
    // Chunks whose pieces are 32-byte multiples; pieces of several start UB blocks of their own, so
    // those units take any chunk when no aligned one fits.
    int64_t align = blockElems / Gcd(inner, blockElems);
    if (pieces > 1 && !fits(align)) {
        align = 1;
    }
    if (dim <= align || !fits(align)) {
        return false;
    }
    int64_t lowest = 1;                   // fits(lowest * align)
    int64_t highest = (dim - 1) / align;  // chunks shorter than the dim
    while (lowest < highest) {
        int64_t mid = (lowest + highest + 1) / 2;
        if (fits(mid * align)) {
            lowest = mid;
        } else {
            highest = mid - 1;
        }
    }
    // As few chunks per row as fit, as even as the alignment allows ...
    const int64_t fewest = (dim + lowest * align - 1) / (lowest * align);
    int64_t chunk = AlignUp((dim + fewest - 1) / fewest, align);
    double share = BusiestShare(rows * fewest, cores);
    // ... or more where they spread over the cores more evenly.
    for (int64_t perRow = fewest + 1; perRow <= fewest + 2 * cores; ++perRow) {
        int64_t shorter = AlignUp((dim + perRow - 1) / perRow, align);
        if (shorter * pieces * inner * unitBytes < minChunkBytes) {
            break;
        }
        double spread = BusiestShare(rows * ((dim + shorter - 1) / shorter), cores);
        if (spread < share - 0.005) {
            chunk = shorter;
            share = spread;
        }
    }
    const int64_t perRow = (dim + chunk - 1) / chunk;
    const int64_t tailChunk = dim - (perRow - 1) * chunk;
    UnitPlan tailUnit{};
    TailReads tail{};
    tail.instructions = ShapeUnit(v, r, k, tailChunk, unitBytes, usePad, &tailUnit);
    tail.slotBytes = tailUnit.unitSlotBytes;
    tail.elems = tailUnit.unitElems;
    int64_t instructions = ShapeUnit(v, r, k, chunk, unitBytes, usePad, p);
    p->chunksPerRow = perRow;
    p->units = rows * perRow;
    // The tail's pieces sit in the full unit's piece slots; its table covers up to its last element.
    int64_t tailTableElems = (pieces - 1) * (p->pieceSlotBytes / unitBytes) + tailChunk * inner;
    p->tailTableBytes = ownTailTable ? OffsetTableBytes(tailTableElems) : 0;
    return SizeUnitTiles(p, instructions, tail, 1, unitBytes, usePad, budget, cores, scratch);
}

// Adds to a candidate's cost and score its core's table build (TableBuildWork): a cost per core,
// spread over the busiest core's output bytes and priced as instructions are (Note [copy cost]),
// at the cost model's rate of a DMA instruction (Note [cost model] in cost_model.h).
inline void PriceTables(const StridedView& v, int64_t unitBytes, int64_t cores, UnitPlan* p)
{
    const int64_t used = cores < p->units ? cores : p->units;
    const int64_t coreUnits = (p->units + used - 1) / used;
    const int64_t tableUnits = p->unitsPerTile < coreUnits ? p->unitsPerTile : coreUnits;
    const TableWork w = TableBuildWork(v, *p, unitBytes, tableUnits);
    const double ns = static_cast<double>(w.scalarWrites) * 2 * kUbScalarNs + static_cast<double>(w.adds) * kVectorIssueNs;
    const double share = static_cast<double>(coreUnits * p->unitElems * unitBytes);
    const double balance = p->cost > 0 ? p->score / p->cost : 1.0;
    p->cost += ns * static_cast<double>(kInstructionBytes) / kDmaIssueNs / share;
    p->score = p->cost * balance;
}

// Without DataCopyPad every store must be a block or longer (Note [store tails] in
// copy_kernel_base.h): a GATHER unit's pieces, its row's tail's too, are, or the whole output
// is shorter than a block (one core then writes it by scalar stores alone).
inline bool StoresFillBlocks(const StridedView& v, const UnitPlan& p, int64_t unitBytes, bool usePad)
{
    if (usePad || NumElements(v) * unitBytes < kBlockBytes) {
        return true;
    }
    const int64_t inner = p.unitElems / (p.pieces * p.chunk);
    const int64_t tailChunk = v.shape[p.unitDim] - (p.chunksPerRow - 1) * p.chunk;
    return p.chunk * inner * unitBytes >= kBlockBytes && tailChunk * inner * unitBytes >= kBlockBytes;
}

// The best way to cut the view into GATHER units that fit UB (Note [gather units]) for a copy on
// `cores` cores, with room for 16-bit transposes' scratch where `scratch`; units cut to balance
// the cores hold at least `minChunkBytes` of output.
inline UnitPlan PlanUnits(const StridedView& v, int64_t unitBytes, bool usePad, int64_t budget, int64_t cores,
                          bool scratch, int64_t minChunkBytes)
{
    UnitPlan best{};
    best.ok = false;
    const int64_t total = NumElements(v);
    const int64_t blockElems = kBlockBytes / unitBytes;
    int64_t unitElems = 1;
    for (int32_t k = v.rank - 1; k >= 0; --k) {
        unitElems *= v.shape[k];
        UnitPlan whole{};
        int64_t instructions = ShapeUnit(v, k, k, v.shape[k], unitBytes, usePad, &whole);
        whole.chunksPerRow = 1;
        whole.units = total / unitElems;
        TailReads same{whole.unitSlotBytes, instructions, whole.unitElems};
        bool fits = SizeUnitTiles(&whole, instructions, same, 1, unitBytes, usePad, budget, cores, scratch);
        const bool stores = fits && StoresFillBlocks(v, whole, unitBytes, usePad);
        if (fits) {
            PriceTables(v, unitBytes, cores, &whole);
        }
        if (stores && (!best.ok || whole.score < best.score)) {
            best = whole;
        }
        // Without DataCopyPad, tiles of whole 32-byte blocks need no scalar stores, but granules of
        // that many units may split worse over the cores.
        UnitPlan aligned = whole;
        int64_t blockUnits = blockElems / Gcd(unitElems, blockElems);
        if (stores && !usePad && blockUnits > 1 &&
            SizeUnitTiles(&aligned, instructions, same, blockUnits, unitBytes, usePad, budget, cores, scratch)) {
            PriceTables(v, unitBytes, cores, &aligned);
            if (aligned.score <= best.score) {
                best = aligned;
            }
        }
        // The same unit with the dims from q on in pieces of 32-byte slots: a table whose dims
        // outside the pieces are whole 32-byte blocks, which Adds builds where entries of dims
        // that are no block multiple would be copied by the scalar unit (Note [offset tables]).
        for (int32_t q = k + 1; fits && q < v.rank; ++q) {
            UnitPlan pieces{};
            const int64_t copies = ShapeUnit(v, k, q, v.shape[q], unitBytes, usePad, &pieces);
            pieces.chunksPerRow = 1;
            pieces.units = whole.units;
            TailReads own{pieces.unitSlotBytes, copies, pieces.unitElems};
            if (SizeUnitTiles(&pieces, copies, own, 1, unitBytes, usePad, budget, cores, scratch) &&
                StoresFillBlocks(v, pieces, unitBytes, usePad)) {
                PriceTables(v, unitBytes, cores, &pieces);
                if (!best.ok || pieces.score < best.score) {
                    best = pieces;
                }
            }
        }
        // Dim k cut, with the dims before it inside the unit as well where their windows overlap.
        for (int32_t r = k; r >= 0; --r) {
            UnitPlan cut{};
            if (CutUnit(v, r, k, unitBytes, usePad, budget, cores, scratch, minChunkBytes, &cut) &&
                StoresFillBlocks(v, cut, unitBytes, usePad)) {
                PriceTables(v, unitBytes, cores, &cut);
                if (!best.ok || cut.score < best.score) {
                    best = cut;
                }
            }
        }
        if (!fits) {
            break;  // wider units hold this one whole
        }
    }
    return best;
}

// What BURST (BURST_ALIGNED without DataCopyPad) would cost the view, priced as GATHER units are:
// bytes read per output byte plus kInstructionBytes per instruction or scalar access. DataCopyPad
// and DataCopy (rows of whole blocks) read a tile's rows exactly, by chains (Note [row chains] in copy_grid.h);
// DataCopy reads any other row's aligned interior in one instruction and its < 32-byte edges
// element by element.
inline double BurstCost(const StridedView& v, int64_t elemBytes, bool usePad, int64_t half, int64_t cores)
{
    const int64_t row = v.shape[v.rank - 1];
    const double rowBytes = static_cast<double>(row * elemBytes);
    const int64_t rows = NumElements(v) / row;
    const int64_t shareRows = (rows + cores - 1) / cores;
    if (usePad) {
        // A tile's rows load by chains (Note [row chains]), or one instruction per row.
        int64_t slot = AlignUp(row * elemBytes, kBlockBytes);
        int64_t tileRows = slot <= half ? half / slot : 1;
        tileRows = tileRows < kMaxBlockCount ? tileRows : kMaxBlockCount;
        tileRows = tileRows < shareRows ? tileRows : shareRows;
        const RowChains chains = PlanRowChains(v, elemBytes, tileRows, true);
        return 1.0 + static_cast<double>(kInstructionBytes * (chains.perTile + 1)) /
                         (static_cast<double>(tileRows) * rowBytes);
    }
    // Rows of whole blocks load by chains (Note [row chains]), in tiles of at most a core's rows.
    int64_t tileRows = half / (row * elemBytes);
    tileRows = tileRows < shareRows ? tileRows : shareRows;
    const RowChains chains = PlanRowChains(v, elemBytes, tileRows);
    if (chains.dim >= 0) {
        return 1.0 + static_cast<double>(kInstructionBytes * (chains.perTile + 1)) /
                         static_cast<double>(tileRows * row * elemBytes);
    }
    const int64_t blockElems = kBlockBytes / elemBytes;
    const int64_t edges = row < blockElems ? row : blockElems - 1;
    return 1.0 + static_cast<double>(kInstructionBytes * (1 + edges)) / rowBytes +
           static_cast<double>(kInstructionBytes) / static_cast<double>(half);
}

// Core split: `count` items (output units, or GATHER units) in ranges of whole granules, spread
// evenly over `cores` cores (Note [core count]), or as many as there are granules.
inline void SplitCores(int64_t count, int64_t granule, int64_t cores, CopyTiling* t)
{
    int64_t granules = (count + granule - 1) / granule;
    cores = cores < granules ? cores : granules;
    cores = cores < 1 ? 1 : cores;
    t->splitGranule = granule;
    t->granulesPerCore = granules / cores;
    t->granuleRemainder = granules % cores;
    t->blockDim = static_cast<uint32_t>(cores);
}

// ceil(2^64 / d) for an extent d of a view of `totalUnits` units; 0 where Note [index reciprocals]
// gives none.
inline uint64_t ExtentReciprocal(int64_t d, int64_t totalUnits)
{
    if (d < 2 || totalUnits >= (int64_t{1} << 32)) {
        return 0;
    }
    return ~uint64_t{0} / static_cast<uint64_t>(d) + 1;  // floor((2^64 - 1) / d) + 1 = ceil(2^64 / d)
}

inline void StoreView(const StridedView& v, CopyTiling* t)
{
    t->rank = v.rank;
    for (int32_t d = 0; d < kMaxDims; ++d) {
        t->shape[d] = d < v.rank ? v.shape[d] : 1;
        t->stride[d] = d < v.rank ? v.stride[d] : 0;
        t->shapeReciprocal[d] = d < v.rank ? ExtentReciprocal(v.shape[d], NumElements(v)) : 0;
    }
    t->offset = v.offset;
    int64_t lo, span;
    Hull(v, 0, 0, v.shape[0], -1, -1, &lo, &span);
    t->hullLo = v.offset + lo;
    t->hullHi = v.offset + lo + span;
}

// ---- Note [block transposes] (copy_grid.h), checked on the host ----

// Input lane of each output lane of a unit shaped `shape` whose output has no padding, from the
// unit's slot: its table entries (Note [offset tables] in copy_kernel_gather.h) in 16-bit lanes.
inline std::vector<int64_t> UnitLanes(const CopyTiling& t, const UnitShape& shape, int64_t elems)
{
    const int64_t unitLanes = t.unitBytes / kTransposeLaneBytes;
    const int64_t first = TableFirst(t, shape, t.unitBytes);
    std::vector<int64_t> lanes(static_cast<size_t>(elems * unitLanes));
    for (int64_t r = 0; r < elems; ++r) {
        int64_t entry = first;
        int64_t rest = r;
        for (int32_t d = t.rank - 1; d >= t.runDim; --d) {
            const int64_t extent = d == t.unitDim ? shape.chunk : t.shape[d];
            entry += rest % extent * TableWeight(t, d, t.unitBytes);
            rest /= extent;
        }
        for (int64_t h = 0; h < unitLanes; ++h) {
            lanes[static_cast<size_t>(r * unitLanes + h)] = entry / kTransposeLaneBytes + h;
        }
    }
    return lanes;
}

// PlanTransposeGroup's lanes(k) and emit on the host: every output lane a class serves must be
// where the class's rows put it; counts the transposes.
struct HostLanes {
    const std::vector<int64_t>* lanes;
    int64_t operator()(int64_t k) const { return (*lanes)[static_cast<size_t>(k)]; }
};

struct TransposeCheck {
    const std::vector<int64_t>* lanes;
    TransposeGroups groups;
    int64_t first;
    bool ok;
    int64_t transposes;

    void operator()(const int64_t* rowBlock, const int8_t* columnOfLane)
    {
        const int64_t outLanes = static_cast<int64_t>(lanes->size());
        transposes += 1;
        for (int64_t j = 0; j < kTransposeLanes; ++j) {
            if (columnOfLane[j] < 0) {
                continue;
            }
            for (int64_t q = 0; q < kTransposeLanes; ++q) {
                const int64_t k = groups.Block(first, q) * kTransposeLanes + columnOfLane[j];
                ok = ok && (k >= outLanes || (*lanes)[static_cast<size_t>(k)] == rowBlock[q] * kTransposeLanes + j);
            }
        }
    }
};

// What the transposes of a tile cost: TransDataTo5HD calls and groups.
struct TransposeCount {
    int64_t transposes = 0;
    int64_t groups = 0;
};

// Whether the rule serves every group of a tile of these output lanes that holds a block from
// `fromBlock` on; adds the tile's transposes and groups to *count.
inline bool TransposeGroupsServe(const std::vector<int64_t>& lanes, const TransposeGroups& groups, int64_t fromBlock,
                                 TransposeCount* count)
{
    const int64_t outLanes = static_cast<int64_t>(lanes.size());
    const int64_t blocks = (outLanes + kTransposeLanes - 1) / kTransposeLanes;
    const int64_t span = groups.Span();
    HostLanes get{&lanes};
    for (int64_t start = fromBlock / span * span; start < blocks; start += span) {
        for (int64_t first = start; first < start + groups.stride && first < blocks; first += groups.Run()) {
            TransposeCheck check{&lanes, groups, first, true, 1};
            PlanTransposeGroup(get, groups, first, outLanes, check);
            if (!check.ok) {
                return false;
            }
            count->transposes += check.transposes;
            count->groups += 1;
        }
    }
    return true;
}

// The scalar unit's share of a tile's transposes, and the scalar rearrangement of the same tile
// (Note [cost model]): the address lists, the offset-table reads (a unit's entry per row-0 unit,
// 15 rows per class), the loop iterations; a table, an input and an output access per unit.
inline double TransposeTileNs(const TransposeCount& c, int64_t unitLanes)
{
    const double reads = static_cast<double>(c.groups * (kTransposeLanes / unitLanes) +
                                             (c.transposes - c.groups) * (kTransposeLanes - 1));
    return static_cast<double>(c.transposes) * (kVectorIssueNs + kAddressListNs) + reads * kUbScalarNs +
           static_cast<double>(2 * c.groups) * kLoopIterationNs;
}

// The groups of Note [block transposes] for a GATHER / TRANSPOSE tiling of 2- or 4-byte units:
// those of least cost under which the rule serves every tile a core can meet, each checked lane
// by lane, if they cost less than the scalar unit's rearrangement. A core's tiles are its first
// unitsPerTile units or fewer, then perhaps a row's tail: a shorter tile is a prefix of a full
// one, which the groups serve as they serve the full one; a tail that reads the main table is a
// prefix of one more full unit; a tail with its own table follows k full units, for each k.
// Stride 0: none serves or pays, or units with padding between their pieces (which a tail of
// several pieces always has).
inline TransposeGroups ChooseTransposeGroups(const CopyTiling& t)
{
    TransposeGroups none{0, 0};
    const UnitGrid g = MakeUnitGrid(t);
    if (g.units == 0 || (t.unitBytes != 2 && t.unitBytes != 4)) {
        return none;
    }
    const int64_t pieceSlotElems = t.pieceSlotBytes / t.unitBytes;
    UnitShape full, tail;
    ShapeGridUnits(t, g, pieceSlotElems, &full, &tail);
    const bool ownTail = OwnTailTable(t, g);
    if (pieceSlotElems != full.piece || (ownTail && g.pieces > 1)) {
        return none;
    }
    const int64_t unitLanes = t.unitBytes / kTransposeLaneBytes;
    const int64_t slotLanes = t.unitSlotBytes / kTransposeLaneBytes;
    const std::vector<int64_t> unit = UnitLanes(t, full, full.gatherElems);
    const std::vector<int64_t> tailUnit = ownTail ? UnitLanes(t, tail, tail.gatherElems) : std::vector<int64_t>();
    std::vector<int64_t> tile;
    for (int64_t u = 0; u < t.unitsPerTile; ++u) {
        for (int64_t lane : unit) {
            tile.push_back(lane + u * slotLanes);
        }
    }
    TransposeGroups best = none;
    double least = static_cast<double>(t.unitsPerTile * full.gatherElems) * 3 * kUbScalarNs;  // the scalar unit's
    for (int64_t runShift = 0; runShift <= 4; ++runShift) {
        for (int64_t runs = 1; runs <= kMaxTransposeRuns; ++runs) {
            const TransposeGroups groups{runs << runShift, runShift};
            TransposeCount count;
            bool serves = TransposeGroupsServe(tile, groups, 0, &count);
            for (int64_t k = 0; serves && ownTail && k < t.unitsPerTile; ++k) {
                std::vector<int64_t> withTail(tile.begin(), tile.begin() + k * full.gatherElems * unitLanes);
                for (int64_t lane : tailUnit) {
                    withTail.push_back(lane + k * slotLanes);
                }
                TransposeCount ignored;
                serves = TransposeGroupsServe(withTail, groups, k * full.gatherElems * unitLanes / kTransposeLanes,
                                              &ignored);
            }
            const double ns = TransposeTileNs(count, unitLanes);
            if (serves && ns < least) {
                best = groups;
                least = ns;
            }
        }
    }
    return best;
}

// Whether GATHER units of `unitBytes` bytes may be rearranged by 16-bit transposes (Note [block
// transposes] in copy_grid.h): where the SoC has no Gather for them.
inline bool TransposesMayServe(const SocInfo& soc, int64_t unitBytes)
{
    const bool gathers = soc.product.gather && (unitBytes == 2 || unitBytes == 4 || (unitBytes == 1 && soc.product.gather8Bit));
    return !gathers && soc.product.transpose16Bit && (unitBytes == 2 || unitBytes == 4);
}

// A GATHER / TRANSPOSE tiling's tiles of `perTile` units: their elements and buffers.
inline void SizeGatherTile(const UnitPlan& units, int64_t perTile, int64_t unitBytes, CopyTiling* t)
{
    t->unitsPerTile = perTile;
    t->tileElems = perTile * units.unitElems;
    t->inBufBytes = static_cast<uint32_t>(perTile * units.unitSlotBytes);
    const int64_t tileOutBytes = perTile * UnitOutBytes(units);
    t->outBufBytes = static_cast<uint32_t>(AlignUp(tileOutBytes, kBlockBytes));
    t->tableBytes = static_cast<uint32_t>(OffsetTableBytes(tileOutBytes / unitBytes) + units.tailTableBytes);
}

// ---- Note [core count] ----
// A copy runs on the number of cores whose time the cost model (Note [cost model] in
// cost_model.h) gives least for its plan. With c cores the busiest one's share is n output bytes
// (whole granules: rows, blocks or GATHER units), and
//     T(c) = c * kBlockLaunchNs + fixed + tiles(n) * perTile + n * perByte
//            + max(n * moved / kCoreBandwidthGbps, N * moved / memoryBandwidthGbps)
// fixed: what a core does once whatever its share (divisions where it starts, its offset tables);
// perTile, perByte: the instructions and scalar work of a tile and of an output byte; moved: GM
// bytes DMA moves per output byte, N of them in all. A core alone cannot draw the device's memory
// bandwidth, so small copies gain from a few cores; every term but the first shrinks with c, and
// a core is launched while it saves more than it costs. So the count follows the plan's work, not
// a size floor: a 4 KiB copy by DMA alone runs on one or two cores, while one whose elements the
// scalar unit moves one by one takes as many as its share's work pays for.
struct CoreWork {
    int64_t granules = 1;     // what the cores split
    double granuleBytes = 0;  // output bytes of a granule
    double tileBytes = 1;     // output bytes of a full tile
    double fixedNs = 0;
    double tileNs = 0;
    double byteNs = 0;
    double moved = 2;
};

inline double CoreTimeNs(const CoreWork& w, int64_t cores, double bandwidthGbps)
{
    const int64_t share = (w.granules + cores - 1) / cores;
    const double bytes = static_cast<double>(share) * w.granuleBytes;
    const double all = static_cast<double>(w.granules) * w.granuleBytes;
    const double transfer = std::fmax(bytes * w.moved / kCoreBandwidthGbps, all * w.moved / bandwidthGbps);
    return static_cast<double>(cores) * kBlockLaunchNs + w.fixedNs + std::ceil(bytes / w.tileBytes) * w.tileNs +
           bytes * w.byteNs + transfer;
}

// The core count of least T(c), the fewer cores on a tie.
inline int64_t CoresWorth(const CoreWork& w, int64_t coreNum, double bandwidthGbps)
{
    const int64_t most = coreNum < w.granules ? coreNum : w.granules;
    int64_t best = 1;
    double least = CoreTimeNs(w, 1, bandwidthGbps);
    for (int64_t c = 2; c <= most; ++c) {
        const double time = CoreTimeNs(w, c, bandwidthGbps);
        if (time < least) {
            best = c;
            least = time;
        }
    }
    return best;
}

// T(c) at the core count CoresWorth gives.
inline double LeastCoreTimeNs(const CoreWork& w, int64_t coreNum, double bandwidthGbps)
{
    return CoreTimeNs(w, CoresWorth(w, coreNum, bandwidthGbps), bandwidthGbps);
}

// The most cores whose ranges still store whole blocks without DataCopyPad (Note [store tails] in
// copy_kernel_base.h): an output shorter than a block goes to one core, which writes it by scalar
// stores alone (another core's bytes would share their data cache lines); otherwise every range
// must hold a block. Ranges of whole-block granules leave only the last one short, where the output
// is no block multiple: it takes two granules then. GATHER units of such SoCs store whole blocks
// themselves (StoresFillBlocks).
inline int64_t CoresStoringBlocks(int64_t cores, int64_t granules, int64_t outBytes, bool blockGranules)
{
    if (outBytes < kBlockBytes) {
        return 1;
    }
    if (blockGranules && outBytes % kBlockBytes != 0) {
        const int64_t most = granules / 2 > 1 ? granules / 2 : 1;
        return cores < most ? cores : most;
    }
    return cores;
}

// How a GATHER / TRANSPOSE tile is put in output order.
enum class Rearrange { kGather, kTransposes, kScalar };

// A group of 16 output blocks by 16-bit transposes (Note [block transposes] in copy_grid.h), for
// the two classes of columns the common views' groups take: three transposes with their address
// lists, the offset-table reads, two loop iterations.
inline double TransposeGroupNs(int64_t unitBytes)
{
    const double classes = 2;
    const double reads = static_cast<double>(kTransposeGroupBytes / kTransposeLanes / unitBytes) +
                         static_cast<double>(kTransposeLanes - 1) * classes;
    return (1 + classes) * (kVectorIssueNs + kAddressListNs) + reads * kUbScalarNs + 2 * kLoopIterationNs;
}

// A GATHER / TRANSPOSE plan's work (Note [core count]): each unit's window loads and its stores
// when it has several pieces; a tile's store, Gather and loop; the rearrangement's scalar work
// per byte; the offset tables and a core's first unit's divisions once.
inline CoreWork GatherWork(const StridedView& v, const UnitPlan& u, int64_t unitBytes, bool usePad, Rearrange how)
{
    CoreWork w;
    const double unitOut = static_cast<double>(u.unitElems * unitBytes);
    w.granules = (u.units + u.granuleUnits - 1) / u.granuleUnits;
    w.granuleBytes = static_cast<double>(u.granuleUnits) * unitOut;
    w.tileBytes = static_cast<double>(u.unitsPerTile) * unitOut;
    const int64_t stores = u.pieces == 1 ? 0 : (usePad ? (u.pieces + kMaxBlockCount - 1) / kMaxBlockCount : u.pieces);
    w.tileNs = (u.pieces == 1 ? kDmaIssueNs : 0.0) + kLoopIterationNs + (how == Rearrange::kGather ? kVectorIssueNs : 0.0);
    double unitNs = static_cast<double>(u.loads + stores) * kDmaIssueNs + kLoopIterationNs;
    if (how == Rearrange::kScalar) {
        unitNs += static_cast<double>(u.unitElems) * 3 * kUbScalarNs;  // table, input and output accesses
    }
    w.byteNs = unitNs / unitOut +
               (how == Rearrange::kTransposes ? TransposeGroupNs(unitBytes) / kTransposeGroupBytes : 0.0);
    w.moved = (static_cast<double>(u.unitSlotBytes) + unitOut) / unitOut;
    const TableWork table = TableBuildWork(v, u, unitBytes, u.unitsPerTile);
    w.fixedNs = static_cast<double>(table.scalarWrites) * 2 * kUbScalarNs + static_cast<double>(table.adds) * kVectorIssueNs +
                static_cast<double>(v.rank) * kDivModNs;
    return w;
}

// The whole rows of a BURST / BURST_ALIGNED tile, at most kMaxBlockCount; 0 for rows longer
// than a tile.
inline int64_t CopyTileRows(const StridedView& v, int64_t unitBytes, bool usePad, int64_t half)
{
    const int64_t row = v.shape[v.rank - 1];
    const int64_t slot = AlignUp(row * unitBytes, kBlockBytes);
    const int64_t rows = usePad ? (slot <= half ? half / slot : 0) : half / (row * unitBytes);
    return rows < kMaxBlockCount ? rows : kMaxBlockCount;
}

// The units of a chain group, the rows of every index of the chain dim and of the dims inside it
// (Note [row chains]), for tiles of a BURST / BURST_ALIGNED copy; 0 where rows load without chains.
inline int64_t ChainGroupUnits(const StridedView& v, int64_t unitBytes, bool usePad, int64_t half)
{
    const RowChains chains = PlanRowChains(v, unitBytes, CopyTileRows(v, unitBytes, usePad, half), usePad);
    return chains.dim >= 0 ? v.shape[v.rank - 1] * v.shape[chains.dim] * chains.innerRows : 0;
}

// A BURST, BURST_ALIGNED or SCALAR plan's work in `granule`-unit granules: a DMA and a loop
// iteration per row chain and a tile's store (BURST, and BURST_ALIGNED rows of whole blocks), or a
// DMA, a loop iteration and scalar moves of its edges per row (other BURST_ALIGNED rows), or a
// scalar GM read per element (SCALAR); a core's first row's index decode (BURST, BURST_ALIGNED:
// multiply-highs by the dims' reciprocals where the view has them, Note [index reciprocals];
// otherwise divisions); where granules are no whole rows, the DMAs of a range's first and last row
// pieces, and where they are no whole chain groups, its first chains in part.
inline CoreWork CopyWork(const StridedView& v, int64_t unitBytes, bool usePad, int64_t half, int64_t granule,
                         uint32_t mode)
{
    CoreWork w;
    const int64_t total = NumElements(v);
    const int64_t row = v.shape[v.rank - 1];
    const double rowBytes = static_cast<double>(row * unitBytes);
    w.granules = (total + granule - 1) / granule;
    w.granuleBytes = static_cast<double>(granule * unitBytes);
    w.tileBytes = static_cast<double>(half);
    const bool reciprocals = mode != kCopyModeScalar && ExtentReciprocal(2, total) != 0;
    w.fixedNs = static_cast<double>(v.rank + 1) * (reciprocals ? kMulHighNs : kDivModNs);
    if (mode != kCopyModeScalar && granule % row != 0 && total > row) {
        w.fixedNs += 2 * kDmaIssueNs;  // a range from mid-row to mid-row: its first and last row in pieces
    }
    w.byteNs = kLoopIterationNs / rowBytes;
    if (mode == kCopyModeScalar) {
        w.tileNs = kDmaIssueNs;
        w.byteNs = (kGmScalarNs + kUbScalarNs) / static_cast<double>(unitBytes);
        w.moved = 1;
        return w;
    }
    const int64_t tileRows = CopyTileRows(v, unitBytes, usePad, half);
    if (tileRows < 1) {  // rows longer than a tile: pieces of one row
        w.tileNs = 2 * kDmaIssueNs + kLoopIterationNs;
        return w;
    }
    w.tileBytes = static_cast<double>(tileRows) * rowBytes;
    const RowChains chains = PlanRowChains(v, unitBytes, tileRows, usePad);
    if (usePad || chains.dim >= 0) {
        // A DMA and a loop iteration per chain of up to kMaxBlockCount rows (per row without
        // chains: the walk jumps over the rows that start none) and a tile's store. A range or a
        // tile that starts inside a chain group (Note [row chains]) loads the group's first chains
        // in part: up to innerRows DMAs more.
        const int64_t extent = chains.dim >= 0 ? v.shape[chains.dim] : 1;
        const int64_t chainRows = extent < kMaxBlockCount ? extent : kMaxBlockCount;
        const int64_t groupRows = extent * chains.innerRows;
        const double partial = static_cast<double>(chains.innerRows < tileRows ? chains.innerRows : tileRows) * kDmaIssueNs;
        w.byteNs = (kDmaIssueNs + kLoopIterationNs) / (static_cast<double>(chainRows) * rowBytes);
        w.tileNs = kDmaIssueNs + (chains.dim >= 0 && tileRows % groupRows != 0 ? partial : 0.0);
        if (chains.dim >= 0 && granule % (row * groupRows) != 0) {
            w.fixedNs += partial;
        }
        return w;
    }
    // A row's aligned interior by one DataCopy, its < 32-byte edges by scalar UB moves.
    const int64_t blockElems = kBlockBytes / unitBytes;
    const int64_t edges = row < blockElems ? row : blockElems - 1;
    w.tileNs = kDmaIssueNs;
    w.byteNs = (kDmaIssueNs + static_cast<double>(edges) * 2 * kUbScalarNs + kLoopIterationNs) / rowBytes;
    return w;
}

}  // namespace detail

inline bool SplitsByUnits(const CopyTiling& t) { return t.mode == kCopyModeGather || t.mode == kCopyModeTranspose; }

// A tiling's copy mode by name (Note [copy modes]). Where the architecture has no Gather for the
// element size, a GATHER or TRANSPOSE rearranges by 16-bit transposes ("gather/transdata",
// "transpose/transdata", Note [block transposes] in copy_grid.h) or, where their rule does not
// serve or the units are bytes, by scalar UB reads and writes ("gather/scalar",
// "transpose/scalar"), as SCALAR reads by scalar GM accesses (Note [scalar cost] in scalar_cost.h).
inline const char* CopyModeName(const CopyTiling& t)
{
    switch (t.mode) {
        case kCopyModeEmpty: return "empty";
        case kCopyModeBurst: return "burst";
        case kCopyModeBurstAligned: return "burst-aligned";
        case kCopyModeGather:
            return t.useVectorGather != 0 ? "gather" : t.transposeGroupStride != 0 ? "gather/transdata" : "gather/scalar";
        case kCopyModeTranspose:
            return t.useVectorGather != 0       ? "transpose"
                   : t.transposeGroupStride != 0 ? "transpose/transdata"
                                                 : "transpose/scalar";
        case kCopyModeScalar: return "scalar";
        default: return "unknown";
    }
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
    t->countInnerDim = -1;
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
    if (elemBytes == kWideElemBytes) {
        SplitPairs(merged, &pairs);
        canSplitPairs = pairs.rank <= kMaxDims;
    }
    const int64_t budget = AlignDown(soc.ubBytes, kBlockBytes);
    const bool usePad = soc.product.dataCopyPad;
    const int64_t half = AlignDown(budget / kQueueBuffers, kBlockBytes);  // a buffer of one bound queue
    const double bandwidth = soc.product.memoryBandwidthGbps;

    // GATHER candidate: on the pair view for 8-byte elements.
    const StridedView* gatherView = elemBytes == kWideElemBytes ? (canSplitPairs ? &pairs : nullptr) : &merged;
    int64_t gatherUnit = elemBytes == kWideElemBytes ? kPairUnitBytes : elemBytes;
    const bool gathers =
        soc.product.gather && (gatherUnit == 2 || gatherUnit == 4 || (gatherUnit == 1 && soc.product.gather8Bit));
    const Rearrange rearrange =
        gathers ? Rearrange::kGather : TransposesMayServe(soc, gatherUnit) ? Rearrange::kTransposes : Rearrange::kScalar;
    const int64_t innerStride = merged.stride[merged.rank - 1];
    const int64_t rowElems = merged.shape[merged.rank - 1];
    const bool unitStride = innerStride == 1;
    const bool longRows = rowElems * elemBytes >= kMinBurstRowBytes;
    // BURST, BURST_ALIGNED, SCALAR move the merged view, BURST of 8-byte elements the pair view
    // where DataCopyPad has no 8-byte form; cores split it in granules of single units (BURST) or
    // whole 32-byte blocks (the others), or of whole rows or whole chain groups (Note [row chains])
    // where the cost model gives that the least time (Note [core count]): no core then starts
    // mid-row, or mid-group.
    const bool narrowPad = elemBytes == kWideElemBytes && usePad && soc.product.dataCopyPadMaxElemBytes < kWideElemBytes;
    auto copyView = [&](uint32_t m) -> const StridedView& {
        return m == kCopyModeBurst && narrowPad && canSplitPairs ? pairs : merged;
    };
    auto copyUnit = [&](uint32_t m) -> int64_t {
        return m == kCopyModeBurst && narrowPad && canSplitPairs ? kPairUnitBytes : elemBytes;
    };
    struct CopySplit {
        int64_t granule;
        CoreWork work;
    };
    auto copySplit = [&](uint32_t m) -> CopySplit {
        const StridedView& v = copyView(m);
        const int64_t unit = copyUnit(m);
        const int64_t row = v.shape[v.rank - 1];
        const int64_t fine = m == kCopyModeBurst ? 1 : kBlockBytes / unit;
        CopySplit best{fine, CopyWork(v, unit, usePad, half, fine, m)};
        if (m == kCopyModeScalar || (m == kCopyModeBurstAligned && row * unit % kBlockBytes != 0)) {
            return best;  // rows of whole blocks only: a range must store whole blocks
        }
        double least = LeastCoreTimeNs(best.work, soc.coreNum, bandwidth);
        for (const int64_t granule : {row, ChainGroupUnits(v, unit, usePad, half)}) {
            if (granule > fine && granule < NumElements(v)) {
                const CopySplit split{granule, CopyWork(v, unit, usePad, half, granule, m)};
                const double time = LeastCoreTimeNs(split.work, soc.coreNum, bandwidth);
                if (time < least) {
                    best = split;
                    least = time;
                }
            }
        }
        return best;
    };

    // Units for balancing the cores: no shorter than a group of transposes where they rearrange
    // (shorter ones fill groups in part), much shorter where the scalar unit rearranges each
    // element, whose work more cores divide (Note [core count]).
    const int64_t minChunkBytes = rearrange == Rearrange::kGather       ? kMinChunkBytes
                                  : rearrange == Rearrange::kTransposes ? kTransposeGroupBytes
                                                                        : kMinScalarChunkBytes;
    // The plan for the cores it is made for, from all of them; then the cores that plan is worth
    // (Note [core count]), and the plan once more for those. Without DataCopyPad (or, in SCALAR
    // mode, without one for the element size) the ranges must store whole blocks.
    const int64_t outBytes = NumElements(merged) * elemBytes;
    auto storesBlocks = [&](uint32_t m, int64_t worth, int64_t granules) {
        const bool padStores = usePad && (m != kCopyModeScalar || static_cast<int32_t>(elemBytes) <= soc.product.dataCopyPadMaxElemBytes);
        const bool gatherUnits = m == kCopyModeGather || m == kCopyModeTranspose;
        return padStores ? worth : CoresStoringBlocks(worth, granules, outBytes, !gatherUnits);
    };
    int64_t cores = soc.coreNum;
    UnitPlan units{};
    CopySplit split{};
    uint32_t mode = kCopyModeScalar;
    for (int32_t pass = 0; pass < 2; ++pass) {
        units = UnitPlan{};
        units.ok = false;
        if (gatherView != nullptr) {
            units = PlanUnits(*gatherView, gatherUnit, usePad, budget, cores, rearrange == Rearrange::kTransposes,
                              minChunkBytes);
        }
        const bool burstBetter = !units.ok || BurstCost(merged, elemBytes, usePad, half, cores) <= units.cost;
        if (unitStride && (longRows || burstBetter)) {
            mode = usePad ? kCopyModeBurst : kCopyModeBurstAligned;
        } else if (units.ok) {
            const int32_t last = gatherView->rank - 1;
            mode = units.countDim == last || units.countInnerDim == last ? kCopyModeTranspose : kCopyModeGather;
        } else {
            mode = kCopyModeScalar;
        }
        const bool gatherMode = mode == kCopyModeGather || mode == kCopyModeTranspose;
        if (!gatherMode) {
            split = copySplit(mode);
        }
        const CoreWork work = gatherMode ? GatherWork(*gatherView, units, gatherUnit, usePad, rearrange) : split.work;
        const int64_t worth = storesBlocks(mode, CoresWorth(work, soc.coreNum, bandwidth), work.granules);
        if (worth == cores) {
            break;
        }
        cores = worth;
    }
    t->mode = mode;
    t->usePad = usePad ? 1 : 0;
    if (mode == kCopyModeScalar && elemBytes > static_cast<uint32_t>(soc.product.dataCopyPadMaxElemBytes)) {
        t->usePad = 0;  // its DataCopyPad cannot store the elements: whole blocks by DataCopy
    }

    if (mode == kCopyModeGather || mode == kCopyModeTranspose) {
        const StridedView& v = *gatherView;
        StoreView(v, t);
        t->unitBytes = static_cast<uint32_t>(gatherUnit);
        t->totalElems = NumElements(v);
        t->runDim = units.runDim;
        t->unitDim = units.unitDim;
        t->countDim = units.countDim;
        t->countInnerDim = units.countInnerDim;
        t->windowCount = static_cast<uint32_t>(units.windowCount);
        t->unitElems = units.unitElems;
        t->pieceSlotBytes = static_cast<uint32_t>(units.pieceSlotBytes);
        t->windowElems = units.windowElems;
        t->windowLo = units.windowLo;
        t->blockSlotBytes = static_cast<uint32_t>(units.blockSlotBytes);
        t->unitSlotBytes = static_cast<uint32_t>(units.unitSlotBytes);
        t->useVectorGather = gathers ? 1 : 0;
        SplitCores(units.units, units.granuleUnits, cores, t);
        // Tiles no bigger than a core's share, so small copies still spread.
        int64_t shareUnits = (t->granulesPerCore + (t->granuleRemainder > 0 ? 1 : 0)) * units.granuleUnits;
        SizeGatherTile(units, units.unitsPerTile < shareUnits ? units.unitsPerTile : shareUnits, gatherUnit, t);
        // Without Gather, 16-bit transposes where their rule serves the tiles (Note [block
        // transposes] in copy_grid.h); their scratch may take a tile's last granules.
        // Groups that serve tiles of some units serve tiles of fewer (ChooseTransposeGroups).
        const TransposeGroups groups = rearrange == Rearrange::kTransposes ? ChooseTransposeGroups(*t) : TransposeGroups{0, 0};
        for (int64_t perTile = t->unitsPerTile; groups.stride > 0 && perTile >= units.granuleUnits;
             perTile -= units.granuleUnits) {
            SizeGatherTile(units, perTile, gatherUnit, t);
            const int64_t scratch = TransposeScratchBytes(perTile * UnitOutBytes(units) / kTransposeLaneBytes, groups);
            if (kQueueBuffers * (int64_t{t->inBufBytes} + t->outBufBytes) + t->tableBytes + scratch <= budget) {
                t->transposeGroupStride = static_cast<uint32_t>(groups.stride);
                t->transposeGroupRun = static_cast<uint32_t>(groups.Run());
                break;
            }
        }
        if (rearrange == Rearrange::kTransposes && t->transposeGroupStride == 0) {
            // The scalar unit rearranges after all: the cores its work is worth.
            const CoreWork work = GatherWork(*gatherView, units, gatherUnit, usePad, Rearrange::kScalar);
            cores = storesBlocks(mode, CoresWorth(work, soc.coreNum, bandwidth), work.granules);
            SplitCores(units.units, units.granuleUnits, cores, t);
            shareUnits = (t->granulesPerCore + (t->granuleRemainder > 0 ? 1 : 0)) * units.granuleUnits;
            SizeGatherTile(units, units.unitsPerTile < shareUnits ? units.unitsPerTile : shareUnits, gatherUnit, t);
        }
        return Status::Ok();
    }

    // BURST, BURST_ALIGNED, SCALAR: one bound in/out queue of kQueueBuffers buffers.
    const bool narrow = narrowPad && mode == kCopyModeBurst;
    if (narrow && !canSplitPairs) {
        return Status::Error("the view has %d dims once 8-byte elements are split for %s's DataCopyPad: the copy "
                             "kernel handles at most %d",
                             pairs.rank, socName, kMaxDims);
    }
    const StridedView& v = narrow ? pairs : merged;
    const int64_t unitBytes = narrow ? kPairUnitBytes : elemBytes;
    StoreView(v, t);
    t->unitBytes = static_cast<uint32_t>(unitBytes);
    t->totalElems = NumElements(v);
    t->inBufBytes = static_cast<uint32_t>(half);
    t->tileElems = half / unitBytes;
    if (mode == kCopyModeBurst) {
        const int64_t row = v.shape[v.rank - 1];
        int64_t rowSlot = AlignUp(row * unitBytes, kBlockBytes);
        t->rowsPerTile = rowSlot <= half ? half / rowSlot : 0;
        t->rowsPerTile = t->rowsPerTile < kMaxBlockCount ? t->rowsPerTile : kMaxBlockCount;
    }
    SplitCores(t->totalElems, split.granule, cores, t);  // the last pass's split, made for this mode
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_PLANNER_H
