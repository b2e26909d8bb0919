"""The NPU runtime without an NPU: importing with torch_npu absent or broken (in subprocesses:
the import is process-wide), what `ascend-ops doctor` says then, the binding's load decisions,
and the routes of npu calls on a real device."""
from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest
import torch

from ascend_ops.npu import dispatch, binding as npu_binding
from ascend_ops.runtime.products import product
from ascend_ops.tools.commands.doctor import call_example

BROKEN_TORCH_NPU = ('raise ImportError("libhccl.so: cannot open shared object file: No such '
                    'file or directory")\n')


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")}
    full.update(TORCH_DEVICE_BACKEND_AUTOLOAD="0", **env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=full, timeout=600)


def doctor(**env: str) -> subprocess.CompletedProcess:
    return run_python("import sys; from ascend_ops.tools.cli import main; sys.exit(main(['doctor']))",
                      **env)


IMPORT_AND_USE = """
    import json, torch, ascend_ops
    from ascend_ops.npu import dispatch
    from ascend_ops.sim import device as sim_device
    x = torch.arange(24).reshape(2, 3, 4)
    assert torch.equal(ascend_ops.slice(x, [1, 0, 1], [1, 2, 2]), x[1:, :2, 1:3])
    print(json.dumps({"unavailable": dispatch.custom_kernels_unavailable(False),
                      "import_error": dispatch.torch_npu_import_error(),
                      "sim_soc": sim_device.enable_simulated_npu()}))
"""


@pytest.fixture
def broken_torch_npu(tmp_path: Path) -> Path:
    """A torch_npu that fails to import as the real one does without CANN."""
    (tmp_path / "torch_npu").mkdir()
    (tmp_path / "torch_npu" / "__init__.py").write_text(BROKEN_TORCH_NPU)
    return tmp_path


def test_import_without_torch_npu_works() -> None:
    done = run_python(IMPORT_AND_USE)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    base = torch.__version__.split("+")[0]
    assert result["unavailable"] == (f'torch_npu is not installed (pip install "torch_npu=={base}.*" '
                                     f'(the release for torch {base}; it keeps this torch))')
    assert result["import_error"] is None
    assert result["sim_soc"] == "Ascend910B2"  # the simulated device can still be set up


def test_doctor_explains_a_missing_torch_npu() -> None:
    done = doctor()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "[note] torch_npu  not installed: npu tensors are not available" in done.stdout
    assert f'pip install "torch_npu=={torch.__version__.split("+")[0]}.*"' in done.stdout
    assert "without an NPU, ASCEND_OPS_SIM_NPU=1 gives a simulated npu device" in done.stdout
    assert "strided_slice: npu -> no npu tensors here; cpu -> native backend" in done.stdout
    assert "[note] aclnn call not made: no NPU (torch_npu is not imported)" in done.stdout
    assert "nothing blocks the routes above" in done.stdout


def test_import_with_a_broken_torch_npu_works(broken_torch_npu: Path) -> None:
    done = run_python(IMPORT_AND_USE, PYTHONPATH=str(broken_torch_npu))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    error = "ImportError: libhccl.so: cannot open shared object file: No such file or directory"
    assert result["import_error"] == error
    assert result["unavailable"] == f"import torch_npu failed: {error}"
    assert result["sim_soc"] == "Ascend910B2"  # a failed import leaves PrivateUse1 alone


def test_doctor_explains_a_broken_torch_npu(broken_torch_npu: Path) -> None:
    done = doctor(PYTHONPATH=str(broken_torch_npu))
    assert done.returncode == 1, done.stdout + done.stderr
    assert ("[FAIL] torch_npu  `import torch_npu` fails: ImportError: libhccl.so: cannot open "
            "shared object file") in done.stdout
    assert "-> source the CANN environment first: `source /usr/local/Ascend/ascend-toolkit/" \
           "set_env.sh`" in done.stdout
    assert "libascendcl.so does not load" in done.stdout
    assert "ascend-ops doctor: 3 problem(s) block the routes above" in done.stdout


