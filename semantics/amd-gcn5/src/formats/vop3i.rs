//! The VOP3A interpolation forms: the native f16 rows V_INTERP_P1LL_F16, V_INTERP_P1LV_F16,
//! V_INTERP_P2_LEGACY_F16, V_INTERP_P2_F16 (VOP3 628..631) and the VOP3 forms (`_e64`) of
//! the VINTRP rows V_INTERP_P1_F32, V_INTERP_P2_F32, V_INTERP_MOV_F32 (VINTRP + 0x270).
//!
//! Layout: VOP3A (see [`super::vop3`]). The manual's descriptions (Vega "VINTRP
//! Instructions", "VOP3A & VOP3B Instructions") say "in the VOP3 encoding the attribute is
//! stored in the src0 field and the VGPR is stored in the src1 field": SRC0 holds ATTR[5:0],
//! ATTRCHAN[7:6] and, for the f16 rows, the attribute word select (attr_word) in bit 8,
//! printed `high`. SRC1 is the I/J VGPR (V_INTERP_MOV_F32: the parameter selector 0 = P10,
//! 1 = P20, 2 = P0); SRC2 is the VGPR of V_INTERP_P1LV_F16 / P2_*_F16. As in the VINTRP
//! module (docs/design/0013), ATTR above 32 is rejected ("Attribute number: 0 - 32").
//!
//! Text (LLVM 14): `v_interp_p1ll_f16 v5, -v2, attr1.x high clamp mul:2`,
//! `v_interp_p2_f16 v5, v2, attr1.x, |v3| high`, `v_interp_p1_f32_e64 v5, v2, attr1.x`,
//! `v_interp_mov_f32_e64 v5, p10, attr1.x`. Modifiers (LLVM's profiles): ABS/NEG on the
//! VGPR sources (not MOV's selector), CLAMP everywhere, OMOD except on the P2 f16 rows.

use super::shared::modifiers;
use super::vintrp::{ATTR_REASON, MAX_ATTR, MOV_REASON};
use super::vop3::{ENCODING, LDS_DIRECT_SRC0};
use super::{illegal, split_operands, truncated, UNUSED};
use crate::instructions::{by_name, Format, Row};
use crate::operand::{Reason, VgprRange};
use crate::target::Target;
use gpuref_core::decode::DecodeError;

/// The fields of a VOP3 interpolation instruction, kept whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interp {
    pub vdst: u8,
    /// SRC1: the I/J VGPR (`v` index), or MOV's selector (0..=2).
    pub src1: u16,
    /// SRC0 fields.
    pub attr: u8,
    pub chan: u8,
    pub high: bool,
    /// SRC2's VGPR (P1LV and the P2 f16 rows).
    pub src2: Option<u8>,
    pub abs: u8,
    pub neg: u8,
    pub clamp: bool,
    pub omod: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// V_INTERP_P1/P2_F32 e64.
    F32,
    Mov,
    P1ll,
    P1lv,
    /// V_INTERP_P2_LEGACY_F16, V_INTERP_P2_F16.
    P2,
}

fn kind(row: &Row) -> Option<Kind> {
    Some(match row.name {
        "V_INTERP_P1_F32" | "V_INTERP_P2_F32" => Kind::F32,
        "V_INTERP_MOV_F32" => Kind::Mov,
        "V_INTERP_P1LL_F16" => Kind::P1ll,
        "V_INTERP_P1LV_F16" => Kind::P1lv,
        "V_INTERP_P2_LEGACY_F16" | "V_INTERP_P2_F16" => Kind::P2,
        _ => return None,
    })
}

/// Whether a row's VOP3 form is an interpolation form (this module).
pub fn is_interp(row: &Row) -> bool {
    kind(row).is_some()
}

/// A VINTRP row named with LLVM's `_e64` suffix.
pub fn row_by_name(target: Target, name: &str) -> Option<&'static Row> {
    let lower = name.to_ascii_lowercase();
    let base = lower.strip_suffix("_e64")?;
    by_name(target, base).filter(|r| r.format == Format::Vintrp)
}

fn has_src2(k: Kind) -> bool {
    matches!(k, Kind::P1lv | Kind::P2)
}

/// ABS/NEG bits the row takes (bit 1 = SRC1, bit 2 = SRC2).
fn mod_mask(k: Kind) -> u8 {
    match k {
        Kind::Mov => 0,
        Kind::F32 | Kind::P1ll => 0b010,
        Kind::P1lv | Kind::P2 => 0b110,
    }
}

