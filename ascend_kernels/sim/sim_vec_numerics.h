// The element arithmetic of the vector instructions (kernel_vec_arith.h): what one lane computes,
// bit for bit, as Note [vector numerics] defines it. Plain functions on bit patterns; no AscendC
// type and no simulator state.
#ifndef ASCEND_KERNELS_SIM_SIM_VEC_NUMERICS_H
#define ASCEND_KERNELS_SIM_SIM_VEC_NUMERICS_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace ascend_sim {
namespace detail {

// Note [vector numerics]
// What the emulator's Add, Sub, Mul, Div, Max, Min, Adds, Muls and Cast compute per element. The
// tests compare every rule with numpy / ml_dtypes (tests/ascend_kernels/test_vec_arith.py), and
// the CPU-debug model (dev/ascend_ops_dev/cpudebug/model_vec.inc) implements the same rules its
// own way under Huawei's AscendC implementation.
//  - float32: IEEE 754 binary32 with round to nearest even, subnormals kept (no flush to zero).
//  - float16: the exact result rounded once to binary16, nearest even (numpy's float16). It is
//    computed in float32 and rounded again, which gives that single rounding for + - * / because
//    binary32 has at least 2 * 11 + 2 bits of precision. Div included: the hardware may divide
//    through a reciprocal; no source says, so the emulator divides exactly. (guessed)
//  - Subnormal inputs and results are kept in both formats. (guessed)
//  - NaN: a NaN operand gives a NaN: the first NaN operand (src0, then src1 / the scalar) with its
//    quiet bit set, sign and payload kept; an invalid operation (inf - inf, 0 * inf, 0 / 0,
//    inf / inf) gives the positive quiet NaN (0x7E00, 0x7FC00000). (guessed: IEEE 754 leaves the
//    payload open)
//  - Max / Min: a NaN operand gives NaN as above; +0 counts as greater than -0 (IEEE 754-2019
//    maximum / minimum). (guessed)
//  - int16 / int32 Add, Sub, Mul, Adds, Muls wrap modulo 2^16 / 2^32 (Mul keeps the low bits).
//  - Saturation (products.yaml float_saturation, the archs without an INF/NaN mode: training,
//    inference, 200I/500 A2): every float16 / float32 result of an arithmetic instruction or of
//    Cast to a floating type that is +-inf becomes +-max finite and every NaN +0; A2 / A3 keep
//    inf and NaN (IEEE). The docs state it for float16; float32 follows the same rule. (partly
//    guessed)
//  - Cast: the source value is exact; it is rounded once to the destination with the RoundMode:
//    CAST_RINT nearest even, CAST_ROUND nearest with ties away from zero, CAST_FLOOR / CAST_CEIL
//    towards -inf / +inf, CAST_TRUNC towards zero, CAST_ODD to odd (an inexact result takes the
//    neighbour with an odd last bit), CAST_NONE nearest even (the docs: CAST_RINT where precision
//    is lost). A floating destination overflows as IEEE directed rounding does (to inf, or to the
//    largest finite where the mode rounds towards zero), then saturates on saturating archs; NaN
//    stays NaN as for arithmetic (quiet, payload's top bits kept). An int32 destination
//    saturates to [INT32_MIN, INT32_MAX], +-inf too, and NaN gives 0 (the docs' conversion
//    rules). float32 -> float32 rounds to an integral value (sign of zero kept). int32 -> float16
//    (arch 3002) rounds to float32 and then to float16, both with the mode, as its implementation
//    does.

enum class Rounding : uint8_t { kNone = 0, kRint, kFloor, kCeil, kRound, kTrunc, kOdd };  // AscendC's RoundMode

// A binary floating-point format: fraction bits, smallest and largest normal exponent.
struct FloatFormat {
    int mantBits;
    int emin;
    int emax;
    int bitsOfExp() const { return emax == 15 ? 5 : 8; }
    uint32_t expMask() const { return ((1u << bitsOfExp()) - 1u) << mantBits; }
    uint32_t quietBit() const { return 1u << (mantBits - 1); }
    uint32_t maxFinite() const { return expMask() - (1u << mantBits) + ((1u << mantBits) - 1u); }
};

constexpr FloatFormat kHalf{10, -14, 15};
constexpr FloatFormat kBf16{7, -126, 127};
constexpr FloatFormat kFloat{23, -126, 127};

inline uint32_t SignOf(const FloatFormat& f) { return 1u << (f.mantBits + f.bitsOfExp()); }

inline bool IsNanBits(uint32_t bits, const FloatFormat& f)
{
    return (bits & f.expMask()) == f.expMask() && (bits & ((1u << f.mantBits) - 1u)) != 0;
}

inline bool IsInfBits(uint32_t bits, const FloatFormat& f)
{
    return (bits & ~SignOf(f)) == f.expMask();
}

inline uint32_t DefaultNan(const FloatFormat& f) { return f.expMask() | f.quietBit(); }

inline uint32_t QuietNan(uint32_t bits, const FloatFormat& f) { return bits | f.quietBit(); }

// The saturation of Note [vector numerics]: +-inf -> +-max finite, NaN -> +0.
inline uint32_t Saturate(uint32_t bits, const FloatFormat& f, bool saturate)
{
    if (!saturate) {
        return bits;
    }
    if (IsNanBits(bits, f)) {
        return 0;
    }
    if (IsInfBits(bits, f)) {
        return (bits & SignOf(f)) | f.maxFinite();
    }
    return bits;
}

// The exact value of a finite pattern of `f`, as a double (exact for every format here).
inline double ExactValue(uint32_t bits, const FloatFormat& f)
{
    const uint32_t fraction = bits & ((1u << f.mantBits) - 1u);
    const int field = static_cast<int>((bits & f.expMask()) >> f.mantBits);
    double value = field == 0 ? std::ldexp(static_cast<double>(fraction), f.emin - f.mantBits)
                              : std::ldexp(static_cast<double>(fraction | (1u << f.mantBits)),
                                           field - 1 + f.emin - f.mantBits);
    return (bits & SignOf(f)) != 0 ? -value : value;
}

// Rounds the magnitude `scaled` (>= 0; its integer part and fraction exact) to an integer by
// `mode`, for a value whose sign is `negative`.
inline double RoundScaled(double scaled, bool negative, Rounding mode)
{
    const double whole = std::floor(scaled);
    const double frac = scaled - whole;
    if (frac == 0.0) {
        return whole;
    }
    switch (mode) {
        case Rounding::kNone:
        case Rounding::kRint:
            return frac > 0.5 || (frac == 0.5 && std::fmod(whole, 2.0) != 0.0) ? whole + 1.0 : whole;
        case Rounding::kRound:
            return frac >= 0.5 ? whole + 1.0 : whole;
        case Rounding::kFloor:
            return negative ? whole + 1.0 : whole;
        case Rounding::kCeil:
            return negative ? whole : whole + 1.0;
        case Rounding::kTrunc:
            return whole;
        case Rounding::kOdd:
            return std::fmod(whole, 2.0) != 0.0 ? whole : whole + 1.0;
    }
    return whole;
}

// `value` (exact, finite) rounded once to format `f` by `mode`, with IEEE overflow (before
// saturation).
inline uint32_t RoundToFormat(double value, const FloatFormat& f, Rounding mode)
{
    const bool negative = std::signbit(value);
    const uint32_t sign = negative ? SignOf(f) : 0u;
    const double magnitude = std::fabs(value);
    if (magnitude == 0.0) {
        return sign;
    }
    int exponent = std::ilogb(magnitude);
    if (exponent < f.emin) {
        exponent = f.emin;
    }
    const double scaled = std::ldexp(magnitude, f.mantBits - exponent);  // in [0, 2^(mant+1))
    const uint64_t integer = static_cast<uint64_t>(RoundScaled(scaled, negative, mode));
    // value = integer * 2^(exponent - mantBits); a carry to 2^(mant+1) moves into the next binade
    const uint64_t bits = (static_cast<uint64_t>(exponent - f.emin) << f.mantBits) + integer;
    const uint64_t infBits = f.expMask();
    if (bits >= infBits) {
        const bool toInf = mode == Rounding::kNone || mode == Rounding::kRint || mode == Rounding::kRound ||
                           (mode == Rounding::kCeil && !negative) || (mode == Rounding::kFloor && negative);
        return sign | (toInf ? f.expMask() : f.maxFinite());
    }
    return sign | static_cast<uint32_t>(bits);
}

// Bit patterns of one lane: float16 / bfloat16 in the low 16 bits.
inline uint32_t FloatToBits32(float v)
{
    uint32_t b;
    std::memcpy(&b, &v, sizeof(b));
    return b;
}

inline float Bits32ToFloat(uint32_t b)
{
    float v;
    std::memcpy(&v, &b, sizeof(v));
    return v;
}

// A floating pattern of `from` as a pattern of `to` (exact or rounded by `mode`), NaN kept quiet
// with its top payload bits, inf kept; saturation applied to the result.
inline uint32_t ConvertFloat(uint32_t bits, const FloatFormat& from, const FloatFormat& to, Rounding mode,
                             bool saturate)
{
    const bool negative = (bits & SignOf(from)) != 0;
    const uint32_t sign = negative ? SignOf(to) : 0u;
    uint32_t out;
    if (IsNanBits(bits, from)) {
        const uint32_t payload = bits & ((1u << from.mantBits) - 1u);
        const uint32_t moved = to.mantBits >= from.mantBits ? payload << (to.mantBits - from.mantBits)
                                                            : payload >> (from.mantBits - to.mantBits);
        out = sign | to.expMask() | to.quietBit() | moved;
    } else if (IsInfBits(bits, from)) {
        out = sign | to.expMask();
    } else {
        out = RoundToFormat(ExactValue(bits, from), to, mode);
    }
    return Saturate(out, to, saturate);
}

// A floating pattern of `from` to int32: rounded by `mode`, saturated, NaN -> 0.
inline int32_t FloatToInt32(uint32_t bits, const FloatFormat& from, Rounding mode)
{
    if (IsNanBits(bits, from)) {
        return 0;
    }
    const bool negative = (bits & SignOf(from)) != 0;
    if (IsInfBits(bits, from)) {
        return negative ? INT32_MIN : INT32_MAX;
    }
    const double value = ExactValue(bits, from);
    double rounded = RoundScaled(std::fabs(value), negative, mode);
    rounded = negative ? -rounded : rounded;
    if (rounded >= 2147483647.0) {
        return INT32_MAX;
    }
    if (rounded <= -2147483648.0) {
        return INT32_MIN;
    }
    return static_cast<int32_t>(rounded);
}

// float32 -> float32 rounded to an integral value (sign of zero kept).
inline uint32_t FloatToIntegral(uint32_t bits, Rounding mode, bool saturate)
{
    if (IsNanBits(bits, kFloat) || IsInfBits(bits, kFloat)) {
        return Saturate(IsNanBits(bits, kFloat) ? QuietNan(bits, kFloat) : bits, kFloat, saturate);
    }
    const bool negative = (bits & SignOf(kFloat)) != 0;
    const double magnitude = std::fabs(ExactValue(bits, kFloat));
    if (magnitude >= 8388608.0) {  // 2^23: already integral
        return bits;
    }
    const double rounded = RoundScaled(magnitude, negative, mode);
    return FloatToBits32(static_cast<float>(negative ? -rounded : rounded)) | (negative ? SignOf(kFloat) : 0u);
}

// int32 -> a floating format, rounded by `mode`.
inline uint32_t Int32ToFloat(int32_t value, const FloatFormat& to, Rounding mode, bool saturate)
{
    return Saturate(RoundToFormat(static_cast<double>(value), to, mode), to, saturate);
}

// ---- arithmetic -----------------------------------------------------------------------------

enum class BinaryOp : uint8_t { kAdd, kSub, kMul, kDiv, kMax, kMin };

// One lane of a binary float16 / float32 instruction on patterns of `f` (Note [vector numerics]).
inline uint32_t FloatBinary(BinaryOp op, uint32_t a, uint32_t b, const FloatFormat& f, bool saturate)
{
    uint32_t out;
    if (IsNanBits(a, f)) {
        out = QuietNan(a, f);
    } else if (IsNanBits(b, f)) {
        out = QuietNan(b, f);
    } else {
        const bool half = f.mantBits == kHalf.mantBits;
        const float x = half ? Bits32ToFloat(ConvertFloat(a, kHalf, kFloat, Rounding::kRint, false))
                             : Bits32ToFloat(a);
        const float y = half ? Bits32ToFloat(ConvertFloat(b, kHalf, kFloat, Rounding::kRint, false))
                             : Bits32ToFloat(b);
        float r = 0.0f;
        switch (op) {
            case BinaryOp::kAdd: r = x + y; break;
            case BinaryOp::kSub: r = x - y; break;
            case BinaryOp::kMul: r = x * y; break;
            case BinaryOp::kDiv: r = x / y; break;
            case BinaryOp::kMax:
                r = (x > y || (x == y && !std::signbit(x))) ? x : y;
                break;
            case BinaryOp::kMin:
                r = (x < y || (x == y && std::signbit(x))) ? x : y;
                break;
        }
        if (std::isnan(r)) {
            out = DefaultNan(f);
        } else if (half) {
            out = ConvertFloat(FloatToBits32(r), kFloat, kHalf, Rounding::kRint, false);
        } else {
            out = FloatToBits32(r);
        }
    }
    return Saturate(out, f, saturate);
}

// One lane of a binary int16 / int32 instruction (Div is float only).
template <typename I>
I IntBinary(BinaryOp op, I a, I b)
{
    using U = std::make_unsigned_t<I>;
    switch (op) {
        case BinaryOp::kAdd: return static_cast<I>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
        case BinaryOp::kSub: return static_cast<I>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
        case BinaryOp::kMul: return static_cast<I>(static_cast<U>(static_cast<uint32_t>(static_cast<U>(a)) *
                                                                  static_cast<uint32_t>(static_cast<U>(b))));
        case BinaryOp::kMax: return a > b ? a : b;
        case BinaryOp::kMin: return a < b ? a : b;
        case BinaryOp::kDiv: break;
    }
    return 0;
}

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_VEC_NUMERICS_H
