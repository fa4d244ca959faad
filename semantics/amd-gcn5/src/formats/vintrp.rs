//! The VINTRP (vector parameter interpolation) microcode format: bit layout, strict decoding
//! and LLVM's syntax (`v_interp_p1_f32_e32 v0, v1, attr3.y`, `v_interp_mov_f32_e32 v4, p20,
//! attr1.x`).
//!
//! Layout (Vega manual, chapter "Microcode Formats", section "Vector Parameter Interpolation
//! Format", Table "VINTRP Fields"; the MI100 manual lists VINTRP among its microcode
//! encodings ("Vector ALU Operations") and V_INTERP_P1/P2/MOV_F32 in its VALU instruction
//! table; LLVM 14 decodes gfx908 words as gfx900's):
//!
//! `VSRC[7:0] ATTRCHAN[9:8] ATTR[15:10] OP[17:16] VDST[25:18] ENCODING[31:26]=110101`
//!
//! One dword, no literal. VSRC is the I/J VGPR for P1/P2; for V_INTERP_MOV_F32 it selects
//! the parameter, 0 = P10, 1 = P20, 2 = P0 (printed `p10`, `p20`, `p0`). ATTR is the
//! attribute number, "0 - 32" in both the field table and section "Parameter Instruction
//! Fields"; ATTRCHAN the channel `x y z w`.
//!
//! Strictness (docs/design/0013): ATTR above 32 and a MOV selector other than 0..2 are
//! `IllegalField`s (LLVM prints both; see the classes there). VSRC == VDST decodes: the
//! manual's "VSRC must be different from VDST" is a rule on the program (the P1 macro in
//! HALF_LDS mode), for the semantics layer, not a property of the word.
//!
//! LLVM prints the 32-bit form with the `_e32` suffix (the VOP3 form, `_e64`, is the VOP3
//! format's); `parse` accepts the name with or without it.

use super::illegal;
use crate::instructions::{by_name, Format, Row};
use crate::operand::{Reason, VgprRange};
use crate::target::Target;
use gpuref_core::decode::DecodeError;

/// The VINTRP fields, kept whole so that `decode(encode(x)) == x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vintrp {
    pub vdst: u8,
    /// The I/J VGPR, or V_INTERP_MOV_F32's parameter selector (0 = P10, 1 = P20, 2 = P0).
    pub vsrc: u8,
    /// Attribute number 0..=32.
    pub attr: u8,
    /// Channel 0..=3 (x, y, z, w).
    pub chan: u8,
}

pub const ENCODING: u32 = 0b11_0101;

/// The highest attribute number (Vega "VINTRP Fields": "Attribute number: 0 - 32").
pub const MAX_ATTR: u8 = 32;

/// Why ATTR above 32 is rejected.
pub const ATTR_REASON: Reason = "the manual's attribute numbers are 0 - 32";
/// Why a MOV selector above 2 is rejected.
pub const MOV_REASON: Reason = "V_INTERP_MOV_F32 selects 0 = P10, 1 = P20, 2 = P0";

const CHANNELS: [char; 4] = ['x', 'y', 'z', 'w'];
const PARAMS: [&str; 3] = ["p10", "p20", "p0"];

/// Whether a dword is a VINTRP instruction.
pub fn is_vintrp(word: u32) -> bool {
    word >> 26 == ENCODING
}

/// The OP field.
pub fn opcode(word: u32) -> u16 {
    ((word >> 16) & 3) as u16
}

fn is_mov(row: &Row) -> bool {
    row.name == "V_INTERP_MOV_F32"
}

/// Split and check the dword of `row` (a VINTRP row whose opcode is in `word`).
pub fn decode(row: &Row, word: u32) -> Result<Vintrp, DecodeError> {
    let v = Vintrp {
        vsrc: (word & 0xff) as u8,
        chan: ((word >> 8) & 3) as u8,
        attr: ((word >> 10) & 0x3f) as u8,
        vdst: ((word >> 18) & 0xff) as u8,
    };
    check(row, &v)?;
    Ok(v)
}

/// Whether the fields suit the row.
pub fn check(row: &Row, v: &Vintrp) -> Result<(), DecodeError> {
    if v.attr > MAX_ATTR {
        return Err(illegal("ATTR", u64::from(v.attr), ATTR_REASON));
    }
    if v.chan > 3 {
        return Err(illegal("ATTRCHAN", u64::from(v.chan), "a 2-bit field"));
    }
    if is_mov(row) && v.vsrc > 2 {
        return Err(illegal("VSRC", u64::from(v.vsrc), MOV_REASON));
    }
    Ok(())
}

