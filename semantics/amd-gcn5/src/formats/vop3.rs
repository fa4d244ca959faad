//! The 64-bit vector ALU formats VOP3A and VOP3B: the native VOP3 rows and the VOP3 forms
//! (LLVM's `_e64`) of VOP1, VOP2 and VOPC rows (the opcodes of [`Row::promotion`]).
//!
//! Layouts (Vega manual, chapter "Microcode Formats", sections "VOP3A" and "VOP3B"; MI100
//! uses the same, checked against LLVM):
//!
//! | format | first dword | second dword |
//! |---|---|---|
//! | VOP3A | VDST[7:0] ABS[10:8] OPSEL[14:11] CLAMP[15] OP[25:16] ENCODING[31:26]=110100 | SRC0[40:32] SRC1[49:41] SRC2[58:50] OMOD[60:59] NEG[63:61] |
//! | VOP3B | VDST[7:0] SDST[14:8] CLAMP[15] OP[25:16] ENCODING[31:26]=110100 | as VOP3A |
//!
//! ENCODING 110100 followed by 111 in bits [25:23] is VOP3P (its own module). VOP3 has no
//! literal on gfx9 (Vega "Instruction Inputs": literals are for the 32-bit formats; survey
//! disagreement 20): the literal code 255 is an error. OMOD: 1 = `mul:2`, 2 = `mul:4`,
//! 3 = `div:2` (Vega "VOP3 modifiers"). VOPC's result goes to the SGPR pair in VDST;
//! VOP3B's lane mask to SDST; V_CNDMASK/V_ADDC/V_SUBB*'s lane mask source is SRC2.
//! Which modifiers a row takes: [`valu::shape`].

use super::shared::{modifiers, push_sreg, push_vgpr, PerRow};
use super::valu::{self, check_kind, check_src, Role, Shape, SrcKind};
use super::{illegal, split_operands, truncated, UNUSED};
use crate::instructions::{Format, Row};
use crate::operand::{Reason, ScalarReg, ScalarSrc, VectorSrc, VgprRange};
use gpuref_core::decode::DecodeError;

pub const ENCODING: u32 = 0b11_0100;

/// The fields of a VOP3A or VOP3B instruction, kept whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vop3 {
    /// VDST: a VGPR, an SGPR (V_READLANE_B32) or an SGPR pair (VOPC).
    pub vdst: u8,
    /// VOP3B SDST (0 in VOP3A).
    pub sdst: u8,
    /// ABS bits (VOP3A), bit i = SRCi.
    pub abs: u8,
    /// OPSEL bits (VOP3A): bits 0..2 the sources, bit 3 the destination.
    pub op_sel: u8,
    pub clamp: bool,
    /// SRC0..SRC2; `None` for a field the row does not read (zero in the word).
    pub src: [Option<VectorSrc>; 3],
    pub omod: u8,
    /// NEG bits (bit i = SRCi; for integer sources with modifiers, SEXT).
    pub neg: u8,
}

impl Vop3 {
    /// Every field zero, no sources: what parsing fills in.
    const BLANK: Vop3 = Vop3 {
        vdst: 0,
        sdst: 0,
        abs: 0,
        op_sel: 0,
        clamp: false,
        src: [None; 3],
        omod: 0,
        neg: 0,
    };
}

/// Whether a dword is VOP3A/VOP3B (not VOP3P).
pub fn is_vop3(word: u32) -> bool {
    word >> 26 == ENCODING && (word >> 23) & 7 != 7
}

/// The OP field.
pub fn opcode(word: u32) -> u16 {
    ((word >> 16) & 0x3ff) as u16
}

/// VOP3B for the opcodes of VOP3B rows (native or promoted), else VOP3A.
pub fn format_of(opcode: u16) -> Format {
    // by_opcode finds native and promoted VOP3B rows through its index; the answer for
    // each of the 1024 opcodes is kept (identify asks for every VOP3 word).
    static B: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    let is_b = |opcode: u16| {
        crate::target::Target::ALL
            .into_iter()
            .any(|t| crate::instructions::by_opcode(t, Format::Vop3b, opcode).is_some())
    };
    let table = B.get_or_init(|| (0..1024).map(is_b).collect());
    let b = match table.get(usize::from(opcode)) {
        Some(&b) => b,
        None => is_b(opcode),
    };
    if b {
        Format::Vop3b
    } else {
        Format::Vop3a
    }
}

