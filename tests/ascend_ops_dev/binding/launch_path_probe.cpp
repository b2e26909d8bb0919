// The binding's launch-path selection (Note [launch path] in ascend_kernels/npu/launch_path.h)
// against stand-ins for torch_npu's OpCommand: one release's class has RunOpApiV2 and RunOpApi,
// an older one only RunOpApi. Each records which entry point took the launch. Built with
// -DASCEND_OPS_NPU_LAUNCH=<member>, every launch takes that member.
#include <cstdio>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "npu/launch_path.h"

static std::string g_took;

struct CommandWithV2 {
    static void RunOpApi(const std::string&, std::function<int()>, bool = false) { g_took = "RunOpApi"; }
    static void RunOpApiV2(const std::string&, const std::function<int()>& f, bool = false)
    {
        g_took = f() == 7 ? "RunOpApiV2" : "RunOpApiV2 (wrong launch)";
    }
};

struct CommandWithoutV2 {
    static void RunOpApi(const std::string&, std::function<int()> f, bool = false)
    {
        g_took = f() == 7 ? "RunOpApi" : "RunOpApi (wrong launch)";
    }
};

#ifdef PROBE_NEITHER
struct CommandWithNeither {};
#endif

int main()
{
    ascend_ops_npu::EnqueueThrough<CommandWithV2>("aclnnX", [] { return 7; });
    std::printf("with V2: %s (LaunchPath %s)\n", g_took.c_str(),
                std::string(ascend_ops_npu::LaunchPath<CommandWithV2>()).c_str());
    ascend_ops_npu::EnqueueThrough<CommandWithoutV2>("aclnnX", [] { return 7; });
    std::printf("without V2: %s (LaunchPath %s)\n", g_took.c_str(),
                std::string(ascend_ops_npu::LaunchPath<CommandWithoutV2>()).c_str());
#ifdef PROBE_NEITHER
    ascend_ops_npu::EnqueueThrough<CommandWithNeither>("aclnnX", [] { return 7; });
#endif
    return 0;
}
