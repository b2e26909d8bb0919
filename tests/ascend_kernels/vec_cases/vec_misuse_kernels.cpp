// Kernels that break one rule of Note [vector operands] each (kernel_vec_arith.h), linked into
// the emulator's vector driver beside vec_kernels.cpp; tests/ascend_kernels/test_vec_arith.py
// checks the emulator's message for each. Launcher signature (x, y, workspace, tiling); x holds
// 512 floats, y 256.
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t kTile = 64;  // elements per queue buffer

// In: two tiles of x into two VECIN buffers; `step` computes into the VECOUT buffer; out: one tile.
template <typename Step>
__aicore__ inline void RunMisuse(GM_ADDR x, GM_ADDR y, Step step)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in0;
    TQue<TPosition::VECIN, 1> in1;
    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(in0, 1, kTile * sizeof(float));
    pipe.InitBuffer(in1, 1, kTile * sizeof(float));
    pipe.InitBuffer(out, 1, kTile * sizeof(float));
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), 512);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), 256);
    LocalTensor<float> a = in0.AllocTensor<float>();
    LocalTensor<float> b = in1.AllocTensor<float>();
    DataCopy(a, xGm, kTile);
    DataCopy(b, xGm[kTile], kTile);
    in0.EnQue(a);
    in1.EnQue(b);
    a = in0.DeQue<float>();
    b = in1.DeQue<float>();
    LocalTensor<float> d = out.AllocTensor<float>();
    step(d, a, b, pipe);
    in0.FreeTensor(a);
    in1.FreeTensor(b);
    out.EnQue(d);
    d = out.DeQue<float>();
    DataCopy(yGm, d, kTile);
    out.FreeTensor(d);
}

}  // namespace

// The Compute step runs past its tile: Add over 65 elements of 64-element buffers.
extern "C" __global__ __aicore__ void vec_misuse_past_tile(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>& b, TPipe&) {
        Add(d, a, b, static_cast<int32_t>(kTile + 1));
    });
}

// A source 4 bytes past a 32-byte boundary.
extern "C" __global__ __aicore__ void vec_misuse_misaligned(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>& b, TPipe&) {
        Mul(d, a[1], b, static_cast<int32_t>(kTile - 8));
    });
}

// A destination from a TBuf at A1 (L1 on device, not UB).
extern "C" __global__ __aicore__ void vec_misuse_position(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>& b, TPipe& pipe) {
        TBuf<TPosition::A1> l1;
        pipe.InitBuffer(l1, kTile * sizeof(float));
        LocalTensor<float> wrong = l1.Get<float>();
        Sub(wrong, a, b, static_cast<int32_t>(kTile));
        Sub(d, a, b, static_cast<int32_t>(kTile));
    });
}

// A source nobody wrote: a fresh VECCALC TBuf.
extern "C" __global__ __aicore__ void vec_misuse_unwritten(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>&, TPipe& pipe) {
        TBuf<TPosition::VECCALC> scratch;
        pipe.InitBuffer(scratch, kTile * sizeof(float));
        Max(d, a, scratch.Get<float>(), static_cast<int32_t>(kTile));
    });
}

// The destination overlaps a source by half a tile.
extern "C" __global__ __aicore__ void vec_misuse_overlap(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>&, TPipe&) {
        Muls(a[8], a, 2.0f, static_cast<int32_t>(kTile - 8));
        Muls(d, a, 2.0f, static_cast<int32_t>(kTile));
    });
}

// A negative count.
extern "C" __global__ __aicore__ void vec_misuse_negative_count(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>&, TPipe&) {
        Adds(d, a, 1.0f, -1);
    });
}

// A RoundMode the pair does not take: float -> int32 has no CAST_NONE.
extern "C" __global__ __aicore__ void vec_misuse_round_mode(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>&, TPipe&) {
        Cast(d.ReinterpretCast<int32_t>(), a, RoundMode::CAST_NONE, kTile);
    });
}

// The control: the same pipeline with a Compute that breaks no rule runs clean.
extern "C" __global__ __aicore__ void vec_misuse_none(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    RunMisuse(x, y, [](LocalTensor<float>& d, LocalTensor<float>& a, LocalTensor<float>& b, TPipe&) {
        Min(d, a, b, static_cast<int32_t>(kTile));
    });
}
