// Small AscendC kernels written like the CANN samples, run through the simulator under several
// SoC configurations; pytest checks output bytes against numpy, statistics against hand counts,
// and the exact error text where a SoC lacks what the kernel uses.
#include <cmath>
#include <cstdio>

#include "kernel_operator.h"
#include "sim_case.h"

using namespace AscendC;

namespace {

constexpr int32_t kBufferNum = 2;

// Contiguous copy through one VECIN->VECOUT queue, double buffered; tiles are dealt to blocks
// round-robin, so block b copies tiles b, b + blockNum, ...
template <typename T>
class KernelCopyBind {
public:
    __aicore__ inline KernelCopyBind() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
    {
        tileElems_ = tiling.tileElems;
        tileNum_ = tiling.totalElems / tiling.tileElems;
        xGm_.SetGlobalBuffer((__gm__ T*)x, tiling.totalElems);
        yGm_.SetGlobalBuffer((__gm__ T*)y, tiling.totalElems);
        pipe_.InitBuffer(queue_, kBufferNum, tileElems_ * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        for (uint64_t tile = GetBlockIdx(); tile < tileNum_; tile += GetBlockNum()) {
            CopyIn(tile);
            CopyOut(tile);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t tile)
    {
        LocalTensor<T> local = queue_.template AllocTensor<T>();
        DataCopy(local, xGm_[tile * tileElems_], tileElems_);
        queue_.EnQue(local);
    }
    __aicore__ inline void CopyOut(uint64_t tile)
    {
        LocalTensor<T> local = queue_.template DeQue<T>();
        DataCopy(yGm_[tile * tileElems_], local, tileElems_);
        queue_.FreeTensor(local);
    }

    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t tileElems_ = 0;
    uint64_t tileNum_ = 0;
};

// Separate in / out queues with a UB->UB copy as the compute stage; mode 1 uses DataCopyParams.
template <typename T>
class KernelCopyUbToUb {
public:
    __aicore__ inline KernelCopyUbToUb() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
    {
        tileElems_ = tiling.tileElems;
        tileNum_ = tiling.totalElems / tiling.tileElems;
        mode_ = tiling.mode;
        xGm_.SetGlobalBuffer((__gm__ T*)x, tiling.totalElems);
        yGm_.SetGlobalBuffer((__gm__ T*)y, tiling.totalElems);
        pipe_.InitBuffer(inQueue_, kBufferNum, tileElems_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, kBufferNum, tileElems_ * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        for (uint64_t tile = GetBlockIdx(); tile < tileNum_; tile += GetBlockNum()) {
            CopyIn(tile);
            Compute();
            CopyOut(tile);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t tile)
    {
        LocalTensor<T> in = inQueue_.template AllocTensor<T>();
        DataCopy(in, xGm_[tile * tileElems_], tileElems_);
        inQueue_.EnQue(in);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<T> in = inQueue_.template DeQue<T>();
        LocalTensor<T> out = outQueue_.template AllocTensor<T>();
        if (mode_ == 1) {
            DataCopyParams params{1, static_cast<uint16_t>(tileElems_ * sizeof(T) / ONE_BLK_SIZE), 0, 0};
            DataCopy(out, in, params);
        } else {
            DataCopy(out, in, tileElems_);
        }
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
    }
    __aicore__ inline void CopyOut(uint64_t tile)
    {
        LocalTensor<T> out = outQueue_.template DeQue<T>();
        DataCopy(yGm_[tile * tileElems_], out, tileElems_);
        outQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, 1> inQueue_;
    TQue<QuePosition::VECOUT, 1> outQueue_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t tileElems_ = 0;
    uint64_t tileNum_ = 0;
    uint32_t mode_ = 0;
};

// Strided DataCopy both ways. x holds `rows` rows of 3 blocks; y receives, per row, block 0 then
// block 2: two GM->UB loads with srcStride 2, two UB->GM stores with dstStride 1.
__aicore__ inline void StridedBlocks(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
{
    constexpr uint32_t kElemsPerBlock = ONE_BLK_SIZE / sizeof(int32_t);
    uint16_t rows = static_cast<uint16_t>(tiling.rows);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * rows * ONE_BLK_SIZE);
    GlobalTensor<int32_t> xGm;
    GlobalTensor<int32_t> yGm;
    xGm.SetGlobalBuffer((__gm__ int32_t*)x);
    yGm.SetGlobalBuffer((__gm__ int32_t*)y);
    LocalTensor<int32_t> first = buf.Get<int32_t>();
    LocalTensor<int32_t> third = first[rows * kElemsPerBlock];
    DataCopy(first, xGm, DataCopyParams{rows, 1, 2, 0});
    DataCopy(third, xGm[2 * kElemsPerBlock], DataCopyParams{rows, 1, 2, 0});
    Order<HardEvent::MTE2_MTE3>();
    DataCopy(yGm, first, DataCopyParams{rows, 1, 0, 1});
    DataCopy(yGm[kElemsPerBlock], third, DataCopyParams{rows, 1, 0, 1});
}

// A column window of a row-major (rows, cols) matrix: per chunk of rows one DataCopyPad in
// (byte-granular rows, GM gap in bytes) and one out. Rows are dealt to blocks in chunks of
// tileElems rows. mode 1 uses the legacy DataCopyParams overloads; mode 2 leaves a one-block
// gap after every row in UB (dstStride in, srcStride out).
template <typename T>
class KernelPadRows {
public:
    __aicore__ inline KernelPadRows() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
    {
        tiling_ = tiling;
        rowBytes_ = static_cast<uint32_t>(tiling.colCount * sizeof(T));
        ubGapBlocks_ = tiling.mode == 2 ? 1 : 0;
        uint32_t pitch = (rowBytes_ + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE + ubGapBlocks_ * ONE_BLK_SIZE;
        xGm_.SetGlobalBuffer((__gm__ T*)x, tiling.rows * tiling.cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y, tiling.rows * tiling.colCount);
        pipe_.InitBuffer(queue_, kBufferNum, tiling.tileElems * pitch);
    }
    __aicore__ inline void Process()
    {
        uint64_t chunk = tiling_.tileElems;
        for (uint64_t row = GetBlockIdx() * chunk; row < tiling_.rows; row += GetBlockNum() * chunk) {
            uint16_t count = static_cast<uint16_t>(tiling_.rows - row < chunk ? tiling_.rows - row : chunk);
            LocalTensor<T> local = queue_.template AllocTensor<T>();
            uint32_t gap = static_cast<uint32_t>((tiling_.cols - tiling_.colCount) * sizeof(T));
            if (tiling_.mode == 1) {
                DataCopyPad(local, xGm_[row * tiling_.cols + tiling_.colStart],
                            DataCopyParams{count, static_cast<uint16_t>(rowBytes_), static_cast<uint16_t>(gap), 0},
                            DataCopyPadParams{false, 0, 0, 0});
            } else {
                DataCopyPad(local, xGm_[row * tiling_.cols + tiling_.colStart],
                            DataCopyExtParams{count, rowBytes_, gap, ubGapBlocks_, 0},
                            DataCopyPadExtParams<T>{false, 0, 0, 0});
            }
            queue_.EnQue(local);
            local = queue_.template DeQue<T>();
            if (tiling_.mode == 1) {
                DataCopyPad(yGm_[row * tiling_.colCount], local,
                            DataCopyParams{count, static_cast<uint16_t>(rowBytes_), 0, 0});
            } else {
                DataCopyPad(yGm_[row * tiling_.colCount], local, DataCopyExtParams{count, rowBytes_, ubGapBlocks_, 0, 0});
            }
            queue_.FreeTensor(local);
        }
    }

private:
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    CaseTiling tiling_{};
    uint32_t rowBytes_ = 0;
    uint32_t ubGapBlocks_ = 0;
};

// Shows the UB image DataCopyPad leaves: two blocks of 5 halfs (GM gap 2 halfs), then the whole
// 2 x 32-byte footprint goes to y unchanged. mode 1: isPad, left 2, right 3, value 1.0;
// mode 2: no padding (dummy = first element); mode 3: left 1 without isPad (random padding).
__aicore__ inline void PadLayout(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * ONE_BLK_SIZE);
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    xGm.SetGlobalBuffer((__gm__ half*)x);
    yGm.SetGlobalBuffer((__gm__ half*)y);
    LocalTensor<half> local = buf.Get<half>();
    DataCopyExtParams params{2, 5 * sizeof(half), 2 * sizeof(half), 0, 0};
    if (tiling.mode == 1) {
        DataCopyPad(local, xGm, params, DataCopyPadExtParams<half>{true, 2, 3, half(1.0f)});
    } else if (tiling.mode == 2) {
        DataCopyPad(local, xGm, params, DataCopyPadExtParams<half>{false, 0, 0, 0});
    } else {
        DataCopyPad(local, xGm, params, DataCopyPadExtParams<half>{false, 1, 0, 0});
    }
    Order<HardEvent::MTE2_MTE3>();
    DataCopy(yGm, local, 2 * ONE_BLK_SIZE / sizeof(half));
}

// Reverses totalElems elements inside UB with Gather, byte offsets built by scalar SetValue.
template <typename T>
class KernelGatherReverse {
public:
    __aicore__ inline KernelGatherReverse() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
    {
        count_ = static_cast<uint32_t>(tiling.totalElems);
        mode_ = tiling.mode;
        xGm_.SetGlobalBuffer((__gm__ T*)x, count_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, count_);
        pipe_.InitBuffer(inQueue_, 1, count_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, 1, count_ * sizeof(T));
        pipe_.InitBuffer(offsetBuf_, count_ * sizeof(uint32_t));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<T> in = inQueue_.template AllocTensor<T>();
        DataCopy(in, xGm_, count_);
        inQueue_.EnQue(in);
        LocalTensor<uint32_t> offsets = offsetBuf_.Get<uint32_t>();
        for (uint32_t i = 0; i < count_; ++i) {
            offsets.SetValue(i, static_cast<uint32_t>((count_ - 1 - i) * sizeof(T)));
        }
        if (mode_ == 1) {
            offsets.SetValue(1, static_cast<uint32_t>(sizeof(T) + sizeof(T) / 2));  // not element aligned
        } else if (mode_ == 2) {
            offsets.SetValue(0, static_cast<uint32_t>(count_ * sizeof(T)));  // one past the source buffer
        }
        Order<HardEvent::S_V>();  // the scalar offsets before the Gather reads them
        in = inQueue_.template DeQue<T>();
        LocalTensor<T> out = outQueue_.template AllocTensor<T>();
        Gather(out, in, offsets, 0, count_);
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
        out = outQueue_.template DeQue<T>();
        DataCopy(yGm_, out, count_);
        outQueue_.FreeTensor(out);
    }

private:
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQueue_;
    TQue<TPosition::VECOUT, 1> outQueue_;
    TBuf<TPosition::VECCALC> offsetBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t count_ = 0;
    uint32_t mode_ = 0;
};

// Reverses 64-bit elements the way real kernels handle them: Gather int32 pairs through
// ReinterpretCast views of the same buffers. The data sits one block into its buffer and the
// offsets are relative to it, so srcBaseAddr carries that block.
__aicore__ inline void GatherReverse64AsPairs(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
{
    uint32_t count = static_cast<uint32_t>(tiling.totalElems);
    TPipe pipe;
    TBuf<TPosition::VECCALC> inBuf;
    TBuf<TPosition::VECCALC> outBuf;
    TBuf<TPosition::VECCALC> offsetBuf;
    pipe.InitBuffer(inBuf, ONE_BLK_SIZE + count * sizeof(int64_t));
    pipe.InitBuffer(outBuf, count * sizeof(int64_t));
    pipe.InitBuffer(offsetBuf, 2 * count * sizeof(uint32_t));
    GlobalTensor<int64_t> xGm;
    GlobalTensor<int64_t> yGm;
    xGm.SetGlobalBuffer((__gm__ int64_t*)x, count);
    yGm.SetGlobalBuffer((__gm__ int64_t*)y, count);
    LocalTensor<int64_t> whole = inBuf.Get<int64_t>();
    LocalTensor<int64_t> in = whole[ONE_BLK_SIZE / sizeof(int64_t)];
    LocalTensor<int64_t> out = outBuf.Get<int64_t>();
    LocalTensor<uint32_t> offsets = offsetBuf.Get<uint32_t>();
    DataCopy(in, xGm, count);
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t from = (count - 1 - i) * sizeof(int64_t);
        offsets.SetValue(2 * i, from);
        offsets.SetValue(2 * i + 1, from + static_cast<uint32_t>(sizeof(int32_t)));
    }
    Order<HardEvent::MTE2_V>();
    Order<HardEvent::S_V>();
    Gather(out.ReinterpretCast<int32_t>(), whole.ReinterpretCast<int32_t>(), offsets, ONE_BLK_SIZE, 2 * count);
    Order<HardEvent::V_MTE3>();
    DataCopy(yGm, out, count);
}

// Scalar UB access, sub-tensors, ReinterpretCast and sizes; y gets the UB image (16 int32) and
// then 4 facts about the tensors, written with scalar GM stores.
__aicore__ inline void LocalTensorApi(GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 16 * sizeof(int32_t));
    LocalTensor<int32_t> local = buf.Get<int32_t>();
    for (uint32_t i = 0; i < 16; ++i) {
        local.SetValue(i, static_cast<int32_t>(3 * i + 1));
    }
    LocalTensor<int16_t> halves = local.ReinterpretCast<int16_t>();
    halves.SetValue(1, static_cast<int16_t>(-1));  // high half of element 0
    LocalTensor<int32_t> tail = local[4];
    tail.SetValue(0, local.GetValue(15) + 100);  // element 4 = 46 + 100
    GlobalTensor<int32_t> yGm;
    yGm.SetGlobalBuffer((__gm__ int32_t*)y, 20);
    Order<HardEvent::S_MTE3>();
    DataCopy(yGm, local, 16);
    Order<HardEvent::MTE3_S>();  // elements 16..19 share no line with the DMA's; the order is still safe
    yGm.SetValue(16, static_cast<int32_t>(local.GetSize()));
    yGm.SetValue(17, static_cast<int32_t>(tail.GetSize()));
    yGm.SetValue(18, static_cast<int32_t>(halves.GetSize()));
    yGm.SetValue(19, static_cast<int32_t>(reinterpret_cast<uintptr_t>(tail.GetPhyAddr()) -
                                          reinterpret_cast<uintptr_t>(local.GetPhyAddr())));
}

// Fills y with a constant through Duplicate.
template <typename T>
__aicore__ inline void DuplicateFill(GM_ADDR y, const CaseTiling& tiling, T value)
{
    uint32_t count = static_cast<uint32_t>(tiling.totalElems);
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, count * sizeof(T));
    GlobalTensor<T> yGm;
    yGm.SetGlobalBuffer((__gm__ T*)y, count);
    LocalTensor<T> local = queue.template AllocTensor<T>();
    Duplicate(local, value, static_cast<int32_t>(count));
    queue.EnQue(local);
    local = queue.template DeQue<T>();
    DataCopy(yGm, local, count);
    queue.FreeTensor(local);
}

// y[i] = x[i] + 1 element by element through scalar GM access; blocks split the range evenly.
__aicore__ inline void ScalarIncrement(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
{
    GlobalTensor<int32_t> xGm;
    GlobalTensor<int32_t> yGm;
    uint64_t per = tiling.totalElems / GetBlockNum();
    xGm.SetGlobalBuffer((__gm__ int32_t*)x + GetBlockIdx() * per, per);
    yGm.SetGlobalBuffer((__gm__ int32_t*)y + GetBlockIdx() * per, per);
    for (uint64_t i = 0; i < per; ++i) {
        yGm.SetValue(i, xGm.GetValue(i) + 1);
    }
}

// Copies 32-byte blocks in reverse order, one DataCopy per block, TBuf and explicit flags.
__aicore__ inline void ReverseBlocks(GM_ADDR x, GM_ADDR y, const CaseTiling& tiling)
{
    constexpr uint32_t kElemsPerBlock = ONE_BLK_SIZE / sizeof(uint16_t);
    uint32_t blocks = static_cast<uint32_t>(tiling.totalElems / kElemsPerBlock);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, blocks * ONE_BLK_SIZE);
    GlobalTensor<uint16_t> xGm;
    GlobalTensor<uint16_t> yGm;
    xGm.SetGlobalBuffer((__gm__ uint16_t*)x);
    yGm.SetGlobalBuffer((__gm__ uint16_t*)y);
    LocalTensor<uint16_t> local = buf.Get<uint16_t>();
    DataCopy(local, xGm, blocks * kElemsPerBlock);
    TEventID eventId = GetTPipePtr()->FetchEventID(HardEvent::MTE2_MTE3);
    SetFlag<HardEvent::MTE2_MTE3>(eventId);
    WaitFlag<HardEvent::MTE2_MTE3>(eventId);
    for (uint32_t b = 0; b < blocks; ++b) {
        DataCopy(yGm[(blocks - 1 - b) * kElemsPerBlock], local[b * kElemsPerBlock], kElemsPerBlock);
    }
    PipeBarrier<PIPE_MTE3>();
}

}  // namespace

extern "C" __global__ __aicore__ void copy_bind_int16(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    KernelCopyBind<int16_t> op;
    op.Init(x, y, tilingData);
    op.Process();
}

extern "C" __global__ __aicore__ void copy_ub_to_ub_float(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    KernelCopyUbToUb<float> op;
    op.Init(x, y, tilingData);
    op.Process();
}

extern "C" __global__ __aicore__ void strided_blocks(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    StridedBlocks(x, y, tilingData);
}

extern "C" __global__ __aicore__ void pad_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(2)) {
        KernelPadRows<half> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(8)) {
        KernelPadRows<int64_t> op;
        op.Init(x, y, tilingData);
        op.Process();
    }
}

extern "C" __global__ __aicore__ void pad_layout(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    PadLayout(x, y, tilingData);
}

extern "C" __global__ __aicore__ void gather_reverse(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(1)) {
        KernelGatherReverse<int8_t> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelGatherReverse<half> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(3)) {
        KernelGatherReverse<bfloat16_t> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(4)) {
        KernelGatherReverse<int32_t> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(8)) {
        KernelGatherReverse<int64_t> op;
        op.Init(x, y, tilingData);
        op.Process();
    }
}

