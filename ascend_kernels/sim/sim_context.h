// Run-time context of the AscendC CPU simulator: SoC parameters, registered GM buffers, the
// sequential block loop, the per-block UB arena and the statistics a launcher reads back.
//
// A launcher (C ABI or C++) does:
//
//     ascend_sim::Simulator sim(soc);                               // SocConfig from products.yaml
//     sim.AddBuffer("x", ascend_sim::BufferRole::kInput, x, xBytes);
//     sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, y, yBytes);
//     sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, &tiling, sizeof(tiling));
//     sim.SetTilingKey(key);
//     std::string err = ascend_sim::RunKernelCatching(sim, "strided_slice", blockDim,
//                                                     strided_slice, x, y, ws, tilingPtr);
//     if (!err.empty()) { ...report err... }  else { const ascend_sim::Stats& s = sim.GetStats(); }
//
// Everything in namespace ascend_sim::detail is the plumbing the AscendC emulation headers use;
// launchers never need it.
//
// The parts: sim_stats.h (Stats), sim_run_state.h (SocConfig, RunState), sim_gm_checks.h,
// sim_ub_checks.h, sim_pipe_hazards.h, sim_data_cache.h and sim_simulator.h (Simulator).
#ifndef ASCEND_KERNELS_SIM_SIM_CONTEXT_H
#define ASCEND_KERNELS_SIM_SIM_CONTEXT_H

#include "sim_data_cache.h"
#include "sim_gm_checks.h"
#include "sim_pipe_hazards.h"
#include "sim_run_state.h"
#include "sim_simulator.h"
#include "sim_stats.h"
#include "sim_ub_checks.h"

#endif  // ASCEND_KERNELS_SIM_SIM_CONTEXT_H
