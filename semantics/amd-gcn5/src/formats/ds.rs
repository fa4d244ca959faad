//! The DS (LDS and GDS) microcode format: bit layout, the operand shape of every row, and
//! LLVM's syntax (`ds_read2_b32 v[4:5], v1 offset0:5 offset1:6 gds`).
//!
//! Layout (Vega manual, chapter "Microcode Formats", section "LDS and GDS Format"; the MI100
//! manual has the same fields, and LLVM 14 decodes gfx908 DS words as gfx900's):
//!
//! | dword | fields |
//! |---|---|
//! | 0 | `OFFSET0[7:0] OFFSET1[15:8] GDS[16] OP[24:17]` (bit 25 reserved) `ENCODING[31:26]=110110` |
//! | 1 | `ADDR[7:0] DATA0[15:8] DATA1[23:16] VDST[31:24]` |
//!
//! Single-address rows read OFFSET1:OFFSET0 as one 16-bit byte offset (`offset:N`); the
//! two-address rows (READ2*, WRITE2*, WRXCHG2*) have two 8-bit offsets (`offset0:N
//! offset1:M`), each in elements of the data size (Vega "LDS & GDS Instructions",
//! DS_WRITE2_B32: `MEM[ADDR_BASE + OFFSET1 * 4]`; the ST64 forms 64 times that).
//! DS_SWIZZLE_B32 reads the 16-bit offset as the swizzle pattern (`offset:swizzle(...)`,
//! see [`swizzle_text`]).
//!
//! Operand shapes come from the row name (the manual's "LDS & GDS Instructions" entries):
//! `_RTN_` and the reads return data in VDST; MSKOR, CMPST, WRAP, WRITE2, WRXCHG2 take
//! DATA0 and DATA1; the SRC2 rows take only ADDR; the remaining atomics and writes take
//! DATA0; the data width is the type suffix (B96 3 dwords, B128 4, 64-bit 2, else 1), and
//! the two-address returning rows return twice that. Exceptions (all cite "LDS & GDS
//! Instructions"): DS_APPEND, DS_CONSUME, DS_READ_ADDTID_B32 use only VDST; DS_WRITE_ADDTID_B32
//! only DATA0; DS_CONDXCHG32_RTN_B64 returns and takes 64 bits; DS_GWS_INIT, _SEMA_BR and
//! _BARRIER take one VGPR (LLVM 14 encodes it in the ADDR field), the other GWS rows none;
//! DS_ORDERED_COUNT returns VDST from ADDR; DS_NOP uses nothing.
//!
//! GDS: the GWS rows and DS_ORDERED_COUNT are GDS-only (GDS must be 1); DS_PERMUTE_B32 and
//! DS_BPERMUTE_B32 do not access memory ("Does not write any LDS memory") and GDS must be 0.
//! Strictness as the SALU formats: a field an instruction does not use must be zero, a
//! register range must end at v255, bit 25 must be zero. Disagreements with LLVM:
//! docs/design/0010-gcn5-ds-encodings.md.

use super::shared::{mnemonic, modifiers, push_vgpr_checked, Ops, PerRow};
use super::{illegal, UNUSED};
use crate::instructions::Row;
use crate::operand::{Reason, VgprRange};
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// The DS fields, kept whole so that `decode(encode(x)) == x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ds {
    pub offset0: u8,
    pub offset1: u8,
    pub gds: bool,
    pub addr: u8,
    pub data0: u8,
    pub data1: u8,
    pub vdst: u8,
}

impl Ds {
    /// OFFSET1:OFFSET0 as one 16-bit offset.
    pub fn offset16(&self) -> u16 {
        u16::from(self.offset1) << 8 | u16::from(self.offset0)
    }
}

/// How the offset fields are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offsets {
    /// `offset:N`, omitted when 0.
    One,
    /// `offset0:N offset1:M`, each omitted when 0.
    Two,
    /// `offset:swizzle(...)` or `offset:N`, omitted when 0.
    Swizzle,
    /// Not used (DS_NOP): both must be zero.
    Unused,
}