extern "C" __global__ __aicore__ void gather_reverse_64(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    GatherReverse64AsPairs(x, y, tilingData);
}

extern "C" __global__ __aicore__ void local_tensor_api(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)x;
    (void)workspace;
    (void)tiling;
    LocalTensorApi(y);
}

extern "C" __global__ __aicore__ void duplicate_fill(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)x;
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(1)) {
        DuplicateFill<bfloat16_t>(y, tilingData, bfloat16_t(-0.75f));
    } else if (TILING_KEY_IS(2)) {
        DuplicateFill<half>(y, tilingData, half(1.5f));
    } else if (TILING_KEY_IS(4)) {
        DuplicateFill<float>(y, tilingData, -2.25f);
    }
}

extern "C" __global__ __aicore__ void scalar_increment(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    ScalarIncrement(x, y, tilingData);
}

// Key 1: plain copy; key 2: 32-byte blocks in reverse order; any other key writes nothing.
extern "C" __global__ __aicore__ void key_dispatch(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(1)) {
        KernelCopyBind<uint16_t> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        ReverseBlocks(x, y, tilingData);
    }
}

// A second tiling layout, read with GET_TILING_DATA_WITH_STRUCT.
struct CountOnlyTiling {
    uint32_t totalElems;
    uint32_t tileElems;
};

