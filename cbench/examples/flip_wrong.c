/*
 * A deliberately wrong flip: flip_plain.c without the diagonal toward
 * lower squares (steps of -9, toward A1). cbench must reject it with a
 * counterexample; cbench/ci.sh checks that it does.
 *
 * cbench/run.sh flip cbench/examples/flip_wrong.c   # exits 1: MISMATCH ...
 */
#include <stdint.h>

#define NOT_AH 0x7e7e7e7e7e7e7e7eull

static inline uint64_t ray_up(uint64_t m, uint64_t P, uint64_t O, int s) {
    uint64_t f = O & (m << s);
    for (int i = 0; i < 5; i++) f |= O & (f << s);
    return f & (0 - (uint64_t)((P & (f << s)) != 0)); /* kept if P closes the ray */
}

static inline uint64_t ray_down(uint64_t m, uint64_t P, uint64_t O, int s) {
    uint64_t f = O & (m >> s);
    for (int i = 0; i < 5; i++) f |= O & (f >> s);
    return f & (0 - (uint64_t)((P & (f >> s)) != 0));
}

uint64_t flip(uint64_t P, uint64_t O, int x) {
    uint64_t m = 1ull << x, side = O & NOT_AH;
    return ray_up(m, P, side, 1) | ray_down(m, P, side, 1)
         | ray_up(m, P, O, 8) | ray_down(m, P, O, 8)
         | ray_up(m, P, side, 7) | ray_down(m, P, side, 7)
         | ray_up(m, P, side, 9); /* the bug: ray_down(m, P, side, 9) is missing */
}
