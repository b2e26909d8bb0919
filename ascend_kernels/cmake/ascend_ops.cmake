# Glue between the generated per-op folders of ascend_kernels/ and the ASC CMake modules that
# a CANN toolkit ships (npu_op_package, npu_op_code_gen, npu_op_library, npu_op_kernel_sources,
# npu_op_kernel_library, npu_op_package_add). Hand-written; the CMakeLists.txt files that call
# it are generated from op_specs/.
#
# Each <op>/op_host/CMakeLists.txt calls ascend_ops_add_host_sources(<op>.cpp) and each
# <op>/op_kernel/CMakeLists.txt calls ascend_ops_add_kernel_sources(OP_TYPE .. KERNEL_FILE ..);
# the top-level CMakeLists.txt then builds one tiling / proto / aclnn library set and one kernel
# library for all ops. The two builders are macros, not functions: CANN's npu_op_* functions set
# variables in their caller's scope, which must be the top level.

if(NOT DEFINED ASCEND_CANN_PACKAGE_PATH OR NOT EXISTS "${ASCEND_CANN_PACKAGE_PATH}")
    message(FATAL_ERROR
        "ASCEND_CANN_PACKAGE_PATH='${ASCEND_CANN_PACKAGE_PATH}' is not a CANN toolkit. Install the "
        "CANN toolkit and pass its path (scripts/build_ascend.sh finds it from ASCEND_HOME_PATH).")
endif()
# A toolkit offers one of two op-project flows: the ASC CMake modules (asc-config.cmake, CANN 8.5
# and later) or, before them, msOpGen's project templates (config/func/intf.cmake and the
# cmake/util scripts under tools/op_project_templates). cann_package.cann_flow() of the Python
# package makes the same choice from the same two paths.
set(ASCEND_OPS_ASC_CMAKE_DIR "${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake")
set(ASCEND_OPS_MSOPGEN_CMAKE_DIR
    "${ASCEND_CANN_PACKAGE_PATH}/tools/op_project_templates/ascendc/customize/cmake")
find_package(ASC QUIET HINTS "${ASCEND_OPS_ASC_CMAKE_DIR}")
if(ASC_FOUND)
    set(ASCEND_OPS_CANN_FLOW asc)
elseif(EXISTS "${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/func.cmake")
    set(ASCEND_OPS_CANN_FLOW msopgen)
    message(STATUS "ascend-ops: msOpGen's project templates of ${ASCEND_OPS_MSOPGEN_CMAKE_DIR}")
else()
    message(FATAL_ERROR
        "The CANN toolkit at ${ASCEND_CANN_PACKAGE_PATH} offers no op-project flow: neither the ASC "
        "CMake modules (${ASCEND_OPS_ASC_CMAKE_DIR}/asc-config.cmake, CANN 8.5 and later) nor "
        "msOpGen's project templates (${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/func.cmake, earlier CANN).")
endif()

# The hand-written engine (view canonicalisation, copy planner, kernel classes), the host side
# every op shares (copy_op_host.h) and the generated product table and tiling twins, included by
# every op's host and kernel code: this folder is on both include paths.
set(ASCEND_OPS_COMMON_DIR "${CMAKE_CURRENT_LIST_DIR}/../common")
get_filename_component(ASCEND_OPS_COMMON_DIR "${ASCEND_OPS_COMMON_DIR}" ABSOLUTE)

# The package's op_host compile options. CANN's code generation step compiles every op_host
# file into libascend_all_ops.so with `-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11` followed by these
# (compile_ascendc_all_ops_so.py of the ASC CMake modules); the later -std wins. The op_host files
# also compile as C++11 (CANN 8.1's opbuild line has no hook for options: test_opbuild_cxx11.py). `ascend-ops-dev check-cann` and the CPU host check read this one line, so keep it
# on one line with only ${ASCEND_OPS_COMMON_DIR} in it.
set(ASCEND_OPS_HOST_COMPILE_OPTIONS -std=c++17 -I${ASCEND_OPS_COMMON_DIR})

function(ascend_ops_add_host_sources)
    foreach(source ${ARGN})
        set_property(GLOBAL APPEND PROPERTY ASCEND_OPS_HOST_SOURCES
                     "${CMAKE_CURRENT_SOURCE_DIR}/${source}")
    endforeach()
