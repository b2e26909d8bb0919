// CPU stand-in for CANN common/util/error_manager/error_manager.h: the error-message channel host
// code reports through (REPORT_INNER_ERROR), which CANN's closed error manager keeps per thread
// and aclGetRecentErrMsg() hands to the caller. Here the messages stay in a per-thread list that
// the simulator's runtime (launcher.cpp) takes after a failed host function. The subset the
// package uses, with CANN's signatures.
#ifndef CANN_HOST_STUB_COMMON_UTIL_ERROR_MANAGER_ERROR_MANAGER_H
#define CANN_HOST_STUB_COMMON_UTIL_ERROR_MANAGER_ERROR_MANAGER_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace error_message {
using char_t = char;

struct ErrorItem {
    std::string error_id;
    std::string error_message;
    std::string possible_cause;
    std::string solution;
    std::map<std::string, std::string> args_map;
    std::string report_time;
};

// Simulator only: this thread's reported and not yet taken messages.
inline std::vector<ErrorItem>& ThreadErrorItems()
{
    static thread_local std::vector<ErrorItem> items;
    return items;
}

inline void ReportInnerError(const char_t* file_name, const char_t* func, uint32_t line, const std::string error_code,
                             const char_t* format, ...) __attribute__((format(printf, 5, 6)));

inline void ReportInnerError(const char_t* file_name, const char_t* func, uint32_t line, const std::string error_code,
                             const char_t* format, ...)
{
    (void)file_name;
    (void)func;
    (void)line;
    char text[1024];  // CANN's LIMIT_PER_MESSAGE
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    ErrorItem item;
    item.error_id = error_code;
    item.error_message = text;
    ThreadErrorItems().push_back(item);
}
}  // namespace error_message

#define REPORT_INNER_ERROR(error_code, fmt, ...) \
    error_message::ReportInnerError(__FILE__, &__FUNCTION__[0], __LINE__, (error_code), (fmt), ##__VA_ARGS__)

#define REPORT_CALL_ERROR REPORT_INNER_ERROR

class ErrorManager {
public:
    using ErrorItem = error_message::ErrorItem;

    static ErrorManager& GetInstance()
    {
        static ErrorManager manager;
        return manager;
    }

    // This thread's messages in the order reported; taking them clears them, as in CANN.
    std::vector<ErrorItem> GetRawErrorMessages()
    {
        std::vector<ErrorItem> items;
        items.swap(error_message::ThreadErrorItems());
        return items;
    }
};

#endif  // CANN_HOST_STUB_COMMON_UTIL_ERROR_MANAGER_ERROR_MANAGER_H
