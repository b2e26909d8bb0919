# The op package on a CANN toolkit without the ASC CMake modules (before CANN 8.5): msOpGen's
# project template modules, used in place from ${ASCEND_OPS_MSOPGEN_CMAKE_DIR} (config, func,
# intf.cmake; makeself.cmake for CPack; cmake/util/*.py for the build steps). Included by
# ascend_ops.cmake after its ASC-flow definitions; it defines the same names (npu_op_package and
# the ascend_ops_add_* builders the generated CMakeLists.txt files call) with the template's steps.
#
# The template reaches its scripts as ${CMAKE_SOURCE_DIR}/cmake/util and its op sources as
# ${CMAKE_SOURCE_DIR}/op_kernel, the one-folder layout msOpGen writes. Here CMAKE_SOURCE_DIR names
# a folder of the build tree whose `cmake` is a link to the toolkit's template folder (nothing
# copied, the checkout untouched); the package keeps one folder per op, so the kernel steps are
# called per op below instead of through the template's add_kernels_compile().
#
# Every template file this flow uses must be there: a toolkit whose template folder lacks one stops
# here, naming each missing file, not halfway through the build.
set(ASCEND_OPS_MSOPGEN_USED
    config.cmake func.cmake intf.cmake makeself.cmake
    util/parse_ini_to_json.py util/ascendc_gen_options.py util/ascendc_compile_kernel.py
    util/insert_simplified_keys.py util/ascendc_ops_config.py util/ascendc_get_op_name.py
    util/gen_ops_filter.sh util/gen_version_info.sh util/makeself/makeself.sh
    util/makeself/makeself-header.sh ../scripts/install.sh ../scripts/upgrade.sh)
set(ascend_ops_missing "")
foreach(ascend_ops_file ${ASCEND_OPS_MSOPGEN_USED})
    if(NOT EXISTS "${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/${ascend_ops_file}")
        list(APPEND ascend_ops_missing "${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/${ascend_ops_file}")
    endif()
endforeach()
if(ascend_ops_missing)
    list(JOIN ascend_ops_missing "\n  " ascend_ops_missing)
    message(FATAL_ERROR "msOpGen's project templates at ${ASCEND_OPS_MSOPGEN_CMAKE_DIR} are incomplete; "
                        "the op package's build uses these files, which are missing:\n  ${ascend_ops_missing}")
endif()

set(ASCEND_OPS_MSOPGEN_ROOT "${CMAKE_BINARY_DIR}/msopgen_project")
file(MAKE_DIRECTORY "${ASCEND_OPS_MSOPGEN_ROOT}")
file(CREATE_LINK "${ASCEND_OPS_MSOPGEN_CMAKE_DIR}" "${ASCEND_OPS_MSOPGEN_ROOT}/cmake" SYMBOLIC)
file(MAKE_DIRECTORY "${ASCEND_OPS_MSOPGEN_ROOT}/op_host")
file(CREATE_LINK "${ASCEND_OPS_COMMON_DIR}" "${ASCEND_OPS_MSOPGEN_ROOT}/op_kernel" SYMBOLIC)
set(CMAKE_SOURCE_DIR "${ASCEND_OPS_MSOPGEN_ROOT}")

