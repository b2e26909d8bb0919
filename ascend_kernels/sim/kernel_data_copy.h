// DataCopy (aligned DMA, 32-byte units) and DataCopyPad (byte-granular DMA) in both directions,
// plus DataCopy UB->UB. Units follow the AscendC DataCopy / DataCopyPad API:
//  - DataCopy: count in elements, count * sizeof(T) a multiple of 32 bytes (hardware silently
//    rounds down; the simulator raises). DataCopyParams lengths and gaps are 32-byte blocks on
//    both sides, a gap measured from the end of one block to the start of the next.
//  - DataCopyPad: blockLen and the GM-side gap in bytes, the UB-side gap in 32-byte blocks; every
//    block starts 32-byte aligned in UB.
//  - DataCopy needs the GM address aligned to sizeof(T); DataCopyPad takes any GM byte address.
// A zero-length DataCopy is a no-op only where products.yaml zero_length_data_copy_noop (arch 2201);
// elsewhere its counts must be >= 1. Availability (DataCopyPad, UB->UB) is a run-time SoC
// property. GM -> UB runs on pipe MTE2, UB -> GM on MTE3, UB -> UB on V (Note [pipe hazards]).
#ifndef ASCEND_KERNELS_SIM_KERNEL_DATA_COPY_H
#define ASCEND_KERNELS_SIM_KERNEL_DATA_COPY_H

#include <cstdint>
#include <cstring>

#include "kernel_tensor.h"
#include "kernel_types.h"
#include "sim_context.h"

namespace AscendC {

constexpr uint16_t DEFAULT_DATA_COPY_NBURST = 1;
constexpr uint16_t DEFAULT_DATA_COPY_STRIDE = 0;

struct DataCopyParams {
    DataCopyParams() {}
    DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn)
    {
    }

    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;  // [0, 4095]
    uint16_t blockLen = 0;                           // 32-byte blocks
    union {
        uint16_t srcGap = 0;  // 32-byte blocks
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;  // 32-byte blocks
        uint16_t dstStride;
    };
};

struct DataCopyExtParams {
    DataCopyExtParams() {}
    DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn, const uint32_t dstStrideIn,
                      const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn)
    {
    }

    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;  // [0, 4095]
    uint32_t blockLen = 0;                           // bytes, <= 2097151, a multiple of sizeof(T)
    uint32_t srcStride = DEFAULT_DATA_COPY_STRIDE;   // GM side: bytes; UB side: 32-byte blocks
    uint32_t dstStride = DEFAULT_DATA_COPY_STRIDE;   // GM side: bytes; UB side: 32-byte blocks
    uint32_t rsv = 0;
};

// Padding of GM->UB DataCopyPad, in elements; each side at most 32 bytes.
template <typename T>
struct DataCopyPadExtParams {
    DataCopyPadExtParams() {}
    DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue, T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue)
    {
    }

    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
};

// Padding of the legacy DataCopyPad(DataCopyParams) overloads: the value travels as uint64_t.
struct DataCopyPadParams {
    DataCopyPadParams() {}
    DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                      const uint64_t padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue)
    {
    }

    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

}  // namespace AscendC

