// Test driver of the data-movement engine: canonicalise an op's arguments, plan the copy for a
// SoC, run RunStridedCopy through the AscendC simulator and compare every output byte with a
// naive strided copy. Driven by tests/ascend_kernels/test_engine.py through stdin/stdout:
//
//   soc <name>     a SoC of the generated product table (products.h): the planner gets
//                  MakeSocInfo of it, the simulator the same budget and features
//   case <id> <soc> <elemBytes> <op> <inRank> <dims...> <op arguments...>
//     an op of op_specs/: its attributes in spec order (op_view_dispatch_generated.h), an int as
//                   <value>, an int[], int[]? or int[][] as <n> <values...> (n = 0 for None; rows
//                   flattened), a str as a word, a float as a number
//     view:          <rank> <shape...> <stride...> <offset>     (a raw view of the input)
//   write <id> <soc> <elemBytes> <op> <outRank> <dims...> <op arguments...>
//     the other direction (PlanStridedWrite, Note [write modes]): a packed input of the view's
//     shape written into the view of an output of <dims...>, which starts as 0xA5 bytes and must
//     end with the fill outside the view
//   fill <bits>    the fill of the writes that follow (the bits of one element, hex; 0 at first)
//
// For each case one line: "result <id> error <message>" or "result <id> ok key=value ...", and
// the output bytes in <outdir>/<id>.bin. Input byte i is InputByte(i) (the test computes the same).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "copy_planner.h"
#include "copy_write_planner.h"
#include "op_view_dispatch_generated.h"
#include "products.h"
#include "strided_copy_kernel.h"

using namespace ascend_ops;

extern "C" __global__ __aicore__ void engine_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    GET_TILING_DATA(t, tiling);
    if (TILING_KEY_IS(1)) {
        RunStridedCopy<uint8_t>(x, y, t);
    } else if (TILING_KEY_IS(2)) {
        RunStridedCopy<uint16_t>(x, y, t);
    } else if (TILING_KEY_IS(4)) {
        RunStridedCopy<uint32_t>(x, y, t);
    } else if (TILING_KEY_IS(8)) {
        RunStridedCopy<uint64_t>(x, y, t);
    }
}

