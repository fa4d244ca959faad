//! R700 microcode formats: each format is a table of fields, bit by bit, as R700 ch.10
//! prints it (`cf.rs`, `alu.rs`, `fetch.rs`, `mem.rs`); decode, encode and print run over
//! those tables here, so a field's position is written once. A test checks that every
//! layout covers each of its dwords exactly once.
//!
//! - Reserved fields must be 0 and enumerations must not hold a value the manual leaves
//!   undefined: decode reports either as a located [`DecodeError`], never a guess.
//! - Text: an instruction prints as its mnemonic followed by its non-zero fields by the
//!   manual's names (`ADDR(4)`, `BARRIER`), except ALU instructions, which print their
//!   operands (`alu.rs`). Design note 0044 has the grammar.

pub mod alu;
pub mod cf;
pub mod fetch;
pub mod mem;

use crate::instructions::{self, Format, Row};
use crate::Target;
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use gpuref_core::isa::{AsmError, RowId};
use std::fmt;

/// What a field may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Any value of its width.
    Int,
    /// One bit, printed bare when set.
    Flag,
    /// An enumeration; the listed values are reserved or undefined in the manual.
    Enum(&'static [u32]),
    /// An ALU source select: 192..=243 are not assigned (R700 §"10.2 ALU Instructions").
    Sel,
    /// The instruction's opcode.
    Opcode,
    /// Must hold this value (VTX_INST = 2, MEM, in the memory formats).
    Fixed(u32),
    /// Reserved: must be 0.
    Reserved,
}

/// One field: its name in the manual, its dword and bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub word: u8,
    pub lo: u8,
    pub width: u8,
    pub kind: Kind,
}

/// Shorthand for the tables.
pub(crate) const fn f(name: &'static str, word: u8, lo: u8, width: u8, kind: Kind) -> Field {
    Field {
        name,
        word,
        lo,
        width,
        kind,
    }
}

impl Field {
    pub const fn mask(&self) -> u32 {
        if self.width >= 32 {
            u32::MAX
        } else {
            (1u32 << self.width) - 1
        }
    }
    pub const fn get(&self, words: &[u32]) -> u32 {
        (words[self.word as usize] >> self.lo) & self.mask()
    }
    pub fn put(&self, words: &mut [u32], v: u32) {
        let w = &mut words[self.word as usize];
        *w = (*w & !(self.mask() << self.lo)) | ((v & self.mask()) << self.lo);
    }
}

/// A microcode format: its name, how many dwords it takes and its fields.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    pub name: &'static str,
    pub words: usize,
    pub fields: &'static [Field],
}

impl Layout {
    pub fn index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
}

/// An encoded instruction: its row and the value of every field of its layout (in the
/// layout's field order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    pub row: RowId,
    pub values: Vec<u32>,
}

impl Encoded {
    pub fn row(&self) -> &'static Row {
        instructions::row(self.row)
    }
    pub fn layout(&self) -> &'static Layout {
        layout_of(self.row())
    }
    /// The value of field `name` (0 when the layout has no such field).
    pub fn get(&self, name: &str) -> u32 {
        self.layout().index(name).map_or(0, |i| self.values[i])
    }
    pub fn set(&mut self, name: &str, v: u32) {
        if let Some(i) = self.layout().index(name) {
            self.values[i] = v;
        }
    }
    /// The dwords.
    pub fn words(&self) -> Vec<u32> {
        let l = self.layout();
        let mut w = vec![0; l.words];
        for (f, &v) in l.fields.iter().zip(&self.values) {
            let v = match f.kind {
                Kind::Opcode => u32::from(self.row().opcode),
                Kind::Fixed(x) => x,
                _ => v,
            };
            f.put(&mut w, v);
        }
        w
    }
}

/// The layout of a row's instructions.
pub fn layout_of(row: &Row) -> &'static Layout {
    match row.format {
        Format::Cf => &cf::CF,
        Format::CfAlu => &cf::CF_ALU,
        Format::CfAllocExport if cf::is_swiz(row) => &cf::CF_ALLOC_EXPORT_SWIZ,
        Format::CfAllocExport => &cf::CF_ALLOC_EXPORT_BUF,
        Format::AluOp2 => &alu::OP2,
        Format::AluOp3 => &alu::OP3,
        Format::Vtx if row.opcode == 1 => &fetch::VTX_SEM,
        Format::Vtx => &fetch::VTX_GPR,
        Format::Tex => &fetch::TEX,
        Format::MemRd => &mem::MEM_RD,
        Format::MemDsw => &mem::MEM_DSW,
        Format::MemDsr => &mem::MEM_DSR,
    }
}

pub(crate) fn err(at: usize, kind: DecodeErrorKind) -> DecodeError {
    DecodeError::new(at, kind)
}

pub(crate) fn illegal(
    at: usize,
    field: &'static str,
    value: u32,
    reason: &'static str,
) -> DecodeError {
    err(
        at,
        DecodeErrorKind::IllegalField {
            field,
            value: u64::from(value),
            reason,
        },
    )
}

pub(crate) fn need(words: &[u32], n: usize) -> Result<(), DecodeError> {
    if words.len() < n {
        return Err(err(
            0,
            DecodeErrorKind::Truncated {
                needed: n,
                available: words.len(),
            },
        ));
    }
    Ok(())
}

