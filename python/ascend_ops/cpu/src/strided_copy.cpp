// Copy a strided view (any rank, signed byte strides) into a fresh C-contiguous buffer, on all
// cores. The native CPU executor (python/ascend_ops/cpu/native_copy.py) calls it through ctypes
// with the numpy view cpu_reference builds for an op, so every op is this one copy.
//
// Elements move as raw bits (integer loads and stores of the element's size), so the result is
// the reference's `np.array(view, order="C")` bit for bit.
//
// Plan: drop size-1 dims, merge dims that are contiguous in the input, then pick the kernel by
// the innermost output axis:
//   run        its input stride is the element size: copy runs of bytes (fixed-size copies when
//              short, memcpy when long, non-temporal stores for long runs of a large output);
//   transpose  another axis is contiguous in the input: 2-D tiles between that axis and the
//              innermost one (DepthToSpace / SpaceToDepth permutations), with interleave and
//              deinterleave kernels when one side of the tile is 2, 3 or 4 long;
//   gather     otherwise: an element loop (steps, negative strides).
// Large copies are split over all cores by rows (Note [threads]); smaller ones stay on the
// calling thread. A large output asks for huge pages first (Note [fresh output pages]), and the
// executor allocates its large outputs here, 2 MiB aligned (Note [huge-page outputs]).
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__AVX__) || defined(__SSE2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

namespace {

constexpr int kMaxRank = 64;                       // numpy's limit on dims
constexpr int64_t kParallelBytes = 512 << 10;      // below this, one thread: Note [threads]
constexpr int64_t kBytesPerThread = 128 << 10;     // at least this much work per thread
constexpr int64_t kChunkBytes = 256 << 10;         // work handed out at a time, at most...
constexpr int64_t kMinChunkBytes = 32 << 10;       // ...and at least
constexpr int64_t kLargeChunkBytes = 4 << 20;      // chunks of huge-page outputs
constexpr int64_t kHugePage = 2 << 20;
constexpr int64_t kAdviseHugePagesBytes = 4 << 20; // see Note [fresh output pages]
constexpr int64_t kHugePageOutputBytes = 32 << 20; // see Note [huge-page outputs]
constexpr int64_t kTileBytes = 64;                 // a transpose tile is a cache line each way
constexpr int64_t kColumnBlockBytes = 16 << 10;    // deinterleave: input window kept in L1
constexpr int64_t kStreamBytes = 8 << 20;          // outputs this large bypass the cache...
constexpr int64_t kStreamRunBytes = 4 << 10;       // ...in runs this long (Note [streaming stores])
constexpr int64_t kStreamBufferBytes = 16 << 10;   // shorter rows are streamed from a buffer this big

enum Kernel : int32_t { kEmpty = 0, kRun = 1, kTranspose = 2, kGather = 3 };

// How a copy writes its output (Note [streaming stores]): ordinary stores; runs written with
// non-temporal stores; rows gathered a few at a time into a buffer in L1 that is streamed out.
enum StoreMode : int32_t { kStoreDirect = 0, kStoreStreamed = 1, kStoreThroughBuffer = 2 };

struct Dim {
    int64_t size;
    int64_t in;   // input stride, bytes (may be negative or zero)
    int64_t out;  // output stride, bytes (C-contiguous)
};

// The view after normalisation, dims outermost first.
struct Layout {
    int rank = 0;
    int64_t elem = 0;
    Dim dim[kMaxRank];
};

// The kernel, and the loops it leaves to the driver (`RunRows`).
struct Plan {
    Kernel kernel = kEmpty;
    int64_t elem = 0;
    int64_t total_bytes = 0;
    // Outer loops (odometer), outermost first, then the row dim the kernel loops over itself.
    int outer_rank = 0;
    Dim outer[kMaxRank];
    Dim row{1, 0, 0};
    // Kernel parameters.
    Dim col{1, 0, 0};        // run: size = run bytes; gather / transpose: the innermost axis
    int64_t piece = 0;       // run / gather split into pieces: elements (or bytes) per piece
    int64_t piece_last = 0;  // the last piece's length
    StoreMode store = kStoreDirect;  // how the output is written (Note [streaming stores])
};

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
constexpr bool kCanStream = true;

inline void StreamLine(char* dst, const char* src)
{
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 32));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst), a);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + 32), b);
}
#elif defined(__SSE2__)
constexpr bool kCanStream = true;

