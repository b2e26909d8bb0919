// How the binding hands an aclnn launch to torch_npu's task queue, chosen at compile time from
// the OpCommand class of the torch_npu release it compiles against (npu_device.h's Enqueue).
#ifndef ASCEND_OPS_BINDING_LAUNCH_PATH_H
#define ASCEND_OPS_BINDING_LAUNCH_PATH_H

#include <functional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace ascend_ops_npu {

// Note [launch path]
// torch_npu's task queue takes an aclnn launch through OpCommand::RunOpApiV2 (op, const
// std::function<int()>&) in the releases that have it, and through OpCommand::RunOpApi (op,
// std::function<int()>) in the older ones (torch_npu 2.6.0rc1, the release made for CANN 8.1,
// has only RunOpApi). No macro of torch_npu names the release, so the binding asks the class it
// compiles against: HasRunOpApiV2 is true when OpCommand declares a RunOpApiV2 callable with
// (const char*, std::function<int()>), and Enqueue takes the V2 path then, else the older one.
// The choice is made at compile time; `ascend-ops-dev check-npu` names the path a release takes,
// read from the release's OpCommand.h, and passes that reading as ASCEND_OPS_NPU_EXPECT_LAUNCH,
// which npu_device.h proves against LaunchPath (so the name reported is the path compiled).
// ASCEND_OPS_NPU_LAUNCH=<member> forces a member instead of choosing: check-npu's negative control
// compiles with RunOpApiV2 forced against a release that lacks it, which must fail on that name.
template <typename Command, typename = void>
struct HasRunOpApiV2 : std::false_type {};

template <typename Command>
struct HasRunOpApiV2<Command, std::void_t<decltype(Command::RunOpApiV2(
    std::declval<const char*>(), std::declval<const std::function<int()>&>()))>> : std::true_type {};

// The name of the member EnqueueThrough<Command> chooses.
template <typename Command>
constexpr std::string_view LaunchPath()
{
    return HasRunOpApiV2<Command>::value ? "RunOpApiV2" : "RunOpApi";
}

template <typename Command>
inline void EnqueueThrough(const char* api, std::function<int()> launch)
{
#if defined(ASCEND_OPS_NPU_LAUNCH)
    Command::ASCEND_OPS_NPU_LAUNCH(api, std::move(launch));
#else
    if constexpr (HasRunOpApiV2<Command>::value) {
        Command::RunOpApiV2(api, launch);
    } else {
        Command::RunOpApi(api, std::move(launch));
    }
#endif
}

}  // namespace ascend_ops_npu

#endif  // ASCEND_OPS_BINDING_LAUNCH_PATH_H
