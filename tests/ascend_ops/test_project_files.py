"""Where the package reads its specs and C++ sources (Note [project files] in spec/loader.py),
what the wheel bundles (setup.py), and `ascend-ops --version`."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops_gen.spec import loader, project_root, running_from_checkout, specs

CHECKOUT = Path(__file__).resolve().parents[2]


def _setup_module():
    spec = importlib.util.spec_from_file_location("ascend_ops_setup", CHECKOUT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    real_setup = __import__("setuptools").setup
    import setuptools
    setuptools.setup = lambda **kwargs: None  # load the module without running a build
    try:
        spec.loader.exec_module(module)
    finally:
        setuptools.setup = real_setup
    return module


def test_the_tests_run_from_the_checkout():
    assert running_from_checkout()
    assert project_root() == CHECKOUT


def test_the_wheel_bundles_every_spec_and_every_source_the_package_compiles():
    bundled = {p.as_posix() for p in _setup_module().bundled_files()}
    for op in specs().ops:
        assert op.file in bundled
        assert f"ascend_kernels/{op.name}/op_kernel/{op.name}.cpp" in bundled
    for header in ("common", "sim"):
        for path in (CHECKOUT / "ascend_kernels" / header).rglob("*.h"):
            assert path.relative_to(CHECKOUT).as_posix() in bundled
    assert "op_specs/products.yaml" in bundled
    assert not any("build_out" in p or "__pycache__" in p for p in bundled)


def _wheel_contents():
    spec = importlib.util.spec_from_file_location("wheel_contents", CHECKOUT / "scripts" / "wheel_contents.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wheel_packages() -> set[str]:
    """The packages of python/ that pyproject.toml's package search puts in the wheel."""
    import tomllib

    import setuptools

    find = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["packages"]["find"]
    return set(setuptools.find_packages(where=str(CHECKOUT / "python"), include=find["include"],
                                        exclude=find["exclude"]))


def test_the_bundle_and_the_product_hold_no_verification_file():
    bundled = [p.as_posix() for p in _setup_module().bundled_files()]
    assert _wheel_contents().verification_files(bundled) == []
    packages = _wheel_packages()
    assert {"ascend_ops", "ascend_ops.sim", "ascend_ops_gen", "ascend_ops_gen.spec"} <= packages
    assert not {"ascend_ops_gen.codegen"} & packages  # the generator stays in the checkout
    files = [p.relative_to(CHECKOUT / "python") for p in (CHECKOUT / "python").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]

    def package_of(f: Path) -> str:  # the nearest folder with an __init__.py
        folder = f.parent
        while folder.parts and not (CHECKOUT / "python" / folder / "__init__.py").is_file():
            folder = folder.parent
        return ".".join(folder.parts)

    product = [f.as_posix() for f in files if package_of(f) in packages]
    assert "ascend_ops/sim/abi.py" in product and "ascend_ops_gen/spec/loader.py" in product
    assert _wheel_contents().verification_files(product) == []
    # negative control: the generator's files, had the package search kept them
    generator = [f.as_posix() for f in files if f.parts[:2] == ("ascend_ops_gen", "codegen")]
    assert len(generator) > 20 and _wheel_contents().verification_files(generator) == generator
    # A wheel built from the sdist (scripts/wheel_check.sh) would take them in as package data of
    # ascend_ops_gen unless pyproject.toml excludes them from it.
    import tomllib

    excluded = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["exclude-package-data"]["ascend_ops_gen"]
    assert [g for g in generator if not any(Path(g).relative_to("ascend_ops_gen").match(p) for p in excluded)] == []


def test_the_wheel_check_knows_every_file_of_the_development_package():
    # negative control: each file of dev/, at the place the wheel would hold it, is caught
    dev = CHECKOUT / "dev" / "ascend_ops_dev"
    files = [p.relative_to(dev.parent).as_posix() for p in dev.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]
    assert len(files) > 40 and _wheel_contents().verification_files(files) == files
    # and the C++ of the CPU-debug tool and the CANN stand-ins, had they moved into the product
    moved = ["ascend_ops_gen/bundled/ascend_kernels/cpudebug/include/stub_fun.h",
             "ascend_ops_gen/bundled/ascend_kernels/cpudebug/model.cpp",
             "ascend_ops/sim/opbuild_standin/opbuild.cpp"]
    assert _wheel_contents().verification_files(moved) == moved


