// The element-wise vector instructions a Compute step uses: Add, Sub, Mul, Div, Max, Min
// (tensor-tensor), Adds, Muls (tensor-scalar), Duplicate and Cast, in AscendC's count ("level 2")
// forms with AscendC's signatures, so a Compute written against the emulator compiles unchanged
// against CANN's headers.
//
// Which dtypes each instruction takes, and which RoundModes Cast takes for each pair, is per NPU
// arch: products.yaml's vec_*_dtypes and vec_cast_*_to_* facts. A kernel build of one arch
// (Note [build arch]) refuses an instruction or dtype the arch lacks at compile time, with a
// static_assert naming the instruction, the dtype and the arch; an arch-less host build (the test
// drivers, which run every product's rules in one binary) refuses what no arch has at compile
// time and what the simulated SoC lacks at run time. A RoundMode is a run-time argument: one Cast
// does not take is refused at run time.
//
// Every call checks its operands as Note [vector operands] says, runs on pipe V (Note [pipe
// hazards]), counts as one vector instruction, and computes as Note [vector numerics]
// (sim_vec_numerics.h) defines.
#ifndef ASCEND_KERNELS_SIM_KERNEL_VEC_ARITH_H
#define ASCEND_KERNELS_SIM_KERNEL_VEC_ARITH_H

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

// A build of the emulator without an arch is a host test build of every product line at once
// (Note [build arch] in common/build_arch.h): the emulator refuses at run time what the simulated
// SoC lacks. The emulator's one include of build_arch.h is here.
#if !defined(__NPU_ARCH__) && !defined(__CCE_AICORE__) && !defined(ASCEND_OPS_ANY_ARCH_BUILD)
#define ASCEND_OPS_ANY_ARCH_BUILD 1
#endif
#include "build_arch.h"
#include "kernel_tensor.h"
#include "kernel_types.h"
#include "kernel_vec.h"
#include "sim_context.h"
#include "sim_vec_numerics.h"

namespace AscendC {

// Cast's rounding (kernel_utils_mode.h in CANN): the values are the bits of the vec_cast_* masks.
enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
    UNKNOWN = 0xFF,
};

}  // namespace AscendC

// What a refusal names as the arch: the build's, or (a host build) every arch of the table.
#define ASCEND_SIM_STRINGIFY2(x) #x
#define ASCEND_SIM_STRINGIFY(x) ASCEND_SIM_STRINGIFY2(x)
#ifdef ASCEND_OPS_NPU_ARCH
#define ASCEND_SIM_BUILD_ARCH "arch " ASCEND_SIM_STRINGIFY(ASCEND_OPS_NPU_ARCH)
#else
#define ASCEND_SIM_BUILD_ARCH "any arch"
#endif

// A compile-time refusal of element type T for instruction NAME, whose dtypes on the build's arch
// are MASK (FACT: its products.yaml key): one static_assert per dtype, so the message names it.
#define ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, TYPE, BIT)                                          \
    static_assert(!std::is_same<T, TYPE>::value || ((MASK) & ascend_ops::BIT) != 0,                    \
                  NAME ": " #TYPE " is not supported on " ASCEND_SIM_BUILD_ARCH " (" FACT " of "   \
                  "op_specs/products.yaml)")
#define ASCEND_SIM_REFUSE_DTYPE(NAME, FACT, T, MASK)                                                   \
    static_assert(ascend_sim::detail::DtypeBit<T>() != 0,                                              \
                  NAME ": the element type is no dtype of op_specs/products.yaml");                  \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, half, kDtypeBitFloat16);                                \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, bfloat16_t, kDtypeBitBfloat16);                         \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, float, kDtypeBitFloat32);                               \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, int8_t, kDtypeBitInt8);                                 \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, uint8_t, kDtypeBitUint8);                               \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, int16_t, kDtypeBitInt16);                               \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, int32_t, kDtypeBitInt32);                               \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, uint32_t, kDtypeBitUint32);                             \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, int64_t, kDtypeBitInt64);                               \
    ASCEND_SIM_REFUSE_ONE(NAME, FACT, T, MASK, bool, kDtypeBitBool)

