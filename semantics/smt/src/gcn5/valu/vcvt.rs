//! VOP1 conversion models not in `vfloat.rs`, and V_SCREEN_PARTITION_4SE_B32, per lane
//! (Vega manual, "VOP1 Instructions"; note 0027 "Third round (A)").
//!
//! Float-to-integer conversions truncate (the pseudocode's C casts; "Conversion is done
//! with truncation" for the 16-bit ones), saturate out-of-range values and infinities,
//! and give 0 for NaN (printed for the 32-bit ones; read the same way for the 16-bit ones,
//! which say only "supports saturation"). Their flags: inexact only, 0 (raised only when
//! CLAMP = 1, and the models are of CLAMP = 0); invalid is not modelled (not stated).

use crate::bv::*;
use crate::coverage::OpKind;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

/// Flags the rounded operations model: all but input denormal.
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

/// The float `f` of the Real literal `r`.
fn real(f: Fmt, r: &str) -> String {
    format!("((_ to_fp {} {}) RNE {r})", f.e, f.m + 1)
}

/// A float (bits `a`) to an `out`-bit integer, `signed`: truncation, saturation, NaN 0.
/// `flush`: the operand is read with MODE's input flushing (the 16-bit ones accept FP16
/// denormals; either reading gives 0 for a denormal).
fn to_int(
    name: &'static str,
    spec: &'static str,
    f: Fmt,
    out: u32,
    signed: bool,
    flush: bool,
) -> Model {
    let x = f.fp("a");
    let top = 1u64 << (out - 1);
    let d = if signed {
        format!(
            "(ite (fp.isNaN {x}) {z} (ite (fp.geq {x} {hi}) {max} (ite (fp.leq {x} {lo}) {min} ((_ fp.to_sbv {out}) RTZ {x}))))",
            z = lit(0, out),
            hi = real(f, &format!("{top}.0")),
            lo = real(f, &format!("(- {top}.0)")),
            max = lit(top - 1, out),
            min = lit(top, out),
        )
    } else {
        format!(
            "(ite (fp.isNaN {x}) {z} (ite (fp.geq {x} {hi}) {max} (ite (fp.leq {x} {lo}) {z} ((_ fp.to_ubv {out}) RTZ {x}))))",
            z = lit(0, out),
            hi = real(f, &format!("{}.0", 1u128 << out)),
            lo = real(f, "0.0"),
            max = lit(if out == 64 { u64::MAX } else { (1u64 << out) - 1 }, out),
        )
    };
    let a = if flush {
        f.read("s0")
    } else {
        "s0".to_string()
    };
    let lim = if signed { top } else { top << 1 };
    Model::new(name, spec)
        .input("s0", f.w())
        .fp_op(OpKind::ToInt { signed, width: out }, f, f, &["s0"])
        .out("d", out, let1("a", &a, &d))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(INEXACT)
        .region("nan_operand", f.is_nan("s0"))
        .region(
            "limit",
            format!(
                "(fp.eq {} {})",
                f.fp("s0"),
                real(f, &format!("{}.0", lim - 1))
            ),
        )
        .region(
            "negative_fraction",
            format!(
                "(and (fp.lt {} {}) (fp.gt {0} {}))",
                f.fp("s0"),
                real(f, "0.0"),
                real(f, "(- 1.0)")
            ),
        )
}

/// V_CVT_I32_F64.
pub fn v_cvt_i32_f64() -> Model {
    to_int("V_CVT_I32_F64", "D.i = (int)S0.d. 0.5ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", D, 32, true, true)
}
/// V_CVT_U32_F64.
pub fn v_cvt_u32_f64() -> Model {
    to_int("V_CVT_U32_F64", "D.u = (unsigned)S0.d. 0.5ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", D, 32, false, true)
}
/// V_CVT_U16_F16.
pub fn v_cvt_u16_f16() -> Model {
    to_int("V_CVT_U16_F16", "D.u16 = flt16_to_uint16(S.f16). 1ULP accuracy, supports rounding, exception flags and saturation. FP16 denormals are accepted. Conversion is done with truncation.", H, 16, false, false)
}
/// V_CVT_I16_F16.
pub fn v_cvt_i16_f16() -> Model {
    to_int("V_CVT_I16_F16", "D.i16 = flt16_to_int16(S.f16). 1ULP accuracy, supports rounding, exception flags and saturation. FP16 denormals are accepted. Conversion is done with truncation.", H, 16, true, false)
}

