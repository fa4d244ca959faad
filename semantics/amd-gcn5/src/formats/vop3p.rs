//! The VOP3P microcode format (packed 16-bit math `v_pk_*`, the mixed-precision
//! `v_mad_mix*` / `v_fma_mix*` and MI100's `v_dot*`): bit layout, strict decoding and LLVM's
//! syntax (`v_pk_fma_f16 v0, v1, s2, 1.0 op_sel:[1,0,0] neg_lo:[0,1,0] clamp`,
//! `v_fma_mix_f32 v0, -|v1|, v2, v3 op_sel_hi:[1,1,0]`). MI100's VOP3P-MAI rows (MFMA and
//! the AccVGPR moves) share the layout's ENCODING and OP fields and are in [`super::mai`].
//!
//! Layout (Vega manual, chapter "Microcode Formats", section "VOP3P", Table "VOP3P Fields",
//! with two corrections checked with llvm-mc, docs/design/0015):
//!
//! | dword | fields |
//! |---|---|
//! | 0 | `VDST[7:0] NEG_HI[10:8] OPSEL[13:11] OPSEL_HI2[14] CLMP[15] OP[22:16] ENCODING[31:23]=110100111` |
//! | 1 | `SRC0[8:0] SRC1[17:9] SRC2[26:18] OPSEL_HI[28:27] NEG[31:29]` |
//!
//! Bit i of NEG, NEG_HI and OPSEL is source i; OPSEL_HI bit 59 is source 0, bit 60 source 1
//! and bit 14 source 2 (the table's "0=[14], 1=[60], 2=[59]" swaps sources 0 and 2); the
//! table's ENCODING "[31:24] 11010011" omits bit 23. Two dwords, never a literal (Vega
//! "Instruction Inputs": "Any of the 32-bit microcode formats may use a 32-bit literal
//! constant, but not VOP3").
//!
//! Strictness (docs/design/0015): a source code reserved in the table (125, 209..234, 249,
//! 250) or the literal code is an `IllegalField`; LDS_DIRECT only in SRC0 ("Only SRC0 can use
//! LDS_DIRECT"); a two-source row's SRC2 and its source-2 bits of OPSEL, NEG and NEG_HI must
//! be zero and its OPSEL_HI2 one (what LLVM's assembler writes); NEG and NEG_HI of rows whose
//! inputs are integers must be zero (Vega "Instruction Inputs": "Instructions using the VOP3
//! form and also using floating-point inputs have the option of applying ... negate"; the
//! VOP3A field legend of "VOPC using VOP3A encoding": "NEG = Floating-point negation"). Sources print and parse with the shared VALU operand code
//! ([`valu::src_text`], [`valu::parse_src`], [`valu::mod_text`]) by [`src_type`].

use crate::instructions::Row;
use crate::operand::{Reason, ScalarReg, ScalarSrc, Sgpr, VectorSrc, VgprRange};
use gpuref_core::decode::DecodeError;

use super::valu::{self, Ty};
use super::{illegal, UNUSED};

/// The VOP3P fields, kept whole so that `decode(encode(x)) == x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vop3p {
    pub vdst: u8,
    pub src: [VectorSrc; 3],
    /// OPSEL[13:11]: bit i for source i.
    pub op_sel: u8,
    /// Bit 0 source 0 (bit 59), bit 1 source 1 (bit 60), bit 2 source 2 (bit 14).
    pub op_sel_hi: u8,
    /// NEG[63:61]: bit i for source i.
    pub neg_lo: u8,
    /// NEG_HI[10:8]; for the MIX rows the absolute-value modifier.
    pub neg_hi: u8,
    pub clamp: bool,
}

/// Source code 0 (`s0`): what an unused SRC2 field holds.
pub const ZERO_SRC: VectorSrc = VectorSrc::Scalar(ScalarSrc::Reg(ScalarReg::Sgpr(Sgpr(0))));

/// All fields zero (sources code 0, `s0`).
impl Default for Vop3p {
    fn default() -> Vop3p {
        Vop3p {
            vdst: 0,
            src: [ZERO_SRC; 3],
            op_sel: 0,
            op_sel_hi: 0,
            neg_lo: 0,
            neg_hi: 0,
            clamp: false,
        }
    }
}

/// ENCODING[31:23].
pub const ENCODING: u32 = 0b1_1010_0111;

/// Whether a dword is VOP3P or VOP3P-MAI.
pub fn is_vop3p(word: u32) -> bool {
    word >> 23 == ENCODING
}