inline void StreamLine(char* dst, const char* src)
{
    for (int k = 0; k < 64; k += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k));
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k), v);
    }
}
#else
constexpr bool kCanStream = false;

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

// --- planning ------------------------------------------------------------------------------

// Drop size-1 dims, merge neighbours whose input strides nest, fill the output strides.
// False when the view has no elements.
bool Normalise(int rank, int64_t elem, const int64_t* shape, const int64_t* stride, Layout* l)
{
    l->elem = elem;
    l->rank = 0;
    for (int i = 0; i < rank; ++i) {
        if (shape[i] == 0) {
            return false;
        }
        if (shape[i] == 1) {
            continue;
        }
        if (l->rank > 0) {
            Dim& prev = l->dim[l->rank - 1];
            if (prev.in == stride[i] * shape[i]) {
                prev.size *= shape[i];
                prev.in = stride[i];
                continue;
            }
        }
        l->dim[l->rank++] = Dim{shape[i], stride[i], 0};
    }
    int64_t step = elem;
    for (int i = l->rank - 1; i >= 0; --i) {
        l->dim[i].out = step;
        step *= l->dim[i].size;
    }
    return true;
}

int64_t ItemsOf(const Plan& p)
{
    int64_t n = p.row.size;
    for (int i = 0; i < p.outer_rank; ++i) {
        n *= p.outer[i].size;
    }
    return n;
}

// Split a long innermost axis into pieces when the rows alone cannot feed every thread, and into
// pieces of at most `max_piece` in any case.
void SplitIntoPieces(Plan* p, int64_t length, int64_t in_step, int64_t out_step, int threads,
                     int64_t max_piece)
{
    const int64_t rows = ItemsOf(*p);
    const int64_t wanted = int64_t(threads) * 4;
    if ((threads <= 1 || rows >= wanted) && length <= max_piece) {
        p->piece = length;
        p->piece_last = length;
        return;
    }
    const int64_t per_row = threads <= 1 || rows >= wanted ? 1 : (wanted + rows - 1) / rows;
    int64_t piece = std::min(std::max<int64_t>((length + per_row - 1) / per_row, 1), max_piece);
    const int64_t pieces = (length + piece - 1) / piece;
    p->piece = piece;
    p->piece_last = length - (pieces - 1) * piece;
    // The pieces become the row dim; the old row dim joins the outer loops.
    if (p->row.size > 1) {
        p->outer[p->outer_rank++] = p->row;
    }
    p->row = Dim{pieces, piece * in_step, piece * out_step};
}

// Whether `dst` is a buffer the output cache handed out again (Note [output cache]).
bool ReusedOutput(const void* dst);

// `threads`: how many threads will share the copy (1 when it is too small to split).
Plan MakePlan(const Layout& l, int threads)
{
    Plan p;
    p.elem = l.elem;
    p.total_bytes = l.elem;
    for (int i = 0; i < l.rank; ++i) {
        p.total_bytes *= l.dim[i].size;
    }
    const int r = l.rank;
    if (r == 0) {  // one element
        p.kernel = kRun;
        p.col = Dim{l.elem, l.elem, l.elem};
        p.piece = p.piece_last = l.elem;
        return p;
    }
    const Dim& inner = l.dim[r - 1];
    if (inner.in == l.elem) {
        p.kernel = kRun;
        p.col = Dim{inner.size * l.elem, l.elem, l.elem};
        p.outer_rank = std::max(r - 2, 0);
        std::copy(l.dim, l.dim + p.outer_rank, p.outer);
        if (r >= 2) {
            p.row = l.dim[r - 2];
        }
        SplitIntoPieces(&p, p.col.size, 1, 1, threads, p.col.size);
        return p;
    }
    // A transpose pairs the innermost axis with the longest axis contiguous in the input.
    int k = -1;
    for (int i = 0; i < r - 1; ++i) {
        if (l.dim[i].in == l.elem && (k < 0 || l.dim[i].size > l.dim[k].size)) {
            k = i;
        }
    }
    if (k >= 0) {
        p.kernel = kTranspose;
        p.col = inner;
        p.row = l.dim[k];
        for (int i = 0; i < r - 1; ++i) {
            if (i != k) {
                p.outer[p.outer_rank++] = l.dim[i];
            }
        }
        return p;
    }
    p.kernel = kGather;
    p.col = inner;
    p.outer_rank = std::max(r - 2, 0);
    std::copy(l.dim, l.dim + p.outer_rank, p.outer);
    if (r >= 2) {
        p.row = l.dim[r - 2];
    }
    // Pieces no longer than the store buffer, so a large gather can go through it.
    SplitIntoPieces(&p, inner.size, inner.in, l.elem, threads, kStreamBufferBytes / l.elem);
    return p;
}

