// One kernel body per strictness check, each making exactly that check fire. pytest asserts the
// exact message, so each body does the least it takes to reach the violation.
#include <cstdint>
#include <cstdio>
#include <functional>

#include "kernel_operator.h"
#include "sim_case.h"

using namespace AscendC;

namespace {

using Body = std::function<void(GM_ADDR x, GM_ADDR y)>;

// Runs `body` as kernel "sim_neg" with input x and output y of the given sizes.
void Misuse(const ascend_sim::SocConfig& soc, const Body& body, size_t xBytes = 1024, size_t yBytes = 1024,
            uint32_t blockDim = 1, const char* kernelName = "sim_neg")
{
    Harness h(soc);
    GM_ADDR x = h.Input("x", xBytes);
    GM_ADDR y = h.Output("y", yBytes);
    h.Run(kernelName, blockDim, [&]() { body(x, y); });
}

// A UB tensor of `elems` elements loaded from x, for the cases that need written UB data.
template <typename T>
LocalTensor<T> Loaded(TPipe& pipe, TBuf<TPosition::VECCALC>& buf, GM_ADDR x, uint32_t elems)
{
    pipe.InitBuffer(buf, elems * sizeof(T));
    GlobalTensor<T> xGm;
    xGm.SetGlobalBuffer((__gm__ T*)x);
    LocalTensor<T> local = buf.Get<T>();
    DataCopy(local, xGm, elems);
    PipeBarrier<PIPE_ALL>();  // whatever reads it next
    return local;
}

}  // namespace

// ---- UB allocation ----------------------------------------------------------------------------

SIM_CASE(ub_over_budget)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 2, 128 * 1024);
    });
}

SIM_CASE(ub_over_budget_after_rounding)
{
    Misuse(Soc310B(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> big;
        TBuf<TPosition::VECCALC> small;
        pipe.InitBuffer(big, Soc310B().ubBytes - 12);  // rounds up to the whole UB
        pipe.InitBuffer(small, 1);
    });
}

SIM_CASE(two_live_pipes)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe first;
        TPipe second;
    });
}

SIM_CASE(pipe_outside_block)
{
    Harness h(SocA2());
    TPipe pipe;  // built before the run, like a global TPipe
    h.Run("sim_neg", 1, [&]() {
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
    });
}

SIM_CASE(tbuf_get_too_big)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128);
        buf.Get<int32_t>(40);
    });
}

SIM_CASE(tbuf_get_with_offset_too_big)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128);
        buf.GetWithOffset<half>(32, 96);
    });
}

// ---- DataCopy -----------------------------------------------------------------------------------

SIM_CASE(ub_misaligned)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        GlobalTensor<int16_t> xGm;
        xGm.SetGlobalBuffer((__gm__ int16_t*)x);
        DataCopy(buf.Get<int16_t>()[8], xGm, 16);
    });
}

// The brief's example: only block 3 goes wrong.
SIM_CASE(count_not_multiple_of_32)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 64);
            GlobalTensor<half> xGm;
            xGm.SetGlobalBuffer((__gm__ half*)x);
            if (GetBlockIdx() == 3) {
                DataCopy(buf.Get<half>(), xGm, 7);
            }
        },
        1024, 1024, 4, "strided_slice");
}

SIM_CASE(count_not_multiple_of_32_out)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        LocalTensor<float> local = Loaded<float>(pipe, buf, x, 8);
        GlobalTensor<float> yGm;
        yGm.SetGlobalBuffer((__gm__ float*)y);
        DataCopy(yGm, local, 5);
    });
}

SIM_CASE(block_count_over_4095)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        DataCopy(buf.Get<half>(), xGm, DataCopyParams{4096, 1, 0, 0});
    });
}

SIM_CASE(ub_tensor_overflow)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 1, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        LocalTensor<half> local = queue.AllocTensor<half>();
        DataCopy(local, xGm, 64);
    });
}

SIM_CASE(ub_to_ub_on_310b)
{
    Misuse(Soc310B(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        TBuf<TPosition::VECCALC> other;
        LocalTensor<half> local = Loaded<half>(pipe, buf, x, 16);
        pipe.InitBuffer(other, 32);
        DataCopy(other.Get<half>(), local, 16);
    });
}

