//! MI100's VOP3P-MAI rows (gfx908 only): the matrix fused multiply-adds `v_mfma_*` and the
//! AccVGPR moves `v_accvgpr_read_b32` / `v_accvgpr_write_b32`, in LLVM's syntax
//! (`v_mfma_f32_32x32x1f32 a[0:31], v0, a1, a[0:31] cbsz:1 abid:2 blgp:3`,
//! `v_accvgpr_read_b32 v1, a2`, `v_accvgpr_write_b32 a1, 1.0`).
//!
//! The MI100 manual names the encoding ("These instructions use the VOP3P-MAI instruction
//! encoding", chapter "Matrix Arithmetic Instructions (MAI)", "Matrix Arithmetic Opcodes")
//! but stops (after section 9.4.4) before its microcode tables, so the layout and the opcode
//! numbers are LLVM's (`llvm-mc -arch=amdgcn -mcpu=gfx908 -show-encoding`, LLVM 14;
//! `Spec::LlvmMc`), docs/design/0015:
//!
//! | dword | fields |
//! |---|---|
//! | 0 | `VDST[7:0] CBSZ[10:8] ABID[14:11]` (bit 15 reserved on gfx908) `OP[22:16] ENCODING[31:23]=110100111` |
//! | 1 | `SRC0[8:0] SRC1[17:9] SRC2[26:18] ACC[28:27] BLGP[31:29]` |
//!
//! MFMA: VDST and SRC2 name AccVGPR tuples (the C and D matrices "always" use the Acc VGPRs,
//! the manual's MAI chapter); SRC2 holds 256 + the first register. SRC0 (A) and SRC1 (B)
//! are a VGPR when their ACC bit (59 for A, 60 for B) is 0 and an AccVGPR when it is 1
//! (field 256 + n), or an inline constant: the manual's list of what MFMA does not take is
//! "SGPRs, SRC_SHARED*, SRC_PRIVATE*, DPP, SDWA, VCCZ, EXECZ, SCC, LDS_DIRECT, LITERAL", and
//! it says the float constants are "always interpreted as FP32", so integer and float inline
//! constants are accepted (printed as 32-bit constants; LLVM 14 rejects or crashes on them:
//! class M3). Register counts per row: [`mfma_shape`].
//!
//! V_ACCVGPR_READ_B32 / V_ACCVGPR_WRITE_B32 use the VOP3P layout with the OPSEL_HI bits (14,
//! 59, 60) set as LLVM's assembler writes them and every modifier zero; READ's SRC0 is
//! 256 + the AccVGPR; WRITE's source is a VGPR or an inline constant (the MFMA list applied:
//! LLVM's assembler also rejects SGPRs there).

use crate::instructions::Row;
use crate::operand::{AccVgprRange, Reason, ScalarSrc, VectorSrc, VgprRange};
use gpuref_core::decode::DecodeError;

use super::{illegal, UNUSED};

/// An MFMA A or B source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MfmaSrc {
    /// ACC bit 0: v[n..].
    Vgpr(u8),
    /// ACC bit 1: a[n..].
    Acc(u8),
    /// An integer or float inline constant (ACC bit 0).
    Const(ScalarSrc),
}

/// The fields of an MFMA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mfma {
    /// The first AccVGPR of D.
    pub vdst: u8,
    pub a: MfmaSrc,
    pub b: MfmaSrc,
    /// The first AccVGPR of C.
    pub c: u8,
    pub cbsz: u8,
    pub abid: u8,
    pub blgp: u8,
}

/// The decoded fields of a VOP3P-MAI row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mai {
    Mfma(Mfma),
    /// V_ACCVGPR_READ_B32 vN, aM.
    AccRead {
        vdst: u8,
        src: u8,
    },
    /// V_ACCVGPR_WRITE_B32 aN, src (a VGPR or an inline constant).
    AccWrite {
        vdst: u8,
        src: VectorSrc,
    },
}

