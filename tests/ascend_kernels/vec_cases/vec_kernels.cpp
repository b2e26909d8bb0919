// Test kernels of the vector instructions, written against the AscendC API: one entry per
// instruction and element type, each the standard pipeline (CopyIn, Compute, CopyOut over tiles,
// TPipe with double-buffered TQue<VECIN> / TQue<VECOUT>). The same source runs on the emulator
// (vec_sim_driver.cpp, tests/ascend_kernels/test_vec_arith.py) and through Huawei's AscendC
// implementation in CPU-debug mode on the package's intrinsic model
// (tests/ascend_ops_dev/cpudebug/test_cpudebug_vec.py); their outputs must agree bit for bit.
//
// Every entry has the launcher signature (x, y, workspace, tiling). tiling holds four uint32_t
// words, count, tile (elements per CopyIn; both multiples of 16), roundMode (Cast) and an unused
// word, then the scalar of Adds / Muls / Duplicate as the element type. x holds src0, then src1,
// `count` elements each; y `count` destination elements.
//
// An entry whose instruction or element type the build's arch lacks (products.yaml vec_* facts)
// compiles to nothing: Huawei's headers refuse such a call too, and the tests launch only what
// the arch has.
#include "kernel_operator.h"

#include "build_arch.h"

using namespace AscendC;

namespace {

constexpr uint32_t kBufferNum = 2;

template <typename T>
constexpr bool HasDtype(uint32_t mask)
{
    if constexpr (std::is_same<T, half>::value) {
        return (mask & ascend_ops::kDtypeBitFloat16) != 0;
    } else if constexpr (std::is_same<T, bfloat16_t>::value) {
        return (mask & ascend_ops::kDtypeBitBfloat16) != 0;
    } else if constexpr (std::is_same<T, float>::value) {
        return (mask & ascend_ops::kDtypeBitFloat32) != 0;
    } else if constexpr (std::is_same<T, int16_t>::value) {
        return (mask & ascend_ops::kDtypeBitInt16) != 0;
    } else if constexpr (std::is_same<T, int32_t>::value) {
        return (mask & ascend_ops::kDtypeBitInt32) != 0;
    } else if constexpr (std::is_same<T, uint32_t>::value) {
        return (mask & ascend_ops::kDtypeBitUint32) != 0;
    } else {
        return false;
    }
}

// The Compute steps: Inputs tensors of Src in, one of Dst out.
struct AddStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, uint32_t,
                               int32_t n)
    {
        Add(d, a, b, n);
    }
};
struct SubStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, uint32_t,
                               int32_t n)
    {
        Sub(d, a, b, n);
    }
};
struct MulStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, uint32_t,
                               int32_t n)
    {
        Mul(d, a, b, n);
    }
};
struct DivStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, uint32_t,
                               int32_t n)
    {
        Div(d, a, b, n);
    }
};
struct MaxStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, uint32_t,
                               int32_t n)
    {
        Max(d, a, b, n);
    }
};
struct MinStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, uint32_t,
                               int32_t n)
    {
        Min(d, a, b, n);
    }
};
struct AddsStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>&, T s, uint32_t,
                               int32_t n)
    {
        Adds(d, a, s, n);
    }
};
struct MulsStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>&, T s, uint32_t,
                               int32_t n)
    {
        Muls(d, a, s, n);
    }
};
struct DuplicateStep {
    template <typename T>
    __aicore__ static void Run(const LocalTensor<T>& d, const LocalTensor<T>&, const LocalTensor<T>&, T s, uint32_t,
                               int32_t n)
    {
        Duplicate(d, s, n);
    }
};
struct CastStep {
    template <typename Dst, typename Src>
    __aicore__ static void Run(const LocalTensor<Dst>& d, const LocalTensor<Src>& a, const LocalTensor<Src>&, Src,
                               uint32_t mode, int32_t n)
    {
        Cast(d, a, static_cast<RoundMode>(mode), static_cast<uint32_t>(n));
    }
};

