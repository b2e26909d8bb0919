// The CPU side of the binding's device seam (Note [device seam] in aclnn_call.h), for running the
// binding against the package's CPU aclnn runtime: the workspace comes from the CPU allocator, a
// launch runs at once, and the stream is a token of the device scope the call holds. Asking for
// the stream outside a DeviceScope of the input's device fails, naming the device: the CPU stand-in
// of "the current device's stream is not the input's".
#ifndef ASCEND_OPS_BINDING_CPU_DEVICE_H
#define ASCEND_OPS_BINDING_CPU_DEVICE_H

#include <functional>
#include <optional>

#include <ATen/ATen.h>

namespace ascend_ops_npu {

inline std::optional<c10::Device>& ScopedDevice()
{
    static thread_local std::optional<c10::Device> device;
    return device;
}

class DeviceScope {
public:
    explicit DeviceScope(const at::Tensor& x) : previous_(ScopedDevice()) { ScopedDevice() = x.device(); }
    ~DeviceScope() { ScopedDevice() = previous_; }
    DeviceScope(const DeviceScope&) = delete;
    DeviceScope& operator=(const DeviceScope&) = delete;

private:
    std::optional<c10::Device> previous_;
};

// The stream token the CPU aclnn runtime records (one per thread; its value means nothing).
inline aclrtStream CurrentStream(const at::Tensor& x)
{
    const std::optional<c10::Device>& scoped = ScopedDevice();
    TORCH_CHECK(scoped.has_value() && *scoped == x.device(), "ascend_ops_npu: the aclnn call for a tensor on ",
                x.device(), " asked for the current stream ",
                scoped.has_value() ? "inside a device guard of " + scoped->str() : std::string("without a device guard"),
                "; every call must hold a DeviceScope of its input's device");
    static thread_local char token;
    return &token;
}

inline at::Tensor Workspace(uint64_t bytes, const at::Tensor& x)
{
    return at::empty({static_cast<int64_t>(bytes)}, x.options().dtype(at::kByte));
}

inline void Enqueue(const char* api, std::function<int()> launch)
{
    const int status = launch();
    TORCH_CHECK(status == 0, api, " failed (aclnnStatus ", status, "): ", aclGetRecentErrMsg());
}

}  // namespace ascend_ops_npu

#endif  // ASCEND_OPS_BINDING_CPU_DEVICE_H
