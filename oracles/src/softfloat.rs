//! Berkeley SoftFloat 3e as an oracle for gpuref-float's IEEE 754 baseline.
//!
//! SoftFloat comes from the crate `softfloat-sys` 0.1.4, built with its default Cargo
//! feature `8086-sse`, i.e. SoftFloat's `8086-SSE` specialization (see
//! `docs/design/0003-softfloat-oracle-and-benchmarks.md`). Its rules are the ones
//! gpuref-float's `Ieee754` quirks follow:
//! - default NaN: sign set, quiet bit only (`0xfe00`, `0xffc00000`, `0xfff8000000000000`);
//! - NaN propagation: the first NaN operand in operand order, quieted (an sNaN operand also
//!   raises invalid);
//! - float-to-float conversion of a NaN keeps the sign and the top payload bits, and quiets;
//! - invalid float-to-integer conversions give x86's "integer indefinite": the sign bit
//!   alone for signed types, all ones for unsigned types;
//! - tininess after rounding by default (this wrapper sets it per call).
//!
//! Known difference: for `fma(±inf, ±0, NaN)` (and `fma(±0, ±inf, NaN)`) SoftFloat raises
//! invalid and returns its default NaN; gpuref's `Ieee754` returns `c` quieted, raising
//! invalid only for a signalling `c` (IEEE 754-2008 §7.2 leaves the flag for a quiet `c` to
//! the implementation).
//!
//! Known defect: the bfloat16 conversions ([`ConvertTo`] between `BFloat16` and `Binary32`)
//! are an addition of `softfloat-sys`, not upstream SoftFloat 3e code, and place NaN
//! payloads one bit off; finite values and flags are right.
//!
//! SoftFloat has no flush-to-zero or denormals-are-zero, and no input-denormal flag:
//! [`Env::from_mode`] refuses modes that flush, and results never carry
//! [`Flags::INPUT_DENORMAL`].
//!
//! SoftFloat keeps the rounding mode, the tininess rule and the exception flags in
//! thread-local C globals. Every function here sets the mode it is given, clears the flags,
//! runs the operation and reads the flags back, all on the calling thread: calls are
//! independent and threads do not interfere. To keep the per-call cost low, the mode last
//! written on a thread is remembered and only rewritten when it changes; this module must
//! therefore be the only writer of SoftFloat's globals (nothing else in this crate touches
//! them).

use std::cell::Cell;

use gpuref_float::{
    BFloat16, Binary16, Binary32, Binary64, Flagged, Flags, Format, FpMode, Rounding, Tininess,
};
use softfloat_sys as sf;

/// The SoftFloat specialization compiled into `softfloat-sys` (its default feature).
pub const SPECIALIZATION: &str = "8086-SSE";

/// The part of a float mode SoftFloat knows about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Env {
    pub rounding: Rounding,
    pub tininess: Tininess,
}

impl Env {
    /// Round to nearest even, tininess after rounding.
    pub const IEEE: Env = Env {
        rounding: Rounding::NearestEven,
        tininess: Tininess::AfterRounding,
    };

    pub const fn new(rounding: Rounding, tininess: Tininess) -> Env {
        Env { rounding, tininess }
    }

    /// The SoftFloat environment for a gpuref mode, or `None` if the mode flushes subnormal
    /// inputs or outputs of any format (SoftFloat cannot do that).
    pub fn from_mode(mode: &FpMode) -> Option<Env> {
        let d = mode.denormals;
        let flushes = [d.half, d.bfloat, d.single, d.double]
            .iter()
            .any(|x| x.flush_inputs || x.flush_outputs);
        (!flushes).then_some(Env {
            rounding: mode.rounding,
            tininess: mode.tininess,
        })
    }
}

impl Default for Env {
    fn default() -> Self {
        Env::IEEE
    }
}

/// SoftFloat's code for a rounding direction (`softfloat_round_*`), as the `rm` argument
/// of [`SoftFloatFormat::raw_round_to_int`] and [`SoftFloatFormat::raw_to_int`] takes it.
#[inline(always)]
pub const fn rounding_code(r: Rounding) -> u8 {
    match r {
        Rounding::NearestEven => sf::softfloat_round_near_even,
        Rounding::TowardZero => sf::softfloat_round_minMag,
        Rounding::TowardPositive => sf::softfloat_round_max,
        Rounding::TowardNegative => sf::softfloat_round_min,
    }
}

