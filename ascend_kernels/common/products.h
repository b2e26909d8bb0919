// What each Atlas product line offers, for C++: lookups over the generated product table. The
// host tiling (ReadSocInfo in copy_op_host.h) finds a product by the SoC name the platform
// reports and fills the engine's SocInfo with MakeSocInfo(); the simulator runner does the same
// from a SoC name of the table.
#ifndef ASCEND_KERNELS_COMMON_PRODUCTS_H
#define ASCEND_KERNELS_COMMON_PRODUCTS_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "products.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdint>
#include <cstring>

#include "products_generated.h"
#include "soc_info.h"

namespace ascend_ops {

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

// Cores a vector-only kernel launches on, on a SoC of `product` with `aiCores` AI cores and
// `vectorCores` AIV cores: a split (AIC + AIV) chip's AIV cores, a coupled chip's AI cores. The
// one launch-core rule of C++: the host tiling passes what the platform reports, the table's
// SoCs what products.yaml says.
inline int32_t LaunchCores(const ProductInfo& product, int32_t aiCores, int32_t vectorCores)
{
    return product.architecture == LaunchArchitecture::kSplit ? vectorCores : aiCores;
}

// Cores a vector-only kernel launches on, on a SoC of the table.
inline int32_t LaunchCores(const SocEntry& soc)
{
    return LaunchCores(kProducts[soc.product], soc.aiCores, soc.vectorCores);
}

// The UB a kernel may allocate on a core of `product` whose platform reports `platformUbBytes`
// (GetCoreMemSize): the product's API scratch stays free. The one usable-UB rule of C++.
inline int64_t UsableUbBytes(const ProductInfo& product, int64_t platformUbBytes)
{
    return platformUbBytes - product.ubReservedBytes;
}

// The UB of a product's cores as the platform reports it (GetCoreMemSize) where no platform is
// asked: products.yaml's UB less what the platform keeps.
inline int64_t PlatformUbBytes(const ProductInfo& product) { return product.ubBytes - product.ubPlatformReservedBytes; }

// The engine's SocInfo for a SoC of `product` on which a vector-only kernel launches on
// `launchCores` cores and the platform reports `platformUbBytes` of UB per core.
inline SocInfo MakeSocInfo(const ProductInfo& product, const char* socName, int32_t launchCores,
                           int64_t platformUbBytes)
{
    SocInfo soc{};
    soc.name = socName;
    soc.coreNum = launchCores;
    soc.ubBytes = UsableUbBytes(product, platformUbBytes);
    soc.product = product;
    return soc;
}

// The SocInfo of a SoC of the table as products.yaml describes it (no platform to ask): the
// simulator runner's way in.
inline SocInfo MakeSocInfo(const SocEntry& soc)
{
    const ProductInfo& product = kProducts[soc.product];
    return MakeSocInfo(product, soc.name, LaunchCores(soc), PlatformUbBytes(product));
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCTS_H
