// The CPU-debug launcher of `ascend-ops-dev cpudebug`: runs one kernel launch through asc-tools'
// ICPU_RUN_KF (one forked process per core, GM from GmAlloc) and writes the output GM back.
//
//   ascend_ops_cpudebug <kernel entry> <blockDim> <tiling key> <tiling file> <x file> <y bytes> <y file>
//
// The kernel entry is found by name among the op kernels linked into the executable (linked
// with -rdynamic), so this file knows no op. The tiling file holds the bytes the op's generated
// TilingFunc saved; x the input GM. The launcher prints what asc-tools prints (one
// "[SUCCESS]" line per core that exited with status 0, the checkers' "[ERROR]" reports) and
// exits 0 once the launch returned and y was written; the caller judges the cores from that.
#include <dlfcn.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tikicpulib.h"

namespace {

using KernelEntry = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*);

bool ReadFile(const char* path, std::vector<uint8_t>* out)
{
    FILE* f = std::fopen(path, "rb");
    if (f == nullptr) {
        std::fprintf(stderr, "ascend_ops_cpudebug: cannot open %s: %s\n", path, std::strerror(errno));
        return false;
    }
    uint8_t chunk[65536];
    size_t n = 0;
    while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) {
        out->insert(out->end(), chunk, chunk + n);
    }
    std::fclose(f);
    return true;
}

bool Number(const char* text, uint64_t* out)
{
    char* end = nullptr;
    errno = 0;
    *out = std::strtoull(text, &end, 10);
    return errno == 0 && end != text && *end == '\0';
}

// GM of `bytes` from GmAlloc (at least one byte: a GmAlloc'd argument is what CheckGmValied wants),
// holding `data`.
uint8_t* Gm(const std::vector<uint8_t>& data, uint64_t bytes)
{
    auto* gm = static_cast<uint8_t*>(AscendC::GmAlloc(bytes > 0 ? bytes : 1));
    if (!data.empty()) {
        std::memcpy(gm, data.data(), data.size());
    }
    return gm;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 8) {
        std::fprintf(stderr, "usage: %s <kernel entry> <blockDim> <tiling key> <tiling file> <x file> <y bytes> <y file>\n",
                     argv[0]);
        return 2;
    }
    uint64_t blockDim = 0;
    uint64_t tilingKey = 0;
    uint64_t yBytes = 0;
    if (!Number(argv[2], &blockDim) || !Number(argv[3], &tilingKey) || !Number(argv[6], &yBytes)) {
        std::fprintf(stderr, "ascend_ops_cpudebug: blockDim, tiling key and y bytes must be decimal numbers\n");
        return 2;
    }
    auto entry = reinterpret_cast<KernelEntry>(dlsym(RTLD_DEFAULT, argv[1]));
    if (entry == nullptr) {
        std::fprintf(stderr, "ascend_ops_cpudebug: no kernel entry %s in this launcher\n", argv[1]);
        return 2;
    }
    std::vector<uint8_t> tilingBytes;
    std::vector<uint8_t> xBytes;
    if (!ReadFile(argv[4], &tilingBytes) || !ReadFile(argv[5], &xBytes)) {
        return 2;
    }
    uint8_t* x = Gm(xBytes, xBytes.size());
    uint8_t* y = Gm({}, yBytes);
    uint8_t* workspace = Gm({}, 32);  // the copy kernels use none
    uint8_t* tiling = Gm(tilingBytes, tilingBytes.size());
#if defined(__DAV_C220_VEC__)
    AscendC::SetKernelMode(KernelMode::AIV_MODE);  // the kernels are vector-only (KERNEL_TYPE_AIV_ONLY)
#endif
    ICPU_SET_TILING_KEY(tilingKey);
    ICPU_RUN_KF(entry, static_cast<unsigned>(blockDim), x, y, workspace, tiling);
    std::fflush(stdout);
    FILE* out = std::fopen(argv[7], "wb");
    if (out == nullptr || std::fwrite(y, 1, yBytes, out) != yBytes || std::fclose(out) != 0) {
        std::fprintf(stderr, "ascend_ops_cpudebug: cannot write %s\n", argv[7]);
        return 2;
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    return 0;
}
