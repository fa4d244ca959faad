/*
 * cref: a gpuref adapter in C99 + <fenv.h>: the host's IEEE 754 arithmetic, with flags.
 *
 * Build (from the repository root; `make -C conformance/adapters/c` does the same):
 *
 *     cc -O2 -o conformance/adapters/c/cref conformance/adapters/c/cref.c -lm
 *     gpuref run --adapter conformance/adapters/c/cref
 *
 * It compiles warning-free with `cc -std=c99 -Wall -Wextra -O2`. The protocol is
 * docs/adapter-protocol.md; operation names, mode keys and value layout are
 * docs/vector-format.md ("Operations of ISA float", "Mode keys for ISA float").
 *
 * Target float:ieee754, feature `flags`. Implemented, in the four rounding directions
 * (fesetround), with the exception flags read back with fetestexcept:
 *
 *     f32/f64 add sub mul div sqrt fma     + - * / sqrtf/sqrt fmaf/fma
 *     f32/f64 mul_add                      a * b rounded, then + c rounded
 *     f32/f64 round_to_integral(_exact)    nearbyintf/nearbyint (rintf/rint)
 *     cvt.f32.f64, cvt.f64.f32             C conversions
 *     f32/f64 to_I (I: i16 u16 i32 u32 i64 u64)    llrintf/llrint in the mode's direction
 *     f32/f64 from_I                       C conversion from the integer type
 *
 * Answered `unsupported`, with the reason:
 *   - daz=1 or ftz=1: <fenv.h> has no denormals-are-zero or flush-to-zero control.
 *   - the tininess rule the host does not use: <fenv.h> cannot choose when underflow is
 *     detected; the host's rule is measured at start-up (x86 detects tininess after
 *     rounding, ARM before), and only that value of `tininess` is accepted.
 *   - a rounding direction for which fesetround fails or has no effect (checked at
 *     start-up).
 *   - to_I of NaN, infinities and values that round outside I: C leaves the result of
 *     such conversions unspecified (C99 7.12.9.5 "The lrint and llrint functions"), so
 *     there is nothing meaningful to compare; to_I_sat: C has no saturating conversion.
 *   - f16, bf16, min/max operations, quirks other than ieee754, cases with encoding words.
 *
 * Flags. invalid, divbyzero, overflow, underflow, inexact come from fetestexcept. The
 * `denormal` flag (an operand was subnormal: x86's DE) is not in C; on x86 it is read
 * from MXCSR (bit 1, DE) with _mm_getcsr; elsewhere, or when built with -DCREF_NO_MXCSR,
 * it is derived from the operands the way x86 raises it: an arithmetic operation or
 * float-to-float conversion with no NaN operand and a subnormal operand, unless it raises
 * invalid or divbyzero (never for to_I, from_I and round_to_integral, which x86 does not
 * flag).
 *
 * Keeping the compiler honest. Operands and results go through `volatile` objects, so the
 * compiler can neither fold an operation at compile time (in round-to-nearest) nor move it
 * across fesetround / feclearexcept / fetestexcept: the loads of the operands come after
 * the mode is set and the store of the result before the flags are read.
 * `#pragma STDC FENV_ACCESS ON` says the same to compilers that implement it; GCC does
 * not (it warns and ignores it), so the pragma is not shown to GCC and `volatile` does the
 * work. The library functions (fma, sqrt, rint, nearbyint, llrint) are called through
 * volatile function pointers: compilers otherwise expand some of them inline in a way that
 * assumes round-to-nearest (GCC -O2 turns rintf into x + 2^23 - 2^23, wrong under
 * FE_UPWARD and FE_DOWNWARD). Bits move between integers and floats with memcpy (no
 * type-punning), and the evaluation method must be 0 (SSE on x86: x87's extended
 * precision would round twice). At start-up cref checks that each rounding direction
 * really takes effect (1 + 2^-60 and -1 - 2^-60) and measures the host's tininess rule.
 *
 * What does not match gpuref's ieee754 baseline, and why, is listed in
 * conformance/adapters/README.md ("What to expect"): on x86-64 with GCC 12 and glibc 2.36,
 * fma with two NaN operands (glibc's FMA3 operand order), sqrt of a negative subnormal
 * (glibc's sqrt compares its operand with zero first, which raises `denormal`), and at -O0
 * add/mul with two NaNs. Other hosts give other NaNs (ARM's default NaN is positive,
 * RISC-V never propagates).
 */

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__GNUC__) || defined(__clang__)
#pragma STDC FENV_ACCESS ON
#pragma STDC FP_CONTRACT OFF
#endif

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "cref needs FLT_EVAL_METHOD == 0 (on 32-bit x86, compile with -msse2 -mfpmath=sse)"
#endif

