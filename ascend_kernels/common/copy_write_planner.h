// PlanStridedWrite: how the kernel writes a packed (C-contiguous) input into a strided view of a
// fresh output, every other output element the fill (zero, or a constant), on one SoC: the other
// direction of PlanStridedCopy, which the slices' gradients take (StridedSliceGrad, SliceGrad,
// fill 0) and the filling view ops (a constant pad). A pure function on plain structs, run by
// CANN's TilingFunc, the simulator runner and tests.
//
// Its steps: check the arguments (as PlanStridedCopy does); turn the view to run forward through
// the output and merge it (OrderForWrite); choose the mode (ChooseWriteMode); store the plan,
// splitting the cores and sizing the UB buffers (StoreWriteBurstPlan, StoreWriteScalarPlan).
//
// Note [write modes]
// Packed element i goes to output unit offset + sum idx_d * stride[d]. The planner turns every dim
// of negative stride around (the packed input is then read backwards along it: packedStride < 0),
// drops dims of one index and merges dims that are contiguous on both sides. Then each dim's
// stride must pass the span of the dims inside it, so the elements run through the output in
// increasing order and no two land on one unit; a view that repeats or interleaves (a
// permutation) is refused, as the write of a gradient or a pad never makes one. In that order a
// core can own a range of the output and be the only one to write any byte of it, the fill
// included: no SyncAll, no workspace (Note [system workspace] in copy_op_host.h). The fill is the
// bits of one output element (CopyTiling::fillBits; Note [fill patterns] in copy_kernel_write.h):
// "zero" below is that element.
//  WRITE_BURST   unit innermost stride on both sides and DataCopyPad: the cores split the packed
//                input in whole blocks (a range may start mid-row). Of the view's span in the
//                output, core b owns from its first element's unit (the first core: from the
//                span's start) to the next core's first element's unit (the last core: to the
//                span's end); the output outside the span, before and after it, is split over every
//                core in whole blocks, so a small view in a large output still zeroes it on every
//                core. Whole rows come in by
//                DataCopyPad, kMaxBlockCount at most per instruction along the second-innermost
//                dim, and go out by DataCopyPad with the output gap as dstStride; the gaps between
//                them go out from a UB buffer zeroed once, on the same pipe (MTE3), never over a
//                row. Each byte of the output is written once.
//  WRITE_SCALAR  everything else (rows short or reversed, SoCs without DataCopyPad, an empty
//                input): the cores split the output as SCALAR does. Each output tile is zeroed in
//                UB by Duplicate, the packed elements that land in it are placed by scalar GM reads
//                and UB writes, and the tile goes out as SCALAR's do (Note [store tails] in
//                copy_kernel_base.h).
// 8-byte elements go WRITE_BURST as 4-byte pairs where DataCopyPad has no 8-byte form (Note
// [copy units] in copy_planner.h).
#ifndef ASCEND_KERNELS_COMMON_COPY_WRITE_PLANNER_H
#define ASCEND_KERNELS_COMMON_COPY_WRITE_PLANNER_H

#include <cstdint>
#include <cstring>

#include "copy_cost.h"
#include "copy_limits.h"
#include "copy_planner.h"
#include "copy_tiling.h"
#include "plan_view.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "copy_write_planner.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {

// Output bytes below which another core is not worth its launch and its first DMA.
constexpr int64_t kMinWriteCoreBytes = 16384;
// The share of UB the WRITE_BURST fill buffer takes (the rest: the two tile buffers).
constexpr int64_t kWriteZeroShare = 4;

// A view ordered for the write (Note [write modes]): the output side in `view`, the packed side's
// strides and offset beside it.
struct WriteView {
    StridedView view;
    int64_t packedStride[kMaxViewDims];
    int64_t packedOffset;
};

