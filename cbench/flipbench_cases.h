/*
 * flipbench_cases.h: a header-only C reader of flipbench case files,
 * format version 1 (cases/FORMAT.md). C99, nothing beyond the C library;
 * every function is static, so include it where it is used.
 *
 * A case file holds one kernel's inputs with the reference's outputs
 * (go run ./cmd/flipbench cases -kernel flip -o flip.cases):
 *
 *     fbc_file f;
 *     char err[FBC_ERR_SIZE];
 *     if (fbc_open("flip.cases", &f, err, sizeof err) != 0) {
 *         fprintf(stderr, "%s\n", err);
 *         return 2;
 *     }
 *     for (uint64_t i = 0; i < f.count; i++) {
 *         fbc_case c = fbc_get(&f, i);
 *         if (flip(c.P, c.O, c.x) != c.want) ...
 *     }
 *     fbc_close(&f);
 *
 * fbc_open checks everything before it returns 0: the magic, the version,
 * the kernel and its record size, the record count (at most
 * FBC_MAX_RECORDS, and exactly what the file holds), the FNV-1a 64
 * checksum, and every record (x a square 0..63 and empty, P and O
 * disjoint, reserved words zero). Memory grows with the bytes actually
 * read, never with a count the header claims. So fbc_get needs no checks.
 */
#ifndef FLIPBENCH_CASES_H
#define FLIPBENCH_CASES_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FBC_VERSION 1
#define FBC_MAGIC "FBCASES"          /* and a NUL: 8 bytes */
#define FBC_MAX_RECORDS (1u << 25)
#define FBC_MAX_CONTRACT 4096
#define FBC_FIXED_HEADER 88
#define FBC_ERR_SIZE 512

/* The kernels a case file can hold. */
enum fbc_kernel { FBC_FLIP = 1, FBC_COUNT_LAST_FLIP, FBC_MOVES, FBC_SCORE_1 };

/* One case. Which fields a kernel uses:
 *   flip             P, O, x          -> want (the flipped discs)
 *   count_last_flip  P, x             -> want_int (2 x the flipped count)
 *   moves            P, O             -> want (the legal moves)
 *   score_1          P, x, alpha      -> want_int (the score)
 * For count_last_flip and score_1, O is not stored (it is every square
 * but P and x); fbc_get fills it in as ~P & ~(1 << x). */
typedef struct {
    uint64_t P, O;
    int x, alpha;
    uint64_t want;
    int want_int;
} fbc_case;

typedef struct {
    int version;               /* FBC_VERSION */
    enum fbc_kernel kernel;
    char kernel_name[33];      /* "flip", "count_last_flip", "moves", "score_1" */
    char set[17];              /* "check" or "bench" */
    char contract[FBC_MAX_CONTRACT + 1]; /* the kernel's C signature and what it computes */
    uint64_t seed;             /* the seed the inputs were drawn with */
    uint64_t count;            /* records */
    uint32_t record_size;      /* bytes per record */
    unsigned char *data;       /* the whole file */
    size_t size;
    const unsigned char *records;
} fbc_file;

static uint32_t fbc_u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t fbc_u64(const unsigned char *p) { return fbc_u32(p) | (uint64_t)fbc_u32(p + 4) << 32; }

static int fbc_i32(const unsigned char *p) {
    uint32_t v = fbc_u32(p);
    return v < 0x80000000u ? (int)v : -(int)(0xffffffffu - v) - 1;
}

