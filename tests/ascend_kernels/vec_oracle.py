"""numpy / ml_dtypes oracle of the vector instructions (Note [vector numerics] in
ascend_kernels/sim/sim_vec_numerics.h), and the random inputs the tests feed them.

Every function returns the bit patterns the instruction must write (uint16 / uint32 arrays), so
the tests compare bits. The rules that IEEE leaves open are spelled out here as the Note states
them: a NaN operand's payload, the default NaN, the order of +0 and -0 in Max / Min, and the
saturation of the archs without an INF/NaN mode.
"""
from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np


@dataclass(frozen=True)
class Fmt:
    """A floating format: numpy dtype, its unsigned view, fraction bits, largest exponent."""

    dtype: type
    uint: type
    mant: int
    emax: int

    @property
    def exp_mask(self) -> int:
        return ((1 << (16 if self.uint is np.uint16 else 32) - 1 - self.mant) - 1) << self.mant

    @property
    def sign(self) -> int:
        return 1 << (15 if self.uint is np.uint16 else 31)

    @property
    def quiet(self) -> int:
        return 1 << (self.mant - 1)

    @property
    def max_bits(self) -> int:
        return self.exp_mask - 1


HALF = Fmt(np.float16, np.uint16, 10, 15)
BF16 = Fmt(ml_dtypes.bfloat16, np.uint16, 7, 127)
FLOAT = Fmt(np.float32, np.uint32, 23, 127)
FMTS = {"half": HALF, "bfloat16": BF16, "float": FLOAT}
INTS = {"int16": np.int16, "int32": np.int32, "uint32": np.uint32}
NUMPY = {"half": np.float16, "bfloat16": ml_dtypes.bfloat16, "float": np.float32, "int16": np.int16,
         "int32": np.int32, "uint32": np.uint32}

# Cast's RoundMode values (AscendC's enum) and the products.yaml names of their bits.
ROUND_MODES = ("none", "rint", "floor", "ceil", "round", "trunc", "odd")


def bits(values: np.ndarray) -> np.ndarray:
    return values.view(np.uint16 if values.dtype.itemsize == 2 else np.uint32)


def _is_nan(b: np.ndarray, f: Fmt) -> np.ndarray:
    return ((b & f.exp_mask) == f.exp_mask) & ((b & ((1 << f.mant) - 1)) != 0)


def _is_inf(b: np.ndarray, f: Fmt) -> np.ndarray:
    return (b & ~np.array(f.sign, dtype=f.uint)) == f.exp_mask


def saturate(b: np.ndarray, f: Fmt, on: bool) -> np.ndarray:
    """inf -> +-max finite, NaN -> +0 on archs without an INF/NaN mode."""
    if not on:
        return b
    out = b.copy()
    out[_is_inf(b, f)] = (b[_is_inf(b, f)] & f.sign) | f.max_bits
    out[_is_nan(b, f)] = 0
    return out


# ---- random inputs ------------------------------------------------------------------------------

def special_bits(f: Fmt) -> np.ndarray:
    """Zeros, infinities, NaNs (quiet, signalling, with payloads, both signs), subnormals, the
    largest and smallest normals, and values around them."""
    one_sub = 1
    top_sub = (1 << f.mant) - 1
    min_norm = 1 << f.mant
    specials = [0, f.sign, f.exp_mask, f.exp_mask | f.sign, f.exp_mask | f.quiet, f.exp_mask | f.quiet | 5,
                f.exp_mask | 1, f.exp_mask | f.sign | f.quiet | 3, one_sub, one_sub | f.sign, top_sub,
                top_sub | f.sign, min_norm, min_norm | f.sign, f.max_bits, f.max_bits | f.sign, f.max_bits - 1,
                min_norm + 1]
    return np.array(specials, dtype=f.uint)


def random_float(f: Fmt, n: int, rng: np.random.Generator) -> np.ndarray:
    """n values of format f as bit patterns: a quarter random bit patterns (every exponent,
    subnormals, NaNs), a quarter small integers and halves (rounding ties), the rest normal
    values of moderate size, with the specials spread in."""
    width = 16 if f.uint is np.uint16 else 32
    raw = rng.integers(0, 1 << width, size=n, dtype=np.uint64).astype(f.uint)
    moderate = (rng.standard_normal(n) * np.exp2(rng.integers(-6, 7, size=n))).astype(np.float32)
    ties = (rng.integers(-40, 41, size=n) / 2).astype(np.float32)
    moderate = moderate.astype(f.dtype) if f is not FLOAT else moderate
    ties = ties.astype(f.dtype) if f is not FLOAT else ties
    pick = rng.integers(0, 4, size=n)
    out = np.where(pick == 0, raw, np.where(pick == 1, bits(ties), bits(moderate))).astype(f.uint)
    specials = special_bits(f)
    where = rng.choice(n, size=min(n, 3 * len(specials)), replace=False)
    out[where] = np.resize(specials, len(where))
    return out


