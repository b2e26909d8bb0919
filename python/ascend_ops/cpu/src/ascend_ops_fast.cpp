// The compiled CPU kernel of `torch.ops.ascend_ops.*` (python/ascend_ops/cpu/compiled.py).
//
// Not a library of its own: registration.py defines the ops (schemas, fake kernels, PrivateUse1,
// the one autograd implementation in runtime/autograd.py) and, when this extension is loaded,
// asks it (`plug_in`) to register two kernels of that same registration:
// - the CPU kernel: the common case entirely in C++ -- the native backend, a contiguous input,
//   arguments the view builder accepts, a dtype the product chosen for CPU tensors allows (any
//   with none chosen) -- by building the op's view with its engine view builder (op_views.h,
//   through kOpViews) and copying it with strided_copy.cpp. Every other call (another backend, a
//   bad argument, a product that refuses the dtype, a strided input) goes to the Python CPU
//   kernel, so every error is raised by the same Python code, with the same types and messages,
//   as without this extension;
// - the autograd gate (Note [autograd gate] in compiled.py): a call that needs no gradient and
//   no tangent goes below the Autograd key in C++; any other runs the Python autograd kernel.
// No formula, no argument rule and no schema is written here: the schemas of the generated table
// are only compared with the registered ones (a table out of step refuses to plug in).
//
// `call` is the entry `torch.ops.ascend_ops.<op>(...)` and `ascend_ops.<op>(...)` try first: it
// accepts only arguments of exactly the spec's types (a plain Tensor, ints in int64 range, lists
// or tuples of them, str without NUL) and returns None for anything else, so the Python argument
// checks (arguments.py) see every call they would reject. Accepted calls go through the
// dispatcher (autograd, Python modes and every device kernel still apply).
#include <Python.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <ATen/ATen.h>
#include <c10/core/CPUAllocator.h>
#include <ATen/PythonTorchFunctionTLS.h>
#include <ATen/Parallel.h>
#include <torch/csrc/Exceptions.h>
#include <torch/csrc/jit/frontend/function_schema_parser.h>
#include <torch/csrc/autograd/python_variable.h>
#include <torch/csrc/Dtype.h>
#include <torch/library.h>

#include "ascend_ops_cpu_generated.h"

extern "C" int32_t ascend_ops_strided_copy(const void* src, void* dst, const int64_t* desc, int32_t threads);
extern "C" void* ascend_ops_output_alloc(int64_t bytes);
extern "C" void ascend_ops_output_free(void* buffer, int64_t bytes);
extern "C" int64_t ascend_ops_output_huge_page_bytes(void);

namespace {

using ascend_ops::kMaxViewDims;
using ascend_ops::OpAttrValue;
using ascend_ops::Status;
using ascend_ops::StridedView;
using ascend_ops::TensorShape;
using ascend_ops_fast::FastOpSpec;
using ascend_ops_fast::kFastOpCount;
using ascend_ops_fast::kFastOps;
using ascend_ops_fast::kFastProductCount;

// A fresh C-contiguous output, as the native executor makes it (native_backend.new_output): from
// strided_copy.cpp's huge-page threshold on, its 2 MiB aligned buffer advised for huge pages, which
// the copy writes first and the tensor frees (Note [huge-page outputs] there), in a resizable
// storage like any tensor's; below, at::empty, whose memory the allocator reuses.
at::Tensor NewOutput(c10::IntArrayRef shape, int64_t item, const at::TensorOptions& options)
{
    static const int64_t threshold = ascend_ops_output_huge_page_bytes();
    const int64_t bytes = c10::multiply_integers(shape) * item;
    if (bytes < threshold) {
        return at::empty(shape, options);
    }
    void* buffer = ascend_ops_output_alloc(bytes);
    TORCH_CHECK_WITH(OutOfMemoryError, buffer != nullptr, "ascend_ops fast path: cannot allocate a ", bytes, "-byte output");
    // With an allocator the storage is resizable, as at::empty's is: a resize that grows it takes
    // a buffer from torch's CPU allocator and gives this one back to the cache.
    c10::Storage storage(c10::Storage::use_byte_size_t(), bytes,
                         c10::InefficientStdFunctionContext::makeDataPtr(
                             buffer, [bytes](void* p) { ascend_ops_output_free(p, bytes); }, c10::Device(c10::kCPU)),
                         c10::GetCPUAllocator(), /*resizable=*/true);
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d) {
        strides[d] = strides[d + 1] * std::max<int64_t>(shape[d + 1], 1);
    }
    return at::empty({0}, options).set_(std::move(storage), 0, shape, strides);
}

