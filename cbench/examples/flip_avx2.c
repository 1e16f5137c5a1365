/*
 * flip with AVX2 intrinsics: the four directions of steps 1, 8, 7, 9 in
 * the four 64-bit lanes of a YMM register, filled toward higher squares
 * with VPSLLVQ and toward lower squares with VPSRLVQ, by a parallel
 * prefix (one step, one step, then two doubling steps: 6 squares). A ray
 * is kept where the square after its last disc holds one of P's discs
 * (VPCMPEQQ against zero), and the eight rays are ORed together.
 *
 * Compiled with -mavx2 for this file only (the line below tells run.sh);
 * the harness refuses to run it on a CPU without AVX2.
 *
 * cbench-cflags: -mavx2
 *
 * cbench/run.sh flip cbench/examples/flip_avx2.c
 */
#include <immintrin.h>
#include <stdint.h>

uint64_t flip(uint64_t P, uint64_t O, int x) {
    const __m256i step = _mm256_set_epi64x(9, 7, 8, 1);
    const __m256i step2 = _mm256_add_epi64(step, step);
    /* the file direction (step 8) needs no A/H mask */
    const __m256i mask = _mm256_set_epi64x(0x7e7e7e7e7e7e7e7e, 0x7e7e7e7e7e7e7e7e, -1, 0x7e7e7e7e7e7e7e7e);
    const __m256i pp = _mm256_set1_epi64x((long long)P);
    const __m256i oo = _mm256_and_si256(_mm256_set1_epi64x((long long)O), mask);
    const __m256i m = _mm256_set1_epi64x((long long)(1ull << x));

    /* up: toward higher squares */
    __m256i pre = _mm256_and_si256(oo, _mm256_sllv_epi64(oo, step));
    __m256i up = _mm256_and_si256(oo, _mm256_sllv_epi64(m, step));
    up = _mm256_or_si256(up, _mm256_and_si256(oo, _mm256_sllv_epi64(up, step)));
    up = _mm256_or_si256(up, _mm256_and_si256(pre, _mm256_sllv_epi64(up, step2)));
    up = _mm256_or_si256(up, _mm256_and_si256(pre, _mm256_sllv_epi64(up, step2)));
    __m256i end = _mm256_and_si256(pp, _mm256_sllv_epi64(up, step));
    up = _mm256_andnot_si256(_mm256_cmpeq_epi64(end, _mm256_setzero_si256()), up);

    /* down: toward lower squares */
    pre = _mm256_and_si256(oo, _mm256_srlv_epi64(oo, step));
    __m256i dn = _mm256_and_si256(oo, _mm256_srlv_epi64(m, step));
    dn = _mm256_or_si256(dn, _mm256_and_si256(oo, _mm256_srlv_epi64(dn, step)));
    dn = _mm256_or_si256(dn, _mm256_and_si256(pre, _mm256_srlv_epi64(dn, step2)));
    dn = _mm256_or_si256(dn, _mm256_and_si256(pre, _mm256_srlv_epi64(dn, step2)));
    end = _mm256_and_si256(pp, _mm256_srlv_epi64(dn, step));
    dn = _mm256_andnot_si256(_mm256_cmpeq_epi64(end, _mm256_setzero_si256()), dn);

    __m256i r = _mm256_or_si256(up, dn);
    __m128i h = _mm_or_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
    h = _mm_or_si128(h, _mm_unpackhi_epi64(h, h));
    return (uint64_t)_mm_cvtsi128_si64(h);
}
