//! The output modifiers CLAMP and OMOD over a model's outputs (note 0042).
//!
//! A model states the unmodified instruction. [`Model::with_vop3_mods`] rewrites its outputs for
//! a VOP3 CLAMP bit and OMOD field, from the Vega manual ("Instruction Outputs", "ALU Clamp
//! Bit Usage", "Mode register" DX10_CLAMP, "VOPC Instructions") and the MI100 manual ("6.2.2.
//! Instruction Outputs", which the Vega text lacks: where output modifiers are ignored):
//!
//! - a float result (the destination type, the mnemonic's first type, is F16/F32/F64 and
//!   `d` has its width): OMOD multiplies by 2, 4 or 0.5 in the result's format, rounded by
//!   MODE with output denormals flushed, and any zero becomes +0 ("-0 is flushed to +0");
//!   it is ignored when MODE.IEEE = 1 or the result width's output denormals are enabled.
//!   Then CLAMP: a NaN becomes +0 with DX10_CLAMP and passes through without it; a negative
//!   value becomes +0, a value above 1.0 becomes 1.0; -0 is not settled (`zero_any`: any
//!   zero). Approximate models' `lo`/`hi` go through the same monotone stage;
//! - an integer result: CLAMP saturates the exact value of the printed expression to the
//!   destination's range, for the rows of [`SATURATE`]; rows whose result is in range by
//!   construction are unchanged; a float-to-integer conversion's INEXACT is enabled by
//!   CLAMP and not modelled then; OMOD is ignored ("ignored for integer or bit results");
//! - a compare: with CLAMP a NaN operand signals invalid (an integer compare has no float
//!   exception: unchanged); OMOD is "Unused in VOPC".
//!
//! Anything else with a modifier is an error naming the row and why.

use crate::bv::*;
use crate::fp::{Fmt, RoundIn, Rounded, D, H, INEXACT, INVALID, OVERFLOW, S, UNDERFLOW};
use crate::gcn5::mode::{round, Terms};
use crate::{Model, Mods};

mod readings;

/// What the modifiers act on: the destination's kind.
enum Kind {
    Float(Fmt),
    Compare(Fmt),
    IntCompare,
    Int { signed: bool },
}

/// The destination type of a mnemonic: its first type word (`V_CVT_F16_F32`: F16,
/// `V_FREXP_EXP_I32_F64`: I32), the manual's naming of results first.
fn dest_type(name: &str) -> Option<&str> {
    name.split('_').skip(1).find(|w| {
        let mut c = w.chars();
        matches!(c.next(), Some('F' | 'I' | 'U' | 'B')) && c.as_str().parse::<u32>().is_ok()
    })
}

fn float_fmt(t: &str) -> Option<Fmt> {
    match t {
        "F16" => Some(H),
        "F32" => Some(S),
        "F64" => Some(D),
        _ => None,
    }
}

fn kind(m: &Model) -> Result<Kind, String> {
    let t = dest_type(m.name);
    if m.name.starts_with("V_CMP") {
        // An integer compare raises no floating-point exception: CLAMP changes nothing.
        return Ok(t
            .and_then(float_fmt)
            .map_or(Kind::IntCompare, Kind::Compare));
    }
    if !m.name.starts_with("V_") {
        return Err("a scalar row has no CLAMP or OMOD".into());
    }
    if m.outputs.iter().any(|(n, _, _)| *n == "nan_half") || m.name.contains("_PACK_") {
        return Err(
            "a VOP3P packed result: the VOP3P executor clamps each half with its own NaN reading (rule gcn5.vop3p.clamp_nan), not modelled".into(),
        );
    }
    let dw = m.width("d").ok_or("the row writes no `d`")?;
    match t.and_then(float_fmt) {
        Some(f) if f.w() == dw => Ok(Kind::Float(f)),
        Some(_) => Err(format!(
            "the destination ({} bits) is not a single float of the mnemonic's type: a packed result",
            dw
        )),
        None => Ok(Kind::Int {
            signed: t.is_some_and(|t| t.starts_with('I')),
        }),
    }
}

/// Integer rows whose CLAMP saturates (with CLAMP = 1), and the exact value of the printed
/// expression over the model's inputs, in [`WIDE`] bits. Rows not listed whose result
/// cannot leave the destination's range (MIN3/MAX3/MED3, float-to-integer conversions,
/// FREXP_EXP) keep `d`; any other integer row with CLAMP is an error.
const WIDE: u32 = 80;

