// Stand-in for CANN's closed OS layer header (mmpa/mmpa_api.h), for building CANN's op_build from
// source: the thread id of its log lines and the environment reads of its generators.
#ifndef ASCEND_OPS_OPBUILD_STANDIN_MMPA_API_H
#define ASCEND_OPS_OPBUILD_STANDIN_MMPA_API_H

#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>

inline int mmGetTid() { return static_cast<int>(syscall(SYS_gettid)); }

#define MM_ENV_OPS_PRODUCT_NAME "OPS_PRODUCT_NAME"
#define MM_ENV_OPS_PROJECT_NAME "OPS_PROJECT_NAME"
#define MM_ENV_OPS_DIRECT_ACCESS_PREFIX "OPS_DIRECT_ACCESS_PREFIX"
#define MM_ENV_OPS_ACLNN_GEN "OPS_ACLNN_GEN"
#define MM_SYS_GET_ENV(name, var) \
    do {                          \
        (var) = std::getenv(name); \
    } while (false)

#endif  // ASCEND_OPS_OPBUILD_STANDIN_MMPA_API_H
