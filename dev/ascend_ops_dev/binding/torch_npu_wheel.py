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
from collections.abc import Callable
from pathlib import Path

WHEEL_PROJECT = "torch_npu"


def wheel_dir(override: Path | None = None) -> Path:
    from ascend_ops.runtime.build_cache import cache_dir

    path = Path(override) if override else cache_dir() / WHEEL_PROJECT
    path.mkdir(parents=True, exist_ok=True)
    return path


def _release_wheel(folder: Path, release: str) -> Path | None:
    wheels = sorted(folder.glob(f"{WHEEL_PROJECT}-{release}-*.whl"))
    return wheels[-1] if wheels else None


def _post_number(wheel: Path) -> int:
    """0 for torch_npu-X.Y.Z-..., N for torch_npu-X.Y.Z.postN-... (compared as numbers: post11
    is newer than post2)."""
    release = wheel.name.split("-")[1]
    return int(release.rpartition(".post")[2]) if ".post" in release else 0


def _cached_wheel(folder: Path, version: str) -> Path | None:
    """The newest cached release for torch `version`: the folder may also hold older ones that
    --torch-npu or --paired-with downloaded."""
    wheels = sorted([*folder.glob(f"{WHEEL_PROJECT}-{version}-*.whl"),
                     *folder.glob(f"{WHEEL_PROJECT}-{version}.post*-*.whl")], key=lambda w: (_post_number(w), w.name))
    return wheels[-1] if wheels else None


def torch_npu_wheel(version: str, folder: Path, release: str | None = None) -> Path:
    """The torch_npu wheel for torch `version` (torch_npu X.Y.Z[.postN] requires torch X.Y.Z), or
    exactly the torch_npu `release` named (e.g. 2.6.0rc1), downloaded once with pip."""
    found = _release_wheel(folder, release) if release else _cached_wheel(folder, version)
    if found:
        return found
    from ascend_ops.runtime.build_cache import progress

    wanted = release or version
    progress(f"downloading the {WHEEL_PROJECT} {wanted} wheel (headers only are used; it is "
             f"not installed) into {folder}")
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", str(folder),
               f"{WHEEL_PROJECT}=={release}" if release else f"{WHEEL_PROJECT}=={version}.*"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = _release_wheel(folder, release) if release else _cached_wheel(folder, version)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"`{' '.join(command)}` failed: {(done.stderr or done.stdout).strip()}"
                           f"\nno {WHEEL_PROJECT} wheel matches torch {version} (each "
                           f"{WHEEL_PROJECT} release requires one torch release)")
    return found


def complete_folder(target: Path, fill: Callable[[Path], str]) -> Path:
    """`target`, made once and atomically: `fill` fills a scratch folder beside it and returns
    what its `.complete` mark says, then the folder takes `target`'s name (a folder another process
    completed first is kept)."""
    if (target / ".complete").is_file():
        return target
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}-"))
    (tmp / ".complete").write_text(fill(tmp) + "\n", encoding="utf-8")
    try:
        os.replace(tmp, target)
    except OSError:  # another process made it first
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def unpacked_headers(wheel: Path) -> Path:
    """The wheel's `torch_npu/` folder with its `include/` unpacked (once, atomically)."""
    def unpack(tmp: Path) -> str:
        with zipfile.ZipFile(wheel) as z:
            members = [m for m in z.namelist() if m.startswith(f"{WHEEL_PROJECT}/include/")]
            z.extractall(tmp, members)
        return f"{len(members)} files"

    return complete_folder(wheel.with_suffix(""), unpack) / WHEEL_PROJECT  # <folder>/torch_npu-2.13.0-cp311-...


# ---- which torch_npu release is made for which CANN ----------------------------------------------
# Each torch_npu wheel's METADATA carries its project's table of releases: | CANN Version |
# Supported PyTorch Version | Supported Extension Version | Github Branch |, one row per release,
# a row with an empty CANN cell continuing the CANN above it.

def cann_pairs(metadata: str) -> list[tuple[str, str, str]]:
    """(CANN version, torch version, torch_npu release) for each row of the table in `metadata`
    (a wheel's METADATA text). Pure."""
    pairs: list[tuple[str, str, str]] = []
    in_table = False
    cann = ""
    for line in metadata.splitlines():
        text = line.strip()
        if not text.startswith("|"):
            in_table = False
            continue
        cells = [c.strip() for c in text.strip("|").split("|")]
        if cells[0] == "CANN Version":
            in_table = True
            continue
        if not in_table or len(cells) < 3 or set("".join(cells)) <= set("-: "):
            continue  # another table, or the header's rule
        cann = cells[0].removeprefix("CANN").strip() or cann
        if cann and cells[1] and cells[2]:
            pairs.append((cann, cells[1], cells[2]))
    return pairs


def wheel_metadata(wheel: Path) -> str:
    with zipfile.ZipFile(wheel) as z:
        name = next(m for m in z.namelist() if m.endswith(".dist-info/METADATA"))
        return z.read(name).decode("utf-8", errors="replace")


def cann_release_matches(cann: str, cann_prefix: str) -> bool:
    """Whether CANN `cann` (8.1.RC1.alpha002) is `cann_prefix` (8.1, 8.1.RC1) or one of its releases:
    whole version parts only (8.10 is not 8.1's)."""
    return cann == cann_prefix or cann.startswith(cann_prefix + ".")


def release_for_cann(torch_version: str, cann_prefix: str, metadata: str) -> tuple[str, str] | None:
    """The newest torch_npu release the table pairs with torch `torch_version` and a CANN whose
    version starts with `cann_prefix` (e.g. "8.1"), as (release, CANN version); None if none."""
    rows = [(release, cann) for cann, torch, release in cann_pairs(metadata)
            if torch == torch_version and cann_release_matches(cann, cann_prefix)]
    return rows[0] if rows else None
