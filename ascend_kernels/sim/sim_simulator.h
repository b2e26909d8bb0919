// ascend_sim::Simulator: owns the SoC configuration, the registered GM buffers and the statistics
// of the last run, and runs a kernel's blocks one after another (sim_context.h shows a launcher).
#ifndef ASCEND_KERNELS_SIM_SIM_SIMULATOR_H
#define ASCEND_KERNELS_SIM_SIM_SIMULATOR_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "sim_data_cache.h"
#include "sim_run_state.h"
#include "sim_stats.h"

namespace ascend_sim {
namespace detail {

inline uint64_t ActiveTilingKey() { return Active("TILING_KEY_IS").tilingKey; }

constexpr int kKernelTypeAivOnly = 0;  // KernelMetaType::KERNEL_TYPE_AIV_ONLY (kernel_types.h)

// KERNEL_TASK_TYPE_DEFAULT(type), a statement of the kernel body.
inline void DeclareKernelType(int type) { Active("KERNEL_TASK_TYPE_DEFAULT").kernelType = type; }

// Split chips launch a kernel that does not say it is vector-only as a mixed one: one cube core
// to two vector cores, whose GetBlockIdx then runs to 2 x blockDim.
inline void CheckKernelType(const RunState& run)
{
    if (run.soc.product.kernelTypeRequired && run.kernelType != kKernelTypeAivOnly) {
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
        const int32_t line = soc_.product.dataCacheLineBytes;
        if (line <= 0 || line > 64 || (line & (line - 1)) != 0) {
            throw SimError(detail::Cat("SocConfig.product.dataCacheLineBytes = ", line, ": must be a power of two <= 64"));
        }
        if (soc_.product.eventIdsPerEvent < 1 || soc_.product.eventIdsPerEvent > 8) {
            throw SimError(detail::Cat("SocConfig.product.eventIdsPerEvent = ", soc_.product.eventIdsPerEvent,
                                       ": must be in [1, 8]"));
        }
        const int32_t padBytes = soc_.product.dataCopyPadMaxElemBytes;
        if (soc_.product.dataCopyPad && padBytes != 1 && padBytes != 2 && padBytes != 4 && padBytes != 8) {
            throw SimError(detail::Cat("SocConfig.product.dataCopyPadMaxElemBytes = ", padBytes, ": must be 1, 2, 4 or 8"));
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
        stats_.SetBusiestCore();
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

#endif  // ASCEND_KERNELS_SIM_SIM_SIMULATOR_H