constexpr int32_t kMaxAttrs = 16;
constexpr int64_t kReleaseGilBytes = 1 << 20;  // copies this large run without the GIL
constexpr int kScalarTypes = static_cast<int>(c10::ScalarType::NumOptions);

// What one op needs at run time besides its FastOpSpec.
struct OpRuntime {
    const FastOpSpec* spec = nullptr;
    Status (*build)(const OpAttrValue*, const TensorShape&, TensorShape*, StridedView*) = nullptr;
    c10::OperatorHandle* handle = nullptr;
    std::array<std::array<bool, kScalarTypes>, kFastProductCount> allowed{};
};

std::array<OpRuntime, kFastOpCount> g_ops;
std::array<bool, kScalarTypes> g_movable{};   // dtypes the package moves (set by plug_in)
std::array<std::string, kScalarTypes> g_dtype_names;  // their op_specs/ names

// Python objects set by plug_in(): the backend and product context variables, the product
// objects in kFastProductKeys order, the Python CPU and autograd kernels, the default-state
// function.
PyObject* g_backend_var = nullptr;
PyObject* g_product_var = nullptr;
PyObject* g_native_name = nullptr;
std::array<PyObject*, kFastProductCount> g_products{};
PyObject* g_python_kernel = nullptr;
PyObject* g_python_autograd = nullptr;
PyObject* g_default_state = nullptr;
std::string g_backend_env, g_product_env;  // the variables' names

std::atomic<bool> g_enabled{false};          // plugged in and not switched off (`set_enabled`)
std::atomic<int64_t> g_fast_calls{0};      // calls the C++ kernel copied itself
std::atomic<int64_t> g_python_calls{0};    // calls it handed to the Python kernel
std::atomic<int64_t> g_autograd_calls{0};  // calls the autograd gate handed to Python

// The process default (no context variable set), cached until an environment variable changes:
// nothing else decides it, as an NPU's product never binds CPU tensors (Note [active
// product] in runtime/products.py).
struct DefaultState {
    bool valid = false;
    std::string backendEnv, productEnv;
    bool native = false;
    int product = -1;
};
DefaultState g_default;

int OpIndex(const c10::OperatorHandle& op)
{
    const std::string& name = op.schema().name();  // "ascend_ops::<op>"
    const char* bare = name.c_str() + sizeof("ascend_ops::") - 1;
    for (int i = 0; i < kFastOpCount; ++i) {
        if (std::strcmp(bare, kFastOps[i].name) == 0) {
            return i;
        }
    }
    TORCH_CHECK(false, "ascend_ops fast path: no table entry for ", name);
}

// ---- the state: backend and product -----------------------------------------------------------

const char* EnvText(const std::string& name)
{
    const char* value = std::getenv(name.c_str());
    return value != nullptr ? value : "";
}

// (native backend?, product index or -1) for this call. Needs the GIL.
bool CurrentState(bool* native, int* product)
{
    PyObject* backend = nullptr;
    PyObject* target = nullptr;
    if (PyContextVar_Get(g_backend_var, Py_None, &backend) < 0 ||
        PyContextVar_Get(g_product_var, Py_None, &target) < 0) {
        Py_XDECREF(backend);
        throw python_error();
    }
    const bool backendSet = backend != Py_None;
    const bool backendNative = backendSet && PyUnicode_Compare(backend, g_native_name) == 0;
    Py_DECREF(backend);
    int targetIndex = -1;
    if (target != Py_None) {
        for (int i = 0; i < kFastProductCount; ++i) {
            if (target == g_products[i]) {
                targetIndex = i;
            }
        }
    }
    const bool targetSet = target != Py_None;
    Py_DECREF(target);
    if (targetSet && targetIndex < 0) {
        return false;  // a product object the table does not know: let Python decide
    }
    const char* backendEnv = EnvText(g_backend_env);
    const char* productEnv = EnvText(g_product_env);
    if (!g_default.valid || g_default.backendEnv != backendEnv || g_default.productEnv != productEnv) {
        PyObject* state = PyObject_CallNoArgs(g_default_state);  // (native, product index)
        if (state == nullptr) {
            throw python_error();
        }
        DefaultState fresh;
        fresh.native = PyObject_IsTrue(PyTuple_GET_ITEM(state, 0)) == 1;
        fresh.product = static_cast<int>(PyLong_AsLong(PyTuple_GET_ITEM(state, 1)));
        Py_DECREF(state);
        fresh.valid = true;
        fresh.backendEnv = backendEnv;
        fresh.productEnv = productEnv;
        g_default = fresh;
    }
    *native = backendSet ? backendNative : g_default.native;
    *product = targetSet ? targetIndex : g_default.product;
    return true;
}