/// Why a source is not an MFMA source.
pub const SRC_REASON: Reason = concat!(
    "MFMA/ACCVGPR sources are VGPRs, AccVGPRs or inline constants (MI100 \"Matrix ",
    "Arithmetic Opcodes\": no SGPRs, SRC_SHARED*, SRC_PRIVATE*, VCCZ, EXECZ, SCC, ",
    "LDS_DIRECT, LITERAL)"
);
/// Why SRC2 below 256 is rejected.
pub const C_REASON: Reason =
    "the C matrix always comes from AccVGPRs (MI100 \"Matrix Arithmetic Instructions\")";
/// Why an ACC bit with a constant is rejected.
pub const ACC_REASON: Reason = "an ACC bit selects the AccVGPR file; the source is not a register";
/// Why bit 15 is rejected.
pub const BIT15_REASON: Reason =
    "reserved on gfx908 (LLVM 14 ignores it; ACC_CD is a later chip's)";
/// Why an ACCVGPR row's OPSEL_HI bits must be set.
pub const HI_REASON: Reason =
    "V_ACCVGPR_* have one source: OPSEL_HI bits 14, 59, 60 must be 1, as LLVM's assembler writes them";
/// Why V_ACCVGPR_READ_B32's SRC0 must be 256 + n.
pub const READ_REASON: Reason =
    "V_ACCVGPR_READ_B32 reads an AccVGPR: SRC0 holds 256 + its number, as LLVM's assembler writes it";

fn is_mfma(row: &Row) -> bool {
    row.name.starts_with("V_MFMA_")
}

/// (A/B dwords, C/D dwords) of an MFMA row: A and B are one VGPR except for the F16 rows
/// (four f16, two); C and D hold M*N*blocks/64 dwords (llvm-mc -mcpu=gfx908).
pub fn mfma_shape(row: &Row) -> (u8, u8) {
    let ab = if row.name.ends_with("F16") && !row.name.ends_with("BF16") {
        2
    } else {
        1
    };
    let cd = match row.name {
        "V_MFMA_F32_32X32X1F32"
        | "V_MFMA_F32_32X32X4F16"
        | "V_MFMA_I32_32X32X4I8"
        | "V_MFMA_F32_32X32X2BF16" => 32,
        "V_MFMA_F32_16X16X1F32"
        | "V_MFMA_F32_16X16X4F16"
        | "V_MFMA_I32_16X16X4I8"
        | "V_MFMA_F32_16X16X2BF16"
        | "V_MFMA_F32_32X32X2F32"
        | "V_MFMA_F32_32X32X8F16"
        | "V_MFMA_I32_32X32X8I8"
        | "V_MFMA_F32_32X32X4BF16" => 16,
        _ => 4,
    };
    (ab, cd)
}

const FIELDS: [&str; 3] = ["SRC0", "SRC1", "SRC2"];

fn constant(code: u16, field: &'static str) -> Result<ScalarSrc, DecodeError> {
    match VectorSrc::from_code(code) {
        Ok(VectorSrc::Scalar(s @ (ScalarSrc::Int(_) | ScalarSrc::Float(_)))) => Ok(s),
        Ok(_) => Err(illegal(field, u64::from(code), SRC_REASON)),
        Err(r) => Err(illegal(field, u64::from(code), r)),
    }
}

fn range_fits(first: u8, count: u8, field: &'static str, code: u64) -> Result<(), DecodeError> {
    if u32::from(first) + u32::from(count) > 256 {
        return Err(illegal(field, code, "the register range runs past 255"));
    }
    Ok(())
}