/// What GDS may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gds {
    Either,
    Required,
    Forbidden,
}

/// The operands of a row: widths in dwords (0 = field not used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub vdst: u8,
    pub addr: bool,
    pub data0: u8,
    pub data1: u8,
    pub offsets: Offsets,
    pub gds: Gds,
}

const ENCODING: u32 = 0b11_0110;

/// Whether a dword is a DS instruction's first dword.
pub fn is_ds(word: u32) -> bool {
    word >> 26 == ENCODING
}

/// The data width in dwords of a DS row name's type suffix.
fn data_dwords(name: &str) -> u8 {
    let last = name.rsplit('_').find(|p| {
        p.len() >= 2
            && matches!(p.as_bytes()[0], b'B' | b'U' | b'I' | b'F')
            && p[1..].bytes().all(|b| b.is_ascii_digit())
    });
    match last.map(|s| &s[1..]) {
        Some("128") => 4,
        Some("96") => 3,
        Some("64") => 2,
        _ => 1,
    }
}

/// The operand shape of a DS row (module documentation).
pub fn shape(row: &Row) -> Shape {
    static SHAPES: PerRow<Shape> = PerRow::new(compute_shape);
    *SHAPES.get(row)
}

/// [`shape`], computed (once per row).
fn compute_shape(row: &Row) -> Shape {
    let n = row.name;
    let w = data_dwords(n);
    let mut s = Shape {
        vdst: 0,
        addr: true,
        data0: 0,
        data1: 0,
        offsets: Offsets::One,
        gds: Gds::Either,
    };
    let two_addr = n.contains("READ2") || n.contains("WRITE2") || n.contains("WRXCHG2");
    if two_addr {
        s.offsets = Offsets::Two;
    }
    match n {
        "DS_NOP" => {
            s.addr = false;
            s.offsets = Offsets::Unused;
            return s;
        }
        "DS_APPEND" | "DS_CONSUME" | "DS_READ_ADDTID_B32" => {
            s.addr = false;
            s.vdst = 1;
            return s;
        }
        "DS_WRITE_ADDTID_B32" => {
            s.addr = false;
            s.data0 = 1;
            return s;
        }
        "DS_GWS_INIT" | "DS_GWS_SEMA_BR" | "DS_GWS_BARRIER" => {
            s.gds = Gds::Required;
            return s;
        }
        "DS_GWS_SEMA_RELEASE_ALL" | "DS_GWS_SEMA_V" | "DS_GWS_SEMA_P" => {
            s.addr = false;
            s.gds = Gds::Required;
            return s;
        }
        "DS_ORDERED_COUNT" => {
            s.vdst = 1;
            s.gds = Gds::Required;
            return s;
        }
        "DS_SWIZZLE_B32" => {
            s.vdst = 1;
            s.offsets = Offsets::Swizzle;
            return s;
        }
        "DS_PERMUTE_B32" | "DS_BPERMUTE_B32" => {
            s.vdst = 1;
            s.data0 = 1;
            s.gds = Gds::Forbidden;
            return s;
        }
        "DS_CONDXCHG32_RTN_B64" => {
            s.vdst = 2;
            s.data0 = 2;
            return s;
        }
        _ => {}
    }
    let returns = n.contains("_RTN_") || n.starts_with("DS_READ");
    if returns {
        s.vdst = if two_addr { 2 * w } else { w };
    }
    if n.contains("_SRC2_") || n.starts_with("DS_READ") {
        return s;
    }
    s.data0 = w;
    let pair = ["MSKOR", "CMPST", "WRAP", "WRITE2", "WRXCHG2"];
    if pair.iter().any(|p| n.contains(p)) {
        s.data1 = w;
    }
    s
}

