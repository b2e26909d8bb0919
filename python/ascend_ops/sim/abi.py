# @generated from python/ascend_ops/sim/sim_abi.h and ascend_kernels/common/copy_tiling.h by ascend-ops-dev generate; do not edit
"""The simulator library's C ABI structs (sim_abi.h) and the engine's CopyTiling (copy_tiling.h) as
ctypes classes. sim_abi_mirrors_generated.h, which launcher.cpp includes, asserts LAYOUTS of the C++
structs; library.py compares the sizes with those the library reports when it loads."""
from __future__ import annotations

import ctypes


class Attr(ctypes.Structure):
    """`AscendSimAttr` (python/ascend_ops/sim/sim_abi.h): 40 bytes."""

    _fields_ = [
        ('name', ctypes.c_char_p),  # offset 0
        ('data', ctypes.POINTER(ctypes.c_int64)),  # offset 8
        ('size', ctypes.c_int64),  # offset 16
        ('value', ctypes.c_int64),  # offset 24
        ('text', ctypes.c_char_p),  # offset 32
    ]


class SocInfo(ctypes.Structure):
    """`AscendSimSocInfo` (python/ascend_ops/sim/sim_abi.h): 32 bytes."""

    _fields_ = [
        ('coreNum', ctypes.c_int64),  # offset 0
        ('ubBytes', ctypes.c_int64),  # offset 8
        ('platformUbBytes', ctypes.c_int64),  # offset 16
        ('product', ctypes.c_char_p),  # offset 24
    ]


class Stats(ctypes.Structure):
    """`AscendSimStats` (python/ascend_ops/sim/sim_abi.h): 208 bytes."""

    _fields_ = [
        ('blockDim', ctypes.c_uint64),  # offset 0
        ('dmaInstructions', ctypes.c_uint64),  # offset 8
        ('bytesGmToUb', ctypes.c_uint64),  # offset 16
        ('bytesUbToGm', ctypes.c_uint64),  # offset 24
        ('bytesUbToUb', ctypes.c_uint64),  # offset 32
        ('vectorInstructions', ctypes.c_uint64),  # offset 40
        ('scalarGmReads', ctypes.c_uint64),  # offset 48
        ('scalarGmWrites', ctypes.c_uint64),  # offset 56
        ('syncCalls', ctypes.c_uint64),  # offset 64
        ('ubBytesPeak', ctypes.c_uint64),  # offset 72
        ('scalarDivMods', ctypes.c_uint64),  # offset 80
        ('loopDivMods', ctypes.c_uint64),  # offset 88
        ('scalarUbReads', ctypes.c_uint64),  # offset 96
        ('scalarUbWrites', ctypes.c_uint64),  # offset 104
        ('loopIterations', ctypes.c_uint64),  # offset 112
        ('addressListInstructions', ctypes.c_uint64),  # offset 120
        ('scalarMulHighs', ctypes.c_uint64),  # offset 128
        ('coreDmaInstructions', ctypes.c_uint64),  # offset 136
        ('coreVectorInstructions', ctypes.c_uint64),  # offset 144
        ('coreScalarGmAccesses', ctypes.c_uint64),  # offset 152
        ('coreScalarDivMods', ctypes.c_uint64),  # offset 160
        ('coreScalarUbAccesses', ctypes.c_uint64),  # offset 168
        ('coreLoopIterations', ctypes.c_uint64),  # offset 176
        ('coreAddressListInstructions', ctypes.c_uint64),  # offset 184
        ('coreScalarMulHighs', ctypes.c_uint64),  # offset 192
        ('busiestOverMean', ctypes.c_double),  # offset 200
    ]


class Tensor(ctypes.Structure):
    """`AscendSimTensor` (python/ascend_ops/sim/sim_abi.h): 48 bytes."""

    _fields_ = [
        ('name', ctypes.c_char_p),  # offset 0
        ('rank', ctypes.c_int32),  # offset 8
        ('dims', ctypes.POINTER(ctypes.c_int64)),  # offset 16
        ('dtype', ctypes.c_char_p),  # offset 24
        ('data', ctypes.c_void_p),  # offset 32
        ('bytes', ctypes.c_uint64),  # offset 40
    ]


