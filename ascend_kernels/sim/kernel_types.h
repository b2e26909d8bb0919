// Scalar types and enums of the AscendC API subset: half, bfloat16_t, TPosition, HardEvent,
// pipe_t. Names and underlying types follow CANN so kernel source compiles unchanged.
#ifndef ASCEND_KERNELS_SIM_KERNEL_TYPES_H
#define ASCEND_KERNELS_SIM_KERNEL_TYPES_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim_context.h"

namespace ascend_sim {
namespace detail {

inline uint32_t FloatBits(float f)
{
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    return bits;
}

inline float BitsFloat(uint32_t bits)
{
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    return f;
}

// IEEE binary16, round to nearest even; NaNs stay NaN (quiet) with the top payload bits.
inline uint16_t FloatToHalfBits(float f)
{
    uint32_t x = FloatBits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xFFu;
    uint32_t mant = x & 0x7FFFFFu;
    if (exp == 0xFFu) {
        return static_cast<uint16_t>(sign | 0x7C00u | (mant != 0 ? 0x200u | (mant >> 13) : 0u));
    }
    int32_t e = static_cast<int32_t>(exp) - 127 + 15;
    if (e >= 31) {
        return static_cast<uint16_t>(sign | 0x7C00u);
    }
    if (e <= 0) {
        if (e < -10) {
            return static_cast<uint16_t>(sign);
        }
        mant |= 0x800000u;
        uint32_t shift = static_cast<uint32_t>(14 - e);
        uint32_t h = mant >> shift;
        uint32_t rem = mant & ((1u << shift) - 1u);
        uint32_t halfway = 1u << (shift - 1u);
        if (rem > halfway || (rem == halfway && (h & 1u) != 0)) {
            h += 1;
        }
        return static_cast<uint16_t>(sign | h);
    }
    uint32_t h = sign | (static_cast<uint32_t>(e) << 10) | (mant >> 13);
    uint32_t rem = mant & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u) != 0)) {
        h += 1;  // a carry into the exponent is the correct rounding, up to infinity
    }
    return static_cast<uint16_t>(h);
}

inline float HalfBitsToFloat(uint16_t h)
{
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1Fu;
    uint32_t mant = h & 0x3FFu;
    if (exp == 0) {
        if (mant == 0) {
            return BitsFloat(sign);
        }
        uint32_t e = 113;  // subnormal: normalise the mantissa
        while ((mant & 0x400u) == 0) {
            mant <<= 1;
            e -= 1;
        }
        return BitsFloat(sign | (e << 23) | ((mant & 0x3FFu) << 13));
    }
    if (exp == 31) {
        return BitsFloat(sign | 0x7F800000u | (mant << 13));
    }
    return BitsFloat(sign | ((exp + 112) << 23) | (mant << 13));
}

inline uint16_t FloatToBf16Bits(float f)
{
    uint32_t x = FloatBits(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) {
        return static_cast<uint16_t>((x >> 16) | 0x40u);
    }
    return static_cast<uint16_t>((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
}

inline float Bf16BitsToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

}  // namespace detail
}  // namespace ascend_sim

// 2-byte storage types. Data-movement kernels only carry their bits; the conversions exist so
// that `T paddingValue = 0`, `half(1.5f)` and Duplicate scalars mean what they mean on device.
struct half {
    uint16_t bits;
    half() = default;
    template <typename U, typename = std::enable_if_t<std::is_arithmetic<U>::value>>
    half(U value) : bits(ascend_sim::detail::FloatToHalfBits(static_cast<float>(value)))
    {
    }
    explicit operator float() const { return ascend_sim::detail::HalfBitsToFloat(bits); }
};

struct bfloat16_t {
    uint16_t bits;
    bfloat16_t() = default;
    template <typename U, typename = std::enable_if_t<std::is_arithmetic<U>::value>>
    bfloat16_t(U value) : bits(ascend_sim::detail::FloatToBf16Bits(static_cast<float>(value)))
    {
    }
    explicit operator float() const { return ascend_sim::detail::Bf16BitsToFloat(bits); }
};