// ---- DataCopyPad ----------------------------------------------------------------------------

SIM_CASE(pad_block_count_over_4095)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        DataCopyPad(buf.Get<half>(), xGm, DataCopyExtParams{4096, 2, 0, 0, 0}, DataCopyPadExtParams<half>{});
    });
}

SIM_CASE(pad_block_len_over_max)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        DataCopyPad(buf.Get<half>(), xGm, DataCopyExtParams{1, 2097152, 0, 0, 0}, DataCopyPadExtParams<half>{});
    });
}

SIM_CASE(pad_block_len_not_element_multiple)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<float> xGm;
        xGm.SetGlobalBuffer((__gm__ float*)x);
        DataCopyPad(buf.Get<float>(), xGm, DataCopyExtParams{1, 6, 0, 0, 0}, DataCopyPadExtParams<float>{});
    });
}

SIM_CASE(pad_padding_over_32_bytes)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        DataCopyPad(buf.Get<half>(), xGm, DataCopyExtParams{1, 8, 0, 0, 0},
                    DataCopyPadExtParams<half>{true, 17, 0, half(0)});
    });
}

SIM_CASE(pad_64bit_nonzero_padding_value)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<int64_t> xGm;
        xGm.SetGlobalBuffer((__gm__ int64_t*)x);
        DataCopyPad(buf.Get<int64_t>(), xGm, DataCopyExtParams{1, 16, 0, 0, 0},
                    DataCopyPadExtParams<int64_t>{true, 0, 1, 5});
    });
}

SIM_CASE(pad_ub_to_gm_on_910)
{
    Misuse(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        LocalTensor<half> local = Loaded<half>(pipe, buf, x, 16);
        GlobalTensor<half> yGm;
        yGm.SetGlobalBuffer((__gm__ half*)y);
        DataCopyPad(yGm, local, DataCopyExtParams{1, 32, 0, 0, 0});
    });
}

// Three 10-byte blocks take 32 bytes of UB each: the third does not fit a 64-byte buffer.
SIM_CASE(pad_footprint_overflow)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        DataCopyPad(buf.Get<half>(), xGm, DataCopyExtParams{3, 10, 0, 0, 0}, DataCopyPadExtParams<half>{});
    });
}

SIM_CASE(pad_write_past_end)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<half> local = Loaded<half>(pipe, buf, x, 64);
            GlobalTensor<half> yGm;
            yGm.SetGlobalBuffer((__gm__ half*)y);
            DataCopyPad(yGm, local, DataCopyExtParams{2, 40, 0, 30, 0});
        },
        1024, 100);
}

// ---- GM bounds and roles ------------------------------------------------------------------------

SIM_CASE(gm_read_past_end)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 64);
            GlobalTensor<int16_t> xGm;
            xGm.SetGlobalBuffer((__gm__ int16_t*)x, 500);
            DataCopy(buf.Get<int16_t>(), xGm[480], 32);
        },
        1000);
}

SIM_CASE(gm_read_before_start)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 64);
            GlobalTensor<int16_t> xGm;
            xGm.SetGlobalBuffer((__gm__ int16_t*)x, 500);
            DataCopy(buf.Get<int16_t>(), xGm[static_cast<uint64_t>(-16)], 16);
        },
        1000);
}

SIM_CASE(gm_write_past_end)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y, 500);
            DataCopy(yGm[496], local, 16);
        },
        1024, 1000);
}

SIM_CASE(gm_misaligned_element)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)(x + 3));
        DataCopy(buf.Get<half>(), xGm, 16);
    });
}

SIM_CASE(gm_write_input)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
        GlobalTensor<int16_t> xGm;
        xGm.SetGlobalBuffer((__gm__ int16_t*)x);
        DataCopy(xGm, local, 16);
    });
}

SIM_CASE(gm_scalar_read_past_end)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR) {
            GlobalTensor<int32_t> xGm;
            xGm.SetGlobalBuffer((__gm__ int32_t*)x, 250);
            xGm.GetValue(250);
        },
        1000);
}

SIM_CASE(gm_scalar_write_past_end)
{
    Misuse(
        SocA2(),
        [](GM_ADDR, GM_ADDR y) {
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y, 500);
            yGm.SetValue(500, 1);
        },
        1024, 1000);
}

