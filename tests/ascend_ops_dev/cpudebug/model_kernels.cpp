// Kernels of tests/ascend_ops_dev/cpudebug/test_cpudebug.py, linked into a CPU-debug launcher beside the ops'
// kernels: the documented examples of the DataCopy, DataCopyPad(ISASI), Gather and TransDataTo5HD pages of
// asc-devkit's API docs (docs/api/context/) run through Huawei's AscendC implementation on the
// package's intrinsic model, and one kernel that breaks a DataCopy rule for Huawei's checker.
// Every entry has the launcher's signature (x, y, workspace, tiling).
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t kUbBytes = 1024;

// Copies `bytes` of UB (whole blocks) out to y, so the test sees what an intrinsic left in UB.
__aicore__ inline void DumpUb(TPipe& pipe, TQue<TPosition::VECIN, 1>& que, LocalTensor<uint8_t>& ub,
                              GlobalTensor<uint8_t>& y, uint32_t bytes)
{
    (void)pipe;
    que.EnQue(ub);
    LocalTensor<uint8_t> out = que.DeQue<uint8_t>();
    DataCopy(y, out, bytes);
    que.FreeTensor(out);
}

}  // namespace

// DataCopy page, DataCopyParams: blockLen, srcStride and dstStride in DataBlocks of 32 bytes.
// Two blocks of one DataBlock each, one DataBlock apart in GM, back to back in UB.
extern "C" __global__ __aicore__ void model_example_data_copy(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> que;
    pipe.InitBuffer(que, 1, kUbBytes);
    GlobalTensor<uint8_t> xGm;
    GlobalTensor<uint8_t> yGm;
    xGm.SetGlobalBuffer(x, 128);
    yGm.SetGlobalBuffer(y, 64);
    LocalTensor<uint8_t> ub = que.AllocTensor<uint8_t>();
    DataCopyParams params{2, 1, 1, 0};
    DataCopy(ub, xGm, params);
    DumpUb(pipe, que, ub, yGm, 64);
}

// DataCopyPad(ISASI), GM->VECIN/VECOUT, configuration example 2: blockLen 47 bytes, srcStride 1
// (byte, GM side), dstStride 1 (DataBlock, UB side), no padding: each row is 47 bytes and 17
// dummy bytes holding the block's first element, then one DataBlock of gap. x holds the 96
// source bytes, then 192 bytes UB is filled with first.
extern "C" __global__ __aicore__ void model_example_data_copy_pad_in(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> que;
    pipe.InitBuffer(que, 1, kUbBytes);
    GlobalTensor<uint8_t> xGm;
    GlobalTensor<uint8_t> yGm;
    xGm.SetGlobalBuffer(x, 288);
    yGm.SetGlobalBuffer(y, 192);
    LocalTensor<uint8_t> ub = que.AllocTensor<uint8_t>();
    DataCopy(ub, xGm[96], 192);
    PipeBarrier<PIPE_ALL>();
    DataCopyExtParams params{2, 47, 1, 1, 0};
    DataCopyPadExtParams<uint8_t> pad{false, 0, 0, 0};
    DataCopyPad(ub, xGm, params, pad);
    DumpUb(pipe, que, ub, yGm, 192);
}

// DataCopyPad(ISASI), GM->VECIN/VECOUT with padding: blockLen 20 bytes of int16, 2 elements of
// left padding and 3 of right padding, isPad with paddingValue 0x1234; the row of 30 bytes is
// made whole by dummy bytes, which take paddingValue too.
extern "C" __global__ __aicore__ void model_example_data_copy_pad_padded(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> que;
    pipe.InitBuffer(que, 1, kUbBytes);
    GlobalTensor<int16_t> xGm;
    GlobalTensor<uint8_t> yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ int16_t*>(x), 10);
    yGm.SetGlobalBuffer(y, 32);
    LocalTensor<uint8_t> ub = que.AllocTensor<uint8_t>();
    DataCopyExtParams params{1, 20, 0, 0, 0};
    DataCopyPadExtParams<int16_t> pad{true, 2, 3, static_cast<int16_t>(0x1234)};
    DataCopyPad(ub.ReinterpretCast<int16_t>(), xGm, params, pad);
    DumpUb(pipe, que, ub, yGm, 32);
}

