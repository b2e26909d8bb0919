"""The compiled CPU kernel: the common call of `torch.ops.ascend_ops.*` in C++
(`src/ascend_ops_fast.cpp`), a torch extension built into the build cache and plugged into the one
registration (the comments below the imports: how it is built, plugged in and switched to).
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import importlib.machinery
import importlib.util
import logging
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import torch
from ascend_ops_gen.spec import OpSpec, specs

from . import backends, native_copy
from ..runtime import build_cache, torch_extension
from ..runtime import call_context as state
from ..runtime.products import current_product, dtype_name
from ..runtime.arguments import OpPacket
from ..runtime.errors import OpArgumentError, naming_op
from ..runtime.dtypes import movable

# A torch extension, built with g++ against the installed torch's headers and libraries into the
# package's build cache (build_cache.py, keyed by the sources, the flags and the torch version),
# once, by `ascend-ops build` (scripts/setup.sh runs it). It is no registrar: registration.py
# defines the ops from the specs (schemas, fake kernels, PrivateUse1, the one autograd
# implementation in runtime/autograd.py) and then, when the extension loads, `plug_in` registers two
# C++ kernels into that registration: the CPU kernel and the autograd gate. Every call the C++ CPU
# kernel does not copy itself runs the Python CPU kernel registration.py registers without the
# extension, so errors are raised in one place. See Note [fast path] and Note [autograd gate].
#
# Without the extension (switched off with ASCEND_OPS_FAST=0, not built yet, no compiler, no torch
# headers) the Python kernels are registered instead, after one log line saying why. When it is
# only not built yet, the first call the native backend runs starts its build in the background
# (Note [first-use build]) and the process switches to it once it is ready. In process,
# `switched(False)` turns the C++ kernels into plain relays to the Python ones (the differential
# test compares both).
#
# Note [fast path]
# ~~~~~~~~~~~~~~~~
# Which calls the C++ kernel copies itself: the native backend is active (ASCEND_OPS_BACKEND or
# `use_backend`), the product that binds CPU tensors (`target_product`, else ASCEND_OPS_PRODUCT,
# never an NPU's: Note [active product]) allows the dtype, or none is chosen, the input is
# contiguous without lazy conj/neg bits, and the engine's view builder accepts the arguments. The
# context variables (runtime/call_context.py) are read from C++ on each call (two lookups, no Python
# code); the process default, which only the environment variables decide, is computed in Python
# (`default_state`) and cached in C++ until one of them changes.
#
# Note [autograd gate]
# ~~~~~~~~~~~~~~~~~~~~
# The autograd formulas exist once, in runtime/autograd.py (one autograd.Function per op, which
# torch.func, forward-mode AD and vmap accept). Registering that Python kernel on the Autograd key
# would cost every call a trip through Python, so with the extension the Autograd key holds a
# generic C++ gate instead, with no formula: a call with GradMode off or an input that does not
# require grad, and no forward-mode tangent on it, is redispatched below the Autograd key in C++
# (what any built-in op's autograd kernel does then); every other call runs the Python autograd
# kernel, which records the op's backward (or computes its tangent) exactly as without the
# extension. Under torch.func transforms the gate sees the transform's wrapper tensors, whose
# `requires_grad` and tangents are the transform's, so it decides the same way.
#
# Note [first-use build]
# ~~~~~~~~~~~~~~~~~~~~~~
# After `pip install` nothing has built the extension. The first call on the native backend (whose
# calls are the ones it speeds up) then runs on the Python kernel as before, and starts
# `ascend-ops build` as a detached process, after one progress line on stderr: the build outlives
# a short script, so the next process finds it in the cache, and the cache's build lock keeps
# concurrent processes from compiling it twice. A thread of this process waits for that build and
# then plugs the extension in (registration.py's `switch_to`): from then on calls run on the C++
# kernels, with no restart. The call that started it waits for nothing but the native copy, which
# it needs anyway. `ASCEND_OPS_FAST_BUILD=0` turns the first-use build off (images built with
# `ascend-ops build`, read-only installs); `ASCEND_OPS_FAST=0` turns the extension off altogether.

# Note [CPU route]
# ~~~~~~~~~~~~~~~~
# A CPU call takes one route; each entry hands on only what it leaves, nothing is rerouted:
# - the op's packet (`torch.ops.ascend_ops.<op>`, runtime/arguments.OpPacket) gives the call to its
#   fast call, the extension's `call`, which turns the arguments into the schema's values in C++
#   and calls the op through torch's dispatcher (skipping the Python argument parsing of torch's
#   own op objects: bench/results/bench.md, 1.5-1.8 us a tiny call against 5.9-7.1 us for an
#   empty custom op of the same schema); a call it cannot convert goes through the packet's checks;
# - in the dispatcher the autograd gate and the C++ CPU kernel `plug_in` registered copy the
#   common call (Note [fast path], Note [autograd gate]); every caller that enters there (an
#   overload, torch.compile's graphs, autograd's redispatch) meets the same kernels;
# - what they leave runs the Python CPU kernel, the one place errors are raised.
# The dispatcher must hold a kernel for torch's own callers, so the packet's entry cannot be the
# only one; and sending every call through torch's op objects would cost the tiny call 4x. The
# switch when the first-use build finishes is one: `switch_to` (registration.py) registers the C++
# kernels over the Python ones through torch.library, drops the library that held the Python
# ones, and installs the fast calls.

FAST_ENV = "ASCEND_OPS_FAST"
FIRST_USE_BUILD_ENV = "ASCEND_OPS_FAST_BUILD"
SOURCE = Path(__file__).parent / "src" / "ascend_ops_fast.cpp"
MODULE_NAME = "ascend_ops_fast"
# The generated per-op table the extension is built from (relative to ascend_kernels/), and its
# record of the specs it was generated from.
FAST_PATH_TABLE = "binding/ascend_ops_cpu_generated.h"
_SPECS_DIGEST = re.compile(r'^inline constexpr const char\* kFastSpecsDigest = "(?P<digest>[0-9a-f]{64})";$',
                           re.MULTILINE)
_log = logging.getLogger("ascend_ops")


class FastPathUnavailable(RuntimeError):
    """Why the fast path cannot be built or loaded here."""


def switched_off() -> bool:
    return os.environ.get(FAST_ENV, "").strip() == "0"


def _kernels_root() -> Path:
    from ascend_ops_gen.spec.loader import project_root

    return project_root() / "ascend_kernels"


def _kernel_dirs() -> list[Path]:
    return [_kernels_root() / "common", _kernels_root() / "binding"]


def stale_table() -> str | None:
    """Why the generated table on disk (what the extension is built from) does not say what the
    specs say now (an edited spec, not regenerated yet), or None when it does: the table records
    the digest of the spec files it was generated from (`kFastSpecsDigest`)."""
    on_disk = _kernels_root() / FAST_PATH_TABLE
    try:
        text = on_disk.read_text(encoding="utf-8")
    except OSError as e:
        return f"{on_disk}: {e}"
    recorded = _SPECS_DIGEST.search(text)
    if recorded is not None and recorded["digest"] == specs().view_digest:
        return None
    return f"{on_disk} does not match op_specs/; run `ascend-ops-dev generate`, then `ascend-ops build`"


def _torch_flags() -> list[str]:
    try:
        return torch_extension.torch_flags()
    except torch_extension.NoTorchHeaders as e:
        raise FastPathUnavailable(str(e)) from None


def _build_arguments() -> dict:
    return dict(include_dirs=_kernel_dirs(), flags=_torch_flags(),
                defines={"ASCEND_OPS_HOST_CPU": native_copy.host_cpu_id(),
                         "ASCEND_OPS_TORCH_VERSION": torch.__version__.replace("+", "_")})


def build() -> Path:
    """Compile the extension into the build cache, if it is not there yet (about a minute)."""
    stale = stale_table()
    if stale is not None:
        raise FastPathUnavailable(stale)
    return build_cache.build(MODULE_NAME, [SOURCE, native_copy.SOURCE], **_build_arguments(),
                        announce=f"building the compiled fast path ({SOURCE.name} against torch "
                                 f"{torch.__version__}), once; about a minute")


def built_path() -> Path | None:
    """The cached extension, or None when it has not been built for this torch and these sources."""
    return build_cache.cached(MODULE_NAME, [SOURCE, native_copy.SOURCE], **_build_arguments())


def _import(path: Path) -> ModuleType:
    loader = importlib.machinery.ExtensionFileLoader(MODULE_NAME, str(path))
    spec = importlib.util.spec_from_file_location(MODULE_NAME, str(path), loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


_module: ModuleType | None = None
_reason = "not loaded yet"
# The backend rule itself, not a data move: kept apart from `backends.current_backend`, which
# tests replace with a spy that counts the calls asking a CPU executor to move data.
_current_backend = backends.current_backend


def load() -> ModuleType | None:
    """The extension if it can be used (registration.py then plugs its kernels in), else None
    after one log line saying why (`unavailable_reason()` keeps it, `ascend-ops doctor` shows it). Never
    compiles: `ascend-ops build` does."""
    global _module, _reason, _not_built
    if _module is not None:
        return _module
    _not_built = False
    level = logging.INFO  # a slower path, not a fault: logged, not printed by default
    path = None
    if switched_off():
        _reason = f"switched off ({FAST_ENV}=0)"
    else:
        try:
            path = built_path()
            stale = stale_table() if path is not None else None
        except (FastPathUnavailable, build_cache.NativeBuildError, OSError) as e:
            _reason = f"unavailable ({e})"
        else:
            if stale is not None:
                path, _reason = None, f"not used: {stale}"
            elif path is None:
                _reason = f"not built for torch {torch.__version__}; run `ascend-ops build` once"
                _not_built = True
    if path is not None:
        try:
            _module = _import(path)
        except ImportError as e:
            level, _reason = logging.WARNING, f"{path} does not load ({e})"
        else:
            _adopt(_module)
            return _module
    _log.log(level, "ascend-ops: the compiled fast path is %s; ops run on the Python registration", _reason)
    return None


def _adopt(module: ModuleType) -> None:
    """The native executor's copy and large outputs come from the loaded extension's file."""
    native_copy.share_library(module.__file__)  # one copy, one output cache
    native_copy.library()
    native_copy.use_large_output_maker(module.new_output)


# --- the first-use build (Note [first-use build]) -----------------------------------------------

_not_built = False  # set by `load`: the one reason the extension is missing is that it is not built
_first_use: threading.Thread | None = None
_first_use_lock = threading.Lock()


def builds_on_first_use() -> bool:
    """Whether the first native call is to start building the extension: it is not loaded only
    because it is not built, and FIRST_USE_BUILD_ENV does not say 0."""
    return (_module is None and _not_built and _first_use is None
            and os.environ.get(FIRST_USE_BUILD_ENV, "").strip() != "0")


def _build_command() -> list[str]:
    return [sys.executable, "-m", "ascend_ops.tools.cli", "build"]


def start_first_use_build(on_ready) -> bool:
    """Start the detached build and the thread that waits for it, once per process; the thread
    calls `on_ready(module)` with the loaded extension. False when it was started already or is
    not wanted (`builds_on_first_use`)."""
    global _first_use, _reason
    with _first_use_lock:
        if not builds_on_first_use():
            return False
        build_cache.progress("building the compiled CPU kernel in the background, once (`ascend-ops "
                             "build`, about a minute); calls run on the Python kernels until it "
                             "is ready")
        _reason = "being built in the background (the first native call started it)"
        _first_use = threading.Thread(target=_wait_for_build, args=(on_ready,),
                                      name="ascend-ops first-use build", daemon=True)
        _first_use.start()
        return True


def _wait_for_build(on_ready) -> None:
    global _module, _reason
    try:
        log = build_cache.cache_dir(quiet=True) / f"{MODULE_NAME}-first-use-build.log"
        with open(log, "w", encoding="utf-8") as out:
            child = subprocess.Popen(_build_command(), stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True,
                                     env={**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"})
        code = child.wait()
        path = built_path() if code == 0 else None
        if path is None:
            raise FastPathUnavailable(f"`ascend-ops build` exited with {code}; see {log}")
        module = _import(path)
    except (FastPathUnavailable, build_cache.NativeBuildError, OSError, ImportError) as e:
        _reason = f"unavailable (its background build failed: {e})"
        _log.warning("ascend-ops: the compiled fast path is %s; ops run on the Python registration",
                     _reason)
        return
    _module = module
    _adopt(module)
    on_ready(module)
    build_cache.progress("the compiled CPU kernel is ready; calls run on it from now on")


def wait_for_first_use_build(timeout: float | None = None) -> bool:
    """Wait for a started first-use build to finish (and the switch to it); whether the
    extension is loaded then."""
    thread = _first_use
    if thread is not None:
        thread.join(timeout)
    return _module is not None


def unavailable_reason() -> str | None:
    """Why the fast path is not in use (None when it is)."""
    return None if _module is not None else _reason


def fast_path_active() -> bool:
    return loaded_module() is not None


def loaded_module() -> ModuleType | None:
    """The extension if `load` has loaded it, without trying to."""
    return _module


def counts() -> tuple[int, int]:
    """(calls the C++ kernel copied itself, calls it handed to the Python kernel); (0, 0) without
    the extension."""
    return _module.counts() if _module is not None else (0, 0)


def autograd_relays() -> int:
    """Calls the autograd gate handed to the Python autograd kernel (Note [autograd gate]); 0
    without the extension."""
    return _module.autograd_relays() if _module is not None else 0


# --- the Python side, given to the extension ------------------------------------------------------

def _movable_dtypes() -> list[tuple[torch.dtype, str]]:
    """Every dtype the package moves (arguments.check_input), with its op_specs/ name."""
    out = {}
    for value in vars(torch).values():
        if isinstance(value, torch.dtype) and value not in out and movable(value):
            out[value] = dtype_name(value)
    return list(out.items())


def default_state() -> tuple[bool, int]:
    """(native backend?, product index or -1) of a CPU call in no `use_backend` /
    `target_product` block: what the environment variables choose, never an NPU's product (Note
    [active product]), so C++ may cache it until they change. A bad environment variable gives
    (False, -1): the Python kernel then raises its error."""
    def compute() -> tuple[bool, int]:
        try:
            native = _current_backend() == "native"
            product = current_product("cpu")
        except Exception:  # noqa: BLE001 - the Python kernel raises it, with its own message
            return False, -1
        index = -1 if product is None else specs().products.index(product)
        return native, index
    return contextvars.Context().run(compute)


def _by_index(module: ModuleType, kernels: dict):
    """`kernel(index, x, *attributes)` (what the C++ side calls, attributes in schema order) for
    `kernels[name](x, *positional, **keyword_only)`."""
    ops = [specs().op(name) for name in module.op_names()]
    table = [kernels[op.name] for op in ops]
    keyword_only = [frozenset(a.name for a in op.attributes if a.keyword_only) for op in ops]
    names = [[a.name for a in op.attributes] for op in ops]

    def kernel(index: int, x: torch.Tensor, *attrs):
        positional = [v for n, v in zip(names[index], attrs) if n not in keyword_only[index]]
        named = {n: v for n, v in zip(names[index], attrs) if n in keyword_only[index]}
        return table[index](x, *positional, **named)
    return kernel


def plug_in(module: ModuleType, cpu_kernels: dict, autograd_kernels: dict) -> bool:
    """Register the extension's CPU kernel and autograd gate into the ops registration.py has
    defined; `cpu_kernels[name]` / `autograd_kernels[name]` are op `name`'s Python kernels, which
    the C++ ones call for everything they leave to Python. False (after a warning; the caller
    registers the Python kernels) when the extension was built for other schemas."""
    global _module, _reason
    try:
        module.plug_in(state.backend_choice, state.target_choice, tuple(specs().products),
                       _by_index(module, cpu_kernels), _by_index(module, autograd_kernels),
                       default_state, _movable_dtypes(), state.BACKEND_ENV, state.PRODUCT_ENV)
    except ImportError as e:
        _module, _reason = None, f"not plugged in ({e})"
        _log.warning("ascend-ops: the compiled fast path is %s; ops run on the Python registration",
                     _reason)
        return False
    return True


@contextlib.contextmanager
def switched(on: bool) -> Iterator[None]:
    """Within the block (process-wide), the compiled kernels copy and gate (`on`) or relay every
    call to the Python kernels (not `on`), as the Python registration runs them."""
    if _module is None:
        raise FastPathUnavailable(f"the compiled kernel is {_reason}")
    before = _module.set_enabled(on)
    try:
        yield
    finally:
        _module.set_enabled(before)


def op_index(module: ModuleType, op: OpSpec) -> int:
    """`op`'s index in the extension's table (the first argument of its `call`)."""
    return module.op_names().index(op.name)


def direct_function(packet: OpPacket):
    """`packet(*args, **kwargs)` as one function (for `ascend_ops.<op>`) that tries the packet's
    fast call itself, one frame less; None when the packet has no fast call."""
    fast = packet.fast_call
    if fast is None:
        return None
    name = packet.op_spec.name

    def call(*args, **kwargs) -> torch.Tensor:
        if _is_compiling():
            # torch.compile traces the packet as a torch op. No try around it: dynamo would trace
            # the handler, and a refused call would reach the user as dynamo's own error, not the
            # op's (the packet's error names the op already).
            return packet(*args, **kwargs)
        try:
            out = fast(args, kwargs)
            if out is not None:
                return out
            return packet(*args, **kwargs)
        except OpArgumentError as e:  # raised from the public function, one frame deep
            raise naming_op(e, name) from None
    return call


_is_compiling = torch.compiler.is_compiling


def install_fast_calls(module: ModuleType, namespace: object, ops) -> None:
    """Give each op's packet (an OpPacket) the extension's entry as its fast call."""
    for op in ops:
        getattr(namespace, op.name).use_fast_call(functools.partial(module.call, op_index(module, op)))