// Cast's pairs: one static_assert per (source, destination) of the types Cast may name.
#define ASCEND_SIM_REFUSE_PAIR(Dst, Src, D, S)                                                        \
    static_assert(!(std::is_same<Dst, D>::value && std::is_same<Src, S>::value) ||                     \
                      ascend_sim::detail::CastModes<D, S>(ascend_ops::kBuildArch) != 0,                \
                  "Cast: " #S " -> " #D " is not supported on " ASCEND_SIM_BUILD_ARCH                 \
                  " (no vec_cast_* fact of op_specs/products.yaml allows it there)")
#define ASCEND_SIM_REFUSE_PAIRS_TO(Dst, Src, D)                                                        \
    ASCEND_SIM_REFUSE_PAIR(Dst, Src, D, half);                                                         \
    ASCEND_SIM_REFUSE_PAIR(Dst, Src, D, bfloat16_t);                                                   \
    ASCEND_SIM_REFUSE_PAIR(Dst, Src, D, float);                                                        \
    ASCEND_SIM_REFUSE_PAIR(Dst, Src, D, int16_t);                                                      \
    ASCEND_SIM_REFUSE_PAIR(Dst, Src, D, int32_t)

namespace ascend_sim {
namespace detail {

// The bit of T in a `dtypes` fact's mask; 0 for a type that is no dtype of products.yaml.
template <typename T>
constexpr uint32_t DtypeBit()
{
    if constexpr (std::is_same<T, half>::value) {
        return ascend_ops::kDtypeBitFloat16;
    } else if constexpr (std::is_same<T, bfloat16_t>::value) {
        return ascend_ops::kDtypeBitBfloat16;
    } else if constexpr (std::is_same<T, float>::value) {
        return ascend_ops::kDtypeBitFloat32;
    } else if constexpr (std::is_same<T, int8_t>::value) {
        return ascend_ops::kDtypeBitInt8;
    } else if constexpr (std::is_same<T, uint8_t>::value) {
        return ascend_ops::kDtypeBitUint8;
    } else if constexpr (std::is_same<T, int16_t>::value) {
        return ascend_ops::kDtypeBitInt16;
    } else if constexpr (std::is_same<T, int32_t>::value) {
        return ascend_ops::kDtypeBitInt32;
    } else if constexpr (std::is_same<T, uint32_t>::value) {
        return ascend_ops::kDtypeBitUint32;
    } else if constexpr (std::is_same<T, int64_t>::value) {
        return ascend_ops::kDtypeBitInt64;
    } else if constexpr (std::is_same<T, bool>::value) {
        return ascend_ops::kDtypeBitBool;
    } else {
        return 0;
    }
}

// The RoundModes Cast takes from Src to Dst on the arch whose facts `facts` holds (ArchTraits or
// ProductInfo); 0: the pair is not converted there.
template <typename Dst, typename Src, typename Facts>
constexpr uint32_t CastModes(const Facts& facts)
{
    if constexpr (std::is_same<Src, half>::value && std::is_same<Dst, float>::value) {
        return facts.vecCastFloat16ToFloat32;
    } else if constexpr (std::is_same<Src, half>::value && std::is_same<Dst, int32_t>::value) {
        return facts.vecCastFloat16ToInt32;
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, half>::value) {
        return facts.vecCastFloat32ToFloat16;
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, float>::value) {
        return facts.vecCastFloat32ToFloat32;
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, bfloat16_t>::value) {
        return facts.vecCastFloat32ToBfloat16;
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, int32_t>::value) {
        return facts.vecCastFloat32ToInt32;
    } else if constexpr (std::is_same<Src, bfloat16_t>::value && std::is_same<Dst, float>::value) {
        return facts.vecCastBfloat16ToFloat32;
    } else if constexpr (std::is_same<Src, bfloat16_t>::value && std::is_same<Dst, int32_t>::value) {
        return facts.vecCastBfloat16ToInt32;
    } else if constexpr (std::is_same<Src, int32_t>::value && std::is_same<Dst, float>::value) {
        return facts.vecCastInt32ToFloat32;
    } else if constexpr (std::is_same<Src, int32_t>::value && std::is_same<Dst, half>::value) {
        return facts.vecCastInt32ToFloat16;
    } else {
        (void)facts;
        return 0;
    }
}

// "half, float, int32_t": the element types of `mask`, for messages.
inline std::string DtypeList(uint32_t mask)
{
    struct Named {
        uint32_t bit;
        const char* name;
    };
    static const Named kNamed[] = {
        {ascend_ops::kDtypeBitFloat16, "half"},  {ascend_ops::kDtypeBitBfloat16, "bfloat16_t"},
        {ascend_ops::kDtypeBitFloat32, "float"}, {ascend_ops::kDtypeBitInt8, "int8_t"},
        {ascend_ops::kDtypeBitUint8, "uint8_t"}, {ascend_ops::kDtypeBitInt16, "int16_t"},
        {ascend_ops::kDtypeBitInt32, "int32_t"}, {ascend_ops::kDtypeBitUint32, "uint32_t"},
        {ascend_ops::kDtypeBitInt64, "int64_t"}, {ascend_ops::kDtypeBitBool, "bool"},
    };
    std::string out;
    for (const Named& n : kNamed) {
        if ((mask & n.bit) != 0) {
            out += (out.empty() ? "" : ", ") + std::string(n.name);
        }
    }
    return out.empty() ? "none" : out;
}

inline const char* RoundModeName(uint32_t mode)
{
    static const char* const kNames[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                         "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
    return mode < 7 ? kNames[mode] : "an unknown RoundMode";
}

inline std::string RoundModeList(uint32_t mask)
{
    std::string out;
    for (uint32_t m = 0; m < 7; ++m) {
        if ((mask >> m) & 1u) {
            out += (out.empty() ? "" : ", ") + std::string(RoundModeName(m));
        }
    }
    return out;
}

// The run-time half of the dtype rule: the simulated SoC's product line must list T (an arch
// build already refused what its arch lacks).
template <typename T>
void CheckVecDtype(uint32_t mask, const char* fact, const char* call)
{
    const SocConfig& soc = Active(call).soc;
    if ((mask & DtypeBit<T>()) == 0) {
        Fail(call, Cat(TypeName<T>(), " is not supported on ", soc.name, " (arch ", soc.product.npuArch, "; ", fact,
                       " of op_specs/products.yaml: ", DtypeList(mask), ")"));
    }
}

inline const char* PositionName(uint8_t position)
{
    static const char* const kNames[] = {"GM",  "A1",  "A2",     "B1",     "B2",      "C1",  "C2",
                                         "CO1", "CO2", "VECIN",  "VECOUT", "VECCALC", "SPM", "TSCM",
                                         "C2PIPE2GM", "C2PIPE2LOCAL"};
    return position < sizeof(kNames) / sizeof(kNames[0]) ? kNames[position] : "no position";
}

// Note [vector operands]
// Each operand of a vector instruction, before anything is computed:
//  - is bound to a live UB buffer, and the `bytes` the call touches lie inside that buffer (the
//    queue buffer or the whole TBuf: past it is a neighbour's tile);
//  - starts 32-byte aligned (the vector unit reads whole 32-byte blocks);
//  - comes from a queue or TBuf at VECIN, VECOUT or VECCALC (the vector unit reads and writes UB
//    only; a tensor at another position is not in UB on device);
//  - a source holds only bytes this block wrote (Note [UB validity]);
//  - the destination is a source (same address and element size: in place) or does not overlap it.
inline void CheckVecOperand(const UbView& view, uint64_t bytes, const char* name, const char* call)
{
    CheckUbAccess(view, 0, bytes, call);
    if (view.addr % kBlockBytes != 0) {
        Fail(call, Cat(name, ": UB address ", view.addr, " is not 32-byte aligned"));
    }
    using AscendC::TPosition;
    const uint8_t p = view.position;
    if (p != static_cast<uint8_t>(TPosition::VECIN) && p != static_cast<uint8_t>(TPosition::VECOUT) &&
        p != static_cast<uint8_t>(TPosition::VECCALC)) {
        Fail(call, Cat(name, " is a tensor at TPosition::", PositionName(p),
                       "; vector instructions take tensors at VECIN, VECOUT or VECCALC"));
    }
}

inline void CheckVecOverlap(const UbView& dst, uint64_t dstBytes, uint32_t dstElem, const UbView& src,
                            uint64_t srcBytes, uint32_t srcElem, const char* srcName, const char* call)
{
    const uint64_t d0 = dst.addr;
    const uint64_t s0 = src.addr;
    const bool inPlace = d0 == s0 && dstElem == srcElem;
    if (!inPlace && d0 < s0 + srcBytes && s0 < d0 + dstBytes) {
        Fail(call, Cat("dst, UB bytes [", d0, ", ", d0 + dstBytes, "), overlaps ", srcName, ", [", s0, ", ",
                       s0 + srcBytes, "); a vector instruction works in place or on disjoint tensors"));
    }
}

template <typename T>
uint32_t LaneBits(const uint8_t* at)
{
    if constexpr (sizeof(T) == 2) {
        uint16_t b;
        std::memcpy(&b, at, 2);
        return b;
    } else {
        uint32_t b;
        std::memcpy(&b, at, 4);
        return b;
    }
}

template <typename T>
void StoreLane(uint8_t* at, uint32_t bits)
{
    if constexpr (sizeof(T) == 2) {
        const uint16_t b = static_cast<uint16_t>(bits);
        std::memcpy(at, &b, 2);
    } else {
        std::memcpy(at, &bits, 4);
    }
}

template <typename T>
uint32_t ScalarBits(const T& value)
{
    return LaneBits<T>(reinterpret_cast<const uint8_t*>(static_cast<const void*>(&value)));
}

// One lane of a binary instruction on T (Note [vector numerics]).
template <typename T>
uint32_t BinaryLane(BinaryOp op, uint32_t a, uint32_t b, bool saturate)
{
    if constexpr (std::is_same<T, half>::value) {
        return FloatBinary(op, a, b, kHalf, saturate);
    } else if constexpr (std::is_same<T, float>::value) {
        return FloatBinary(op, a, b, kFloat, saturate);
    } else if constexpr (std::is_same<T, int16_t>::value) {
        return static_cast<uint16_t>(IntBinary<int16_t>(op, static_cast<int16_t>(a), static_cast<int16_t>(b)));
    } else if constexpr (std::is_same<T, int32_t>::value) {
        return static_cast<uint32_t>(IntBinary<int32_t>(op, static_cast<int32_t>(a), static_cast<int32_t>(b)));
    } else {
        (void)op;
        (void)a;
        (void)b;
        (void)saturate;
        return 0;  // no arch has the instruction for T: the static_assert refused it
    }
}

// dst[i] = op(src0[i], src1[i]) for i < count, or op(src0[i], scalar) when src1 is null.
template <typename T>
void VecBinary(BinaryOp op, const char* call, uint32_t mask, const char* fact, const UbView& dst,
               const UbView& src0, const UbView* src1, const uint32_t* scalar, int32_t count)
{
    CheckVecDtype<T>(mask, fact, call);
    if (!CountToDo(count, call)) {
        return;
    }
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    CheckVecOperand(dst, bytes, "dst", call);
    CheckVecOperand(src0, bytes, src1 != nullptr ? "src0" : "src", call);
    if (src1 != nullptr) {
        CheckVecOperand(*src1, bytes, "src1", call);
    }
    CheckUbWritten(src0.addr, bytes, call);
    if (src1 != nullptr) {
        CheckUbWritten(src1->addr, bytes, call);
    }
    CheckVecOverlap(dst, bytes, sizeof(T), src0, bytes, sizeof(T), src1 != nullptr ? "src0" : "src", call);
    if (src1 != nullptr) {
        CheckVecOverlap(dst, bytes, sizeof(T), *src1, bytes, sizeof(T), "src1", call);
    }
    CountVector();
    const uint32_t opIndex = BeginOp(Pipe::kV, call);
    TouchUb(opIndex, src0.addr, bytes, false);
    if (src1 != nullptr) {
        TouchUb(opIndex, src1->addr, bytes, false);
    }
    const bool saturate = g_run->soc.product.floatSaturation;
    std::vector<uint8_t> out(bytes);
    for (uint64_t at = 0; at < bytes; at += sizeof(T)) {
        const uint32_t a = LaneBits<T>(UbData(src0.addr + at));
        const uint32_t b = src1 != nullptr ? LaneBits<T>(UbData(src1->addr + at)) : *scalar;
        StoreLane<T>(&out[at], BinaryLane<T>(op, a, b, saturate));
    }
    TouchUb(opIndex, dst.addr, bytes, true);
    std::memcpy(UbData(dst.addr), out.data(), bytes);
    MarkUb(dst.addr, bytes, true);
}

#ifndef ASCEND_SIM_TEST_RINT_AS_TRUNC
#define ASCEND_SIM_TEST_RINT_AS_TRUNC 0
#endif

// Cast's rounding. ASCEND_SIM_TEST_RINT_AS_TRUNC=1 makes CAST_RINT truncate: the negative control
// of the bit-exact Cast tests (tests/ascend_kernels/test_vec_arith.py), never set otherwise.
inline Rounding CastRounding(AscendC::RoundMode mode)
{
    if (ASCEND_SIM_TEST_RINT_AS_TRUNC && mode == AscendC::RoundMode::CAST_RINT) {
        return Rounding::kTrunc;
    }
    return static_cast<Rounding>(mode);
}

// One lane of Cast from Src to Dst (Note [vector numerics]).
template <typename Dst, typename Src>
uint32_t CastLane(uint32_t bits, Rounding mode, bool saturate)
{
    if constexpr (std::is_same<Src, half>::value && std::is_same<Dst, float>::value) {
        return ConvertFloat(bits, kHalf, kFloat, mode, saturate);
    } else if constexpr (std::is_same<Src, bfloat16_t>::value && std::is_same<Dst, float>::value) {
        return ConvertFloat(bits, kBf16, kFloat, mode, saturate);
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, half>::value) {
        return ConvertFloat(bits, kFloat, kHalf, mode, saturate);
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, bfloat16_t>::value) {
        return ConvertFloat(bits, kFloat, kBf16, mode, saturate);
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, float>::value) {
        return FloatToIntegral(bits, mode, saturate);
    } else if constexpr (std::is_same<Src, half>::value && std::is_same<Dst, int32_t>::value) {
        return static_cast<uint32_t>(FloatToInt32(bits, kHalf, mode));
    } else if constexpr (std::is_same<Src, bfloat16_t>::value && std::is_same<Dst, int32_t>::value) {
        return static_cast<uint32_t>(FloatToInt32(bits, kBf16, mode));
    } else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, int32_t>::value) {
        return static_cast<uint32_t>(FloatToInt32(bits, kFloat, mode));
    } else if constexpr (std::is_same<Src, int32_t>::value && std::is_same<Dst, float>::value) {
        return Int32ToFloat(static_cast<int32_t>(bits), kFloat, mode, saturate);
    } else if constexpr (std::is_same<Src, int32_t>::value && std::is_same<Dst, half>::value) {
        // through float32, rounded by the mode at both steps (arch 3002's implementation)
        const uint32_t wide = Int32ToFloat(static_cast<int32_t>(bits), kFloat, mode, false);
        return ConvertFloat(wide, kFloat, kHalf, mode, saturate);
    } else {
        (void)bits;
        (void)mode;
        (void)saturate;
        return 0;  // no arch converts the pair: the static_assert refused it
    }
}

template <typename Dst, typename Src>
void VecCast(const UbView& dst, const UbView& src, AscendC::RoundMode roundMode, uint32_t count)
{
    const char* call = "Cast";
    const SocConfig& soc = Active(call).soc;
    const uint32_t modes = CastModes<Dst, Src>(soc.product);
    if (modes == 0) {
        Fail(call, Cat(TypeName<Src>(), " -> ", TypeName<Dst>(), " is not supported on ", soc.name, " (arch ",
                       soc.product.npuArch, ")"));
    }
    const uint32_t mode = static_cast<uint32_t>(roundMode);
    if (mode >= 7 || ((modes >> mode) & 1u) == 0) {
        Fail(call, Cat("RoundMode ", RoundModeName(mode), " is not supported for ", TypeName<Src>(), " -> ",
                       TypeName<Dst>(), " on ", soc.name, " (it takes ", RoundModeList(modes), ")"));
    }
    if (count == 0) {
        return;
    }
    const uint64_t dstBytes = uint64_t{count} * sizeof(Dst);
    const uint64_t srcBytes = uint64_t{count} * sizeof(Src);
    CheckVecOperand(dst, dstBytes, "dst", call);
    CheckVecOperand(src, srcBytes, "src", call);
    CheckUbWritten(src.addr, srcBytes, call);
    CheckVecOverlap(dst, dstBytes, sizeof(Dst), src, srcBytes, sizeof(Src), "src", call);
    CountVector();
    const uint32_t opIndex = BeginOp(Pipe::kV, call);
    TouchUb(opIndex, src.addr, srcBytes, false);
    const Rounding rounding = CastRounding(roundMode);
    const bool saturate = soc.product.floatSaturation;
    std::vector<uint8_t> out(dstBytes);
    for (uint64_t i = 0; i < count; ++i) {
        const uint32_t bits = LaneBits<Src>(UbData(src.addr + i * sizeof(Src)));
        StoreLane<Dst>(&out[i * sizeof(Dst)], CastLane<Dst, Src>(bits, rounding, saturate));
    }
    TouchUb(opIndex, dst.addr, dstBytes, true);
    std::memcpy(UbData(dst.addr), out.data(), dstBytes);
    MarkUb(dst.addr, dstBytes, true);
}

}  // namespace detail
}  // namespace ascend_sim

