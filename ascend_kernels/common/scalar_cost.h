// Note [scalar cost]
// An AI core's control flow, address arithmetic and GetValue / SetValue run on its scalar unit,
// which also issues every DMA and vector instruction: while it computes an address, no copy is
// issued. A 64-bit division or modulo by a run-time value is the dearest of its instructions (a
// multi-cycle sequence, not pipelined), so the engine divides by run-time values only where a
// core starts (Init: its range, its first row's indexes) and advances indexes in its per-row,
// per-unit and per-tile loops by additions (RowCursor, UnitCursor: odometers over the view's
// dims). Divisions by compile-time constants (sizeof, kBlockBytes) are shifts and stay as `/`.
//
// DivIndex and ModIndex are the only run-time divisions in code the kernels run; the emulator
// counts each call (ASCEND_OPS_COUNT_DIV_MOD), and each iteration of the per-row / per-unit loops
// (ASCEND_OPS_COUNT_LOOP), so `ascend-ops-dev sim --counters` can show where scalar work stays. A check
// (tests/ascend_kernels/test_scalar_cost.py) finds any other division by a run-time value in kernel code.
// Under CANN the counting points are empty.
#ifndef ASCEND_KERNELS_COMMON_SCALAR_COST_H
#define ASCEND_KERNELS_COMMON_SCALAR_COST_H

#include <cstdint>

#include "strided_view.h"

#ifndef ASCEND_OPS_COUNT_DIV_MOD
#define ASCEND_OPS_COUNT_DIV_MOD() static_cast<void>(0)
#endif
#ifndef ASCEND_OPS_COUNT_LOOP
#define ASCEND_OPS_COUNT_LOOP() static_cast<void>(0)
#endif

namespace ascend_ops {

// a / b and a % b for indexes (a >= 0, b >= 1), counted (Note [scalar cost]).
ASCEND_OPS_HOST_AICORE inline int64_t DivIndex(int64_t a, int64_t b)
{
    ASCEND_OPS_COUNT_DIV_MOD();
    return a / b;
}

ASCEND_OPS_HOST_AICORE inline int64_t ModIndex(int64_t a, int64_t b)
{
    ASCEND_OPS_COUNT_DIV_MOD();
    return a % b;
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_SCALAR_COST_H
