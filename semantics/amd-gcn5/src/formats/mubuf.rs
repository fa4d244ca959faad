//! The MUBUF and MTBUF (buffer memory) microcode formats: bit layout, operand shape of every
//! row, and LLVM 14's syntax (`buffer_load_dword v1, v2, s[4:7], s1 offen offset:4 glc`,
//! `tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32] offset:4`).
//!
//! Layout (Vega manual, chapter "Microcode Formats", sections "Vector Memory Buffer
//! Instructions" MUBUF and MTBUF; the MI100 manual has the same fields):
//!
//! | dword | MUBUF | MTBUF |
//! |---|---|---|
//! | 0 | `OFFSET[11:0] OFFEN[12] IDXEN[13] GLC[14]` (15 reserved) `LDS[16] SLC[17] OP[24:18]` (25 reserved) `ENCODING[31:26]=111000` | `OFFSET[11:0] OFFEN[12] IDXEN[13] GLC[14] OP[18:15] DFMT[22:19] NFMT[25:23] ENCODING[31:26]=111010` |
//! | 1 | `VADDR[7:0] VDATA[15:8] SRSRC[20:16]` (21, 22 reserved) `TFE[23] SOFFSET[31:24]` | `VADDR[7:0] VDATA[15:8] SRSRC[20:16]` (21 reserved) `SLC[22] TFE[23] SOFFSET[31:24]` |
//!
//! SRSRC names the SGPR quad `s[4n:4n+3]` (the field is the register number divided by 4;
//! a quad that is not four consecutive SGPRs or a TTMP quad is an error). SOFFSET is a
//! scalar source without the literal (code 255 is an error). VADDR holds one VGPR when one
//! of OFFEN/IDXEN is set, the pair `v[a:a+1]` (index, offset) when both are, and must be
//! zero (`off`) when neither is. VDATA's width is the row's data width (module [`shape`]);
//! LLVM 14 prints it without TFE's extra status dword (docs/design/0011). gfx908 has no
//! ACC bit in these formats: LLVM 14 says "agpr loads and stores not supported on this
//! GPU" (the bit arrived with gfx90a), so bit 23 of dword 1 stays TFE on both targets.
//! Disagreements with LLVM: docs/design/0011-gcn5-buffer-encodings.md.

use super::shared::{
    comma_tokens, count_operands, mnemonic, modifiers, push_ssrc, push_vgpr_checked, Ops, PerRow,
};
use super::smem;
use super::{illegal, UNUSED};
use crate::instructions::{Format, Row};
use crate::operand::{Reason, ScalarReg, ScalarSrc, Sgpr, VgprRange};
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// The fields of a MUBUF or MTBUF instruction, kept whole so that `decode(encode(x)) == x`.
/// `dfmt`/`nfmt` are MTBUF's; they are zero for MUBUF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Buf {
    pub offset: u16,
    pub offen: bool,
    pub idxen: bool,
    pub glc: bool,
    pub slc: bool,
    pub lds: bool,
    pub tfe: bool,
    pub vaddr: u8,
    pub vdata: u8,
    /// The SRSRC field: the quad `s[4*srsrc : 4*srsrc+3]`.
    pub srsrc: u8,
    pub soffset: ScalarSrc,
    pub dfmt: u8,
    pub nfmt: u8,
}

impl Default for Buf {
    fn default() -> Self {
        Buf {
            offset: 0,
            offen: false,
            idxen: false,
            glc: false,
            slc: false,
            lds: false,
            tfe: false,
            vaddr: 0,
            vdata: 0,
            srsrc: 0,
            soffset: ScalarSrc::Reg(ScalarReg::Sgpr(Sgpr(0))),
            dfmt: 0,
            nfmt: 0,
        }
    }
}

/// What a row uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Loads and stores with VDATA, VADDR, SRSRC, SOFFSET.
    Memory,
    /// Atomics: as memory, GLC = return the pre-op value; TFE not allowed.
    Atomic,
    /// BUFFER_STORE_LDS_DWORD: SRSRC, SOFFSET, OFFSET; LDS must be 1.
    StoreLds,
    /// BUFFER_WBINVL1, BUFFER_WBINVL1_VOL: no operands; every field zero.
    Bare,
}