#[inline(always)]
const fn tininess_code(t: Tininess) -> u8 {
    match t {
        Tininess::BeforeRounding => sf::softfloat_tininess_beforeRounding,
        Tininess::AfterRounding => sf::softfloat_tininess_afterRounding,
    }
}

/// SoftFloat's exception flags (`softfloat_flag_*`) as gpuref flags. SoftFloat calls
/// division by zero "infinite".
#[inline(always)]
pub const fn map_flags(raw: u8) -> Flags {
    Flags::when(raw & sf::softfloat_flag_invalid != 0, Flags::INVALID)
        .union(Flags::when(
            raw & sf::softfloat_flag_infinite != 0,
            Flags::DIV_BY_ZERO,
        ))
        .union(Flags::when(
            raw & sf::softfloat_flag_overflow != 0,
            Flags::OVERFLOW,
        ))
        .union(Flags::when(
            raw & sf::softfloat_flag_underflow != 0,
            Flags::UNDERFLOW,
        ))
        .union(Flags::when(
            raw & sf::softfloat_flag_inexact != 0,
            Flags::INEXACT,
        ))
}

thread_local! {
    /// The (rounding, tininess) code last written to this thread's SoftFloat globals;
    /// `u8::MAX` before the first write.
    static LAST_ENV: Cell<u8> = const { Cell::new(u8::MAX) };
}

/// Run `op` under `env` on this thread and collect the flags it raised.
#[inline(always)]
fn run<T>(env: Env, op: impl FnOnce() -> T) -> Flagged<T> {
    let rm = rounding_code(env.rounding);
    let tin = tininess_code(env.tininess);
    let code = rm | tin << 4;
    LAST_ENV.with(|last| {
        if last.get() != code {
            // SAFETY: plain stores to SoftFloat's thread-local globals through its helpers.
            unsafe {
                sf::softfloat_roundingMode_write_helper(rm);
                sf::softfloat_detectTininess_write_helper(tin);
            }
            last.set(code);
        }
    });
    // SAFETY: as above.
    unsafe { sf::softfloat_exceptionFlags_write_helper(0) };
    let value = op();
    // SAFETY: a plain load of SoftFloat's thread-local flags.
    let raw = unsafe { sf::softfloat_exceptionFlags_read_helper() };
    Flagged::new(value, map_flags(raw))
}

/// Run `f`, which calls the `raw_*` functions of [`SoftFloatFormat`] and [`ConvertTo`]
/// any number of times, under `env`, and return its value with the union of the flags all
/// those calls raised (as x86's sticky MXCSR flags). For benchmarks that measure SoftFloat
/// without the per-call flag handling of the other functions here.
#[inline]
pub fn sticky<T>(env: Env, f: impl FnOnce() -> T) -> Flagged<T> {
    run(env, f)
}

/// Integer types SoftFloat converts to and from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntType {
    I32,
    U32,
    I64,
    U64,
}

impl IntType {
    pub const ALL: [IntType; 4] = [IntType::I32, IntType::U32, IntType::I64, IntType::U64];
}

/// Which comparison predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    Eq,
    Le,
    Lt,
}

/// A format SoftFloat does arithmetic in. The `raw_*` functions call SoftFloat directly:
/// they use whatever mode is set on the thread and leave their flags in SoftFloat's
/// globals, so call them only inside [`sticky`]; otherwise use the free functions of this
/// module ([`add`], [`to_int`], ...), which return each call's own flags.
pub trait SoftFloatFormat: Format {
    fn raw_add(a: Self::Bits, b: Self::Bits) -> Self::Bits;
    fn raw_sub(a: Self::Bits, b: Self::Bits) -> Self::Bits;
    fn raw_mul(a: Self::Bits, b: Self::Bits) -> Self::Bits;
    fn raw_div(a: Self::Bits, b: Self::Bits) -> Self::Bits;
    fn raw_sqrt(a: Self::Bits) -> Self::Bits;
    fn raw_mul_add(a: Self::Bits, b: Self::Bits, c: Self::Bits) -> Self::Bits;
    fn raw_round_to_int(a: Self::Bits, rm: u8, exact: bool) -> Self::Bits;
    /// The integer's two's-complement bits in its width, zero-extended.
    fn raw_to_int(a: Self::Bits, ty: IntType, rm: u8, exact: bool) -> u64;
    /// `value`'s low bits read as `ty` (sign-extended for signed types).
    fn raw_from_int(value: u64, ty: IntType) -> Self::Bits;
    fn raw_compare(a: Self::Bits, b: Self::Bits, pred: Cmp, signaling: bool) -> bool;
}