// ---- IValues <-> Python and the view builders' attributes -------------------------------------

PyObject* ToPython(const c10::IValue& value)
{
    if (value.isNone()) {
        Py_RETURN_NONE;
    }
    if (value.isTensor()) {
        return THPVariable_Wrap(value.toTensor());
    }
    if (value.isInt()) {
        return PyLong_FromLongLong(value.toInt());
    }
    if (value.isString()) {
        const std::string& text = value.toStringRef();
        return PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
    }
    TORCH_CHECK(value.isIntList(), "ascend_ops fast path: unexpected argument ", value.tagKind());
    const auto list = value.toIntList();
    PyObject* out = PyList_New(static_cast<Py_ssize_t>(list.size()));
    if (out == nullptr) {
        throw python_error();
    }
    for (size_t i = 0; i < list.size(); ++i) {
        PyObject* item = PyLong_FromLongLong(list.get(i));
        if (item == nullptr) {
            Py_DECREF(out);
            throw python_error();
        }
        PyList_SET_ITEM(out, static_cast<Py_ssize_t>(i), item);
    }
    return out;
}

// The Python kernel `kernel` (CPU or autograd) of op `index` on the arguments of `stack` (schema
// order); the result replaces them. It raises exactly what the package raises without the
// compiled kernel.
void RunPython(PyObject* kernel, int index, torch::jit::Stack* stack, size_t arguments)
{
    pybind11::gil_scoped_acquire gil;
    PyObject* args = PyTuple_New(static_cast<Py_ssize_t>(arguments + 1));
    if (args == nullptr) {
        throw python_error();
    }
    PyTuple_SET_ITEM(args, 0, PyLong_FromLong(index));
    const size_t first = stack->size() - arguments;
    for (size_t i = 0; i < arguments; ++i) {
        PyObject* item = ToPython((*stack)[first + i]);
        if (item == nullptr) {
            Py_DECREF(args);
            throw python_error();
        }
        PyTuple_SET_ITEM(args, static_cast<Py_ssize_t>(i + 1), item);
    }
    PyObject* result = PyObject_Call(kernel, args, nullptr);
    Py_DECREF(args);
    if (result == nullptr) {
        python_error error;
        error.persist();
        throw error;
    }
    at::Tensor out = THPVariable_Unpack(result);
    Py_DECREF(result);
    torch::jit::drop(*stack, arguments);
    torch::jit::push(*stack, std::move(out));
}

void RunPythonKernel(int index, torch::jit::Stack* stack, size_t arguments)
{
    g_python_calls.fetch_add(1, std::memory_order_relaxed);
    RunPython(g_python_kernel, index, stack, arguments);
}

// The attributes of `stack` (after the input) as the view builders take them; `lists` owns the
// int[] values. False where the builders would read a value differently from the reference: a
// string holding a NUL (the builders read it up to the NUL: "NHWC\0" would pass as "NHWC"), and
// an empty int[]? list (the builders read size 0 as None).
bool ReadAttributes(const c10::FunctionSchema& schema, const c10::IValue* args, size_t count,
                    std::array<OpAttrValue, kMaxAttrs>* attrs, std::array<std::vector<int64_t>, kMaxAttrs>* lists)
{
    if (count - 1 > kMaxAttrs) {
        return false;
    }
    for (size_t i = 1; i < count; ++i) {
        OpAttrValue& a = (*attrs)[i - 1];
        a = OpAttrValue{0, nullptr, 0, nullptr};
        const c10::IValue& v = args[i];
        if (v.isNone()) {
            continue;
        }
        if (v.isInt()) {
            a.value = v.toInt();
        } else if (v.isString()) {
            const std::string& text = v.toStringRef();
            if (text.find('\0') != std::string::npos) {
                return false;
            }
            a.text = text.c_str();
        } else if (v.isIntList()) {
            std::vector<int64_t>& values = (*lists)[i - 1];
            values = v.toIntVector();
            if (values.empty() && schema.arguments()[i].type()->kind() == c10::TypeKind::OptionalType) {
                return false;
            }
            a.data = values.data();
            a.size = static_cast<int64_t>(values.size());
        } else {
            return false;
        }
    }
    return true;
}