/// Split and check the two dwords of `row` (a VOP3P-MAI row whose opcode is in `w0`).
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Mai, DecodeError> {
    let vdst = (w0 & 0xff) as u8;
    let code = |i: u32| ((w1 >> (9 * i)) & 0x1ff) as u16;
    if is_mfma(row) {
        if w0 & (1 << 15) != 0 {
            return Err(illegal("bit 15", 1, BIT15_REASON));
        }
        let (ab, cd) = mfma_shape(row);
        let src = |i: u32| -> Result<MfmaSrc, DecodeError> {
            let c = code(i);
            let acc = (w1 >> (27 + i)) & 1 == 1;
            let f = FIELDS[i as usize];
            if c >= 256 {
                let r = (c - 256) as u8;
                range_fits(r, ab, f, u64::from(c))?;
                Ok(if acc {
                    MfmaSrc::Acc(r)
                } else {
                    MfmaSrc::Vgpr(r)
                })
            } else if acc {
                Err(illegal(f, u64::from(c), ACC_REASON))
            } else {
                constant(c, f).map(MfmaSrc::Const)
            }
        };
        let (a, b) = (src(0)?, src(1)?);
        let c = code(2);
        if c < 256 {
            return Err(illegal("SRC2", u64::from(c), C_REASON));
        }
        range_fits((c - 256) as u8, cd, "SRC2", u64::from(c))?;
        range_fits(vdst, cd, "VDST", u64::from(vdst))?;
        return Ok(Mai::Mfma(Mfma {
            vdst,
            a,
            b,
            c: (c - 256) as u8,
            cbsz: ((w0 >> 8) & 7) as u8,
            abid: ((w0 >> 11) & 15) as u8,
            blgp: (w1 >> 29) as u8,
        }));
    }
    // V_ACCVGPR_READ_B32 / V_ACCVGPR_WRITE_B32.
    if w0 & 0x3f00 != 0 {
        return Err(illegal("bits 13:8", u64::from((w0 >> 8) & 0x3f), UNUSED));
    }
    if w0 & (1 << 15) != 0 {
        return Err(illegal("CLMP", 1, UNUSED));
    }
    if w0 & (1 << 14) == 0 || (w1 >> 27) & 3 != 3 {
        return Err(illegal(
            "OPSEL_HI",
            u64::from(((w1 >> 27) & 3) | ((w0 >> 14) & 1) << 2),
            HI_REASON,
        ));
    }
    if w1 >> 29 != 0 {
        return Err(illegal("NEG", u64::from(w1 >> 29), UNUSED));
    }
    for i in 1..3 {
        if code(i) != 0 {
            return Err(illegal(FIELDS[i as usize], u64::from(code(i)), UNUSED));
        }
    }
    let c = code(0);
    if row.name == "V_ACCVGPR_READ_B32" {
        if c < 256 {
            return Err(illegal("SRC0", u64::from(c), READ_REASON));
        }
        Ok(Mai::AccRead {
            vdst,
            src: (c - 256) as u8,
        })
    } else {
        let src = if c >= 256 {
            VectorSrc::Vgpr((c - 256) as u8)
        } else {
            VectorSrc::Scalar(constant(c, "SRC0")?)
        };
        Ok(Mai::AccWrite { vdst, src })
    }
}

fn mfma_code(s: MfmaSrc) -> (u32, u32) {
    match s {
        MfmaSrc::Vgpr(r) => (256 + u32::from(r), 0),
        MfmaSrc::Acc(r) => (256 + u32::from(r), 1),
        MfmaSrc::Const(c) => (u32::from(c.code()), 0),
    }
}

/// The two dwords.
pub fn encode(row: &Row, m: &Mai) -> [u32; 2] {
    let head = (super::vop3p::ENCODING << 23) | (u32::from(row.opcode & 0x7f) << 16);
    match m {
        Mai::Mfma(f) => {
            let (a, acc_a) = mfma_code(f.a);
            let (b, acc_b) = mfma_code(f.b);
            let w0 = head
                | (u32::from(f.abid & 15) << 11)
                | (u32::from(f.cbsz & 7) << 8)
                | u32::from(f.vdst);
            let w1 = (u32::from(f.blgp & 7) << 29)
                | (acc_b << 28)
                | (acc_a << 27)
                | ((256 + u32::from(f.c)) << 18)
                | (b << 9)
                | a;
            [w0, w1]
        }
        Mai::AccRead { vdst, src } => [
            head | (1 << 14) | u32::from(*vdst),
            (3 << 27) | (256 + u32::from(*src)),
        ],
        Mai::AccWrite { vdst, src } => [
            head | (1 << 14) | u32::from(*vdst),
            (3 << 27) | u32::from(src.code()),
        ],
    }
}

fn const_text(c: ScalarSrc) -> String {
    c.display(1, 0)
}