/// The opcode of a DS first dword.
pub fn opcode(word0: u32) -> u16 {
    ((word0 >> 17) & 0xff) as u16
}

/// Check and split the two dwords of `row` (a DS row whose opcode is in `words[0]`).
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Ds, DecodeError> {
    let d = Ds {
        offset0: (w0 & 0xff) as u8,
        offset1: ((w0 >> 8) & 0xff) as u8,
        gds: (w0 >> 16) & 1 == 1,
        addr: (w1 & 0xff) as u8,
        data0: ((w1 >> 8) & 0xff) as u8,
        data1: ((w1 >> 16) & 0xff) as u8,
        vdst: (w1 >> 24) as u8,
    };
    if (w0 >> 25) & 1 != 0 {
        return Err(illegal(
            "bit 25",
            1,
            "reserved in the DS format (gfx90a's ACC bit; not on gfx900/gfx908)",
        ));
    }
    check(row, &d)?;
    Ok(d)
}

/// Whether the fields suit the row's shape.
pub fn check(row: &Row, d: &Ds) -> Result<(), DecodeError> {
    let s = shape(row);
    let reg = |field: &'static str, v: u8, n: u8| -> Result<(), DecodeError> {
        if n == 0 {
            if v != 0 {
                return Err(illegal(field, u64::from(v), UNUSED));
            }
            return Ok(());
        }
        VgprRange::new(v, n)
            .map(|_| ())
            .map_err(|e| illegal(field, u64::from(v), e))
    };
    reg("VDST", d.vdst, s.vdst)?;
    reg("ADDR", d.addr, u8::from(s.addr))?;
    reg("DATA0", d.data0, s.data0)?;
    reg("DATA1", d.data1, s.data1)?;
    if s.offsets == Offsets::Unused && d.offset16() != 0 {
        return Err(illegal("OFFSET", u64::from(d.offset16()), UNUSED));
    }
    match (s.gds, d.gds) {
        (Gds::Required, false) => Err(illegal(
            "GDS",
            0,
            "a GDS-only instruction (GWS, DS_ORDERED_COUNT); GDS must be 1",
        )),
        (Gds::Forbidden, true) => Err(illegal(
            "GDS",
            1,
            "DS_PERMUTE/DS_BPERMUTE do not access LDS or GDS memory; GDS must be 0",
        )),
        _ if row.name == "DS_NOP" && d.gds => Err(illegal("GDS", 1, UNUSED)),
        _ => Ok(()),
    }
}

/// The two dwords.
pub fn encode(row: &Row, d: &Ds) -> [u32; 2] {
    [
        (ENCODING << 26)
            | (u32::from(row.opcode & 0xff) << 17)
            | (u32::from(d.gds) << 16)
            | (u32::from(d.offset1) << 8)
            | u32::from(d.offset0),
        (u32::from(d.vdst) << 24)
            | (u32::from(d.data1) << 16)
            | (u32::from(d.data0) << 8)
            | u32::from(d.addr),
    ]
}

/// LLVM's text of a DS instruction.
pub fn text(row: &Row, d: &Ds) -> String {
    let mut out = String::with_capacity(64);
    write_text(&mut out, row, d);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, d: &Ds) {
    let s = shape(row);
    let mut ops = Ops::new(out, mnemonic(row));
    if s.vdst > 0 {
        push_vgpr_checked(ops.operand(), d.vdst, s.vdst);
    }
    if s.addr {
        push_vgpr_checked(ops.operand(), d.addr, 1);
    }
    if s.data0 > 0 {
        push_vgpr_checked(ops.operand(), d.data0, s.data0);
    }
    if s.data1 > 0 {
        push_vgpr_checked(ops.operand(), d.data1, s.data1);
    }
    let _ = match s.offsets {
        Offsets::One if d.offset16() != 0 => write!(out, " offset:{}", d.offset16()),
        Offsets::Two => {
            if d.offset0 != 0 {
                let _ = write!(out, " offset0:{}", d.offset0);
            }
            if d.offset1 != 0 {
                let _ = write!(out, " offset1:{}", d.offset1);
            }
            Ok(())
        }
        Offsets::Swizzle if d.offset16() != 0 => {
            write!(out, " offset:{}", swizzle_text(d.offset16()))
        }
        _ => Ok(()),
    };
    if d.gds {
        out.push_str(" gds");
    }
}

