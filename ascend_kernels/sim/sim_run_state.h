// The state of one Simulator::Run that every emulation header reads and changes: the SoC the run
// obeys (SocConfig), the registered GM buffers, the per-block UB arena and its written flags, the
// pipe clocks, the data cache, the event ids, and the counters behind Stats. `g_run` points at it
// while blocks execute; Fail and Active report a violation with the kernel and block.
#ifndef ASCEND_KERNELS_SIM_SIM_RUN_STATE_H
#define ASCEND_KERNELS_SIM_SIM_RUN_STATE_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// The emulator stands in for AscendC's implementation, which is host code in a CPU build: it reads
// the product table even in a kernel's translation unit (Note [kernel translation unit] in
// common/build_arch.h; the builds against AscendC's own headers check the kernels' includes).
#pragma push_macro("ASCEND_OPS_KERNEL_TU")
#undef ASCEND_OPS_KERNEL_TU
#include "products_generated.h"
#pragma pop_macro("ASCEND_OPS_KERNEL_TU")
#include "sim_pipes.h"
#include "sim_stats.h"

namespace ascend_sim {

// Every strictness violation. The message reads "<kernel> block <i>: <call>: <what went wrong>"
// for errors raised while a block runs, "<kernel>: <what>" for whole-run checks.
class SimError : public std::runtime_error {
public:
    explicit SimError(const std::string& message) : std::runtime_error(message) {}
};

// What the simulated SoC offers: its product line's row of the generated product table
// (ascend_kernels/common/products_generated.h, from op_specs/products.yaml), and what its platform
// reports. The simulator hard-codes none of them, so one build of a kernel runs under every
// product's rules; sim_platform.h's SimulatedSocConfig fills one for a SoC of the table.
struct SocConfig {
    std::string name;                  // e.g. "Ascend910B2"; quoted in error messages
    ascend_ops::ProductInfo product{};  // the product line's facts, field for field as products.yaml says
    uint64_t ubBytes = 0;              // UB per core TPipe::InitBuffer may hand out: what the platform reports
    uint32_t coreNum = 0;              // vector cores a launch can occupy: what the platform reports
    // A2/A3 gather bfloat16_t, 310P does not. No product fact: the kernels move unsigned integers of
    // the element size, never bfloat16_t, so it stays off (as strict as it can be) unless a test sets it.
    bool gatherSupportsBf16 = false;
    uint64_t seed = 0;                 // shuffles the order of the kernel-end cache write-backs
};

// A GM buffer's role decides what the kernel may do with it: inputs and tiling are read-only,
// every output byte must be written exactly once, the workspace is free scratch.
enum class BufferRole { kInput, kOutput, kTiling, kWorkspace };

inline const char* RoleName(BufferRole role)
{
    switch (role) {
        case BufferRole::kInput: return "input";
        case BufferRole::kOutput: return "output";
        case BufferRole::kTiling: return "tiling";
        case BufferRole::kWorkspace: return "workspace";
    }
    return "buffer";
}


class Simulator;

namespace detail {

template <typename... Parts>
std::string Cat(const Parts&... parts)
{
    std::ostringstream os;
    (os << ... << parts);
    return os.str();
}

constexpr uint64_t kBlockBytes = 32;  // DataBlock: the DMA unit and the UB alignment
// Fill of UB bytes nobody wrote. Only the written-mask decides errors; the value just makes a
// stray read stand out in a debugger.
constexpr uint8_t kUbPoison = 0xA5;
constexpr int kMaxHardEvents = 64;  // > AscendC::HardEvent::MAX
constexpr int kMaxEventIds = 8;     // the most any SoC has per HardEvent
enum EventOwner : uint8_t { kEventFree = 0, kEventKernel = 1, kEventQueue = 2 };

inline uint64_t AlignUp(uint64_t value, uint64_t align) { return (value + align - 1) / align * align; }

struct GmBuffer {
    std::string name;
    BufferRole role;
    uintptr_t base;
    uint64_t bytes;
    // Outputs only: per byte, 0 = not written yet, otherwise (writing block + 1). A second write
    // is an error at once (unless the same block rewrites the same value), so this doubles as the
    // write count.
    std::vector<uint16_t> writer;
    // Outputs only: per byte, the instruction that last wrote it into GM (Note [pipe hazards]);
    // 0 for none yet. Op indexes grow with time, so this also dates the write (Note [data cache]).
    std::vector<uint32_t> writerOp;
};


// A cached GM line of one block (Note [data cache] in sim_data_cache.h).
struct CacheLine {
    uintptr_t base = 0;       // line address (a multiple of the line size)
    uint32_t fillOp = 0;      // the instruction that filled it: GM writes after it are newer
    uint64_t dirty = 0;       // bit i: byte base + i holds a scalar store
    std::vector<uint8_t> data;
};

// A line some block wrote back with bytes it had not stored itself: checked at the end of the
// run against every other block's writes (cores run concurrently on device).
struct WrittenBackLine {
    uint32_t block;
    uintptr_t base;
    uint64_t clean;  // bit i: byte base + i went back as the fill had read it
};

// RunState::ubWritten holds Note [UB validity]'s written flags (sim_ub_checks.h).

// One buffer of a TQue / TQueBind.
struct QueueSlot {
    enum class State { kFree, kAllocated, kQueued, kDequeued };
    uint32_t addr = 0;
    uint32_t bytes = 0;
    State state = State::kFree;
    uint32_t generation = 0;  // bumped by FreeTensor, so stale LocalTensors are detectable
    int32_t enQueEventId = -1;  // the id EnQue set and DeQue waits for
    int32_t freeEventId = -1;   // the id FreeTensor set and the next AllocTensor waits for
};

constexpr uint8_t kNoPosition = 0xFF;  // UbView::position of a tensor no queue or TBuf made

// Where a LocalTensor lives. Bounds are checked against the buffer the tensor came from (the
// queue buffer or the whole TBuf): running past it corrupts a neighbour on real hardware.
struct UbView {
    bool bound = false;
    uint32_t addr = 0;      // UB byte address of element 0
    uint32_t bufStart = 0;  // owning buffer, for messages
    uint32_t bufEnd = 0;    // one past the owning buffer
    QueueSlot* slot = nullptr;  // queue buffer the tensor came from; nullptr for TBuf tensors
    uint32_t generation = 0;
    uint8_t position = kNoPosition;  // the AscendC::TPosition of the queue or TBuf it came from
};

// State of one Simulator::Run; g_run points at it while blocks execute.
struct RunState {
    RunState(const SocConfig& socIn, std::vector<GmBuffer>& buffersIn, Stats& statsIn, uint64_t tilingKeyIn,
             std::string kernelIn, uint32_t blockDimIn)
        : soc(socIn),
          buffers(buffersIn),
          stats(statsIn),
          tilingKey(tilingKeyIn),
          kernel(std::move(kernelIn)),
          blockDim(blockDimIn),
          ubStorage(socIn.ubBytes + 64),
          ubWritten(socIn.ubBytes),
          ubWriter(socIn.ubBytes)
    {
        for (std::vector<uint32_t>& readers : ubReader) {
            readers.assign(socIn.ubBytes, 0);
        }
        ops.push_back(OpRecord{"(none)", Pipe::kS, 0});  // op index 0: "no instruction"
        // 64-byte aligned base, so host pointers into UB have the alignment of UB addresses.
        uintptr_t raw = reinterpret_cast<uintptr_t>(ubStorage.data());
        ub = ubStorage.data() + (AlignUp(raw, 64) - raw);
    }

