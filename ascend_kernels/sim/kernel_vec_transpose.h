// TransDataTo5HD (the vnchwconv instruction), the one in-UB transpose a copy kernel needs: the
// 16-bit form with lists of LocalTensors (the API's NCHW_CONV_ADDR_LIST_SIZE = 16 block addresses
// each side). Documented semantics (asc-devkit docs/api/SIMD-API/基础API/Memory矢量计算/数据转换/
// TransDataTo5HD.md): per repeat, with 16-bit data each 32-byte block holds 16 values, and
// destination block j receives value j of the 16 source blocks in list order:
//     dstList[j] lane q = srcList[q] lane j
// Repeat r (repeatTimes in [0, 255]) moves every source address by r * srcRepStride and every
// destination address by r * dstRepStride 32-byte blocks; with repeatTimes 1 the one repeat is
// moved by the strides already (the same page: set them to 0 to start at the lists). Addresses are
// 32-byte aligned. The general overlap rule of the vector API (通用说明和约束.md, 通用地址重叠约束)
// holds: within a repeat the source and destination blocks coincide entirely or not at all, and no
// repeat writes what a later one reads. The page leaves undefined two destinations of one repeat
// at one address: the emulator refuses them. Exists, for 16-bit data, on every product line of
// products.yaml (the page's table: Atlas training series, A2, A3, 200I/500 A2, inference series AI
// Core). Kept apart from kernel_vec.h, the element-wise instructions.
#ifndef ASCEND_KERNELS_SIM_KERNEL_VEC_TRANSPOSE_H
#define ASCEND_KERNELS_SIM_KERNEL_VEC_TRANSPOSE_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernel_tensor.h"
#include "kernel_types.h"
#include "sim_context.h"

namespace AscendC {

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

struct TransDataTo5HDParams {
    constexpr TransDataTo5HDParams() = default;
    constexpr TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn, const uint8_t repeatTimesIn,
                                   const uint16_t dstRepStrideIn, const uint16_t srcRepStrideIn)
        : dstHighHalf(dstHighHalfIn),
          srcHighHalf(srcHighHalfIn),
          repeatTimes(repeatTimesIn),
          dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn)
    {
    }

    bool dstHighHalf = false;  // 8-bit data only
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;  // 32-byte blocks
    uint16_t srcRepStride = 0;
};

