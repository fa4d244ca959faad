//! Microcode formats: decode, encode, print and parse in LLVM's AMDGPU assembly syntax.
//!
//! Today the five scalar ALU formats (SOP2, SOPK, SOP1, SOPC, SOPP; [`salu`] has their bit
//! layouts and operand shapes), scalar memory ([`smem`]) and LDS/GDS ([`ds`]). `decode`
//! takes the dword stream, `encode` gives it back, `Display` prints what
//! `llvm-mc -arch=amdgcn -mcpu=gfx900|gfx908` prints, and `parse` reads that text.
//! Decisions where the manual and LLVM differ: docs/design/0008 (SALU), 0009 (SMEM),
//! 0010 (DS).
//!
//! Strictness: a field the instruction does not use must be zero, a 64-bit operand must
//! be an even-aligned pair, and reserved operand codes are errors (Vega "Scalar ALU
//! Operands", "SGPR Alignment"; the manual: "Any bitfield not identified is assumed to be
//! reserved"). SIMM16 is kept whole even where LLVM does not print every bit (S_WAITCNT's
//! bits 7, 12 and 13), so `decode(encode(x)) == x` always holds.

pub mod ds;
pub mod salu;
pub mod smem;
pub mod special;

use crate::instructions::{by_name, by_opcode, Format, Row};
use crate::operand::{Reason, ScalarDst, ScalarReg, ScalarSrc};
use crate::target::Target;
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use salu::{ImmStyle, RawFields, Slot};
use std::fmt;

/// SOP2 fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sop2 {
    /// `None` for the rows without a destination (S_CBRANCH_G_FORK, S_RFE_RESTORE_B64).
    pub sdst: Option<ScalarDst>,
    pub ssrc0: ScalarSrc,
    pub ssrc1: ScalarSrc,
}

/// SOPK fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sopk {
    /// `None` only for S_SETREG_IMM32_B32.
    pub sdst: Option<ScalarDst>,
    pub simm16: u16,
}

/// SOP1 fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sop1 {
    pub sdst: Option<ScalarDst>,
    /// `None` only for S_GETPC_B64.
    pub ssrc0: Option<ScalarSrc>,
}

/// SOPC's second field: an operand, or S_SET_GPR_IDX_ON's 8-bit mode immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SopcSrc1 {
    Src(ScalarSrc),
    GprIdxMode(u8),
}

/// SOPC fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sopc {
    pub ssrc0: ScalarSrc,
    pub ssrc1: SopcSrc1,
}

/// SOPP fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sopp {
    pub simm16: u16,
}

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

const SALU: [Format; 5] = [
    Format::Sop2,
    Format::Sopk,
    Format::Sop1,
    Format::Sopc,
    Format::Sopp,
];

/// Whether a row is in one of the formats this module handles.
pub fn is_supported(row: &Row) -> bool {
    SALU.contains(&row.format)
}

fn illegal(field: &'static str, value: u64, reason: Reason) -> DecodeError {
    DecodeError::new(
        0,
        DecodeErrorKind::IllegalField {
            field,
            value,
            reason,
        },
    )
}

const UNUSED: Reason = "this instruction does not use the field; it must be zero";

