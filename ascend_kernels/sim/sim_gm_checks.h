// Checks of every GM access against the registered buffer its GlobalTensor was set to: bounds,
// roles (inputs and tiling are read-only), each output byte written once and never read unwritten,
// element alignment; and GET_TILING_DATA's bounded read of the tiling buffer.
#ifndef ASCEND_KERNELS_SIM_SIM_GM_CHECKS_H
#define ASCEND_KERNELS_SIM_SIM_GM_CHECKS_H

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "sim_run_state.h"

namespace ascend_sim {
namespace detail {

// ---- GM -------------------------------------------------------------------------------------

constexpr int kGmUnset = -2;  // GlobalTensor never given a buffer
constexpr int kGmNull = -1;   // SetGlobalBuffer(nullptr): legal until the tensor is accessed

// The registered buffer holding `addr`; one-past-the-end counts, so an empty tail view is legal.
inline int FindGmBuffer(uintptr_t addr, const char* call)
{
    if (addr == 0) {
        return kGmNull;
    }
    const std::vector<GmBuffer>& buffers = Active(call).buffers;
    int endMatch = kGmUnset;
    for (size_t i = 0; i < buffers.size(); ++i) {
        if (addr >= buffers[i].base && addr < buffers[i].base + buffers[i].bytes) {
            return static_cast<int>(i);
        }
        if (addr == buffers[i].base + buffers[i].bytes) {
            endMatch = static_cast<int>(i);
        }
    }
    if (endMatch == kGmUnset) {
        Fail(call, "address is not inside any registered GM buffer");
    }
    return endMatch;
}

// Checks GM bytes [addr, addr + bytes) against the buffer the tensor was set to and against that
// buffer's role; records output writes. Reading an output byte nobody wrote yet is garbage too.
// `newData` (DMA writes) lets a block write bytes it wrote before again with the same values, as a
// store backed off to end on a partial block's end does.
inline void AccessGm(int buffer, uintptr_t addr, uint64_t bytes, bool write, const char* call,
                     const uint8_t* newData = nullptr)
{
    RunState& run = Active(call);
    if (buffer == kGmUnset) {
        Fail(call, "the GlobalTensor has no buffer (call SetGlobalBuffer first)");
    }
    if (buffer == kGmNull) {
        Fail(call, "the GlobalTensor was set to a null address");
    }
    GmBuffer& buf = run.buffers[static_cast<size_t>(buffer)];
    int64_t begin = static_cast<int64_t>(addr - buf.base);
    int64_t end = begin + static_cast<int64_t>(bytes);
    if (begin < 0 || end > static_cast<int64_t>(buf.bytes)) {
        Fail(call, Cat(write ? "writes" : "reads", " bytes [", begin, ", ", end, ") of ", RoleName(buf.role), " '",
                       buf.name, "', which has ", buf.bytes, " bytes"));
    }
    if (write && (buf.role == BufferRole::kInput || buf.role == BufferRole::kTiling)) {
        Fail(call, Cat("writes ", RoleName(buf.role), " '", buf.name, "', which is read-only"));
    }
    if (buf.role != BufferRole::kOutput) {
        return;
    }
    size_t first = static_cast<size_t>(begin);
    for (size_t i = first; i < first + bytes; ++i) {
        if (write && buf.writer[i] != 0) {
            const bool sameValueAgain = newData != nullptr && buf.writer[i] == run.blockIdx + 1 &&
                                        newData[i - first] == reinterpret_cast<const uint8_t*>(buf.base)[i];
            if (!sameValueAgain) {
                Fail(call, Cat("output '", buf.name, "' byte ", i, " is written a second time (first written by block ",
                               buf.writer[i] - 1, ")"));
            }
        }
        if (!write && buf.writer[i] == 0) {
            Fail(call, Cat("reads output '", buf.name, "' byte ", i, ", which was never written"));
        }
    }
    if (write) {
        std::fill(buf.writer.begin() + static_cast<std::ptrdiff_t>(first),
                  buf.writer.begin() + static_cast<std::ptrdiff_t>(first + bytes),
                  static_cast<uint16_t>(run.blockIdx + 1));
    }
}

// DataCopy moves whole elements: its GM side must be aligned to sizeof(T) (DataCopyPad's need not).
inline void CheckGmAligned(int buffer, uintptr_t addr, uint64_t align, const char* call)
{
    RunState& run = Active(call);
    if (addr % align == 0 || buffer < 0) {
        return;  // an unset or null tensor fails with its own message on access
    }
    const GmBuffer& buf = run.buffers[static_cast<size_t>(buffer)];
    Fail(call, Cat("GM byte offset ", static_cast<int64_t>(addr - buf.base), " into ", RoleName(buf.role), " '",
                   buf.name, "' is not a multiple of the ", align, "-byte element size"));
}

// GET_TILING_DATA: the struct is read from the tiling buffer with the usual GM bounds check.
// Not counted as scalar GM traffic: every kernel pays it once, whatever its data.
template <typename Tiling>
void LoadTilingData(Tiling* dst, const uint8_t* tiling, const char* call)
{
    static_assert(std::is_trivially_copyable<Tiling>::value, "tiling structs must be trivially copyable");
    uintptr_t addr = reinterpret_cast<uintptr_t>(tiling);
    AccessGm(FindGmBuffer(addr, call), addr, sizeof(Tiling), false, call);
    std::memcpy(static_cast<void*>(dst), tiling, sizeof(Tiling));
}

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_GM_CHECKS_H
