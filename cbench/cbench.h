/*
 * cbench.h: what the C harness (cbench.c) and a kernel's translation unit
 * (kernel_glue.h, included after the kernel) share: the inputs of the
 * batch forms and the descriptor of the kernel under test.
 */
#ifndef CBENCH_H
#define CBENCH_H

#include <stddef.h>
#include <stdint.h>

/* The inputs of the batch forms, as flipbench's (variants/batch.go). */
typedef struct { uint64_t P, O; int x; } cb_flip_in;         /* flip */
typedef struct { uint64_t P, O; } cb_board_in;               /* moves */
typedef struct { uint64_t P; int x; } cb_px_in;              /* count_last_flip */
typedef struct { uint64_t P; int x, alpha; } cb_pxa_in;      /* score_1 */

/* The kernels' C signatures (the contracts: cases/FORMAT.md). */
typedef uint64_t (*cb_flip_fn)(uint64_t P, uint64_t O, int x);
typedef uint64_t (*cb_moves_fn)(uint64_t P, uint64_t O);
typedef int (*cb_count_last_flip_fn)(uint64_t P, int x);
typedef int (*cb_score_1_fn)(uint64_t P, int alpha, int x);

/* The batch forms: out[i] = kernel(in[i]) for i < n, the kernel called
 * directly, so that the compiler may inline and unroll it. */
typedef void (*cb_flip_batch_fn)(const cb_flip_in *in, uint64_t *out, size_t n);
typedef void (*cb_moves_batch_fn)(const cb_board_in *in, uint64_t *out, size_t n);
typedef void (*cb_count_last_flip_batch_fn)(const cb_px_in *in, int *out, size_t n);
typedef void (*cb_score_1_batch_fn)(const cb_pxa_in *in, int *out, size_t n);

/* The kernel under test, defined by kernel_glue.h in the kernel's
 * translation unit: one of the function pairs is set. */
typedef struct {
    const char *kernel;   /* "flip", "count_last_flip", "moves", "score_1" */
    const char *requires; /* CPU features the kernel's unit was compiled for, comma-separated */
    const char *cflags;   /* the flags of the kernel's unit */
    const char *compiler;
    const char *source;   /* the kernel's source file */
    cb_flip_fn flip;
    cb_flip_batch_fn flip_batch;
    cb_moves_fn moves;
    cb_moves_batch_fn moves_batch;
    cb_count_last_flip_fn count_last_flip;
    cb_count_last_flip_batch_fn count_last_flip_batch;
    cb_score_1_fn score_1;
    cb_score_1_batch_fn score_1_batch;
} cb_kernel;

extern const cb_kernel cbench_kernel;

#endif /* CBENCH_H */
