// Note [scalar cost]
// An AI core's control flow, address arithmetic and GetValue / SetValue run on its scalar unit,
// which also issues every DMA and vector instruction: while it computes an address, no copy is
// issued. A 64-bit division or modulo by a run-time value is the dearest of its instructions (a
// multi-cycle sequence, not pipelined), so the engine divides by run-time values only where a
// core starts (Init: its range, its first row's indexes) and advances indexes in its per-row,
// per-unit and per-tile loops by additions (RowCursor, UnitCursor: odometers over the view's
// dims). Divisions by compile-time constants (sizeof, kBlockBytes) are shifts and stay as `/`.
//
// Where a core starts, an index is divided by a view dim's extent by a multiply-high with the
// extent's reciprocal, which the planner computes (Note [index reciprocals]), not by a division.
//
// DivIndex and ModIndex are the only run-time divisions in code the kernels run; the emulator
// counts each call (ASCEND_OPS_COUNT_DIV_MOD), each multiply-high by a reciprocal
// (ASCEND_OPS_COUNT_MUL_HIGH), and each iteration of the per-row / per-unit loops
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
#ifndef ASCEND_OPS_COUNT_MUL_HIGH
#define ASCEND_OPS_COUNT_MUL_HIGH() static_cast<void>(0)
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

// Note [index reciprocals]
// Division by an invariant integer: for an extent d in [2, 2^32) and c = ceil(2^64 / d),
// floor(n / d) = floor(c * n / 2^64) for every n in [0, 2^32). With e = c * d - 2^64 in [0, d),
// c * n / 2^64 = n / d + n * e / (d * 2^64), whose second term is below n / 2^64 < 2^-32 < 1 / d,
// while n / d's fraction is at most 1 - 1 / d: the sum has n / d's floor. The planner stores c
// (ExtentReciprocal in plan_view.h) for each dim of a view of fewer than 2^32 units (every index a kernel divides, a unit or row
// index or a tile's units, is below 2^32 then), and 0 where it cannot (an extent of 1, whose
// quotient is n itself, or a larger view, whose kernels divide by DivIndex). A corrupt tiling
// cannot misplace a core: a kernel checks each quotient that places one (its remainder lies in
// [0, d)), and the row's reciprocal it counts a tile's rows by (ReciprocalValid); a chain dim's
// only weighs which chains load a tile (Note [row chains]), each of them exact; and a cursor's
// Skip past a tile checks each carry by its remainder, dividing where the reciprocal was wrong.

// floor(c * n / 2^64) for n < 2^32, by two 64-bit multiplies: c * n = ch * n * 2^32 + cl * n, and
// ch * n + floor(cl * n / 2^32) < 2^64, so nothing wraps. Counted (Note [scalar cost]).
ASCEND_OPS_HOST_AICORE inline uint64_t MulHigh(uint64_t c, uint64_t n)
{
    ASCEND_OPS_COUNT_MUL_HIGH();
    return ((c >> 32) * n + (((c & 0xffffffffu) * n) >> 32)) >> 32;
}

// c is ceil(2^64 / d) for an extent d in [2, 2^32): c * d lies in [2^64, 2^64 + d).
ASCEND_OPS_HOST_AICORE inline bool ReciprocalValid(uint64_t c, int64_t d)
{
    return d >= 2 && d < (int64_t{1} << 32) && MulHigh(c, static_cast<uint64_t>(d)) == 1 &&
           c * static_cast<uint64_t>(d) < static_cast<uint64_t>(d);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_SCALAR_COST_H
