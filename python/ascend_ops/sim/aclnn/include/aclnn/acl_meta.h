// Stand-in for CANN's closed `aclnn/acl_meta.h` (the toolkit's include/aclnn/, not public): what
// the aclnn headers that CANN's op_build generates, and this package's torch binding, need of it.
// The opaque aclnn types, aclnnStatus and the create / destroy functions of the tensor and
// integer-array descriptors, with the signatures the torch_npu wheel's op-plugin resolves them by
// (op_plugin/utils/op_api_common_base.h); aclDataType, aclFormat and aclrtStream come from the
// acl headers (the real ones of that wheel in the development checks, the package's acl_abi/ on the
// simulated npu device). A CANN toolkit's own acl_meta.h replaces this file on an Atlas build; the
// CPU aclnn runtime (cpu_aclnn.cpp) implements it for the host run of the binding.
#ifndef ASCEND_OPS_CPU_ACLNN_ACL_META_H
#define ASCEND_OPS_CPU_ACLNN_ACL_META_H

#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t aclnnStatus;
typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclIntArray aclIntArray;
// The rest of the opaque descriptor types: op_build's generated aclnn_<op>.cpp declares nnopbase's
// functions for every argument kind, whatever the op takes.
typedef struct aclBoolArray aclBoolArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclScalar aclScalar;
typedef struct aclScalarList aclScalarList;
typedef struct aclTensorList aclTensorList;

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData);
aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
aclnnStatus aclDestroyTensor(const aclTensor* tensor);
aclnnStatus aclDestroyIntArray(const aclIntArray* array);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_OPS_CPU_ACLNN_ACL_META_H
