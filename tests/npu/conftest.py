"""The torch binding built and run on the CPU against the package's CPU aclnn runtime."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascend_ops.tools import cpu_aclnn


@pytest.fixture(scope="session")
def cpu_binding(tmp_path_factory: pytest.TempPathFactory):
    """The generated binding, loaded, with its op package laid out in a scratch install folder."""
    before = os.environ.get(cpu_aclnn.CUSTOM_OPP_ENV)
    install: Path = tmp_path_factory.mktemp("opp")
    binding = cpu_aclnn.CpuBinding.open(install)
    yield binding
    if before is None:
        os.environ.pop(cpu_aclnn.CUSTOM_OPP_ENV, None)
    else:
        os.environ[cpu_aclnn.CUSTOM_OPP_ENV] = before
