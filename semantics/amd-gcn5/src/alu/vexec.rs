//! The vector ALU executor: reads each active lane's operands, applies the source
//! modifiers and the SDWA/DPP operand selection, runs the lane kernel, applies the output
//! modifiers and writes the destination, the lane-mask result and the accrued exception
//! bits (docs/design/0019 "Vector ALU execution", docs/design/0020).
//!
//! Forms: VOP1/VOP2/VOPC (e32), VOP3A/VOP3B, SDWA and DPP. Operand widths come from
//! [`shape`]: 16-, 32- and 64-bit operands (VGPR pairs, SGPR pairs, 64-bit constants and
//! literals), 128-bit ones (V_MQSAD_U32_U8's SRC2 and destination: VGPR or SGPR quads,
//! read and written through the same [`read_vgpr`]/[`write_vgpr`] as every width; the
//! kernel sees bits 127:64 as `LaneIn::s2_hi` and returns them as `LaneOut::d_hi`),
//! mixed widths. Rows that need the wave (V_READLANE, V_SWAP, ...) are in
//! [`wavelevel`]. Lanes whose result the spec does not settle are listed in
//! [`Wave::unsettled`]. Packed (V2*) operands of these forms pass whole, the kernel splits
//! them; their modifiers (ABS/NEG on a packed source, OMOD/CLAMP on a packed result) are
//! [`packed`]'s. Not executed (an error says so): constants for 128-bit operands, SDWA on a
//! row with a packed operand (no such encoding decodes), LDS_DIRECT, the interpolation rows.

mod dpp;
mod outmod;
mod packed;
mod sdwa;
mod wavelevel;

pub use outmod::{apply as output_modifiers, Modded};
pub use packed::RULES as PACKED_RULES;
pub use wavelevel::{EXEMPT, TRAPSTS_EXCP, WAVE_LEVEL};

use super::valu::Output;
use super::valu::{kernel_of, LaneCtx, LaneIn, VectorKernel};
use crate::error::{not_yet, pending, ExecError};
use crate::formats::sdwa::{DstUnused, SdwaSrc, Sel};
use crate::formats::valu::{shape, Role, Ty};
use crate::formats::{Fields, Instruction};
use crate::instructions::Format;
use crate::isa;
use crate::operand::{ScalarReg, ScalarSrc, VectorSrc};
use crate::wave::{UnsettledLane, Wave, Widen};
use gpuref_core::isa::RowId;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::Flags;

const DESIGN: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0020-gcn5-vector-executor.md");