/// The operand shape of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub kind: Kind,
    /// VDATA dwords.
    pub vdata: u8,
    /// Whether LDS=1 is allowed (loads LLVM 14 has an `lds` form of).
    pub lds: bool,
    /// Whether the row loads into VDATA (TFE's status dword follows the data).
    pub load: bool,
}

const MUBUF_ENC: u32 = 0b11_1000;
const MTBUF_ENC: u32 = 0b11_1010;

/// Whether a dword is a MUBUF first dword.
pub fn is_mubuf(word: u32) -> bool {
    word >> 26 == MUBUF_ENC
}

/// Whether a dword is an MTBUF first dword.
pub fn is_mtbuf(word: u32) -> bool {
    word >> 26 == MTBUF_ENC
}

/// The opcode of a MUBUF (7 bits) or MTBUF (4 bits) first dword.
pub fn opcode(word0: u32) -> u16 {
    if is_mtbuf(word0) {
        ((word0 >> 15) & 0xf) as u16
    } else {
        ((word0 >> 18) & 0x7f) as u16
    }
}

/// The shape of a MUBUF/MTBUF row, from its name (Vega "MUBUF Instructions", "MTBUF
/// Instructions"): FORMAT_X..XYZW 1..4 dwords; packed D16 formats half that, rounded up
/// (D16_X and D16_XY 1, D16_XYZ and D16_XYZW 2); DWORDXn n; bytes, shorts, D16 and D16_HI
/// loads/stores 1; atomics 1, _X2 and CMPSWAP 2, CMPSWAP_X2 4.
pub fn shape(row: &Row) -> Shape {
    static SHAPES: PerRow<Shape> = PerRow::new(compute_shape);
    *SHAPES.get(row)
}

/// [`shape`], computed (once per row).
fn compute_shape(row: &Row) -> Shape {
    let n = row.name;
    match n {
        "BUFFER_WBINVL1" | "BUFFER_WBINVL1_VOL" => {
            return Shape {
                kind: Kind::Bare,
                vdata: 0,
                lds: false,
                load: false,
            }
        }
        "BUFFER_STORE_LDS_DWORD" => {
            return Shape {
                kind: Kind::StoreLds,
                vdata: 0,
                lds: true,
                load: false,
            }
        }
        _ => {}
    }
    if n.starts_with("BUFFER_ATOMIC_") {
        let x2 = n.ends_with("_X2");
        let cmp = n.contains("CMPSWAP");
        let w = match (x2, cmp) {
            (true, true) => 4,
            (true, false) | (false, true) => 2,
            _ => 1,
        };
        return Shape {
            kind: Kind::Atomic,
            vdata: w,
            lds: false,
            load: false,
        };
    }
    let comps = |s: &str| -> u8 {
        match s.rsplit('_').next() {
            Some("XYZW") => 4,
            Some("XYZ") => 3,
            Some("XY") => 2,
            _ => 1,
        }
    };
    let w = if n.contains("FORMAT_D16_HI") {
        1
    } else if n.contains("FORMAT_D16") {
        comps(n).div_ceil(2)
    } else if n.contains("FORMAT") {
        comps(n)
    } else if let Some(k) = n.strip_suffix("X2") {
        let _ = k;
        2
    } else if n.ends_with("X3") {
        3
    } else if n.ends_with("X4") {
        4
    } else {
        1
    };
    let load = n.contains("_LOAD_");
    // Vega "Memory Buffer Load to LDS": BUFFER_LOAD_{UBYTE, SBYTE, USHORT, SSHORT, DWORD,
    // FORMAT_X} (opcodes 0 and 16..=20). LLVM 14 also has `lds` forms of DWORDX2..X4
    // (docs/design/0011 B8).
    let lds = row.format == Format::Mubuf && (row.opcode == 0 || (16..=20).contains(&row.opcode));
    Shape {
        kind: Kind::Memory,
        vdata: w,
        lds,
        load,
    }
}

