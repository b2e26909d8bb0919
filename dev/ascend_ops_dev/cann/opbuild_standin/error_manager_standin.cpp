// Stand-in for the one function of CANN's closed error manager (liberror_manager.so) that the
// package's op_host code calls: error_message::ReportInnerError, behind REPORT_INNER_ERROR.
// op_build opens the op_host library with RTLD_NOW and runs none of its host functions, so the
// symbol must resolve and the body never runs; it writes the message to stderr. Linked into the
// libregister.so stand-in, which the op_host library links (in CANN, libregister.so brings
// liberror_manager.so along).
#include <cstdarg>
#include <cstdio>

#include "common/util/error_manager/error_manager.h"

namespace error_message {

void ReportInnerError(const char_t* file_name, const char_t* func, uint32_t line, const std::string error_code,
                      const char_t* format, ...)
{
    std::fprintf(stderr, "%s: ", error_code.c_str());
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fprintf(stderr, " [%s:%u %s]\n", file_name, line, func);
}

}  // namespace error_message
