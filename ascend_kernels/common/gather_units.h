// GATHER units: how the planner cuts a view into units that fit UB (Note [gather units]), what
// each candidate costs (Note [copy cost] in copy_cost.h) and the work of a plan of them (Note
// [core count]). PlanUnits returns the cheapest for a copy on a given number of cores.
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
#ifndef ASCEND_KERNELS_COMMON_GATHER_UNITS_H
#define ASCEND_KERNELS_COMMON_GATHER_UNITS_H

#include <cmath>
#include <cstdint>

#include "copy_cost.h"
#include "copy_grid.h"
#include "copy_limits.h"
#include "cost_model.h"
#include "plan_view.h"
#include "strided_view.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "gather_units.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {

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

// Huawei's CPU-debug check of Gather wants its source tensor to hold as many bytes as the call
// writes (it checks the source as if read in order), which the windows of a unit of a view that
// repeats (stride 0) do not: the unit's slot takes that many.
inline void SlotAtLeastTheOutput(UnitPlan* p)
{
    const int64_t outSlot = AlignUp(UnitOutBytes(*p), kBlockBytes);
    p->unitSlotBytes = p->unitSlotBytes > outSlot ? p->unitSlotBytes : outSlot;
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
    SlotAtLeastTheOutput(p);
    return instructions;
}

// What one row's tail reads and writes: UB bytes, DMA instructions, output units (the full unit's
// when the dim is not cut).
struct TailReads {
    int64_t slotBytes;
    int64_t instructions;
    int64_t elems;
};

// Note [gather call bytes]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// The kernel gathers a tile's full units with one count-form Gather (Compute in
// copy_kernel_gather.h), whose 8-bit repeat count bounds the bytes one call writes on some lines
// (gather_max_call_bytes in op_specs/products.yaml; `callBytes` here, 0 where it has no bound or
// no Gather serves the plan). The UB budget keeps the tiles of a view that reads about as much
// input as it writes below that; a view that repeats (stride 0, Note [repeating views] in
// cpu_reference/view_steps.py) stages a few input blocks for many output elements, so units and
// tiles are sized against both.
inline bool GatherCallFits(const UnitPlan& p, int64_t units, int64_t callBytes)
{
    return callBytes == 0 || units * UnitOutBytes(p) <= callBytes;
}

