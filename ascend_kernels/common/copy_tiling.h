// The tiling data every op's kernel receives: what PlanStridedCopy decided, as a plain struct.
//
// Note [CopyTiling format]
// The code generator parses this struct to emit CANN's BEGIN_TILING_DATA_DEF twin, so the body
// holds nothing but field lines `    <int type> <name>;` / `    <int type> <name>[kMaxDims];`,
// 8-byte fields first, so every field is naturally aligned and pack(1) and host layouts agree.
//
// Fields (all counts in units: elements of `unitBytes` bytes, see Note [copy units]):
//   shape, stride, offset, rank  merged view: output element i = input unit offset + sum idx_d*stride[d];
//                                write modes (Note [write modes] in copy_write_planner.h): packed input
//                                element i goes to output unit offset + sum idx_d*stride[d]
//   packedStride, packedOffset   write modes: where packed input element i is, packedOffset + sum
//                                idx_d*packedStride[d] (negative along dims the plan turned to run
//                                forward in the output); 0 in the read modes
//   packedElems                  write modes: units of the packed input (0: the output is all fill)
//   fillBits                     write modes: the bits of one output element (elemBytes wide) every
//                                output unit outside the view holds: 0 for a gradient, a pad's constant
//                                (Note [fill patterns] in copy_kernel_write.h)
//   shapeReciprocal              per dim, ceil(2^64 / shape[d]), or 0: none (Note [index reciprocals] in
//                                scalar_cost.h)
//   totalElems                   output units (WRITE_BURST: packed input units, which its cores split)
//   hullLo, hullHi               input units [hullLo, hullHi) the view touches; no read leaves them
//                                (write modes: the output units, [0, output size), all written)
//   splitGranule                 core ranges are multiples of this many output units (GATHER/TRANSPOSE:
//                                of this many GATHER units) ...
//   granulesPerCore              ... block b owns granulesPerCore granules, plus one if
//   granuleRemainder             b < granuleRemainder; the last range ends with the output
//   tileElems                    output units per tile (BURST: longest piece of one row)
//   rowsPerTile                  BURST: whole rows per tile
//   unitElems, unitsPerTile      GATHER/TRANSPOSE: output units per unit (view dims >= runDim, dim unitDim
//                                possibly cut into chunks: Note [gather units] in gather_units.h) and per tile
//   windowElems, windowLo        input span of one window, its start relative to the unit's base
//   blockSlotBytes               UB bytes per loaded window (32-byte aligned)
//   unitSlotBytes                UB bytes per unit (countExtent windows)
//   mode                         kCopyMode*
//   elemBytes                    the dtype's element size: the tiling key
//   unitBytes                    element size the kernel moves (8-byte dtypes may move as 4-byte pairs)
//   blockDim                     cores launched
//   unitDim                      GATHER/TRANSPOSE: the view dim units may cut into chunks
//   countDim                     GATHER/TRANSPOSE: view dim whose indexes are separate windows (-1: none)
//   countInnerDim                GATHER/TRANSPOSE: a second window dim whose indexes run between countDim's
//                                (stride[countDim] = shape * stride of it: Note [window chains] in
//                                copy_grid.h); -1: none
//   windowCount                  GATHER/TRANSPOSE: windows of a full unit (1 without countDim)
//   runDim                       GATHER/TRANSPOSE: first view dim inside a unit (<= unitDim); each index
//                                of dims [runDim, unitDim) is one contiguous piece of the unit's output
//   pieceSlotBytes               GATHER/TRANSPOSE: UB bytes from one output piece of a unit to the next
//   usePad                       1: DataCopyPad in both directions; 0: DataCopy in 32-byte units only
//   useVectorGather              1: rearrange with Gather; 0: with 16-bit transposes (transposeGroupStride > 0)
//                                or scalar UB reads and writes
//   inBufBytes, outBufBytes      bytes of each of the two buffers of the input / output queue
//   tableBytes                   bytes of the Gather offset tables (GATHER/TRANSPOSE)
//   transposeGroupStride         GATHER/TRANSPOSE without Gather: 0, or the output blocks from one run of a
//                                group of 16-bit transposes to the next (Note [block transposes] in copy_grid.h)
//   transposeGroupRun            consecutive output blocks of a group's run
#ifndef ASCEND_KERNELS_COMMON_COPY_TILING_H
#define ASCEND_KERNELS_COMMON_COPY_TILING_H

#include <cstddef>
#include <cstdint>

#include "strided_view.h"

namespace ascend_ops {

constexpr uint32_t kCopyModeEmpty = 0;          // nothing to write
constexpr uint32_t kCopyModeBurst = 1;          // rows with unit stride, DataCopyPad in and out
constexpr uint32_t kCopyModeBurstAligned = 2;   // rows with unit stride, DataCopy only (no DataCopyPad)
constexpr uint32_t kCopyModeGather = 3;         // windows into UB, Gather into output order
constexpr uint32_t kCopyModeTranspose = 4;      // as GATHER, windows taken along the innermost output axis
constexpr uint32_t kCopyModeScalar = 5;         // element by element (no layout the DMA can serve)
constexpr uint32_t kCopyModeWriteBurst = 6;     // rows into the view of a filled output, DataCopyPad
constexpr uint32_t kCopyModeWriteScalar = 7;    // output tiles filled in UB, elements placed by scalar moves

struct CopyTiling {
    int64_t shape[kMaxDims];
    int64_t stride[kMaxDims];
    uint64_t shapeReciprocal[kMaxDims];
    int64_t packedStride[kMaxDims];
    int64_t offset;
    int64_t packedOffset;
    int64_t packedElems;
    int64_t totalElems;
    int64_t hullLo;
    int64_t hullHi;
    int64_t splitGranule;
    int64_t granulesPerCore;
    int64_t granuleRemainder;
    int64_t tileElems;
    int64_t rowsPerTile;
    int64_t unitElems;
    int64_t unitsPerTile;
    int64_t windowElems;
    int64_t windowLo;
    uint64_t fillBits;
    uint32_t blockSlotBytes;
    uint32_t unitSlotBytes;
    uint32_t mode;
    uint32_t elemBytes;
    uint32_t unitBytes;
    uint32_t blockDim;
    int32_t rank;
    int32_t unitDim;
    int32_t countDim;
    uint32_t usePad;
    uint32_t useVectorGather;
    uint32_t inBufBytes;
    uint32_t outBufBytes;
    uint32_t tableBytes;
    int32_t runDim;
    uint32_t pieceSlotBytes;
    int32_t countInnerDim;
    uint32_t windowCount;
    uint32_t transposeGroupStride;
    uint32_t transposeGroupRun;
};

static_assert(sizeof(CopyTiling) % 8 == 0, "CopyTiling size must be a multiple of 8 (Note [CopyTiling format])");
static_assert(offsetof(CopyTiling, blockSlotBytes) == offsetof(CopyTiling, fillBits) + sizeof(uint64_t),
              "every 8-byte field of CopyTiling must come first (Note [CopyTiling format])");
static_assert(offsetof(CopyTiling, transposeGroupRun) + sizeof(uint32_t) == sizeof(CopyTiling),
              "CopyTiling must have no padding (Note [CopyTiling format])");

// The tiling key of a copy: the dtype's element size in bytes (1, 2, 4 or 8). The generated
// kernel entry runs RunStridedCopy<uint8_t|uint16_t|uint32_t|uint64_t> for keys 1, 2, 4, 8.
inline uint64_t CopyTilingKey(const CopyTiling& tiling) { return tiling.elemBytes; }

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_TILING_H
