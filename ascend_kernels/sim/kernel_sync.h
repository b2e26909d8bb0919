// Block indexing and pipe synchronisation: SetFlag / WaitFlag / PipeBarrier order the pipes of
// the hazard model (Note [pipe hazards] in sim_pipes.h), and the event ids they use come from the
// live TPipe's pool of products.yaml event_ids_per_event ids per HardEvent (4 on the training series,
// 8 elsewhere). A WaitFlag with no SetFlag before it is an error because on device the core would
// hang; a kernel's SetFlag must use an id its TPipe handed out (AllocEventID, FetchEventID), not
// one a queue holds for its own hand-over flags.
#ifndef ASCEND_KERNELS_SIM_KERNEL_SYNC_H
#define ASCEND_KERNELS_SIM_KERNEL_SYNC_H

#include <cstdint>

#include "kernel_types.h"
#include "sim_context.h"

namespace ascend_sim {
namespace detail {

// The pipe a HardEvent's SetFlag runs on and the pipe its WaitFlag stalls; false for the events
// of pipes the simulator does not model (cube, MTE1, FIX): those order nothing here.
inline bool EventPipes(AscendC::HardEvent event, Pipe* from, Pipe* to)
{
    using AscendC::HardEvent;
    switch (event) {
        case HardEvent::MTE2_V: *from = Pipe::kMte2; *to = Pipe::kV; return true;
        case HardEvent::V_MTE2: *from = Pipe::kV; *to = Pipe::kMte2; return true;
        case HardEvent::MTE3_V: *from = Pipe::kMte3; *to = Pipe::kV; return true;
        case HardEvent::V_MTE3: *from = Pipe::kV; *to = Pipe::kMte3; return true;
        case HardEvent::MTE3_MTE2: *from = Pipe::kMte3; *to = Pipe::kMte2; return true;
        case HardEvent::MTE2_MTE3: *from = Pipe::kMte2; *to = Pipe::kMte3; return true;
        case HardEvent::S_V: *from = Pipe::kS; *to = Pipe::kV; return true;
        case HardEvent::V_S: *from = Pipe::kV; *to = Pipe::kS; return true;
        case HardEvent::S_MTE2: *from = Pipe::kS; *to = Pipe::kMte2; return true;
        case HardEvent::MTE2_S: *from = Pipe::kMte2; *to = Pipe::kS; return true;
        case HardEvent::S_MTE3: *from = Pipe::kS; *to = Pipe::kMte3; return true;
        case HardEvent::MTE3_S: *from = Pipe::kMte3; *to = Pipe::kS; return true;
        case HardEvent::V_V: *from = Pipe::kV; *to = Pipe::kV; return true;
        default: return false;
    }
}

inline void CheckEventId(AscendC::HardEvent event, int32_t id, const char* call)
{
    const RunState& run = Active(call);
    if (id < 0 || id >= run.soc.product.eventIdsPerEvent) {
        Fail(call, Cat("HardEvent::", HardEventName(event), " id ", id, " is outside [0, ", run.soc.product.eventIdsPerEvent,
                       "), the event ids of ", run.soc.name));
    }
}

// The flag: everything the setting pipe issued so far is complete when it fires.
inline void RaiseFlag(AscendC::HardEvent event, int32_t id, const char* call)
{
    RunState& run = *g_run;
    run.stats.syncCalls += 1;
    PipeClock fired{};
    Pipe from, to;
    if (EventPipes(event, &from, &to)) {
        const uint32_t op = BeginOp(from, call);
        fired = run.known[static_cast<int>(from)];
        fired.done[static_cast<int>(from)] = run.ops[op].seq;
    }
    run.flags[{static_cast<int>(event), id}].push_back(fired);
    run.syncEpoch += 1;
}

// The wait: the waiting pipe's later instructions start after what the flag covered.
inline void AwaitFlag(AscendC::HardEvent event, int32_t id, const char* call)
{
    RunState& run = *g_run;
    run.stats.syncCalls += 1;
    std::vector<PipeClock>& pending = run.flags[{static_cast<int>(event), id}];
    if (pending.empty()) {
        Fail(call, Cat("HardEvent::", HardEventName(event), " id ", id,
                       " was never set (SetFlag must come first, or the core hangs)"));
    }
    const PipeClock fired = pending.front();
    pending.erase(pending.begin());
    Pipe from, to;
    if (EventPipes(event, &from, &to)) {
        BeginOp(to, call);
        run.known[static_cast<int>(to)].Join(fired);
    }
    run.syncEpoch += 1;
}

// The lowest id of `event` nobody holds, for `owner`; fails when all are held.
inline int32_t AllocEventId(AscendC::HardEvent event, EventOwner owner, const char* call)
{
    RunState& run = Active(call);
    uint8_t* held = run.eventOwner[static_cast<int>(event)];
    for (int32_t id = 0; id < run.soc.product.eventIdsPerEvent; ++id) {
        if (held[id] == kEventFree) {
            held[id] = owner;
            run.eventFetched[static_cast<int>(event)] &= static_cast<uint8_t>(~(1u << id));
            return static_cast<int32_t>(id);
        }
    }
    Fail(call, Cat("all ", run.soc.product.eventIdsPerEvent, " event ids of HardEvent::", HardEventName(event),
                   " are allocated"));
}

inline void ReleaseEventId(AscendC::HardEvent event, int32_t id, EventOwner owner, const char* call)
{
    CheckEventId(event, id, call);
    uint8_t& held = g_run->eventOwner[static_cast<int>(event)][id];
    if (held != owner) {
        Fail(call, Cat("HardEvent::", HardEventName(event), " id ", id, " is not allocated",
                       held == kEventQueue ? " by the kernel (a TQue holds it)" : ""));
    }
    held = kEventFree;
}

}  // namespace detail
}  // namespace ascend_sim

