/*
 * cbench.c: the C harness of flipbench. Linked with one kernel's
 * translation unit (the kernel + kernel_glue.h, see run.sh), it
 *
 *   - checks the kernel, per call and batched, on flipbench case files
 *     (cases/FORMAT.md): the first mismatch prints the board, the square,
 *     both outputs, and exits 1;
 *   - times it on the benchmark inputs per call through a function pointer
 *     (never inlined, like a Go function value or Go assembly), batched (a
 *     loop in the kernel's unit, which the compiler may inline and
 *     unroll), and the C call floor (an empty function of the same
 *     signature through the same pointer, in the same loop), interleaved,
 *     -count times, each run about -benchtime;
 *   - prints Go benchmark lines with flipbench's configuration lines (CPU
 *     read by CPUID as flipbench does, impl: c, compiler, cflags, date),
 *     which flipbench compare, flipbench report and benchstat read.
 *
 * It refuses (exit 3) to run a kernel compiled for CPU features this CPU
 * lacks (or that FLIPBENCH_DISABLE switches off), rather than die of
 * SIGILL. Exit status: 0 all matched (and timed), 1 a mismatch, 2 bad
 * usage or a bad case file, 3 the CPU lacks a feature the kernel needs.
 *
 * Plain C11 (POSIX clock_gettime where there is one); <cpuid.h> on x86.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cbench.h"
#include "flipbench_cases.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define CB_X86 1
#endif

#if defined(__GNUC__)
#define CB_NOINLINE __attribute__((noinline))
#else
#define CB_NOINLINE
#endif

static const char *prog = "cbench";

static void die(int code, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "%s: ", prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(code);
}

/* ---- the CPU, as flipbench's variants/cpu.go sees it ---- */

/* Features: the first 19 are flipbench's list (cpu-features, in its
 * order); the rest are only checked against what a kernel needs. */
static const char *const feature_names[] = {
    "sse2", "ssse3", "sse4.1", "sse4.2", "popcnt", "cmov", "avx", "avx2", "bmi1", "bmi2", "lzcnt",
    "avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl", "avx512vpopcntdq", "gfni", "erms",
    "sse3", "fma", "f16c", "movbe", "adx", "aes", "pclmulqdq", "sha", "avx512ifma", "avx512vbmi",
    "avx512vbmi2", "avx512vnni", "avx512bitalg", "vaes", "vpclmulqdq",
};
#define N_FEATURES (int)(sizeof feature_names / sizeof feature_names[0])
#define N_FLIPBENCH_FEATURES 19

static struct {
    char brand[49];
    char vendor[16];
    int family, model, stepping;
    char has[N_FEATURES];
    char disabled[256];
} cpu;

static int feature_index(const char *name, size_t len) {
    for (int i = 0; i < N_FEATURES; i++)
        if (strlen(feature_names[i]) == len && !strncmp(feature_names[i], name, len)) return i;
    return -1;
}

#ifdef CB_X86
static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}
#endif

static void set_feature(const char *name, int on) {
    int i = feature_index(name, strlen(name));
    if (i >= 0) cpu.has[i] = (char)(on != 0);
}

