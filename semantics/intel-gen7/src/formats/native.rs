//! The native 128-bit instruction (§5.2.1 "EU Instruction Formats"): DW0 (§5.2.3), the
//! 1-src/2-src operand layout in Align1 and Align16, direct and indirect (§5.2.4.1,
//! §5.2.5.1, §5.2.6), the 3-source layout, and the send, math and branch variants.
//!
//! Decoding is exact by construction: a word is read into an [`Inst`], the `Inst` is encoded
//! again, and any bit that does not come back (a reserved or MBZ bit, a field the assembly
//! syntax cannot say) is a located error naming its field. So `encode(decode(w)) == w` for
//! every word that decodes.

use super::fields::*;
use crate::instructions::{math_fn, BranchKind, Shape, ROWS};
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use gpuref_core::isa::RowId;

/// The DW0 controls and the flag register (bits 90:89, or 34:33 in the 3-source format).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ctrl {
    /// Bit 8 AccessMode: Align16.
    pub align16: bool,
    /// Bit 9 MaskCtrl: NoMask (`(W)` in the syntax).
    pub no_mask: bool,
    /// Bits 11:10 DepCtrl: bit 0 NoDDClr, bit 1 NoDDChk.
    pub dep_ctrl: u8,
    /// Bits 13:12 QtrCtrl.
    pub qtr_ctrl: u8,
    /// Bit 47 NibCtrl.
    pub nib_ctrl: bool,
    /// Bits 15:14 ThreadCtrl: 01 Atomic, 10 Switch (11 reserved).
    pub thread_ctrl: u8,
    /// Bits 19:16 PredCtrl.
    pub pred_ctrl: u8,
    /// Bit 20 PredInv.
    pub pred_inv: bool,
    /// Bits 23:21 ExecSize code.
    pub exec_size: u8,
    /// Bits 27:24: CondModifier, SFID (send, sendc) or FC (math).
    pub cond: u8,
    /// Bit 28 AccWrCtrl.
    pub acc_wr: bool,
    /// Bit 30 DebugCtrl (Breakpoint).
    pub debug: bool,
    /// Bit 31 Saturate.
    pub sat: bool,
    /// FlagRegNum.
    pub flag_reg: u8,
    /// FlagSubRegNum.
    pub flag_sub: u8,
}

/// How an operand's register is addressed (§3.3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addr {
    /// RegNum and the byte offset SubRegNum (Align16 encodes only its bit 4).
    Direct { reg: u8, sub: u8 },
    /// `r[a0.N, imm]`: the address subregister and the signed byte offset AddrImm
    /// (10 bits; Align16 encodes only bits 9:4).
    Indirect { a0: u8, imm: i16 },
}

/// A destination of the 1-src/2-src format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dst {
    pub file: u8,
    pub ty: u8,
    pub addr: Addr,
    /// HorzStride code (Align16: the reserved field that "must be programmed 01").
    pub hs: u8,
    /// ChanEn (Align16 only; 0 in Align1).
    pub chan_en: u8,
}

/// A register source of the 1-src/2-src format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegSrc {
    pub file: u8,
    pub ty: u8,
    /// SrcMod code.
    pub mods: u8,
    pub addr: Addr,
    /// VertStride code.
    pub vs: u8,
    /// Width code (Align1).
    pub width: u8,
    /// HorzStride code (Align1).
    pub hs: u8,
    /// ChanSel (Align16).
    pub swz: u8,
}

/// A source: a register region or the 32-bit immediate of bits 127:96.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Reg(RegSrc),
    /// The type code (immediate table) and Imm32.
    Imm {
        ty: u8,
        value: u32,
    },
}

/// A 3-source operand (GRF only, DWord subregisters, §5.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Src3 {
    pub reg: u8,
    /// SubRegNum in DWords (3 bits).
    pub sub: u8,
    pub swz: u8,
    pub rep: bool,
    pub mods: u8,
}

