// Stand-in for CANN graph/types.h: the ge::DataType / ge::Format enums (same values as CANN),
// graph status codes and the element size of a DataType.
#ifndef CANN_HOST_STUB_GRAPH_TYPES_H
#define CANN_HOST_STUB_GRAPH_TYPES_H

#include <cstdint>

namespace ge {

enum DataType {
    DT_FLOAT = 0,
    DT_FLOAT16 = 1,
    DT_INT8 = 2,
    DT_INT32 = 3,
    DT_UINT8 = 4,
    DT_INT16 = 6,
    DT_UINT16 = 7,
    DT_UINT32 = 8,
    DT_INT64 = 9,
    DT_UINT64 = 10,
    DT_DOUBLE = 11,
    DT_BOOL = 12,
    DT_BF16 = 27,
    DT_UNDEFINED = 28,
};

enum Format {
    FORMAT_NCHW = 0,
    FORMAT_NHWC = 1,
    FORMAT_ND = 2,
};

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;

// Bytes of one element of `data_type`; 1000 + its bits for a sub-byte type (DT_INT4: 1004), -1 for
// an invalid or unsupported one. Inline, with a table, in CANN; declared only here.
int GetSizeByDataType(DataType data_type);

}  // namespace ge

#endif  // CANN_HOST_STUB_GRAPH_TYPES_H
