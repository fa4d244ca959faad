//! gpuref-example-isa: a five-instruction ISA written to prove the ISA seam end to end and
//! to serve as the worked example of docs/guides/adding-an-isa.md. It is not a real
//! machine: its "manual" is the table below, cited as that guide.
//!
//! One target, `ex1`. 32 registers `r0`–`r31` of 32 bits. Instructions are one 32-bit word
//! (`li` takes a second word, its literal):
//!
//! | bits 31:26 | mnemonic | operation |
//! |---|---|---|
//! | 1 | `add rD, rA, rB` | D = A + B (modulo 2^32) |
//! | 2 | `sub rD, rA, rB` | D = A − B (modulo 2^32) |
//! | 3 | `mulhi rD, rA, rB` | D = bits 63:32 of the unsigned product A × B |
//! | 4 | `divu rD, rA, rB` | D = A / B unsigned, truncated; B = 0 leaves D open (rule `example.divu.by_zero`) |
//! | 5 | `li rD, IMM` | D = IMM (the second word) |
//!
//! Fields: rD bits 25:21, rA bits 20:16, rB bits 15:11; every other bit is 0 (and so are
//! rA and rB of `li`).
//!
//! - [`formats`]-like layout, decode, encode, print and parse sit together in this file's
//!   [`Instruction`] (one format);
//! - [`ROWS`] is the row table (typed identity: [`RowId`] is the index);
//! - [`execute`] gives the semantics, reporting open results with [`Accept`].

#![forbid(unsafe_code)]

use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use gpuref_core::isa::{AsmError, Isa, IsaInfo, RowId, RowInfo, Semantics, TargetInfo};
use gpuref_core::open::Accept;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use std::fmt;

/// Where every row and rule of the example cites its "manual".
pub const MANUAL: SpecRef = SpecRef::new(Spec::Gpuref, "docs/guides/adding-an-isa.md");

/// The one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Ex1,
}

pub const INFO: IsaInfo = IsaInfo {
    name: "example",
    title: "the example ISA of docs/guides/adding-an-isa.md",
    targets: &[TargetInfo {
        name: "ex1",
        title: "example target",
        manual: Spec::Gpuref,
    }],
    syntax: "`add r1, r2, r3`",
};

/// What a row computes: the row says which kernel gives it its semantics, so execution
/// never compares mnemonics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    MulHi,
    DivU,
    Li,
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub mnemonic: &'static str,
    pub opcode: u8,
    /// How many dwords the instruction takes.
    pub words: usize,
    pub op: Op,
}

#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    Row { mnemonic: "add",   opcode: 1, words: 1, op: Op::Add },
    Row { mnemonic: "sub",   opcode: 2, words: 1, op: Op::Sub },
    Row { mnemonic: "mulhi", opcode: 3, words: 1, op: Op::MulHi },
    Row { mnemonic: "divu",  opcode: 4, words: 1, op: Op::DivU },
    Row { mnemonic: "li",    opcode: 5, words: 2, op: Op::Li },
];

/// The rules of the example.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "example.divu.by_zero", status: Status::Unspecified, cites: &[MANUAL],
        statement: "DIVU by zero leaves the destination open: any 32-bit value is allowed" },
];

/// A decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub row: RowId,
    pub rd: u8,
    pub ra: u8,
    pub rb: u8,
    /// The literal of `li`.
    pub imm: u32,
}

impl Instruction {
    pub fn row(&self) -> &'static Row {
        &ROWS[self.row.index()]
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.row().mnemonic;
        if self.row().op == Op::Li {
            write!(f, "li r{}, {:#x}", self.rd, self.imm)
        } else {
            write!(f, "{m} r{}, r{}, r{}", self.rd, self.ra, self.rb)
        }
    }
}

fn illegal(field: &'static str, value: u64, reason: &'static str) -> DecodeError {
    DecodeError::new(
        0,
        DecodeErrorKind::IllegalField {
            field,
            value,
            reason,
        },
    )
}

