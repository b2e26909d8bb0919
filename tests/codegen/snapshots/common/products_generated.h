// @generated from op_specs/products.yaml by ascend-ops generate; do not edit
//
// What each Atlas product line offers, for C++: the only place C++ learns product facts. The
// host tiling (ReadSocInfo in copy_op_host.h) looks a product up by the SoC name the platform
// reports and fills the engine's SocInfo with MakeSocInfo(); the simulator runner can do the same
// from a SoC name.
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H

#include <cstdint>
#include <cstring>

#include "soc_info.h"

namespace ascend_ops {

// Which cores a vector-only kernel launches on.
enum class LaunchArchitecture : int32_t {
    kSplit = 0,    // separate AIC / AIV cores: launch on the AIV (vector) cores
    kCoupled = 1,  // one AI core runs cube and vector work: launch on the AI cores
};

struct ProductInfo {
    const char* key;                  // op_specs/products.yaml key
    const char* addConfig;            // msOpGen short SoC name, AddConfig("...")
    int32_t npuArch;                  // __NPU_ARCH__
    LaunchArchitecture architecture;
    int64_t ubBytes;                  // UB per core
    int64_t ubReservedBytes;          // kept back from the kernel (API scratch)
    bool dataCopyPad;                 // DataCopyPad exists
    int32_t dataCopyPadMaxElemBytes;  // largest element DataCopyPad moves (0 without it)
    bool gather;                      // in-UB Gather exists (16- and 32-bit elements)
    bool gather8Bit;                  // Gather also takes 8-bit elements
    bool ubToUbCopy;                  // DataCopy(LocalTensor, LocalTensor) exists
};

struct SocEntry {
    const char* name;     // what aclrtGetSocName() and the platform's "SoC_version" report
    int32_t product;      // index into kProducts
    int32_t aiCores;
    int32_t vectorCores;
};

constexpr int32_t kProductCount = 3;
constexpr ProductInfo kProducts[kProductCount] = {
    {"split-line", "ascend910b", 2201, LaunchArchitecture::kSplit, 196608, 8192, true, 8, true, false, true},  // A split-architecture line
    {"coupled-line", "ascend310p", 2002, LaunchArchitecture::kCoupled, 262144, 0, false, 0, true, false, true},  // A coupled line without bfloat16
    {"small-line", "ascend310b", 3002, LaunchArchitecture::kCoupled, 253952, 0, true, 4, false, false, false},  // A one-core line, float16 only
};

constexpr int32_t kSocCount = 4;
constexpr SocEntry kSocs[kSocCount] = {
    {"Ascend910B1", 0, 24, 48},
    {"Ascend910B3", 0, 20, 40},
    {"Ascend310P3", 1, 8, 7},
    {"Ascend310B1", 2, 1, 1},
};

// The SoC of this exact name, or nullptr.
inline const SocEntry* FindSoc(const char* socName)
{
    for (int32_t i = 0; i < kSocCount; ++i) {
        if (std::strcmp(kSocs[i].name, socName) == 0) {
            return &kSocs[i];
        }
    }
    return nullptr;
}

inline char AsciiLower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// The product line whose AddConfig name matches `shortSocName` ignoring case (CANN's platform
// reports "Short_SoC_version" = "Ascend910B" for every ascend910b SoC), or nullptr.
inline const ProductInfo* FindProductByShortSoc(const char* shortSocName)
{
    for (int32_t i = 0; i < kProductCount; ++i) {
        const char* a = kProducts[i].addConfig;
        const char* b = shortSocName;
        while (*a != '\0' && *a == AsciiLower(*b)) {
            ++a;
            ++b;
        }
        if (*a == '\0' && *b == '\0') {
            return &kProducts[i];
        }
    }
    return nullptr;
}

// The product line of a SoC: by its exact name, else by its short name; nullptr if neither is
// in op_specs/products.yaml.
inline const ProductInfo* FindProduct(const char* socName, const char* shortSocName)
{
    const SocEntry* soc = socName != nullptr ? FindSoc(socName) : nullptr;
    if (soc != nullptr) {
        return &kProducts[soc->product];
    }
    return shortSocName != nullptr ? FindProductByShortSoc(shortSocName) : nullptr;
}

// Cores a vector-only kernel runs on for a SoC of the table.
inline int32_t LaunchCores(const SocEntry& soc)
{
    return kProducts[soc.product].architecture == LaunchArchitecture::kSplit ? soc.vectorCores : soc.aiCores;
}

// The engine's SocInfo for a SoC of `product` on which the platform reports `coreNum` launch
// cores and `ubBytes` of UB per core; the product's UB reserve is taken off here.
inline SocInfo MakeSocInfo(const ProductInfo& product, const char* socName, int32_t coreNum, int64_t ubBytes)
{
    SocInfo soc{};
    soc.name = socName;
    soc.coreNum = coreNum;
    soc.ubBytes = ubBytes - product.ubReservedBytes;
    soc.hasDataCopyPad = product.dataCopyPad;
    soc.dataCopyPadMaxElemBytes = static_cast<uint32_t>(product.dataCopyPadMaxElemBytes);
    soc.hasGather = product.gather;
    soc.hasGather8Bit = product.gather8Bit;
    soc.hasUbToUbCopy = product.ubToUbCopy;
    return soc;
}

// The SocInfo of a SoC of the table as products.yaml describes it (no platform to ask): the
// simulator runner's way in.
inline SocInfo MakeSocInfo(const SocEntry& soc)
{
    const ProductInfo& product = kProducts[soc.product];
    return MakeSocInfo(product, soc.name, LaunchCores(soc), product.ubBytes);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_GENERATED_H
