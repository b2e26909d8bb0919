// AscendC kernels that copy a strided view of `x` into the contiguous output `y` (or, in the write
// modes, `x` into a view of `y`: Note [write modes] in copy_write_planner.h), one class per
// copy mode (Note [copy modes] in copy_planner.h), one header per mode (copy_kernel_<mode>.h), and
// RunStridedCopy, the entry every generated op_kernel calls. The kernels learn what the SoC offers
// only from the tiling: the planner chose. Which AscendC APIs they compile is fixed per
// architecture (build_arch.h).
#ifndef ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H
#define ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H

#include "copy_kernel_base.h"
#include "copy_kernel_burst.h"
#include "copy_kernel_burst_aligned.h"
#include "copy_kernel_gather.h"
#include "copy_kernel_scalar.h"
#include "copy_kernel_write.h"

namespace ascend_ops {

// ---- dispatch -----------------------------------------------------------------------------

template <typename Kernel>
__aicore__ inline void RunCopyKernel(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    Kernel op;
    if (op.Init(x, y, t)) {
        op.Process();
    }
}

// Runs the mode the tiling names with units of T.
template <typename T>
__aicore__ inline void RunStridedCopyUnits(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    if (t.mode == kCopyModeBurst) {
        if constexpr (kBuildPads<T>) {
            RunCopyKernel<BurstCopyKernel<T>>(x, y, t);
        }
    } else if (t.mode == kCopyModeBurstAligned) {
        RunCopyKernel<AlignedBurstCopyKernel<T>>(x, y, t);
    } else if (t.mode == kCopyModeGather || t.mode == kCopyModeTranspose) {
        RunCopyKernel<GatherCopyKernel<T>>(x, y, t);
    } else if (t.mode == kCopyModeScalar) {
        RunCopyKernel<ScalarCopyKernel<T>>(x, y, t);
    } else if (t.mode == kCopyModeWriteBurst) {
        if constexpr (kBuildPads<T>) {
            RunCopyKernel<WriteBurstKernel<T>>(x, y, t);
        }
    } else if (t.mode == kCopyModeWriteScalar) {
        RunCopyKernel<WriteScalarKernel<T>>(x, y, t);
    }
}

// The one entry of every op kernel: T is the unsigned type of the dtype's size (the tiling key).
// 8-byte elements may move as 4-byte pairs (Note [copy units]).
template <typename T>
__aicore__ inline void RunStridedCopy(GM_ADDR x, GM_ADDR y, const CopyTiling& t)
{
    if (t.mode == kCopyModeEmpty) {
        return;
    }
    if (sizeof(T) == kWideElemBytes && t.unitBytes == kPairUnitBytes) {
        RunStridedCopyUnits<uint32_t>(x, y, t);
    } else {
        RunStridedCopyUnits<T>(x, y, t);
    }
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_STRIDED_COPY_KERNEL_H
