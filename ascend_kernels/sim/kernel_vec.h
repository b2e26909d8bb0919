// In-UB work a copy kernel may need: Gather (element gather by byte offsets). Only the count
// ("level 2") forms; all need 32-byte aligned operands. The element-wise instructions (Add ...
// Cast, Duplicate, Adds) are in kernel_vec_arith.h.
#ifndef ASCEND_KERNELS_SIM_KERNEL_VEC_H
#define ASCEND_KERNELS_SIM_KERNEL_VEC_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernel_tensor.h"
#include "kernel_types.h"
#include "sim_context.h"

namespace ascend_sim {
namespace detail {

// Whether a count-form vector instruction has elements to do: none for 0, a failure for a
// negative count.
inline bool CountToDo(int32_t count, const char* call)
{
    if (count < 0) {
        Fail(call, Cat("count ", count, " is negative"));
    }
    return count > 0;
}

// Gather element types per SoC (the AscendC Gather API): 16- and 32-bit everywhere it
// exists, 8-bit on 310B only, bfloat16_t not on 310P, never 64-bit.
template <typename T>
void CheckGatherType(const char* call)
{
    const SocConfig& soc = Active(call).soc;
    if (!soc.product.gather) {
        Fail(call, Cat("Gather does not exist on ", soc.name));
    }
    bool bf16 = std::is_same<T, bfloat16_t>::value;
    bool ok = (sizeof(T) == 1 && soc.product.gather8Bit) || (sizeof(T) == 2 && (!bf16 || soc.gatherSupportsBf16)) ||
              sizeof(T) == 4;
    if (!ok) {
        std::string supported = soc.product.gather8Bit ? "8-, 16- and 32-bit types" : "16- and 32-bit types";
        if (!soc.gatherSupportsBf16) {
            supported += " other than bfloat16_t";
        }
        Fail(call, Cat(TypeName<T>(), " is not supported on ", soc.name, " (Gather there takes ", supported, ")"));
    }
}

}  // namespace detail
}  // namespace ascend_sim

namespace AscendC {

// dst[i] = the element at byte (srcBaseAddr + srcOffset[i]) of src, for i < count; pipe V.
// Per SoC (reference facts in products.yaml): the call's 8-bit repeat count limits its bytes
// (gatherMaxCallBytes); 310B keeps 8- and 16-bit offsets in 16-bit index registers and turns
// srcBaseAddr into an element index. dst must not overlap what the call reads of src.
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
    const ascend_sim::SocConfig& soc = sim::g_run->soc;
    const sim::UbView& d = dst.SimView();
    const sim::UbView& s = src.SimView();
    const sim::UbView& o = srcOffset.SimView();
    sim::CheckUbAligned(d, call);
    sim::CheckUbAligned(s, call);
    sim::CheckUbAligned(o, call);
    const uint64_t callBytes = uint64_t{count} * sizeof(T);
    const uint64_t maxCallBytes = static_cast<uint64_t>(soc.product.gatherMaxCallBytes);
    if (maxCallBytes != 0 && callBytes > maxCallBytes) {
        sim::Fail(call, sim::Cat("count ", count, " x ", sizeof(T), " bytes = ", callBytes, " bytes exceeds the ",
                                 maxCallBytes, " bytes one call takes on ", soc.name,
                                 " (its repeat count is 8 bits wide and wraps)"));
    }
    if (soc.product.gatherSrcBaseInElements && srcBaseAddr % sizeof(T) != 0) {
        sim::Fail(call, sim::Cat("srcBaseAddr ", srcBaseAddr, " is not a multiple of the ", sizeof(T),
                                 "-byte element size (", soc.name, " turns it into an element index)"));
    }
    const uint32_t maxOffset = static_cast<uint32_t>(sizeof(T) == 1   ? soc.product.gatherMaxOffset8Bit
                                                     : sizeof(T) == 2 ? soc.product.gatherMaxOffset16Bit
                                                                      : 0);
    sim::CheckUbAccess(d, 0, callBytes, call);
    sim::CheckUbAccess(o, 0, uint64_t{count} * sizeof(uint32_t), call);
    sim::CheckUbAccess(s, 0, 0, call);
    sim::CheckUbWritten(o.addr, uint64_t{count} * sizeof(uint32_t), call);
    sim::CountVector();
    const uint32_t op = sim::BeginOp(sim::Pipe::kV, call);
    sim::TouchUb(op, o.addr, uint64_t{count} * sizeof(uint32_t), false);
    std::vector<uint8_t> bytes(callBytes);
    std::vector<uint8_t> written(bytes.size());
    uint64_t readLo = UINT64_MAX;
    uint64_t readHi = 0;
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t offset;
        std::memcpy(&offset, sim::UbData(o.addr + uint64_t{i} * sizeof(uint32_t)), sizeof(offset));
        if (maxOffset != 0 && offset > maxOffset) {
            sim::Fail(call, sim::Cat("srcOffset[", i, "] = ", offset, " exceeds ", maxOffset, ", the largest offset of ",
                                     sizeof(T) * 8, "-bit elements on ", soc.name));
        }
        uint64_t at = uint64_t{srcBaseAddr} + offset;
        if (at % sizeof(T) != 0) {
            sim::Fail(call, sim::Cat("srcOffset[", i, "] = ", offset, " (+ srcBaseAddr ", srcBaseAddr,
                                     ") is not a multiple of the ", sizeof(T), "-byte element size"));
        }
        if (uint64_t{s.addr} + at + sizeof(T) > s.bufEnd) {
            sim::Fail(call, sim::Cat("srcOffset[", i, "] = ", offset, " (+ srcBaseAddr ", srcBaseAddr,
                                     ") reads past the end of the source buffer [", s.bufStart, ", ", s.bufEnd, ")"));
        }
        sim::TouchUb(op, s.addr + at, sizeof(T), false);
        readLo = std::min<uint64_t>(readLo, s.addr + at);
        readHi = std::max<uint64_t>(readHi, s.addr + at + sizeof(T));
        std::memcpy(&bytes[uint64_t{i} * sizeof(T)], sim::UbData(s.addr + at), sizeof(T));
        std::memcpy(&written[uint64_t{i} * sizeof(T)], sim::g_run->ubWritten.data() + s.addr + at, sizeof(T));
    }
    if (d.addr < readHi && readLo < d.addr + callBytes) {
        sim::Fail(call, sim::Cat("the destination, UB bytes [", d.addr, ", ", d.addr + callBytes,
                                 "), overlaps the source bytes it reads, [", readLo, ", ", readHi,
                                 "); Gather's source and destination must not overlap"));
    }
    sim::TouchUb(op, d.addr, callBytes, true);
    std::memcpy(sim::UbData(d.addr), bytes.data(), bytes.size());
    std::memcpy(sim::g_run->ubWritten.data() + d.addr, written.data(), written.size());
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_VEC_H
