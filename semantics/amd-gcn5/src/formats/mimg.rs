//! The MIMG (image memory) microcode format: bit layout, the operand shape of every row, and
//! LLVM 14's syntax (`image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf unorm glc
//! slc a16 tfe lwe da d16`).
//!
//! Layout (Vega manual, chapter "Microcode Formats", section "Vector Memory Image Format",
//! table "MIMG Fields"; the MI100 manual's chapter "Vector Memory Operations" describes the
//! same fields, its microcode chapter is missing):
//!
//! | dword | fields |
//! |---|---|
//! | 0 | `OP[7]` at bit 0, (7:1 reserved) `DMASK[11:8] UNORM[12] GLC[13] DA[14] A16[15] TFE[16] LWE[17] OP[6:0] at [24:18] SLC[25] ENCODING[31:26]=111100` |
//! | 1 | `VADDR[7:0] VDATA[15:8] SRSRC[20:16] SSAMP[25:21]` (30:26 reserved) `D16[31]` |
//!
//! - OP is eight bits ("combine bits zero and 18-24 to form opcode"); every row is below 128,
//!   so bit 0 set names no row (`UnknownOpcode`).
//! - Bit 15 is A16 on both targets: Vega "removed the R128 bit" (its list of changes) and
//!   LLVM 14 prints `a16` there and says "r128 modifier is not supported on this GPU".
//! - SRSRC names the T#: eight SGPRs `s[4n:4n+7]` (or a TTMP range) at the field times four
//!   ("Image Resource": T#s "are written by the driver as 256 bits"); SSAMP names the S#,
//!   four SGPRs `s[4n:4n+3]`, and is used only by the rows with a sampler ("Image Opcodes
//!   with a Sampler"); the others must have SSAMP = 0.
//! - VDATA width ([`Mimg::data_dwords`]): one dword per DMASK bit (at least one); GATHER4*
//!   always four; D16 (packed on both targets) halves it, rounded up; TFE adds the status
//!   dword. Atomics: DMASK is the data dword count and must be 0x1 / 0x3 (CMPSWAP 0x3 / 0xF)
//!   ("VGPR Usage", Atomics).
//! - GATHER4* read one component (Vega "MIMG Instructions": "gather 4 single component
//!   elements"): DMASK must have exactly one bit set (LLVM's assembler: "only one bit must
//!   be set").
//! - VADDR width is not encoded: it depends on the T#'s dimension, DA, A16 and the opcode's
//!   extra addresses ("VGPR Usage"). LLVM prints the smallest width of any dimension with
//!   16-bit addresses ([`Shape::addr_min`]); so do we. `parse` accepts widths up to the
//!   manual's largest ([`Shape::addr_max`]).
//!
//! Disagreements with LLVM and notes: docs/design/0016-gcn5-mimg-encodings.md.

use super::shared::{
    comma_tokens, count_operands, mnemonic, modifiers, push_vgpr_checked, Ops, PerRow,
};
use super::{illegal, UNUSED};
use crate::instructions::Row;
use crate::operand::{Reason, VgprRange};
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// The fields of an MIMG instruction, kept whole so that `decode(encode(x)) == x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mimg {
    pub dmask: u8,
    pub unorm: bool,
    pub glc: bool,
    pub da: bool,
    pub a16: bool,
    pub tfe: bool,
    pub lwe: bool,
    pub slc: bool,
    pub vaddr: u8,
    pub vdata: u8,
    /// The SRSRC field: the T# at `s[4*srsrc : 4*srsrc+7]`.
    pub srsrc: u8,
    /// The SSAMP field: the S# at `s[4*ssamp : 4*ssamp+3]`.
    pub ssamp: u8,
    pub d16: bool,
}

/// What a row does with its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// IMAGE_LOAD*, IMAGE_GET_RESINFO: no sampler, VDATA is written.
    Load,
    /// IMAGE_STORE*: no sampler, VDATA is read; UNORM must be 1.
    Store,
    /// IMAGE_ATOMIC_*: no sampler; UNORM must be 1; DMASK is the data dword count.
    Atomic { cmpswap: bool },
    /// IMAGE_SAMPLE*, IMAGE_GET_LOD: with a sampler.
    Sample,
    /// IMAGE_GATHER4*, GATHER4H*, GATHER8H_PCK: with a sampler, four dwords of data.
    Gather,
}