static_assert(sizeof(half) == 2 && std::is_trivially_copyable<half>::value, "half must be 2 plain bytes");
static_assert(sizeof(bfloat16_t) == 2 && std::is_trivially_copyable<bfloat16_t>::value,
              "bfloat16_t must be 2 plain bytes");

// Pipes of the AI core; a compiler builtin enum on device, hence global.
enum pipe_t : uint8_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};

namespace AscendC {

using ::bfloat16_t;
using ::half;

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};
using QuePosition = TPosition;

// Producer_consumer pipe pairs for SetFlag / WaitFlag.
enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

using TEventID = int8_t;

// DataCacheCleanAndInvalid's template arguments (kernel_reg.h in CANN).
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

constexpr int32_t ONE_BLK_SIZE = 32;

}  // namespace AscendC

// KERNEL_TASK_TYPE_DEFAULT's argument; a global enum, as in CANN (kernel_utils_macros.h).
enum KernelMetaType : uint8_t {
    KERNEL_TYPE_AIV_ONLY,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
    KERNEL_TYPE_AICORE,
    KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE,
    KERNEL_TYPE_MIX_VECTOR_CORE,
    KERNEL_TYPE_MAX,
};
static_assert(KERNEL_TYPE_AIV_ONLY == ascend_sim::detail::kKernelTypeAivOnly, "sim_simulator.h names the AIV-only type");

namespace ascend_sim {
namespace detail {

inline const char* HardEventName(AscendC::HardEvent event)
{
    static const char* const kNames[] = {
        "MTE2_MTE1", "MTE1_MTE2", "MTE1_M",    "M_MTE1",   "MTE2_V",    "V_MTE2",   "MTE3_V",   "V_MTE3",
        "M_V",       "V_M",       "V_V",       "MTE3_MTE1", "MTE1_MTE3", "MTE1_V",   "MTE2_M",   "M_MTE2",
        "V_MTE1",    "M_FIX",     "FIX_M",     "MTE3_MTE2", "MTE2_MTE3", "S_V",      "V_S",      "S_MTE2",
        "MTE2_S",    "S_MTE3",    "MTE3_S",    "MTE2_FIX", "FIX_MTE2",  "FIX_S",    "M_S",      "FIX_MTE3",
        "MTE1_FIX",  "FIX_MTE1",  "FIX_FIX",
    };
    size_t index = static_cast<size_t>(event);
    return index < sizeof(kNames) / sizeof(kNames[0]) ? kNames[index] : "MAX";
}

// AscendC spelling of an element type, for messages.
template <typename T>
const char* TypeName()
{
    if constexpr (std::is_same<T, half>::value) {
        return "half";
    } else if constexpr (std::is_same<T, bfloat16_t>::value) {
        return "bfloat16_t";
    } else if constexpr (std::is_same<T, float>::value) {
        return "float";
    } else if constexpr (std::is_same<T, double>::value) {
        return "double";
    } else if constexpr (std::is_same<T, bool>::value) {
        return "bool";
    } else if constexpr (std::is_same<T, int8_t>::value) {
        return "int8_t";
    } else if constexpr (std::is_same<T, uint8_t>::value) {
        return "uint8_t";
    } else if constexpr (std::is_same<T, int16_t>::value) {
        return "int16_t";
    } else if constexpr (std::is_same<T, uint16_t>::value) {
        return "uint16_t";
    } else if constexpr (std::is_same<T, int32_t>::value) {
        return "int32_t";
    } else if constexpr (std::is_same<T, uint32_t>::value) {
        return "uint32_t";
    } else if constexpr (std::is_same<T, int64_t>::value) {
        return "int64_t";
    } else if constexpr (std::is_same<T, uint64_t>::value) {
        return "uint64_t";
    } else {
        return "an element type";
    }
}

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_KERNEL_TYPES_H