def random_int(dtype: type, n: int, rng: np.random.Generator) -> np.ndarray:
    info = np.iinfo(dtype)
    small = rng.integers(-300, 300, size=n)
    wide = rng.integers(int(info.min), int(info.max) + 1, size=n, dtype=np.int64)
    out = np.where(rng.integers(0, 2, size=n) == 0, small, wide).astype(dtype)
    edges = np.array([info.min, info.max, 0, -1, 1, info.min + 1, info.max - 1], dtype=np.int64)
    out[:len(edges)] = edges.astype(dtype)
    return out


# ---- arithmetic ---------------------------------------------------------------------------------

def float_binary(op: str, a_bits: np.ndarray, b_bits: np.ndarray, f: Fmt, sat: bool) -> np.ndarray:
    """One of add sub mul div max min on two arrays of f's patterns (float16 / float32)."""
    a = a_bits.view(f.dtype)
    b = b_bits.view(f.dtype)
    with np.errstate(all="ignore"):
        if op in ("add", "sub", "mul", "div"):
            r = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide}[op](a, b)
        else:
            greater = a > b if op == "max" else a < b
            equal_pick_a = ~np.signbit(a) if op == "max" else np.signbit(a)
            r = np.where(greater | ((a == b) & equal_pick_a), a, b).astype(f.dtype)
    out = bits(np.asarray(r, dtype=f.dtype)).copy()
    out[_is_nan(out, f)] = f.exp_mask | f.quiet  # an invalid operation: the default NaN
    nan_b = _is_nan(b_bits, f)
    out[nan_b] = b_bits[nan_b] | f.quiet
    nan_a = _is_nan(a_bits, f)
    out[nan_a] = a_bits[nan_a] | f.quiet
    return saturate(out, f, sat)


def int_binary(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        r = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "max": np.maximum,
             "min": np.minimum}[op](a, b)
    return bits(np.asarray(r, dtype=a.dtype))


# ---- Cast ---------------------------------------------------------------------------------------

def _value(b: np.ndarray, f: Fmt) -> np.ndarray:
    """Exact float64 values of finite patterns (inf for the inf pattern)."""
    return b.view(f.dtype).astype(np.float64)


def _step(b: np.ndarray, f: Fmt, up: np.ndarray) -> np.ndarray:
    """The neighbouring pattern towards +inf (up) or -inf of finite patterns; -0 and +0 step to
    the smallest subnormals."""
    neg = (b & f.sign) != 0
    mag = b & ~np.array(f.sign, dtype=f.uint)
    away = up != neg  # moving away from zero grows the magnitude
    zero = mag == 0
    new_mag = np.where(away, mag + 1, np.where(zero, 1, mag - 1)).astype(f.uint)
    new_neg = np.where(zero, ~up, neg)
    return (new_mag | np.where(new_neg, f.sign, 0)).astype(f.uint)


def _pattern_value(b: np.ndarray, f: Fmt) -> np.ndarray:
    """Like _value, but the inf pattern stands for 2^(emax+1), the next power of two (so a tie
    against it is decided as on an unbounded exponent)."""
    v = _value(b, f)
    inf = _is_inf(b, f)
    return np.where(inf, np.copysign(np.exp2(f.emax + 1), v), v)


def round_to(v: np.ndarray, nearest_even: np.ndarray, f: Fmt, mode: str) -> np.ndarray:
    """Patterns of f: the exact finite values v rounded by mode. nearest_even holds numpy's
    round-to-nearest-even conversion of v (the candidate the neighbours are found from)."""
    c = nearest_even.copy()
    cv = _pattern_value(c, f)
    exact = cv == v
    lo = np.where(cv <= v, c, _step(c, f, np.zeros_like(exact)))
    hi = np.where(cv >= v, c, _step(c, f, np.ones_like(exact)))
    negative = np.signbit(v)
    # beyond the inf stand-in: between the largest finite and inf
    big = np.abs(v) >= np.exp2(f.emax + 1)
    lo = np.where(big, np.where(negative, f.exp_mask | f.sign, f.max_bits), lo).astype(f.uint)
    hi = np.where(big, np.where(negative, f.max_bits | f.sign, f.exp_mask), hi).astype(f.uint)
    lo_v, hi_v = _pattern_value(lo, f), _pattern_value(hi, f)
    if mode in ("none", "rint"):
        r = c
    elif mode == "floor":
        r = lo
    elif mode == "ceil":
        r = hi
    elif mode == "trunc":
        r = np.where(negative, hi, lo)
    elif mode == "round":
        d_lo, d_hi = v - lo_v, hi_v - v
        r = np.where(d_lo < d_hi, lo, np.where(d_hi < d_lo, hi, np.where(negative, lo, hi)))
    elif mode == "odd":
        r = np.where((lo & 1) == 1, lo, hi)
    else:
        raise ValueError(mode)
    r = np.where(exact & ~big, c, r).astype(f.uint)
    # a zero result keeps the sign of v (nearest_even already has it; a directed step from +0 / -0
    # does not reach here since exact zeros are exact)
    return r