// Whether the rows the driver hands out (outer loops x row dim) are back to back in the output,
// each row.out bytes, in order, as kStoreThroughBuffer needs. Not so when other output dims lie
// between a transpose's row dim and the innermost one, or a run cut into pieces ends shorter.
bool RowsInOutputOrder(const Plan& p)
{
    // The row dim's bytes: pieces of a run count bytes, of a gather elements.
    const int64_t last_piece_short = (p.piece - p.piece_last) * (p.kernel == kGather ? p.elem : 1);
    int64_t expected = p.row.size * p.row.out - last_piece_short;
    for (int i = p.outer_rank - 1; i >= 0; --i) {
        if (p.outer[i].out != expected) {
            return false;
        }
        expected *= p.outer[i].size;
    }
    return expected == p.total_bytes;
}

// Whether plan `p`'s rows can be gathered into the store buffer: each fits it, and they are
// back to back in the output.
bool RowsFitTheBuffer(const Plan& p)
{
    return p.row.out <= kStreamBufferBytes && RowsInOutputOrder(p);
}

// How a copy of plan `p` writes its output; `fresh_output`: the copy is the first write to the
// output's pages (Note [streaming stores]).
StoreMode StoreFor(const Plan& p, bool fresh_output)
{
    if (!kCanStream || fresh_output || p.total_bytes < kStreamBytes) {
        return kStoreDirect;
    }
    if (p.kernel == kRun && p.col.size >= kStreamRunBytes) {
        return kStoreStreamed;
    }
    const bool reads_more_than_it_writes = p.kernel == kGather && std::abs(p.col.in) != p.elem;
    if (p.total_bytes >= kHugePageOutputBytes && !reads_more_than_it_writes && RowsFitTheBuffer(p)) {
        return kStoreThroughBuffer;
    }
    return kStoreDirect;
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

// Note [fresh output pages]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// The output is a fresh allocation; above glibc's mmap threshold its pages are mapped on first
// touch, one fault per 4 KiB page, which on virtual machines costs more than the copy itself.
// Asking for transparent huge pages before the first write (what torch does under
// THP_MEM_ALLOC_ENABLE=1) makes that one fault per 2 MiB. It is only advice: where THP is off,
// or the range is already mapped, nothing changes.
void AdviseHugePages(char* dst, int64_t bytes)
{
#ifdef MADV_HUGEPAGE
    if (bytes < kAdviseHugePagesBytes) {
        return;
    }
    const uintptr_t mask = ~uintptr_t(kHugePage - 1);
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(dst) + kHugePage - 1) & mask;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(dst) + bytes) & mask;
    if (end > begin) {
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
    }
#else
    (void)dst;
    (void)bytes;
#endif
}

