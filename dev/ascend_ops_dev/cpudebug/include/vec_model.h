// What the model's element-wise vector intrinsics share between their forwarding templates
// (stub_fun/stub_fun_vec.h, the package's stub_fun.h) and their bodies (../model_vec.inc): the
// operation and element type codes and the model's entry points. Included after stub_def.h and
// the builtin enums (half, bfloat16_t, vector_bool, Literal).
#ifndef ASCEND_OPS_CPUDEBUG_VEC_MODEL_H
#define ASCEND_OPS_CPUDEBUG_VEC_MODEL_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace ascend_ops_cpudebug {

enum class VecOp : uint8_t { kAdd, kSub, kMul, kDiv, kMax, kMin };

// The element type of an operand.
enum class Lane : uint8_t { kF16, kBf16, kF32, kS16, kS32, kU16, kU32, kS8, kU8, kS64, kOther };

template <typename T>
constexpr Lane LaneOf()
{
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same<U, half>::value) {
        return Lane::kF16;
    } else if constexpr (std::is_same<U, bfloat16_t>::value) {
        return Lane::kBf16;
    } else if constexpr (std::is_same<U, float>::value) {
        return Lane::kF32;
    } else if constexpr (std::is_same<U, int16_t>::value) {
        return Lane::kS16;
    } else if constexpr (std::is_same<U, int32_t>::value) {
        return Lane::kS32;
    } else if constexpr (std::is_same<U, uint16_t>::value) {
        return Lane::kU16;
    } else if constexpr (std::is_same<U, uint32_t>::value) {
        return Lane::kU32;
    } else if constexpr (std::is_same<U, int8_t>::value) {
        return Lane::kS8;
    } else if constexpr (std::is_same<U, uint8_t>::value) {
        return Lane::kU8;
    } else if constexpr (std::is_same<U, int64_t>::value) {
        return Lane::kS64;
    } else {
        return Lane::kOther;
    }
}

// The bit pattern of a scalar of T (2- or 4-byte types; others give 0 and fail in the model).
template <typename T, typename S>
uint32_t ScalarBits(const S& scalar)
{
    uint32_t bits = 0;
    if constexpr ((sizeof(T) == 2 || sizeof(T) == 4) && std::is_constructible<T, S>::value) {
        const T value = static_cast<T>(scalar);
        std::memcpy(&bits, static_cast<const void*>(&value), sizeof(T));
    }
    return bits;
}

// The repeat parameters of a memory-form call (repeat, strides; a packed config word), in order.
struct Params {
    uint64_t values[12];
    size_t count;
};

template <typename... P>
Params Pack(const P&... p)
{
    static_assert(sizeof...(P) <= 12, "more repeat parameters than any vector intrinsic takes");
    return Params{{static_cast<uint64_t>(p)...}, sizeof...(P)};
}

// Bodies in ../model_vec.inc.
void MemBinary(VecOp op, Lane lane, void* dst, void* src0, void* src1, const Params& params, const char* name);
void MemScalar(VecOp op, Lane lane, void* dst, void* src, uint32_t scalar, const Params& params, const char* name);
void MemDuplicate(Lane lane, void* dst, uint32_t scalar, const Params& params, const char* name);
void MemConvert(Lane to, Lane from, int mode, void* dst, void* src, const Params& params, const char* name);
void RegBinary(VecOp op, Lane lane, void* dst, const void* src0, const void* src1, vector_bool mask, Literal mode,
               const char* name);
void RegScalar(VecOp op, Lane lane, void* dst, const void* src, uint32_t scalar, vector_bool mask, Literal mode,
               const char* name);
void RegDuplicate(Lane lane, void* dst, uint32_t scalar, vector_bool mask, Literal mode, const char* name);
void RegLoad(Lane lane, void* dst, const void* base, uint64_t offset, Literal mode, const char* name);
void RegStore(Lane lane, const void* src, void* base, uint64_t offset, Literal mode, vector_bool mask,
              const char* name);
void RegStoreBlocks(Lane lane, const void* src, void* base, uint32_t config, vector_bool mask, const char* name);
void RegConvert(Lane to, Lane from, void* dst, const void* src, vector_bool mask, const Literal* literals,
                size_t count, const char* name);
void RegTruncate(void* dst, const void* src, Literal mode, vector_bool mask, const char* name);

}  // namespace ascend_ops_cpudebug

#endif  // ASCEND_OPS_CPUDEBUG_VEC_MODEL_H