SIM_CASE(global_buffer_unregistered)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        int32_t hostOnly[8] = {};
        GlobalTensor<int32_t> gm;
        gm.SetGlobalBuffer((__gm__ int32_t*)hostOnly, 8);
    });
}

SIM_CASE(global_tensor_unset)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<half> gm;
        DataCopy(buf.Get<half>(), gm, 16);
    });
}

SIM_CASE(global_tensor_null)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<half> gm;
        gm.SetGlobalBuffer(nullptr);
        DataCopy(buf.Get<half>(), gm, 16);
    });
}

// ---- output write-once ------------------------------------------------------------------------

SIM_CASE(output_written_twice)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            DataCopy(yGm, local, 16);  // every block writes the same 32 bytes
        },
        1024, 32, 2);
}

SIM_CASE(output_written_twice_scalar)
{
    Misuse(
        SocA2(),
        [](GM_ADDR, GM_ADDR y) {
            GlobalTensor<int32_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int32_t*)y, 2);
            yGm.SetValue(0, 10);
            yGm.SetValue(1, 11);
            yGm.SetValue(1, 12);
        },
        1024, 8);
}

SIM_CASE(output_never_written)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            DataCopy(yGm, local, 16);
        },
        1024, 64);
}

SIM_CASE(output_read_before_written)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<half> yGm;
        yGm.SetGlobalBuffer((__gm__ half*)y);
        DataCopy(buf.Get<half>(), yGm, 16);
    });
}

// ---- UB validity (Note [UB validity]) ---------------------------------------------------------

SIM_CASE(ub_get_value_never_written)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        LocalTensor<int32_t> local = buf.Get<int32_t>();
        local.SetValue(0, 1);
        local.GetValue(3);
    });
}

SIM_CASE(ub_copy_out_never_written)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<int16_t> yGm;
        yGm.SetGlobalBuffer((__gm__ int16_t*)y);
        DataCopy(yGm, buf.Get<int16_t>(), 16);
    });
}

SIM_CASE(ub_copy_out_partly_written)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<half> xGm;
        GlobalTensor<half> yGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        yGm.SetGlobalBuffer((__gm__ half*)y);
        LocalTensor<half> local = buf.Get<half>();
        DataCopy(local, xGm, 16);
        PipeBarrier<PIPE_ALL>();
        DataCopy(yGm, local, 32);
    });
}

// After FreeTensor a queue buffer holds stale data; the next AllocTensor must not pass it on.
SIM_CASE(ub_stale_after_free)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
        pipe.InitBuffer(queue, 1, 32);
        GlobalTensor<half> xGm;
        GlobalTensor<half> yGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        yGm.SetGlobalBuffer((__gm__ half*)y);
        LocalTensor<half> first = queue.AllocTensor<half>();
        DataCopy(first, xGm, 16);
        queue.FreeTensor(first);
        LocalTensor<half> second = queue.AllocTensor<half>();
        PipeBarrier<PIPE_ALL>();
        DataCopy(yGm, second, 16);
    });
}

// Garbage may move inside UB; it is caught where it leaves.
SIM_CASE(ub_garbage_through_ub_to_ub)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(a, 64);
        pipe.InitBuffer(b, 64);
        DataCopy(b.Get<half>(), a.Get<half>(), 32);
        GlobalTensor<half> yGm;
        yGm.SetGlobalBuffer((__gm__ half*)y);
        PipeBarrier<PIPE_ALL>();
        DataCopy(yGm, b.Get<half>(), 32);
    });
}

// Gather may move unwritten bytes; they are caught where they leave UB.
SIM_CASE(ub_garbage_through_gather)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> src;
        TBuf<TPosition::VECCALC> dst;
        TBuf<TPosition::VECCALC> offsetBuf;
        pipe.InitBuffer(src, 64);
        pipe.InitBuffer(dst, 64);
        pipe.InitBuffer(offsetBuf, 64);
        GlobalTensor<int32_t> xGm;
        GlobalTensor<int32_t> yGm;
        xGm.SetGlobalBuffer((__gm__ int32_t*)x);
        yGm.SetGlobalBuffer((__gm__ int32_t*)y);
        DataCopy(src.Get<int32_t>(), xGm, 8);  // bytes [0, 32) written, [32, 64) not
        LocalTensor<uint32_t> offsets = offsetBuf.Get<uint32_t>();
        for (uint32_t i = 0; i < 16; ++i) {
            offsets.SetValue(i, (15 - i) * 4);
        }
        PipeBarrier<PIPE_ALL>();
        Gather(dst.Get<int32_t>(), src.Get<int32_t>(), offsets, 0, 16);
        PipeBarrier<PIPE_ALL>();
        DataCopy(yGm, dst.Get<int32_t>(), 16);
    });
}