/// The operands, by format variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// `nop`, `illegal`: nothing.
    Empty,
    /// 1-src/2-src, send and math. `eot` is bit 127 of send/sendc (false otherwise).
    Common {
        dst: Dst,
        src0: Src,
        src1: Src,
        eot: bool,
    },
    /// The 3-source format: DstType and SrcType as register type codes.
    Three {
        dst_reg: u8,
        dst_sub: u8,
        chan_en: u8,
        dst_ty: u8,
        src_ty: u8,
        src: [Src3; 3],
    },
    /// A branch: the operand the row names (call's dst, ret's src0), JIP and UIP (signed
    /// 16-bit fields, 64-bit units).
    Branch {
        dst: Option<Dst>,
        src0: Option<Src>,
        jip: i32,
        uip: i16,
    },
}

/// A decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inst {
    pub row: RowId,
    pub ctrl: Ctrl,
    pub body: Body,
    /// Whether it is (to be) encoded in the compact 64-bit form (§5.3).
    pub compacted: bool,
}

impl Inst {
    pub fn shape(&self) -> Shape {
        ROWS[self.row.index()].shape
    }

    pub fn opcode(&self) -> u8 {
        ROWS[self.row.index()].opcode
    }
}

pub(crate) fn illegal(field: &'static str, value: u64, reason: &'static str) -> DecodeError {
    DecodeError::new(
        0,
        DecodeErrorKind::IllegalField {
            field,
            value,
            reason,
        },
    )
}

/// IGA's operand fields for each branch variant (DW1, DW2 without the row's own operand),
/// read from `iga64 -p=7p5` encodings (docs/design/0045-gen7-encodings.md).
fn branch_template(kind: BranchKind) -> (u32, u32) {
    match kind {
        BranchKind::JipUip | BranchKind::Else => (0x2000_01e0, 0),
        BranchKind::Endif => (0x2000_1c00, 0),
        BranchKind::Brd => (0x3400_01e4, 0),
        BranchKind::Call => (0x2000_1c00, 0x0045_0000),
        BranchKind::Ret => (0x2000_0000, 0),
        BranchKind::Jmpi => (0x3400_1c00, 0x0000_1400),
    }
}

// ---------------------------------------------------------------- encode

fn enc_ctrl(w: &mut u128, c: &Ctrl, three: bool) {
    set(w, 8, 8, c.align16.into());
    set(w, 9, 9, c.no_mask.into());
    set(w, 11, 10, c.dep_ctrl.into());
    set(w, 13, 12, c.qtr_ctrl.into());
    set(w, 15, 14, c.thread_ctrl.into());
    set(w, 19, 16, c.pred_ctrl.into());
    set(w, 20, 20, c.pred_inv.into());
    set(w, 23, 21, c.exec_size.into());
    set(w, 27, 24, c.cond.into());
    set(w, 28, 28, c.acc_wr.into());
    set(w, 30, 30, c.debug.into());
    set(w, 31, 31, c.sat.into());
    set(w, 47, 47, c.nib_ctrl.into());
    let (r, s) = if three { (34, 33) } else { (90, 89) };
    set(w, r, r, c.flag_reg.into());
    set(w, s, s, c.flag_sub.into());
}

fn enc_dst(w: &mut u128, d: &Dst, a16: bool) {
    set(w, 33, 32, d.file.into());
    set(w, 36, 34, d.ty.into());
    set(w, 62, 61, d.hs.into());
    match d.addr {
        Addr::Direct { reg, sub } => {
            set(w, 63, 63, 0);
            set(w, 60, 53, reg.into());
            if a16 {
                set(w, 52, 52, u32::from(sub) >> 4);
                set(w, 51, 48, d.chan_en.into());
            } else {
                set(w, 52, 48, sub.into());
            }
        }
        Addr::Indirect { a0, imm } => {
            set(w, 63, 63, 1);
            set(w, 60, 58, a0.into());
            if a16 {
                set(w, 57, 52, (imm as u32) >> 4);
                set(w, 51, 48, d.chan_en.into());
            } else {
                set(w, 57, 48, imm as u32);
            }
        }
    }
}

