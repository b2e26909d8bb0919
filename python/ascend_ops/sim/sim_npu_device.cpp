// The simulated npu device: a PrivateUse1 backend whose memory is host memory.
//
// Loading this library registers, for PrivateUse1: an allocator (host memory), a device guard
// (one device, index 0; streams and events as host objects), the hooks (the device's random
// generator, primary context, storage resizing), kernels for factories, copies, views, resizing
// and `set_`, and a boxed CPU fallback for every other aten op. See Note [simulated npu] in
// sim/device.py. Built against the installed torch (2.6 to 2.14) with public extension APIs only.

#include <torch/extension.h>

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/EmptyTensor.h>
#include <ATen/native/CPUFallback.h>
#include <ATen/native/Resize.h>
#include <ATen/detail/PrivateUse1HooksInterface.h>
#include <ATen/ops/_local_scalar_dense_native.h>
#include <ATen/ops/_reshape_alias_native.h>
#include <ATen/ops/as_strided_native.h>
#include <ATen/ops/resize_native.h>
#include <ATen/ops/set_native.h>
#include <ATen/ops/unfold_native.h>
#include <ATen/ops/view_as_complex_native.h>
#include <ATen/ops/view_as_real_native.h>
#include <ATen/ops/view_native.h>
#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <torch/library.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <string>

namespace {

constexpr c10::DeviceType kNpu = c10::DeviceType::PrivateUse1;
const c10::Device kTheDevice(kNpu, 0);

void check_index(c10::DeviceIndex index) {
  TORCH_CHECK(index == -1 || index == 0, "device index ", static_cast<int>(index),
              " is not on the simulated npu device; it has one device, npu:0");
}

void check_device(const c10::Device& device) {
  TORCH_CHECK(device.type() == kNpu, "device ", device.str(),
              " is not the simulated npu device");
  check_index(device.has_index() ? device.index() : -1);
}

// --- memory --------------------------------------------------------------------------------------

std::atomic<int64_t> live_bytes{0};
std::atomic<int64_t> live_blocks{0};

struct Block {
  c10::DataPtr memory;  // from the CPU allocator
  size_t bytes;
};

void free_block(void* context) {
  auto* block = static_cast<Block*>(context);
  live_bytes -= static_cast<int64_t>(block->bytes);
  live_blocks -= 1;
  delete block;
}

// Host memory, owned by npu storages: what the device's tensors hold.
struct HostMemoryAllocator final : c10::Allocator {
  c10::DataPtr allocate(size_t bytes) override {
    if (bytes == 0) {
      return c10::DataPtr(nullptr, kTheDevice);
    }
    auto* block = new Block{c10::GetCPUAllocator()->allocate(bytes), bytes};
    live_bytes += static_cast<int64_t>(bytes);
    live_blocks += 1;
    return c10::DataPtr(block->memory.get(), block, &free_block, kTheDevice);
  }

