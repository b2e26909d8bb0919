# @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
"""The ops' limits, declared once in their specs (`max_rank`, `limits:`)."""

# op_specs/depth_to_space.yaml: TF: floor(sqrt(INT32_MAX)), so block_size**2 fits an int32
DEPTH_TO_SPACE_MAX_BLOCK_SIZE = 46340
# op_specs/slice.yaml: the most dimensions x may have (max_rank)
SLICE_MAX_RANK = 8
# op_specs/strided_slice.yaml: TF: begin.NumElements() < 32: the most entries begin, end and strides may have
STRIDED_SLICE_MAX_SPEC_ENTRIES = 31
# op_specs/strided_slice.yaml: TF: HANDLE_DIM(1..8) in the general StridedSlice kernel: the most input dimensions of a slice that is neither an identity nor empty
STRIDED_SLICE_MAX_PROCESSING_RANK = 8
# op_specs/strided_slice.yaml: CANN: a gert::Shape holds 25 dims (kMaxDimNum): the most dimensions of a result that is neither an identity nor empty, on every backend (identity and empty results of any rank run without a kernel on the NPU path)
STRIDED_SLICE_MAX_KERNEL_RANK = 25