// DataCopyPad(ISASI), VECIN/VECOUT->GM: blockLen 47 bytes, srcStride 1 (DataBlock, UB side),
// dstStride 1 (byte, GM side): the 17 dummy bytes of each UB row are dropped.
extern "C" __global__ __aicore__ void model_example_data_copy_pad_out(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> que;
    pipe.InitBuffer(que, 1, kUbBytes);
    GlobalTensor<uint8_t> xGm;
    GlobalTensor<uint8_t> yGm;
    xGm.SetGlobalBuffer(x, 192);
    yGm.SetGlobalBuffer(y, 95);
    LocalTensor<uint8_t> ub = que.AllocTensor<uint8_t>();
    DataCopy(ub, xGm, 192);
    que.EnQue(ub);
    LocalTensor<uint8_t> out = que.DeQue<uint8_t>();
    DataCopyExtParams params{2, 47, 1, 1, 0};
    DataCopyPad(yGm, out, params);
    que.FreeTensor(out);
}

// Gather page, the calling example: 128 halves 0..127 and byte offsets 254, 252, ..., 0 give
// 127, 126, ..., 0. x holds the 128 halves, then the 128 offsets.
extern "C" __global__ __aicore__ void model_example_gather(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    constexpr uint32_t count = 128;
    TPipe pipe;
    TQue<TPosition::VECIN, 2> queIn;
    TQue<TPosition::VECOUT, 2> queOut;
    pipe.InitBuffer(queIn, 2, count * sizeof(uint32_t));
    pipe.InitBuffer(queOut, 2, count * sizeof(uint32_t));
    GlobalTensor<half> srcGm;
    GlobalTensor<uint32_t> offsetGm;
    GlobalTensor<half> dstGm;
    srcGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), count);
    offsetGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(x + count * sizeof(half)), count);
    dstGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), count);
    LocalTensor<half> srcLocal = queIn.AllocTensor<half>();
    DataCopy(srcLocal, srcGm, count);
    queIn.EnQue(srcLocal);
    LocalTensor<uint32_t> offsetLocal = queIn.AllocTensor<uint32_t>();
    DataCopy(offsetLocal, offsetGm, count);
    queIn.EnQue(offsetLocal);
    srcLocal = queIn.DeQue<half>();
    offsetLocal = queIn.DeQue<uint32_t>();
    LocalTensor<half> dstLocal = queOut.AllocTensor<half>();
    srcLocal.SetSize(count);
    Gather(dstLocal, srcLocal, offsetLocal, static_cast<uint32_t>(0), count);
    queIn.FreeTensor(srcLocal);
    queIn.FreeTensor(offsetLocal);
    queOut.EnQue(dstLocal);
    dstLocal = queOut.DeQue<half>();
    DataCopy(dstGm, dstLocal, count);
    queOut.FreeTensor(dstLocal);
}

// Negative control: a DataCopy into a UB address 2 bytes past a 32-byte boundary (DataCopy page:
// the LocalTensor's start address must be 32-byte aligned). Huawei's checker must report it.
extern "C" __global__ __aicore__ void model_misaligned_data_copy(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> que;
    pipe.InitBuffer(que, 1, kUbBytes);
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), 64);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), 16);
    LocalTensor<half> ub = que.AllocTensor<half>();
    DataCopy(ub[1], xGm, 16);
    que.EnQue(ub);
    LocalTensor<half> out = que.DeQue<half>();
    DataCopy(yGm, out, 16);
    que.FreeTensor(out);
}

