// The hazard checks of Note [pipe hazards] (sim_pipes.h): each instruction is recorded on its pipe,
// and every UB or output GM access is checked against the unordered earlier accesses of its bytes.
#ifndef ASCEND_KERNELS_SIM_SIM_PIPE_HAZARDS_H
#define ASCEND_KERNELS_SIM_SIM_PIPE_HAZARDS_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "sim_run_state.h"

namespace ascend_sim {
namespace detail {

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

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_PIPE_HAZARDS_H