/// The OP field.
pub fn opcode(word: u32) -> u16 {
    ((word >> 16) & 0x7f) as u16
}

/// The row families of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// V_PK_*_F16.
    PackedF16,
    /// V_PK_* on 16-bit integers.
    PackedInt,
    /// V_MAD_MIX* (gfx900) / V_FMA_MIX* (gfx908): NEG_HI is ABS, OPSEL_HI picks f16 or f32.
    Mix,
    /// V_DOT2_F32_F16.
    Dot2F16,
    /// V_DOT2_I32_I16, V_DOT2_U32_U16.
    Dot2Int,
    /// V_DOT4_*, V_DOT8_*: 32-bit inputs of packed 8- or 4-bit integers.
    DotPacked,
}

/// The family of a VOP3P row (by name: the opcode tables of "VOP3P Instructions" and, for
/// the gfx908-only rows, llvm-mc -mcpu=gfx908).
pub fn kind(row: &Row) -> Kind {
    let n = row.name;
    if n.contains("_MIX") {
        Kind::Mix
    } else if n == "V_DOT2_F32_F16" {
        Kind::Dot2F16
    } else if n.starts_with("V_DOT2_") {
        Kind::Dot2Int
    } else if n.starts_with("V_DOT") {
        Kind::DotPacked
    } else if n.ends_with("_F16") {
        Kind::PackedF16
    } else {
        Kind::PackedInt
    }
}

/// How many sources the row reads: three for the MAD/FMA/MIX/DOT rows, else two.
pub fn sources(row: &Row) -> usize {
    let n = row.name;
    if n.contains("_MAD_") || n.contains("_FMA_") || n.contains("_MIX") || n.contains("DOT") {
        3
    } else {
        2
    }
}

/// The operand type of source `i` (it decides how an inline constant prints, see
/// [`valu::src_text`]): packed halves or 16-bit integers, the 32-bit MIX sources (f32
/// constants; OPSEL_HI picks f16 or f32 at run time, LLVM prints them as f32), the dot
/// accumulators and the DOT4/DOT8 inputs (32-bit).
pub fn src_type(row: &Row, i: usize) -> Ty {
    match (kind(row), i) {
        (Kind::PackedF16, _) | (Kind::Dot2F16, 0 | 1) => Ty::V2F16,
        (Kind::PackedInt, _) | (Kind::Dot2Int, 0 | 1) => Ty::V2I16,
        (Kind::Mix, _) | (Kind::Dot2F16, _) => Ty::F32,
        _ => Ty::I32,
    }
}

/// Whether NEG and NEG_HI mean something: the rows with floating-point inputs.
pub fn has_neg(row: &Row) -> bool {
    matches!(kind(row), Kind::PackedF16 | Kind::Mix | Kind::Dot2F16)
}

/// The reason for a literal code.
pub const LITERAL_REASON: Reason =
    "VOP3P cannot take a literal (rule gcn5.asm.literal.32bit_only: Vega \"Instruction Inputs\": literals are not for VOP3)";
/// The reason for LDS_DIRECT outside SRC0.
pub const LDS_DIRECT_REASON: Reason = "only SRC0 can use LDS_DIRECT (Vega \"Instruction Inputs\")";
/// The reason for NEG/NEG_HI on integer rows.
pub const INT_NEG_REASON: Reason =
    "NEG/NEG_HI are floating-point negation; this row's inputs are integers";
/// The reason for OPSEL_HI2 = 0 in a two-source row.
pub const HI2_REASON: Reason =
    "a two-source row has no source 2: OPSEL_HI2 must be 1, as LLVM's assembler writes it";

const SRC_FIELDS: [&str; 3] = ["SRC0", "SRC1", "SRC2"];

/// Split and check the two dwords of `row` (a VOP3P row whose opcode is in `w0`).
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Vop3p, DecodeError> {
    let mut src = [VectorSrc::Vgpr(0); 3];
    for (i, s) in src.iter_mut().enumerate() {
        let code = ((w1 >> (9 * i)) & 0x1ff) as u16;
        *s = VectorSrc::from_code(code).map_err(|r| illegal(SRC_FIELDS[i], u64::from(code), r))?;
    }
    let v = Vop3p {
        vdst: (w0 & 0xff) as u8,
        src,
        op_sel: ((w0 >> 11) & 7) as u8,
        op_sel_hi: (((w1 >> 27) & 3) | (((w0 >> 14) & 1) << 2)) as u8,
        neg_lo: ((w1 >> 29) & 7) as u8,
        neg_hi: ((w0 >> 8) & 7) as u8,
        clamp: (w0 >> 15) & 1 == 1,
    };
    check(row, &v)?;
    Ok(v)
}