// Swizzle pattern encodings (Vega "LDS & GDS Instructions", DS_SWIZZLE_B32: offset[15] = 1
// selects QDMode with offset[7:0] four 2-bit lane selects; offset[15] = 0 selects the bit
// masks and_mask = offset[4:0], or_mask = offset[9:5], xor_mask = offset[14:10]). LLVM
// prints QDMode only when offset[14:8] are zero; other offsets with bit 15 set print as a
// decimal.
const QUAD_PERM_MASK: u16 = 0xff00;
const QUAD_PERM_ENC: u16 = 0x8000;

/// LLVM's spelling of a non-zero DS_SWIZZLE_B32 offset.
pub fn swizzle_text(k: u16) -> String {
    if k & QUAD_PERM_MASK == QUAD_PERM_ENC {
        let l: Vec<String> = (0..4).map(|i| ((k >> (2 * i)) & 3).to_string()).collect();
        return format!("swizzle(QUAD_PERM,{})", l.join(","));
    }
    if k & 0x8000 != 0 {
        return k.to_string();
    }
    let and = k & 0x1f;
    let or = (k >> 5) & 0x1f;
    let xor = (k >> 10) & 0x1f;
    if and == 0x1f && or == 0 && xor.count_ones() == 1 {
        return format!("swizzle(SWAP,{xor})");
    }
    if and == 0x1f && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        return format!("swizzle(REVERSE,{})", xor + 1);
    }
    let group = 0x1f - and + 1;
    if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
        return format!("swizzle(BROADCAST,{group},{or})");
    }
    let p0 = or ^ xor;
    let p1 = (0x1f & and | or) ^ xor;
    let bits: String = (0..5)
        .rev()
        .map(|i| {
            let (a, b) = ((p0 >> i) & 1, (p1 >> i) & 1);
            match (a == b, a) {
                (true, 0) => '0',
                (true, _) => '1',
                (false, 0) => 'p',
                (false, _) => 'i',
            }
        })
        .collect();
    format!("swizzle(BITMASK_PERM,\"{bits}\")")
}