def cast_float(src_bits: np.ndarray, s: Fmt, d: Fmt, mode: str, sat: bool) -> np.ndarray:
    """Cast between floating formats."""
    nan = _is_nan(src_bits, s)
    inf = _is_inf(src_bits, s)
    finite = ~nan & ~inf
    v = _value(np.where(finite, src_bits, 0).astype(s.uint), s)
    with np.errstate(all="ignore"):
        nearest = bits(src_bits.view(s.dtype).astype(d.dtype))
    out = round_to(v, np.where(finite, nearest, 0).astype(d.uint), d, mode)
    sign = np.where((src_bits & s.sign) != 0, d.sign, 0).astype(d.uint)
    out = np.where(inf, sign | d.exp_mask, out).astype(d.uint)
    payload = (src_bits & ((1 << s.mant) - 1)).astype(np.uint64)
    moved = payload << (d.mant - s.mant) if d.mant >= s.mant else payload >> (s.mant - d.mant)
    out = np.where(nan, sign | d.exp_mask | d.quiet | moved.astype(d.uint), out).astype(d.uint)
    return saturate(out, d, sat)


def _round_integral(v: np.ndarray, mode: str) -> np.ndarray:
    with np.errstate(all="ignore"):
        if mode in ("none", "rint"):
            return np.rint(v)
        if mode == "floor":
            return np.floor(v)
        if mode == "ceil":
            return np.ceil(v)
        if mode == "trunc":
            return np.trunc(v)
        if mode == "round":
            return np.copysign(np.floor(np.abs(v) + 0.5), v)
    raise ValueError(mode)


def cast_to_int32(src_bits: np.ndarray, s: Fmt, mode: str) -> np.ndarray:
    with np.errstate(invalid="ignore"):  # signalling NaNs
        v = src_bits.view(s.dtype).astype(np.float64)
    r = _round_integral(v, mode)
    r = np.where(np.isnan(r), 0, np.clip(r, -2.0**31, 2.0**31 - 1))
    return r.astype(np.int64).astype(np.int32).view(np.uint32)


def cast_float_integral(src_bits: np.ndarray, mode: str, sat: bool) -> np.ndarray:
    """float32 -> float32 rounded to an integral value."""
    with np.errstate(invalid="ignore"):  # signalling NaNs
        v = src_bits.view(np.float32).astype(np.float64)
    r = bits(_round_integral(v, mode).astype(np.float32)).copy()
    nan = _is_nan(src_bits, FLOAT)
    r[nan] = src_bits[nan] | FLOAT.quiet
    return saturate(r, FLOAT, sat)


def cast_int32_to(src: np.ndarray, d: Fmt, mode: str, sat: bool) -> np.ndarray:
    v = src.astype(np.float64)
    nearest = bits(src.astype(d.dtype))
    return saturate(round_to(v, nearest, d, mode), d, sat)


def cast(src_name: str, dst_name: str, src_bits: np.ndarray, mode: str, sat: bool) -> np.ndarray:
    """The patterns Cast writes from src_name to dst_name (the types' short names)."""
    if src_name == "int32":
        src = src_bits.view(np.int32)
        if dst_name == "float":
            return cast_int32_to(src, FLOAT, mode, sat)
        wide = cast_int32_to(src, FLOAT, mode, False)  # int32 -> half: through float32 (arch 3002)
        return cast_float(wide, FLOAT, HALF, mode, sat)
    s = FMTS[src_name]
    if dst_name == "int32":
        return cast_to_int32(src_bits, s, mode)
    if src_name == dst_name == "float":
        return cast_float_integral(src_bits, mode, sat)
    return cast_float(src_bits, s, FMTS[dst_name], mode, sat)