/// `x` (an input of `w` bits) zero- or sign-extended to [`WIDE`].
fn wide(x: &str, w: u32, signed: bool) -> String {
    if signed {
        sext(x, WIDE - w)
    } else {
        zext(x, WIDE - w)
    }
}

/// The low `n` bits of input `x` (of `w` bits) extended to [`WIDE`].
fn field(x: &str, n: u32, signed: bool) -> String {
    if signed {
        sext_low(x, n, WIDE)
    } else {
        zext_low(x, n, WIDE)
    }
}

fn add(a: &str, b: &str) -> String {
    op("bvadd", a, b)
}
fn sub(a: &str, b: &str) -> String {
    op("bvsub", a, b)
}
fn mul(a: &str, b: &str) -> String {
    op("bvmul", a, b)
}

/// The exact value a saturating row's CLAMP clamps (None: not a saturating row).
fn exact(m: &Model) -> Option<String> {
    let w = |n: &str| m.width(n).unwrap_or(32);
    let u = |n: &str| wide(n, w(n), false);
    let s = |n: &str| wide(n, w(n), true);
    let name = m.name;
    // The SAD rows' D is their (small) sum of differences plus S2, modulo 2^32: the sum is
    // D - S2 modulo 2^32 (it is below 2^32), so the exact value is that plus S2.
    let sad = || add(&zext(&sub("d0", "s2"), WIDE - 32), &u("s2"));
    Some(match name {
        "V_ADD_U32" | "V_ADD_CO_U32" | "V_ADD_U16" => add(&u("s0"), &u("s1")),
        "V_SUB_U32" | "V_SUB_CO_U32" | "V_SUB_U16" => sub(&u("s0"), &u("s1")),
        "V_SUBREV_U32" | "V_SUBREV_CO_U32" | "V_SUBREV_U16" => sub(&u("s1"), &u("s0")),
        "V_ADDC_CO_U32" => add(&add(&u("s0"), &u("s1")), &u("vcc_in")),
        "V_SUBB_CO_U32" => sub(&sub(&u("s0"), &u("s1")), &u("vcc_in")),
        "V_SUBBREV_CO_U32" => sub(&sub(&u("s1"), &u("s0")), &u("vcc_in")),
        "V_ADD_I32" | "V_ADD_I16" => add(&s("s0"), &s("s1")),
        "V_SUB_I32" | "V_SUB_I16" => sub(&s("s0"), &s("s1")),
        "V_MUL_U32_U24" => mul(&field("s0", 24, false), &field("s1", 24, false)),
        "V_MUL_I32_I24" => mul(&field("s0", 24, true), &field("s1", 24, true)),
        "V_MAD_U32_U24" => add(
            &mul(&field("s0", 24, false), &field("s1", 24, false)),
            &u("s2"),
        ),
        "V_MAD_I32_I24" => add(
            &mul(&field("s0", 24, true), &field("s1", 24, true)),
            &s("s2"),
        ),
        "V_MAD_U32_U16" => add(
            &mul(&field("s0", 16, false), &field("s1", 16, false)),
            &u("s2"),
        ),
        "V_MAD_I32_I16" => add(
            &mul(&field("s0", 16, true), &field("s1", 16, true)),
            &s("s2"),
        ),
        "V_MAD_U16" | "V_MAD_LEGACY_U16" | "V_MAD_U64_U32" => {
            add(&mul(&u("s0"), &u("s1")), &u("s2"))
        }
        "V_MAD_I16" | "V_MAD_LEGACY_I16" | "V_MAD_I64_I32" => {
            add(&mul(&s("s0"), &s("s1")), &s("s2"))
        }
        "V_SAD_U8" | "V_SAD_HI_U8" | "V_SAD_U16" | "V_SAD_U32" | "V_MSAD_U8" => sad(),
        _ => return None,
    })
}

/// Integer rows whose result is in the destination's range whatever the operands: CLAMP
/// leaves `d` as it is.
const IN_RANGE: &[&str] = &[
    "V_MIN3_U16",
    "V_MIN3_I16",
    "V_MAX3_U16",
    "V_MAX3_I16",
    "V_MED3_U16",
    "V_MED3_I16",
    "V_MIN3_U32",
    "V_MIN3_I32",
    "V_MAX3_U32",
    "V_MAX3_I32",
    "V_MED3_U32",
    "V_MED3_I32",
];

