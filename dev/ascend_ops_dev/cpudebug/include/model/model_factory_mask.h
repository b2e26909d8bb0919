// Stand-in for the CPU-debug model's `model/model_factory_mask.h`, which the public asc-tools
// API checkers include but which is not public: the three getters of the vector mask the
// checkers read. The package's model defines them (cpudebug/model.cpp), from
// the state set_vector_mask and set_mask_norm / set_mask_count leave.
#ifndef ASCEND_OPS_CPUDEBUG_MODEL_FACTORY_MASK_H
#define ASCEND_OPS_CPUDEBUG_MODEL_FACTORY_MASK_H

#include <cstdint>

uint64_t ModelFactoryGetMaskHigh();
uint64_t ModelFactoryGetMaskLow();
int32_t ModelFactoryGetMaskMode();  // 0: normal (bit mask), 1: counter mode

#endif