/// Source `n` (0 or 1): its RegFile/type in DW1 and its region in DW2 (src0) or DW3 (src1).
fn enc_src(w: &mut u128, n: u32, s: &Src, a16: bool) {
    let (f, t) = if n == 0 { (37, 39) } else { (42, 44) };
    let b = 64 + 32 * n;
    match *s {
        Src::Imm { ty, value } => {
            set(w, f + 1, f, IMM_FILE.into());
            set(w, t + 2, t, ty.into());
            set(w, 127, 96, value);
        }
        Src::Reg(r) => {
            set(w, f + 1, f, r.file.into());
            set(w, t + 2, t, r.ty.into());
            set(w, b + 14, b + 13, r.mods.into());
            set(w, b + 24, b + 21, r.vs.into());
            if a16 {
                set(w, b + 19, b + 16, u32::from(r.swz) >> 4);
                set(w, b + 3, b, u32::from(r.swz) & 0xF);
            } else {
                set(w, b + 20, b + 18, r.width.into());
                set(w, b + 17, b + 16, r.hs.into());
            }
            match r.addr {
                Addr::Direct { reg, sub } => {
                    set(w, b + 12, b + 5, reg.into());
                    if a16 {
                        set(w, b + 4, b + 4, u32::from(sub) >> 4);
                    } else {
                        set(w, b + 4, b, sub.into());
                    }
                }
                Addr::Indirect { a0, imm } => {
                    set(w, b + 15, b + 15, 1);
                    set(w, b + 12, b + 10, a0.into());
                    if a16 {
                        set(w, b + 9, b + 4, (imm as u32) >> 4);
                    } else {
                        set(w, b + 9, b, imm as u32);
                    }
                }
            }
        }
    }
}

/// The native 128 bits of an instruction (whatever its `compacted` flag says).
pub fn encode_bits(i: &Inst) -> u128 {
    let mut w = 0u128;
    set(&mut w, 6, 0, i.opcode().into());
    let three = matches!(i.body, Body::Three { .. });
    enc_ctrl(&mut w, &i.ctrl, three);
    let a16 = i.ctrl.align16;
    match i.body {
        Body::Empty => {}
        Body::Common {
            dst,
            src0,
            src1,
            eot,
        } => {
            enc_dst(&mut w, &dst, a16);
            // The immediate owns bits 127:96: write the register source first.
            enc_src(&mut w, 1, &src1, a16);
            enc_src(&mut w, 0, &src0, a16);
            if eot {
                set(&mut w, 127, 127, 1);
            }
        }
        Body::Three {
            dst_reg,
            dst_sub,
            chan_en,
            dst_ty,
            src_ty,
            src,
        } => {
            let code = |t: u8| THREE_SRC_TYPES.iter().position(|&c| c == t).unwrap_or(0) as u32;
            set(&mut w, 45, 44, code(dst_ty));
            set(&mut w, 43, 42, code(src_ty));
            set(&mut w, 52, 49, chan_en.into());
            set(&mut w, 55, 53, dst_sub.into());
            set(&mut w, 63, 56, dst_reg.into());
            for (k, s) in src.iter().enumerate() {
                let m = 36 + 2 * k as u32;
                set(&mut w, m + 1, m, s.mods.into());
                let b = 64 + 21 * k as u32;
                set(&mut w, b, b, s.rep.into());
                set(&mut w, b + 8, b + 1, s.swz.into());
                set(&mut w, b + 11, b + 9, s.sub.into());
                set(&mut w, b + 19, b + 12, s.reg.into());
            }
        }
        Body::Branch {
            dst,
            src0,
            jip,
            uip,
        } => {
            let Shape::Branch(kind) = i.shape() else {
                return w;
            };
            let (d1, d2) = branch_template(kind);
            set(&mut w, 63, 32, d1);
            set(&mut w, 95, 64, d2);
            enc_ctrl(&mut w, &i.ctrl, false);
            if let Some(d) = dst {
                enc_dst(&mut w, &d, a16);
            }
            if let Some(s) = src0 {
                enc_src(&mut w, 0, &s, a16);
            }
            let dw3 = match kind {
                BranchKind::JipUip => u32::from(uip as u16) << 16 | u32::from(jip as u16),
                // §6.13, §6.15, §6.34: bits 31:16 "Reserved: MBZ", JIP/index "Format = S15".
                BranchKind::Else
                | BranchKind::Endif
                | BranchKind::Brd
                | BranchKind::Call
                | BranchKind::Jmpi => u32::from(jip as u16),
                BranchKind::Ret => 0,
            };
            set(&mut w, 127, 96, dw3);
        }
    }
    w
}

