// TPipe, TQue / TQueBind and TBuf: UB allocation and the buffer hand-over protocol.
//
// Execution is sequential, so queues never wait; instead every misuse that would hang or race on
// device is an error: allocating more buffers than the queue has, EnQue beyond the depth, DeQue
// of an empty queue, freeing a tensor twice, freeing a tensor of another queue, and using a
// tensor after FreeTensor.
//
// The queue operations synchronise the pipes exactly as CANN's TQueBind does (impl/basic_api/
// kernel_tquebind_impl.h), with ids from the TPipe's pool: EnQue allocates an id of the queue's
// enQueEvt and sets it, DeQue waits for it and releases it; FreeTensor allocates an id of its
// freeBufEvt and sets it, and the next AllocTensor of that buffer waits for it and releases it.
// The events follow the queue's positions: TQue<VECIN> (GM -> UB) MTE2_V / V_MTE2, TQue<VECOUT>
// (UB -> GM) V_MTE3 / MTE3_V, TQueBind<VECIN, VECOUT> (UB -> UB) MTE2_MTE3 / MTE3_MTE2. So DeQue
// orders only the consumer pipe and AllocTensor only the producer pipe: the scalar unit is
// ordered by neither (Note [pipe hazards] in sim_pipes.h).
#ifndef ASCEND_KERNELS_SIM_KERNEL_TPIPE_H
#define ASCEND_KERNELS_SIM_KERNEL_TPIPE_H

#include <cstdint>
#include <cstring>
#include <deque>
#include <vector>

#include "kernel_sync.h"
#include "kernel_tensor.h"
#include "kernel_types.h"
#include "sim_context.h"

namespace ascend_sim {
namespace detail {

// The hand-over events of a queue between `src` and `dst` (a TQue<pos> is TQueBind<pos, pos>):
// enQueEvt orders the producer's writes before the consumer, freeBufEvt the consumer's reads
// before the producer's next writes.
struct QueueEvents {
    AscendC::HardEvent enQue;
    AscendC::HardEvent freeBuf;
};

constexpr QueueEvents EventsOf(AscendC::TPosition src, AscendC::TPosition dst)
{
    using AscendC::HardEvent;
    using AscendC::TPosition;
    if (src == dst && src == TPosition::VECIN) {
        return {HardEvent::MTE2_V, HardEvent::V_MTE2};
    }
    if (src == dst && src == TPosition::VECOUT) {
        return {HardEvent::V_MTE3, HardEvent::MTE3_V};
    }
    return {HardEvent::MTE2_MTE3, HardEvent::MTE3_MTE2};  // both in UB
}

// Buffers and FIFO of one queue; the TQueBind templates forward to it.
class QueueCore {
public:
    void Init(uint32_t firstAddr, uint32_t num, uint32_t len, int32_t depth, QueueEvents events, uint8_t position)
    {
        events_ = events;
        position_ = position;
        if (initialised_) {
            Fail("TPipe::InitBuffer", "this queue already has buffers (InitBuffer called twice)");
        }
        initialised_ = true;
        depth_ = depth;
        slots_.resize(num);  // never resized again: tensors keep pointers to their slot
        for (uint32_t i = 0; i < num; ++i) {
            slots_[i].addr = firstAddr + i * len;
            slots_[i].bytes = len;
        }
    }

    UbView Alloc()
    {
        const char* call = "TQue::AllocTensor";
        Active(call);
        if (slots_.empty()) {
            Fail(call, "the queue has no buffers (call TPipe::InitBuffer first)");
        }
        for (size_t n = 0; n < slots_.size(); ++n) {
            size_t i = (cursor_ + n) % slots_.size();
            if (slots_[i].state == QueueSlot::State::kFree) {
                cursor_ = (i + 1) % slots_.size();
                if (slots_[i].freeEventId >= 0) {
                    AwaitFlag(events_.freeBuf, slots_[i].freeEventId, call);
                    ReleaseEventId(events_.freeBuf, slots_[i].freeEventId, kEventQueue, call);
                    slots_[i].freeEventId = -1;
                }
                slots_[i].state = QueueSlot::State::kAllocated;
                MarkUb(slots_[i].addr, slots_[i].bytes, false);  // Note [UB validity]
                return ViewOf(slots_[i], position_);
            }
        }
        Fail(call, Cat("all ", slots_.size(),
                       " buffers of the queue are in use (FreeTensor one before the next AllocTensor)"));
    }