static void detect_cpu(void) {
    strcpy(cpu.vendor, "unknown");
#ifdef CB_X86
    unsigned a, b, c, d, max;
    if (!__get_cpuid(0, &max, &b, &c, &d)) return;
    char v[13];
    memcpy(v, &b, 4);
    memcpy(v + 4, &d, 4);
    memcpy(v + 8, &c, 4);
    v[12] = 0;
    /* klauspost/cpuid's names for the vendors a solver runs on */
    if (!strcmp(v, "AuthenticAMD") || !strcmp(v, "AMDisbetter!")) strcpy(cpu.vendor, "AMD");
    else if (!strcmp(v, "GenuineIntel")) strcpy(cpu.vendor, "Intel");
    else if (!strcmp(v, "HygonGenuine")) strcpy(cpu.vendor, "Hygon");
    else if (!strcmp(v, "CentaurHauls") || !strcmp(v, "VIA VIA VIA ")) strcpy(cpu.vendor, "VIA");
    else strcpy(cpu.vendor, "VendorUnknown");
    unsigned ext = __get_cpuid_max(0x80000000u, NULL);
    if (ext >= 0x80000004u) {
        unsigned r[12];
        for (unsigned i = 0; i < 3; i++) __cpuid(0x80000002u + i, r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
        char s[49];
        memcpy(s, r, 48);
        s[48] = 0; /* the string ends at its first NUL; spaces trimmed */
        char *p = s;
        while (*p == ' ') p++;
        size_t n = strlen(p);
        while (n > 0 && p[n - 1] == ' ') n--;
        p[n] = 0;
        strcpy(cpu.brand, p);
    }
    if (max < 1) return;
    __cpuid(1, a, b, c, d);
    /* family and model as klauspost/cpuid (flipbench's source) computes them */
    cpu.family = (int)(a >> 8 & 0xf);
    int extfam = cpu.family == 6;
    if (cpu.family == 0xf) {
        cpu.family += (int)(a >> 20 & 0xff);
        extfam = 1;
    }
    cpu.model = (int)(a >> 4 & 0xf);
    if (extfam) cpu.model += (int)(a >> 12 & 0xf0);
    cpu.stepping = (int)(a & 0xf);
    unsigned c1 = c, d1 = d;
    int osxsave = c1 >> 27 & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int os_avx = osxsave && (xcr0 & 6) == 6, os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;
    set_feature("sse2", d1 >> 26 & 1);
    set_feature("cmov", d1 >> 15 & 1);
    set_feature("sse3", c1 & 1);
    set_feature("pclmulqdq", c1 >> 1 & 1);
    set_feature("ssse3", c1 >> 9 & 1);
    set_feature("fma", os_avx && (c1 >> 12 & 1));
    set_feature("sse4.1", c1 >> 19 & 1);
    set_feature("sse4.2", c1 >> 20 & 1);
    set_feature("movbe", c1 >> 22 & 1);
    set_feature("popcnt", c1 >> 23 & 1);
    set_feature("aes", c1 >> 25 & 1);
    set_feature("avx", os_avx && (c1 >> 28 & 1));
    set_feature("f16c", os_avx && (c1 >> 29 & 1));
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        set_feature("bmi1", b >> 3 & 1);
        set_feature("avx2", os_avx && (b >> 5 & 1));
        set_feature("bmi2", b >> 8 & 1);
        set_feature("erms", b >> 9 & 1);
        set_feature("avx512f", os_avx512 && (b >> 16 & 1));
        set_feature("avx512dq", os_avx512 && (b >> 17 & 1));
        set_feature("adx", b >> 19 & 1);
        set_feature("avx512ifma", os_avx512 && (b >> 21 & 1));
        set_feature("avx512cd", os_avx512 && (b >> 28 & 1));
        set_feature("sha", b >> 29 & 1);
        set_feature("avx512bw", os_avx512 && (b >> 30 & 1));
        set_feature("avx512vl", os_avx512 && (b >> 31 & 1));
        set_feature("avx512vbmi", os_avx512 && (c >> 1 & 1));
        set_feature("avx512vbmi2", os_avx512 && (c >> 6 & 1));
        set_feature("gfni", c >> 8 & 1);
        set_feature("vaes", os_avx && (c >> 9 & 1));
        set_feature("vpclmulqdq", os_avx && (c >> 10 & 1));
        set_feature("avx512vnni", os_avx512 && (c >> 11 & 1));
        set_feature("avx512bitalg", os_avx512 && (c >> 12 & 1));
        set_feature("avx512vpopcntdq", os_avx512 && (c >> 14 & 1));
    }
    if (ext >= 0x80000001u) {
        __cpuid(0x80000001u, a, b, c, d);
        set_feature("lzcnt", c >> 5 & 1);
    }
#endif
}

/* FLIPBENCH_DISABLE=avx512,bmi2: act as if the CPU lacked these features,
 * with flipbench's groups (avx512: every avx512*; avx: every avx* and
 * gfni; bmi: bmi1 and bmi2). */
static void apply_disable(const char *list) {
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        char name[32];
        size_t a = 0, b = n;
        while (a < b && isspace((unsigned char)p[a])) a++;
        while (b > a && isspace((unsigned char)p[b - 1])) b--;
        if (b - a >= sizeof name) die(2, "FLIPBENCH_DISABLE: unknown CPU feature \"%.*s\"", (int)(b - a), p + a);
        for (size_t i = a; i < b; i++) name[i - a] = (char)tolower((unsigned char)p[i]);
        name[b - a] = 0;
        if (name[0]) {
            int hit = 0;
            for (int i = 0; i < N_FEATURES; i++) {
                const char *f = feature_names[i];
                if (!strcmp(f, name) || (!strcmp(name, "avx512") && !strncmp(f, "avx512", 6)) ||
                    (!strcmp(name, "avx") && (!strncmp(f, "avx", 3) || !strcmp(f, "gfni"))) ||
                    (!strcmp(name, "bmi") && !strncmp(f, "bmi", 3))) {
                    cpu.has[i] = 0;
                    hit = 1;
                }
            }
            if (!hit) die(2, "FLIPBENCH_DISABLE: unknown CPU feature \"%s\" (known: avx512, avx, bmi, and single features)", name);
            if (strlen(cpu.disabled) + strlen(name) + 2 < sizeof cpu.disabled) {
                if (cpu.disabled[0]) strcat(cpu.disabled, ",");
                strcat(cpu.disabled, name);
            }
        }
        p += n;
        if (*p == ',') p++;
    }
}

