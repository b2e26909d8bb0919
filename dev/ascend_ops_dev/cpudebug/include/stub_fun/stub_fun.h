// stub_fun.h of the package's CPU-debug model: what AscendC's CPU-debug build (tikicpulib)
// includes as its closed, generated `stub_fun.h`. DECLARATIONS ONLY. Used where the headers
// folder has none (asc-tools' layout, build.py's Note [cpudebug framework layouts]); a CANN
// toolkit's own stub_fun.h takes its place where there is one.
//
// In CPU-debug mode the AscendC API (DataCopy, DataCopyPad, TPipe, TQue, Gather, ...) is
// asc-devkit's own C++ code; it bottoms out in the intrinsics declared here. The package's
// model (../../model.cpp) defines the ones the generated kernels reach, each rule marked there as
// documented (with its doc page) or guessed. Every other intrinsic the headers name is declared
// below as a catch-all template with no body anywhere: a kernel that reaches one fails to link,
// and the linker names it. Nothing here has a body, so nothing can run unmodelled.
//
// The typed declarations take the signatures of CANN 8.1's stub_fun.h, the one real stub_fun.h
// the model is built against, where asc-devkit's calls allow; two kinds differ, because an
// argument that needs a conversion would select the catch-all template instead: element offsets
// of the register intrinsics are uint32_t here (int32_t there), and the vector registers are
// stub_def.h's std::array here (C arrays there).
//
// Test-tool code: built against an external AscendC / asc-tools headers folder (a CANN toolkit
// or a folder laid out like one), never shipped in the wheel.
#ifndef ASCEND_OPS_CPUDEBUG_STUB_FUN_H
#define ASCEND_OPS_CPUDEBUG_STUB_FUN_H

#include <cstdint>

#include "stub_def.h"

// ---- builtin enums the AscendC headers name (the Ascend C compiler's builtins; order as the
// ---- pipe_t / event_t numbering of the AscendC docs: PIPE_S = 0 ... PIPE_FIX = 10)
enum pipe_t {
    PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5,
    PIPE_V2, PIPE_FIX,
};
enum event_t {
    EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7,
};
enum mem_t {
    HDR_MEM_T0,
};
enum mem_dsb_t {
    DSB_ALL, DSB_DDR, DSB_UB, DSB_SEQ,
};
enum cache_line_t {
    SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE,
};
enum dcci_dst_t {
    CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC,
};
enum addr_cal_mode_t {
    inc, dec,
};
enum pad_t {
    PAD_NONE, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5, PAD_MODE6, PAD_MODE7,
    PAD_MODE8,
};
enum atomic_type_t {
    ATOMIC_NONE_T, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16,
};
enum atomic_op_t {
    ATOMIC_SUM, ATOMIC_MAX, ATOMIC_MIN,
};
enum ub_addr8_t {
    VA0, VA1, VA2, VA3, VA4, VA5, VA6, VA7,
};
enum QuantMode_t {
    DEQF16, DEQS16, F322BF16, F322F16, NoQuant, QF162B8_PRE, QF162S16_PRE, QF162S4_PRE, QF322B8_PRE,
    QF322BF16_PRE, QF322F16_PRE, QF322F32_PRE, QF322FP8_PRE, QF322HIF8_PRE, QF322HIF8_PRE_HYBRID,
    QS322BF16_PRE, REQ4, REQ8, VDEQF16, VDEQS16, VQF162B8_PRE, VQF162S16_PRE, VQF162S4_PRE,
    VQF322B8_PRE, VQF322BF16_PRE, VQF322F16_PRE, VQF322F32_PRE, VQF322FP8_PRE, VQF322HIF8_PRE,
    VQF322HIF8_PRE_HYBRID, VQS322BF16_PRE, VREQ4, VREQ8,
};
enum Order_t {
    INDEX_VALUE, ONLY_INDEX, ONLY_VALUE, VALUE_INDEX,
};
enum hdr_ld_va_t {
    L128, H128,
};
enum hdr_crmode_t {
    CRMODE_DEQSCALE_DEQ16, CRMODE_DEQSCALE_DEQ8, CRMODE_DEQSCALE_DEQS16, CRMODE_DEQSCALE_VDEQ16,
    CRMODE_DEQSCALE_VDEQ8, CRMODE_DEQSCALE_VDEQS16, CRMODE_F16_MUL, CRMODE_F16toF32_NONE,
    CRMODE_F32toF16_NONE, CRMODE_F32toF16_RELU, CRMODE_NONE, CRMODE_NONE_RELU,
    CRMODE_S32toF16_DEQSCALE_SPR, CRMODE_S32toF16_NONE,
};
enum csize_t {
    CSIZE0, CSIZE1,
};
enum QuantMode_post {
    NoConv,
};
enum Literal {
    BRC_B16, BRC_B32, INC_ORDER, LOWER, MODE_STORED, MODE_ZEROING, NORM, NORM_B16, NORM_B32,
    NORM_B8, PART_EVEN, PAT_ALL, PAT_ALLF, PAT_VL16, PAT_VL32, PAT_VL8, PK, PK_B16, PK_B32, PK_B64,
    POST_UPDATE, ROUND_A, ROUND_C, ROUND_F, ROUND_O, ROUND_R, ROUND_Z, RS_DISABLE, RS_ENABLE,
    SPR_AR, UNPK_B16, UNPK_B32, UNPK_B8, US, VLD_VST, VST_VLD, VST_VST,
};
namespace ascend_ops_cpudebug {
// The result of an intrinsic the model does not define: converts to whatever the header expects.
struct AnyValue {
    template <typename T>
    operator T() const;
};
}  // namespace ascend_ops_cpudebug

