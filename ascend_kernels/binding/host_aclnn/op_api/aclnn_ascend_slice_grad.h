// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
// The aclnn API of AscendSliceGrad as Note [aclnn rules] (ascend_ops_gen/codegen/aclnn.py)
// predicts CANN's op_build generates it.
#ifndef ACLNN_ASCEND_SLICE_GRAD_H
#define ACLNN_ASCEND_SLICE_GRAD_H

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

__attribute__((visibility("default")))
aclnnStatus aclnnAscendSliceGradGetWorkspaceSize(const aclTensor *dy, const aclIntArray *shape, const aclIntArray *offsets, const aclIntArray *size, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

__attribute__((visibility("default")))
aclnnStatus aclnnAscendSliceGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_ASCEND_SLICE_GRAD_H
