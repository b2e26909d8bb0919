"""The torch binding built and run on the CPU against the package's CPU aclnn runtime."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_check, cann_opbuild
from ascend_ops_dev.binding import cpu_aclnn
from ascend_ops_gen.spec import project_root

try:
    HEADERS = cann_check.find_headers(None, project_root())
except cann_check.HeadersNotFound:
    HEADERS = None


@pytest.fixture(scope="session")
def opbuild_out() -> Path | None:
    """What CANN's op_build generated for the package (None without the CANN sources fixture)."""
    return None if HEADERS is None else cann_opbuild.generate(project_root() / "ascend_kernels", HEADERS)


@pytest.fixture(scope="session")
def cpu_binding(tmp_path_factory: pytest.TempPathFactory, opbuild_out):
    """The generated binding, built against op_build's aclnn headers (the aclnn rules' prediction
    without the fixture), loaded, with its op package laid out in a scratch install folder."""
    before = os.environ.get(cpu_aclnn.CUSTOM_OPP_ENV)
    install: Path = tmp_path_factory.mktemp("opp")
    binding = cpu_aclnn.CpuBinding.open(install, headers=opbuild_out)
    yield binding
    if before is None:
        os.environ.pop(cpu_aclnn.CUSTOM_OPP_ENV, None)
    else:
        os.environ[cpu_aclnn.CUSTOM_OPP_ENV] = before


@pytest.fixture(scope="session")
def package_build():
    """The op package configured, built, packaged and installed by CANN's CMake modules (None
    without the CANN sources fixture)."""
    from ascend_ops_dev.cann import cann_package

    return None if HEADERS is None else cann_package.build(project_root() / "ascend_kernels", HEADERS)