// ---------------------------------------------------------------- decode

/// Names of the bits of the 1-src/2-src format, for errors (§5.2.1 table).
#[rustfmt::skip]
const COMMON_BITS: &[(u32, &str)] = &[
    (127, "bits 127:96 (Src1 region / Imm32 / JIP, UIP)"), (95, "bits 95:91 (reserved)"),
    (90, "FlagRegNum, FlagSubRegNum (bits 90:89)"), (88, "Src0 region (bits 88:64)"),
    (63, "Dst region (bits 63:48)"), (47, "NibCtrl (bit 47)"), (46, "Src1 RegFile/SrcType (bits 46:42)"),
    (41, "Src0 RegFile/SrcType (bits 41:37)"), (36, "Dst RegFile/DstType (bits 36:32)"),
    (31, "DW0 controls (bits 31:8)"), (7, "bit 7 (reserved for opcode expansion)"),
];
#[rustfmt::skip]
const THREE_BITS: &[(u32, &str)] = &[
    (127, "bits 127:126 (reserved)"), (125, "Src2 (bits 125:106)"), (105, "bit 105 (reserved)"),
    (104, "Src1 (bits 104:85)"), (84, "bit 84 (reserved)"), (83, "Src0 (bits 83:64)"),
    (63, "Dst (bits 63:49)"), (48, "bit 48 (reserved)"), (47, "NibCtrl (bit 47)"),
    (46, "bit 46 (reserved)"), (45, "DstType, SrcType, source modifiers (bits 45:36)"),
    (35, "bit 35 (reserved)"), (34, "FlagRegNum, FlagSubRegNum (bits 34:33)"),
    (32, "bit 32 (reserved)"), (31, "DW0 controls (bits 31:8)"), (7, "bit 7 (reserved for opcode expansion)"),
];

/// The field whose range holds `bit` (the tables list fields from the top bit down).
fn field_at(bit: u32, three: bool) -> &'static str {
    let t = if three { THREE_BITS } else { COMMON_BITS };
    t.iter()
        .rev()
        .find(|(hi, _)| *hi >= bit)
        .map_or("Opcode", |(_, n)| *n)
}

fn dec_ctrl(w: u128, three: bool) -> Ctrl {
    let (r, s) = if three { (34, 33) } else { (90, 89) };
    Ctrl {
        align16: get(w, 8, 8) == 1,
        no_mask: get(w, 9, 9) == 1,
        dep_ctrl: get(w, 11, 10) as u8,
        qtr_ctrl: get(w, 13, 12) as u8,
        nib_ctrl: get(w, 47, 47) == 1,
        thread_ctrl: get(w, 15, 14) as u8,
        pred_ctrl: get(w, 19, 16) as u8,
        pred_inv: get(w, 20, 20) == 1,
        exec_size: get(w, 23, 21) as u8,
        cond: get(w, 27, 24) as u8,
        acc_wr: get(w, 28, 28) == 1,
        debug: get(w, 30, 30) == 1,
        sat: get(w, 31, 31) == 1,
        flag_reg: get(w, r, r) as u8,
        flag_sub: get(w, s, s) as u8,
    }
}

