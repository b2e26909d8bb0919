// @generated from python/ascend_ops/sim/sim_abi.h and ascend_kernels/common/copy_tiling.h by ascend-ops-dev generate; do not edit
//
// The layout of the ctypes mirrors in python/ascend_ops/sim/abi.py (generated with this header):
// each field's type and offset and each struct's size, asserted of the C++ structs. launcher.cpp
// includes it, so a struct edited without `ascend-ops-dev generate` fails the simulator's build.
#ifndef ASCEND_OPS_SIM_ABI_MIRRORS_GENERATED_H
#define ASCEND_OPS_SIM_ABI_MIRRORS_GENERATED_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "copy_tiling.h"
#include "sim_abi.h"

static_assert(sizeof(AscendSimAttr) == 40, "AscendSimAttr changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimAttr, name) == 0 &&
              std::is_same<decltype(AscendSimAttr::name), const char*>::value, "AscendSimAttr changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimAttr, data) == 8 &&
              std::is_same<decltype(AscendSimAttr::data), const int64_t*>::value, "AscendSimAttr changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimAttr, size) == 16 &&
              std::is_same<decltype(AscendSimAttr::size), int64_t>::value, "AscendSimAttr changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimAttr, value) == 24 &&
              std::is_same<decltype(AscendSimAttr::value), int64_t>::value, "AscendSimAttr changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimAttr, text) == 32 &&
              std::is_same<decltype(AscendSimAttr::text), const char*>::value, "AscendSimAttr changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(sizeof(AscendSimSocInfo) == 32, "AscendSimSocInfo changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimSocInfo, coreNum) == 0 &&
              std::is_same<decltype(AscendSimSocInfo::coreNum), int64_t>::value, "AscendSimSocInfo changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimSocInfo, ubBytes) == 8 &&
              std::is_same<decltype(AscendSimSocInfo::ubBytes), int64_t>::value, "AscendSimSocInfo changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimSocInfo, platformUbBytes) == 16 &&
              std::is_same<decltype(AscendSimSocInfo::platformUbBytes), int64_t>::value, "AscendSimSocInfo changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimSocInfo, product) == 24 &&
              std::is_same<decltype(AscendSimSocInfo::product), const char*>::value, "AscendSimSocInfo changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(sizeof(AscendSimStats) == 208, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, blockDim) == 0 &&
              std::is_same<decltype(AscendSimStats::blockDim), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, dmaInstructions) == 8 &&
              std::is_same<decltype(AscendSimStats::dmaInstructions), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, bytesGmToUb) == 16 &&
              std::is_same<decltype(AscendSimStats::bytesGmToUb), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, bytesUbToGm) == 24 &&
              std::is_same<decltype(AscendSimStats::bytesUbToGm), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, bytesUbToUb) == 32 &&
              std::is_same<decltype(AscendSimStats::bytesUbToUb), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, vectorInstructions) == 40 &&
              std::is_same<decltype(AscendSimStats::vectorInstructions), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, scalarGmReads) == 48 &&
              std::is_same<decltype(AscendSimStats::scalarGmReads), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, scalarGmWrites) == 56 &&
              std::is_same<decltype(AscendSimStats::scalarGmWrites), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, syncCalls) == 64 &&
              std::is_same<decltype(AscendSimStats::syncCalls), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, ubBytesPeak) == 72 &&
              std::is_same<decltype(AscendSimStats::ubBytesPeak), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, scalarDivMods) == 80 &&
              std::is_same<decltype(AscendSimStats::scalarDivMods), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, loopDivMods) == 88 &&
              std::is_same<decltype(AscendSimStats::loopDivMods), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, scalarUbReads) == 96 &&
              std::is_same<decltype(AscendSimStats::scalarUbReads), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, scalarUbWrites) == 104 &&
              std::is_same<decltype(AscendSimStats::scalarUbWrites), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, loopIterations) == 112 &&
              std::is_same<decltype(AscendSimStats::loopIterations), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, addressListInstructions) == 120 &&
              std::is_same<decltype(AscendSimStats::addressListInstructions), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, scalarMulHighs) == 128 &&
              std::is_same<decltype(AscendSimStats::scalarMulHighs), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreDmaInstructions) == 136 &&
              std::is_same<decltype(AscendSimStats::coreDmaInstructions), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreVectorInstructions) == 144 &&
              std::is_same<decltype(AscendSimStats::coreVectorInstructions), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreScalarGmAccesses) == 152 &&
              std::is_same<decltype(AscendSimStats::coreScalarGmAccesses), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreScalarDivMods) == 160 &&
              std::is_same<decltype(AscendSimStats::coreScalarDivMods), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreScalarUbAccesses) == 168 &&
              std::is_same<decltype(AscendSimStats::coreScalarUbAccesses), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreLoopIterations) == 176 &&
              std::is_same<decltype(AscendSimStats::coreLoopIterations), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreAddressListInstructions) == 184 &&
              std::is_same<decltype(AscendSimStats::coreAddressListInstructions), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, coreScalarMulHighs) == 192 &&
              std::is_same<decltype(AscendSimStats::coreScalarMulHighs), uint64_t>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimStats, busiestOverMean) == 200 &&
              std::is_same<decltype(AscendSimStats::busiestOverMean), double>::value, "AscendSimStats changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(sizeof(AscendSimTensor) == 48, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimTensor, name) == 0 &&
              std::is_same<decltype(AscendSimTensor::name), const char*>::value, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimTensor, rank) == 8 &&
              std::is_same<decltype(AscendSimTensor::rank), int32_t>::value, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimTensor, dims) == 16 &&
              std::is_same<decltype(AscendSimTensor::dims), const int64_t*>::value, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimTensor, dtype) == 24 &&
              std::is_same<decltype(AscendSimTensor::dtype), const char*>::value, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimTensor, data) == 32 &&
              std::is_same<decltype(AscendSimTensor::data), void*>::value, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(AscendSimTensor, bytes) == 40 &&
              std::is_same<decltype(AscendSimTensor::bytes), uint64_t>::value, "AscendSimTensor changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(sizeof(ascend_ops::CopyTiling) == 464, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, shape) == 0 &&
              std::is_same<decltype(ascend_ops::CopyTiling::shape), int64_t[8]>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, stride) == 64 &&
              std::is_same<decltype(ascend_ops::CopyTiling::stride), int64_t[8]>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, shapeReciprocal) == 128 &&
              std::is_same<decltype(ascend_ops::CopyTiling::shapeReciprocal), uint64_t[8]>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, packedStride) == 192 &&
              std::is_same<decltype(ascend_ops::CopyTiling::packedStride), int64_t[8]>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, offset) == 256 &&
              std::is_same<decltype(ascend_ops::CopyTiling::offset), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, packedOffset) == 264 &&
              std::is_same<decltype(ascend_ops::CopyTiling::packedOffset), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, packedElems) == 272 &&
              std::is_same<decltype(ascend_ops::CopyTiling::packedElems), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, totalElems) == 280 &&
              std::is_same<decltype(ascend_ops::CopyTiling::totalElems), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, hullLo) == 288 &&
              std::is_same<decltype(ascend_ops::CopyTiling::hullLo), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, hullHi) == 296 &&
              std::is_same<decltype(ascend_ops::CopyTiling::hullHi), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, splitGranule) == 304 &&
              std::is_same<decltype(ascend_ops::CopyTiling::splitGranule), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, granulesPerCore) == 312 &&
              std::is_same<decltype(ascend_ops::CopyTiling::granulesPerCore), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, granuleRemainder) == 320 &&
              std::is_same<decltype(ascend_ops::CopyTiling::granuleRemainder), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, tileElems) == 328 &&
              std::is_same<decltype(ascend_ops::CopyTiling::tileElems), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, rowsPerTile) == 336 &&
              std::is_same<decltype(ascend_ops::CopyTiling::rowsPerTile), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, unitElems) == 344 &&
              std::is_same<decltype(ascend_ops::CopyTiling::unitElems), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, unitsPerTile) == 352 &&
              std::is_same<decltype(ascend_ops::CopyTiling::unitsPerTile), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, windowElems) == 360 &&
              std::is_same<decltype(ascend_ops::CopyTiling::windowElems), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, windowLo) == 368 &&
              std::is_same<decltype(ascend_ops::CopyTiling::windowLo), int64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, fillBits) == 376 &&
              std::is_same<decltype(ascend_ops::CopyTiling::fillBits), uint64_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, blockSlotBytes) == 384 &&
              std::is_same<decltype(ascend_ops::CopyTiling::blockSlotBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, unitSlotBytes) == 388 &&
              std::is_same<decltype(ascend_ops::CopyTiling::unitSlotBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, mode) == 392 &&
              std::is_same<decltype(ascend_ops::CopyTiling::mode), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, elemBytes) == 396 &&
              std::is_same<decltype(ascend_ops::CopyTiling::elemBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, unitBytes) == 400 &&
              std::is_same<decltype(ascend_ops::CopyTiling::unitBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, blockDim) == 404 &&
              std::is_same<decltype(ascend_ops::CopyTiling::blockDim), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, rank) == 408 &&
              std::is_same<decltype(ascend_ops::CopyTiling::rank), int32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, unitDim) == 412 &&
              std::is_same<decltype(ascend_ops::CopyTiling::unitDim), int32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, countDim) == 416 &&
              std::is_same<decltype(ascend_ops::CopyTiling::countDim), int32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, usePad) == 420 &&
              std::is_same<decltype(ascend_ops::CopyTiling::usePad), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, useVectorGather) == 424 &&
              std::is_same<decltype(ascend_ops::CopyTiling::useVectorGather), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, inBufBytes) == 428 &&
              std::is_same<decltype(ascend_ops::CopyTiling::inBufBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, outBufBytes) == 432 &&
              std::is_same<decltype(ascend_ops::CopyTiling::outBufBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, tableBytes) == 436 &&
              std::is_same<decltype(ascend_ops::CopyTiling::tableBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, runDim) == 440 &&
              std::is_same<decltype(ascend_ops::CopyTiling::runDim), int32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, pieceSlotBytes) == 444 &&
              std::is_same<decltype(ascend_ops::CopyTiling::pieceSlotBytes), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, countInnerDim) == 448 &&
              std::is_same<decltype(ascend_ops::CopyTiling::countInnerDim), int32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, windowCount) == 452 &&
              std::is_same<decltype(ascend_ops::CopyTiling::windowCount), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, transposeGroupStride) == 456 &&
              std::is_same<decltype(ascend_ops::CopyTiling::transposeGroupStride), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");
static_assert(offsetof(ascend_ops::CopyTiling, transposeGroupRun) == 460 &&
              std::is_same<decltype(ascend_ops::CopyTiling::transposeGroupRun), uint32_t>::value, "ascend_ops::CopyTiling changed: run `ascend-ops-dev generate` (python/ascend_ops/sim/abi.py)");

#endif  // ASCEND_OPS_SIM_ABI_MIRRORS_GENERATED_H
