//! The FLAT, GLOBAL and SCRATCH microcode formats: one two-dword layout, the SEG field
//! choosing the segment (`global_load_dword v1, v2, s[4:5] offset:-8 glc`).
//!
//! Layout (Vega manual, chapter "Microcode Formats", section "FLAT"; table "Flat, Global and
//! Scratch Microcode Formats" in "Flat Memory Instructions"; the MI100 manual has the same
//! fields, and LLVM 14 has no AccVGPR bit for gfx908 FLAT: `global_load_dword a1, ...` gives
//! "agpr loads and stores not supported on this GPU"):
//!
//! | dword | fields |
//! |---|---|
//! | 0 | `OFFSET[12:0] LDS[13] SEG[15:14] GLC[16] SLC[17] OP[24:18]` (bit 25 reserved) `ENCODING[31:26]=110111` |
//! | 1 | `ADDR[7:0] DATA[15:8] SADDR[22:16] NV[23] VDST[31:24]` |
//!
//! SEG: 0 FLAT, 1 SCRATCH, 2 GLOBAL, 3 reserved. OFFSET is a 13-bit signed byte offset for
//! GLOBAL and SCRATCH and "12-bit unsigned offset (MSB is ignored)" for FLAT: we require
//! the ignored bit to be zero. ADDR is a VGPR pair (64-bit address) for FLAT and for GLOBAL
//! with SADDR = 0x7f (`off`), one VGPR (32-bit offset) for GLOBAL with an SGPR-pair base in
//! SADDR, and one VGPR for SCRATCH with SADDR = 0x7f; SCRATCH with an SGPR in SADDR uses no
//! VGPR (ADDR must be 0, printed `off`). FLAT does not use SADDR ("FLAT: Unused"; LLVM
//! requires 0).
//!
//! Operand shapes from the row name ("Flat Instructions", "Global Instructions", "Scratch
//! Instructions"): LOAD_* write VDST, STORE_* read DATA, ATOMIC_* read DATA (CMPSWAP: two
//! values, the source and the compare) and write VDST only when GLC = 1 ("For Atomics, GLC:
//! 1 means return pre-op value"). Widths: DWORDX2/X3/X4 2/3/4 dwords, the _X2 atomics 2
//! (their CMPSWAP reads 4), everything else (bytes, shorts, the D16 forms, DWORD, the F32
//! and PK_F16 atomics) 1. GLOBAL_ATOMIC_ADD_F32 and GLOBAL_ATOMIC_PK_ADD_F16 (gfx908) must
//! have GLC = 0 (MI100 manual: "GLC must be set to zero for floating point atomics").
//!
//! Strictness as the other formats: a field an instruction does not use must be zero, a
//! register range must end at v255, an SGPR pair must be even-aligned, SADDR 125 is
//! reserved. LDS = 1, NV = 1 and bit 25 are rejected: LLVM 14 has no gfx9 spelling for them
//! (docs/design/0012-gcn5-flat-encodings.md classifies each difference from LLVM).

use super::shared::{mnemonic, modifiers, push_sreg, push_vgpr_checked, Ops, PerRow};
use super::{illegal, UNUSED};
use crate::instructions::{Format, Row};
use crate::operand::{ScalarReg, VgprRange};
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// The FLAT/GLOBAL/SCRATCH fields (the segment is the row's format), kept whole so that
/// `decode(encode(x)) == x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flat {
    /// The 13-bit OFFSET field as stored (GLOBAL/SCRATCH: two's complement).
    pub offset: u16,
    pub glc: bool,
    pub slc: bool,
    pub addr: u8,
    pub data: u8,
    /// The 7-bit SADDR field (0x7f = `off`).
    pub saddr: u8,
    pub vdst: u8,
}

impl Flat {
    /// OFFSET as a signed value (GLOBAL/SCRATCH).
    pub fn signed_offset(&self) -> i16 {
        ((self.offset << 3) as i16) >> 3
    }
}

/// SADDR's "disabled" code, printed `off`.
pub const SADDR_OFF: u8 = 0x7f;