/// Decode the instruction at the start of `words`.
pub fn decode(words: &[u32]) -> Result<(Instruction, usize), DecodeError> {
    let &w = words.first().ok_or(DecodeError::new(
        0,
        DecodeErrorKind::Truncated {
            needed: 1,
            available: 0,
        },
    ))?;
    let opcode = (w >> 26) as u8;
    let id = ROWS
        .iter()
        .position(|r| r.opcode == opcode)
        .ok_or(DecodeError::new(
            0,
            DecodeErrorKind::UnknownOpcode {
                format: "EX",
                opcode: u32::from(opcode),
                target: "ex1",
            },
        ))?;
    let row = &ROWS[id];
    if words.len() < row.words {
        return Err(DecodeError::new(
            0,
            DecodeErrorKind::Truncated {
                needed: row.words,
                available: words.len(),
            },
        ));
    }
    let (rd, ra, rb) = (
        (w >> 21) as u8 & 31,
        (w >> 16) as u8 & 31,
        (w >> 11) as u8 & 31,
    );
    if w & 0x7ff != 0 {
        return Err(illegal("bits 10:0", u64::from(w & 0x7ff), "must be 0"));
    }
    let imm = if row.words == 2 {
        if ra != 0 || rb != 0 {
            return Err(illegal(
                "rA/rB of li",
                u64::from(w >> 11 & 0x3ff),
                "must be 0",
            ));
        }
        words[1]
    } else {
        0
    };
    let inst = Instruction {
        row: RowId(id as u16),
        rd,
        ra,
        rb,
        imm,
    };
    Ok((inst, row.words))
}

/// The instruction's words.
pub fn encode(inst: &Instruction) -> Vec<u32> {
    let row = inst.row();
    let w = u32::from(row.opcode) << 26
        | u32::from(inst.rd) << 21
        | u32::from(inst.ra) << 16
        | u32::from(inst.rb) << 11;
    if row.words == 2 {
        vec![w, inst.imm]
    } else {
        vec![w]
    }
}

/// Parse `MNEMONIC OPERAND, …`; errors carry the 1-based byte column.
pub fn parse(text: &str) -> Result<Instruction, AsmError> {
    let err = |at: usize, reason: String| AsmError {
        column: at + 1,
        reason,
    };
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    let m_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let mnemonic = &rest[..m_len];
    let id = ROWS
        .iter()
        .position(|r| r.mnemonic == mnemonic)
        .ok_or_else(|| err(start, format!("unknown mnemonic `{mnemonic}`")))?;
    let row = &ROWS[id];
    let mut operands = Vec::new();
    let mut at = start + m_len;
    for part in text[at..].split(',') {
        let col = at + (part.len() - part.trim_start().len());
        operands.push((col, part.trim()));
        at += part.len() + 1;
    }
    let want = if row.words == 2 { 2 } else { 3 };
    if operands.len() != want || operands.iter().any(|(_, o)| o.is_empty()) {
        return Err(err(
            start,
            format!("`{mnemonic}` takes {want} operands separated by commas"),
        ));
    }
    let reg = |(col, o): (usize, &str)| -> Result<u8, AsmError> {
        o.strip_prefix('r')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| *n < 32)
            .ok_or_else(|| err(col, format!("`{o}` is not a register r0..r31")))
    };
    let rd = reg(operands[0])?;
    let (ra, rb, imm) = if row.words == 2 {
        let (col, o) = operands[1];
        let v = match o.strip_prefix("0x") {
            Some(h) => u32::from_str_radix(h, 16).ok(),
            None => o.parse::<u32>().ok(),
        }
        .ok_or_else(|| err(col, format!("`{o}` is not a 32-bit hex or decimal value")))?;
        (0, 0, v)
    } else {
        (reg(operands[1])?, reg(operands[2])?, 0)
    };
    Ok(Instruction {
        row: RowId(id as u16),
        rd,
        ra,
        rb,
        imm,
    })
}

/// The state an instruction runs on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub r: [u32; 32],
    /// Registers whose value the last instruction left open: register, what is accepted,
    /// the rule. The register holds gpuref's own choice.
    pub open: Vec<(u8, Accept, &'static str)>,
}