namespace ascend_sim {
namespace detail {

constexpr uint32_t kMaxBlockCount = 4095;
constexpr uint32_t kMaxPadBlockLen = 2097151;

// One contiguous DMA run GM -> UB by instruction `op`.
inline void MoveGmToUb(uint32_t op, int gmBuffer, uintptr_t gmAddr, const UbView& ub, uint64_t ubOffset,
                       uint64_t bytes, const char* call)
{
    CheckUbAccess(ub, ubOffset, bytes, call);
    AccessGm(gmBuffer, gmAddr, bytes, false, call);
    CheckDmaAgainstCache(gmBuffer, gmAddr, bytes, false, call);
    TouchGm(op, gmBuffer, gmAddr, bytes, false);
    TouchUb(op, ub.addr + ubOffset, bytes, true);
    std::memcpy(UbData(ub.addr + ubOffset), reinterpret_cast<const void*>(gmAddr), bytes);
    MarkUb(ub.addr + ubOffset, bytes, true);
    CountGmToUb(bytes);
}

// One contiguous DMA run UB -> GM by instruction `op`; every byte leaving UB must have been written.
inline void MoveUbToGm(uint32_t op, int gmBuffer, uintptr_t gmAddr, const UbView& ub, uint64_t ubOffset,
                       uint64_t bytes, const char* call)
{
    CheckUbAccess(ub, ubOffset, bytes, call);
    TouchUb(op, ub.addr + ubOffset, bytes, false);
    CheckUbWritten(ub.addr + ubOffset, bytes, call);
    AccessGm(gmBuffer, gmAddr, bytes, true, call, UbData(ub.addr + ubOffset));
    CheckDmaAgainstCache(gmBuffer, gmAddr, bytes, true, call);
    TouchGm(op, gmBuffer, gmAddr, bytes, true);
    std::memcpy(reinterpret_cast<void*>(gmAddr), UbData(ub.addr + ubOffset), bytes);
    CountUbToGm(bytes);
}

// One contiguous run UB -> UB by instruction `op`; validity travels with the bytes (Note [UB validity]).
inline void MoveUbToUb(uint32_t op, const UbView& dst, uint64_t dstOffset, const UbView& src, uint64_t srcOffset,
                       uint64_t bytes, const char* call)
{
    CheckUbAccess(dst, dstOffset, bytes, call);
    CheckUbAccess(src, srcOffset, bytes, call);
    uint64_t to = dst.addr + dstOffset;
    uint64_t from = src.addr + srcOffset;
    TouchUb(op, from, bytes, false);
    TouchUb(op, to, bytes, true);
    std::memmove(UbData(to), UbData(from), bytes);
    std::memmove(g_run->ubWritten.data() + to, g_run->ubWritten.data() + from, bytes);
    g_run->stats.bytesUbToUb += bytes;
}

template <typename T>
void CheckContiguousCount(uint32_t count, const char* call)
{
    uint64_t bytes = uint64_t{count} * sizeof(T);
    if (bytes % kBlockBytes != 0) {
        Fail(call, Cat("count ", count, " x ", sizeof(T), " bytes = ", bytes, " bytes is not a multiple of 32"));
    }
}

// A DataCopy of nothing: a no-op on arch 2201, outside the counts' range elsewhere.
inline void ZeroLengthDataCopy(const char* call)
{
    const SocConfig& soc = Active(call).soc;
    if (!soc.product.zeroLengthDataCopyNoop) {
        Fail(call, Cat("a zero-length DataCopy is a no-op only on arch 2201; on ", soc.name,
                       " its counts must be >= 1"));
    }
}

inline void CheckBlockCount(uint32_t blockCount, const char* call)
{
    if (blockCount > kMaxBlockCount) {
        Fail(call, Cat("blockCount ", blockCount, " exceeds ", kMaxBlockCount));
    }
}

inline void CheckUbToUbAvailable(const char* call)
{
    const SocConfig& soc = Active(call).soc;
    if (!soc.product.ubToUbCopy) {
        Fail(call, Cat("DataCopy between two LocalTensors does not exist on ", soc.name));
    }
}

template <typename T>
void CheckDataCopyPadAvailable(const char* call)
{
    const SocConfig& soc = Active(call).soc;
    if (!soc.product.dataCopyPad) {
        Fail(call, Cat("DataCopyPad does not exist on ", soc.name));
    }
    if (sizeof(T) > static_cast<size_t>(soc.product.dataCopyPadMaxElemBytes)) {
        Fail(call, Cat(sizeof(T), "-byte elements are not supported on ", soc.name, " (its DataCopyPad moves elements of at most ",
                       soc.product.dataCopyPadMaxElemBytes, " bytes)"));
    }
}

template <typename T>
void CheckPadParams(const AscendC::DataCopyExtParams& params, const char* call)
{
    CheckBlockCount(params.blockCount, call);
    if (params.blockLen > kMaxPadBlockLen) {
        Fail(call, Cat("blockLen ", params.blockLen, " bytes exceeds ", kMaxPadBlockLen));
    }
    if (params.blockLen % sizeof(T) != 0) {
        Fail(call, Cat("blockLen ", params.blockLen, " bytes is not a multiple of the ", sizeof(T),
                       "-byte element size"));
    }
}

// GM -> UB with padding. Per block, UB receives [left pad][blockLen data][right pad][dummy up to
// 32 B]. The pad and dummy bytes are, per the CANN docs: the block's first element when both
// paddings are 0; paddingValue when isPad; otherwise random, which the simulator marks unwritten.
template <typename T>
void DataCopyPadGmToUb(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                       const AscendC::DataCopyExtParams& params, bool isPad, uint32_t leftElems, uint32_t rightElems,
                       const T& paddingValue)
{
    const char* call = "DataCopyPad GM->UB";
    CheckDataCopyPadAvailable<T>(call);
    if (params.blockCount == 0 || params.blockLen == 0) {
        return;
    }
    CheckPadParams<T>(params, call);
    CheckUbAligned(dst.SimView(), call);
    uint64_t left = uint64_t{leftElems} * sizeof(T);
    uint64_t right = uint64_t{rightElems} * sizeof(T);
    if (left > kBlockBytes) {
        Fail(call, Cat("leftPadding ", leftElems, " x ", sizeof(T), " bytes exceeds 32 bytes"));
    }
    if (right > kBlockBytes) {
        Fail(call, Cat("rightPadding ", rightElems, " x ", sizeof(T), " bytes exceeds 32 bytes"));
    }
    if (sizeof(T) == 8 && isPad) {
        uint64_t bits = 0;
        std::memcpy(&bits, static_cast<const void*>(&paddingValue), sizeof(bits));
        if (bits != 0) {
            Fail(call, "paddingValue must be 0 for 8-byte elements");
        }
    }
    CountDma();
    const uint32_t op = BeginOp(Pipe::kMte2, call);
    const UbView& ub = dst.SimView();
    uint64_t footprint = AlignUp(left + params.blockLen + right, kBlockBytes);
    for (uint64_t i = 0; i < params.blockCount; ++i) {
        uint64_t gmOffset = i * (uint64_t{params.blockLen} + params.srcStride);
        uint64_t ubOffset = i * (footprint + uint64_t{params.dstStride} * kBlockBytes);
        CheckUbAccess(ub, ubOffset, footprint, call);
        TouchUb(op, ub.addr + ubOffset, footprint, true);
        MoveGmToUb(op, src.SimBuffer(), src.SimAddr() + gmOffset, ub, ubOffset + left, params.blockLen, call);
        uint64_t base = ub.addr + ubOffset;
        uint64_t dataEnd = left + params.blockLen;
        bool firstElementFill = left == 0 && right == 0;
        if (!firstElementFill && !isPad) {
            MarkUb(base, left, false);
            MarkUb(base + dataEnd, footprint - dataEnd, false);
            continue;
        }
        T fill = paddingValue;
        if (firstElementFill) {
            std::memcpy(static_cast<void*>(&fill), UbData(base), sizeof(T));
        }
        for (uint64_t at = 0; at < footprint; at += sizeof(T)) {
            if (at < left || at >= dataEnd) {
                std::memcpy(UbData(base + at), static_cast<const void*>(&fill), sizeof(T));
            }
        }
        MarkUb(base, footprint, true);
    }
}

// UB -> GM: only blockLen bytes per block reach GM; each UB block starts 32-byte aligned.
template <typename T>
void DataCopyPadUbToGm(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       const AscendC::DataCopyExtParams& params)
{
    const char* call = "DataCopyPad UB->GM";
    CheckDataCopyPadAvailable<T>(call);
    if (params.blockCount == 0 || params.blockLen == 0) {
        return;
    }
    CheckPadParams<T>(params, call);
    CheckUbAligned(src.SimView(), call);
    CountDma();
    const uint32_t op = BeginOp(Pipe::kMte3, call);
    uint64_t ubPitch = AlignUp(params.blockLen, kBlockBytes) + uint64_t{params.srcStride} * kBlockBytes;
    for (uint64_t i = 0; i < params.blockCount; ++i) {
        uint64_t gmOffset = i * (uint64_t{params.blockLen} + params.dstStride);
        MoveUbToGm(op, dst.SimBuffer(), dst.SimAddr() + gmOffset, src.SimView(), i * ubPitch, params.blockLen, call);
    }
}

}  // namespace detail
}  // namespace ascend_sim

