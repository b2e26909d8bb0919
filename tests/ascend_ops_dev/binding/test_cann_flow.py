"""Which op-project flow a CANN toolkit offers: the ASC CMake modules (CANN 8.5+, the layout of
../shared/cann-headers) or msOpGen's project templates (CANN 8.1, ../shared/cann-8.1/toolkit).
The Python detection (cann_package.cann_flow, used by `check-package --toolkit`) and the CMake one
(ascend_kernels/cmake/ascend_ops.cmake) read the same two paths; each outcome has a control."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_package
from ascend_ops_dev.commands import check_package
from ascend_ops_gen.spec import project_root

SHARED = project_root().parent / "shared"
HEADERS_DIR = SHARED / "cann-headers"
TOOLKIT_81 = SHARED / "cann-8.1" / "toolkit"
KERNELS = project_root() / "ascend_kernels"
CMAKE = shutil.which("cmake", path=f"{Path(sys.executable).parent}:{shutil.os.environ.get('PATH', '')}")

needs_fixtures = pytest.mark.skipif(not (HEADERS_DIR.is_dir() and TOOLKIT_81.is_dir()),
                                    reason="no CANN fixtures (../shared/cann-headers, ../shared/cann-8.1)")


@needs_fixtures
def test_the_real_toolkits_offer_their_own_flow():
    assert cann_package.cann_flow(HEADERS_DIR) == cann_package.ASC_FLOW
    assert cann_package.cann_flow(TOOLKIT_81) == cann_package.MSOPGEN_FLOW


def _fake_toolkit(tmp_path: Path, *markers: str) -> Path:
    for marker in markers:
        (tmp_path / marker).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / marker).write_text("", encoding="utf-8")
    return tmp_path


def test_a_toolkit_with_both_flows_takes_the_asc_modules(tmp_path):
    toolkit = _fake_toolkit(tmp_path, cann_package.FLOW_MARKERS[cann_package.MSOPGEN_FLOW][0],
                            cann_package.FLOW_MARKERS[cann_package.ASC_FLOW][0])
    assert cann_package.cann_flow(toolkit) == cann_package.ASC_FLOW


def test_a_toolkit_lacking_the_template_folder_is_named_as_such(tmp_path):
    # The msOpGen template folder without its func.cmake, and no ASC modules: no flow, and the
    # error names both files it looked for.
    (tmp_path / cann_package.MSOPGEN_TEMPLATE_CMAKE).mkdir(parents=True)
    with pytest.raises(cann_package.FlowNotFound) as error:
        cann_package.cann_flow(tmp_path)
    message = str(error.value)
    assert f"{cann_package.MSOPGEN_TEMPLATE_CMAKE}/func.cmake" in message
    assert "asc-config.cmake" in message and str(tmp_path) in message


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(cann_package.FlowNotFound, match="not a folder"):
        cann_package.cann_flow(tmp_path / "nowhere")


def test_check_package_refuses_a_toolkit_without_a_flow_before_building(tmp_path, capsys):
    parser = check_package.argparse.ArgumentParser()
    check_package.add_arguments(parser)
    assert check_package.run(parser.parse_args(["--toolkit", str(tmp_path)])) == 2
    err = capsys.readouterr().err
    assert "offers no op-project flow" in err and "func.cmake" in err


def test_check_package_refuses_toolkit_and_headers_together(tmp_path, capsys):
    parser = check_package.argparse.ArgumentParser()
    check_package.add_arguments(parser)
    assert check_package.run(parser.parse_args(["--toolkit", str(tmp_path), "--headers", str(tmp_path)])) == 2
    assert "--toolkit and --headers" in capsys.readouterr().err


def _configure(toolkit: Path, build: Path) -> str:
    done = subprocess.run([CMAKE, "-S", KERNELS, "-B", build, f"-DASCEND_CANN_PACKAGE_PATH={toolkit}"],
                          capture_output=True, text=True, check=False)
    assert done.returncode != 0
    return " ".join((done.stdout + done.stderr).split())


@needs_fixtures
@pytest.mark.skipif(CMAKE is None, reason="no cmake")
def test_cmake_names_the_flow_it_found_on_each_toolkit(tmp_path):
    # 8.1: the msOpGen templates are recognised (not the bare "no ASC modules" of a wrong detection).
    # On the toolkit as stored (no op_build, no lib64) configure stops inside the template's own
    # opbuild() step, which only the msOpGen flow has.
    on_81 = _configure(TOOLKIT_81, tmp_path / "b81")
    assert "msOpGen's project templates of" in on_81 and "opbuild run failed" in on_81, on_81[-1500:]
    # Control: the same toolkit without its template folder offers no flow, and CMake says which
    # two files it looked for.
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "include").symlink_to(TOOLKIT_81 / "aarch64-linux" / "include")
    on_bare = _configure(bare, tmp_path / "bbare")
    assert "offers no op-project flow" in on_bare and "func.cmake" in on_bare, on_bare[-1500:]
    assert "msOpGen's project templates (" in on_bare


@needs_fixtures
def test_the_msopgen_layout_links_the_toolkit_and_names_each_stand_in(tmp_path):
    from ascend_ops_dev.cann import cann_check, cann_opbuild

    tools = cann_opbuild.build_tools(cann_check.find_headers(HEADERS_DIR, project_root()))
    home = cann_package.toolkit_layout_msopgen(tmp_path / "home", TOOLKIT_81, tools)
    # The template modules are the toolkit's own files, in place (links, not copies).
    func = home / cann_package.MSOPGEN_TEMPLATE_CMAKE / "func.cmake"
    assert func.is_symlink() and func.resolve() == (TOOLKIT_81 / cann_package.MSOPGEN_TEMPLATE_CMAKE / "func.cmake")
    # The include link the fixture stores as text is a folder again.
    assert (home / "include" / "register" / "op_def_registry.h").is_file()
    # The stand-ins: op_build where the template's opbuild() runs it, opc on PATH, the libraries.
    assert (home / "toolkit/tools/opbuild/op_build").resolve() == tools.op_build.resolve()
    assert (home / "bin" / cann_package.MSOPGEN_OPC).stat().st_mode & 0o111
    assert {"libregister.so", "libascendcl.so", "librt2_registry.a"} <= {p.name for p in (home / "lib64").iterdir()}
    # A util script the fixture stores without its exec bit runs through a wrapper sourcing it.
    wrapper = home / cann_package.MSOPGEN_TEMPLATE_CMAKE / "util" / "gen_ops_filter.sh"
    assert not wrapper.is_symlink() and str(TOOLKIT_81) in wrapper.read_text(encoding="utf-8")


def test_a_forwarding_kernel_file_resolves_to_the_file_it_includes(tmp_path):
    real = tmp_path / "slice.cpp"
    real.write_text("// kernel\n", encoding="utf-8")
    forward = tmp_path / "ascend_slice.cpp"
    forward.write_text(f'#include "{real}"\n', encoding="utf-8")
    assert cann_package._forwarded_source(forward) == real.resolve()
    # Control: a file with more than the one include is its own source.
    forward.write_text(f'#include "{real}"\nint x;\n', encoding="utf-8")
    assert cann_package._forwarded_source(forward) == forward.resolve()