SIM_CASE(local_tensor_unbound)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        LocalTensor<half> local;
        DataCopy(local, xGm, 16);
    });
}

// ---- queue protocol -------------------------------------------------------------------------

SIM_CASE(queue_alloc_beyond_buffers)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 2, 64);
        queue.AllocTensor<half>();
        queue.AllocTensor<half>();
        queue.AllocTensor<half>();
    });
}

SIM_CASE(queue_deque_empty)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 2, 64);
        queue.DeQue<half>();
    });
}

SIM_CASE(queue_free_foreign_tensor)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> inQueue;
        TQue<TPosition::VECOUT, 1> outQueue;
        pipe.InitBuffer(inQueue, 1, 64);
        pipe.InitBuffer(outQueue, 1, 64);
        LocalTensor<half> out = outQueue.AllocTensor<half>();
        inQueue.FreeTensor(out);
    });
}

SIM_CASE(queue_free_tbuf_tensor)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(queue, 1, 64);
        pipe.InitBuffer(buf, 64);
        LocalTensor<half> local = buf.Get<half>();
        queue.FreeTensor(local);
    });
}

SIM_CASE(queue_enque_beyond_depth)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 2, 64);
        LocalTensor<half> a = queue.AllocTensor<half>();
        LocalTensor<half> b = queue.AllocTensor<half>();
        queue.EnQue(a);
        queue.EnQue(b);
    });
}

SIM_CASE(queue_double_free)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 1, 64);
        LocalTensor<half> local = queue.AllocTensor<half>();
        queue.FreeTensor(local);
        queue.FreeTensor(local);
    });
}

SIM_CASE(queue_free_while_queued)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 1, 64);
        LocalTensor<half> local = queue.AllocTensor<half>();
        queue.EnQue(local);
        queue.FreeTensor(local);
    });
}

SIM_CASE(queue_use_after_free)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 1, 64);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        LocalTensor<half> local = queue.AllocTensor<half>();
        queue.FreeTensor(local);
        DataCopy(local, xGm, 16);
    });
}

// The slot was freed and allocated again; the old tensor must not free the new allocation.
SIM_CASE(queue_stale_tensor_after_realloc)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 1, 64);
        LocalTensor<half> old = queue.AllocTensor<half>();
        queue.FreeTensor(old);
        queue.AllocTensor<half>();
        queue.FreeTensor(old);
    });
}

SIM_CASE(queue_without_init_buffer)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        queue.AllocTensor<half>();
    });
}

SIM_CASE(queue_init_buffer_twice)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> queue;
        pipe.InitBuffer(queue, 1, 64);
        pipe.InitBuffer(queue, 1, 64);
    });
}

// ---- synchronisation ------------------------------------------------------------------------

SIM_CASE(wait_flag_without_set_flag)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) { WaitFlag<HardEvent::MTE2_MTE3>(0); });
}

SIM_CASE(event_ids_exhausted)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        for (int32_t i = 0; i <= SocA2().product.eventIdsPerEvent; ++i) {
            pipe.AllocEventID<HardEvent::V_MTE3>();
        }
    });
}

// ---- launch and tiling ----------------------------------------------------------------------

extern "C" __global__ __aicore__ void read_tiling(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)x;
    (void)y;
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
    (void)tilingData;
}

SIM_CASE(tiling_buffer_too_small)
{
    Harness h(SocA2());
    GM_ADDR tiling = h.Tiling(CaseTiling{}, 8);
    h.Launch("read_tiling", 1, 0, read_tiling, nullptr, nullptr, nullptr, tiling);
}

SIM_CASE(block_dim_zero)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {}, 1024, 1024, 0);
}

