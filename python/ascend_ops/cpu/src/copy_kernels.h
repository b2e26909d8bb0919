// The native copy's kernels and driver: raw-bit element moves, non-temporal stores (Note [streaming
// stores]), run / transpose / gather kernels, and CopyItems, which runs a range of a plan's rows.
#ifndef ASCEND_OPS_NATIVE_COPY_COPY_KERNELS_H
#define ASCEND_OPS_NATIVE_COPY_COPY_KERNELS_H

#if defined(__AVX__) || defined(__SSE2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "copy_plan.h"

// Included by strided_copy.cpp alone: everything here has internal linkage.
namespace {

// --- element access ------------------------------------------------------------------------

struct Bytes16 {
    uint64_t lo, hi;
};

template <class T>
inline T Load(const char* p)
{
    T v;
    std::memcpy(&v, p, sizeof(T));  // no alignment assumption: strides come from the caller
    return v;
}

template <class T>
inline void Store(char* p, T v)
{
    std::memcpy(p, &v, sizeof(T));
}

// Note [streaming stores]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// A large output is not read back before it leaves the cache, so writing it with ordinary
// stores first reads every line in (read-for-ownership) only to overwrite it. Non-temporal
// stores skip that read: glibc's memcpy switches to them for copies of about the cache size,
// but the kernels here write runs, rows and tiles far below that switch. StoreFor decides, all
// measured on the 2-core benchmark machine:
//  - Outputs below kStreamBytes keep ordinary stores: they stay in the cache for whoever reads
//    them next.
//  - Runs of kStreamRunBytes and more are streamed, whole 64-byte lines (kStoreStreamed): 4 KiB
//    runs of a 16 MiB output go 1.4x faster. At 16 MiB, 512-byte and shorter runs gained
//    nothing or lost, also when gathered in a buffer first.
//  - Fresh pages (an output of kHugePageOutputBytes and more that the output cache did not
//    reuse) keep ordinary stores: the kernel has just zeroed each page when the copy first
//    touches it, and there 4 KiB runs of a 255 MiB output took 81-88 ms against 101 ms streamed.
//  - A reused buffer of kHugePageOutputBytes and more (Note [output cache]) is streamed: its
//    4 KiB runs at 21.5 GB/s against 20.3 with ordinary stores, same run. Its shorter runs and
//    its transposes go through a kStreamBufferBytes buffer in L1, which is then streamed out
//    (kStoreThroughBuffer): depth_to_space NHWC with 512-byte runs to a 256 MiB output 27.7 ms
//    against 36.7 ms direct, reversed rows (x[:, ::-1]) 22.9-23.7 ms against 24.6-26.2.
//    Gathers of a step of two or more elements keep ordinary stores: they read that many times
//    what they write, and x[:, ::2] / x[:, ::3] took the same time either way (33.4-35.0 ms
//    against 33.6-36.1 ms, 44.2-46.8 against 43.8-44.2). A gather's pieces are cut to the
//    buffer's size (MakePlan) so that its rows fit.
#if defined(__AVX__)
inline void StreamLine(char* dst, const char* src)
{
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 32));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst), a);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + 32), b);
}
#elif defined(__SSE2__)
inline void StreamLine(char* dst, const char* src)
{
    for (int k = 0; k < 64; k += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k));
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k), v);
    }
}
#else
inline void StreamLine(char* dst, const char* src)
{
    std::memcpy(dst, src, 64);
}
#endif

// Make this thread's non-temporal stores visible before anyone reads the output.
inline void StreamFence()
{
#if defined(__AVX__) || defined(__SSE2__)
    _mm_sfence();
#endif
}


// --- kernels -------------------------------------------------------------------------------

template <int64_t N>
inline void CopyFixed(char* __restrict__ dst, const char* __restrict__ src, int64_t rows,
                      int64_t in_step)
{
    for (int64_t i = 0; i < rows; ++i) {
        std::memcpy(dst + i * N, src + i * in_step, N);
    }
}