/* uarch: flipbench's table (variants/cpu.go uarchName). */
static const char *uarch(void) {
    int f = cpu.family, m = cpu.model;
    if (!strcmp(cpu.vendor, "AMD")) {
        if (f == 0x17 && m < 0x30) return "Zen/Zen+";
        if (f == 0x17) return "Zen 2";
        if (f == 0x19 && (m < 0x10 || (m >= 0x20 && m < 0x60))) return "Zen 3";
        if (f == 0x19) return "Zen 4";
        if (f == 0x1a) return "Zen 5";
    } else if (!strcmp(cpu.vendor, "Intel") && f == 6) {
        static const struct { int model; const char *name; } t[] = {
            {0x3c, "Haswell"}, {0x3f, "Haswell"}, {0x45, "Haswell"}, {0x46, "Haswell"},
            {0x3d, "Broadwell"}, {0x47, "Broadwell"}, {0x4f, "Broadwell"}, {0x56, "Broadwell"},
            {0x4e, "Skylake"}, {0x5e, "Skylake"}, {0x8e, "Kaby Lake"}, {0x9e, "Coffee Lake"},
            {0x55, "Skylake-SP/Cascade Lake"}, {0x6a, "Ice Lake-SP"}, {0x6c, "Ice Lake-SP"},
            {0x7d, "Ice Lake"}, {0x7e, "Ice Lake"}, {0x8c, "Tiger Lake"}, {0x8d, "Tiger Lake"},
            {0x97, "Alder Lake"}, {0x9a, "Alder Lake"}, {0xb7, "Raptor Lake"}, {0xba, "Raptor Lake"},
            {0x8f, "Sapphire Rapids"}, {0xcf, "Emerald Rapids"}, {0xad, "Granite Rapids"},
            {0x1a, "Nehalem"}, {0x1e, "Nehalem"}, {0x2a, "Sandy Bridge"}, {0x2d, "Sandy Bridge"},
            {0x3a, "Ivy Bridge"}, {0x3e, "Ivy Bridge"},
        };
        for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
            if (t[i].model == m) return t[i].name;
    }
    return "unknown";
}

/* lower_sanitized: s lowercased, every run of other characters than a-z
 * and 0-9 one dash, none at either end (the slug and the cpu-id parts). */
static void lower_sanitized(char *out, size_t len, const char *s) {
    size_t n = 0;
    int dash = 0;
    for (const char *p = s; *p && n + 1 < len; p++) {
        int ch = tolower((unsigned char)*p);
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
            out[n++] = (char)ch;
            dash = 0;
        } else if (!dash && n > 0) {
            out[n++] = '-';
            dash = 1;
        }
    }
    if (n > 0 && out[n - 1] == '-') n--;
    out[n] = 0;
}

/* slug: flipbench's results/<slug>/ name of this CPU (CPUInfo.Slug). */
static void slug(char *out, size_t len) {
    char s[128];
    if (cpu.brand[0]) snprintf(s, sizeof s, "%s", cpu.brand);
    else snprintf(s, sizeof s, "%s-family%d-model%d", cpu.vendor, cpu.family, cpu.model);
    lower_sanitized(out, len, s);
    static const char *const junk[] = {"-processor", "-with-radeon-graphics"};
    for (int j = 0; j < 2; j++) {
        char *q;
        while ((q = strstr(out, junk[j])) != NULL) memmove(q, q + strlen(junk[j]), strlen(q + strlen(junk[j])) + 1);
    }
}

/* cpu_id: flipbench's identity of this CPU (variants.Identity), the
 * cpu-id line and the results/<cpu-id>/ folder:
 * <vendor>-<uarch>-f<family>-m<model>-s<stepping>, the uarch left out when
 * unknown. */
static void cpu_id(char *out, size_t len) {
    char v[32], u[96] = "", tmp[96];
    const char *vendor = cpu.vendor;
    if (!strcmp(vendor, "VendorUnknown") || !strcmp(vendor, "unknown") || !vendor[0]) vendor = "unknown";
    lower_sanitized(v, sizeof v, vendor);
    if (cpu.family == 0 && cpu.model == 0 && cpu.stepping == 0) {
        char b[128];
        lower_sanitized(b, sizeof b, cpu.brand[0] ? cpu.brand : "unknown");
        snprintf(out, len, "%s-%s", v, b);
        return;
    }
    const char *name = uarch();
    if (strcmp(name, "unknown")) {
        /* "Zen 4" zen4, "Zen/Zen+" zen-zenplus, "Sapphire Rapids" sapphire-rapids */
        size_t n = 0;
        for (const char *p = name; *p && n + 5 < sizeof tmp; p++) {
            if (*p == ' ' && p[1] >= '0' && p[1] <= '9') continue;
            if (*p == '+') {
                memcpy(tmp + n, "plus", 4);
                n += 4;
                continue;
            }
            tmp[n++] = *p;
        }
        tmp[n] = 0;
        lower_sanitized(u, sizeof u, tmp);
    }
    if (u[0]) snprintf(out, len, "%s-%s-f%02x-m%02x-s%d", v, u, (unsigned)cpu.family, (unsigned)cpu.model, cpu.stepping);
    else snprintf(out, len, "%s-f%02x-m%02x-s%d", v, (unsigned)cpu.family, (unsigned)cpu.model, cpu.stepping);
}

