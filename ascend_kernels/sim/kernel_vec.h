// In-UB rearrangement a copy kernel may need: Gather (element gather by byte offsets) and
// Duplicate (fill). Only the count ("level 2") forms; both need 32-byte aligned operands.
#ifndef ASCEND_KERNELS_SIM_KERNEL_VEC_H
#define ASCEND_KERNELS_SIM_KERNEL_VEC_H

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernel_tensor.h"
#include "kernel_types.h"
#include "sim_context.h"

namespace ascend_sim {
namespace detail {

// Gather element types per SoC (reference/ascendc-facts.md §2.4): 16- and 32-bit everywhere it
// exists, 8-bit on 310B only, bfloat16_t not on 310P, never 64-bit.
template <typename T>
void CheckGatherType(const char* call)
{
    const SocConfig& soc = Active(call).soc;
    if (!soc.hasGather) {
        Fail(call, Cat("Gather does not exist on ", soc.name));
    }
    bool bf16 = std::is_same<T, bfloat16_t>::value;
    bool ok = (sizeof(T) == 1 && soc.gatherSupports8Bit) || (sizeof(T) == 2 && (!bf16 || soc.gatherSupportsBf16)) ||
              sizeof(T) == 4;
    if (!ok) {
        std::string supported = soc.gatherSupports8Bit ? "8-, 16- and 32-bit types" : "16- and 32-bit types";
        if (!soc.gatherSupportsBf16) {
            supported += " other than bfloat16_t";
        }
        Fail(call, Cat(TypeName<T>(), " is not supported on ", soc.name, " (Gather there takes ", supported, ")"));
    }
}

}  // namespace detail
}  // namespace ascend_sim

namespace AscendC {

// dst[i] = the element at byte (srcBaseAddr + srcOffset[i]) of src, for i < count.
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseAddr, const uint32_t count)
{
    namespace sim = ascend_sim::detail;
    const char* call = "Gather";
    sim::CheckGatherType<T>(call);
    if (count == 0) {
        return;
    }
    const sim::UbView& d = dst.SimView();
    const sim::UbView& s = src.SimView();
    const sim::UbView& o = srcOffset.SimView();
    sim::CheckUbAligned(d, call);
    sim::CheckUbAligned(s, call);
    sim::CheckUbAligned(o, call);
    sim::CheckUbAccess(d, 0, uint64_t{count} * sizeof(T), call);
    sim::CheckUbAccess(o, 0, uint64_t{count} * sizeof(uint32_t), call);
    sim::CheckUbAccess(s, 0, 0, call);
    sim::CheckUbWritten(o.addr, uint64_t{count} * sizeof(uint32_t), call);
    sim::g_run->stats.vectorInstructions += 1;
    // Through a scratch copy: dst may overlap src.
    std::vector<uint8_t> bytes(uint64_t{count} * sizeof(T));
    std::vector<uint8_t> written(bytes.size());
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t offset;
        std::memcpy(&offset, sim::UbData(o.addr + uint64_t{i} * sizeof(uint32_t)), sizeof(offset));
        uint64_t at = uint64_t{srcBaseAddr} + offset;
        if (at % sizeof(T) != 0) {
            sim::Fail(call, sim::Cat("srcOffset[", i, "] = ", offset, " (+ srcBaseAddr ", srcBaseAddr,
                                     ") is not a multiple of the ", sizeof(T), "-byte element size"));
        }
        if (uint64_t{s.addr} + at + sizeof(T) > s.bufEnd) {
            sim::Fail(call, sim::Cat("srcOffset[", i, "] = ", offset, " (+ srcBaseAddr ", srcBaseAddr,
                                     ") reads past the end of the source buffer [", s.bufStart, ", ", s.bufEnd, ")"));
        }
        std::memcpy(&bytes[uint64_t{i} * sizeof(T)], sim::UbData(s.addr + at), sizeof(T));
        std::memcpy(&written[uint64_t{i} * sizeof(T)], sim::g_run->ubWritten.data() + s.addr + at, sizeof(T));
    }
    std::memcpy(sim::UbData(d.addr), bytes.data(), bytes.size());
    std::memcpy(sim::g_run->ubWritten.data() + d.addr, written.data(), written.size());
}

// dst[i] = scalarValue for i < count; 16- and 32-bit types.
template <typename T>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count)
{
    namespace sim = ascend_sim::detail;
    const char* call = "Duplicate";
    sim::Active(call);
    if (sizeof(T) != 2 && sizeof(T) != 4) {
        sim::Fail(call, sim::Cat(sim::TypeName<T>(), " is not supported (Duplicate takes 16- and 32-bit types)"));
    }
    if (count < 0) {
        sim::Fail(call, sim::Cat("count ", count, " is negative"));
    }
    if (count == 0) {
        return;
    }
    const sim::UbView& d = dst.SimView();
    sim::CheckUbAligned(d, call);
    uint64_t bytes = uint64_t(count) * sizeof(T);
    sim::CheckUbAccess(d, 0, bytes, call);
    sim::g_run->stats.vectorInstructions += 1;
    for (uint64_t at = 0; at < bytes; at += sizeof(T)) {
        std::memcpy(sim::UbData(d.addr + at), static_cast<const void*>(&scalarValue), sizeof(T));
    }
    sim::MarkUb(d.addr, bytes, true);
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_VEC_H
