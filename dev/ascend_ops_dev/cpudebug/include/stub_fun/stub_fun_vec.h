// The element-wise vector intrinsics of the package's CPU-debug model: what AscendC's Add, Sub,
// Mul, Div, Max, Min, Adds, Muls, Duplicate and Cast call (vadd ... vmin, vadds, vmuls,
// vector_dup, vconv_*; on arch 3002 the register forms vlds / vsts / vsstb / vadd ... / vdup /
// vcvt / vtrc). Included by stub_fun.h.
//
// The closed stub_fun.h declares these intrinsics once per operand type and stride width. Here
// each is one template per form that takes the operands as the headers pass them and forwards to
// a function of ../model_vec.inc, which holds every rule; these bodies only convert arguments.
// The templates are more specialised than stub_fun.h's catch-all declarations, so a call of a
// modelled form resolves here, and a form the model does not know fails loudly at run time
// (model_vec.inc names it) instead of at link time.
#ifndef ASCEND_OPS_CPUDEBUG_STUB_FUN_VEC_H
#define ASCEND_OPS_CPUDEBUG_STUB_FUN_VEC_H

#include <array>
#include <cstddef>
#include <cstdint>

#include "vec_model.h"

// ---- memory forms (archs 1001, 2002, 2201): UB operands, repeat and stride parameters ---------
#define ASCEND_OPS_CPUDEBUG_BINARY(name, op)                                                             \
    template <typename T, typename... P>                                                                 \
    void name(T* dst, T* src0, T* src1, P... p)                                                          \
    {                                                                                                    \
        using namespace ascend_ops_cpudebug;                                                             \
        MemBinary(op, LaneOf<T>(), dst, src0, src1, Pack(p...), #name);                                  \
    }                                                                                                    \
    template <typename E, std::size_t N>                                                                 \
    void name(std::array<E, N>& dst, std::array<E, N> src0, std::array<E, N> src1, vector_bool mask,     \
              Literal mode)                                                                              \
    {                                                                                                    \
        using namespace ascend_ops_cpudebug;                                                             \
        RegBinary(op, LaneOf<E>(), dst.data(), src0.data(), src1.data(), mask, mode, #name);             \
    }
ASCEND_OPS_CPUDEBUG_BINARY(vadd, ascend_ops_cpudebug::VecOp::kAdd)
ASCEND_OPS_CPUDEBUG_BINARY(vsub, ascend_ops_cpudebug::VecOp::kSub)
ASCEND_OPS_CPUDEBUG_BINARY(vmul, ascend_ops_cpudebug::VecOp::kMul)
ASCEND_OPS_CPUDEBUG_BINARY(vdiv, ascend_ops_cpudebug::VecOp::kDiv)
ASCEND_OPS_CPUDEBUG_BINARY(vmax, ascend_ops_cpudebug::VecOp::kMax)
ASCEND_OPS_CPUDEBUG_BINARY(vmin, ascend_ops_cpudebug::VecOp::kMin)
#undef ASCEND_OPS_CPUDEBUG_BINARY

#define ASCEND_OPS_CPUDEBUG_SCALAR(name, op)                                                             \
    template <typename T, typename S, typename... P>                                                     \
    void name(T* dst, T* src, S scalar, P... p)                                                          \
    {                                                                                                    \
        using namespace ascend_ops_cpudebug;                                                             \
        MemScalar(op, LaneOf<T>(), dst, src, ScalarBits<T>(scalar), Pack(p...), #name);                  \
    }                                                                                                    \
    template <typename E, std::size_t N, typename S>                                                     \
    void name(std::array<E, N>& dst, std::array<E, N> src, S scalar, vector_bool mask, Literal mode)     \
    {                                                                                                    \
        using namespace ascend_ops_cpudebug;                                                             \
        RegScalar(op, LaneOf<E>(), dst.data(), src.data(), ScalarBits<E>(scalar), mask, mode, #name);    \
    }
ASCEND_OPS_CPUDEBUG_SCALAR(vadds, ascend_ops_cpudebug::VecOp::kAdd)
ASCEND_OPS_CPUDEBUG_SCALAR(vmuls, ascend_ops_cpudebug::VecOp::kMul)
#undef ASCEND_OPS_CPUDEBUG_SCALAR

template <typename T, typename S, typename... P>
void vector_dup(T* dst, S scalar, P... p)
{
    using namespace ascend_ops_cpudebug;
    MemDuplicate(LaneOf<T>(), dst, ScalarBits<T>(scalar), Pack(p...), "vector_dup");
}

// vconv_<src>2<dst><mode>: the mode suffix r f c a z o is CAST_RINT FLOOR CEIL ROUND TRUNC ODD
// (RoundMode's values 1-6); none is 0.
#define ASCEND_OPS_CPUDEBUG_VCONV(name, mode)                                                            \
    template <typename D, typename S, typename... P>                                                     \
    void name(D* dst, S* src, P... p)                                                                    \
    {                                                                                                    \
        using namespace ascend_ops_cpudebug;                                                             \
        MemConvert(LaneOf<D>(), LaneOf<S>(), mode, dst, src, Pack(p...), #name);                         \
    }
#define ASCEND_OPS_CPUDEBUG_VCONV_MODES(stem)                                                            \
    ASCEND_OPS_CPUDEBUG_VCONV(stem##r, 1)                                                                \
    ASCEND_OPS_CPUDEBUG_VCONV(stem##f, 2)                                                                \
    ASCEND_OPS_CPUDEBUG_VCONV(stem##c, 3)                                                                \
    ASCEND_OPS_CPUDEBUG_VCONV(stem##a, 4)                                                                \
    ASCEND_OPS_CPUDEBUG_VCONV(stem##z, 5)
ASCEND_OPS_CPUDEBUG_VCONV(vconv_f162f32, 0)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_f162s32)
ASCEND_OPS_CPUDEBUG_VCONV(vconv_f322f16, 0)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_f322f16)
ASCEND_OPS_CPUDEBUG_VCONV(vconv_f322f16o, 6)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_f322f32)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_f322bf16)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_f322s32)
ASCEND_OPS_CPUDEBUG_VCONV(vconv_bf162f32, 0)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_bf162s32)
ASCEND_OPS_CPUDEBUG_VCONV(vconv_s322f32, 0)
ASCEND_OPS_CPUDEBUG_VCONV_MODES(vconv_s322f32)
#undef ASCEND_OPS_CPUDEBUG_VCONV_MODES
#undef ASCEND_OPS_CPUDEBUG_VCONV

// ---- register forms (arch 3002): 256-byte vector registers, predicate handles ----------------
template <typename E, std::size_t N, typename S>
void vdup(std::array<E, N>& dst, S scalar, vector_bool mask, Literal mode)
{
    using namespace ascend_ops_cpudebug;
    RegDuplicate(LaneOf<E>(), dst.data(), ScalarBits<E>(scalar), mask, mode, "vdup");
}

template <typename E, std::size_t N, typename B, typename O>
void vlds(std::array<E, N>& dst, B* base, O offset, Literal mode)
{
    using namespace ascend_ops_cpudebug;
    RegLoad(LaneOf<E>(), dst.data(), base + offset, 0, mode, "vlds");
}

template <typename E, std::size_t N, typename B, typename O>
void vsts(std::array<E, N>& src, B* base, O offset, Literal mode, vector_bool mask)
{
    using namespace ascend_ops_cpudebug;
    RegStore(LaneOf<E>(), src.data(), base + offset, 0, mode, mask, "vsts");
}

template <typename E, std::size_t N, typename B, typename C>
void vsstb(std::array<E, N>& src, B* base, C config, vector_bool mask)
{
    using namespace ascend_ops_cpudebug;
    RegStoreBlocks(LaneOf<E>(), src.data(), base, static_cast<uint32_t>(config), mask, "vsstb");
}

template <typename D, std::size_t ND, typename S, std::size_t NS, typename... L>
void vcvt(std::array<D, ND>& dst, std::array<S, NS> src, vector_bool mask, L... literals)
{
    using namespace ascend_ops_cpudebug;
    const Literal list[sizeof...(L) + 1] = {literals..., NORM};
    RegConvert(LaneOf<D>(), LaneOf<S>(), dst.data(), src.data(), mask, list, sizeof...(L), "vcvt");
}

template <std::size_t N>
void vtrc(std::array<float, N>& dst, std::array<float, N> src, Literal mode, vector_bool mask)
{
    ascend_ops_cpudebug::RegTruncate(dst.data(), src.data(), mode, mask, "vtrc");
}

#endif  // ASCEND_OPS_CPUDEBUG_STUB_FUN_VEC_H