void CopyBytes(char* __restrict__ dst, const char* __restrict__ src, int64_t bytes)
{
    std::memcpy(dst, src, size_t(bytes));
}

// CopyFixed whose runs are every other N bytes of the input: a stride known at compile time lets
// the compiler move several runs per vector (NHWC depth_to_space of 4 channels with block 2 has
// 2-channel runs at twice their length apart). Measured on the benchmark machine, a 256 MiB
// output: 24 GB/s against 15-17 GB/s through CopyFixed<8>.
template <int64_t N>
inline void CopyEveryOther(char* __restrict__ dst, const char* __restrict__ src, int64_t rows)
{
    for (int64_t i = 0; i < rows; ++i) {
        std::memcpy(dst + i * N, src + i * 2 * N, N);
    }
}

// `rows` runs of `bytes` bytes; the output runs are back to back.
void CopyRuns(char* dst, const char* src, int64_t rows, int64_t in_step, int64_t bytes)
{
    if (in_step == 2 * bytes) {
        switch (bytes) {
            case 4: return CopyEveryOther<4>(dst, src, rows);
            case 8: return CopyEveryOther<8>(dst, src, rows);
            case 16: return CopyEveryOther<16>(dst, src, rows);
            default: break;
        }
    }
    switch (bytes) {
        case 1: return CopyFixed<1>(dst, src, rows, in_step);
        case 2: return CopyFixed<2>(dst, src, rows, in_step);
        case 4: return CopyFixed<4>(dst, src, rows, in_step);
        case 8: return CopyFixed<8>(dst, src, rows, in_step);
        case 12: return CopyFixed<12>(dst, src, rows, in_step);
        case 16: return CopyFixed<16>(dst, src, rows, in_step);
        case 24: return CopyFixed<24>(dst, src, rows, in_step);
        case 32: return CopyFixed<32>(dst, src, rows, in_step);
        case 48: return CopyFixed<48>(dst, src, rows, in_step);
        case 64: return CopyFixed<64>(dst, src, rows, in_step);
        // Runs of whole vectors (DepthToSpace / SpaceToDepth channel runs): a copy of a known
        // length is a few vector moves, no call per run (measured 6-10% on 512-byte runs).
        case 128: return CopyFixed<128>(dst, src, rows, in_step);
        case 256: return CopyFixed<256>(dst, src, rows, in_step);
        case 512: return CopyFixed<512>(dst, src, rows, in_step);
        default:
            for (int64_t i = 0; i < rows; ++i) {
                std::memcpy(dst + i * bytes, src + i * in_step, bytes);
            }
    }
}

void StreamCopy(char* __restrict__ dst, const char* __restrict__ src, int64_t bytes)
{
    const int64_t misalignment = int64_t(reinterpret_cast<uintptr_t>(dst) & 63);
    const int64_t head = std::min<int64_t>((64 - misalignment) & 63, bytes);
    std::memcpy(dst, src, size_t(head));
    int64_t k = head;
    for (; k + 64 <= bytes; k += 64) {
        StreamLine(dst + k, src + k);
    }
    std::memcpy(dst + k, src + k, size_t(bytes - k));
}

// CopyRuns with non-temporal stores.
void StreamRuns(char* dst, const char* src, int64_t rows, int64_t in_step, int64_t bytes)
{
    for (int64_t i = 0; i < rows; ++i) {
        StreamCopy(dst + i * bytes, src + i * in_step, bytes);
    }
}

// dst[j] = src[j * step], j < n; `Step` is the step in elements when known at compile time.
template <class T, int64_t Step>
inline void GatherConst(char* __restrict__ dst, const char* __restrict__ src, int64_t n)
{
    for (int64_t j = 0; j < n; ++j) {
        Store<T>(dst + j * int64_t(sizeof(T)), Load<T>(src + j * Step * int64_t(sizeof(T))));
    }
}