macro_rules! soft_float_format {
    ($fmt:ty, $bits:ty, $t:ident,
     $add:ident, $sub:ident, $mul:ident, $div:ident, $sqrt:ident, $mul_add:ident,
     $round:ident, $to_i32:ident, $to_u32:ident, $to_i64:ident, $to_u64:ident,
     $from_i32:ident, $from_u32:ident, $from_i64:ident, $from_u64:ident,
     $eq:ident, $le:ident, $lt:ident, $eq_s:ident, $le_q:ident, $lt_q:ident) => {
        // SAFETY (every `unsafe` block below): SoftFloat's functions take and return plain
        // values, accept every bit pattern, and only touch their thread-local globals.
        impl SoftFloatFormat for $fmt {
            #[inline(always)]
            fn raw_add(a: $bits, b: $bits) -> $bits {
                unsafe { sf::$add(sf::$t { v: a }, sf::$t { v: b }).v }
            }
            #[inline(always)]
            fn raw_sub(a: $bits, b: $bits) -> $bits {
                unsafe { sf::$sub(sf::$t { v: a }, sf::$t { v: b }).v }
            }
            #[inline(always)]
            fn raw_mul(a: $bits, b: $bits) -> $bits {
                unsafe { sf::$mul(sf::$t { v: a }, sf::$t { v: b }).v }
            }
            #[inline(always)]
            fn raw_div(a: $bits, b: $bits) -> $bits {
                unsafe { sf::$div(sf::$t { v: a }, sf::$t { v: b }).v }
            }
            #[inline(always)]
            fn raw_sqrt(a: $bits) -> $bits {
                unsafe { sf::$sqrt(sf::$t { v: a }).v }
            }
            #[inline(always)]
            fn raw_mul_add(a: $bits, b: $bits, c: $bits) -> $bits {
                unsafe { sf::$mul_add(sf::$t { v: a }, sf::$t { v: b }, sf::$t { v: c }).v }
            }
            #[inline(always)]
            fn raw_round_to_int(a: $bits, rm: u8, exact: bool) -> $bits {
                unsafe { sf::$round(sf::$t { v: a }, rm, exact).v }
            }
            #[inline(always)]
            fn raw_to_int(a: $bits, ty: IntType, rm: u8, exact: bool) -> u64 {
                let a = sf::$t { v: a };
                // SoftFloat returns `int_fast32_t`/`uint_fast32_t` (64-bit on this target)
                // holding a value of the 32-bit type: truncate to the type's width.
                unsafe {
                    match ty {
                        IntType::I32 => sf::$to_i32(a, rm, exact) as i32 as u32 as u64,
                        IntType::U32 => sf::$to_u32(a, rm, exact) as u32 as u64,
                        IntType::I64 => sf::$to_i64(a, rm, exact) as u64,
                        IntType::U64 => sf::$to_u64(a, rm, exact),
                    }
                }
            }
            #[inline(always)]
            fn raw_from_int(value: u64, ty: IntType) -> $bits {
                unsafe {
                    match ty {
                        IntType::I32 => sf::$from_i32(value as u32 as i32).v,
                        IntType::U32 => sf::$from_u32(value as u32).v,
                        IntType::I64 => sf::$from_i64(value as i64).v,
                        IntType::U64 => sf::$from_u64(value).v,
                    }
                }
            }
            #[inline(always)]
            fn raw_compare(a: $bits, b: $bits, pred: Cmp, signaling: bool) -> bool {
                let (a, b) = (sf::$t { v: a }, sf::$t { v: b });
                unsafe {
                    match (pred, signaling) {
                        (Cmp::Eq, false) => sf::$eq(a, b),
                        (Cmp::Eq, true) => sf::$eq_s(a, b),
                        (Cmp::Le, false) => sf::$le_q(a, b),
                        (Cmp::Le, true) => sf::$le(a, b),
                        (Cmp::Lt, false) => sf::$lt_q(a, b),
                        (Cmp::Lt, true) => sf::$lt(a, b),
                    }
                }
            }
        }
    };
}