SIM_CASE(api_outside_run)
{
    try {
        GetBlockIdx();
        std::printf("ok\n");
    } catch (const ascend_sim::SimError& e) {
        std::printf("error=%s\n", e.what());
    }
}

SIM_CASE(overlapping_buffers)
{
    std::vector<uint8_t> memory(256);
    ascend_sim::Simulator sim(SocA2());
    try {
        sim.AddBuffer("x", ascend_sim::BufferRole::kInput, memory.data(), 128);
        sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, memory.data() + 96, 128);
        std::printf("ok\n");
    } catch (const ascend_sim::SimError& e) {
        std::printf("error=%s\n", e.what());
    }
}

// What a C ABI launcher does with the message: copy it, NUL-terminated, into a fixed buffer.
SIM_CASE(message_into_c_buffer)
{
    ascend_sim::Simulator sim(SocA2());
    std::string message = ascend_sim::RunCatching(sim, "sim_neg", 1, []() { WaitFlag<HardEvent::S_MTE3>(2); });
    char small[24];
    ascend_sim::CopyMessage(message, small, sizeof(small));
    std::printf("error=%s\n", small);
}

// ---- GM data cache (Note [data cache] in sim_data_cache.h) ----------------------------------------

// Scalar stores sit in the core's cache; a DMA into the same line before the flush would be
// overwritten by the line's write-back.
SIM_CASE(cache_missing_flush)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            for (uint32_t i = 0; i < 16; ++i) {
                yGm.SetValue(i, 7);  // bytes [0, 32) through the cache
            }
            DataCopy(yGm[16], local, 16);  // bytes [32, 64) of the same line, by DMA
        },
        1024, 64);
}

// The same with the flush: the line goes back first, then the DMA; y is right.
SIM_CASE(cache_flush_before_dma)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            for (uint32_t i = 0; i < 16; ++i) {
                yGm.SetValue(i, 7);
            }
            DataCacheCleanAndInvalid<int16_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(yGm);
            Order<HardEvent::S_MTE3>();  // the write-back is a scalar store
            DataCopy(yGm[16], local, 16);
        },
        1024, 64);
}

SIM_CASE(cache_flush_on_910)
{
    Misuse(Soc910(), [](GM_ADDR, GM_ADDR y) {
        GlobalTensor<int16_t> yGm;
        yGm.SetGlobalBuffer((__gm__ int16_t*)y);
        yGm.SetValue(0, 7);
        DataCacheCleanAndInvalid<int16_t, CacheLine::ENTIRE_DATA_CACHE>(yGm);
    });
}

// ---- pipe hazards (Note [pipe hazards] in sim_pipes.h) ------------------------------------------

// A scalar read of UB right after the DMA that fills it, without the MTE2 -> S wait.
SIM_CASE(hazard_scalar_read_before_mte2_wait)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<int32_t> xGm;
        xGm.SetGlobalBuffer((__gm__ int32_t*)x);
        LocalTensor<int32_t> local = buf.Get<int32_t>();
        DataCopy(local, xGm, 16);
        local.GetValue(3);
    });
}

// The same read after the wait, with an id FetchEventID handed out.
SIM_CASE(hazard_scalar_read_after_mte2_wait)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<int32_t> xGm;
        GlobalTensor<int32_t> yGm;
        xGm.SetGlobalBuffer((__gm__ int32_t*)x);
        yGm.SetGlobalBuffer((__gm__ int32_t*)y);
        LocalTensor<int32_t> local = buf.Get<int32_t>();
        DataCopy(local, xGm, 16);
        Order<HardEvent::MTE2_S>();
        local.SetValue(0, local.GetValue(3));
        Order<HardEvent::S_MTE3>();
        DataCopy(yGm, local, 16);
    }, 1024, 64);
}

// A new load into a buffer whose store to GM may still be reading it.
SIM_CASE(hazard_war_mte3_then_mte2)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 16);
            GlobalTensor<int16_t> xGm;
            GlobalTensor<int16_t> yGm;
            xGm.SetGlobalBuffer((__gm__ int16_t*)x);
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            DataCopy(yGm, local, 16);
            DataCopy(local, xGm[16], 16);
        },
        1024, 32);
}