/// Split and check the two dwords of `row`.
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Buf, DecodeError> {
    let mt = row.format == Format::Mtbuf;
    let soff_code = (w1 >> 24) as u8;
    let soffset =
        ScalarSrc::from_code(soff_code).map_err(|e| illegal("SOFFSET", u64::from(soff_code), e))?;
    let b = Buf {
        offset: (w0 & 0xfff) as u16,
        offen: (w0 >> 12) & 1 == 1,
        idxen: (w0 >> 13) & 1 == 1,
        glc: (w0 >> 14) & 1 == 1,
        lds: !mt && (w0 >> 16) & 1 == 1,
        slc: if mt {
            (w1 >> 22) & 1 == 1
        } else {
            (w0 >> 17) & 1 == 1
        },
        tfe: (w1 >> 23) & 1 == 1,
        vaddr: (w1 & 0xff) as u8,
        vdata: ((w1 >> 8) & 0xff) as u8,
        srsrc: ((w1 >> 16) & 0x1f) as u8,
        soffset,
        dfmt: if mt { ((w0 >> 19) & 0xf) as u8 } else { 0 },
        nfmt: if mt { ((w0 >> 23) & 0x7) as u8 } else { 0 },
    };
    if !mt && (w0 >> 15) & 1 != 0 {
        return Err(illegal("bit 15", 1, "reserved in the MUBUF format"));
    }
    if !mt && (w0 >> 25) & 1 != 0 {
        return Err(illegal("bit 25", 1, "reserved in the MUBUF format"));
    }
    let reserved1 = if mt { 0b01 } else { 0b11 };
    if (w1 >> 21) & reserved1 != 0 {
        return Err(illegal(
            "dword 1 bits 22:21",
            u64::from((w1 >> 21) & 3),
            "reserved in the buffer formats",
        ));
    }
    check(row, &b)?;
    Ok(b)
}

/// Whether the fields suit the row.
pub fn check(row: &Row, b: &Buf) -> Result<(), DecodeError> {
    let s = shape(row);
    let zero = |field: &'static str, v: u64| -> Result<(), DecodeError> {
        if v != 0 {
            Err(illegal(field, v, UNUSED))
        } else {
            Ok(())
        }
    };
    if b.soffset == ScalarSrc::Literal {
        return Err(illegal(
            "SOFFSET",
            255,
            "a literal constant is not allowed in SOFFSET",
        ));
    }
    if s.kind == Kind::Bare {
        zero("OFFSET", u64::from(b.offset))?;
        zero("OFFEN", u64::from(b.offen))?;
        zero("IDXEN", u64::from(b.idxen))?;
        zero("GLC", u64::from(b.glc))?;
        zero("SLC", u64::from(b.slc))?;
        zero("LDS", u64::from(b.lds))?;
        zero("TFE", u64::from(b.tfe))?;
        zero("VADDR", u64::from(b.vaddr))?;
        zero("VDATA", u64::from(b.vdata))?;
        zero("SRSRC", u64::from(b.srsrc))?;
        zero("SOFFSET", u64::from(b.soffset.code()))?;
        return Ok(());
    }
    smem::check_base(b.srsrc * 2, 4).map_err(|e| illegal("SRSRC", u64::from(b.srsrc), e))?;
    if s.kind == Kind::StoreLds {
        zero("OFFEN", u64::from(b.offen))?;
        zero("IDXEN", u64::from(b.idxen))?;
        zero("TFE", u64::from(b.tfe))?;
        zero("VADDR", u64::from(b.vaddr))?;
        zero("VDATA", u64::from(b.vdata))?;
        if !b.lds {
            return Err(illegal(
                "LDS",
                0,
                "BUFFER_STORE_LDS_DWORD requires LDS = 1 (LLVM prints `lds`)",
            ));
        }
        return Ok(());
    }
    let naddr = u8::from(b.offen) + u8::from(b.idxen);
    if naddr == 0 {
        zero("VADDR", u64::from(b.vaddr))?;
    } else {
        VgprRange::new(b.vaddr, naddr).map_err(|e| illegal("VADDR", u64::from(b.vaddr), e))?;
    }
    VgprRange::new(b.vdata, s.vdata).map_err(|e| illegal("VDATA", u64::from(b.vdata), e))?;
    if b.lds && !s.lds {
        return Err(illegal(
            "LDS",
            1,
            "only BUFFER_LOAD_FORMAT_X and BUFFER_LOAD_UBYTE..DWORD load into LDS (Vega \"Memory Buffer Load to LDS\")",
        ));
    }
    if b.glc
        && matches!(
            row.name,
            "BUFFER_ATOMIC_ADD_F32" | "BUFFER_ATOMIC_PK_ADD_F16"
        )
    {
        return Err(illegal(
            "GLC",
            1,
            "MI100's float buffer atomics do not return the old value; GLC must be 0",
        ));
    }
    if b.tfe && b.lds {
        return Err(illegal(
            "TFE",
            1,
            "TFE with LDS = 1: the data goes to LDS, there is no VGPR for the status \
             (LLVM 14 has no such form)",
        ));
    }
    if b.tfe {
        if s.kind == Kind::Atomic {
            return Err(illegal(
                "TFE",
                1,
                "TFE is not allowed on buffer atomics (LLVM 14 cannot express it)",
            ));
        }
        if s.load && u32::from(b.vdata) + u32::from(s.vdata) + 1 > 256 {
            return Err(illegal(
                "VDATA",
                u64::from(b.vdata),
                "TFE's status dword after the data runs past v255",
            ));
        }
    }
    Ok(())
}

