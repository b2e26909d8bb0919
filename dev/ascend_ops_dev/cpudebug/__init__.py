"""`ascend-ops-dev cpudebug`: the generated kernels through Huawei's own AscendC implementation in
CPU-debug mode (asc-devkit's API code, asc-tools' launcher and API checkers), on the package's
model of the closed intrinsics (model.cpp, launch_main.cpp and include/ beside this file), compared bit for bit with the
emulator and cpu_reference.

A test tool of the checkout: it compiles against an external headers folder (the fixture
../shared/cann-headers or an installed CANN toolkit) and is not part of the wheel.
"""
