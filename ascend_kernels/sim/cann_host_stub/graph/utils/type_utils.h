// CPU stand-in for CANN graph/utils/type_utils.h: a DataType by its serial name ("DT_FLOAT16"),
// which is how the simulator's Python side names the dtype of a call.
#ifndef CANN_HOST_STUB_GRAPH_UTILS_TYPE_UTILS_H
#define CANN_HOST_STUB_GRAPH_UTILS_TYPE_UTILS_H

#include <string>

#include "graph/types.h"

namespace ge {

class TypeUtils {
public:
    static std::string DataTypeToSerialString(const DataType data_type)
    {
#define CANN_HOST_STUB_NAME_CASE(name, value, bytes) \
    case name:                                       \
        return #name;
        switch (data_type) {
            CANN_HOST_STUB_DATA_TYPES(CANN_HOST_STUB_NAME_CASE)
            default:
                return "UNDEFINED";
        }
#undef CANN_HOST_STUB_NAME_CASE
    }

    // DT_UNDEFINED for a name that is no DataType, as in CANN.
    static DataType SerialStringToDataType(const std::string& str)
    {
#define CANN_HOST_STUB_NAME_TEST(name, value, bytes) \
    if (str == #name) {                              \
        return name;                                 \
    }
        CANN_HOST_STUB_DATA_TYPES(CANN_HOST_STUB_NAME_TEST)
#undef CANN_HOST_STUB_NAME_TEST
        return DT_UNDEFINED;
    }
};

}  // namespace ge

#endif  // CANN_HOST_STUB_GRAPH_UTILS_TYPE_UTILS_H