namespace AscendC {

inline int64_t GetBlockIdx() { return ascend_sim::detail::Active("GetBlockIdx").blockIdx; }
inline int64_t GetBlockNum() { return ascend_sim::detail::Active("GetBlockNum").blockDim; }
// Coupled execution: one vector core per block.
inline int64_t GetSubBlockIdx() { return 0; }
inline int64_t GetTaskRatio() { return 1; }

template <HardEvent event>
void SetFlag(int32_t eventID)
{
    namespace sim = ascend_sim::detail;
    const char* call = "SetFlag";
    sim::RunState& run = sim::Active(call);
    sim::CheckEventId(event, eventID, call);
    if (run.pipe != nullptr) {  // with a TPipe, ids come from its pool
        const uint8_t held = run.eventOwner[static_cast<int>(event)][eventID];
        const bool fetched = (run.eventFetched[static_cast<int>(event)] >> eventID & 1u) != 0;
        if (held == sim::kEventQueue) {
            sim::Fail(call, sim::Cat("HardEvent::", sim::HardEventName(event), " id ", eventID,
                                     " is held by a TQue for its own EnQue / FreeTensor flag; take ids from "
                                     "TPipe::AllocEventID or FetchEventID"));
        }
        if (held != sim::kEventKernel && !fetched) {
            sim::Fail(call, sim::Cat("HardEvent::", sim::HardEventName(event), " id ", eventID,
                                     " was not handed out by TPipe::AllocEventID or FetchEventID (with a TPipe, "
                                     "the queues and the compiler take ids from the same pool)"));
        }
    }
    sim::RaiseFlag(event, eventID, call);
}

template <HardEvent event>
void WaitFlag(int32_t eventID)
{
    namespace sim = ascend_sim::detail;
    const char* call = "WaitFlag";
    sim::Active(call);
    sim::CheckEventId(event, eventID, call);
    sim::AwaitFlag(event, eventID, call);
}

template <pipe_t pipe>
void PipeBarrier()
{
    namespace sim = ascend_sim::detail;
    sim::RunState& run = sim::Active("PipeBarrier");
    run.stats.syncCalls += 1;
    if constexpr (pipe == PIPE_ALL) {
        sim::DrainAllPipes();
    } else if constexpr (pipe == PIPE_MTE2 || pipe == PIPE_MTE3 || pipe == PIPE_V) {
        constexpr sim::Pipe modelled = pipe == PIPE_MTE2 ? sim::Pipe::kMte2
                                       : pipe == PIPE_MTE3 ? sim::Pipe::kMte3
                                                           : sim::Pipe::kV;
        const uint32_t op = sim::BeginOp(modelled, "PipeBarrier");
        run.known[static_cast<int>(modelled)].done[static_cast<int>(modelled)] = run.ops[op].seq;
        run.syncEpoch += 1;
    }
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_SYNC_H
