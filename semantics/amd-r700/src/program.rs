//! Programs: an R700 program image is a CF program at dword 0 (one 64-bit CF instruction
//! after another, up to the one with END_OF_PROGRAM) whose clause-initiation instructions
//! name ALU clauses (64-bit slots) and fetch clauses (128-bit instructions) at later
//! addresses (R700 §"2.4 Instruction Types and Grouping", §"3.3 Clause-Initiation
//! Instructions").
//!
//! [`decode`] walks the CF program, then decodes every clause it names in address order;
//! dwords between the CF program and the clauses, or between clauses (alignment padding),
//! become [`Unit::Data`], so every image prints and re-encodes exactly. [`Unit`] is one line
//! of text: a CF instruction, an ALU instruction, an ALU literal slot, a fetch instruction
//! or data; each parses without context (design note 0044).

use crate::formats::cf::Clause;
use crate::formats::{
    self, alu, asm_err, cf, illegal, mem, need, number, read, tokens, unknown, Encoded,
};
use crate::instructions::{self, Format};
use crate::Target;
use gpuref_core::decode::DecodeError;
use gpuref_core::isa::AsmError;
use std::fmt;

/// One line of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A CF instruction (CF_WORD, CF_ALU_WORD or CF_ALLOC_EXPORT_WORD pair).
    Cf(Encoded),
    /// One ALU instruction (64 bits).
    Alu(Encoded),
    /// One literal slot of an ALU group: literal X then Y, or Z then W (64 bits).
    Literal([u32; 2]),
    /// One fetch-clause instruction (VTX, TEX, MEM_RD, MEM_DSW, MEM_DSR; 128 bits).
    Fetch(Encoded),
    /// Dwords that belong to no instruction (padding between clauses).
    Data(Vec<u32>),
}

impl Unit {
    pub fn words(&self) -> Vec<u32> {
        match self {
            Unit::Cf(e) | Unit::Alu(e) | Unit::Fetch(e) => e.words(),
            Unit::Literal(w) => w.to_vec(),
            Unit::Data(w) => w.clone(),
        }
    }

    /// The instruction's encoded fields, for CF, ALU and fetch units.
    pub fn encoded(&self) -> Option<&Encoded> {
        match self {
            Unit::Cf(e) | Unit::Alu(e) | Unit::Fetch(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Cf(e) => cf::print(e, f),
            Unit::Alu(e) => alu::print(e, f),
            Unit::Fetch(e) => {
                f.write_str(e.row().mnemonic)?;
                formats::print_fields(e, f)
            }
            Unit::Literal([a, b]) => write!(f, "LITERAL {a:#010x} {b:#010x}"),
            Unit::Data(w) => {
                f.write_str("DATA")?;
                for x in w {
                    write!(f, " {x:#010x}")?;
                }
                Ok(())
            }
        }
    }
}

/// Decode the fetch-clause instruction at the start of `words`, in a clause of `kind`.
pub fn decode_fetch(target: Target, kind: Clause, words: &[u32]) -> Result<Encoded, DecodeError> {
    need(words, 4)?;
    let inst = words[0] & 0x1f;
    let row = if inst == 2 {
        let op = words[0] >> 8 & 7;
        [Format::MemRd, Format::MemDsw, Format::MemDsr]
            .iter()
            .find_map(|&fm| instructions::find(target, fm, op))
            .ok_or_else(|| unknown(Format::MemRd, op, target))?
    } else {
        let fm = if kind == Clause::Tex {
            Format::Tex
        } else {
            Format::Vtx
        };
        instructions::find(target, fm, inst).ok_or_else(|| unknown(fm, inst, target))?
    };
    let e = read(formats::layout_of(instructions::row(row)), row, words)?;
    if e.row().format == Format::MemRd && !mem::burst_allowed(target, e.get("BURST_CNT")) {
        return Err(illegal(
            0,
            "BURST_CNT",
            e.get("BURST_CNT"),
            mem::NO_BURST_ON_RV770,
        ));
    }
    Ok(e)
}

/// Parse one line of program text.
pub fn parse_unit(target: Target, text: &str) -> Result<Unit, AsmError> {
    let toks = tokens(text, 0);
    let Some(&(at, first)) = toks.first() else {
        return Err(asm_err(0, "empty line: expected an instruction".into()));
    };
    if first == "LITERAL" || first == "DATA" {
        let mut w = Vec::new();
        for &(a, t) in &toks[1..] {
            w.push(number(t).ok_or_else(|| {
                asm_err(a, format!("`{t}` is not a 32-bit decimal or 0x hex dword"))
            })?);
        }
        return match (first, w.len()) {
            ("LITERAL", 2) => Ok(Unit::Literal([w[0], w[1]])),
            ("LITERAL", _) => Err(asm_err(
                at,
                "LITERAL takes two dwords (X and Y, or Z and W)".into(),
            )),
            (_, 0) => Err(asm_err(at, "DATA takes one or more dwords".into())),
            _ => Ok(Unit::Data(w)),
        };
    }
    if let Some(e) = alu::parse(target, text, 0)? {
        return Ok(Unit::Alu(e));
    }
    if let Some(e) = cf::parse(target, text, 0)? {
        return Ok(Unit::Cf(e));
    }
    let fetch = [
        Format::Vtx,
        Format::Tex,
        Format::MemRd,
        Format::MemDsw,
        Format::MemDsr,
    ];
    let row = instructions::by_name(target, &fetch, first).ok_or_else(|| {
        asm_err(
            at,
            format!(
                "unknown R700 instruction `{first}` on {} (an ALU line starts with its slot, `x:`)",
                target.name()
            ),
        )
    })?;
    let mut e = formats::blank(row);
    formats::parse_fields(&mut e, &toks[1..])?;
    if e.row().format == Format::MemRd && !mem::burst_allowed(target, e.get("BURST_CNT")) {
        let at = toks
            .iter()
            .find(|(_, t)| t.starts_with("BURST_CNT"))
            .map_or(at, |x| x.0);
        return Err(asm_err(at, mem::NO_BURST_ON_RV770.into()));
    }
    Ok(Unit::Fetch(e))
}

/// A decoded program (or, parsed from text, any sequence of units).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub units: Vec<Unit>,
}

