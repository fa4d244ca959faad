//! SMEM, the scalar memory format: bit layout, operand shape of every row, decode, encode,
//! print and parse in LLVM's syntax. Decisions where the manual and LLVM 14 differ:
//! docs/design/0009-gcn5-smem-encodings.md.
//!
//! Layout (Vega manual, "Microcode Formats", Table "SMEM Fields"; MI100 the same, checked
//! against LLVM): SBASE[5:0] SDATA[12:6] SOE[14] NV[15] GLC[16] IMM[17] OP[25:18]
//! ENCODING[31:26]=110000, then OFFSET[52:32] SOFFSET[63:57]. Bit 13 and bits 56:53 are not
//! identified and so reserved: they must be zero.
//!
//! Offset forms ("Scalar Memory Operations", "Scalar Memory Addressing"):
//!
//! | IMM | SOE | address | LLVM text |
//! |---|---|---|---|
//! | 0 | 0 | base + SGPR[OFFSET[6:0]] | `sN` (OFFSET[20:7] must be zero) |
//! | 0 | 1 | base + SGPR[SOFFSET] | `sN` (OFFSET must be zero); the text parses to IMM=0 SOE=0 |
//! | 1 | 0 | base + OFFSET | `0x10`, `-0x10` |
//! | 1 | 1 | base + OFFSET + SGPR[SOFFSET] | `sN offset:0x10` (LLVM 14 has no syntax) |
//!
//! The immediate is 21-bit signed except for the S_BUFFER_* rows, whose 20-bit unsigned
//! offset must leave bit 20 clear (Table "SMEM Fields": "Signed offsets only work with
//! S_LOAD/STORE"; "SMEM Encoding Field Descriptions": "20-bit unsigned byte offset").

use super::shared::{push_sreg, PerRow};
use super::{illegal, UNUSED};
use crate::instructions::Row;
use crate::operand::{parse_int, Reason, ScalarReg};
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use std::fmt::Write as _;

/// The SMEM ENCODING value, bits 31:26.
pub const ENCODING: u32 = 0b11_0000;

/// Whether the first dword is an SMEM instruction.
pub const fn is_smem(word: u32) -> bool {
    word >> 26 == ENCODING
}

/// The address offset of an SMEM instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmemOffset {
    /// The row has no address (S_DCACHE_INV, S_MEMTIME, ...): IMM = SOE = 0, fields zero.
    None,
    /// IMM=1, SOE=0: the immediate (sign-extended from 21 bits, or 20-bit unsigned).
    Imm(i32),
    /// IMM=0, SOE=0: OFFSET[6:0] names the register.
    Reg(ScalarReg),
    /// IMM=1, SOE=1: SOFFSET plus the immediate.
    RegImm(ScalarReg, i32),
    /// IMM=0, SOE=1: SOFFSET names the register (OFFSET is zero). Prints as [`Reg`]
    /// does, so its text parses to the `Reg` encoding (LLVM has no syntax for this form;
    /// later versions disassemble it the same way).
    ///
    /// [`Reg`]: SmemOffset::Reg
    Soffset(ScalarReg),
}

/// SMEM fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Smem {
    /// The SDATA field: the first data register's code, or for S_ATC_PROBE* the 7-bit
    /// probe immediate; zero when the row has no data operand.
    pub sdata: u8,
    /// The SBASE field: the base register's code divided by two.
    pub sbase: u8,
    pub offset: SmemOffset,
    pub glc: bool,
    pub nv: bool,
}

/// What SDATA holds for a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Data {
    None,
    /// Registers, this many dwords.
    Regs(u32),
    /// S_ATC_PROBE / S_ATC_PROBE_BUFFER: a 7-bit immediate.
    Probe,
}

/// The operand shape of an SMEM row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub data: Data,
    /// Dwords of the base operand: 0 (none), 2 (address pair) or 4 (buffer V#).
    pub base: u32,
    /// The offset may only be an immediate or M0 (stores and atomics).
    pub imm_or_m0: bool,
    /// The row takes GLC.
    pub glc: bool,
}

