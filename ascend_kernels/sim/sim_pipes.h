// The pipes of one AI core and what orders them: the state of the simulator's hazard model (the
// CPU twin of msSanitizer's racecheck), independent of the rest of the run state.
//
// Note [pipe hazards]
// On device the scalar unit (S) issues every instruction in program order, but each lands in the
// queue of its pipe: MTE2 (GM -> UB), MTE3 (UB -> GM), V (vector instructions, UB -> UB copies) or
// S itself (GetValue / SetValue). Pipes run concurrently; an instruction is ordered after one of
// another pipe only through
//  - SetFlag<X_Y>(id) / WaitFlag<X_Y>(id): everything pipe X issued before the SetFlag completes
//    before anything pipe Y issues after the WaitFlag (WaitFlag stalls pipe Y only);
//  - PipeBarrier<PIPE_X>: pipe X's earlier instructions complete before its later ones (DMA pipes
//    may overlap their own instructions otherwise); PipeBarrier<PIPE_ALL> drains every pipe;
//  - the flags the queue operations set and wait (TQue::EnQue / DeQue / FreeTensor / AllocTensor,
//    kernel_tpipe.h), which order exactly the pipes their HardEvents name;
//  - issue order, in one direction: an instruction S issues after S itself waited for something
//    starts after that something, and after every scalar read S did (a read completes before S
//    goes on). Scalar writes may still be buffered: they need an S_X flag.
// Each pipe keeps a clock: for every pipe, the sequence number up to which that pipe's
// instructions are known complete before its own next instruction starts. Every access of UB (and
// of output GM) is stamped with the instruction that made it; an access that conflicts (read after
// write, write after read, write after write) with an instruction its pipe's clock does not cover
// is a race the simulator reports, naming both instructions, their pipes and the bytes.
#ifndef ASCEND_KERNELS_SIM_SIM_PIPES_H
#define ASCEND_KERNELS_SIM_SIM_PIPES_H

#include <algorithm>
#include <cstdint>

namespace ascend_sim {
namespace detail {

enum class Pipe : uint8_t { kS = 0, kV = 1, kMte2 = 2, kMte3 = 3 };
constexpr int kPipeCount = 4;

inline const char* PipeName(Pipe pipe)
{
    switch (pipe) {
        case Pipe::kS: return "S";
        case Pipe::kV: return "V";
        case Pipe::kMte2: return "MTE2";
        case Pipe::kMte3: return "MTE3";
    }
    return "?";
}

// Pipes that finish each instruction before starting their next one; the DMA pipes may overlap
// theirs (PipeBarrier<PIPE_MTE2 / PIPE_MTE3> separates them).
inline bool InOrder(Pipe pipe) { return pipe == Pipe::kS || pipe == Pipe::kV; }

// For each pipe, the sequence number up to which its instructions are complete.
struct PipeClock {
    uint64_t done[kPipeCount] = {};

    void Join(const PipeClock& other)
    {
        for (int p = 0; p < kPipeCount; ++p) {
            done[p] = std::max(done[p], other.done[p]);
        }
    }
};

// One instruction, as the accesses it made are stamped with it.
struct OpRecord {
    const char* call;
    Pipe pipe;
    uint64_t seq;  // per pipe, increasing over the whole run
};

}  // namespace detail
}  // namespace ascend_sim

#endif  // ASCEND_KERNELS_SIM_SIM_PIPES_H