/// V_CVT_FLR_I32_F32 (`rpi` false: `(int)floor(S0.f)`) and V_CVT_RPI_I32_F32
/// (`(int)floor(S0.f + 0.5)`, the sum read in exact arithmetic: it is formed in f64,
/// rounded toward -inf, which keeps its floor). Saturation and NaN as the other
/// float-to-int conversions (not stated for these two); floor is integral, so no inexact.
/// The operand is read with MODE's input flushing ("denormals are supported", read as
/// V_ADD_F32's same words).
fn floor_int(name: &'static str, spec: &'static str, rpi: bool) -> Model {
    let x = S.fp("a");
    let v = if rpi {
        format!("(fp.add RTN ((_ to_fp 11 53) RNE {x}) ((_ to_fp 11 53) RNE 0.5))")
    } else {
        format!("((_ to_fp 11 53) RNE {x})")
    };
    let d = format!(
        "(let ((v (fp.roundToIntegral RTN {v}))) (ite (fp.isNaN {x}) #x00000000 (ite (fp.geq v {hi}) #x7fffffff (ite (fp.leq v {lo}) #x80000000 ((_ fp.to_sbv 32) RTZ v)))))",
        hi = real(D, "2147483648.0"),
        lo = real(D, "(- 2147483648.0)"),
    );
    let m = Model::new(name, spec)
        .input("s0", 32)
        .out("d", 32, let1("a", &S.read("s0"), &d))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(INEXACT)
        .region(
            "negative_denormal",
            format!("(and {} (= {} #b1))", S.is_sub("s0"), ext("s0", 31, 31)),
        )
        .region(
            "near_int_min",
            "(and (bvuge s0 #xceffffff) (bvule s0 #xcf000001))",
        );
    if rpi {
        // 0.5 - 2^-25 (0x3effffff): an f32 sum would round to 1.0; odd integers above 2^23.
        m.region("below_half", "(= s0 #x3effffff)").region(
            "half_tie",
            "(or (= s0 #x3f000000) (= s0 #xbf000000) (= s0 #x3fc00000))",
        )
    } else {
        m
    }
}
/// V_CVT_FLR_I32_F32.
pub fn v_cvt_flr_i32_f32() -> Model {
    floor_int(
        "V_CVT_FLR_I32_F32",
        "D.i = (int)floor(S0.f). 1ULP accuracy, denormals are supported.",
        false,
    )
}
/// V_CVT_RPI_I32_F32.
pub fn v_cvt_rpi_i32_f32() -> Model {
    floor_int(
        "V_CVT_RPI_I32_F32",
        "D.i = (int)floor(S0.f + 0.5). 0.5ULP accuracy, denormals are supported.",
        true,
    )
}

/// An exact integer-to-float conversion: `x` (an integer bit-vector term over `s0`) to
/// format `f`, `signed`. Every value converted here is exact in `f`: no flags.
fn exact_from_int(name: &'static str, spec: &'static str, f: Fmt, x: &str, signed: bool) -> Model {
    let conv = if signed { "to_fp" } else { "to_fp_unsigned" };
    Model::new(name, spec)
        .input("s0", 32)
        .out(
            "d",
            f.w(),
            format!("(fp.to_ieee_bv ((_ {conv} {} {}) RNE {x}))", f.e, f.m + 1),
        )
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(ROUNDED)
}
/// D.d = (double)S0.i. 0ULP accuracy.
pub fn v_cvt_f64_i32() -> Model {
    exact_from_int(
        "V_CVT_F64_I32",
        "D.d = (double)S0.i. 0ULP accuracy.",
        D,
        "s0",
        true,
    )
    .region("int_min", "(= s0 #x80000000)")
}
/// D.d = (double)S0.u. 0ULP accuracy.
pub fn v_cvt_f64_u32() -> Model {
    exact_from_int(
        "V_CVT_F64_U32",
        "D.d = (double)S0.u. 0ULP accuracy.",
        D,
        "s0",
        false,
    )
    .region("top_bit", "(= s0 #xffffffff)")
}
macro_rules! ubytes {
    ($($f:ident $name:literal $hi:literal $lo:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            exact_from_int($name, $spec, S, &zext(&ext("s0", $hi, $lo), 24), false)
                .region("byte_max", format!("(= {} #xff)", ext("s0", $hi, $lo)))
        }
    )*};
}
ubytes! {
    v_cvt_f32_ubyte0 "V_CVT_F32_UBYTE0" 7 0   "D.f = (float)(S0.u[7:0]).";
    v_cvt_f32_ubyte1 "V_CVT_F32_UBYTE1" 15 8  "D.f = (float)(S0.u[15:8]).";
    v_cvt_f32_ubyte2 "V_CVT_F32_UBYTE2" 23 16 "D.f = (float)(S0.u[23:16]).";
    v_cvt_f32_ubyte3 "V_CVT_F32_UBYTE3" 31 24 "D.f = (float)(S0.u[31:24]).";
}

