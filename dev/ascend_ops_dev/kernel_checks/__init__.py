"""The generated kernels (`aicore_check`) and op_host files (`host_check`) compiled against the
emulator's and simulator's headers: no CANN needed."""