fn check_reg(file: u8, reg: u8, field: &'static str) -> Result<(), DecodeError> {
    match file {
        GRF_FILE if reg >= 128 => Err(illegal(
            field,
            reg.into(),
            "GRF RegNum 0x80-0xFF is reserved (§5.2.2 RegNum)",
        )),
        ARF_FILE => arf_name(reg)
            .map(|_| ())
            .map_err(|why| illegal(field, reg.into(), why)),
        _ => Ok(()),
    }
}

fn sext(v: u32, bits: u32) -> i16 {
    ((v << (32 - bits)) as i32 >> (32 - bits)) as i16
}

fn dec_dst(w: u128, a16: bool) -> Result<Dst, DecodeError> {
    let file = get(w, 33, 32) as u8;
    if file >= 2 {
        return Err(illegal(
            "Dst.RegFile",
            file.into(),
            "MRF (10) is reserved on Ivy Bridge and 11 is reserved (§5.2.4.1)",
        ));
    }
    let ty = get(w, 36, 34) as u8;
    let addr = if get(w, 63, 63) == 0 {
        let reg = get(w, 60, 53) as u8;
        check_reg(file, reg, "Dst.RegNum")?;
        let sub = if a16 {
            (get(w, 52, 52) << 4) as u8
        } else {
            get(w, 52, 48) as u8
        };
        Addr::Direct { reg, sub }
    } else {
        let a0 = get(w, 60, 58) as u8;
        let imm = if a16 {
            sext(get(w, 57, 52) << 4, 10)
        } else {
            sext(get(w, 57, 48), 10)
        };
        Addr::Indirect { a0, imm }
    };
    Ok(Dst {
        file,
        ty,
        addr,
        hs: get(w, 62, 61) as u8,
        chan_en: if a16 { get(w, 51, 48) as u8 } else { 0 },
    })
}

fn dec_src(w: u128, n: u32, a16: bool) -> Result<Src, DecodeError> {
    let (f, t) = if n == 0 { (37, 39) } else { (42, 44) };
    let b = 64 + 32 * n;
    let file = get(w, f + 1, f) as u8;
    let ty = get(w, t + 2, t) as u8;
    let names = if n == 0 {
        [
            "Src0.RegFile",
            "Src0.RegNum",
            "Src0.VertStride",
            "Src0.Width",
        ]
    } else {
        [
            "Src1.RegFile",
            "Src1.RegNum",
            "Src1.VertStride",
            "Src1.Width",
        ]
    };
    if file == IMM_FILE {
        return Ok(Src::Imm {
            ty,
            value: get(w, 127, 96),
        });
    }
    if file == 2 {
        return Err(illegal(
            names[0],
            2,
            "MRF (10) is reserved on Ivy Bridge (§5.2.4.1)",
        ));
    }
    let indirect = get(w, b + 15, b + 15) == 1;
    let vs = get(w, b + 24, b + 21) as u8;
    if vs as usize >= VERT_STRIDES.len() && !(vs == VXH && indirect && !a16 && n == 0) {
        return Err(illegal(names[2], vs.into(), "reserved VertStride (0111-1110; 1111 only for an indirect Align1 src0) (§5.2.2 VertStride)"));
    }
    let (width, hs, swz) = if a16 {
        (0, 0, (get(w, b + 19, b + 16) << 4 | get(w, b + 3, b)) as u8)
    } else {
        let width = get(w, b + 20, b + 18) as u8;
        if width as usize >= WIDTHS.len() {
            return Err(illegal(
                names[3],
                width.into(),
                "reserved Width (101-111) (§5.2.2 Width)",
            ));
        }
        (width, get(w, b + 17, b + 16) as u8, 0)
    };
    let addr = if !indirect {
        let reg = get(w, b + 12, b + 5) as u8;
        check_reg(file, reg, names[1])?;
        let sub = if a16 {
            (get(w, b + 4, b + 4) << 4) as u8
        } else {
            get(w, b + 4, b) as u8
        };
        Addr::Direct { reg, sub }
    } else {
        let a0 = get(w, b + 12, b + 10) as u8;
        let imm = if a16 {
            sext(get(w, b + 9, b + 4) << 4, 10)
        } else {
            sext(get(w, b + 9, b), 10)
        };
        Addr::Indirect { a0, imm }
    };
    Ok(Src::Reg(RegSrc {
        file,
        ty,
        mods: get(w, b + 14, b + 13) as u8,
        addr,
        vs,
        width,
        hs,
        swz,
    }))
}

