// What a Simulator::Run reports: the traffic of each block and the totals. Plain structs that
// launchers read back.
#ifndef ASCEND_KERNELS_SIM_SIM_STATS_H
#define ASCEND_KERNELS_SIM_SIM_STATS_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ascend_sim {

// Traffic and scalar work of one block (one AI core invocation).
struct BlockStats {
    uint64_t dmaInstructions = 0;     // DataCopy / DataCopyPad calls that moved data, any direction
    uint64_t bytesGmToUb = 0;         // bytes read from GM by DMA
    uint64_t bytesUbToGm = 0;         // bytes written to GM by DMA
    uint64_t scalarGmAccesses = 0;    // GlobalTensor::GetValue / SetValue calls
    uint64_t ubBytesAllocated = 0;    // UB handed out by TPipe::InitBuffer
    uint64_t vectorInstructions = 0;  // Gather, the vector instructions of kernel_vec_arith.h, TransDataTo5HD
    uint64_t addressListInstructions = 0;  // of them, those the scalar unit gives 32 block addresses (TransDataTo5HD)
    uint64_t scalarDivMods = 0;       // run-time integer divisions and modulos (Note [scalar cost])
    uint64_t scalarMulHighs = 0;      // multiply-highs by an extent's reciprocal (Note [index reciprocals])
    uint64_t scalarUbReads = 0;       // LocalTensor::GetValue calls
    uint64_t scalarUbWrites = 0;      // LocalTensor::SetValue calls
    uint64_t loopIterations = 0;      // iterations of the kernels' per-row / per-unit loops
    uint64_t BytesMoved() const { return bytesGmToUb + bytesUbToGm; }
};

// The counters of a run, one `X(type, name)` line each: blockDim; DMA instructions and bytes GM ->
// UB, UB -> GM and UB -> UB (DataCopy(LocalTensor, LocalTensor, ...)); vector instructions (Gather,
// Add ... Cast of kernel_vec_arith.h); scalar GM reads and writes; synchronisations (SetFlag,
// WaitFlag, PipeBarrier); the largest UB allocation of any block; the scalar work of Note [scalar cost] (run-time integer
// divisions and modulos, those of them inside the loops, scalar UB reads and writes, iterations of
// the per-row / per-unit loops, multiply-highs by reciprocals),
// in total and, as `core*`, each counter's largest value on any one block (the busiest core sets
// a launch's pace). Stats declares them; the C ABI's AscendSimStats
// (python/ascend_ops/sim/launcher.cpp) and its ctypes mirror (python/ascend_ops/sim/abi.py, which
// reads this list) are built from it, so no second list exists.
#define ASCEND_SIM_STATS_COUNTERS(X) \
    X(uint32_t, blockDim)            \
    X(uint64_t, dmaInstructions)     \
    X(uint64_t, bytesGmToUb)         \
    X(uint64_t, bytesUbToGm)         \
    X(uint64_t, bytesUbToUb)         \
    X(uint64_t, vectorInstructions)  \
    X(uint64_t, scalarGmReads)       \
    X(uint64_t, scalarGmWrites)      \
    X(uint64_t, syncCalls)           \
    X(uint64_t, ubBytesPeak)         \
    X(uint64_t, scalarDivMods)       \
    X(uint64_t, loopDivMods)         \
    X(uint64_t, scalarUbReads)       \
    X(uint64_t, scalarUbWrites)      \
    X(uint64_t, loopIterations)      \
    X(uint64_t, addressListInstructions) \
    X(uint64_t, scalarMulHighs)      \
    X(uint64_t, coreDmaInstructions) \
    X(uint64_t, coreVectorInstructions) \
    X(uint64_t, coreScalarGmAccesses)   \
    X(uint64_t, coreScalarDivMods)      \
    X(uint64_t, coreScalarUbAccesses)   \
    X(uint64_t, coreLoopIterations)     \
    X(uint64_t, coreAddressListInstructions) \
    X(uint64_t, coreScalarMulHighs)

// Totals of the last Simulator::Run. Zero-length copies are no-ops and are not counted.
struct Stats {
#define ASCEND_SIM_STATS_FIELD(type, name) type name = 0;
    ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_STATS_FIELD)
#undef ASCEND_SIM_STATS_FIELD
    std::vector<BlockStats> blocks;  // indexed by block

    // The core* counters, from the blocks: once every block has run.
    void SetBusiestCore()
    {
        for (const BlockStats& b : blocks) {
            coreDmaInstructions = std::max(coreDmaInstructions, b.dmaInstructions);
            coreVectorInstructions = std::max(coreVectorInstructions, b.vectorInstructions);
            coreScalarGmAccesses = std::max(coreScalarGmAccesses, b.scalarGmAccesses);
            coreScalarDivMods = std::max(coreScalarDivMods, b.scalarDivMods);
            coreScalarUbAccesses = std::max(coreScalarUbAccesses, b.scalarUbReads + b.scalarUbWrites);
            coreLoopIterations = std::max(coreLoopIterations, b.loopIterations);
            coreAddressListInstructions = std::max(coreAddressListInstructions, b.addressListInstructions);
            coreScalarMulHighs = std::max(coreScalarMulHighs, b.scalarMulHighs);
        }
    }

    // GM traffic of the busiest block over the mean of all blocks: 1.0 is a perfect split.
    double BusiestOverMean() const
    {
        uint64_t total = 0;
        uint64_t busiest = 0;
        for (const BlockStats& b : blocks) {
            total += b.BytesMoved();
            busiest = std::max(busiest, b.BytesMoved());
        }
        if (total == 0) {
            return 1.0;
        }
        return static_cast<double>(busiest) * static_cast<double>(blocks.size()) / static_cast<double>(total);
    }
};

}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_STATS_H
