// The CPU-debug launcher of `ascend-ops-dev cpudebug`: runs one kernel launch through asc-tools'
// ICPU_RUN_KF (one forked process per core, GM from GmAlloc) and writes the output GM back.
//
//   ascend_ops_cpudebug <kernel entry> <blockDim> <tiling key> <tiling file> <x file> <y bytes> <y file>
//   ascend_ops_cpudebug <kernel entry> <blockDim> <tiling key> <tiling file> --tensors
//                       <inputs> <input file>... <outputs> <output bytes> <output file>...
//
// The first form is a kernel of one input and one output (a view op's); the second a kernel of
// any tensors (a custom op's), whose entry takes their GM addresses in order, then workspace and
// tiling. The kernel entry is found by name among the op kernels linked into the executable
// (linked with -rdynamic), so this file knows no op. The tiling file holds the bytes the op's
// generated TilingFunc saved; the input files the inputs' GM. The launcher prints what asc-tools
// prints (one "[SUCCESS]" line per core that exited with status 0, the checkers' "[ERROR]"
// reports) and exits 0 once the launch returned and the outputs were written; the caller judges
// the cores from that.
#include <dlfcn.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "tikicpulib.h"

namespace {

constexpr size_t kMaxTensors = 16;  // inputs and outputs of a kernel entry (the simulator's kSimMaxTensors)

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

// What an output's GM holds before the launch, as the emulator's outputs (runner.simulate_gradient).
constexpr int kUnwritten = 0xA5;

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

// A kernel entry of N GM_ADDR parameters.
template <size_t... I>
auto EntryType(std::index_sequence<I...>) -> void (*)(decltype(static_cast<void>(I), static_cast<uint8_t*>(nullptr))...);
template <size_t N>
using EntryOf = decltype(EntryType(std::make_index_sequence<N>()));

// ICPU_RUN_KF on `entry` with the GM addresses a[0..n): the arguments written out, as CANN 8.1's
// ICPU_RUN_KF counts them by its macro arguments. False for an arity out of range.
bool RunEntry(void* entry, unsigned blockDim, const std::vector<uint8_t*>& args)
{
    uint8_t* const* a = args.data();
    switch (args.size()) {
        case 3: {
            const EntryOf<3> k = reinterpret_cast<EntryOf<3>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2]);
            return true;
        }
        case 4: {
            const EntryOf<4> k = reinterpret_cast<EntryOf<4>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3]);
            return true;
        }
        case 5: {
            const EntryOf<5> k = reinterpret_cast<EntryOf<5>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4]);
            return true;
        }
        case 6: {
            const EntryOf<6> k = reinterpret_cast<EntryOf<6>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5]);
            return true;
        }
        case 7: {
            const EntryOf<7> k = reinterpret_cast<EntryOf<7>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
            return true;
        }
        case 8: {
            const EntryOf<8> k = reinterpret_cast<EntryOf<8>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
            return true;
        }
        case 9: {
            const EntryOf<9> k = reinterpret_cast<EntryOf<9>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]);
            return true;
        }
        case 10: {
            const EntryOf<10> k = reinterpret_cast<EntryOf<10>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
            return true;
        }
        case 11: {
            const EntryOf<11> k = reinterpret_cast<EntryOf<11>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]);
            return true;
        }
        case 12: {
            const EntryOf<12> k = reinterpret_cast<EntryOf<12>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11]);
            return true;
        }
        case 13: {
            const EntryOf<13> k = reinterpret_cast<EntryOf<13>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12]);
            return true;
        }
        case 14: {
            const EntryOf<14> k = reinterpret_cast<EntryOf<14>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13]);
            return true;
        }
        case 15: {
            const EntryOf<15> k = reinterpret_cast<EntryOf<15>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14]);
            return true;
        }
        case 16: {
            const EntryOf<16> k = reinterpret_cast<EntryOf<16>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
            return true;
        }
        case 17: {
            const EntryOf<17> k = reinterpret_cast<EntryOf<17>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16]);
            return true;
        }
        case 18: {
            const EntryOf<18> k = reinterpret_cast<EntryOf<18>>(entry);
            ICPU_RUN_KF(k, blockDim, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17]);
            return true;
        }
        default:
            return false;
    }
}

struct Output {
    uint64_t bytes;
    const char* file;
    uint8_t* gm;
};

