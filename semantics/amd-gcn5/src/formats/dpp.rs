//! DPP (data-parallel primitives): the second dword that follows a VOP1 or VOP2 instruction
//! whose SRC0 is 250, with LLVM's syntax (`v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3]
//! row_mask:0xf bank_mask:0xf`, `v_add_f32_dpp v9, -|v3|, -|v7| row_ror:1 row_mask:0x5
//! bank_mask:0xa bound_ctrl:1`).
//!
//! Layout (Vega manual, chapter "Microcode Formats", section "DPP", Table "DPP Fields"; the
//! MI100 manual stops before its microcode chapter and LLVM 14 decodes gfx908 words as
//! gfx900's):
//!
//! `SRC0[39:32] DPP_CTRL[48:40] r[50:49] BC[51] SRC0_NEG[52] SRC0_ABS[53] SRC1_NEG[54]
//! SRC1_ABS[55] BANK_MASK[59:56] ROW_MASK[63:60]`
//!
//! The first dword is the VOP1/VOP2 word (VDST, VSRC1, OP) with SRC0 = 250. SRC0 is a VGPR
//! (its permuted lanes are the source); there is no literal.
//!
//! DPP_CTRL (Table "DPP_CTRL Enumeration"): 0x000-0x0FF `quad_perm:[a,b,c,d]` (lane n of
//! each quad reads lane `ctrl[2n+1:2n]`), 0x101-0x10F `row_shl:1..15`, 0x111-0x11F
//! `row_shr:1..15`, 0x121-0x12F `row_ror:1..15`, 0x130 `wave_shl:1`, 0x134 `wave_rol:1`,
//! 0x138 `wave_shr:1`, 0x13C `wave_ror:1`, 0x140 `row_mirror`, 0x141 `row_half_mirror`,
//! 0x142 `row_bcast:15`, 0x143 `row_bcast:31`. Every other value is reserved (the table
//! names 0x100 "DPP_UNUSED ... Reserved"): an `IllegalField` here (LLVM prints a comment;
//! class P1 of docs/design/0017).
//!
//! BOUND_CTRL: the manual's BC=1 means "write" (a zero) where the source lane is out of
//! range or disabled. LLVM spells BC=1 `bound_ctrl:1` in its output (the digit is not the
//! bit's meaning: LLVM's assembler takes `bound_ctrl:0` and `bound_ctrl:1` alike and sets
//! BC=1 for both) and prints nothing for BC=0; `parse` accepts both spellings.
//! ROW_MASK and BANK_MASK are always printed (`row_mask:0xf bank_mask:0xf` included).
//!
//! Which rows take DPP, and which modifiers each source takes, is in [`takes_dpp`] and
//! [`super::sdwa`] (docs/design/0017 compares LLVM's lists with the manual's).

use super::illegal;
use super::sdwa::{self, ExtShape, Layout, Mods};
use super::shared::{push_hex, push_vgpr};
use super::valu;
use crate::instructions::Row;
use crate::operand::{parse_int, Reason, VgprRange};
use crate::target::Target;
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// SRC0 code that selects DPP.
pub const SRC0_CODE: u32 = 250;

/// A DPP_CTRL value that is not reserved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DppCtrl {
    /// Lane selectors for lanes 0..3 of each quad, 0..=3 each.
    QuadPerm([u8; 4]),
    /// 1..=15.
    RowShl(u8),
    RowShr(u8),
    RowRor(u8),
    WaveShl,
    WaveRol,
    WaveShr,
    WaveRor,
    RowMirror,
    RowHalfMirror,
    RowBcast15,
    RowBcast31,
}

/// Why a reserved DPP_CTRL is rejected.
pub const CTRL_REASON: Reason =
    "reserved DPP_CTRL value (Vega \"DPP_CTRL Enumeration\": 0x000-0x0FF, \
     0x101-0x10F, 0x111-0x11F, 0x121-0x12F, 0x130, 0x134, 0x138, 0x13C, 0x140-0x143)";

