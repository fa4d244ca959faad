//! Microcode formats: decode, encode, print and parse in LLVM's AMDGPU assembly syntax.
//!
//! Every format of both targets: the scalar ALU ([`salu`]: SOP2, SOPK, SOP1, SOPC, SOPP),
//! scalar memory ([`smem`]), the vector ALU ([`vop`]: VOP1, VOP2, VOPC; [`vop3`]: VOP3A,
//! VOP3B; [`vop3i`]: the VOP3 interpolation forms; [`vop3p`]: VOP3P; [`mai`]: MI100's
//! VOP3P-MAI; [`sdwa`] and [`dpp`]: the extensions of the 32-bit forms; [`valu`]: the
//! operand shapes and text they share), LDS/GDS ([`ds`]), buffer memory ([`mubuf`]: MUBUF
//! and MTBUF), images ([`mimg`]), FLAT/GLOBAL/SCRATCH ([`flat`]), parameter interpolation
//! ([`vintrp`]) and export ([`exp`]). Each format module has the bit layout and operand
//! shapes of its rows and its own `decode`, `encode`, `text` and `parse`; this module finds
//! the format of a dword ([`identify`]) and dispatches. `decode` takes the dword stream,
//! `encode` gives it back, `Display` prints what `llvm-mc -arch=amdgcn -mcpu=gfx900|gfx908`
//! prints, and `parse` reads that text. Decisions where the manual and LLVM differ:
//! docs/design/0008 (SALU), 0009 (SMEM), 0010 (DS), 0011 (MUBUF/MTBUF), 0012 (FLAT), 0013
//! (VINTRP, EXP), 0014 (VOP1/VOP2/VOPC/VOP3), 0015 (VOP3P, MAI), 0016 (MIMG), 0017 (SDWA,
//! DPP).
//!
//! Strictness: a field the instruction does not use must be zero, a 64-bit operand must
//! be an even-aligned pair, and reserved operand codes are errors (Vega "Scalar ALU
//! Operands", "SGPR Alignment"; the manual: "Any bitfield not identified is assumed to be
//! reserved"). Immediates are kept whole even where LLVM does not print every bit (S_WAITCNT's
//! bits 7, 12 and 13), so `decode(encode(x)) == x` always holds.

pub mod dpp;
pub mod ds;
pub mod exp;
pub mod flat;
pub mod legality;
pub mod mai;
pub mod mimg;
pub mod mubuf;
pub mod properties;
pub mod salu;
pub mod sdwa;
pub mod shared;
pub mod smem;
pub mod special;
pub mod template;
pub mod valu;
pub mod vintrp;
pub mod vop;
pub mod vop3;
pub mod vop3i;
pub mod vop3p;

use crate::instructions::{by_name, by_opcode, Format, Row};
use crate::operand::Reason;
use crate::target::Target;
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
pub use salu::{Sop1, Sop2, Sopc, SopcSrc1, Sopk, Sopp};
use std::fmt;

/// The decoded fields of one instruction, by format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fields {
    Sop2(Sop2),
    Sopk(Sopk),
    Sop1(Sop1),
    Sopc(Sopc),
    Sopp(Sopp),
    Smem(smem::Smem),
    Ds(ds::Ds),
    Vintrp(vintrp::Vintrp),
    Exp(exp::Exp),
    /// FLAT, GLOBAL and SCRATCH.
    Flat(flat::Flat),
    /// MUBUF and MTBUF.
    Buf(mubuf::Buf),
    Mimg(mimg::Mimg),
    /// VOP3P (packed math, MIX, dot).
    Vop3p(vop3p::Vop3p),
    /// VOP3P-MAI (MFMA, AccVGPR moves).
    Mai(mai::Mai),
    /// VOP1, VOP2 and VOPC (e32).
    Vop(vop::Vop),
    /// VOP3A and VOP3B (e64 and native VOP3).
    Vop3(vop3::Vop3),
    /// The VOP3 interpolation forms (VOP3A).
    Vop3Interp(vop3i::Interp),
    /// VOP1, VOP2 and VOPC with the SDWA second dword (SRC0 = 249).
    Sdwa(sdwa::Sdwa),
    /// VOP1 and VOP2 with the DPP second dword (SRC0 = 250).
    Dpp(dpp::Dpp),
}

/// One decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub row: &'static Row,
    pub fields: Fields,
    /// The literal dword, present exactly when a source is the literal code (255) or the
    /// row is S_SETREG_IMM32_B32.
    pub literal: Option<u32>,
}

