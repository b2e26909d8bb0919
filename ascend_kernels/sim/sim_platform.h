// The simulated SoCs: a SoC of the generated product table (products.h), by name, as the platform
// description CANN loads for it (fe::PlatFormInfos, with the labels and keys of its
// platform_config .ini the host code reads) and as the emulator's rules (SocConfig). The UB size
// and the cores the emulator enforces are what PlatformAscendC reports from that description, so
// the TilingFunc and the emulator see one SoC.
//
// Needs the CPU bodies of the CANN host headers (ascend_kernels/sim/cann_host_stub) and the engine
// headers (ascend_kernels/common) on the include path; the AscendC emulation headers do not.
#ifndef ASCEND_KERNELS_SIM_SIM_PLATFORM_H
#define ASCEND_KERNELS_SIM_SIM_PLATFORM_H

#include <cstdint>
#include <map>
#include <string>

#include "platform/platform_infos_def.h"
#include "tiling/platform/platform_ascendc.h"

#include "products.h"
#include "sim_context.h"

namespace ascend_sim {

// CANN's Short_SoC_version of a product line: its AddConfig name as CANN spells it, capitals at
// the start and after a digit ("ascend910b" -> "Ascend910B", "ascend910_93" -> "Ascend910_93").
inline std::string ShortSocVersion(const ascend_ops::ProductInfo& product)
{
    std::string name = product.addConfig;
    for (size_t i = 0; i < name.size(); ++i) {
        const bool capital = i == 0 || (name[i - 1] >= '0' && name[i - 1] <= '9');
        if (capital && name[i] >= 'a' && name[i] <= 'z') {
            name[i] = static_cast<char>(name[i] - 'a' + 'A');
        }
    }
    return name;
}

// The platform description of `soc`, with the op's cores ("AiCore") chosen as CANN chooses them
// for an AI Core op.
inline fe::PlatFormInfos SimulatedPlatform(const ascend_ops::SocEntry& soc)
{
    const ascend_ops::ProductInfo& product = ascend_ops::kProducts[soc.product];
    std::map<std::string, std::string> version{{"SoC_version", soc.name},
                                               {"Short_SoC_version", ShortSocVersion(product)}};
    std::map<std::string, std::string> socInfo{{"ai_core_cnt", std::to_string(soc.aiCores)},
                                               {"vector_core_cnt", std::to_string(soc.vectorCores)}};
    if (product.architecture == ascend_ops::LaunchArchitecture::kSplit) {
        socInfo["core_type_list"] = "CubeCore,VectorCore";
        socInfo["cube_core_cnt"] = std::to_string(soc.aiCores);
    } else {
        socInfo["core_type_list"] = soc.vectorCores > 0 ? "AiCore,VectorCore" : "AiCore";
    }
    std::map<std::string, std::string> coreSpec{{"ub_size", std::to_string(product.ubBytes)}};
    fe::PlatFormInfos platform;
    platform.Init();
    platform.SetPlatformRes("version", version);
    platform.SetPlatformRes("SoCInfo", socInfo);
    platform.SetPlatformRes("AICoreSpec", coreSpec);
    platform.SetCoreNumByCoreType("AiCore");
    return platform;
}

// The emulator's rules for `soc`: its product line's, with the UB and the launch cores its
// platform reports.
inline SocConfig SimulatedSocConfig(const ascend_ops::SocEntry& soc, uint64_t seed = 0)
{
    const ascend_ops::ProductInfo& product = ascend_ops::kProducts[soc.product];
    fe::PlatFormInfos platform = SimulatedPlatform(soc);
    platform_ascendc::PlatformAscendC ascendc(&platform);
    uint64_t ubBytes = 0;
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);
    SocConfig config;
    config.name = soc.name;
    config.ubBytes = ubBytes;
    config.coreNum = static_cast<uint32_t>(ascend_ops::LaunchCores(
        product, static_cast<int32_t>(ascendc.GetCoreNum()), static_cast<int32_t>(ascendc.GetCoreNumAiv())));
    config.product = product;
    config.seed = seed;
    return config;
}

// The same by SoC name; SimError for a name the table does not have.
inline SocConfig SimulatedSocConfig(const char* socName, uint64_t seed = 0)
{
    const ascend_ops::SocEntry* soc = socName != nullptr ? ascend_ops::FindSoc(socName) : nullptr;
    if (soc == nullptr) {
        throw SimError(std::string("SoC '") + (socName != nullptr ? socName : "") + "' is not in the product table");
    }
    return SimulatedSocConfig(*soc, seed);
}

}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_PLATFORM_H