// Note [threads]
// ~~~~~~~~~~~~~~~
// Each core has its own L2 cache, and one core alone does not reach the memory bandwidth the
// machine has once a copy leaves L2 (torch's own copies use every core from about 128 KiB on).
// So copies of kParallelBytes and more are split, kBytesPerThread at least per thread, over
// helper threads that are started once and wait for the next copy (HelperThreads): starting a
// thread per copy cost more than it saved below about 2 MiB. Measured on the 2-core benchmark
// machine, 4 KiB runs into a reused buffer, one thread / two helper-thread copies / two with a
// thread started per copy: 480 KiB 58 / 54 / 83 us, 960 KiB 107 / 78 / 109 us, 1.9 MiB
// 192 / 122 / 156 us, 4 MiB 412 / 232 / 269 us. On a busy machine the OS may run a helper
// late, or not before the copy is done: rows are handed out in chunks (kMinChunkBytes to
// kChunkBytes) from a shared counter, so a late helper takes less work, and the caller waits
// only for helpers that took a chunk, never for one that has not started (see SharedCopy).
// Joining every helper instead made 4 MiB copies take 4 ms instead of 0.6 ms on that machine
// at load 6.
// What the threads of one copy share. Helpers hold it by shared_ptr, so a helper that gets to
// a copy after it is done finds no work and drops its reference: nobody waits for it.
struct SharedCopy {
    Plan plan;
    const char* src;
    char* dst;
    int64_t items;
    int64_t chunk;
    std::atomic<int64_t> next{0};    // the first row not handed out yet
    std::atomic<int32_t> active{0};  // helpers between taking their first chunk and finishing
};

// Take chunks until none are left. A helper counts itself active before it takes its first
// chunk, so once the caller has seen the counter run out, every helper still writing is
// counted (all operations on `next` and `active` are sequentially consistent).
void TakeChunks(SharedCopy& c, bool helper)
{
    if (helper) {
        c.active.fetch_add(1);
    }
    for (;;) {
        const int64_t begin = c.next.fetch_add(c.chunk);
        if (begin >= c.items) {
            break;
        }
        CopyItems(c.plan, c.src, c.dst, begin, std::min(c.items, begin + c.chunk));
    }
    StreamFence();
    if (helper) {
        c.active.fetch_sub(1);
    }
}

// The helper threads copies share: started on first need, kept waiting for the next copy
// (Note [threads]). A helper still busy with another copy takes a job when it is free, by which
// time the caller may have done it all: it then finds no rows left.
class HelperThreads {
public:
    void Offer(const std::shared_ptr<SharedCopy>& job, int64_t count)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        while (started_ < count) {
            try {
                std::thread([this] { Serve(); }).detach();
            } catch (const std::system_error&) {  // no more threads: fewer helpers
                break;
            }
            ++started_;
        }
        for (int64_t i = 0; i < std::min(count, started_); ++i) {
            jobs_.push_back(job);
            ready_.notify_one();
        }
    }

private:
    void Serve()
    {
        for (;;) {
            std::shared_ptr<SharedCopy> job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                ready_.wait(lock, [this] { return !jobs_.empty(); });
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            TakeChunks(*job, true);
        }
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::shared_ptr<SharedCopy>> jobs_;
    int64_t started_ = 0;
};

// Never destroyed (helpers wait in it until the process ends); a forked child, which has none
// of the parent's threads, starts its own.
HelperThreads* g_helpers = nullptr;

HelperThreads& Helpers()
{
    static const bool once = [] {
        g_helpers = new HelperThreads;
        pthread_atfork(nullptr, nullptr, [] { g_helpers = new HelperThreads; });
        return true;
    }();
    (void)once;
    return *g_helpers;
}

void Execute(const Plan& p, const char* src, char* dst, int64_t workers)
{
    const int64_t items = ItemsOf(p);
    workers = std::min(workers, items);
    if (workers <= 1) {
        CopyItems(p, src, dst, 0, items);
        StreamFence();
        return;
    }
    const int64_t item_bytes = std::max<int64_t>(p.total_bytes / items, 1);
    // At least 8 chunks per thread, so a helper that starts late still gets a share. The huge
    // pages of a large output are faulted in by whichever thread writes them first: chunks of
    // two huge pages keep the threads off each other's pages (with 256 KiB chunks one thread
    // waited while the other zeroed the 2 MiB page both were writing).
    const int64_t chunk_bytes =
        p.total_bytes >= kHugePageOutputBytes
            ? kLargeChunkBytes
            : std::clamp<int64_t>(p.total_bytes / (workers * 8), kMinChunkBytes, kChunkBytes);
    auto shared = std::make_shared<SharedCopy>();
    shared->plan = p;
    shared->src = src;
    shared->dst = dst;
    shared->items = items;
    shared->chunk = std::max<int64_t>(chunk_bytes / item_bytes, 1);
    Helpers().Offer(shared, workers - 1);
    TakeChunks(*shared, false);
    while (shared->active.load() != 0) {  // a helper is finishing its last chunk
        std::this_thread::yield();
    }
}