/// Rules of the executor.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.valu.exec_mask", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Outputs")],
        statement: "a lane writes its VGPR result only if its EXEC bit is set" },
    Rule { id: "gcn5.valu.lane_mask_inactive", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Outputs"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "a carry-out or compare mask is written whole; bits of inactive lanes are 0 (the manual says so for V_CMP and not for carries)" },
    Rule { id: "gcn5.valu.f16_high_half", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "16-bit Memory and ALU Operations"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "a 16-bit result written to [15:0] by a row whose description does not say what happens to [31:16] (every VOP1/VOP2 16-bit row, most VOP3 ones): we zero [31:16] and the lane accepts any high half (mask 0xffff)" },
    Rule { id: "gcn5.valu.f16_high_preserved", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A Instructions")],
        statement: "with OPSEL[3] = 0, V_MAD_F16, V_MAD_U16, V_MAD_I16, V_FMA_F16 and V_DIV_FIXUP_F16 keep [31:16] (\"hi 16 bits are preserved\"); V_MAD_LEGACY_F16/U16/I16 write it as 0 (\"hi 16 bits are written as 0\"); V_FMA_LEGACY_F16 and V_DIV_FIXUP_LEGACY_F16 say nothing (rule gcn5.valu.f16_high_half)" },
    Rule { id: "gcn5.valu.div_fmas_vcc", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A Instructions")],
        statement: "V_DIV_FMAS_F32/F64 read VCC (the pseudocode's `if VCC[threadId]`) though no operand names it" },
    Rule { id: "gcn5.valu.const16", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Inputs"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "a 16-bit operand reads inline integers as their low 16 bits, float constants as f16 (also for 16-bit integer operands, LLVM's reading) and a literal's low 16 bits" },
    Rule { id: "gcn5.valu.trapsts", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Trap Status register")],
        statement: "exceptions raised by any active lane accrue into TRAPSTS.EXCP: bit 0 invalid, 1 input denormal, 2 divide by zero, 3 overflow, 4 underflow, 5 inexact" },
    Rule { id: "gcn5.valu.operand64", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Inputs"), SpecRef::new(Spec::Vega, "Scalar ALU Operands")],
        statement: "a 64-bit operand reads a VGPR pair v[n:n+1] or an SGPR pair (low dword first); inline integers sign-extend to 64 bits and float constants are binary64; a pair past v255 is an error, not a wrap" },
    Rule { id: "gcn5.valu.operand128", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), SpecRef::new(Spec::Vega, "Instruction Inputs")],
        statement: "a 128-bit operand (V_MQSAD_U32_U8's S2.u[127:0] and D.u128) is a VGPR quad v[n:n+3] or an SGPR quad, lowest dword first; a quad past v255 is an error, not a wrap" },
    Rule { id: "gcn5.valu.literal64", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Literal Expansion to 64 bits")],
        statement: "a 32-bit literal for a 64-bit operand: a float gets 32 zero low bits (literal << 32), an unsigned integer (and _B64) is zero-extended, a signed integer (_I64) sign-extended" },
    Rule { id: "gcn5.valu.cmpx", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Outputs"), SpecRef::new(Spec::Vega, "VOPC Instructions")],
        statement: "V_CMPX_* write the compare mask to VCC (e32) or the SGPR pair (VOP3, SDWA SDST) and to EXEC, inactive lanes 0" },
    Rule { id: "gcn5.valu.neg_abs", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Inputs"), SpecRef::new(Spec::Vega, "VOP3A"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "ABS and NEG of a float source are sign-bit operations at the operand's width (bit 15, 31 or 63), ABS first: NEG of +0 is -0 and of a NaN flips only its sign, never 0 - x; they raise no flag (the manual names them \"absolute value\" and \"Negate input\" without arithmetic)" },
    Rule { id: "gcn5.valu.vop3b_fields", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3B"), SpecRef::new(Spec::Gpuref, "docs/design/0014-gcn5-valu-encodings.md")],
        statement: "VOP3B rows (the _CO_U32 add/subtract family, V_DIV_SCALE_F32/F64, V_MAD_U64_U32, V_MAD_I64_I32) hold SDST in [14:8] where VOP3A has ABS and OPSEL, so they have neither; CLAMP stays at bit 15 and applies (an integer result saturates, rule gcn5.valu.int_clamp), OMOD and NEG stay in the second dword" },
    Rule { id: "gcn5.valu.omod_order", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Outputs"), DESIGN],
        statement: "OMOD multiplies a float result by 2.0, 4.0 or 0.5 in the result's format, rounded and flushed under the result width's MODE, before CLAMP clamps it; CLAMP is not one of the \"output modifiers\" that IEEE mode or kept denormals disable" },
    Rule { id: "gcn5.valu.omod_mode", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "6.2.2. Instruction Outputs"), SpecRef::new(Spec::Vega, "Instruction Outputs"), DESIGN],
        statement: "OMOD is ignored when MODE.IEEE = 1 or the result width keeps output denormals, and applied otherwise: the MI100 manual says so; the Vega manual is silent and we read gfx900 the same (dispute D10)" },
    Rule { id: "gcn5.valu.omod_zero", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "6.2.2. Instruction Outputs"), DESIGN],
        statement: "an applied OMOD gives +0 for any zero result: -0 becomes +0 and a denormal result flushes to +0 (MI100: \"-0 is flushed to +0\"; the same reading for gfx900)" },
    Rule { id: "gcn5.valu.clamp_float", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Vega, "Mode register")],
        statement: "CLAMP on a float result clamps to [0.0, 1.0]; a NaN becomes +0 with MODE.DX10_CLAMP = 1 and passes through unchanged with 0" },
    Rule { id: "gcn5.valu.dx10_clamp_scope", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), DESIGN],
        statement: "DX10_CLAMP changes only clamped results (the CLAMP bit, the DX10 min/max): results without CLAMP keep their NaN" },
    Rule { id: "gcn5.valu.clamp_neg_zero", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), DESIGN],
        statement: "CLAMP of -0 is -0 in gpuref (LLVM's constant folder keeps it: -0 is not below 0); +0 is accepted too" },
    Rule { id: "gcn5.valu.sdwa", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "SDWA"), DESIGN],
        statement: "SDWA sources read the selected field at bit 0, zero- or (SEXT) sign-extended, before ABS/NEG; the result's low bits are written to DST_SEL's field, the rest padded with zeros, sign-extended above the field (zeros below) or preserved; CLAMP and OMOD apply before the placement" },
    Rule { id: "gcn5.valu.dpp_bound", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "DPP"), DESIGN],
        statement: "a DPP source lane that is out of range or has EXEC = 0 reads 0 with BOUND_CTRL = 1; with BOUND_CTRL = 0 the lane writes nothing (no VGPR, a 0 carry bit, no flags)" },
    Rule { id: "gcn5.valu.dpp_masks", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "DPP")],
        statement: "ROW_MASK bit r and BANK_MASK bit b disable the VGPR write of lanes 16r..16r+15 and of lanes 4b..4b+3 of every row; they do not change which lanes are read" },
    Rule { id: "gcn5.valu.dpp_mirror_row", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "DPP"), DESIGN],
        statement: "ROW_MIRROR and ROW_HALF_MIRROR read pix[15-(n&15)] and pix[7-(n&7)] within lane n's own row (half row)" },
    Rule { id: "gcn5.valu.dpp_bcast_low", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "DPP"), DESIGN],
        statement: "ROW_BCAST15 lanes 0..15 and ROW_BCAST31 lanes 0..31 have no source in the table: gpuref treats them as out of range (BOUND_CTRL) and accepts any value there" },
    Rule { id: "gcn5.valu.sext_modifier", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "SDWA"), DESIGN],
        statement: "the SEXT input modifier outside SDWA (DPP/VOP3 NEG bit of an integer source) sign-extends the operand to its own width, which a kernel reading that width cannot see: no change" },
    Rule { id: "gcn5.valu.readfirstlane", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP1 Instructions")],
        statement: "V_READFIRSTLANE_B32 reads the lowest lane with EXEC set, lane 0 when EXEC is 0" },
    Rule { id: "gcn5.v_clrexcp.state", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOP1 Instructions"), SpecRef::new(Spec::Vega, "Trap Status register"), SpecRef::new(Spec::Gpuref, "docs/design/0037-gcn5-sad-legacy-clrexcp.md")],
        statement: "V_CLREXCP (\"Clear wave's exception state in SIMD (SP)\"): gpuref clears TRAPSTS.EXCP, bits 8:0 (the exception status the shader program clears, 'Trap Status register'); the other reading, state internal to the SIMD and nothing visible, leaves TRAPSTS unchanged: those 9 bits accept any value, every other bit of TRAPSTS is settled; no VGPR, SGPR or EXEC changes" },
    Rule { id: "gcn5.valu.lane_select", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A Instructions"), DESIGN],
        statement: "V_READLANE/V_WRITELANE use S1[5:0] as the lane (a wave has 64); for a lane select above 63 (which the manual does not address) a V_READLANE destination accepts any value and a V_WRITELANE also accepts the lane unchanged" },
];

