// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
// The aclnn API of DemoWindow as Note [aclnn rules] (ascend_ops_gen/codegen/aclnn.py)
// predicts CANN's op_build generates it.
#ifndef ACLNN_DEMO_WINDOW_H
#define ACLNN_DEMO_WINDOW_H

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

__attribute__((visibility("default")))
aclnnStatus aclnnDemoWindowGetWorkspaceSize(const aclTensor *x, const aclIntArray *begin, const aclIntArray *stepOptional, int64_t size, char *layoutOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

__attribute__((visibility("default")))
aclnnStatus aclnnDemoWindow(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_DEMO_WINDOW_H
