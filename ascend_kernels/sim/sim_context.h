// Run-time context of the AscendC CPU simulator: SoC parameters, registered GM buffers, the
// sequential block loop, the per-block UB arena and the statistics a launcher reads back.
//
// A launcher (C ABI or C++) does:
//
//     ascend_sim::Simulator sim(soc);                               // SocConfig from products.yaml
//     sim.AddBuffer("x", ascend_sim::BufferRole::kInput, x, xBytes);
//     sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, y, yBytes);
//     sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, &tiling, sizeof(tiling));
//     sim.SetTilingKey(key);
//     std::string err = ascend_sim::RunKernelCatching(sim, "strided_slice", blockDim,
//                                                     strided_slice, x, y, ws, tilingPtr);
//     if (!err.empty()) { ...report err... }  else { const ascend_sim::Stats& s = sim.GetStats(); }
//
// Everything in namespace ascend_sim::detail is the plumbing the AscendC emulation headers use;
// launchers never need it.
#ifndef ASCEND_KERNELS_SIM_SIM_CONTEXT_H
#define ASCEND_KERNELS_SIM_SIM_CONTEXT_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim_pipes.h"

namespace ascend_sim {

// Every strictness violation. The message reads "<kernel> block <i>: <call>: <what went wrong>"
// for errors raised while a block runs, "<kernel>: <what>" for whole-run checks.
class SimError : public std::runtime_error {
public:
    explicit SimError(const std::string& message) : std::runtime_error(message) {}
};

// What the simulated SoC offers. The values come from products.yaml at run time; the simulator
// hard-codes none of them, so one build of a kernel runs under every product's rules.
struct SocConfig {
    std::string name;                      // e.g. "Ascend910B2"; quoted in error messages
    uint64_t ubBytes = 0;                  // UB budget per core that TPipe::InitBuffer may hand out
    uint32_t coreNum = 0;                  // vector cores a launch can occupy at once
    bool hasDataCopyPad = false;           // false on 310P and 910
    uint32_t dataCopyPadMaxElemBytes = 0;  // largest sizeof(T) DataCopyPad moves: 8 on A2/A3, 4 on 310B
    bool hasGather = false;                // Gather with 16- and 32-bit element types
    bool gatherSupports8Bit = false;       // 310B also gathers 8-bit elements
    bool gatherSupportsBf16 = false;       // A2/A3 gather bfloat16_t; 310P does not
    bool hasUbToUbCopy = false;            // DataCopy(LocalTensor, LocalTensor, ...); not on 310B
    // What the platform keeps back of the physical UB (ubBytes is what it reports); only quoted.
    uint64_t ubPlatformReservedBytes = 0;
    uint32_t eventIdsPerEvent = 8;            // ids per HardEvent a TPipe hands out: 4 on the training series
    uint32_t dataCacheLineBytes = 64;         // GM scalar accesses go through the core's cache, in lines of this
    bool hasDataCacheCleanAndInvalid = true;  // not on the training series
    bool zeroLengthDataCopyIsNoop = true;     // arch 2201; elsewhere DataCopy counts must be >= 1
    bool requiresAivOnlyKernelType = false;   // split chips: vector-only kernels declare KERNEL_TYPE_AIV_ONLY
    uint64_t gatherMaxCallBytes = 0;          // count-form Gather's 8-bit repeat count: bytes per call; 0 = no limit
    uint32_t gatherMaxOffset8Bit = 0;         // largest srcOffset of 8-bit / 16-bit Gather; 0 = no limit
    uint32_t gatherMaxOffset16Bit = 0;
    bool gatherSrcBaseInElements = false;     // srcBaseAddr becomes an element index, dropping a partial element
    uint64_t seed = 0;                        // shuffles the order of the kernel-end cache write-backs
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

// Traffic of one block (one AI core invocation).
struct BlockStats {
    uint64_t dmaInstructions = 0;   // DataCopy / DataCopyPad calls that moved data, any direction
    uint64_t bytesGmToUb = 0;       // bytes read from GM by DMA
    uint64_t bytesUbToGm = 0;       // bytes written to GM by DMA
    uint64_t scalarGmAccesses = 0;  // GlobalTensor::GetValue / SetValue calls
    uint64_t ubBytesAllocated = 0;  // UB handed out by TPipe::InitBuffer
    uint64_t BytesMoved() const { return bytesGmToUb + bytesUbToGm; }
};

// Totals of the last Simulator::Run. Zero-length copies are no-ops and are not counted.
struct Stats {
    uint32_t blockDim = 0;
    uint64_t dmaInstructions = 0;
    uint64_t bytesGmToUb = 0;
    uint64_t bytesUbToGm = 0;
    uint64_t bytesUbToUb = 0;         // DataCopy(LocalTensor, LocalTensor, ...)
    uint64_t vectorInstructions = 0;  // Gather, Duplicate
    uint64_t scalarGmReads = 0;
    uint64_t scalarGmWrites = 0;
    uint64_t syncCalls = 0;           // SetFlag, WaitFlag, PipeBarrier
    uint64_t ubBytesPeak = 0;         // largest UB allocation of any block
    std::vector<BlockStats> blocks;   // indexed by block

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

// Note [data cache]
// GlobalTensor::GetValue / SetValue go through the core's data cache: the first access of a line
// (dataCacheLineBytes, 64) fills it from GM, SetValue changes only the cached copy, and the whole
// line goes back to GM later: at DataCacheCleanAndInvalid, or when the kernel ends (the order of
// those write-backs varies with SocConfig::seed). A line written back whole overwrites every byte
// of it that anyone else wrote since the fill: another core's DMA or scalar stores, or this core's
// own DMA. The simulator performs the write-backs (so clobbered bytes really are wrong) and reports
// each such overwrite, and a DMA that writes or reads a line the core holds dirty. A line may
// hold bytes of several registered buffers; bytes outside them are never read or written.
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

// Note [UB validity]
// Real UB keeps whatever was there before, so a kernel that moves bytes nobody wrote this block
// (stale tile data, padding that DataCopyPad leaves random, the tail of a rounded-up copy) writes
// garbage to GM without any fault. The simulator keeps one "written" flag per UB byte:
//  - DMA into UB, SetValue, Duplicate and defined DataCopyPad padding set it;
//  - each block starts with all flags clear; TQue::AllocTensor clears its buffer's flags, because
//    after FreeTensor a queue buffer's contents are undefined;
//  - DataCopy UB->UB and Gather copy the flags along with the bytes (moving garbage around inside
//    UB is harmless; the garbage is caught where it escapes);
//  - the escape points, DMA UB->GM and LocalTensor::GetValue, fail on any unwritten byte.

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

// Where a LocalTensor lives. Bounds are checked against the buffer the tensor came from (the
// queue buffer or the whole TBuf): running past it corrupts a neighbour on real hardware.
struct UbView {
    bool bound = false;
    uint32_t addr = 0;      // UB byte address of element 0
    uint32_t bufStart = 0;  // owning buffer, for messages
    uint32_t bufEnd = 0;    // one past the owning buffer
    QueueSlot* slot = nullptr;  // queue buffer the tensor came from; nullptr for TBuf tensors
    uint32_t generation = 0;
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

// ---- GM -------------------------------------------------------------------------------------

constexpr int kGmUnset = -2;  // GlobalTensor never given a buffer
constexpr int kGmNull = -1;   // SetGlobalBuffer(nullptr): legal until the tensor is accessed

// The registered buffer holding `addr`; one-past-the-end counts, so an empty tail view is legal.
inline int FindGmBuffer(uintptr_t addr, const char* call)
{
    if (addr == 0) {
        return kGmNull;
    }
    const std::vector<GmBuffer>& buffers = Active(call).buffers;
    int endMatch = kGmUnset;
    for (size_t i = 0; i < buffers.size(); ++i) {
        if (addr >= buffers[i].base && addr < buffers[i].base + buffers[i].bytes) {
            return static_cast<int>(i);
        }
        if (addr == buffers[i].base + buffers[i].bytes) {
            endMatch = static_cast<int>(i);
        }
    }
    if (endMatch == kGmUnset) {
        Fail(call, "address is not inside any registered GM buffer");
    }
    return endMatch;
}

// Checks GM bytes [addr, addr + bytes) against the buffer the tensor was set to and against that
// buffer's role; records output writes. Reading an output byte nobody wrote yet is garbage too.
// `newData` (DMA writes) lets a block write bytes it wrote before again with the same values, as a
// store backed off to end on a partial block's end does.
inline void AccessGm(int buffer, uintptr_t addr, uint64_t bytes, bool write, const char* call,
                     const uint8_t* newData = nullptr)
{
    RunState& run = Active(call);
    if (buffer == kGmUnset) {
        Fail(call, "the GlobalTensor has no buffer (call SetGlobalBuffer first)");
    }
    if (buffer == kGmNull) {
        Fail(call, "the GlobalTensor was set to a null address");
    }
    GmBuffer& buf = run.buffers[static_cast<size_t>(buffer)];
    int64_t begin = static_cast<int64_t>(addr - buf.base);
    int64_t end = begin + static_cast<int64_t>(bytes);
    if (begin < 0 || end > static_cast<int64_t>(buf.bytes)) {
        Fail(call, Cat(write ? "writes" : "reads", " bytes [", begin, ", ", end, ") of ", RoleName(buf.role), " '",
                       buf.name, "', which has ", buf.bytes, " bytes"));
    }
    if (write && (buf.role == BufferRole::kInput || buf.role == BufferRole::kTiling)) {
        Fail(call, Cat("writes ", RoleName(buf.role), " '", buf.name, "', which is read-only"));
    }
    if (buf.role != BufferRole::kOutput) {
        return;
    }
    size_t first = static_cast<size_t>(begin);
    for (size_t i = first; i < first + bytes; ++i) {
        if (write && buf.writer[i] != 0) {
            const bool sameValueAgain = newData != nullptr && buf.writer[i] == run.blockIdx + 1 &&
                                        newData[i - first] == reinterpret_cast<const uint8_t*>(buf.base)[i];
            if (!sameValueAgain) {
                Fail(call, Cat("output '", buf.name, "' byte ", i, " is written a second time (first written by block ",
                               buf.writer[i] - 1, ")"));
            }
        }
        if (!write && buf.writer[i] == 0) {
            Fail(call, Cat("reads output '", buf.name, "' byte ", i, ", which was never written"));
        }
    }
    if (write) {
        std::fill(buf.writer.begin() + static_cast<std::ptrdiff_t>(first),
                  buf.writer.begin() + static_cast<std::ptrdiff_t>(first + bytes),
                  static_cast<uint16_t>(run.blockIdx + 1));
    }
}

// DataCopy moves whole elements: its GM side must be aligned to sizeof(T) (DataCopyPad's need not).
inline void CheckGmAligned(int buffer, uintptr_t addr, uint64_t align, const char* call)
{
    RunState& run = Active(call);
    if (addr % align == 0 || buffer < 0) {
        return;  // an unset or null tensor fails with its own message on access
    }
    const GmBuffer& buf = run.buffers[static_cast<size_t>(buffer)];
    Fail(call, Cat("GM byte offset ", static_cast<int64_t>(addr - buf.base), " into ", RoleName(buf.role), " '",
                   buf.name, "' is not a multiple of the ", align, "-byte element size"));
}

// ---- UB -------------------------------------------------------------------------------------

inline uint8_t* UbData(uint64_t addr) { return g_run->ub + addr; }

// A tensor access of `bytes` bytes starting `offset` bytes after the tensor's element 0.
inline void CheckUbAccess(const UbView& view, uint64_t offset, uint64_t bytes, const char* call)
{
    if (!view.bound) {
        Fail(call, "the LocalTensor is not bound to a UB buffer (use AllocTensor, DeQue or TBuf::Get)");
    }
    if (view.slot != nullptr &&
        (view.slot->state == QueueSlot::State::kFree || view.slot->generation != view.generation)) {
        Fail(call, Cat("the tensor at UB address ", view.addr, " is used after FreeTensor"));
    }
    uint64_t begin = uint64_t{view.addr} + offset;
    uint64_t end = begin + bytes;
    if (end > view.bufEnd) {
        Fail(call, Cat("UB bytes [", begin, ", ", end, ") run past the end of the tensor's buffer [", view.bufStart,
                       ", ", view.bufEnd, ")"));
    }
}

inline void CheckUbAligned(const UbView& view, const char* call)
{
    if (view.addr % kBlockBytes != 0) {
        Fail(call, Cat("UB address ", view.addr, " is not 32-byte aligned"));
    }
}

inline void CheckUbWritten(uint64_t addr, uint64_t bytes, const char* call)
{
    const uint8_t* mask = g_run->ubWritten.data();
    const void* hole = std::memchr(mask + addr, 0, bytes);
    if (hole != nullptr) {
        Fail(call, Cat("reads UB byte ", static_cast<const uint8_t*>(hole) - mask, ", which was never written"));
    }
}

inline void MarkUb(uint64_t addr, uint64_t bytes, bool written)
{
    std::memset(g_run->ubWritten.data() + addr, written ? 1 : 0, bytes);
    if (!written) {
        std::memset(g_run->ub + addr, kUbPoison, bytes);
    }
}

// ---- pipe hazards (Note [pipe hazards]) --------------------------------------------------------

// The HardEvent that would order `from` before `to`, or the barrier within one DMA pipe.
inline std::string OrderingHint(Pipe from, Pipe to)
{
    if (from == to) {
        return Cat("PipeBarrier<PIPE_", PipeName(to), ">");
    }
    return Cat("SetFlag/WaitFlag<HardEvent::", PipeName(from), "_", PipeName(to), ">");
}

// Records an instruction of `pipe`. S issues it, so it inherits what S knows of the other pipes;
// an in-order pipe has finished its own earlier instructions. Consecutive scalar accesses of one
// call with no synchronisation between them share a record: nothing can order them apart.
inline uint32_t BeginOp(Pipe pipe, const char* call)
{
    RunState& run = *g_run;
    const int p = static_cast<int>(pipe);
    if (pipe == Pipe::kS && run.lastOpEpoch == run.syncEpoch && run.ops.size() > 1) {
        const OpRecord& last = run.ops.back();
        if (last.pipe == Pipe::kS && std::strcmp(last.call, call) == 0) {
            return static_cast<uint32_t>(run.ops.size() - 1);
        }
    }
    if (pipe != Pipe::kS) {
        const PipeClock& scalar = run.known[static_cast<int>(Pipe::kS)];
        for (int q = 0; q < kPipeCount; ++q) {
            if (q != static_cast<int>(Pipe::kS)) {
                run.known[p].done[q] = std::max(run.known[p].done[q], scalar.done[q]);
            }
        }
    }
    const uint64_t seq = ++run.issued[p];
    if (InOrder(pipe)) {
        run.known[p].done[p] = seq - 1;
    }
    run.ops.push_back(OpRecord{call, pipe, seq});
    run.lastOpEpoch = run.syncEpoch;
    return static_cast<uint32_t>(run.ops.size() - 1);
}

// Whether instruction `earlier` is complete before instruction `now` (of pipe ops[now].pipe) runs.
inline bool OrderedBefore(uint32_t earlier, uint32_t now)
{
    if (earlier == 0 || earlier == now) {
        return true;
    }
    const RunState& run = *g_run;
    const OpRecord& e = run.ops[earlier];
    return e.seq <= run.known[static_cast<int>(run.ops[now].pipe)].done[static_cast<int>(e.pipe)];
}

[[noreturn]] inline void FailRace(const char* kind, const char* space, uint64_t begin, uint64_t end, uint32_t now,
                                  bool nowWrites, uint32_t earlier, bool earlierWrote)
{
    const RunState& run = *g_run;
    const OpRecord& a = run.ops[now];
    const OpRecord& b = run.ops[earlier];
    Fail(a.call, Cat(kind, " race on ", space, " bytes [", begin, ", ", end, "): ", a.call, " (pipe ",
                     PipeName(a.pipe), ") ", nowWrites ? "writes" : "reads", " them while ", b.call, " (pipe ",
                     PipeName(b.pipe), ") may still be ", earlierWrote ? "writing" : "reading",
                     " them; nothing orders the two (", OrderingHint(b.pipe, a.pipe), ", or a queue hand-over)"));
}

// Checks an access of UB bytes [addr, addr + bytes) by instruction `op` against every unordered
// earlier access, then stamps the bytes with it.
inline void TouchUb(uint32_t op, uint64_t addr, uint64_t bytes, bool write)
{
    RunState& run = *g_run;
    const int p = static_cast<int>(run.ops[op].pipe);
    const uint64_t end = addr + bytes;
    for (uint64_t i = addr; i < end; ++i) {
        const uint32_t w = run.ubWriter[i];
        if (!OrderedBefore(w, op)) {
            uint64_t j = i;
            while (j < end && run.ubWriter[j] == w) {
                ++j;
            }
            FailRace(write ? "WAW" : "RAW", "UB", i, j, op, write, w, true);
        }
        if (write) {
            for (int q = 0; q < kPipeCount; ++q) {
                const uint32_t r = run.ubReader[q][i];
                if (!OrderedBefore(r, op)) {
                    uint64_t j = i;
                    while (j < end && run.ubReader[q][j] == r) {
                        ++j;
                    }
                    FailRace("WAR", "UB", i, j, op, true, r, false);
                }
            }
        }
    }
    if (write) {
        std::fill(run.ubWriter.begin() + static_cast<std::ptrdiff_t>(addr),
                  run.ubWriter.begin() + static_cast<std::ptrdiff_t>(end), op);
        for (int q = 0; q < kPipeCount; ++q) {
            std::fill(run.ubReader[q].begin() + static_cast<std::ptrdiff_t>(addr),
                      run.ubReader[q].begin() + static_cast<std::ptrdiff_t>(end), 0u);
        }
    } else if (p != static_cast<int>(Pipe::kS)) {  // a scalar read is complete before S goes on
        std::fill(run.ubReader[p].begin() + static_cast<std::ptrdiff_t>(addr),
                  run.ubReader[p].begin() + static_cast<std::ptrdiff_t>(end), op);
    }
}

// The same for GM bytes of an output buffer: writes against unordered earlier writes, reads
// against unordered writes (outputs are written once, so reads of them are rare).
inline void TouchGm(uint32_t op, int buffer, uintptr_t addr, uint64_t bytes, bool write)
{
    RunState& run = *g_run;
    if (buffer < 0) {
        return;
    }
    GmBuffer& buf = run.buffers[static_cast<size_t>(buffer)];
    if (buf.role != BufferRole::kOutput) {
        return;
    }
    const uint64_t first = addr - buf.base;
    const uint64_t end = std::min<uint64_t>(first + bytes, buf.bytes);
    for (uint64_t i = first; i < end; ++i) {
        const uint32_t w = buf.writerOp[i];
        if (!OrderedBefore(w, op)) {
            uint64_t j = i;
            while (j < end && buf.writerOp[j] == w) {
                ++j;
            }
            FailRace(write ? "WAW" : "RAW", Cat("output '", buf.name, "'").c_str(), i, j, op, write, w, true);
        }
    }
    if (write) {
        std::fill(buf.writerOp.begin() + static_cast<std::ptrdiff_t>(first),
                  buf.writerOp.begin() + static_cast<std::ptrdiff_t>(end), op);
    }
}

// Every pipe's instructions so far complete before every pipe's next: PipeBarrier<PIPE_ALL>.
inline void DrainAllPipes()
{
    RunState& run = *g_run;
    for (PipeClock& clock : run.known) {
        for (int q = 0; q < kPipeCount; ++q) {
            clock.done[q] = run.issued[q];
        }
    }
    run.syncEpoch += 1;
}

// ---- data cache (Note [data cache]) -------------------------------------------------------------

inline uint64_t LineBytes() { return g_run->soc.dataCacheLineBytes; }

inline uintptr_t LineBase(uintptr_t addr) { return addr / LineBytes() * LineBytes(); }

// The bytes [*lo, *hi) (addresses) that registered buffer `buf` has in the line at `base`; false
// when it has none.
inline bool BufferPart(const GmBuffer& buf, uintptr_t base, uintptr_t* lo, uintptr_t* hi)
{
    *lo = std::max(base, buf.base);
    *hi = std::min<uintptr_t>(base + LineBytes(), buf.base + buf.bytes);
    return *lo < *hi;
}

// The cached line holding `addr`, filled by instruction `op` if not cached yet, from every
// registered buffer it overlaps. Filling reads bytes of an output a DMA may still be writing: a race.
inline CacheLine& CachedLine(uintptr_t addr, uint32_t op)
{
    RunState& run = *g_run;
    const uintptr_t base = LineBase(addr);
    if (run.hotLine != nullptr && run.hotLine->base == base) {
        return *run.hotLine;
    }
    auto found = run.cache.find(base);
    if (found != run.cache.end()) {
        run.hotLine = &found->second;
        return found->second;
    }
    CacheLine line;
    line.base = base;
    line.fillOp = op;
    line.data.assign(LineBytes(), 0);
    for (size_t b = 0; b < run.buffers.size(); ++b) {
        uintptr_t lo, hi;
        if (BufferPart(run.buffers[b], base, &lo, &hi)) {
            TouchGm(op, static_cast<int>(b), lo, hi - lo, false);
            std::memcpy(line.data.data() + (lo - base), reinterpret_cast<const void*>(lo), hi - lo);
        }
    }
    run.hotLine = &run.cache.emplace(base, std::move(line)).first->second;
    return *run.hotLine;
}

// Writes `line`, held by block `block`, back to GM whole. Its bytes this block did not store
// and that this block's DMA wrote after the fill are overwritten: an error. Other blocks' writes
// are checked at the end of the run (CheckWrittenBackLines), whatever order they ran in.
inline void WriteBackLine(uint32_t block, const CacheLine& line, const char* call)
{
    RunState& run = *g_run;
    if (line.dirty == 0) {
        return;
    }
    const uint32_t op = BeginOp(Pipe::kS, call);
    uint64_t clean = 0;
    for (GmBuffer& buf : run.buffers) {
        uintptr_t lo, hi;
        if (!BufferPart(buf, line.base, &lo, &hi)) {
            continue;
        }
        for (uintptr_t a = lo; a < hi; ++a) {
            const uint64_t bit = uint64_t{1} << (a - line.base);
            const bool dirty = (line.dirty & bit) != 0;
            clean |= dirty ? 0 : bit;
            if (buf.role != BufferRole::kOutput) {
                continue;
            }
            const size_t i = a - buf.base;
            if (!dirty && buf.writer[i] == block + 1 && buf.writerOp[i] > line.fillOp) {
                Fail(call, Cat("the data cache writes the ", LineBytes(), "-byte line [", line.base - buf.base, ", ",
                               line.base - buf.base + LineBytes(), ") of output '", buf.name, "' back whole, over byte ",
                               i, ", which ", run.ops[buf.writerOp[i]].call, " of this core wrote after the line was "
                               "cached by GlobalTensor::SetValue (flush the line with DataCacheCleanAndInvalid before "
                               "DMA writes into it)"));
            }
        }
        for (uintptr_t a = lo; a < hi; ++a) {
            reinterpret_cast<uint8_t*>(a)[0] = line.data[a - line.base];
            if (buf.role == BufferRole::kOutput && (line.dirty >> (a - line.base) & 1u) != 0) {
                buf.writerOp[a - buf.base] = op;
            }
        }
    }
    run.writtenBack.push_back(WrittenBackLine{block, line.base, clean});
}

// A DMA of GM bytes [addr, addr + bytes) while the core holds some of them in dirty lines: a
// write would be overwritten by the line's write-back, a read would miss the scalar stores.
inline void CheckDmaAgainstCache(int buffer, uintptr_t addr, uint64_t bytes, bool write, const char* call)
{
    RunState& run = *g_run;
    if (run.cache.empty() || bytes == 0 || buffer < 0) {
        return;
    }
    for (uintptr_t base = LineBase(addr); base < addr + bytes; base += LineBytes()) {
        auto found = run.cache.find(base);
        if (found == run.cache.end() || found->second.dirty == 0) {
            continue;
        }
        const GmBuffer& buf = run.buffers[static_cast<size_t>(buffer)];
        Fail(call, Cat(write ? "writes" : "reads", " GM bytes of the ", LineBytes(), "-byte line [",
                       base - buf.base, ", ", base - buf.base + LineBytes(), ") of ", RoleName(buf.role), " '",
                       buf.name, "', which holds scalar stores (GlobalTensor::SetValue) not written back yet; ",
                       write ? "the line's write-back would overwrite the DMA's bytes"
                             : "the DMA would read GM without them",
                       " (flush it with DataCacheCleanAndInvalid first)"));
    }
}

// A scalar access of GM bytes [at, at + bytes) of `buffer` through the cache: reads copy out of
// the cached line, writes into it (marking the bytes dirty).
inline void ScalarGm(uintptr_t at, uint8_t* value, uint64_t bytes, bool write, const char* call)
{
    const uint32_t op = BeginOp(Pipe::kS, call);
    for (uint64_t i = 0; i < bytes; ++i) {
        CacheLine& line = CachedLine(at + i, op);
        const uint64_t pos = at + i - line.base;
        if (write) {
            line.data[pos] = value[i];
            line.dirty |= uint64_t{1} << pos;
        } else {
            value[i] = line.data[pos];
        }
    }
}

// DataCacheCleanAndInvalid: the line holding `addr` (or every line) back to GM, then dropped.
inline void CleanAndInvalidate(int buffer, uintptr_t addr, bool entire)
{
    const char* call = "DataCacheCleanAndInvalid";
    RunState& run = Active(call);
    if (!run.soc.hasDataCacheCleanAndInvalid) {
        Fail(call, Cat("DataCacheCleanAndInvalid does not exist on ", run.soc.name));
    }
    if (!entire && buffer < 0) {
        Fail(call, "the GlobalTensor has no buffer (call SetGlobalBuffer first)");
    }
    run.syncEpoch += 1;
    for (auto it = run.cache.begin(); it != run.cache.end();) {
        if (entire || it->first == LineBase(addr)) {
            WriteBackLine(run.blockIdx, it->second, call);
            it = run.cache.erase(it);
            run.hotLine = nullptr;
        } else {
            ++it;
        }
    }
}

// Block `block`'s end: its dirty lines wait for the write-back that follows the kernel.
inline void RetireCache(uint32_t block)
{
    RunState& run = *g_run;
    for (auto& entry : run.cache) {
        if (entry.second.dirty != 0) {
            run.pendingWriteBacks.emplace_back(block, std::move(entry.second));
        }
    }
    run.cache.clear();
    run.hotLine = nullptr;
}

// Cores run concurrently on device: a line one core wrote back whole overwrites, in some order,
// any byte of it another core wrote (by DMA or by its own cache).
inline void CheckWrittenBackLines()
{
    RunState& run = *g_run;
    for (const WrittenBackLine& line : run.writtenBack) {
        for (const GmBuffer& buf : run.buffers) {
            uintptr_t lo, hi;
            if (buf.role != BufferRole::kOutput || !BufferPart(buf, line.base, &lo, &hi)) {
                continue;
            }
            for (uintptr_t a = lo; a < hi; ++a) {
                const size_t i = a - buf.base;
                if ((line.clean >> (a - line.base) & 1u) == 0 || buf.writer[i] == 0 || buf.writer[i] == line.block + 1) {
                    continue;
                }
                const uint32_t op = buf.writerOp[i];
                throw SimError(Cat(run.kernel, ": block ", line.block, "'s data cache writes the ", LineBytes(),
                                   "-byte line [", line.base - buf.base, ", ", line.base - buf.base + LineBytes(),
                                   ") of output '", buf.name, "' back whole, over byte ", i, ", which block ",
                                   buf.writer[i] - 1, " wrote",
                                   op != 0 ? Cat(" (", run.ops[op].call, ")") : std::string(),
                                   ": cores sharing a line overwrite each other's bytes (keep the lines a core "
                                   "stores to by GlobalTensor::SetValue to that core)"));
            }
        }
    }
}

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

// GET_TILING_DATA: the struct is read from the tiling buffer with the usual GM bounds check.
// Not counted as scalar GM traffic: every kernel pays it once, whatever its data.
template <typename Tiling>
void LoadTilingData(Tiling* dst, const uint8_t* tiling, const char* call)
{
    static_assert(std::is_trivially_copyable<Tiling>::value, "tiling structs must be trivially copyable");
    uintptr_t addr = reinterpret_cast<uintptr_t>(tiling);
    AccessGm(FindGmBuffer(addr, call), addr, sizeof(Tiling), false, call);
    std::memcpy(static_cast<void*>(dst), tiling, sizeof(Tiling));
}

inline uint64_t ActiveTilingKey() { return Active("TILING_KEY_IS").tilingKey; }

constexpr int kKernelTypeAivOnly = 0;  // KernelMetaType::KERNEL_TYPE_AIV_ONLY (kernel_types.h)

// KERNEL_TASK_TYPE_DEFAULT(type), a statement of the kernel body.
inline void DeclareKernelType(int type) { Active("KERNEL_TASK_TYPE_DEFAULT").kernelType = type; }

// Split chips launch a kernel that does not say it is vector-only as a mixed one: one cube core
// to two vector cores, whose GetBlockIdx then runs to 2 x blockDim.
inline void CheckKernelType(const RunState& run)
{
    if (run.soc.requiresAivOnlyKernelType && run.kernelType != kKernelTypeAivOnly) {
        throw SimError(Cat(run.kernel, ": the kernel does not declare KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY); "
                                       "on ", run.soc.name, " a vector-only kernel without it may launch mixed (1 cube : "
                                       "2 vector cores), and GetBlockIdx then runs to 2 x blockDim"));
    }
}

}  // namespace detail

// Owns the SoC configuration, the registered GM buffers and the statistics of the last run.
class Simulator {
public:
    explicit Simulator(SocConfig soc) : soc_(std::move(soc))
    {
        if (soc_.name.empty()) {
            throw SimError("SocConfig.name must not be empty");
        }
        if (soc_.ubBytes == 0 || soc_.ubBytes % detail::kBlockBytes != 0) {
            throw SimError(detail::Cat("SocConfig.ubBytes = ", soc_.ubBytes, ": must be a positive multiple of 32"));
        }
        if (soc_.coreNum == 0) {
            throw SimError("SocConfig.coreNum must be > 0");
        }
        const uint32_t line = soc_.dataCacheLineBytes;
        if (line == 0 || line > 64 || (line & (line - 1)) != 0) {
            throw SimError(detail::Cat("SocConfig.dataCacheLineBytes = ", line, ": must be a power of two <= 64"));
        }
        if (soc_.eventIdsPerEvent == 0 || soc_.eventIdsPerEvent > 8) {
            throw SimError(detail::Cat("SocConfig.eventIdsPerEvent = ", soc_.eventIdsPerEvent, ": must be in [1, 8]"));
        }
        uint32_t padBytes = soc_.dataCopyPadMaxElemBytes;
        if (soc_.hasDataCopyPad && padBytes != 1 && padBytes != 2 && padBytes != 4 && padBytes != 8) {
            throw SimError(detail::Cat("SocConfig.dataCopyPadMaxElemBytes = ", padBytes, ": must be 1, 2, 4 or 8"));
        }
    }