/* check_requires exits 3 when the CPU lacks a feature the kernel's unit
 * was compiled for. */
static void check_requires(const char *variant) {
    char missing[256] = "";
    const char *p = cbench_kernel.requires;
    while (*p) {
        size_t n = strcspn(p, ",");
        while (n > 0 && isspace((unsigned char)*p)) p++, n--;
        size_t m = n;
        while (m > 0 && isspace((unsigned char)p[m - 1])) m--;
        if (m > 0) {
            int i = feature_index(p, m);
            if (i < 0) die(2, "%s requires CPU feature \"%.*s\", which cbench does not know", variant, (int)m, p);
            if (!cpu.has[i] && strlen(missing) + m + 2 < sizeof missing) {
                if (missing[0]) strcat(missing, ",");
                strncat(missing, p, m);
            }
        }
        p += n;
        if (*p == ',') p++;
    }
    if (missing[0]) {
        char all[512];
        snprintf(all, sizeof all, "%s", cbench_kernel.requires);
        size_t n = strlen(all);
        if (n > 0 && all[n - 1] == ',') all[n - 1] = 0;
        die(3, "%s needs CPU features this CPU (%s%s%s) lacks: %s; not run (compiled for: %s)", variant,
            cpu.brand[0] ? cpu.brand : "unknown", cpu.disabled[0] ? ", FLIPBENCH_DISABLE=" : "", cpu.disabled, missing, all);
    }
}

/* ---- checking ---- */

static const char *kernel_name(void) { return cbench_kernel.kernel; }

static void board_string(uint64_t P, uint64_t O, char out[67]) {
    for (int i = 0; i < 64; i++) out[i] = (P >> i & 1) ? 'X' : (O >> i & 1) ? 'O' : '-';
    out[64] = ' ';
    out[65] = 'X';
    out[66] = 0;
}

static void square_name(int x, char out[3]) {
    out[0] = (char)('a' + (x & 7));
    out[1] = (char)('1' + (x >> 3));
    out[2] = 0;
}

static void bits_string(uint64_t v, char *out, size_t len) {
    int n = snprintf(out, len, "0x%016llx [", (unsigned long long)v);
    for (int i = 0; i < 64 && n > 0 && (size_t)n + 4 < len; i++)
        if (v >> i & 1) {
            char sq[3];
            square_name(i, sq);
            n += snprintf(out + n, len - (size_t)n, "%s%s", out[n - 1] == '[' ? "" : " ", sq);
        }
    if ((size_t)n + 2 <= len) strcat(out, "]");
}

static void mismatch(const char *variant, const char *form, const char *path, const fbc_file *f, uint64_t i,
                     const fbc_case *c, uint64_t got, int got_int) {
    char board[67], sq[3], g[256], w[256];
    board_string(c->P, c->O, board);
    square_name(c->x, sq);
    printf("MISMATCH kernel=%s variant=%s (%s form)\n", f->kernel_name, variant, form);
    printf("  case:  %llu of %llu in %s (%s set)\n", (unsigned long long)i + 1, (unsigned long long)f->count, path, f->set);
    switch (f->kernel) {
    case FBC_FLIP:
        printf("  input: %s x=%s\n", board, sq);
        break;
    case FBC_MOVES:
        printf("  input: %s\n", board);
        break;
    case FBC_COUNT_LAST_FLIP:
        printf("  input: %s x=%s\n", board, sq);
        break;
    case FBC_SCORE_1:
        printf("  input: %s x=%s alpha=%d\n", board, sq, c->alpha);
        break;
    }
    if (f->kernel == FBC_FLIP || f->kernel == FBC_MOVES) {
        bits_string(got, g, sizeof g);
        bits_string(c->want, w, sizeof w);
    } else {
        snprintf(g, sizeof g, "%d", got_int);
        snprintf(w, sizeof w, "%d", c->want_int);
    }
    printf("  got:   %s\n  want:  %s (reference)\n", g, w);
    fflush(stdout);
    exit(1);
}

