// The simulator's C ABI: plan a call of one op with the host planner the generated CANN
// TilingFunc runs (Build<Op>View, then PlanStridedCopy), and launch the op's generated AscendC
// kernel on the CPU emulation of the AscendC API (ascend_kernels/sim).
//
// python/ascend_ops/sim/library.py compiles this file together with
// ascend_kernels/<op>/op_kernel/<op>.cpp, once per (op, NPU arch), with
//   ASCEND_SIM_OP      the op's name, a string literal: "slice"
//   ASCEND_SIM_KERNEL  the kernel entry that file defines: ascend_slice
//   __NPU_ARCH__, __CCE_AICORE__  as CANN's CPU debug build of that arch defines them
// Nothing crosses the ABI as an exception: every function returns a status code and writes a
// message into the caller's buffer.
#include <cstdint>
#include <cstring>
#include <string>

#include "kernel_operator.h"

#include "copy_planner.h"
#include "copy_tiling.h"
#include "op_views.h"
#include "products.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"

#if !defined(ASCEND_SIM_OP) || !defined(ASCEND_SIM_KERNEL)
#error "build with -DASCEND_SIM_OP=\"<op>\" -DASCEND_SIM_KERNEL=<kernel entry> (see python/ascend_ops/sim/library.py)"
#endif

#define ASCEND_SIM_STRINGIFY_(name) #name
#define ASCEND_SIM_STRINGIFY(name) ASCEND_SIM_STRINGIFY_(name)