/// The operands of a row with the given GLC and SADDR: widths in dwords (0 = field unused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub vdst: u8,
    /// 0 (SCRATCH with an SGPR address), 1 or 2.
    pub addr: u8,
    pub data: u8,
    /// 0 (FLAT, or `off`), 1 (SCRATCH SGPR) or 2 (GLOBAL SGPR pair).
    pub saddr: u8,
}

const ENCODING: u32 = 0b11_0111;

/// Whether a dword is the first dword of a FLAT, GLOBAL or SCRATCH instruction.
pub fn is_flat(word: u32) -> bool {
    word >> 26 == ENCODING
}

/// The format the SEG field names, or `None` for the reserved value 3.
pub fn segment(word0: u32) -> Option<Format> {
    match (word0 >> 14) & 3 {
        0 => Some(Format::Flat),
        1 => Some(Format::Scratch),
        2 => Some(Format::Global),
        _ => None,
    }
}

/// The opcode of a FLAT first dword.
pub fn opcode(word0: u32) -> u16 {
    ((word0 >> 18) & 0x7f) as u16
}

fn seg_code(f: Format) -> u32 {
    match f {
        Format::Scratch => 1,
        Format::Global => 2,
        _ => 0,
    }
}

/// The data width in dwords of a row (module documentation).
fn width(name: &str) -> u8 {
    if name.ends_with("DWORDX4") {
        4
    } else if name.ends_with("DWORDX3") {
        3
    } else if name.ends_with("DWORDX2") || name.ends_with("_X2") {
        2
    } else {
        1
    }
}

fn op_name(row: &Row) -> &'static str {
    row.name.split_once('_').map_or(row.name, |(_, r)| r)
}

/// Whether the row is a floating-point atomic (GLC must be 0).
pub fn is_float_atomic(row: &Row) -> bool {
    matches!(op_name(row), "ATOMIC_ADD_F32" | "ATOMIC_PK_ADD_F16")
}

/// The operand shape of `row` for a GLC bit and SADDR field (module documentation).
pub fn shape(row: &Row, glc: bool, saddr: u8) -> Shape {
    /// Per row, the shapes for GLC 0/1 and SADDR off/an SGPR pair (all SADDR reads).
    static SHAPES: PerRow<[[Shape; 2]; 2]> = PerRow::new(|r| {
        let of = |glc| [compute_shape(r, glc, SADDR_OFF), compute_shape(r, glc, 0)];
        [of(false), of(true)]
    });
    SHAPES.get(row)[usize::from(glc)][usize::from(saddr != SADDR_OFF)]
}

/// [`shape`], computed (four times per row).
fn compute_shape(row: &Row, glc: bool, saddr: u8) -> Shape {
    let op = op_name(row);
    let w = width(op);
    let (vdst, data) = if op.starts_with("LOAD") {
        (w, 0)
    } else if op.starts_with("STORE") {
        (0, w)
    } else {
        let d = if op.starts_with("ATOMIC_CMPSWAP") {
            2 * w
        } else {
            w
        };
        (if glc { w } else { 0 }, d)
    };
    let off = saddr == SADDR_OFF;
    let (addr, saddr) = match row.format {
        Format::Global if off => (2, 0),
        Format::Global => (1, 2),
        Format::Scratch if off => (1, 0),
        Format::Scratch => (0, 1),
        _ => (2, 0),
    };
    Shape {
        vdst,
        addr,
        data,
        saddr,
    }
}

/// Check and split the two dwords of `row` (a row of the format SEG names, whose opcode is
/// in `w0`).
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Flat, DecodeError> {
    let f = Flat {
        offset: (w0 & 0x1fff) as u16,
        glc: (w0 >> 16) & 1 == 1,
        slc: (w0 >> 17) & 1 == 1,
        addr: (w1 & 0xff) as u8,
        data: ((w1 >> 8) & 0xff) as u8,
        saddr: ((w1 >> 16) & 0x7f) as u8,
        vdst: (w1 >> 24) as u8,
    };
    if (w0 >> 25) & 1 != 0 {
        return Err(illegal(
            "bit 25",
            1,
            "reserved in the FLAT format (gfx90a's ACC bit; not on gfx900/gfx908)",
        ));
    }
    if (w0 >> 13) & 1 != 0 {
        return Err(illegal(
            "LDS",
            1,
            "LDS = 1 (data to LDS) has no LLVM 14 spelling on gfx900/gfx908; not supported",
        ));
    }
    if (w1 >> 23) & 1 != 0 {
        return Err(illegal(
            "NV",
            1,
            "NV = 1 has no LLVM 14 spelling on gfx900/gfx908; not supported",
        ));
    }
    check(row, &f)?;
    Ok(f)
}