// The op's output shape and view for an input of `input`'s shape and `dtype`; false where the
// view builder (or the op's dtype rule) refuses the arguments.
bool BuildView(int index, const TensorShape& input, c10::ScalarType dtype, const c10::FunctionSchema& schema,
               const c10::IValue* args, size_t count, TensorShape* outShape, StridedView* view)
{
    std::array<OpAttrValue, kMaxAttrs> attrs;
    std::array<std::vector<int64_t>, kMaxAttrs> lists;
    if (!ReadAttributes(schema, args, count, &attrs, &lists)) {
        return false;
    }
    const OpRuntime& op = g_ops[index];
    if (op.spec->checkDtype != nullptr &&
        !op.spec->checkDtype(g_dtype_names[static_cast<int>(dtype)].c_str(), attrs.data()).ok) {
        return false;
    }
    return op.build(attrs.data(), input, outShape, view).ok;
}

TensorShape ShapeOf(c10::IntArrayRef sizes)
{
    TensorShape shape{};
    shape.rank = static_cast<int32_t>(sizes.size());
    for (int32_t d = 0; d < shape.rank; ++d) {
        shape.dims[d] = sizes[d];
    }
    return shape;
}

// ---- the CPU kernel ---------------------------------------------------------------------------

void CpuKernel(const c10::OperatorHandle& handle, torch::jit::Stack* stack)
{
    const int index = OpIndex(handle);
    const c10::FunctionSchema& schema = handle.schema();
    const size_t count = schema.arguments().size();
    const c10::IValue* args = stack->data() + stack->size() - count;
    const at::Tensor& x = args[0].toTensor();
    const OpRuntime& op = g_ops[index];
    bool native = false;
    int product = -1;
    // Reading the context variables needs the GIL; a call from Python holds it already, one from
    // another thread (the autograd engine's, a C++ caller's) takes it here.
    const bool holdsGil = PyGILState_Check() == 1;
    bool known = false;
    if (holdsGil) {
        known = CurrentState(&native, &product);
    } else {
        pybind11::gil_scoped_acquire gil;
        known = CurrentState(&native, &product);
    }
    native = known && native && g_enabled.load(std::memory_order_relaxed);
    const auto dtype = static_cast<int>(x.scalar_type());
    const bool allowed = product < 0 || op.allowed[product][dtype];
    if (!native || !allowed || !g_movable[dtype] || !x.is_contiguous() || x.is_conj() || x.is_neg() ||
        x.dim() > op.spec->maxRank) {
        RunPythonKernel(index, stack, count);
        return;
    }
    TensorShape outShape{};
    StridedView view{};
    if (!BuildView(index, ShapeOf(x.sizes()), x.scalar_type(), schema, args, count, &outShape, &view)) {
        RunPythonKernel(index, stack, count);
        return;
    }
    const int64_t item = static_cast<int64_t>(x.element_size());
    at::Tensor out = NewOutput(c10::IntArrayRef(outShape.dims, outShape.rank), item, x.options());
    if (out.numel() > 0) {
        std::array<int64_t, 2 + 2 * kMaxViewDims> desc{};
        desc[0] = view.rank;
        desc[1] = item;
        for (int32_t d = 0; d < view.rank; ++d) {
            desc[2 + d] = view.shape[d];
            desc[2 + view.rank + d] = view.stride[d] * item;
        }
        const char* src = static_cast<const char*>(x.const_data_ptr()) + view.offset * item;
        int32_t rc = 0;
        if (holdsGil && out.numel() * item >= kReleaseGilBytes) {
            pybind11::gil_scoped_release nogil;
            rc = ascend_ops_strided_copy(src, out.mutable_data_ptr(), desc.data(), at::get_num_threads());
        } else {
            rc = ascend_ops_strided_copy(src, out.mutable_data_ptr(), desc.data(), at::get_num_threads());
        }
        TORCH_CHECK(rc == 0, "ascend_ops fast path: strided_copy rejected the view of ", kFastOps[index].name);
    }
    g_fast_calls.fetch_add(1, std::memory_order_relaxed);
    torch::jit::drop(*stack, count);
    torch::jit::push(*stack, std::move(out));
}