/// Whether the fields suit the row.
pub fn check(row: &Row, v: &Vop3p) -> Result<(), DecodeError> {
    let n = sources(row);
    for (field, bits) in [
        ("OPSEL", v.op_sel),
        ("OPSEL_HI", v.op_sel_hi),
        ("NEG", v.neg_lo),
        ("NEG_HI", v.neg_hi),
    ] {
        if bits > 7 {
            return Err(illegal(field, u64::from(bits), "a 3-bit field"));
        }
    }
    for (i, s) in v.src.iter().enumerate().take(n) {
        let code = u64::from(s.code());
        if s.is_literal() {
            return Err(illegal(SRC_FIELDS[i], code, LITERAL_REASON));
        }
        if *s == VectorSrc::LdsDirect && i > 0 {
            return Err(illegal(SRC_FIELDS[i], code, LDS_DIRECT_REASON));
        }
    }
    if n == 2 {
        if v.src[2].code() != 0 {
            return Err(illegal("SRC2", u64::from(v.src[2].code()), UNUSED));
        }
        for (field, bits) in [("OPSEL", v.op_sel), ("NEG", v.neg_lo), ("NEG_HI", v.neg_hi)] {
            if bits & 4 != 0 {
                return Err(illegal(field, u64::from(bits), UNUSED));
            }
        }
        if v.op_sel_hi & 4 == 0 {
            return Err(illegal("OPSEL_HI2", 0, HI2_REASON));
        }
    }
    if !has_neg(row) {
        if v.neg_lo != 0 {
            return Err(illegal("NEG", u64::from(v.neg_lo), INT_NEG_REASON));
        }
        if v.neg_hi != 0 {
            return Err(illegal("NEG_HI", u64::from(v.neg_hi), INT_NEG_REASON));
        }
    }
    Ok(())
}

/// The two dwords.
pub fn encode(row: &Row, v: &Vop3p) -> [u32; 2] {
    let w0 = (ENCODING << 23)
        | (u32::from(row.opcode & 0x7f) << 16)
        | (u32::from(v.clamp) << 15)
        | (u32::from((v.op_sel_hi >> 2) & 1) << 14)
        | (u32::from(v.op_sel & 7) << 11)
        | (u32::from(v.neg_hi & 7) << 8)
        | u32::from(v.vdst);
    let w1 = (u32::from(v.neg_lo & 7) << 29)
        | (u32::from(v.op_sel_hi & 3) << 27)
        | (u32::from(v.src[2].code()) << 18)
        | (u32::from(v.src[1].code()) << 9)
        | u32::from(v.src[0].code());
    [w0, w1]
}

/// LLVM's text of source `i` (never the literal: `check` rejects it).
pub fn src_text(row: &Row, v: &Vop3p, i: usize) -> String {
    valu::src_text(v.src[i], src_type(row, i), 0)
}

/// Parse a source of type `ty`; a value LLVM would encode as a literal is an error (the bit
/// patterns of the inline constants, `0x3c00` for 16-bit operands and `0x3f800000` for
/// 32-bit ones, are the constants, as in LLVM's assembler).
pub fn src_parse(t: &str, ty: Ty) -> Result<VectorSrc, Reason> {
    match valu::parse_src(t, ty)? {
        (s, None) if !s.is_literal() => Ok(s),
        (_, Some(v)) => {
            // VOP3P has no literal: a 16-bit operand's float constant written as its f16
            // bits (LLVM prints integer operands' float constants so) is that constant.
            valu::f16_bits_constant(ty, v)
                .map(|c| VectorSrc::Scalar(ScalarSrc::Float(c)))
                .ok_or(LITERAL_REASON)
        }
        _ => Err(LITERAL_REASON),
    }
}

fn bits_text(name: &str, bits: u8, n: usize) -> String {
    let list: Vec<String> = (0..n).map(|i| ((bits >> i) & 1).to_string()).collect();
    format!(" {name}:[{}]", list.join(","))
}

