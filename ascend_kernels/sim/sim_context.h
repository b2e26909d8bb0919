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
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

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
constexpr uint32_t kEventIdsPerEvent = 8;

inline uint64_t AlignUp(uint64_t value, uint64_t align) { return (value + align - 1) / align * align; }

struct GmBuffer {
    std::string name;
    BufferRole role;
    uintptr_t base;
    uint64_t bytes;
    // Outputs only: per byte, 0 = not written yet, otherwise (writing block + 1). A second write
    // is an error at once, so this doubles as the write count.
    std::vector<uint16_t> writer;
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
          ubWritten(socIn.ubBytes)
    {
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
    std::map<std::pair<int, int32_t>, int64_t> flags;  // (HardEvent, id) -> SetFlags not yet waited
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
inline void AccessGm(int buffer, uintptr_t addr, uint64_t bytes, bool write, const char* call)
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
            Fail(call, Cat("output '", buf.name, "' byte ", i, " is written a second time (first written by block ",
                           buf.writer[i] - 1, ")"));
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
        buffers_.push_back(detail::GmBuffer{name, role, base, bytes, {}});
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
        }
        detail::RunState run(soc_, buffers_, stats_, tilingKey_, kernelName, blockDim);
        {
            detail::ActiveRun active(&run);
            for (uint32_t block = 0; block < blockDim; ++block) {
                run.BeginBlock(block);
                kernelCall();
                run.EndBlock();
            }
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