// ---- the autograd gate ------------------------------------------------------------------------
// Note [autograd gate] in compiled.py. No formula here: a call that may need a gradient or a
// tangent runs the one Python autograd kernel (runtime/autograd.py); any other goes below the
// Autograd key at C++ cost, as a built-in op's would.

void AutogradGate(const c10::OperatorHandle& handle, c10::DispatchKeySet keys, torch::jit::Stack* stack)
{
    const size_t count = handle.schema().arguments().size();
    const at::Tensor& x = (*stack)[stack->size() - count].toTensor();
    const bool tracked = (at::GradMode::is_enabled() && x.requires_grad()) || x._fw_grad(/*level=*/0).defined();
    if (tracked || !g_enabled.load(std::memory_order_relaxed)) {
        g_autograd_calls.fetch_add(1, std::memory_order_relaxed);
        RunPython(g_python_autograd, OpIndex(handle), stack, count);
        return;
    }
    at::AutoDispatchBelowADInplaceOrView guard;
    handle.redispatchBoxed(keys & c10::after_ADInplaceOrView_keyset, stack);
}

// ---- the Python module ------------------------------------------------------------------------

bool ExactInt(PyObject* obj, int64_t* value)
{
    if (!PyLong_CheckExact(obj)) {
        return false;
    }
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow != 0 || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return false;
    }
    *value = v;
    return true;
}

// `obj` as the IValue of schema type `type`, or false where the Python checks must look at it.
bool ExactArgument(PyObject* obj, const c10::TypePtr& type, c10::IValue* out)
{
    c10::TypePtr t = type;
    if (t->kind() == c10::TypeKind::OptionalType) {
        if (obj == Py_None) {
            *out = c10::IValue();
            return true;
        }
        t = t->castRaw<c10::OptionalType>()->getElementType();
    }
    switch (t->kind()) {
    case c10::TypeKind::TensorType:
        if (!THPVariable_CheckExact(obj)) {
            return false;
        }
        *out = THPVariable_Unpack(obj);
        return true;
    case c10::TypeKind::IntType: {
        int64_t v = 0;
        if (!ExactInt(obj, &v)) {
            return false;
        }
        *out = v;
        return true;
    }
    case c10::TypeKind::StringType: {
        if (!PyUnicode_CheckExact(obj)) {
            return false;
        }
        Py_ssize_t size = 0;
        const char* text = PyUnicode_AsUTF8AndSize(obj, &size);
        if (text == nullptr) {
            PyErr_Clear();
            return false;
        }
        if (std::memchr(text, '\0', static_cast<size_t>(size)) != nullptr) {
            return false;
        }
        *out = std::string(text, static_cast<size_t>(size));
        return true;
    }
    case c10::TypeKind::ListType: {
        if (!PyList_CheckExact(obj) && !PyTuple_CheckExact(obj)) {
            return false;
        }
        PyObject** items = PySequence_Fast_ITEMS(obj);
        const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
        std::vector<int64_t> values(static_cast<size_t>(n));
        for (Py_ssize_t i = 0; i < n; ++i) {
            if (!ExactInt(items[i], &values[static_cast<size_t>(i)])) {
                return false;
            }
        }
        *out = c10::IValue(std::move(values));
        return true;
    }
    default:
        return false;
    }
}

