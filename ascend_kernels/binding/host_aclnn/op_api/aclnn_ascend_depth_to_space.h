// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
// The aclnn API of AscendDepthToSpace as Note [aclnn rules] (ascend_ops_gen/codegen/aclnn.py)
// predicts CANN's op_build generates it.
#ifndef ACLNN_ASCEND_DEPTH_TO_SPACE_H
#define ACLNN_ASCEND_DEPTH_TO_SPACE_H

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

__attribute__((visibility("default")))
aclnnStatus aclnnAscendDepthToSpaceGetWorkspaceSize(const aclTensor *x, int64_t blockSize, char *dataFormatOptional, char *modeOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

__attribute__((visibility("default")))
aclnnStatus aclnnAscendDepthToSpace(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_ASCEND_DEPTH_TO_SPACE_H
