// CPU stand-in for CANN exe_graph/runtime/runtime_attrs.h: attribute values by their index in the
// OpDef (the order of its this->Attr(...) calls).
#ifndef CANN_HOST_STUB_EXE_GRAPH_RUNTIME_ATTRS_H
#define CANN_HOST_STUB_EXE_GRAPH_RUNTIME_ATTRS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"

namespace gert {

class RuntimeAttrs {
public:
    // nullptr past the last attribute, and (CANN reads the bytes as whatever is asked) where the
    // attribute holds another kind of value than asked for.
    template <typename T>
    const T* GetAttrPointer(size_t index) const
    {
        return index < attrs_.size() ? Pointer(attrs_[index], static_cast<const T*>(nullptr)) : nullptr;
    }
    const int64_t* GetInt(const size_t index) const { return GetAttrPointer<int64_t>(index); }
    const TypedContinuousVector<int64_t>* GetListInt(const size_t index) const
    {
        return GetAttrPointer<TypedContinuousVector<int64_t>>(index);
    }
    const char* GetStr(const size_t index) const { return GetAttrPointer<char>(index); }
    const bool* GetBool(const size_t index) const { return GetAttrPointer<bool>(index); }
    const float* GetFloat(const size_t index) const { return GetAttrPointer<float>(index); }
    size_t GetAttrNum() const { return attrs_.size(); }

    // Simulator only (CANN builds the attribute block from the graph): the next attribute.
    void AppendInt(int64_t value) { attrs_.push_back(Attr{Kind::kInt, value, {}, TypedContinuousVector<int64_t>({})}); }
    void AppendStr(std::string value)
    {
        attrs_.push_back(Attr{Kind::kStr, 0, std::move(value), TypedContinuousVector<int64_t>({})});
    }
    void AppendListInt(std::vector<int64_t> values)
    {
        attrs_.push_back(Attr{Kind::kListInt, 0, {}, TypedContinuousVector<int64_t>(std::move(values))});
    }
    void AppendFloat(float value)
    {
        attrs_.push_back(Attr{Kind::kFloat, 0, {}, TypedContinuousVector<int64_t>({}), value});
    }

private:
    enum class Kind { kInt, kStr, kListInt, kFloat };
    struct Attr {
        Kind kind;
        int64_t number;
        std::string text;
        TypedContinuousVector<int64_t> list;
        float real = 0.0F;
    };

    static const int64_t* Pointer(const Attr& a, const int64_t*) { return a.kind == Kind::kInt ? &a.number : nullptr; }
    static const char* Pointer(const Attr& a, const char*) { return a.kind == Kind::kStr ? a.text.c_str() : nullptr; }
    static const TypedContinuousVector<int64_t>* Pointer(const Attr& a, const TypedContinuousVector<int64_t>*)
    {
        return a.kind == Kind::kListInt ? &a.list : nullptr;
    }
    static const float* Pointer(const Attr& a, const float*) { return a.kind == Kind::kFloat ? &a.real : nullptr; }
    template <typename T>
    static const T* Pointer(const Attr&, const T*)  // no op has bool attributes
    {
        return nullptr;
    }

    std::vector<Attr> attrs_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_RUNTIME_ATTRS_H