namespace AscendC {

// dst[i] = src0[i] + src1[i] for i < count.
template <typename T>
void Add(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Add", "vec_add_dtypes", T, ascend_ops::kBuildArch.vecAddDtypes);
    namespace sim = ascend_sim::detail;
    sim::VecBinary<T>(sim::BinaryOp::kAdd, "Add", sim::Active("Add").soc.product.vecAddDtypes, "vec_add_dtypes",
                      dst.SimView(), src0.SimView(), &src1.SimView(), nullptr, count);
}

// dst[i] = src0[i] - src1[i] for i < count.
template <typename T>
void Sub(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Sub", "vec_sub_dtypes", T, ascend_ops::kBuildArch.vecSubDtypes);
    namespace sim = ascend_sim::detail;
    sim::VecBinary<T>(sim::BinaryOp::kSub, "Sub", sim::Active("Sub").soc.product.vecSubDtypes, "vec_sub_dtypes",
                      dst.SimView(), src0.SimView(), &src1.SimView(), nullptr, count);
}

// dst[i] = src0[i] * src1[i] for i < count.
template <typename T>
void Mul(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Mul", "vec_mul_dtypes", T, ascend_ops::kBuildArch.vecMulDtypes);
    namespace sim = ascend_sim::detail;
    sim::VecBinary<T>(sim::BinaryOp::kMul, "Mul", sim::Active("Mul").soc.product.vecMulDtypes, "vec_mul_dtypes",
                      dst.SimView(), src0.SimView(), &src1.SimView(), nullptr, count);
}

// dst[i] = src0[i] / src1[i] for i < count.
template <typename T>
void Div(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Div", "vec_div_dtypes", T, ascend_ops::kBuildArch.vecDivDtypes);
    namespace sim = ascend_sim::detail;
    sim::VecBinary<T>(sim::BinaryOp::kDiv, "Div", sim::Active("Div").soc.product.vecDivDtypes, "vec_div_dtypes",
                      dst.SimView(), src0.SimView(), &src1.SimView(), nullptr, count);
}

// dst[i] = max(src0[i], src1[i]) for i < count.
template <typename T>
void Max(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Max", "vec_max_dtypes", T, ascend_ops::kBuildArch.vecMaxDtypes);
    namespace sim = ascend_sim::detail;
    sim::VecBinary<T>(sim::BinaryOp::kMax, "Max", sim::Active("Max").soc.product.vecMaxDtypes, "vec_max_dtypes",
                      dst.SimView(), src0.SimView(), &src1.SimView(), nullptr, count);
}

// dst[i] = min(src0[i], src1[i]) for i < count.
template <typename T>
void Min(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Min", "vec_min_dtypes", T, ascend_ops::kBuildArch.vecMinDtypes);
    namespace sim = ascend_sim::detail;
    sim::VecBinary<T>(sim::BinaryOp::kMin, "Min", sim::Active("Min").soc.product.vecMinDtypes, "vec_min_dtypes",
                      dst.SimView(), src0.SimView(), &src1.SimView(), nullptr, count);
}

// dst[i] = src[i] + scalarValue for i < count. isSetMask = false (the count taken from a mask set
// earlier) is not emulated.
template <typename T, bool isSetMask = true>
void Adds(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Adds", "vec_adds_dtypes", T, ascend_ops::kBuildArch.vecAddsDtypes);
    static_assert(isSetMask, "Adds<T, false> (a count from an earlier mask) is not emulated");
    namespace sim = ascend_sim::detail;
    const uint32_t scalar = sim::ScalarBits(scalarValue);
    sim::VecBinary<T>(sim::BinaryOp::kAdd, "Adds", sim::Active("Adds").soc.product.vecAddsDtypes, "vec_adds_dtypes",
                      dst.SimView(), src.SimView(), nullptr, &scalar, count);
}

// AscendC's second Adds form, whose scalar type U is the tensor's element type spelled apart.
template <typename T, typename U, bool isSetMask = true, typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void Adds(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, const int32_t& count)
{
    Adds<T, isSetMask>(dst, src, static_cast<const T&>(scalarValue), count);
}

// dst[i] = src[i] * scalarValue for i < count. isSetMask = false is not emulated.
template <typename T, bool isSetMask = true>
void Muls(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Muls", "vec_muls_dtypes", T, ascend_ops::kBuildArch.vecMulsDtypes);
    static_assert(isSetMask, "Muls<T, false> (a count from an earlier mask) is not emulated");
    namespace sim = ascend_sim::detail;
    const uint32_t scalar = sim::ScalarBits(scalarValue);
    sim::VecBinary<T>(sim::BinaryOp::kMul, "Muls", sim::Active("Muls").soc.product.vecMulsDtypes, "vec_muls_dtypes",
                      dst.SimView(), src.SimView(), nullptr, &scalar, count);
}

// AscendC's second Muls form (as Adds').
template <typename T, typename U, bool isSetMask = true, typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void Muls(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, const int32_t& count)
{
    Muls<T, isSetMask>(dst, src, static_cast<const T&>(scalarValue), count);
}

// dst[i] = scalarValue for i < count: the scalar's bits, unchanged.
template <typename T>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count)
{
    ASCEND_SIM_REFUSE_DTYPE("Duplicate", "vec_duplicate_dtypes", T, ascend_ops::kBuildArch.vecDuplicateDtypes);
    namespace sim = ascend_sim::detail;
    const char* call = "Duplicate";
    sim::CheckVecDtype<T>(sim::Active(call).soc.product.vecDuplicateDtypes, "vec_duplicate_dtypes", call);
    if (!sim::CountToDo(count, call)) {
        return;
    }
    const sim::UbView& d = dst.SimView();
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    sim::CheckVecOperand(d, bytes, "dst", call);
    sim::CountVector();
    sim::TouchUb(sim::BeginOp(sim::Pipe::kV, call), d.addr, bytes, true);
    for (uint64_t at = 0; at < bytes; at += sizeof(T)) {
        std::memcpy(sim::UbData(d.addr + at), static_cast<const void*>(&scalarValue), sizeof(T));
    }
    sim::MarkUb(d.addr, bytes, true);
}

