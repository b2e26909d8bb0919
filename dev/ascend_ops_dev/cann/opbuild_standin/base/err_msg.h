// Stand-in for CANN's closed error-message header (base/err_msg.h of the error manager), for
// building CANN's op_build from source: the inner-error report metadef's sources make, to stderr.
#ifndef ASCEND_OPS_OPBUILD_STANDIN_ERR_MSG_H
#define ASCEND_OPS_OPBUILD_STANDIN_ERR_MSG_H

#include <cstdio>

#define REPORT_INNER_ERR_MSG(code, fmt, ...) std::fprintf(stderr, "[%s] " fmt "\n", (code), ##__VA_ARGS__)

#endif  // ASCEND_OPS_OPBUILD_STANDIN_ERR_MSG_H
