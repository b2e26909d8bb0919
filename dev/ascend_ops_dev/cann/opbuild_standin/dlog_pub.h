// Stand-in for CANN's closed log library header (dlog_pub.h of the toolchain's slog), for
// building CANN's op_build from source: module ids and the log calls its sources and metadef's
// make. Errors and warnings go to stderr; info and debug are dropped.
#ifndef ASCEND_OPS_OPBUILD_STANDIN_DLOG_PUB_H
#define ASCEND_OPS_OPBUILD_STANDIN_DLOG_PUB_H

#include <cstdio>

enum { GE = 45, ASCENDCKERNEL = 57 };
#define RUN_LOG_MASK 0x01000000
#define DLOG_DEBUG 0
#define DLOG_INFO 1
#define DLOG_WARN 2
#define DLOG_ERROR 3

inline int CheckLogLevel(int, int) { return 0; }

#define dlog_error(moduleId, fmt, ...) std::fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)
#define dlog_warn(moduleId, fmt, ...) std::fprintf(stderr, "[WARNING] " fmt "\n", ##__VA_ARGS__)
#define dlog_info(moduleId, fmt, ...) ((void)0)
#define dlog_debug(moduleId, fmt, ...) ((void)0)

#endif  // ASCEND_OPS_OPBUILD_STANDIN_DLOG_PUB_H