/// A 16-bit integer to f16 (`signed`), rounded with MODE's double/half rounding field;
/// an overflow (65520 and up, nearest even) is +inf, or MAX_FP16 under FP16_OVFL, through
/// the rounding layer of the other float models (`fp::round`, whose NaN operand list
/// gets one constant that is not a NaN).
fn f16_from_int(name: &'static str, spec: &'static str, signed: bool) -> Model {
    let conv = if signed { "to_fp" } else { "to_fp_unsigned" };
    let wide = H.widened(2);
    let rm = H.rm();
    let int = if signed {
        "(ite (bvslt s0 #x0000) (- (bv2int s0) 65536) (bv2int s0))"
    } else {
        "(bv2int s0)"
    };
    let r = round(RoundIn {
        inf: H,
        out: H,
        ops: &["#x0000"],
        r: format!("((_ {conv} 5 11) {rm} s0)"),
        wide,
        w: format!("((_ {conv} {} {}) {rm} s0)", wide.e, wide.m + 1),
        exact: format!("(to_real {int})"),
    });
    Model::new(name, spec)
        .input("s0", 16)
        .out("d", 16, r.d)
        .out("nan_any", 1, r.nan_any)
        .out("flags", 6, r.flags)
        .float_flags(ROUNDED)
        .region("inexact", "(bvuge (bvand s0 #x7fff) #x0801)")
        .region("overflow", "(= s0 #xfff8)")
}
/// D.f16 = uint16_to_flt16(S.u16). 0.5ULP accuracy, supports denormals, rounding, exception flags and saturation.
pub fn v_cvt_f16_u16() -> Model {
    f16_from_int("V_CVT_F16_U16", "D.f16 = uint16_to_flt16(S.u16). 0.5ULP accuracy, supports denormals, rounding, exception flags and saturation.", false)
}
/// D.f16 = int16_to_flt16(S.i16). 0.5ULP accuracy, supports denormals, rounding, exception flags and saturation.
pub fn v_cvt_f16_i16() -> Model {
    f16_from_int("V_CVT_F16_I16", "D.f16 = int16_to_flt16(S.i16). 0.5ULP accuracy, supports denormals, rounding, exception flags and saturation.", true)
}

/// V_CVT_OFF_F32_I4: the manual's table, S0[3:0] as a signed 4-bit integer k giving k/16
/// (1000 -0.5f ... 0111 0.4375f); the f32 bits worked by hand (k/16 = 1.m * 2^e).
pub fn v_cvt_off_f32_i4() -> Model {
    #[rustfmt::skip]
    const BITS: [u32; 16] = [
        0x0000_0000, 0x3d80_0000, 0x3e00_0000, 0x3e40_0000, // 0, 0.0625, 0.125, 0.1875
        0x3e80_0000, 0x3ea0_0000, 0x3ec0_0000, 0x3ee0_0000, // 0.25 .. 0.4375
        0xbf00_0000, 0xbee0_0000, 0xbec0_0000, 0xbea0_0000, // -0.5 .. -0.3125
        0xbe80_0000, 0xbe40_0000, 0xbe00_0000, 0xbd80_0000, // -0.25 .. -0.0625
    ];
    let mut d = lit(u64::from(BITS[15]), 32);
    for k in (0..15).rev() {
        d = ite(
            &format!("(= {} {})", ext("s0", 3, 0), lit(k, 4)),
            &lit(u64::from(BITS[k as usize]), 32),
            &d,
        );
    }
    Model::new("V_CVT_OFF_F32_I4", "4-bit signed int to 32-bit float. Used for interpolation in shader. S0 Result 1000 -0.5f ... 0111 0.4375f")
        .input("s0", 32)
        .out("d", 32, d)
        .region("most_negative", "(= ((_ extract 3 0) s0) #x8)")
        .region("high_bits_set", "(and (= ((_ extract 3 0) s0) #x7) (not (= ((_ extract 31 4) s0) #x0000000)))")
}