/// The operand shape of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub kind: Kind,
    /// Whether the row reads an S# (SSAMP).
    pub sampler: bool,
    /// Whether D16 is allowed (Vega "Image Instructions", D16: "IMAGE_SAMPLE*,
    /// IMAGE_GATHER4*, but not GATHER4H_PCK, IMAGE_LOAD, IMAGE_LOAD_MIP, IMAGE_STORE,
    /// IMAGE_STORE_MIP").
    pub d16: bool,
    /// The VADDR width LLVM 14 prints: the smallest address count of the opcode (one
    /// dword of packed 16-bit coordinates/LOD/clamp, one of packed derivatives, one each
    /// for offset, bias and z-compare).
    pub addr_min: u8,
    /// The largest address count in the manual ("VGPR Usage": offset, bias, z-compare, up
    /// to 6 derivatives, a body of up to 3 coordinates plus LOD or clamp; 4 without a
    /// sampler; 1 for GET_RESINFO).
    pub addr_max: u8,
}

const ENC: u32 = 0b11_1100;

/// Whether a dword is an MIMG first dword.
pub fn is_mimg(word: u32) -> bool {
    word >> 26 == ENC
}

/// The 8-bit opcode of an MIMG first dword: OP[6:0] at bits 24:18, OP[7] at bit 0.
pub fn opcode(word0: u32) -> u16 {
    (((word0 >> 18) & 0x7f) | ((word0 & 1) << 7)) as u16
}

/// The shape of an MIMG row, from its name (Vega "MIMG Instructions"; the address rules of
/// "Image Opcodes with No Sampler", "Image Opcodes with a Sampler" and "VGPR Usage").
pub fn shape(row: &Row) -> Shape {
    static SHAPES: PerRow<Shape> = PerRow::new(compute_shape);
    *SHAPES.get(row)
}

/// [`shape`], computed (once per row).
fn compute_shape(row: &Row) -> Shape {
    let n = row.name.strip_prefix("IMAGE_").unwrap_or(row.name);
    let no_sampler = |kind, d16, max| Shape {
        kind,
        sampler: false,
        d16,
        addr_min: 1,
        addr_max: max,
    };
    if let Some(op) = n.strip_prefix("ATOMIC_") {
        return no_sampler(
            Kind::Atomic {
                cmpswap: op == "CMPSWAP",
            },
            false,
            4,
        );
    }
    if n == "GET_RESINFO" {
        return no_sampler(Kind::Load, false, 1);
    }
    if n.starts_with("LOAD") {
        return no_sampler(Kind::Load, matches!(n, "LOAD" | "LOAD_MIP"), 4);
    }
    if n.starts_with("STORE") {
        return no_sampler(Kind::Store, matches!(n, "STORE" | "STORE_MIP"), 4);
    }
    // With a sampler: SAMPLE*, GATHER4*, GATHER4H*, GATHER8H_PCK, GET_LOD.
    let get_lod = n == "GET_LOD";
    let (kind, rest) = if let Some(r) = n.strip_prefix("SAMPLE") {
        (Kind::Sample, r)
    } else if let Some(r) = n
        .strip_prefix("GATHER4H")
        .or_else(|| n.strip_prefix("GATHER8H"))
        .or_else(|| n.strip_prefix("GATHER4"))
    {
        (Kind::Gather, r)
    } else {
        // GET_LOD: addresses as IMAGE_SAMPLE ("Sample includes ... getlod").
        (Kind::Sample, "")
    };
    let has = |s: &str| rest.split('_').any(|t| t == s);
    let o = u8::from(has("O"));
    let b = u8::from(has("B"));
    let c = u8::from(has("C"));
    let d = has("D") || has("CD");
    let lod = u8::from(has("L") || has("CL"));
    Shape {
        kind,
        sampler: true,
        d16: !n.ends_with("PCK") && !get_lod,
        addr_min: 1 + o + b + c + u8::from(d),
        addr_max: o + b + c + if d { 6 } else { 0 } + 3 + lod,
    }
}

