// The native copy's plan: a view {rank, element bytes, shape, byte strides} normalised (size-1 dims
// dropped, nesting dims merged), the kernel that copies it, the loops left to the driver, the
// split into pieces for threads, and how the output is written (Note [streaming stores]). Also the
// tuning constants every part reads.
#ifndef ASCEND_OPS_NATIVE_COPY_COPY_PLAN_H
#define ASCEND_OPS_NATIVE_COPY_COPY_PLAN_H

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

// Included by strided_copy.cpp alone: everything here has internal linkage.
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

// Whether this build has non-temporal stores (StreamLine in copy_kernels.h; Note [streaming stores]).
#if defined(__AVX__) || defined(__SSE2__)
constexpr bool kCanStream = true;
#else
constexpr bool kCanStream = false;
#endif

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


// --- the write direction -------------------------------------------------------------------

// Note [write into a view]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// A gradient op (slice_grad, strided_slice_grad) writes a contiguous `dy` into a strided view of
// a fresh output and zeroes every other element; a filling view op (a constant pad) writes its
// input so and sets every other element to its fill, one element's bytes (`WritePlan::fill`;
// "zero" below is that element: memset where its bytes agree, else the element laid down once
// and doubled by memcpy). The view is normalised as a read is, with two
// more steps: a dim of negative output stride is flipped (its first output element is the
// view's last, and dy is read backwards along it), so every output stride is positive, and the
// dims are ordered by output stride, outermost first. Where each dim then lies past the whole
// extent of the dims inside it (the view never writes one element twice, and its rows follow
// one another in the output), the view's rows -- the innermost dim, at each index of the outer
// ones -- are ordered and disjoint in the output; the plan refuses any other view. A thread
// takes a range of the output (whole cache lines, handed out in chunks as reads are, Note
// [threads]) and writes every byte of it once: the zeros between the rows it meets, the rows'
// elements (memcpy where the row is contiguous on both sides), and, inside a row whose step is
// more than one element, each element with the zeros up to the next. No two threads write one
// line (the outputs, torch's and the huge-page allocator's, start on a line), and nothing is
// zeroed that the copy then overwrites.

struct WriteDim {
    int64_t size;
    int64_t out;  // output stride, bytes (positive)
    int64_t in;   // dy stride, bytes (negative along a flipped dim)
};

struct WritePlan {
    int64_t elem = 0;
    int64_t total_bytes = 0;  // the output's bytes
    int64_t rows = 0;         // rows of the view (0: it has no elements)
    int64_t out_begin = 0;    // output byte of the first row's first element
    int64_t in_begin = 0;     // dy byte of that element
    int outer_rank = 0;
    WriteDim outer[kMaxRank];
    WriteDim col{1, 0, 0};    // the innermost dim
    int64_t row_bytes = 0;    // output bytes from a row's first element to past its last
    alignas(16) char fill[16] = {};  // one element's bytes, every output element outside the view
    bool fill_bytes_agree = true;    // fill[0..elem) is one byte repeated: memset lays it
};

// `w`'s fill from one element's bytes (nullptr: zeros).
void SetWriteFill(WritePlan* w, const void* fill)
{
    if (fill == nullptr) {
        return;
    }
    std::memcpy(w->fill, fill, size_t(w->elem));
    for (int64_t i = 1; i < w->elem; ++i) {
        w->fill_bytes_agree = w->fill_bytes_agree && w->fill[i] == w->fill[0];
    }
}

// Plan the write of a dy of `shape` (C order) into the view {shape, byte `stride`} whose first
// element is `offset` bytes into an output of `total_bytes`. False for a view the plan refuses
// (Note [write into a view]): one that writes an element twice or past the output, or whose
// offset or strides are not whole elements.
bool MakeWritePlan(int rank, int64_t elem, int64_t offset, const int64_t* shape,
                   const int64_t* stride, int64_t total_bytes, WritePlan* p)
{
    p->elem = elem;
    p->total_bytes = total_bytes;
    if (total_bytes < 0 || total_bytes % elem != 0) {
        return false;
    }
    int64_t in_step = elem;  // dy's C-order stride of dim i, filled from the inside out
    WriteDim dims[kMaxRank];
    int n = 0;
    for (int i = rank - 1; i >= 0; --i) {
        if (shape[i] < 0) {
            return false;
        }
        if (shape[i] == 0) {
            p->rows = 0;
            return true;
        }
        const int64_t in = in_step;
        in_step *= shape[i];
        if (shape[i] == 1) {
            continue;
        }
        if (stride[i] % elem != 0 || stride[i] == 0) {
            return false;
        }
        WriteDim d{shape[i], stride[i], in};
        if (d.out < 0) {  // flip: start at the dim's last element
            offset += (d.size - 1) * d.out;
            p->in_begin += (d.size - 1) * d.in;
            d.out = -d.out;
            d.in = -d.in;
        }
        dims[n++] = d;
    }
    if (offset < 0 || offset % elem != 0) {
        return false;
    }
    // dims[] is innermost first: order by output stride, innermost (smallest) first.
    std::stable_sort(dims, dims + n, [](const WriteDim& a, const WriteDim& b) { return a.out < b.out; });
    int64_t extent = elem;  // bytes from the first element of dims [0, i) to past their last
    for (int i = 0; i < n; ++i) {
        if (dims[i].out < extent) {
            return false;  // overlaps the dims inside it
        }
        extent += (dims[i].size - 1) * dims[i].out;
    }
    if (offset + extent > total_bytes) {
        return false;
    }
    // Merge a dim into the one inside it where both strides nest; outermost first from here.
    int m = 0;
    WriteDim merged[kMaxRank];
    for (int i = n - 1; i >= 0; --i) {
        if (m > 0) {
            WriteDim& prev = merged[m - 1];
            if (prev.out == dims[i].out * dims[i].size && prev.in == dims[i].in * dims[i].size) {
                prev.size *= dims[i].size;
                prev.out = dims[i].out;
                prev.in = dims[i].in;
                continue;
            }
        }
        merged[m++] = dims[i];
    }
    p->out_begin = offset;
    p->col = m > 0 ? merged[m - 1] : WriteDim{1, elem, elem};
    p->outer_rank = std::max(m - 1, 0);
    std::copy(merged, merged + p->outer_rank, p->outer);
    p->rows = 1;
    for (int i = 0; i < p->outer_rank; ++i) {
        p->rows *= p->outer[i].size;
    }
    p->row_bytes = (p->col.size - 1) * p->col.out + elem;
    return true;
}

}  // namespace

#endif  // ASCEND_OPS_NATIVE_COPY_COPY_PLAN_H
