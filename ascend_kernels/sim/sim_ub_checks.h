// Checks of every UB access: a LocalTensor bound to a live buffer, within it, 32-byte aligned where
// the API needs it, and reading only bytes this block wrote (Note [UB validity]).
#ifndef ASCEND_KERNELS_SIM_SIM_UB_CHECKS_H
#define ASCEND_KERNELS_SIM_SIM_UB_CHECKS_H

#include <cstdint>
#include <cstring>

#include "sim_run_state.h"

namespace ascend_sim {
namespace detail {

// Note [UB validity]
// Real UB keeps whatever was there before, so a kernel that moves bytes nobody wrote this block
// (stale tile data, padding that DataCopyPad leaves random, the tail of a rounded-up copy) writes
// garbage to GM without any fault. The simulator keeps one "written" flag per UB byte:
//  - DMA into UB, SetValue, Duplicate and defined DataCopyPad padding set it;
//  - each block starts with all flags clear; TQue::AllocTensor clears its buffer's flags, because
//    after FreeTensor a queue buffer's contents are undefined;
//  - DataCopy UB->UB and Gather copy the flags along with the bytes (moving garbage around inside
//    UB is harmless; the garbage is caught where it escapes);
//  - the escape points, DMA UB->GM and LocalTensor::GetValue, fail on any unwritten byte.

// ---- UB -------------------------------------------------------------------------------------

inline uint8_t* UbData(uint64_t addr) { return g_run->ub + addr; }

// A tensor access of `bytes` bytes starting `offset` bytes after the tensor's element 0.
inline void CheckUbAccess(const UbView& view, uint64_t offset, uint64_t bytes, const char* call)
{
    if (!view.bound) {
        Fail(call, "the LocalTensor is not bound to a UB buffer (use AllocTensor, DeQue or TBuf::Get)");
    }
    if (view.slot != nullptr &&
        (view.slot->state == QueueSlot::State::kFree || view.slot->generation != view.generation)) {
        Fail(call, Cat("the tensor at UB address ", view.addr, " is used after FreeTensor"));
    }
    uint64_t begin = uint64_t{view.addr} + offset;
    uint64_t end = begin + bytes;
    if (end > view.bufEnd) {
        Fail(call, Cat("UB bytes [", begin, ", ", end, ") run past the end of the tensor's buffer [", view.bufStart,
                       ", ", view.bufEnd, ")"));
    }
}

inline void CheckUbAligned(const UbView& view, const char* call)
{
    if (view.addr % kBlockBytes != 0) {
        Fail(call, Cat("UB address ", view.addr, " is not 32-byte aligned"));
    }
}

inline void CheckUbWritten(uint64_t addr, uint64_t bytes, const char* call)
{
    const uint8_t* mask = g_run->ubWritten.data();
    const void* hole = std::memchr(mask + addr, 0, bytes);
    if (hole != nullptr) {
        Fail(call, Cat("reads UB byte ", static_cast<const uint8_t*>(hole) - mask, ", which was never written"));
    }
}

inline void MarkUb(uint64_t addr, uint64_t bytes, bool written)
{
    std::memset(g_run->ubWritten.data() + addr, written ? 1 : 0, bytes);
    if (!written) {
        std::memset(g_run->ub + addr, kUbPoison, bytes);
    }
}

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_UB_CHECKS_H