// AllocTensor waits for the buffer's last reader only on the producer pipe (here MTE2): the scalar
// unit is ordered after neither the load nor the store that used the buffer before.
SIM_CASE(hazard_scalar_write_after_alloc)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
            pipe.InitBuffer(queue, 1, 32);
            GlobalTensor<int16_t> xGm;
            GlobalTensor<int16_t> yGm;
            xGm.SetGlobalBuffer((__gm__ int16_t*)x);
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            LocalTensor<int16_t> local = queue.AllocTensor<int16_t>();
            DataCopy(local, xGm, 16);
            queue.EnQue(local);
            local = queue.DeQue<int16_t>();
            DataCopy(yGm, local, 16);
            queue.FreeTensor(local);
            local = queue.AllocTensor<int16_t>();
            local.SetValue(0, 1);
        },
        1024, 32);
}

// Two stores whose GM bytes overlap (a backed-off last block, same values) need
// PipeBarrier<PIPE_MTE3>: DMA instructions of one pipe may overlap.
SIM_CASE(hazard_waw_overlapping_stores)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            TBuf<TPosition::VECCALC> tail;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 32);
            pipe.InitBuffer(tail, 32);
            LocalTensor<int16_t> last = tail.Get<int16_t>();
            for (uint32_t i = 0; i < 16; ++i) {
                last.SetValue(i, local.GetValue(4 + i));
            }
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            DataCopy(yGm, local, 16);
            Order<HardEvent::S_MTE3>();
            DataCopy(yGm[4], last, 16);
        },
        1024, 40);
}

// With the barrier the second store may rewrite bytes the block wrote, with the same values.
SIM_CASE(overlapping_stores_with_barrier)
{
    Misuse(
        SocA2(),
        [](GM_ADDR x, GM_ADDR y) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            TBuf<TPosition::VECCALC> tail;
            LocalTensor<int16_t> local = Loaded<int16_t>(pipe, buf, x, 32);
            pipe.InitBuffer(tail, 32);
            LocalTensor<int16_t> last = tail.Get<int16_t>();
            for (uint32_t i = 0; i < 16; ++i) {
                last.SetValue(i, local.GetValue(4 + i));  // y[4, 20) = x[4, 20)
            }
            GlobalTensor<int16_t> yGm;
            yGm.SetGlobalBuffer((__gm__ int16_t*)y);
            DataCopy(yGm, local, 16);
            Order<HardEvent::S_MTE3>();
            PipeBarrier<PIPE_MTE3>();
            DataCopy(yGm[4], last, 16);
        },
        1024, 40);
}

// ---- event ids ----------------------------------------------------------------------------

// With a TPipe, a literal id is not one the pool handed out (queues and the compiler share it).
SIM_CASE(event_id_not_allocated)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        SetFlag<HardEvent::MTE2_S>(0);
    });
}

SIM_CASE(event_id_held_by_queue)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
        pipe.InitBuffer(queue, 1, 32);
        GlobalTensor<int16_t> xGm;
        xGm.SetGlobalBuffer((__gm__ int16_t*)x);
        LocalTensor<int16_t> local = queue.AllocTensor<int16_t>();
        DataCopy(local, xGm, 16);
        queue.EnQue(local);  // sets HardEvent::MTE2_MTE3 id 0
        SetFlag<HardEvent::MTE2_MTE3>(0);
    });
}

SIM_CASE(event_id_out_of_range_910)
{
    Misuse(Soc910(), [](GM_ADDR, GM_ADDR) { SetFlag<HardEvent::MTE2_MTE3>(Soc910().product.eventIdsPerEvent); });
}

SIM_CASE(event_ids_exhausted_910)
{
    Misuse(Soc910(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        for (int32_t i = 0; i <= Soc910().product.eventIdsPerEvent; ++i) {
            pipe.AllocEventID<HardEvent::S_MTE3>();
        }
    });
}

SIM_CASE(release_event_id_not_allocated)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        pipe.ReleaseEventID<HardEvent::S_MTE3>(1);
    });
}

// ---- platform limits --------------------------------------------------------------------------

// The platform reports less than the physical UB of arch 2201 (CANN's GetCoreMemSize keeps 256 bytes).
SIM_CASE(ub_budget_off_by_platform_reserve)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, static_cast<uint32_t>(SocA2().product.ubBytes));
    });
}