namespace AscendC {

// GM -> UB, count elements.
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count)
{
    namespace sim = ascend_sim::detail;
    const char* call = "DataCopy GM->UB";
    sim::Active(call);
    if (count == 0) {
        sim::ZeroLengthDataCopy(call);
        return;
    }
    sim::CheckUbAligned(dst.SimView(), call);
    sim::CheckGmAligned(src.SimBuffer(), src.SimAddr(), sizeof(T), call);
    sim::CheckContiguousCount<T>(count, call);
    sim::CountDma();
    const uint32_t op = sim::BeginOp(sim::Pipe::kMte2, call);
    sim::MoveGmToUb(op, src.SimBuffer(), src.SimAddr(), dst.SimView(), 0, uint64_t{count} * sizeof(T), call);
}

// UB -> GM, count elements.
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count)
{
    namespace sim = ascend_sim::detail;
    const char* call = "DataCopy UB->GM";
    sim::Active(call);
    if (count == 0) {
        sim::ZeroLengthDataCopy(call);
        return;
    }
    sim::CheckUbAligned(src.SimView(), call);
    sim::CheckGmAligned(dst.SimBuffer(), dst.SimAddr(), sizeof(T), call);
    sim::CheckContiguousCount<T>(count, call);
    sim::CountDma();
    const uint32_t op = sim::BeginOp(sim::Pipe::kMte3, call);
    sim::MoveUbToGm(op, dst.SimBuffer(), dst.SimAddr(), src.SimView(), 0, uint64_t{count} * sizeof(T), call);
}