impl DppCtrl {
    /// The 9-bit DPP_CTRL value.
    pub fn code(self) -> u16 {
        match self {
            DppCtrl::QuadPerm(s) => s
                .iter()
                .enumerate()
                .fold(0, |acc, (i, &v)| acc | (u16::from(v & 3) << (2 * i))),
            DppCtrl::RowShl(n) => 0x100 | u16::from(n & 0xf),
            DppCtrl::RowShr(n) => 0x110 | u16::from(n & 0xf),
            DppCtrl::RowRor(n) => 0x120 | u16::from(n & 0xf),
            DppCtrl::WaveShl => 0x130,
            DppCtrl::WaveRol => 0x134,
            DppCtrl::WaveShr => 0x138,
            DppCtrl::WaveRor => 0x13c,
            DppCtrl::RowMirror => 0x140,
            DppCtrl::RowHalfMirror => 0x141,
            DppCtrl::RowBcast15 => 0x142,
            DppCtrl::RowBcast31 => 0x143,
        }
    }

    /// Decode a 9-bit value (bits above 8 ignored).
    pub fn from_code(code: u16) -> Result<DppCtrl, Reason> {
        let code = code & 0x1ff;
        let n = (code & 0xf) as u8;
        Ok(match code {
            0..=0xff => DppCtrl::QuadPerm([0, 1, 2, 3].map(|i| ((code >> (2 * i)) & 3) as u8)),
            0x101..=0x10f => DppCtrl::RowShl(n),
            0x111..=0x11f => DppCtrl::RowShr(n),
            0x121..=0x12f => DppCtrl::RowRor(n),
            0x130 => DppCtrl::WaveShl,
            0x134 => DppCtrl::WaveRol,
            0x138 => DppCtrl::WaveShr,
            0x13c => DppCtrl::WaveRor,
            0x140 => DppCtrl::RowMirror,
            0x141 => DppCtrl::RowHalfMirror,
            0x142 => DppCtrl::RowBcast15,
            0x143 => DppCtrl::RowBcast31,
            _ => return Err(CTRL_REASON),
        })
    }

    /// LLVM's spelling.
    pub fn text(self) -> String {
        match self {
            DppCtrl::QuadPerm(s) => format!("quad_perm:[{},{},{},{}]", s[0], s[1], s[2], s[3]),
            DppCtrl::RowShl(n) => format!("row_shl:{n}"),
            DppCtrl::RowShr(n) => format!("row_shr:{n}"),
            DppCtrl::RowRor(n) => format!("row_ror:{n}"),
            DppCtrl::WaveShl => "wave_shl:1".into(),
            DppCtrl::WaveRol => "wave_rol:1".into(),
            DppCtrl::WaveShr => "wave_shr:1".into(),
            DppCtrl::WaveRor => "wave_ror:1".into(),
            DppCtrl::RowMirror => "row_mirror".into(),
            DppCtrl::RowHalfMirror => "row_half_mirror".into(),
            DppCtrl::RowBcast15 => "row_bcast:15".into(),
            DppCtrl::RowBcast31 => "row_bcast:31".into(),
        }
    }

    /// Parse one control token (`quad_perm:[0,1,2,3]`, `row_shl:0x3`, `row_mirror`).
    pub fn parse(t: &str) -> Result<DppCtrl, Reason> {
        match t {
            "row_mirror" => return Ok(DppCtrl::RowMirror),
            "row_half_mirror" => return Ok(DppCtrl::RowHalfMirror),
            _ => {}
        }
        let (key, val) = t.split_once(':').ok_or("expected a DPP control (quad_perm:[a,b,c,d], row_shl:n, row_shr:n, row_ror:n, wave_shl:1, wave_rol:1, wave_shr:1, wave_ror:1, row_mirror, row_half_mirror, row_bcast:15|31)")?;
        if key == "quad_perm" {
            let inner = val
                .strip_prefix('[')
                .and_then(|v| v.strip_suffix(']'))
                .ok_or("expected quad_perm:[a,b,c,d]")?;
            let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
            if parts.len() != 4 {
                return Err("quad_perm takes four lane selectors");
            }
            let mut s = [0u8; 4];
            for (slot, p) in s.iter_mut().zip(parts) {
                match parse_int(p) {
                    Some(v @ 0..=3) => *slot = v as u8,
                    _ => return Err("a quad_perm lane selector is 0..3"),
                }
            }
            return Ok(DppCtrl::QuadPerm(s));
        }
        let v = parse_int(val).ok_or("expected an integer after the DPP control name")?;
        let one = |c: DppCtrl, what: Reason| if v == 1 { Ok(c) } else { Err(what) };
        let shift = |f: fn(u8) -> DppCtrl| {
            if (1..=15).contains(&v) {
                Ok(f(v as u8))
            } else {
                Err("a row shift or rotate amount is 1..15")
            }
        };
        match key {
            "row_shl" => shift(DppCtrl::RowShl),
            "row_shr" => shift(DppCtrl::RowShr),
            "row_ror" => shift(DppCtrl::RowRor),
            "wave_shl" => one(DppCtrl::WaveShl, "wave_shl takes 1"),
            "wave_rol" => one(DppCtrl::WaveRol, "wave_rol takes 1"),
            "wave_shr" => one(DppCtrl::WaveShr, "wave_shr takes 1"),
            "wave_ror" => one(DppCtrl::WaveRor, "wave_ror takes 1"),
            "row_bcast" => match v {
                15 => Ok(DppCtrl::RowBcast15),
                31 => Ok(DppCtrl::RowBcast31),
                _ => Err("row_bcast takes 15 or 31"),
            },
            _ => Err("unknown DPP control (quad_perm, row_shl, row_shr, row_ror, wave_shl, wave_rol, wave_shr, wave_ror, row_mirror, row_half_mirror, row_bcast)"),
        }
    }
}

