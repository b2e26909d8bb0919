// CPU stand-in for CANN platform/platform_infos_def.h: the platform description a tiling function
// reads, as labels and keys of the SoC's platform_config .ini ("version" / "SoC_version",
// "SoCInfo" / "ai_core_cnt", "AICoreSpec" / "ub_size", ...). CANN fills it from the .ini of the
// device's SoC; the simulator fills it from the generated product table (launcher.cpp).
#ifndef CANN_HOST_STUB_PLATFORM_PLATFORM_INFOS_DEF_H
#define CANN_HOST_STUB_PLATFORM_PLATFORM_INFOS_DEF_H

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

namespace fe {

enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

class PlatFormInfos {
public:
    bool Init() { return true; }

    // False, leaving `val` alone, when the label or the key is not there.
    bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val)
    {
        const auto section = res_.find(label);
        if (section == res_.end()) {
            return false;
        }
        const auto entry = section->second.find(key);
        if (entry == section->second.end()) {
            return false;
        }
        val = entry->second;
        return true;
    }

    // The same read; CANN takes a lock, the simulator's description belongs to one call.
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val)
    {
        return GetPlatformRes(label, key, val);
    }

    bool GetPlatformRes(const std::string& label, std::map<std::string, std::string>& res)
    {
        const auto section = res_.find(label);
        if (section == res_.end()) {
            return false;
        }
        res = section->second;
        return true;
    }

    void SetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) { res_[label] = res; }
    void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res)
    {
        SetPlatformRes(label, res);
    }

    // The cores of the kind the op runs on, as SetCoreNumByCoreType chose them.
    uint32_t GetCoreNum() const { return core_num_; }
    uint32_t GetCoreNumWithLock() const { return core_num_; }
    void SetCoreNum(const uint32_t& core_num) { core_num_ = core_num; }

    // "AiCore" counts SoCInfo's ai_core_cnt, "VectorCore" its vector_core_cnt.
    void SetCoreNumByCoreType(const std::string& core_type) { core_num_ = GetCoreNumByType(core_type); }
    uint32_t GetCoreNumByType(const std::string& core_type)
    {
        const char* key = core_type == "VectorCore" ? "vector_core_cnt" : "ai_core_cnt";
        return static_cast<uint32_t>(Number("SoCInfo", key));
    }

    // The per-core memories of AICoreSpec (L2: SoCInfo's l2_size), 0 where the .ini has none.
    void GetLocalMemSize(const LocalMemType& mem_type, uint64_t& size)
    {
        switch (mem_type) {
            case LocalMemType::L0_A: size = Number("AICoreSpec", "l0_a_size"); break;
            case LocalMemType::L0_B: size = Number("AICoreSpec", "l0_b_size"); break;
            case LocalMemType::L0_C: size = Number("AICoreSpec", "l0_c_size"); break;
            case LocalMemType::L1: size = Number("AICoreSpec", "l1_size"); break;
            case LocalMemType::L2: size = Number("SoCInfo", "l2_size"); break;
            case LocalMemType::UB: size = Number("AICoreSpec", "ub_size"); break;
            default: size = 0; break;
        }
    }

private:
    uint64_t Number(const std::string& label, const std::string& key)
    {
        std::string text;
        return GetPlatformRes(label, key, text) && !text.empty() ? std::strtoull(text.c_str(), nullptr, 10) : 0;
    }

    uint32_t core_num_{0};
    std::map<std::string, std::map<std::string, std::string>> res_;
};

}  // namespace fe

#endif  // CANN_HOST_STUB_PLATFORM_PLATFORM_INFOS_DEF_H
