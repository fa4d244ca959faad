//! VOP1 integer and bit models, per lane (Vega manual, "VOP1 Instructions").

pub mod cvt;
pub mod round;

use crate::bv::*;

use super::{outputs, ROUNDED};
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

fn one(name: &'static str, spec: &'static str) -> Model {
    Model::new(name, spec).input("s0", 32)
}

/// D.u = S0.u.
pub fn v_mov_b32() -> Model {
    one("V_MOV_B32", "D.u = S0.u.").out("d", 32, "s0")
}

/// D.u = ~S0.u.
pub fn v_not_b32() -> Model {
    one("V_NOT_B32", "D.u = ~S0.u.").out("d", 32, "(bvnot s0)")
}

/// D.u[31:0] = S0.u[0:31].
pub fn v_bfrev_b32() -> Model {
    one("V_BFREV_B32", "D.u[31:0] = S0.u[0:31].").out("d", 32, reverse("s0", 32))
}

/// D.i = -1; for i in 0 ... 31 do if S0.u[31 - i] == 1 then D.i = i; break for; endif; endfor.
pub fn v_ffbh_u32() -> Model {
    one("V_FFBH_U32", "D.i = -1; for i in 0 ... 31 do if S0.u[31 - i] == 1 then D.i = i; break for; endif; endfor.")
        .out("d", 32, find_msb("s0", 32))
        .region("zero", "(= s0 #x00000000)")
}

/// D.i = -1; for i in 0 ... 31 do if S0.u[i] == 1 then D.i = i; break for; endif; endfor.
pub fn v_ffbl_b32() -> Model {
    one(
        "V_FFBL_B32",
        "D.i = -1; for i in 0 ... 31 do if S0.u[i] == 1 then D.i = i; break for; endif; endfor.",
    )
    .out("d", 32, find_lsb("s0", 32, true))
    .region("zero", "(= s0 #x00000000)")
}

/// D.i = -1; for i in 1 ... 31 do if S0.i[31 - i] != S0.i[31] then D.i = i; break for; endif; endfor.
pub fn v_ffbh_i32() -> Model {
    one("V_FFBH_I32", "D.i = -1; for i in 1 ... 31 do if S0.i[31 - i] != S0.i[31] then D.i = i; break for; endif; endfor.")
        .out("d", 32, find_msb_signed("s0", 32))
        .region("all_ones", "(= s0 #xffffffff)")
        .region("zero", "(= s0 #x00000000)")
}

/// D.f = flt16_to_flt32(S0.f16). 0ULP accuracy, FP16 denormal inputs are accepted.
///
/// The manual accepts f16 denormal inputs here, so MODE's half input flush is not applied.
pub fn v_cvt_f32_f16() -> Model {
    let spec = "D.f = flt16_to_flt32(S0.f16). 0ULP accuracy, FP16 denormal inputs are accepted.";
    let (from, to) = (H, S);
    let wide = to.widened(2);
    let rm = to.rm();
    let r = RoundIn {
        inf: from,
        out: to,
        ops: &["s0"],
        r: format!("((_ to_fp {} {}) {rm} {})", to.e, to.m + 1, from.fp("s0")),
        wide,
        w: format!(
            "((_ to_fp {} {}) {rm} {})",
            wide.e,
            wide.m + 1,
            from.fp("s0")
        ),
        exact: format!("(fp.to_real {})", from.fp("s0")),
    };
    let m = Model::new("V_CVT_F32_F16", spec).input("s0", 16);
    outputs(m, to, &|t: &str| t.to_string(), crate::gcn5::mode::round(r))
        .region("nan_operand", from.is_nan("s0"))
        .region("denormal_operand", from.is_sub("s0"))
}

/// An integer to f32 conversion (`signed`).
fn from_int(name: &'static str, spec: &'static str, signed: bool) -> Model {
    let rm = S.rm();
    let conv = if signed { "to_fp" } else { "to_fp_unsigned" };
    let r = format!("((_ {conv} 8 24) {rm} s0)");
    let int = if signed {
        "(ite (bvslt s0 #x00000000) (- (bv2int s0) 4294967296) (bv2int s0))"
    } else {
        "(bv2int s0)"
    };
    let inexact = b1(&format!("(not (= (to_real {int}) (fp.to_real r)))"));
    let bind = |t: &str| format!("(let ((r {r})) {t})");
    Model::new(name, spec)
        .input("s0", 32)
        .out("d", 32, bind("(fp.to_ieee_bv r)"))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, bind(&concat(&[inexact, lit(0, 5)])))
        .float_flags(ROUNDED)
        .region("inexact", "(bvuge (bvand s0 #x7fffffff) #x01000001)")
}

/// D.f = (float)S0.i. 0.5ULP accuracy.
pub fn v_cvt_f32_i32() -> Model {
    from_int("V_CVT_F32_I32", "D.f = (float)S0.i. 0.5ULP accuracy.", true)
}

/// D.f = (float)S0.u. 0.5ULP accuracy.
pub fn v_cvt_f32_u32() -> Model {
    from_int(
        "V_CVT_F32_U32",
        "D.f = (float)S0.u. 0.5ULP accuracy.",
        false,
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
    let r = crate::gcn5::mode::round(RoundIn {
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

/// The VOP1 models of this file (integer, bit and the conversions of `vop1.rs`).
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_MOV_B32", v_mov_b32), ("V_NOT_B32", v_not_b32), ("V_BFREV_B32", v_bfrev_b32),
    ("V_FFBH_U32", v_ffbh_u32), ("V_FFBL_B32", v_ffbl_b32), ("V_FFBH_I32", v_ffbh_i32),
    ("V_CVT_F32_F16", v_cvt_f32_f16), ("V_CVT_F32_I32", v_cvt_f32_i32),
    ("V_CVT_F32_U32", v_cvt_f32_u32), ("V_CVT_F16_U16", v_cvt_f16_u16),
    ("V_CVT_F16_I16", v_cvt_f16_i16), ("V_CVT_OFF_F32_I4", v_cvt_off_f32_i4),
    ("V_SCREEN_PARTITION_4SE_B32", v_screen_partition_4se_b32),
    ("V_CVT_F32_UBYTE0", v_cvt_f32_ubyte0), ("V_CVT_F32_UBYTE1", v_cvt_f32_ubyte1),
    ("V_CVT_F32_UBYTE2", v_cvt_f32_ubyte2), ("V_CVT_F32_UBYTE3", v_cvt_f32_ubyte3),
];