/// The shape of a row, from its name (Vega "SMEM Instructions" and "Scalar Memory
/// Operations"): loads 1-16 dwords, stores 1-4, atomics 1 or 2 (CMPSWAP twice that), the
/// cache controls nothing, S_MEMTIME/S_MEMREALTIME a 64-bit destination.
pub fn shape(row: &Row) -> Shape {
    static SHAPES: PerRow<Shape> = PerRow::new(compute_shape);
    *SHAPES.get(row)
}

/// [`shape`], computed (once per row).
fn compute_shape(row: &Row) -> Shape {
    let n = row.name;
    let width = |s: &str| {
        if s.ends_with("X16") {
            16
        } else if s.ends_with("X8") {
            8
        } else if s.ends_with("X4") {
            4
        } else if s.ends_with("X2") {
            2
        } else {
            1
        }
    };
    let base = if n.starts_with("S_BUFFER_") || n == "S_ATC_PROBE_BUFFER" {
        4
    } else {
        2
    };
    if n.starts_with("S_DCACHE_INV") || n.starts_with("S_DCACHE_WB") {
        return Shape {
            data: Data::None,
            base: 0,
            imm_or_m0: false,
            glc: false,
        };
    }
    if n == "S_MEMTIME" || n == "S_MEMREALTIME" {
        return Shape {
            data: Data::Regs(2),
            base: 0,
            imm_or_m0: false,
            glc: false,
        };
    }
    if n.starts_with("S_ATC_PROBE") {
        return Shape {
            data: Data::Probe,
            base,
            imm_or_m0: false,
            glc: false,
        };
    }
    if n.starts_with("S_DCACHE_DISCARD") {
        return Shape {
            data: Data::None,
            base: 2,
            imm_or_m0: false,
            glc: false,
        };
    }
    let atomic = n.contains("ATOMIC");
    let store = n.contains("STORE");
    let mut w = width(n);
    if atomic && n.contains("CMPSWAP") {
        w *= 2;
    }
    Shape {
        data: Data::Regs(w),
        base,
        imm_or_m0: atomic || store,
        glc: true,
    }
}

/// Whether `code` can start an SDATA operand of `dwords` dwords (Vega "SMEM Encoding Field
/// Descriptions": "SDATA must be: SGPR or VCC. Not: exec or m0"; two dwords need an even
/// register, four or more a multiple of four; trap temporaries are accepted as LLVM does).
pub fn check_data(code: u8, dwords: u32) -> Result<ScalarReg, Reason> {
    let reg = ScalarReg::from_code(code)?;
    let (index, count) = match reg {
        ScalarReg::Sgpr(s) => (u32::from(s.0), 102),
        ScalarReg::Ttmp(t) => (u32::from(t.0), 16),
        ScalarReg::VccLo => (0, 2),
        ScalarReg::VccHi => (1, 2),
        _ => return Err("SDATA must be an SGPR, VCC or a trap temporary (not exec, m0, flat_scratch, xnack_mask)"),
    };
    check_range(index, count, dwords)?;
    Ok(reg)
}

fn check_range(index: u32, count: u32, dwords: u32) -> Result<(), Reason> {
    let align = dwords.min(4);
    if !index.is_multiple_of(align) {
        return Err(if align == 2 {
            "a 2-dword operand needs an even register (rule gcn5.asm.sgpr_align: Vega \"SGPR Alignment\")"
        } else {
            "an operand of 4 or more dwords needs a register that is a multiple of 4 (rule gcn5.asm.sgpr_align: Vega \"SGPR Alignment\")"
        });
    }
    if index + dwords > count {
        return Err("the register range runs past the end of its register file");
    }
    Ok(())
}

/// The base register of SBASE for a base of `dwords` (2: any register pair, as for a 64-bit
/// scalar operand; 4: an SGPR or TTMP quad, Vega "Alignment and Bounds Checking": "SBASE
/// must be even for S_BUFFER_LOAD").
pub fn check_base(sbase: u8, dwords: u32) -> Result<ScalarReg, Reason> {
    let reg = ScalarReg::from_code(sbase.wrapping_mul(2))?;
    reg.check_width(2)?;
    if dwords == 4 {
        match reg {
            ScalarReg::Sgpr(s) => check_range(u32::from(s.0), 102, 4)?,
            ScalarReg::Ttmp(t) => check_range(u32::from(t.0), 16, 4)?,
            _ => return Err("a buffer resource is an SGPR or TTMP quad"),
        }
    }
    Ok(reg)
}

