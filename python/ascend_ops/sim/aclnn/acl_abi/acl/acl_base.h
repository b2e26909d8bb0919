// The part of ACL's acl/acl_base.h that the torch binding and the CPU aclnn runtime use, declared by
// this package for the simulated npu device, which has no CANN toolkit and no torch_npu to take the
// real header from: the stream handle and the enumerators of aclDataType and aclFormat, with the
// values of CANN's ABI. tests/ascend_ops/sim/test_acl_abi.py holds every value to the real headers
// (CANN 8.1's and torch_npu's); the development checks compile against those instead.
#ifndef ASCEND_OPS_ACL_ABI_ACL_BASE_H
#define ASCEND_OPS_ACL_ABI_ACL_BASE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void* aclrtStream;

typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_BF16 = 27,
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NC1HWC0_C04 = 12,
    ACL_FORMAT_HWCN = 16,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_FRACTAL_NZ = 29,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NDC1HWC0 = 32,
    ACL_FORMAT_NC = 35,
    ACL_FORMAT_NCL = 47,
} aclFormat;

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_OPS_ACL_ABI_ACL_BASE_H
