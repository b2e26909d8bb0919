// TransDataTo5HD, the 16-bit transpose of 16 blocks: its result as the documented rule gives it
// (numpy recomputes it in test_sim_api.py), and each of its strictness checks firing once.
#include <cstdint>

#include "kernel_operator.h"
#include "sim_case.h"

using namespace AscendC;

namespace {

constexpr uint32_t kLanes = 16;      // 16-bit values per 32-byte block
constexpr uint32_t kInBlocks = 32;   // blocks of x the cases load
constexpr uint32_t kOutBlocks = 64;  // blocks of y

// x's first 32 blocks into `src`, `dst` spanning the 64 blocks written back to y.
struct Buffers {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf;
    TBuf<TPosition::VECCALC> dstBuf;
    LocalTensor<uint16_t> src;
    LocalTensor<uint16_t> dst;
    GlobalTensor<uint16_t> xGm;
    GlobalTensor<uint16_t> yGm;

    Buffers(GM_ADDR x, GM_ADDR y)
    {
        pipe.InitBuffer(srcBuf, kInBlocks * ONE_BLK_SIZE);
        pipe.InitBuffer(dstBuf, kOutBlocks * ONE_BLK_SIZE);
        src = srcBuf.Get<uint16_t>();
        dst = dstBuf.Get<uint16_t>();
        xGm.SetGlobalBuffer((__gm__ uint16_t*)x);
        yGm.SetGlobalBuffer((__gm__ uint16_t*)y);
        DataCopy(src, xGm, kInBlocks * kLanes);
        Order<HardEvent::MTE2_V>();
    }

    void Store()
    {
        Order<HardEvent::V_MTE3>();
        DataCopy(yGm, dst, kOutBlocks * kLanes);
    }
};

// Three transposes, each dst block j = lane j of the listed src blocks:
//  A: sources blocks (5q + 3) mod 32, results into blocks 15 - j, one repeat, strides 0;
//  B: sources blocks 0..15, results into blocks 16 + j, two repeats 16 blocks apart on both sides;
//  C: sources blocks 0..15 and results into blocks 48 + j with one repeat and a source stride of 1,
//     which moves that one repeat by a block (the API page's rule for repeatTimes 1).
__aicore__ inline void TransposeBlocks(GM_ADDR x, GM_ADDR y)
{
    Buffers b(x, y);
    LocalTensor<uint16_t> dst[NCHW_CONV_ADDR_LIST_SIZE];
    LocalTensor<uint16_t> src[NCHW_CONV_ADDR_LIST_SIZE];
    for (uint32_t i = 0; i < kLanes; ++i) {
        src[i] = b.src[(5 * i + 3) % kInBlocks * kLanes];
        dst[i] = b.dst[(15 - i) * kLanes];
    }
    TransDataTo5HD<uint16_t>(dst, src, TransDataTo5HDParams(false, false, 1, 0, 0));
    for (uint32_t i = 0; i < kLanes; ++i) {
        src[i] = b.src[i * kLanes];
        dst[i] = b.dst[(16 + i) * kLanes];
    }
    TransDataTo5HD<uint16_t>(dst, src, TransDataTo5HDParams(false, false, 2, 16, 16));
    for (uint32_t i = 0; i < kLanes; ++i) {
        dst[i] = b.dst[(48 + i) * kLanes];
    }
    TransDataTo5HD<uint16_t>(dst, src, TransDataTo5HDParams(false, false, 1, 0, 1));
    b.Store();
}

// One transpose of sources blocks 0..15 into blocks 16..31 of `src`, after `change` edits a list.
template <typename Change>
void TransposeMisuse(GM_ADDR x, GM_ADDR y, const TransDataTo5HDParams& params, Change change)
{
    Buffers b(x, y);
    LocalTensor<uint16_t> dst[NCHW_CONV_ADDR_LIST_SIZE];
    LocalTensor<uint16_t> src[NCHW_CONV_ADDR_LIST_SIZE];
    for (uint32_t i = 0; i < kLanes; ++i) {
        src[i] = b.src[i * kLanes];
        dst[i] = b.dst[i * kLanes];
    }
    change(b, dst, src);
    TransDataTo5HD<uint16_t>(dst, src, params);
}

void Run(const ascend_sim::SocConfig& soc, void (*body)(GM_ADDR, GM_ADDR))
{
    Harness h(soc);
    GM_ADDR x = h.Input("x", kInBlocks * ONE_BLK_SIZE);
    GM_ADDR y = h.Output("y", kOutBlocks * ONE_BLK_SIZE);
    h.Run("transpose", 1, [&]() { body(x, y); });
}

const TransDataTo5HDParams kOnce(false, false, 1, 0, 0);

}  // namespace

SIM_CASE(transpose_blocks_910) { Run(Soc910(), TransposeBlocks); }
SIM_CASE(transpose_blocks_310p) { Run(Soc310P(), TransposeBlocks); }

SIM_CASE(transpose_misaligned)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        TransposeMisuse(x, y, kOnce, [](Buffers& b, LocalTensor<uint16_t>*, LocalTensor<uint16_t>* src) {
            src[5] = b.src[8];
        });
    });
}

SIM_CASE(transpose_partial_overlap)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        TransposeMisuse(x, y, kOnce, [](Buffers& b, LocalTensor<uint16_t>* dst, LocalTensor<uint16_t>*) {
            dst[7] = b.src[3 * kLanes];
        });
    });
}

SIM_CASE(transpose_two_results_one_block)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        TransposeMisuse(x, y, kOnce, [](Buffers& b, LocalTensor<uint16_t>* dst, LocalTensor<uint16_t>*) {
            dst[9] = b.dst[2 * kLanes];
        });
    });
}

SIM_CASE(transpose_repeat_reads_an_earlier_result)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        // Repeat 1 reads blocks 16..31 of src, which repeat 0 writes.
        TransposeMisuse(x, y, TransDataTo5HDParams(false, false, 2, 0, 16),
                        [](Buffers& b, LocalTensor<uint16_t>* dst, LocalTensor<uint16_t>*) {
                            for (uint32_t i = 0; i < kLanes; ++i) {
                                dst[i] = b.src[(16 + i) * kLanes];
                            }
                        });
    });
}

SIM_CASE(transpose_past_buffer)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        // The second repeat reads 32 blocks on: past the end of the 32-block buffer.
        TransposeMisuse(x, y, TransDataTo5HDParams(false, false, 2, 16, 32),
                        [](Buffers& b, LocalTensor<uint16_t>*, LocalTensor<uint16_t>* src) {
                            src[15] = b.src[31 * kLanes];
                        });
    });
}

SIM_CASE(transpose_32bit)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        Buffers b(x, y);
        LocalTensor<int32_t> dst[NCHW_CONV_ADDR_LIST_SIZE];
        LocalTensor<int32_t> src[NCHW_CONV_ADDR_LIST_SIZE];
        for (uint32_t i = 0; i < kLanes; ++i) {
            src[i] = b.src.ReinterpretCast<int32_t>()[i * 8];
            dst[i] = b.dst.ReinterpretCast<int32_t>()[i * 8];
        }
        TransDataTo5HD<int32_t>(dst, src, kOnce);
    });
}

SIM_CASE(transpose_high_half)
{
    Run(Soc910(), [](GM_ADDR x, GM_ADDR y) {
        TransposeMisuse(x, y, TransDataTo5HDParams(true, false, 1, 0, 0),
                        [](Buffers&, LocalTensor<uint16_t>*, LocalTensor<uint16_t>*) {});
    });
}