/// LLVM's name for `dwords` registers starting at `reg`.
pub fn reg_text(reg: ScalarReg, dwords: u32) -> String {
    match (reg, dwords) {
        (_, 1 | 2) => reg.display(dwords),
        (ScalarReg::Sgpr(s), n) => format!("s[{}:{}]", s.0, u32::from(s.0) + n - 1),
        (ScalarReg::Ttmp(t), n) => format!("ttmp[{}:{}]", t.0, u32::from(t.0) + n - 1),
        _ => format!("<{dwords} dwords at {}>", reg.code()),
    }
}

fn parse_regs(text: &str, dwords: u32) -> Result<ScalarReg, Reason> {
    if dwords <= 2 {
        return ScalarReg::parse(text, dwords);
    }
    let (rest, make, count): (&str, fn(u8) -> ScalarReg, u32) =
        if let Some(r) = text.strip_prefix("ttmp") {
            (r, |n| ScalarReg::Ttmp(crate::operand::Ttmp(n)), 16)
        } else if let Some(r) = text.strip_prefix('s') {
            (r, |n| ScalarReg::Sgpr(crate::operand::Sgpr(n)), 102)
        } else {
            return Err("expected s[lo:hi] or ttmp[lo:hi]");
        };
    let inner = rest
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or("expected a register range [lo:hi]")?;
    let (a, b) = inner.split_once(':').ok_or("expected [lo:hi]")?;
    let num = |s: &str| {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|c| c.is_ascii_digit()) {
            None
        } else {
            s.parse::<u32>().ok()
        }
    };
    let lo = num(a.trim()).ok_or("bad register index")?;
    let hi = num(b.trim()).ok_or("bad register index")?;
    if hi < lo || hi - lo + 1 != dwords {
        return Err("wrong number of registers for this operand");
    }
    check_range(lo, count, dwords)?;
    Ok(make(lo as u8))
}

fn offset_reg(code: u8, shape: &Shape, field: &'static str) -> Result<ScalarReg, DecodeError> {
    let reg = ScalarReg::from_code(code).map_err(|e| illegal(field, u64::from(code), e))?;
    if shape.imm_or_m0 && reg != ScalarReg::M0 {
        return Err(illegal(
            field,
            u64::from(code),
            "stores and atomics take an immediate or M0 offset, not an SGPR (Vega \"SMEM Encoding Field Descriptions\")",
        ));
    }
    Ok(reg)
}

fn imm_value(offset: u32, shape: &Shape) -> Result<i32, DecodeError> {
    if shape.base == 4 {
        if offset & 0x10_0000 != 0 {
            return Err(illegal(
                "OFFSET",
                u64::from(offset),
                "S_BUFFER_* immediate offsets are 20-bit unsigned (Vega \"SMEM Fields\": signed offsets only work with S_LOAD/STORE)",
            ));
        }
        Ok(offset as i32)
    } else {
        Ok(((offset << 11) as i32) >> 11)
    }
}