fn mfma_src_text(s: MfmaSrc, count: u8) -> String {
    match s {
        MfmaSrc::Vgpr(r) => VgprRange { first: r, count }.display(),
        MfmaSrc::Acc(r) => AccVgprRange { first: r, count }.display(),
        MfmaSrc::Const(c) => const_text(c),
    }
}

/// LLVM's text.
pub fn text(row: &Row, m: &Mai) -> String {
    let name = row.mnemonic();
    match m {
        Mai::Mfma(f) => {
            let (ab, cd) = mfma_shape(row);
            let mut out = format!(
                "{name} {}, {}, {}, {}",
                AccVgprRange {
                    first: f.vdst,
                    count: cd
                }
                .display(),
                mfma_src_text(f.a, ab),
                mfma_src_text(f.b, ab),
                AccVgprRange {
                    first: f.c,
                    count: cd
                }
                .display()
            );
            for (n, v) in [("cbsz", f.cbsz), ("abid", f.abid), ("blgp", f.blgp)] {
                if v != 0 {
                    out += &format!(" {n}:{v}");
                }
            }
            out
        }
        Mai::AccRead { vdst, src } => format!("{name} v{vdst}, a{src}"),
        Mai::AccWrite { vdst, src } => {
            let s = match src {
                VectorSrc::Vgpr(r) => format!("v{r}"),
                VectorSrc::Scalar(c) => const_text(*c),
                VectorSrc::LdsDirect => "src_lds_direct".into(),
            };
            format!("{name} a{vdst}, {s}")
        }
    }
}

/// A source that is a VGPR (`v`), an AccVGPR (`a`, when `acc_ok`) or an inline constant.
fn parse_src(t: &str, count: u8, acc_ok: bool) -> Result<MfmaSrc, Reason> {
    if t.starts_with('a') && acc_ok {
        return Ok(MfmaSrc::Acc(AccVgprRange::parse(t, count)?.first));
    }
    if t.starts_with('v') && !t.starts_with("vcc") {
        return Ok(MfmaSrc::Vgpr(VgprRange::parse(t, count)?.first));
    }
    match ScalarSrc::parse(t, 1)? {
        (s @ (ScalarSrc::Int(_) | ScalarSrc::Float(_)), _) => Ok(MfmaSrc::Const(s)),
        _ => Err(SRC_REASON),
    }
}