/// The fields of a VOP1/VOP2 instruction with DPP, both dwords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dpp {
    /// VDST (first dword [24:17]).
    pub vdst: u8,
    /// The VGPR of SRC0 (second dword [39:32]).
    pub src0: u8,
    /// VSRC1 (first dword [16:9]) for VOP2; 0 for VOP1.
    pub vsrc1: u8,
    pub ctrl: DppCtrl,
    /// BC: 1 = write 0 where the source lane is out of range or disabled.
    pub bound_ctrl: bool,
    /// SRC0 and SRC1 negate/absolute-value bits (for an integer source of a row that has
    /// modifiers, LLVM reads the NEG bit as `sext`).
    pub neg: [bool; 2],
    pub abs: [bool; 2],
    /// ROW_MASK and BANK_MASK, 4 bits each (0 = that row/bank does not write).
    pub row_mask: u8,
    pub bank_mask: u8,
}

impl Default for Dpp {
    fn default() -> Self {
        Dpp {
            vdst: 0,
            src0: 0,
            vsrc1: 0,
            ctrl: DppCtrl::QuadPerm([0, 1, 2, 3]),
            bound_ctrl: false,
            neg: [false; 2],
            abs: [false; 2],
            row_mask: 0xf,
            bank_mask: 0xf,
        }
    }
}

/// Whether `row` has a DPP form on `target` (LLVM 14's list; docs/design/0017 "Which rows").
pub fn takes_dpp(target: Target, row: &Row) -> bool {
    row.targets.contains(target) && sdwa::shape(row).is_some_and(|s| s.dpp)
}

/// Whether a first dword of `row` (VOP1/VOP2/VOPC) selects this row's DPP form.
pub fn selects(target: Target, row: &Row, word: u32) -> bool {
    word & 0x1ff == SRC0_CODE && takes_dpp(target, row)
}

/// Split and check the two dwords of `row` (one [`selects`] accepted).
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Dpp, DecodeError> {
    let shape = sdwa::shape(row).filter(|s| s.dpp).ok_or_else(|| {
        illegal(
            "SRC0",
            u64::from(SRC0_CODE),
            "this instruction has no DPP form (docs/design/0017)",
        )
    })?;
    let ctrl_code = ((w1 >> 8) & 0x1ff) as u16;
    let ctrl =
        DppCtrl::from_code(ctrl_code).map_err(|r| illegal("DPP_CTRL", u64::from(ctrl_code), r))?;
    if (w1 >> 17) & 3 != 0 {
        return Err(illegal(
            "DPP bits 50:49",
            u64::from((w1 >> 17) & 3),
            "reserved (Vega \"DPP Fields\")",
        ));
    }
    let two = shape.layout != Layout::Vop1;
    let d = Dpp {
        vdst: ((w0 >> 17) & 0xff) as u8,
        src0: (w1 & 0xff) as u8,
        vsrc1: if two { ((w0 >> 9) & 0xff) as u8 } else { 0 },
        ctrl,
        bound_ctrl: (w1 >> 19) & 1 != 0,
        neg: [(w1 >> 20) & 1 != 0, (w1 >> 22) & 1 != 0],
        abs: [(w1 >> 21) & 1 != 0, (w1 >> 23) & 1 != 0],
        bank_mask: ((w1 >> 24) & 0xf) as u8,
        row_mask: ((w1 >> 28) & 0xf) as u8,
    };
    check_mods(&shape, &d)?;
    Ok(d)
}