/// LLVM's text.
pub fn text(row: &Row, v: &Vop3p) -> String {
    let n = sources(row);
    let k = kind(row);
    let mut out = format!("{} v{}", row.mnemonic(), v.vdst);
    for i in 0..n {
        let mut t = src_text(row, v, i);
        if k == Kind::Mix {
            let (neg, abs) = ((v.neg_lo >> i) & 1 == 1, (v.neg_hi >> i) & 1 == 1);
            let is_const = matches!(
                v.src[i],
                VectorSrc::Scalar(ScalarSrc::Int(_) | ScalarSrc::Float(_))
            );
            t = valu::mod_text(&t, is_const, abs, neg, false);
        }
        out += ", ";
        out += &t;
    }
    let all = (1u8 << n) - 1;
    if v.op_sel & all != 0 {
        out += &bits_text("op_sel", v.op_sel, n);
    }
    let hi_default = if k == Kind::Mix { 0 } else { all };
    if v.op_sel_hi & all != hi_default {
        out += &bits_text("op_sel_hi", v.op_sel_hi, n);
    }
    if k != Kind::Mix {
        if v.neg_lo != 0 {
            out += &bits_text("neg_lo", v.neg_lo, n);
        }
        if v.neg_hi != 0 {
            out += &bits_text("neg_hi", v.neg_hi, n);
        }
    }
    if v.clamp {
        out += " clamp";
    }
    out
}

/// Parse `name:[b,b(,b)]` with `n` bits.
fn parse_bits(t: &str, n: usize) -> Result<u8, Reason> {
    let inner = t
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or("expected [b,b] or [b,b,b]")?;
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    if parts.len() != n {
        return Err(if n == 2 {
            "this row has two sources: expected [b,b]"
        } else {
            "this row has three sources: expected [b,b,b]"
        });
    }
    let mut bits = 0;
    for (i, p) in parts.iter().enumerate() {
        match *p {
            "0" => {}
            "1" => bits |= 1 << i,
            _ => return Err("each element must be 0 or 1"),
        }
    }
    Ok(bits)
}