#if (defined(__x86_64__) || defined(_M_X64) || defined(__SSE__)) && !defined(CREF_NO_MXCSR)
#include <xmmintrin.h>
#define CREF_MXCSR 1
#define MXCSR_DE 0x0002u
#else
#define CREF_MXCSR 0
#endif

#define NAME "cref"
#define TARGETS "float:ieee754"

/* ---------------------------------------------------------------------------------- */
/* Flags */

enum {
    FL_INVALID = 1,
    FL_DIVBYZERO = 2,
    FL_OVERFLOW = 4,
    FL_UNDERFLOW = 8,
    FL_INEXACT = 16,
    FL_DENORMAL = 32
};

static const char *const flag_names[] = {"invalid",  "divbyzero", "overflow",
                                         "underflow", "inexact",   "denormal"};

/* Whether `denormal` comes from the operands (no MXCSR) rather than the hardware. */
#define DERIVED_DENORMAL (!CREF_MXCSR)

static void start_measuring(int rounding) {
    fesetround(rounding);
    feclearexcept(FE_ALL_EXCEPT);
#if CREF_MXCSR
    _mm_setcsr(_mm_getcsr() & ~MXCSR_DE);
#endif
}

static unsigned stop_measuring(void) {
    static const int fe[5] = {FE_INVALID, FE_DIVBYZERO, FE_OVERFLOW, FE_UNDERFLOW, FE_INEXACT};
    int ex = fetestexcept(FE_ALL_EXCEPT), i;
    unsigned f = 0;
#if CREF_MXCSR
    if (_mm_getcsr() & MXCSR_DE)
        f |= FL_DENORMAL;
#endif
    fesetround(FE_TONEAREST);
    for (i = 0; i < 5; i++)
        if (ex & fe[i])
            f |= 1u << i; /* FL_INVALID ... FL_INEXACT, in flag_names order */
    return f;
}

/* ---------------------------------------------------------------------------------- */
/* Formats and bits */

enum fmt { F32, F64 };

