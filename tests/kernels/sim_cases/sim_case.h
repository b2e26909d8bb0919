// Harness for the simulator test cases: a registry of named cases, SoC configurations of the
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

// SoC parameters of reference/ascendc-facts.md §2.6, written out here for the tests only.
inline ascend_sim::SocConfig SocA2()
{
    ascend_sim::SocConfig soc;
    soc.name = "Ascend910B2";
    soc.ubBytes = 196608;
    soc.coreNum = 48;
    soc.hasDataCopyPad = true;
    soc.dataCopyPadMaxElemBytes = 8;
    soc.hasGather = true;
    soc.gatherSupports8Bit = false;
    soc.gatherSupportsBf16 = true;
    soc.hasUbToUbCopy = true;
    return soc;
}

inline ascend_sim::SocConfig Soc310P()
{
    ascend_sim::SocConfig soc;
    soc.name = "Ascend310P3";
    soc.ubBytes = 262144;
    soc.coreNum = 8;
    soc.hasDataCopyPad = false;
    soc.hasGather = true;
    soc.gatherSupports8Bit = false;
    soc.gatherSupportsBf16 = false;
    soc.hasUbToUbCopy = true;
    return soc;
}

inline ascend_sim::SocConfig Soc910()
{
    ascend_sim::SocConfig soc;
    soc.name = "Ascend910A";
    soc.ubBytes = 262144;
    soc.coreNum = 32;
    soc.hasDataCopyPad = false;
    soc.hasGather = false;
    soc.hasUbToUbCopy = true;
    return soc;
}

inline ascend_sim::SocConfig Soc310B()
{
    ascend_sim::SocConfig soc;
    soc.name = "Ascend310B1";
    soc.ubBytes = 253952;
    soc.coreNum = 1;
    soc.hasDataCopyPad = true;
    soc.dataCopyPadMaxElemBytes = 4;
    soc.hasGather = true;
    soc.gatherSupports8Bit = true;
    soc.gatherSupportsBf16 = false;
    soc.hasUbToUbCopy = false;
    return soc;
}

// One simulated launch: buffers, tiling, run, print.
class Harness {
public:
    explicit Harness(const ascend_sim::SocConfig& soc) : sim_(soc) {}

    // Input bytes follow a fixed pattern that pytest regenerates (see _pattern in the test).
    GM_ADDR Input(const std::string& name, size_t bytes)
    {
        std::vector<uint8_t>& data = Add(name, bytes, ascend_sim::BufferRole::kInput);
        for (size_t i = 0; i < bytes; ++i) {
            data[i] = static_cast<uint8_t>((i * 131 + 17) & 0xFF);
        }
        return data.data();
    }

    // Outputs start as 0xEE so unwritten bytes would show, should a check ever miss them.
    GM_ADDR Output(const std::string& name, size_t bytes)
    {
        std::vector<uint8_t>& data = Add(name, bytes, ascend_sim::BufferRole::kOutput);
        std::fill(data.begin(), data.end(), uint8_t{0xEE});
        return data.data();
    }

    GM_ADDR Tiling(const CaseTiling& tiling, size_t bytes = sizeof(CaseTiling))
    {
        std::vector<uint8_t>& data = Add("tiling", bytes, ascend_sim::BufferRole::kTiling);
        std::memcpy(data.data(), &tiling, std::min(bytes, sizeof(tiling)));
        return data.data();
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
    std::vector<uint8_t>& Add(const std::string& name, size_t bytes, ascend_sim::BufferRole role)
    {
        std::vector<uint8_t>& data = buffers_[name];
        data.assign(bytes, 0);
        sim_.AddBuffer(name, role, data.data(), bytes);
        return data;
    }

    void Print(const std::string& error) const
    {
        if (error.empty()) {
            std::printf("ok\n");
        } else {
            std::printf("error=%s\n", error.c_str());
        }
        const ascend_sim::Stats& s = sim_.GetStats();
        std::printf("stat.blockDim=%u\n", s.blockDim);
        std::printf("stat.dmaInstructions=%llu\n", static_cast<unsigned long long>(s.dmaInstructions));
        std::printf("stat.bytesGmToUb=%llu\n", static_cast<unsigned long long>(s.bytesGmToUb));
        std::printf("stat.bytesUbToGm=%llu\n", static_cast<unsigned long long>(s.bytesUbToGm));
        std::printf("stat.bytesUbToUb=%llu\n", static_cast<unsigned long long>(s.bytesUbToUb));
        std::printf("stat.vectorInstructions=%llu\n", static_cast<unsigned long long>(s.vectorInstructions));
        std::printf("stat.scalarGmReads=%llu\n", static_cast<unsigned long long>(s.scalarGmReads));
        std::printf("stat.scalarGmWrites=%llu\n", static_cast<unsigned long long>(s.scalarGmWrites));
        std::printf("stat.syncCalls=%llu\n", static_cast<unsigned long long>(s.syncCalls));
        std::printf("stat.ubBytesPeak=%llu\n", static_cast<unsigned long long>(s.ubBytesPeak));
        std::printf("stat.busiestOverMean=%.6f\n", s.BusiestOverMean());
        for (size_t i = 0; i < s.blocks.size(); ++i) {
            const ascend_sim::BlockStats& b = s.blocks[i];
            std::printf("block.%zu.dmaInstructions=%llu\n", i, static_cast<unsigned long long>(b.dmaInstructions));
            std::printf("block.%zu.bytesMoved=%llu\n", i, static_cast<unsigned long long>(b.BytesMoved()));
            std::printf("block.%zu.scalarGmAccesses=%llu\n", i, static_cast<unsigned long long>(b.scalarGmAccesses));
            std::printf("block.%zu.ubBytesAllocated=%llu\n", i, static_cast<unsigned long long>(b.ubBytesAllocated));
        }
        for (const auto& [name, data] : buffers_) {
            std::printf("buf.%s=", name.c_str());
            for (uint8_t byte : data) {
                std::printf("%02x", byte);
            }
            std::printf("\n");
        }
    }

    ascend_sim::Simulator sim_;
    std::map<std::string, std::vector<uint8_t>> buffers_;
};

#endif  // TESTS_KERNELS_SIM_CASES_SIM_CASE_H