    // Registers a GM buffer. Every GM access is checked against the buffer its GlobalTensor was
    // set to; buffers must not overlap, so that buffer is unambiguous.
    void AddBuffer(const std::string& name, BufferRole role, void* data, uint64_t bytes)
    {
        if (detail::g_run != nullptr) {
            throw SimError(detail::Cat("AddBuffer('", name, "') while a kernel is running"));
        }
        uintptr_t base = reinterpret_cast<uintptr_t>(data);
        if (base == 0 && bytes != 0) {
            throw SimError(detail::Cat("AddBuffer('", name, "'): null data with ", bytes, " bytes"));
        }
        for (const detail::GmBuffer& other : buffers_) {
            if (other.name == name) {
                throw SimError(detail::Cat("AddBuffer('", name, "'): a buffer of that name is already registered"));
            }
            if (bytes != 0 && other.bytes != 0 && base < other.base + other.bytes && other.base < base + bytes) {
                throw SimError(detail::Cat("AddBuffer('", name, "'): overlaps buffer '", other.name, "'"));
            }
        }
        buffers_.push_back(detail::GmBuffer{name, role, base, bytes, {}, {}});
    }

    void SetTilingKey(uint64_t key) { tilingKey_ = key; }

    // Runs `kernelCall` once per block, block 0 first, each with a fresh poisoned UB. Throws
    // SimError on the first violation; afterwards, fails if any output byte was never written.
    void Run(const std::string& kernelName, uint32_t blockDim, const std::function<void()>& kernelCall)
    {
        if (detail::g_run != nullptr) {
            throw SimError(kernelName + ": Simulator::Run called from inside a running kernel");
        }
        if (blockDim < 1 || blockDim > 65535) {
            throw SimError(detail::Cat(kernelName, ": blockDim ", blockDim, " is outside [1, 65535]"));
        }
        stats_ = Stats{};
        stats_.blockDim = blockDim;
        stats_.blocks.assign(blockDim, BlockStats{});
        for (detail::GmBuffer& buf : buffers_) {
            buf.writer.assign(buf.role == BufferRole::kOutput ? buf.bytes : 0, 0);
            buf.writerOp.assign(buf.role == BufferRole::kOutput ? buf.bytes : 0, 0);
        }
        detail::RunState run(soc_, buffers_, stats_, tilingKey_, kernelName, blockDim);
        {
            detail::ActiveRun active(&run);
            for (uint32_t block = 0; block < blockDim; ++block) {
                run.BeginBlock(block);
                kernelCall();
                run.EndBlock();
                detail::RetireCache(block);
                if (block == 0) {
                    detail::CheckKernelType(run);
                }
            }
            WriteBackCaches(run);
        }
        CheckOutputsWritten(kernelName);
    }

