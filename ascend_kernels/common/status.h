// The result of a host-side function: ok, or an error message naming the argument, the value and
// the rule. No exceptions: the same code runs inside CANN's TilingFunc.
#ifndef ASCEND_KERNELS_COMMON_STATUS_H
#define ASCEND_KERNELS_COMMON_STATUS_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "status.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdarg>
#include <cstdint>
#include <cstdio>

namespace ascend_ops {

constexpr int32_t kStatusMessageBytes = 512;

struct Status {
    bool ok;
    char message[kStatusMessageBytes];

    static Status Ok()
    {
        Status s;
        s.ok = true;
        s.message[0] = '\0';
        return s;
    }

    static Status Error(const char* format, ...) __attribute__((format(printf, 1, 2)))
    {
        Status s;
        s.ok = false;
        va_list args;
        va_start(args, format);
        std::vsnprintf(s.message, sizeof(s.message), format, args);
        va_end(args);
        return s;
    }
};

// Decimal text of a 128-bit integer (sums of int64 arguments are printed exactly, as Python does).
struct Int128Text {
    char text[48];
};

inline Int128Text FormatInt128(__int128 value)
{
    Int128Text out;
    char digits[48];
    int n = 0;
    bool negative = value < 0;
    unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(value) : static_cast<unsigned __int128>(value);
    do {
        digits[n++] = static_cast<char>('0' + static_cast<int>(magnitude % 10));
        magnitude /= 10;
    } while (magnitude != 0);
    int pos = 0;
    if (negative) {
        out.text[pos++] = '-';
    }
    while (n > 0) {
        out.text[pos++] = digits[--n];
    }
    out.text[pos] = '\0';
    return out;
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_STATUS_H