class CopyTiling(ctypes.Structure):
    """`ascend_ops::CopyTiling` (ascend_kernels/common/copy_tiling.h): 376 bytes."""

    _fields_ = [
        ('shape', ctypes.c_int64 * 8),  # offset 0
        ('stride', ctypes.c_int64 * 8),  # offset 64
        ('shapeReciprocal', ctypes.c_uint64 * 8),  # offset 128
        ('offset', ctypes.c_int64),  # offset 192
        ('totalElems', ctypes.c_int64),  # offset 200
        ('hullLo', ctypes.c_int64),  # offset 208
        ('hullHi', ctypes.c_int64),  # offset 216
        ('splitGranule', ctypes.c_int64),  # offset 224
        ('granulesPerCore', ctypes.c_int64),  # offset 232
        ('granuleRemainder', ctypes.c_int64),  # offset 240
        ('tileElems', ctypes.c_int64),  # offset 248
        ('rowsPerTile', ctypes.c_int64),  # offset 256
        ('unitElems', ctypes.c_int64),  # offset 264
        ('unitsPerTile', ctypes.c_int64),  # offset 272
        ('windowElems', ctypes.c_int64),  # offset 280
        ('windowLo', ctypes.c_int64),  # offset 288
        ('blockSlotBytes', ctypes.c_uint32),  # offset 296
        ('unitSlotBytes', ctypes.c_uint32),  # offset 300
        ('mode', ctypes.c_uint32),  # offset 304
        ('elemBytes', ctypes.c_uint32),  # offset 308
        ('unitBytes', ctypes.c_uint32),  # offset 312
        ('blockDim', ctypes.c_uint32),  # offset 316
        ('rank', ctypes.c_int32),  # offset 320
        ('unitDim', ctypes.c_int32),  # offset 324
        ('countDim', ctypes.c_int32),  # offset 328
        ('usePad', ctypes.c_uint32),  # offset 332
        ('useVectorGather', ctypes.c_uint32),  # offset 336
        ('inBufBytes', ctypes.c_uint32),  # offset 340
        ('outBufBytes', ctypes.c_uint32),  # offset 344
        ('tableBytes', ctypes.c_uint32),  # offset 348
        ('runDim', ctypes.c_int32),  # offset 352
        ('pieceSlotBytes', ctypes.c_uint32),  # offset 356
        ('countInnerDim', ctypes.c_int32),  # offset 360
        ('windowCount', ctypes.c_uint32),  # offset 364
        ('transposeGroupStride', ctypes.c_uint32),  # offset 368
        ('transposeGroupRun', ctypes.c_uint32),  # offset 372
    ]


# Class name -> (size in bytes, offset of each field), as the proof header asserts them.
LAYOUTS = {
    'Attr': (40, {
        'name': 0, 'data': 8, 'size': 16, 'value': 24, 'text': 32,
    }),
    'SocInfo': (32, {
        'coreNum': 0, 'ubBytes': 8, 'platformUbBytes': 16, 'product': 24,
    }),
    'Stats': (208, {
        'blockDim': 0, 'dmaInstructions': 8, 'bytesGmToUb': 16, 'bytesUbToGm': 24,
        'bytesUbToUb': 32, 'vectorInstructions': 40, 'scalarGmReads': 48, 'scalarGmWrites': 56,
        'syncCalls': 64, 'ubBytesPeak': 72, 'scalarDivMods': 80, 'loopDivMods': 88,
        'scalarUbReads': 96, 'scalarUbWrites': 104, 'loopIterations': 112,
        'addressListInstructions': 120, 'scalarMulHighs': 128, 'coreDmaInstructions': 136,
        'coreVectorInstructions': 144, 'coreScalarGmAccesses': 152, 'coreScalarDivMods': 160,
        'coreScalarUbAccesses': 168, 'coreLoopIterations': 176,
        'coreAddressListInstructions': 184, 'coreScalarMulHighs': 192, 'busiestOverMean': 200,
    }),
    'Tensor': (48, {
        'name': 0, 'rank': 8, 'dims': 16, 'dtype': 24, 'data': 32, 'bytes': 40,
    }),
    'CopyTiling': (376, {
        'shape': 0, 'stride': 64, 'shapeReciprocal': 128, 'offset': 192, 'totalElems': 200,
        'hullLo': 208, 'hullHi': 216, 'splitGranule': 224, 'granulesPerCore': 232,
        'granuleRemainder': 240, 'tileElems': 248, 'rowsPerTile': 256, 'unitElems': 264,
        'unitsPerTile': 272, 'windowElems': 280, 'windowLo': 288, 'blockSlotBytes': 296,
        'unitSlotBytes': 300, 'mode': 304, 'elemBytes': 308, 'unitBytes': 312, 'blockDim': 316,
        'rank': 320, 'unitDim': 324, 'countDim': 328, 'usePad': 332, 'useVectorGather': 336,
        'inBufBytes': 340, 'outBufBytes': 344, 'tableBytes': 348, 'runDim': 352,
        'pieceSlotBytes': 356, 'countInnerDim': 360, 'windowCount': 364,
        'transposeGroupStride': 368, 'transposeGroupRun': 372,
    }),
}

__all__ = ['Attr', 'SocInfo', 'Stats', 'Tensor', 'CopyTiling', 'LAYOUTS']