    void Enque(const UbView& view)
    {
        const char* call = "TQue::EnQue";
        QueueSlot& slot = OwnSlot(view, call);
        if (slot.state == QueueSlot::State::kQueued) {
            Fail(call, Cat("the buffer at UB address ", slot.addr, " is already queued"));
        }
        if (fifo_.size() >= static_cast<size_t>(depth_)) {
            Fail(call, Cat("the queue already holds ", fifo_.size(), " tensor(s), its depth is ", depth_,
                           " (DeQue before the next EnQue)"));
        }
        slot.state = QueueSlot::State::kQueued;
        slot.enQueEventId = AllocEventId(events_.enQue, kEventQueue, call);
        RaiseFlag(events_.enQue, slot.enQueEventId, call);
        fifo_.push_back(&slot);
    }

    UbView Deque()
    {
        const char* call = "TQue::DeQue";
        Active(call);
        if (fifo_.empty()) {
            Fail(call, "the queue is empty (DeQue without a matching EnQue)");
        }
        QueueSlot* slot = fifo_.front();
        fifo_.pop_front();
        slot->state = QueueSlot::State::kDequeued;
        AwaitFlag(events_.enQue, slot->enQueEventId, call);
        ReleaseEventId(events_.enQue, slot->enQueEventId, kEventQueue, call);
        slot->enQueEventId = -1;
        return ViewOf(*slot, position_);
    }

    void Free(const UbView& view)
    {
        const char* call = "TQue::FreeTensor";
        QueueSlot& slot = OwnSlot(view, call);
        if (slot.state == QueueSlot::State::kQueued) {
            Fail(call, Cat("the buffer at UB address ", slot.addr, " is still queued (DeQue it before FreeTensor)"));
        }
        slot.state = QueueSlot::State::kFree;
        slot.generation += 1;
        slot.freeEventId = AllocEventId(events_.freeBuf, kEventQueue, call);
        RaiseFlag(events_.freeBuf, slot.freeEventId, call);
    }

    size_t Queued() const { return fifo_.size(); }
    int32_t Depth() const { return depth_; }
    bool HasIdleBuffer() const
    {
        for (const QueueSlot& slot : slots_) {
            if (slot.state == QueueSlot::State::kFree) {
                return true;
            }
        }
        return false;
    }

private:
    static UbView ViewOf(QueueSlot& slot, uint8_t position)
    {
        UbView view;
        view.position = position;
        view.bound = true;
        view.addr = slot.addr;
        view.bufStart = slot.addr;
        view.bufEnd = slot.addr + slot.bytes;
        view.slot = &slot;
        view.generation = slot.generation;
        return view;
    }

    // The slot a tensor handed to EnQue / FreeTensor belongs to, which must be one of ours and
    // must not be a stale copy from an earlier allocation of that slot.
    QueueSlot& OwnSlot(const UbView& view, const char* call)
    {
        Active(call);
        bool ours = !slots_.empty() && view.slot >= slots_.data() && view.slot < slots_.data() + slots_.size();
        if (!view.bound || !ours) {
            Fail(call, Cat("the tensor at UB address ", view.addr, " was not allocated by this queue"));
        }
        if (view.slot->state == QueueSlot::State::kFree) {
            Fail(call, Cat("the buffer at UB address ", view.slot->addr,
                           " is already free (FreeTensor called twice, or the tensor is used after FreeTensor)"));
        }
        if (view.slot->generation != view.generation) {
            Fail(call, Cat("the tensor at UB address ", view.addr, " is used after FreeTensor"));
        }
        return *view.slot;
    }

    bool initialised_ = false;
    QueueEvents events_{};
    uint8_t position_ = kNoPosition;
    int32_t depth_ = 0;
    std::vector<QueueSlot> slots_;
    std::deque<QueueSlot*> fifo_;
    size_t cursor_ = 0;
};

}  // namespace detail
}  // namespace ascend_sim

namespace AscendC {

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
    TQueBind() = default;
    TQueBind(const TQueBind&) = delete;
    TQueBind& operator=(const TQueBind&) = delete;

    template <typename T>
    LocalTensor<T> AllocTensor()
    {
        ascend_sim::detail::UbView view = core_.Alloc();
        return LocalTensor<T>(view, static_cast<uint32_t>((view.bufEnd - view.bufStart) / sizeof(T)));
    }

    template <typename T>
    void AllocTensor(LocalTensor<T>& tensor)
    {
        tensor = AllocTensor<T>();
    }

    template <typename T>
    bool EnQue(const LocalTensor<T>& tensor)
    {
        core_.Enque(tensor.SimView());
        return true;
    }

    // Like on device, DeQue hands back the whole buffer, whatever sub-tensor was enqueued.
    template <typename T>
    LocalTensor<T> DeQue()
    {
        ascend_sim::detail::UbView view = core_.Deque();
        return LocalTensor<T>(view, static_cast<uint32_t>((view.bufEnd - view.bufStart) / sizeof(T)));
    }