def test_doctor_on_the_simulated_device() -> None:
    done = doctor(ASCEND_OPS_SIM_NPU="1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "simulated npu device, SoC Ascend910B2, product line atlas-a2" in done.stdout
    assert "slice: npu -> custom AscendC kernel (aclnn, over the CPU aclnn runtime and the simulator)" in done.stdout
    op, example = call_example(product("atlas-a2"))  # the specs' first example atlas-a2 takes
    assert f"[ok  ] aclnn call {op.name} example '{example.name}'" in done.stdout, done.stdout
    assert f"through aclnn{op.op_type}: aclnn status 0, the result equals cpu_reference's bit for bit" \
        in done.stdout, done.stdout


def test_doctor_fails_a_forced_custom_route_without_kernels() -> None:
    # The device (a C++ extension) loads at import; the compiler is gone after that, so the
    # simulator cannot be built.
    done = run_python("import os, sys, ascend_ops\n"
                      "from ascend_ops.runtime import build_cache\n"
                      "from ascend_ops.tools.cli import main\n"
                      "os.environ['CXX'] = '/nonexistent/g++'\n"
                      "build_cache.compiler.cache_clear()\n"
                      "sys.exit(main(['doctor']))",
                      ASCEND_OPS_SIM_NPU="1", ASCEND_OPS_NPU_KERNELS="custom")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "ASCEND_OPS_NPU_KERNELS=custom, but the custom kernels cannot run: the simulator " \
           "cannot be built" in done.stdout


# --- the binding's load decisions (a stand-in torch_npu module; nothing is imported) ------------

def fake_torch_npu(cann: str = "8.5.0", at_least: bool = True, version: str = "2.13.0") -> types.ModuleType:
    module = types.ModuleType("torch_npu")
    module.__version__ = version
    utils = types.SimpleNamespace(get_cann_version=lambda: cann,
                                  _is_gte_cann_version=lambda version: at_least)
    module.npu = types.SimpleNamespace(utils=utils)
    return module


@pytest.fixture
def install(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv(npu_binding.NPU_DIR_ENV, str(tmp_path))
    monkeypatch.setenv(npu_binding.CUSTOM_OPP_ENV, "/opt/other/vendors/x")
    return tmp_path


def make_vendor(vendor: Path) -> None:
    """Every part of Note [vendor layout], empty."""
    for folder in (npu_binding.VENDOR_HEADERS, *npu_binding.VENDOR_OP_IMPL):
        (vendor / folder).mkdir(parents=True, exist_ok=True)
    for file in (npu_binding.op_api_library(), npu_binding.VENDOR_SET_ENV):
        (vendor / file).parent.mkdir(parents=True, exist_ok=True)
        (vendor / file).write_bytes(b"")


def make_build(root: Path, **record: str) -> None:
    make_vendor(npu_binding.vendor_dir())
    npu_binding.library_path().parent.mkdir(parents=True)
    npu_binding.library_path().write_bytes(b"not a shared library")
    fields = {"torch": npu_binding.torch_version(), "torch_npu": "2.13.0", "cann": "8.5.0",
              "binding_sha256": npu_binding.source_digest(), **record}
    (root / "build.json").write_text(json.dumps(fields))


def test_load_says_not_built(install: Path) -> None:
    with pytest.raises(npu_binding.BindingUnavailable, match=r"^not built: no op package and "
                       r"binding in .*; run `bash scripts/build_ascend.sh`"):
        npu_binding.load(fake_torch_npu())


def test_load_says_built_for_another_torch(install: Path) -> None:
    make_build(install, torch="2.12.0")
    with pytest.raises(npu_binding.BindingUnavailable, match=r"built for torch 2\.12\.0, this is "
                       r"torch 2\.13\.0"):
        npu_binding.load(fake_torch_npu())


def test_load_says_stale(install: Path) -> None:
    make_build(install, binding_sha256="0" * 64)
    with pytest.raises(npu_binding.BindingUnavailable, match=r"older than ascend_kernels/binding"):
        npu_binding.load(fake_torch_npu())


def test_load_says_cann_too_old(install: Path) -> None:
    make_build(install, cann="8.5.0")
    with pytest.raises(npu_binding.BindingUnavailable, match=r"^CANN too old: the op package was "
                       r"built with CANN 8\.5\.0, this machine runs CANN 8\.0\.RC1"):
        npu_binding.load(fake_torch_npu(cann="8.0.RC1", at_least=False))


# --- how CANN finds the op package (Note [kernel discovery]) -------------------------------------

def test_load_refuses_what_cann_cannot_find_and_gives_the_export_line(install: Path) -> None:
    make_build(install)
    vendor = npu_binding.vendor_dir()
    with pytest.raises(npu_binding.BindingUnavailable) as refused:
        npu_binding.load(fake_torch_npu())
    assert str(refused.value) == (
        f"CANN cannot find the op package's kernels: $ASCEND_CUSTOM_OPP_PATH does not name {vendor}; "
        f"$ASCEND_OPP_PATH is not set; run `export ASCEND_CUSTOM_OPP_PATH={vendor}"
        f"${{ASCEND_CUSTOM_OPP_PATH:+:$ASCEND_CUSTOM_OPP_PATH}}` (or source {vendor / 'bin/set_env.bash'}) "
        f"before the first NPU operator: CANN reads ASCEND_CUSTOM_OPP_PATH once per process, at its first "
        f"aclnn call; import ascend_ops before any NPU operator runs, or export the variable")
    assert os.environ[npu_binding.CUSTOM_OPP_ENV] == "/opt/other/vendors/x"  # load() sets nothing


def test_load_with_the_package_on_the_custom_path_goes_on_to_load(install: Path, monkeypatch) -> None:
    make_build(install)
    monkeypatch.setenv(npu_binding.CUSTOM_OPP_ENV, f"/opt/other/vendors/x:{npu_binding.vendor_dir()}")
    with pytest.raises(npu_binding.BindingUnavailable, match=r"^load error: .*libascend_ops_npu"):
        npu_binding.load(fake_torch_npu())


def test_the_vendors_config_of_the_opp_path_is_the_other_way(install: Path, tmp_path: Path) -> None:
    opp = tmp_path / "opp"
    (opp / "vendors" / "ascend_ops").mkdir(parents=True)
    environ = {"ASCEND_OPP_PATH": str(opp)}
    missing = npu_binding.kernel_discovery(environ)
    assert missing.way is None
    assert missing.detail == (f"$ASCEND_CUSTOM_OPP_PATH is not set; "
                              f"{opp / 'vendors/config.ini'} does not list ascend_ops")
    (opp / "vendors" / "config.ini").write_text("load_priority=customize,ascend_ops\n")
    found = npu_binding.kernel_discovery(environ)
    assert (found.way, found.vendor) == ("vendors/config.ini", opp / "vendors" / "ascend_ops")
    (opp / "vendors" / "ascend_ops").rmdir()
    assert npu_binding.kernel_discovery(environ).way is None


def test_the_installed_vendor_folder_goes_first_on_the_variable_once(install: Path, monkeypatch) -> None:
    vendor = npu_binding.vendor_dir()
    environ = {npu_binding.CUSTOM_OPP_ENV: "/opt/other/vendors/x"}
    assert npu_binding.put_vendor_first(environ) is None  # not installed: nothing to put there
    assert environ == {npu_binding.CUSTOM_OPP_ENV: "/opt/other/vendors/x"}
    make_vendor(vendor)
    assert npu_binding.put_vendor_first(environ) == vendor
    assert environ == {npu_binding.CUSTOM_OPP_ENV: f"{vendor}:/opt/other/vendors/x"}
    assert npu_binding.put_vendor_first(environ) is None
    assert environ == {npu_binding.CUSTOM_OPP_ENV: f"{vendor}:/opt/other/vendors/x"}
    empty = {}
    assert npu_binding.put_vendor_first(empty) == vendor and empty == {npu_binding.CUSTOM_OPP_ENV: str(vendor)}
    monkeypatch.setattr(npu_binding, "_put_first", vendor)
    assert npu_binding.kernel_discovery(environ).detail == (f"$ASCEND_CUSTOM_OPP_PATH names {vendor} "
                                                            f"(put first by `import ascend_ops`)")


def test_import_puts_the_installed_vendor_folder_first(install: Path) -> None:
    make_vendor(npu_binding.vendor_dir())
    done = run_python("import os, json, ascend_ops\n"
                      "print(json.dumps(os.environ['ASCEND_CUSTOM_OPP_PATH']))",
                      ASCEND_OPS_NPU_DIR=str(install), ASCEND_CUSTOM_OPP_PATH="/opt/other/vendors/x")
    assert json.loads(done.stdout.splitlines()[-1]) == f"{npu_binding.vendor_dir()}:/opt/other/vendors/x"


def test_the_product_never_reads_the_start_environment() -> None:
    # What the process started with is no test of discovery: nnopbase reads the variable as it is
    # at the first aclnn call (Note [kernel discovery]).
    from ascend_ops_gen.spec import project_root

    root = project_root()
    sources = [p for folder in ("python", "ascend_kernels") for p in (root / folder).rglob("*")
               if p.suffix in (".py", ".h", ".cpp", ".sh") and p.is_file()]
    assert len(sources) > 20
    assert [str(p) for p in sources if "/proc/self/" + "environ" in p.read_text(errors="replace")] == []


def test_doctor_names_the_way_and_the_rule_or_prints_the_export_line(install: Path, monkeypatch) -> None:
    from ascend_ops.tools.commands.doctor import package_findings

    make_build(install)
    monkeypatch.delenv(npu_binding.CUSTOM_OPP_ENV)
    [line] = [f for f in package_findings(torch_npu_imported=True) if "kernels" in f.text]
    assert (line.level, line.fix) == ("warn", "before the first NPU operator: "
                                      + npu_binding.kernel_discovery().export_line)
    monkeypatch.setenv(npu_binding.CUSTOM_OPP_ENV, str(npu_binding.vendor_dir()))
    [line] = [f for f in package_findings(torch_npu_imported=True) if "finds it" in f.text]
    assert line.text == (f"CANN finds it through ASCEND_CUSTOM_OPP_PATH: $ASCEND_CUSTOM_OPP_PATH "
                         f"names {npu_binding.vendor_dir()}; CANN reads ASCEND_CUSTOM_OPP_PATH once per "
                         f"process, at its first aclnn call; import ascend_ops before any NPU operator "
                         f"runs, or export the variable")


def test_load_refuses_a_vendor_folder_without_its_op_api_library(install: Path) -> None:
    make_build(install)
    (npu_binding.vendor_dir() / npu_binding.op_api_library()).unlink()
    with pytest.raises(npu_binding.BindingUnavailable, match=r"^the op package in .*vendors/ascend_ops is "
                       r"incomplete: .*/op_api/lib/libcust_opapi\.so \(the op API library the binding opens\) "
                       r"is missing; run `bash scripts/build_ascend.sh`"):
        npu_binding.load(fake_torch_npu())


def test_the_op_api_library_is_where_the_binding_looks() -> None:
    # aclnn_call.h's lookup opens <entry>/op_api/lib/libcust_opapi.so (Note [own aclnn lookup]).
    assert npu_binding.op_api_library() == "op_api/lib/libcust_opapi.so"


# --- routes on a real npu device (the binding faked by a CPU library of the same name) -----------

@pytest.fixture
def fake_binding(monkeypatch):
    """The binding's `slice` as a CPU kernel recording its calls, in a namespace of its own (a
    binding test in this process may have loaded the real one); the binding marked loaded."""
    calls = []
    monkeypatch.setattr(npu_binding, "NAMESPACE", "ascend_ops_npu_fake")
    lib = torch.library.Library(npu_binding.NAMESPACE, "FRAGMENT")
    lib.define("slice(Tensor x, int[] offsets, int[] size) -> Tensor")
    lib.impl("slice", lambda x, offsets, size: calls.append((offsets, size)) or x[:1].clone(),
             "CPU")
    monkeypatch.setattr(dispatch, "_binding_unavailable", None)
    yield calls
    lib._destroy()


def test_real_device_takes_the_binding_when_loaded(fake_binding, monkeypatch) -> None:
    monkeypatch.delenv(dispatch.KERNELS_ENV, raising=False)
    assert dispatch.route(simulated=False) == dispatch.Route(
        "custom", "the op package and its torch binding are loaded")
    x = torch.arange(24.0).reshape(4, 6)
    dispatch.device_kernel("slice")(x, [1, 2], [2, -1])
    assert fake_binding == [([1, 2], [2, -1])]


def test_real_device_checks_arguments_before_the_binding(fake_binding, monkeypatch) -> None:
    monkeypatch.delenv(dispatch.KERNELS_ENV, raising=False)
    from ascend_ops import OpArgumentError

    with pytest.raises(OpArgumentError):
        dispatch.device_kernel("slice")(torch.zeros(4, 6), [5, 0], [1, 1])
    assert fake_binding == []


def test_real_device_forced_to_torch_npu_composes(fake_binding, monkeypatch) -> None:
    monkeypatch.setenv(dispatch.KERNELS_ENV, "torch_npu")
    x = torch.arange(24.0).reshape(4, 6)
    assert torch.equal(dispatch.device_kernel("slice")(x, [1, 2], [2, -1]), x[1:3, 2:])
    assert fake_binding == []


def test_real_device_falls_back_with_one_log_line(monkeypatch, caplog) -> None:
    monkeypatch.delenv(dispatch.KERNELS_ENV, raising=False)
    monkeypatch.setattr(dispatch, "_binding_unavailable", "load error: test reason")
    monkeypatch.setattr(dispatch, "_logged_fallbacks", set())
    x = torch.arange(24.0).reshape(4, 6)
    with caplog.at_level(logging.WARNING, logger="ascend_ops"):
        for _ in range(3):
            assert torch.equal(dispatch.device_kernel("slice")(x, [1, 2], [2, -1]), x[1:3, 2:])
    assert [r.getMessage() for r in caplog.records] == [
        "ascend-ops: npu tensors run on torch_npu's view and copy kernels, not this package's "
        "AscendC kernels: load error: test reason"]


def test_outside_a_checkout_the_build_hint_says_where_the_script_is(monkeypatch) -> None:
    import ascend_ops_gen.spec

    assert npu_binding.build_hint() == "run `bash scripts/build_ascend.sh` on this machine"
    monkeypatch.setattr(ascend_ops_gen.spec, "running_from_checkout", lambda: False)
    assert npu_binding.build_hint().startswith("run `bash scripts/build_ascend.sh` in a checkout of ascend-ops")


# --- the torch_npu release and the shared install of scripts/build_ascend.sh ---------------------

def test_load_refuses_a_binding_built_against_another_torch_npu_release(install: Path) -> None:
    make_build(install, torch_npu="2.12.0")
    with pytest.raises(npu_binding.BindingUnavailable, match=r"^the binding was built against torch_npu "
                       r"2\.12\.0, this is torch_npu 2\.13\.0\.post1; run `bash scripts/build_ascend.sh`"):
        npu_binding.load(fake_torch_npu(version="2.13.0.post1+git1234"))


def test_load_goes_on_with_the_release_the_binding_was_built_against(install: Path) -> None:
    # Negative control: the release recorded by build() (its local part dropped) passes the check.
    make_build(install, torch_npu="2.13.0.post1")
    with pytest.raises(npu_binding.BindingUnavailable) as refused:
        npu_binding.load(fake_torch_npu(version="2.13.0.post1+git1234"))
    assert "torch_npu" not in str(refused.value)


def test_an_op_package_in_the_opp_vendors_folder_is_the_shared_install(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv(npu_binding.NPU_DIR_ENV, raising=False)
    monkeypatch.setenv("ASCEND_OPP_PATH", str(tmp_path / "opp"))
    private = npu_binding.install_dir()
    assert private != tmp_path / "opp" / "vendors" / npu_binding.vendor_name() / "torch_binding"
    vendor = tmp_path / "opp" / "vendors" / npu_binding.vendor_name()
    vendor.mkdir(parents=True)
    assert npu_binding.vendor_dir() == vendor
    assert npu_binding.install_dir() == vendor / npu_binding.SHARED_BINDING_DIR
    assert npu_binding.library_path() == vendor / "torch_binding" / "lib" / npu_binding.LIBRARY_NAME
    monkeypatch.setenv(npu_binding.NPU_DIR_ENV, str(tmp_path / "mine"))  # an explicit folder wins
    assert npu_binding.vendor_dir() == tmp_path / "mine" / "opp" / "vendors" / npu_binding.vendor_name()


# ATen/ATen.h's opening check, as torch 2.13 (C++17) and torch 2.14 (C++20) write it.
ATEN_CHECK = """#pragma once

#if !defined(_MSC_VER) && __cplusplus < {value}L
#error C++{name} or later compatible compiler is required to use ATen.
#endif
"""


def fake_torch_include(tmp_path: Path, text: str | None) -> Path:
    include = tmp_path / "include"
    (include / "ATen").mkdir(parents=True)
    if text is not None:
        (include / "ATen" / "ATen.h").write_text(text)
    return include


@pytest.mark.parametrize("value, name, expected", [(201703, 17, ("-std=c++17", 9)), (202002, 20, ("-std=c++20", 10))])
def test_the_binding_standard_is_the_one_torchs_headers_ask_for(tmp_path: Path, value: int, name: int,
                                                               expected: tuple[str, int]) -> None:
    include = fake_torch_include(tmp_path, ATEN_CHECK.format(value=value, name=name))
    assert npu_binding.binding_cxx_standard(include) == expected


@pytest.mark.parametrize("text, message", [
    (None, r"cannot read .*ATen\.h to learn the C\+\+ standard"),
    ("#pragma once\n", r"ATen\.h states no `__cplusplus < \.\.\.L` requirement"),
    (ATEN_CHECK.format(value=202302, name=23), r"requires __cplusplus >= 202302L, a C\+\+ standard the binding is not")])
def test_a_standard_the_binding_does_not_know_is_refused(tmp_path: Path, text: str | None, message: str) -> None:
    with pytest.raises(RuntimeError, match=message):
        npu_binding.binding_cxx_standard(fake_torch_include(tmp_path, text))


def test_every_compile_of_the_binding_uses_torchs_standard(monkeypatch) -> None:
    import torch

    from ascend_ops.runtime import build_cache
    from ascend_ops.sim import aclnn_route

    header = (Path(torch.__file__).parent / "include" / "ATen" / "ATen.h").read_text(encoding="utf-8")
    required = int(re.search(r"__cplusplus < (\d+)L", header).group(1))
    flag = {201703: "-std=c++17", 202002: "-std=c++20"}[required]
    command = npu_binding.compile_command(Path("binding.cpp"), Path("torch_npu"), [])
    assert [f for f in command if f.startswith("-std=")] == [flag]
    # the host build (the simulated device's binding): the last standard flag wins
    builds = []
    monkeypatch.setattr(build_cache, "build", lambda name, sources, **kwargs: builds.append(kwargs) or Path(name))
    aclnn_route.binding_library(Path("runtime.so"))
    assert [f for f in builds[0]["flags"] if f.startswith("-std=")][-1:] == [flag]