namespace {

uint8_t InputByte(int64_t i) { return static_cast<uint8_t>((i * 131 + (i >> 7) * 17 + 7) & 0xFF); }

struct Soc {
    ascend_sim::SocConfig sim;
    SocInfo info;
};

std::vector<int64_t> ReadList(std::istream& in)
{
    int64_t n;
    in >> n;
    std::vector<int64_t> v(static_cast<size_t>(n));
    for (auto& x : v) {
        in >> x;
    }
    return v;
}

const char* ModeName(uint32_t mode)
{
    switch (mode) {
        case kCopyModeEmpty: return "EMPTY";
        case kCopyModeBurst: return "BURST";
        case kCopyModeBurstAligned: return "BURST_ALIGNED";
        case kCopyModeGather: return "GATHER";
        case kCopyModeTranspose: return "TRANSPOSE";
        case kCopyModeScalar: return "SCALAR";
        case kCopyModeWriteBurst: return "WRITE_BURST";
        case kCopyModeWriteScalar: return "WRITE_SCALAR";
    }
    return "?";
}

// Builds the op's view; returns false with `error` set when the arguments are rejected. An op's
// attributes follow in spec order, read by the kinds its generated kOpViews entry lists.
bool BuildView(const std::string& op, std::istream& in, const TensorShape& input, TensorShape* out, StridedView* view,
               std::string* error)
{
    Status status = Status::Ok();
    const OpViewEntry* entry = nullptr;
    for (const OpViewEntry& e : kOpViews) {
        if (op == e.op) {
            entry = &e;
        }
    }
    if (entry != nullptr) {
        const size_t count = std::strlen(entry->attrKinds);
        std::vector<std::vector<int64_t>> lists(count);
        std::vector<std::string> texts(count);
        std::vector<OpAttrValue> attrs(count, OpAttrValue{0, nullptr, 0, nullptr, 0.0F});
        for (size_t i = 0; i < count; ++i) {
            switch (entry->attrKinds[i]) {
                case 'i': in >> attrs[i].value; break;
                case 'f': in >> attrs[i].real; break;
                case 'l':
                    lists[i] = ReadList(in);
                    attrs[i].data = lists[i].data();
                    attrs[i].size = static_cast<int64_t>(lists[i].size());
                    break;
                default:
                    in >> texts[i];
                    attrs[i].text = texts[i].c_str();
            }
        }
        status = entry->build(attrs.data(), input, out, view);
    } else if (op == "view") {
        in >> view->rank;
        for (int32_t d = 0; d < view->rank; ++d) {
            in >> view->shape[d];
        }
        for (int32_t d = 0; d < view->rank; ++d) {
            in >> view->stride[d];
        }
        in >> view->offset;
        out->rank = view->rank;
        for (int32_t d = 0; d < view->rank; ++d) {
            out->dims[d] = view->shape[d];
        }
    } else {
        *error = "unknown op " + op;
        return false;
    }
    if (!status.ok) {
        *error = status.message;
        return false;
    }
    return true;
}

// `write`: the view is of the output, which the packed input is written into (Note [write modes]).
void RunCase(std::istream& in, const std::map<std::string, Soc>& socs, const std::string& outDir, bool write,
             uint64_t fillBits)
{
    std::string id, socName, op;
    uint32_t elemBytes;
    TensorShape input;
    in >> id >> socName >> elemBytes >> op >> input.rank;
    for (int32_t d = 0; d < input.rank; ++d) {
        in >> input.dims[d];
    }
    const Soc& soc = socs.at(socName);
    TensorShape outShape;
    StridedView view;
    std::string error;
    if (!BuildView(op, in, input, &outShape, &view, &error)) {
        std::cout << "result " << id << " error " << error << "\n";
        return;
    }
    // The write direction: the op's input shape is the output's, the view's result the input's.
    const TensorShape viewShape = outShape;
    if (write) {
        outShape = input;
        input = viewShape;
    }
    CopyTiling tiling;
    Status planned = write ? PlanStridedWrite(view, NumElements(outShape), elemBytes, fillBits, soc.info, &tiling)
                           : PlanStridedCopy(view, elemBytes, soc.info, &tiling);
    if (!planned.ok) {
        std::cout << "result " << id << " error " << planned.message << "\n";
        return;
    }
    // Pure planner checks: the core ranges partition the output (GATHER and TRANSPOSE: its units),
    // the tiles fit UB.
    const bool byUnits = SplitsByUnits(tiling);
    const UnitGrid grid = MakeUnitGrid(tiling);
    int64_t covered = 0;
    bool partition = true;
    for (uint32_t b = 0; b < tiling.blockDim; ++b) {
        int64_t begin, end;
        if (byUnits) {
            CoreUnits(tiling, grid, b, &begin, &end);
        } else {
            CoreRange(tiling, b, &begin, &end);
        }
        // WRITE_BURST's cores past the input have no range of it (they zero the output around the view).
        const bool idle = tiling.mode == kCopyModeWriteBurst && begin == tiling.totalElems;
        partition = partition && begin == covered && (end > begin || idle);
        covered = end;
    }
    partition = partition && covered == (byUnits ? grid.units : tiling.totalElems);
    if (tiling.mode == kCopyModeEmpty) {
        partition = tiling.blockDim == 1;
    }
    // WRITE_BURST's outBufBytes is its one zero buffer.
    const int64_t outBuffers = tiling.mode == kCopyModeWriteBurst ? 1 : 2;
    const int64_t ubNeeded = 2 * int64_t{tiling.inBufBytes} + outBuffers * tiling.outBufBytes + tiling.tableBytes;
    const bool ubFits = ubNeeded <= soc.info.ubBytes;
    const int64_t inBytes = NumElements(input) * elemBytes;
    const int64_t outElems = NumElements(outShape);
    const int64_t outBytes = outElems * elemBytes;
    std::vector<uint8_t> x(static_cast<size_t>(inBytes) + 1), y(static_cast<size_t>(outBytes) + 1, write ? 0xA5 : 0);
    for (int64_t i = 0; i < inBytes; ++i) {
        x[static_cast<size_t>(i)] = InputByte(i);
    }
    ascend_sim::Simulator sim(soc.sim);
    sim.AddBuffer("x", ascend_sim::BufferRole::kInput, x.data(), static_cast<uint64_t>(inBytes));
    sim.AddBuffer("y", ascend_sim::BufferRole::kOutput, y.data(), static_cast<uint64_t>(outBytes));
    sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, &tiling, sizeof(tiling));
    sim.SetTilingKey(CopyTilingKey(tiling));
    std::string failure = ascend_sim::RunKernelCatching(sim, "engine_copy", tiling.blockDim, engine_copy, x.data(),
                                                        y.data(), static_cast<uint8_t*>(nullptr),
                                                        reinterpret_cast<uint8_t*>(&tiling));
    if (!failure.empty()) {
        std::cout << "result " << id << " simfail mode=" << ModeName(tiling.mode) << " " << failure << "\n";
        return;
    }
    // Naive strided copy of the unmerged view (write: the fill, then the naive scatter).
    int64_t firstBad = -1;
    std::vector<uint8_t> expected;
    if (write) {
        expected.assign(static_cast<size_t>(outBytes), 0);
        for (int64_t i = 0; i < outBytes; ++i) {  // little-endian, as the NPU and this host
            expected[static_cast<size_t>(i)] = static_cast<uint8_t>(fillBits >> (8 * (i % elemBytes)));
        }
    }
    std::vector<int64_t> index(static_cast<size_t>(view.rank), 0);
    int64_t src = view.offset;
    for (int64_t i = 0; i < (write ? NumElements(input) : outElems); ++i) {
        if (write) {
            std::memcpy(&expected[static_cast<size_t>(src * elemBytes)], &x[static_cast<size_t>(i * elemBytes)],
                        elemBytes);
        } else if (firstBad < 0 && std::memcmp(&y[static_cast<size_t>(i * elemBytes)],
                                               &x[static_cast<size_t>(src * elemBytes)], elemBytes) != 0) {
            firstBad = i;
        }
        for (int32_t d = view.rank - 1; d >= 0; --d) {
            if (++index[static_cast<size_t>(d)] < view.shape[d]) {
                src += view.stride[d];
                break;
            }
            src -= view.stride[d] * (view.shape[d] - 1);
            index[static_cast<size_t>(d)] = 0;
        }
    }
    for (int64_t i = 0; write && firstBad < 0 && i < outElems; ++i) {
        if (std::memcmp(&y[static_cast<size_t>(i * elemBytes)], &expected[static_cast<size_t>(i * elemBytes)],
                        elemBytes) != 0) {
            firstBad = i;
        }
    }
    std::ofstream(outDir + "/" + id + ".bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(y.data()), static_cast<std::streamsize>(outBytes));
    const ascend_sim::Stats& s = sim.GetStats();
    double moved = static_cast<double>(s.bytesGmToUb + s.bytesUbToGm);
    std::ostringstream shape;
    for (int32_t d = 0; d < outShape.rank; ++d) {
        shape << (d ? "," : "") << outShape.dims[d];
    }
    std::cout << "result " << id << " ok shape=" << shape.str() << " mode=" << ModeName(tiling.mode)
              << " blockDim=" << tiling.blockDim << " unitBytes=" << tiling.unitBytes
              << " efficiency=" << (moved > 0 ? 2.0 * static_cast<double>(outBytes) / moved : 1.0)
              << " balance=" << s.BusiestOverMean() << " dma=" << s.dmaInstructions
              << " scalar=" << (s.scalarGmReads + s.scalarGmWrites) << " ub=" << s.ubBytesPeak
              << " firstBad=" << firstBad << " partition=" << partition << " ubFits=" << ubFits << "\n";
}

}  // namespace