template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& params)
{
    namespace sim = ascend_sim::detail;
    const char* call = "TransDataTo5HD";
    sim::Active(call);
    constexpr uint64_t kList = NCHW_CONV_ADDR_LIST_SIZE;
    constexpr uint64_t kLanes = sim::kBlockBytes / sizeof(uint16_t);
    static_assert(kList == kLanes, "a 16-bit transpose takes as many blocks as a block holds values");
    if (sizeof(T) != sizeof(uint16_t) || std::is_same<T, bfloat16_t>::value) {
        sim::Fail(call, sim::Cat(sim::TypeName<T>(), " is not supported (this emulator's TransDataTo5HD takes int16_t, "
                                                     "uint16_t and half: the 16-bit form every product line has)"));
    }
    if (params.dstHighHalf || params.srcHighHalf) {
        sim::Fail(call, "dstHighHalf / srcHighHalf apply to 8-bit data only");
    }
    if (params.repeatTimes == 0) {
        return;
    }
    // Block addresses of repeat r (Note: with one repeat the strides move it already).
    const uint64_t first = params.repeatTimes == 1 ? 1 : 0;
    std::vector<uint64_t> dst(kList), src(kList);
    for (uint64_t i = 0; i < kList; ++i) {
        const sim::UbView& d = dstList[i].SimView();
        const sim::UbView& s = srcList[i].SimView();
        sim::CheckUbAligned(d, call);
        sim::CheckUbAligned(s, call);
        const uint64_t last = first + params.repeatTimes - 1;
        sim::CheckUbAccess(d, last * params.dstRepStride * sim::kBlockBytes, sim::kBlockBytes, call);
        sim::CheckUbAccess(s, last * params.srcRepStride * sim::kBlockBytes, sim::kBlockBytes, call);
        dst[i] = d.addr;
        src[i] = s.addr;
    }
    auto overlaps = [](uint64_t a, uint64_t b) { return a < b + sim::kBlockBytes && b < a + sim::kBlockBytes; };
    for (uint64_t r = first; r < first + params.repeatTimes; ++r) {
        std::vector<uint64_t> d(kList), s(kList);
        for (uint64_t i = 0; i < kList; ++i) {
            d[i] = dst[i] + r * params.dstRepStride * sim::kBlockBytes;
            s[i] = src[i] + r * params.srcRepStride * sim::kBlockBytes;
        }
        std::vector<uint64_t> ds = d, ss = s;
        std::sort(ds.begin(), ds.end());
        std::sort(ss.begin(), ss.end());
        for (uint64_t i = 0; i + 1 < kList; ++i) {
            if (overlaps(ds[i], ds[i + 1])) {
                sim::Fail(call, sim::Cat("repeat ", r - first, " writes UB bytes [", ds[i + 1], ", ", ds[i] + sim::kBlockBytes,
                                         ") through two destination blocks; the result is not documented"));
            }
        }
        bool anyOverlap = false;
        for (uint64_t i = 0; i < kList && !anyOverlap; ++i) {
            for (uint64_t k = 0; k < kList && !anyOverlap; ++k) {
                anyOverlap = overlaps(d[i], s[k]);
            }
        }
        if (anyOverlap && ds != ss) {
            sim::Fail(call, sim::Cat("repeat ", r - first, "'s destination blocks overlap its source blocks in part; "
                                     "they must coincide entirely or not at all"));
        }
        for (uint64_t later = r + 1; later < first + params.repeatTimes; ++later) {
            for (uint64_t i = 0; i < kList; ++i) {
                for (uint64_t k = 0; k < kList; ++k) {
                    if (overlaps(d[i], src[k] + later * params.srcRepStride * sim::kBlockBytes)) {
                        sim::Fail(call, sim::Cat("repeat ", r - first, " writes UB bytes [", d[i], ", ",
                                                 d[i] + sim::kBlockBytes, ") that repeat ", later - first,
                                                 " reads; a repeat must not write what a later one reads"));
                    }
                }
            }
        }
    }
    sim::CountVector();
    sim::CountAddressList();
    const uint32_t op = sim::BeginOp(sim::Pipe::kV, call);
    for (uint64_t r = first; r < first + params.repeatTimes; ++r) {
        uint16_t in[kList][kLanes];
        uint8_t valid[kList][kLanes * sizeof(uint16_t)];
        for (uint64_t q = 0; q < kList; ++q) {
            const uint64_t at = src[q] + r * params.srcRepStride * sim::kBlockBytes;
            sim::TouchUb(op, at, sim::kBlockBytes, false);
            std::memcpy(in[q], sim::UbData(at), sim::kBlockBytes);
            std::memcpy(valid[q], sim::g_run->ubWritten.data() + at, sim::kBlockBytes);
        }
        for (uint64_t j = 0; j < kList; ++j) {
            const uint64_t at = dst[j] + r * params.dstRepStride * sim::kBlockBytes;
            sim::TouchUb(op, at, sim::kBlockBytes, true);
            uint8_t* data = sim::UbData(at);
            uint8_t* flags = sim::g_run->ubWritten.data() + at;
            for (uint64_t q = 0; q < kLanes; ++q) {
                std::memcpy(data + q * sizeof(uint16_t), &in[q][j], sizeof(uint16_t));
                std::memcpy(flags + q * sizeof(uint16_t), &valid[q][j * sizeof(uint16_t)], sizeof(uint16_t));
            }
        }
    }
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_VEC_TRANSPOSE_H
