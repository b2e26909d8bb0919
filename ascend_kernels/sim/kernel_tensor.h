// GlobalTensor (GM) and LocalTensor (UB) with the AscendC member functions data-movement
// kernels use. Both are small value types, like on device; the simulator state they refer to
// lives in ascend_sim::detail::RunState.
#ifndef ASCEND_KERNELS_SIM_KERNEL_TENSOR_H
#define ASCEND_KERNELS_SIM_KERNEL_TENSOR_H

#include <cstdint>
#include <cstring>

#include "kernel_macros.h"
#include "kernel_types.h"
#include "sim_context.h"

namespace AscendC {

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;

    GlobalTensor() = default;

    // bufferSize is in elements. The simulator checks accesses against the registered GM buffer
    // `buffer` points into, which is what real memory protection would see.
    void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize)
    {
        addr_ = reinterpret_cast<uintptr_t>(buffer);
        size_ = bufferSize;
        buffer_ = ascend_sim::detail::FindGmBuffer(addr_, "GlobalTensor::SetGlobalBuffer");
    }

    void SetGlobalBuffer(__gm__ T* buffer) { SetGlobalBuffer(buffer, 0); }

    const __gm__ T* GetPhyAddr() const { return reinterpret_cast<const T*>(addr_); }
    __gm__ T* GetPhyAddr(const uint64_t offset) const { return reinterpret_cast<T*>(addr_ + offset * sizeof(T)); }

    // Scalar GM access: one element per call, counted, since a kernel that moves data this way
    // is orders of magnitude slower than DMA. Both go through the core's data cache (Note [data
    // cache] in sim_data_cache.h): SetValue reaches GM only when its line is written back.
    T GetValue(const uint64_t offset) const
    {
        const char* call = "GlobalTensor::GetValue";
        uintptr_t at = addr_ + offset * sizeof(T);
        ascend_sim::detail::AccessGm(buffer_, at, sizeof(T), false, call);
        ascend_sim::detail::CountScalarGm(false);
        T value;
        ascend_sim::detail::ScalarGm(at, reinterpret_cast<uint8_t*>(&value), sizeof(T), false, call);
        return value;
    }

    void SetValue(const uint64_t offset, T value)
    {
        const char* call = "GlobalTensor::SetValue";
        uintptr_t at = addr_ + offset * sizeof(T);
        ascend_sim::detail::AccessGm(buffer_, at, sizeof(T), true, call);
        ascend_sim::detail::CountScalarGm(true);
        ascend_sim::detail::ScalarGm(at, reinterpret_cast<uint8_t*>(&value), sizeof(T), true, call);
    }

    uint64_t GetSize() const { return size_; }

    GlobalTensor operator[](const uint64_t offset) const
    {
        GlobalTensor sub = *this;
        sub.addr_ = addr_ + offset * sizeof(T);
        sub.size_ = size_ > offset ? size_ - offset : 0;
        return sub;
    }

    // Simulator hooks, not AscendC API.
    int SimBuffer() const { return buffer_; }
    uintptr_t SimAddr() const { return addr_; }

private:
    uintptr_t addr_ = 0;
    uint64_t size_ = 0;
    int buffer_ = ascend_sim::detail::kGmUnset;
};

template <typename T>
class LocalTensor {
public:
    using PrimType = T;

    LocalTensor() = default;
    // Simulator hook: queues and TBuf build tensors this way.
    LocalTensor(const ascend_sim::detail::UbView& view, uint32_t size) : view_(view), size_(size) {}

    // CANN's CPU debug mode returns a host pointer too; on device this is a UB address.
    T* GetPhyAddr() const { return GetPhyAddr(0); }
    T* GetPhyAddr(const uint32_t offset) const
    {
        ascend_sim::detail::CheckUbAccess(view_, uint64_t{offset} * sizeof(T), 0, "LocalTensor::GetPhyAddr");
        return reinterpret_cast<T*>(ascend_sim::detail::UbData(uint64_t{view_.addr} + uint64_t{offset} * sizeof(T)));
    }

    // Scalar UB access, on pipe S. Reading a byte nobody wrote is an error: see Note [UB validity].
    T GetValue(const uint32_t index) const
    {
        const char* call = "LocalTensor::GetValue";
        uint64_t offset = uint64_t{index} * sizeof(T);
        ascend_sim::detail::CheckUbAccess(view_, offset, sizeof(T), call);
        ascend_sim::detail::TouchUb(ascend_sim::detail::BeginOp(ascend_sim::detail::Pipe::kS, call),
                                    view_.addr + offset, sizeof(T), false);
        ascend_sim::detail::CheckUbWritten(view_.addr + offset, sizeof(T), call);
        ascend_sim::detail::CountScalarUb(false);
        T value;
        std::memcpy(static_cast<void*>(&value), ascend_sim::detail::UbData(view_.addr + offset), sizeof(T));
        return value;
    }

    template <typename S>
    void SetValue(const uint32_t index, const S value) const
    {
        const char* call = "LocalTensor::SetValue";
        uint64_t offset = uint64_t{index} * sizeof(T);
        ascend_sim::detail::CheckUbAccess(view_, offset, sizeof(T), call);
        ascend_sim::detail::TouchUb(ascend_sim::detail::BeginOp(ascend_sim::detail::Pipe::kS, call),
                                    view_.addr + offset, sizeof(T), true);
        ascend_sim::detail::CountScalarUb(true);
        T converted = static_cast<T>(value);
        std::memcpy(ascend_sim::detail::UbData(view_.addr + offset), static_cast<const void*>(&converted), sizeof(T));
        ascend_sim::detail::MarkUb(view_.addr + offset, sizeof(T), true);
    }

    LocalTensor operator[](const uint32_t offset) const
    {
        LocalTensor sub = *this;
        sub.view_.addr = view_.addr + offset * static_cast<uint32_t>(sizeof(T));
        sub.size_ = size_ > offset ? size_ - offset : 0;
        return sub;
    }

    template <typename U>
    LocalTensor<U> ReinterpretCast() const
    {
        return LocalTensor<U>(view_, static_cast<uint32_t>(uint64_t{size_} * sizeof(T) / sizeof(U)));
    }

    uint32_t GetSize() const { return size_; }
    void SetSize(const uint32_t size) { size_ = size; }

    // Simulator hook, not AscendC API.
    const ascend_sim::detail::UbView& SimView() const { return view_; }

private:
    ascend_sim::detail::UbView view_;
    uint32_t size_ = 0;
};

// Writes the core's cached copy of the line holding dst's first element (SINGLE_CACHE_LINE) or of
// every line (ENTIRE_DATA_CACHE) back to GM and drops it (Note [data cache]). Not on the training
// series. The destination argument only selects the cache level on device.
template <typename T, CacheLine entireType, DcciDst dcciDst>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst)
{
    ascend_sim::detail::CleanAndInvalidate(dst.SimBuffer(), dst.SimAddr(), entireType == CacheLine::ENTIRE_DATA_CACHE);
}

template <typename T, CacheLine entireType>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst)
{
    ascend_sim::detail::CleanAndInvalidate(dst.SimBuffer(), dst.SimAddr(), entireType == CacheLine::ENTIRE_DATA_CACHE);
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_TENSOR_H