/// A parse failure: 1-based column in the text and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub column: usize,
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.reason)
    }
}

impl std::error::Error for ParseError {}

/// Whether a row is in one of the formats this module handles.
pub fn is_supported(row: &Row) -> bool {
    matches!(
        row.format,
        Format::Sop2
            | Format::Sopk
            | Format::Sop1
            | Format::Sopc
            | Format::Sopp
            | Format::Smem
            | Format::Ds
            | Format::Mubuf
            | Format::Mtbuf
            | Format::Flat
            | Format::Global
            | Format::Scratch
            | Format::Vintrp
            | Format::Exp
            | Format::Mimg
            | Format::Vop3p
            | Format::Vop3pMai
            | Format::Vop1
            | Format::Vop2
            | Format::Vopc
            | Format::Vop3a
            | Format::Vop3b
    )
}

/// The format and opcode a first dword names, from its ENCODING bits (Vega "Microcode
/// Formats"), or `None` when no format has these bits. FLAT's SEG field picks FLAT,
/// SCRATCH or GLOBAL; its reserved value 3 gives `Some(Err(..))`.
pub fn identify(word: u32) -> Option<Result<(Format, u16), DecodeError>> {
    // VOP1/VOP2/VOPC first: the only formats with bit 31 clear (every other ENCODING
    // starts with 1), and the most frequent.
    let found = if let Some(f) = vop::identify(word) {
        f
    } else if let Some(f) = salu::identify(word) {
        f
    } else if smem::is_smem(word) {
        (Format::Smem, ((word >> 18) & 0xff) as u16)
    } else if ds::is_ds(word) {
        (Format::Ds, ds::opcode(word))
    } else if mubuf::is_mubuf(word) {
        (Format::Mubuf, mubuf::opcode(word))
    } else if mubuf::is_mtbuf(word) {
        (Format::Mtbuf, mubuf::opcode(word))
    } else if flat::is_flat(word) {
        return Some(match flat::segment(word) {
            Some(format) => Ok((format, flat::opcode(word))),
            None => Err(illegal("SEG", 3, "reserved (0 FLAT, 1 SCRATCH, 2 GLOBAL)")),
        });
    } else if vintrp::is_vintrp(word) {
        (Format::Vintrp, vintrp::opcode(word))
    } else if mimg::is_mimg(word) {
        (Format::Mimg, mimg::opcode(word))
    } else if vop3p::is_vop3p(word) {
        let op = vop3p::opcode(word);
        let format = if op >= 64 {
            Format::Vop3pMai
        } else {
            Format::Vop3p
        };
        (format, op)
    } else if exp::is_exp(word) {
        (Format::Exp, 0)
    } else if vop3::is_vop3(word) {
        let op = vop3::opcode(word);
        (vop3::format_of(op), op)
    } else {
        return None;
    };
    Some(Ok(found))
}

pub(crate) fn illegal(field: &'static str, value: u64, reason: Reason) -> DecodeError {
    DecodeError::new(
        0,
        DecodeErrorKind::IllegalField {
            field,
            value,
            reason,
        },
    )
}

pub(crate) fn truncated(needed: usize, available: usize) -> DecodeError {
    DecodeError::new(0, DecodeErrorKind::Truncated { needed, available })
}

pub(crate) const UNUSED: Reason = "this instruction does not use the field; it must be zero";

