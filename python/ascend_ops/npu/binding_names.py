# @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
"""What the torch binding of the ops' aclnn APIs is called, from the specs: its generated source
(under ascend_kernels/), the torch namespace it registers and the aclnn header CANN generates for
each OpType."""

BINDING_PATH = 'binding/ascend_ops_npu.cpp'
NAMESPACE = 'ascend_ops_npu'

ACLNN_HEADERS = {
    'AscendDepthToSpace': 'aclnn_ascend_depth_to_space.h',
    'AscendSlice': 'aclnn_ascend_slice.h',
    'AscendSliceGrad': 'aclnn_ascend_slice_grad.h',
    'AscendSpaceToDepth': 'aclnn_ascend_space_to_depth.h',
    'AscendStridedSlice': 'aclnn_ascend_strided_slice.h',
    'AscendStridedSliceGrad': 'aclnn_ascend_strided_slice_grad.h',
}