// call(index, args: tuple, kwargs: dict | None) -> Tensor | None
PyObject* Call(PyObject* /*self*/, PyObject* const* argv, Py_ssize_t argc)
{
    HANDLE_TH_ERRORS
    if (argc != 3 || !g_enabled.load(std::memory_order_relaxed) || at::impl::torch_function_mode_enabled()) {
        Py_RETURN_NONE;
    }
    const long index = PyLong_AsLong(argv[0]);
    if (index < 0 || index >= kFastOpCount) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject* args = argv[1];
    PyObject* kwargs = argv[2] == Py_None ? nullptr : argv[2];
    const c10::OperatorHandle& handle = *g_ops[index].handle;
    const auto& params = handle.schema().arguments();
    const Py_ssize_t positional = PyTuple_GET_SIZE(args);
    if (positional > static_cast<Py_ssize_t>(params.size())) {
        Py_RETURN_NONE;
    }
    Py_ssize_t usedKeywords = 0;
    torch::jit::Stack stack;
    stack.reserve(params.size());
    for (size_t i = 0; i < params.size(); ++i) {
        const c10::Argument& param = params[i];
        PyObject* obj = nullptr;
        if (static_cast<Py_ssize_t>(i) < positional) {
            if (param.kwarg_only()) {
                Py_RETURN_NONE;  // too many positional arguments
            }
            obj = PyTuple_GET_ITEM(args, static_cast<Py_ssize_t>(i));
        } else if (kwargs != nullptr && (obj = PyDict_GetItemString(kwargs, param.name().c_str())) != nullptr) {
            ++usedKeywords;
        }
        if (obj == nullptr) {
            if (!param.default_value().has_value()) {
                Py_RETURN_NONE;  // missing
            }
            stack.push_back(*param.default_value());
            continue;
        }
        c10::IValue value;
        if (!ExactArgument(obj, param.type(), &value)) {
            Py_RETURN_NONE;
        }
        stack.push_back(std::move(value));
    }
    if (kwargs != nullptr && PyDict_GET_SIZE(kwargs) != usedKeywords) {
        Py_RETURN_NONE;  // an unknown or repeated keyword
    }
    // The input checks of arguments.check_input: a strided tensor (not sparse, mkldnn, nested
    // or quantized: arguments.tensor_kind), a movable dtype, the op's rank limit, at most
    // 2**63 - 1 nominal bytes.
    const at::Tensor& x = stack[0].toTensor();
    if (x.layout() != c10::kStrided || x.is_nested() || x.is_quantized()) {
        Py_RETURN_NONE;
    }
    if (!g_movable[static_cast<int>(x.scalar_type())] || x.dim() > g_ops[index].spec->maxRank) {
        Py_RETURN_NONE;
    }
    __int128 nominal = static_cast<__int128>(x.element_size());
    for (int64_t d = 0; d < x.dim(); ++d) {
        nominal *= x.size(d);
        if (nominal > INT64_MAX) {
            Py_RETURN_NONE;
        }
    }
    handle.callBoxed(&stack);
    return THPVariable_Wrap(stack[0].toTensor());
    END_HANDLE_TH_ERRORS
}

// The schemas registration.py defined, checked against the generated table's: false (with a
// Python ImportError set) where an op is missing or its schema differs.
bool FindSchemas()
{
    for (int i = 0; i < kFastOpCount; ++i) {
        OpRuntime& op = g_ops[i];
        const std::string name = std::string("ascend_ops::") + op.spec->name;
        auto handle = c10::Dispatcher::singleton().findSchema({name, ""});
        if (!handle.has_value()) {
            PyErr_Format(PyExc_ImportError, "ascend_ops_fast: op %s is not defined", name.c_str());
            return false;
        }
        const std::string tableText = std::string("ascend_ops::") + op.spec->schema;
        const c10::FunctionSchema table = torch::jit::parseSchema(tableText);
        if (!(handle->schema() == table)) {
            const std::string registered = c10::toString(handle->schema());
            PyErr_Format(PyExc_ImportError, "ascend_ops_fast: the registered schema %s differs from the table's %s",
                         registered.c_str(), tableText.c_str());
            return false;
        }
        op.handle = new c10::OperatorHandle(*handle);
    }
    return true;
}

// The CPU kernel and the autograd gate of every op, registered into the ops registration.py
// defined; kept for the life of the process.
std::unique_ptr<torch::Library> g_cpu_library;
std::unique_ptr<torch::Library> g_autograd_library;

void RegisterKernels()
{
    g_cpu_library = std::make_unique<torch::Library>(torch::Library::IMPL, "ascend_ops", c10::DispatchKey::CPU,
                                                     __FILE__, __LINE__);
    g_autograd_library = std::make_unique<torch::Library>(torch::Library::IMPL, "ascend_ops",
                                                          c10::DispatchKey::Autograd, __FILE__, __LINE__);
    for (const FastOpSpec& spec : kFastOps) {
        g_cpu_library->impl(spec.name, torch::CppFunction::makeFromBoxedFunction<&CpuKernel>());
        g_autograd_library->impl(spec.name, torch::CppFunction::makeFromBoxedFunction<&AutogradGate>());
    }
}

