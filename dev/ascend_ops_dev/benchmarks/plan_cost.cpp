// The planner's host cost: PlanStridedCopy, the TilingFunc's planning, timed on the host CPU
// for one view (plan_cost.py calls it through ctypes for each shape class and product line).
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "copy_planner.h"
#include "products.h"

extern "C" {

// Nanoseconds per PlanStridedCopy call of the view on `socName`, over `calls` calls after one
// unmeasured call; the plan's mode name, or the planner's error, in `mode`. -1: no such SoC or
// a bad view; -2: the planner refused the view.
double ascend_ops_plan_ns(const char* socName, uint32_t elemBytes, int32_t rank, const int64_t* shape,
                          const int64_t* stride, int64_t offset, int64_t calls, uint32_t* blockDim, char* mode,
                          uint64_t modeBytes)
{
    const ascend_ops::SocEntry* soc = ascend_ops::FindSoc(socName);
    if (soc == nullptr || rank < 0 || rank > ascend_ops::kMaxViewDims || calls < 1) {
        std::snprintf(mode, modeBytes, "no SoC %s, or a view of rank %d", socName, rank);
        return -1.0;
    }
    ascend_ops::StridedView view{};
    view.rank = rank;
    view.offset = offset;
    for (int32_t d = 0; d < rank; ++d) {
        view.shape[d] = shape[d];
        view.stride[d] = stride[d];
    }
    const ascend_ops::SocInfo info = ascend_ops::MakeSocInfo(*soc);
    ascend_ops::CopyTiling tiling;
    const ascend_ops::Status status = ascend_ops::PlanStridedCopy(view, elemBytes, info, &tiling);
    if (!status.ok) {
        std::snprintf(mode, modeBytes, "%s", status.message);
        return -2.0;
    }
    const auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < calls; ++i) {
        ascend_ops::PlanStridedCopy(view, elemBytes, info, &tiling);
        asm volatile("" : : "r"(&tiling) : "memory");  // every call's plan is written
    }
    const auto end = std::chrono::steady_clock::now();
    *blockDim = tiling.blockDim;
    std::snprintf(mode, modeBytes, "%s", ascend_ops::CopyModeName(tiling));
    return std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(calls);
}

}  // extern "C"