// The bit-mask form ("level 0", normal mask mode): repeat r writes element i of its 256 bytes,
// block i / (32 / sizeof(T)) at dstBlockStride * block + dstRepeatStride * r blocks from dst,
// where bit i of the mask is set (mask[0] bits 0..63, mask[1] the next 64; for 32-bit elements
// mask[1] must be 0). isSetMask = false (a mask from an earlier call) is not emulated.
template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask[], const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride)
{
    ASCEND_SIM_REFUSE_DTYPE("Duplicate", "vec_duplicate_dtypes", T, ascend_ops::kBuildArch.vecDuplicateDtypes);
    static_assert(isSetMask, "Duplicate<T, false> (a mask from an earlier call) is not emulated");
    namespace sim = ascend_sim::detail;
    const char* call = "Duplicate (bit mask)";
    sim::CheckVecDtype<T>(sim::Active(call).soc.product.vecDuplicateDtypes, "vec_duplicate_dtypes", call);
    constexpr uint32_t perRepeat = 256 / sizeof(T);
    constexpr uint32_t perBlock = sim::kBlockBytes / sizeof(T);
    if (sizeof(T) == 4 && mask[1] != 0) {
        sim::Fail(call, sim::Cat("mask[1] = ", mask[1], " must be 0 for 32-bit elements"));
    }
    if (repeatTimes == 0 || (mask[0] == 0 && mask[1] == 0)) {
        return;
    }
    auto at = [&](uint32_t r, uint32_t i) {
        return (uint64_t{dstRepeatStride} * r + uint64_t{dstBlockStride} * (i / perBlock)) * sim::kBlockBytes +
               uint64_t{i % perBlock} * sizeof(T);
    };
    auto enabled = [&](uint32_t i) { return ((mask[i / 64] >> (i % 64)) & 1u) != 0; };
    uint64_t end = 0;  // past the last byte written
    for (uint32_t r = 0; r < repeatTimes; ++r) {
        for (uint32_t i = 0; i < perRepeat; ++i) {
            end = enabled(i) && at(r, i) + sizeof(T) > end ? at(r, i) + sizeof(T) : end;
        }
    }
    const sim::UbView& d = dst.SimView();
    sim::CheckVecOperand(d, end, "dst", call);
    sim::CountVector();
    sim::TouchUb(sim::BeginOp(sim::Pipe::kV, call), d.addr, end, true);
    for (uint32_t r = 0; r < repeatTimes; ++r) {
        for (uint32_t i = 0; i < perRepeat; ++i) {
            if (enabled(i)) {
                std::memcpy(sim::UbData(d.addr + at(r, i)), static_cast<const void*>(&scalarValue), sizeof(T));
                sim::MarkUb(d.addr + at(r, i), sizeof(T), true);
            }
        }
    }
}

// dst[i] = src[i] converted to T by roundMode, for i < count.
template <typename T, typename U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint32_t count)
{
    ASCEND_SIM_REFUSE_PAIRS_TO(T, U, half);
    ASCEND_SIM_REFUSE_PAIRS_TO(T, U, bfloat16_t);
    ASCEND_SIM_REFUSE_PAIRS_TO(T, U, float);
    ASCEND_SIM_REFUSE_PAIRS_TO(T, U, int16_t);
    ASCEND_SIM_REFUSE_PAIRS_TO(T, U, int32_t);
    static_assert(ascend_sim::detail::CastModes<T, U>(ascend_ops::kAnyArch) != 0,
                  "Cast: no arch of op_specs/products.yaml converts these element types");
    ascend_sim::detail::VecCast<T, U>(dst.SimView(), src.SimView(), roundMode, count);
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_VEC_ARITH_H
