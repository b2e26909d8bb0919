// Which 16-bit transposes rearrange a GATHER / TRANSPOSE tile where the SoC has no Gather for its
// units (Note [block transposes] in copy_grid.h): every candidate group shape is checked on the
// host, lane by lane, against the tile's offset tables, and the cheapest that serves every tile a
// core can meet is chosen, if it costs less than the scalar unit's rearrangement.
#ifndef ASCEND_KERNELS_COMMON_TRANSPOSE_CHOICE_H
#define ASCEND_KERNELS_COMMON_TRANSPOSE_CHOICE_H

#include <cstdint>
#include <vector>

#include "copy_grid.h"
#include "copy_tiling.h"
#include "cost_model.h"
#include "soc_info.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "transpose_choice.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {
namespace detail {

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

// The output lanes of a tile on the host: the first `prefix` of `full`'s, then, for a tile that
// ends in a row's tail, `tail`'s shifted by `shift` (without copying either).
struct TileLanes {
    const std::vector<int64_t>* full;
    int64_t prefix;
    const std::vector<int64_t>* tail;  // nullptr: the tile has no tail
    int64_t shift;

    int64_t Size() const { return prefix + (tail != nullptr ? static_cast<int64_t>(tail->size()) : 0); }
    int64_t operator()(int64_t k) const
    {
        return k < prefix ? (*full)[static_cast<size_t>(k)] : (*tail)[static_cast<size_t>(k - prefix)] + shift;
    }
};

// PlanTransposeGroup's emit on the host: every output lane a class serves must be where the
// class's rows put it; counts the transposes.
struct TransposeCheck {
    const TileLanes* lanes;
    TransposeGroups groups;
    int64_t first;
    bool ok;
    int64_t transposes;

    void operator()(const int64_t* rowBlock, const int8_t* columnOfLane)
    {
        const int64_t outLanes = lanes->Size();
        transposes += 1;
        for (int64_t j = 0; j < kTransposeLanes; ++j) {
            if (columnOfLane[j] < 0) {
                continue;
            }
            for (int64_t q = 0; q < kTransposeLanes; ++q) {
                const int64_t k = groups.Block(first, q) * kTransposeLanes + columnOfLane[j];
                ok = ok && (k >= outLanes || (*lanes)(k) == rowBlock[q] * kTransposeLanes + j);
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
inline bool TransposeGroupsServe(const TileLanes& lanes, const TransposeGroups& groups, int64_t fromBlock,
                                 TransposeCount* count)
{
    const int64_t outLanes = lanes.Size();
    const int64_t blocks = (outLanes + kTransposeLanes - 1) / kTransposeLanes;
    const int64_t span = groups.Span();
    for (int64_t start = fromBlock / span * span; start < blocks; start += span) {
        for (int64_t first = start; first < start + groups.stride && first < blocks; first += groups.Run()) {
            TransposeCheck check{&lanes, groups, first, true, 1};
            PlanTransposeGroup(lanes, groups, first, outLanes, check);
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

// The least TransposeTileNs of a tile of `outLanes` lanes under `groups`, whether or not they
// serve it: every group TransposeGroupsServe counts (TransposeGroupCount of them) takes at least
// two transposes, as a group of lanes has at least one class.
inline double LeastTransposeTileNs(int64_t outLanes, const TransposeGroups& groups, int64_t unitLanes)
{
    TransposeCount least;
    least.groups = TransposeGroupCount(outLanes, groups);
    least.transposes = 2 * least.groups;
    return TransposeTileNs(least, unitLanes);
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
    const TileLanes whole{&tile, static_cast<int64_t>(tile.size()), nullptr, 0};
    TransposeGroups best = none;
    double least = static_cast<double>(t.unitsPerTile * full.gatherElems) * 3 * kUbScalarNs;  // the scalar unit's
    for (int64_t runShift = 0; runShift <= 4; ++runShift) {
        for (int64_t runs = 1; runs <= kMaxTransposeRuns; ++runs) {
            const TransposeGroups groups{runs << runShift, runShift};
            if (LeastTransposeTileNs(whole.Size(), groups, unitLanes) >= least) {
                continue;  // could not cost less than the best so far, whether it serves or not
            }
            TransposeCount count;
            bool serves = TransposeGroupsServe(whole, groups, 0, &count);
            // A tail after k full units: the tile's first k units' lanes, then the tail's.
            for (int64_t k = 0; serves && ownTail && k < t.unitsPerTile; ++k) {
                const TileLanes withTail{&tile, k * full.gatherElems * unitLanes, &tailUnit, k * slotLanes};
                TransposeCount ignored;
                serves = TransposeGroupsServe(withTail, groups, withTail.prefix / kTransposeLanes, &ignored);
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

}  // namespace detail
}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_TRANSPOSE_CHOICE_H