/// Decode one instruction from the start of `words`. Returns it and the dwords it used.
pub fn decode(target: Target, words: &[u32]) -> Result<(Instruction, usize), DecodeError> {
    let &word = words.first().ok_or_else(|| truncated(1, words.len()))?;
    let (format, opcode) = identify(word).ok_or_else(|| {
        illegal(
            "ENCODING",
            u64::from(word),
            "no format has these ENCODING bits (Vega \"Microcode Formats\")",
        )
    })??;
    let row = by_opcode(target, format, opcode).ok_or_else(|| {
        DecodeError::new(
            0,
            DecodeErrorKind::UnknownOpcode {
                format: format.name(),
                opcode: u32::from(opcode),
                target: target.name(),
            },
        )
    })?;
    let two = || match words {
        [w0, w1, ..] => Ok((*w0, *w1)),
        _ => Err(truncated(2, words.len())),
    };
    let (fields, literal) = match format {
        Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp => {
            salu::decode(row, words)?
        }
        Format::Smem => (Fields::Smem(smem::decode(row, words)?), None),
        Format::Ds => {
            let (w0, w1) = two()?;
            (Fields::Ds(ds::decode(row, w0, w1)?), None)
        }
        Format::Mubuf | Format::Mtbuf => {
            let (w0, w1) = two()?;
            (Fields::Buf(mubuf::decode(row, w0, w1)?), None)
        }
        Format::Flat | Format::Global | Format::Scratch => {
            let (w0, w1) = two()?;
            (Fields::Flat(flat::decode(row, w0, w1)?), None)
        }
        Format::Vintrp => (Fields::Vintrp(vintrp::decode(row, word)?), None),
        Format::Mimg => {
            let (w0, w1) = two()?;
            (Fields::Mimg(mimg::decode(row, w0, w1)?), None)
        }
        Format::Vop3p => {
            let (w0, w1) = two()?;
            (Fields::Vop3p(vop3p::decode(row, w0, w1)?), None)
        }
        Format::Vop3pMai => {
            let (w0, w1) = two()?;
            (Fields::Mai(mai::decode(row, w0, w1)?), None)
        }
        Format::Vop1 | Format::Vop2 | Format::Vopc if sdwa::selects(target, row, word) => {
            let (w0, w1) = two()?;
            (Fields::Sdwa(sdwa::decode(row, w0, w1)?), None)
        }
        Format::Vop1 | Format::Vop2 | Format::Vopc if dpp::selects(target, row, word) => {
            let (w0, w1) = two()?;
            (Fields::Dpp(dpp::decode(row, w0, w1)?), None)
        }
        Format::Vop1 | Format::Vop2 | Format::Vopc => {
            let (v, l) = vop::decode(row, words)?;
            (Fields::Vop(v), l)
        }
        Format::Vop3a | Format::Vop3b if vop3::not_yet(row) => {
            (Fields::Vop3Interp(vop3i::decode(row, words)?), None)
        }
        Format::Vop3a | Format::Vop3b => (Fields::Vop3(vop3::decode(row, words)?), None),
        _ => {
            let (w0, w1) = two()?;
            (Fields::Exp(exp::decode(w0, w1)?), None)
        }
    };
    let inst = Instruction {
        row,
        fields,
        literal,
    };
    let used = inst.dwords();
    Ok((inst, used))
}

impl Instruction {
    /// How many dwords the instruction takes, its literal included.
    pub fn dwords(&self) -> usize {
        let base = match self.fields {
            Fields::Sop2(_)
            | Fields::Sopk(_)
            | Fields::Sop1(_)
            | Fields::Sopc(_)
            | Fields::Sopp(_)
            | Fields::Vintrp(_)
            | Fields::Vop(_) => 1,
            Fields::Smem(_)
            | Fields::Ds(_)
            | Fields::Exp(_)
            | Fields::Flat(_)
            | Fields::Buf(_)
            | Fields::Mimg(_)
            | Fields::Vop3p(_)
            | Fields::Mai(_)
            | Fields::Vop3(_)
            | Fields::Vop3Interp(_)
            | Fields::Sdwa(_)
            | Fields::Dpp(_) => 2,
        };
        base + usize::from(self.literal.is_some())
    }
}

/// The dwords of an instruction (the literal, when present, follows the instruction).
pub fn encode(inst: &Instruction) -> Vec<u32> {
    match &inst.fields {
        Fields::Sop2(_) | Fields::Sopk(_) | Fields::Sop1(_) | Fields::Sopc(_) | Fields::Sopp(_) => {
            salu::encode(inst)
        }
        Fields::Smem(f) => smem::encode(inst.row, f).to_vec(),
        Fields::Ds(d) => ds::encode(inst.row, d).to_vec(),
        Fields::Buf(b) => mubuf::encode(inst.row, b).to_vec(),
        Fields::Flat(d) => flat::encode(inst.row, d).to_vec(),
        Fields::Vintrp(v) => vec![vintrp::encode(inst.row, v)],
        Fields::Exp(e) => exp::encode(e).to_vec(),
        Fields::Mimg(m) => mimg::encode(inst.row, m).to_vec(),
        Fields::Vop3p(v) => vop3p::encode(inst.row, v).to_vec(),
        Fields::Mai(m) => mai::encode(inst.row, m).to_vec(),
        Fields::Vop(v) => vop::encode(inst.row, v, inst.literal),
        Fields::Vop3(v) => vop3::encode(inst.row, v).to_vec(),
        Fields::Vop3Interp(v) => vop3i::encode(inst.row, v).to_vec(),
        Fields::Sdwa(s) => sdwa::encode(inst.row, s).to_vec(),
        Fields::Dpp(d) => dpp::encode(inst.row, d).to_vec(),
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        thread_local! {
            /// The text is built here (one buffer per thread, not one String per
            /// instruction), then written to `f`.
            static BUF: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
        }
        BUF.with(|b| match b.try_borrow_mut() {
            Ok(mut buf) => {
                buf.clear();
                self.write_text(&mut buf);
                f.write_str(&buf)
            }
            // Only if a printer printed an instruction (it does not): a fresh buffer.
            Err(_) => {
                let mut buf = String::new();
                self.write_text(&mut buf);
                f.write_str(&buf)
            }
        })
    }
}