template <class T>
void GatherRow(char* __restrict__ dst, const char* __restrict__ src, int64_t n, int64_t step)
{
    constexpr int64_t e = sizeof(T);
    const int64_t step_elems = step % e == 0 ? step / e : 0;  // 0: no specialisation
    switch (step_elems) {
        case -1: return GatherConst<T, -1>(dst, src, n);
        case 2: return GatherConst<T, 2>(dst, src, n);
        case 3: return GatherConst<T, 3>(dst, src, n);
        case 4: return GatherConst<T, 4>(dst, src, n);
        case -2: return GatherConst<T, -2>(dst, src, n);
        default:
            for (int64_t j = 0; j < n; ++j) {
                Store<T>(dst + j * e, Load<T>(src + j * step));
            }
    }
}

// Output tile [rows][C] is contiguous; input row c is contiguous: interleave C streams.
template <class T, int64_t C>
void Interleave(char* __restrict__ dst, const char* __restrict__ src, int64_t rows,
                int64_t col_in)
{
    constexpr int64_t e = sizeof(T);
    for (int64_t i = 0; i < rows; ++i) {
        for (int64_t c = 0; c < C; ++c) {
            Store<T>(dst + (i * C + c) * e, Load<T>(src + c * col_in + i * e));
        }
    }
}

// Input tile [cols][R] is contiguous; output row r is contiguous: deinterleave into R streams.
template <class T, int64_t R>
void Deinterleave(char* __restrict__ dst, const char* __restrict__ src, int64_t cols,
                  int64_t row_out)
{
    constexpr int64_t e = sizeof(T);
    for (int64_t j = 0; j < cols; ++j) {
        for (int64_t r = 0; r < R; ++r) {
            Store<T>(dst + r * row_out + j * e, Load<T>(src + (j * R + r) * e));
        }
    }
}

// out[i][j] = in[i][j] for i < rows (input stride elem, output stride row_out), j < cols (input
// stride col_in, output stride elem), in tiles of a cache line each way.
template <class T>
void TransposeTiles(char* __restrict__ dst, const char* __restrict__ src, int64_t rows,
                    int64_t row_out, int64_t cols, int64_t col_in)
{
    constexpr int64_t e = sizeof(T);
    constexpr int64_t tile = kTileBytes / e < 8 ? 8 : kTileBytes / e;
    for (int64_t i0 = 0; i0 < rows; i0 += tile) {
        const int64_t i1 = std::min(rows, i0 + tile);
        for (int64_t j0 = 0; j0 < cols; j0 += tile) {
            const int64_t j1 = std::min(cols, j0 + tile);
            for (int64_t i = i0; i < i1; ++i) {
                char* d = dst + i * row_out;
                const char* s = src + i * e;
                for (int64_t j = j0; j < j1; ++j) {
                    Store<T>(d + j * e, Load<T>(s + j * col_in));
                }
            }
        }
    }
}

template <class T>
void TransposeBlock(char* dst, const char* src, int64_t rows, int64_t row_out, int64_t cols,
                    int64_t col_in, bool full_rows)
{
    constexpr int64_t e = sizeof(T);
    if (row_out == cols * e) {  // the output tile is contiguous
        switch (cols) {
            case 2: return Interleave<T, 2>(dst, src, rows, col_in);
            case 3: return Interleave<T, 3>(dst, src, rows, col_in);
            case 4: return Interleave<T, 4>(dst, src, rows, col_in);
            default: break;
        }
    }
    // The input tile is contiguous: deinterleave.
    if (full_rows && col_in == rows * e && rows >= 2 && rows <= 4) {
        const int64_t block = std::max<int64_t>(kColumnBlockBytes / (rows * e), 1);
        for (int64_t j0 = 0; j0 < cols; j0 += block) {
            const int64_t n = std::min(block, cols - j0);
            char* d = dst + j0 * e;
            const char* s = src + j0 * col_in;
            switch (rows) {
                case 2: Deinterleave<T, 2>(d, s, n, row_out); break;
                case 3: Deinterleave<T, 3>(d, s, n, row_out); break;
                default: Deinterleave<T, 4>(d, s, n, row_out); break;
            }
        }
        return;
    }
    TransposeTiles<T>(dst, src, rows, row_out, cols, col_in);
}