/// Execute one instruction.
pub fn execute(s: &mut State, inst: &Instruction) {
    s.open.clear();
    let (a, b) = (s.r[inst.ra as usize], s.r[inst.rb as usize]);
    let d = match inst.row().mnemonic {
        "add" => a.wrapping_add(b),
        "sub" => a.wrapping_sub(b),
        "mulhi" => ((u64::from(a) * u64::from(b)) >> 32) as u32,
        "divu" => match a.checked_div(b) {
            Some(q) => q,
            None => {
                s.open
                    .push((inst.rd, Accept::Mask(0), "example.divu.by_zero"));
                0
            }
        },
        _ => inst.imm,
    };
    s.r[inst.rd as usize] = d;
}

/// The example ISA through the seam.
pub struct Example;

impl Isa for Example {
    type Target = Target;
    type Instruction = Instruction;

    const INFO: &'static IsaInfo = &INFO;

    fn target(name: &str) -> Option<Target> {
        (name == "ex1").then_some(Target::Ex1)
    }

    fn decode(_: Target, words: &[u32]) -> Result<(Instruction, usize), DecodeError> {
        decode(words)
    }

    fn encode(inst: &Instruction) -> Vec<u32> {
        encode(inst)
    }

    fn parse(_: Target, text: &str) -> Result<Instruction, AsmError> {
        parse(text)
    }

    fn row_of(inst: &Instruction) -> RowId {
        inst.row
    }

    fn rows(_: Target) -> Vec<RowInfo> {
        ROWS.iter()
            .enumerate()
            .map(|(i, r)| RowInfo {
                id: RowId(i as u16),
                mnemonic: r.mnemonic.to_string(),
                format: "EX",
                opcode: u32::from(r.opcode),
                cites: &[MANUAL],
                semantics: Semantics::ScalarKernel,
            })
            .collect()
    }

    fn rules() -> Vec<&'static Rule> {
        RULES.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_typed_from_the_table_decode_and_print() {
        // add r1, r2, r3: 000001 00001 00010 00011 00000000000
        let (i, n) = decode(&[0x0422_1800]).unwrap();
        assert_eq!((i.to_string(), n), ("add r1, r2, r3".to_string(), 1));
        // li r31, 0xdeadbeef: 000101 11111 ...
        let (i, n) = decode(&[0x17e0_0000, 0xdead_beef]).unwrap();
        assert_eq!((i.to_string(), n), ("li r31, 0xdeadbeef".to_string(), 2));
        assert_eq!(
            encode(&parse("divu r0, r31, r1").unwrap()),
            vec![0x101f_0800]
        );
    }

    #[test]
    fn bad_words_and_text_are_located() {
        assert!(matches!(
            decode(&[0]).unwrap_err().kind,
            DecodeErrorKind::UnknownOpcode { opcode: 0, .. }
        ));
        assert!(matches!(
            decode(&[0x0422_1801]).unwrap_err().kind,
            DecodeErrorKind::IllegalField { .. }
        ));
        assert!(matches!(
            decode(&[0x17e0_0000]).unwrap_err().kind,
            DecodeErrorKind::Truncated {
                needed: 2,
                available: 1
            }
        ));
        assert_eq!(parse("add r1, r2, r32").unwrap_err().column, 13);
        assert_eq!(parse("  mul r1, r2, r3").unwrap_err().column, 3);
        assert!(parse("add r1, r2").is_err());
    }

    #[test]
    fn semantics_typed_from_the_table() {
        let mut s = State::default();
        s.r[2] = 0xffff_ffff;
        s.r[3] = 2;
        execute(&mut s, &parse("add r1, r2, r3").unwrap());
        assert_eq!(s.r[1], 1);
        execute(&mut s, &parse("sub r4, r3, r2").unwrap());
        assert_eq!(s.r[4], 3);
        execute(&mut s, &parse("mulhi r5, r2, r2").unwrap());
        assert_eq!(s.r[5], 0xffff_fffe);
        execute(&mut s, &parse("divu r6, r2, r3").unwrap());
        assert_eq!((s.r[6], s.open.len()), (0x7fff_ffff, 0));
        execute(&mut s, &parse("divu r6, r2, r0").unwrap());
        assert_eq!(s.open, vec![(6, Accept::Mask(0), "example.divu.by_zero")]);
    }
}
