// Stand-in for CANN's logging header `dlog_pub.h`, which the public asc-tools API checkers
// include but which is not public. The checkers use only the module id ASCENDCKERNEL and the
// dlog_debug / dlog_info / dlog_warn / dlog_error macros; every error they log they also print
// with printf("[ERROR]...") themselves, so these discard their arguments.
#ifndef ASCEND_OPS_CPUDEBUG_DLOG_PUB_H
#define ASCEND_OPS_CPUDEBUG_DLOG_PUB_H

enum { ASCENDCKERNEL = 0 };  // a module id; the checkers pass it as the first argument

#define ASCEND_OPS_DLOG_DISCARD(moduleId, ...) ((void)(moduleId))
#define dlog_debug(moduleId, ...) ASCEND_OPS_DLOG_DISCARD(moduleId, __VA_ARGS__)
#define dlog_info(moduleId, ...) ASCEND_OPS_DLOG_DISCARD(moduleId, __VA_ARGS__)
#define dlog_warn(moduleId, ...) ASCEND_OPS_DLOG_DISCARD(moduleId, __VA_ARGS__)
#define dlog_error(moduleId, ...) ASCEND_OPS_DLOG_DISCARD(moduleId, __VA_ARGS__)

#endif