// plug_in(backend_var, product_var, products, python_kernel, python_autograd, default_state,
//         movable_dtypes ((torch.dtype, op_specs/ name) pairs), backend_env, product_env):
// once, after registration.py defined the ops: what the kernels read from Python, then the CPU
// kernel and the autograd gate registered.
PyObject* PlugIn(PyObject* /*self*/, PyObject* args)
{
    HANDLE_TH_ERRORS
    PyObject *backendVar, *productVar, *products, *pythonKernel, *pythonAutograd, *defaultState, *movable;
    const char *backendEnv, *productEnv;
    if (!PyArg_ParseTuple(args, "OOOOOOOss", &backendVar, &productVar, &products, &pythonKernel, &pythonAutograd,
                          &defaultState, &movable, &backendEnv, &productEnv)) {
        return nullptr;
    }
    TORCH_CHECK(g_cpu_library == nullptr, "plug_in: the kernels are registered already");
    if (!FindSchemas()) {
        return nullptr;
    }
    TORCH_CHECK(PyTuple_Check(products) && PyTuple_GET_SIZE(products) == kFastProductCount,
                "plug_in: products must be a tuple of ", kFastProductCount, " products");
    for (PyObject* obj : {backendVar, productVar, pythonKernel, pythonAutograd, defaultState}) {
        Py_INCREF(obj);
    }
    g_backend_var = backendVar;
    g_product_var = productVar;
    g_python_kernel = pythonKernel;
    g_python_autograd = pythonAutograd;
    g_default_state = defaultState;
    g_native_name = PyUnicode_FromString("native");
    for (int i = 0; i < kFastProductCount; ++i) {
        g_products[i] = PyTuple_GET_ITEM(products, i);
        Py_INCREF(g_products[i]);
    }
    g_backend_env = backendEnv;
    g_product_env = productEnv;
    g_movable.fill(false);
    PyObject* iter = PyObject_GetIter(movable);
    if (iter == nullptr) {
        return nullptr;
    }
    while (PyObject* item = PyIter_Next(iter)) {
        PyObject* dtype = PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 2 ? PyTuple_GET_ITEM(item, 0) : nullptr;
        const char* name = dtype != nullptr ? PyUnicode_AsUTF8(PyTuple_GET_ITEM(item, 1)) : nullptr;
        if (dtype == nullptr || !THPDtype_Check(dtype) || name == nullptr) {
            Py_DECREF(item);
            Py_DECREF(iter);
            PyErr_SetString(PyExc_TypeError, "plug_in: movable_dtypes must hold (torch.dtype, name) pairs");
            return nullptr;
        }
        const int type = static_cast<int>(reinterpret_cast<THPDtype*>(dtype)->scalar_type);
        g_movable[type] = true;
        g_dtype_names[type] = name;
        Py_DECREF(item);
    }
    Py_DECREF(iter);
    if (PyErr_Occurred()) {
        return nullptr;
    }
    // Each op's dtypes per product, by their op_specs/ names (the generated table).
    for (OpRuntime& op : g_ops) {
        for (int p = 0; p < kFastProductCount; ++p) {
            const std::string names = std::string(" ") + op.spec->productDtypes[p] + " ";
            for (int t = 0; t < kScalarTypes; ++t) {
                op.allowed[p][t] =
                    g_movable[t] && names.find(" " + g_dtype_names[t] + " ") != std::string::npos;
            }
        }
    }
    g_default = DefaultState{};
    RegisterKernels();
    g_enabled = true;
    Py_RETURN_NONE;
    END_HANDLE_TH_ERRORS
}

// counts() -> (calls the C++ kernel copied, calls it handed to Python)
PyObject* Counts(PyObject* /*self*/, PyObject* /*args*/)
{
    return Py_BuildValue("(LL)", static_cast<long long>(g_fast_calls.load()),
                         static_cast<long long>(g_python_calls.load()));
}

// autograd_relays() -> calls the autograd gate handed to the Python autograd kernel
PyObject* AutogradRelays(PyObject* /*self*/, PyObject* /*args*/)
{
    return PyLong_FromLongLong(static_cast<long long>(g_autograd_calls.load()));
}

// set_enabled(flag) -> the previous flag. Off, the CPU kernel hands every call to the Python CPU
// kernel, the gate every call to the Python autograd kernel, and `call` declines: the Python
// registration's behaviour, in process (the differential test compares the two).
PyObject* SetEnabled(PyObject* /*self*/, PyObject* flag)
{
    HANDLE_TH_ERRORS
    const int on = PyObject_IsTrue(flag);
    if (on < 0) {
        return nullptr;
    }
    TORCH_CHECK(g_cpu_library != nullptr, "set_enabled: plug_in has not run");
    return PyBool_FromLong(g_enabled.exchange(on == 1));
    END_HANDLE_TH_ERRORS
}