/// What the VOP3 form of a row is, computed once per row (decode reads it once per
/// instruction).
struct Facts {
    /// VOP3B (native or promoted).
    b: bool,
    /// The VOP3 opcode.
    opcode: u16,
    /// An interpolation form ([`super::vop3i`]).
    interp: bool,
    shape: &'static Shape,
}

fn facts(row: &Row) -> &'static Facts {
    static FACTS: PerRow<Facts> = PerRow::new(|row| Facts {
        b: row.format == Format::Vop3b
            || row.promotion().is_some_and(|p| p.format == Format::Vop3b),
        opcode: match row.format {
            Format::Vop3a | Format::Vop3b => row.opcode,
            _ => row.promotion().map_or(row.opcode, |p| p.opcode),
        },
        interp: super::vop3i::is_interp(row),
        shape: valu::shape(row),
    });
    FACTS.get(row)
}

fn is_b(row: &Row) -> bool {
    facts(row).b
}

/// The VOP3 opcode of a row.
pub fn vop3_opcode(row: &Row) -> u16 {
    facts(row).opcode
}

/// The two dwords.
pub fn encode(row: &Row, v: &Vop3) -> [u32; 2] {
    let op = u32::from(vop3_opcode(row)) & 0x3ff;
    let mid = if is_b(row) {
        u32::from(v.sdst & 0x7f) << 8
    } else {
        (u32::from(v.abs & 7) << 8) | (u32::from(v.op_sel & 0xf) << 11)
    };
    let w0 = (ENCODING << 26) | (op << 16) | (u32::from(v.clamp) << 15) | mid | u32::from(v.vdst);
    let code = |s: Option<VectorSrc>| u32::from(s.map_or(0, |s| s.code()));
    let w1 = code(v.src[0])
        | (code(v.src[1]) << 9)
        | (code(v.src[2]) << 18)
        | (u32::from(v.omod & 3) << 27)
        | (u32::from(v.neg & 7) << 29);
    [w0, w1]
}

const FIELDS: [&str; 3] = ["SRC0", "SRC1", "SRC2"];
/// Vega "LDS Direct Reads": the LDS value "is used as the SRC0 input".
pub const LDS_DIRECT_SRC0: Reason = "LDS_DIRECT is a SRC0 input only (rule gcn5.asm.lds_direct_src0: Vega \"LDS Direct Reads\", \"Instruction Inputs\")";
const NO_LITERAL: Reason =
    "VOP3 has no literal (rule gcn5.asm.literal.32bit_only: Vega \"Instruction Inputs\": literals are for the 32-bit formats)";

/// Whether a row's VOP3 form is an interpolation form ([`super::vop3i`]), from the table.
pub(super) fn not_yet(row: &Row) -> bool {
    facts(row).interp
}

/// Check the fields of `v` against `row`'s shape.
pub fn check(row: &Row, v: &Vop3) -> Result<(), DecodeError> {
    check_facts(facts(row), v)
}

