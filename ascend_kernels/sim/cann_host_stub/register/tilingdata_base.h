// Stand-in for CANN register/tilingdata_base.h: the macro-style tiling class. Each field gets a
// setter set_<name>(value) (arrays: set_<name>(arr_type*), a non-const pointer as in CANN) and
// a getter; SaveToBuffer writes the packed bytes the kernel's GET_TILING_DATA reads.
#ifndef CANN_HOST_STUB_REGISTER_TILINGDATA_BASE_H
#define CANN_HOST_STUB_REGISTER_TILINGDATA_BASE_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace optiling {

class TilingDef {
public:
    virtual ~TilingDef() = default;
    void SaveToBuffer(void* pdata, size_t capacity);
    size_t GetDataSize() const;

protected:
    int AddField(const char* dtype, const char* name, size_t elemSize, size_t count = 1);
};

class CTilingDataClassFactory {
public:
    using Creator = std::shared_ptr<TilingDef> (*)();
    static CTilingDataClassFactory& GetInstance();
    void RegisterTilingData(const char* op_type, Creator creator);
};

}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)                 \
    class class_name : public ::optiling::TilingDef {     \
    public:                                               \
        class_name() = default;

#define TILING_DATA_FIELD_DEF(data_type, field_name)                              \
public:                                                                           \
    void set_##field_name(data_type field_name);                                  \
    data_type get_##field_name();                                                 \
                                                                                  \
private:                                                                          \
    data_type field_name##_ = 0;                                                  \
    int field_name##_handler_ = AddField(#data_type, #field_name, sizeof(data_type))

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                 \
public:                                                                           \
    void set_##field_name(arr_type* field_name);                                  \
    arr_type* get_##field_name();                                                 \
                                                                                  \
private:                                                                          \
    arr_type* field_name##_ = nullptr;                                            \
    int field_name##_handler_ = AddField(#arr_type, #field_name, sizeof(arr_type), arr_size)

#define END_TILING_DATA_DEF \
    }                       \
    ;

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                            \
    class op_type##class_name##Helper {                                                            \
    public:                                                                                        \
        op_type##class_name##Helper()                                                              \
        {                                                                                          \
            ::optiling::CTilingDataClassFactory::GetInstance().RegisterTilingData(                 \
                #op_type, op_type##class_name##Helper::CreateTilingDataInstance);                  \
        }                                                                                          \
        static std::shared_ptr<::optiling::TilingDef> CreateTilingDataInstance()                   \
        {                                                                                          \
            return std::make_shared<class_name>();                                                 \
        }                                                                                          \
    };                                                                                             \
    static op_type##class_name##Helper g_tilingdata_##op_type##class_name##helper;

#endif  // CANN_HOST_STUB_REGISTER_TILINGDATA_BASE_H