/// Decode a native (non-compacted) 128-bit instruction.
pub fn decode_bits(w: u128) -> Result<Inst, DecodeError> {
    let opcode = get(w, 7, 0);
    if opcode >= 0x80 {
        return Err(illegal(
            "Opcode",
            opcode.into(),
            "bit 7 is reserved for opcode expansion (§5.4)",
        ));
    }
    let Some(row) = crate::instructions::row_of_opcode(opcode as u8) else {
        return Err(DecodeError::new(
            0,
            DecodeErrorKind::UnknownOpcode {
                format: "native",
                opcode,
                target: "ivb",
            },
        ));
    };
    let shape = ROWS[row].shape;
    let three = shape == Shape::Src3;
    let ctrl = dec_ctrl(w, three);
    check_ctrl(&ctrl, shape)?;
    let a16 = ctrl.align16;
    let body = match shape {
        Shape::NoOperands => Body::Empty,
        Shape::Src3 => {
            let ty = |c: u32| THREE_SRC_TYPES[c as usize];
            let mut src = [Src3::default(); 3];
            for (k, s) in src.iter_mut().enumerate() {
                let b = 64 + 21 * k as u32;
                let m = 36 + 2 * k as u32;
                *s = Src3 {
                    reg: get(w, b + 19, b + 12) as u8,
                    sub: get(w, b + 11, b + 9) as u8,
                    swz: get(w, b + 8, b + 1) as u8,
                    rep: get(w, b, b) == 1,
                    mods: get(w, m + 1, m) as u8,
                };
                check_reg(GRF_FILE, s.reg, "Src.RegNum (3-source)")?;
            }
            let dst_reg = get(w, 63, 56) as u8;
            check_reg(GRF_FILE, dst_reg, "Dst.RegNum (3-source)")?;
            Body::Three {
                dst_reg,
                dst_sub: get(w, 55, 53) as u8,
                chan_en: get(w, 52, 49) as u8,
                dst_ty: ty(get(w, 45, 44)),
                src_ty: ty(get(w, 43, 42)),
                src,
            }
        }
        Shape::Branch(kind) => {
            let dst = (kind == BranchKind::Call)
                .then(|| dec_dst(w, a16))
                .transpose()?;
            let src0 = (kind == BranchKind::Ret)
                .then(|| dec_src(w, 0, a16))
                .transpose()?;
            let dw3 = get(w, 127, 96);
            let (jip, uip) = match kind {
                BranchKind::JipUip => (i32::from(dw3 as u16 as i16), (dw3 >> 16) as u16 as i16),
                BranchKind::Ret => (0, 0),
                _ => (i32::from(dw3 as u16 as i16), 0),
            };
            Body::Branch {
                dst,
                src0,
                jip,
                uip,
            }
        }
        Shape::Src1 | Shape::Src2 | Shape::Send | Shape::Math => {
            let dst = dec_dst(w, a16)?;
            let src0 = dec_src(w, 0, a16)?;
            let mut src1 = if matches!(src0, Src::Imm { .. }) {
                // Bits 127:96 hold src0's immediate: src1 is the non-present operand
                // (§3.8), only its RegFile and type are in DW1.
                let file = get(w, 43, 42) as u8;
                if file == 2 {
                    return Err(illegal(
                        "Src1.RegFile",
                        2,
                        "MRF (10) is reserved on Ivy Bridge (§5.2.4.1)",
                    ));
                }
                if file == IMM_FILE {
                    return Err(illegal("Src1.RegFile", 3, "only one immediate is allowed, and it is the last source (§5.2.4.1 Implementation Note 1)"));
                }
                Src::Reg(RegSrc {
                    file,
                    ty: get(w, 46, 44) as u8,
                    mods: 0,
                    addr: Addr::Direct { reg: 0, sub: 0 },
                    vs: 0,
                    width: 0,
                    hs: 0,
                    swz: 0,
                })
            } else {
                dec_src(w, 1, a16)?
            };
            let send = shape == Shape::Send;
            if let (true, Src::Imm { value, .. }) = (send, &mut src1) {
                *value &= 0x7FFF_FFFF;
            }
            if matches!(src0, Src::Imm { .. }) && matches!(src1, Src::Imm { .. }) {
                return Err(illegal("Src1.RegFile", 3, "only one immediate is allowed, and it is the last source (§5.2.4.1 Implementation Note 1)"));
            }
            if matches!(src0, Src::Imm { .. })
                && (shape != Shape::Src1 && !is_one_source_math(&ctrl, shape))
            {
                return Err(illegal(
                    "Src0.RegFile",
                    3,
                    "an immediate must be the last source operand (§5.2.2 Imm32)",
                ));
            }
            Body::Common {
                dst,
                src0,
                src1,
                eot: send && get(w, 127, 127) == 1,
            }
        }
    };
    let inst = Inst {
        row: RowId(row as u16),
        ctrl,
        body,
        compacted: false,
    };
    let back = encode_bits(&inst);
    if back != w {
        let diff = back ^ w;
        let bit = 127 - diff.leading_zeros();
        return Err(illegal(
            field_at(bit, three),
            (w >> (bit & !31)) as u32 as u64,
            "holds bits gpuref does not reproduce: reserved/MBZ, or not expressible in the assembly syntax (docs/design/0045-gen7-encodings.md)",
        ));
    }
    Ok(inst)
}