/// Decode an SMEM instruction (two dwords).
pub fn decode(row: &'static Row, words: &[u32]) -> Result<Smem, DecodeError> {
    let (lo, hi) = match words {
        [lo, hi, ..] => (*lo, *hi),
        _ => {
            return Err(DecodeError::new(
                0,
                DecodeErrorKind::Truncated {
                    needed: 2,
                    available: words.len(),
                },
            ))
        }
    };
    let shape = shape(row);
    let sbase = (lo & 0x3f) as u8;
    let sdata = ((lo >> 6) & 0x7f) as u8;
    let soe = lo >> 14 & 1 == 1;
    let nv = lo >> 15 & 1 == 1;
    let glc = lo >> 16 & 1 == 1;
    let imm = lo >> 17 & 1 == 1;
    let offset = hi & 0x1f_ffff;
    let soffset = (hi >> 25) as u8;
    if lo >> 13 & 1 == 1 {
        return Err(illegal(
            "bit 13",
            1,
            "reserved (not a field of \"SMEM Fields\"); must be zero",
        ));
    }
    if hi >> 21 & 0xf != 0 {
        return Err(illegal(
            "bits 56:53",
            u64::from(hi >> 21 & 0xf),
            "reserved (not a field of \"SMEM Fields\"); must be zero",
        ));
    }
    match shape.data {
        Data::None if sdata != 0 => return Err(illegal("SDATA", u64::from(sdata), UNUSED)),
        Data::Regs(w) => {
            check_data(sdata, w).map_err(|e| illegal("SDATA", u64::from(sdata), e))?;
        }
        _ => {}
    }
    if shape.base == 0 {
        if sbase != 0 {
            return Err(illegal("SBASE", u64::from(sbase), UNUSED));
        }
    } else {
        check_base(sbase, shape.base).map_err(|e| illegal("SBASE", u64::from(sbase), e))?;
    }
    if glc && !shape.glc {
        return Err(illegal("GLC", 1, UNUSED));
    }
    if nv && shape.base == 0 {
        return Err(illegal("NV", 1, UNUSED));
    }
    let offset = if shape.base == 0 {
        if imm || soe || offset != 0 || soffset != 0 {
            let (f, v) = if imm {
                ("IMM", 1)
            } else if soe {
                ("SOE", 1)
            } else if offset != 0 {
                ("OFFSET", offset)
            } else {
                ("SOFFSET", u32::from(soffset))
            };
            return Err(illegal(f, u64::from(v), UNUSED));
        }
        SmemOffset::None
    } else {
        match (imm, soe) {
            (false, false) => {
                if offset >> 7 != 0 {
                    return Err(illegal(
                        "OFFSET",
                        u64::from(offset),
                        "with IMM=0 only OFFSET[6:0] (a register) is used; the rest must be zero",
                    ));
                }
                if soffset != 0 {
                    return Err(illegal(
                        "SOFFSET",
                        u64::from(soffset),
                        "used only when SOE=1; must be zero",
                    ));
                }
                SmemOffset::Reg(offset_reg(offset as u8, &shape, "OFFSET")?)
            }
            (true, false) => {
                if soffset != 0 {
                    return Err(illegal(
                        "SOFFSET",
                        u64::from(soffset),
                        "used only when SOE=1; must be zero",
                    ));
                }
                SmemOffset::Imm(imm_value(offset, &shape)?)
            }
            (true, true) => SmemOffset::RegImm(
                offset_reg(soffset, &shape, "SOFFSET")?,
                imm_value(offset, &shape)?,
            ),
            (false, true) => {
                if offset != 0 {
                    return Err(illegal(
                        "OFFSET",
                        u64::from(offset),
                        "with IMM=0 and SOE=1 the register is SOFFSET; OFFSET is unused and must be zero",
                    ));
                }
                SmemOffset::Soffset(offset_reg(soffset, &shape, "SOFFSET")?)
            }
        }
    };
    Ok(Smem {
        sdata,
        sbase,
        offset,
        glc,
        nv,
    })
}

/// The two dwords of an SMEM instruction.
pub fn encode(row: &Row, f: &Smem) -> [u32; 2] {
    let (imm, soe, offset, soffset) = match f.offset {
        SmemOffset::None => (0, 0, 0, 0),
        SmemOffset::Imm(v) => (1, 0, v as u32 & 0x1f_ffff, 0),
        SmemOffset::Reg(r) => (0, 0, u32::from(r.code()), 0),
        SmemOffset::RegImm(r, v) => (1, 1, v as u32 & 0x1f_ffff, u32::from(r.code())),
        SmemOffset::Soffset(r) => (0, 1, 0, u32::from(r.code())),
    };
    let lo = u32::from(f.sbase & 0x3f)
        | u32::from(f.sdata & 0x7f) << 6
        | soe << 14
        | u32::from(f.nv) << 15
        | u32::from(f.glc) << 16
        | imm << 17
        | u32::from(row.opcode & 0xff) << 18
        | ENCODING << 26;
    [lo, offset | soffset << 25]
}

/// LLVM's text of the operands (after the mnemonic; empty when there are none).
pub fn operands_text(row: &Row, f: &Smem) -> String {
    let mut text = String::with_capacity(48);
    push_operands(&mut text, row, f);
    text
}

/// The instruction's text (the mnemonic, then the [`operands_text`] after a space when
/// there is any) appended to `out`.
pub fn write_text(out: &mut String, row: &Row, f: &Smem) {
    out.push_str(super::shared::mnemonic(row));
    let start = out.len();
    out.push(' ');
    push_operands(out, row, f);
    if out.len() == start + 1 {
        out.truncate(start);
    }
}