/// [`check`], given the row's facts.
fn check_facts(f: &Facts, v: &Vop3) -> Result<(), DecodeError> {
    if f.interp {
        return Err(illegal(
            "OP",
            u64::from(f.opcode),
            "the VOP3 interpolation rows are decoded by formats::vop3i",
        ));
    }
    let shape = f.shape;
    if !shape.e64 {
        return Err(illegal(
            "OP",
            u64::from(f.opcode),
            "this instruction has no VOP3 form (valu::NO_E64)",
        ));
    }
    let b = f.b;
    // Destinations.
    let vop3b_pair = b && shape.get(Role::CarryOut).is_some();
    match (
        shape.get(Role::Vdst),
        shape.get(Role::Sdst),
        shape.get(Role::CarryOut),
    ) {
        (Some(o), _, _) => {
            VgprRange::new(v.vdst, o.ty.dwords())
                .map_err(|e| illegal("VDST", u64::from(v.vdst), e))?;
        }
        (None, Some(_), _) => {
            ScalarReg::from_code(v.vdst).map_err(|e| illegal("VDST", u64::from(v.vdst), e))?;
        }
        (None, None, Some(_)) => pair("VDST", v.vdst)?,
        (None, None, None) if v.vdst != 0 => {
            return Err(illegal("VDST", u64::from(v.vdst), UNUSED))
        }
        _ => {}
    }
    if vop3b_pair {
        pair("SDST", v.sdst)?;
    } else if v.sdst != 0 {
        return Err(illegal("SDST", u64::from(v.sdst), UNUSED));
    }
    // Sources.
    let mut srcs = shape.sources();
    for (i, field) in FIELDS.iter().enumerate() {
        let o = srcs.next();
        match (o, v.src[i]) {
            (None, None) => {}
            (None, Some(s)) => {
                if s.code() != 0 {
                    return Err(illegal(field, u64::from(s.code()), UNUSED));
                }
            }
            (Some(_), None) => return Err(illegal(field, 0, "missing source")),
            (Some(o), Some(s)) => {
                // The code only for an error (computing it costs on every source).
                let code = || u64::from(s.code());
                if s.is_literal() {
                    return Err(illegal(field, code(), NO_LITERAL));
                }
                if o.role == Role::CarryIn {
                    match s {
                        VectorSrc::Scalar(ScalarSrc::Reg(r)) => {
                            r.check_width(2).map_err(|e| illegal(field, code(), e))?
                        }
                        _ => {
                            return Err(illegal(
                                field,
                                code(),
                                "the lane mask source must be an SGPR pair",
                            ))
                        }
                    }
                    continue;
                }
                check_kind(s, o.kind).map_err(|e| illegal(field, code(), e))?;
                if i > 0 && s == VectorSrc::LdsDirect {
                    return Err(illegal(field, code(), LDS_DIRECT_SRC0));
                }
                if o.kind == SrcKind::Vgpr && s == VectorSrc::LdsDirect {
                    return Err(illegal(field, code(), "this operand must be a VGPR"));
                }
                check_src(s, o.ty).map_err(|e| illegal(field, code(), e))?;
            }
        }
    }
    // Modifiers.
    let m = shape.mods;
    if !b && v.abs & !m.float != 0 {
        return Err(illegal(
            "ABS",
            u64::from(v.abs),
            "ABS on a source without float input modifiers (LLVM 14 cannot print it)",
        ));
    }
    if v.neg & !(m.float | m.sext) != 0 {
        return Err(illegal(
            "NEG",
            u64::from(v.neg),
            "NEG on a source without input modifiers (LLVM 14 cannot print it)",
        ));
    }
    if v.clamp && !m.clamp {
        return Err(illegal(
            "CLAMP",
            1,
            "this instruction takes no clamp in LLVM 14",
        ));
    }
    if v.omod != 0 && !m.omod {
        return Err(illegal(
            "OMOD",
            u64::from(v.omod),
            "this instruction takes no output modifier in LLVM 14",
        ));
    }
    let sel_ok = op_sel_mask(shape);
    if !b && v.op_sel & !sel_ok != 0 {
        return Err(illegal(
            "OPSEL",
            u64::from(v.op_sel),
            "OPSEL is for the gfx9 16-bit VOP3 operations (valu::OP_SEL) and only their sources and destination",
        ));
    }
    Ok(())
}

/// The OPSEL bits a row may set.
fn op_sel_mask(shape: &Shape) -> u8 {
    match shape.mods.op_sel {
        0 => 0,
        n => ((1u8 << (n - 1)) - 1) | 8,
    }
}

fn pair(field: &'static str, code: u8) -> Result<(), DecodeError> {
    ScalarReg::from_code(code)
        .and_then(|r| r.check_width(2))
        .map_err(|e| illegal(field, u64::from(code), e))
}

