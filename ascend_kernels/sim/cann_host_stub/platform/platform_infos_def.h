// Stand-in for CANN platform/platform_infos_def.h: the platform description a tiling function
// reads (labels and keys of the SoC's platform_config .ini, e.g. "version" / "SoC_version").
#ifndef CANN_HOST_STUB_PLATFORM_PLATFORM_INFOS_DEF_H
#define CANN_HOST_STUB_PLATFORM_PLATFORM_INFOS_DEF_H

#include <string>

namespace fe {

class PlatFormInfos {
public:
    bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val);
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val);
};

}  // namespace fe

#endif  // CANN_HOST_STUB_PLATFORM_PLATFORM_INFOS_DEF_H
