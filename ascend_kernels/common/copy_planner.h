// PlanStridedCopy: how the kernel copies a StridedView into a contiguous output on one SoC.
// A pure function on plain structs, run by CANN's TilingFunc, the simulator runner and tests.
//
// Its steps, one function each: check the arguments (CheckPlanArguments, CheckShape); merge the
// view (MergeForCopy); choose the mode by the innermost run for all the cores, then the cores
// that plan is worth, and plan and choose again for those (ChooseMode, Note [core count] in
// copy_cost.h); store the plan, splitting the cores and sizing the double-buffered UB tiles for
// the SoC, with the transposes' groups where the SoC has no Gather (StoreUnitPlan, StoreCopyPlan).
// GATHER units are gather_units.h's, the prices copy_cost.h's, the transposes transpose_choice.h's.
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
// Note [copy units]
// The kernel moves elements of `unitBytes`. 8-byte elements move as pairs of 4-byte units where
// DataCopyPad (310B) or Gather (everywhere) has no 64-bit form: the view gets an inner dim of
// kUnitsPerPair (copy_limits.h).
#ifndef ASCEND_KERNELS_COMMON_COPY_PLANNER_H
#define ASCEND_KERNELS_COMMON_COPY_PLANNER_H

#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "copy_cost.h"
#include "copy_grid.h"
#include "copy_limits.h"
#include "copy_tiling.h"
#include "gather_units.h"
#include "plan_view.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"
#include "transpose_choice.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "copy_planner.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {

constexpr int64_t kMinUbBytes = 4096;  // below this no tile plan makes sense

namespace detail {

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

// What every step of one plan reads: the merged view (and its pair view), the SoC's budgets, and
// how GATHER units would be rearranged.
struct CopyPlanInputs {
    const SocInfo* soc;
    const char* socName;
    uint32_t elemBytes;
    StridedView merged;
    StridedView pairs;  // 8-byte elements as 4-byte pairs (Note [copy units])
    bool canSplitPairs;
    int64_t budget;     // UB bytes
    int64_t half;       // a buffer of one bound queue
    bool usePad;
    double bandwidth;
    int64_t gatherUnit;
    bool gathers;       // Gather serves units of gatherUnit bytes
    int64_t gatherCallBytes;  // the most one Gather writes, 0: no limit or no Gather (Note [gather call bytes])
    Rearrange rearrange;
    bool narrowPad;     // DataCopyPad has no form for the 8-byte elements
    int64_t minChunkBytes;
    int64_t outBytes;