fn is_f16(k: Kind) -> bool {
    !matches!(k, Kind::F32 | Kind::Mov)
}

fn opcode(row: &Row) -> u16 {
    super::vop3::vop3_opcode(row)
}

/// Check the fields against the row.
pub fn check(row: &Row, v: &Interp) -> Result<(), DecodeError> {
    let k = kind(row)
        .ok_or_else(|| illegal("OP", u64::from(opcode(row)), "not an interpolation row"))?;
    if v.attr > MAX_ATTR {
        return Err(illegal("ATTR", u64::from(v.attr), ATTR_REASON));
    }
    if v.high && !is_f16(k) {
        return Err(illegal(
            "SRC0",
            0x100,
            "bit 8 (attr_word) is for the f16 interpolation rows",
        ));
    }
    if k == Kind::Mov {
        if v.src1 > 2 {
            return Err(illegal("SRC1", u64::from(v.src1), MOV_REASON));
        }
    } else if v.src1 > 255 {
        return Err(illegal(
            "SRC1",
            u64::from(v.src1),
            "the I/J operand is a VGPR",
        ));
    }
    if has_src2(k) != v.src2.is_some() {
        return Err(illegal("SRC2", 0, UNUSED));
    }
    if v.abs & !mod_mask(k) != 0 {
        return Err(illegal(
            "ABS",
            u64::from(v.abs),
            "ABS on an operand without modifiers (LLVM 14 cannot print it)",
        ));
    }
    if v.neg & !mod_mask(k) != 0 {
        return Err(illegal(
            "NEG",
            u64::from(v.neg),
            "NEG on an operand without modifiers (LLVM 14 cannot print it)",
        ));
    }
    if v.omod != 0 && k == Kind::P2 {
        return Err(illegal(
            "OMOD",
            u64::from(v.omod),
            "this instruction takes no output modifier in LLVM 14",
        ));
    }
    Ok(())
}

/// Decode the VOP3 interpolation instruction of `row`.
pub fn decode(row: &Row, words: &[u32]) -> Result<Interp, DecodeError> {
    let (w0, w1) = match words {
        [a, b, ..] => (*a, *b),
        _ => return Err(truncated(2, words.len())),
    };
    let k = kind(row)
        .ok_or_else(|| illegal("OP", u64::from(opcode(row)), "not an interpolation row"))?;
    if (w0 >> 11) & 0xf != 0 {
        return Err(illegal(
            "OPSEL",
            u64::from((w0 >> 11) & 0xf),
            "OPSEL is for the gfx9 16-bit VOP3 operations (valu::OP_SEL), not interpolation",
        ));
    }
    let s0 = w1 & 0x1ff;
    let s1 = ((w1 >> 9) & 0x1ff) as u16;
    let s2 = ((w1 >> 18) & 0x1ff) as u16;
    let src1 = match k {
        Kind::Mov => s1,
        _ if s1 >= 256 => s1 - 256,
        _ if s1 == 254 => return Err(illegal("SRC1", u64::from(s1), LDS_DIRECT_SRC0)),
        _ => {
            return Err(illegal(
                "SRC1",
                u64::from(s1),
                "the I/J operand must be a VGPR",
            ))
        }
    };
    let src2 = match (has_src2(k), s2) {
        (false, 0) => None,
        (false, _) => return Err(illegal("SRC2", u64::from(s2), UNUSED)),
        (true, 256..) => Some((s2 - 256) as u8),
        (true, _) => {
            return Err(illegal(
                "SRC2",
                u64::from(s2),
                "this operand must be a VGPR",
            ))
        }
    };
    let v = Interp {
        vdst: (w0 & 0xff) as u8,
        src1,
        attr: (s0 & 0x3f) as u8,
        chan: ((s0 >> 6) & 3) as u8,
        high: s0 & 0x100 != 0,
        src2,
        abs: ((w0 >> 8) & 7) as u8,
        neg: ((w1 >> 29) & 7) as u8,
        clamp: (w0 >> 15) & 1 == 1,
        omod: ((w1 >> 27) & 3) as u8,
    };
    check(row, &v)?;
    Ok(v)
}