    // Calls an AscendC kernel entry, e.g. `extern "C" void k(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling)`.
    template <typename... Params, typename... Args>
    void RunKernel(const std::string& kernelName, uint32_t blockDim, void (*kernel)(Params...), Args... args)
    {
        Run(kernelName, blockDim, [&]() { kernel(args...); });
    }

    const Stats& GetStats() const { return stats_; }
    const SocConfig& Soc() const { return soc_; }

private:
    // Note [data cache]: the lines the blocks left dirty go back after the kernel, in an order the
    // seed picks, as the cores' caches drain in no fixed order on device.
    void WriteBackCaches(detail::RunState& run) const
    {
        std::vector<std::pair<uint32_t, detail::CacheLine>>& lines = run.pendingWriteBacks;
        std::mt19937_64 order(soc_.seed);
        std::shuffle(lines.begin(), lines.end(), order);
        for (const auto& [block, line] : lines) {
            run.blockIdx = block;
            detail::WriteBackLine(block, line, "kernel-end data cache write-back");
        }
        detail::CheckWrittenBackLines();
    }

    void CheckOutputsWritten(const std::string& kernelName) const
    {
        for (const detail::GmBuffer& buf : buffers_) {
            if (buf.role != BufferRole::kOutput) {
                continue;
            }
            uint64_t missing = 0;
            uint64_t first = 0;
            for (uint64_t i = buf.bytes; i-- > 0;) {
                if (buf.writer[i] == 0) {
                    missing += 1;
                    first = i;
                }
            }
            if (missing != 0) {
                throw SimError(detail::Cat(kernelName, ": output '", buf.name, "': ", missing, " of ", buf.bytes,
                                           " bytes never written (first at byte ", first, ")"));
            }
        }
    }