soft_float_format!(
    Binary16,
    u16,
    float16_t,
    f16_add,
    f16_sub,
    f16_mul,
    f16_div,
    f16_sqrt,
    f16_mulAdd,
    f16_roundToInt,
    f16_to_i32,
    f16_to_ui32,
    f16_to_i64,
    f16_to_ui64,
    i32_to_f16,
    ui32_to_f16,
    i64_to_f16,
    ui64_to_f16,
    f16_eq,
    f16_le,
    f16_lt,
    f16_eq_signaling,
    f16_le_quiet,
    f16_lt_quiet
);
soft_float_format!(
    Binary32,
    u32,
    float32_t,
    f32_add,
    f32_sub,
    f32_mul,
    f32_div,
    f32_sqrt,
    f32_mulAdd,
    f32_roundToInt,
    f32_to_i32,
    f32_to_ui32,
    f32_to_i64,
    f32_to_ui64,
    i32_to_f32,
    ui32_to_f32,
    i64_to_f32,
    ui64_to_f32,
    f32_eq,
    f32_le,
    f32_lt,
    f32_eq_signaling,
    f32_le_quiet,
    f32_lt_quiet
);
soft_float_format!(
    Binary64,
    u64,
    float64_t,
    f64_add,
    f64_sub,
    f64_mul,
    f64_div,
    f64_sqrt,
    f64_mulAdd,
    f64_roundToInt,
    f64_to_i32,
    f64_to_ui32,
    f64_to_i64,
    f64_to_ui64,
    i32_to_f64,
    ui32_to_f64,
    i64_to_f64,
    ui64_to_f64,
    f64_eq,
    f64_le,
    f64_lt,
    f64_eq_signaling,
    f64_le_quiet,
    f64_lt_quiet
);

/// A float-to-float conversion SoftFloat has: between any two of binary16/32/64, and
/// bfloat16 to and from binary32 (the `bf16` functions are an addition of the
/// `softfloat-sys` crate, not part of upstream SoftFloat 3e).
pub trait ConvertTo<To: Format>: Format {
    fn raw_convert(a: Self::Bits) -> To::Bits;
}

macro_rules! convert {
    ($from:ty, $ft:ident, $to:ty, $tt:ident, $f:ident) => {
        impl ConvertTo<$to> for $from {
            #[inline(always)]
            fn raw_convert(a: <$from as Format>::Bits) -> <$to as Format>::Bits {
                // SAFETY: a pure SoftFloat function on plain values.
                unsafe { sf::$f(sf::$ft { v: a }).v }
            }
        }
    };
}

convert!(Binary16, float16_t, Binary32, float32_t, f16_to_f32);
convert!(Binary16, float16_t, Binary64, float64_t, f16_to_f64);
convert!(Binary32, float32_t, Binary16, float16_t, f32_to_f16);
convert!(Binary32, float32_t, Binary64, float64_t, f32_to_f64);
convert!(Binary64, float64_t, Binary16, float16_t, f64_to_f16);
convert!(Binary64, float64_t, Binary32, float32_t, f64_to_f32);
convert!(BFloat16, bfloat16_t, Binary32, float32_t, bf16_to_f32);
convert!(Binary32, float32_t, BFloat16, bfloat16_t, f32_to_bf16);

/// `a + b`, rounded per `env`.
#[inline]
pub fn add<F: SoftFloatFormat>(env: Env, a: F::Bits, b: F::Bits) -> Flagged<F::Bits> {
    run(env, || F::raw_add(a, b))
}

/// `a - b`.
#[inline]
pub fn sub<F: SoftFloatFormat>(env: Env, a: F::Bits, b: F::Bits) -> Flagged<F::Bits> {
    run(env, || F::raw_sub(a, b))
}

/// `a * b`.
#[inline]
pub fn mul<F: SoftFloatFormat>(env: Env, a: F::Bits, b: F::Bits) -> Flagged<F::Bits> {
    run(env, || F::raw_mul(a, b))
}

/// `a / b`.
#[inline]
pub fn div<F: SoftFloatFormat>(env: Env, a: F::Bits, b: F::Bits) -> Flagged<F::Bits> {
    run(env, || F::raw_div(a, b))
}

/// Square root.
#[inline]
pub fn sqrt<F: SoftFloatFormat>(env: Env, a: F::Bits) -> Flagged<F::Bits> {
    run(env, || F::raw_sqrt(a))
}