// The source, destination and offset buffers of one Gather call, in that order on a fresh pipe.
struct GatherBuffers {
    explicit GatherBuffers(uint32_t srcBytes = 32)
    {
        pipe.InitBuffer(src, srcBytes);
        pipe.InitBuffer(dst, 32);
        pipe.InitBuffer(offsets, 32);
    }
    TPipe pipe;
    TBuf<TPosition::VECCALC> src;
    TBuf<TPosition::VECCALC> dst;
    TBuf<TPosition::VECCALC> offsets;
};

// One int32 element more than a call takes: its repeat count is 8 bits wide.
SIM_CASE(gather_call_too_large)
{
    Misuse(SocA2(), [](GM_ADDR, GM_ADDR) {
        GatherBuffers b;
        Gather(b.dst.Get<int32_t>(), b.src.Get<int32_t>(), b.offsets.Get<uint32_t>(), 0,
               static_cast<uint32_t>(static_cast<uint64_t>(SocA2().product.gatherMaxCallBytes) / sizeof(int32_t) + 1));
    });
}

// Offsets of 310B's 8-bit Gather live in 16-bit index registers.
SIM_CASE(gather_offset_over_310b_limit)
{
    Misuse(Soc310B(), [](GM_ADDR, GM_ADDR) {
        GatherBuffers b;
        LocalTensor<uint32_t> table = b.offsets.Get<uint32_t>();
        table.SetValue(0, static_cast<uint32_t>(Soc310B().product.gatherMaxOffset8Bit) + 1);
        Order<HardEvent::S_V>();
        Gather(b.dst.Get<int8_t>(), b.src.Get<int8_t>(), table, 0, 1);
    });
}

SIM_CASE(gather_src_base_not_element_310b)
{
    Misuse(Soc310B(), [](GM_ADDR, GM_ADDR) {
        GatherBuffers b(64);
        Gather(b.dst.Get<half>(), b.src.Get<half>(), b.offsets.Get<uint32_t>(), 3, 1);
    });
}

SIM_CASE(gather_src_dst_overlap)
{
    Misuse(SocA2(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        TBuf<TPosition::VECCALC> offsets;
        LocalTensor<int32_t> local = Loaded<int32_t>(pipe, buf, x, 16);
        pipe.InitBuffer(offsets, 32);
        LocalTensor<uint32_t> table = offsets.Get<uint32_t>();
        for (uint32_t i = 0; i < 8; ++i) {
            table.SetValue(i, (15 - i) * 4);
        }
        Order<HardEvent::S_V>();
        Gather(local, local, table, 0, 8);  // writes [0, 32), reads [32, 64): fine so far
        Gather(local[8], local, table, 0, 8);  // writes [32, 64), which it reads
    });
}

SIM_CASE(zero_length_data_copy_310p)
{
    Misuse(Soc310P(), [](GM_ADDR x, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<half> xGm;
        xGm.SetGlobalBuffer((__gm__ half*)x);
        DataCopy(buf.Get<half>(), xGm, 0);
    });
}

namespace {

ascend_sim::SocConfig SocA2SplitLaunch()
{
    ascend_sim::SocConfig soc = SocA2();
    soc.product.kernelTypeRequired = true;
    return soc;
}

}  // namespace

SIM_CASE(kernel_type_missing_a2)
{
    Misuse(SocA2SplitLaunch(), [](GM_ADDR, GM_ADDR y) {
        GlobalTensor<int32_t> yGm;
        yGm.SetGlobalBuffer((__gm__ int32_t*)y, 16);
        for (uint32_t i = 0; i < 16; ++i) {
            yGm.SetValue(i, 1);
        }
    }, 1024, 64);
}

SIM_CASE(kernel_type_declared_a2)
{
    Misuse(SocA2SplitLaunch(), [](GM_ADDR, GM_ADDR y) {
        KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
        GlobalTensor<int32_t> yGm;
        yGm.SetGlobalBuffer((__gm__ int32_t*)y, 16);
        for (uint32_t i = 0; i < 16; ++i) {
            yGm.SetValue(i, 1);
        }
    }, 1024, 64);
}