namespace detail {

// The view turned forward, its one-index dims dropped and its dims merged where both sides are
// contiguous across them; an error where its elements would not run forward through the output
// one unit each, or where it keeps more dims than the kernel takes.
inline Status OrderForWrite(const StridedView& view, WriteView* out)
{
    int64_t packed[kMaxViewDims];
    int64_t step = 1;
    for (int32_t d = view.rank - 1; d >= 0; --d) {
        packed[d] = step;
        step *= view.shape[d];
    }
    StridedView& v = out->view;
    v.rank = 0;
    v.offset = view.offset;
    out->packedOffset = 0;
    for (int32_t d = 0; d < view.rank; ++d) {
        if (view.shape[d] == 1) {
            continue;
        }
        int64_t stride = view.stride[d];
        int64_t packedStride = packed[d];
        if (stride < 0) {
            v.offset += (view.shape[d] - 1) * stride;
            out->packedOffset += (view.shape[d] - 1) * packedStride;
            stride = -stride;
            packedStride = -packedStride;
        }
        const int32_t last = v.rank - 1;
        if (last >= 0 && v.stride[last] == view.shape[d] * stride &&
            out->packedStride[last] == view.shape[d] * packedStride) {
            v.shape[last] *= view.shape[d];
            v.stride[last] = stride;
            out->packedStride[last] = packedStride;
            continue;
        }
        v.shape[v.rank] = view.shape[d];
        v.stride[v.rank] = stride;
        out->packedStride[v.rank] = packedStride;
        ++v.rank;
    }
    if (v.rank == 0) {  // one element
        v.rank = 1;
        v.shape[0] = 1;
        v.stride[0] = 1;
        out->packedStride[0] = 1;
    }
    int64_t span = 1;  // units from the first element of the dims inside d to past their last
    for (int32_t d = v.rank - 1; d >= 0; --d) {
        if (v.shape[d] > 1 && v.stride[d] < span) {
            return Status::Error("the write view's dim %d (shape %lld, stride %lld) falls within the span of %lld units "
                                 "of the dims inside it: a write view must place each element on its own unit, in "
                                 "order",
                                 d, static_cast<long long>(v.shape[d]), static_cast<long long>(v.stride[d]),
                                 static_cast<long long>(span));
        }
        span += (v.shape[d] - 1) * v.stride[d];
    }
    if (v.rank > kMaxDims) {
        return Status::Error("the write view has %d dims after merging contiguous dims: the copy kernel handles at "
                             "most %d",
                             v.rank, kMaxDims);
    }
    return Status::Ok();
}

// `w` with 8-byte elements as 4-byte pairs: a unit-stride innermost dim twice as long, every
// other stride and both offsets doubled.
inline void SplitWritePairs(WriteView* w)
{
    StridedView& v = w->view;
    for (int32_t d = 0; d < v.rank; ++d) {
        v.stride[d] *= kUnitsPerPair;
        w->packedStride[d] *= kUnitsPerPair;
    }
    v.offset *= kUnitsPerPair;
    w->packedOffset *= kUnitsPerPair;
    v.shape[v.rank - 1] *= kUnitsPerPair;
    v.stride[v.rank - 1] = 1;
    w->packedStride[v.rank - 1] = 1;
}

inline void StoreWriteView(const WriteView& w, int64_t outUnits, CopyTiling* t)
{
    const StridedView& v = w.view;
    t->rank = v.rank;
    for (int32_t d = 0; d < kMaxDims; ++d) {
        t->shape[d] = d < v.rank ? v.shape[d] : 1;
        t->stride[d] = d < v.rank ? v.stride[d] : 0;
        t->packedStride[d] = d < v.rank ? w.packedStride[d] : 0;
        t->shapeReciprocal[d] = d < v.rank ? ExtentReciprocal(v.shape[d], NumElements(v)) : 0;
    }
    t->offset = v.offset;
    t->packedOffset = w.packedOffset;
    t->packedElems = NumElements(v);
    t->hullLo = 0;
    t->hullHi = outUnits;
}

// Cores worth `bytes` of output, at most the SoC's and `most`.
inline int64_t WriteCores(int64_t bytes, const SocInfo& soc, int64_t most)
{
    int64_t cores = bytes / kMinWriteCoreBytes;
    cores = cores < soc.coreNum ? cores : soc.coreNum;
    cores = cores < most ? cores : most;
    return cores < 1 ? 1 : cores;
}

// WRITE_BURST: the packed input split over the cores in whole blocks, every core launched where
// the output is worth it (the cores past the input zero around the view); two tile buffers, the
// rest of UB the fill buffer.
inline void StoreWriteBurstPlan(const WriteView& w, int64_t outUnits, int64_t unitBytes, const SocInfo& soc,
                                CopyTiling* t)
{
    StoreWriteView(w, outUnits, t);
    const int64_t budget = AlignDown(soc.ubBytes, kBlockBytes);
    const int64_t zeroBytes = AlignDown(budget / kWriteZeroShare, kBlockBytes);
    const int64_t half = AlignDown((budget - zeroBytes) / kQueueBuffers, kBlockBytes);
    const int64_t row = t->shape[t->rank - 1];
    const int64_t rowSlot = AlignUp(row * unitBytes, kBlockBytes);
    t->unitBytes = static_cast<uint32_t>(unitBytes);
    t->totalElems = t->packedElems;
    t->inBufBytes = static_cast<uint32_t>(half);
    t->outBufBytes = static_cast<uint32_t>(zeroBytes);
    t->tileElems = AlignDown(half < kMaxPadBlockLen ? half : kMaxPadBlockLen, kBlockBytes) / unitBytes;
    t->rowsPerTile = rowSlot <= half && row * unitBytes <= kMaxPadBlockLen ? half / rowSlot : 0;
    t->rowsPerTile = t->rowsPerTile < kMaxBlockCount ? t->rowsPerTile : kMaxBlockCount;
    const int64_t cores = WriteCores(outUnits * unitBytes, soc, soc.coreNum);
    SplitCores(t->totalElems, kBlockBytes / unitBytes, cores, t);
    t->blockDim = static_cast<uint32_t>(cores);  // the cores past the input zero the output outside the view
}

// WRITE_SCALAR: the output split over the cores in whole blocks, as SCALAR's (without
// DataCopyPad every range stores a block at least); one tile buffer pair.
inline void StoreWriteScalarPlan(const WriteView& w, int64_t outUnits, int64_t unitBytes, bool usePad,
                                 const SocInfo& soc, CopyTiling* t)
{
    StoreWriteView(w, outUnits, t);
    const int64_t half = AlignDown(AlignDown(soc.ubBytes, kBlockBytes) / kQueueBuffers, kBlockBytes);
    t->unitBytes = static_cast<uint32_t>(unitBytes);
    t->totalElems = outUnits;
    t->inBufBytes = static_cast<uint32_t>(half);
    t->tileElems = half / unitBytes;
    const int64_t granule = kBlockBytes / unitBytes;
    const int64_t granules = (outUnits + granule - 1) / granule;
    int64_t cores = WriteCores(outUnits * unitBytes, soc, granules);
    if (!usePad) {
        cores = CoresStoringBlocks(cores, granules, outUnits * unitBytes, true);
    }
    SplitCores(outUnits, granule, cores, t);
}

}  // namespace detail

