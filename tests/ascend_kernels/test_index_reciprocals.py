"""Note [index reciprocals] (ascend_kernels/common/scalar_cost.h): the planner's reciprocal of an
extent d (ExtentReciprocal, plan_view.h) makes MulHigh give floor(n / d) exactly for every index
a kernel divides, n in [0, 2^32), and ReciprocalValid accepts that reciprocal and no other. A C++
driver compiled against the headers checks every extent up to 4096 and extents up to 2^32 - 1 near
powers of two and large primes, each at the numerators where a wrong quotient would show first
(around each multiple of d near 0 and near 2^32, and 2^32 - 1), plus random ones. Its negative
control runs the same check on the reciprocal one smaller (floor(2^64 / d)), which must fail."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMON = ROOT / "ascend_kernels" / "common"

DRIVER = r"""
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "copy_planner.h"

using ascend_ops::detail::ExtentReciprocal;
using ascend_ops::MulHigh;
using ascend_ops::ReciprocalValid;

// Wrong quotients of c for d over the telling numerators (at most one counted per d).
static int Wrong(uint64_t c, uint64_t d, std::mt19937_64& rng)
{
    const uint64_t top = (uint64_t{1} << 32) - 1;
    std::vector<uint64_t> ns = {0, 1, top, top / d * d, top / d * d - 1};
    for (uint64_t k = 1; k <= 3; ++k) {
        const uint64_t m = k * d;
        if (m <= top) {
            ns.push_back(m - 1);
            ns.push_back(m);
            ns.push_back(m + 1 <= top ? m + 1 : top);
        }
        const uint64_t high = (top / d - k + 1) * d;
        if (top / d + 1 >= k && high > 0) {
            ns.push_back(high - 1);
            ns.push_back(high);
        }
    }
    for (int i = 0; i < 64; ++i) {
        ns.push_back(rng() & top);
    }
    for (const uint64_t n : ns) {
        if (n <= top && MulHigh(c, n) != n / d) {
            return 1;
        }
    }
    return 0;
}

int main()
{
    std::vector<uint64_t> ds;
    for (uint64_t d = 2; d <= 4096; ++d) {
        ds.push_back(d);
    }
    for (int k = 12; k <= 32; ++k) {
        const uint64_t p = uint64_t{1} << k;
        for (const int64_t e : {-3, -1, 0, 1, 3}) {
            const uint64_t d = p + e;
            if (d < (uint64_t{1} << 32)) {
                ds.push_back(d);
            }
        }
    }
    for (const uint64_t d : {4294967291ull, 4294967279ull, 2147483647ull, 1000000007ull, 3221225473ull, 65521ull}) {
        ds.push_back(d);
    }
    std::mt19937_64 rng(12345);
    int exactWrong = 0, floorWrong = 0, validRefused = 0, neighbourAccepted = 0, missing = 0;
    for (const uint64_t d : ds) {
        const uint64_t c = ExtentReciprocal(static_cast<int64_t>(d), static_cast<int64_t>(d));
        if (c == 0) {
            ++missing;
            continue;
        }
        exactWrong += Wrong(c, d, rng);
        floorWrong += Wrong(c - 1, d, rng);
        validRefused += ReciprocalValid(c, static_cast<int64_t>(d)) ? 0 : 1;
        neighbourAccepted += ReciprocalValid(c - 1, static_cast<int64_t>(d)) ? 1 : 0;
        neighbourAccepted += ReciprocalValid(c + 1, static_cast<int64_t>(d)) ? 1 : 0;
    }
    // Where the planner gives none: an extent of 1, and views of 2^32 units or more.
    const int none = (ExtentReciprocal(1, 10) == 0) + (ExtentReciprocal(3, int64_t{1} << 32) == 0) +
                     (ExtentReciprocal(3, (int64_t{1} << 32) - 1) != 0);
    std::printf("extents=%zu missing=%d exact_wrong=%d floor_wrong=%d valid_refused=%d neighbour_accepted=%d none_ok=%d\n",
                ds.size(), missing, exactWrong, floorWrong, validRefused, neighbourAccepted, none);
    return 0;
}
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory) -> dict[str, int]:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.fail("g++ not found on PATH: the reciprocal check compiles C++17 with g++", pytrace=False)
    out = tmp_path_factory.mktemp("reciprocals")
    source, binary = out / "reciprocals.cpp", out / "reciprocals"
    source.write_text(DRIVER, encoding="utf-8")
    build = subprocess.run([gxx, "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{COMMON}", str(source),
                            "-o", str(binary)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return {k: int(v) for k, v in (f.split("=") for f in run.stdout.split())}


def test_the_reciprocal_quotient_is_exact_for_every_checked_extent(result):
    assert result["extents"] > 4000 and result["missing"] == 0, result
    assert result["exact_wrong"] == 0, result
    assert result["none_ok"] == 3, result


def test_negative_control_a_reciprocal_one_smaller_gives_wrong_quotients(result):
    # floor(2^64 / d) = ceil - 1 for every d that is no power of two: each such d fails.
    assert result["floor_wrong"] >= result["extents"] - 64, result


def test_the_kernels_check_accepts_the_reciprocal_and_refuses_its_neighbours(result):
    assert result["valid_refused"] == 0 and result["neighbour_accepted"] == 0, result
