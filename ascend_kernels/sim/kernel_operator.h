// CPU stand-in for CANN's kernel_operator.h: the AscendC API subset our data-movement kernels
// use, with real names, signatures and units, strict wherever the device would fail or silently
// corrupt data. Build kernels with -I ascend_kernels/sim and -DASCEND_SIM_TILING_TYPE=<struct>;
// run them through ascend_sim::Simulator (sim_context.h). See README.md in this folder.
#ifndef ASCEND_KERNELS_SIM_KERNEL_OPERATOR_H
#define ASCEND_KERNELS_SIM_KERNEL_OPERATOR_H

#include "sim_context.h"
#include "kernel_macros.h"
#include "kernel_types.h"
#include "kernel_tensor.h"
#include "kernel_tpipe.h"
#include "kernel_data_copy.h"
#include "kernel_vec.h"
#include "kernel_vec_arith.h"
#include "kernel_vec_transpose.h"
#include "kernel_sync.h"

#endif  // ASCEND_KERNELS_SIM_KERNEL_OPERATOR_H
