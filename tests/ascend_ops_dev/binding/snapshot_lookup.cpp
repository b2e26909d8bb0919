// A stand-in for op-plugin's aclnn lookup in libtorch_npu.so (op_api_common.cpp): the custom op
// path is read into a namespace-scope static when the library loads, and every lookup searches only
// that snapshot. Loaded before the op package's path is set, it cannot find the package's symbols,
// whatever the variable says later.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
const std::string g_custom_lib_path = [] {
    const char* value = std::getenv("ASCEND_CUSTOM_OPP_PATH");
    return std::string(value != nullptr ? value : "");
}();
}  // namespace

extern "C" int snapshot_find(const char* symbol, char* message, unsigned long messageBytes)
{
    size_t start = 0;
    while (start <= g_custom_lib_path.size()) {
        size_t end = g_custom_lib_path.find(':', start);
        if (end == std::string::npos) {
            end = g_custom_lib_path.size();
        }
        const std::string entry = g_custom_lib_path.substr(start, end - start);
        start = end + 1;
        if (entry.empty()) {
            continue;
        }
        void* handle = dlopen((entry + "/op_api/lib/libcust_opapi.so").c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle != nullptr && dlsym(handle, symbol) != nullptr) {
            return 0;
        }
    }
    std::snprintf(message, messageBytes, "%s not found in libopapi.so", symbol);
    return 1;
}