/// The saturating rows (for the docs and the tests).
pub const SATURATE: &[&str] = &[
    "V_ADD_U32",
    "V_ADD_CO_U32",
    "V_ADD_U16",
    "V_SUB_U32",
    "V_SUB_CO_U32",
    "V_SUB_U16",
    "V_SUBREV_U32",
    "V_SUBREV_CO_U32",
    "V_SUBREV_U16",
    "V_ADDC_CO_U32",
    "V_SUBB_CO_U32",
    "V_SUBBREV_CO_U32",
    "V_ADD_I32",
    "V_ADD_I16",
    "V_SUB_I32",
    "V_SUB_I16",
    "V_MUL_U32_U24",
    "V_MUL_I32_I24",
    "V_MAD_U32_U24",
    "V_MAD_I32_I24",
    "V_MAD_U32_U16",
    "V_MAD_I32_I16",
    "V_MAD_U16",
    "V_MAD_LEGACY_U16",
    "V_MAD_U64_U32",
    "V_MAD_I16",
    "V_MAD_LEGACY_I16",
    "V_MAD_I64_I32",
    "V_SAD_U8",
    "V_SAD_HI_U8",
    "V_SAD_U16",
    "V_SAD_U32",
    "V_MSAD_U8",
];

/// OMOD's factor as a float of `f` (bits).
fn factor(f: Fmt, omod: u8) -> u64 {
    let one = ((1u64 << (f.e - 1)) - 1) << f.m;
    match omod & 3 {
        1 => one + (1 << f.m),
        2 => one + (2 << f.m),
        _ => one - (1 << f.m),
    }
}

/// Whether OMOD applies to a result of `f` under `mode` (MI100 "6.2.2. Instruction
/// Outputs": ignored with IEEE = 1 or output denormals enabled).
pub fn omod_applies(f: Fmt, omod: u8, mode: u32) -> bool {
    let out_bit = if f == S { 5 } else { 7 };
    omod & 3 != 0 && mode >> 9 & 1 == 0 && mode >> out_bit & 1 == 0
}

/// OMOD on the bits `x` of `f`: the multiply rounded by MODE (output denormals flushed, as
/// OMOD applies only then), a zero result +0.
fn scale(f: Fmt, x: &str, omod: u8) -> Rounded {
    let k = lit(factor(f, omod), f.w());
    let wide = f.widened(2);
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let rm = f.rm();
    let r = round(RoundIn {
        inf: f,
        out: f,
        ops: &["x"],
        r: format!("(fp.mul {rm} {} {})", f.fp("x"), f.fp(&k)),
        wide,
        w: format!("(fp.mul {rm} {} {})", to_wide("x"), to_wide(&k)),
        exact: format!("(* (fp.to_real {}) (fp.to_real {}))", f.fp("x"), f.fp(&k)),
    });
    let bind = |t: &str| let1("x", x, t);
    let zero = lit(0, f.w());
    let d = let1(
        "y",
        &r.d,
        &ite(&format!("(= {} {zero})", low_mag(f, "y")), &zero, "y"),
    );
    Rounded {
        d: bind(&d),
        nan_any: bind(&r.nan_any),
        flags: bind(&r.flags),
    }
}

/// The magnitude bits of `x` (sign cleared).
fn low_mag(f: Fmt, x: &str) -> String {
    zext(&ext(x, f.w() - 2, 0), 1)
}

/// 1.0 of `f` (bits).
fn one(f: Fmt) -> String {
    lit(((1u64 << (f.e - 1)) - 1) << f.m, f.w())
}

fn neg(f: Fmt, x: &str) -> String {
    bit(x, f.w() - 1)
}

/// CLAMP of a non-NaN value `x`: negative (not -0) to +0, above 1.0 to 1.0 (`-0` kept).
fn clamp_num(f: Fmt, x: &str) -> String {
    let negz = lit(1 << (f.w() - 1), f.w());
    ite(
        &format!("(= {x} {negz})"),
        x,
        &ite(
            &neg(f, x),
            &lit(0, f.w()),
            &ite(&op("bvugt", x, &one(f)), &one(f), x),
        ),
    )
}