/// Parse `swizzle(...)` (the forms LLVM prints, and its assembler accepts) or a 16-bit
/// integer.
pub fn swizzle_parse(t: &str) -> Result<u16, Reason> {
    let Some(inner) = t.strip_prefix("swizzle(").and_then(|r| r.strip_suffix(')')) else {
        return int16(t);
    };
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let num = |i: usize, max: u16| -> Result<u16, Reason> {
        parts
            .get(i)
            .and_then(|p| crate::operand::parse_int(p))
            .filter(|&v| (0..=i64::from(max)).contains(&v))
            .map(|v| v as u16)
            .ok_or("swizzle: expected a small integer argument")
    };
    let args = |n: usize| -> Result<(), Reason> {
        if parts.len() == n + 1 {
            Ok(())
        } else {
            Err("swizzle: wrong number of arguments")
        }
    };
    match parts[0] {
        "QUAD_PERM" => {
            args(4)?;
            let mut k = QUAD_PERM_ENC;
            for i in 0..4 {
                k |= num(i + 1, 3)? << (2 * i);
            }
            Ok(k)
        }
        "SWAP" => {
            args(1)?;
            let x = num(1, 16)?;
            if x.count_ones() != 1 {
                return Err("swizzle(SWAP, n): n must be a power of two up to 16");
            }
            Ok(0x1f | x << 10)
        }
        "REVERSE" => {
            args(1)?;
            let g = num(1, 32)?;
            if g < 2 || !g.is_power_of_two() {
                return Err("swizzle(REVERSE, n): n must be a power of two 2..32");
            }
            Ok(0x1f | (g - 1) << 10)
        }
        "BROADCAST" => {
            args(2)?;
            let g = num(1, 32)?;
            if g < 2 || !g.is_power_of_two() {
                return Err("swizzle(BROADCAST, n, l): n must be a power of two 2..32");
            }
            let l = num(2, g - 1)?;
            Ok((0x20 - g) | l << 5)
        }
        "BITMASK_PERM" => {
            args(1)?;
            let s = parts[1]
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .filter(|s| s.len() == 5)
                .ok_or("swizzle(BITMASK_PERM, \"xxxxx\"): five of 0 1 p i in quotes")?;
            let (mut and, mut or, mut xor) = (0u16, 0u16, 0u16);
            for (i, c) in s.bytes().enumerate() {
                let bit = 1 << (4 - i);
                match c {
                    b'0' => {}
                    b'1' => or |= bit,
                    b'p' => and |= bit,
                    b'i' => {
                        and |= bit;
                        xor |= bit;
                    }
                    _ => return Err("swizzle(BITMASK_PERM, ...): use 0, 1, p or i"),
                }
            }
            Ok(and | or << 5 | xor << 10)
        }
        _ => Err("unknown swizzle mode (QUAD_PERM, SWAP, REVERSE, BROADCAST, BITMASK_PERM)"),
    }
}

fn int16(t: &str) -> Result<u16, Reason> {
    crate::operand::parse_int(t)
        .filter(|v| (0..=0xffff).contains(v))
        .map(|v| v as u16)
        .ok_or("expected an offset 0..65535")
}