/// Whether the fields suit the row.
pub fn check(row: &Row, f: &Flat) -> Result<(), DecodeError> {
    if f.offset > 0x1fff {
        return Err(illegal("OFFSET", u64::from(f.offset), "OFFSET has 13 bits"));
    }
    if f.saddr > 0x7f {
        return Err(illegal("SADDR", u64::from(f.saddr), "SADDR has 7 bits"));
    }
    if row.format == Format::Flat {
        if f.offset & 0x1000 != 0 {
            return Err(illegal(
                "OFFSET",
                u64::from(f.offset),
                "FLAT has a 12-bit unsigned offset; the ignored bit 12 must be zero",
            ));
        }
        if f.saddr != 0 {
            return Err(illegal("SADDR", u64::from(f.saddr), UNUSED));
        }
    }
    if is_float_atomic(row) && f.glc {
        return Err(illegal(
            "GLC",
            1,
            "floating-point atomics do not return; GLC must be 0 (MI100 manual)",
        ));
    }
    let s = shape(row, f.glc, f.saddr);
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
    reg("VDST", f.vdst, s.vdst)?;
    reg("ADDR", f.addr, s.addr)?;
    reg("DATA", f.data, s.data)?;
    if s.saddr > 0 {
        ScalarReg::from_code(f.saddr)
            .and_then(|r| r.check_width(u32::from(s.saddr)))
            .map_err(|e| illegal("SADDR", u64::from(f.saddr), e))?;
    }
    Ok(())
}

/// The two dwords.
pub fn encode(row: &Row, f: &Flat) -> [u32; 2] {
    [
        (ENCODING << 26)
            | (u32::from(row.opcode & 0x7f) << 18)
            | (u32::from(f.slc) << 17)
            | (u32::from(f.glc) << 16)
            | (seg_code(row.format) << 14)
            | u32::from(f.offset & 0x1fff),
        (u32::from(f.vdst) << 24)
            | (u32::from(f.saddr & 0x7f) << 16)
            | (u32::from(f.data) << 8)
            | u32::from(f.addr),
    ]
}

/// LLVM's text of a FLAT, GLOBAL or SCRATCH instruction.
pub fn text(row: &Row, f: &Flat) -> String {
    let mut out = String::with_capacity(64);
    write_text(&mut out, row, f);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, f: &Flat) {
    let s = shape(row, f.glc, f.saddr);
    let mut ops = Ops::new(out, mnemonic(row));
    if s.vdst > 0 {
        push_vgpr_checked(ops.operand(), f.vdst, s.vdst);
    }
    if s.addr == 0 {
        ops.operand().push_str("off");
    } else {
        push_vgpr_checked(ops.operand(), f.addr, s.addr);
    }
    if s.data > 0 {
        push_vgpr_checked(ops.operand(), f.data, s.data);
    }
    if row.format != Format::Flat {
        let out = ops.operand();
        if s.saddr == 0 {
            out.push_str("off");
        } else if ScalarReg::from_code(f.saddr).is_ok() {
            push_sreg(out, f.saddr, u32::from(s.saddr));
        } else {
            let _ = write!(out, "<saddr {}>", f.saddr);
        }
    }
    if row.format == Format::Flat {
        if f.offset != 0 {
            let _ = write!(out, " offset:{}", f.offset);
        }
    } else if f.offset != 0 {
        let _ = write!(out, " offset:{}", f.signed_offset());
    }
    if f.glc {
        out.push_str(" glc");
    }
    if f.slc {
        out.push_str(" slc");
    }
}

