// The core's GM data cache that GlobalTensor::GetValue / SetValue go through (Note [data cache]):
// line fills, scalar stores into lines, write-backs and the checks of what they overwrite.
#ifndef ASCEND_KERNELS_SIM_SIM_DATA_CACHE_H
#define ASCEND_KERNELS_SIM_SIM_DATA_CACHE_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "sim_pipe_hazards.h"
#include "sim_run_state.h"

namespace ascend_sim {
namespace detail {

// Note [data cache]
// GlobalTensor::GetValue / SetValue go through the core's data cache: the first access of a line
// (dataCacheLineBytes, 64) fills it from GM, SetValue changes only the cached copy, and the whole
// line goes back to GM later: at DataCacheCleanAndInvalid, or when the kernel ends (the order of
// those write-backs varies with SocConfig::seed). A line written back whole overwrites every byte
// of it that anyone else wrote since the fill: another core's DMA or scalar stores, or this core's
// own DMA. The simulator performs the write-backs (so clobbered bytes really are wrong) and reports
// each such overwrite, and a DMA that writes or reads a line the core holds dirty. A line may
// hold bytes of several registered buffers; bytes outside them are never read or written.

// ---- data cache (Note [data cache]) -------------------------------------------------------------

inline uint64_t LineBytes() { return static_cast<uint64_t>(g_run->soc.product.dataCacheLineBytes); }

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
    if (!run.soc.product.dataCacheClean) {
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

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_DATA_CACHE_H
