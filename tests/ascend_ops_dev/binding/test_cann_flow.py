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


def _configure(toolkit: Path, build: Path, env: dict | None = None) -> str:
    """The output of a configure that must fail, on one line."""
    done = subprocess.run([CMAKE, "-S", KERNELS, "-B", build, f"-DASCEND_CANN_PACKAGE_PATH={toolkit}"],
                          capture_output=True, text=True, check=False, env=env)
    assert done.returncode != 0
    return " ".join((done.stdout + done.stderr).split())


@needs_fixtures
@pytest.mark.skipif(CMAKE is None, reason="no cmake")
def test_cmake_names_the_flow_it_found_on_each_toolkit(tmp_path):
    # 8.1: the msOpGen templates are recognised (not the bare "no ASC modules" of a wrong detection).
    # The toolkit as stored holds no op_build: configure stops before the template's opbuild()
    # step, which only the msOpGen flow has, naming where op_build should be.
    on_81 = _configure(TOOLKIT_81, tmp_path / "b81")
    assert "msOpGen's project templates of" in on_81, on_81[-1500:]
    assert f"{TOOLKIT_81}/toolkit/tools/opbuild/op_build does not exist" in on_81, on_81[-1500:]
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
    assert func.is_symlink()
    assert func.resolve() == (TOOLKIT_81 / cann_package.MSOPGEN_TEMPLATE_CMAKE / "func.cmake").resolve()
    # The include link the fixture stores as text is a folder again, and so are the links inside
    # it (include/tiling -> the AscendC high-level API's tiling/, which op_host includes).
    assert (home / "include" / "register" / "op_def_registry.h").is_file()
    assert (home / "include" / "tiling").resolve() == \
        (TOOLKIT_81 / "aarch64-linux/ascendc/include/highlevel_api/tiling").resolve()
    assert (home / "include" / "tiling" / "platform" / "platform_ascendc.h").is_file()
    # The stand-ins: op_build where the template's opbuild() runs it, opc on PATH, the libraries.
    assert (home / "toolkit/tools/opbuild/op_build").resolve() == tools.op_build.resolve()
    assert (home / "bin" / cann_package.MSOPGEN_OPC).stat().st_mode & 0o111
    assert {"libregister.so", "libascendcl.so", "librt2_registry.a"} <= {p.name for p in (home / "lib64").iterdir()}
    # A util script the fixture stores without its exec bit runs through a wrapper sourcing it.
    wrapper = home / cann_package.MSOPGEN_TEMPLATE_CMAKE / "util" / "gen_ops_filter.sh"
    assert not wrapper.is_symlink() and str(TOOLKIT_81.resolve()) in wrapper.read_text(encoding="utf-8")


def test_a_forwarding_kernel_file_resolves_to_the_file_it_includes(tmp_path):
    real = tmp_path / "slice.cpp"
    real.write_text("// kernel\n", encoding="utf-8")
    forward = tmp_path / "ascend_slice.cpp"
    forward.write_text(f'#include "{real}"\n', encoding="utf-8")
    assert cann_package._forwarded_source(forward) == real.resolve()
    # Control: a file with more than the one include is its own source.
    forward.write_text(f'#include "{real}"\nint x;\n', encoding="utf-8")
    assert cann_package._forwarded_source(forward) == forward.resolve()


def _template_links(tmp_path: Path, *leave_out: str) -> Path:
    """A toolkit folder whose msOpGen template folder links every file of 8.1's but `leave_out`
    (paths under the template's customize/ folder)."""
    template = TOOLKIT_81 / cann_package.MSOPGEN_TEMPLATE_CMAKE / ".."
    toolkit = tmp_path / "toolkit"
    for entry in sorted(template.resolve().rglob("*")):
        rel = entry.relative_to(template.resolve())
        if entry.is_file() and rel.as_posix() not in leave_out:
            dest = toolkit / cann_package.MSOPGEN_TEMPLATE_CMAKE / ".." / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.symlink_to(entry)
    return toolkit


@needs_fixtures
@pytest.mark.skipif(CMAKE is None, reason="no cmake")
def test_a_template_folder_lacking_a_file_the_build_uses_fails_configure_naming_each(tmp_path):
    broken = _template_links(tmp_path / "broken", "cmake/util/ascendc_compile_kernel.py", "scripts/install.sh")
    out = _configure(broken, tmp_path / "b_broken")
    assert "msOpGen's project templates at" in out and "are incomplete" in out, out[-1500:]
    template = broken / cann_package.MSOPGEN_TEMPLATE_CMAKE
    assert f"{template}/util/ascendc_compile_kernel.py" in out and f"{template}/../scripts/install.sh" in out
    assert "ascendc_gen_options.py" not in out  # only what is missing
    # Control: every file linked, configure gets past the check (to the op_build it lacks).
    whole = _template_links(tmp_path / "whole")
    out = _configure(whole, tmp_path / "b_whole")
    assert "are incomplete" not in out and "toolkit/tools/opbuild/op_build does not exist" in out, out[-1500:]