pub use super::valu::kernel;

/// Whether this executor runs a row (a lane kernel or a wave-level row).
pub fn handles(name: &str) -> bool {
    kernel(name).is_some() || wavelevel::row(name).is_some()
}

/// Whether this executor runs the row with this id, from the tables joined to the rows once.
pub fn handles_id(id: RowId) -> bool {
    kernel_of(id).is_some() || wavelevel::row_of(id).is_some()
}

/// The float flags in TRAPSTS.EXCP bit order, bit 0 first (rule `gcn5.valu.trapsts`).
pub const EXCP_ORDER: [Flags; 6] = [
    Flags::INVALID,
    Flags::INPUT_DENORMAL,
    Flags::DIV_BY_ZERO,
    Flags::OVERFLOW,
    Flags::UNDERFLOW,
    Flags::INEXACT,
];

/// TRAPSTS.EXCP bits of float flags (rule `gcn5.valu.trapsts`).
pub fn trapsts_bits(f: Flags) -> u32 {
    EXCP_ORDER
        .iter()
        .enumerate()
        .fold(0, |b, (i, &flag)| b | (u32::from(f.contains(flag)) << i))
}

/// The float flags of TRAPSTS.EXCP bits (the inverse of [`trapsts_bits`] on bits 5:0).
pub fn flags_of_trapsts(bits: u32) -> Flags {
    EXCP_ORDER
        .iter()
        .enumerate()
        .filter(|(i, _)| bits >> i & 1 == 1)
        .fold(Flags::NONE, |a, (_, f)| a | *f)
}

/// One source as the lanes read it.
#[derive(Clone, Copy)]
enum Src {
    /// The same value in every lane (any width up to 128 bits).
    Uniform(u128),
    /// A VGPR (the first of a pair): each lane's own value.
    Vgpr(u8),
}

/// SDWA's selections.
#[derive(Clone, Copy)]
struct SdwaSel {
    src_sel: [Sel; 2],
    sext: [bool; 2],
    dst_sel: Sel,
    dst_unused: DstUnused,
}

/// DPP's lane movement and write masks.
#[derive(Clone, Copy)]
struct DppSel {
    ctrl: crate::formats::dpp::DppCtrl,
    bound_ctrl: bool,
    row_mask: u8,
    bank_mask: u8,
}

/// What an instruction's fields say, whatever its encoding.
#[derive(Clone, Copy)]
pub(crate) struct Plan {
    vdst: u8,
    srcs: [Option<VectorSrc>; 3],
    /// Where a lane mask result goes.
    mask_dst: ScalarReg,
    carry_in: Option<ScalarReg>,
    abs: u8,
    neg: u8,
    op_sel: u8,
    clamp: bool,
    omod: u8,
    sdwa: Option<SdwaSel>,
    dpp: Option<DppSel>,
}

fn pair_or_vcc(code: u8) -> ScalarReg {
    ScalarReg::from_code(code).unwrap_or(ScalarReg::VccLo)
}

fn bits2(b: [bool; 2]) -> u8 {
    u8::from(b[0]) | u8::from(b[1]) << 1
}

