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
    """`ascend_ops::CopyTiling` (ascend_kernels/common/copy_tiling.h): 464 bytes."""

    _fields_ = [
        ('shape', ctypes.c_int64 * 8),  # offset 0
        ('stride', ctypes.c_int64 * 8),  # offset 64
        ('shapeReciprocal', ctypes.c_uint64 * 8),  # offset 128
        ('packedStride', ctypes.c_int64 * 8),  # offset 192
        ('offset', ctypes.c_int64),  # offset 256
        ('packedOffset', ctypes.c_int64),  # offset 264
        ('packedElems', ctypes.c_int64),  # offset 272
        ('totalElems', ctypes.c_int64),  # offset 280
        ('hullLo', ctypes.c_int64),  # offset 288
        ('hullHi', ctypes.c_int64),  # offset 296
        ('splitGranule', ctypes.c_int64),  # offset 304
        ('granulesPerCore', ctypes.c_int64),  # offset 312
        ('granuleRemainder', ctypes.c_int64),  # offset 320
        ('tileElems', ctypes.c_int64),  # offset 328
        ('rowsPerTile', ctypes.c_int64),  # offset 336
        ('unitElems', ctypes.c_int64),  # offset 344
        ('unitsPerTile', ctypes.c_int64),  # offset 352
        ('windowElems', ctypes.c_int64),  # offset 360
        ('windowLo', ctypes.c_int64),  # offset 368
        ('fillBits', ctypes.c_uint64),  # offset 376
        ('blockSlotBytes', ctypes.c_uint32),  # offset 384
        ('unitSlotBytes', ctypes.c_uint32),  # offset 388
        ('mode', ctypes.c_uint32),  # offset 392
        ('elemBytes', ctypes.c_uint32),  # offset 396
        ('unitBytes', ctypes.c_uint32),  # offset 400
        ('blockDim', ctypes.c_uint32),  # offset 404
        ('rank', ctypes.c_int32),  # offset 408
        ('unitDim', ctypes.c_int32),  # offset 412
        ('countDim', ctypes.c_int32),  # offset 416
        ('usePad', ctypes.c_uint32),  # offset 420
        ('useVectorGather', ctypes.c_uint32),  # offset 424
        ('inBufBytes', ctypes.c_uint32),  # offset 428
        ('outBufBytes', ctypes.c_uint32),  # offset 432
        ('tableBytes', ctypes.c_uint32),  # offset 436
        ('runDim', ctypes.c_int32),  # offset 440
        ('pieceSlotBytes', ctypes.c_uint32),  # offset 444
        ('countInnerDim', ctypes.c_int32),  # offset 448
        ('windowCount', ctypes.c_uint32),  # offset 452
        ('transposeGroupStride', ctypes.c_uint32),  # offset 456
        ('transposeGroupRun', ctypes.c_uint32),  # offset 460
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
    'CopyTiling': (464, {
        'shape': 0, 'stride': 64, 'shapeReciprocal': 128, 'packedStride': 192, 'offset': 256,
        'packedOffset': 264, 'packedElems': 272, 'totalElems': 280, 'hullLo': 288,
        'hullHi': 296, 'splitGranule': 304, 'granulesPerCore': 312, 'granuleRemainder': 320,
        'tileElems': 328, 'rowsPerTile': 336, 'unitElems': 344, 'unitsPerTile': 352,
        'windowElems': 360, 'windowLo': 368, 'fillBits': 376, 'blockSlotBytes': 384,
        'unitSlotBytes': 388, 'mode': 392, 'elemBytes': 396, 'unitBytes': 400, 'blockDim': 404,
        'rank': 408, 'unitDim': 412, 'countDim': 416, 'usePad': 420, 'useVectorGather': 424,
        'inBufBytes': 428, 'outBufBytes': 432, 'tableBytes': 436, 'runDim': 440,
        'pieceSlotBytes': 444, 'countInnerDim': 448, 'windowCount': 452,
        'transposeGroupStride': 456, 'transposeGroupRun': 460,
    }),
}

__all__ = ['Attr', 'SocInfo', 'Stats', 'Tensor', 'CopyTiling', 'LAYOUTS']
