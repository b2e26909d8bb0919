// The NPU side of the binding's device seam (Note [device seam] in aclnn_call.h): torch_npu's
// current stream of the guarded device, its caching allocator (through at::empty on the npu
// device) and its task queue (OpCommand::RunOpApiV2, as op-plugin's EXEC_NPU_CMD_EXT launches, or
// OpCommand::RunOpApi where the torch_npu release has no V2: Note [launch path]).
#ifndef ASCEND_OPS_BINDING_NPU_DEVICE_H
#define ASCEND_OPS_BINDING_NPU_DEVICE_H

#include <functional>
#include <utility>

#include <ATen/ATen.h>
#include <ATen/DeviceGuard.h>
#include <c10/core/DeviceGuard.h>

#include "torch_npu/csrc/core/npu/NPUStream.h"
#include "torch_npu/csrc/framework/OpCommand.h"

#include "launch_path.h"

namespace ascend_ops_npu {

#if defined(ASCEND_OPS_NPU_EXPECT_LAUNCH)
#define ASCEND_OPS_NPU_NAME(x) ASCEND_OPS_NPU_NAME_(x)
#define ASCEND_OPS_NPU_NAME_(x) #x
// check-npu's reading of this release's OpCommand.h, proven against the compile-time choice.
static_assert(LaunchPath<at_npu::native::OpCommand>() == ASCEND_OPS_NPU_NAME(ASCEND_OPS_NPU_EXPECT_LAUNCH),
              "the launch path check-npu read from OpCommand.h is not the one the binding compiles "
              "(Note [launch path])");
#endif

// Makes x's device the current one for the scope: GetAclStream-style lookups (and the allocator)
// take the *current* device, which for a tensor on npu:1 is not npu:0's.
class DeviceScope {
public:
    explicit DeviceScope(const at::Tensor& x) : guard_(at::device_of(x)) {}

private:
    c10::OptionalDeviceGuard guard_;
};

inline aclrtStream CurrentStream(const at::Tensor& /*x*/)
{
    return c10_npu::getCurrentNPUStream().stream(false);
}

inline at::Tensor Workspace(uint64_t bytes, const at::Tensor& x)
{
    return at::empty({static_cast<int64_t>(bytes)}, x.options().dtype(at::kByte));
}

// Runs `launch` (which returns an aclnnStatus) in stream order through torch_npu's task queue.
inline void Enqueue(const char* api, std::function<int()> launch)
{
    EnqueueThrough<at_npu::native::OpCommand>(api, std::move(launch));
}

}  // namespace ascend_ops_npu

#endif  // ASCEND_OPS_BINDING_NPU_DEVICE_H