// Sizes the tiles of a shaped unit, in whole granules of `granule` units, and prices it per row
// (Note [copy cost]): every unit's windows; a DMA per tile written, or per unit of several pieces
// (per piece without DataCopyPad); without DataCopyPad the scalar stores of partial last blocks.
// False when not even one granule fits UB.
inline bool SizeUnitTiles(UnitPlan* p, int64_t instructions, const TailReads& tail, int64_t granule,
                          int64_t unitBytes, bool usePad, int64_t budget, int64_t cores, bool scratch,
                          int64_t callBytes)
{
    const int64_t blockElems = kBlockBytes / unitBytes;
    if (GatherTileBytes(*p, granule, unitBytes, scratch) > budget || !GatherCallFits(*p, granule, callBytes)) {
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
    if (callBytes > 0) {  // Note [gather call bytes]
        const int64_t callUnits = AlignDown(callBytes / UnitOutBytes(*p), p->granuleUnits);
        units = units < callUnits ? units : callUnits;
    }
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

// A unit of view dims [r, rank) cut at dim k (Note [gather units]), by its dims: dim k's length,
// the elements of one of its indexes, the unit's pieces (dims [r, k)) and the rows (dims [0, r)).
struct CutShape {
    int64_t dim;
    int64_t inner;
    int64_t pieces;
    int64_t rows;
    bool ownTailTable;  // the row's tail has an offset table of its own
};

inline CutShape ShapeCut(const StridedView& v, int32_t r, int32_t k)
{
    CutShape s;
    s.dim = v.shape[k];
    s.inner = 1;
    for (int32_t d = k + 1; d < v.rank; ++d) {
        s.inner *= v.shape[d];
    }
    s.pieces = 1;
    for (int32_t d = r; d < k; ++d) {
        s.pieces *= v.shape[d];
    }
    s.rows = NumElements(v) / (s.pieces * s.dim * s.inner);
    s.ownTailTable = v.stride[k] < 0 || s.pieces > 1;  // as GatherCopyKernel::ShapeUnits decides
    return s;
}

// The indexes of dim k a cut unit takes: the most that fit UB, or fewer where that spreads the
// units more evenly over the cores. 0 when no chunk fits or the dim is too short to cut.
inline int64_t ChooseChunk(const StridedView& v, int32_t r, int32_t k, const CutShape& s, int64_t unitBytes,
                           bool usePad, int64_t budget, int64_t cores, bool scratch, int64_t minChunkBytes,
                           int64_t callBytes)
{
    const int64_t blockElems = kBlockBytes / unitBytes;
    auto fits = [&](int64_t chunk) {
        UnitPlan q{};
        ShapeUnit(v, r, k, chunk, unitBytes, usePad, &q);
        q.tailTableBytes = s.ownTailTable ? OffsetTableBytes(UnitOutBytes(q) / unitBytes) : 0;
        return GatherTileBytes(q, 1, unitBytes, scratch) <= budget && GatherCallFits(q, 1, callBytes);
    };
    // Chunks whose pieces are 32-byte multiples; pieces of several start UB blocks of their own, so
    // those units take any chunk when no aligned one fits.
    int64_t align = blockElems / Gcd(s.inner, blockElems);
    if (s.pieces > 1 && !fits(align)) {
        align = 1;
    }
    if (s.dim <= align || !fits(align)) {
        return 0;
    }
    int64_t lowest = 1;                     // fits(lowest * align)
    int64_t highest = (s.dim - 1) / align;  // chunks shorter than the dim
    while (lowest < highest) {
        int64_t mid = (lowest + highest + 1) / 2;
        if (fits(mid * align)) {
            lowest = mid;
        } else {
            highest = mid - 1;
        }
    }
    // As few chunks per row as fit, as even as the alignment allows ...
    const int64_t fewest = (s.dim + lowest * align - 1) / (lowest * align);
    int64_t chunk = AlignUp((s.dim + fewest - 1) / fewest, align);
    double share = BusiestShare(s.rows * fewest, cores);
    // ... or more where they spread over the cores more evenly.
    for (int64_t perRow = fewest + 1; perRow <= fewest + 2 * cores; ++perRow) {
        int64_t shorter = AlignUp((s.dim + perRow - 1) / perRow, align);
        if (shorter * s.pieces * s.inner * unitBytes < minChunkBytes) {
            break;
        }
        double spread = BusiestShare(s.rows * ((s.dim + shorter - 1) / shorter), cores);
        if (spread < share - 0.005) {
            chunk = shorter;
            share = spread;
        }
    }
    return chunk;
}

// A unit of view dims [r, rank) with dim k >= r cut into chunks (ChooseChunk), its row's tail
// priced with it. False when no chunk fits or the dim is too short to cut.
inline bool CutUnit(const StridedView& v, int32_t r, int32_t k, int64_t unitBytes, bool usePad, int64_t budget,
                    int64_t cores, bool scratch, int64_t minChunkBytes, int64_t callBytes, UnitPlan* p)
{
    const CutShape s = ShapeCut(v, r, k);
    const int64_t chunk =
        ChooseChunk(v, r, k, s, unitBytes, usePad, budget, cores, scratch, minChunkBytes, callBytes);
    if (chunk == 0) {
        return false;
    }
    const int64_t perRow = (s.dim + chunk - 1) / chunk;
    const int64_t tailChunk = s.dim - (perRow - 1) * chunk;
    UnitPlan tailUnit{};
    TailReads tail{};
    tail.instructions = ShapeUnit(v, r, k, tailChunk, unitBytes, usePad, &tailUnit);
    tail.slotBytes = tailUnit.unitSlotBytes;
    tail.elems = tailUnit.unitElems;
    int64_t instructions = ShapeUnit(v, r, k, chunk, unitBytes, usePad, p);
    p->chunksPerRow = perRow;
    p->units = s.rows * perRow;
    // The tail's pieces sit in the full unit's piece slots; its table covers up to its last element.
    int64_t tailTableElems = (s.pieces - 1) * (p->pieceSlotBytes / unitBytes) + tailChunk * s.inner;
    p->tailTableBytes = s.ownTailTable ? OffsetTableBytes(tailTableElems) : 0;
    return SizeUnitTiles(p, instructions, tail, 1, unitBytes, usePad, budget, cores, scratch, callBytes);
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

// What a search for GATHER units is for: PlanUnits' arguments.
struct UnitSearch {
    int64_t unitBytes;
    bool usePad;
    int64_t budget;
    int64_t cores;
    bool scratch;
    int64_t minChunkBytes;
    int64_t callBytes;  // the most bytes one Gather writes, 0: no limit (Note [gather call bytes])
};

// Keeps `candidate` in *best where it is the first or scores less.
inline void KeepCheaper(const UnitPlan& candidate, UnitPlan* best)
{
    if (!best->ok || candidate.score < best->score) {
        *best = candidate;
    }
}

// Units of view dims [k, rank) with dim k whole (`unitElems` elements): as they are, in granules of
// whole 32-byte blocks without DataCopyPad, and with the dims from q on in pieces; the cheapest into
// *best. False when the whole unit does not fit UB.
inline bool PlanWholeUnits(const StridedView& v, int32_t k, int64_t unitElems, const UnitSearch& s, UnitPlan* best)
{
    UnitPlan whole{};
    int64_t instructions = ShapeUnit(v, k, k, v.shape[k], s.unitBytes, s.usePad, &whole);
    whole.chunksPerRow = 1;
    whole.units = NumElements(v) / unitElems;
    TailReads same{whole.unitSlotBytes, instructions, whole.unitElems};
    bool fits =
        SizeUnitTiles(&whole, instructions, same, 1, s.unitBytes, s.usePad, s.budget, s.cores, s.scratch, s.callBytes);
    const bool stores = fits && StoresFillBlocks(v, whole, s.unitBytes, s.usePad);
    if (fits) {
        PriceTables(v, s.unitBytes, s.cores, &whole);
    }
    if (stores) {
        KeepCheaper(whole, best);
    }
    // Without DataCopyPad, tiles of whole 32-byte blocks need no scalar stores, but granules of
    // that many units may split worse over the cores.
    UnitPlan aligned = whole;
    const int64_t blockElems = kBlockBytes / s.unitBytes;
    int64_t blockUnits = blockElems / Gcd(unitElems, blockElems);
    if (stores && !s.usePad && blockUnits > 1 &&
        SizeUnitTiles(&aligned, instructions, same, blockUnits, s.unitBytes, s.usePad, s.budget, s.cores, s.scratch,
                      s.callBytes)) {
        PriceTables(v, s.unitBytes, s.cores, &aligned);
        if (aligned.score <= best->score) {
            *best = aligned;
        }
    }
    // The same unit with the dims from q on in pieces of 32-byte slots: a table whose dims
    // outside the pieces are whole 32-byte blocks, which Adds builds where entries of dims
    // that are no block multiple would be copied by the scalar unit (Note [offset tables]).
    for (int32_t q = k + 1; fits && q < v.rank; ++q) {
        UnitPlan pieces{};
        const int64_t copies = ShapeUnit(v, k, q, v.shape[q], s.unitBytes, s.usePad, &pieces);
        pieces.chunksPerRow = 1;
        pieces.units = whole.units;
        TailReads own{pieces.unitSlotBytes, copies, pieces.unitElems};
        if (SizeUnitTiles(&pieces, copies, own, 1, s.unitBytes, s.usePad, s.budget, s.cores, s.scratch,
                          s.callBytes) &&
            StoresFillBlocks(v, pieces, s.unitBytes, s.usePad)) {
            PriceTables(v, s.unitBytes, s.cores, &pieces);
            KeepCheaper(pieces, best);
        }
    }
    return fits;
}

// Units with dim k cut, with the dims before it inside the unit as well where their windows
// overlap; the cheapest into *best.
inline void PlanCutUnits(const StridedView& v, int32_t k, const UnitSearch& s, UnitPlan* best)
{
    for (int32_t r = k; r >= 0; --r) {
        UnitPlan cut{};
        if (CutUnit(v, r, k, s.unitBytes, s.usePad, s.budget, s.cores, s.scratch, s.minChunkBytes, s.callBytes,
                    &cut) &&
            StoresFillBlocks(v, cut, s.unitBytes, s.usePad)) {
            PriceTables(v, s.unitBytes, s.cores, &cut);
            KeepCheaper(cut, best);
        }
    }
}

// The best way to cut the view into GATHER units that fit UB (Note [gather units]) for a copy on
// `cores` cores, with room for 16-bit transposes' scratch where `scratch`; units cut to balance
// the cores hold at least `minChunkBytes` of output. Units grow outwards one dim at a time, until
// a whole one no longer fits.
inline UnitPlan PlanUnits(const StridedView& v, int64_t unitBytes, bool usePad, int64_t budget, int64_t cores,
                          bool scratch, int64_t minChunkBytes, int64_t callBytes)
{
    const UnitSearch search{unitBytes, usePad, budget, cores, scratch, minChunkBytes, callBytes};
    UnitPlan best{};
    best.ok = false;
    int64_t unitElems = 1;
    for (int32_t k = v.rank - 1; k >= 0; --k) {
        unitElems *= v.shape[k];
        const bool fits = PlanWholeUnits(v, k, unitElems, search, &best);
        PlanCutUnits(v, k, search, &best);
        if (!fits) {
            break;  // wider units hold this one whole
        }
    }
    return best;
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

}  // namespace detail
}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_GATHER_UNITS_H