    template <typename T>
    void DeQue(LocalTensor<T>& tensor)
    {
        tensor = DeQue<T>();
    }

    template <typename T>
    void FreeTensor(LocalTensor<T>& tensor)
    {
        core_.Free(tensor.SimView());
    }

    bool VacantInQue() const { return core_.Queued() < static_cast<size_t>(core_.Depth()); }
    bool HasTensorInQue() const { return core_.Queued() != 0; }
    int32_t GetTensorCountInQue() const { return static_cast<int32_t>(core_.Queued()); }
    bool HasIdleBuffer() const { return core_.HasIdleBuffer(); }

    // Simulator hook for TPipe::InitBuffer, not AscendC API.
    void SimInitQueue(uint32_t firstAddr, uint32_t num, uint32_t len)
    {
        // A tensor of the queue is at its source position (VECIN for TQueBind<VECIN, VECOUT>).
        core_.Init(firstAddr, num, len, depth, ascend_sim::detail::EventsOf(src, dst), static_cast<uint8_t>(src));
    }

private:
    ascend_sim::detail::QueueCore core_;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {
public:
    TQue() = default;
};

// A plain UB range without hand-over protocol, typically VECCALC scratch.
template <TPosition pos = TPosition::LCM>
class TBuf {
public:
    TBuf() = default;
    TBuf(const TBuf&) = delete;
    TBuf& operator=(const TBuf&) = delete;

    template <typename T>
    LocalTensor<T> Get()
    {
        CheckInitialised("TBuf::Get");
        return Make<T>(0, static_cast<uint32_t>(len_ / sizeof(T)));
    }

    // len is in elements.
    template <typename T>
    LocalTensor<T> Get(uint32_t len)
    {
        return GetWithOffsetChecked<T>(len, 0, "TBuf::Get");
    }

    // size is in elements, bufOffset in bytes from the start of the buffer.
    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset)
    {
        return GetWithOffsetChecked<T>(size, bufOffset, "TBuf::GetWithOffset");
    }

    // Simulator hook for TPipe::InitBuffer, not AscendC API.
    void SimInitBuf(uint32_t addr, uint32_t len)
    {
        if (initialised_) {
            ascend_sim::detail::Fail("TPipe::InitBuffer", "this TBuf already has a buffer (InitBuffer called twice)");
        }
        initialised_ = true;
        addr_ = addr;
        len_ = len;
    }

private:
    void CheckInitialised(const char* call) const
    {
        ascend_sim::detail::Active(call);
        if (!initialised_) {
            ascend_sim::detail::Fail(call, "the TBuf has no buffer (call TPipe::InitBuffer first)");
        }
    }

    template <typename T>
    LocalTensor<T> GetWithOffsetChecked(uint32_t size, uint32_t bufOffset, const char* call)
    {
        CheckInitialised(call);
        uint64_t end = uint64_t{bufOffset} + uint64_t{size} * sizeof(T);
        if (end > len_) {
            ascend_sim::detail::Fail(call, ascend_sim::detail::Cat(size, " elements x ", sizeof(T), " bytes at offset ",
                                                                   bufOffset, " end at byte ", end, " of a ", len_,
                                                                   "-byte buffer"));
        }
        return Make<T>(bufOffset, size);
    }

    template <typename T>
    LocalTensor<T> Make(uint32_t offset, uint32_t size) const
    {
        ascend_sim::detail::UbView view;
        view.bound = true;
        view.addr = addr_ + offset;
        view.bufStart = addr_;
        view.bufEnd = addr_ + len_;
        view.position = static_cast<uint8_t>(pos);
        return LocalTensor<T>(view, size);
    }

    bool initialised_ = false;
    uint32_t addr_ = 0;
    uint32_t len_ = 0;
};

// The UB allocator of one block. Buffers are bump-allocated from UB address 0, each rounded up
// to 32 bytes, and must fit the SoC's UB budget. One TPipe per block, created inside the kernel:
// two live pipes would both allocate from address 0 and alias.
class TPipe {
public:
    TPipe()
    {
        if (ascend_sim::detail::g_run == nullptr) {
            return;  // a TPipe outside a run fails on first use, with a clear message
        }
        ascend_sim::detail::RunState& run = *ascend_sim::detail::g_run;
        if (run.pipe != nullptr) {
            ascend_sim::detail::Fail("TPipe::TPipe", "another TPipe is alive in this block; both would allocate UB "
                                                     "from address 0");
        }
        run.pipe = this;
        blockSerial_ = run.blockSerial;
        std::memset(run.eventOwner, 0, sizeof(run.eventOwner));
        std::memset(run.eventFetched, 0, sizeof(run.eventFetched));
    }