fn plan(inst: &Instruction) -> Result<Plan, ExecError> {
    let row = inst.row;
    let blank = Plan {
        vdst: 0,
        srcs: [None; 3],
        mask_dst: ScalarReg::VccLo,
        carry_in: Some(ScalarReg::VccLo),
        abs: 0,
        neg: 0,
        op_sel: 0,
        clamp: false,
        omod: 0,
        sdwa: None,
        dpp: None,
    };
    Ok(match inst.fields {
        Fields::Vop(v) => Plan {
            vdst: v.vdst,
            srcs: [Some(v.src0), Some(VectorSrc::Vgpr(v.vsrc1)), None],
            ..blank
        },
        Fields::Vop3(v) => Plan {
            vdst: v.vdst,
            srcs: v.src,
            // VOPC's e64 result goes to the pair in VDST, VOP3B's to SDST.
            mask_dst: pair_or_vcc(if row.format == Format::Vopc {
                v.vdst
            } else {
                v.sdst
            }),
            carry_in: match v.src[2] {
                Some(VectorSrc::Scalar(ScalarSrc::Reg(r))) => Some(r),
                _ => None,
            },
            abs: v.abs,
            neg: v.neg,
            op_sel: v.op_sel,
            clamp: v.clamp,
            omod: v.omod,
            ..blank
        },
        Fields::Sdwa(s) => {
            let src = |x: SdwaSrc| match x {
                SdwaSrc::Vgpr(v) => VectorSrc::Vgpr(v),
                SdwaSrc::Scalar(s) => VectorSrc::Scalar(s),
            };
            Plan {
                vdst: s.vdst,
                srcs: [Some(src(s.src[0])), Some(src(s.src[1])), None],
                mask_dst: s.sdst.map_or(ScalarReg::VccLo, pair_or_vcc),
                abs: bits2(s.abs),
                neg: bits2(s.neg),
                clamp: s.clamp,
                omod: s.omod,
                sdwa: Some(SdwaSel {
                    src_sel: s.src_sel,
                    sext: s.sext,
                    dst_sel: s.dst_sel,
                    dst_unused: s.dst_unused,
                }),
                ..blank
            }
        }
        Fields::Dpp(d) => Plan {
            vdst: d.vdst,
            srcs: [
                Some(VectorSrc::Vgpr(d.src0)),
                Some(VectorSrc::Vgpr(d.vsrc1)),
                None,
            ],
            abs: bits2(d.abs),
            neg: bits2(d.neg),
            dpp: Some(DppSel {
                ctrl: d.ctrl,
                bound_ctrl: d.bound_ctrl,
                row_mask: d.row_mask,
                bank_mask: d.bank_mask,
            }),
            ..blank
        },
        _ => return Err(not_yet(row.name)),
    })
}

/// The value an operand of type `ty` reads from a scalar code or constant: 16-bit per rule
/// `gcn5.valu.const16`, 32-bit as the scalar ALU reads it, 64-bit per rules
/// `gcn5.valu.operand64` and `gcn5.valu.literal64`, 128-bit from an SGPR quad (rule
/// `gcn5.valu.operand128`; the caller refuses constants for them).
fn uniform(w: &Wave, s: ScalarSrc, ty: Ty, literal: u32, name: &str) -> u128 {
    if let (4, ScalarSrc::Reg(r)) = (ty.dwords(), s) {
        let hi = ScalarReg::from_code(r.code() + 2).unwrap_or(r);
        return u128::from(w.read_reg(r, 2)) | u128::from(w.read_reg(hi, 2)) << 64;
    }
    u128::from(uniform64(w, s, ty, literal, name))
}

/// [`uniform`] for operands of at most 64 bits.
fn uniform64(w: &Wave, s: ScalarSrc, ty: Ty, literal: u32, name: &str) -> u64 {
    match ty.dwords() {
        2 => match (s, ty) {
            (ScalarSrc::Literal, Ty::F64) => u64::from(literal) << 32,
            _ => {
                let widen = if name.contains("_I64") {
                    Widen::Sign
                } else {
                    Widen::Zero
                };
                w.read_src(s, 2, literal, widen)
            }
        },
        _ if packed(ty) => match (s, ty) {
            // A float constant on a packed f16 operand: f16 in [15:0], 0 in [31:16]
            // (rule gcn5.vop3p.inline_const, the reading the VOP3P executor settles on).
            (ScalarSrc::Float(c), Ty::V2F16) => u64::from(crate::formats::valu::f16_bits(c)),
            _ => w.read_src(s, 1, literal, Widen::Zero),
        },
        _ if ty.is_16() => {
            let v = match s {
                ScalarSrc::Float(c) => u64::from(crate::formats::valu::f16_bits(c)),
                _ => w.read_src(s, 1, literal, Widen::Zero),
            };
            v & 0xffff
        }
        _ => w.read_src(s, 1, literal, Widen::Zero),
    }
}

/// A packed pair of 16-bit values (V2I16, V2F16): in the e32/VOP3 forms (the gfx908 VOP2
/// rows V_PK_FMAC_F16 and V_DOT*C, V_CVT_PKRTZ's result, ...) the lane executor passes the
/// dword whole; the kernel splits it.
fn packed(ty: Ty) -> bool {
    matches!(ty, Ty::V2I16 | Ty::V2F16)
}