impl Program {
    pub fn words(&self) -> Vec<u32> {
        self.units.iter().flat_map(Unit::words).collect()
    }

    /// Each unit with its dword offset.
    pub fn with_offsets(&self) -> Vec<(usize, &Unit)> {
        let mut at = 0;
        self.units
            .iter()
            .map(|u| {
                let here = at;
                at += u.words().len();
                (here, u)
            })
            .collect()
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, u) in self.units.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{u}")?;
        }
        Ok(())
    }
}

/// Parse program text: one unit per line (blank lines skipped); an error names its line.
pub fn parse(target: Target, text: &str) -> Result<Program, AsmError> {
    let mut units = Vec::new();
    let lines: Vec<&str> = text.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        units.push(parse_unit(target, line).map_err(|e| {
            if lines.len() > 1 {
                AsmError {
                    column: e.column,
                    reason: format!("line {}: {}", i + 1, e.reason),
                }
            } else {
                e
            }
        })?);
    }
    if units.is_empty() {
        return Err(asm_err(0, "expected an instruction".into()));
    }
    Ok(Program { units })
}

/// Whether row `id`'s instruction (every field 0 but its opcode) decodes to the row,
/// re-encodes to the same words and its text parses back to them on `target`: what
/// `gpuref coverage` counts as decoded.
pub fn row_roundtrips(target: Target, id: gpuref_core::isa::RowId) -> bool {
    let row = instructions::row(id);
    if !row.on(target) {
        return false;
    }
    let w = formats::blank(id).words();
    let unit = match row.format {
        Format::Cf | Format::CfAlu | Format::CfAllocExport => cf::decode(target, &w).map(Unit::Cf),
        Format::AluOp2 | Format::AluOp3 => alu::decode(target, &w).map(Unit::Alu),
        Format::Vtx => decode_fetch(target, Clause::Vtx, &w).map(Unit::Fetch),
        _ => decode_fetch(target, Clause::Tex, &w).map(Unit::Fetch),
    };
    unit.is_ok_and(|u| {
        u.encoded().map(|e| e.row) == Some(id)
            && u.words() == w
            && parse_unit(target, &u.to_string()).is_ok_and(|p| p.words() == w)
    })
}

fn at(e: DecodeError, base: usize) -> DecodeError {
    DecodeError::new(e.offset_words + base, e.kind)
}