/// Parse the operands of a DS row (text after the mnemonic; `base` is its 0-based column).
/// Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Ds, (usize, String)> {
    let s = shape(row);
    let mut d = Ds::default();
    // Tokens: the comma-separated registers, then space-separated modifiers.
    let mut regs: Vec<(usize, &str)> = Vec::new();
    let mut mods: Vec<(usize, &str)> = Vec::new();
    let mut pos = 0;
    let mut expect_reg = true;
    let bytes = ops.as_bytes();
    while pos < bytes.len() {
        while pos < bytes.len() && (bytes[pos] == b' ' || bytes[pos] == b'\t') {
            pos += 1;
        }
        if pos >= bytes.len() {
            break;
        }
        let start = pos;
        let mut depth = 0i32;
        let mut quote = false;
        while pos < bytes.len() {
            match bytes[pos] {
                b'"' => quote = !quote,
                b'(' | b'[' if !quote => depth += 1,
                b')' | b']' if !quote => depth -= 1,
                b' ' | b'\t' | b',' if depth <= 0 && !quote => break,
                _ => {}
            }
            pos += 1;
        }
        let tok = &ops[start..pos];
        let is_reg = expect_reg && tok.starts_with('v');
        if expect_reg && !is_reg && !regs.is_empty() {
            return Err((base + start, "expected a VGPR after `,`".into()));
        }
        expect_reg = false;
        if is_reg {
            regs.push((base + start, tok));
        } else {
            mods.push((base + start, tok));
        }
        while pos < bytes.len() && (bytes[pos] == b' ' || bytes[pos] == b'\t') {
            pos += 1;
        }
        if pos < bytes.len() && bytes[pos] == b',' {
            if !is_reg {
                return Err((base + pos, "unexpected `,` after a modifier".into()));
            }
            expect_reg = true;
            pos += 1;
        }
    }
    let slots: Vec<(u8, usize)> = [s.vdst, u8::from(s.addr), s.data0, s.data1]
        .into_iter()
        .enumerate()
        .filter(|(_, n)| *n > 0)
        .map(|(i, n)| (n, i))
        .collect();
    let end = base + ops.trim_end().len();
    if expect_reg && !regs.is_empty() {
        return Err((end, "expected a VGPR after `,`".into()));
    }
    if regs.len() != slots.len() {
        let col = regs.get(slots.len()).map_or(end, |r| r.0);
        return Err((
            col,
            format!(
                "{} takes {} register operand(s), found {}",
                row.mnemonic(),
                slots.len(),
                regs.len()
            ),
        ));
    }
    for (&(n, which), &(col, tok)) in slots.iter().zip(&regs) {
        let r = VgprRange::parse(tok, n).map_err(|e| (col, format!("`{tok}`: {e}")))?;
        match which {
            0 => d.vdst = r.first,
            1 => d.addr = r.first,
            2 => d.data0 = r.first,
            _ => d.data1 = r.first,
        }
    }
    for modifier in modifiers(mods.iter().copied()) {
        let (col, tok, key, val) = modifier?;
        let e = |r: &str| (col, format!("`{tok}`: {r}"));
        match (key, s.offsets) {
            ("gds", _) if val.is_empty() => d.gds = true,
            ("offset", Offsets::One) => {
                let k = int16(val).map_err(&e)?;
                d.offset0 = k as u8;
                d.offset1 = (k >> 8) as u8;
            }
            ("offset", Offsets::Swizzle) => {
                let k = swizzle_parse(val).map_err(&e)?;
                d.offset0 = k as u8;
                d.offset1 = (k >> 8) as u8;
            }
            ("offset0" | "offset1", Offsets::Two) => {
                let k = crate::operand::parse_int(val)
                    .filter(|v| (0..=255).contains(v))
                    .ok_or_else(|| e("expected an offset 0..255"))? as u8;
                if key == "offset0" {
                    d.offset0 = k;
                } else {
                    d.offset1 = k;
                }
            }
            _ => return Err(e("not a modifier of this instruction")),
        }
    }
    // Registers and modifiers are checked above; what is left is the GDS rule, so point at
    // the `gds` modifier, or at the end of the text when it is missing.
    let gds_col = mods.iter().find(|(_, t)| *t == "gds").map_or(end, |m| m.0);
    check(row, &d).map_err(|err| (gds_col, format!("{err}")))?;
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::shared::testing::next;
    use crate::instructions::{by_name, rows, Format};
    use crate::target::Target;

    fn row(n: &str) -> &'static Row {
        by_name(Target::Gfx900, n).unwrap()
    }

    #[test]
    fn shapes_of_representative_rows() {
        let sh = |n| {
            let s = shape(row(n));
            (s.vdst, s.addr, s.data0, s.data1)
        };
        assert_eq!(sh("DS_ADD_U32"), (0, true, 1, 0));
        assert_eq!(sh("DS_MSKOR_RTN_B64"), (2, true, 2, 2));
        assert_eq!(sh("DS_WRXCHG2ST64_RTN_B64"), (4, true, 2, 2));
        assert_eq!(sh("DS_READ2_B32"), (2, true, 0, 0));
        assert_eq!(sh("DS_READ_B96"), (3, true, 0, 0));
        assert_eq!(sh("DS_WRITE_B128"), (0, true, 4, 0));
        assert_eq!(sh("DS_MAX_SRC2_F64"), (0, true, 0, 0));
        assert_eq!(sh("DS_READ_U16_D16_HI"), (1, true, 0, 0));
        assert_eq!(sh("DS_WRITE_B8_D16_HI"), (0, true, 1, 0));
        assert_eq!(sh("DS_APPEND"), (1, false, 0, 0));
        assert_eq!(sh("DS_GWS_SEMA_P"), (0, false, 0, 0));
        assert_eq!(sh("DS_CONDXCHG32_RTN_B64"), (2, true, 2, 0));
    }

    #[test]
    fn swizzle_text_roundtrips_every_offset() {
        for k in 1..=u16::MAX {
            let t = swizzle_text(k);
            let back = swizzle_parse(&t).unwrap_or_else(|e| panic!("{k:#x} {t}: {e}"));
            // BITMASK_PERM text names the masks only through their effect (the and-bit of a
            // lane bit whose or-bit is set is invisible: 0x21 prints as "00001", which
            // assembles to 0x20), so compare the lane each lane reads from.
            if k & 0x8000 == 0 {
                let lane = |k: u16, l: u16| ((l & k & 0x1f) | (k >> 5) & 0x1f) ^ ((k >> 10) & 0x1f);
                for l in 0..32 {
                    assert_eq!(lane(back, l), lane(k, l), "{k:#x} {t} lane {l}");
                }
            } else {
                assert_eq!(back, k, "{t}");
            }
        }
        assert_eq!(swizzle_text(0x80e4), "swizzle(QUAD_PERM,0,1,2,3)");
        assert_eq!(swizzle_text(0x1234), "swizzle(BITMASK_PERM,\"10i01\")");
        assert_eq!(swizzle_text(0xc000), "49152");
    }

    #[test]
    fn every_ds_row_roundtrips_encode_decode() {
        for t in Target::ALL {
            for r in rows().filter(|r| r.format == Format::Ds && r.targets.contains(t)) {
                let s = shape(r);
                let d = Ds {
                    offset0: if s.offsets == Offsets::Unused { 0 } else { 5 },
                    offset1: if s.offsets == Offsets::Unused { 0 } else { 6 },
                    gds: s.gds == Gds::Required,
                    addr: if s.addr { 1 } else { 0 },
                    data0: if s.data0 > 0 { 2 } else { 0 },
                    data1: if s.data1 > 0 { 7 } else { 0 },
                    vdst: if s.vdst > 0 { 252 } else { 0 },
                };
                let [w0, w1] = encode(r, &d);
                assert!(is_ds(w0));
                assert_eq!(opcode(w0), r.opcode);
                assert_eq!(decode(r, w0, w1), Ok(d), "{}", r.name);
                let txt = text(r, &d);
                let ops = &txt[r.name.len()..];
                assert_eq!(parse(r, ops, r.name.len()), Ok(d), "{txt}");
                // Past v255.
                if s.vdst > 1 {
                    let bad = Ds { vdst: 255, ..d };
                    let [b0, b1] = encode(r, &bad);
                    assert!(decode(r, b0, b1).is_err(), "{}", r.name);
                }
            }
        }
    }

    #[test]
    fn bad_text_names_the_column() {
        let r = row("DS_READ2_B32");
        for ops in [
            " v[4:5]",
            " v[4:6], v1",
            " v[4:5], v1 offset0:256",
            " v[4:5], v1 offset:3",
            " v[4:5], v1 gds gds",
            " v[4:5], v1, v2",
            " v[4:5] v1",
            " v[4:5], v1 offset0:",
            " v[4:5], v1 , ",
        ] {
            let e = parse(r, ops, 12).expect_err(ops);
            assert!(e.0 >= 12, "{ops}: {e:?}");
        }
        let g = row("DS_GWS_INIT");
        assert!(parse(g, " v1", 11).is_err(), "gds is required");
        assert!(parse(row("DS_SWIZZLE_B32"), " v1, v2 offset:swizzle(FOO)", 14).is_err());
    }

    #[test]
    fn every_row_roundtrips_through_decode_print_parse_encode() {
        use crate::formats::{decode, encode, parse};
        for t in Target::ALL {
            for r in rows().filter(|r| r.format == Format::Ds && r.targets.contains(t)) {
                let s = shape(r);
                let mut state = u64::from(r.opcode) * 31 + t as u64;
                let mut ok = 0;
                for _ in 0..2000 {
                    let v = next(&mut state);
                    let mut d = Ds {
                        offset0: v as u8,
                        offset1: (v >> 8) as u8,
                        gds: (v >> 16) & 1 == 1,
                        addr: (v >> 24) as u8,
                        data0: (v >> 32) as u8,
                        data1: (v >> 40) as u8,
                        vdst: (v >> 48) as u8,
                    };
                    // Clear unused fields one time in two so that most words decode.
                    if (v >> 60) & 1 == 0 {
                        let z = |n: u8, x: u8| if n == 0 { 0 } else { x };
                        d.addr = z(u8::from(s.addr), d.addr);
                        d.data0 = z(s.data0, d.data0);
                        d.data1 = z(s.data1, d.data1);
                        d.vdst = z(s.vdst, d.vdst);
                        d.gds = match s.gds {
                            Gds::Required => true,
                            Gds::Forbidden => false,
                            Gds::Either => d.gds,
                        };
                        if s.offsets == Offsets::Unused {
                            (d.offset0, d.offset1, d.gds) = (0, 0, false);
                        }
                    }
                    let words = encode_words(r, &d);
                    let Ok((inst, used)) = decode(t, &words) else {
                        continue;
                    };
                    ok += 1;
                    assert_eq!((inst.row, used), (r, 2));
                    assert_eq!(encode(&inst), words.to_vec(), "{}", r.name);
                    let text = inst.to_string();
                    let back = parse(t, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    if s.offsets != Offsets::Swizzle {
                        assert_eq!(back, inst, "{text}");
                    } else {
                        // A BITMASK_PERM text can name several offsets (see
                        // swizzle_text_roundtrips_every_offset); the parsed one is a fixpoint.
                        let again = parse(t, &back.to_string()).unwrap();
                        assert_eq!(again, back, "{text}");
                    }
                }
                assert!(
                    ok > 100,
                    "{} on {t}: only {ok} random words decoded",
                    r.name
                );
            }
        }
    }

    fn encode_words(r: &Row, d: &Ds) -> [u32; 2] {
        encode(r, d)
    }

    #[test]
    fn bad_words_are_errors_naming_the_field() {
        use crate::formats::decode;
        use gpuref_core::decode::DecodeErrorKind as K;
        let t = Target::Gfx900;
        // One dword of a two-dword instruction.
        assert!(matches!(
            decode(t, &[0xd86c_0000]).map_err(|e| e.kind),
            Err(K::Truncated { needed: 2, .. })
        ));
        // OP 22 is not a DS row.
        assert!(matches!(
            decode(t, &[0xd82c_0000, 0]).map_err(|e| e.kind),
            Err(K::UnknownOpcode { opcode: 22, .. })
        ));
        let field = |w: [u32; 2]| crate::formats::shared::testing::illegal_field(t, &w);
        // ds_read_b32 with DATA0 set, ds_read_b64 into v255, ds_gws_init without gds,
        // ds_permute_b32 with gds, bit 25, ds_nop with an offset.
        assert_eq!(field([0xd86c_0000, 0x0a00_0201]), "DATA0");
        assert_eq!(field([0xd8ec_0000, 0xff00_0001]), "VDST");
        assert_eq!(field([0xd932_0000, 0x0000_0003]), "GDS");
        assert_eq!(field([0xd87d_0000, 0x0a00_0201]), "GDS");
        assert_eq!(field([0xda6c_0000, 0x0a00_0001]), "bit 25");
        assert_eq!(field([0xd828_0005, 0]), "OFFSET");
    }

    #[test]
    fn parse_errors_name_the_column() {
        let t = Target::Gfx900;
        crate::formats::shared::testing::assert_error_columns(
            t,
            &[
                ("ds_read_b32 v10", 16),
                ("ds_read_b32 v10, s1", 18),
                ("ds_read_b32 v10, v1 offset:65536", 21),
                ("ds_read_b32 v10, v1 offset0:1", 21),
                ("ds_read_b64 v[10:12], v1", 13),
                ("ds_permute_b32 v1, v2, v3 gds", 27),
                ("ds_gws_init v1", 15),
            ],
        );
    }
}