/// Parse the operands of a VOP3P-MAI row (text after the mnemonic; `base` is its 0-based
/// column). Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Mai, (usize, String)> {
    let mut parts = super::split_operands(ops, base);
    let end = base + ops.trim_end().len();
    let mut mods: Vec<(usize, &str)> = Vec::new();
    if let Some(last) = parts.last_mut() {
        if let Some(sp) = last.1.find(char::is_whitespace) {
            let mut col = last.0 + sp;
            for word in last.1[sp..].split(char::is_whitespace) {
                if !word.is_empty() {
                    mods.push((col, word));
                }
                col += word.len() + 1;
            }
            last.1 = &last.1[..sp];
        }
    }
    let want = if is_mfma(row) { 4 } else { 2 };
    if parts.len() != want || parts.iter().any(|p| p.1.is_empty()) {
        let col = parts
            .iter()
            .find(|p| p.1.is_empty())
            .map_or(parts.get(want).map_or(end, |p| p.0), |p| p.0);
        let shape = if want == 4 {
            "vdst, srcA, srcB, srcC"
        } else {
            "vdst, src"
        };
        return Err((
            col,
            format!("{} takes {want} operands: {shape}", row.mnemonic()),
        ));
    }
    let e = |(col, tok): (usize, &str), r: &str| (col, format!("`{tok}`: {r}"));
    if !is_mfma(row) {
        if let Some(&m) = mods.first() {
            return Err(e(m, "V_ACCVGPR_* take no modifiers"));
        }
        let read = row.name == "V_ACCVGPR_READ_B32";
        return if read {
            let vdst = VgprRange::parse(parts[0].1, 1).map_err(|r| e(parts[0], r))?;
            let src = AccVgprRange::parse(parts[1].1, 1).map_err(|r| e(parts[1], r))?;
            Ok(Mai::AccRead {
                vdst: vdst.first,
                src: src.first,
            })
        } else {
            let vdst = AccVgprRange::parse(parts[0].1, 1).map_err(|r| e(parts[0], r))?;
            let src = match parse_src(parts[1].1, 1, false).map_err(|r| e(parts[1], r))? {
                MfmaSrc::Vgpr(r) => VectorSrc::Vgpr(r),
                MfmaSrc::Const(c) => VectorSrc::Scalar(c),
                MfmaSrc::Acc(_) => return Err(e(parts[1], SRC_REASON)),
            };
            Ok(Mai::AccWrite {
                vdst: vdst.first,
                src,
            })
        };
    }
    let (ab, cd) = mfma_shape(row);
    let vdst = AccVgprRange::parse(parts[0].1, cd).map_err(|r| e(parts[0], r))?;
    let a = parse_src(parts[1].1, ab, true).map_err(|r| e(parts[1], r))?;
    let b = parse_src(parts[2].1, ab, true).map_err(|r| e(parts[2], r))?;
    let c = AccVgprRange::parse(parts[3].1, cd).map_err(|r| e(parts[3], r))?;
    let mut f = Mfma {
        vdst: vdst.first,
        a,
        b,
        c: c.first,
        cbsz: 0,
        abid: 0,
        blgp: 0,
    };
    let mut seen: Vec<&str> = Vec::new();
    for &(col, word) in &mods {
        let (name, val) = word.split_once(':').unwrap_or((word, ""));
        if seen.contains(&name) {
            return Err(e((col, word), "modifier given twice"));
        }
        seen.push(name);
        let (slot, max) = match name {
            "cbsz" => (&mut f.cbsz, 7),
            "abid" => (&mut f.abid, 15),
            "blgp" => (&mut f.blgp, 7),
            _ => return Err(e((col, word), "expected cbsz:N, abid:N or blgp:N")),
        };
        let v = crate::operand::parse_int(val)
            .filter(|v| (0..=max).contains(v))
            .ok_or_else(|| e((col, word), "cbsz and blgp take 0..7, abid 0..15"))?;
        *slot = v as u8;
    }
    Ok(Mai::Mfma(f))
}

#[cfg(test)]
mod tests {
    use crate::formats::shared::testing::next;
    use crate::formats::shared::testing::roundtrip_or_illegal;
    use crate::formats::{decode as decode_any, encode as encode_any, parse as parse_any};
    use crate::instructions::{rows, Format};
    use crate::target::Target;
    use gpuref_core::decode::DecodeErrorKind as K;

    /// Random words of every VOP3P-MAI row: each decodes (then encodes back to itself and
    /// its text parses back to it) or is rejected with an `IllegalField`; gfx900 has none.
    #[test]
    fn every_row_roundtrips_or_is_rejected_by_rule() {
        let mut state = 11u64;
        let t = Target::Gfx908;
        let mai: Vec<_> = rows().filter(|r| r.format == Format::Vop3pMai).collect();
        assert_eq!(mai.len(), 22);
        for row in mai {
            assert!(!row.targets.contains(Target::Gfx900), "{}", row.name);
            let mut ok = 0;
            for i in 0..4000 {
                let r = next(&mut state);
                let mut w1 = (r >> 32) as u32;
                let mut w0 = (super::super::vop3p::ENCODING << 23)
                    | u32::from(row.opcode) << 16
                    | (r as u32 & 0xffff);
                if i % 2 == 0 {
                    w0 &= !(1 << 15);
                    w1 |= (1 << 8) | (1 << 17) | (1 << 26);
                }
                if i % 4 == 0 && row.name.starts_with("V_ACCVGPR") {
                    w0 = (w0 & !0xff00) | (1 << 14);
                    w1 = (w1 & 0x1ff) | (3 << 27);
                }
                let w = [w0, w1];
                assert!(decode_any(Target::Gfx900, &w).is_err());
                if roundtrip_or_illegal(t, &w).is_ok() {
                    ok += 1;
                }
            }
            assert!(ok > 100, "{}: only {ok} words decode", row.name);
        }
    }