/// The two dwords.
pub fn encode(row: &Row, b: &Buf) -> [u32; 2] {
    let common0 = u32::from(b.offset & 0xfff)
        | u32::from(b.offen) << 12
        | u32::from(b.idxen) << 13
        | u32::from(b.glc) << 14;
    let common1 = u32::from(b.vaddr)
        | u32::from(b.vdata) << 8
        | u32::from(b.srsrc & 0x1f) << 16
        | u32::from(b.tfe) << 23
        | u32::from(b.soffset.code()) << 24;
    if row.format == Format::Mtbuf {
        [
            MTBUF_ENC << 26
                | common0
                | u32::from(row.opcode & 0xf) << 15
                | u32::from(b.dfmt & 0xf) << 19
                | u32::from(b.nfmt & 0x7) << 23,
            common1 | u32::from(b.slc) << 22,
        ]
    } else {
        [
            MUBUF_ENC << 26
                | common0
                | u32::from(b.lds) << 16
                | u32::from(b.slc) << 17
                | u32::from(row.opcode & 0x7f) << 18,
            common1,
        ]
    }
}

/// LLVM's names of the MTBUF data formats (DFMT 0..15).
pub const DFMT: [&str; 16] = [
    "INVALID",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "RESERVED_15",
];

/// LLVM's names of the MTBUF numeric formats (NFMT 0..7).
pub const NFMT: [&str; 8] = [
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "RESERVED_6",
    "FLOAT",
];

const DFMT_DEFAULT: u8 = 1;
const NFMT_DEFAULT: u8 = 0;

/// LLVM's `format:[...]` text, or `None` for the default (DFMT 1, NFMT 0).
pub fn format_text(dfmt: u8, nfmt: u8) -> Option<String> {
    let mut parts = Vec::new();
    if dfmt != DFMT_DEFAULT {
        parts.push(format!("BUF_DATA_FORMAT_{}", DFMT[usize::from(dfmt & 15)]));
    }
    if nfmt != NFMT_DEFAULT {
        parts.push(format!("BUF_NUM_FORMAT_{}", NFMT[usize::from(nfmt & 7)]));
    }
    if parts.is_empty() {
        None
    } else {
        Some(format!("format:[{}]", parts.join(",")))
    }
}