#define CHUNK 4096

/* check_file checks the kernel per call and batched on every case of f. */
static void check_file(const char *variant, const char *path, const fbc_file *f) {
    static cb_flip_in fin[CHUNK];
    static cb_board_in bin[CHUNK];
    static cb_px_in pin[CHUNK];
    static cb_pxa_in ain[CHUNK];
    static uint64_t out[CHUNK];
    static int iout[CHUNK];
    const cb_kernel *k = &cbench_kernel;
    for (uint64_t i = 0; i < f->count; i++) {
        fbc_case c = fbc_get(f, i);
        switch (f->kernel) {
        case FBC_FLIP: {
            uint64_t g = k->flip(c.P, c.O, c.x);
            if (g != c.want) mismatch(variant, "call", path, f, i, &c, g, 0);
            break;
        }
        case FBC_MOVES: {
            uint64_t g = k->moves(c.P, c.O);
            if (g != c.want) mismatch(variant, "call", path, f, i, &c, g, 0);
            break;
        }
        case FBC_COUNT_LAST_FLIP: {
            int g = k->count_last_flip(c.P, c.x);
            if (g != c.want_int) mismatch(variant, "call", path, f, i, &c, 0, g);
            break;
        }
        case FBC_SCORE_1: {
            int g = k->score_1(c.P, c.alpha, c.x);
            if (g != c.want_int) mismatch(variant, "call", path, f, i, &c, 0, g);
            break;
        }
        }
    }
    for (uint64_t base = 0; base < f->count; base += CHUNK) {
        size_t n = f->count - base < CHUNK ? (size_t)(f->count - base) : CHUNK;
        for (size_t j = 0; j < n; j++) {
            fbc_case c = fbc_get(f, base + j);
            fin[j] = (cb_flip_in){c.P, c.O, c.x};
            bin[j] = (cb_board_in){c.P, c.O};
            pin[j] = (cb_px_in){c.P, c.x};
            ain[j] = (cb_pxa_in){c.P, c.x, c.alpha};
        }
        switch (f->kernel) {
        case FBC_FLIP: k->flip_batch(fin, out, n); break;
        case FBC_MOVES: k->moves_batch(bin, out, n); break;
        case FBC_COUNT_LAST_FLIP: k->count_last_flip_batch(pin, iout, n); break;
        case FBC_SCORE_1: k->score_1_batch(ain, iout, n); break;
        }
        for (size_t j = 0; j < n; j++) {
            fbc_case c = fbc_get(f, base + j);
            int bits = f->kernel == FBC_FLIP || f->kernel == FBC_MOVES;
            if (bits ? out[j] != c.want : iout[j] != c.want_int)
                mismatch(variant, "batch", path, f, base + j, &c, out[j], iout[j]);
        }
    }
}

/* ---- timing ---- */