/// Decode one instruction from the start of `words`. Returns it and the dwords it used.
pub fn decode(target: Target, words: &[u32]) -> Result<(Instruction, usize), DecodeError> {
    let truncated = |needed| {
        DecodeError::new(
            0,
            DecodeErrorKind::Truncated {
                needed,
                available: words.len(),
            },
        )
    };
    let &word = words.first().ok_or_else(|| truncated(1))?;
    if ds::is_ds(word) {
        let opcode = ds::opcode(word);
        let row = by_opcode(target, Format::Ds, opcode).ok_or(DecodeError::new(
            0,
            DecodeErrorKind::UnknownOpcode {
                format: Format::Ds.name(),
                opcode: u32::from(opcode),
                target: target.name(),
            },
        ))?;
        let &w1 = words.get(1).ok_or_else(|| truncated(2))?;
        let fields = Fields::Ds(ds::decode(row, word, w1)?);
        return Ok((
            Instruction {
                row,
                fields,
                literal: None,
            },
            2,
        ));
    }
    if smem::is_smem(word) {
        let opcode = ((word >> 18) & 0xff) as u16;
        let row = by_opcode(target, Format::Smem, opcode).ok_or(DecodeError::new(
            0,
            DecodeErrorKind::UnknownOpcode {
                format: Format::Smem.name(),
                opcode: u32::from(opcode),
                target: target.name(),
            },
        ))?;
        let fields = Fields::Smem(smem::decode(row, words)?);
        let literal = None;
        return Ok((
            Instruction {
                row,
                fields,
                literal,
            },
            2,
        ));
    }
    let (format, opcode) = salu::identify(word).ok_or_else(|| {
        illegal(
            "ENCODING",
            u64::from(word),
            "not a format decoded yet (SOP2, SOPK, SOP1, SOPC, SOPP, SMEM and DS are)",
        )
    })?;
    let row = by_opcode(target, format, opcode).ok_or(DecodeError::new(
        0,
        DecodeErrorKind::UnknownOpcode {
            format: format.name(),
            opcode: u32::from(opcode),
            target: target.name(),
        },
    ))?;
    let raw = salu::split(word);
    let shape = salu::shape(row);
    let (has_sdst, has_s0, has_s1, has_k) = salu::has_fields(format);
    let find = |pred: fn(&Slot) -> Option<u32>| shape.iter().find_map(pred);
    let sdst_w = find(|s| match s {
        Slot::Sdst(w) => Some(*w),
        _ => None,
    });
    let s0_w = find(|s| match s {
        Slot::Ssrc0(w) => Some(*w),
        _ => None,
    });
    let s1_w = find(|s| match s {
        Slot::Ssrc1(w) => Some(*w),
        _ => None,
    });
    let gpr_idx = shape.contains(&Slot::GprIdxSsrc1);
    let uses_k = shape.iter().any(|s| matches!(s, Slot::Simm16(_)));
    let needs_lit32 = shape.contains(&Slot::Literal32);

    let sdst = match sdst_w {
        Some(w) => {
            let r = ScalarReg::from_code(raw.sdst)
                .and_then(|r| r.check_width(w).map(|()| r))
                .map_err(|e| illegal("SDST", u64::from(raw.sdst), e))?;
            Some(r)
        }
        None if has_sdst && raw.sdst != 0 => {
            return Err(illegal("SDST", u64::from(raw.sdst), UNUSED))
        }
        None => None,
    };
    let src = |field: &'static str, code: u8, w: Option<u32>, has: bool| match w {
        Some(w) => ScalarSrc::from_code(code)
            .and_then(|s| s.check_width(w).map(|()| Some(s)))
            .map_err(|e| illegal(field, u64::from(code), e)),
        None if has && code != 0 && !(field == "SSRC1" && gpr_idx) => {
            Err(illegal(field, u64::from(code), UNUSED))
        }
        None => Ok(None),
    };
    let ssrc0 = src("SSRC0", raw.ssrc0, s0_w, has_s0)?;
    let ssrc1 = src("SSRC1", raw.ssrc1, s1_w, has_s1)?;
    if has_k && !uses_k && raw.simm16 != 0 {
        return Err(illegal("SIMM16", u64::from(raw.simm16), UNUSED));
    }
    let needs_literal =
        needs_lit32 || ssrc0 == Some(ScalarSrc::Literal) || ssrc1 == Some(ScalarSrc::Literal);
    let literal = if needs_literal {
        Some(*words.get(1).ok_or_else(|| truncated(2))?)
    } else {
        None
    };
    let int0 = ScalarSrc::Int(0);
    let fields = match format {
        Format::Sop2 => Fields::Sop2(Sop2 {
            sdst,
            ssrc0: ssrc0.unwrap_or(int0),
            ssrc1: ssrc1.unwrap_or(int0),
        }),
        Format::Sopk => Fields::Sopk(Sopk {
            sdst,
            simm16: raw.simm16,
        }),
        Format::Sop1 => Fields::Sop1(Sop1 { sdst, ssrc0 }),
        Format::Sopc => Fields::Sopc(Sopc {
            ssrc0: ssrc0.unwrap_or(int0),
            ssrc1: if gpr_idx {
                SopcSrc1::GprIdxMode(raw.ssrc1)
            } else {
                SopcSrc1::Src(ssrc1.unwrap_or(int0))
            },
        }),
        _ => Fields::Sopp(Sopp { simm16: raw.simm16 }),
    };
    let used = 1 + usize::from(literal.is_some());
    Ok((
        Instruction {
            row,
            fields,
            literal,
        },
        used,
    ))
}