/// The modifier bits a source allows (docs/design/0017 "Modifiers").
fn check_mods(shape: &ExtShape, d: &Dpp) -> Result<(), DecodeError> {
    const FIELDS: [(&str, &str); 2] = [("SRC0_NEG", "SRC0_ABS"), ("SRC1_NEG", "SRC1_ABS")];
    for (i, (fneg, fabs)) in FIELDS.into_iter().enumerate() {
        let m = shape.dpp_mods(i);
        if d.neg[i] && !matches!(m, Mods::Float | Mods::Sext) {
            return Err(illegal(fneg, 1, sdwa::mods_reason(m)));
        }
        if d.abs[i] && m != Mods::Float {
            return Err(illegal(fabs, 1, sdwa::mods_reason(m)));
        }
    }
    Ok(())
}

/// The two dwords.
pub fn encode(row: &Row, d: &Dpp) -> [u32; 2] {
    let w0 = sdwa::first_dword(row, d.vdst, d.vsrc1, SRC0_CODE);
    let w1 = u32::from(d.src0)
        | u32::from(d.ctrl.code()) << 8
        | u32::from(d.bound_ctrl) << 19
        | u32::from(d.neg[0]) << 20
        | u32::from(d.abs[0]) << 21
        | u32::from(d.neg[1]) << 22
        | u32::from(d.abs[1]) << 23
        | u32::from(d.bank_mask & 0xf) << 24
        | u32::from(d.row_mask & 0xf) << 28;
    [w0, w1]
}

/// The DPP control operands as LLVM prints them.
pub fn controls_text(d: &Dpp) -> String {
    let mut s = String::with_capacity(48);
    push_controls(&mut s, d);
    s
}

/// LLVM's text.
pub fn text(row: &Row, d: &Dpp) -> String {
    let mut out = String::with_capacity(96);
    write_text(&mut out, row, d);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, d: &Dpp) {
    let Some(shape) = sdwa::shape(row) else {
        let _ = write!(out, "{}_dpp <no DPP form>", row.mnemonic());
        return;
    };
    let src = |i: usize, v: u8| {
        move |out: &mut String| match shape.dpp_mods(i) {
            Mods::None => push_vgpr(out, v, 1),
            m => valu::push_mod(
                out,
                |out| push_vgpr(out, v, 1),
                false,
                d.abs[i],
                d.neg[i],
                m == Mods::Sext,
            ),
        }
    };
    out.push_str(super::shared::mnemonic(row));
    out.push_str("_dpp ");
    sdwa::push_operands(
        out,
        shape.layout,
        |out| push_vgpr(out, d.vdst, 1),
        src(0, d.src0),
        src(1, d.vsrc1),
    );
    out.push(' ');
    push_controls(out, d);
}

/// [`controls_text`] appended to `out`.
fn push_controls(out: &mut String, d: &Dpp) {
    match d.ctrl {
        DppCtrl::QuadPerm(s) if s.iter().all(|&x| x < 10) => {
            out.push_str("quad_perm:[");
            for (i, x) in s.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push(char::from(b'0' + x));
            }
            out.push(']');
        }
        c => out.push_str(&c.text()),
    }
    out.push_str(" row_mask:");
    push_hex(out, u32::from(d.row_mask));
    out.push_str(" bank_mask:");
    push_hex(out, u32::from(d.bank_mask));
    if d.bound_ctrl {
        out.push_str(" bound_ctrl:1");
    }
}

/// The row of `target` whose DPP form is named `name` (`v_add_f32_dpp`, either case).
pub fn row_by_name(target: Target, name: &str) -> Option<&'static Row> {
    sdwa::row_by_suffixed_name(target, name, "_dpp").filter(|r| takes_dpp(target, r))
}