/// Parse the value after `format:`: `[NAME(,NAME)]` or a number `dfmt + 16 * nfmt`.
pub fn format_parse(v: &str) -> Result<(u8, u8), Reason> {
    if let Some(inner) = v.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (mut d, mut n) = (None, None);
        for p in inner.split(',').map(str::trim) {
            if let Some(name) = p.strip_prefix("BUF_DATA_FORMAT_") {
                let i = DFMT
                    .iter()
                    .position(|x| *x == name)
                    .ok_or("unknown BUF_DATA_FORMAT_ name")?;
                if d.replace(i as u8).is_some() || n.is_some() {
                    return Err("the data format comes first, once");
                }
            } else if let Some(name) = p.strip_prefix("BUF_NUM_FORMAT_") {
                let i = NFMT
                    .iter()
                    .position(|x| *x == name)
                    .ok_or("unknown BUF_NUM_FORMAT_ name")?;
                if n.replace(i as u8).is_some() {
                    return Err("the numeric format is given twice");
                }
            } else {
                return Err("expected BUF_DATA_FORMAT_* or BUF_NUM_FORMAT_*");
            }
        }
        return Ok((d.unwrap_or(DFMT_DEFAULT), n.unwrap_or(NFMT_DEFAULT)));
    }
    let k = crate::operand::parse_int(v)
        .filter(|k| (0..128).contains(k))
        .ok_or("expected format:[...] or a number 0..127")? as u8;
    Ok((k & 15, k >> 4))
}

/// LLVM's text of a MUBUF/MTBUF instruction.
pub fn text(row: &Row, b: &Buf) -> String {
    let mut out = String::with_capacity(80);
    write_text(&mut out, row, b);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, b: &Buf) {
    let s = shape(row);
    let mut ops = Ops::new(out, mnemonic(row));
    if s.kind == Kind::Bare {
        return;
    }
    if s.kind != Kind::StoreLds {
        push_vgpr_checked(ops.operand(), b.vdata, s.vdata);
        let naddr = u8::from(b.offen) + u8::from(b.idxen);
        if naddr == 0 {
            ops.operand().push_str("off");
        } else {
            push_vgpr_checked(ops.operand(), b.vaddr, naddr);
        }
    }
    let out = ops.operand();
    match smem::check_base(b.srsrc * 2, 4) {
        Ok(r) => smem::push_reg(out, r, 4),
        Err(_) => {
            let _ = write!(out, "<srsrc {}>", b.srsrc);
        }
    }
    out.push_str(", ");
    push_ssrc(out, b.soffset.code(), 1, 0);
    if row.format == Format::Mtbuf {
        if let Some(f) = format_text(b.dfmt, b.nfmt) {
            out.push(' ');
            out.push_str(&f);
        }
    }
    if b.idxen {
        out.push_str(" idxen");
    }
    if b.offen {
        out.push_str(" offen");
    }
    if b.offset != 0 {
        let _ = write!(out, " offset:{}", b.offset);
    }
    // BUFFER_STORE_LDS_DWORD's `lds` is part of its syntax and comes first.
    let flags = if s.kind == Kind::StoreLds {
        [
            (b.lds, "lds"),
            (b.glc, "glc"),
            (b.slc, "slc"),
            (b.tfe, "tfe"),
        ]
    } else {
        [
            (b.glc, "glc"),
            (b.slc, "slc"),
            (b.lds, "lds"),
            (b.tfe, "tfe"),
        ]
    };
    for (on, name) in flags {
        if on {
            out.push(' ');
            out.push_str(name);
        }
    }
}

/// Parse `s[4n:4n+3]` or `ttmp[4n:4n+3]` into the SRSRC field.
fn parse_quad(t: &str) -> Result<u8, Reason> {
    let (rest, base, count) = if let Some(r) = t.strip_prefix("ttmp") {
        (r, 108, 16)
    } else if let Some(r) = t.strip_prefix('s') {
        (r, 0, 102)
    } else {
        return Err("expected an SGPR quad s[4n:4n+3] or ttmp[4n:4n+3]");
    };
    let inner = rest
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or("expected a register range [lo:hi]")?;
    let (a, b) = inner.split_once(':').ok_or("expected [lo:hi]")?;
    let num = |s: &str| -> Option<u32> {
        let s = s.trim();
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|c| c.is_ascii_digit()) {
            None
        } else {
            s.parse().ok()
        }
    };
    let lo = num(a).ok_or("bad register index")?;
    let hi = num(b).ok_or("bad register index")?;
    if hi < lo || hi - lo != 3 {
        return Err("a buffer resource is four registers");
    }
    if lo % 4 != 0 {
        return Err("a buffer resource must be 4-aligned (s[4n:4n+3])");
    }
    if hi >= count {
        return Err("the register range runs past the end of its register file");
    }
    Ok(((base + lo) / 4) as u8)
}