/// The dword.
pub fn encode(row: &Row, v: &Vintrp) -> u32 {
    (ENCODING << 26)
        | (u32::from(v.vdst) << 18)
        | (u32::from(row.opcode & 3) << 16)
        | (u32::from(v.attr & 0x3f) << 10)
        | (u32::from(v.chan & 3) << 8)
        | u32::from(v.vsrc)
}

/// LLVM's text.
pub fn text(row: &Row, v: &Vintrp) -> String {
    let src = if is_mov(row) {
        PARAMS
            .get(usize::from(v.vsrc))
            .map_or_else(|| format!("invalid_param_{}", v.vsrc), |p| p.to_string())
    } else {
        format!("v{}", v.vsrc)
    };
    format!(
        "{}_e32 v{}, {src}, attr{}.{}",
        row.mnemonic(),
        v.vdst,
        v.attr,
        CHANNELS[usize::from(v.chan & 3)]
    )
}

/// The VINTRP row named `name` (`v_interp_p1_f32` or `v_interp_p1_f32_e32`, either case).
pub fn row_by_name(target: Target, name: &str) -> Option<&'static Row> {
    let lower = name.to_ascii_lowercase();
    let base = lower.strip_suffix("_e32").unwrap_or(&lower);
    by_name(target, base).filter(|r| r.format == Format::Vintrp)
}

/// Why an attribute operand is not `attrN.c`.
pub const ATTR_TEXT_REASON: Reason = "expected an attribute `attrN.x|y|z|w` with N in 0..32";

/// Split `attrN.c` into N (0..=32) and the channel text after the dot.
pub fn parse_attr_number(t: &str) -> Result<(u8, &str), Reason> {
    const BAD: Reason = ATTR_TEXT_REASON;
    let body = t.strip_prefix("attr").ok_or(BAD)?;
    let (n, c) = body.split_once('.').ok_or(BAD)?;
    if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BAD);
    }
    let n: u8 = n.parse().map_err(|_| BAD)?;
    if n > MAX_ATTR {
        return Err(ATTR_REASON);
    }
    Ok((n, c))
}

/// Parse `attrN.c`.
fn parse_attr(t: &str) -> Result<(u8, u8), Reason> {
    let (n, c) = parse_attr_number(t)?;
    let chan = match c {
        "x" => 0,
        "y" => 1,
        "z" => 2,
        "w" => 3,
        _ => return Err("expected the attribute channel x, y, z or w"),
    };
    Ok((n, chan))
}