/// [`operands_text`] appended to `out`.
fn push_operands(out: &mut String, row: &Row, f: &Smem) {
    let shape = shape(row);
    let mut first = true;
    let mut next = |out: &mut String| {
        if !std::mem::take(&mut first) {
            out.push_str(", ");
        }
    };
    match shape.data {
        Data::Regs(w) => {
            next(out);
            match ScalarReg::from_code(f.sdata) {
                Ok(r) => push_reg(out, r, w),
                Err(_) => {
                    let _ = write!(out, "<sdata {}>", f.sdata);
                }
            }
        }
        Data::Probe => {
            next(out);
            let _ = if f.sdata <= 64 {
                write!(out, "{}", f.sdata)
            } else {
                write!(out, "{:#x}", f.sdata)
            };
        }
        Data::None => {}
    }
    if shape.base != 0 {
        next(out);
        match ScalarReg::from_code(f.sbase.wrapping_mul(2)) {
            Ok(r) => push_reg(out, r, shape.base),
            Err(_) => {
                let _ = write!(out, "<sbase {}>", f.sbase);
            }
        }
    }
    match f.offset {
        SmemOffset::None => {}
        SmemOffset::Imm(v) => {
            next(out);
            push_imm(out, v);
        }
        SmemOffset::Reg(r) | SmemOffset::Soffset(r) => {
            next(out);
            push_sreg(out, r.code(), 1);
        }
        SmemOffset::RegImm(r, v) => {
            next(out);
            push_sreg(out, r.code(), 1);
            out.push_str(" offset:");
            push_imm(out, v);
        }
    }
    if f.glc {
        out.push_str(" glc");
    }
    if f.nv {
        out.push_str(" nv");
    }
}

/// [`reg_text`] appended to `out`: the table of [`push_sreg`] for 1 and 2 dwords, one of
/// its own for 4, 8 and 16.
pub fn push_reg(out: &mut String, reg: ScalarReg, dwords: u32) {
    const WIDE: [u32; 3] = [4, 8, 16];
    static TABLE: std::sync::OnceLock<Vec<Option<Box<str>>>> = std::sync::OnceLock::new();
    if matches!(dwords, 1 | 2) {
        return push_sreg(out, reg.code(), dwords);
    }
    let table = TABLE.get_or_init(|| {
        (0..=255u8)
            .flat_map(|c| {
                let r = ScalarReg::from_code(c).ok();
                WIDE.map(|n| r.map(|r| reg_text(r, n).into_boxed_str()))
            })
            .collect()
    });
    let found = WIDE
        .iter()
        .position(|&n| n == dwords)
        .and_then(|i| table.get(usize::from(reg.code()) * WIDE.len() + i));
    match found {
        Some(Some(s)) => out.push_str(s),
        _ => out.push_str(&reg_text(reg, dwords)),
    }
}

/// An offset as LLVM prints it (`0x10`, `-0x10`), appended to `out`.
fn push_imm(out: &mut String, v: i32) {
    let _ = if v < 0 {
        write!(out, "-{:#x}", v.unsigned_abs())
    } else {
        write!(out, "{v:#x}")
    };
}