static double now_ns(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
#else
    struct timespec t;
    timespec_get(&t, TIME_UTC);
#endif
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* The inputs, cycled with a power-of-two mask as flipbench's loops do. */
static cb_flip_in *in_flip;
static cb_board_in *in_board;
static cb_px_in *in_px;
static cb_pxa_in *in_pxa;
static size_t in_n, in_mask;
static uint64_t *out_u64;
static int *out_int;
volatile uint64_t cbench_sink;

/* The targets of the per-call loops, read from volatile objects so that
 * the compiler cannot see, clone for or inline the function called. */
static cb_flip_fn volatile target_flip;
static cb_moves_fn volatile target_moves;
static cb_count_last_flip_fn volatile target_count_last_flip;
static cb_score_1_fn volatile target_score_1;

/* The C call floor: empty functions of each signature. */
static CB_NOINLINE uint64_t empty_flip(uint64_t P, uint64_t O, int x) { (void)P, (void)O, (void)x; return 0; }
static CB_NOINLINE uint64_t empty_moves(uint64_t P, uint64_t O) { (void)P, (void)O; return 0; }
static CB_NOINLINE int empty_count_last_flip(uint64_t P, int x) { (void)P, (void)x; return 0; }
static CB_NOINLINE int empty_score_1(uint64_t P, int alpha, int x) { (void)P, (void)alpha, (void)x; return 0; }

/* Per call: the loop of flipbench's per-call forms (harness/bench_cases.go). */
static CB_NOINLINE void call_flip(uint64_t n) {
    cb_flip_fn fn = target_flip;
    const cb_flip_in *in = in_flip;
    size_t mask = in_mask;
    uint64_t r = 0;
    for (uint64_t i = 0; i < n; i++) {
        const cb_flip_in *c = &in[i & mask];
        r += fn(c->P, c->O, c->x);
    }
    cbench_sink += r;
}

static CB_NOINLINE void call_moves(uint64_t n) {
    cb_moves_fn fn = target_moves;
    const cb_board_in *in = in_board;
    size_t mask = in_mask;
    uint64_t r = 0;
    for (uint64_t i = 0; i < n; i++) {
        const cb_board_in *c = &in[i & mask];
        r += fn(c->P, c->O);
    }
    cbench_sink += r;
}

static CB_NOINLINE void call_count_last_flip(uint64_t n) {
    cb_count_last_flip_fn fn = target_count_last_flip;
    const cb_px_in *in = in_px;
    size_t mask = in_mask;
    uint64_t r = 0;
    for (uint64_t i = 0; i < n; i++) {
        const cb_px_in *c = &in[i & mask];
        r += (uint64_t)fn(c->P, c->x);
    }
    cbench_sink += r;
}

static CB_NOINLINE void call_score_1(uint64_t n) {
    cb_score_1_fn fn = target_score_1;
    const cb_pxa_in *in = in_pxa;
    size_t mask = in_mask;
    uint64_t r = 0;
    for (uint64_t i = 0; i < n; i++) {
        const cb_pxa_in *c = &in[i & mask];
        r += (uint64_t)fn(c->P, c->alpha, c->x);
    }
    cbench_sink += r;
}

/* Batched: n elements as batch calls on at most in_n inputs each. */
static CB_NOINLINE void batch_run(uint64_t n) {
    const cb_kernel *k = &cbench_kernel;
    while (n > 0) {
        size_t m = n < in_n ? (size_t)n : in_n;
        if (k->flip_batch) k->flip_batch(in_flip, out_u64, m);
        else if (k->moves_batch) k->moves_batch(in_board, out_u64, m);
        else if (k->count_last_flip_batch) k->count_last_flip_batch(in_px, out_int, m);
        else k->score_1_batch(in_pxa, out_int, m);
        n -= m;
    }
    cbench_sink += out_u64[0] + (uint64_t)out_int[0];
}

typedef struct {
    char name[320];
    void (*run)(uint64_t n);
    int floor;      /* the run calls the empty function */
    double ns_op;   /* the latest estimate */
} bcase;

static void set_target(int floor) {
    const cb_kernel *k = &cbench_kernel;
    target_flip = floor ? empty_flip : k->flip;
    target_moves = floor ? empty_moves : k->moves;
    target_count_last_flip = floor ? empty_count_last_flip : k->count_last_flip;
    target_score_1 = floor ? empty_score_1 : k->score_1;
}

static double timed(bcase *c, uint64_t n) {
    set_target(c->floor);
    double t0 = now_ns();
    c->run(n);
    return now_ns() - t0;
}

/* calibrate runs growing batches until d ns have passed (warming caches,
 * branch predictors and the clock) and estimates the time per op, as
 * flipbench's BenchCase.calibrate. */
static void calibrate(bcase *c, double d) {
    uint64_t n = 1;
    double total = 0;
    for (;;) {
        double el = timed(c, n);
        total += el;
        c->ns_op = (el > 1 ? el : 1) / (double)n;
        if (total >= d || el >= d / 2) return;
        double next = (d - total) / 2 / c->ns_op;
        uint64_t nn = next > (double)(n + 1) ? (uint64_t)next : n + 1;
        if (nn > 100 * n) nn = 100 * n;
        if (nn > 1000000000u) nn = 1000000000u;
        n = nn;
    }
}

/* parse_duration reads 100ms, 1s, 1.5s, 500us, 2000000ns into ns. */
static double parse_duration(const char *s, const char *flag) {
    char *end;
    double v = strtod(s, &end);
    double mult = 0;
    if (!strcmp(end, "ns")) mult = 1;
    else if (!strcmp(end, "us") || !strcmp(end, "µs")) mult = 1e3;
    else if (!strcmp(end, "ms")) mult = 1e6;
    else if (!strcmp(end, "s")) mult = 1e9;
    if (end == s || mult == 0 || !(v > 0) || v * mult > 3600e9)
        die(2, "%s %s: want a duration such as 100ms, 1s or 500us", flag, s);
    return v * mult;
}

static void usage(FILE *w) {
    fprintf(w,
            "usage: %s [-check] [-variant NAME] [-count N] [-benchtime D] [-warmup D] CASEFILE...\n"
            "\n"
            "Checks the linked %s kernel (%s) per call and batched on every case file\n"
            "(flipbench cases -kernel %s -set check|bench -o FILE), then times it on the\n"
            "first bench-set file and prints Go benchmark lines.\n"
            "\n"
            "  -check          check only\n"
            "  -variant NAME   the variant's name, prefixed c- (default: from the source file name)\n"
            "  -count N        interleaved runs of each benchmark (default 10)\n"
            "  -benchtime D    duration of one run (default 100ms)\n"
            "  -warmup D       calibration before the first run (default 20ms)\n"
            "\n"
            "Exit status: 0 all matched, 1 a mismatch, 2 bad usage or case file,\n"
            "3 this CPU lacks a feature the kernel was compiled for.\n"
            "FLIPBENCH_DISABLE=avx2,... acts as if this CPU lacked those features.\n",
            prog, kernel_name(), cbench_kernel.source, kernel_name());
}

/* default_variant: c- and the source file's name without directory and
 * extension, '_' as '-'. */
static void default_variant(char *out, size_t len) {
    const char *s = cbench_kernel.source, *slash = strrchr(s, '/');
    if (slash) s = slash + 1;
    size_t n = strcspn(s, ".");
    snprintf(out, len, "c-%.*s", (int)n, s);
    for (char *p = out; *p; p++)
        if (*p == '_' || *p == ' ') *p = '-';
}

static void valid_variant(const char *v) {
    if (!*v) die(2, "-variant: empty name");
    for (const char *p = v; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '.' && *p != '_' && *p != '+')
            die(2, "-variant %s: use letters, digits and - . _ + only (it becomes a benchmark name key)", v);
}

static void trim_copy(char *out, size_t len, const char *s) {
    while (isspace((unsigned char)*s)) s++;
    snprintf(out, len, "%s", s);
    size_t n = strlen(out);
    while (n > 0 && isspace((unsigned char)out[n - 1])) out[--n] = 0;
    for (char *p = out; *p; p++)
        if (*p == '\n' || *p == '\r') *p = ' ';
}

int main(int argc, char **argv) {
    int check_only = 0, count = 10;
    double benchtime = 100e6, warmup = 20e6;
    const char *benchtime_s = "100ms";
    char variant[128];
    default_variant(variant, sizeof variant);
    const char *files[64];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] == '-' && a[2]) a++; /* --flag as -flag */
        if (!strcmp(a, "-h") || !strcmp(a, "-help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-check")) {
            check_only = 1;
        } else if (!strcmp(a, "-variant") || !strcmp(a, "-count") || !strcmp(a, "-benchtime") || !strcmp(a, "-warmup")) {
            if (i + 1 >= argc) die(2, "%s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "-variant")) {
                if (strncmp(v, "c-", 2)) snprintf(variant, sizeof variant, "c-%s", v);
                else snprintf(variant, sizeof variant, "%s", v);
                valid_variant(variant);
            } else if (!strcmp(a, "-count")) {
                char *end;
                long c = strtol(v, &end, 10);
                if (*end || c < 1 || c > 1000) die(2, "-count %s: want 1..1000", v);
                count = (int)c;
            } else if (!strcmp(a, "-benchtime")) {
                benchtime = parse_duration(v, "-benchtime");
                benchtime_s = v;
            } else {
                warmup = parse_duration(v, "-warmup");
            }
        } else if (a[0] == '-' && a[1]) {
            usage(stderr);
            die(2, "unknown flag %s", a);
        } else {
            if (nfiles == 64) die(2, "at most 64 case files");
            files[nfiles++] = argv[i];
        }
    }
    valid_variant(variant);
    if (nfiles == 0) {
        usage(stderr);
        die(2, "no case file (write one with: go run ./cmd/flipbench cases -kernel %s -o FILE)", kernel_name());
    }

    detect_cpu();
    const char *dis = getenv("FLIPBENCH_DISABLE");
    if (dis) apply_disable(dis);
    check_requires(variant);

    /* check every file (the bench set too: never time a wrong kernel) */
    static fbc_file ff[64];
    int bench = -1;
    for (int i = 0; i < nfiles; i++) {
        char err[FBC_ERR_SIZE];
        if (fbc_open(files[i], &ff[i], err, sizeof err) != 0) die(2, "%s", err);
        if (strcmp(ff[i].kernel_name, kernel_name()))
            die(2, "%s holds %s cases; this harness is linked with a %s kernel (%s)", files[i], ff[i].kernel_name,
                kernel_name(), cbench_kernel.source);
        double t0 = now_ns();
        check_file(variant, files[i], &ff[i]);
        fprintf(stderr, "ok    %-16s %-22s %9llu cases (%s set), per call and batched  %.0f ms  %s\n", kernel_name(), variant,
                (unsigned long long)ff[i].count, ff[i].set, (now_ns() - t0) / 1e6, files[i]);
        if (bench < 0 && !strcmp(ff[i].set, "bench")) bench = i;
    }
    if (check_only) return 0;
    if (bench < 0)
        die(2, "no bench-set case file to time on (write one with: go run ./cmd/flipbench cases -kernel %s -set bench -o FILE)",
            kernel_name());

    /* the inputs: the bench set, in benchmark order */
    const fbc_file *bf = &ff[bench];
    if (bf->count == 0) die(2, "%s holds no case", files[bench]);
    in_n = 1;
    while (in_n * 2 <= bf->count) in_n *= 2;
    in_mask = in_n - 1;
    if (in_n != bf->count)
        fprintf(stderr, "%s: timing on the first %zu of %llu inputs (a power of two)\n", prog, in_n, (unsigned long long)bf->count);
    in_flip = calloc(in_n, sizeof *in_flip);
    in_board = calloc(in_n, sizeof *in_board);
    in_px = calloc(in_n, sizeof *in_px);
    in_pxa = calloc(in_n, sizeof *in_pxa);
    out_u64 = calloc(in_n, sizeof *out_u64);
    out_int = calloc(in_n, sizeof *out_int);
    if (!in_flip || !in_board || !in_px || !in_pxa || !out_u64 || !out_int) die(2, "out of memory");
    for (size_t i = 0; i < in_n; i++) {
        fbc_case c = fbc_get(bf, i);
        in_flip[i] = (cb_flip_in){c.P, c.O, c.x};
        in_board[i] = (cb_board_in){c.P, c.O};
        in_px[i] = (cb_px_in){c.P, c.x};
        in_pxa[i] = (cb_pxa_in){c.P, c.x, c.alpha};
    }
    void (*call)(uint64_t) = !strcmp(kernel_name(), "flip")    ? call_flip
                             : !strcmp(kernel_name(), "moves") ? call_moves
                             : !strcmp(kernel_name(), "count_last_flip") ? call_count_last_flip
                                                                         : call_score_1;
    bcase cs[3];
    memset(cs, 0, sizeof cs);
    snprintf(cs[0].name, sizeof cs[0].name, "Floor/impl=c/form=pointer");
    cs[0].run = call;
    cs[0].floor = 1;
    snprintf(cs[1].name, sizeof cs[1].name, "Kernel/kernel=%s/variant=%s/form=call", kernel_name(), variant);
    cs[1].run = call;
    snprintf(cs[2].name, sizeof cs[2].name, "Kernel/kernel=%s/variant=%s/form=batch", kernel_name(), variant);
    cs[2].run = batch_run;

    /* the configuration lines, as flipbench writes them */
    char sl[128], id[256], date[32], compiler[256], cflags[1024];
    slug(sl, sizeof sl);
    cpu_id(id, sizeof id);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    trim_copy(compiler, sizeof compiler, cbench_kernel.compiler);
    trim_copy(cflags, sizeof cflags, cbench_kernel.cflags);
    printf("format: 2\n"); /* the results format's version (Go's resultsfile.Version) */
    printf("cpu: %s\n", cpu.brand[0] ? cpu.brand : "unknown");
    printf("cpu-slug: %s\n", sl);
    printf("cpu-id: %s\n", id);
    printf("cpu-vendor: %s\n", cpu.vendor);
    printf("cpu-family: 0x%x\n", (unsigned)cpu.family);
    printf("cpu-model: 0x%x\n", (unsigned)cpu.model);
    printf("cpu-stepping: %d\n", cpu.stepping);
    printf("uarch: %s\n", uarch());
    printf("cpu-features:");
    int any = 0;
    for (int i = 0; i < N_FLIPBENCH_FEATURES; i++)
        if (cpu.has[i]) printf(" %s", feature_names[i]), any = 1;
    printf("%s\n", any ? "" : " none");
    if (cpu.disabled[0]) printf("disabled: %s\n", cpu.disabled);
    printf("impl: c\n");
    printf("compiler: %s\n", compiler);
    printf("cflags: %s\n", cflags);
    printf("date: %s\n", date);
    printf("count: %d\n", count);
    printf("benchtime: %s\n", benchtime_s);
    printf("\n");
    fflush(stdout);

    /* impl: c labels the kernel lines; the floor's kind is in its name
       (impl=c), and a configuration key of the same name would give it two
       labels "impl", which the perfdata server refuses: a blank value
       removes the key for the floor line */
    int impl_set = 1;
    for (int round = 0; round < count; round++) {
        for (int j = 0; j < 3; j++) {
            bcase *c = &cs[j];
            if (c->floor == impl_set) {
                printf(c->floor ? "impl:\n" : "impl: c\n");
                impl_set = !c->floor;
            }
            if (round == 0) calibrate(c, warmup);
            double iters = benchtime / c->ns_op;
            uint64_t n = iters < 1 ? 1 : iters > 2e9 ? 2000000000u : (uint64_t)iters;
            double el = timed(c, n);
            c->ns_op = el / (double)n;
            printf("Benchmark%s %llu %.6g ns/op\n", c->name, (unsigned long long)n, c->ns_op);
            fflush(stdout);
        }
    }
    return 0;
}