/// Decode the VOP3 instruction of `row` from its two dwords.
pub fn decode(row: &Row, words: &[u32]) -> Result<Vop3, DecodeError> {
    let (w0, w1) = match words {
        [a, b, ..] => (*a, *b),
        _ => return Err(truncated(2, words.len())),
    };
    let f = facts(row);
    let b = f.b;
    let mut src = [None; 3];
    for (i, field) in FIELDS.iter().enumerate() {
        let code = ((w1 >> (9 * i)) & 0x1ff) as u16;
        if code != 0 {
            src[i] =
                Some(VectorSrc::from_code(code).map_err(|e| illegal(field, u64::from(code), e))?);
        }
    }
    // A used source may be code 0 (s0).
    let shape = f.shape;
    for slot in src.iter_mut().take(shape.source_count()) {
        if slot.is_none() {
            *slot = Some(VectorSrc::Scalar(ScalarSrc::Reg(ScalarReg::Sgpr(
                crate::operand::Sgpr(0),
            ))));
        }
    }
    let v = Vop3 {
        vdst: (w0 & 0xff) as u8,
        sdst: if b { ((w0 >> 8) & 0x7f) as u8 } else { 0 },
        abs: if b { 0 } else { ((w0 >> 8) & 7) as u8 },
        op_sel: if b { 0 } else { ((w0 >> 11) & 0xf) as u8 },
        clamp: (w0 >> 15) & 1 == 1,
        src,
        omod: ((w1 >> 27) & 3) as u8,
        neg: ((w1 >> 29) & 7) as u8,
    };
    check_facts(f, &v)?;
    Ok(v)
}

/// The mnemonic LLVM prints for the VOP3 form.
pub fn mnemonic(row: &Row) -> String {
    mnemonic_str(row).to_string()
}

/// [`mnemonic`], computed once per row.
fn mnemonic_str(row: &Row) -> &'static str {
    static NAMES: PerRow<Box<str>> = PerRow::new(|row| match row.format {
        Format::Vop1 | Format::Vop2 | Format::Vopc
            if !matches!(row.name, "V_NOP" | "V_CLREXCP") =>
        {
            format!("{}_e64", row.mnemonic()).into()
        }
        _ => row.mnemonic().into(),
    });
    NAMES.get(row)
}

fn is_const(s: VectorSrc) -> bool {
    matches!(
        s,
        VectorSrc::Scalar(ScalarSrc::Int(_) | ScalarSrc::Float(_) | ScalarSrc::Literal)
    )
}

/// LLVM's text of the VOP3 instruction.
pub fn text(row: &Row, v: &Vop3) -> String {
    let mut out = String::with_capacity(64);
    write_text(&mut out, row, v);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, v: &Vop3) {
    let shape = valu::shape(row);
    let b = is_b(row);
    let mut si = 0usize;
    out.push_str(mnemonic_str(row));
    for (k, o) in shape.operands.iter().enumerate() {
        out.push_str(if k == 0 { " " } else { ", " });
        match o.role {
            Role::Vdst => push_vgpr(out, v.vdst, o.ty.dwords()),
            Role::Sdst => push_sreg(out, v.vdst, 1),
            Role::CarryOut => push_sreg(out, if b { v.sdst } else { v.vdst }, 2),
            Role::CarryIn => {
                si += 1;
                match v.src[2] {
                    Some(VectorSrc::Scalar(ScalarSrc::Reg(r))) => push_sreg(out, r.code(), 2),
                    Some(s) => valu::push_src(out, s, o.ty, 0),
                    None => {}
                }
            }
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let i = si;
                si += 1;
                let s = v.src[i].unwrap_or(VectorSrc::Scalar(ScalarSrc::Int(0)));
                let bit = 1u8 << i;
                let int_mods = shape.mods.sext & bit != 0;
                valu::push_mod(
                    out,
                    |out| valu::push_src(out, s, o.ty, 0),
                    is_const(s),
                    v.abs & bit != 0,
                    v.neg & bit != 0,
                    int_mods,
                );
            }
            Role::K => {}
        }
    }
    let n = shape.mods.op_sel;
    if n > 0 && v.op_sel != 0 {
        out.push_str(" op_sel:[");
        for i in 0..n {
            let bit = if i == n - 1 { 3 } else { i };
            if i > 0 {
                out.push(',');
            }
            out.push(if (v.op_sel >> bit) & 1 == 1 { '1' } else { '0' });
        }
        out.push(']');
    }
    valu::push_clamp_omod(out, v.clamp, v.omod);
}