impl Model {
    /// The model with CLAMP and OMOD applied, for MODE `mode` (the script's MODE: which
    /// modifiers apply depends on it). `Err` says why the row's modifiers are not modelled.
    pub(crate) fn with_vop3_mods(&self, mode: u32, mods: Mods) -> Result<Model, String> {
        if mods == Mods::NONE {
            return Ok(self.clone());
        }
        if mods.omod > 3 {
            return Err(format!("OMOD {} is not 0..3", mods.omod));
        }
        if let Some(m) = readings::with_mods(self, mode, mods) {
            return m;
        }
        let why = |e: String| format!("{} with {}: {e}", self.name, mods.text());
        let kind = kind(self).map_err(why)?;
        let mut m = self.clone();
        let get = |n: &str| {
            self.outputs
                .iter()
                .find(|(o, _, _)| *o == n)
                .map(|(_, _, t)| t.clone())
        };
        let set = |m: &mut Model, n: &'static str, w: u32, t: String| match m
            .outputs
            .iter_mut()
            .find(|(o, _, _)| *o == n)
        {
            Some(o) => o.2 = t,
            None => m.outputs.push((n, w, t)),
        };
        match kind {
            Kind::IntCompare => {}
            Kind::Compare(f) => {
                if mods.clamp {
                    // "these compare instructions signal an exception when either of the
                    // inputs is NaN" (VOPC Instructions): invalid; nothing else modelled.
                    let nan = format!("(or {} {})", f.is_nan("s0"), f.is_nan("s1"));
                    set(&mut m, "flags", 6, zext(&b1(&nan), 5));
                    m.flags_modelled = Some(INVALID);
                }
            }
            Kind::Int { signed } => {
                let dw = self.width("d").unwrap_or(32);
                if mods.clamp {
                    let d0 = get("d").unwrap_or_default();
                    if let Some(e) = exact(self) {
                        let (lo, hi) = if signed {
                            (
                                sext(&lit(1 << (dw - 1), dw), WIDE - dw),
                                lit((1 << (dw - 1)) - 1, WIDE),
                            )
                        } else {
                            (
                                lit(0, WIDE),
                                zext(&lit(u64::MAX >> (64 - dw), dw), WIDE - dw),
                            )
                        };
                        // The exact value is signed in WIDE bits (a difference may be
                        // negative), whatever the destination's signedness.
                        let lt = "bvslt";
                        let t = let1(
                            "d0",
                            &d0,
                            &let1(
                                "e",
                                &e,
                                &ext(
                                    &ite(&op(lt, "e", &lo), &lo, &ite(&op(lt, &hi, "e"), &hi, "e")),
                                    dw - 1,
                                    0,
                                ),
                            ),
                        );
                        set(&mut m, "d", dw, t);
                    } else if m.flags_modelled.is_some() {
                        // A float-to-integer conversion: saturated already; CLAMP enables
                        // INEXACT ("iff CLAMP == 1"), not modelled for CLAMP = 1.
                        m.flags_modelled = m.flags_modelled.map(|b| b & !INEXACT);
                    } else if !IN_RANGE.contains(&self.name) {
                        return Err(why(
                            "CLAMP on this integer row is not modelled (no exact value stated)"
                                .into(),
                        ));
                    }
                }
            }
            Kind::Float(f) => {
                let approx = get("lo").is_some();
                let stage = |x: &str, nan_in: &str| -> (String, String, String) {
                    // (bits, nan_any, zero_any)
                    let (mut d, mut nan) = (x.to_string(), nan_in.to_string());
                    if omod_applies(f, mods.omod, mode) {
                        let r = scale(f, &d, mods.omod);
                        nan = op("bvor", &nan, &r.nan_any);
                        d = r.d;
                    }
                    let mut zero = "#b0".to_string();
                    if mods.clamp {
                        let is_nan = format!("(or (= n #b1) {})", f.is_nan("v"));
                        let dx10 = mode >> 8 & 1 == 1;
                        let zero_bits = lit(0, f.w());
                        let nan_out = if dx10 { zero_bits.as_str() } else { "v" };
                        let bits = let1(
                            "v",
                            &d,
                            &let1("n", &nan, &ite(&is_nan, nan_out, &clamp_num(f, "v"))),
                        );
                        let negz = lit(1 << (f.w() - 1), f.w());
                        zero = let1(
                            "v",
                            &d,
                            &let1(
                                "n",
                                &nan,
                                &b1(&format!("(and (not {is_nan}) (= v {negz}))")),
                            ),
                        );
                        if dx10 {
                            nan = "#b0".into();
                        }
                        d = bits;
                    }
                    (d, nan, zero)
                };
                let nan0 = get("nan_any").unwrap_or_else(|| "#b0".into());
                let (d, nan, zero) = stage(&get("d").unwrap_or_default(), &nan0);
                set(&mut m, "d", f.w(), d);
                set(&mut m, "nan_any", 1, nan);
                if approx {
                    // The stage is monotone: the range's ends go through it; a range that
                    // holds -0 (or a negative end clamped) keeps -0 as its low end, since
                    // clamp(-0) is either zero.
                    let (lo0, hi0) = (get("lo").unwrap_or_default(), get("hi").unwrap_or_default());
                    let (lo, _, lo_z) = stage(&lo0, "#b0");
                    let (hi, _, hi_z) = stage(&hi0, "#b0");
                    let negz = lit(1 << (f.w() - 1), f.w());
                    let lo_t = if mods.clamp {
                        // -0 is in the clamped range when an end clamps from -0, or the low
                        // end is negative and the high end is not.
                        ite(
                            &format!(
                                "(or (= {lo_z} #b1) (= {hi_z} #b1) (and {} (not {})))",
                                neg(f, &lo0),
                                neg(f, &hi0)
                            ),
                            &negz,
                            &lo,
                        )
                    } else {
                        lo
                    };
                    let hi_t = if mods.clamp {
                        ite(&format!("(= {hi} {negz})"), &lit(0, f.w()), &hi)
                    } else {
                        hi
                    };
                    set(&mut m, "lo", f.w(), lo_t);
                    set(&mut m, "hi", f.w(), hi_t);
                } else if mods.clamp {
                    set(&mut m, "zero_any", 1, zero);
                }
                if omod_applies(f, mods.omod, mode) {
                    // The multiply's own exceptions are not stated (an overflow of x4, a
                    // signalling NaN passed with IEEE = 0): no exception of the op + multiply
                    // pair is claimed but divide by zero, which a multiply cannot raise.
                    m.flags_modelled = m
                        .flags_modelled
                        .map(|b| b & !(INVALID | OVERFLOW | UNDERFLOW | INEXACT));
                }
            }
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destination_types_come_from_the_mnemonic() {
        assert_eq!(dest_type("V_CVT_F16_F32"), Some("F16"));
        assert_eq!(dest_type("V_FREXP_EXP_I32_F64"), Some("I32"));
        assert_eq!(dest_type("V_CVT_F32_UBYTE0"), Some("F32"));
        assert_eq!(dest_type("V_PACK_B32_F16"), Some("B32"));
        assert_eq!(dest_type("V_MAD_LEGACY_F32"), Some("F32"));
    }

    #[test]
    fn omod_applies_only_with_ieee_off_and_output_denormals_flushed() {
        // MI100 "6.2.2. Instruction Outputs"; MODE bit 9 IEEE, bit 5 (f32) / 7 (f16, f64)
        // output denormals.
        assert!(omod_applies(S, 1, 0x000));
        assert!(!omod_applies(S, 1, 0x200));
        assert!(!omod_applies(S, 1, 0x020));
        assert!(omod_applies(S, 1, 0x080));
        assert!(!omod_applies(H, 1, 0x080));
        assert!(!omod_applies(S, 0, 0x000));
        assert_eq!(factor(S, 1), 0x4000_0000);
        assert_eq!(factor(S, 2), 0x4080_0000);
        assert_eq!(factor(S, 3), 0x3f00_0000);
        assert_eq!(factor(H, 3), 0x3800);
    }

    #[test]
    fn unmodelled_modifiers_say_why() {
        // OMOD applies under MODE 0 (IEEE = 0, outputs flushed): three readings.
        let m = crate::gcn5::ISA.model("V_CVT_PKRTZ_F16_F32").unwrap();
        let e = m
            .with_vop3_mods(
                0,
                Mods {
                    clamp: true,
                    omod: 1,
                },
            )
            .unwrap_err();
        assert!(
            e.contains("V_CVT_PKRTZ_F16_F32 with clamp mul:2") && e.contains("packed"),
            "{e}"
        );
        let e = crate::gcn5::ISA
            .model("V_PK_ADD_F16")
            .unwrap()
            .with_vop3_mods(
                0x3f0,
                Mods {
                    clamp: true,
                    omod: 0,
                },
            )
            .unwrap_err();
        assert!(e.contains("VOP3P"), "{e}");
        let m = crate::gcn5::ISA.model("S_ADD_U32").unwrap();
        assert!(m
            .with_vop3_mods(
                0,
                Mods {
                    clamp: true,
                    omod: 0
                }
            )
            .is_err());
        let m = crate::gcn5::ISA.model("V_ADD_F32").unwrap();
        assert!(m
            .with_vop3_mods(
                0,
                Mods {
                    clamp: false,
                    omod: 4
                }
            )
            .is_err());
        assert_eq!(m.with_vop3_mods(0, Mods::NONE).unwrap(), m);
    }
}