@needs_fixtures
@pytest.mark.skipif(CMAKE is None, reason="no cmake")
def test_an_op_build_that_writes_nothing_fails_configure(tmp_path):
    # The template's opbuild() only prints op_build's failure; the package's step stops on it. The
    # op_host library compiles on the template's own line first (else "opbuild run failed").
    from ascend_ops_dev.cann import cann_check, cann_opbuild

    tools = cann_opbuild.build_tools(cann_check.find_headers(HEADERS_DIR, project_root()))
    home = cann_package.toolkit_layout_msopgen(tmp_path / "home", TOOLKIT_81, tools)
    op_build = home / "toolkit/tools/opbuild/op_build"
    op_build.unlink()
    op_build.write_text("#!/bin/sh\necho 'op_build stand-in of this test: failing' >&2\nexit 1\n", encoding="utf-8")
    op_build.chmod(0o755)
    env = dict(shutil.os.environ, PATH=f"{Path(sys.executable).parent}:{shutil.os.environ.get('PATH', '')}")
    out = _configure(home, tmp_path / "build", env)
    assert "opbuild run failed" not in out, out[-2000:]
    assert f"{op_build} wrote no {tmp_path / 'build'}/autogen/op_proto.cc" in out, out[-2000:]
    assert "op_build stand-in of this test: failing" in out


def test_the_op_host_line_is_read_from_the_templates_opbuild(tmp_path):
    from ascend_ops_dev.cann.cann_compile_line import CompileLineError, msopgen_host_line

    func = TOOLKIT_81 / cann_package.MSOPGEN_TEMPLATE_CMAKE / "func.cmake"
    if func.is_file():
        assert msopgen_host_line(func, Path("/cann"), Path("/common")) == (
            "-g", "-fPIC", "-std=c++11", "-D_GLIBCXX_USE_CXX11_ABI=0", "-I", "/cann/include", "-I", "/common")
    opbuild = ("function(opbuild)\n  execute_process(COMMAND ${CMAKE_COMPILE} -shared -std=c++11 ${OPBUILD_OPS_SRC}\n"
               "    -I ${ASCEND_CANN_PACKAGE_PATH}/include -I ${CMAKE_CURRENT_SOURCE_DIR}/../op_kernel\n"
               "    -L ${ASCEND_CANN_PACKAGE_PATH}/lib64 -lregister -o ${OPBUILD_OUT_DIR}/libascend_all_ops.so\n"
               "    RESULT_VARIABLE EXEC_RESULT)\nendfunction()\n")
    written = tmp_path / "func.cmake"
    written.write_text(opbuild, encoding="utf-8")
    assert msopgen_host_line(written, Path("/c"), Path("/s")) == ("-std=c++11", "-I", "/c/include", "-I", "/s")
    # A template with another standard gives that line.
    written.write_text(opbuild.replace("c++11", "c++14"), encoding="utf-8")
    assert "-std=c++14" in msopgen_host_line(written, Path("/c"), Path("/s"))
    # Controls: a variable the line cannot be resolved without, and no opbuild() compile at all.
    written.write_text(opbuild.replace("-std=c++11", "-I ${MY_DIR}"), encoding="utf-8")
    with pytest.raises(CompileLineError, match=r"uses \$\{MY_DIR\}"):
        msopgen_host_line(written, Path("/c"), Path("/s"))
    written.write_text(opbuild.replace("function(opbuild)", "function(other)"), encoding="utf-8")
    with pytest.raises(CompileLineError, match=f"{written}: no .*function\\(opbuild\\)"):
        msopgen_host_line(written, Path("/c"), Path("/s"))


def test_check_package_refuses_a_template_without_its_op_host_line(tmp_path, capsys):
    toolkit = _fake_toolkit(tmp_path, cann_package.FLOW_MARKERS[cann_package.MSOPGEN_FLOW][0])
    if TOOLKIT_81.is_dir():  # the headers of a real toolkit, so that only the line is missing
        (toolkit / "aarch64-linux").symlink_to(TOOLKIT_81 / "aarch64-linux")
        (toolkit / "include").symlink_to(TOOLKIT_81 / "aarch64-linux" / "include")
    parser = check_package.argparse.ArgumentParser()
    check_package.add_arguments(parser)
    assert check_package.run(parser.parse_args(["--toolkit", str(toolkit)])) == 2
    err = capsys.readouterr().err
    assert "func.cmake: no `execute_process(COMMAND ${CMAKE_COMPILE} ...)` in a `function(opbuild)`" in err, err


def test_a_link_stored_as_text_is_followed_and_a_file_is_not(tmp_path):
    (tmp_path / "real").mkdir()
    stored = tmp_path / "tiling"
    stored.write_text("real\n", encoding="utf-8")
    assert cann_package.stored_link_target(stored) == (tmp_path / "real").resolve()
    # Controls: a small file whose text names nothing, and a header, are themselves.
    plain = tmp_path / "VERSION"
    plain.write_text("2.4.5\n", encoding="utf-8")
    assert cann_package.stored_link_target(plain) == plain
    header = tmp_path / "real.h"
    header.write_text("real", encoding="utf-8")
    assert cann_package.stored_link_target(header) == header