bool ParseView(const int64_t* desc, Layout* layout, bool* empty)
{
    const int64_t rank = desc[0];
    const int64_t elem = desc[1];
    if (rank < 0 || rank > kMaxRank ||
        (elem != 1 && elem != 2 && elem != 4 && elem != 8 && elem != 16)) {
        return false;
    }
    *empty = !Normalise(int(rank), elem, desc + 2, desc + 2 + rank, layout);
    return true;
}

// How many threads a copy of `bytes` output bytes gets (Note [threads]).
int64_t Workers(int64_t bytes, int32_t threads, int64_t parallel_bytes)
{
    if (bytes < parallel_bytes) {
        return 1;
    }
    return std::max<int64_t>(std::min<int64_t>(threads, bytes / kBytesPerThread), 1);
}

// `store` >= 0 forces that StoreMode (tests), else StoreFor decides.
int32_t StridedCopy(const void* src, void* dst, const int64_t* desc, int32_t threads,
                    int64_t parallel_bytes, int32_t store)
{
    Layout layout;
    bool empty = false;
    if (!ParseView(desc, &layout, &empty)) {
        return -1;
    }
    if (empty) {
        return 0;
    }
    int64_t bytes = layout.elem;
    for (int i = 0; i < layout.rank; ++i) {
        bytes *= layout.dim[i].size;
    }
    const int64_t workers = Workers(bytes, threads, parallel_bytes);
    Plan plan = MakePlan(layout, int(workers));
    plan.store = store >= 0 ? StoreMode(store)
                            : StoreFor(plan, bytes >= kHugePageOutputBytes && !ReusedOutput(dst));
    if (plan.store == kStoreThroughBuffer && !RowsFitTheBuffer(plan)) {
        return -1;  // only a forced store gets here
    }
    AdviseHugePages(static_cast<char*>(dst), plan.total_bytes);
    Execute(plan, static_cast<const char*>(src), static_cast<char*>(dst), workers);
    return 0;
}


// Note [huge-page outputs]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// A buffer of kHugePage bytes or more from this allocator is 2 MiB aligned and advised
// MADV_HUGEPAGE before anything writes it, so every one of its pages can be a transparent huge
// page (with THP in `madvise` mode nothing else asks for them); the first write to each page
// is the copy, in whichever of the copy's threads reaches it first. Where the advice does not
// exist, only the alignment remains. The buffer reaches torch as a DLPack tensor whose deleter
// frees it, so the output is an ordinary tensor that releases its memory when the last
// reference goes.
//
// The executor takes its outputs from here from kHugePageOutputBytes on, not from 2 MiB:
// below glibc's largest mmap threshold (32 MiB) a freed block is reused, already mapped, and
// an aligned allocation defeats that (glibc gives the aligned block's memory back at each
// free). Measured on the benchmark machine, allocate + fill + free in a loop: 4 MiB 187 us with
// malloc, 477 us 2 MiB aligned and advised; 16 MiB 910 / 2234 us; 64 MiB, where malloc maps
// fresh 4 KiB pages every time, 94.6 / 26.0 ms. torch under THP_MEM_ALLOC_ENABLE=1 aligns
// from 2 MiB on and so pays the first two prices.
struct DLDevice {
    int32_t device_type;  // 1: kDLCPU
    int32_t device_id;
};

struct DLDataType {
    uint8_t code;  // 1: kDLUInt
    uint8_t bits;
    uint16_t lanes;
};

struct DLTensor {
    void* data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t* shape;
    int64_t* strides;  // null: compact row-major
    uint64_t byte_offset;
};

struct DLManagedTensor {
    DLTensor dl_tensor;
    void* manager_ctx;
    void (*deleter)(DLManagedTensor*);
};

// The DLManagedTensor and the shape it points to, freed together.
struct OutputTensor {
    DLManagedTensor managed;
    int64_t length;
    bool cached;
};

