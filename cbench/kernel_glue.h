/*
 * kernel_glue.h: the end of a kernel's translation unit. cbench/run.sh
 * compiles
 *
 *     #include "YOUR_KERNEL.c"
 *     #include "kernel_glue.h"
 *
 * with -DCBENCH_FLIP (or CBENCH_COUNT_LAST_FLIP, CBENCH_MOVES,
 * CBENCH_SCORE_1) and the kernel's flags (-O2 -mavx2 ...). This file
 * declares the contract's prototype (so a kernel of another signature does
 * not compile), defines the batch form (a loop calling the kernel
 * directly, which the compiler may inline and unroll, compiled with the
 * kernel's flags), and the descriptor cbench.c reads. The CPU features the
 * unit was compiled for (__AVX2__, __BMI2__, ... from -mavx2, -march=...)
 * become the kernel's requirements: the harness refuses to run it on a
 * CPU that lacks one. A kernel that enables features by other means
 * (__attribute__((target("avx2")))) declares them before this file:
 *
 *     #define CBENCH_REQUIRES "avx2,bmi2"
 */
#include "cbench.h"

#if defined(CBENCH_FLIP)
uint64_t flip(uint64_t P, uint64_t O, int x);
static void cbench_batch(const cb_flip_in *in, uint64_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = flip(in[i].P, in[i].O, in[i].x);
}
#define CBENCH_FIELDS_ .kernel = "flip", .flip = flip, .flip_batch = cbench_batch
#elif defined(CBENCH_MOVES)
uint64_t get_moves(uint64_t P, uint64_t O);
static void cbench_batch(const cb_board_in *in, uint64_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = get_moves(in[i].P, in[i].O);
}
#define CBENCH_FIELDS_ .kernel = "moves", .moves = get_moves, .moves_batch = cbench_batch
#elif defined(CBENCH_COUNT_LAST_FLIP)
int count_last_flip(uint64_t P, int x);
static void cbench_batch(const cb_px_in *in, int *out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = count_last_flip(in[i].P, in[i].x);
}
#define CBENCH_FIELDS_ .kernel = "count_last_flip", .count_last_flip = count_last_flip, .count_last_flip_batch = cbench_batch
#elif defined(CBENCH_SCORE_1)
int score_1(uint64_t P, int alpha, int x);
static void cbench_batch(const cb_pxa_in *in, int *out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = score_1(in[i].P, in[i].alpha, in[i].x);
}
#define CBENCH_FIELDS_ .kernel = "score_1", .score_1 = score_1, .score_1_batch = cbench_batch
#else
#error "define one of CBENCH_FLIP, CBENCH_COUNT_LAST_FLIP, CBENCH_MOVES, CBENCH_SCORE_1 (cbench/run.sh does)"
#endif

#ifndef CBENCH_CFLAGS
#define CBENCH_CFLAGS "unknown"
#endif
#ifndef CBENCH_SOURCE
#define CBENCH_SOURCE "kernel.c"
#endif

#if defined(__clang__)
#define CBENCH_COMPILER_ "clang " __clang_version__
#elif defined(__GNUC__)
#define CBENCH_COMPILER_ "gcc " __VERSION__
#elif defined(__VERSION__)
#define CBENCH_COMPILER_ __VERSION__
#else
#define CBENCH_COMPILER_ "unknown"
#endif

/* The features the unit was compiled for, as flipbench names them (x86-64
 * baseline SSE2 left out). */
static const char cbench_requires_[] = ""
#ifdef __SSE3__
    "sse3,"
#endif
#ifdef __SSSE3__
    "ssse3,"
#endif
#ifdef __SSE4_1__
    "sse4.1,"
#endif
#ifdef __SSE4_2__
    "sse4.2,"
#endif
#ifdef __POPCNT__
    "popcnt,"
#endif
#ifdef __AVX__
    "avx,"
#endif
#ifdef __AVX2__
    "avx2,"
#endif
#ifdef __FMA__
    "fma,"
#endif
#ifdef __F16C__
    "f16c,"
#endif
#ifdef __BMI__
    "bmi1,"
#endif
#ifdef __BMI2__
    "bmi2,"
#endif
#ifdef __LZCNT__
    "lzcnt,"
#endif
#ifdef __MOVBE__
    "movbe,"
#endif
#ifdef __ADX__
    "adx,"
#endif
#ifdef __AES__
    "aes,"
#endif
#ifdef __PCLMUL__
    "pclmulqdq,"
#endif
#ifdef __SHA__
    "sha,"
#endif
#ifdef __AVX512F__
    "avx512f,"
#endif
#ifdef __AVX512CD__
    "avx512cd,"
#endif
#ifdef __AVX512BW__
    "avx512bw,"
#endif
#ifdef __AVX512DQ__
    "avx512dq,"
#endif
#ifdef __AVX512VL__
    "avx512vl,"
#endif
#ifdef __AVX512IFMA__
    "avx512ifma,"
#endif
#ifdef __AVX512VBMI__
    "avx512vbmi,"
#endif
#ifdef __AVX512VBMI2__
    "avx512vbmi2,"
#endif
#ifdef __AVX512VNNI__
    "avx512vnni,"
#endif
#ifdef __AVX512BITALG__
    "avx512bitalg,"
#endif
#ifdef __AVX512VPOPCNTDQ__
    "avx512vpopcntdq,"
#endif
#ifdef __GFNI__
    "gfni,"
#endif
#ifdef __VAES__
    "vaes,"
#endif
#ifdef __VPCLMULQDQ__
    "vpclmulqdq,"
#endif
#ifdef CBENCH_REQUIRES
    CBENCH_REQUIRES ","
#endif
    ;

const cb_kernel cbench_kernel = {
    CBENCH_FIELDS_,
    .requires = cbench_requires_,
    .cflags = CBENCH_CFLAGS,
    .compiler = CBENCH_COMPILER_,
    .source = CBENCH_SOURCE,
};
