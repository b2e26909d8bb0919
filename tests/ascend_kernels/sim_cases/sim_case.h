// Harness for the simulator test cases: a registry of named cases, the simulated SoCs of the
// four product families, patterned GM buffers, and a printer for what pytest checks.
//
// Output protocol, one `key=value` per line:
//   error=<SimError message>     or  ok
//   stat.<name>=<value>          totals of ascend_sim::Stats
//   block.<i>.<name>=<value>     per-block statistics
//   buf.<name>=<hex bytes>       every GM buffer after the run
#ifndef TESTS_KERNELS_SIM_CASES_SIM_CASE_H
#define TESTS_KERNELS_SIM_CASES_SIM_CASE_H

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "sim_platform.h"

// The tiling struct of every test kernel (-DASCEND_SIM_TILING_TYPE=CaseTiling).
struct CaseTiling {
    uint64_t totalElems;
    uint64_t tileElems;
    uint64_t rows;
    uint64_t cols;
    uint64_t colStart;
    uint64_t colCount;
    uint32_t bufferNum;
    uint32_t mode;
};
static_assert(sizeof(CaseTiling) % 8 == 0, "CaseTiling must pad to 8 bytes");

using CaseFn = void (*)();

inline std::map<std::string, CaseFn>& CaseRegistry()
{
    static std::map<std::string, CaseFn> cases;
    return cases;
}

struct CaseRegistrar {
    CaseRegistrar(const char* name, CaseFn fn) { CaseRegistry()[name] = fn; }
};

// Case functions get a prefix so a case may share its name with the kernel it runs.
#define SIM_CASE(name)                                                        \
    static void SimCase_##name();                                             \
    static const CaseRegistrar SimCase_##name##_registrar(#name, SimCase_##name); \
    static void SimCase_##name()

// The SoCs of the product families as the simulator runs them (sim_platform.h, from the generated
// product table). Where a case kernel needs more than the table's SoC, the difference is set here
// and says why.
inline ascend_sim::SocConfig SocA2()
{
    ascend_sim::SocConfig soc = ascend_sim::SimulatedSocConfig("Ascend910B2");
    // A2 does gather bfloat16_t, which the op kernels never ask for; the gather cases do.
    soc.gatherSupportsBf16 = true;
    // The case kernels are plain functions, not kernel entries declaring their kernel type;
    // kernel_type_* in misuse_cases.cpp turn the rule back on.
    soc.product.kernelTypeRequired = false;
    return soc;
}

inline ascend_sim::SocConfig Soc310P() { return ascend_sim::SimulatedSocConfig("Ascend310P3"); }

inline ascend_sim::SocConfig Soc910() { return ascend_sim::SimulatedSocConfig("Ascend910A"); }

inline ascend_sim::SocConfig Soc310B() { return ascend_sim::SimulatedSocConfig("Ascend310B1"); }

// Orders everything pipe X of `event` (X_Y) issued so far before pipe Y's next instruction, with
// an id the live TPipe hands out.
template <AscendC::HardEvent event>
inline void Order()
{
    AscendC::TEventID id = AscendC::GetTPipePtr()->FetchEventID(event);
    AscendC::SetFlag<event>(id);
    AscendC::WaitFlag<event>(id);
}

// One simulated launch: buffers, tiling, run, print. Buffers start on a 64-byte boundary, so
// data cache lines (64 bytes) fall at known buffer offsets.
class Harness {
public:
    explicit Harness(const ascend_sim::SocConfig& soc) : sim_(soc) {}

    // Input bytes follow a fixed pattern that pytest regenerates (see _pattern in the test).
    GM_ADDR Input(const std::string& name, size_t bytes)
    {
        uint8_t* data = Add(name, bytes, ascend_sim::BufferRole::kInput);
        for (size_t i = 0; i < bytes; ++i) {
            data[i] = static_cast<uint8_t>((i * 131 + 17) & 0xFF);
        }
        return data;
    }

    // Outputs start as 0xEE so unwritten bytes would show, should a check ever miss them.
    GM_ADDR Output(const std::string& name, size_t bytes)
    {
        uint8_t* data = Add(name, bytes, ascend_sim::BufferRole::kOutput);
        std::fill(data, data + bytes, uint8_t{0xEE});
        return data;
    }

    GM_ADDR Tiling(const CaseTiling& tiling, size_t bytes = sizeof(CaseTiling))
    {
        uint8_t* data = Add("tiling", bytes, ascend_sim::BufferRole::kTiling);
        std::memcpy(data, &tiling, std::min(bytes, sizeof(tiling)));
        return data;
    }

    ascend_sim::Simulator& Sim() { return sim_; }

    template <typename... Params, typename... Args>
    void Launch(const char* kernelName, uint32_t blockDim, uint64_t tilingKey, void (*kernel)(Params...),
                Args... args)
    {
        sim_.SetTilingKey(tilingKey);
        Print(ascend_sim::RunKernelCatching(sim_, kernelName, blockDim, kernel, args...));
    }

    void Run(const char* kernelName, uint32_t blockDim, const std::function<void()>& body)
    {
        Print(ascend_sim::RunCatching(sim_, kernelName, blockDim, body));
    }

private:
    struct Buffer {
        std::vector<uint8_t> storage;
        uint8_t* data;
        size_t bytes;
    };

    uint8_t* Add(const std::string& name, size_t bytes, ascend_sim::BufferRole role)
    {
        Buffer& buf = buffers_[name];
        buf.storage.assign(bytes + 64, 0);
        uintptr_t raw = reinterpret_cast<uintptr_t>(buf.storage.data());
        buf.data = buf.storage.data() + ((64 - raw % 64) % 64);
        buf.bytes = bytes;
        sim_.AddBuffer(name, role, buf.data, bytes);
        return buf.data;
    }

    void Print(const std::string& error) const
    {
        if (error.empty()) {
            std::printf("ok\n");
        } else {
            std::printf("error=%s\n", error.c_str());
        }
        const ascend_sim::Stats& s = sim_.GetStats();
#define SIM_CASE_PRINT_COUNTER(type, name) \
    std::printf("stat." #name "=%llu\n", static_cast<unsigned long long>(s.name));
        ASCEND_SIM_STATS_COUNTERS(SIM_CASE_PRINT_COUNTER)
#undef SIM_CASE_PRINT_COUNTER
        std::printf("stat.busiestOverMean=%.6f\n", s.BusiestOverMean());
        for (size_t i = 0; i < s.blocks.size(); ++i) {
            const ascend_sim::BlockStats& b = s.blocks[i];
            std::printf("block.%zu.dmaInstructions=%llu\n", i, static_cast<unsigned long long>(b.dmaInstructions));
            std::printf("block.%zu.bytesMoved=%llu\n", i, static_cast<unsigned long long>(b.BytesMoved()));
            std::printf("block.%zu.scalarGmAccesses=%llu\n", i, static_cast<unsigned long long>(b.scalarGmAccesses));
            std::printf("block.%zu.ubBytesAllocated=%llu\n", i, static_cast<unsigned long long>(b.ubBytesAllocated));
        }
        for (const auto& [name, buf] : buffers_) {
            std::printf("buf.%s=", name.c_str());
            for (size_t i = 0; i < buf.bytes; ++i) {
                std::printf("%02x", buf.data[i]);
            }
            std::printf("\n");
        }
    }

    ascend_sim::Simulator sim_;
    std::map<std::string, Buffer> buffers_;
};

#endif  // TESTS_KERNELS_SIM_CASES_SIM_CASE_H