/// For a float value of type `ty`: `Some(true)` a quiet NaN, `Some(false)` a signalling
/// NaN, `None` not a NaN (or not a float type). A packed f16 pair is signalling if either
/// half is, else quiet if either half is a NaN.
fn nan_kind(ty: Ty, v: u64) -> Option<bool> {
    if ty == Ty::V2F16 {
        let (lo, hi) = (
            nan_kind(Ty::F16, v & 0xffff),
            nan_kind(Ty::F16, v >> 16 & 0xffff),
        );
        return if lo == Some(false) || hi == Some(false) {
            Some(false)
        } else {
            lo.or(hi)
        };
    }
    let (exp, frac, quiet) = match ty {
        Ty::F16 => (0x7c00, 0x3ff, 0x200),
        Ty::F32 => (0x7f80_0000, 0x7f_ffff, 0x40_0000),
        Ty::F64 => (0x7ff0 << 48, (1 << 52) - 1, 1 << 51),
        _ => return None,
    };
    (v & exp == exp && v & frac != 0).then_some(v & quiet != 0)
}

/// The sign bit of a float operand type.
fn sign_bit(ty: Ty) -> u64 {
    match ty {
        Ty::F16 => 1 << 15,
        Ty::F64 => 1 << 63,
        _ => 1 << 31,
    }
}

/// Read a VGPR operand of `dwords` (1, 2 or 4; lowest dword first) in `lane` (the caller
/// checked the range).
fn read_vgpr(vgpr: &[[u32; 64]], v: u8, dwords: u8, lane: usize) -> u128 {
    (0..usize::from(dwords)).fold(0, |acc, i| {
        acc | u128::from(vgpr[usize::from(v) + i][lane]) << (32 * i)
    })
}

/// Write a result of `dwords` (2 or 4; a 16/32-bit result is placed by the caller) to
/// VGPRs `v..v+dwords` of `lane`, lowest dword first.
fn write_vgpr(vgpr: &mut [[u32; 64]], v: u8, dwords: u8, lane: usize, value: u128) {
    for i in 0..usize::from(dwords) {
        vgpr[usize::from(v) + i][lane] = (value >> (32 * i)) as u32;
    }
}

/// Execute a VOP1/VOP2/VOPC, VOP3A/VOP3B, SDWA or DPP instruction whose row has a lane
/// kernel or is a wave-level row.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    execute_id(wave, inst, isa::row_id(inst.row))
}

/// [`execute`] for the row with id `id` (the dispatcher has it already): its wave-level
/// executor or its lane kernel, found by id.
pub fn execute_id(wave: &mut Wave, inst: &Instruction, id: RowId) -> Result<(), ExecError> {
    let row = inst.row;
    wave.unsettled.clear();
    wave.program_unsettled.clear();
    if wave.vgpr.len() < 256 {
        return Err(pending(row.name, "the wave holds fewer than 256 VGPRs"));
    }
    if let Some(r) = wavelevel::row_of(id) {
        return wavelevel::execute(wave, inst, r);
    }
    let k = kernel_of(id).ok_or(not_yet(row.name))?;
    execute_with(wave, inst, k.kernel)
}