include(${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/config.cmake)
include(${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/func.cmake)
include(${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/intf.cmake)
set(ASCEND_OPS_MSOPGEN_TEMPLATE_DIR "${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/..")
set(CMAKE_COMPILE ${CMAKE_CXX_COMPILER})  # what opbuild() compiles op_host with, as the template sets it

function(npu_op_package package_name)
    # install.sh / upgrade.sh / help.info of the template, with this package's vendor name.
    add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/scripts/install.sh ${CMAKE_BINARY_DIR}/scripts/upgrade.sh
        COMMAND mkdir -p ${CMAKE_BINARY_DIR}/scripts
        COMMAND cp -rL ${ASCEND_OPS_MSOPGEN_TEMPLATE_DIR}/scripts/. ${CMAKE_BINARY_DIR}/scripts/
        COMMAND sed -i "s/vendor_name=customize/vendor_name=${vendor_name}/g" ${CMAKE_BINARY_DIR}/scripts/*)
    add_custom_target(modify_vendor ALL DEPENDS ${CMAKE_BINARY_DIR}/scripts/install.sh)
    add_custom_target(gen_version_info ALL
        COMMAND bash ${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/util/gen_version_info.sh ${ASCEND_CANN_PACKAGE_PATH}
                ${CMAKE_BINARY_DIR})
    get_system_info(system_info)
    install(DIRECTORY ${CMAKE_BINARY_DIR}/scripts/ DESTINATION . FILE_PERMISSIONS OWNER_EXECUTE OWNER_READ GROUP_READ)
    install(FILES ${CMAKE_BINARY_DIR}/version.info DESTINATION packages/vendors/${vendor_name}/)
    set(CPACK_PACKAGE_NAME ${CMAKE_PROJECT_NAME} PARENT_SCOPE)
    set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR})
    set(CPACK_PACKAGE_FILE_NAME "custom_opp_${system_info}.run")
    set(CPACK_GENERATOR External)
    set(CPACK_CMAKE_GENERATOR "Unix Makefiles")
    set(CPACK_EXTERNAL_ENABLE_STAGING TRUE)
    set(CPACK_EXTERNAL_PACKAGE_SCRIPT ${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/makeself.cmake)
    set(CPACK_EXTERNAL_BUILT_PACKAGES
        ${CPACK_PACKAGE_DIRECTORY}/_CPack_Packages/Linux/External/${CPACK_PACKAGE_FILE_NAME}/${CPACK_PACKAGE_FILE_NAME})
    include(CPack)
endfunction()

# The template's own opbuild() step: its exact op_host compile line, then op_build on the library.
# That line is `-std=c++11 -I ${ASCEND_CANN_PACKAGE_PATH}/include -I ${CMAKE_CURRENT_SOURCE_DIR}/../op_kernel`
# with no hook for more: the template's op_host code reaches the folder it shares with the kernel
# through the second -I. Here that folder is common/, so the step runs with CMAKE_CURRENT_SOURCE_DIR
# naming the build-tree folder op_host/ beside a link op_kernel -> common/: the line reaches the
# toolkit's include/ and the package's own common/, nothing else (check-package's step 1 compiles
# each op_host file on the same line, read from func.cmake: cann_compile_line.msopgen_host_line).
#
# opbuild() goes on when op_build fails or is missing (it prints the error and returns), so this
# step checks for op_build before it and for op_build's output after it.
function(ascend_ops_opbuild)
    set(op_build "${ASCEND_CANN_PACKAGE_PATH}/toolkit/tools/opbuild/op_build")
    if(NOT EXISTS "${op_build}")
        message(FATAL_ERROR "${op_build} does not exist: the template's opbuild() runs CANN's op_build "
                            "from there to generate the aclnn API, op proto and ops-info of the op_host code")
    endif()
    set(outputs op_proto.cc op_proto.h)
    foreach(unit ${ASCEND_COMPUTE_UNIT})
        list(APPEND outputs aic-${unit}-ops-info.ini)
    endforeach()
    foreach(output ${outputs})
        file(REMOVE "${ASCEND_AUTOGEN_PATH}/${output}")  # a previous configure's
    endforeach()
    set(CMAKE_CURRENT_SOURCE_DIR "${ASCEND_OPS_MSOPGEN_ROOT}/op_host")
    opbuild(OPS_SRC ${ARGN} OUT_DIR ${ASCEND_AUTOGEN_PATH})
    foreach(output ${outputs})
        if(NOT EXISTS "${ASCEND_AUTOGEN_PATH}/${output}")
            message(FATAL_ERROR "${op_build} wrote no ${ASCEND_AUTOGEN_PATH}/${output} (its own error, if any, "
                                "is printed above as 'opbuild ops error')")
        endif()
    endforeach()
endfunction()

macro(ascend_ops_add_host_libraries package_name)
    ascend_ops_registered_host_sources()
    ascend_ops_opbuild(${ascend_ops_host_srcs})

    file(GLOB ascend_ops_group_proto_srcs ${ASCEND_AUTOGEN_PATH}/group_proto/*.cc)
    add_library(cust_op_proto SHARED ${ascend_ops_host_srcs} ${ascend_ops_group_proto_srcs}
                ${ASCEND_AUTOGEN_PATH}/op_proto.cc)
    target_compile_definitions(cust_op_proto PRIVATE OP_PROTO_LIB)
    target_link_libraries(cust_op_proto PRIVATE intf_pub exe_graph register tiling_api
                          -Wl,--whole-archive rt2_registry -Wl,--no-whole-archive)
    set_target_properties(cust_op_proto PROPERTIES OUTPUT_NAME cust_opsproto_rt2.0)

    file(GLOB ascend_ops_fallback_srcs ${ASCEND_AUTOGEN_PATH}/fallback_*.cpp)
    add_library(cust_optiling SHARED ${ascend_ops_host_srcs} ${ascend_ops_fallback_srcs})
    target_compile_definitions(cust_optiling PRIVATE OP_TILING_LIB)
    target_link_libraries(cust_optiling PRIVATE nnopbase intf_pub exe_graph register tiling_api
                          -Wl,--whole-archive rt2_registry -Wl,--no-whole-archive)
    set_target_properties(cust_optiling PROPERTIES OUTPUT_NAME cust_opmaster_rt2.0)

    file(GLOB ascend_ops_aclnn_srcs ${ASCEND_AUTOGEN_PATH}/aclnn_*.cpp)
    file(GLOB ascend_ops_aclnn_headers ${ASCEND_AUTOGEN_PATH}/aclnn_*.h)
    add_library(cust_opapi SHARED ${ascend_ops_aclnn_srcs})
    target_link_libraries(cust_opapi PRIVATE intf_pub ascendcl nnopbase)

    foreach(ascend_ops_target cust_opapi cust_op_proto cust_optiling)
        target_compile_options(${ascend_ops_target} PRIVATE -fvisibility=hidden)
        target_include_directories(${ascend_ops_target} PRIVATE ${ASCEND_OPS_COMMON_DIR})
    endforeach()

    set(ascend_ops_vendor packages/vendors/${vendor_name})
    install(TARGETS cust_op_proto LIBRARY DESTINATION ${ascend_ops_vendor}/op_proto/lib/linux/${CMAKE_SYSTEM_PROCESSOR})
    install(FILES ${ASCEND_AUTOGEN_PATH}/op_proto.h DESTINATION ${ascend_ops_vendor}/op_proto/inc)
    install(TARGETS cust_optiling
            LIBRARY DESTINATION ${ascend_ops_vendor}/op_impl/ai_core/tbe/op_tiling/lib/linux/${CMAKE_SYSTEM_PROCESSOR})
    install(TARGETS cust_opapi LIBRARY DESTINATION ${ascend_ops_vendor}/op_api/lib)
    install(FILES ${ascend_ops_aclnn_headers} DESTINATION ${ascend_ops_vendor}/op_api/include)
endmacro()

function(ascend_ops_add_kernel_sources)
    cmake_parse_arguments(ARG "" "OP_TYPE;KERNEL_FILE" "" ${ARGN})
    if(NOT ARG_OP_TYPE OR NOT ARG_KERNEL_FILE)
        message(FATAL_ERROR "ascend_ops_add_kernel_sources needs OP_TYPE and KERNEL_FILE")
    endif()
    set_property(GLOBAL APPEND PROPERTY ASCEND_OPS_KERNELS
                 "${ARG_OP_TYPE}=${CMAKE_CURRENT_SOURCE_DIR}/${ARG_KERNEL_FILE}")
endfunction()

macro(ascend_ops_add_kernel_library package_name)
    # add_kernels_compile() of the template, per op folder: ops-info json, one kernel compile per
    # op x compute unit (ascendc_compile_kernel.py), the binary config, npu_supported_ops.json.
    get_property(ascend_ops_kernels GLOBAL PROPERTY ASCEND_OPS_KERNELS)
    add_ops_compile_options(ALL OPTIONS -I${ASCEND_OPS_COMMON_DIR})
    add_custom_target(binary)
    foreach(compute_unit ${ASCEND_COMPUTE_UNIT})
        set(ascend_ops_info_json
            ${CMAKE_BINARY_DIR}/tbe/op_info_cfg/ai_core/${compute_unit}/aic-${compute_unit}-ops-info.json)
        add_ops_info_target(TARGET ops_info_gen_${compute_unit}
            OUTPUT ${ascend_ops_info_json}
            OPS_INFO ${ASCEND_AUTOGEN_PATH}/aic-${compute_unit}-ops-info.ini
            INSTALL_DIR packages/vendors/${vendor_name}/op_impl/ai_core/tbe/config/${compute_unit})
        add_custom_target(ascendc_bin_${compute_unit}_gen_ops_config
            COMMAND ${ASCEND_PYTHON_EXECUTABLE} ${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/util/insert_simplified_keys.py
                    -p ${CMAKE_BINARY_DIR}/binary/${compute_unit}
            COMMAND ${ASCEND_PYTHON_EXECUTABLE} ${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/util/ascendc_ops_config.py
                    -p ${CMAKE_BINARY_DIR}/binary/${compute_unit} -s ${compute_unit}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/binary/config/${compute_unit}
            COMMAND mv ${CMAKE_BINARY_DIR}/binary/${compute_unit}/*.json ${CMAKE_BINARY_DIR}/binary/config/${compute_unit})
        add_dependencies(binary ascendc_bin_${compute_unit}_gen_ops_config)
        execute_process(COMMAND ${ASCEND_PYTHON_EXECUTABLE} ${ASCEND_OPS_MSOPGEN_CMAKE_DIR}/util/ascendc_get_op_name.py
                                --ini-file=${ASCEND_AUTOGEN_PATH}/aic-${compute_unit}-ops-info.ini
                        OUTPUT_VARIABLE ascend_ops_op_files RESULT_VARIABLE ascend_ops_result
                        ERROR_VARIABLE ascend_ops_error)
        if(ascend_ops_result)
            message(FATAL_ERROR "reading the op files of aic-${compute_unit}-ops-info.ini failed: ${ascend_ops_error}")
        endif()
        string(REPLACE "\n" ";" ascend_ops_op_files "${ascend_ops_op_files}")
        foreach(ascend_ops_kernel ${ascend_ops_kernels})
            string(REPLACE "=" ";" ascend_ops_kernel ${ascend_ops_kernel})
            list(GET ascend_ops_kernel 0 ascend_ops_op_type)
            list(GET ascend_ops_kernel 1 ascend_ops_kernel_file)
            # The template's kernel build reads <folder of SRC>/<opFile of the ops-info>.cpp, and
            # op_build names opFile after the op type (ascend_strided_slice); the op's own file
            # keeps its folder's name, so SRC is a one-line file of that name including it.
            set(ascend_ops_op_file "")
            foreach(ascend_ops_type_file ${ascend_ops_op_files})
                if(ascend_ops_type_file MATCHES "^${ascend_ops_op_type}-(.+)$")
                    set(ascend_ops_op_file ${CMAKE_MATCH_1})
                endif()
            endforeach()
            if(NOT ascend_ops_op_file)
                message(FATAL_ERROR "${ASCEND_AUTOGEN_PATH}/aic-${compute_unit}-ops-info.ini has no "
                                    "${ascend_ops_op_type} (op_build did not register the op)")
            endif()
            set(ascend_ops_kernel_src ${CMAKE_BINARY_DIR}/op_kernel/${ascend_ops_op_file}.cpp)
            file(CONFIGURE OUTPUT ${ascend_ops_kernel_src}
                 CONTENT "#include \"${ascend_ops_kernel_file}\"\n")
            add_simple_kernel_compile(OP_TYPE ${ascend_ops_op_type} SRC ${ascend_ops_kernel_src}
                                      COMPUTE_UNIT ${compute_unit} JSON_FILE ${ascend_ops_info_json}
                                      OUT_DIR ${CMAKE_BINARY_DIR}/binary DYNAMIC_PATH "")
        endforeach()
        install(DIRECTORY ${CMAKE_BINARY_DIR}/binary/${compute_unit}/
                DESTINATION packages/vendors/${vendor_name}/op_impl/ai_core/tbe/kernel/${compute_unit}/)
    endforeach()
    install(DIRECTORY ${CMAKE_BINARY_DIR}/binary/config/
            DESTINATION packages/vendors/${vendor_name}/op_impl/ai_core/tbe/kernel/config/)
    add_npu_support_target(TARGET npu_supported_ops OPS_INFO_DIR ${ASCEND_AUTOGEN_PATH}
        OUT_DIR ${CMAKE_BINARY_DIR}/tbe/op_info_cfg/ai_core
        INSTALL_DIR packages/vendors/${vendor_name}/framework/${ASCEND_FRAMEWORK_TYPE})
endmacro()