impl Instruction {
    /// The instruction's LLVM text appended to `out` (what `Display` prints).
    pub fn write_text(&self, out: &mut String) {
        match &self.fields {
            Fields::Vop(v) => return vop::write_text(out, self.row, v, self.literal),
            Fields::Vop3(v) => return vop3::write_text(out, self.row, v),
            Fields::Sdwa(s) => return sdwa::write_text(out, self.row, s),
            Fields::Dpp(d) => return dpp::write_text(out, self.row, d),
            Fields::Ds(d) => return ds::write_text(out, self.row, d),
            Fields::Flat(d) => return flat::write_text(out, self.row, d),
            Fields::Buf(b) => return mubuf::write_text(out, self.row, b),
            Fields::Mimg(m) => return mimg::write_text(out, self.row, m),
            Fields::Smem(s) => return smem::write_text(out, self.row, s),
            Fields::Sop2(_)
            | Fields::Sopk(_)
            | Fields::Sop1(_)
            | Fields::Sopc(_)
            | Fields::Sopp(_) => return salu::write_text(out, self),
            _ => {}
        }
        let text = match &self.fields {
            Fields::Sop2(_)
            | Fields::Sopk(_)
            | Fields::Sop1(_)
            | Fields::Sopc(_)
            | Fields::Sopp(_) => salu::text(self),
            Fields::Smem(s) => {
                let ops = smem::operands_text(self.row, s);
                let name = self.row.mnemonic();
                if ops.is_empty() {
                    name
                } else {
                    format!("{name} {ops}")
                }
            }
            Fields::Ds(d) => ds::text(self.row, d),
            Fields::Buf(b) => mubuf::text(self.row, b),
            Fields::Flat(d) => flat::text(self.row, d),
            Fields::Vintrp(v) => vintrp::text(self.row, v),
            Fields::Exp(e) => exp::text(self.row, e),
            Fields::Mimg(m) => mimg::text(self.row, m),
            Fields::Vop3p(v) => vop3p::text(self.row, v),
            Fields::Mai(m) => mai::text(self.row, m),
            Fields::Vop(v) => vop::text(self.row, v, self.literal),
            Fields::Vop3(v) => vop3::text(self.row, v),
            Fields::Vop3Interp(v) => vop3i::text(self.row, v),
            Fields::Sdwa(s) => sdwa::text(self.row, s),
            Fields::Dpp(d) => dpp::text(self.row, d),
        };
        out.push_str(&text)
    }
}

