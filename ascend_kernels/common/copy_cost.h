// What a copy plan costs: bytes moved per output byte, each instruction priced in bytes (Note
// [copy cost]), and the core count of least modeled time (Note [core count]), at the rates of
// cost_model.h. The planner weighs BURST against GATHER units, and splits the cores, by these.
//
// Note [copy cost]
// Plans are priced in bytes moved per output byte, each DMA instruction or scalar GM access at
// kInstructionBytes: its setup dwarfs a 32-byte transfer, so many tiny DMAs (or scalar accesses)
// lose to a few long bursts that read some bytes twice. Unit-stride rows of kMinBurstRowBytes or
// more go BURST; shorter ones go BURST unless a GATHER unit costs less (BurstCost). GATHER units
// are compared by cost weighed by how evenly they split over the cores, plus their offset tables'
// build (PriceTables), a per-core cost spread over a core's output at the cost model's rates. The
// core count is the cost model's (Note [core count]).
#ifndef ASCEND_KERNELS_COMMON_COPY_COST_H
#define ASCEND_KERNELS_COMMON_COPY_COST_H

#include <cmath>
#include <cstdint>

#include "copy_grid.h"
#include "copy_limits.h"
#include "copy_tiling.h"
#include "cost_model.h"
#include "plan_view.h"
#include "strided_view.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "copy_cost.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {

constexpr int64_t kMinBurstRowBytes = 128;      // shorter rows may go GATHER (Note [copy cost])
constexpr int64_t kInstructionBytes = 512;      // price of a DMA instruction or scalar GM access (Note [copy cost])

namespace detail {

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
}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_COST_H