/// [`execute`] with a given lane kernel (tests run kernels of their own through it).
pub(crate) fn execute_with(
    wave: &mut Wave,
    inst: &Instruction,
    kernel: VectorKernel,
) -> Result<(), ExecError> {
    let row = inst.row;
    wave.unsettled.clear();
    wave.program_unsettled.clear();
    if wave.vgpr.len() < 256 {
        return Err(pending(row.name, "the wave holds fewer than 256 VGPRs"));
    }
    let sh = shape(row);
    let p = plan(inst)?;
    let src_tys: Vec<Ty> = sh
        .operands
        .iter()
        .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
        .map(|o| o.ty)
        .collect();
    let dst_ty = sh.get(Role::Vdst).map(|o| o.ty);
    // 128-bit operands (rule gcn5.valu.operand128): only SRC2 has a field for the high half
    // (LaneIn::s2_hi), and a constant's widening to 128 bits is stated nowhere.
    for (i, ty) in src_tys.iter().enumerate() {
        if ty.dwords() == 4 && i != 2 {
            return Err(pending(
                row.name,
                "a 128-bit operand other than SRC2 has no lane field",
            ));
        }
        if ty.dwords() == 4
            && !matches!(
                p.srcs[i],
                Some(VectorSrc::Vgpr(_) | VectorSrc::Scalar(ScalarSrc::Reg(_)))
            )
        {
            return Err(pending(
                row.name,
                "a constant or literal for a 128-bit operand: how it widens to 128 bits is not stated",
            ));
        }
    }
    let packed_src = |i: usize| src_tys.get(i).is_some_and(|t| packed(*t));
    if src_tys.iter().chain(&dst_ty).any(|t| packed(*t)) && p.sdwa.is_some() {
        return Err(pending(
            row.name,
            "SDWA on a row with a packed operand: no such encoding exists (LLVM has none, formats/sdwa.rs decodes none), so what SEL picks of a packed value is not read",
        ));
    }
    if dst_ty == Some(Ty::V2I16) && (p.clamp || p.omod != 0) {
        return Err(pending(
            row.name,
            "CLAMP/OMOD on a packed integer result of an e32/VOP3 row (no row has one)",
        ));
    }
    // Packed float sources under ABS/NEG: gpuref's reading flips both halves' signs, the
    // other (the dword as one f32) only bit 31 (rule gcn5.valu.packed_src_mods).
    let packed_mods = (0..src_tys.len())
        .any(|i| packed_src(i) && src_tys[i].is_float() && (p.abs | p.neg) >> i & 1 == 1);
    // Register ranges first, so nothing is written when one runs past v255.
    let past_end = |v: u8, ty: Ty| u16::from(v) + u16::from(ty.dwords()) > 256;
    for (i, ty) in src_tys.iter().enumerate() {
        if let Some(VectorSrc::Vgpr(v)) = p.srcs[i] {
            if past_end(v, *ty) {
                return Err(pending(
                    row.name,
                    "a 64- or 128-bit operand's VGPR range runs past v255",
                ));
            }
        }
    }
    if dst_ty.is_some_and(|t| past_end(p.vdst, t)) {
        return Err(pending(
            row.name,
            "a 64- or 128-bit destination's VGPR range runs past v255",
        ));
    }
    let literal = inst.literal.unwrap_or(0);
    let packed_const = (0..src_tys.len()).any(|i| {
        packed_src(i) && matches!(p.srcs[i], Some(VectorSrc::Scalar(ScalarSrc::Float(_))))
    });
    let mut read = [Src::Uniform(0); 3];
    for (i, ty) in src_tys.iter().enumerate() {
        read[i] = match p.srcs[i] {
            Some(VectorSrc::Vgpr(v)) => Src::Vgpr(v),
            Some(VectorSrc::Scalar(s)) => Src::Uniform(uniform(wave, s, *ty, literal, row.name)),
            Some(VectorSrc::LdsDirect) => return Err(pending(row.name, wavelevel::INTERP)),
            None => Src::Uniform(0),
        };
    }
    let mode = super::mode::Mode(wave.mode);
    let ctx = LaneCtx {
        mode,
        clamp: p.clamp,
    };
    // The lane-mask source: VCC in e32, SRC2's pair in VOP3, for the rows that read one;
    // V_DIV_FMAS reads VCC itself, in its only (VOP3) form (rule gcn5.valu.div_fmas_vcc).
    let carry_in = if READS_VCC.contains(&row.name) {
        Some(ScalarReg::VccLo)
    } else {
        p.carry_in.filter(|_| sh.get(Role::CarryIn).is_some())
    };
    let carry_mask = carry_in.map_or(0, |r| wave.read_reg(r, 2));
    let float_dst = dst_ty.filter(|t| t.is_float() && !packed(*t));
    let mut lane_mask = 0u64;
    let mut flags = Flags::NONE;
    let exec = wave.exec;
    let before = wave.vgpr.clone();
    for lane in 0..64 {
        if exec >> lane & 1 == 0 {
            continue;
        }
        // DPP: where SRC0 comes from, and whether this lane writes at all.
        let mut src0_lane = lane;
        let mut src0_zero = false;
        let mut undefined = false;
        if let Some(d) = p.dpp {
            if !dpp::writes(d.row_mask, d.bank_mask, lane) {
                continue;
            }
            undefined = dpp::undefined_source(d.ctrl, lane);
            match dpp::source_lane(d.ctrl, lane).filter(|&l| exec >> l & 1 == 1) {
                Some(l) => src0_lane = l,
                None if d.bound_ctrl => src0_zero = true,
                None => continue,
            }
        }
        let mut s = [0u128; 3];
        let mut s_alt = [0u128; 3];
        for (i, ty) in src_tys.iter().enumerate() {
            let mut v = match read[i] {
                Src::Uniform(v) => v,
                Src::Vgpr(_) if i == 0 && src0_zero => 0,
                Src::Vgpr(r) => {
                    let l = if i == 0 { src0_lane } else { lane };
                    read_vgpr(&before, r, ty.dwords(), l)
                }
            };
            if let Some(sd) = p.sdwa.filter(|_| i < 2) {
                v = u128::from(sdwa::select(v as u32, sd.src_sel[i], sd.sext[i]));
            }
            v = match ty.dwords() {
                2 | 4 => v,
                _ if packed(*ty) => v & 0xffff_ffff,
                _ if ty.is_16() => {
                    let hi = p.op_sel >> i & 1 == 1;
                    (if hi { v >> 16 } else { v }) & 0xffff
                }
                _ => v & 0xffff_ffff,
            };
            let (abs, neg) = (p.abs >> i & 1 == 1, p.neg >> i & 1 == 1);
            if packed(*ty) && ty.is_float() {
                s_alt[i] = u128::from(packed::src_mods(
                    v as u64,
                    abs,
                    neg,
                    packed::sign_bits(false),
                ));
                v = u128::from(packed::src_mods(
                    v as u64,
                    abs,
                    neg,
                    packed::sign_bits(true),
                ));
            } else if ty.is_float() {
                if p.abs >> i & 1 == 1 {
                    v &= !u128::from(sign_bit(*ty));
                }
                if p.neg >> i & 1 == 1 {
                    v ^= u128::from(sign_bit(*ty));
                }
            }
            s[i] = v;
            if !(packed(*ty) && ty.is_float()) {
                s_alt[i] = v;
            }
        }
        // V_MADMK/V_MADAK: the constant K (the literal dword, its low half for F16) is S2.
        if let Some(k) = sh.get(Role::K) {
            s[2] = u128::from(literal) & if k.ty.is_16() { 0xffff } else { 0xffff_ffff };
            s_alt[2] = s[2];
        }
        let input = LaneIn {
            s0: s[0] as u64,
            s1: s[1] as u64,
            s2: s[2] as u64,
            s2_hi: (s[2] >> 64) as u64,
            // The low 64 bits of the destination (no kernel reads a wider one).
            d: dst_ty.map_or(0, |t| read_vgpr(&before, p.vdst, t.dwords(), lane) as u64),
            carry: carry_mask >> lane & 1 == 1,
            lane: lane as u8,
        };
        let mut out = kernel(&input, &ctx);
        if let Some(t) = dst_ty.filter(|_| packed_mods) {
            let [s0, s1, s2] = s_alt;
            let alt = kernel(
                &LaneIn {
                    s0: s0 as u64,
                    s1: s1 as u64,
                    s2: s2 as u64,
                    s2_hi: (s2 >> 64) as u64,
                    ..input
                },
                &ctx,
            );
            out = packed::other_reading(t, out, &alt);
        }
        // MODE.IEEE = 0 with a signalling NaN source and a NaN result: any NaN, flags open
        // (rule gcn5.valu.ieee0_snan), for every row whose kernel did not already say more.
        if !mode.ieee()
            && out.unsettled.is_none()
            && float_dst
                .zip(out.d)
                .is_some_and(|(t, d)| nan_kind(t, d).is_some())
            && src_tys
                .iter()
                .zip(s)
                .any(|(t, v)| nan_kind(*t, v as u64) == Some(false))
        {
            out = out.unsettled(super::valu::Accept::AnyNan, "gcn5.valu.ieee0_snan", false);
        }
        // The same for a packed f16 result: each NaN half is open (rule gcn5.valu.ieee0_snan).
        if !mode.ieee()
            && out.unsettled.is_none()
            && dst_ty == Some(Ty::V2F16)
            && src_tys
                .iter()
                .zip(s)
                .any(|(t, v)| nan_kind(*t, v as u64) == Some(false))
        {
            if let Some(m) = out.d.and_then(packed::nan_halves_open) {
                out = out.unsettled(super::valu::Accept::Mask(m), "gcn5.valu.ieee0_snan", false);
            }
        }
        flags = flags.union(out.flags);
        if let Some(c) = out.carry {
            lane_mask |= u64::from(c) << lane;
        }
        let (d_why, mask_why) = match out.unsettled {
            Some(u) if u.output == Output::Carry => (None, Some(u)),
            u => (u, None),
        };
        if let Some(u) = mask_why {
            wave.unsettled.push(UnsettledLane {
                vdst: 0,
                dwords: 0,
                lane: lane as u8,
                why: u,
            });
        }
        let (Some(ty), Some(mut d)) = (dst_ty, out.d) else {
            continue;
        };
        let mut why = d_why;
        if packed_const {
            // The packed float constant's other reading (the value in both halves) changes
            // the high half of a packed result, or all of a dot product's.
            let settled = if dst_ty.is_some_and(packed) {
                0xffff
            } else {
                0
            };
            why = why.or(Some(super::valu::Unsettled {
                output: Output::D,
                accept: super::valu::Accept::Mask(settled),
                rule: "gcn5.vop3p.inline_const",
                flags_settled: false,
            }));
        }
        if dst_ty == Some(Ty::V2F16) && (p.clamp || p.omod != 0) {
            // The third OMOD reading: the f32 sources scaled before the conversion.
            let scaled_first = (src_tys.iter().all(|t| *t == Ty::F32) && p.omod != 0).then(|| {
                let [s0, s1, s2] = s.map(|v| outmod::scale(v as u64, Ty::F32, p.omod, mode));
                let r = kernel(
                    &LaneIn {
                        s0: s0.value,
                        s1: s1.value,
                        s2: s2.value,
                        ..input
                    },
                    &ctx,
                );
                let f = [s0, s1, s2].iter().fold(r.flags, |f, x| f.union(x.flags));
                (r.d.unwrap_or(d), f)
            });
            let m = packed::outmods(d, out.flags, scaled_first, p.omod, p.clamp, mode, why);
            d = m.d;
            flags = flags.union(m.flags);
            why = m.unsettled;
        }
        if p.clamp && row.name == "V_PACK_B32_F16" {
            why = packed::pack_clamp(d, mode, why);
        }
        if let Some(fty) = float_dst.filter(|_| p.clamp || p.omod != 0) {
            let m = outmod::apply(d, fty, p.omod, p.clamp, mode, why);
            d = m.d;
            flags = flags.union(m.flags);
            why = m.unsettled;
        }
        if undefined {
            why = Some(super::valu::Unsettled {
                output: Output::D,
                accept: super::valu::Accept::Mask(0),
                rule: "gcn5.valu.dpp_bcast_low",
                flags_settled: false,
            });
        }
        let v = usize::from(p.vdst);
        if ty.dwords() > 1 {
            let wide = u128::from(d) | u128::from(out.d_hi) << 64;
            write_vgpr(&mut wave.vgpr, p.vdst, ty.dwords(), lane, wide);
        } else {
            let old = wave.vgpr[v][lane];
            let mut new = d as u32;
            let mut shift = 0;
            let mut width = 32;
            if ty.is_16() && !packed(ty) {
                new &= 0xffff;
                width = 16;
                if p.op_sel >> 3 & 1 == 1 {
                    new = (old & 0xffff) | (new << 16);
                    shift = 16;
                } else if p.sdwa.is_none() {
                    match high_half(row.name) {
                        HighHalf::Preserved => new |= old & 0xffff_0000,
                        HighHalf::Zeroed => {}
                        HighHalf::Unstated => {
                            why = why.or(Some(super::valu::Unsettled {
                                output: Output::D,
                                accept: super::valu::Accept::Mask(0xffff),
                                rule: "gcn5.valu.f16_high_half",
                                flags_settled: true,
                            }))
                        }
                    }
                }
            }
            if let Some(sd) = p.sdwa {
                new = sdwa::place(old, new, sd.dst_sel, sd.dst_unused);
                let (sh, bits) = sdwa::field(sd.dst_sel);
                if bits < 32 {
                    (shift, width) = (sh, bits);
                }
            }
            wave.vgpr[v][lane] = new;
            why = why.map(|u| placed(u, shift, width));
        }
        if let Some(u) = why {
            push_unsettled(&mut wave.unsettled, p.vdst, ty.dwords(), lane as u8, u);
        }
    }
    if sh.get(Role::CarryOut).is_some() {
        wave.write_reg(p.mask_dst, 2, lane_mask);
        if row.name.starts_with("V_CMPX") {
            wave.exec = lane_mask;
        }
    }
    wave.trapsts |= trapsts_bits(flags);
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}