/// Parse the operands of a VINTRP row (text after the mnemonic; `base` is its 0-based
/// column). Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Vintrp, (usize, String)> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (i, b) in ops.bytes().enumerate() {
        if b == b',' {
            parts.push((start, &ops[start..i]));
            start = i + 1;
        }
    }
    parts.push((start, &ops[start..]));
    let parts: Vec<(usize, &str)> = parts
        .into_iter()
        .map(|(s, t)| (base + s + (t.len() - t.trim_start().len()), t.trim()))
        .collect();
    let end = base + ops.trim_end().len();
    if parts.len() != 3 || parts.iter().any(|p| p.1.is_empty()) {
        let col = parts
            .iter()
            .find(|p| p.1.is_empty())
            .map_or(parts.get(3).map_or(end, |p| p.0), |p| p.0);
        return Err((
            col,
            format!(
                "{} takes 3 operands: vdst, {}, attrN.c",
                row.mnemonic(),
                if is_mov(row) { "p10|p20|p0" } else { "vsrc" }
            ),
        ));
    }
    let e = |(col, tok): (usize, &str), r: Reason| (col, format!("`{tok}`: {r}"));
    let vdst = VgprRange::parse(parts[0].1, 1).map_err(|r| e(parts[0], r))?;
    let vsrc = if is_mov(row) {
        PARAMS
            .iter()
            .position(|p| *p == parts[1].1)
            .ok_or_else(|| e(parts[1], "expected p10, p20 or p0"))? as u8
    } else {
        VgprRange::parse(parts[1].1, 1)
            .map_err(|r| e(parts[1], r))?
            .first
    };
    // An attribute followed by anything (`attr0.x high`) is one bad token here.
    let (attr, chan) = parse_attr(parts[2].1).map_err(|r| e(parts[2], r))?;
    Ok(Vintrp {
        vdst: vdst.first,
        vsrc,
        attr,
        chan,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{decode as decode_any, encode as encode_any, parse as parse_any};
    use crate::instructions::rows;
    use gpuref_core::decode::DecodeErrorKind as K;

    #[test]
    fn every_vintrp_word_roundtrips_or_is_rejected_by_rule() {
        for t in Target::ALL {
            let mut ok = 0;
            for op in 0..4u32 {
                for low in 0..(1u32 << 16) {
                    // Every VSRC/ATTRCHAN/ATTR, VDST varying with them.
                    {
                        let vdst = (low.wrapping_mul(37) >> 3) & 0xff;
                        let w = (ENCODING << 26) | vdst << 18 | op << 16 | low;
                        let attr = (low >> 10) & 0x3f;
                        let vsrc = low & 0xff;
                        match decode_any(t, &[w]) {
                            Ok((inst, 1)) => {
                                ok += 1;
                                assert!(op < 3 && attr <= 32 && (op != 2 || vsrc <= 2));
                                assert_eq!(encode_any(&inst), vec![w]);
                                let txt = inst.to_string();
                                assert_eq!(parse_any(t, &txt), Ok(inst), "{txt}");
                            }
                            Ok(other) => panic!("{w:#x}: {other:?}"),
                            Err(e) => match e.kind {
                                K::UnknownOpcode { opcode: 3, .. } => assert_eq!(op, 3),
                                K::IllegalField { field: "ATTR", .. } => assert!(attr > 32),
                                K::IllegalField { field: "VSRC", .. } => {
                                    assert!(op == 2 && vsrc > 2)
                                }
                                k => panic!("{w:#x}: {k:?}"),
                            },
                        }
                    }
                }
            }
            // P1, P2: 256 VSRC x 33 ATTR x 4 channels; MOV: 3 x 33 x 4.
            assert_eq!(ok, (2 * 256 + 3) * 33 * 4, "{t}");
        }
    }

    #[test]
    fn text_of_each_row() {
        let t = Target::Gfx908;
        let r = |n| row_by_name(t, n).unwrap();
        let v = Vintrp {
            vdst: 4,
            vsrc: 1,
            attr: 32,
            chan: 3,
        };
        assert_eq!(
            text(r("v_interp_p1_f32"), &v),
            "v_interp_p1_f32_e32 v4, v1, attr32.w"
        );
        assert_eq!(
            text(r("V_INTERP_P2_F32_E32"), &v),
            "v_interp_p2_f32_e32 v4, v1, attr32.w"
        );
        assert_eq!(
            text(r("v_interp_mov_f32"), &v),
            "v_interp_mov_f32_e32 v4, p20, attr32.w"
        );
        assert!(row_by_name(t, "v_interp_p1_f32_e64").is_none());
        assert_eq!(
            rows().filter(|r| r.format == Format::Vintrp).count(),
            3,
            "one row per OP value 0..2"
        );
    }

    #[test]
    fn bad_words_and_text() {
        let t = Target::Gfx900;
        assert!(matches!(
            decode_any(t, &[]).map_err(|e| e.kind),
            Err(K::Truncated { needed: 1, .. })
        ));
        crate::formats::shared::testing::assert_error_columns(
            t,
            &[
                ("v_interp_p1_f32_e32 v0, v1, attr33.x", 29),
                ("v_interp_p1_f32_e32 v0, v1, attr3.q", 29),
                ("v_interp_p1_f32_e32 v0, v1, attr3", 29),
                ("v_interp_p1_f32_e32 v0, s1, attr3.x", 25),
                ("v_interp_p1_f32_e32 v256, v1, attr3.x", 21),
                ("v_interp_p1_f32_e32 v0, v1", 27),
                ("v_interp_p1_f32_e32 v0, v1, attr1.x, v2", 38),
                ("v_interp_p1_f32_e32 v0, , attr1.x", 25),
                ("v_interp_mov_f32_e32 v0, v1, attr1.x", 26),
                ("v_interp_mov_f32 v0, invalid_param_3, attr1.x", 22),
                ("v_interp_p1_f32_e32 v0, v1, attr1.x high", 29),
            ],
        );
    }
}