// One instruction over `count` elements, tile by tile.
template <typename Step, typename Dst, typename Src, int Inputs>
class KernelVec {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR tiling)
    {
        GlobalTensor<uint32_t> words;
        words.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(tiling), 4);
        count_ = words.GetValue(0);
        tile_ = words.GetValue(1);
        mode_ = words.GetValue(2);
        GlobalTensor<Src> scalar;
        scalar.SetGlobalBuffer(reinterpret_cast<__gm__ Src*>(tiling + 16), 1);
        scalar_ = scalar.GetValue(0);
        dstGm_.SetGlobalBuffer(reinterpret_cast<__gm__ Dst*>(y), count_);
        if constexpr (Inputs > 0) {
            src0Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ Src*>(x), count_);
            pipe_.InitBuffer(in0_, kBufferNum, tile_ * sizeof(Src));
        }
        if constexpr (Inputs == 2) {
            src1Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ Src*>(x) + count_, count_);
            pipe_.InitBuffer(in1_, kBufferNum, tile_ * sizeof(Src));
        }
        pipe_.InitBuffer(out_, kBufferNum, tile_ * sizeof(Dst));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < count_; offset += tile_) {
            const uint32_t n = count_ - offset < tile_ ? count_ - offset : tile_;
            if constexpr (Inputs > 0) {
                CopyIn(offset, n);
            }
            Compute(n);
            CopyOut(offset, n);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t n)
    {
        LocalTensor<Src> a = in0_.template AllocTensor<Src>();
        DataCopy(a, src0Gm_[offset], n);
        in0_.EnQue(a);
        if constexpr (Inputs == 2) {
            LocalTensor<Src> b = in1_.template AllocTensor<Src>();
            DataCopy(b, src1Gm_[offset], n);
            in1_.EnQue(b);
        }
    }

    __aicore__ inline void Compute(uint32_t n)
    {
        LocalTensor<Dst> d = out_.template AllocTensor<Dst>();
        if constexpr (Inputs == 0) {
            Step::Run(d, d, d, scalar_, mode_, static_cast<int32_t>(n));
        } else {
            LocalTensor<Src> a = in0_.template DeQue<Src>();
            LocalTensor<Src> b = a;
            if constexpr (Inputs == 2) {
                b = in1_.template DeQue<Src>();
            }
            Step::Run(d, a, b, scalar_, mode_, static_cast<int32_t>(n));
            in0_.FreeTensor(a);
            if constexpr (Inputs == 2) {
                in1_.FreeTensor(b);
            }
        }
        out_.EnQue(d);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t n)
    {
        LocalTensor<Dst> d = out_.template DeQue<Dst>();
        DataCopy(dstGm_[offset], d, n);
        out_.FreeTensor(d);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, 1> in0_;
    TQue<TPosition::VECIN, 1> in1_;
    TQue<TPosition::VECOUT, 1> out_;
    GlobalTensor<Src> src0Gm_;
    GlobalTensor<Src> src1Gm_;
    GlobalTensor<Dst> dstGm_;
    uint32_t count_ = 0;
    uint32_t tile_ = 0;
    uint32_t mode_ = 0;
    Src scalar_{};
};

template <typename Step, typename Dst, typename Src, int Inputs>
__aicore__ inline void RunVec(GM_ADDR x, GM_ADDR y, GM_ADDR tiling)
{
#if !defined(ASCEND_OPS_NPU_ARCH) || ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
#endif
    KernelVec<Step, Dst, Src, Inputs> op;
    op.Init(x, y, tiling);
    op.Process();
}

// RunVec where the arch has the instruction for the types; nothing (not even an instantiation)
// where it does not.
template <bool supported, typename Step, typename Dst, typename Src, int Inputs>
__aicore__ inline void RunVecIf(GM_ADDR x, GM_ADDR y, GM_ADDR tiling)
{
    if constexpr (supported) {
        RunVec<Step, Dst, Src, Inputs>(x, y, tiling);
    } else {
        (void)x;
        (void)y;
        (void)tiling;
    }
}

}  // namespace

#define VEC_ENTRY(name, Step, Dst, Src, Inputs, supported)                                               \
    extern "C" __global__ __aicore__ void name(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)  \
    {                                                                                                     \
        (void)workspace;                                                                                  \
        RunVecIf<(supported), Step, Dst, Src, Inputs>(x, y, tiling);                                     \
    }

