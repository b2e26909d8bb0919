"""The torch_npu wheel matching the installed torch, downloaded once with pip for its headers only
(it is never installed): what `ascend-ops-dev check-npu` compiles the binding against and the CPU aclnn
runtime (`cpu_aclnn.py`) takes the acl headers from."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL_PROJECT = "torch_npu"


def wheel_dir(override: Path | None = None) -> Path:
    from ascend_ops.runtime.build_cache import cache_dir

    path = Path(override) if override else cache_dir() / WHEEL_PROJECT
    path.mkdir(parents=True, exist_ok=True)
    return path


def _cached_wheel(folder: Path, version: str) -> Path | None:
    wheels = sorted(folder.glob(f"{WHEEL_PROJECT}-{version}-*.whl")) + \
        sorted(folder.glob(f"{WHEEL_PROJECT}-{version}.post*-*.whl"))
    return wheels[-1] if wheels else None


def torch_npu_wheel(version: str, folder: Path) -> Path:
    """The torch_npu wheel for torch `version` (torch_npu X.Y.Z[.postN] requires torch X.Y.Z),
    downloaded once with pip."""
    found = _cached_wheel(folder, version)
    if found:
        return found
    from ascend_ops.runtime.build_cache import progress

    progress(f"downloading the {WHEEL_PROJECT} {version} wheel (headers only are used; it is "
             f"not installed) into {folder}")
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", str(folder),
               f"{WHEEL_PROJECT}=={version}.*"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = _cached_wheel(folder, version)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"`{' '.join(command)}` failed: {(done.stderr or done.stdout).strip()}"
                           f"\nno {WHEEL_PROJECT} wheel matches torch {version} (each "
                           f"{WHEEL_PROJECT} release requires one torch release)")
    return found


def unpacked_headers(wheel: Path) -> Path:
    """The wheel's `torch_npu/` folder with its `include/` unpacked (once, atomically)."""
    target = wheel.with_suffix("")  # <folder>/torch_npu-2.13.0-cp311-...
    root = target / WHEEL_PROJECT
    if (target / ".complete").is_file():
        return root
    tmp = Path(tempfile.mkdtemp(dir=wheel.parent, prefix=".unpack-"))
    with zipfile.ZipFile(wheel) as z:
        members = [m for m in z.namelist() if m.startswith(f"{WHEEL_PROJECT}/include/")]
        z.extractall(tmp, members)
    (tmp / ".complete").write_text(f"{len(members)} files\n", encoding="utf-8")
    try:
        os.replace(tmp, target)
    except OSError:  # another process unpacked it first
        shutil.rmtree(tmp, ignore_errors=True)
    return root
