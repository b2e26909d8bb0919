// The NPU side of the binding's device seam (Note [device seam] in aclnn_call.h): torch_npu's
// current stream of the guarded device, its caching allocator (OpPreparation::unsafe_empty_workspace,
// as op-plugin's EXEC_NPU_CMD takes the workspace), a tensor's NPU format and its cast to ND
// (NPUFormat.h), and its task queue (OpCommand::RunOpApiV2, as op-plugin's EXEC_NPU_CMD_EXT launches, or
// OpCommand::RunOpApi where the torch_npu release has no V2: Note [launch path]).
#ifndef ASCEND_OPS_BINDING_NPU_DEVICE_H
#define ASCEND_OPS_BINDING_NPU_DEVICE_H

#include <functional>
#include <utility>

#include <ATen/ATen.h>
#include <ATen/DeviceGuard.h>
#include <c10/core/DeviceGuard.h>

#include "torch_npu/csrc/core/npu/NPUFormat.h"
#include "torch_npu/csrc/core/npu/NPUStream.h"
#include "torch_npu/csrc/framework/OpCommand.h"
#include "torch_npu/csrc/framework/utils/OpPreparation.h"

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

// A workspace of the caching allocator on the current device (the DeviceScope's), for the calling
// scope to hold (Note [launch contract]).
inline at::Tensor Workspace(uint64_t bytes, const at::Tensor& /*x*/)
{
    return at_npu::native::OpPreparation::unsafe_empty_workspace(bytes);
}

// The aclFormat torch_npu keeps for x's storage (Note [private formats]).
inline int64_t NpuFormat(const at::Tensor& x)
{
    return at_npu::native::get_npu_format(x);
}

// x cast to ND on its device.
inline at::Tensor CastToNd(const at::Tensor& x)
{
    return at_npu::native::npu_format_cast(x, ACL_FORMAT_ND);
}

// Runs `launch` (which returns an aclnnStatus) in stream order through torch_npu's task queue.
inline void Enqueue(const char* api, std::function<int()> launch)
{
    EnqueueThrough<at_npu::native::OpCommand>(api, std::move(launch));
}

}  // namespace ascend_ops_npu

#endif  // ASCEND_OPS_BINDING_NPU_DEVICE_H