// Note [output cache]
// ~~~~~~~~~~~~~~~~~~~
// A page's first write costs a fault and the kernel's zeroing of the page. Measured on the
// 2-core benchmark machine, a 256 MiB two-thread memcpy runs at 48 GB/s into a buffer written
// before, 15.5 GB/s into fresh huge pages and 6 GB/s into fresh 4 KiB pages: a large output's
// fresh pages cost twice its copy. A program that calls an op on large tensors again and again
// (a model's forward pass) frees an output of the same size each time, so freed buffers of
// kHugePageOutputBytes and more are kept and handed to the next output of their size (rounded
// up to a huge page), whose copy then writes pages that are already mapped, as torch's device
// allocators cache their blocks. The cache is bounded: it holds at most `limit` bytes
// (kDefaultCacheBytes, at most an eighth of physical memory, unless set; native_backend.py sets
// ASCEND_OPS_OUTPUT_CACHE_MB's value when it loads the library; 0 turns the cache off), gives
// the least recently freed buffer back first, and gives back any buffer not reused for
// kCacheIdleSeconds (unless set) at the next allocation or free. An output is written whole by
// its copy before anyone reads it, so what a reused buffer held never shows (nor would it from
// malloc, which reuses memory the same way).
constexpr int64_t kDefaultCacheBytes = int64_t(1) << 30;
constexpr double kCacheIdleSeconds = 10.0;

int64_t RoundUpToHugePage(int64_t bytes)
{
    return (bytes + kHugePage - 1) & ~(kHugePage - 1);
}

// `bytes` 2 MiB aligned and advised MADV_HUGEPAGE from a huge page on, 64-byte aligned below
// (Note [huge-page outputs]); null when memory is short.
void* AllocateAligned(int64_t bytes)
{
    const size_t alignment = bytes >= kHugePage ? size_t(kHugePage) : size_t(64);
    void* p = nullptr;
    if (posix_memalign(&p, alignment, size_t(bytes)) != 0) {
        return nullptr;
    }
#ifdef MADV_HUGEPAGE
    if (bytes >= kHugePage) {
        madvise(p, size_t(RoundUpToHugePage(bytes)), MADV_HUGEPAGE);
    }
#endif
    return p;
}

int64_t DefaultCacheLimit()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? std::min<int64_t>(kDefaultCacheBytes, int64_t(pages) * page / 8)
                                 : kDefaultCacheBytes;
}

class OutputCache {
public:
    // A buffer of at least `bytes` (a huge-page multiple): a cached one if one fits exactly.
    void* Take(int64_t bytes)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto now = Clock::now();
        DropIdle(now);
        for (auto it = free_.rbegin(); it != free_.rend(); ++it) {
            if (it->bytes == bytes) {
                void* p = it->data;
                cached_ -= it->bytes;
                free_.erase(std::next(it).base());
                live_[p] = Live{bytes, true};
                ++reused_;
                return p;
            }
        }
        void* p = AllocateAligned(bytes);
        if (p != nullptr) {
            live_[p] = Live{bytes, false};
        }
        return p;
    }

    // Give `p` (from Take) back: kept for reuse when it fits the limit, else freed.
    void Give(void* p)
    {
        std::vector<void*> release;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            const auto found = live_.find(p);
            if (found == live_.end()) {  // not ours: cannot happen through the deleters
                return;
            }
            const int64_t bytes = found->second.bytes;
            live_.erase(found);
            const auto now = Clock::now();
            DropIdle(now);
            if (bytes > limit_) {
                release.push_back(p);
            } else {
                while (cached_ + bytes > limit_) {
                    release.push_back(free_.front().data);
                    cached_ -= free_.front().bytes;
                    free_.erase(free_.begin());
                }
                free_.push_back(Entry{p, bytes, now});
                cached_ += bytes;
            }
            release.insert(release.end(), idle_.begin(), idle_.end());
            idle_.clear();
        }
        for (void* q : release) {  // outside the lock: unmapping 256 MiB takes a while
            std::free(q);
        }
    }

    // Set the limit (bytes; negative leaves it), freeing what no longer fits. The old limit.
    int64_t SetLimit(int64_t limit)
    {
        std::vector<void*> release;
        int64_t old;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            old = limit_;
            if (limit < 0) {
                return old;
            }
            limit_ = limit;
            while (cached_ > limit_) {
                release.push_back(free_.front().data);
                cached_ -= free_.front().bytes;
                free_.erase(free_.begin());
            }
        }
        for (void* q : release) {
            std::free(q);
        }
        return old;
    }

    // Set how long a freed buffer may wait for reuse (negative leaves it). The old value.
    double SetIdleSeconds(double seconds)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const double old = idle_seconds_;
        if (seconds >= 0) {
            idle_seconds_ = seconds;
        }
        return old;
    }

    // Whether `p` is a live buffer that Take handed out again.
    bool Reused(const void* p)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto found = live_.find(const_cast<void*>(p));
        return found != live_.end() && found->second.reused;
    }

    int64_t CachedBytes()
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return cached_;
    }

    int64_t Reuses()
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return reused_;
    }