/// Record an unsettled destination lane. A 128-bit destination's is recorded per dword (a
/// don't-care mask of each VGPR, rule `gcn5.valu.operand128`), its settled dwords left out,
/// so the lists only ever name 1- and 2-dword registers.
fn push_unsettled(
    list: &mut Vec<UnsettledLane>,
    vdst: u8,
    dwords: u8,
    lane: u8,
    why: super::valu::Unsettled,
) {
    use super::valu::Accept;
    match (dwords, why.accept) {
        (4, accept) => {
            let mask = match accept {
                Accept::Mask128(m) => m,
                Accept::Mask(m) => u128::from(m) | u128::MAX << 64,
                _ => 0,
            };
            for i in 0..4u8 {
                let m = u64::from((mask >> (32 * i)) as u32);
                if m != 0xffff_ffff {
                    list.push(UnsettledLane {
                        vdst: vdst + i,
                        dwords: 1,
                        lane,
                        why: super::valu::Unsettled {
                            accept: Accept::Mask(m),
                            ..why
                        },
                    });
                }
            }
        }
        (_, Accept::Mask128(m)) => list.push(UnsettledLane {
            vdst,
            dwords,
            lane,
            why: super::valu::Unsettled {
                accept: Accept::Mask(m as u64),
                ..why
            },
        }),
        _ => list.push(UnsettledLane {
            vdst,
            dwords,
            lane,
            why,
        }),
    }
}