/// The two dwords.
pub fn encode(row: &Row, v: &Interp) -> [u32; 2] {
    let op = u32::from(opcode(row)) & 0x3ff;
    let w0 = (ENCODING << 26)
        | (op << 16)
        | (u32::from(v.clamp) << 15)
        | (u32::from(v.abs & 7) << 8)
        | u32::from(v.vdst);
    let s0 = u32::from(v.attr & 0x3f) | (u32::from(v.chan & 3) << 6) | (u32::from(v.high) << 8);
    let k = kind(row);
    let s1 = if k == Some(Kind::Mov) {
        u32::from(v.src1)
    } else {
        256 + u32::from(v.src1 & 0xff)
    };
    let s2 = v.src2.map_or(0, |r| 256 + u32::from(r));
    let w1 =
        s0 | (s1 << 9) | (s2 << 18) | (u32::from(v.omod & 3) << 27) | (u32::from(v.neg & 7) << 29);
    [w0, w1]
}

const CHANNELS: [char; 4] = ['x', 'y', 'z', 'w'];
const PARAMS: [&str; 3] = ["p10", "p20", "p0"];

fn vgpr_mods(r: u8, abs: bool, neg: bool) -> String {
    super::valu::mod_text(&format!("v{r}"), false, abs, neg, false)
}

/// LLVM's text.
pub fn text(row: &Row, v: &Interp) -> String {
    let k = kind(row).unwrap_or(Kind::F32);
    let name = if row.format == Format::Vintrp {
        format!("{}_e64", row.mnemonic())
    } else {
        row.mnemonic()
    };
    let src1 = if k == Kind::Mov {
        PARAMS
            .get(usize::from(v.src1))
            .copied()
            .unwrap_or("p10")
            .to_string()
    } else {
        vgpr_mods(v.src1 as u8, v.abs & 2 != 0, v.neg & 2 != 0)
    };
    let mut out = format!(
        "{name} v{}, {src1}, attr{}.{}",
        v.vdst,
        v.attr,
        CHANNELS[usize::from(v.chan & 3)]
    );
    if let Some(r) = v.src2 {
        out.push_str(", ");
        out.push_str(&vgpr_mods(r, v.abs & 4 != 0, v.neg & 4 != 0));
    }
    if v.high {
        out.push_str(" high");
    }
    out.push_str(&super::valu::clamp_omod_text(v.clamp, v.omod));
    out
}

fn parse_attr(t: &str) -> Result<(u8, u8), Reason> {
    let (n, c) = super::vintrp::parse_attr_number(t)?;
    let chan = CHANNELS
        .iter()
        .position(|&x| c.len() == 1 && c.starts_with(x))
        .ok_or(super::vintrp::ATTR_TEXT_REASON)?;
    Ok((n, chan as u8))
}

fn parse_vgpr_mods(t: &str) -> Result<(u8, bool, bool), Reason> {
    let (inner, abs, neg, sext) = super::valu::parse_mods(t)?;
    if sext {
        return Err("no sext modifier here");
    }
    Ok((VgprRange::parse(inner, 1)?.first, abs, neg))
}

