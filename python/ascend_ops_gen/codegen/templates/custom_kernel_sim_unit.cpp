$header
//
// The simulator's translation unit of ${op_name}'s kernel (python/ascend_ops/sim/library.py builds
// it): the kernel-side struct of its tiling data, named as the struct the simulator's
// GET_TILING_DATA takes (ASCEND_SIM_TILING_TYPE, which the library's other kernels take as
// CopyTiling), then the generated kernel.
#undef ASCEND_SIM_TILING_TYPE
#define ASCEND_SIM_TILING_TYPE $class_name
$tiling_data
#include "../op_kernel/${op_name}.cpp"
