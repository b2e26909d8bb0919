// The part of ACL's runtime header that the torch binding and the CPU aclnn runtime use (see
// acl_base.h beside it): the thread's most recent error message.
#ifndef ASCEND_OPS_ACL_ABI_ACL_RT_H
#define ASCEND_OPS_ACL_ABI_ACL_RT_H

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

const char* aclGetRecentErrMsg(void);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_OPS_ACL_ABI_ACL_RT_H