    void BeginBlock(uint32_t index)
    {
        blockIdx = index;
        blockSerial = NextBlockSerial();
        std::fill(ub, ub + soc.ubBytes, kUbPoison);
        std::fill(ubWritten.begin(), ubWritten.end(), uint8_t{0});
        ubTop = 0;
        pipe = nullptr;
        flags.clear();
        // A new core: nothing of the previous block is in flight on it (Note [pipe hazards]).
        for (PipeClock& clock : known) {
            for (int p = 0; p < kPipeCount; ++p) {
                clock.done[p] = issued[p];
            }
        }
        syncEpoch += 1;
        cache.clear();
        hotLine = nullptr;
        kernelType = -1;
        inLoops = false;
    }

    void EndBlock() { stats.ubBytesPeak = std::max(stats.ubBytesPeak, ubTop); }

    BlockStats& Block() { return stats.blocks[blockIdx]; }

    // Unique across runs, so a TPipe built outside the current block is recognisable.
    static uint64_t NextBlockSerial()
    {
        static thread_local uint64_t serial = 0;
        return ++serial;
    }

    const SocConfig& soc;
    std::vector<GmBuffer>& buffers;
    Stats& stats;
    uint64_t tilingKey;
    std::string kernel;
    uint32_t blockDim;
    uint32_t blockIdx = 0;
    uint64_t blockSerial = 0;
    std::vector<uint8_t> ubStorage;
    uint8_t* ub = nullptr;
    std::vector<uint8_t> ubWritten;
    uint64_t ubTop = 0;       // bump pointer of the block's TPipe
    void* pipe = nullptr;     // the live AscendC::TPipe of this block
    // (HardEvent, id) -> the clocks of the SetFlags not yet waited, oldest first
    std::map<std::pair<int, int32_t>, std::vector<PipeClock>> flags;
    bool inLoops = false;     // the block has begun a per-row / per-unit / per-tile loop (CountLoopIteration)
    int kernelType = -1;      // what KERNEL_TASK_TYPE_DEFAULT declared this block; -1: nothing
    // The live TPipe's event ids: per (HardEvent, id) who holds it (EventOwner), and which ids
    // FetchEventID handed out; reset by each TPipe.
    uint8_t eventOwner[kMaxHardEvents][kMaxEventIds] = {};
    uint8_t eventFetched[kMaxHardEvents] = {};