int main(int argc, char** argv)
{
    std::string outDir = argc > 1 ? argv[1] : ".";
    std::map<std::string, Soc> socs;
    uint64_t fillBits = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string kind;
        if (!(in >> kind)) {
            continue;
        }
        if (kind == "soc") {
            std::string name;
            in >> name;
            const SocEntry* entry = FindSoc(name.c_str());
            if (entry == nullptr) {
                std::cerr << "soc " << name << " is no SoC of op_specs/products.yaml\n";
                return 2;
            }
            Soc soc;
            soc.info = MakeSocInfo(*entry);
            soc.sim.name = entry->name;
            soc.sim.coreNum = static_cast<uint32_t>(soc.info.coreNum);
            soc.sim.ubBytes = static_cast<uint64_t>(soc.info.ubBytes);
            soc.sim.product = kProducts[entry->product];
            // This driver is one host build for every product, without __NPU_ARCH__: it calls
            // RunStridedCopy as a function, not through a kernel entry that declares its kernel type,
            // and compiles the arch-conditional DataCacheCleanAndInvalid in. Those two rules belong to
            // the simulator library, built once per arch with the generated kernel entries.
            soc.sim.product.kernelTypeRequired = false;
            soc.sim.product.dataCacheClean = true;
            // The cases run every element size on every product; 310B runs float16 only, and the
            // planner does not keep 8-bit Gathers within its 16-bit index registers (an 8-bit case
            // there would need offsets past 65535).
            soc.sim.product.gatherMaxOffset8Bit = 0;
            socs[name] = soc;
        } else if (kind == "fill") {
            in >> std::hex >> fillBits >> std::dec;
        } else if (kind == "case" || kind == "write") {
            RunCase(in, socs, outDir, kind == "write", fillBits);
        }
        std::cout.flush();
    }
    return 0;
}
