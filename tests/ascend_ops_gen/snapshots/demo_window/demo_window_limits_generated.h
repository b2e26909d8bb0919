// @generated from op_specs/demo_window.yaml by ascend-ops-dev generate; do not edit
//
// The limits of demo_window (op_specs/demo_window.yaml), for its view builder (demo_window_view.h).
#ifndef ASCEND_KERNELS_DEMO_WINDOW_DEMO_WINDOW_LIMITS_GENERATED_H
#define ASCEND_KERNELS_DEMO_WINDOW_DEMO_WINDOW_LIMITS_GENERATED_H

#include <cstdint>

namespace ascend_ops {

// the most dimensions x may have (max_rank)
constexpr int32_t kDemoWindowMaxRank = 6;
// the largest window size
constexpr int32_t kDemoWindowMaxWindow = 4096;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_DEMO_WINDOW_DEMO_WINDOW_LIMITS_GENERATED_H
