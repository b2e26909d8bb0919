// The types of the product table (products_generated.h, written from op_specs/products.yaml).
//
// The code generator reads the three structs below and writes each table row in their field
// order, filling a field from the products.yaml key of the same name in camelCase; one member per
// line, `<type> <name>;` (Note [product table layout] in ascend_ops_gen/codegen/product_types.py).
// Reordering fields here without regenerating fails to compile, naming the fields that moved;
// adding one fails naming the struct.
#ifndef ASCEND_KERNELS_COMMON_PRODUCT_TYPES_H
#define ASCEND_KERNELS_COMMON_PRODUCT_TYPES_H

#include <cstdint>

namespace ascend_ops {

// Which cores a vector-only kernel launches on.
enum class LaunchArchitecture : int32_t {
    kSplit = 0,    // separate AIC / AIV cores: launch on the AIV (vector) cores
    kCoupled = 1,  // one AI core runs cube and vector work: launch on the AI cores
};

// Whether two strings are equal, at compile time: the generated table's static_asserts compare
// its string fields with it.
constexpr bool SameText(const char* a, const char* b)
{
    while (*a != '\0' && *a == *b) {
        ++a;
        ++b;
    }
    return *a == *b;
}

// Converts to any field type: AggregateTakes counts the initialisers an aggregate accepts.
struct AnyField {
    template <typename T>
    constexpr operator T() const
    {
        return T{};
    }
};

// Whether `S{...}` compiles with sizeof...(Fields) initialisers, i.e. S has at least that many
// fields. The generated table asserts that its structs take no initialiser more than it writes,
// so a field added here without regenerating fails to compile.
template <typename S, typename... Fields>
constexpr auto AggregateTakes(int) -> decltype(S{Fields{}...}, true)
{
    return true;
}
template <typename S, typename... Fields>
constexpr bool AggregateTakes(...)
{
    return false;
}

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
    // What the simulator enforces (op_specs/products.yaml names the sources).
    int64_t ubPlatformReservedBytes;  // GetCoreMemSize(UB) reports ubBytes minus this
    int32_t eventIdsPerEvent;         // ids a TPipe hands out per HardEvent
    int32_t dataCacheLineBytes;       // scalar GM accesses go through a cache of such lines
    bool dataCacheClean;              // DataCacheCleanAndInvalid exists
    bool zeroLengthDataCopyNoop;      // a zero-length DataCopy is a no-op (else an error)
    bool kernelTypeRequired;          // vector-only kernels declare KERNEL_TYPE_AIV_ONLY
    int64_t gatherMaxCallBytes;       // bytes one count-form Gather may write; 0: no limit
    int32_t gatherMaxOffset8Bit;      // largest Gather source offset of 8- / 16-bit elements; 0: none
    int32_t gatherMaxOffset16Bit;
    bool gatherSrcBaseInElements;     // Gather's srcBaseAddr becomes an element index
};

// What every product line of one NPU architecture offers: the facts a kernel build, which knows
// only __NPU_ARCH__, decides by at compile time (build_arch.h). Product lines sharing an
// architecture agree on them (the generator checks).
struct ArchTraits {
    int32_t npuArch;                  // __NPU_ARCH__
    bool dataCopyPad;                 // DataCopyPad exists
    int32_t dataCopyPadMaxElemBytes;  // largest element DataCopyPad moves (0 without it)
    bool gather;                      // in-UB Gather exists (16- and 32-bit elements)
    bool gather8Bit;                  // Gather also takes 8-bit elements
    bool ubToUbCopy;                  // DataCopy(LocalTensor, LocalTensor) exists
    bool dataCacheClean;              // DataCacheCleanAndInvalid exists
    bool kernelTypeRequired;          // vector-only kernels declare KERNEL_TYPE_AIV_ONLY
};

struct SocEntry {
    const char* name;     // what aclrtGetSocName() and the platform's "SoC_version" report
    int32_t product;      // index into kProducts
    int32_t aiCores;
    int32_t vectorCores;
};

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PRODUCT_TYPES_H