  void copy_data(void* dest, const void* src, std::size_t count) const override {
    std::memcpy(dest, src, count);
  }
};

HostMemoryAllocator host_memory;
REGISTER_ALLOCATOR(c10::DeviceType::PrivateUse1, &host_memory);

void release_storage(void* context) { delete static_cast<c10::Storage*>(context); }

// A tensor on `device` whose elements are `t`'s (same memory, sizes, strides and offset); the new
// storage keeps `t`'s alive. An npu alias is resizable through the device's allocator.
at::Tensor alias_on(const at::Tensor& t, c10::Device device) {
  const c10::Storage& storage = t.storage();
  void* data = storage.nbytes() == 0 ? nullptr : storage.mutable_data();
  c10::DataPtr shared(data, new c10::Storage(storage), &release_storage, device);
  const bool npu = device.type() == kNpu;
  auto impl = c10::make_intrusive<c10::StorageImpl>(
      c10::StorageImpl::use_byte_size_t(), storage.nbytes(), std::move(shared),
      npu ? static_cast<c10::Allocator*>(&host_memory) : nullptr, /*resizable=*/npu);
  auto key = npu ? c10::DispatchKey::PrivateUse1 : c10::DispatchKey::CPU;
  at::Tensor out = at::detail::make_tensor<c10::TensorImpl>(
      c10::Storage(std::move(impl)), c10::DispatchKeySet(key), t.dtype());
  out.unsafeGetTensorImpl()->set_sizes_and_strides(t.sizes(), t.strides(), t.storage_offset());
  return out;
}

// The CPU tensor holding an npu tensor's elements (CPU tensors are their own).
at::Tensor host_view(const at::Tensor& t) {
  if (t.device().type() != kNpu) {
    return t;
  }
  return alias_on(t, c10::Device(c10::DeviceType::CPU));
}

at::Tensor device_view(const at::Tensor& host) {
  TORCH_CHECK(host.device().is_cpu() && host.layout() == c10::kStrided,
              "the simulated npu device takes strided CPU tensors; got a ", host.device().str(),
              " tensor of layout ", host.layout());
  return alias_on(host, kTheDevice);
}

// --- random state --------------------------------------------------------------------------------

at::Generator& device_generator() {
  static at::Generator generator =
      at::make_generator<at::CPUGeneratorImpl>(c10::default_rng_seed_val);
  return generator;
}

// --- streams and events --------------------------------------------------------------------------
// Every kernel runs to completion on the calling thread, so work on any stream is finished when
// the call that issued it returns: a recorded event is complete, a stream is idle.

struct Event {
  std::chrono::steady_clock::time_point when;
};

thread_local c10::StreamId current_stream_id = 0;
std::atomic<c10::StreamId> next_stream_id{1};

c10::Stream stream_of(c10::StreamId id) {
  return c10::Stream(c10::Stream::UNSAFE, kTheDevice, id);
}

struct SimNpuGuard final : c10::impl::DeviceGuardImplInterface {
  c10::DeviceType type() const override { return kNpu; }
  c10::Device exchangeDevice(c10::Device device) const override {
    check_device(device);
    return kTheDevice;
  }
  c10::Device getDevice() const override { return kTheDevice; }
  void setDevice(c10::Device device) const override { check_device(device); }
  void uncheckedSetDevice(c10::Device) const noexcept override {}
  // noexcept, as torch 2.6 declares these two (later ones do not): no check can throw here.
  c10::Stream getStream(c10::Device) const noexcept override {
    return stream_of(current_stream_id);
  }
  c10::Stream getDefaultStream(c10::Device device) const override {
    check_device(device);
    return stream_of(0);
  }
  c10::Stream getStreamFromGlobalPool(c10::Device device, bool) const override {
    return getNewStream(device, 0);
  }
  c10::Stream getNewStream(c10::Device device, int) const override {
    check_device(device);
    return stream_of(next_stream_id++);
  }
  c10::Stream exchangeStream(c10::Stream stream) const noexcept override {
    c10::Stream previous = stream_of(current_stream_id);
    current_stream_id = stream.id();
    return previous;
  }
  c10::DeviceIndex deviceCount() const noexcept override { return 1; }
  void record(void** event, const c10::Stream& stream, const c10::DeviceIndex device_index,
              const c10::EventFlag) const override {
    check_index(device_index);
    check_device(stream.device());
    if (*event == nullptr) {
      *event = new Event();
    }
    static_cast<Event*>(*event)->when = std::chrono::steady_clock::now();
  }
  void block(void*, const c10::Stream&) const override {}
  bool queryEvent(void*) const override { return true; }
  void destroyEvent(void* event, const c10::DeviceIndex) const noexcept override {
    delete static_cast<Event*>(event);
  }
  bool queryStream(const c10::Stream&) const override { return true; }
  void synchronizeStream(const c10::Stream&) const override {}
  void synchronizeEvent(void*) const override {}
  void synchronizeDevice(const c10::DeviceIndex device_index) const override {
    check_index(device_index);
  }
  void recordDataPtrOnStream(const c10::DataPtr&, const c10::Stream&) const override {}
  double elapsedTime(void* start, void* end, const c10::DeviceIndex) const override {
    TORCH_CHECK(start != nullptr && end != nullptr,
                "elapsed_time needs both events recorded first");
    auto from = static_cast<Event*>(start)->when, to = static_cast<Event*>(end)->when;
    return std::chrono::duration<double, std::milli>(to - from).count();
  }
};

C10_REGISTER_GUARD_IMPL(PrivateUse1, SimNpuGuard);

// --- hooks ---------------------------------------------------------------------------------------
// isBuilt and isAvailable are hooks on the torch versions that have them (2.7 on) and plain
// methods before: no `override` on them.

struct SimNpuHooks final : at::PrivateUse1HooksInterface {
  bool isBuilt() const { return true; }
  bool isAvailable() const { return true; }
  const at::Generator& getDefaultGenerator(c10::DeviceIndex index) const override {
    check_index(index);
    return device_generator();
  }
  at::Generator getNewGenerator(c10::DeviceIndex index) const override {
    check_index(index);
    return at::make_generator<at::CPUGeneratorImpl>(c10::default_rng_seed_val);
  }
  at::Device getDeviceFromPtr(void*) const override { return kTheDevice; }
  bool isPinnedPtr(const void*) const override { return false; }
  c10::Allocator* getPinnedMemoryAllocator() const override { return c10::GetCPUAllocator(); }
  bool hasPrimaryContext(c10::DeviceIndex index) const override {
    check_index(index);
    return true;
  }
  c10::DeviceIndex deviceCount() const override { return 1; }
  void setCurrentDevice(c10::DeviceIndex index) const override { check_index(index); }
  c10::DeviceIndex getCurrentDevice() const override { return 0; }
  c10::DeviceIndex exchangeDevice(c10::DeviceIndex index) const override {
    check_index(index);
    return 0;
  }
  c10::DeviceIndex maybeExchangeDevice(c10::DeviceIndex index) const override {
    check_index(index);
    return 0;
  }
  void resizePrivateUse1Bytes(const c10::Storage& storage, size_t bytes) const override {
    at::native::resize_bytes_cpu(storage.unsafeGetStorageImpl(), bytes);
  }
};

SimNpuHooks hooks;
const bool hooks_registered = [] {
  at::RegisterPrivateUse1HooksInterface(&hooks);
  return true;
}();

// --- kernels -------------------------------------------------------------------------------------

void check_factory_device(std::optional<c10::Device> device) {
  if (device.has_value()) {
    check_device(*device);
  }
}

at::Tensor empty_memory_format(c10::IntArrayRef size, std::optional<at::ScalarType> dtype,
                               std::optional<at::Layout>, std::optional<at::Device> device,
                               std::optional<bool>, std::optional<at::MemoryFormat> memory_format) {
  check_factory_device(device);
  return at::Tensor(at::detail::empty_generic(size, &host_memory,
                                              c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
                                              c10::dtype_or_default(dtype), memory_format));
}

at::Tensor empty_strided(c10::IntArrayRef size, c10::IntArrayRef stride,
                         std::optional<at::ScalarType> dtype, std::optional<at::Layout>,
                         std::optional<at::Device> device, std::optional<bool>) {
  check_factory_device(device);
  return at::Tensor(at::detail::empty_strided_generic(
      size, stride, &host_memory, c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
      c10::dtype_or_default(dtype)));
}

// Host to device, device to host and device to device: one host copy.
at::Tensor copy_from(const at::Tensor& self, const at::Tensor& dst, bool) {
  host_view(dst).copy_(host_view(self));
  return dst;
}

at::Tensor copy_from_and_resize(const at::Tensor& self, const at::Tensor& dst) {
  dst.resize_(self.sizes());
  host_view(dst).copy_(host_view(self));
  return dst;
}

at::Scalar local_scalar_dense(const at::Tensor& self) {
  return at::native::_local_scalar_dense_cpu(host_view(self));
}

at::Tensor& fill_scalar(at::Tensor& self, const at::Scalar& value) {
  host_view(self).fill_(value);
  return self;
}

at::Tensor& zero(at::Tensor& self) {
  host_view(self).zero_();
  return self;
}

const at::Tensor& resize(const at::Tensor& self, c10::IntArrayRef size,
                         std::optional<at::MemoryFormat> memory_format) {
  return at::native::resize_(self, size, memory_format);
}

at::Tensor& set_storage(at::Tensor& self, at::Storage source, int64_t offset,
                        c10::IntArrayRef size, c10::IntArrayRef stride) {
  return at::native::set_storage_cpu_(self, source, offset, size, stride);
}

at::Tensor& set_source_storage(at::Tensor& self, at::Storage source) {
  const int64_t elements = static_cast<int64_t>(source.nbytes() / self.dtype().itemsize());
  return at::native::set_storage_cpu_(self, source, 0, {elements}, {});
}

at::Tensor& set_source_tensor(at::Tensor& self, const at::Tensor& source) {
  return at::native::set_storage_cpu_(self, source.storage(), source.storage_offset(),
                                      source.sizes(), source.strides());
}

at::Tensor& set_empty(at::Tensor& self) {
  c10::Storage storage(c10::Storage::use_byte_size_t(), 0, &host_memory, /*resizable=*/true);
  return at::native::set_storage_cpu_(self, storage, 0, {0}, {});
}

// Convolutions reach an out-of-tree device as the `_overrideable` hooks; the device runs the
// host's own convolution on the same memory.
at::Tensor convolution(const at::Tensor& input, const at::Tensor& weight,
                       const std::optional<at::Tensor>& bias, c10::IntArrayRef stride,
                       c10::IntArrayRef padding, c10::IntArrayRef dilation, bool transposed,
                       c10::IntArrayRef output_padding, int64_t groups) {
  std::optional<at::Tensor> host_bias;
  if (bias.has_value() && bias->defined()) {
    host_bias = host_view(*bias);
  }
  return device_view(at::convolution(host_view(input), host_view(weight), host_bias, stride,
                                     padding, dilation, transposed, output_padding, groups));
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> convolution_backward(
    const at::Tensor& grad_output, const at::Tensor& input, const at::Tensor& weight,
    c10::IntArrayRef stride, c10::IntArrayRef padding, c10::IntArrayRef dilation, bool transposed,
    c10::IntArrayRef output_padding, int64_t groups, std::array<bool, 3> output_mask) {
  const int64_t out_channels = transposed ? weight.size(1) * groups : weight.size(0);
  auto grads = at::convolution_backward(host_view(grad_output), host_view(input),
                                        host_view(weight), std::vector<int64_t>{out_channels},
                                        stride, padding, dilation, transposed, output_padding,
                                        groups, output_mask);
  auto on_device = [](const at::Tensor& t) { return t.defined() ? device_view(t) : t; };
  return {on_device(std::get<0>(grads)), on_device(std::get<1>(grads)),
          on_device(std::get<2>(grads))};
}

// Every other aten op: the CPU kernel, through torch's boxed CPU fallback. A random op with no
// generator of its own draws from the device's.
void fallback(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  const auto& arguments = op.schema().arguments();
  const size_t first = stack->size() - arguments.size();
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i].name() == "generator" && (*stack)[first + i].isNone()) {
      (*stack)[first + i] = c10::IValue(device_generator());
    }
  }
  at::native::cpu_fallback(op, stack);
}

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
  m.impl("empty.memory_format", TORCH_FN(empty_memory_format));
  m.impl("empty_strided", TORCH_FN(empty_strided));
  m.impl("_copy_from", TORCH_FN(copy_from));
  m.impl("_copy_from_and_resize", TORCH_FN(copy_from_and_resize));
  m.impl("_local_scalar_dense", TORCH_FN(local_scalar_dense));
  m.impl("fill_.Scalar", TORCH_FN(fill_scalar));
  m.impl("zero_", TORCH_FN(zero));
  m.impl("resize_", TORCH_FN(resize));
  m.impl("set_.source_Storage_storage_offset", TORCH_FN(set_storage));
  m.impl("set_.source_Storage", TORCH_FN(set_source_storage));
  m.impl("set_.source_Tensor", TORCH_FN(set_source_tensor));
  m.impl("set_", TORCH_FN(set_empty));
  // Views: torch's own kernels, which only write metadata; the memory is host memory.
  m.impl("as_strided", TORCH_FN(at::native::as_strided_tensorimpl));
  m.impl("view", TORCH_FN(at::native::view));
  m.impl("_reshape_alias", TORCH_FN(at::native::_reshape_alias));
  m.impl("unfold", TORCH_FN(at::native::unfold));
  m.impl("view_as_real", TORCH_FN(at::native::view_as_real));
  m.impl("view_as_complex", TORCH_FN(at::native::view_as_complex));
  m.impl("convolution_overrideable", TORCH_FN(convolution));
  m.impl("convolution_backward_overrideable", TORCH_FN(convolution_backward));
}

