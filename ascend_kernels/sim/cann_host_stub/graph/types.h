// CPU stand-in for CANN graph/types.h: the ge::DataType / ge::Format enums (same values as CANN),
// graph status codes and the element size of a DataType.
#ifndef CANN_HOST_STUB_GRAPH_TYPES_H
#define CANN_HOST_STUB_GRAPH_TYPES_H

#include <cstdint>

namespace ge {

// Every DataType the stand-in knows, with CANN's value and element size in bytes. One list, so
// the enum, GetSizeByDataType and TypeUtils' names (graph/utils/type_utils.h) cannot disagree.
#define CANN_HOST_STUB_DATA_TYPES(X) \
    X(DT_FLOAT, 0, 4)                \
    X(DT_FLOAT16, 1, 2)              \
    X(DT_INT8, 2, 1)                 \
    X(DT_INT32, 3, 4)                \
    X(DT_UINT8, 4, 1)                \
    X(DT_INT16, 6, 2)                \
    X(DT_UINT16, 7, 2)               \
    X(DT_UINT32, 8, 4)               \
    X(DT_INT64, 9, 8)                \
    X(DT_UINT64, 10, 8)              \
    X(DT_DOUBLE, 11, 8)              \
    X(DT_BOOL, 12, 1)                \
    X(DT_BF16, 27, 2)

#define CANN_HOST_STUB_ENUMERATOR(name, value, bytes) name = value,
enum DataType { CANN_HOST_STUB_DATA_TYPES(CANN_HOST_STUB_ENUMERATOR) DT_UNDEFINED = 28 };
#undef CANN_HOST_STUB_ENUMERATOR

enum Format {
    FORMAT_NCHW = 0,
    FORMAT_NHWC = 1,
    FORMAT_ND = 2,
};

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;

// Bytes of one element of `data_type`; -1 for a type the stand-in does not know (CANN also
// answers 1000 + bits for its sub-byte types, which no op here has).
inline int GetSizeByDataType(DataType data_type)
{
#define CANN_HOST_STUB_SIZE_CASE(name, value, bytes) \
    case name:                                       \
        return bytes;
    switch (data_type) {
        CANN_HOST_STUB_DATA_TYPES(CANN_HOST_STUB_SIZE_CASE)
        default:
            return -1;
    }
#undef CANN_HOST_STUB_SIZE_CASE
}

}  // namespace ge

#endif  // CANN_HOST_STUB_GRAPH_TYPES_H
