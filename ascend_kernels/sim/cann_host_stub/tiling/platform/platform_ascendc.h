// CPU stand-in for CANN tiling/platform/platform_ascendc.h: what a tiling function asks of the
// platform, answered from the PlatFormInfos by CANN's own rules (asc-devkit's
// platform_ascendc.cpp): the cores of a split chip (core_type_list "CubeCore,VectorCore") are
// its cube_core_cnt / vector_core_cnt, of any other its ai_core_cnt; the UB of the Ascend910B
// family (Short_SoC_version Ascend910B or Ascend910_93) is reported 256 bytes short, which the
// kernels' framework keeps for itself.
#ifndef CANN_HOST_STUB_TILING_PLATFORM_PLATFORM_ASCENDC_H
#define CANN_HOST_STUB_TILING_PLATFORM_PLATFORM_ASCENDC_H

#include <cstdint>
#include <cstdlib>
#include <string>

#include "platform/platform_infos_def.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

enum class SocVersion {
    ASCEND910 = 0,  // Ascend910A, Ascend910ProB, ...
    ASCEND910B,     // Ascend910B1~4 and the Ascend910_93 series
    ASCEND310P,     // Ascend310P1, Ascend310P3, ...
    ASCEND310B,     // Ascend310B1~4
    RESERVED_VERSION = 99999
};

class PlatformAscendC {
public:
    PlatformAscendC() = delete;
    ~PlatformAscendC() = default;
    explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}

    // The cores of the kind the op runs on (PlatFormInfos::GetCoreNum).
    uint32_t GetCoreNum(void) const { return platformInfo_->GetCoreNum(); }
    uint32_t GetCoreNumAic(void) const { return CoresOfType(false); }
    uint32_t GetCoreNumAiv(void) const { return CoresOfType(true); }

    // The separate vector cores of the inference series; 0 elsewhere.
    uint32_t GetCoreNumVector(void) const
    {
        return GetSocVersion() == SocVersion::ASCEND310P ? Number("SoCInfo", "vector_core_cnt") : 0;
    }

    // Block dim of a mixed launch of `sliceNum` slices: on a chip with `aivCoreNum / aicCoreNum`
    // vector cores per cube core, that many slices share one block.
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const
    {
        if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) {
            return sliceNum;
        }
        const uint32_t ratio = aivCoreNum / aicCoreNum;
        const uint32_t blockDim = (sliceNum + ratio - 1) / ratio;
        return ratio == 2 && blockDim > aicCoreNum ? 0 : blockDim;
    }

    // The workspace the AscendC library APIs need: 16 MiB on the Ascend910B family, 2 MiB elsewhere.
    uint32_t GetLibApiWorkSpaceSize(void) const
    {
        const SocVersion version = GetSocVersion();
        if (version == SocVersion::RESERVED_VERSION) {
            return static_cast<uint32_t>(-1);
        }
        return version == SocVersion::ASCEND910B ? kWorkspaceBytes910B : kWorkspaceBytes;
    }

    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const
    {
        platformInfo_->GetLocalMemSize(static_cast<fe::LocalMemType>(memType), size);
        if ((memType == CoreMemType::UB || memType == CoreMemType::L1) && GetSocVersion() == SocVersion::ASCEND910B) {
            size -= kLocalReserveBytes910B;
        }
    }

    // By the platform's Short_SoC_version.
    SocVersion GetSocVersion(void) const
    {
        std::string shortName;
        if (!platformInfo_->GetPlatformResWithLock("version", "Short_SoC_version", shortName)) {
            return SocVersion::RESERVED_VERSION;
        }
        if (shortName == "Ascend910B" || shortName == "Ascend910_93") {
            return SocVersion::ASCEND910B;
        }
        if (shortName == "Ascend910") {
            return SocVersion::ASCEND910;
        }
        if (shortName == "Ascend310P") {
            return SocVersion::ASCEND310P;
        }
        if (shortName == "Ascend310B") {
            return SocVersion::ASCEND310B;
        }
        return SocVersion::RESERVED_VERSION;
    }

private:
    static constexpr uint64_t kLocalReserveBytes910B = 256;
    static constexpr uint32_t kWorkspaceBytes910B = 16u * 1024u * 1024u;
    static constexpr uint32_t kWorkspaceBytes = 2u * 1024u * 1024u;

    uint32_t Number(const char* label, const char* key) const
    {
        std::string text;
        return platformInfo_->GetPlatformResWithLock(label, key, text) && !text.empty()
                   ? static_cast<uint32_t>(std::strtoul(text.c_str(), nullptr, 10))
                   : 0;
    }

    uint32_t CoresOfType(bool vector) const
    {
        std::string coreTypes;
        platformInfo_->GetPlatformResWithLock("SoCInfo", "core_type_list", coreTypes);
        if (coreTypes != "CubeCore,VectorCore") {
            return Number("SoCInfo", "ai_core_cnt");
        }
        return Number("SoCInfo", vector ? "vector_core_cnt" : "cube_core_cnt");
    }

    fe::PlatFormInfos* platformInfo_;
};

}  // namespace platform_ascendc

#endif  // CANN_HOST_STUB_TILING_PLATFORM_PLATFORM_ASCENDC_H
