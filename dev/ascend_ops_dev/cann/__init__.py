"""The generated code against CANN: its headers and compile lines (`cann_check`,
`cann_compile_line`), its op_build (`cann_opbuild`, with `opbuild_standin/`) and its packaging
flows (`cann_package`, with `package_standin/`)."""