/// Decode the program image at the start of `words`: the program and how many dwords it
/// spans (up to the end of its last clause).
pub fn decode(target: Target, words: &[u32]) -> Result<(Program, usize), DecodeError> {
    let mut units = Vec::new();
    let mut clauses: Vec<(usize, usize, Clause, usize)> = Vec::new(); // start, len, kind, CF dword
    let mut pos = 0;
    loop {
        if pos + 2 > words.len() {
            return Err(illegal(
                pos,
                "END_OF_PROGRAM",
                0,
                "the CF program runs past the end of the image without an instruction with END_OF_PROGRAM (R700 3.2 Summary of Fields in CF Microcode Formats)",
            ));
        }
        let e = cf::decode(target, &words[pos..]).map_err(|e| at(e, pos))?;
        if let Some((kind, start, len)) = cf::clause(&e) {
            if kind != Clause::Alu && start % 4 != 0 {
                return Err(illegal(pos, "ADDR", e.get("ADDR"), "texture and vertex clauses must start on 16-byte aligned addresses: ADDR must be even (R700 10.1 Control Flow (CF) Instructions)"));
            }
            clauses.push((start, len, kind, pos));
        }
        let end = cf::ends_program(&e);
        units.push(Unit::Cf(e));
        pos += 2;
        if end {
            break;
        }
    }
    let cf_end = pos;
    clauses.sort_by_key(|c| (c.0, c.1));
    clauses.dedup_by_key(|c| (c.0, c.1, c.2));
    let mut cursor = cf_end;
    for &(start, len, kind, cf_at) in &clauses {
        if start < cf_end {
            return Err(illegal(cf_at, "ADDR", (start / 2) as u32, "the clause starts inside the CF program: clauses follow all CF instructions (R700 2.4 Instruction Types and Grouping)"));
        }
        if start + len > words.len() {
            return Err(illegal(cf_at, "ADDR", (start / 2) as u32, "the clause runs past the end of the image (its ADDR and COUNT name dwords that are not there)"));
        }
        if start < cursor {
            return Err(illegal(
                cf_at,
                "ADDR",
                (start / 2) as u32,
                "the clause overlaps an earlier one",
            ));
        }
        if start > cursor {
            units.push(Unit::Data(words[cursor..start].to_vec()));
        }
        match kind {
            Clause::Alu => decode_alu_clause(target, words, start, start + len, &mut units)?,
            _ => {
                for i in (start..start + len).step_by(4) {
                    let e = decode_fetch(target, kind, &words[i..]).map_err(|e| at(e, i))?;
                    units.push(Unit::Fetch(e));
                }
            }
        }
        cursor = start + len;
    }
    Ok((Program { units }, cursor))
}

/// Decode the ALU clause in `words[start..end]`: instruction groups of one to five
/// instructions ending at LAST, each followed by the literal slots its sources select
/// (R700 §"4.3 ALU Instruction Slots and Instruction Groups").
fn decode_alu_clause(
    target: Target,
    words: &[u32],
    start: usize,
    end: usize,
    units: &mut Vec<Unit>,
) -> Result<(), DecodeError> {
    let (mut pos, mut in_group, mut literals) = (start, 0usize, 0usize);
    while pos < end {
        let e = alu::decode(target, &words[pos..end]).map_err(|e| at(e, pos))?;
        in_group += 1;
        if in_group > 5 {
            return Err(illegal(pos, "LAST", 0, "an instruction group holds one to five instructions: the fifth before this one lacks LAST (R700 4.3 ALU Instruction Slots and Instruction Groups)"));
        }
        literals = literals.max(alu::literal_slots(&e));
        let last = e.get("LAST") == 1;
        units.push(Unit::Alu(e));
        pos += 2;
        if last {
            for _ in 0..literals {
                if pos + 2 > end {
                    return Err(illegal(pos - 2, "SRC_SEL", alu::LITERAL, "a literal slot the group selects lies past the end of the ALU clause (R700 4.3 ALU Instruction Slots and Instruction Groups)"));
                }
                units.push(Unit::Literal([words[pos], words[pos + 1]]));
                pos += 2;
            }
            in_group = 0;
            literals = 0;
        } else if pos >= end {
            return Err(illegal(pos - 2, "LAST", 0, "the ALU clause ends inside an instruction group: its last instruction lacks LAST (R700 4.3 ALU Instruction Slots and Instruction Groups)"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