/// Parse the operands of the VOP3 form (`ops` starts at 0-based column `base`).
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Vop3, (usize, String)> {
    if not_yet(row) {
        return Err((
            base,
            "the VOP3 interpolation rows are parsed by formats::vop3i".into(),
        ));
    }
    let shape = valu::shape(row);
    if !shape.e64 {
        return Err((base, format!("{} has no VOP3 (e64) form", row.mnemonic())));
    }
    let b = is_b(row);
    let mut items: Vec<(usize, String)> = if ops.trim().is_empty() {
        Vec::new()
    } else {
        split_operands(ops, base)
            .into_iter()
            .map(|(c, t)| (c, t.to_string()))
            .collect()
    };
    // Trailing modifiers after the last operand, separated by spaces.
    let mut v = Vop3::BLANK;
    if let Some((col, last)) = items.last().cloned() {
        let mut words = last.split_whitespace();
        let first = words.next().unwrap_or("").to_string();
        let mut off = last.find(char::is_whitespace).unwrap_or(last.len());
        let rest = &last[off..];
        let mut located = Vec::new();
        for tok in rest.split_whitespace() {
            let tcol = col + last[off..].find(tok).map_or(0, |p| p + off);
            off = tcol - col + tok.len();
            located.push((tcol, tok));
        }
        for modifier in modifiers(located) {
            let (tcol, tok, _, _) = modifier?;
            let e = |r: &str| (tcol, r.to_string());
            match tok {
                "clamp" => v.clamp = true,
                "mul:2" => v.omod = 1,
                "mul:4" => v.omod = 2,
                "div:2" => v.omod = 3,
                _ if tok.starts_with("op_sel:[") => {
                    let inner = tok["op_sel:[".len()..]
                        .strip_suffix(']')
                        .ok_or_else(|| e("expected op_sel:[..]"))?;
                    let bits: Vec<&str> = inner.split(',').map(str::trim).collect();
                    let n = usize::from(shape.mods.op_sel);
                    if n == 0 {
                        return Err(e("this instruction takes no op_sel"));
                    }
                    if bits.len() != n {
                        return Err(e(
                            "op_sel needs one bit per source and one for the destination",
                        ));
                    }
                    for (i, bt) in bits.iter().enumerate() {
                        let bit = if i == n - 1 { 3 } else { i };
                        match *bt {
                            "0" => {}
                            "1" => v.op_sel |= 1 << bit,
                            _ => return Err(e("op_sel bits are 0 or 1")),
                        }
                    }
                }
                _ => return Err(e("unknown modifier")),
            }
        }
        if let Some(l) = items.last_mut() {
            l.1 = first;
        }
    }
    let end = base + ops.len();
    valu::check_operand_count(&items, shape, end, "e64", row)?;
    let mut si = 0usize;
    for (o, (col, t)) in shape.operands.iter().zip(items.iter()) {
        let col = *col;
        let e = |r: &str| (col, r.to_string());
        match o.role {
            Role::Vdst => v.vdst = VgprRange::parse(t, o.ty.dwords()).map_err(&e)?.first,
            Role::Sdst => v.vdst = ScalarReg::parse(t, 1).map_err(&e)?.code(),
            Role::CarryOut => {
                let r = valu::parse_pair(t).map_err(&e)?.code();
                if b {
                    v.sdst = r;
                } else {
                    v.vdst = r;
                }
            }
            Role::CarryIn => {
                let r = valu::parse_pair(t).map_err(&e)?;
                v.src[2] = Some(VectorSrc::Scalar(ScalarSrc::Reg(r)));
                si += 1;
            }
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let i = si;
                si += 1;
                let bit = 1u8 << i;
                let (inner, abs, neg, sext) = valu::parse_mods(t).map_err(&e)?;
                let (s, lit) = valu::parse_src(inner, o.ty).map_err(&e)?;
                // No literal in VOP3: a 16-bit operand's f16 bits (`0x3800`, as a 16-bit
                // integer operand's float constant prints) are that constant.
                let s = match lit {
                    None => s,
                    Some(l) => valu::f16_bits_constant(o.ty, l)
                        .map(|c| VectorSrc::Scalar(ScalarSrc::Float(c)))
                        .ok_or_else(|| e(NO_LITERAL))?,
                };
                check_kind(s, o.kind).map_err(&e)?;
                check_src(s, o.ty).map_err(&e)?;
                if i > 0 && s == VectorSrc::LdsDirect {
                    return Err(e(LDS_DIRECT_SRC0));
                }
                let m = shape.mods;
                if (abs || neg) && m.float & bit == 0 {
                    return Err(e("this source takes no abs/neg modifiers"));
                }
                if sext && m.sext & bit == 0 {
                    return Err(e("this source takes no sext modifier"));
                }
                v.src[i] = Some(s);
                if abs {
                    v.abs |= bit;
                }
                if neg || sext {
                    v.neg |= bit;
                }
            }
            Role::K => return Err(e("K has no VOP3 form")),
        }
    }
    check(row, &v).map_err(|err| (base, err.to_string()))?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructions::{by_name, rows};
    use crate::target::Target;

    fn sample(row: &Row, hi: bool) -> Vop3 {
        let shape = valu::shape(row);
        let b = is_b(row);
        let mut v = Vop3::BLANK;
        let mut si = 0;
        for o in &shape.operands {
            match o.role {
                Role::Vdst => v.vdst = if hi { 200 } else { 3 },
                Role::Sdst => v.vdst = if hi { 101 } else { 5 },
                Role::CarryOut if b => v.sdst = if hi { 106 } else { 8 },
                Role::CarryOut => v.vdst = if hi { 106 } else { 8 },
                Role::CarryIn => {
                    v.src[2] = Some(VectorSrc::Scalar(ScalarSrc::Reg(ScalarReg::Sgpr(
                        crate::operand::Sgpr(10),
                    ))));
                    si += 1;
                }
                Role::Src0 | Role::Src1 | Role::Src2 => {
                    v.src[si] = Some(match o.kind {
                        SrcKind::Scalar => VectorSrc::from_code(if hi { 124 } else { 3 }).unwrap(),
                        SrcKind::Vgpr => VectorSrc::Vgpr(if hi { 255 } else { 1 }),
                        _ if o.ty == valu::Ty::B128 => VectorSrc::Vgpr(100),
                        _ if hi && o.ty.is_float() => VectorSrc::from_code(240).unwrap(),
                        _ if hi => VectorSrc::from_code(193).unwrap(),
                        _ => VectorSrc::Vgpr(10 + si as u8),
                    });
                    si += 1;
                }
                _ => {}
            }
        }
        if hi {
            let m = shape.mods;
            v.clamp = m.clamp;
            v.omod = if m.omod { 3 } else { 0 };
            v.neg = m.float | m.sext;
            v.abs = if b { 0 } else { m.float };
            v.op_sel = op_sel_mask(shape);
        }
        v
    }

    #[test]
    fn every_e64_row_roundtrips_through_encode_decode_print_parse() {
        let mut n = 0;
        for t in [Target::Gfx900, Target::Gfx908] {
            for row in rows().filter(|r| {
                r.targets.contains(t) && valu::is_valu(r) && valu::shape(r).e64 && !not_yet(r)
            }) {
                for hi in [false, true] {
                    let v = sample(row, hi);
                    let words = encode(row, &v);
                    assert!(is_vop3(words[0]));
                    assert_eq!(opcode(words[0]), vop3_opcode(row));
                    let back =
                        decode(row, &words).unwrap_or_else(|e| panic!("{} {hi}: {e}", row.name));
                    assert_eq!(back, v, "{}", row.name);
                    let txt = text(row, &v);
                    let ops = txt.split_once(' ').map_or("", |(_, o)| o);
                    let p = parse(row, ops, 0).unwrap_or_else(|e| panic!("{txt}: {e:?}"));
                    assert_eq!(p, v, "{txt}");
                    n += 1;
                }
            }
        }
        assert!(n > 1000, "{n}");
    }

    #[test]
    fn bad_words_name_the_field() {
        let add = by_name(Target::Gfx900, "V_ADD_U32").unwrap();
        let w0 = (ENCODING << 26) | (u32::from(vop3_opcode(add)) << 16) | 1;
        let src = 257 | (258 << 9);
        assert!(decode(add, &[w0, src]).is_ok());
        for (w0x, w1x, field) in [
            (1 << 8, 0, "ABS"),
            (0, 1 << 29, "NEG"),
            (0, 1 << 27, "OMOD"),
            (1 << 11, 0, "OPSEL"),
            (0, 5 << 18, "SRC2"),
            (0, 0, "SRC0"),
        ] {
            let w1 = if field == "SRC0" {
                (src & !0x1ff) | 255
            } else {
                src | w1x
            };
            let e = decode(add, &[w0 | w0x, w1]).unwrap_err();
            assert!(e.to_string().contains(field), "{field}: {e}");
        }
        assert!(decode(add, &[w0]).is_err());
        // VOPC with an odd SGPR pair.
        let cmp = by_name(Target::Gfx900, "V_CMP_EQ_U32").unwrap();
        let w0 = (ENCODING << 26) | (u32::from(vop3_opcode(cmp)) << 16) | 5;
        assert!(decode(cmp, &[w0, src])
            .unwrap_err()
            .to_string()
            .contains("VDST"));
    }

    #[test]
    fn every_prefix_and_mutation_of_a_text_parses_or_errors_without_panicking() {
        let texts = [
            "v_add_f32_e64 v0, -|v1|, neg(0.5) clamp mul:2",
            "v_mad_u32_u16 v254, v250, -1, v242 op_sel:[1,0,0,1] clamp",
            "v_div_scale_f64 v[5:6], vcc, v[1:2], s[2:3], 0.15915494309189532",
            "v_cndmask_b32_e64 v5, |v1|, -v2, s[6:7]",
            "v_ldexp_f32 v1, -v2, sext(v3) div:2",
            "v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]",
            "v_madmk_f16 v5, v1, 0x3c00, v2",
            "v_addc_co_u32_e32 v5, vcc, 0x12345678, v2, vcc",
            "v_interp_p1lv_f16 v5, -|v2|, attr32.w, |v3| high clamp mul:2",
            "v_interp_mov_f32_e64 v5, p20, attr1.x",
            "v_readlane_b32 s5, v1, m0",
        ];
        let junk = [
            "", " ", ",", "|", "-", "(", ")", "[", "]", ":", "é", "v", "s", "0x",
        ];
        for t in [crate::target::Target::Gfx900, crate::target::Target::Gfx908] {
            for text in texts {
                assert!(crate::formats::parse(t, text).is_ok(), "{text}");
                for (i, _) in text.char_indices() {
                    let _ = crate::formats::parse(t, &text[..i]);
                    for j in junk {
                        let _ =
                            crate::formats::parse(t, &format!("{}{j}{}", &text[..i], &text[i..]));
                    }
                }
            }
        }
    }

    #[test]
    fn bad_text_names_the_column() {
        let add = by_name(Target::Gfx900, "V_ADD_F32").unwrap();
        assert!(parse(add, " v0, v1, v2 clamp mul:2", 13).is_ok());
        let e = parse(add, " v0, v1, v2 clamp bogus", 13).unwrap_err();
        assert_eq!(e.0, 31);
        let e = parse(add, " v0, v1, 0x1234", 13).unwrap_err();
        assert_eq!(e.0, 22);
        let u = by_name(Target::Gfx900, "V_ADD_U32").unwrap();
        assert!(parse(u, " v0, -v1, v2", 13).is_err());
        assert!(parse(u, " v0, v1, v2 op_sel:[1,0,0]", 13).is_err());
    }

    /// A 16-bit integer operand's float constant prints as its f16 bits; with no literal in
    /// VOP3 that text parses back to the constant. Other literal values stay errors.
    #[test]
    fn sixteen_bit_f16_bits_parse_as_the_constant() {
        for t in [Target::Gfx900, Target::Gfx908] {
            for words in [[0xd132_00e0u32, 0x0000_00f0], [0xd1f5_0000, 0x0007_00f0]] {
                let (inst, _) = crate::formats::decode(t, &words).unwrap();
                let back = crate::formats::parse(t, &inst.to_string()).unwrap();
                assert_eq!(crate::formats::encode(&back), words.to_vec(), "{inst}");
            }
            let min = by_name(t, "V_MIN_I16").unwrap();
            let e = parse(min, " v0, 0x3801, s0", 13).unwrap_err();
            assert_eq!(e.1, NO_LITERAL);
            // V_MQSAD_U32_U8 reads an aligned SGPR or TTMP quad in SRC2.
            let mq = by_name(t, "V_MQSAD_U32_U8").unwrap();
            assert!(parse(mq, " v[0:3], s[0:1], s0, s[4:7]", 13).is_ok());
            assert!(parse(mq, " v[0:3], s[0:1], s0, ttmp[4:7]", 13).is_ok());
            assert!(parse(mq, " v[0:3], s[0:1], s0, s[2:5]", 13).is_err());
        }
    }
}