/// Parse the operand text of an SMEM row. Errors carry a 0-based byte offset into `text`
/// (the caller adds its base).
pub fn parse_operands(row: &Row, text: &str) -> Result<Smem, (usize, String)> {
    let shape = shape(row);
    // Tokenise: commas separate operands; `glc`, `nv`, `offset:` follow the last one.
    let mut parts: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut depth = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => depth -= 1,
            b',' if depth == 0 => {
                parts.push((start, &text[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push((start, &text[start..]));
    let parts: Vec<(usize, &str)> = parts
        .into_iter()
        .map(|(s, t)| (s + t.len() - t.trim_start().len(), t.trim()))
        .filter(|(_, t)| !(t.is_empty() && text.trim().is_empty()))
        .collect();
    // Split modifiers off the last operand.
    let mut ops: Vec<(usize, &str)> = parts.clone();
    let mut mods: Vec<(usize, &str)> = Vec::new();
    if let Some(&(col, last)) = parts.last() {
        let mut words = Vec::new();
        let mut off = 0;
        for w in last.split(' ') {
            if !w.is_empty() {
                words.push((col + off, w));
            }
            off += w.len() + 1;
        }
        if let Some(&first) = words.first() {
            let n = ops.len();
            if matches!(first.1, "glc" | "nv") || first.1.starts_with("offset:") {
                ops.truncate(n - 1);
                mods.extend(words);
            } else {
                ops[n - 1] = first;
                mods.extend(words.into_iter().skip(1));
            }
        }
    }
    let expected = usize::from(shape.data != Data::None) + usize::from(shape.base != 0) * 2;
    if ops.len() != expected {
        let col = ops.get(expected).map_or(text.len(), |o| o.0);
        return Err((
            col,
            format!(
                "{} takes {} operand(s), found {}",
                row.mnemonic(),
                expected,
                ops.len()
            ),
        ));
    }
    let mut it = ops.into_iter();
    let e = |col: usize, op: &str, r: &str| (col, format!("`{op}`: {r}"));
    let mut sdata = 0u8;
    match shape.data {
        Data::Regs(w) => {
            let (col, op) = it.next().unwrap_or((0, ""));
            let reg = parse_regs(op, w).map_err(|r| e(col, op, r))?;
            check_data(reg.code(), w).map_err(|r| e(col, op, r))?;
            sdata = reg.code();
        }
        Data::Probe => {
            let (col, op) = it.next().unwrap_or((0, ""));
            sdata = parse_int(op)
                .filter(|v| (0..=0x7f).contains(v))
                .ok_or_else(|| e(col, op, "expected a 7-bit probe immediate (0..=127)"))?
                as u8;
        }
        Data::None => {}
    }
    let mut sbase = 0u8;
    let mut offset = SmemOffset::None;
    if shape.base != 0 {
        let (col, op) = it.next().unwrap_or((0, ""));
        let reg = parse_regs(op, shape.base).map_err(|r| e(col, op, r))?;
        if !reg.code().is_multiple_of(2) {
            return Err(e(col, op, "the base must be an even register"));
        }
        check_base(reg.code() / 2, shape.base).map_err(|r| e(col, op, r))?;
        sbase = reg.code() / 2;
        let (col, op) = it.next().unwrap_or((0, ""));
        let check_imm = |v: i64| -> Result<i32, (usize, String)> {
            let ok = if shape.base == 4 {
                (0..1 << 20).contains(&v)
            } else {
                (-(1 << 20)..1 << 20).contains(&v)
            };
            if ok {
                Ok(v as i32)
            } else if shape.base == 4 {
                Err(e(col, op, "expected a 20-bit unsigned offset"))
            } else {
                Err(e(col, op, "expected a 21-bit signed offset"))
            }
        };
        let first = op.as_bytes().first().copied().unwrap_or(b' ');
        offset = if first.is_ascii_digit() || first == b'-' {
            SmemOffset::Imm(check_imm(
                parse_int(op).ok_or_else(|| e(col, op, "bad integer"))?,
            )?)
        } else {
            let reg = ScalarReg::parse(op, 1).map_err(|r| e(col, op, r))?;
            if shape.imm_or_m0 && reg != ScalarReg::M0 {
                return Err(e(
                    col,
                    op,
                    "stores and atomics take an immediate or m0 offset",
                ));
            }
            SmemOffset::Reg(reg)
        };
        if let Some(&(mcol, m)) = mods.first() {
            if let Some(v) = m.strip_prefix("offset:") {
                let reg = match offset {
                    SmemOffset::Reg(r) => r,
                    _ => return Err(e(mcol, m, "offset: follows a register offset")),
                };
                let v = parse_int(v).ok_or_else(|| e(mcol, m, "bad integer"))?;
                let v = check_imm(v).map_err(|(_, r)| (mcol, r))?;
                offset = SmemOffset::RegImm(reg, v);
                mods.remove(0);
            }
        }
    }
    let (mut glc, mut nv) = (false, false);
    for (col, m) in mods {
        match m {
            "glc" if shape.glc && !glc && !nv => glc = true,
            "nv" if shape.base != 0 && !nv => nv = true,
            _ => return Err(e(col, m, "unexpected modifier")),
        }
    }
    Ok(Smem {
        sdata,
        sbase,
        offset,
        glc,
        nv,
    })
}

#[cfg(test)]
mod tests;