// new_output(x, shape) -> a fresh C-contiguous output of `shape` with x's dtype, as this kernel
// makes its own (NewOutput): the native executor's, for the calls handed to Python.
PyObject* NewOutputOf(PyObject* /*self*/, PyObject* args)
{
    HANDLE_TH_ERRORS
    PyObject* tensor = nullptr;
    PyObject* shape = nullptr;
    if (!PyArg_ParseTuple(args, "OO!", &tensor, &PyTuple_Type, &shape) || !THPVariable_Check(tensor)) {
        PyErr_SetString(PyExc_TypeError, "new_output(x, shape): a tensor and a tuple of ints");
        return nullptr;
    }
    const at::Tensor& x = THPVariable_Unpack(tensor);
    std::vector<int64_t> dims(static_cast<size_t>(PyTuple_GET_SIZE(shape)));
    for (size_t d = 0; d < dims.size(); ++d) {
        dims[d] = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, static_cast<Py_ssize_t>(d)));
        if (PyErr_Occurred()) {
            return nullptr;
        }
    }
    return THPVariable_Wrap(NewOutput(dims, static_cast<int64_t>(x.element_size()), x.options()));
    END_HANDLE_TH_ERRORS
}

// forget_default_state(): the next call asks Python for the process default again.
PyObject* ForgetDefaultState(PyObject* /*self*/, PyObject* /*args*/)
{
    g_default = DefaultState{};
    Py_RETURN_NONE;
}

// op_names() -> the ops in table order (the `index` of call and of the Python kernel)
PyObject* OpNames(PyObject* /*self*/, PyObject* /*args*/)
{
    PyObject* out = PyTuple_New(kFastOpCount);
    if (out == nullptr) {
        return nullptr;
    }
    for (int i = 0; i < kFastOpCount; ++i) {
        PyTuple_SET_ITEM(out, i, PyUnicode_FromString(kFastOps[i].name));
    }
    return out;
}

PyMethodDef kMethods[] = {
    {"op_names", &OpNames, METH_NOARGS, "op_names() -> the ops in table order"},
    {"call", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&Call)), METH_FASTCALL,
     "call(index, args, kwargs): run op `index` through the dispatcher if its arguments are exactly "
     "of the spec's types, else return None"},
    {"plug_in", &PlugIn, METH_VARARGS, "plug_in(...): register the CPU kernel and the autograd gate"},
    {"set_enabled", &SetEnabled, METH_O, "set_enabled(flag) -> previous: switch the compiled kernel on or off"},
    {"autograd_relays", &AutogradRelays, METH_NOARGS, "autograd_relays() -> calls the gate handed to Python"},
    {"counts", &Counts, METH_NOARGS, "counts() -> (fast calls, calls handed to the Python kernel)"},
    {"forget_default_state", &ForgetDefaultState, METH_NOARGS, "re-read the process default state"},
    {"new_output", &NewOutputOf, METH_VARARGS, "new_output(x, shape) -> an output as the C++ kernel makes it"},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef kModule = {PyModuleDef_HEAD_INIT, "ascend_ops_fast", "The compiled fast path of ascend_ops.", -1,
                       kMethods};

}  // namespace

PyMODINIT_FUNC PyInit_ascend_ops_fast()
{
    PyObject* module = PyModule_Create(&kModule);
    if (module == nullptr) {
        return nullptr;
    }
    for (int i = 0; i < kFastOpCount; ++i) {
        OpRuntime& op = g_ops[i];
        op.spec = &kFastOps[i];
        for (const ascend_ops::OpViewEntry& entry : ascend_ops::kOpViews) {
            if (std::strcmp(entry.op, op.spec->name) == 0) {
                op.build = entry.build;
            }
        }
        if (op.build == nullptr) {
            PyErr_Format(PyExc_ImportError, "ascend_ops_fast: op %s has no view builder", op.spec->name);
            Py_DECREF(module);
            return nullptr;
        }
        for (int p = 0; p < kFastProductCount; ++p) {
            op.allowed[p].fill(false);
        }
    }
    return module;
}