    // The view GATHER units cut: the pair view for 8-byte elements (none where it has too many
    // dims).
    const StridedView* GatherView() const
    {
        return elemBytes == kWideElemBytes ? (canSplitPairs ? &pairs : nullptr) : &merged;
    }
    // BURST, BURST_ALIGNED, SCALAR move the merged view, BURST of 8-byte elements the pair view
    // where DataCopyPad has no 8-byte form.
    bool MovesPairs(uint32_t mode) const { return mode == kCopyModeBurst && narrowPad && canSplitPairs; }
    const StridedView& CopyView(uint32_t mode) const { return MovesPairs(mode) ? pairs : merged; }
    int64_t CopyUnit(uint32_t mode) const { return MovesPairs(mode) ? kPairUnitBytes : elemBytes; }
};

// How the cores split a BURST, BURST_ALIGNED or SCALAR copy, and the work that gives them.
struct CopySplit {
    int64_t granule;
    CoreWork work;
};

// The mode of a plan, the cores it is worth, and its units or its split.
struct ModeChoice {
    uint32_t mode;
    int64_t cores;
    UnitPlan units;
    CopySplit split;
};

// The rules on the element size, the SoC and the view's rank.
inline Status CheckPlanArguments(const StridedView& view, uint32_t elemBytes, const SocInfo& soc)
{
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
    return Status::Ok();
}

// The view's dims in order: a negative one is an error, a 0 before it makes the copy empty.
inline Status CheckShape(const StridedView& view, bool* empty)
{
    *empty = false;
    for (int32_t d = 0; d < view.rank; ++d) {
        if (view.shape[d] < 0) {
            return Status::Error("view shape[%d] = %lld is invalid: it must be >= 0", d,
                                 static_cast<long long>(view.shape[d]));
        }
        if (view.shape[d] == 0) {
            *empty = true;
            return Status::Ok();
        }
    }
    return Status::Ok();
}

// The merged view and the pair view, and what the SoC gives the plan.
inline Status MergeForCopy(const StridedView& view, uint32_t elemBytes, const SocInfo& soc, CopyPlanInputs* in)
{
    in->soc = &soc;
    in->socName = soc.name != nullptr ? soc.name : "the SoC";
    in->elemBytes = elemBytes;
    MergeView(view, &in->merged);
    if (in->merged.rank > kMaxDims) {
        return Status::Error("the view has %d dims after merging contiguous dims: the copy kernel handles at most %d",
                             in->merged.rank, kMaxDims);
    }
    in->canSplitPairs = false;
    in->pairs.rank = 0;
    if (elemBytes == kWideElemBytes) {
        SplitPairs(in->merged, &in->pairs);
        in->canSplitPairs = in->pairs.rank <= kMaxDims;
    }
    in->budget = AlignDown(soc.ubBytes, kBlockBytes);
    in->usePad = soc.product.dataCopyPad;
    in->half = AlignDown(in->budget / kQueueBuffers, kBlockBytes);
    in->bandwidth = soc.product.memoryBandwidthGbps;
    in->gatherUnit = elemBytes == kWideElemBytes ? kPairUnitBytes : elemBytes;
    const int64_t unit = in->gatherUnit;
    in->gathers = soc.product.gather && (unit == 2 || unit == 4 || (unit == 1 && soc.product.gather8Bit));
    in->gatherCallBytes = in->gathers ? soc.product.gatherMaxCallBytes : 0;
    in->rearrange = in->gathers                  ? Rearrange::kGather
                    : TransposesMayServe(soc, unit) ? Rearrange::kTransposes
                                                    : Rearrange::kScalar;
    in->narrowPad = elemBytes == kWideElemBytes && in->usePad && soc.product.dataCopyPadMaxElemBytes < kWideElemBytes;
    // Units for balancing the cores: no shorter than a group of transposes where they rearrange
    // (shorter ones fill groups in part), much shorter where the scalar unit rearranges each
    // element, whose work more cores divide (Note [core count]).
    in->minChunkBytes = in->rearrange == Rearrange::kGather       ? kMinChunkBytes
                        : in->rearrange == Rearrange::kTransposes ? kTransposeGroupBytes
                                                                  : kMinScalarChunkBytes;
    in->outBytes = NumElements(in->merged) * elemBytes;
    return Status::Ok();
}

// How the cores split a BURST, BURST_ALIGNED or SCALAR copy: in granules of single units (BURST)
// or whole 32-byte blocks (the others), or of whole rows or whole chain groups (Note [row chains]
// in copy_grid.h) where the cost model gives that the least time (Note [core count]): no core then
// starts mid-row, or mid-group.
inline CopySplit SplitForCopy(const CopyPlanInputs& in, uint32_t mode)
{
    const StridedView& v = in.CopyView(mode);
    const int64_t unit = in.CopyUnit(mode);
    const int64_t row = v.shape[v.rank - 1];
    const int64_t fine = mode == kCopyModeBurst ? 1 : kBlockBytes / unit;
    CopySplit best{fine, CopyWork(v, unit, in.usePad, in.half, fine, mode)};
    if (mode == kCopyModeScalar || (mode == kCopyModeBurstAligned && row * unit % kBlockBytes != 0)) {
        return best;  // rows of whole blocks only: a range must store whole blocks
    }
    double least = LeastCoreTimeNs(best.work, in.soc->coreNum, in.bandwidth);
    for (const int64_t granule : {row, ChainGroupUnits(v, unit, in.usePad, in.half)}) {
        if (granule > fine && granule < NumElements(v)) {
            const CopySplit split{granule, CopyWork(v, unit, in.usePad, in.half, granule, mode)};
            const double time = LeastCoreTimeNs(split.work, in.soc->coreNum, in.bandwidth);
            if (time < least) {
                best = split;
                least = time;
            }
        }
    }
    return best;
}

// The cores of `worth` whose ranges may be stored: without DataCopyPad (or, in SCALAR mode,
// without one for the element size) the ranges must store whole blocks.
inline int64_t CoresStoring(const CopyPlanInputs& in, uint32_t mode, int64_t worth, int64_t granules)
{
    const bool padStores =
        in.usePad && (mode != kCopyModeScalar || static_cast<int32_t>(in.elemBytes) <= in.soc->product.dataCopyPadMaxElemBytes);
    const bool gatherUnits = mode == kCopyModeGather || mode == kCopyModeTranspose;
    return padStores ? worth : CoresStoringBlocks(worth, granules, in.outBytes, !gatherUnits);
}

// The plan for the cores it is made for, from all of them; then the cores that plan is worth
// (Note [core count]), and the plan once more for those. Rows of unit stride go BURST where they
// are long or cost less than the best GATHER units (Note [copy cost]).
inline ModeChoice ChooseMode(const CopyPlanInputs& in)
{
    const StridedView& merged = in.merged;
    const StridedView* gatherView = in.GatherView();
    const bool unitStride = merged.stride[merged.rank - 1] == 1;
    const bool longRows = merged.shape[merged.rank - 1] * in.elemBytes >= kMinBurstRowBytes;
    ModeChoice c{};
    c.cores = in.soc->coreNum;
    c.mode = kCopyModeScalar;
    for (int32_t pass = 0; pass < 2; ++pass) {
        c.units = UnitPlan{};
        c.units.ok = false;
        if (gatherView != nullptr && !(unitStride && longRows)) {  // long unit-stride rows go BURST anyway
            c.units = PlanUnits(*gatherView, in.gatherUnit, in.usePad, in.budget, c.cores,
                                in.rearrange == Rearrange::kTransposes, in.minChunkBytes, in.gatherCallBytes);
        }
        const bool burstBetter =
            !c.units.ok || BurstCost(merged, in.elemBytes, in.usePad, in.half, c.cores) <= c.units.cost;
        if (unitStride && (longRows || burstBetter)) {
            c.mode = in.usePad ? kCopyModeBurst : kCopyModeBurstAligned;
        } else if (c.units.ok) {
            const int32_t last = gatherView->rank - 1;
            c.mode = c.units.countDim == last || c.units.countInnerDim == last ? kCopyModeTranspose : kCopyModeGather;
        } else {
            c.mode = kCopyModeScalar;
        }
        const bool gatherMode = c.mode == kCopyModeGather || c.mode == kCopyModeTranspose;
        if (!gatherMode) {
            c.split = SplitForCopy(in, c.mode);
        }
        const CoreWork work =
            gatherMode ? GatherWork(*gatherView, c.units, in.gatherUnit, in.usePad, in.rearrange) : c.split.work;
        const int64_t worth = CoresStoring(in, c.mode, CoresWorth(work, in.soc->coreNum, in.bandwidth), work.granules);
        if (worth == c.cores) {
            break;
        }
        c.cores = worth;
    }
    return c;
}

// The units of a GATHER / TRANSPOSE plan, in the tiling.
inline void StoreUnits(const StridedView& v, const UnitPlan& units, int64_t unitBytes, bool gathers, CopyTiling* t)
{
    StoreView(v, t);
    t->unitBytes = static_cast<uint32_t>(unitBytes);
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
}

// Splits the units over `cores` cores, in tiles no bigger than a core's share, so small copies
// still spread.
inline void SplitUnits(const UnitPlan& units, int64_t cores, int64_t unitBytes, CopyTiling* t)
{
    SplitCores(units.units, units.granuleUnits, cores, t);
    const int64_t shareUnits = (t->granulesPerCore + (t->granuleRemainder > 0 ? 1 : 0)) * units.granuleUnits;
    SizeGatherTile(units, units.unitsPerTile < shareUnits ? units.unitsPerTile : shareUnits, unitBytes, t);
}

// A GATHER / TRANSPOSE plan: its units, split and tiles; without Gather, 16-bit transposes where
// their rule serves the tiles (Note [block transposes] in copy_grid.h), whose scratch may take a
// tile's last granules, else the scalar unit on the cores its work is worth.
inline void StoreUnitPlan(const CopyPlanInputs& in, const ModeChoice& c, CopyTiling* t)
{
    const UnitPlan& units = c.units;
    StoreUnits(*in.GatherView(), units, in.gatherUnit, in.gathers, t);
    SplitUnits(units, c.cores, in.gatherUnit, t);
    // Groups that serve tiles of some units serve tiles of fewer (ChooseTransposeGroups).
    const bool transposes = in.rearrange == Rearrange::kTransposes;
    const TransposeGroups groups = transposes ? ChooseTransposeGroups(*t) : TransposeGroups{0, 0};
    for (int64_t perTile = t->unitsPerTile; groups.stride > 0 && perTile >= units.granuleUnits;
         perTile -= units.granuleUnits) {
        SizeGatherTile(units, perTile, in.gatherUnit, t);
        const int64_t scratch = TransposeScratchBytes(perTile * UnitOutBytes(units) / kTransposeLaneBytes, groups);
        if (kQueueBuffers * (int64_t{t->inBufBytes} + t->outBufBytes) + t->tableBytes + scratch <= in.budget) {
            t->transposeGroupStride = static_cast<uint32_t>(groups.stride);
            t->transposeGroupRun = static_cast<uint32_t>(groups.Run());
            break;
        }
    }
    if (transposes && t->transposeGroupStride == 0) {
        // The scalar unit rearranges after all: the cores its work is worth.
        const CoreWork work = GatherWork(*in.GatherView(), units, in.gatherUnit, in.usePad, Rearrange::kScalar);
        const int64_t cores = CoresStoring(in, c.mode, CoresWorth(work, in.soc->coreNum, in.bandwidth), work.granules);
        SplitUnits(units, cores, in.gatherUnit, t);
    }
}

// A BURST, BURST_ALIGNED or SCALAR plan: one bound in/out queue of kQueueBuffers buffers, the
// cores split as the last pass of ChooseMode split them for this mode.
inline Status StoreCopyPlan(const CopyPlanInputs& in, const ModeChoice& c, CopyTiling* t)
{
    const bool narrow = in.narrowPad && c.mode == kCopyModeBurst;
    if (narrow && !in.canSplitPairs) {
        return Status::Error("the view has %d dims once 8-byte elements are split for %s's DataCopyPad: the copy "
                             "kernel handles at most %d",
                             in.pairs.rank, in.socName, kMaxDims);
    }
    const StridedView& v = narrow ? in.pairs : in.merged;
    const int64_t unitBytes = narrow ? kPairUnitBytes : in.elemBytes;
    StoreView(v, t);
    t->unitBytes = static_cast<uint32_t>(unitBytes);
    t->totalElems = NumElements(v);
    t->inBufBytes = static_cast<uint32_t>(in.half);
    t->tileElems = in.half / unitBytes;
    if (c.mode == kCopyModeBurst) {
        const int64_t row = v.shape[v.rank - 1];
        int64_t rowSlot = AlignUp(row * unitBytes, kBlockBytes);
        t->rowsPerTile = rowSlot <= in.half ? in.half / rowSlot : 0;
        t->rowsPerTile = t->rowsPerTile < kMaxBlockCount ? t->rowsPerTile : kMaxBlockCount;
    }
    SplitCores(t->totalElems, c.split.granule, c.cores, t);
    return Status::Ok();
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
        case kCopyModeWriteBurst: return "write-burst";
        case kCopyModeWriteScalar: return "write-scalar";
        default: return "unknown";
    }
}