/// Parse the operands of a FLAT/GLOBAL/SCRATCH row (text after the mnemonic; `base` is its
/// 0-based column). Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Flat, (usize, String)> {
    // Operands: comma-separated; the last one is followed by space-separated modifiers.
    let mut operands: Vec<(usize, &str)> = Vec::new();
    let mut mods: Vec<(usize, &str)> = Vec::new();
    let bytes = ops.as_bytes();
    let mut pos = 0;
    let mut in_mods = false;
    let end = base + ops.trim_end().len();
    loop {
        while pos < bytes.len() && (bytes[pos] == b' ' || bytes[pos] == b'\t') {
            pos += 1;
        }
        if pos >= bytes.len() {
            break;
        }
        let start = pos;
        let mut depth = 0i32;
        while pos < bytes.len() {
            match bytes[pos] {
                b'[' => depth += 1,
                b']' => depth -= 1,
                b' ' | b'\t' | b',' if depth <= 0 => break,
                _ => {}
            }
            pos += 1;
        }
        let tok = &ops[start..pos];
        if in_mods {
            mods.push((base + start, tok));
        } else {
            operands.push((base + start, tok));
        }
        while pos < bytes.len() && (bytes[pos] == b' ' || bytes[pos] == b'\t') {
            pos += 1;
        }
        if pos < bytes.len() && bytes[pos] == b',' {
            if in_mods {
                return Err((base + pos, "unexpected `,` after a modifier".into()));
            }
            pos += 1;
            let rest = ops[pos..].trim();
            if rest.is_empty() {
                return Err((end, "expected an operand after `,`".into()));
            }
        } else {
            in_mods = true;
        }
    }
    let mut f = Flat::default();
    for modifier in modifiers(mods.iter().copied()) {
        let (col, tok, key, val) = modifier?;
        let e = |r: &str| (col, format!("`{tok}`: {r}"));
        match key {
            "glc" if val.is_empty() && tok == "glc" => f.glc = true,
            "slc" if val.is_empty() && tok == "slc" => f.slc = true,
            "offset" => {
                let v = crate::operand::parse_int(val);
                f.offset = if row.format == Format::Flat {
                    v.filter(|v| (0..=4095).contains(v))
                        .ok_or_else(|| e("expected a 12-bit unsigned offset 0..4095"))?
                        as u16
                } else {
                    (v.filter(|v| (-4096..=4095).contains(v))
                        .ok_or_else(|| e("expected a 13-bit signed offset -4096..4095"))?
                        as u16)
                        & 0x1fff
                };
            }
            _ => return Err(e("not a modifier of this instruction")),
        }
    }
    if is_float_atomic(row) && f.glc {
        let col = mods.iter().find(|m| m.1 == "glc").map_or(end, |m| m.0);
        return Err((
            col,
            "floating-point atomics do not return; glc is not allowed".into(),
        ));
    }
    // SADDR first (it decides ADDR's width): the last operand of GLOBAL and SCRATCH.
    let mut saddr_tok = None;
    if row.format != Format::Flat {
        let Some(&(col, tok)) = operands.last() else {
            return Err((end, format!("{} needs operands", row.mnemonic())));
        };
        f.saddr = SADDR_OFF;
        if tok != "off" {
            let n = if row.format == Format::Global { 2 } else { 1 };
            let r = ScalarReg::parse(tok, n)
                .and_then(|r| r.check_width(n).map(|()| r))
                .map_err(|e| (col, format!("`{tok}`: {e}")))?;
            f.saddr = r.code();
        }
        saddr_tok = Some(col);
    }
    let s = shape(row, f.glc, f.saddr);
    let vslots: Vec<(u8, usize)> = [s.vdst, s.addr, s.data]
        .into_iter()
        .enumerate()
        .filter(|(i, n)| *n > 0 || *i == 1)
        .map(|(i, n)| (n, i))
        .collect();
    let expected = vslots.len() + usize::from(saddr_tok.is_some());
    if operands.len() != expected {
        let col = operands.get(expected).map_or(end, |r| r.0);
        return Err((
            col,
            format!(
                "{} takes {} operand(s) here, found {}",
                row.mnemonic(),
                expected,
                operands.len()
            ),
        ));
    }
    for (&(n, which), &(col, tok)) in vslots.iter().zip(&operands) {
        if n == 0 {
            if tok != "off" {
                return Err((
                    col,
                    format!("`{tok}`: expected `off` (the address is SADDR)"),
                ));
            }
            continue;
        }
        let r = VgprRange::parse(tok, n).map_err(|e| (col, format!("`{tok}`: {e}")))?;
        match which {
            0 => f.vdst = r.first,
            1 => f.addr = r.first,
            _ => f.data = r.first,
        }
    }
    check(row, &f).map_err(|err| (base, format!("{err}")))?;
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::shared::testing::{next, roundtrip_or_illegal};
    use crate::instructions::{by_name, rows};
    use crate::target::Target;

    fn row(n: &str) -> &'static Row {
        by_name(Target::Gfx908, n).unwrap()
    }

    #[test]
    fn shapes_of_representative_rows() {
        let sh = |n, glc, saddr| {
            let s = shape(row(n), glc, saddr);
            (s.vdst, s.addr, s.data, s.saddr)
        };
        assert_eq!(sh("FLAT_LOAD_DWORDX3", false, 0), (3, 2, 0, 0));
        assert_eq!(sh("FLAT_STORE_SHORT_D16_HI", false, 0), (0, 2, 1, 0));
        assert_eq!(sh("FLAT_ATOMIC_CMPSWAP_X2", true, 0), (2, 2, 4, 0));
        assert_eq!(sh("FLAT_ATOMIC_CMPSWAP_X2", false, 0), (0, 2, 4, 0));
        assert_eq!(sh("GLOBAL_LOAD_SBYTE_D16_HI", false, 0x7f), (1, 2, 0, 0));
        assert_eq!(sh("GLOBAL_ATOMIC_ADD", true, 4), (1, 1, 1, 2));
        assert_eq!(sh("GLOBAL_ATOMIC_PK_ADD_F16", false, 4), (0, 1, 1, 2));
        assert_eq!(sh("SCRATCH_STORE_DWORDX4", false, 0x7f), (0, 1, 4, 0));
        assert_eq!(sh("SCRATCH_LOAD_DWORDX2", false, 3), (2, 0, 0, 1));
    }

    fn flat_rows(t: Target) -> impl Iterator<Item = &'static Row> {
        rows().filter(move |r| {
            matches!(r.format, Format::Flat | Format::Global | Format::Scratch)
                && r.targets.contains(t)
        })
    }

    #[test]
    fn row_counts() {
        let count = |t, f| flat_rows(t).filter(|r| r.format == f).count();
        assert_eq!(count(Target::Gfx900, Format::Flat), 48);
        assert_eq!(count(Target::Gfx900, Format::Global), 48);
        assert_eq!(count(Target::Gfx908, Format::Global), 50);
        assert_eq!(count(Target::Gfx908, Format::Scratch), 22);
    }

    #[test]
    fn every_row_roundtrips_through_decode_print_parse_encode() {
        for t in Target::ALL {
            for r in flat_rows(t) {
                let mut state = u64::from(r.opcode) * 31 + t as u64 + seg_code(r.format) as u64;
                let mut ok = 0;
                for _ in 0..2000 {
                    let v = next(&mut state);
                    let mut f = Flat {
                        offset: (v & 0x1fff) as u16,
                        glc: (v >> 13) & 1 == 1,
                        slc: (v >> 14) & 1 == 1,
                        addr: (v >> 16) as u8,
                        data: (v >> 24) as u8,
                        saddr: ((v >> 32) & 0x7f) as u8,
                        vdst: (v >> 40) as u8,
                    };
                    if (v >> 60) & 1 == 0 {
                        if (v >> 61) & 1 == 0 {
                            f.saddr = SADDR_OFF;
                        }
                        if r.format == Format::Flat {
                            f.saddr = 0;
                            f.offset &= 0xfff;
                        }
                        if is_float_atomic(r) {
                            f.glc = false;
                        }
                        let s = shape(r, f.glc, f.saddr);
                        let z = |n: u8, x: u8| if n == 0 { 0 } else { x };
                        f.addr = z(s.addr, f.addr);
                        f.data = z(s.data, f.data);
                        f.vdst = z(s.vdst, f.vdst);
                    }
                    let words = encode_words(r, &f);
                    let Ok(inst) = roundtrip_or_illegal(t, &words) else {
                        continue;
                    };
                    ok += 1;
                    assert_eq!(inst.row, r);
                }
                assert!(
                    ok > 100,
                    "{} on {t}: only {ok} random words decoded",
                    r.name
                );
            }
        }
    }

    fn encode_words(r: &Row, f: &Flat) -> [u32; 2] {
        encode(r, f)
    }

    #[test]
    fn bad_words_are_errors_naming_the_field() {
        use crate::formats::decode;
        use gpuref_core::decode::DecodeErrorKind as K;
        let t = Target::Gfx900;
        assert!(matches!(
            decode(t, &[0xdc50_0000]).map_err(|e| e.kind),
            Err(K::Truncated { needed: 2, .. })
        ));
        // OP 0 is not a FLAT row; GLOBAL_ATOMIC_ADD_F32 is not on gfx900.
        assert!(matches!(
            decode(t, &[0xdc00_0000, 0]).map_err(|e| e.kind),
            Err(K::UnknownOpcode { opcode: 0, .. })
        ));
        assert!(matches!(
            decode(t, &[0xdd34_8000, 0x007f_0402]).map_err(|e| e.kind),
            Err(K::UnknownOpcode { opcode: 77, .. })
        ));
        let field = |t: Target, w: [u32; 2]| crate::formats::shared::testing::illegal_field(t, &w);
        assert_eq!(field(t, [0xdc50_c000, 0x017f_0002]), "SEG");
        assert_eq!(field(t, [0xdc50_a000, 0x017f_0002]), "LDS");
        assert_eq!(field(t, [0xdc50_8000, 0x01ff_0002]), "NV");
        assert_eq!(field(t, [0xde50_8000, 0x017f_0002]), "bit 25");
        assert_eq!(field(t, [0xdc50_1000, 0x0100_0002]), "OFFSET");
        assert_eq!(field(t, [0xdc50_0000, 0x0105_0002]), "SADDR");
        assert_eq!(field(t, [0xdc70_0000, 0x0700_0402]), "VDST");
        assert_eq!(field(t, [0xdc50_0000, 0x0100_0902]), "DATA");
        assert_eq!(field(t, [0xdd08_8000, 0x097f_0402]), "VDST");
        assert_eq!(field(t, [0xdc50_4000, 0x0103_0005]), "ADDR");
        assert_eq!(field(t, [0xdc50_8000, 0x0103_0002]), "SADDR");
        assert_eq!(field(t, [0xdc50_8000, 0x017d_0002]), "SADDR");
        assert_eq!(field(t, [0xdc50_8000, 0x017f_00ff]), "ADDR");
        assert_eq!(field(t, [0xdc5c_8000, 0xfe7f_0002]), "VDST");
        assert_eq!(field(Target::Gfx908, [0xdd35_8000, 0x097f_0402]), "GLC");
    }

    #[test]
    fn parse_errors_name_the_column() {
        use crate::formats::parse;
        let t = Target::Gfx908;
        crate::formats::shared::testing::assert_error_columns(
            t,
            &[
                ("flat_load_dword v1", 19),
                ("flat_load_dword v1, v[2:3] offset:4096", 28),
                ("flat_load_dword v1, v[2:3] offset:-1", 28),
                ("global_load_dword v1, v[2:3], off offset:4096", 35),
                ("global_load_dword v1, v2, off", 23),
                ("global_load_dword v1, v2, s[3:4]", 27),
                ("global_load_dword v1, v[2:3], off glc glc", 39),
                ("global_load_dword v1, v[2:3], off nv", 35),
                ("global_atomic_add_f32 v[2:3], v4, off glc", 39),
                ("global_atomic_add v[2:3], v4, off glc", 38),
                ("scratch_load_dword v1, v2, s3", 24),
                ("scratch_load_dword v1, off, off", 24),
                ("flat_store_dword v[2:3], v4,", 29),
                ("flat_store_dword v[2:3] v4", 25),
            ],
        );
        // No panic on odd text.
        for text in [
            "flat_load_dword",
            "global_load_dword",
            "global_load_dword ,",
            "global_load_dword v1, v[2:3], off offset:é",
            "scratch_load_dword v1, off, ü",
            "flat_load_dword v1, v[2:3] offset",
            "global_load_dword v1, v[2:3]]], off",
            "global_store_dword v[2:3], v1, off,",
        ] {
            assert!(parse(t, text).is_err(), "{text}");
        }
    }
}
