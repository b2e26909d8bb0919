// Stand-in for CANN tiling/platform/platform_ascendc.h.
#ifndef CANN_HOST_STUB_TILING_PLATFORM_PLATFORM_ASCENDC_H
#define CANN_HOST_STUB_TILING_PLATFORM_PLATFORM_ASCENDC_H

#include <cstdint>

namespace fe {
class PlatFormInfos;  // platform/platform_infos_def.h defines it
}  // namespace fe

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
    uint32_t GetCoreNum(void) const;     // AI cores; on split chips in MIX mode too
    uint32_t GetCoreNumAic(void) const;
    uint32_t GetCoreNumAiv(void) const;  // vector cores of split chips (A2, A3)
    uint32_t GetCoreNumVector(void) const;
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
    uint32_t GetLibApiWorkSpaceSize(void) const;
    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const;
    SocVersion GetSocVersion(void) const;

private:
    fe::PlatFormInfos* platformInfo_;
};

}  // namespace platform_ascendc

#endif  // CANN_HOST_STUB_TILING_PLATFORM_PLATFORM_ASCENDC_H