// ---- modelled intrinsics (bodies in ../model.cpp) --------------------------------------------

// DMA, GM <-> UB: 32-byte block units (asc_copy_gm2ub / asc_copy_ub2gm).
void copy_gm_to_ubuf(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                     uint16_t dstGap);
void copy_ubuf_to_gm(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                     uint16_t dstGap);
// DMA with byte lengths and padding (DataCopyPad): 1-, 2- and 4-byte elements (8-byte elements
// travel as 4-byte pairs with doubled padding counts).
void copy_gm_to_ubuf_align_b8(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                              uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_gm_to_ubuf_align_b16(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_gm_to_ubuf_align_b32(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align_b8(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                              uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align_b16(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align_b32(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
// Arch 3002 names one intrinsic per direction and takes the element size from the pointer.
void copy_gm_to_ubuf_align(uint8_t* dst, uint8_t* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                           uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_gm_to_ubuf_align(uint16_t* dst, uint16_t* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                           uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_gm_to_ubuf_align(uint32_t* dst, uint32_t* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                           uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align(uint8_t* dst, uint8_t* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                           uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align(uint16_t* dst, uint16_t* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                           uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align(uint32_t* dst, uint32_t* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                           uint32_t srcGap, uint32_t dstGap);
void set_mov_pad_val(uint64_t value);
// DMA GM <-> L1, which DataCopy's position dispatch names; a vector-only kernel never takes it.
void copy_gm_to_cbuf(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                     uint16_t dstGap, pad_t pad);
void copy_cbuf_to_gm(void* dst, void* src, uint8_t sid, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                     uint16_t dstGap);

// Vector gather and the vector mask.
void vgather(uint16_t* dst, uint32_t* offsets, uint32_t srcAddr, uint16_t dstRepStride, uint8_t repeat);
void vgather(uint32_t* dst, uint32_t* offsets, uint32_t srcAddr, uint16_t dstRepStride, uint8_t repeat);
void vgather(uint16_t* dst, uint32_t* offsets, uint64_t config);  // arch 2002: one packed config word
void vgather(uint32_t* dst, uint32_t* offsets, uint64_t config);
void set_vector_mask(uint64_t high, uint64_t low);
void set_mask_norm();
void set_mask_count();
// Add a scalar to int32 elements (Adds, which the offset tables use): arch 2201 takes 16-bit repeat
// strides, archs 1001 and 2002 8-bit ones.
void vadds(int32_t* dst, int32_t* src, int32_t scalar, uint8_t repeat, uint16_t dstBlkStride, uint16_t srcBlkStride,
           uint16_t dstRepStride, uint16_t srcRepStride);
void vadds(int32_t* dst, int32_t* src, int32_t scalar, uint8_t repeat, uint16_t dstBlkStride, uint16_t srcBlkStride,
           uint8_t dstRepStride, uint8_t srcRepStride);
// The 16-bit transpose (TransDataTo5HD) and the address registers it takes its block lists from.
void set_va_reg_sb(ub_addr8_t addr, uint64_t* array);
void scatter_vnchwconv_b16(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride, uint16_t srcStride);

// Arch 3002's register-level vector code (vector_* registers of stub_def.h; vector_bool is a
// predicate register handle).
vector_bool pset_b32(Literal pattern);
vector_bool plt_b16(uint32_t& remaining, Literal update);
vector_bool plt_b32(uint32_t& remaining, Literal update);
vector_bool movp_b16();
vector_bool movp_b32();
void vlds(vector_u32& dst, uint32_t* base, uint32_t offset, Literal mode);
void vlds(vector_s32& dst, int32_t* base, uint32_t offset, Literal mode);
void vadds(vector_s32& dst, vector_s32 src, int32_t scalar, vector_bool mask, Literal mode);
void vshrs(vector_u32& dst, vector_u32 src, int16_t shift, vector_bool mask, Literal mode);
void vdintlv(vector_u16& dst0, vector_u16& dst1, vector_u16 src0, vector_u16 src1);
void vgather2(vector_f32& dst, float* base, vector_u32 index, vector_bool mask);
void vgather2(vector_f16& dst, half* base, vector_u16 index, vector_bool mask);
void vgather2(vector_s16& dst, int8_t* base, vector_u16 index, vector_bool mask);
void vsts(vector_f32 src, float* base, uint32_t offset, Literal mode, vector_bool mask);
void vsts(vector_f16 src, half* base, uint32_t offset, Literal mode, vector_bool mask);
void vsts(vector_s8 src, int8_t* base, uint32_t offset, Literal mode, vector_bool mask);
void vsts(vector_s32 src, int32_t* base, uint32_t offset, Literal mode, vector_bool mask);
// The register intrinsics take every register type in the headers' other vector code: a call
// that is not an exact match of a modelled form above resolves to these, and fails to link.
template <typename... A> vector_bool pset_b32(A&&...);
template <typename... A> vector_bool plt_b16(A&&...);
template <typename... A> vector_bool plt_b32(A&&...);
template <typename... A> void vlds(A&&...);
template <typename... A> void vadds(A&&...);
template <typename... A> void vshrs(A&&...);
template <typename... A> void vdintlv(A&&...);
template <typename... A> void vgather2(A&&...);
template <typename... A> void vsts(A&&...);

// Synchronisation.
void set_flag(pipe_t src, pipe_t dst, event_t event);
void wait_flag(pipe_t src, pipe_t dst, event_t event);
void pipe_barrier(pipe_t pipe);

// Scalar unit, data cache, control registers.
int64_t sff0(uint64_t value);
uint64_t sbitset0(uint64_t value, int64_t bit);
uint64_t sbitset1(uint64_t value, int64_t bit);
int64_t get_ctrl();
void set_ctrl(uint64_t value);
void dcci(void* addr, uint64_t line);  // line: a cache_line_t
void dcci(void* addr, uint64_t line, uint64_t where);  // where: a dcci_dst_t
void set_atomic_none();
void set_padding(uint64_t value);
void set_l1_3d_size(uint64_t value);
void set_ffts_base_addr(uint64_t addr);
int64_t get_block_idx();
int64_t get_block_num();

// Launcher hooks (kern_fwk.h's RunKernelFunctionOnCpu).
int get_process_num();
void set_block_dim(int processIndex);
void set_core_type(int processIndex);
void AscendCKernelBegin(const char* name, int32_t argc, uint64_t* argv);
void AscendCKernelEnd(const char* name, int32_t argc, uint64_t* argv);
void AscendCBlockBegin(int32_t block, const char* name, int32_t argc, const uint64_t* argv);
void AscendCBlockEnd(int32_t block, const char* name, int32_t argc, const uint64_t* argv);

// UB and queue bookkeeping hooks of TPipe / TQue / TBuf.
void AscendCBufAbsAddr(uint8_t hardware, uint64_t addr, uint64_t len);
void AscendCBufInit(uint8_t position, uint8_t kind, uint8_t count, uint64_t addr, uint64_t len);
void AscendCBufAlloc(uint8_t position, uint8_t hardware, uint64_t addr, uint64_t len);
void AscendCBufFree(uint8_t position, uint8_t hardware, uint64_t addr, uint64_t len);
void AscendCBufEnque(uint8_t src, uint8_t dst, uint8_t position, uint64_t addr);
void AscendCBufDeque(uint8_t src, uint8_t dst, uint8_t position, uint64_t addr);
void AscendCBufGet(uint8_t position, uint8_t hardware, uint64_t addr, uint64_t len);
void AscendCQueCreate(uint8_t src, uint8_t dst, uint8_t depth);
void AscendCTBufPoolResetCheck(uint8_t position, uint64_t addr, uint64_t len, uint64_t pool);
void AscendCUpdateTbufPoolStatus(uint64_t pool, bool isReset);

// The element-wise vector intrinsics (vadd ... vconv_*, vcvt): forwarding templates, more
// specialised than the catch-alls below.
#include "stub_fun_vec.h"

// ---- every other intrinsic the AscendC headers name: declared, defined nowhere -------------
// returning void
template <typename... A> void AscendCRecordPoolHierarchy(A&&...);
template <typename... A> void AscendCTBufPoolInit(A&&...);
template <typename... A> void __ib_set_stub(A&&...);
template <typename... A> void __ib_wait_stub(A&&...);
template <typename... A> void __sync_all_stub(A&&...);
template <typename... A> void copy_cbuf_to_bt(A&&...);
template <typename... A> void copy_cbuf_to_fbuf(A&&...);
template <typename... A> void copy_cbuf_to_ubuf(A&&...);
template <typename... A> void copy_gm_to_cbuf_multi_nd2nz_b16(A&&...);
template <typename... A> void copy_gm_to_cbuf_multi_nd2nz_b32s(A&&...);
template <typename... A> void copy_gm_to_cbuf_multi_nd2nz_b8(A&&...);
template <typename... A> void copy_matrix_cc_to_gm(A&&...);
template <typename... A> void copy_matrix_cc_to_ubuf(A&&...);
template <typename... A> void copy_matrix_ubuf_to_cc(A&&...);
template <typename... A> void copy_ubuf_to_cbuf(A&&...);
template <typename... A> void copy_ubuf_to_ubuf(A&&...);
template <typename... A> void copy_vector_cc_to_ubuf(A&&...);
template <typename... A> void copy_vector_ubuf_to_cc(A&&...);
template <typename... A> void create_ca_matrix(A&&...);
template <typename... A> void create_cb_matrix(A&&...);
template <typename... A> void create_cbuf_matrix(A&&...);
template <typename... A> void dc_preload(A&&...);
template <typename... A> void dsb(A&&...);
template <typename... A> void ffts_cross_core_sync(A&&...);
template <typename... A> void hset_flag(A&&...);
template <typename... A> void hwait_flag(A&&...);
template <typename... A> void img2colv2_cbuf_to_ca(A&&...);
template <typename... A> void img2colv2_cbuf_to_ca_s4(A&&...);
template <typename... A> void img2colv2_cbuf_to_cb(A&&...);
template <typename... A> void img2colv2_cbuf_to_cb_s4(A&&...);
template <typename... A> void load_cbuf_to_ca_s4(A&&...);
template <typename... A> void load_cbuf_to_cb_s4(A&&...);
template <typename... A> void load_cbuf_to_cb_sp(A&&...);
template <typename... A> void load_cbuf_to_cb_transpose_s4(A&&...);
template <typename... A> void load_gm_to_cb_unzip(A&&...);
template <typename... A> void load_gm_to_cbuf_unzip(A&&...);
template <typename... A> void load_unzip_index_from_gm(A&&...);
template <typename... A> void mad_sp(A&&...);
template <typename... A> void mem_bar(A&&...);
template <typename... A> void preload(A&&...);
template <typename... A> void scatter_vnchwconv_b16(A&&...);
template <typename... A> void scatter_vnchwconv_b32(A&&...);
template <typename... A> void scatter_vnchwconv_b8(A&&...);
template <typename... A> void set_aipp_spr_0(A&&...);
template <typename... A> void set_aipp_spr_1(A&&...);
template <typename... A> void set_aipp_spr_18(A&&...);
template <typename... A> void set_aipp_spr_19(A&&...);
template <typename... A> void set_aipp_spr_2(A&&...);
template <typename... A> void set_aipp_spr_20(A&&...);
template <typename... A> void set_aipp_spr_21(A&&...);
template <typename... A> void set_aipp_spr_3(A&&...);
template <typename... A> void set_aipp_spr_4(A&&...);
template <typename... A> void set_aipp_spr_5(A&&...);
template <typename... A> void set_aipp_spr_6(A&&...);
template <typename... A> void set_aipp_spr_7(A&&...);
template <typename... A> void set_aipp_spr_8(A&&...);
template <typename... A> void set_aipp_spr_9(A&&...);
template <typename... A> void set_atomic_add(A&&...);
template <typename... A> void set_atomic_bf16(A&&...);
template <typename... A> void set_atomic_f16(A&&...);
template <typename... A> void set_atomic_f32(A&&...);
template <typename... A> void set_atomic_max(A&&...);
template <typename... A> void set_atomic_min(A&&...);
template <typename... A> void set_atomic_s16(A&&...);
template <typename... A> void set_atomic_s32(A&&...);
template <typename... A> void set_atomic_s8(A&&...);
template <typename... A> void set_cmpmask(A&&...);
template <typename... A> void set_data_exp_0(A&&...);
template <typename... A> void set_data_exp_1(A&&...);
template <typename... A> void set_data_exp_2(A&&...);
template <typename... A> void set_data_exp_3(A&&...);
template <typename... A> void set_deqscale(A&&...);
template <typename... A> void set_fix_clip_relu(A&&...);
template <typename... A> void set_fixp_addr(A&&...);
template <typename... A> void set_fmatrix(A&&...);
template <typename... A> void set_fmatrix_b(A&&...);
template <typename... A> void set_fpc(A&&...);
template <typename... A> void set_l3d_rpt(A&&...);
template <typename... A> void set_loop3_para(A&&...);
template <typename... A> void set_nd_para(A&&...);
template <typename... A> void set_quant_pre(A&&...);
template <typename... A> void set_st_atomic_cfg(A&&...);
template <typename... A> void set_va_reg_sb(A&&...);
template <typename... A> void sprclr(A&&...);
template <typename... A> void st_dev(A&&...);
template <typename... A> void trap(A&&...);
template <typename... A> void v4dtrans(A&&...);
template <typename... A> void vabs(A&&...);
template <typename... A> void vadd(A&&...);
template <typename... A> void vadddeqrelu(A&&...);
template <typename... A> void vand(A&&...);
template <typename... A> void vbr(A&&...);
template <typename... A> void vbrcb(A&&...);
template <typename... A> void vcadd(A&&...);
template <typename... A> void vcbd_s322s16(A&&...);
template <typename... A> void vcgadd(A&&...);
template <typename... A> void vcgmax(A&&...);
template <typename... A> void vcgmin(A&&...);
template <typename... A> void vci(A&&...);
template <typename... A> void vcmax(A&&...);
template <typename... A> void vcmin(A&&...);
template <typename... A> void vcmp_eq(A&&...);
template <typename... A> void vcmp_ge(A&&...);
template <typename... A> void vcmp_gt(A&&...);
template <typename... A> void vcmp_le(A&&...);
template <typename... A> void vcmp_lt(A&&...);
template <typename... A> void vcmp_ne(A&&...);
template <typename... A> void vcmps_eq(A&&...);
template <typename... A> void vcmps_ge(A&&...);
template <typename... A> void vcmps_gt(A&&...);
template <typename... A> void vcmps_le(A&&...);
template <typename... A> void vcmps_lt(A&&...);
template <typename... A> void vcmps_ne(A&&...);
template <typename... A> void vcmpv_eq(A&&...);
template <typename... A> void vcmpv_ge(A&&...);
template <typename... A> void vcmpv_gt(A&&...);
template <typename... A> void vcmpv_le(A&&...);
template <typename... A> void vcmpv_lt(A&&...);
template <typename... A> void vcmpv_ne(A&&...);
template <typename... A> void vcmpvs_eq(A&&...);
template <typename... A> void vcmpvs_ge(A&&...);
template <typename... A> void vcmpvs_gt(A&&...);
template <typename... A> void vcmpvs_le(A&&...);
template <typename... A> void vcmpvs_lt(A&&...);
template <typename... A> void vcmpvs_ne(A&&...);
template <typename... A> void vconv_bf162f32(A&&...);
template <typename... A> void vconv_bf162s32a(A&&...);
template <typename... A> void vconv_bf162s32c(A&&...);
template <typename... A> void vconv_bf162s32f(A&&...);
template <typename... A> void vconv_bf162s32r(A&&...);
template <typename... A> void vconv_bf162s32z(A&&...);
template <typename... A> void vconv_deq(A&&...);
template <typename... A> void vconv_f162f32(A&&...);
template <typename... A> void vconv_f162s16a(A&&...);
template <typename... A> void vconv_f162s16c(A&&...);
template <typename... A> void vconv_f162s16f(A&&...);
template <typename... A> void vconv_f162s16r(A&&...);
template <typename... A> void vconv_f162s16z(A&&...);
template <typename... A> void vconv_f162s32a(A&&...);
template <typename... A> void vconv_f162s32c(A&&...);
template <typename... A> void vconv_f162s32f(A&&...);
template <typename... A> void vconv_f162s32r(A&&...);
template <typename... A> void vconv_f162s32z(A&&...);
template <typename... A> void vconv_f162s4(A&&...);
template <typename... A> void vconv_f162s4a(A&&...);
template <typename... A> void vconv_f162s4c(A&&...);
template <typename... A> void vconv_f162s4f(A&&...);
template <typename... A> void vconv_f162s4r(A&&...);
template <typename... A> void vconv_f162s4z(A&&...);
template <typename... A> void vconv_f162s8(A&&...);
template <typename... A> void vconv_f162s8a(A&&...);
template <typename... A> void vconv_f162s8c(A&&...);
template <typename... A> void vconv_f162s8f(A&&...);
template <typename... A> void vconv_f162s8r(A&&...);
template <typename... A> void vconv_f162s8z(A&&...);
template <typename... A> void vconv_f162u8(A&&...);
template <typename... A> void vconv_f162u8a(A&&...);
template <typename... A> void vconv_f162u8c(A&&...);
template <typename... A> void vconv_f162u8f(A&&...);
template <typename... A> void vconv_f162u8r(A&&...);
template <typename... A> void vconv_f162u8z(A&&...);
template <typename... A> void vconv_f322bf16a(A&&...);
template <typename... A> void vconv_f322bf16c(A&&...);
template <typename... A> void vconv_f322bf16f(A&&...);
template <typename... A> void vconv_f322bf16r(A&&...);
template <typename... A> void vconv_f322bf16z(A&&...);
template <typename... A> void vconv_f322f16(A&&...);
template <typename... A> void vconv_f322f16a(A&&...);
template <typename... A> void vconv_f322f16c(A&&...);
template <typename... A> void vconv_f322f16f(A&&...);
template <typename... A> void vconv_f322f16o(A&&...);
template <typename... A> void vconv_f322f16r(A&&...);
template <typename... A> void vconv_f322f16z(A&&...);
template <typename... A> void vconv_f322f32a(A&&...);
template <typename... A> void vconv_f322f32c(A&&...);
template <typename... A> void vconv_f322f32f(A&&...);
template <typename... A> void vconv_f322f32r(A&&...);
template <typename... A> void vconv_f322f32z(A&&...);
template <typename... A> void vconv_f322s16a(A&&...);
template <typename... A> void vconv_f322s16c(A&&...);
template <typename... A> void vconv_f322s16f(A&&...);
template <typename... A> void vconv_f322s16r(A&&...);
template <typename... A> void vconv_f322s16z(A&&...);
template <typename... A> void vconv_f322s32a(A&&...);
template <typename... A> void vconv_f322s32c(A&&...);
template <typename... A> void vconv_f322s32f(A&&...);
template <typename... A> void vconv_f322s32r(A&&...);
template <typename... A> void vconv_f322s32z(A&&...);
template <typename... A> void vconv_f322s64a(A&&...);
template <typename... A> void vconv_f322s64c(A&&...);
template <typename... A> void vconv_f322s64f(A&&...);
template <typename... A> void vconv_f322s64r(A&&...);
template <typename... A> void vconv_f322s64z(A&&...);
template <typename... A> void vconv_s162f16(A&&...);
template <typename... A> void vconv_s162f16a(A&&...);
template <typename... A> void vconv_s162f16c(A&&...);
template <typename... A> void vconv_s162f16f(A&&...);
template <typename... A> void vconv_s162f16r(A&&...);
template <typename... A> void vconv_s162f16z(A&&...);
template <typename... A> void vconv_s162f32(A&&...);
template <typename... A> void vconv_s322f32(A&&...);
template <typename... A> void vconv_s322f32a(A&&...);
template <typename... A> void vconv_s322f32c(A&&...);
template <typename... A> void vconv_s322f32f(A&&...);
template <typename... A> void vconv_s322f32r(A&&...);
template <typename... A> void vconv_s322f32z(A&&...);
template <typename... A> void vconv_s322s16(A&&...);
template <typename... A> void vconv_s322s64(A&&...);
template <typename... A> void vconv_s42f16(A&&...);
template <typename... A> void vconv_s642f32a(A&&...);
template <typename... A> void vconv_s642f32c(A&&...);
template <typename... A> void vconv_s642f32f(A&&...);
template <typename... A> void vconv_s642f32r(A&&...);
template <typename... A> void vconv_s642f32z(A&&...);
template <typename... A> void vconv_s642s32(A&&...);
template <typename... A> void vconv_s82f16(A&&...);
template <typename... A> void vconv_u82f16(A&&...);
template <typename... A> void vcopy(A&&...);
template <typename... A> void vcpadd(A&&...);
template <typename... A> void vcvt(A&&...);
template <typename... A> void vdiv(A&&...);
template <typename... A> void vdup(A&&...);
template <typename... A> void vector_dup(A&&...);
template <typename... A> void vexp(A&&...);
template <typename... A> void vgatherb(A&&...);
template <typename... A> void vintlv(A&&...);
template <typename... A> void vld_va_reg(A&&...);
template <typename... A> void vln(A&&...);
template <typename... A> void vlrelu(A&&...);
template <typename... A> void vmadd(A&&...);
template <typename... A> void vmax(A&&...);
template <typename... A> void vmaxs(A&&...);
template <typename... A> void vmin(A&&...);
template <typename... A> void vmins(A&&...);
template <typename... A> void vmul(A&&...);
template <typename... A> void vmula(A&&...);
template <typename... A> void vmulconv_f162s8(A&&...);
template <typename... A> void vmulconv_f162u8(A&&...);
template <typename... A> void vmuls(A&&...);
template <typename... A> void vnot(A&&...);
template <typename... A> void vor(A&&...);
template <typename... A> void vpack(A&&...);
template <typename... A> void vpadding(A&&...);
template <typename... A> void vrec(A&&...);
template <typename... A> void vreduce(A&&...);
template <typename... A> void vreducev2(A&&...);
template <typename... A> void vrelu(A&&...);
template <typename... A> void vrsqrt(A&&...);
template <typename... A> void vscatter(A&&...);
template <typename... A> void vsel(A&&...);
template <typename... A> void vshls(A&&...);
template <typename... A> void vshr(A&&...);
template <typename... A> void vsldb(A&&...);
template <typename... A> void vsqrt(A&&...);
template <typename... A> void vsqz(A&&...);
template <typename... A> void vsstb(A&&...);
template <typename... A> void vstar(A&&...);
template <typename... A> void vstas(A&&...);
template <typename... A> void vstur(A&&...);
template <typename... A> void vstus(A&&...);
template <typename... A> void vsub(A&&...);
template <typename... A> void vtranspose(A&&...);
template <typename... A> void vtrc(A&&...);
template <typename... A> void wait_flag_dev(A&&...);
// returning int64_t
template <typename... A> int64_t bcnt0(A&&...);
template <typename... A> int64_t bcnt1(A&&...);
template <typename... A> int64_t clz(A&&...);
template <typename... A> int64_t get_acc_val(A&&...);
template <typename... A> int64_t get_ar(A&&...);
template <typename... A> int64_t get_arch_ver(A&&...);
template <typename... A> int64_t get_icache_prl_st(A&&...);
template <typename... A> int64_t get_imm(A&&...);
template <typename... A> int64_t get_max_min_cnt(A&&...);
template <typename... A> int64_t get_pc(A&&...);
template <typename... A> int64_t get_rsvd_cnt(A&&...);
template <typename... A> int64_t get_st_atomic_cfg(A&&...);
template <typename... A> int64_t get_status(A&&...);
template <typename... A> int64_t get_vms4_sr(A&&...);
template <typename... A> int64_t ld_dev(A&&...);
template <typename... A> int64_t sff1(A&&...);
template <typename... A> int64_t sflbits(A&&...);
// returning half
template <typename... A> half conv_f322f16o(A&&...);
// returning int32_t
template <typename... A> int32_t conv_f322s32a(A&&...);
template <typename... A> int32_t conv_f322s32c(A&&...);
template <typename... A> int32_t conv_f322s32f(A&&...);
template <typename... A> int32_t conv_f322s32r(A&&...);
// returning ascend_ops_cpudebug::AnyValue
template <typename... A> ascend_ops_cpudebug::AnyValue pdintlv_b16(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue pdintlv_b8(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue pintlv_b16(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue plds(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue plt_b8(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue pmov(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue ppack(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue pset_b16(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue pset_b8(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue psts(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue punpack(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue vldas(A&&...);
template <typename... A> ascend_ops_cpudebug::AnyValue vldus(A&&...);
#endif  // ASCEND_OPS_CPUDEBUG_STUB_FUN_H
