// Must NOT compile: GET_TILING_DATA without -DASCEND_SIM_TILING_TYPE has no struct to declare,
// and says so instead of failing on an unknown identifier.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void uses_tiling(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)x;
    (void)y;
    (void)workspace;
    GET_TILING_DATA(tilingData, tiling);
}