/* FNV-1a 64 of n bytes. */
static uint64_t fbc_fnv1a64(const unsigned char *p, size_t n) {
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int fbc_fail(char *err, size_t errlen, const char *path, const char *fmt, ...) {
    if (err && errlen) {
        va_list ap;
        int n = snprintf(err, errlen, "%s: case file: ", path);
        if (n < 0 || (size_t)n >= errlen) n = 0;
        va_start(ap, fmt);
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* fbc_name reads a NUL-padded name of n bytes into out (n+1 bytes):
 * printable ASCII, then only NULs. */
static int fbc_name(const unsigned char *p, size_t n, char *out) {
    size_t i = 0;
    while (i < n && p[i] != 0) {
        if (p[i] <= 0x20 || p[i] > 0x7e) return -1;
        out[i] = (char)p[i];
        i++;
    }
    out[i] = 0;
    for (; i < n; i++)
        if (p[i] != 0) return -1;
    return 0;
}

static size_t fbc_record_size(enum fbc_kernel k) {
    switch (k) {
    case FBC_FLIP: return 32;
    case FBC_COUNT_LAST_FLIP: return 16;
    case FBC_MOVES: return 24;
    case FBC_SCORE_1: return 24;
    }
    return 0;
}

/* fbc_check_record says what is wrong with record r, or returns NULL. */
static const char *fbc_check_record(enum fbc_kernel k, const unsigned char *r, char *buf, size_t len) {
    uint64_t P = fbc_u64(r), O = 0;
    int x = 0;
    switch (k) {
    case FBC_FLIP:
        O = fbc_u64(r + 8);
        x = fbc_i32(r + 16);
        if (fbc_u32(r + 20) != 0) return "the reserved word at offset 20 is not zero";
        break;
    case FBC_MOVES:
        O = fbc_u64(r + 8);
        break;
    case FBC_COUNT_LAST_FLIP:
        x = fbc_i32(r + 8);
        break;
    case FBC_SCORE_1:
        x = fbc_i32(r + 8);
        if (fbc_u32(r + 20) != 0) return "the reserved word at offset 20 is not zero";
        break;
    }
    if (x < 0 || x > 63) {
        snprintf(buf, len, "x = %d, want a square 0..63", x);
        return buf;
    }
    if (P & O) return "P and O overlap";
    if (k != FBC_MOVES && ((P | O) >> x & 1)) {
        snprintf(buf, len, "square x = %d is not empty", x);
        return buf;
    }
    return NULL;
}

static void fbc_close(fbc_file *f) {
    free(f->data);
    f->data = NULL;
    f->records = NULL;
    f->count = 0;
}

/* fbc_open reads and checks the case file at path. It returns 0, or -1
 * with err saying what is wrong ("PATH: case file: ..."). */
static int fbc_open(const char *path, fbc_file *f, char *err, size_t errlen) {
    memset(f, 0, sizeof *f);
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        if (err && errlen) snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    /* read the whole file, growing the buffer with what arrives (at most
     * the largest valid file and one byte more) */
    const size_t limit = FBC_FIXED_HEADER + FBC_MAX_CONTRACT + 8 + (size_t)FBC_MAX_RECORDS * 32 + 8 + 1;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(fp);
            return fbc_fail(err, errlen, path, "out of memory");
        }
        n += fread(buf + n, 1, cap - n, fp);
        if (n < cap || cap == limit) break;
        cap = cap * 2 < limit ? cap * 2 : limit;
        unsigned char *nb = realloc(buf, cap);
        if (!nb) free(buf);
        buf = nb;
    }
    int rerr = ferror(fp);
    fclose(fp);
    f->data = buf;
    f->size = n;
#define FAIL(...) (fbc_fail(err, errlen, path, __VA_ARGS__), fbc_close(f), -1)
    if (rerr) return FAIL("read error");
    if (n < 8 ? memcmp(buf, FBC_MAGIC, n) != 0 : memcmp(buf, FBC_MAGIC, 8) != 0)
        return FAIL("bad magic: not a flipbench case file");
    if (n < FBC_FIXED_HEADER) return FAIL("truncated header: %zu of %d bytes", n, FBC_FIXED_HEADER);
    f->version = (int)fbc_u32(buf + 8);
    if (fbc_u32(buf + 8) != FBC_VERSION)
        return FAIL("version %lu: this reader reads version %d", (unsigned long)fbc_u32(buf + 8), FBC_VERSION);
    if (fbc_name(buf + 40, 32, f->kernel_name) != 0) return FAIL("the kernel name is not NUL-padded printable ASCII");
    if (!strcmp(f->kernel_name, "flip")) f->kernel = FBC_FLIP;
    else if (!strcmp(f->kernel_name, "count_last_flip")) f->kernel = FBC_COUNT_LAST_FLIP;
    else if (!strcmp(f->kernel_name, "moves")) f->kernel = FBC_MOVES;
    else if (!strcmp(f->kernel_name, "score_1")) f->kernel = FBC_SCORE_1;
    else return FAIL("kernel \"%s\" has no case file (case files exist for count_last_flip, flip, moves, score_1)", f->kernel_name);
    if (fbc_name(buf + 72, 16, f->set) != 0 || (strcmp(f->set, "check") && strcmp(f->set, "bench")))
        return FAIL("the set is not \"check\" or \"bench\"");
    f->record_size = fbc_u32(buf + 16);
    if (f->record_size != fbc_record_size(f->kernel))
        return FAIL("record size %lu: kernel %s's records are %zu bytes", (unsigned long)f->record_size, f->kernel_name,
                    fbc_record_size(f->kernel));
    uint32_t clen = fbc_u32(buf + 20);
    if (clen == 0 || clen > FBC_MAX_CONTRACT) return FAIL("contract length %lu: want 1..%d", (unsigned long)clen, FBC_MAX_CONTRACT);
    size_t hs = (FBC_FIXED_HEADER + (size_t)clen + 7) & ~(size_t)7;
    if (fbc_u32(buf + 12) != hs) return FAIL("header size %lu: want %zu", (unsigned long)fbc_u32(buf + 12), hs);
    f->count = fbc_u64(buf + 24);
    if (f->count > FBC_MAX_RECORDS)
        return FAIL("record count %llu exceeds the limit %u", (unsigned long long)f->count, FBC_MAX_RECORDS);
    f->seed = fbc_u64(buf + 32);
    size_t want = hs + (size_t)f->count * f->record_size + 8;
    if (n < want) return FAIL("truncated: %zu of %zu bytes (%llu records)", n, want, (unsigned long long)f->count);
    if (n > want) return FAIL("trailing data after the checksum");
    for (size_t i = 0; i < clen; i++) {
        unsigned char c = buf[FBC_FIXED_HEADER + i];
        if (c < 0x20 || c > 0x7e) return FAIL("contract: byte %zu is not printable ASCII", i);
        f->contract[i] = (char)c;
    }
    f->contract[clen] = 0;
    for (size_t i = FBC_FIXED_HEADER + clen; i < hs; i++)
        if (buf[i] != 0) return FAIL("the header's padding is not zero");
    uint64_t sum = fbc_fnv1a64(buf, n - 8), stored = fbc_u64(buf + n - 8);
    if (sum != stored)
        return FAIL("checksum mismatch: the file says %#018llx, its contents hash to %#018llx (FNV-1a 64)",
                    (unsigned long long)stored, (unsigned long long)sum);
    f->records = buf + hs;
    for (uint64_t i = 0; i < f->count; i++) {
        char why[96];
        const char *bad = fbc_check_record(f->kernel, f->records + i * f->record_size, why, sizeof why);
        if (bad) return FAIL("record %llu: %s", (unsigned long long)i, bad);
    }
#undef FAIL
    return 0;
}

/* fbc_get returns record i (< f->count) of an open file. */
static fbc_case fbc_get(const fbc_file *f, uint64_t i) {
    const unsigned char *r = f->records + i * f->record_size;
    fbc_case c;
    memset(&c, 0, sizeof c);
    c.P = fbc_u64(r);
    switch (f->kernel) {
    case FBC_FLIP:
        c.O = fbc_u64(r + 8);
        c.x = fbc_i32(r + 16);
        c.want = fbc_u64(r + 24);
        break;
    case FBC_MOVES:
        c.O = fbc_u64(r + 8);
        c.want = fbc_u64(r + 16);
        break;
    case FBC_COUNT_LAST_FLIP:
        c.x = fbc_i32(r + 8);
        c.want_int = fbc_i32(r + 12);
        c.O = ~c.P & ~(1ull << c.x);
        break;
    case FBC_SCORE_1:
        c.x = fbc_i32(r + 8);
        c.alpha = fbc_i32(r + 12);
        c.want_int = fbc_i32(r + 16);
        c.O = ~c.P & ~(1ull << c.x);
        break;
    }
    return c;
}

#endif /* FLIPBENCH_CASES_H */
