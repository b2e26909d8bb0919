"""Developer tools, outside the runtime's import path: the `ascend-ops` command line (`cli`,
`commands/`), the checks of the generated code against the simulator's and CANN's headers
(`host_check`, `aicore_check`, `cann_check`), the op docs (`docs`), the spec examples
(`examples`) and the CPU benchmark (`benchmarks/`).
"""