/// Fused `a * b + c` (SoftFloat's `mulAdd`), one rounding.
#[inline]
pub fn mul_add<F: SoftFloatFormat>(
    env: Env,
    a: F::Bits,
    b: F::Bits,
    c: F::Bits,
) -> Flagged<F::Bits> {
    run(env, || F::raw_mul_add(a, b, c))
}

/// Round to an integral value in the same format with `rounding`; `exact` raises inexact
/// when the value changes (roundToIntegralExact). Tininess plays no part.
#[inline]
pub fn round_to_int<F: SoftFloatFormat>(
    a: F::Bits,
    rounding: Rounding,
    exact: bool,
) -> Flagged<F::Bits> {
    run(Env::new(rounding, Tininess::AfterRounding), || {
        F::raw_round_to_int(a, rounding_code(rounding), exact)
    })
}

/// Convert to an integer with `rounding`; `exact` raises inexact when the value is not an
/// integer. Out-of-range values and NaNs raise invalid and give x86's integer indefinite.
/// The result is the integer's two's-complement bits in `ty`'s width, zero-extended.
#[inline]
pub fn to_int<F: SoftFloatFormat>(
    a: F::Bits,
    ty: IntType,
    rounding: Rounding,
    exact: bool,
) -> Flagged<u64> {
    run(Env::new(rounding, Tininess::AfterRounding), || {
        F::raw_to_int(a, ty, rounding_code(rounding), exact)
    })
}

/// Convert an integer (`value`'s low bits read as `ty`) to `F`, rounded per `env`.
#[inline]
pub fn from_int<F: SoftFloatFormat>(env: Env, value: u64, ty: IntType) -> Flagged<F::Bits> {
    run(env, || F::raw_from_int(value, ty))
}

/// Compare `a` and `b`. A quiet comparison raises invalid only for a signalling NaN
/// operand; a signalling one for any NaN operand.
#[inline]
pub fn compare<F: SoftFloatFormat>(
    a: F::Bits,
    b: F::Bits,
    pred: Cmp,
    signaling: bool,
) -> Flagged<bool> {
    run(Env::IEEE, || F::raw_compare(a, b, pred, signaling))
}

/// Convert between float formats, rounded per `env`.
#[inline]
pub fn convert<From: ConvertTo<To>, To: Format>(env: Env, a: From::Bits) -> Flagged<To::Bits> {
    run(env, || From::raw_convert(a))
}

#[cfg(test)]
mod tests {
    //! Checks of the wrapper's plumbing: mode setting, flag mapping, thread locality and
    //! the specialization's NaN rules. Values are standard IEEE 754 facts, not SoftFloat
    //! output.
    use super::*;

    const ONE: u32 = 0x3f80_0000;
    const HALF_ULP: u32 = 0x3380_0000; // 2^-24: 1 + 2^-24 is a tie between 1 and 1+2^-23

    #[test]
    fn rounding_mode_is_applied_per_call() {
        let tie_up = 0x3400_0000; // 2^-23 * 1.0 = exactly one ulp of 1.0
        assert_eq!(add::<Binary32>(Env::IEEE, ONE, tie_up).value, 0x3f80_0001);
        // 1 + 2^-24 is halfway: RNE keeps 1.0, RUP goes up, RTZ/RDN stay.
        let r =
            |rounding| add::<Binary32>(Env::new(rounding, Tininess::AfterRounding), ONE, HALF_ULP);
        assert_eq!(r(Rounding::NearestEven), Flagged::new(ONE, Flags::INEXACT));
        assert_eq!(r(Rounding::TowardPositive).value, 0x3f80_0001);
        assert_eq!(r(Rounding::TowardZero).value, ONE);
        assert_eq!(r(Rounding::TowardNegative).value, ONE);
        // Again RNE after another mode: the cached mode must be rewritten.
        assert_eq!(r(Rounding::NearestEven).value, ONE);
    }