extern "C" __global__ __aicore__ void copy_with_struct(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA_WITH_STRUCT(CountOnlyTiling, tilingData, tiling);
    CaseTiling converted{};
    converted.totalElems = tilingData.totalElems;
    converted.tileElems = tilingData.tileElems;
    KernelCopyBind<int16_t> op;
    op.Init(x, y, converted);
    op.Process();
}

// Every zero-length form is a no-op; then one real copy in and out.
extern "C" __global__ __aicore__ void zero_counts(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    (void)tiling;
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, ONE_BLK_SIZE);
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 16);
    yGm.SetGlobalBuffer((__gm__ half*)y, 16);
    LocalTensor<half> local = buf.Get<half>();
    DataCopy(local, xGm, 0);
    DataCopy(local, xGm, DataCopyParams{0, 1, 0, 0});
    DataCopy(local, xGm, DataCopyParams{1, 0, 0, 0});
    DataCopyPad(local, xGm, DataCopyExtParams{0, 2, 0, 0, 0}, DataCopyPadExtParams<half>{});
    DataCopyPad(local, xGm, DataCopyExtParams{1, 0, 0, 0, 0}, DataCopyPadExtParams<half>{});
    Duplicate(local, half(0), 0);
    DataCopy(local, xGm, 16);
    Order<HardEvent::MTE2_MTE3>();
    DataCopy(yGm, local, 0);
    DataCopyPad(yGm, local, DataCopyExtParams{0, 2, 0, 0, 0});
    DataCopy(yGm, local, 16);
}

