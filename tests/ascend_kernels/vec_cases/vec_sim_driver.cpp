// The emulator's launcher of the vector test kernels (vec_kernels.cpp), with the command line of
// the CPU-debug launcher (dev/ascend_ops_dev/cpudebug/launch_main.cpp) plus the SoC first:
//
//   vec_sim_driver <SoC> <kernel entry> <blockDim> <tiling file> <x file> <y bytes> <y file>
//
// It runs the entry under ascend_sim::Simulator with the SoC's rules (sim_platform.h) and writes
// y; a SimError is printed as `error=<message>` (exit 0, y not written). The entry is found by
// name among the kernels linked with -rdynamic.
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "sim_platform.h"

namespace {

using KernelEntry = void (*)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR);

std::vector<uint8_t> ReadFile(const char* path)
{
    std::vector<uint8_t> out;
    FILE* f = std::fopen(path, "rb");
    if (f == nullptr) {
        std::fprintf(stderr, "vec_sim_driver: cannot open %s\n", path);
        std::exit(2);
    }
    uint8_t chunk[65536];
    size_t n = 0;
    while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) {
        out.insert(out.end(), chunk, chunk + n);
    }
    std::fclose(f);
    return out;
}

// GM buffers start 64-byte aligned, as GmAlloc's do.
struct Buffer {
    std::vector<uint8_t> storage;
    uint8_t* data;
    explicit Buffer(const std::vector<uint8_t>& bytes, size_t size)
        : storage(size + 64, 0)
    {
        uintptr_t raw = reinterpret_cast<uintptr_t>(storage.data());
        data = storage.data() + (64 - raw % 64) % 64;
        std::copy(bytes.begin(), bytes.end(), data);
    }
};

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 8) {
        std::fprintf(stderr, "usage: %s <SoC> <kernel entry> <blockDim> <tiling file> <x file> <y bytes> <y file>\n",
                     argv[0]);
        return 2;
    }
    auto entry = reinterpret_cast<KernelEntry>(dlsym(RTLD_DEFAULT, argv[2]));
    if (entry == nullptr) {
        std::fprintf(stderr, "vec_sim_driver: no kernel entry %s\n", argv[2]);
        return 2;
    }
    const uint32_t blockDim = static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10));
    const size_t yBytes = std::strtoull(argv[6], nullptr, 10);
    const std::vector<uint8_t> tilingBytes = ReadFile(argv[4]);
    const std::vector<uint8_t> xBytes = ReadFile(argv[5]);
    Buffer x(xBytes, xBytes.size());
    Buffer y({}, yBytes);
    Buffer workspace({}, 32);
    Buffer tiling(tilingBytes, tilingBytes.size());
    ascend_sim::Simulator sim(ascend_sim::SimulatedSocConfig(argv[1]));
    sim.AddBuffer("x", ascend_sim::BufferRole::kInput, x.data, xBytes.size());
    sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, y.data, yBytes);
    sim.AddBuffer("workspace", ascend_sim::BufferRole::kWorkspace, workspace.data, 32);
    sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, tiling.data, tilingBytes.size());
    const std::string err =
        ascend_sim::RunKernelCatching(sim, argv[2], blockDim, entry, x.data, y.data, workspace.data, tiling.data);
    if (!err.empty()) {
        std::printf("error=%s\n", err.c_str());
        return 0;
    }
    std::printf("vectorInstructions=%llu\n", static_cast<unsigned long long>(sim.GetStats().vectorInstructions));
    FILE* out = std::fopen(argv[7], "wb");
    if (out == nullptr || std::fwrite(y.data, 1, yBytes, out) != yBytes || std::fclose(out) != 0) {
        std::fprintf(stderr, "vec_sim_driver: cannot write %s\n", argv[7]);
        return 2;
    }
    return 0;
}