impl Instruction {
    fn raw(&self) -> RawFields {
        let code = |s: Option<ScalarSrc>| s.map_or(0, ScalarSrc::code);
        let dst = |d: Option<ScalarDst>| d.map_or(0, ScalarReg::code);
        match self.fields {
            Fields::Sop2(f) => RawFields {
                sdst: dst(f.sdst),
                ssrc0: f.ssrc0.code(),
                ssrc1: f.ssrc1.code(),
                simm16: 0,
            },
            Fields::Sopk(f) => RawFields {
                sdst: dst(f.sdst),
                simm16: f.simm16,
                ..RawFields::default()
            },
            Fields::Sop1(f) => RawFields {
                sdst: dst(f.sdst),
                ssrc0: code(f.ssrc0),
                ..RawFields::default()
            },
            Fields::Sopc(f) => RawFields {
                ssrc0: f.ssrc0.code(),
                ssrc1: match f.ssrc1 {
                    SopcSrc1::Src(s) => s.code(),
                    SopcSrc1::GprIdxMode(m) => m,
                },
                ..RawFields::default()
            },
            Fields::Sopp(f) => RawFields {
                simm16: f.simm16,
                ..RawFields::default()
            },
            Fields::Smem(_) => RawFields::default(),
            Fields::Ds(_) => RawFields::default(),
        }
    }
}

/// The dwords of an instruction (the literal, when present, follows the instruction).
pub fn encode(inst: &Instruction) -> Vec<u32> {
    if let Fields::Ds(d) = &inst.fields {
        return ds::encode(inst.row, d).to_vec();
    }
    if let Fields::Smem(f) = &inst.fields {
        return smem::encode(inst.row, f).to_vec();
    }
    let mut out = vec![salu::join(inst.row.format, inst.row.opcode, inst.raw())];
    out.extend(inst.literal);
    out
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Fields::Ds(d) = &self.fields {
            return f.write_str(&ds::text(self.row, d));
        }
        if let Fields::Smem(s) = &self.fields {
            let ops = smem::operands_text(self.row, s);
            let name = self.row.mnemonic();
            return if ops.is_empty() {
                f.write_str(&name)
            } else {
                write!(f, "{name} {ops}")
            };
        }
        let raw = self.raw();
        let lit = self.literal.unwrap_or(0);
        let mut ops = Vec::new();
        for slot in salu::shape(self.row) {
            let text = match slot {
                Slot::Sdst(w) => ScalarReg::from_code(raw.sdst)
                    .map(|r| r.display(w))
                    .unwrap_or_else(|_| format!("<sdst {}>", raw.sdst)),
                Slot::Ssrc0(w) => src_text(raw.ssrc0, w, lit),
                Slot::Ssrc1(w) => src_text(raw.ssrc1, w, lit),
                Slot::GprIdxSsrc1 => special::gpr_idx_text(u16::from(raw.ssrc1)),
                Slot::Literal32 => crate::operand::literal_text(lit, 1),
                Slot::Simm16(style) => {
                    let k = raw.simm16;
                    match style {
                        ImmStyle::Hex => format!("{k:#x}"),
                        ImmStyle::Dec => k.to_string(),
                        ImmStyle::U16 if k <= 64 => k.to_string(),
                        ImmStyle::U16 => format!("{k:#x}"),
                        ImmStyle::OptDec if k == 0 => continue,
                        ImmStyle::OptDec => k.to_string(),
                        ImmStyle::Waitcnt => special::waitcnt_text(k),
                        ImmStyle::Sendmsg => special::sendmsg_text(k),
                        ImmStyle::Hwreg => special::hwreg_text(k),
                        ImmStyle::GprIdx => special::gpr_idx_text(k),
                    }
                }
            };
            ops.push(text);
        }
        let name = self.row.mnemonic();
        if ops.is_empty() {
            f.write_str(&name)
        } else {
            write!(f, "{name} {}", ops.join(", "))
        }
    }
}

fn src_text(code: u8, dwords: u32, literal: u32) -> String {
    ScalarSrc::from_code(code)
        .map(|s| s.display(dwords, literal))
        .unwrap_or_else(|_| format!("<ssrc {code}>"))
}

