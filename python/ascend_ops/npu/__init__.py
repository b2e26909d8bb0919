"""NPU tensors (the PrivateUse1 key): `dispatch` routes each call to the package's AscendC kernels
or to torch_npu's own view and copy kernels; `binding` loads the op package's torch binding.
"""