// --- driver --------------------------------------------------------------------------------

// Where row `item` of the plan's outer loops x row dim starts in the output; for item
// ItemsOf(p), the output's size (where the rows end when RowsInOutputOrder).
int64_t OutputOffset(const Plan& p, int64_t item)
{
    if (item >= ItemsOf(p)) {
        return p.total_bytes;
    }
    int64_t outer = item / p.row.size;
    int64_t offset = (item % p.row.size) * p.row.out;
    for (int i = p.outer_rank - 1; i >= 0; --i) {
        offset += (outer % p.outer[i].size) * p.outer[i].out;
        outer /= p.outer[i].size;
    }
    return offset;
}

// Rows [begin, end) of the plan's outer loops x row dim, in order, written from `dst` on (where
// row `begin` goes).
template <class T>
void RunRows(const Plan& p, const char* src, char* dst, int64_t begin, int64_t end)
{
    const int64_t rows_per_outer = p.row.size;
    int64_t idx[kMaxRank];
    int64_t in_off = 0;
    int64_t outer = begin / rows_per_outer;
    for (int i = p.outer_rank - 1; i >= 0; --i) {
        idx[i] = outer % p.outer[i].size;
        outer /= p.outer[i].size;
        in_off += idx[i] * p.outer[i].in;
    }
    int64_t row = begin % rows_per_outer;
    int64_t out_off = -row * p.row.out;  // output offsets are relative to row `begin`
    const bool streamed = p.store == kStoreStreamed;
    int64_t left = end - begin;
    while (left > 0) {
        const int64_t n = std::min(left, rows_per_outer - row);
        const char* s = src + in_off + row * p.row.in;
        char* d = dst + out_off + row * p.row.out;
        switch (p.kernel) {
            case kRun:
                if (p.piece == p.col.size) {
                    (streamed ? StreamRuns : CopyRuns)(d, s, n, p.row.in, p.col.size);
                } else {  // pieces of one long run
                    for (int64_t k = 0; k < n; ++k) {
                        const bool last = row + k == rows_per_outer - 1;
                        (streamed ? StreamCopy : CopyBytes)(d + k * p.row.out, s + k * p.row.in,
                                                    last ? p.piece_last : p.piece);
                    }
                }
                break;
            case kGather:
                for (int64_t k = 0; k < n; ++k) {
                    const bool last = row + k == rows_per_outer - 1;
                    GatherRow<T>(d + k * p.row.out, s + k * p.row.in,
                                 last ? p.piece_last : p.piece, p.col.in);
                }
                break;
            case kTranspose:
                TransposeBlock<T>(d, s, n, p.row.out, p.col.size, p.col.in,
                                  n == rows_per_outer);
                break;
            default:
                break;
        }
        left -= n;
        row = 0;
        for (int i = p.outer_rank - 1; i >= 0; --i) {  // next outer index
            in_off += p.outer[i].in;
            out_off += p.outer[i].out;
            if (++idx[i] < p.outer[i].size) {
                break;
            }
            in_off -= p.outer[i].size * p.outer[i].in;
            out_off -= p.outer[i].size * p.outer[i].out;
            idx[i] = 0;
        }
    }
}

void RunRowsAnySize(const Plan& p, const char* src, char* dst, int64_t begin, int64_t end)
{
    switch (p.elem) {
        case 1: return RunRows<uint8_t>(p, src, dst, begin, end);
        case 2: return RunRows<uint16_t>(p, src, dst, begin, end);
        case 4: return RunRows<uint32_t>(p, src, dst, begin, end);
        case 8: return RunRows<uint64_t>(p, src, dst, begin, end);
        case 16: return RunRows<Bytes16>(p, src, dst, begin, end);
        default: break;
    }
}

