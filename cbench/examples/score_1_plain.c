/*
 * score_1 on count_last_flip (count_last_flip_plain.c): Edax's
 * board_score_1 with one empty square x at the null window
 * (alpha, alpha+1). If P can play x, the exact final score; if not, the
 * score with x given to the winner, and only if that exceeds alpha is the
 * opponent's move on x looked at. Disc difference from P's side.
 *
 * cbench/run.sh score_1 cbench/examples/score_1_plain.c
 */
#include <stdint.h>

#include "count_last_flip_plain.c"

static int popcount64(uint64_t v) {
#if defined(__GNUC__)
    return __builtin_popcountll(v);
#else
    v = v - (v >> 1 & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + (v >> 2 & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)(v * 0x0101010101010101ull >> 56);
#endif
}

int score_1(uint64_t P, int alpha, int x) {
    int score = 2 * popcount64(P) - 64 + 2; /* x counted for P */
    int n = count_last_flip(P, x);
    if (n != 0) return score + n;
    int score2 = score - 2; /* x to the opponent */
    if (score <= 0) score = score2;
    if (score > alpha) {
        n = count_last_flip(~P & ~(1ull << x), x);
        if (n != 0) score = score2 - n;
    }
    return score;
}