// GM -> UB, strided; all units 32-byte blocks.
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params)
{
    namespace sim = ascend_sim::detail;
    const char* call = "DataCopy GM->UB";
    sim::Active(call);
    sim::CheckBlockCount(params.blockCount, call);
    if (params.blockCount == 0 || params.blockLen == 0) {
        sim::ZeroLengthDataCopy(call);
        return;
    }
    sim::CheckUbAligned(dst.SimView(), call);
    sim::CheckGmAligned(src.SimBuffer(), src.SimAddr(), sizeof(T), call);
    sim::CountDma();
    const uint32_t op = sim::BeginOp(sim::Pipe::kMte2, call);
    uint64_t len = uint64_t{params.blockLen} * sim::kBlockBytes;
    for (uint64_t i = 0; i < params.blockCount; ++i) {
        uint64_t gmOffset = i * (params.blockLen + uint64_t{params.srcStride}) * sim::kBlockBytes;
        uint64_t ubOffset = i * (params.blockLen + uint64_t{params.dstStride}) * sim::kBlockBytes;
        sim::MoveGmToUb(op, src.SimBuffer(), src.SimAddr() + gmOffset, dst.SimView(), ubOffset, len, call);
    }
}

// UB -> GM, strided; all units 32-byte blocks.
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params)
{
    namespace sim = ascend_sim::detail;
    const char* call = "DataCopy UB->GM";
    sim::Active(call);
    sim::CheckBlockCount(params.blockCount, call);
    if (params.blockCount == 0 || params.blockLen == 0) {
        sim::ZeroLengthDataCopy(call);
        return;
    }
    sim::CheckUbAligned(src.SimView(), call);
    sim::CheckGmAligned(dst.SimBuffer(), dst.SimAddr(), sizeof(T), call);
    sim::CountDma();
    const uint32_t op = sim::BeginOp(sim::Pipe::kMte3, call);
    uint64_t len = uint64_t{params.blockLen} * sim::kBlockBytes;
    for (uint64_t i = 0; i < params.blockCount; ++i) {
        uint64_t ubOffset = i * (params.blockLen + uint64_t{params.srcStride}) * sim::kBlockBytes;
        uint64_t gmOffset = i * (params.blockLen + uint64_t{params.dstStride}) * sim::kBlockBytes;
        sim::MoveUbToGm(op, dst.SimBuffer(), dst.SimAddr() + gmOffset, src.SimView(), ubOffset, len, call);
    }
}

