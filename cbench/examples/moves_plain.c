/*
 * get_moves, plain C: for each direction, the opponent's discs reachable
 * from P's discs by a shift fill (6 steps), shifted once more onto the
 * squares behind them; the empty ones are the moves. The A and H files of
 * the opponent's discs are masked off for the directions that move
 * sideways.
 *
 * cbench/run.sh moves cbench/examples/moves_plain.c
 */
#include <stdint.h>

static inline uint64_t both_ways(uint64_t P, uint64_t O, int s) {
    uint64_t up = O & (P << s), dn = O & (P >> s);
    for (int i = 0; i < 5; i++) {
        up |= O & (up << s);
        dn |= O & (dn >> s);
    }
    return up << s | dn >> s;
}

uint64_t get_moves(uint64_t P, uint64_t O) {
    uint64_t side = O & 0x7e7e7e7e7e7e7e7eull;
    uint64_t m = both_ways(P, side, 1) | both_ways(P, O, 8) | both_ways(P, side, 7) | both_ways(P, side, 9);
    return m & ~(P | O);
}