/// D.u = TABLE[S0.u[7:0]], not as the printed TABLE but from the description the manual
/// gives with it (note 0027, "Fourth round"): the select is { x_min[6:5], y_min[6:5],
/// x_max[6:5], y_max[6:5] } (32-pixel tiles, two bits of tile coordinate each), the SE of
/// tile (x, y) is { x[5] ^ y[6], y[5] ^ x[6] }, and bit SE of the result is set when a tile
/// of the rectangle lies in that SE. The rectangle runs from the min tile to the max tile
/// counting modulo 4 (a max below the min wraps: the manual's step 2 leaves spans of 3 or
/// more tiles to the caller, and the printed TABLE gives 0xf there, which wrapping yields).
/// The kernel keeps the printed TABLE, so the cross-check compares the two shapes.
pub fn v_screen_partition_4se_b32() -> Model {
    let field = |hi: u32| format!("((_ extract {hi} {}) s0)", hi - 1);
    let (x_min, y_min, x_max, y_max) = (field(7), field(5), field(3), field(1));
    let mut tiles = Vec::new();
    for dx in 0..4u64 {
        for dy in 0..4u64 {
            let x = format!("(bvadd {x_min} {})", lit(dx, 2));
            let y = format!("(bvadd {y_min} {})", lit(dy, 2));
            let bit = |v: &str, i: u32| format!("((_ extract {i} {i}) {v})");
            // SE = { x[5] ^ y[6], y[5] ^ x[6] }: tile bit 0 is coordinate bit 5, bit 1 bit 6.
            let se = format!(
                "(concat (bvxor {} {}) (bvxor {} {}))",
                bit(&x, 0),
                bit(&y, 1),
                bit(&y, 0),
                bit(&x, 1)
            );
            tiles.push(format!(
                "(ite (and (bvule {} (bvsub {x_max} {x_min})) (bvule {} (bvsub {y_max} {y_min}))) (bvshl #x1 ((_ zero_extend 2) {se})) #x0)",
                lit(dx, 2),
                lit(dy, 2)
            ));
        }
    }
    let mask = tiles
        .into_iter()
        .reduce(|a, b| format!("(bvor {a} {b})"))
        .unwrap_or_default();
    Model::new("V_SCREEN_PARTITION_4SE_B32", "D.u = TABLE[S0.u[7:0]].")
        .input("s0", 32)
        .out("d", 32, format!("((_ zero_extend 28) {mask})"))
        // The manual's example: (0, 0) to (25, 35) gives select 00000001 and 0x3.
        .region("example_select_1", "(= ((_ extract 7 0) s0) #x01)")
        .region("wrapped_x", "(bvult ((_ extract 3 2) s0) ((_ extract 7 6) s0))")
        .region("one_tile", "(and (= ((_ extract 7 6) s0) ((_ extract 3 2) s0)) (= ((_ extract 5 4) s0) ((_ extract 1 0) s0)))")
        .region("last_entry_high_bits", "(= s0 #xffffffff)")
}

/// The conversion and table models of this file.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_CVT_I32_F64", v_cvt_i32_f64), ("V_CVT_U32_F64", v_cvt_u32_f64),
    ("V_CVT_U16_F16", v_cvt_u16_f16), ("V_CVT_I16_F16", v_cvt_i16_f16),
    ("V_CVT_FLR_I32_F32", v_cvt_flr_i32_f32), ("V_CVT_RPI_I32_F32", v_cvt_rpi_i32_f32),
    ("V_CVT_F64_I32", v_cvt_f64_i32), ("V_CVT_F64_U32", v_cvt_f64_u32),
    ("V_CVT_F32_UBYTE0", v_cvt_f32_ubyte0), ("V_CVT_F32_UBYTE1", v_cvt_f32_ubyte1),
    ("V_CVT_F32_UBYTE2", v_cvt_f32_ubyte2), ("V_CVT_F32_UBYTE3", v_cvt_f32_ubyte3),
    ("V_CVT_F16_U16", v_cvt_f16_u16), ("V_CVT_F16_I16", v_cvt_f16_i16),
    ("V_CVT_OFF_F32_I4", v_cvt_off_f32_i4),
    ("V_SCREEN_PARTITION_4SE_B32", v_screen_partition_4se_b32),
];
