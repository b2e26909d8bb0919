// The AscendC API limits and buffer layout the copy planner (copy_planner.h) plans for and the copy
// kernels (copy_kernel_*.h) rely on, named once for both: a tiling the planner makes within
// these bounds is one the kernel can issue. Sources are the AscendC API docs (DataCopy, DataCopyPad,
// TPipe::InitBuffer, Gather) and the parameter structs of include/basic_api/kernel_struct_data_copy.h.
#ifndef ASCEND_KERNELS_COMMON_COPY_LIMITS_H
#define ASCEND_KERNELS_COMMON_COPY_LIMITS_H

#include <cstdint>

namespace ascend_ops {

// DataCopy moves, and UB allocates and aligns, in 32-byte data blocks (DataCopy docs).
constexpr int64_t kBlockBytes = 32;

// blockCount of DataCopyParams and DataCopyExtParams: rows one strided copy moves, [0, 4095].
constexpr int64_t kMaxBlockCount = 4095;

// DataCopyParams' blockLen, srcStride and dstStride are uint16_t counts of 32-byte blocks.
constexpr int64_t kMaxCopyParamBlocks = UINT16_MAX;

// DataCopyExtParams' blockLen, in bytes: at most 2097151 (DataCopyPad docs).
constexpr int64_t kMaxPadBlockLen = 2097151;

// DataCopyExtParams' srcStride and dstStride are uint32_t (bytes on the GM side, blocks on UB's).
constexpr int64_t kMaxPadStride = UINT32_MAX;

// Every queue gets two buffers (TPipe::InitBuffer num = 2, double buffering) so that one tile's
// load overlaps the previous tile's store; the planner budgets UB for both.
constexpr int32_t kQueueBuffers = 2;

// Gather reads its per-element source offsets, in bytes, from a LocalTensor<uint32_t>: the
// offset tables the GATHER and TRANSPOSE kernels build hold one such entry per output unit.
using GatherOffset = uint32_t;
constexpr int64_t kGatherOffsetBytes = sizeof(GatherOffset);

// 8-byte elements move as pairs of 4-byte units where DataCopyPad (its widest element on some
// architectures is 4 bytes) or Gather (no 64-bit form) cannot move them whole (Note [copy units]
// in copy_planner.h).
constexpr int64_t kWideElemBytes = 8;
constexpr int64_t kPairUnitBytes = 4;
constexpr int64_t kUnitsPerPair = kWideElemBytes / kPairUnitBytes;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_LIMITS_H