/// Split operands at top-level commas; returns (0-based byte offset, trimmed text).
fn split_operands(text: &str, base: usize) -> Vec<(usize, &str)> {
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
    let start = text.len() - text.trim_start().len();
    let body = text.trim_end();
    let rest = &body[start..];
    let name_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let name = &rest[..name_len];
    if name.is_empty() {
        return Err(err(start, "expected a mnemonic"));
    }
    let row = by_name(target, name)
        .filter(|r| is_supported(r) || r.format == Format::Smem || r.format == Format::Ds)
        .ok_or_else(|| {
            err(
                start,
                &format!(
                    "unknown mnemonic `{name}` on {} (SALU, SMEM and DS are parsed so far)",
                    target.name()
                ),
            )
        })?;
    let ops_text = &rest[name_len..];
    let ops_base = start + name_len;
    if row.format == Format::Ds {
        let fields = ds::parse(row, ops_text, ops_base).map_err(|(c, r)| err(c, &r))?;
        return Ok(Instruction {
            row,
            fields: Fields::Ds(fields),
            literal: None,
        });
    }
    if row.format == Format::Smem {
        let fields = smem::parse_operands(row, ops_text).map_err(|(c, r)| err(ops_base + c, &r))?;
        return Ok(Instruction {
            row,
            fields: Fields::Smem(fields),
            literal: None,
        });
    }
    let shape = salu::shape(row);
    let mut operands = if ops_text.trim().is_empty() {
        Vec::new()
    } else if shape == [Slot::Simm16(ImmStyle::Waitcnt)] {
        let lead = ops_text.len() - ops_text.trim_start().len();
        vec![(ops_base + lead, ops_text.trim())]
    } else {
        split_operands(ops_text, ops_base)
    };
    let optional = shape == [Slot::Simm16(ImmStyle::OptDec)];
    if optional && operands.is_empty() {
        operands.push((body.len(), "0"));
    }
    if operands.len() != shape.len() {
        let col = operands.get(shape.len()).map_or(body.len(), |o| o.0);
        return Err(err(
            col,
            &format!(
                "{} takes {} operand(s), found {}",
                row.mnemonic(),
                shape.len(),
                operands.len()
            ),
        ));
    }
    let mut raw = RawFields::default();
    let (mut sdst, mut ssrc0, mut ssrc1) = (None, None, None);
    let mut literal: Option<u32> = None;
    let mut gpr_idx = None;
    for (slot, &(col, op)) in shape.iter().zip(&operands) {
        let e = |r: Reason| err(col, &format!("`{op}`: {r}"));
        let mut take_literal = |v: Option<u32>| -> Result<(), ParseError> {
            if let Some(v) = v {
                match literal {
                    Some(old) if old != v => {
                        return Err(err(col, "only one literal constant per instruction"))
                    }
                    _ => literal = Some(v),
                }
            }
            Ok(())
        };
        match *slot {
            Slot::Sdst(w) => sdst = Some(ScalarReg::parse(op, w).map_err(e)?),
            Slot::Ssrc0(w) | Slot::Ssrc1(w) => {
                let (s, v) = ScalarSrc::parse(op, w).map_err(e)?;
                take_literal(v)?;
                if matches!(slot, Slot::Ssrc0(_)) {
                    ssrc0 = Some(s);
                } else {
                    ssrc1 = Some(s);
                }
            }
            Slot::GprIdxSsrc1 => {
                gpr_idx = Some(special::gpr_idx_parse(op, 0xff).map_err(e)? as u8);
            }
            Slot::Literal32 => {
                // The value as a 32-bit operand: an integer, an inline float spelling (its
                // binary32 bits, as LLVM prints them) or any 32-bit literal.
                literal = Some(match ScalarSrc::parse(op, 1).map_err(e)? {
                    (ScalarSrc::Int(v), _) => v as i32 as u32,
                    (ScalarSrc::Float(c), _) => c.f32_bits(),
                    (ScalarSrc::Literal, Some(v)) => v,
                    _ => return Err(e("expected a 32-bit constant")),
                });
            }
            Slot::Simm16(style) => {
                let k = match style {
                    ImmStyle::Waitcnt => special::waitcnt_parse(op),
                    ImmStyle::Sendmsg => special::sendmsg_parse(op),
                    ImmStyle::Hwreg => special::hwreg_parse(op),
                    ImmStyle::GprIdx => special::gpr_idx_parse(op, u16::MAX),
                    _ => crate::operand::parse_int(op)
                        .filter(|v| (-(1i64 << 15)..(1i64 << 16)).contains(v))
                        .map(|v| v as u16)
                        .ok_or("expected a 16-bit integer"),
                };
                raw.simm16 = k.map_err(e)?;
            }
        }
    }
    let fields = match row.format {
        Format::Sop2 => Fields::Sop2(Sop2 {
            sdst,
            ssrc0: ssrc0.unwrap_or(ScalarSrc::Int(0)),
            ssrc1: ssrc1.unwrap_or(ScalarSrc::Int(0)),
        }),
        Format::Sopk => Fields::Sopk(Sopk {
            sdst,
            simm16: raw.simm16,
        }),
        Format::Sop1 => Fields::Sop1(Sop1 { sdst, ssrc0 }),
        Format::Sopc => Fields::Sopc(Sopc {
            ssrc0: ssrc0.unwrap_or(ScalarSrc::Int(0)),
            ssrc1: match gpr_idx {
                Some(m) => SopcSrc1::GprIdxMode(m),
                None => SopcSrc1::Src(ssrc1.unwrap_or(ScalarSrc::Int(0))),
            },
        }),
        _ => Fields::Sopp(Sopp { simm16: raw.simm16 }),
    };
    Ok(Instruction {
        row,
        fields,
        literal,
    })
}

#[cfg(test)]
mod tests;