    // Note [pipe hazards]
    std::vector<OpRecord> ops;                    // by op index; 0 is "no instruction"
    uint64_t issued[kPipeCount] = {};             // last sequence number per pipe
    PipeClock known[kPipeCount];                  // what each pipe knows complete
    uint64_t syncEpoch = 0;                       // bumped by every synchronisation
    uint64_t lastOpEpoch = 0;                     // syncEpoch when the last op was recorded
    std::vector<uint32_t> ubWriter;               // per UB byte: op index of its last write
    std::vector<uint32_t> ubReader[kPipeCount];   // per UB byte and pipe: op index of its last read

    // Note [data cache]
    std::map<uintptr_t, CacheLine> cache;         // this block's lines by line address
    CacheLine* hotLine = nullptr;                 // the line last used, if still cached
    std::vector<std::pair<uint32_t, CacheLine>> pendingWriteBacks;  // (block, line) left dirty at block ends
    std::vector<WrittenBackLine> writtenBack;
};

inline thread_local RunState* g_run = nullptr;

[[noreturn]] inline void Fail(const char* call, const std::string& what)
{
    if (g_run == nullptr) {
        throw SimError(Cat("AscendC call outside ascend_sim::Simulator::Run: ", call, ": ", what));
    }
    throw SimError(Cat(g_run->kernel, " block ", g_run->blockIdx, ": ", call, ": ", what));
}

// The same for a literal `what`: kernel code that stops the simulator (NotWrittenYet) builds no
// std::string itself, which bisheng could not compile on the device (kernel_checks/aicore_check.py).
[[noreturn]] inline void Fail(const char* call, const char* what)
{
    Fail(call, std::string(what));
}

inline RunState& Active(const char* call)
{
    if (g_run == nullptr) {
        throw SimError(Cat("AscendC call outside ascend_sim::Simulator::Run: ", call));
    }
    return *g_run;
}

class ActiveRun {
public:
    explicit ActiveRun(RunState* run) { g_run = run; }
    ~ActiveRun() { g_run = nullptr; }
    ActiveRun(const ActiveRun&) = delete;
    ActiveRun& operator=(const ActiveRun&) = delete;
};

// ---- statistics -----------------------------------------------------------------------------

inline void CountDma()
{
    g_run->stats.dmaInstructions += 1;
    g_run->Block().dmaInstructions += 1;
}

inline void CountGmToUb(uint64_t bytes)
{
    g_run->stats.bytesGmToUb += bytes;
    g_run->Block().bytesGmToUb += bytes;
}

inline void CountUbToGm(uint64_t bytes)
{
    g_run->stats.bytesUbToGm += bytes;
    g_run->Block().bytesUbToGm += bytes;
}

inline void CountScalarGm(bool write)
{
    (write ? g_run->stats.scalarGmWrites : g_run->stats.scalarGmReads) += 1;
    g_run->Block().scalarGmAccesses += 1;
}

inline void CountVector()
{
    g_run->stats.vectorInstructions += 1;
    g_run->Block().vectorInstructions += 1;
}

// A vector instruction whose block addresses the scalar unit writes into address registers
// (TransDataTo5HD: 32 of them); counted besides CountVector.
inline void CountAddressList()
{
    g_run->stats.addressListInstructions += 1;
    g_run->Block().addressListInstructions += 1;
}

inline void CountScalarUb(bool write)
{
    (write ? g_run->stats.scalarUbWrites : g_run->stats.scalarUbReads) += 1;
    (write ? g_run->Block().scalarUbWrites : g_run->Block().scalarUbReads) += 1;
}

// The kernels' own counting points (ASCEND_OPS_COUNT_DIV_MOD, ASCEND_OPS_COUNT_MUL_HIGH, ASCEND_OPS_COUNT_LOOP of
// common/scalar_cost.h). Engine code the host shares calls them outside a run too: not counted.
// A division after the block's first loop iteration is one of its loops' (loopDivMods); before
// it, one of its setup (Init).
inline void CountDivMod()
{
    if (g_run != nullptr) {
        g_run->stats.scalarDivMods += 1;
        g_run->Block().scalarDivMods += 1;
        if (g_run->inLoops) {
            g_run->stats.loopDivMods += 1;
        }
    }
}

inline void CountMulHigh()
{
    if (g_run != nullptr) {
        g_run->stats.scalarMulHighs += 1;
        g_run->Block().scalarMulHighs += 1;
    }
}

inline void CountLoopIteration()
{
    if (g_run != nullptr) {
        g_run->stats.loopIterations += 1;
        g_run->Block().loopIterations += 1;
        g_run->inLoops = true;
    }
}

}  // namespace detail

}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_RUN_STATE_H