// Rows [begin, end) into the output `dst`: directly, or for kStoreThroughBuffer a few at a time
// into a buffer in L1 that is then streamed out (Note [streaming stores]).
void CopyItems(const Plan& p, const char* src, char* dst, int64_t begin, int64_t end)
{
    if (p.store != kStoreThroughBuffer) {
        RunRowsAnySize(p, src, dst + OutputOffset(p, begin), begin, end);
        return;
    }
    alignas(64) char buffer[kStreamBufferBytes];
    const int64_t group = std::max<int64_t>(kStreamBufferBytes / std::max<int64_t>(p.row.out, 1), 1);
    int64_t from = OutputOffset(p, begin);
    for (int64_t b = begin; b < end; b += group) {
        const int64_t e = std::min(end, b + group);
        const int64_t to = OutputOffset(p, e);
        RunRowsAnySize(p, src, buffer, b, e);
        StreamCopy(dst + from, buffer, to - from);
        from = to;
    }
}


// --- the write direction (Note [write into a view]) ----------------------------------------

// The fill into output bytes [from, to), whole elements (Note [write into a view]).
void Fill(const WritePlan& p, char* dst, int64_t from, int64_t to)
{
    if (to <= from) {
        return;
    }
    if (p.fill_bytes_agree) {
        std::memset(dst + from, p.fill[0], size_t(to - from));
        return;
    }
    std::memcpy(dst + from, p.fill, size_t(p.elem));
    for (int64_t done = p.elem; done < to - from; done *= 2) {
        std::memcpy(dst + from + done, dst + from, size_t(std::min(done, to - from - done)));
    }
}

// An element and the fill after it as one unsigned integer twice its size: on a little-endian
// machine the element's bytes come first (void: no such integer, or a big-endian machine).
template <class T>
struct PairOf {
    using type = void;
};
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
template <>
struct PairOf<uint8_t> {
    using type = uint16_t;
};
template <>
struct PairOf<uint16_t> {
    using type = uint32_t;
};
template <>
struct PairOf<uint32_t> {
    using type = uint64_t;
};
#endif

// Elements [first, last) of a row of step K elements (K > 1) starting at `d`, each followed by
// the K - 1 fill elements up to the next; the last one's fill ends at `end`.
template <class T, int64_t K>
inline void WriteStepped(const WritePlan& p, char* __restrict__ d, const char* __restrict__ s, int64_t in,
                         int64_t first, int64_t last, char* end, int64_t k_runtime)
{
    constexpr int64_t e = sizeof(T);
    const int64_t k = K > 0 ? K : k_runtime;
    const T fill = Load<T>(p.fill);
    int64_t j = first;
    using Pair = typename PairOf<T>::type;
    if constexpr (K == 2 && !std::is_void_v<Pair>) {
        // Every other element: one widened store per element, which vectorises (x[:, ::2]'s
        // gradient took 3.5x a slice's time per output byte with two stores).
        if (in == e) {
            const Pair high = Pair(Pair(fill) << (8 * e));
            for (; j + 1 < last; ++j) {
                Store<Pair>(d + j * 2 * e, Pair(Pair(Load<T>(s + j * e)) | high));
            }
        }
    }
    for (; j + 1 < last; ++j) {
        char* at = d + j * k * e;
        Store<T>(at, Load<T>(s + j * in));
        for (int64_t q = 1; q < k; ++q) {
            Store<T>(at + q * e, fill);
        }
    }
    if (j < last) {
        char* at = d + j * k * e;
        Store<T>(at, Load<T>(s + j * in));
        Fill(p, at + e, 0, std::min<int64_t>(end - (at + e), (k - 1) * e));
    }
}

