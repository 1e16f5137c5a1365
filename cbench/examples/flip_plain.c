/*
 * flip, plain C: for each of the 8 directions, a shift fill from x
 * through the opponent's discs (at most 6 steps), kept when the next
 * square holds one of P's discs. The opponent's discs are masked off the
 * A and H files for the directions that move sideways, so that no fill
 * wraps around the board.
 *
 * cbench/run.sh flip cbench/examples/flip_plain.c
 */
#include <stdint.h>

#define NOT_AH 0x7e7e7e7e7e7e7e7eull

/* toward higher squares (step s) */
static inline uint64_t ray_up(uint64_t m, uint64_t P, uint64_t O, int s) {
    uint64_t f = O & (m << s);
    f |= O & (f << s);
    f |= O & (f << s);
    f |= O & (f << s);
    f |= O & (f << s);
    f |= O & (f << s);
    return f & (0 - (uint64_t)((P & (f << s)) != 0)); /* kept if P closes the ray */
}

/* toward lower squares */
static inline uint64_t ray_down(uint64_t m, uint64_t P, uint64_t O, int s) {
    uint64_t f = O & (m >> s);
    f |= O & (f >> s);
    f |= O & (f >> s);
    f |= O & (f >> s);
    f |= O & (f >> s);
    f |= O & (f >> s);
    return f & (0 - (uint64_t)((P & (f >> s)) != 0));
}

uint64_t flip(uint64_t P, uint64_t O, int x) {
    uint64_t m = 1ull << x, side = O & NOT_AH;
    return ray_up(m, P, side, 1) | ray_down(m, P, side, 1)     /* row */
         | ray_up(m, P, O, 8) | ray_down(m, P, O, 8)           /* file */
         | ray_up(m, P, side, 7) | ray_down(m, P, side, 7)     /* anti-diagonal */
         | ray_up(m, P, side, 9) | ray_down(m, P, side, 9);    /* diagonal */
}