// UB -> UB, count elements (not on 310B).
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count)
{
    namespace sim = ascend_sim::detail;
    const char* call = "DataCopy UB->UB";
    sim::CheckUbToUbAvailable(call);
    if (count == 0) {
        sim::ZeroLengthDataCopy(call);
        return;
    }
    sim::CheckUbAligned(dst.SimView(), call);
    sim::CheckUbAligned(src.SimView(), call);
    sim::CheckContiguousCount<T>(count, call);
    sim::CountDma();
    const uint32_t op = sim::BeginOp(sim::Pipe::kV, call);
    sim::MoveUbToUb(op, dst.SimView(), 0, src.SimView(), 0, uint64_t{count} * sizeof(T), call);
}

// UB -> UB, strided in 32-byte blocks (not on 310B).
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params)
{
    namespace sim = ascend_sim::detail;
    const char* call = "DataCopy UB->UB";
    sim::CheckUbToUbAvailable(call);
    sim::CheckBlockCount(params.blockCount, call);
    if (params.blockCount == 0 || params.blockLen == 0) {
        sim::ZeroLengthDataCopy(call);
        return;
    }
    sim::CheckUbAligned(dst.SimView(), call);
    sim::CheckUbAligned(src.SimView(), call);
    sim::CountDma();
    const uint32_t op = sim::BeginOp(sim::Pipe::kV, call);
    uint64_t len = uint64_t{params.blockLen} * sim::kBlockBytes;
    for (uint64_t i = 0; i < params.blockCount; ++i) {
        uint64_t srcOffset = i * (params.blockLen + uint64_t{params.srcStride}) * sim::kBlockBytes;
        uint64_t dstOffset = i * (params.blockLen + uint64_t{params.dstStride}) * sim::kBlockBytes;
        sim::MoveUbToUb(op, dst.SimView(), dstOffset, src.SimView(), srcOffset, len, call);
    }
}

template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& dataCopyParams,
                 const DataCopyPadExtParams<T>& padParams)
{
    ascend_sim::detail::DataCopyPadGmToUb(dst, src, dataCopyParams, padParams.isPad, padParams.leftPadding,
                                          padParams.rightPadding, padParams.paddingValue);
}

template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams)
{
    ascend_sim::detail::DataCopyPadUbToGm(dst, src, dataCopyParams);
}

// Legacy overloads: DataCopyParams read as blockLen in bytes, GM gap in bytes, UB gap in blocks.
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& dataCopyParams,
                 const DataCopyPadParams& padParams)
{
    T value;
    std::memcpy(static_cast<void*>(&value), &padParams.paddingValue, sizeof(T));  // low bytes, little endian
    DataCopyExtParams ext(dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                          dataCopyParams.dstStride, 0);
    ascend_sim::detail::DataCopyPadGmToUb(dst, src, ext, padParams.isPad, padParams.leftPadding,
                                          padParams.rightPadding, value);
}

template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams)
{
    DataCopyExtParams ext(dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                          dataCopyParams.dstStride, 0);
    ascend_sim::detail::DataCopyPadUbToGm(dst, src, ext);
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_DATA_COPY_H