impl Mimg {
    /// The VDATA dwords of this instruction for `row` (module documentation).
    pub fn data_dwords(&self, row: &Row) -> u8 {
        let s = shape(row);
        let comps = (self.dmask & 0xf).count_ones() as u8;
        // Atomics: DMASK is the dword count (0x1, 0x3 or 0xF once checked).
        let n = if s.kind == Kind::Gather {
            4
        } else {
            comps.max(1)
        };
        let n = if self.d16 { n.div_ceil(2) } else { n };
        n + u8::from(self.tfe)
    }
}

/// Split and check the two dwords of `row`.
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Mimg, DecodeError> {
    if (w0 >> 1) & 0x7f != 0 {
        return Err(illegal(
            "bits 7:1",
            u64::from((w0 >> 1) & 0x7f),
            "reserved in the MIMG format",
        ));
    }
    if (w1 >> 26) & 0x1f != 0 {
        return Err(illegal(
            "dword 1 bits 30:26",
            u64::from((w1 >> 26) & 0x1f),
            "reserved in the MIMG format",
        ));
    }
    let bit = |w: u32, b: u32| (w >> b) & 1 == 1;
    let m = Mimg {
        dmask: ((w0 >> 8) & 0xf) as u8,
        unorm: bit(w0, 12),
        glc: bit(w0, 13),
        da: bit(w0, 14),
        a16: bit(w0, 15),
        tfe: bit(w0, 16),
        lwe: bit(w0, 17),
        slc: bit(w0, 25),
        vaddr: (w1 & 0xff) as u8,
        vdata: ((w1 >> 8) & 0xff) as u8,
        srsrc: ((w1 >> 16) & 0x1f) as u8,
        ssamp: ((w1 >> 21) & 0x1f) as u8,
        d16: bit(w1, 31),
    };
    check(row, &m)?;
    Ok(m)
}

/// The first register code of `dwords` scalar registers named by a 5-bit resource field
/// (the register number divided by 4), or why it names none: the range must be SGPRs
/// (s0..s101) or TTMPs (ttmp0..15).
pub fn resource_regs(field: u8, dwords: u32) -> Result<String, Reason> {
    let code = u32::from(field & 0x1f) * 4;
    if code + dwords <= 102 {
        Ok(format!("s[{}:{}]", code, code + dwords - 1))
    } else if (108..124).contains(&code) && code - 108 + dwords <= 16 {
        Ok(format!("ttmp[{}:{}]", code - 108, code - 108 + dwords - 1))
    } else if code < 102 {
        Err("the register range runs past s101")
    } else {
        Err("a resource is in SGPRs (s0..s101) or TTMPs (ttmp0..15)")
    }
}

/// [`resource_regs`] for SRSRC (8 dwords) and SSAMP (4 dwords), from a table: decoding
/// checks and printing ask on every instruction.
fn resource_str(field: u8, sampler: bool) -> Result<&'static str, Reason> {
    type Table = Vec<[Result<Box<str>, Reason>; 2]>;
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..=255u8)
            .map(|f| [8, 4].map(|n| resource_regs(f, n).map(String::into_boxed_str)))
            .collect()
    });
    table[usize::from(field)][usize::from(sampler)]
        .as_deref()
        .map_err(|&e| e)
}