    #[test]
    fn flags_are_mapped_and_cleared_between_calls() {
        let e = Env::IEEE;
        assert_eq!(div::<Binary32>(e, ONE, 0).flags, Flags::DIV_BY_ZERO);
        assert_eq!(add::<Binary32>(e, ONE, ONE).flags, Flags::NONE);
        assert_eq!(
            mul::<Binary32>(e, 0x7f7f_ffff, 0x4000_0000),
            Flagged::new(0x7f80_0000, Flags::OVERFLOW | Flags::INEXACT)
        );
        // Smallest normal times one half: exact subnormal, no underflow flag (exact).
        assert_eq!(
            mul::<Binary32>(e, 0x0080_0000, 0x3f00_0000),
            Flagged::new(0x0040_0000, Flags::NONE)
        );
        // Smallest subnormal times one half: tiny and inexact.
        assert_eq!(
            mul::<Binary32>(e, 0x0000_0001, 0x3f00_0000),
            Flagged::new(0, Flags::UNDERFLOW | Flags::INEXACT)
        );
        assert_eq!(sqrt::<Binary32>(e, 0xbf80_0000).flags, Flags::INVALID);
    }

    #[test]
    fn tininess_setting_is_applied() {
        // 0x007fffff * 0x3f800001 = 2^-126 (1 - 2^-23)(1 + 2^-23) = 2^-126 (1 - 2^-46):
        // below the smallest normal before rounding, but 2^-126 when rounded to 24 bits
        // with an unbounded exponent, so tiny before rounding and not after.
        let (a, b) = (0x007f_ffff, 0x3f80_0001);
        let before = Env::new(Rounding::NearestEven, Tininess::BeforeRounding);
        let after = Env::new(Rounding::NearestEven, Tininess::AfterRounding);
        assert_eq!(
            mul::<Binary32>(before, a, b),
            Flagged::new(0x0080_0000, Flags::UNDERFLOW | Flags::INEXACT)
        );
        assert_eq!(
            mul::<Binary32>(after, a, b),
            Flagged::new(0x0080_0000, Flags::INEXACT)
        );
    }

    #[test]
    fn specialization_nan_rules_are_8086_sse() {
        let e = Env::IEEE;
        // Default NaN: sign set, quiet bit only.
        assert_eq!(
            mul::<Binary32>(e, 0x7f80_0000, 0),
            Flagged::new(0xffc0_0000, Flags::INVALID)
        );
        assert_eq!(sqrt::<Binary16>(e, 0xbc00).value, 0xfe00);
        assert_eq!(
            sqrt::<Binary64>(e, 0xbff0_0000_0000_0000).value,
            0xfff8_0000_0000_0000
        );
        // First NaN operand, quieted, even when the second one is signalling.
        assert_eq!(
            add::<Binary32>(e, 0x7fc0_0001, 0x7f80_0002),
            Flagged::new(0x7fc0_0001, Flags::INVALID)
        );
        assert_eq!(
            add::<Binary32>(e, 0x7f80_0003, 0xffc0_0004),
            Flagged::new(0x7fc0_0003, Flags::INVALID)
        );
        // Conversion keeps the top payload bits.
        // sNaN 0x7fa00000 (payload bit 21) -> quiet bit + payload bit 8 = 0x7f00.
        assert_eq!(
            convert::<Binary32, Binary16>(e, 0x7fa0_0000),
            Flagged::new(0x7f00, Flags::INVALID)
        );
        // Integer indefinite.
        assert_eq!(
            to_int::<Binary32>(0x7fc0_0000, IntType::I32, Rounding::NearestEven, false),
            Flagged::new(0x8000_0000, Flags::INVALID)
        );
        assert_eq!(
            to_int::<Binary32>(0xbf80_0000, IntType::U64, Rounding::NearestEven, false),
            Flagged::new(u64::MAX, Flags::INVALID)
        );
    }

    #[test]
    fn threads_keep_their_own_mode() {
        let up = Env::new(Rounding::TowardPositive, Tininess::AfterRounding);
        std::thread::scope(|s| {
            let h = s.spawn(|| {
                (0..10_000)
                    .map(|_| add::<Binary32>(up, ONE, HALF_ULP).value)
                    .all(|v| v == 0x3f80_0001)
            });
            let here = (0..10_000)
                .map(|_| add::<Binary32>(Env::IEEE, ONE, HALF_ULP).value)
                .all(|v| v == ONE);
            assert!(here);
            assert!(h.join().unwrap());
        });
    }

    #[test]
    fn from_mode_refuses_flushing_modes() {
        use gpuref_float::{DenormModes, Denormals};
        assert_eq!(Env::from_mode(&FpMode::IEEE), Some(Env::IEEE));
        let mut d = DenormModes::all(Denormals::KEEP);
        d.double.flush_outputs = true;
        assert_eq!(Env::from_mode(&FpMode::IEEE.with_denormals(d)), None);
    }
}