/// Parse the operands of `row`'s DPP form (text after the mnemonic; `base` is its 0-based
/// column). Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Dpp, (usize, String)> {
    let shape = sdwa::shape(row)
        .filter(|s| s.dpp)
        .ok_or((base, format!("{} has no DPP form", row.mnemonic())))?;
    let (operands, controls) = sdwa::split_controls(shape.layout, ops, base)?;
    let mut d = Dpp::default();
    let vgpr = |(col, tok): (usize, &str)| {
        VgprRange::parse(tok, 1).map(|r| r.first).map_err(|r| {
            (
                col,
                format!("`{tok}`: {r} (DPP sources are VGPRs: rule gcn5.asm.dpp_src_vgpr)"),
            )
        })
    };
    d.vdst = vgpr(operands.vdst)?;
    for i in 0..shape.sources() {
        let (col, tok) = operands.src[i];
        let m = shape.dpp_mods(i);
        let (inner, abs, neg, sext) = valu::parse_mods(tok).map_err(|r| (col, r.to_string()))?;
        let ok = match m {
            Mods::Float => !sext,
            Mods::Sext => !(neg || abs),
            Mods::None => !(neg || abs || sext),
        };
        if !ok {
            return Err((col, format!("`{tok}`: {}", sdwa::mods_reason(m))));
        }
        let v = vgpr((col, inner))?;
        d.neg[i] = neg || sext;
        d.abs[i] = abs;
        if i == 0 {
            d.src0 = v;
        } else {
            d.vsrc1 = v;
        }
    }
    // Controls: dpp_ctrl, then row_mask, bank_mask and bound_ctrl, each optional, in
    // LLVM's order.
    let mut it = controls.into_iter().peekable();
    let Some((col, tok)) = it.next() else {
        return Err((
            base + ops.trim_end().len(),
            "a DPP instruction needs a DPP control (quad_perm:[a,b,c,d], row_shl:n, ...)".into(),
        ));
    };
    d.ctrl = DppCtrl::parse(tok).map_err(|r| (col, format!("`{tok}`: {r}")))?;
    let mask = |col: usize, tok: &str, v: &str| match parse_int(v) {
        Some(m @ 0..=15) => Ok(m as u8),
        _ => Err((col, format!("`{tok}`: a mask is 4 bits (0..0xf)"))),
    };
    let mut stage = 0;
    for (col, tok) in it {
        let (key, val) = tok.split_once(':').unwrap_or((tok, ""));
        let order = match key {
            "row_mask" => 1,
            "bank_mask" => 2,
            "bound_ctrl" => 3,
            _ => {
                return Err((
                    col,
                    format!("`{tok}`: expected row_mask:, bank_mask: or bound_ctrl:"),
                ))
            }
        };
        if order <= stage {
            return Err((
                col,
                format!("`{tok}`: DPP operands come once each, in the order dpp control, row_mask, bank_mask, bound_ctrl"),
            ));
        }
        stage = order;
        match order {
            1 => d.row_mask = mask(col, tok, val)?,
            2 => d.bank_mask = mask(col, tok, val)?,
            _ => match val {
                // LLVM's assembler sets BC=1 for either spelling (docs/design/0017).
                "0" | "1" => d.bound_ctrl = true,
                _ => {
                    return Err((
                        col,
                        format!("`{tok}`: expected bound_ctrl:0 or bound_ctrl:1"),
                    ))
                }
            },
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse as parse_any;
    use crate::formats::shared::testing::roundtrip_or_illegal;
    use crate::instructions::by_name;

    /// Every decoded word re-encodes to itself and its text parses back to it; every
    /// rejected word breaks a rule of the module documentation, checked on the raw bits.
    #[test]
    fn words_roundtrip_or_break_a_rule() {
        let t = Target::Gfx908;
        let (mut ok, mut rejected) = (0, 0);
        for name in [
            "V_MOV_B32",
            "V_ADD_F32",
            "V_LDEXP_F16",
            "V_CNDMASK_B32",
            "V_MAC_F16",
            "V_DOT2C_F32_F16",
            "V_XNOR_B32",
        ] {
            let row = by_name(t, name).unwrap();
            let sh = sdwa::shape(row).unwrap();
            // Every DPP_CTRL and reserved-bit value, every modifier bit, masks and BC.
            for hi in 0..(1u32 << 16) {
                let w1 = (hi & 0x1ff) << 8
                    | ((hi >> 9) & 3) << 17
                    | ((hi >> 11) & 0x1f) << 19
                    | (hi % 13) << 24
                    | (hi % 11) << 28
                    | (hi * 7) & 0xff;
                let w0 = sdwa::first_dword(row, (hi >> 3) as u8, (hi >> 5) as u8, SRC0_CODE);
                let words = [w0, w1];
                let bit = |n: u32| (w1 >> n) & 1 != 0;
                match roundtrip_or_illegal(t, &words) {
                    Ok(_) => ok += 1,
                    Err((field, value)) => {
                        rejected += 1;
                        let why = match field {
                            "DPP_CTRL" => DppCtrl::from_code(value as u16).is_err(),
                            "DPP bits 50:49" => value != 0,
                            "SRC0_NEG" => bit(20) && sh.dpp_mods(0) == Mods::None,
                            "SRC1_NEG" => bit(22) && sh.dpp_mods(1) == Mods::None,
                            "SRC0_ABS" => bit(21) && sh.dpp_mods(0) != Mods::Float,
                            "SRC1_ABS" => bit(23) && sh.dpp_mods(1) != Mods::Float,
                            _ => false,
                        };
                        assert!(why, "{name} {words:08x?}: {field} = {value:#x}");
                    }
                }
            }
        }
        assert!(
            ok > 7 * 5000 && rejected > 7 * 5000,
            "{ok} decoded, {rejected} rejected"
        );
    }

    #[test]
    fn bad_text_names_the_column() {
        let t = Target::Gfx900;
        let good = "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0x3 bank_mask:0xf bound_ctrl:0";
        assert_eq!(
            parse_any(t, good).map(|i| i.to_string()),
            Ok("v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0x3 bank_mask:0xf bound_ctrl:1".into())
        );
        crate::formats::shared::testing::assert_error_columns(
            t,
            &[
                ("v_mov_b32_dpp v0, v1", 21),
                ("v_mov_b32_dpp v0, v1 row_shl:0", 22),
                ("v_mov_b32_dpp v0, v1 row_mask:0x3 row_shl:1", 22),
                (
                    "v_mov_b32_dpp v0, v1 row_shl:1 bank_mask:0x3 row_mask:0x5",
                    46,
                ),
                ("v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0x10", 32),
                ("v_mov_b32_dpp v0, v1 row_shl:1 bound_ctrl:2", 32),
                ("v_mov_b32_dpp v0, s1 row_shl:1", 19),
                ("v_mov_b32_dpp v0, -v1 row_shl:1", 19),
                ("v_add_u32_dpp v0, v1, |v2| row_shl:1", 23),
                ("v_add_f32_dpp v0, sext(v1), v2 row_shl:1", 19),
                ("v_ldexp_f16_dpp v0, v1, -v2 row_shl:1", 25),
                ("v_cmp_eq_f32_dpp vcc, v1, v2 row_shl:1", 1),
                ("v_madmk_f32_dpp v0, v1, 0x1, v2 row_shl:1", 1),
            ],
        );
    }

    #[test]
    fn every_ctrl_code_roundtrips_or_is_reserved() {
        let mut valid = 0;
        for code in 0u16..512 {
            match DppCtrl::from_code(code) {
                Ok(c) => {
                    valid += 1;
                    assert_eq!(c.code(), code);
                    assert_eq!(DppCtrl::parse(&c.text()), Ok(c), "{code:#x}");
                }
                Err(_) => assert!(
                    matches!(code, 0x100 | 0x110 | 0x120 | 0x131..=0x133 | 0x135..=0x137
                        | 0x139..=0x13b | 0x13d..=0x13f | 0x144..=0x1ff),
                    "{code:#x}"
                ),
            }
        }
        // 256 quad_perm + 3 x 15 shifts/rotates + 4 wave + 4 row ops.
        assert_eq!(valid, 256 + 45 + 4 + 4);
    }

    #[test]
    fn ctrl_spellings_are_llvms() {
        let cases = [
            (0xe4, "quad_perm:[0,1,2,3]"),
            (0x1b, "quad_perm:[3,2,1,0]"),
            (0x101, "row_shl:1"),
            (0x11f, "row_shr:15"),
            (0x12a, "row_ror:10"),
            (0x130, "wave_shl:1"),
            (0x134, "wave_rol:1"),
            (0x138, "wave_shr:1"),
            (0x13c, "wave_ror:1"),
            (0x140, "row_mirror"),
            (0x141, "row_half_mirror"),
            (0x142, "row_bcast:15"),
            (0x143, "row_bcast:31"),
        ];
        for (code, text) in cases {
            assert_eq!(DppCtrl::from_code(code).map(DppCtrl::text), Ok(text.into()));
        }
        assert_eq!(DppCtrl::parse("row_shl:0x3"), Ok(DppCtrl::RowShl(3)));
        for bad in [
            "row_shl:0",
            "row_shl:16",
            "quad_perm:[0,1,2,4]",
            "quad_perm:[0,1,2]",
            "quad_perm:0,1,2,3",
            "wave_shl:2",
            "row_bcast:16",
            "row_share:1",
            "ROW_SHL:1",
            "row_mirror:1",
        ] {
            assert!(DppCtrl::parse(bad).is_err(), "{bad}");
        }
    }
}