/// Parse the operands of a VOP3P row (text after the mnemonic; `base` is its 0-based
/// column). Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Vop3p, (usize, String)> {
    let n = sources(row);
    let k = kind(row);
    let mut parts = super::split_operands(ops, base);
    let end = base + ops.trim_end().len();
    // The modifiers follow the last operand after white space.
    let mut mods: Vec<(usize, &str)> = Vec::new();
    if let Some(last) = parts.last_mut() {
        if let Some(sp) = last.1.find(char::is_whitespace) {
            let rest = &last.1[sp..];
            let mut col = last.0 + sp;
            for word in rest.split(char::is_whitespace) {
                if !word.is_empty() {
                    mods.push((col, word));
                }
                col += word.len() + 1;
            }
            last.1 = &last.1[..sp];
        }
    }
    if parts.len() != n + 1 || parts.iter().any(|p| p.1.is_empty()) {
        let col = parts
            .iter()
            .find(|p| p.1.is_empty())
            .map_or(parts.get(n + 1).map_or(end, |p| p.0), |p| p.0);
        return Err((
            col,
            format!(
                "{} takes {} operands: vdst, {}",
                row.mnemonic(),
                n + 1,
                if n == 2 {
                    "src0, src1"
                } else {
                    "src0, src1, src2"
                }
            ),
        ));
    }
    let e = |(col, tok): (usize, &str), r: &str| (col, format!("`{tok}`: {r}"));
    let mut v = Vop3p {
        vdst: VgprRange::parse(parts[0].1, 1)
            .map_err(|r| e(parts[0], r))?
            .first,
        // LLVM's defaults: op_sel_hi:[1,1(,1)] for packed and dot rows (a two-source row's
        // OPSEL_HI2 is 1 too), [0,0,0] for MIX.
        op_sel_hi: if k == Kind::Mix { 0 } else { 7 },
        ..Vop3p::default()
    };
    for i in 0..n {
        let (col, tok) = parts[i + 1];
        let (inner, abs, neg) = if k == Kind::Mix {
            let (inner, abs, neg, _) = valu::parse_mods(tok).map_err(|r| e((col, tok), r))?;
            (inner, abs, neg)
        } else {
            (tok, false, false)
        };
        v.src[i] = src_parse(inner, src_type(row, i)).map_err(|r| e((col, tok), r))?;
        v.neg_lo |= u8::from(neg) << i;
        v.neg_hi |= u8::from(abs) << i;
    }
    let mut seen: Vec<&str> = Vec::new();
    for &(col, word) in &mods {
        let (name, val) = word.split_once(':').unwrap_or((word, ""));
        if seen.contains(&name) {
            return Err(e((col, word), "modifier given twice"));
        }
        seen.push(name);
        let bits = || parse_bits(val, n).map_err(|r| e((col, word), r));
        match name {
            "clamp" if val.is_empty() && !word.contains(':') => v.clamp = true,
            "op_sel" => v.op_sel = bits()?,
            "op_sel_hi" => v.op_sel_hi = bits()? | if n == 2 { 4 } else { 0 },
            "neg_lo" | "neg_hi" if k == Kind::Mix => {
                return Err(e(
                    (col, word),
                    "MIX rows write negation and absolute value on the sources (-|v1|)",
                ))
            }
            "neg_lo" => v.neg_lo = bits()?,
            "neg_hi" => v.neg_hi = bits()?,
            _ => {
                return Err(e(
                    (col, word),
                    "expected op_sel:[..], op_sel_hi:[..], neg_lo:[..], neg_hi:[..] or clamp",
                ))
            }
        }
    }
    check(row, &v).map_err(|err| {
        let col = match err.kind {
            gpuref_core::decode::DecodeErrorKind::IllegalField { field, .. } => match field {
                "SRC0" => parts[1].0,
                "SRC1" => parts[2].0,
                "SRC2" => parts.get(3).map_or(base, |p| p.0),
                _ => {
                    let name = match field {
                        "NEG" => "neg_lo:",
                        "NEG_HI" => "neg_hi:",
                        "OPSEL" => "op_sel:",
                        _ => "op_sel_hi:",
                    };
                    mods.iter()
                        .find(|m| m.1.starts_with(name))
                        .or(mods.first())
                        .map_or(parts[n].0, |m| m.0)
                }
            },
            _ => base,
        };
        (col, err.kind.to_string())
    })?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::shared::testing::next;
    use crate::formats::shared::testing::roundtrip_or_illegal;
    use crate::formats::{decode as decode_any, encode as encode_any, parse as parse_any};
    use crate::instructions::{rows, Format};
    use crate::target::Target;
    use gpuref_core::decode::DecodeErrorKind as K;

    /// Random words of every VOP3P row: each decodes (then encodes back to itself and its
    /// text parses back to it) or is rejected with an `IllegalField`, never a panic.
    #[test]
    fn every_row_roundtrips_or_is_rejected_by_rule() {
        let mut state = 7u64;
        for t in Target::ALL {
            for row in rows().filter(|r| r.format == Format::Vop3p && r.targets.contains(t)) {
                let mut ok = 0;
                for i in 0..4000 {
                    let r = next(&mut state);
                    let mut w1 = (r >> 32) as u32;
                    // Sources a VGPR most of the time so that many words decode.
                    if i % 4 != 0 {
                        w1 |= (1 << 8) | (1 << 17) | (1 << 26);
                    }
                    if i % 2 == 0 {
                        w1 &= !(7 << 29);
                    }
                    let mut w0 =
                        (ENCODING << 23) | u32::from(row.opcode) << 16 | (r as u32 & 0xffff);
                    // Half the words cleaned to the row's rules.
                    if i % 2 == 0 {
                        if sources(row) == 2 {
                            w1 &= !((0x1ff << 18) | (1 << 31));
                            w0 = (w0 & !((1 << 10) | (1 << 13))) | (1 << 14);
                        }
                        if !has_neg(row) {
                            w0 &= !(7 << 8);
                            w1 &= !(7 << 29);
                        }
                    }
                    if roundtrip_or_illegal(t, &[w0, w1]).is_ok() {
                        ok += 1;
                    }
                }
                assert!(ok > 100, "{t} {}: only {ok} words decode", row.name);
            }
        }
    }

    /// Words and texts as llvm-mc prints them (copied from `llvm-mc -show-encoding`).
    #[test]
    fn llvm_examples() {
        for (t, w, text) in [
            (
                Target::Gfx900,
                [0xd38f_ca00, 0x3002_0501],
                "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1] clamp",
            ),
            (
                Target::Gfx900,
                [0xd3a0_ee00, 0xac0e_0501],
                "v_mad_mix_f32 v0, -v1, |v2|, -|v3| op_sel:[1,0,1] op_sel_hi:[1,0,1] clamp",
            ),
            (
                Target::Gfx908,
                [0xd3a0_0000, 0x240e_04c1],
                "v_fma_mix_f32 v0, neg(-1), v2, v3",
            ),
            (
                Target::Gfx900,
                [0xd380_4000, 0x1802_04f2],
                "v_pk_mad_i16 v0, 0x3c00, v2, s0",
            ),
            (
                Target::Gfx908,
                [0xd3a6_4000, 0x1be1_e4f2],
                "v_dot2_i32_i16 v0, 0x3c00, 0x3c00, 0.15915494",
            ),
            (
                Target::Gfx908,
                [0xd3a8_4000, 0x1c0e_04f8],
                "v_dot4_i32_i8 v0, 0.15915494, v2, v3",
            ),
            (
                Target::Gfx900,
                [0xd38f_4000, 0x1802_04fe],
                "v_pk_add_f16 v0, src_lds_direct, v2",
            ),
            (
                Target::Gfx900,
                [0xd38f_4000, 0x0002_0501],
                "v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0]",
            ),
        ] {
            let (inst, _) = decode_any(t, &w).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(inst.to_string(), text);
            assert_eq!(encode_any(&parse_any(t, text).unwrap()), w.to_vec(), "{text}");
        }
    }

    #[test]
    fn bad_words_name_the_field() {
        let t = Target::Gfx900;
        for (w, field) in [
            ([0xd38f_0000u32, 0x1802_0501], "OPSEL_HI2"),
            ([0xd38f_4000, 0x1806_0501], "SRC2"),
            ([0xd38f_6000, 0x1802_0501], "OPSEL"),
            ([0xd38f_4000, 0x9802_0501], "NEG"),
            ([0xd38a_4100, 0x1802_0501], "NEG_HI"),
            ([0xd38f_4000, 0x1802_04ff], "SRC0"),
            ([0xd38f_4000, 0x1801_fd01], "SRC1"),
            ([0xd38f_4000, 0x1802_047d], "SRC0"),
        ] {
            assert_eq!(
                crate::formats::shared::testing::illegal_field(t, &w),
                field,
                "{w:x?}"
            );
        }
        assert!(matches!(
            decode_any(t, &[0xd38f_4000]).map_err(|e| e.kind),
            Err(K::Truncated { needed: 2, .. })
        ));
        // VOP3P opcodes without a row, and the gfx908-only rows on gfx900.
        for op in [19u32, 31, 35, 64, 127] {
            let w = [(ENCODING << 23) | op << 16, 0x1c0e_0501];
            assert!(matches!(
                decode_any(t, &w).map_err(|e| e.kind),
                Err(K::UnknownOpcode { .. })
            ));
        }
    }

    #[test]
    fn bad_text_gives_the_column() {
        for (t, text, col) in [
            (Target::Gfx900, "v_pk_add_f16 v0, v1, v2, v3", 26),
            (Target::Gfx900, "v_pk_add_f16 v0, v1, 0x1234", 22),
            (Target::Gfx900, "v_pk_add_f16 v0, v1, v2 op_sel:[1,0,0]", 25),
            (Target::Gfx900, "v_pk_add_u16 v0, v1, v2 neg_lo:[1,0]", 25),
            (
                Target::Gfx900,
                "v_pk_add_u16 v0, v1, v2 op_sel:[1,0] neg_hi:[1,0]",
                38,
            ),
            (Target::Gfx900, "v_pk_add_f16 v0, v1, src_lds_direct", 22),
            (Target::Gfx900, "v_pk_add_f16 v0, v1, v2 clamp clamp", 31),
            (Target::Gfx900, "v_pk_add_f16 v0, v1", 20),
            (Target::Gfx900, "v_pk_add_f16 v0, v1, v2 op_sel:[2,0]", 25),
            (Target::Gfx900, "v_pk_add_f16 v0, v1, v2 omod:1", 25),
            (Target::Gfx900, "v_pk_add_f16 s0, v1, v2", 14),
            (
                Target::Gfx908,
                "v_fma_mix_f32 v0, v1, v2, v3 neg_lo:[1,0,0]",
                30,
            ),
            (Target::Gfx908, "v_fma_mix_f32 v0, |v1, v2, v3", 19),
            (Target::Gfx900, "v_fma_mix_f32 v0, v1, v2, v3", 1),
        ] {
            let e = parse_any(t, text).expect_err(text);
            assert_eq!(e.column, col, "{text}: {e}");
        }
    }
}