/// Parse the operands (`ops` starts at 0-based column `base`).
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Interp, (usize, String)> {
    let k = kind(row).ok_or((base, "not an interpolation row".to_string()))?;
    let mut items: Vec<(usize, String)> = split_operands(ops, base)
        .into_iter()
        .map(|(c, t)| (c, t.to_string()))
        .collect();
    let mut v = Interp {
        vdst: 0,
        src1: 0,
        attr: 0,
        chan: 0,
        high: false,
        src2: None,
        abs: 0,
        neg: 0,
        clamp: false,
        omod: 0,
    };
    if let Some((col, last)) = items.last().cloned() {
        let mut toks = last.split_whitespace();
        let first = toks.next().unwrap_or("").to_string();
        let mut off = first.len();
        let mut located = Vec::new();
        for tok in toks {
            let tcol = col + last[off..].find(tok).map_or(0, |p| p + off);
            off = tcol - col + tok.len();
            located.push((tcol, tok));
        }
        for modifier in modifiers(located) {
            let (tcol, tok, _, _) = modifier?;
            match tok {
                "high" if is_f16(k) => v.high = true,
                "clamp" => v.clamp = true,
                "mul:2" => v.omod = 1,
                "mul:4" => v.omod = 2,
                "div:2" => v.omod = 3,
                _ => return Err((tcol, format!("unknown modifier `{tok}`"))),
            }
        }
        if let Some(l) = items.last_mut() {
            l.1 = first;
        }
    }
    let want = 3 + usize::from(has_src2(k));
    if items.len() != want {
        let col = items.get(want).map_or(base + ops.len(), |(c, _)| *c);
        return Err((col, format!("expected {want} operands")));
    }
    let e = |c: usize| move |r: Reason| (c, r.to_string());
    v.vdst = VgprRange::parse(&items[0].1, 1)
        .map_err(e(items[0].0))?
        .first;
    if k == Kind::Mov {
        let p = PARAMS
            .iter()
            .position(|p| *p == items[1].1)
            .ok_or((items[1].0, "expected p10, p20 or p0".to_string()))?;
        v.src1 = p as u16;
    } else {
        let (r, abs, neg) = parse_vgpr_mods(&items[1].1).map_err(e(items[1].0))?;
        v.src1 = u16::from(r);
        v.abs |= u8::from(abs) << 1;
        v.neg |= u8::from(neg) << 1;
    }
    let (attr, chan) = parse_attr(&items[2].1).map_err(e(items[2].0))?;
    v.attr = attr;
    v.chan = chan;
    if has_src2(k) {
        let (r, abs, neg) = parse_vgpr_mods(&items[3].1).map_err(e(items[3].0))?;
        v.src2 = Some(r);
        v.abs |= u8::from(abs) << 2;
        v.neg |= u8::from(neg) << 2;
    }
    check(row, &v).map_err(|err| (base, err.to_string()))?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructions::rows;

    #[test]
    fn every_interp_row_roundtrips() {
        let mut n = 0;
        for t in [Target::Gfx900, Target::Gfx908] {
            for row in rows().filter(|r| r.targets.contains(t) && is_interp(r)) {
                let k = kind(row).unwrap();
                for hi in [false, true] {
                    let v = Interp {
                        vdst: if hi { 255 } else { 1 },
                        src1: if k == Kind::Mov {
                            u16::from(hi) * 2
                        } else if hi {
                            200
                        } else {
                            2
                        },
                        attr: if hi { 32 } else { 0 },
                        chan: if hi { 3 } else { 1 },
                        high: hi && is_f16(k),
                        src2: has_src2(k).then_some(if hi { 7 } else { 3 }),
                        abs: if hi { mod_mask(k) } else { 0 },
                        neg: if hi { mod_mask(k) & 2 } else { 0 },
                        clamp: hi,
                        omod: if hi && k != Kind::P2 { 3 } else { 0 },
                    };
                    let words = encode(row, &v);
                    assert_eq!(decode(row, &words), Ok(v), "{}", row.name);
                    let txt = text(row, &v);
                    let ops = txt.split_once(' ').map_or("", |(_, o)| o);
                    assert_eq!(parse(row, ops, 0), Ok(v), "{txt}");
                    n += 1;
                }
            }
        }
        assert_eq!(n, 2 * 2 * 7);
    }

    #[test]
    fn bad_fields_and_text_are_errors() {
        let t = Target::Gfx900;
        let p1ll = by_name(t, "V_INTERP_P1LL_F16").unwrap();
        let w0 = (ENCODING << 26) | (628 << 16) | 5;
        assert!(decode(p1ll, &[w0, 0x101 | (258 << 9)]).is_ok());
        // ATTR 33, SRC1 an SGPR, SRC2 set, OPSEL, OMOD on P2.
        for w1 in [
            0x21 | (258 << 9),
            0x101 | (2 << 9),
            0x101 | (258 << 9) | (259 << 18),
        ] {
            assert!(decode(p1ll, &[w0, w1]).is_err(), "{w1:#x}");
        }
        assert!(decode(p1ll, &[w0 | (1 << 11), 0x101 | (258 << 9)]).is_err());
        assert!(decode(p1ll, &[w0]).is_err());
        assert!(parse(p1ll, " v5, v2, attr33.x", 17).is_err());
        assert!(parse(p1ll, " v5, v2, attr1.q", 17).is_err());
        assert_eq!(parse(p1ll, " v5, v2, attr1.x bogus", 17).unwrap_err().0, 34);
        let mov = row_by_name(t, "v_interp_mov_f32_e64").unwrap();
        assert!(parse(mov, " v5, p30, attr1.x", 20).is_err());
        assert!(parse(mov, " v5, p0, attr1.x high", 20).is_err());
    }
}