pub(crate) fn unknown(format: Format, opcode: u32, target: Target) -> DecodeError {
    err(
        0,
        DecodeErrorKind::UnknownOpcode {
            format: format.name(),
            opcode,
            target: target.name(),
        },
    )
}

/// Why a value is refused, for a field of `kind` (`None`: allowed).
fn refused(kind: Kind, v: u32) -> Option<&'static str> {
    match kind {
        Kind::Reserved if v != 0 => Some("reserved: must be 0 (R700 ch.10)"),
        Kind::Enum(bad) if bad.contains(&v) => {
            Some("reserved or undefined value of this enumeration (R700 ch.10)")
        }
        Kind::Sel if (192..=243).contains(&v) => {
            Some("source selects 192-243 are not assigned (R700 10.2 ALU Instructions)")
        }
        Kind::Fixed(x) if v != x => Some("must hold the MEM escape value (R700 ch.10)"),
        _ => None,
    }
}

/// Read every field of `layout` from `words` (which hold at least `layout.words`), for the
/// row `row`; a reserved or undefined field value is an error at its dword.
pub(crate) fn read(layout: &Layout, row: RowId, words: &[u32]) -> Result<Encoded, DecodeError> {
    let mut values = Vec::with_capacity(layout.fields.len());
    for f in layout.fields {
        let v = f.get(words);
        if let Some(why) = refused(f.kind, v) {
            return Err(illegal(f.word as usize, f.name, v, why));
        }
        values.push(v);
    }
    Ok(Encoded { row, values })
}

/// Print the fields of `e` the generic way: ` NAME(v)` for each non-zero field that is not
/// the opcode, a fixed value or reserved; a set flag as ` NAME`.
pub(crate) fn print_fields(e: &Encoded, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (fd, &v) in e.layout().fields.iter().zip(&e.values) {
        if v == 0 {
            continue;
        }
        match fd.kind {
            Kind::Opcode | Kind::Fixed(_) | Kind::Reserved => {}
            Kind::Flag => write!(f, " {}", fd.name)?,
            _ => write!(f, " {}({v})", fd.name)?,
        }
    }
    Ok(())
}

/// A number in decimal or `0x` hex.
pub(crate) fn number(s: &str) -> Option<u32> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) if !h.is_empty() => u32::from_str_radix(h, 16).ok(),
        _ if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => s.parse().ok(),
        _ => None,
    }
}

/// Whitespace-separated tokens of `text` with their byte offsets.
pub(crate) fn tokens(text: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((base + s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn asm_err(at: usize, reason: String) -> AsmError {
    AsmError {
        column: at + 1,
        reason,
    }
}

/// Set fields of `e` from generic tokens `NAME(v)` / `NAME` (CF and fetch instructions).
pub(crate) fn parse_fields(e: &mut Encoded, toks: &[(usize, &str)]) -> Result<(), AsmError> {
    let layout = e.layout();
    let mut seen = vec![false; layout.fields.len()];
    for &(at, tok) in toks {
        let (name, val) = match tok.split_once('(') {
            Some((n, rest)) => {
                let v = rest
                    .strip_suffix(')')
                    .ok_or_else(|| asm_err(at, format!("`{tok}`: expected NAME(value)")))?;
                (n, Some(v))
            }
            None => (tok, None),
        };
        let i = layout
            .index(name)
            .filter(|&i| {
                !matches!(
                    layout.fields[i].kind,
                    Kind::Opcode | Kind::Fixed(_) | Kind::Reserved
                )
            })
            .ok_or_else(|| {
                asm_err(
                    at,
                    format!(
                        "`{name}` is not a field of {} ({})",
                        layout.name,
                        e.row().mnemonic
                    ),
                )
            })?;
        let fd = &layout.fields[i];
        if seen[i] {
            return Err(asm_err(at, format!("`{name}` given twice")));
        }
        seen[i] = true;
        let v = match (fd.kind, val) {
            (Kind::Flag, None) => 1,
            (Kind::Flag, Some(_)) => {
                return Err(asm_err(at, format!("`{name}` is a flag: write it bare")))
            }
            (_, None) => return Err(asm_err(at, format!("`{name}` needs a value: {name}(N)"))),
            (_, Some(v)) => number(v)
                .ok_or_else(|| asm_err(at, format!("`{v}` is not a decimal or 0x hex number")))?,
        };
        if v > fd.mask() {
            return Err(asm_err(
                at,
                format!("{name}({v}) does not fit in {} bits", fd.width),
            ));
        }
        if let Some(why) = refused(fd.kind, v) {
            return Err(asm_err(at, format!("{name}({v}): {why}")));
        }
        e.values[i] = v;
    }
    Ok(())
}

/// A fresh instruction of `row` with every field 0.
pub fn blank(row: RowId) -> Encoded {
    let r = instructions::row(row);
    let values = layout_of(r)
        .fields
        .iter()
        .map(|f| match f.kind {
            Kind::Opcode => u32::from(r.opcode),
            Kind::Fixed(x) => x,
            _ => 0,
        })
        .collect();
    Encoded { row, values }
}

#[cfg(test)]
pub(crate) mod tests;