SIM_CASE(copy_bind_a2)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 4096;
    t.tileElems = 256;
    GM_ADDR x = h.Input("x", 4096 * sizeof(int16_t));
    GM_ADDR y = h.Output("y", 4096 * sizeof(int16_t));
    h.Launch("copy_bind_int16", 4, 0, copy_bind_int16, x, y, nullptr, h.Tiling(t));
}

// 16 tiles over 3 blocks: 6, 5 and 5 tiles.
SIM_CASE(copy_bind_uneven)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 4096;
    t.tileElems = 256;
    GM_ADDR x = h.Input("x", 4096 * sizeof(int16_t));
    GM_ADDR y = h.Output("y", 4096 * sizeof(int16_t));
    h.Launch("copy_bind_int16", 3, 0, copy_bind_int16, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(copy_ub_to_ub_count)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 1536;
    t.tileElems = 128;
    GM_ADDR x = h.Input("x", 1536 * sizeof(float));
    GM_ADDR y = h.Output("y", 1536 * sizeof(float));
    h.Launch("copy_ub_to_ub_float", 5, 0, copy_ub_to_ub_float, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(copy_ub_to_ub_params)
{
    Harness h(Soc310P());
    CaseTiling t{};
    t.totalElems = 1536;
    t.tileElems = 128;
    t.mode = 1;
    GM_ADDR x = h.Input("x", 1536 * sizeof(float));
    GM_ADDR y = h.Output("y", 1536 * sizeof(float));
    h.Launch("copy_ub_to_ub_float", 2, 0, copy_ub_to_ub_float, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(strided_blocks_a2)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.rows = 5;
    GM_ADDR x = h.Input("x", 5 * 3 * 32);
    GM_ADDR y = h.Output("y", 5 * 2 * 32);
    h.Launch("strided_blocks", 1, 0, strided_blocks, x, y, nullptr, h.Tiling(t));
}

static void PadRowsCase(const ascend_sim::SocConfig& soc, uint64_t key, size_t elemBytes, uint32_t mode)
{
    Harness h(soc);
    CaseTiling t{};
    t.rows = 7;
    t.cols = 45;
    t.colStart = 3;
    t.colCount = 21;
    t.tileElems = 3;  // rows per chunk
    t.mode = mode;
    GM_ADDR x = h.Input("x", t.rows * t.cols * elemBytes);
    GM_ADDR y = h.Output("y", t.rows * t.colCount * elemBytes);
    h.Launch("pad_rows", 2, key, pad_rows, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(pad_rows_half_a2) { PadRowsCase(SocA2(), 2, 2, 0); }
SIM_CASE(pad_rows_half_ub_gaps_a2) { PadRowsCase(SocA2(), 2, 2, 2); }
SIM_CASE(pad_rows_half_legacy_a2) { PadRowsCase(SocA2(), 2, 2, 1); }
SIM_CASE(pad_rows_half_310b) { PadRowsCase(Soc310B(), 2, 2, 0); }
SIM_CASE(pad_rows_int64_a2) { PadRowsCase(SocA2(), 8, 8, 0); }
SIM_CASE(pad_rows_half_310p) { PadRowsCase(Soc310P(), 2, 2, 0); }
SIM_CASE(pad_rows_half_910) { PadRowsCase(Soc910(), 2, 2, 0); }
SIM_CASE(pad_rows_int64_310b) { PadRowsCase(Soc310B(), 8, 8, 0); }

static void PadLayoutCase(uint32_t mode)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.mode = mode;
    GM_ADDR x = h.Input("x", 14 * sizeof(uint16_t));
    GM_ADDR y = h.Output("y", 2 * 32);
    h.Launch("pad_layout", 1, 0, pad_layout, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(pad_layout_padded) { PadLayoutCase(1); }
SIM_CASE(pad_layout_dummy_first_element) { PadLayoutCase(2); }
SIM_CASE(pad_layout_random_padding) { PadLayoutCase(3); }

static void GatherCase(const ascend_sim::SocConfig& soc, uint64_t key, size_t elemBytes, uint32_t mode = 0)
{
    Harness h(soc);
    CaseTiling t{};
    t.totalElems = 64;
    t.mode = mode;
    GM_ADDR x = h.Input("x", 64 * elemBytes);
    GM_ADDR y = h.Output("y", 64 * elemBytes);
    h.Launch("gather_reverse", 1, key, gather_reverse, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(gather_int32_a2) { GatherCase(SocA2(), 4, 4); }
SIM_CASE(gather_half_a2) { GatherCase(SocA2(), 2, 2); }
SIM_CASE(gather_bf16_a2) { GatherCase(SocA2(), 3, 2); }
SIM_CASE(gather_half_310p) { GatherCase(Soc310P(), 2, 2); }
SIM_CASE(gather_int8_310b) { GatherCase(Soc310B(), 1, 1); }
SIM_CASE(gather_int32_910) { GatherCase(Soc910(), 4, 4); }
SIM_CASE(gather_int8_a2) { GatherCase(SocA2(), 1, 1); }
SIM_CASE(gather_bf16_310p) { GatherCase(Soc310P(), 3, 2); }
SIM_CASE(gather_int64_a2) { GatherCase(SocA2(), 8, 8); }
SIM_CASE(gather_offset_misaligned) { GatherCase(SocA2(), 4, 4, 1); }
SIM_CASE(gather_offset_outside) { GatherCase(SocA2(), 4, 4, 2); }

SIM_CASE(gather_int64_as_int32_pairs_a2)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 12;
    GM_ADDR x = h.Input("x", 12 * sizeof(int64_t));
    GM_ADDR y = h.Output("y", 12 * sizeof(int64_t));
    h.Launch("gather_reverse_64", 1, 0, gather_reverse_64, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(local_tensor_api)
{
    Harness h(SocA2());
    GM_ADDR y = h.Output("y", 20 * sizeof(int32_t));
    h.Launch("local_tensor_api", 1, 0, local_tensor_api, nullptr, y, nullptr, h.Tiling(CaseTiling{}));
}

static void DuplicateCase(uint64_t key, size_t elemBytes, const ascend_sim::SocConfig& soc = SocA2())
{
    Harness h(soc);
    CaseTiling t{};
    t.totalElems = 48;
    GM_ADDR y = h.Output("y", 48 * elemBytes);
    h.Launch("duplicate_fill", 1, key, duplicate_fill, nullptr, y, nullptr, h.Tiling(t));
}

SIM_CASE(duplicate_half) { DuplicateCase(2, 2); }
SIM_CASE(duplicate_float) { DuplicateCase(4, 4); }
SIM_CASE(duplicate_bf16) { DuplicateCase(1, 2); }
SIM_CASE(duplicate_bf16_910) { DuplicateCase(1, 2, Soc910()); }

// Each block owns one whole 64-byte line of y (Note [data cache] in sim_data_cache.h).
SIM_CASE(scalar_increment)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 32;
    GM_ADDR x = h.Input("x", 32 * sizeof(int32_t));
    GM_ADDR y = h.Output("y", 32 * sizeof(int32_t));
    h.Launch("scalar_increment", 2, 0, scalar_increment, x, y, nullptr, h.Tiling(t));
}

// The blocks' 48-byte shares of y meet inside the line [0, 64): each core's cache writes the
// whole line back over the other's bytes.
SIM_CASE(cache_cross_core_line_overwrite)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 24;
    GM_ADDR x = h.Input("x", 24 * sizeof(int32_t));
    GM_ADDR y = h.Output("y", 24 * sizeof(int32_t));
    h.Launch("scalar_increment", 2, 0, scalar_increment, x, y, nullptr, h.Tiling(t));
}

// The same race under every write-back order: prints the error of each seed that misses it.
SIM_CASE(cache_cross_core_every_seed)
{
    std::string missed;
    for (uint64_t seed = 0; seed < 16; ++seed) {
        ascend_sim::SocConfig soc = SocA2();
        soc.seed = seed;
        std::vector<uint8_t> x(24 * sizeof(int32_t) + 64);
        std::vector<uint8_t> y(24 * sizeof(int32_t) + 64);
        auto align = [](std::vector<uint8_t>& v) {
            uintptr_t raw = reinterpret_cast<uintptr_t>(v.data());
            return v.data() + (64 - raw % 64) % 64;
        };
        CaseTiling t{};
        t.totalElems = 24;
        ascend_sim::Simulator sim(soc);
        sim.AddBuffer("x", ascend_sim::BufferRole::kInput, align(x), 24 * sizeof(int32_t));
        sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, align(y), 24 * sizeof(int32_t));
        sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, &t, sizeof(t));
        std::string error = ascend_sim::RunKernelCatching(sim, "scalar_increment", 2, scalar_increment, align(x),
                                                          align(y), static_cast<GM_ADDR>(nullptr),
                                                          reinterpret_cast<GM_ADDR>(&t));
        if (error.find("data cache writes the 64-byte line [0, 64) of output 'y' back whole") == std::string::npos) {
            missed += "seed " + std::to_string(seed) + ": '" + error + "'; ";
        }
    }
    std::printf(missed.empty() ? "ok\n" : "error=%s\n", missed.c_str());
}

static void KeyDispatchCase(uint64_t key)
{
    Harness h(SocA2());
    CaseTiling t{};
    t.totalElems = 80;
    t.tileElems = 16;
    GM_ADDR x = h.Input("x", 80 * sizeof(uint16_t));
    GM_ADDR y = h.Output("y", 80 * sizeof(uint16_t));
    h.Launch("key_dispatch", 1, key, key_dispatch, x, y, nullptr, h.Tiling(t));
}

SIM_CASE(key_dispatch_copy) { KeyDispatchCase(1); }
SIM_CASE(key_dispatch_reverse_blocks) { KeyDispatchCase(2); }
SIM_CASE(key_dispatch_unknown_key) { KeyDispatchCase(3); }

SIM_CASE(tiling_with_struct)
{
    Harness h(SocA2());
    CountOnlyTiling t{512, 64};
    std::vector<uint8_t> raw(sizeof(CaseTiling), 0);
    std::memcpy(raw.data(), &t, sizeof(t));
    CaseTiling asCase;
    std::memcpy(&asCase, raw.data(), sizeof(asCase));
    GM_ADDR x = h.Input("x", 512 * sizeof(int16_t));
    GM_ADDR y = h.Output("y", 512 * sizeof(int16_t));
    h.Launch("copy_with_struct", 2, 0, copy_with_struct, x, y, nullptr, h.Tiling(asCase));
}

SIM_CASE(zero_counts)
{
    Harness h(SocA2());
    GM_ADDR x = h.Input("x", 32);
    GM_ADDR y = h.Output("y", 32);
    h.Launch("zero_counts", 1, 0, zero_counts, x, y, nullptr, h.Tiling(CaseTiling{}));
}

// Bits of the 2-byte float types, compared by pytest with numpy float16 and ml_dtypes bfloat16.
SIM_CASE(float_conversions)
{
    const float values[] = {0.0f,      -0.0f,   1.0f,       -3.14159f, 0.1f,          65504.0f, 65520.0f,
                            1e-8f,     6e-8f,   5.9604645e-8f, 2.9802322e-8f, 1e30f, -1e-30f, 3.0e-5f,
                            INFINITY, -INFINITY, NAN,   1.00390625f, 1.01171875f,
                            // exact ties: half rounds 1 + 2^-11 down and 1 + 3 * 2^-11 up, to even;
                            // subnormal ties at 1.5 and 2.5 units of 2^-24 go to 2 units
                            1.00048828125f, 1.00146484375f, 8.940697e-8f, 1.4901161e-7f};
    for (float v : values) {
        half h(v);
        bfloat16_t b(v);
        uint32_t back;
        float f = static_cast<float>(h);
        std::memcpy(&back, &f, sizeof(back));
        uint32_t in;
        std::memcpy(&in, &v, sizeof(in));
        std::printf("conv=%08x:%04x:%04x:%08x\n", in, h.bits, b.bits, back);
    }
}