/// Parse `s[4n:4n+k]` / `ttmp[4n:4n+k]` of `dwords` registers into a resource field.
fn parse_regs(t: &str, dwords: u32) -> Result<u8, Reason> {
    let (rest, base) = if let Some(r) = t.strip_prefix("ttmp") {
        (r, 108)
    } else if let Some(r) = t.strip_prefix('s') {
        (r, 0)
    } else if dwords == 8 {
        return Err("expected the T# in eight SGPRs s[4n:4n+7] or ttmp[4n:4n+7]");
    } else {
        return Err("expected the S# in four SGPRs s[4n:4n+3] or ttmp[4n:4n+3]");
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
    if hi < lo || hi - lo + 1 != dwords {
        return Err(if dwords == 8 {
            "an image resource (T#) is eight registers"
        } else {
            "a sampler (S#) is four registers"
        });
    }
    if lo % 4 != 0 {
        return Err("a resource must start at a multiple of 4 (s[4n:...])");
    }
    let field = ((base + lo) / 4) as u8;
    if field > 31 {
        return Err("the register range runs past the end of its register file");
    }
    resource_regs(field, dwords)?;
    Ok(field)
}

/// Whether the fields suit the row.
pub fn check(row: &Row, m: &Mimg) -> Result<(), DecodeError> {
    let s = shape(row);
    if m.dmask > 0xf {
        return Err(illegal("DMASK", u64::from(m.dmask), "DMASK is four bits"));
    }
    resource_str(m.srsrc, false).map_err(|e| illegal("SRSRC", u64::from(m.srsrc), e))?;
    if s.sampler {
        resource_str(m.ssamp, true).map_err(|e| illegal("SSAMP", u64::from(m.ssamp), e))?;
    } else if m.ssamp != 0 {
        return Err(illegal("SSAMP", u64::from(m.ssamp), UNUSED));
    }
    if m.d16 && !s.d16 {
        return Err(illegal(
            "D16",
            1,
            "D16 is allowed only with IMAGE_SAMPLE*, IMAGE_GATHER4* (not GATHER4H_PCK), \
             IMAGE_LOAD, IMAGE_LOAD_MIP, IMAGE_STORE and IMAGE_STORE_MIP (Vega \"Image \
             Instructions\", D16)",
        ));
    }
    if matches!(s.kind, Kind::Store | Kind::Atomic { .. }) && !m.unorm {
        return Err(illegal(
            "UNORM",
            0,
            "UNORM must be 1 for image stores and atomics (Vega \"Image Instructions\", UNRM)",
        ));
    }
    if s.kind == Kind::Gather && m.dmask.count_ones() != 1 {
        return Err(illegal(
            "DMASK",
            u64::from(m.dmask),
            "a gather returns one component of four texels (\"gather 4 single component \
             elements\"): DMASK must have exactly one bit set",
        ));
    }
    if let Kind::Atomic { cmpswap } = s.kind {
        let legal = if cmpswap {
            matches!(m.dmask, 0x3 | 0xf)
        } else {
            matches!(m.dmask, 0x1 | 0x3)
        };
        if !legal {
            return Err(illegal(
                "DMASK",
                u64::from(m.dmask),
                if cmpswap {
                    "an image CMPSWAP takes DMASK 0x3 (32-bit) or 0xF (64-bit) (Vega \
                     \"VGPR Usage\", Atomics)"
                } else {
                    "an image atomic takes DMASK 0x1 (32-bit) or 0x3 (64-bit) (Vega \
                     \"VGPR Usage\", Atomics)"
                },
            ));
        }
        if m.tfe {
            return Err(illegal(
                "TFE",
                1,
                "TFE is not allowed on image atomics (as for buffer atomics, docs/design/0011)",
            ));
        }
    }
    VgprRange::new(m.vaddr, s.addr_min).map_err(|e| illegal("VADDR", u64::from(m.vaddr), e))?;
    VgprRange::new(m.vdata, m.data_dwords(row))
        .map_err(|e| illegal("VDATA", u64::from(m.vdata), e))?;
    Ok(())
}

/// The two dwords.
pub fn encode(row: &Row, m: &Mimg) -> [u32; 2] {
    let op = u32::from(row.opcode);
    let w0 = ENC << 26
        | (op >> 7) & 1
        | u32::from(m.dmask & 0xf) << 8
        | u32::from(m.unorm) << 12
        | u32::from(m.glc) << 13
        | u32::from(m.da) << 14
        | u32::from(m.a16) << 15
        | u32::from(m.tfe) << 16
        | u32::from(m.lwe) << 17
        | (op & 0x7f) << 18
        | u32::from(m.slc) << 25;
    let w1 = u32::from(m.vaddr)
        | u32::from(m.vdata) << 8
        | u32::from(m.srsrc & 0x1f) << 16
        | u32::from(m.ssamp & 0x1f) << 21
        | u32::from(m.d16) << 31;
    [w0, w1]
}

/// LLVM's text of an MIMG instruction.
pub fn text(row: &Row, m: &Mimg) -> String {
    let mut out = String::with_capacity(80);
    write_text(&mut out, row, m);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, m: &Mimg) {
    let s = shape(row);
    let regs = |out: &mut String, f: u8, n: u32| match resource_str(f, n == 4) {
        Ok(t) => out.push_str(t),
        Err(_) => {
            let _ = write!(out, "<{n} at {f}>");
        }
    };
    let mut ops = Ops::new(out, mnemonic(row));
    push_vgpr_checked(ops.operand(), m.vdata, m.data_dwords(row));
    push_vgpr_checked(ops.operand(), m.vaddr, s.addr_min);
    regs(ops.operand(), m.srsrc, 8);
    if s.sampler {
        regs(ops.operand(), m.ssamp, 4);
    }
    if m.dmask != 0 {
        let _ = write!(out, " dmask:{:#x}", m.dmask);
    }
    for (on, name) in [
        (m.unorm, "unorm"),
        (m.glc, "glc"),
        (m.slc, "slc"),
        (m.a16, "a16"),
        (m.tfe, "tfe"),
        (m.lwe, "lwe"),
        (m.da, "da"),
        (m.d16, "d16"),
    ] {
        if on {
            out.push(' ');
            out.push_str(name);
        }
    }
}

/// Parse the operand text after the mnemonic; `base` is its 0-based column in the line.
/// Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Mimg, (usize, String)> {
    let s = shape(row);
    let mut m = Mimg::default();
    // Tokens: comma-separated operands, then space-separated modifiers.
    let toks = comma_tokens(ops, base)?;
    let end = base + ops.trim_end().len();
    let nops = if s.sampler { 4 } else { 3 };
    let n = count_operands(&toks, end, nops, &row.mnemonic(), "operands")?;
    let e = |col: usize, tok: &str, r: &str| (col, format!("`{tok}`: {r}"));
    let (c, t, _) = toks[2];
    m.srsrc = parse_regs(t, 8).map_err(|r| e(c, t, r))?;
    if s.sampler {
        let (c, t, _) = toks[3];
        m.ssamp = parse_regs(t, 4).map_err(|r| e(c, t, r))?;
    }
    for modifier in modifiers(toks[n..].iter().map(|t| (t.0, t.1))) {
        let (col, tok, key, val) = modifier?;
        let flag = val.is_empty() && !tok.contains(':');
        match key {
            "dmask" if !flag => {
                m.dmask = crate::operand::parse_int(val)
                    .filter(|v| (0..16).contains(v))
                    .ok_or_else(|| e(col, tok, "expected a DMASK 0..15"))?
                    as u8;
            }
            "unorm" if flag => m.unorm = true,
            "glc" if flag => m.glc = true,
            "slc" if flag => m.slc = true,
            "a16" if flag => m.a16 = true,
            "tfe" if flag => m.tfe = true,
            "lwe" if flag => m.lwe = true,
            "da" if flag => m.da = true,
            "d16" if flag => m.d16 = true,
            "r128" => {
                return Err(e(
                    col,
                    tok,
                    "no R128 bit on this target (bit 15 is A16; Vega removed R128)",
                ))
            }
            _ => return Err(e(col, tok, "not a modifier of this instruction")),
        }
    }
    // VDATA's width follows from DMASK, D16 and TFE; VADDR's is any of the opcode's.
    let (c, t, _) = toks[0];
    m.vdata = VgprRange::parse(t, m.data_dwords(row))
        .map_err(|_| {
            e(
                c,
                t,
                &format!(
                    "expected {} VGPR(s) of data (DMASK, D16 and TFE say so)",
                    m.data_dwords(row)
                ),
            )
        })?
        .first;
    let (c, t, _) = toks[1];
    let width = (s.addr_min..=s.addr_max)
        .find(|&w| VgprRange::parse(t, w).is_ok())
        .ok_or_else(|| {
            e(
                c,
                t,
                &format!(
                    "expected an address of {} to {} VGPRs",
                    s.addr_min, s.addr_max
                ),
            )
        })?;
    m.vaddr = VgprRange::parse(t, width).map_err(|r| e(c, t, r))?.first;
    check(row, &m).map_err(|err| (end, format!("{err}")))?;
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::shared::testing::next;
    use crate::formats::{decode as fdecode, encode as fencode, parse as fparse};
    use crate::instructions::{by_name, rows, Format};
    use crate::target::Target;
    use gpuref_core::decode::DecodeErrorKind;

    fn row(n: &str) -> &'static Row {
        by_name(Target::Gfx900, n).unwrap()
    }

    #[test]
    fn shapes_and_widths() {
        let s = |n| shape(row(n));
        // LLVM 14's printed widths (llvm-mc --disassemble, every opcode probed).
        for (n, min) in [
            ("IMAGE_LOAD", 1),
            ("IMAGE_GET_RESINFO", 1),
            ("IMAGE_SAMPLE", 1),
            ("IMAGE_SAMPLE_CL", 1),
            ("IMAGE_SAMPLE_D", 2),
            ("IMAGE_SAMPLE_C_D", 3),
            ("IMAGE_SAMPLE_C_D_CL_O", 4),
            ("IMAGE_SAMPLE_C_B_CL_O", 4),
            ("IMAGE_SAMPLE_CD_O", 3),
            ("IMAGE_GATHER4_L", 1),
            ("IMAGE_GATHER4_C_B_O", 4),
            ("IMAGE_GET_LOD", 1),
        ] {
            assert_eq!(s(n).addr_min, min, "{n}");
        }
        assert_eq!(s("IMAGE_SAMPLE_C_D_CL_O").addr_max, 12);
        assert_eq!(s("IMAGE_GATHER4_CL").addr_max, 4);
        assert_eq!(s("IMAGE_GET_RESINFO").addr_max, 1);
        assert!(!s("IMAGE_GATHER4H_PCK").d16);
        assert!(s("IMAGE_GATHER4H").d16);
        assert!(!s("IMAGE_LOAD_PCK").d16);
        assert!(!s("IMAGE_GET_LOD").d16);
        let w = |n, dmask, d16, tfe| {
            Mimg {
                dmask,
                d16,
                tfe,
                ..Mimg::default()
            }
            .data_dwords(row(n))
        };
        assert_eq!(w("IMAGE_LOAD", 0, false, false), 1);
        assert_eq!(w("IMAGE_LOAD", 0xf, false, true), 5);
        assert_eq!(w("IMAGE_LOAD", 0x7, true, true), 3);
        assert_eq!(w("IMAGE_GATHER4", 0x1, false, false), 4);
        assert_eq!(w("IMAGE_GATHER4", 0x1, true, false), 2);
        assert_eq!(w("IMAGE_ATOMIC_CMPSWAP", 0xf, false, false), 4);
    }

    /// Texts and words from `llvm-mc-14 -arch=amdgcn -mcpu=gfx900 -show-encoding`.
    #[test]
    fn known_llvm_encodings() {
        for (text, w) in [
            (
                "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf",
                [0xf080_0f00u32, 0x0082_0004],
            ),
            (
                "image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf",
                [0xf038_0f00, 0x0002_0004],
            ),
            (
                "image_atomic_add v0, v4, s[8:15] dmask:0x1 unorm glc",
                [0xf048_3100, 0x0002_0004],
            ),
            ("image_load v0, v1, s[8:15] dmask:0x1", [0xf000_0100, 0x0002_0001]),
            (
                "image_sample v[0:2], v4, s[8:15], s[16:19] dmask:0xf unorm glc slc a16 tfe lwe da d16",
                [0xf283_ff00, 0x8082_0004],
            ),
        ] {
            for t in Target::ALL {
                let (inst, used) = fdecode(t, &w).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(used, 2);
                assert_eq!(inst.to_string(), text);
                assert_eq!(fencode(&fparse(t, text).unwrap()), w.to_vec(), "{text}");
            }
        }
    }

    #[test]
    fn every_row_roundtrips_decode_print_parse_encode() {
        for t in Target::ALL {
            for r in rows().filter(|r| r.format == Format::Mimg && r.targets.contains(t)) {
                let mut st = u64::from(r.opcode) * 131 + t as u64;
                let mut ok = 0;
                for i in 0..2000 {
                    let v = next(&mut st);
                    let op = u32::from(r.opcode);
                    let mut w0 =
                        (ENC << 26) | (v as u32 & 0x0203_ff00) | (op & 0x7f) << 18 | (op >> 7) & 1;
                    let mut w1 = (v >> 32) as u32 & 0x83ff_ffff;
                    if i % 2 == 0 {
                        // Mostly plain operands so that most words decode.
                        w1 = (w1 & 0x8000_ffff) | 0x0082_0000;
                        w0 |= 1 << 12;
                        w0 &= !(1 << 16);
                        if !shape(r).sampler {
                            w1 &= !(0x1f << 21);
                        }
                    }
                    let words = [w0, w1];
                    let Ok((inst, used)) = fdecode(t, &words) else {
                        continue;
                    };
                    ok += 1;
                    assert_eq!((inst.row, used), (r, 2));
                    assert_eq!(fencode(&inst), words.to_vec(), "{}", r.name);
                    let text = inst.to_string();
                    let back = fparse(t, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back, inst, "{text}");
                }
                assert!(ok > 20, "{} on {t}: only {ok} decoded", r.name);
            }
        }
    }

    #[test]
    fn bad_words_and_text_are_errors() {
        let t = Target::Gfx900;
        let kind = |w: [u32; 2]| {
            fdecode(t, &w)
                .map(|(i, _)| i.to_string())
                .expect_err(&format!("{w:x?}"))
                .kind
        };
        assert!(fdecode(t, &[0xf000_0100]).is_err(), "truncated");
        assert!(matches!(
            kind([0xf080_0f02, 0x0082_0004]),
            DecodeErrorKind::IllegalField {
                field: "bits 7:1",
                ..
            }
        ));
        assert!(matches!(
            kind([0xf080_0f01, 0x0082_0004]),
            DecodeErrorKind::UnknownOpcode { opcode: 160, .. }
        ));
        for (w, field) in [
            ([0xf000_0100u32, 0x0082_0004], "SSAMP"), // sampler field on a load
            ([0xf080_0f00, 0x0098_0004], "SRSRC"),    // s[96:103] past s101
            ([0xf080_0f00, 0x0342_0004], "SSAMP"),    // xnack_mask as S#
            ([0xf020_0100, 0x0002_0004], "UNORM"),    // store without unorm
            ([0xf048_1500, 0x0002_0004], "DMASK"),    // atomic dmask 0x5
            ([0xf049_1100, 0x0002_0004], "TFE"),      // atomic tfe
            ([0xf038_0100, 0x8002_0004], "D16"),      // get_resinfo d16
            ([0xf000_0f00, 0x0002_fd04], "VDATA"),    // v[253:256]
            ([0xf0e8_0100, 0x0082_00fe], "VADDR"),    // sample_c_d_o at v254
            ([0xf000_0100, 0x0402_0004], "dword 1 bits 30:26"),
        ] {
            assert!(
                matches!(kind(w), DecodeErrorKind::IllegalField { field: f, .. } if f == field),
                "{w:x?}: {:?}",
                kind(w)
            );
        }
        crate::formats::shared::testing::assert_error_columns(
            t,
            &[
                ("image_load v0, v4, s[8:11] dmask:0x1", 20),
                ("image_load v[0:1], v4, s[8:15] dmask:0x1", 12),
                ("image_load v0, v[4:8], s[8:15] dmask:0x1", 16),
                ("image_load v0, v4, s[8:15] dmask:0x10", 28),
                ("image_load v0, v4, s[8:15] r128", 28),
                ("image_sample v0, v4, s[8:15] dmask:0x1", 30),
                ("image_sample v0, v4, s[8:15], s[16:19],", 40),
                ("image_store v0, v4, s[8:15] dmask:0x1", 38),
            ],
        );
        // Wider address ranges parse (the width is not encoded).
        let a = fparse(t, "image_sample_d v0, v[4:10], s[8:15], s[16:19] dmask:0x1").unwrap();
        let b = fparse(t, "image_sample_d v0, v[4:5], s[8:15], s[16:19] dmask:0x1").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn every_prefix_of_a_text_parses_or_errors_without_panicking() {
        for text in [
            "image_sample_c_d_cl_o v[0:2], v[4:7], s[8:15], ttmp[4:7] dmask:0xf unorm glc slc a16 tfe lwe da d16",
            "image_atomic_cmpswap v[0:3], v4, ttmp[0:7] dmask:0xf unorm glc",
            "image_load ,, v1 dmask: r128",
        ] {
            for t in Target::ALL {
                for end in 0..=text.len() {
                    let _ = fparse(t, &text[..end]);
                    let _ = fparse(t, &text[end..]);
                }
            }
        }
    }
}
