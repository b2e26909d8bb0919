// The C ABI of the simulator library (launcher.cpp): its structs and status codes, shared with
// its callers in C++ (the CPU aclnn runtime of the development package, dev/ascend_ops_dev/binding/cpu_aclnn.cpp) and mirrored in ctypes by
// abi.py (generated from this header and proved by sim_abi_mirrors_generated.h); library.py
// compares the sizes the library reports through ascend_sim_abi.
#ifndef ASCEND_OPS_SIM_ABI_H
#define ASCEND_OPS_SIM_ABI_H

#include <stdint.h>

extern "C" {

// One attribute of a call, by name: int -> value; float -> value, its float32's bits in the low
// 32 bits; int[] (and int[][], flattened) -> data, size; str -> text. An attribute
// the call does not give is left out, and the OpDef's default stands in for it.
struct AscendSimAttr {
    const char* name;
    const int64_t* data;
    int64_t size;
    int64_t value;
    const char* text;
};

// What the SoC offers the planner, as the generated TilingFunc reads it (ReadSocInfo): what the
// platform reports, and the product line whose facts it takes (a key of the product table, whose
// facts a caller looks up there rather than here).
struct AscendSimSocInfo {
    int64_t coreNum;
    int64_t ubBytes;
    int64_t platformUbBytes;  // what GetCoreMemSize(UB) reports
    const char* product;      // the products.yaml key of the SoC's line
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
    uint64_t scalarDivMods;
    uint64_t loopDivMods;  // of scalarDivMods, those in the kernels' loops (after a block's first iteration)
    uint64_t scalarUbReads;
    uint64_t scalarUbWrites;
    uint64_t loopIterations;
    uint64_t addressListInstructions;  // of vectorInstructions, those given lists of block addresses (TransDataTo5HD)
    uint64_t scalarMulHighs;  // multiply-highs by an extent's reciprocal (Note [index reciprocals])
    uint64_t coreDmaInstructions;
    uint64_t coreVectorInstructions;
    uint64_t coreScalarGmAccesses;
    uint64_t coreScalarDivMods;
    uint64_t coreScalarUbAccesses;
    uint64_t coreLoopIterations;
    uint64_t coreAddressListInstructions;
    uint64_t coreScalarMulHighs;
    double busiestOverMean;  // GM bytes of the busiest block over the mean of all blocks
};

// One tensor of a call of an op of any tensors (ascend_sim_plan_op, ascend_sim_run_op): its name,
// its shape, its ge::DataType name ("DT_FLOAT16") and, to run, its data. An optional input left
// out has rank -1 and no data.
struct AscendSimTensor {
    const char* name;
    int32_t rank;
    const int64_t* dims;
    const char* dtype;
    void* data;
    uint64_t bytes;
};

// An AscendC kernel entry: extern "C" void k(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling).
using AscendSimKernel = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

// The most tensors (inputs and outputs) a kernel entry of ascend_sim_run_op takes.
constexpr int32_t kSimMaxTensors = 16;

// Status codes of ascend_sim_plan and ascend_sim_run.
constexpr int32_t kSimOk = 0;
constexpr int32_t kSimArgumentError = 1;  // the op_host rejected the call's arguments (cpu_reference's errors)
constexpr int32_t kSimPlanError = 2;      // the TilingFunc's planner found no plan for a valid call
constexpr int32_t kSimAbiError = 3;       // the caller broke this ABI (unknown OpType, SoC, dtype, ...)
constexpr int32_t kSimRunError = 4;       // the emulator stopped the kernel (ascend_sim::SimError)
constexpr int32_t kSimHostError = 5;      // the op_host failed for the context it was given

// The library's functions, as its C++ callers resolve them (launcher.cpp documents each).
typedef void (*AscendSimAbiFn)(int64_t* maxDims, int64_t* attrBytes, int64_t* socInfoBytes, int64_t* statsBytes,
                               int64_t* tilingCapacity);
typedef int32_t (*AscendSimPlanFn)(const char* opType, const char* socName, const char* dtypeName, int32_t rank,
                                   const int64_t* dims, const AscendSimAttr* attrs, int32_t attrCount,
                                   uint8_t* tiling, uint64_t* tilingBytes, uint32_t* blockDim, uint64_t* tilingKey,
                                   uint64_t* workspaceBytes, int32_t* outRank, int64_t* outDims,
                                   const char** rejectedBy, char* message, uint64_t messageBytes);
typedef uint64_t (*AscendSimReportedErrorsFn)(char* buffer, uint64_t bufferBytes);
typedef int32_t (*AscendSimPlanOpFn)(const char* opType, const char* socName, const AscendSimTensor* inputs,
                                     int32_t inputCount, const AscendSimTensor* outputs, int32_t outputCount,
                                     const AscendSimAttr* attrs, int32_t attrCount, uint8_t* tiling,
                                     uint64_t* tilingBytes, uint32_t* blockDim, uint64_t* tilingKey,
                                     uint64_t* workspaceBytes, int32_t* outRanks, int64_t* outDims,
                                     const char** rejectedBy, char* message, uint64_t messageBytes);
typedef int32_t (*AscendSimRunOpFn)(void* kernel, const char* kernelName, const char* socName, uint64_t seed,
                                    const void* tiling, uint64_t tilingBytes, uint32_t blockDim, uint64_t tilingKey,
                                    const AscendSimTensor* tensors, int32_t inputCount, int32_t tensorCount,
                                    AscendSimStats* stats, char* message, uint64_t messageBytes);
typedef int32_t (*AscendSimRunFn)(void* kernel, const char* kernelName, const char* socName, uint64_t seed,
                                  const void* tiling, uint64_t tilingBytes, uint32_t blockDim, uint64_t tilingKey,
                                  void* x, uint64_t xBytes, void* y, uint64_t yBytes, AscendSimStats* stats,
                                  char* message, uint64_t messageBytes);

}  // extern "C"

#endif  // ASCEND_OPS_SIM_ABI_H