    SocConfig soc_;
    std::vector<detail::GmBuffer> buffers_;
    uint64_t tilingKey_ = 0;
    Stats stats_;
};

// For C ABI launchers: runs and returns "" on success, otherwise the error message (a SimError's
// text, or "internal error: ..." for anything else), so no exception crosses the ABI.
inline std::string RunCatching(Simulator& sim, const std::string& kernelName, uint32_t blockDim,
                               const std::function<void()>& kernelCall)
{
    try {
        sim.Run(kernelName, blockDim, kernelCall);
    } catch (const SimError& e) {
        return e.what();
    } catch (const std::exception& e) {
        return std::string("internal error: ") + e.what();
    } catch (...) {
        return "internal error: unknown exception";
    }
    return std::string();
}

template <typename... Params, typename... Args>
std::string RunKernelCatching(Simulator& sim, const std::string& kernelName, uint32_t blockDim,
                              void (*kernel)(Params...), Args... args)
{
    return RunCatching(sim, kernelName, blockDim, [&]() { kernel(args...); });
}

// Copies `message` into a caller's C buffer, always NUL-terminated, truncated to fit.
inline void CopyMessage(const std::string& message, char* buffer, size_t bufferSize)
{
    if (buffer == nullptr || bufferSize == 0) {
        return;
    }
    size_t n = std::min(message.size(), bufferSize - 1);
    std::memcpy(buffer, message.data(), n);
    buffer[n] = '\0';
}

}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_CONTEXT_H