static float f32_of(uint32_t bits) {
    float x;
    memcpy(&x, &bits, sizeof x);
    return x;
}
static uint32_t bits_of_f32(float x) {
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}
static double f64_of(uint64_t bits) {
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}
static uint64_t bits_of_f64(double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

static int fmt_width(enum fmt f) { return f == F32 ? 32 : 64; }

/* Class tests on bits, for the derived `denormal` flag. */
static int is_nan_bits(enum fmt f, uint64_t x) {
    if (f == F32)
        return (x & 0x7fffffffu) > 0x7f800000u;
    return (x & 0x7fffffffffffffffu) > 0x7ff0000000000000u;
}
static int is_subnormal_bits(enum fmt f, uint64_t x) {
    if (f == F32)
        return (x & 0x7f800000u) == 0 && (x & 0x007fffffu) != 0;
    return (x & 0x7ff0000000000000u) == 0 && (x & 0x000fffffffffffffu) != 0;
}
/* x86's rule for DE: some operand subnormal and none NaN. */
static unsigned derived_denormal(enum fmt f, const uint64_t *ops, int n) {
    int sub = 0, i;
    for (i = 0; i < n; i++) {
        if (is_nan_bits(f, ops[i]))
            return 0;
        sub |= is_subnormal_bits(f, ops[i]);
    }
    return sub ? FL_DENORMAL : 0;
}

/* ---------------------------------------------------------------------------------- */
/* Integer types */

enum ity { I16, U16, I32, U32, I64, U64, N_ITY };
static const char *const ity_names[N_ITY] = {"i16", "u16", "i32", "u32", "i64", "u64"};
static const int ity_width[N_ITY] = {16, 16, 32, 32, 64, 64};
/* Rounded values r with lo <= r < hi_excl fit the type (powers of two are exact). */
static const double ity_lo[N_ITY] = {-32768.0, 0.0, -2147483648.0, 0.0, -0x1p63, 0.0};
static const double ity_hi_excl[N_ITY] = {32768.0, 65536.0, 0x1p31, 0x1p32, 0x1p63, 0x1p64};

static uint64_t low_mask(int width) {
    return width == 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
}

/* ---------------------------------------------------------------------------------- */
/* Modes */

enum { RNE, RTZ, RUP, RDN, N_ROUND };
static const char *const round_names[N_ROUND] = {"rne", "rtz", "rup", "rdn"};
static const int round_fe[N_ROUND] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
static int round_works[N_ROUND]; /* measured at start-up */
static int host_tininess_after;  /* measured at start-up */

/* ---------------------------------------------------------------------------------- */
/* Answers */

static char reason[512];

enum verdict { OK, UNSUPPORTED, ERROR };

/* The message, made printable ASCII: it quotes parts of the case line, which may hold
 * tabs or bytes that are not UTF-8. */
static enum verdict set_reason(enum verdict v, const char *fmt, const char *arg) {
    char *p;
    snprintf(reason, sizeof reason, fmt, arg);
    for (p = reason; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
    return v;
}
static enum verdict unsupported(const char *fmt, const char *arg) {
    return set_reason(UNSUPPORTED, fmt, arg);
}
static enum verdict bad_case(const char *fmt, const char *arg) {
    return set_reason(ERROR, fmt, arg);
}

/* ---------------------------------------------------------------------------------- */
/* The C library's functions, called through volatile pointers: otherwise the compiler may
 * substitute its own inline expansion, which assumes round-to-nearest unless told
 * otherwise (GCC -O2 expands rintf as x + 2^23 - 2^23 with the sign ORed in, which gives
 * -1 for rintf(-2^-20) under FE_UPWARD and -0 for rintf(0.5) under FE_DOWNWARD). */

static float (*volatile lib_fmaf)(float, float, float) = fmaf;
static double (*volatile lib_fma)(double, double, double) = fma;
static float (*volatile lib_sqrtf)(float) = sqrtf;
static double (*volatile lib_sqrt)(double) = sqrt;
static float (*volatile lib_nearbyintf)(float) = nearbyintf;
static double (*volatile lib_nearbyint)(double) = nearbyint;
static float (*volatile lib_rintf)(float) = rintf;
static double (*volatile lib_rint)(double) = rint;
static long long (*volatile lib_llrintf)(float) = llrintf;
static long long (*volatile lib_llrint)(double) = llrint;

/* ---------------------------------------------------------------------------------- */
/* Operations. Each runs between start_measuring and stop_measuring, with operands loaded
 * from and results stored to volatile objects. */

enum op {
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_MUL_ADD, OP_SQRT, OP_RINT, OP_RINT_EXACT,
    OP_CVT, OP_TO_INT, OP_TO_INT_SAT, OP_FROM_INT, OP_MINMAX, N_OP_KINDS
};

static const struct {
    const char *name;
    enum op op;
    int arity;
} float_ops[] = {
    {"add", OP_ADD, 2},
    {"sub", OP_SUB, 2},
    {"mul", OP_MUL, 2},
    {"div", OP_DIV, 2},
    {"fma", OP_FMA, 3},
    {"mul_add", OP_MUL_ADD, 3},
    {"sqrt", OP_SQRT, 1},
    {"round_to_integral", OP_RINT, 1},
    {"round_to_integral_exact", OP_RINT_EXACT, 1},
    {"min_num", OP_MINMAX, 2},
    {"max_num", OP_MINMAX, 2},
    {"minimum", OP_MINMAX, 2},
    {"maximum", OP_MINMAX, 2},
    {"minimum_number", OP_MINMAX, 2},
    {"maximum_number", OP_MINMAX, 2},
};

/* The derived `denormal` flag of an arithmetic operation (none without DERIVED_DENORMAL),
 * given the flags it raised: x86 raises no DE when the same instruction raises invalid or
 * divbyzero (sqrt of a negative subnormal, a subnormal / 0, fma(0, inf, subnormal)).
 * mul_add is two instructions; t is its rounded product, the first operand of the second
 * (neither step can be invalid with a subnormal operand: x * inf is inf, inf - inf has
 * no subnormal operand). */
static unsigned arith_denormal(enum fmt f, enum op op, const uint64_t *in, uint64_t t,
                               unsigned flags) {
    uint64_t second[2];
    if (!DERIVED_DENORMAL || op == OP_RINT || op == OP_RINT_EXACT)
        return 0;
    if (op == OP_MUL_ADD) {
        second[0] = t;
        second[1] = in[2];
        return derived_denormal(f, in, 2) | derived_denormal(f, second, 2);
    }
    if (flags & (FL_INVALID | FL_DIVBYZERO))
        return 0;
    return derived_denormal(f, in, op == OP_SQRT ? 1 : op == OP_FMA ? 3 : 2);
}

static uint64_t arith_f32(enum op op, const uint64_t *in, int rounding, unsigned *flags) {
    volatile float a = f32_of((uint32_t)in[0]), b = f32_of((uint32_t)in[1]),
                   c = f32_of((uint32_t)in[2]);
    volatile float r = 0.0f, t = 0.0f;
    start_measuring(rounding);
    switch (op) {
    case OP_ADD: r = a + b; break;
    case OP_SUB: r = a - b; break;
    case OP_MUL: r = a * b; break;
    case OP_DIV: r = a / b; break;
    case OP_FMA: r = lib_fmaf(a, b, c); break;
    case OP_MUL_ADD: t = a * b; r = t + c; break;
    case OP_SQRT: r = lib_sqrtf(a); break;
    case OP_RINT: r = lib_nearbyintf(a); break;
    case OP_RINT_EXACT: r = lib_rintf(a); break;
    default: break;
    }
    *flags = stop_measuring();
    *flags |= arith_denormal(F32, op, in, bits_of_f32(t), *flags);
    return bits_of_f32(r);
}

static uint64_t arith_f64(enum op op, const uint64_t *in, int rounding, unsigned *flags) {
    volatile double a = f64_of(in[0]), b = f64_of(in[1]), c = f64_of(in[2]);
    volatile double r = 0.0, t = 0.0;
    start_measuring(rounding);
    switch (op) {
    case OP_ADD: r = a + b; break;
    case OP_SUB: r = a - b; break;
    case OP_MUL: r = a * b; break;
    case OP_DIV: r = a / b; break;
    case OP_FMA: r = lib_fma(a, b, c); break;
    case OP_MUL_ADD: t = a * b; r = t + c; break;
    case OP_SQRT: r = lib_sqrt(a); break;
    case OP_RINT: r = lib_nearbyint(a); break;
    case OP_RINT_EXACT: r = lib_rint(a); break;
    default: break;
    }
    *flags = stop_measuring();
    *flags |= arith_denormal(F64, op, in, bits_of_f64(t), *flags);
    return bits_of_f64(r);
}

static uint64_t convert(enum fmt from, uint64_t a, int rounding, unsigned *flags) {
    uint64_t out;
    if (from == F32) {
        volatile float x = f32_of((uint32_t)a);
        volatile double r;
        start_measuring(rounding);
        r = x;
        *flags = stop_measuring();
        out = bits_of_f64(r);
    } else {
        volatile double x = f64_of(a);
        volatile float r;
        start_measuring(rounding);
        r = (float)x;
        *flags = stop_measuring();
        out = bits_of_f32(r);
    }
    if (DERIVED_DENORMAL)
        *flags |= derived_denormal(from, &a, 1);
    return out;
}

/* Float to integer: the value is first rounded in the mode (nearbyint, outside the
 * measured region) to check that the conversion is defined in C; then llrint converts it
 * in the mode with the flags measured. For u64 values >= 2^63 (integers already, since
 * their ulp is >= 2^11), 2^63 is subtracted exactly before llrint and added back. */
static enum verdict to_int(enum fmt from, uint64_t a, enum ity ty, int rounding,
                           uint64_t *out, unsigned *flags) {
    double x = from == F32 ? (double)f32_of((uint32_t)a) : f64_of(a);
    double r;
    long long v;
    int high;
    if (x != x)
        return unsupported("to_%s of NaN: C leaves the result unspecified", ity_names[ty]);
    if (x == INFINITY || x == -INFINITY)
        return unsupported("to_%s of an infinity: C leaves the result unspecified",
                           ity_names[ty]);
    fesetround(rounding);
    r = lib_nearbyint(x); /* exact for f32 values too: they are f64 values */
    fesetround(FE_TONEAREST);
    if (!(r >= ity_lo[ty] && r < ity_hi_excl[ty]))
        return unsupported("the value rounds outside %s: C leaves the result unspecified",
                           ity_names[ty]);
    high = ty == U64 && r >= 0x1p63;
    if (from == F32) {
        volatile float vx = f32_of((uint32_t)a);
        volatile long long vv;
        start_measuring(rounding);
        vv = high ? lib_llrintf(vx - 0x1p63f) : lib_llrintf(vx);
        *flags = stop_measuring();
        v = vv;
    } else {
        volatile double vx = f64_of(a);
        volatile long long vv;
        start_measuring(rounding);
        vv = high ? lib_llrint(vx - 0x1p63) : lib_llrint(vx);
        *flags = stop_measuring();
        v = vv;
    }
    *out = ((uint64_t)v + (high ? (uint64_t)1 << 63 : 0)) & low_mask(ity_width[ty]);
    return OK;
}

/* Integer (the low bits of a, as type ty) to float, in the mode. */
static uint64_t from_int(enum fmt to, uint64_t a, enum ity ty, int rounding, unsigned *flags) {
    volatile float rf = 0.0f;
    volatile double rd = 0.0;
    volatile int16_t s16 = (int16_t)(uint16_t)a; /* implementation-defined: two's complement */
    volatile uint16_t u16 = (uint16_t)a;
    volatile int32_t s32 = (int32_t)(uint32_t)a;
    volatile uint32_t u32 = (uint32_t)a;
    volatile int64_t s64 = (int64_t)a;
    volatile uint64_t u64 = a;
    start_measuring(rounding);
    if (to == F32) {
        switch (ty) {
        case I16: rf = (float)s16; break;
        case U16: rf = (float)u16; break;
        case I32: rf = (float)s32; break;
        case U32: rf = (float)u32; break;
        case I64: rf = (float)s64; break;
        default: rf = (float)u64; break;
        }
    } else {
        switch (ty) {
        case I16: rd = (double)s16; break;
        case U16: rd = (double)u16; break;
        case I32: rd = (double)s32; break;
        case U32: rd = (double)u32; break;
        case I64: rd = (double)s64; break;
        default: rd = (double)u64; break;
        }
    }
    *flags = stop_measuring();
    return to == F32 ? bits_of_f32(rf) : bits_of_f64(rd);
}

/* ---------------------------------------------------------------------------------- */
/* Parsing */

/* Split s at `sep` in place into at most max fields; returns the number of fields. */
static int split(char *s, char sep, char **fields, int max) {
    int n = 0;
    fields[n++] = s;
    for (; *s; s++) {
        if (*s == sep) {
            if (n == max)
                return max + 1; /* too many */
            *s = '\0';
            fields[n++] = s + 1;
        }
    }
    return n;
}

/* Strict 0xHEX (1 to 16 significant digits); returns 0 on failure. */
static int parse_hex(const char *s, uint64_t *out) {
    uint64_t v = 0;
    int digits = 0;
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || s[2] == '\0')
        return 0;
    for (s += 2; *s; s++) {
        int d;
        if (*s >= '0' && *s <= '9')
            d = *s - '0';
        else if (*s >= 'a' && *s <= 'f')
            d = *s - 'a' + 10;
        else if (*s >= 'A' && *s <= 'F')
            d = *s - 'A' + 10;
        else
            return 0;
        if (digits > 0 || d != 0)
            digits++;
        if (digits > 16)
            return 0;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 1;
}

struct mode {
    int round;     /* index into round_names */
    int daz, ftz;  /* 0 or 1 */
    int tin_after; /* 1: tininess=after */
    int quirks_ok; /* quirks absent or ieee754 */
    const char *unknown_key;
};

static const char *const zero_one[2] = {"0", "1"};
static const char *const tininess_names[2] = {"before", "after"};

/* The index of v in names[0..n), or -1. */
static int pick(const char *v, const char *const *names, int n) {
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return i;
    return -1;
}

static enum verdict parse_mode(char *text, struct mode *m) {
    struct {
        const char *key;
        const char *const *values;
        int n_values, *dst, seen;
    } keys[4];
    char *tok;
    int k;
    memset(m, 0, sizeof *m);
    m->quirks_ok = 1;
    keys[0].key = "round", keys[0].values = round_names, keys[0].n_values = N_ROUND;
    keys[0].dst = &m->round;
    keys[1].key = "daz", keys[1].values = zero_one, keys[1].n_values = 2, keys[1].dst = &m->daz;
    keys[2].key = "ftz", keys[2].values = zero_one, keys[2].n_values = 2, keys[2].dst = &m->ftz;
    keys[3].key = "tininess", keys[3].values = tininess_names, keys[3].n_values = 2;
    keys[3].dst = &m->tin_after;
    for (k = 0; k < 4; k++)
        keys[k].seen = 0;
    for (tok = strtok(text, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok || eq[1] == '\0')
            return bad_case("malformed mode entry '%s': expected key=value", tok);
        *eq = '\0';
        for (k = 0; k < 4 && strcmp(tok, keys[k].key) != 0; k++)
            ;
        if (k < 4) {
            int i = pick(eq + 1, keys[k].values, keys[k].n_values);
            if (i < 0) {
                *eq = '=';
                return bad_case("bad mode value %s", tok);
            }
            *keys[k].dst = i;
            keys[k].seen++;
        } else if (strcmp(tok, "quirks") == 0) {
            m->quirks_ok = strcmp(eq + 1, "ieee754") == 0;
        } else if (!m->unknown_key) {
            m->unknown_key = tok;
        }
    }
    for (k = 0; k < 4; k++)
        if (keys[k].seen != 1)
            return bad_case("mode must give %s exactly once", keys[k].key);
    return OK;
}

struct inputs {
    uint64_t v[3]; /* a, b, c */
    int have[3];
};

static enum verdict parse_inputs(char *text, struct inputs *in) {
    char *tok;
    memset(in, 0, sizeof *in);
    for (tok = strtok(text, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        int i;
        if (!eq || eq == tok)
            return bad_case("malformed input '%s': expected name=0xHEX", tok);
        *eq = '\0';
        if (strlen(tok) != 1 || tok[0] < 'a' || tok[0] > 'c')
            return bad_case("unexpected input %s (ISA float operands are a, b, c)", tok);
        i = tok[0] - 'a';
        if (in->have[i])
            return bad_case("input %s given twice", tok);
        if (!parse_hex(eq + 1, &in->v[i]))
            return bad_case("input value '%s' is not 0xHEX of at most 64 bits", eq + 1);
        in->have[i] = 1;
    }
    return OK;
}

/* Check that exactly the first n operands are given and fit `width` bits. */
static enum verdict check_operands(const struct inputs *in, int n, int width) {
    static const char *const names[3] = {"a", "b", "c"};
    int i;
    for (i = 0; i < 3; i++) {
        if (i < n && !in->have[i])
            return bad_case("missing input %s", names[i]);
        if (i >= n && in->have[i])
            return bad_case("unexpected input %s", names[i]);
        if (i < n && (in->v[i] & ~low_mask(width)))
            return bad_case("input %s has more bits than the format", names[i]);
    }
    return OK;
}

static int parse_fmt(const char *s, enum fmt *f, int *known) {
    *known = strcmp(s, "f16") == 0 || strcmp(s, "bf16") == 0;
    if (strcmp(s, "f32") == 0) {
        *f = F32;
        return 1;
    }
    if (strcmp(s, "f64") == 0) {
        *f = F64;
        return 1;
    }
    return 0;
}

static int parse_ity(const char *s, enum ity *t) {
    int i;
    for (i = 0; i < N_ITY; i++)
        if (strncmp(s, ity_names[i], 3) == 0) {
            *t = (enum ity)i;
            return 1;
        }
    return 0;
}

struct instr {
    enum op op;
    enum fmt fmt, to;
    enum ity ity;
    int arity;
};

static enum verdict parse_asm(const char *asm_text, struct instr *ins) {
    char buf[96], *part[4];
    int n, known, i;
    if (strlen(asm_text) >= sizeof buf)
        return unsupported("unknown ISA float operation '%.60s'", asm_text);
    strcpy(buf, asm_text);
    n = split(buf, '.', part, 3);
    if (n == 3 && strcmp(part[0], "cvt") == 0) {
        int k1, k2, ok1 = parse_fmt(part[1], &ins->fmt, &k1),
                    ok2 = parse_fmt(part[2], &ins->to, &k2);
        if ((ok1 || k1) && (ok2 || k2) && strcmp(part[1], part[2]) != 0) {
            if (!ok1 || !ok2)
                return unsupported("%s: cref converts only between f32 and f64", asm_text);
            ins->op = OP_CVT;
            ins->arity = 1;
            return OK;
        }
        return unsupported("unknown ISA float operation '%s'", asm_text);
    }
    if (n != 2)
        return unsupported("unknown ISA float operation '%.60s'", asm_text);
    if (!parse_fmt(part[0], &ins->fmt, &known)) {
        if (known)
            return unsupported("%s: C has no such format (cref implements f32 and f64)",
                               asm_text);
        return unsupported("unknown ISA float operation '%s'", asm_text);
    }
    for (i = 0; i < (int)(sizeof float_ops / sizeof float_ops[0]); i++)
        if (strcmp(part[1], float_ops[i].name) == 0) {
            ins->op = float_ops[i].op;
            ins->arity = float_ops[i].arity;
            if (ins->op == OP_MINMAX)
                return unsupported("%s: C's fmin/fmax leave signed zeros and signalling NaNs "
                                   "unspecified",
                                   asm_text);
            return OK;
        }
    if (strncmp(part[1], "to_", 3) == 0 && parse_ity(part[1] + 3, &ins->ity)) {
        const char *rest = part[1] + 6;
        ins->arity = 1;
        if (*rest == '\0') {
            ins->op = OP_TO_INT;
            return OK;
        }
        if (strcmp(rest, "_sat") == 0)
            return unsupported("%s: C has no saturating float-to-integer conversion",
                               asm_text);
    }
    if (strncmp(part[1], "from_", 5) == 0 && parse_ity(part[1] + 5, &ins->ity) &&
        part[1][8] == '\0') {
        ins->op = OP_FROM_INT;
        ins->arity = 1;
        return OK;
    }
    return unsupported("unknown ISA float operation '%s'", asm_text);
}

static enum verdict check_mode(const struct mode *m) {
    if (m->unknown_key)
        return unsupported("unknown mode key %s", m->unknown_key);
    if (!m->quirks_ok)
        return unsupported("%s", "only quirks=ieee754");
    if (m->daz || m->ftz)
        return unsupported("%s", "only daz=0 ftz=0: <fenv.h> has no denormals-are-zero or "
                                 "flush-to-zero control");
    if (m->tin_after != host_tininess_after)
        return unsupported("only tininess=%s: this host detects tininess that way and "
                           "<fenv.h> cannot change it",
                           host_tininess_after ? "after" : "before");
    if (!round_works[m->round])
        return unsupported("round=%s: fesetround does not work for it on this build",
                           round_names[m->round]);
    return OK;
}

static void format_flags(unsigned f, char *out, size_t size) {
    size_t len = 0;
    int i;
    out[0] = '\0';
    for (i = 0; i < 6; i++)
        if (f & (1u << i))
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? "," : "",
                                    flag_names[i]);
    if (len == 0)
        snprintf(out, size, "none");
}

/* The answer to one case: fields id, words, asm, mode, inputs. */
static void answer(char **f, FILE *out) {
    struct mode m;
    struct inputs in;
    struct instr ins;
    enum verdict v;
    uint64_t d = 0;
    unsigned flags = 0;
    int width = 0, rounding;
    char flagtext[80];

    memset(&ins, 0, sizeof ins);
    /* Cases of another ISA (encoding words, another asm syntax and mode keys) are
     * unsupported whatever their mode and inputs say. */
    v = OK;
    if (strcmp(f[1], "-") != 0)
        v = unsupported("%s", "not an ISA float case (it has encoding words); cref "
                              "implements only " TARGETS);
    if (v == OK)
        v = parse_asm(f[2], &ins);
    if (v == OK)
        v = parse_mode(f[3], &m);
    if (v == OK)
        v = parse_inputs(f[4], &in);
    if (v == OK)
        v = check_mode(&m);
    if (v == OK) {
        int in_width = ins.op == OP_FROM_INT ? 64 : fmt_width(ins.fmt);
        v = check_operands(&in, ins.arity, in_width);
    }
    if (v == OK) {
        rounding = round_fe[m.round];
        switch (ins.op) {
        case OP_CVT:
            d = convert(ins.fmt, in.v[0], rounding, &flags);
            width = fmt_width(ins.to);
            break;
        case OP_TO_INT:
            v = to_int(ins.fmt, in.v[0], ins.ity, rounding, &d, &flags);
            width = ity_width[ins.ity];
            break;
        case OP_FROM_INT:
            d = from_int(ins.fmt, in.v[0] & low_mask(ity_width[ins.ity]), ins.ity, rounding,
                         &flags);
            width = fmt_width(ins.fmt);
            break;
        default:
            d = ins.fmt == F32 ? arith_f32(ins.op, in.v, rounding, &flags)
                               : arith_f64(ins.op, in.v, rounding, &flags);
            width = fmt_width(ins.fmt);
            break;
        }
    }
    switch (v) {
    case OK:
        format_flags(flags, flagtext, sizeof flagtext);
        fprintf(out, "ok\t%s\td=0x%0*llx\t%s\n", f[0], width / 4, (unsigned long long)d,
                flagtext);
        break;
    case UNSUPPORTED:
        fprintf(out, "unsupported\t%s\t%s\n", f[0], reason);
        break;
    default:
        fprintf(out, "error\t%s\t%s\n", f[0], reason);
        break;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Start-up probes */

static void probe_host(void) {
    int i;
    volatile double one = 1.0, tiny = 0x1p-60, a, b, r;
    /* Expected 1 + 2^-60 and -(1 + 2^-60) per direction (hand-worked). */
    static const double up[N_ROUND] = {1.0, 1.0, 1.0 + 0x1p-52, 1.0};
    static const double down[N_ROUND] = {-1.0, -1.0, -1.0, -1.0 - 0x1p-52};
    for (i = 0; i < N_ROUND; i++) {
        volatile double p, q;
        if (fesetround(round_fe[i]) != 0) {
            round_works[i] = 0;
            continue;
        }
        p = one + tiny;
        q = -one - tiny;
        fesetround(FE_TONEAREST);
        round_works[i] = p == up[i] && q == down[i];
        if (!round_works[i])
            fprintf(stderr, "cref: fesetround(%s) has no effect on this build; cases with "
                            "round=%s will be unsupported\n",
                    round_names[i], round_names[i]);
    }
    /* Tininess: 2^-511 (1 + 2^-52) x 2^-511 (1 - 2^-52) = 2^-1022 (1 - 2^-104): below the
     * smallest normal before rounding, exactly 2^-1022 after rounding to 53 bits; so
     * underflow is raised only by a host that detects tininess before rounding. */
    a = 0x1p-511 * (1.0 + 0x1p-52);
    b = 0x1p-511 * (1.0 - 0x1p-52);
    start_measuring(FE_TONEAREST);
    r = a * b;
    host_tininess_after = !(stop_measuring() & FL_UNDERFLOW);
    if (r != 0x1p-1022)
        fprintf(stderr, "cref: tininess probe gave an unexpected result\n");
}

/* ---------------------------------------------------------------------------------- */
/* Main loop */

/* Read one line (without the newline) into *buf; returns 0 at end of input. */
static int read_line(char **buf, size_t *cap) {
    size_t len = 0;
    int c;
    while ((c = getchar()) != EOF) {
        if (len + 1 >= *cap) {
            size_t ncap = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, ncap);
            if (!nb) {
                fprintf(stderr, "cref: out of memory\n");
                exit(1);
            }
            *buf = nb;
            *cap = ncap;
        }
        if (c == '\n')
            break;
        (*buf)[len++] = (char)c;
    }
    if (c == EOF && len == 0)
        return 0;
    if (len > 0 && (*buf)[len - 1] == '\r')
        len--;
    (*buf)[len] = '\0';
    return 1;
}

/* One field's worth of text for a message: no tabs, at most 120 characters. */
static void quote(const char *s, char *out, size_t size) {
    size_t i;
    for (i = 0; s[i] && i + 1 < size && i < 120; i++)
        out[i] = s[i] == '\t' ? ' ' : s[i];
    out[i] = '\0';
}

int main(void) {
    char *line = NULL, *f[7], q[128];
    size_t cap = 0;
    int n;

    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    probe_host();
    if (!read_line(&line, &cap))
        return 0;
    n = split(line, '\t', f, 2);
    if (n < 1 || strcmp(f[0], "gpuref-adapter") != 0) {
        quote(line, q, sizeof q);
        fprintf(stderr, "cref: expected the handshake 'gpuref-adapter<TAB>1', got '%s'\n", q);
        return 2;
    }
    if (n != 2 || strcmp(f[1], "1") != 0)
        fprintf(stderr, "cref: gpuref speaks another protocol version; cref speaks 1\n");
    printf("hello\t1\t" NAME "\t" TARGETS "\tflags\n");
    fflush(stdout);

    while (read_line(&line, &cap)) {
        if (strcmp(line, "sync") == 0) {
            fflush(stdout);
            continue;
        }
        if (strcmp(line, "bye") == 0)
            break;
        if (line[0] == '\0')
            continue;
        /* The target of the cases that follow: cref has one, and gpuref sends only cases of
           targets cref declared. */
        if (strncmp(line, "target\t", 7) == 0)
            continue;
        if (strncmp(line, "case\t", 5) != 0 && strcmp(line, "case") != 0) {
            quote(line, q, sizeof q);
            fprintf(stderr, "cref: ignoring an unknown message: '%s'\n", q);
            continue;
        }
        n = split(line, '\t', f, 6);
        if (n < 2 || f[1][0] == '\0' || strchr(f[1], ' ')) {
            printf("error\t\tmalformed case line (no readable id)\n");
        } else if (n != 6) {
            printf("error\t%s\tmalformed case line: expected 6 tab-separated fields\n", f[1]);
        } else {
            answer(f + 1, stdout);
        }
    }
    fflush(stdout);
    free(line);
    return 0;
}
