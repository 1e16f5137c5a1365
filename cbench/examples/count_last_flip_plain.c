/*
 * count_last_flip, plain C: x is the last empty square, so every other
 * square is P's or the opponent's. Walk each of the 8 directions from x
 * while the squares are not P's; if the walk stops on one of P's discs,
 * the squares walked over flip. Twice the count, as Edax's last_flip.
 *
 * cbench/run.sh count_last_flip cbench/examples/count_last_flip_plain.c
 */
#include <stdint.h>

int count_last_flip(uint64_t P, int x) {
    static const int df[8] = {1, -1, 0, 0, 1, -1, 1, -1};
    static const int dr[8] = {0, 0, 1, -1, 1, -1, -1, 1};
    int n = 0, f0 = x & 7, r0 = x >> 3;
    for (int d = 0; d < 8; d++) {
        int f = f0 + df[d], r = r0 + dr[d], k = 0;
        while (f >= 0 && f < 8 && r >= 0 && r < 8 && !(P >> (r * 8 + f) & 1)) {
            k++;
            f += df[d];
            r += dr[d];
        }
        if (f >= 0 && f < 8 && r >= 0 && r < 8) n += k; /* stopped on P */
    }
    return 2 * n;
}
