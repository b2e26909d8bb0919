// Stand-in bodies of CANN's closed libplatform.so / libtiling_api.so functions that the package's
// op_host code references: CANN's op_build opens the op_host library with dlopen(RTLD_NOW), so
// every symbol must resolve, but it never runs a TilingFunc, so none of these is ever called.
// Declared by the real headers; each body reports "nothing" and marks itself never reached.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "platform/platform_infos_def.h"
#include "tiling/platform/platform_ascendc.h"

namespace {
[[noreturn]] void NeverReached(const char* what)
{
    std::fprintf(stderr, "op_build stand-in: %s was called; only op_build loads this library\n", what);
    std::abort();
}
}  // namespace

bool fe::PlatFormInfos::GetPlatformRes(const std::string&, const std::string&, std::string&)
{
    NeverReached("PlatFormInfos::GetPlatformRes");
}

uint32_t platform_ascendc::PlatformAscendC::GetCoreNum() const { NeverReached("PlatformAscendC::GetCoreNum"); }
uint32_t platform_ascendc::PlatformAscendC::GetCoreNumAiv() const { NeverReached("PlatformAscendC::GetCoreNumAiv"); }
uint32_t platform_ascendc::PlatformAscendC::GetLibApiWorkSpaceSize() const
{
    NeverReached("PlatformAscendC::GetLibApiWorkSpaceSize");
}
void platform_ascendc::PlatformAscendC::GetCoreMemSize(const CoreMemType&, uint64_t&) const
{
    NeverReached("PlatformAscendC::GetCoreMemSize");
}