// Plans writing a packed input of the view's shape into `view` of a fresh output of `outUnits`
// elements of `elemBytes`, every other element `fillBits` (the bits of one element: Note [write
// modes]).
inline Status PlanStridedWrite(const StridedView& view, int64_t outUnits, uint32_t elemBytes, uint64_t fillBits,
                               const SocInfo& soc, CopyTiling* t)
{
    using namespace detail;
    std::memset(t, 0, sizeof(*t));
    Status status = CheckPlanArguments(view, elemBytes, soc);
    if (!status.ok) {
        return status;
    }
    if (outUnits < 0) {
        return Status::Error("outUnits = %lld is invalid: it must be >= 0", static_cast<long long>(outUnits));
    }
    if (elemBytes < 8 && (fillBits >> (8 * elemBytes)) != 0) {
        return Status::Error("fillBits = 0x%llx is wider than one %u-byte element",
                             static_cast<unsigned long long>(fillBits), elemBytes);
    }
    t->elemBytes = elemBytes;
    t->unitBytes = elemBytes;
    t->fillBits = fillBits;
    t->countDim = -1;
    t->countInnerDim = -1;
    t->blockDim = 1;
    bool empty = false;
    status = CheckShape(view, &empty);
    if (!status.ok) {
        return status;
    }
    if (outUnits == 0) {
        if (!empty) {
            return Status::Error("the write view has %lld elements and the output none",
                                 static_cast<long long>(NumElements(view)));
        }
        t->mode = kCopyModeEmpty;
        t->rank = 1;
        t->shape[0] = 0;
        t->splitGranule = 1;
        return Status::Ok();
    }
    WriteView w;
    if (empty) {  // nothing to place: the output is all fill
        w.view.rank = 1;
        w.view.shape[0] = 1;
        w.view.stride[0] = 1;
        w.view.offset = 0;
        w.packedStride[0] = 1;
        w.packedOffset = 0;
    } else {
        status = OrderForWrite(view, &w);
        if (!status.ok) {
            return status;
        }
        const StridedView& v = w.view;
        int64_t end = v.offset + 1;
        for (int32_t d = 0; d < v.rank; ++d) {
            end += (v.shape[d] - 1) * v.stride[d];
        }
        if (v.offset < 0 || end > outUnits) {
            return Status::Error("the write view reaches units [%lld, %lld) of an output of %lld",
                                 static_cast<long long>(v.offset), static_cast<long long>(end),
                                 static_cast<long long>(outUnits));
        }
    }
    const StridedView& v = w.view;
    const int32_t inner = v.rank - 1;
    const bool rows = !empty && v.stride[inner] == 1 && w.packedStride[inner] == 1;
    const bool longRows = v.shape[inner] * static_cast<int64_t>(elemBytes) >= kMinBurstRowBytes;
    const bool pad = soc.product.dataCopyPad;
    t->usePad = pad && static_cast<int32_t>(elemBytes) <= soc.product.dataCopyPadMaxElemBytes ? 1 : 0;
    if (rows && longRows && pad) {
        t->mode = kCopyModeWriteBurst;
        t->usePad = 1;
        int64_t unitBytes = elemBytes;
        if (static_cast<int32_t>(elemBytes) > soc.product.dataCopyPadMaxElemBytes) {
            SplitWritePairs(&w);
            unitBytes = kPairUnitBytes;
            outUnits *= kUnitsPerPair;
        }
        StoreWriteBurstPlan(w, outUnits, unitBytes, soc, t);
        return Status::Ok();
    }
    t->mode = kCopyModeWriteScalar;
    StoreWriteScalarPlan(w, outUnits, elemBytes, t->usePad != 0, soc, t);
    if (empty) {
        t->packedElems = 0;  // the placeholder element is not placed
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_WRITE_PLANNER_H