@pytest.mark.parametrize("name, found", [
    ("ascend_ops_dev/cann/cann_check.py", True),
    ("ascend_ops_gen/bundled/ascend_kernels/cpudebug/model.cpp", True),
    ("ascend_ops/sim/aclnn/cpu_aclnn.cpp", False),
    ("ascend_ops_gen/bundled/ascend_kernels/binding/host_aclnn/cpu_aclnn_ops.cpp", False),
    ("ascend_ops_gen/bundled/ascend_kernels/npu/host_device.h", False),
    ("ascend_ops/tools/opbuild_standin/platform_standin.cpp", True),
    ("ascend_ops_gen/bundled/ascend_kernels/npu/aclnn_call.h", False),
    ("ascend_ops/tools/commands/caps.py", False),
    ("ascend_ops/sim/launcher.cpp", False),
    ("ascend_ops_gen/codegen/gen.py", True),
    ("ascend_ops_gen/codegen/templates/op_host.cpp", True),
    ("ascend_ops_gen/spec/loader.py", False),
    ("ascend_ops/sim/abi.py", False),
])
def test_the_wheel_check_fails_on_a_verification_file(tmp_path, name, found):
    import zipfile

    wheel = tmp_path / "ascend_ops-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("ascend_ops/__init__.py", "")
        z.writestr(name, "")
    done = subprocess.run([sys.executable, str(CHECKOUT / "scripts" / "wheel_contents.py"), str(wheel)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == (1 if found else 0), done.stderr
    assert (name in done.stderr) == found


def test_the_wheel_carries_every_cpp_source_and_header_of_the_python_package():
    # A source the package compiles on first use, or a header it includes, left out of
    # pyproject.toml's package data, is missing from the wheel (scripts/wheel_check.sh builds one).
    import tomllib

    globs = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["ascend_ops"]
    package = CHECKOUT / "python" / "ascend_ops"
    native = [p.relative_to(package) for p in package.rglob("*") if p.suffix in (".cpp", ".h")]

    def unshipped(patterns: list[str]) -> list[str]:
        return [p.as_posix() for p in native if not any(p.match(g) for g in patterns)]

    assert unshipped(globs) == []
    # without the headers' glob, the native copy's parts would be left out
    assert "cpu/src/copy_plan.h" in unshipped([g for g in globs if not g.endswith(".h")])


def test_an_installed_package_reads_its_bundled_copy(tmp_path, monkeypatch):
    bundled = tmp_path / "bundled"
    (bundled / "op_specs").mkdir(parents=True)
    (bundled / "op_specs" / "products.yaml").write_text("", encoding="utf-8")
    monkeypatch.setattr(loader, "running_from_checkout", lambda: False)
    monkeypatch.setattr(loader, "_BUNDLED", bundled)
    assert loader.project_root() == bundled
    assert "bundled with the installed package" in loader.spec_folder_description()


def test_a_package_without_specs_says_how_to_fix_it(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "running_from_checkout", lambda: False)
    monkeypatch.setattr(loader, "_BUNDLED", tmp_path / "bundled")
    with pytest.raises(loader.SpecError, match="products.yaml:1: missing: .*reinstall it"):
        loader.project_root()


def test_a_venv_inside_a_checkout_is_not_the_checkout(tmp_path, monkeypatch):
    """Only the checkout the package sits in counts: site-packages under a checkout is not one."""
    (tmp_path / "op_specs").mkdir()
    (tmp_path / "op_specs" / "products.yaml").write_text("", encoding="utf-8")
    package = tmp_path / ".venv" / "lib" / "python3" / "site-packages" / "ascend_ops"
    monkeypatch.setattr(loader, "_PACKAGE_DIR", package)
    monkeypatch.setattr(loader, "_CHECKOUT", package.parents[1])
    assert not loader.running_from_checkout()


def test_generate_refuses_to_write_into_an_installed_package(monkeypatch, capsys):
    from ascend_ops_gen.codegen import cli

    monkeypatch.setattr(loader, "running_from_checkout", lambda: False)
    monkeypatch.setattr("ascend_ops_gen.spec.running_from_checkout", lambda: False)
    assert cli.main(["--check"]) == 2
    assert "is an installed package, not a checkout" in capsys.readouterr().err


def test_version_names_the_spec_folder():
    out = subprocess.run([sys.executable, "-m", "ascend_ops.tools.cli", "--version"],
                         capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["ascend-ops 0.1.0",
                                f"specs: {CHECKOUT / 'op_specs'} (the checkout)"]