fn is_one_source_math(c: &Ctrl, shape: Shape) -> bool {
    shape == Shape::Math && math_fn(c.cond).is_some_and(|f| f.sources == 1)
}

/// The DW0 codes the manual reserves (§5.2.3) or makes MBZ.
fn check_ctrl(c: &Ctrl, shape: Shape) -> Result<(), DecodeError> {
    if c.exec_size as usize >= EXEC_SIZES.len() {
        return Err(illegal(
            "ExecSize",
            c.exec_size.into(),
            "110-111 are reserved (§5.2.3)",
        ));
    }
    if c.thread_ctrl == 3 {
        return Err(illegal("ThreadCtrl", 3, "11b is reserved (§5.2.3)"));
    }
    if c.pred_ctrl != 0 && pred_suffix(c.align16, c.pred_ctrl).is_none() {
        return Err(illegal(
            "PredCtrl",
            c.pred_ctrl.into(),
            "reserved in this access mode (§5.2.3 PredCtrl)",
        ));
    }
    if c.pred_inv && c.pred_ctrl == 0 {
        return Err(illegal("PredInv", 1, "set without predication: ignored by hardware (§5.2.3) and not expressible in the syntax"));
    }
    if shape == Shape::NoOperands
        && *c
            != (Ctrl {
                debug: c.debug,
                ..Ctrl::default()
            })
    {
        return Err(illegal(
            "DW0 controls",
            0,
            "nop and illegal take no instruction options other than Breakpoint (§6.44, §5.4.6)",
        ));
    }
    match shape {
        Shape::Math if math_fn(c.cond).is_none() => Err(illegal(
            "FC",
            c.cond.into(),
            "reserved function code (§6.41: 0h, 8h, Eh, Fh)",
        )),
        Shape::Branch(_) if c.cond != 0 => Err(illegal(
            "CondModifier",
            c.cond.into(),
            "MBZ for branch instructions (§5.2.1)",
        )),
        Shape::NoOperands | Shape::Src1 | Shape::Src2 | Shape::Src3
            if c.cond != 0 && cond_name(c.cond).is_none() =>
        {
            Err(illegal(
                "CondModifier",
                c.cond.into(),
                "reserved (0111, 1010-1111) (§5.2.2 CondModifier)",
            ))
        }
        _ => Ok(()),
    }
}
