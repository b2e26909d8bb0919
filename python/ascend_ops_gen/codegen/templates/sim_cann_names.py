$header
"""What the simulator names in CANN's spelling, from the specs: each OpType's kernel entry (the name
CANN derives from it), each dtype's ge::DataType, each custom op's tiling fields (int64_t each, in
order, with their element counts) and the products.yaml cpu_debug_defines of each NPU arch's CPU-debug build."""

KERNEL_ENTRIES = {
    $kernel_entries
}

GE_DTYPES = {
    $ge_dtypes
}

CUSTOM_TILING_FIELDS = {
    $tiling_fields
}

ARCH_DEFINES = {
    $arch_defines
}