private:
    using Clock = std::chrono::steady_clock;
    struct Entry {
        void* data;
        int64_t bytes;
        Clock::time_point freed;
    };
    struct Live {
        int64_t bytes;
        bool reused;  // its pages were written before
    };

    // Move the buffers idle for longer than idle_seconds_ to idle_ (the caller frees them, unlocked).
    void DropIdle(Clock::time_point now)
    {
        while (!free_.empty() &&
               std::chrono::duration<double>(now - free_.front().freed).count() > idle_seconds_) {
            idle_.push_back(free_.front().data);
            cached_ -= free_.front().bytes;
            free_.erase(free_.begin());
        }
    }

    std::mutex mutex_;
    std::vector<Entry> free_;                  // least recently freed first
    std::vector<void*> idle_;                  // dropped by DropIdle, not freed yet
    std::unordered_map<void*, Live> live_;     // handed out by Take
    int64_t cached_ = 0;
    int64_t limit_ = DefaultCacheLimit();
    double idle_seconds_ = kCacheIdleSeconds;
    int64_t reused_ = 0;
};

OutputCache& Cache()
{
    static OutputCache* cache = new OutputCache;  // never destroyed: outputs may outlive exit
    return *cache;
}

bool ReusedOutput(const void* dst)
{
    return Cache().Reused(dst);
}

// A buffer for an output of `bytes`; from kHugePageOutputBytes on, `cached` takes it from the
// cache (Note [output cache]) and FreeOutput gives it back there.
void* AllocateOutput(int64_t bytes, bool cached)
{
    if (bytes <= 0) {
        return nullptr;
    }
    if (cached && bytes >= kHugePageOutputBytes) {
        return Cache().Take(RoundUpToHugePage(bytes));
    }
    return AllocateAligned(bytes);
}

void FreeOutput(void* p, int64_t bytes, bool cached)
{
    if (cached && bytes >= kHugePageOutputBytes) {
        Cache().Give(p);
    } else {
        std::free(p);
    }
}

void DeleteOutputTensor(DLManagedTensor* managed)
{
    OutputTensor* t = reinterpret_cast<OutputTensor*>(managed);
    FreeOutput(t->managed.dl_tensor.data, t->length, t->cached);
    delete t;
}

}  // namespace