// Negative control: a scalar GM write one byte past the end of y. GmAlloc puts a page no core
// may touch right after the bytes it hands out, so the core stops (SIGSEGV) and does not exit 0.
extern "C" __global__ __aicore__ void model_gm_overrun(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR tiling)
{
    (void)x;
    GlobalTensor<uint8_t> yGm;
    yGm.SetGlobalBuffer(y, 33);
    const uint8_t past = *reinterpret_cast<__gm__ uint8_t*>(tiling);  // 32 from the test, 31 in its control
    yGm.SetValue(past, 0x5A);
}

// The launcher's check that kernel arguments are GM from GmAlloc (CheckGmValied), asked about x
// (the control) or, when the tiling's first byte is not 0, about an address on the core's stack.
extern "C" __global__ __aicore__ void model_argument_check(GM_ADDR x, GM_ADDR, GM_ADDR, GM_ADDR tiling)
{
    uint8_t onStack = 0;
    uint64_t args[1] = {*tiling == 0 ? reinterpret_cast<uint64_t>(x) : reinterpret_cast<uint64_t>(&onStack)};
    AscendC::CheckGmValied(1, args);
}

// The model's flag balance: a SetFlag the kernel never waits for is reported when the core's
// kernel returns (through CheckSyncState on asc-tools, AscendCBlockEnd on CANN 8.1). The control
// (tiling's first byte 0) waits for it.
extern "C" __global__ __aicore__ void model_flag_left_set(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR tiling)
{
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    if (*tiling == 0) {
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    }
}

// TransDataTo5HD page, 16-bit data: result block j of a repeat holds value j of the 16 listed
// source blocks; repeat r moves both lists by r strides, and one repeat is moved by the strides
// already. x holds 64 blocks of halves; y gets 48: blocks 0-31 the transposes of x's blocks 0-15
// and 16-31 (two repeats, 16 blocks apart), blocks 32-47 that of blocks 1-16 (one repeat, source
// stride 1).
extern "C" __global__ __aicore__ void model_example_trans_data_to_5hd(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR)
{
    constexpr uint32_t lanes = 16;
    TPipe pipe;
    TQue<TPosition::VECIN, 1> queIn;
    TQue<TPosition::VECOUT, 1> queOut;
    pipe.InitBuffer(queIn, 1, 64 * 32);
    pipe.InitBuffer(queOut, 1, 48 * 32);
    GlobalTensor<half> srcGm;
    GlobalTensor<half> dstGm;
    srcGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), 64 * lanes);
    dstGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), 48 * lanes);
    LocalTensor<half> srcLocal = queIn.AllocTensor<half>();
    DataCopy(srcLocal, srcGm, 64 * lanes);
    queIn.EnQue(srcLocal);
    srcLocal = queIn.DeQue<half>();
    LocalTensor<half> dstLocal = queOut.AllocTensor<half>();
    LocalTensor<half> dstList[NCHW_CONV_ADDR_LIST_SIZE];
    LocalTensor<half> srcList[NCHW_CONV_ADDR_LIST_SIZE];
    for (uint32_t i = 0; i < lanes; ++i) {
        srcList[i] = srcLocal[lanes * i];
        dstList[i] = dstLocal[lanes * i];
    }
    TransDataTo5HD<half>(dstList, srcList, TransDataTo5HDParams(false, false, 2, 16, 16));
    for (uint32_t i = 0; i < lanes; ++i) {
        dstList[i] = dstLocal[lanes * (32 + i)];
    }
    TransDataTo5HD<half>(dstList, srcList, TransDataTo5HDParams(false, false, 1, 0, 1));
    queIn.FreeTensor(srcLocal);
    queOut.EnQue(dstLocal);
    dstLocal = queOut.DeQue<half>();
    DataCopy(dstGm, dstLocal, 48 * lanes);
    queOut.FreeTensor(dstLocal);
}