/// Split operands at top-level commas; returns (0-based byte offset, trimmed text).
pub(crate) fn split_operands(text: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                out.push((start, &text[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((start, &text[start..]));
    out.into_iter()
        .map(|(s, t)| {
            let lead = t.len() - t.trim_start().len();
            (base + s + lead, t.trim())
        })
        .collect()
}

/// Parse one instruction in LLVM syntax (`s_add_u32 s0, s1, 0x1234`).
pub fn parse(target: Target, text: &str) -> Result<Instruction, ParseError> {
    let err = |col0: usize, reason: &str| ParseError {
        column: col0 + 1,
        reason: reason.to_string(),
    };
    // Trim the end first: for all-blank text the leading blanks are the whole text.
    let body = text.trim_end();
    let start = body.len() - body.trim_start().len();
    let rest = &body[start..];
    let name_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let name = &rest[..name_len];
    if name.is_empty() {
        return Err(err(start, "expected a mnemonic"));
    }
    let (ops, base) = (&rest[name_len..], start + name_len);
    if let Some(row) = sdwa::row_by_name(target, name) {
        let s = sdwa::parse(row, ops, base).map_err(|(c, r)| err(c, &r))?;
        return Ok(Instruction {
            row,
            fields: Fields::Sdwa(s),
            literal: None,
        });
    }
    if let Some(row) = dpp::row_by_name(target, name) {
        let d = dpp::parse(row, ops, base).map_err(|(c, r)| err(c, &r))?;
        return Ok(Instruction {
            row,
            fields: Fields::Dpp(d),
            literal: None,
        });
    }
    let row = vintrp::row_by_name(target, name)
        .or_else(|| by_name(target, name))
        .or_else(|| valu::row_by_name(target, name))
        .or_else(|| vop3i::row_by_name(target, name))
        .filter(|r| is_supported(r))
        .ok_or_else(|| err(start, &unknown_mnemonic(target, name)))?;
    let ops = &rest[name_len..];
    let base = start + name_len;
    let col = |(c, r): (usize, String)| err(c, &r);
    let (fields, literal) = match row.format {
        Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp => {
            salu::parse(row, ops, base, body.len())?
        }
        Format::Smem => {
            let f = smem::parse_operands(row, ops).map_err(|(c, r)| err(base + c, &r))?;
            (Fields::Smem(f), None)
        }
        Format::Ds => (Fields::Ds(ds::parse(row, ops, base).map_err(col)?), None),
        Format::Mubuf | Format::Mtbuf => (
            Fields::Buf(mubuf::parse(row, ops, base).map_err(col)?),
            None,
        ),
        Format::Flat | Format::Global | Format::Scratch => (
            Fields::Flat(flat::parse(row, ops, base).map_err(col)?),
            None,
        ),
        Format::Vintrp if vop3i::row_by_name(target, name).is_some() => (
            Fields::Vop3Interp(vop3i::parse(row, ops, base).map_err(col)?),
            None,
        ),
        Format::Vintrp => (
            Fields::Vintrp(vintrp::parse(row, ops, base).map_err(col)?),
            None,
        ),
        Format::Mimg => (
            Fields::Mimg(mimg::parse(row, ops, base).map_err(col)?),
            None,
        ),
        Format::Vop3p => (
            Fields::Vop3p(vop3p::parse(row, ops, base).map_err(col)?),
            None,
        ),
        Format::Vop3pMai => (Fields::Mai(mai::parse(row, ops, base).map_err(col)?), None),
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3a | Format::Vop3b => {
            vop::parse_any(row, name, ops, base).map_err(col)?
        }
        _ => (Fields::Exp(exp::parse(ops, base).map_err(col)?), None),
    };
    Ok(Instruction {
        row,
        fields,
        literal,
    })
}

/// Why `name` is no mnemonic of `target`: a row that exists without the SDWA or DPP form
/// the suffix asks for names the rule (docs/design/0046), else the name is unknown.
fn unknown_mnemonic(target: Target, name: &str) -> String {
    for (suffix, form) in [("_sdwa", "SDWA"), ("_dpp", "DPP")] {
        if let Some(row) = sdwa::row_by_suffixed_name(target, name, suffix) {
            return format!(
                "{} has no {form} form (rule {}: Vega \"Instruction Limitations\" lists rows that \
                 cannot use {form}; gpuref also follows LLVM's list, docs/design/0017)",
                row.name,
                legality::id::SDWA_DPP_ROWS
            );
        }
    }
    let elsewhere = Target::ALL.into_iter().filter(|&t| t != target).find(|&t| {
        vintrp::row_by_name(t, name)
            .or_else(|| by_name(t, name))
            .or_else(|| valu::row_by_name(t, name))
            .or_else(|| vop3i::row_by_name(t, name))
            .is_some_and(is_supported)
    });
    let lower = name.to_ascii_lowercase();
    let names_accvgprs = lower.contains("accvgpr") || lower.starts_with("v_mfma");
    match elsewhere {
        Some(t) if t == Target::Gfx908 && names_accvgprs => {
            format!(
                "unknown mnemonic `{name}` on {} (a {} instruction: AccVGPRs and the \
                 instructions that name them are gfx908's, rule {})",
                target.name(),
                t.name(),
                legality::id::ACCVGPR
            )
        }
        Some(t) => format!(
            "unknown mnemonic `{name}` on {} (a {} instruction)",
            target.name(),
            t.name()
        ),
        None => format!("unknown mnemonic `{name}` on {}", target.name()),
    }
}

#[cfg(test)]
mod tests;
