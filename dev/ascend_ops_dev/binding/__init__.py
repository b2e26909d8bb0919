"""The torch binding off the NPU: compiled against a downloaded torch_npu wheel's headers
(`torch_npu_wheel`) and run on the CPU aclnn runtime (`cpu_aclnn`)."""