endfunction()

# ascend_ops_host_srcs: the op_host sources registered with ascend_ops_add_host_sources (either flow).
macro(ascend_ops_registered_host_sources)
    get_property(ascend_ops_host_srcs GLOBAL PROPERTY ASCEND_OPS_HOST_SOURCES)
    if(NOT ascend_ops_host_srcs)
        message(FATAL_ERROR "no op_host sources registered; run `ascend-ops-dev generate` first")
    endif()
endmacro()

macro(ascend_ops_add_host_libraries package_name)
    ascend_ops_registered_host_sources()

    npu_op_code_gen(
        SRC ${ascend_ops_host_srcs}
        PACKAGE ${package_name}
        COMPILE_OPTIONS ${ASCEND_OPS_HOST_COMPILE_OPTIONS}
        OUT_DIR ${ASCEND_AUTOGEN_PATH}
    )

    file(GLOB ascend_ops_aclnn_srcs ${ASCEND_AUTOGEN_PATH}/aclnn_*.cpp)
    set_source_files_properties(${ascend_ops_aclnn_srcs} PROPERTIES GENERATED TRUE)
    npu_op_library(cust_opapi ACLNN ${ascend_ops_aclnn_srcs})

    file(GLOB ascend_ops_group_proto_srcs ${ASCEND_AUTOGEN_PATH}/group_op_proto/*.cc)
    file(GLOB ascend_ops_proto_srcs ${ASCEND_AUTOGEN_PATH}/op_proto.cc)
    set_source_files_properties(${ascend_ops_group_proto_srcs} ${ascend_ops_proto_srcs}
                                PROPERTIES GENERATED TRUE)
    npu_op_library(cust_op_proto GRAPH
        ${ascend_ops_host_srcs} ${ascend_ops_group_proto_srcs} ${ascend_ops_proto_srcs})

    file(GLOB ascend_ops_fallback_srcs ${ASCEND_AUTOGEN_PATH}/fallback_*.cpp)
    set_source_files_properties(${ascend_ops_fallback_srcs} PROPERTIES GENERATED TRUE)
    npu_op_library(cust_optiling TILING ${ascend_ops_host_srcs} ${ascend_ops_fallback_srcs})

    foreach(ascend_ops_target cust_opapi cust_op_proto cust_optiling)
        target_compile_options(${ascend_ops_target} PRIVATE -fvisibility=hidden)
        target_include_directories(${ascend_ops_target} PRIVATE ${ASCEND_OPS_COMMON_DIR})
    endforeach()

    npu_op_package_add(${package_name} LIBRARY cust_optiling cust_opapi cust_op_proto)
endmacro()

function(ascend_ops_add_kernel_sources)
    cmake_parse_arguments(ARG "" "OP_TYPE;KERNEL_FILE" "" ${ARGN})
    if(NOT ARG_OP_TYPE OR NOT ARG_KERNEL_FILE)
        message(FATAL_ERROR "ascend_ops_add_kernel_sources needs OP_TYPE and KERNEL_FILE")
    endif()
    # KERNEL_DIR is relative to the SRC_BASE of npu_op_kernel_library (the project root).
    file(RELATIVE_PATH kernel_dir "${PROJECT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}")
    npu_op_kernel_sources(ascendc_kernels
        OP_TYPE ${ARG_OP_TYPE}
        KERNEL_DIR ${kernel_dir}
        KERNEL_FILE ${ARG_KERNEL_FILE}
    )
endfunction()

macro(ascend_ops_add_kernel_library package_name)
    npu_op_kernel_options(ascendc_kernels ALL OPTIONS -I${ASCEND_OPS_COMMON_DIR})
    npu_op_kernel_library(ascendc_kernels
        SRC_BASE ${PROJECT_SOURCE_DIR}/
        TILING_LIBRARY cust_optiling
    )
    npu_op_package_add(${package_name} LIBRARY ascendc_kernels)
endmacro()

if(ASCEND_OPS_CANN_FLOW STREQUAL "msopgen")
    include(${CMAKE_CURRENT_LIST_DIR}/msopgen_flow.cmake)
endif()