inline Status PlanStridedCopy(const StridedView& view, uint32_t elemBytes, const SocInfo& soc, CopyTiling* t)
{
    using namespace detail;
    std::memset(t, 0, sizeof(*t));
    Status status = CheckPlanArguments(view, elemBytes, soc);
    if (!status.ok) {
        return status;
    }
    t->elemBytes = elemBytes;
    t->unitBytes = elemBytes;
    t->countDim = -1;
    t->countInnerDim = -1;
    t->blockDim = 1;
    bool empty = false;
    status = CheckShape(view, &empty);
    if (!status.ok || empty) {
        if (empty) {
            t->mode = kCopyModeEmpty;
            t->rank = 1;
            t->shape[0] = 0;
            t->splitGranule = 1;
        }
        return status;
    }
    CopyPlanInputs in;
    status = MergeForCopy(view, elemBytes, soc, &in);
    if (!status.ok) {
        return status;
    }
    const ModeChoice choice = ChooseMode(in);
    t->mode = choice.mode;
    t->usePad = in.usePad ? 1 : 0;
    if (choice.mode == kCopyModeScalar && elemBytes > static_cast<uint32_t>(soc.product.dataCopyPadMaxElemBytes)) {
        t->usePad = 0;  // its DataCopyPad cannot store the elements: whole blocks by DataCopy
    }
    if (SplitsByUnits(*t)) {
        StoreUnitPlan(in, choice, t);
        return Status::Ok();
    }
    return StoreCopyPlan(in, choice, t);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_PLANNER_H
