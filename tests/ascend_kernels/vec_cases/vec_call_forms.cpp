// The ways a Compute may spell the count forms of the vector instructions: deduced and explicit
// template arguments, AscendC's second Adds / Muls form, a scalar that converts, a RoundMode
// variable. Compiled against the emulator (tests/ascend_kernels/test_vec_arith.py) and against
// both toolkits' headers (tests/ascend_ops_dev/cpudebug/test_cpudebug_vec.py) for every arch:
// each spelling must mean the same in both. Every call here exists on every arch.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void vec_call_forms(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4096);
    LocalTensor<half> h = buf.Get<half>(128);
    LocalTensor<float> f = buf.GetWithOffset<float>(64, 1024);
    LocalTensor<int32_t> i = buf.GetWithOffset<int32_t>(64, 2048);
    LocalTensor<int16_t> s = buf.GetWithOffset<int16_t>(128, 3072);
    const int32_t count = 64;
    Add(h, h, h, count);
    Sub<float>(f, f, f, 64);
    Mul(i, i, i, count);
    Div<half>(h, h, h, 128);
    Max(s, s, s, 128);
    Min<int32_t>(i, i, i, count);
    Adds(f, f, 2.0f, count);
    Adds<half>(h, h, 1.5f, count);
    Adds<int16_t, int16_t>(s, s, static_cast<int16_t>(3), count);
    Muls<int32_t, true>(i, i, 7, count);
    Muls<float, float, true>(f, f, 0.5f, count);
    Duplicate(f, 1.0f, count);
    Duplicate<half>(h, half(2.0f), count);
    Duplicate<int32_t>(i, -1, count);
    const RoundMode mode = RoundMode::CAST_RINT;
    Cast(i, f, mode, 64);
    Cast<float, half>(f, h, RoundMode::CAST_NONE, static_cast<uint32_t>(count));
    Cast(h, f, RoundMode::CAST_ODD, 64u);
    Cast<int32_t, half>(i, h, RoundMode::CAST_TRUNC, 64);
}
