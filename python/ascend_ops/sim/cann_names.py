# @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
"""What the simulator names in CANN's spelling, from the specs: each OpType's kernel entry (the name
CANN derives from it), each dtype's ge::DataType, each custom op's tiling fields (int64_t each, in
order, with their element counts) and the products.yaml cpu_debug_defines of each NPU arch's CPU-debug build."""

KERNEL_ENTRIES = {
    'AscendDepthToSpace': 'ascend_depth_to_space',
    'AscendSlice': 'ascend_slice',
    'AscendSliceGrad': 'ascend_slice_grad',
    'AscendSpaceToDepth': 'ascend_space_to_depth',
    'AscendStridedSlice': 'ascend_strided_slice',
    'AscendStridedSliceGrad': 'ascend_strided_slice_grad',
}

GE_DTYPES = {
    'float16': 'DT_FLOAT16',
    'float32': 'DT_FLOAT',
    'bfloat16': 'DT_BF16',
    'float64': 'DT_DOUBLE',
    'int8': 'DT_INT8',
    'uint8': 'DT_UINT8',
    'int16': 'DT_INT16',
    'uint16': 'DT_UINT16',
    'int32': 'DT_INT32',
    'uint32': 'DT_UINT32',
    'int64': 'DT_INT64',
    'uint64': 'DT_UINT64',
    'bool': 'DT_BOOL',
}

CUSTOM_TILING_FIELDS = {
}

ARCH_DEFINES = {
    2201: ('__CCE_AICORE__=220', '__DAV_C220__', '__DAV_C220_VEC__', '__DAV_VEC__'),
    1001: ('__CCE_AICORE__=100', '__DAV_C100__'),
    2002: ('__CCE_AICORE__=200', '__DAV_M200__'),
    3002: ('__CCE_AICORE__=300', '__DAV_M300__'),
}