    ~TPipe()
    {
        if (ascend_sim::detail::g_run != nullptr && ascend_sim::detail::g_run->pipe == this) {
            ascend_sim::detail::g_run->pipe = nullptr;
        }
    }

    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;

    // que: TQue or TQueBind; num buffers of len bytes each (len rounded up to 32).
    template <class T>
    bool InitBuffer(T& que, uint8_t num, uint32_t len)
    {
        uint32_t rounded = static_cast<uint32_t>(ascend_sim::detail::AlignUp(len, ascend_sim::detail::kBlockBytes));
        que.SimInitQueue(Allocate(num, rounded), num, rounded);
        return true;
    }

    template <TPosition pos>
    bool InitBuffer(TBuf<pos>& buf, uint32_t len)
    {
        uint32_t rounded = static_cast<uint32_t>(ascend_sim::detail::AlignUp(len, ascend_sim::detail::kBlockBytes));
        buf.SimInitBuf(Allocate(1, rounded), rounded);
        return true;
    }

    // Event ids: products.yaml event_ids_per_event per HardEvent, shared with the queues' own flags.
    template <HardEvent evt>
    TEventID AllocEventID()
    {
        return static_cast<TEventID>(
            ascend_sim::detail::AllocEventId(evt, ascend_sim::detail::kEventKernel, "TPipe::AllocEventID"));
    }

    template <HardEvent evt>
    void ReleaseEventID(TEventID id)
    {
        ascend_sim::detail::ReleaseEventId(evt, id, ascend_sim::detail::kEventKernel, "TPipe::ReleaseEventID");
    }

    // The lowest id nobody holds, not reserved: use it at once (SetFlag, then WaitFlag).
    template <HardEvent evt>
    TEventID FetchEventID()
    {
        return FetchEventID(evt);
    }

    TEventID FetchEventID(HardEvent evt)
    {
        namespace sim = ascend_sim::detail;
        const char* call = "TPipe::FetchEventID";
        sim::RunState& run = sim::Active(call);
        for (int32_t id = 0; id < run.soc.product.eventIdsPerEvent; ++id) {
            if (run.eventOwner[static_cast<int>(evt)][id] == sim::kEventFree) {
                run.eventFetched[static_cast<int>(evt)] |= static_cast<uint8_t>(1u << id);
                return static_cast<TEventID>(id);
            }
        }
        sim::Fail(call, sim::Cat("all ", run.soc.product.eventIdsPerEvent, " event ids of HardEvent::", sim::HardEventName(evt),
                                 " are allocated"));
    }

    // Nothing to set up or release on a CPU.
    void Init() {}
    void Destroy() {}

private:
    uint32_t Allocate(uint32_t num, uint32_t len)
    {
        const char* call = "TPipe::InitBuffer";
        ascend_sim::detail::RunState& run = ascend_sim::detail::Active(call);
        if (blockSerial_ != run.blockSerial) {
            ascend_sim::detail::Fail(call, "the TPipe was created outside this block (create it inside the kernel)");
        }
        uint64_t start = run.ubTop;
        uint64_t end = start + uint64_t{num} * len;
        if (end > run.soc.ubBytes) {
            // what the platform keeps back of the product line's physical UB
            const uint64_t physical = static_cast<uint64_t>(run.soc.product.ubBytes);
            const uint64_t kept = physical > run.soc.ubBytes ? physical - run.soc.ubBytes : 0;
            ascend_sim::detail::Fail(
                call, ascend_sim::detail::Cat(num, " x ", len, " bytes at UB offset ", start, " end at byte ", end,
                                              ", beyond the ", run.soc.ubBytes, "-byte UB of ", run.soc.name,
                                              kept != 0 ? ascend_sim::detail::Cat(" (the platform keeps ", kept,
                                                                                  " of its ", run.soc.ubBytes + kept,
                                                                                  " bytes)")
                                                        : std::string()));
        }
        run.ubTop = end;
        run.Block().ubBytesAllocated = end;
        return static_cast<uint32_t>(start);
    }

    uint64_t blockSerial_ = 0;
};

inline TPipe* GetTPipePtr()
{
    ascend_sim::detail::RunState& run = ascend_sim::detail::Active("GetTPipePtr");
    if (run.pipe == nullptr) {
        ascend_sim::detail::Fail("GetTPipePtr", "no TPipe is alive in this block");
    }
    return static_cast<TPipe*>(run.pipe);
}

}  // namespace AscendC

#endif  // ASCEND_KERNELS_SIM_KERNEL_TPIPE_H
