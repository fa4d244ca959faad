//! Output modifiers whose effect the manual leaves to more than one reading (note 0042,
//! "Packed and field results"): the model states the set the readings span, as a mask of
//! open bits, `d_open` (and `d_hi_open` for a 128-bit result; 1: a bit the manual does not
//! settle) or, for an exception, `flags_open` (TRAPSTS.EXCP order), next to `d`, which
//! holds one reading's bits.
//!
//! - V_QSAD_PK_U16_U8, V_MQSAD_PK_U16_U8, V_MQSAD_U32_U8 with CLAMP: "For integer
//!   operations, it clamps the result to the largest and smallest representable value"
//!   (Vega "ALU Clamp Bit Usage") read per field (each accumulator saturates at its
//!   field's maximum) or of the whole result (as one 64- or 128-bit integer, which the
//!   fields' own wrapping keeps in range: the fields as without CLAMP). The readings differ
//!   exactly where a field's exact sum overflows it: that field is open; `d` holds the
//!   per-field saturation.
//! - V_CVT_PKRTZ_F16_F32 with CLAMP: each f16 half clamped as an f16 result is (the
//!   pseudocode writes two f16 values; clamping the dword as one f32 is rejected, note
//!   0038); a -0 half is either zero (bit 15 of the half open), a NaN half is +0 with
//!   DX10_CLAMP and passes without it. OMOD where it applies has three readings (note 0038,
//!   rule `gcn5.valu.packed_omod`) and is not modelled.
//! - V_PACK_B32_F16 with CLAMP: the halves moved (the destination is B32, a bit result,
//!   and the pseudocode a move) or each `.f16` half clamped: `d` is the move, the bits
//!   where the clamped halves differ are open. It has no OMOD form.
//! - V_CMP(X)_CLASS_* with CLAMP: "these compare instructions signal an exception when
//!   either of the inputs is NaN" (Vega "VOPC Instructions") read as covering CLASS (its
//!   one float input, S0; S1 is `S1.u`, a mask) or not (IEEE 754's class() is quiet):
//!   invalid is open where S0 is a NaN and not raised elsewhere.

use super::{clamp_num, Mods};
use crate::bv::*;
use crate::fp::{D, H, INVALID, S};
use crate::Model;

/// The outputs a modified row states through open-bit masks, or `None`: not one of the
/// rows of this file.
pub(super) fn with_mods(m: &Model, mode: u32, mods: Mods) -> Option<Result<Model, String>> {
    let why = |e: &str| format!("{} with {}: {e}", m.name, mods.text());
    let omod = super::omod_applies(H, mods.omod, mode);
    Some(match m.name {
        "V_QSAD_PK_U16_U8" | "V_MQSAD_PK_U16_U8" | "V_MQSAD_U32_U8" => Ok(qsad(m, mods)),
        "V_PACK_B32_F16" if mods.omod != 0 => Err(why(
            "V_PACK_B32_F16 has no OMOD form (LLVM's assembler and gpuref's reject it, note 0038)",
        )),
        "V_CVT_PKRTZ_F16_F32" if omod => Err(why(
            "OMOD on a packed f16 result has three readings (each half scaled, ignored, the f32 sources scaled; note 0038, rule gcn5.valu.packed_omod): not modelled",
        )),
        "V_CVT_PKRTZ_F16_F32" => Ok(pkrtz(m, mode, mods)),
        "V_PACK_B32_F16" => Ok(pack(m, mode, mods)),
        n if n.starts_with("V_CMP") && n.contains("_CLASS_") => Ok(class(m, mods)),
        _ => return None,
    })
}

/// The term of output `n` of `m`.
fn term(m: &Model, n: &str) -> String {
    m.outputs
        .iter()
        .find(|(o, _, _)| *o == n)
        .map(|(_, _, t)| t.clone())
        .unwrap_or_default()
}

/// Sets (or adds) output `n` of `w` bits.
fn set(m: &mut Model, n: &'static str, w: u32, t: String) {
    match m.outputs.iter_mut().find(|(o, _, _)| *o == n) {
        Some(o) => o.2 = t,
        None => m.outputs.push((n, w, t)),
    }
}

/// One SAD accumulator field of `fw` bits under CLAMP: (bits, open mask). The field's
/// exact value is its accumulator plus a SAD below 2^16, so it is `acc + (field - acc mod
/// 2^fw)` (as for V_SAD_U8, note 0042); a carry out of `fw` bits is an overflow.
fn sat_field(field: &str, acc: &str, fw: u32) -> (String, String) {
    let exact = op("bvadd", &zext(acc, 1), &zext(&op("bvsub", field, acc), 1));
    let over = bit(&exact, fw);
    let ones = lit(u64::MAX >> (64 - fw), fw);
    (ite(&over, &ones, field), ite(&over, &ones, &lit(0, fw)))
}

