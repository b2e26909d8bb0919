// CPU stand-in for CANN register/tilingdata_base.h: the macro-style tiling class. Each field gets
// a setter set_<name>(value) (arrays: set_<name>(arr_type*), a non-const pointer as in CANN) that
// writes it at its offset in the class's packed bytes; SaveToBuffer copies those bytes into the
// launch's tiling buffer, where the kernel's GET_TILING_DATA reads them.
//
// The layout is CANN's: fields in declaration order, each at the next offset aligned to its
// element size (CANN pads with placeholder fields), the whole rounded up to 8 bytes.
#ifndef CANN_HOST_STUB_REGISTER_TILINGDATA_BASE_H
#define CANN_HOST_STUB_REGISTER_TILINGDATA_BASE_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace optiling {

class TilingDef {
public:
    virtual ~TilingDef() = default;

    // Nothing is written when the buffer is smaller than the data (CANN's memcpy_s fails).
    void SaveToBuffer(void* pdata, size_t capacity)
    {
        if (pdata != nullptr && capacity >= data_.size()) {
            std::memcpy(pdata, data_.data(), data_.size());
        }
    }
    size_t GetDataSize() const { return data_size_; }
    const char* GetTilingClassName() const { return class_name_; }

protected:
    // The offset of a new field of `count` elements of `elemSize` bytes.
    size_t FieldOffset(size_t elemSize, size_t count)
    {
        Align(elemSize);
        const size_t offset = data_size_;
        data_size_ += elemSize * count;
        return offset;
    }
    // After the last field: the class's size is a multiple of 8, its bytes zeroed.
    void InitData(const char* className)
    {
        class_name_ = className;
        Align(8);
        data_.assign(data_size_, 0);
    }
    uint8_t* Field(size_t offset) { return data_.data() + offset; }

private:
    void Align(size_t bytes) { data_size_ = (data_size_ + bytes - 1) / bytes * bytes; }

    size_t data_size_ = 0;
    std::vector<uint8_t> data_;
    const char* class_name_ = nullptr;
};

using TilingDataConstructor = std::shared_ptr<TilingDef> (*)();

// The tiling class of each OpType, as REGISTER_TILING_DATA_CLASS registered it.
class CTilingDataClassFactory {
public:
    static CTilingDataClassFactory& GetInstance()
    {
        static CTilingDataClassFactory factory;
        return factory;
    }
    void RegisterTilingData(const char* op_type, const TilingDataConstructor constructor)
    {
        constructors_[op_type] = constructor;
    }
    // nullptr for an OpType nothing registered.
    std::shared_ptr<TilingDef> CreateTilingDataInstance(const char* op_type)
    {
        const auto found = constructors_.find(op_type);
        return found != constructors_.end() ? found->second() : nullptr;
    }

private:
    CTilingDataClassFactory() = default;
    std::map<std::string, TilingDataConstructor> constructors_;
};

}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)             \
    class class_name : public ::optiling::TilingDef { \
    public:                                           \
        class_name() { InitData(#class_name); }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                    \
public:                                                                                 \
    void set_##field_name(data_type field_name)                                         \
    {                                                                                   \
        field_name##_ = field_name;                                                     \
        std::memcpy(Field(field_name##_offset_), &field_name##_, sizeof(data_type));    \
    }                                                                                   \
    data_type get_##field_name() { return field_name##_; }                              \
                                                                                        \
private:                                                                                \
    data_type field_name##_ = 0;                                                        \
    size_t field_name##_offset_ = FieldOffset(sizeof(data_type), 1)

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                               \
public:                                                                                         \
    void set_##field_name(arr_type* field_name)                                                 \
    {                                                                                           \
        std::memcpy(Field(field_name##_offset_), field_name, sizeof(arr_type) * (arr_size));    \
    }                                                                                           \
    arr_type* get_##field_name() { return reinterpret_cast<arr_type*>(Field(field_name##_offset_)); } \
                                                                                                \
private:                                                                                        \
    size_t field_name##_offset_ = FieldOffset(sizeof(arr_type), arr_size)

#define END_TILING_DATA_DEF \
    }                       \
    ;

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                                      \
    namespace {                                                                                              \
    class op_type##class_name##Helper {                                                                      \
    public:                                                                                                  \
        op_type##class_name##Helper()                                                                        \
        {                                                                                                    \
            ::optiling::CTilingDataClassFactory::GetInstance().RegisterTilingData(                           \
                #op_type, op_type##class_name##Helper::CreateTilingDataInstance);                            \
        }                                                                                                    \
        static std::shared_ptr<::optiling::TilingDef> CreateTilingDataInstance()                             \
        {                                                                                                    \
            return std::make_shared<class_name>();                                                           \
        }                                                                                                    \
    };                                                                                                       \
    static op_type##class_name##Helper g_tilingdata_##op_type##class_name##helper;                           \
    }

#endif  // CANN_HOST_STUB_REGISTER_TILINGDATA_BASE_H