/// The rows that read VCC without naming it as an operand (rule `gcn5.valu.div_fmas_vcc`).
const READS_VCC: &[&str] = &["V_DIV_FMAS_F32", "V_DIV_FMAS_F64"];

/// What a 16-bit result written to [15:0] (OPSEL[3] = 0, no SDWA) does to [31:16].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HighHalf {
    /// "hi 16 bits are preserved" (rule `gcn5.valu.f16_high_preserved`).
    Preserved,
    /// "hi 16 bits are written as 0" (the LEGACY rows; rule `gcn5.valu.f16_high_preserved`).
    Zeroed,
    /// Not stated (rule `gcn5.valu.f16_high_half`): zeroed, and the lane says so.
    Unstated,
}

/// The VOP3A rows whose description says what OPSEL[3] = 0 does to the high half (Vega
/// "VOP3A Instructions"; the MI100 manual has no instruction tables).
fn high_half(name: &str) -> HighHalf {
    match name {
        "V_MAD_F16" | "V_MAD_U16" | "V_MAD_I16" | "V_FMA_F16" | "V_DIV_FIXUP_F16" => {
            HighHalf::Preserved
        }
        "V_MAD_LEGACY_F16" | "V_MAD_LEGACY_U16" | "V_MAD_LEGACY_I16" => HighHalf::Zeroed,
        _ => HighHalf::Unstated,
    }
}

/// What is unsettled about a result once its low `width` bits sit at bit `shift` of the
/// register: unchanged at bit 0; a don't-care mask over the field otherwise (an accepted
/// NaN or range of a field that moved is no longer a value of the register's type).
fn placed(u: super::valu::Unsettled, shift: u32, width: u32) -> super::valu::Unsettled {
    use super::valu::Accept;
    if shift == 0 {
        return u;
    }
    let field = ((1u64 << width) - 1) << shift;
    let settled = match u.accept {
        Accept::Mask(m) => !field | ((m << shift) & field),
        _ => !field,
    };
    super::valu::Unsettled {
        accept: Accept::Mask(settled & 0xffff_ffff),
        ..u
    }
}

#[cfg(test)]
mod tests;