/// Parse the operand text after the mnemonic; `base` is its 0-based column in the line.
/// Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Buf, (usize, String)> {
    let s = shape(row);
    let mt = row.format == Format::Mtbuf;
    let mut b = Buf {
        dfmt: if mt { DFMT_DEFAULT } else { 0 },
        nfmt: 0,
        ..Buf::default()
    };
    // Tokens: comma-separated operands; the last operand is followed by space-separated
    // modifiers.
    let toks = comma_tokens(ops, base)?;
    let end = base + ops.trim_end().len();
    let nops = match s.kind {
        Kind::Bare => 0,
        Kind::StoreLds => 2,
        _ => 4,
    };
    // Operands: the first tokens up to and including the first one not followed by a comma.
    let n = count_operands(&toks, end, nops, &row.mnemonic(), "operand(s)")?;
    let e = |col: usize, tok: &str, r: &str| (col, format!("`{tok}`: {r}"));
    let mut vaddr_tok: Option<(usize, &str)> = None;
    let (rs_i, so_i) = if s.kind == Kind::StoreLds {
        (0, 1)
    } else {
        (2, 3)
    };
    if nops > 0 {
        if s.kind != Kind::StoreLds {
            let (c, t, _) = toks[0];
            b.vdata = VgprRange::parse(t, s.vdata).map_err(|r| e(c, t, r))?.first;
            let (c, t, _) = toks[1];
            if t != "off" {
                vaddr_tok = Some((c, t));
            }
        }
        let (c, t, _) = toks[rs_i];
        b.srsrc = parse_quad(t).map_err(|r| e(c, t, r))?;
        let (c, t, _) = toks[so_i];
        let (so, lit) = ScalarSrc::parse(t, 1).map_err(|r| e(c, t, r))?;
        if lit.is_some() || so == ScalarSrc::Literal {
            return Err(e(c, t, "a literal constant is not allowed in SOFFSET"));
        }
        b.soffset = so;
    }
    for modifier in modifiers(toks[n..].iter().map(|t| (t.0, t.1))) {
        let (col, tok, key, val) = modifier?;
        let flag = |v: &str| v.is_empty();
        match key {
            "offen" if flag(val) && s.kind != Kind::Bare => b.offen = true,
            "idxen" if flag(val) && s.kind != Kind::Bare => b.idxen = true,
            "glc" if flag(val) && s.kind != Kind::Bare => b.glc = true,
            "slc" if flag(val) && s.kind != Kind::Bare => b.slc = true,
            "tfe" if flag(val) && s.kind != Kind::Bare => b.tfe = true,
            "lds" if flag(val) && !mt && s.lds => b.lds = true,
            "offset" if s.kind != Kind::Bare => {
                b.offset = crate::operand::parse_int(val)
                    .filter(|v| (0..4096).contains(v))
                    .ok_or_else(|| e(col, tok, "expected an offset 0..4095"))?
                    as u16;
            }
            "format" if mt => {
                let (d, f) = format_parse(val).map_err(|r| e(col, tok, r))?;
                b.dfmt = d;
                b.nfmt = f;
            }
            _ => return Err(e(col, tok, "not a modifier of this instruction")),
        }
    }
    let naddr = u8::from(b.offen) + u8::from(b.idxen);
    match (vaddr_tok, naddr) {
        (None, 0) => {}
        (None, _) if s.kind == Kind::StoreLds => {}
        (None, _) => return Err((toks[1].0, "`off`: offen/idxen need a VGPR address".into())),
        (Some((c, t)), 0) => {
            return Err(e(
                c,
                t,
                "a VGPR address needs offen or idxen (else write `off`)",
            ))
        }
        (Some((c, t)), k) => b.vaddr = VgprRange::parse(t, k).map_err(|r| e(c, t, r))?.first,
    }
    check(row, &b).map_err(|err| (end, format!("{err}")))?;
    Ok(b)
}

#[cfg(test)]
mod tests;