extern "C" {

// Copy the view `desc` = {rank, element bytes, shape[rank], byte strides[rank]} whose first
// element is at `src` into the C-contiguous buffer `dst`, on up to `threads` threads.
// Returns 0, or -1 for a rank above 64 or an element size other than 1, 2, 4, 8 or 16.
int32_t ascend_ops_strided_copy(const void* src, void* dst, const int64_t* desc, int32_t threads)
{
    return StridedCopy(src, dst, desc, threads, kParallelBytes, -1);
}

// The same, splitting copies of `parallel_bytes` and more over threads (negative: as
// ascend_ops_strided_copy does) and writing the output the way `store` says (0 ordinary stores,
// 1 streamed runs, 2 through a streamed buffer, -1 as ascend_ops_strided_copy decides): lets
// tests run every path on small inputs. Also -1 when the plan's rows cannot go through the
// buffer (Note [streaming stores]).
int32_t ascend_ops_strided_copy_split_from(const void* src, void* dst, const int64_t* desc,
                                           int32_t threads, int64_t parallel_bytes, int32_t store)
{
    if (store < -1 || store > kStoreThroughBuffer) {
        return -1;
    }
    return StridedCopy(src, dst, desc, threads, parallel_bytes < 0 ? kParallelBytes : parallel_bytes,
                       store);
}

// How ascend_ops_strided_copy writes the output of `desc` (0, 1, 2 as above) when `fresh` says
// whether the copy is the first write to the output's pages; -1 for a descriptor it refuses.
int32_t ascend_ops_strided_copy_store(const int64_t* desc, int32_t fresh)
{
    Layout layout;
    bool empty = false;
    if (!ParseView(desc, &layout, &empty)) {
        return -1;
    }
    return empty ? kStoreDirect : StoreFor(MakePlan(layout, 1), fresh != 0);
}

// The kernel `ascend_ops_strided_copy` would pick for `desc` (0 empty, 1 run, 2 transpose,
// 3 gather), or -1 as above: lets tests prove that every kernel is exercised.
int32_t ascend_ops_strided_copy_kernel(const int64_t* desc)
{
    Layout layout;
    bool empty = false;
    if (!ParseView(desc, &layout, &empty)) {
        return -1;
    }
    return empty ? kEmpty : MakePlan(layout, 1).kernel;
}

// An output buffer of `bytes` bytes (Note [huge-page outputs]): 2 MiB aligned and advised
// MADV_HUGEPAGE from 2 MiB on, 64-byte aligned below; from the output cache from
// ascend_ops_output_huge_page_bytes() on (Note [output cache]). Null when `bytes` <= 0 or memory
// is short. Give it back with ascend_ops_output_free(buffer, bytes).
void* ascend_ops_output_alloc(int64_t bytes)
{
    return AllocateOutput(bytes, true);
}

void ascend_ops_output_free(void* buffer, int64_t bytes)
{
    FreeOutput(buffer, bytes, true);
}

// The output size from which the native executor allocates here rather than through torch
// (Note [huge-page outputs]).
int64_t ascend_ops_output_huge_page_bytes(void)
{
    return kHugePageOutputBytes;
}

// The same buffer as a DLPack tensor (a `DLManagedTensor*`, DLPack's unversioned ABI): `bytes`
// uint8 elements on the CPU whose deleter frees the buffer; hand it to the consumer (e.g.
// torch.from_dlpack) at once. `cached` 0 maps fresh pages and unmaps them at the end, whatever
// the size (what the benchmark's fresh-memcpy ceiling measures). Null when the buffer cannot be
// allocated.
void* ascend_ops_output_dlpack(int64_t bytes, int32_t cached)
{
    void* data = AllocateOutput(bytes, cached != 0);
    if (data == nullptr) {
        return nullptr;
    }
    OutputTensor* t = new (std::nothrow) OutputTensor;
    if (t == nullptr) {
        FreeOutput(data, bytes, cached != 0);
        return nullptr;
    }
    t->length = bytes;
    t->cached = cached != 0;
    t->managed.dl_tensor = DLTensor{data, DLDevice{1, 0}, 1, DLDataType{1, 8, 1}, &t->length,
                                    nullptr, 0};
    t->managed.manager_ctx = nullptr;
    t->managed.deleter = DeleteOutputTensor;
    return &t->managed;
}

// The output cache's limit in bytes; `limit` >= 0 sets it first (freeing cached buffers that no
// longer fit: 0 empties and turns off the cache), and the old limit is returned.
int64_t ascend_ops_output_cache_limit(int64_t limit)
{
    return Cache().SetLimit(limit);
}

// How many seconds a freed output waits for reuse before the cache gives it back; `seconds` >= 0
// sets it first, and the old value is returned.
double ascend_ops_output_cache_idle_seconds(double seconds)
{
    return Cache().SetIdleSeconds(seconds);
}

// Bytes of freed outputs the cache holds now.
int64_t ascend_ops_output_cached_bytes(void)
{
    return Cache().CachedBytes();
}

// How many outputs were handed a cached buffer so far.
int64_t ascend_ops_output_cache_reuses(void)
{
    return Cache().Reuses();
}

}  // extern "C"