TORCH_LIBRARY_IMPL(_, PrivateUse1, m) {
  m.fallback(torch::CppFunction::makeFromBoxedFunction<&fallback>());
}

// --- the Python side -----------------------------------------------------------------------------

std::tuple<int64_t, int64_t, int64_t> stream_triple(const c10::Stream& stream) {
  return {stream.id(), stream.device_index(), static_cast<int64_t>(stream.device_type())};
}

}  // namespace

PYBIND11_MODULE(TORCH_EXTENSION_NAME, module) {
  module.doc() = "The simulated npu device (PrivateUse1, host memory).";
  module.def("host_view", &host_view, "The CPU tensor holding an npu tensor's elements.");
  module.def("device_view", &device_view, "An npu tensor holding a CPU tensor's elements.");
  module.def("manual_seed", [](uint64_t seed) {
    std::lock_guard<std::mutex> lock(device_generator().mutex());
    device_generator().set_current_seed(seed);
  });
  module.def("initial_seed", [] {
    std::lock_guard<std::mutex> lock(device_generator().mutex());
    return device_generator().current_seed();
  });
  module.def("seed", [] {
    std::lock_guard<std::mutex> lock(device_generator().mutex());
    return device_generator().seed();
  });
  module.def("get_rng_state", [] {
    std::lock_guard<std::mutex> lock(device_generator().mutex());
    return device_generator().get_state();
  });
  module.def("set_rng_state", [](const at::Tensor& state) {
    std::lock_guard<std::mutex> lock(device_generator().mutex());
    device_generator().set_state(state);
  });
  module.def("current_stream", [] { return stream_triple(stream_of(current_stream_id)); });
  module.def("set_stream", [](int64_t id) { current_stream_id = id; });
  module.def("allocated", [] {
    return std::make_tuple(live_bytes.load(), live_blocks.load());
  }, "(bytes, blocks) of host memory the device's allocator holds now.");
}
