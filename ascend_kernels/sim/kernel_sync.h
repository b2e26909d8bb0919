// Block indexing and pipe synchronisation. Blocks run one after another and every instruction
// completes before the next starts, so flags and barriers order nothing; they are counted, and a
// WaitFlag with no SetFlag before it is an error because on device that core would hang.
#ifndef ASCEND_KERNELS_SIM_KERNEL_SYNC_H
#define ASCEND_KERNELS_SIM_KERNEL_SYNC_H

#include <cstdint>

#include "kernel_types.h"
#include "sim_context.h"

namespace AscendC {

inline int64_t GetBlockIdx() { return ascend_sim::detail::Active("GetBlockIdx").blockIdx; }
inline int64_t GetBlockNum() { return ascend_sim::detail::Active("GetBlockNum").blockDim; }
// Coupled execution: one vector core per block.
inline int64_t GetSubBlockIdx() { return 0; }
inline int64_t GetTaskRatio() { return 1; }

template <HardEvent event>
void SetFlag(int32_t eventID)
{
    ascend_sim::detail::RunState& run = ascend_sim::detail::Active("SetFlag");
    run.stats.syncCalls += 1;
    run.flags[{static_cast<int>(event), eventID}] += 1;
}

template <HardEvent event>
void WaitFlag(int32_t eventID)
{
    ascend_sim::detail::RunState& run = ascend_sim::detail::Active("WaitFlag");
    run.stats.syncCalls += 1;
    int64_t& pending = run.flags[{static_cast<int>(event), eventID}];
    if (pending == 0) {
        ascend_sim::detail::Fail("WaitFlag", ascend_sim::detail::Cat("HardEvent::", ascend_sim::detail::HardEventName(event),
                                                                     " id ", eventID, " was never set (SetFlag must "
                                                                     "come first, or the core hangs)"));
    }
    pending -= 1;
}

template <pipe_t pipe>
void PipeBarrier()
{
    ascend_sim::detail::Active("PipeBarrier").stats.syncCalls += 1;
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_SYNC_H