/// QSAD/MQSAD with CLAMP (OMOD is ignored: an integer result).
fn qsad(m: &Model, mods: Mods) -> Model {
    let mut out = m.clone();
    if !mods.clamp {
        return out;
    }
    // (output, its accumulator input, field width)
    let halves: &[(&'static str, &'static str, &'static str)] = if m.name == "V_MQSAD_U32_U8" {
        &[("d", "s2", "d_open"), ("d_hi", "s2_hi", "d_hi_open")]
    } else {
        &[("d", "s2", "d_open")]
    };
    let fw = if m.name == "V_MQSAD_U32_U8" { 32 } else { 16 };
    for &(o, acc, open) in halves {
        let d0 = term(m, o);
        let (mut bits, mut opens) = (Vec::new(), Vec::new());
        for i in (0..64 / fw).rev() {
            let (b, k) = sat_field(
                &ext("d0", fw * i + fw - 1, fw * i),
                &ext(acc, fw * i + fw - 1, fw * i),
                fw,
            );
            bits.push(b);
            opens.push(k);
        }
        set(&mut out, o, 64, let1("d0", &d0, &concat(&bits)));
        set(&mut out, open, 64, let1("d0", &d0, &concat(&opens)));
    }
    out
}

/// Half `h` (0 low, 1 high) of a 32-bit term.
fn half(x: &str, h: u32) -> String {
    ext(x, 16 * h + 15, 16 * h)
}

/// CLAMP of one f16 half `x` (`nan`: a Bool, the model says it is some NaN): (bits,
/// open mask, still some NaN). A NaN is +0 with DX10_CLAMP and passes without it; a
/// negative value is +0, one above 1.0 is 1.0; -0 is either zero (bit 15 open).
fn clamp_half(x: &str, nan: &str, dx10: bool) -> (String, String, String) {
    let is_nan = format!("(or {nan} {})", H.is_nan(x));
    let nan_out = if dx10 { lit(0, 16) } else { x.to_string() };
    let bits = ite(&is_nan, &nan_out, &clamp_num(H, x));
    let open = ite(
        &format!("(and (not {is_nan}) (= {x} #x8000))"),
        "#x8000",
        "#x0000",
    );
    let still = if dx10 { "false".to_string() } else { is_nan };
    (bits, open, still)
}

/// V_CVT_PKRTZ_F16_F32 with CLAMP (OMOD not applying): each half clamped.
fn pkrtz(m: &Model, mode: u32, mods: Mods) -> Model {
    let mut out = m.clone();
    if !mods.clamp {
        return out;
    }
    let dx10 = mode >> 8 & 1 == 1;
    let (d0, nh0) = (term(m, "d"), term(m, "nan_half"));
    let (mut bits, mut open, mut nan) = (Vec::new(), Vec::new(), Vec::new());
    for h in (0..2).rev() {
        let (b, o, n) = clamp_half(&half("d0", h), &bit("n0", h), dx10);
        bits.push(b);
        open.push(o);
        nan.push(b1(&n));
    }
    let bind = |t: String| let1("d0", &d0, &let1("n0", &nh0, &t));
    set(&mut out, "d", 32, bind(concat(&bits)));
    set(&mut out, "d_open", 32, bind(concat(&open)));
    set(&mut out, "nan_half", 2, bind(concat(&nan)));
    out
}

/// V_PACK_B32_F16 with CLAMP (OMOD not applying): the move, open where the clamped
/// halves differ from it (and a -0 half's sign, either zero when clamped).
fn pack(m: &Model, mode: u32, mods: Mods) -> Model {
    let mut out = m.clone();
    if !mods.clamp {
        return out;
    }
    let dx10 = mode >> 8 & 1 == 1;
    let d0 = term(m, "d");
    let open: Vec<String> = (0..2)
        .rev()
        .map(|h| {
            let x = half("d0", h);
            let (b, o, _) = clamp_half(&x, "false", dx10);
            op("bvor", &op("bvxor", &x, &b), &o)
        })
        .collect();
    set(&mut out, "d_open", 32, let1("d0", &d0, &concat(&open)));
    out
}

/// V_CMP(X)_CLASS_* with CLAMP: invalid open where S0 is a NaN, raised nowhere else; the
/// compare result unchanged. OMOD is "Unused in VOPC instructions".
fn class(m: &Model, mods: Mods) -> Model {
    let mut out = m.clone();
    if !mods.clamp {
        return out;
    }
    let f = match m.width("s0") {
        Some(16) => H,
        Some(64) => D,
        _ => S,
    };
    set(&mut out, "flags", 6, lit(0, 6));
    set(&mut out, "flags_open", 6, zext(&b1(&f.is_nan("s0")), 5));
    out.flags_modelled = Some(INVALID);
    out
}