    /// Words and texts as llvm-mc -mcpu=gfx908 prints them.
    #[test]
    fn llvm_examples() {
        let t = Target::Gfx908;
        for (w, text) in [
            (
                [0xd3c0_1100u32, 0x7c02_0300],
                "v_mfma_f32_32x32x1f32 a[0:31], a0, a1, a[0:31] cbsz:1 abid:2 blgp:3",
            ),
            (
                [0xd3ca_0000, 0x0402_0701],
                "v_mfma_f32_4x4x4f16 a[0:3], v[1:2], v[3:4], a[0:3]",
            ),
            (
                [0xd3c2_7f00, 0xe402_0300],
                "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] cbsz:7 abid:15 blgp:7",
            ),
            ([0xd3d8_4001, 0x1800_0102], "v_accvgpr_read_b32 v1, a2"),
            ([0xd3d9_4001, 0x1800_00d0], "v_accvgpr_write_b32 a1, -16"),
            (
                [0xd3d9_4001, 0x1800_00f8],
                "v_accvgpr_write_b32 a1, 0.15915494",
            ),
        ] {
            let (inst, _) = decode_any(t, &w).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(inst.to_string(), text);
            assert_eq!(
                encode_any(&parse_any(t, text).unwrap()),
                w.to_vec(),
                "{text}"
            );
        }
    }

    #[test]
    fn bad_words_name_the_field() {
        let t = Target::Gfx908;
        for (w, field) in [
            ([0xd3c0_8000u32, 0x0402_0300], "bit 15"),
            ([0xd3c2_0000, 0x0402_0200], "SRC0"),
            ([0xd3c2_0000, 0x0c02_0280], "SRC0"),
            ([0xd3c2_0000, 0x0002_0300], "SRC2"),
            ([0xd3c0_00e1, 0x0402_0300], "VDST"),
            ([0xd3c0_0000, 0x07fa_0300], "SRC2"),
            ([0xd3ca_0000, 0x0402_05ff], "SRC0"),
            ([0xd3d8_0001, 0x0000_0102], "OPSEL_HI"),
            ([0xd3d8_4101, 0x1800_0102], "bits 13:8"),
            ([0xd3d8_c001, 0x1800_0102], "CLMP"),
            ([0xd3d8_4001, 0x3800_0102], "NEG"),
            ([0xd3d8_4001, 0x1800_0302], "SRC1"),
            ([0xd3d8_4001, 0x1800_0002], "SRC0"),
            ([0xd3d9_4001, 0x1800_00fe], "SRC0"),
        ] {
            assert_eq!(
                crate::formats::shared::testing::illegal_field(t, &w),
                field,
                "{w:x?}"
            );
        }
        for op in [67u32, 70, 90, 110, 127] {
            let w = [
                (super::super::vop3p::ENCODING << 23) | op << 16,
                0x0402_0300,
            ];
            assert!(matches!(
                decode_any(t, &w).map_err(|e| e.kind),
                Err(K::UnknownOpcode { .. })
            ));
        }
    }

    #[test]
    fn bad_text_gives_the_column() {
        let t = Target::Gfx908;
        crate::formats::shared::testing::assert_error_columns(
            t,
            &[
                ("v_mfma_f32_4x4x1f32 a[0:3], s0, v1, a[0:3]", 29),
                ("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] cbsz:8", 44),
                (
                    "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] abid:3 abid:3",
                    51,
                ),
                ("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] clamp", 44),
                ("v_mfma_f32_4x4x1f32 a[0:15], v0, v1, a[0:3]", 21),
                ("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, v[0:3]", 37),
                ("v_mfma_f32_4x4x4f16 a[0:3], v0, v1, a[0:3]", 29),
                ("v_mfma_f32_4x4x1f32 a[0:3], v0, v1", 35),
                ("v_accvgpr_read_b32 v1, v2", 24),
                ("v_accvgpr_write_b32 a1, s0", 25),
                ("v_accvgpr_write_b32 a1, 0x1234", 25),
                ("v_accvgpr_write_b32 a1, v2 clamp", 28),
            ],
        );
        assert!(parse_any(Target::Gfx900, "v_accvgpr_read_b32 v1, a2").is_err());
    }
}