// The tensors of either command line form: the input files and the outputs (bytes, file); false,
// having said why, on a malformed one.
bool Tensors(int argc, char** argv, std::vector<const char*>* inputs, std::vector<Output>* outputs)
{
    if (argc == 8) {
        uint64_t bytes = 0;
        if (!Number(argv[6], &bytes)) {
            std::fprintf(stderr, "ascend_ops_cpudebug: y bytes must be a decimal number\n");
            return false;
        }
        inputs->push_back(argv[5]);
        outputs->push_back(Output{bytes, argv[7], nullptr});
        return true;
    }
    uint64_t count = 0;
    int at = 6;
    if (argc < 7 || std::strcmp(argv[5], "--tensors") != 0 || !Number(argv[at++], &count) || count > kMaxTensors ||
        at + static_cast<int>(count) >= argc) {
        return false;
    }
    for (uint64_t i = 0; i < count; ++i) {
        inputs->push_back(argv[at++]);
    }
    if (!Number(argv[at++], &count) || count < 1 || inputs->size() + count > kMaxTensors ||
        at + 2 * static_cast<int>(count) != argc) {
        return false;
    }
    for (uint64_t j = 0; j < count; ++j, at += 2) {
        uint64_t bytes = 0;
        if (!Number(argv[at], &bytes)) {
            return false;
        }
        outputs->push_back(Output{bytes, argv[at + 1], nullptr});
    }
    return true;
}

}  // namespace

int main(int argc, char** argv)
{
    std::vector<const char*> inputFiles;
    std::vector<Output> outputs;
    uint64_t blockDim = 0;
    uint64_t tilingKey = 0;
    if (argc < 7 || !Tensors(argc, argv, &inputFiles, &outputs)) {
        std::fprintf(stderr,
                     "usage: %s <kernel entry> <blockDim> <tiling key> <tiling file> <x file> <y bytes> <y file>\n"
                     "       %s <kernel entry> <blockDim> <tiling key> <tiling file> --tensors <inputs> <input file>... "
                     "<outputs> <output bytes> <output file>...\n",
                     argv[0], argv[0]);
        return 2;
    }
    if (!Number(argv[2], &blockDim) || !Number(argv[3], &tilingKey)) {
        std::fprintf(stderr, "ascend_ops_cpudebug: blockDim and the tiling key must be decimal numbers\n");
        return 2;
    }
    void* entry = dlsym(RTLD_DEFAULT, argv[1]);
    if (entry == nullptr) {
        std::fprintf(stderr, "ascend_ops_cpudebug: no kernel entry %s in this launcher\n", argv[1]);
        return 2;
    }
    std::vector<uint8_t> tilingBytes;
    if (!ReadFile(argv[4], &tilingBytes)) {
        return 2;
    }
    std::vector<uint8_t*> args;
    for (const char* file : inputFiles) {
        std::vector<uint8_t> bytes;
        if (!ReadFile(file, &bytes)) {
            return 2;
        }
        args.push_back(Gm(bytes, bytes.size()));
    }
    for (Output& out : outputs) {
        out.gm = Gm({}, out.bytes);
        std::memset(out.gm, kUnwritten, out.bytes);  // a byte the kernel leaves cannot pass for a zero
        args.push_back(out.gm);
    }
    uint8_t* workspace = Gm({}, 32);  // the kernels use none
    uint8_t* tiling = Gm(tilingBytes, tilingBytes.size());
    args.push_back(workspace);
    args.push_back(tiling);
#if defined(__DAV_C220_VEC__)
    AscendC::SetKernelMode(KernelMode::AIV_MODE);  // the kernels are vector-only (KERNEL_TYPE_AIV_ONLY)
#endif
    ICPU_SET_TILING_KEY(tilingKey);
    if (!RunEntry(entry, static_cast<unsigned>(blockDim), args)) {
        std::fprintf(stderr, "ascend_ops_cpudebug: a kernel entry of %zu parameters\n", args.size());
        return 2;
    }
    std::fflush(stdout);
    for (const Output& out : outputs) {
        FILE* f = std::fopen(out.file, "wb");
        if (f == nullptr || std::fwrite(out.gm, 1, out.bytes, f) != out.bytes || std::fclose(f) != 0) {
            std::fprintf(stderr, "ascend_ops_cpudebug: cannot write %s\n", out.file);
            return 2;
        }
    }
    for (uint8_t* gm : args) {
        AscendC::GmFree(gm);
    }
    return 0;
}