// The part [from, to) of the output of the row whose first element is at output byte `start`
// and dy byte `s` (from >= start, to <= start + row_bytes): every byte of it written once.
template <class T>
void WriteRowPart(const WritePlan& p, const char* s, char* dst, int64_t start, int64_t from,
                  int64_t to)
{
    constexpr int64_t e = sizeof(T);
    const int64_t out = p.col.out;
    const int64_t in = p.col.in;
    if (out == e) {
        const int64_t first = (from - start) / e;
        if (in == e) {
            std::memcpy(dst + from, s + first * e, size_t(to - from));
            return;
        }
        const int64_t last = (to - start) / e;
        for (int64_t j = first; j < last; ++j) {  // dy read backwards (a flipped dim)
            Store<T>(dst + start + j * e, Load<T>(s + j * in));
        }
        return;
    }
    // A stepped row: the fill before its first element in range, then each element and the
    // fill after it (whole elements: `to` is a line's or the row's end).
    const int64_t first = (from - start + out - 1) / out;
    const int64_t last = std::min((to - start + out - 1) / out, p.col.size);
    Fill(p, dst, from, std::min(start + first * out, to));
    char* d = dst + start;
    switch (out / e) {
        case 2: return WriteStepped<T, 2>(p, d, s, in, first, last, dst + to, 2);
        case 3: return WriteStepped<T, 3>(p, d, s, in, first, last, dst + to, 3);
        case 4: return WriteStepped<T, 4>(p, d, s, in, first, last, dst + to, 4);
        default: return WriteStepped<T, 0>(p, d, s, in, first, last, dst + to, out / e);
    }
}

// The output and dy bytes where row `r` starts; `idx` receives its outer indices.
void RowStart(const WritePlan& p, int64_t r, int64_t* idx, int64_t* out_off, int64_t* in_off)
{
    *out_off = p.out_begin;
    *in_off = p.in_begin;
    for (int i = p.outer_rank - 1; i >= 0; --i) {
        idx[i] = r % p.outer[i].size;
        r /= p.outer[i].size;
        *out_off += idx[i] * p.outer[i].out;
        *in_off += idx[i] * p.outer[i].in;
    }
}

// The output bytes [a, b): the fill around the view's rows, the rows' elements from dy.
template <class T>
void WriteRange(const WritePlan& p, const char* src, char* dst, int64_t a, int64_t b)
{
    int64_t cur = a;
    if (p.rows > 0) {
        // The first row that ends after `a` (rows are ordered and disjoint in the output).
        int64_t lo = 0;
        int64_t hi = p.rows;
        int64_t idx[kMaxRank];
        int64_t out_off = 0;
        int64_t in_off = 0;
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            RowStart(p, mid, idx, &out_off, &in_off);
            if (out_off + p.row_bytes <= a) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        RowStart(p, lo, idx, &out_off, &in_off);
        for (int64_t r = lo; r < p.rows && out_off < b; ++r) {
            Fill(p, dst, cur, out_off);
            cur = std::max(cur, out_off);
            const int64_t end = std::min(out_off + p.row_bytes, b);
            WriteRowPart<T>(p, src + in_off, dst, out_off, cur, end);
            cur = end;
            for (int i = p.outer_rank - 1; i >= 0; --i) {  // next row
                out_off += p.outer[i].out;
                in_off += p.outer[i].in;
                if (++idx[i] < p.outer[i].size) {
                    break;
                }
                out_off -= p.outer[i].size * p.outer[i].out;
                in_off -= p.outer[i].size * p.outer[i].in;
                idx[i] = 0;
            }
        }
    }
    Fill(p, dst, cur, b);
}

void WriteRangeAnySize(const WritePlan& p, const char* src, char* dst, int64_t a, int64_t b)
{
    switch (p.elem) {
        case 1: return WriteRange<uint8_t>(p, src, dst, a, b);
        case 2: return WriteRange<uint16_t>(p, src, dst, a, b);
        case 4: return WriteRange<uint32_t>(p, src, dst, a, b);
        case 8: return WriteRange<uint64_t>(p, src, dst, a, b);
        case 16: return WriteRange<Bytes16>(p, src, dst, a, b);
        default: break;
    }
}

}  // namespace

#endif  // ASCEND_OPS_NATIVE_COPY_COPY_KERNELS_H