extern "C" __global__ __aicore__ void ASCEND_SIM_KERNEL(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

extern "C" {

// What the simulated SoC offers (products.yaml through ascend_ops.spec): the planner's SocInfo
// and the emulator's SocConfig are both filled from it.
struct AscendSimSoc {
    const char* name;
    int64_t ubBytes;  // UB the planner budgets: the platform's, less the product's API scratch
    int32_t coreNum;  // cores a vector-only kernel launches on
    int32_t hasDataCopyPad;
    int32_t dataCopyPadMaxElemBytes;
    int32_t hasGather;
    int32_t hasGather8Bit;
    int32_t hasUbToUbCopy;
    // The emulator's rules (ascend_sim::SocConfig), from the same products.yaml entry.
    int64_t platformUbBytes;  // what GetCoreMemSize(UB) reports: the emulator's UB limit
    int64_t ubPlatformReservedBytes;
    int32_t eventIdsPerEvent;
    int32_t dataCacheLineBytes;
    int32_t dataCacheClean;
    int32_t zeroLengthDataCopyNoop;
    int32_t kernelTypeRequired;
    int32_t gatherSrcBaseInElements;
    int64_t gatherMaxCallBytes;
    int32_t gatherMaxOffset8Bit;
    int32_t gatherMaxOffset16Bit;
    uint64_t seed;  // order of the kernel-end data cache write-backs
};

// One attribute of the op, in spec order (Note [attribute binding] in
// python/ascend_ops/codegen/op_views.py): int -> value; int[] and int[]? -> data, size (data is
// null when an int[]? is absent); str -> text.
struct AscendSimAttr {
    const int64_t* data;
    int64_t size;
    int64_t value;
    const char* text;
};

struct AscendSimStats {
    uint64_t blockDim;
    uint64_t dmaInstructions;
    uint64_t bytesGmToUb;
    uint64_t bytesUbToGm;
    uint64_t bytesUbToUb;
    uint64_t vectorInstructions;
    uint64_t scalarGmReads;
    uint64_t scalarGmWrites;
    uint64_t syncCalls;
    uint64_t ubBytesPeak;
    double busiestOverMean;  // GM bytes of the busiest block over the mean of all blocks
};

// Status codes of ascend_sim_plan and ascend_sim_run.
constexpr int32_t kSimOk = 0;
constexpr int32_t kSimArgumentError = 1;  // the view builder rejected the call (cpu_reference's errors)
constexpr int32_t kSimPlanError = 2;      // PlanStridedCopy found no plan for a valid call
constexpr int32_t kSimAbiError = 3;       // the caller broke this ABI
constexpr int32_t kSimRunError = 4;       // the emulator stopped the kernel (ascend_sim::SimError)

}  // extern "C"

namespace {

using namespace ascend_ops;

bool Is(const char* a, const char* b) { return std::strcmp(a, b) == 0; }

int32_t Report(int32_t code, const std::string& message, char* buffer, uint64_t bufferBytes)
{
    ascend_sim::CopyMessage(message, buffer, static_cast<size_t>(bufferBytes));
    return code;
}

SocInfo ToSocInfo(const AscendSimSoc& soc)
{
    SocInfo info{};
    info.name = soc.name;
    info.coreNum = soc.coreNum;
    info.ubBytes = soc.ubBytes;
    info.hasDataCopyPad = soc.hasDataCopyPad != 0;
    info.dataCopyPadMaxElemBytes = static_cast<uint32_t>(soc.dataCopyPadMaxElemBytes);
    info.hasGather = soc.hasGather != 0;
    info.hasGather8Bit = soc.hasGather8Bit != 0;
    info.hasUbToUbCopy = soc.hasUbToUbCopy != 0;
    return info;
}

ascend_sim::SocConfig ToSocConfig(const AscendSimSoc& soc)
{
    ascend_sim::SocConfig config;
    config.name = soc.name != nullptr ? soc.name : "";
    config.ubBytes = soc.platformUbBytes > 0 ? static_cast<uint64_t>(soc.platformUbBytes) : 0;
    config.ubPlatformReservedBytes = static_cast<uint64_t>(soc.ubPlatformReservedBytes);
    config.eventIdsPerEvent = static_cast<uint32_t>(soc.eventIdsPerEvent);
    config.dataCacheLineBytes = static_cast<uint32_t>(soc.dataCacheLineBytes);
    config.hasDataCacheCleanAndInvalid = soc.dataCacheClean != 0;
    config.zeroLengthDataCopyIsNoop = soc.zeroLengthDataCopyNoop != 0;
    config.requiresAivOnlyKernelType = soc.kernelTypeRequired != 0;
    config.gatherMaxCallBytes = static_cast<uint64_t>(soc.gatherMaxCallBytes);
    config.gatherMaxOffset8Bit = static_cast<uint32_t>(soc.gatherMaxOffset8Bit);
    config.gatherMaxOffset16Bit = static_cast<uint32_t>(soc.gatherMaxOffset16Bit);
    config.gatherSrcBaseInElements = soc.gatherSrcBaseInElements != 0;
    config.seed = soc.seed;
    config.coreNum = soc.coreNum > 0 ? static_cast<uint32_t>(soc.coreNum) : 0;
    config.hasDataCopyPad = soc.hasDataCopyPad != 0;
    config.dataCopyPadMaxElemBytes = static_cast<uint32_t>(soc.dataCopyPadMaxElemBytes);
    config.hasGather = soc.hasGather != 0;
    config.gatherSupports8Bit = soc.hasGather8Bit != 0;
    // The kernels move unsigned integers of the element size, never bfloat16_t: leaving this off
    // keeps the emulator as strict as it can be.
    config.gatherSupportsBf16 = false;
    config.hasUbToUbCopy = soc.hasUbToUbCopy != 0;
    return config;
}

// The op's output shape and view of its input, as the generated TilingFunc builds them. Sets
// *bound to false when `count` attributes cannot be the op's.
Status BuildView(const TensorShape& input, const char* dtype, const AscendSimAttr* a, int32_t count,
                 TensorShape* outShape, StridedView* view, bool* bound)
{
    *bound = true;
    const char* op = ASCEND_SIM_OP;
    if (Is(op, "strided_slice") && count == 8) {
        StridedSliceArgs args{a[0].data,  a[0].size,  a[1].data,  a[1].size,  a[2].data, a[2].size,
                              a[3].value, a[4].value, a[5].value, a[6].value, a[7].value};
        return BuildStridedSliceView(input, args, outShape, view);
    }
    if (Is(op, "slice") && count == 2) {
        return BuildSliceView(input, a[0].data, a[0].size, a[1].data, a[1].size, outShape, view);
    }
    if ((Is(op, "depth_to_space") || Is(op, "space_to_depth")) && count == 3) {
        Status status = Is(op, "depth_to_space")
                            ? BuildDepthToSpaceView(input, a[0].value, a[1].text, a[2].text, outShape, view)
                            : BuildSpaceToDepthView(input, a[0].value, a[1].text, a[2].text, outShape, view);
        // The view builders leave this dtype rule to their caller (op_views.h).
        if (status.ok && a[1].text != nullptr && Is(a[1].text, "NCHW_VECT_C") && !Is(dtype, "int8")) {
            return Status::Error("data_format 'NCHW_VECT_C' packs 4 int8 channels per element and needs dtype int8, "
                                 "got %s",
                                 dtype);
        }
        return status;
    }
    *bound = false;
    return Status::Error("the simulator library of %s got %d attributes, which are not the op's", op, count);
}

}  // namespace

extern "C" {

// Layout facts the Python side checks its ctypes mirrors against.
void ascend_sim_abi(int64_t* tilingBytes, int64_t* maxDims, int64_t* socBytes, int64_t* attrBytes, int64_t* statsBytes)
{
    *tilingBytes = static_cast<int64_t>(sizeof(CopyTiling));
    *maxDims = kMaxViewDims;
    *socBytes = static_cast<int64_t>(sizeof(AscendSimSoc));
    *attrBytes = static_cast<int64_t>(sizeof(AscendSimAttr));
    *statsBytes = static_cast<int64_t>(sizeof(AscendSimStats));
}

const char* ascend_sim_op() { return ASCEND_SIM_OP; }

const char* ascend_sim_mode_name(uint32_t mode)
{
    switch (mode) {
        case kCopyModeEmpty: return "empty";
        case kCopyModeBurst: return "burst";
        case kCopyModeBurstAligned: return "burst-aligned";
        case kCopyModeGather: return "gather";
        case kCopyModeTranspose: return "transpose";
        case kCopyModeScalar: return "scalar";
    }
    return "unknown";
}

// The SoC as the generated product table describes it (what the CANN TilingFunc derives from the
// platform): 0, or 1 when `socName` is not in the table.
int32_t ascend_sim_table_soc(const char* socName, AscendSimSoc* out)
{
    const SocEntry* entry = FindSoc(socName);
    if (entry == nullptr) {
        return 1;
    }
    const SocInfo info = MakeSocInfo(*entry);
    const ProductInfo& product = kProducts[entry->product];
    *out = AscendSimSoc{entry->name,
                        info.ubBytes,
                        info.coreNum,
                        info.hasDataCopyPad ? 1 : 0,
                        static_cast<int32_t>(info.dataCopyPadMaxElemBytes),
                        info.hasGather ? 1 : 0,
                        info.hasGather8Bit ? 1 : 0,
                        info.hasUbToUbCopy ? 1 : 0,
                        PlatformUbBytes(product),
                        product.ubPlatformReservedBytes,
                        product.eventIdsPerEvent,
                        product.dataCacheLineBytes,
                        product.dataCacheClean ? 1 : 0,
                        product.zeroLengthDataCopyNoop ? 1 : 0,
                        product.kernelTypeRequired ? 1 : 0,
                        product.gatherSrcBaseInElements ? 1 : 0,
                        product.gatherMaxCallBytes,
                        product.gatherMaxOffset8Bit,
                        product.gatherMaxOffset16Bit,
                        0};
    return 0;
}

// Plans the op on an input of shape dims[0..rank) with elements of `elemBytes` (dtype `dtype`):
// fills the tiling data, blockDim and tiling key the TilingFunc would set, and the output shape
// (outDims has room for kMaxViewDims dims).
int32_t ascend_sim_plan(const AscendSimSoc* soc, const char* dtype, uint32_t elemBytes, int32_t rank,
                        const int64_t* dims, const AscendSimAttr* attrs, int32_t attrCount, CopyTiling* tiling,
                        uint32_t* blockDim, uint64_t* tilingKey, int32_t* outRank, int64_t* outDims, char* message,
                        uint64_t messageBytes)
{
    if (rank < 0 || rank > kMaxViewDims) {
        return Report(kSimAbiError, "x has rank " + std::to_string(rank) + ": at most " +
                                        std::to_string(kMaxViewDims) + " dims are supported",
                      message, messageBytes);
    }
    TensorShape input{};
    input.rank = rank;
    std::memcpy(input.dims, dims, sizeof(int64_t) * static_cast<size_t>(rank));
    TensorShape outShape{};
    StridedView view{};
    bool bound = true;
    Status status = BuildView(input, dtype, attrs, attrCount, &outShape, &view, &bound);
    if (!status.ok) {
        return Report(bound ? kSimArgumentError : kSimAbiError, status.message, message, messageBytes);
    }
    status = PlanStridedCopy(view, elemBytes, ToSocInfo(*soc), tiling);
    if (!status.ok) {
        return Report(kSimPlanError, status.message, message, messageBytes);
    }
    *blockDim = tiling->blockDim;
    *tilingKey = CopyTilingKey(*tiling);
    *outRank = outShape.rank;
    std::memcpy(outDims, outShape.dims, sizeof(int64_t) * static_cast<size_t>(outShape.rank));
    return kSimOk;
}

// Runs the kernel on blocks 0..blockDim-1 with `tiling` as its tiling data (tilingBytes bytes
// in GM), x as its input and y as its output, as CANN launches it after the TilingFunc.
int32_t ascend_sim_run(const AscendSimSoc* soc, const void* tiling, uint64_t tilingBytes, uint32_t blockDim,
                       uint64_t tilingKey, void* x, uint64_t xBytes, void* y, uint64_t yBytes, AscendSimStats* stats,
                       char* message, uint64_t messageBytes)
{
    std::string failure;
    try {
        ascend_sim::Simulator sim(ToSocConfig(*soc));
        GM_ADDR tilingGm = static_cast<GM_ADDR>(const_cast<void*>(tiling));
        sim.AddBuffer("x", ascend_sim::BufferRole::kInput, x, xBytes);
        sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, y, yBytes);
        sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, tilingGm, tilingBytes);
        sim.SetTilingKey(tilingKey);
        GM_ADDR workspace = nullptr;  // the copy kernels use none
        failure = ascend_sim::RunKernelCatching(sim, ASCEND_SIM_STRINGIFY(ASCEND_SIM_KERNEL), blockDim,
                                                ASCEND_SIM_KERNEL, static_cast<GM_ADDR>(x), static_cast<GM_ADDR>(y),
                                                workspace, tilingGm);
        if (failure.empty()) {
            const ascend_sim::Stats& s = sim.GetStats();
            *stats = AscendSimStats{s.blockDim,       s.dmaInstructions,    s.bytesGmToUb,   s.bytesUbToGm,
                                    s.bytesUbToUb,    s.vectorInstructions, s.scalarGmReads, s.scalarGmWrites,
                                    s.syncCalls,      s.ubBytesPeak,        s.BusiestOverMean()};
            return kSimOk;
        }
    } catch (const ascend_sim::SimError& e) {  // a SocConfig or buffer the emulator refuses
        failure = e.what();
    } catch (const std::exception& e) {
        failure = std::string("internal error: ") + e.what();
    }
    return Report(kSimRunError, failure, message, messageBytes);
}

}  // extern "C"