#define VEC_BINARY_ENTRIES(op, Step, fact)                                                                \
    VEC_ENTRY(vec_##op##_half, Step, half, half, 2, HasDtype<half>(ascend_ops::kBuildArch.fact))          \
    VEC_ENTRY(vec_##op##_float, Step, float, float, 2, HasDtype<float>(ascend_ops::kBuildArch.fact))      \
    VEC_ENTRY(vec_##op##_int16, Step, int16_t, int16_t, 2, HasDtype<int16_t>(ascend_ops::kBuildArch.fact)) \
    VEC_ENTRY(vec_##op##_int32, Step, int32_t, int32_t, 2, HasDtype<int32_t>(ascend_ops::kBuildArch.fact))

VEC_BINARY_ENTRIES(add, AddStep, vecAddDtypes)
VEC_BINARY_ENTRIES(sub, SubStep, vecSubDtypes)
VEC_BINARY_ENTRIES(mul, MulStep, vecMulDtypes)
VEC_BINARY_ENTRIES(div, DivStep, vecDivDtypes)
VEC_BINARY_ENTRIES(max, MaxStep, vecMaxDtypes)
VEC_BINARY_ENTRIES(min, MinStep, vecMinDtypes)

#define VEC_SCALAR_ENTRIES(op, Step, fact)                                                                \
    VEC_ENTRY(vec_##op##_half, Step, half, half, 1, HasDtype<half>(ascend_ops::kBuildArch.fact))          \
    VEC_ENTRY(vec_##op##_float, Step, float, float, 1, HasDtype<float>(ascend_ops::kBuildArch.fact))      \
    VEC_ENTRY(vec_##op##_int16, Step, int16_t, int16_t, 1, HasDtype<int16_t>(ascend_ops::kBuildArch.fact)) \
    VEC_ENTRY(vec_##op##_int32, Step, int32_t, int32_t, 1, HasDtype<int32_t>(ascend_ops::kBuildArch.fact))

VEC_SCALAR_ENTRIES(adds, AddsStep, vecAddsDtypes)
VEC_SCALAR_ENTRIES(muls, MulsStep, vecMulsDtypes)

#define VEC_DUPLICATE_ENTRY(name, T) \
    VEC_ENTRY(vec_duplicate_##name, DuplicateStep, T, T, 0, HasDtype<T>(ascend_ops::kBuildArch.vecDuplicateDtypes))
VEC_DUPLICATE_ENTRY(half, half)
VEC_DUPLICATE_ENTRY(bfloat16, bfloat16_t)
VEC_DUPLICATE_ENTRY(float, float)
VEC_DUPLICATE_ENTRY(int16, int16_t)
VEC_DUPLICATE_ENTRY(int32, int32_t)
VEC_DUPLICATE_ENTRY(uint32, uint32_t)

#define VEC_CAST_ENTRY(src, dst, Src, Dst, fact) \
    VEC_ENTRY(vec_cast_##src##_to_##dst, CastStep, Dst, Src, 1, ascend_ops::kBuildArch.fact != 0)
VEC_CAST_ENTRY(half, float, half, float, vecCastFloat16ToFloat32)
VEC_CAST_ENTRY(half, int32, half, int32_t, vecCastFloat16ToInt32)
VEC_CAST_ENTRY(float, half, float, half, vecCastFloat32ToFloat16)
VEC_CAST_ENTRY(float, float, float, float, vecCastFloat32ToFloat32)
VEC_CAST_ENTRY(float, bfloat16, float, bfloat16_t, vecCastFloat32ToBfloat16)
VEC_CAST_ENTRY(float, int32, float, int32_t, vecCastFloat32ToInt32)
VEC_CAST_ENTRY(bfloat16, float, bfloat16_t, float, vecCastBfloat16ToFloat32)
VEC_CAST_ENTRY(bfloat16, int32, bfloat16_t, int32_t, vecCastBfloat16ToInt32)
VEC_CAST_ENTRY(int32, float, int32_t, float, vecCastInt32ToFloat32)
VEC_CAST_ENTRY(int32, half, int32_t, half, vecCastInt32ToFloat16)
