//! The vector ALU executor: reads each active lane's operands, applies the source
//! modifiers, runs the lane kernel, writes the destination, the lane-mask result and the
//! accrued exception bits (docs/design/0019, "Vector ALU execution").
//!
//! Today: the 32-bit (VOP1/VOP2/VOPC) and VOP3A/VOP3B encodings of rows with a kernel, with
//! 16- and 32-bit operands. What it does not do yet fails with an error that says what:
//! SDWA and DPP words, LDS_DIRECT, 64-bit operands, the float CLAMP and OMOD output
//! modifiers (disputes D5 and D10 need their notes first), SEXT input modifiers.

use super::valu::{LaneCtx, LaneIn};
use super::ExecError;
use crate::formats::valu::{shape, Role, Ty};
use crate::formats::{Fields, Instruction};
use crate::operand::{ScalarReg, ScalarSrc, VectorSrc};
use crate::wave::{Wave, Widen};
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::Flags;

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
        statement: "a 16-bit result of a VOP1/VOP2/VOP3 instruction without OPSEL writes [15:0]; the manual does not say what [31:16] becomes: we zero it, vectors mask it" },
    Rule { id: "gcn5.valu.const16", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Inputs"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "a 16-bit operand reads inline integers as their low 16 bits, float constants as f16 (also for 16-bit integer operands, LLVM's reading) and a literal's low 16 bits" },
    Rule { id: "gcn5.valu.trapsts", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Trap Status register")],
        statement: "exceptions raised by any active lane accrue into TRAPSTS.EXCP: bit 0 invalid, 1 input denormal, 2 divide by zero, 3 overflow, 4 underflow, 5 inexact" },
];

fn not_yet(name: &'static str) -> ExecError {
    ExecError::NotYet { name }
}

fn unsupported(name: &'static str, reason: &'static str) -> ExecError {
    ExecError::Pending { name, reason }
}

pub use super::valu::kernel;

/// TRAPSTS.EXCP bits of float flags (rule `gcn5.valu.trapsts`).
pub fn trapsts_bits(f: Flags) -> u32 {
    [
        Flags::INVALID,
        Flags::INPUT_DENORMAL,
        Flags::DIV_BY_ZERO,
        Flags::OVERFLOW,
        Flags::UNDERFLOW,
        Flags::INEXACT,
    ]
    .iter()
    .enumerate()
    .fold(0, |b, (i, &flag)| b | (u32::from(f.contains(flag)) << i))
}

/// One source as the lanes read it.
#[derive(Clone, Copy)]
enum Src {
    /// The same value in every lane.
    Uniform(u64),
    /// A VGPR: each lane's own value.
    Vgpr(u8),
}

/// The value a 16- or 32-bit operand of type `ty` reads from a scalar code or constant
/// (rule `gcn5.valu.const16`; 32-bit: as the scalar ALU reads it).
fn uniform(w: &Wave, s: ScalarSrc, ty: Ty, literal: u32) -> u64 {
    if ty.is_16() {
        let v = match s {
            ScalarSrc::Float(c) => u64::from(crate::formats::valu::f16_bits(c)),
            _ => w.read_src(s, 1, literal, Widen::Zero),
        };
        v & 0xffff
    } else {
        w.read_src(s, 1, literal, Widen::Zero)
    }
}

/// Execute a VOP1/VOP2/VOPC or VOP3A/VOP3B instruction.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let row = inst.row;
    let k = kernel(row.name).ok_or(not_yet(row.name))?;
    let sh = shape(row);
    // (vdst, sources, carry-out pair, carry-in pair, abs, neg, op_sel, clamp, omod)
    let (vdst, srcs, carry_out, carry_in, abs, neg, op_sel, clamp, omod) = match inst.fields {
        Fields::Vop(v) => {
            let src1 = VectorSrc::Vgpr(v.vsrc1);
            (
                v.vdst,
                [Some(v.src0), Some(src1), None],
                ScalarReg::VccLo,
                Some(ScalarReg::VccLo),
                0,
                0,
                0,
                false,
                0,
            )
        }
        Fields::Vop3(v) => {
            let pair = |code: u8| ScalarReg::from_code(code).unwrap_or(ScalarReg::VccLo);
            let carry_in = match v.src[2] {
                Some(VectorSrc::Scalar(ScalarSrc::Reg(r))) => Some(r),
                _ => None,
            };
            (
                v.vdst,
                v.src,
                pair(v.sdst),
                carry_in,
                v.abs,
                v.neg,
                v.op_sel,
                v.clamp,
                v.omod,
            )
        }
        Fields::Sdwa(_) | Fields::Dpp(_) => {
            return Err(unsupported(
                row.name,
                "SDWA and DPP forms are not executed yet",
            ))
        }
        _ => return Err(not_yet(row.name)),
    };
    let src_tys: Vec<Ty> = sh
        .operands
        .iter()
        .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
        .map(|o| o.ty)
        .collect();
    let dst_ty = sh.get(Role::Vdst).map(|o| o.ty);
    let tys = src_tys.iter().copied().chain(dst_ty);
    if tys
        .into_iter()
        .any(|t| t.dwords() != 1 || matches!(t, Ty::V2I16 | Ty::V2F16))
    {
        return Err(unsupported(
            row.name,
            "64-bit and packed operands are not executed yet",
        ));
    }
    let float_result = dst_ty.is_some_and(Ty::is_float);
    if float_result && (clamp || omod != 0) {
        return Err(unsupported(
            row.name,
            "CLAMP and OMOD on float results wait for the dispute notes (D5, D10)",
        ));
    }
    if sh.mods.sext != 0 && neg != 0 && src_tys.iter().any(|t| !t.is_float()) {
        return Err(unsupported(
            row.name,
            "SEXT input modifiers are not executed yet",
        ));
    }
    let literal = inst.literal.unwrap_or(0);
    let mut read = [Src::Uniform(0); 3];
    for (i, ty) in src_tys.iter().enumerate() {
        read[i] = match srcs[i] {
            Some(VectorSrc::Vgpr(v)) => Src::Vgpr(v),
            Some(VectorSrc::Scalar(s)) => Src::Uniform(uniform(wave, s, *ty, literal)),
            Some(VectorSrc::LdsDirect) => {
                return Err(unsupported(row.name, "LDS_DIRECT is not executed yet"))
            }
            None => Src::Uniform(0),
        };
    }
    let ctx = LaneCtx {
        mode: super::mode::Mode(wave.mode),
        clamp,
    };
    let carry_mask = carry_in.map_or(0, |r| wave.read_reg(r, 2));
    let mut lane_mask: Option<u64> = None;
    let mut flags = Flags::NONE;
    let exec = wave.exec;
    for lane in 0..64 {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let mut s = [0u64; 3];
        for (i, ty) in src_tys.iter().enumerate() {
            let raw = match read[i] {
                Src::Uniform(v) => v,
                Src::Vgpr(v) => u64::from(wave.vgpr[usize::from(v)][lane]),
            };
            let sel_hi = ty.is_16() && op_sel >> i & 1 == 1;
            let mut v = if ty.is_16() {
                (if sel_hi { raw >> 16 } else { raw }) & 0xffff
            } else {
                raw & 0xffff_ffff
            };
            if ty.is_float() {
                let sign = if ty.is_16() { 1 << 15 } else { 1 << 31 };
                if abs >> i & 1 == 1 {
                    v &= !sign;
                }
                if neg >> i & 1 == 1 {
                    v ^= sign;
                }
            }
            s[i] = v;
        }
        let input = LaneIn {
            s0: s[0],
            s1: s[1],
            s2: s[2],
            d: u64::from(wave.vgpr[usize::from(vdst)][lane]),
            carry: carry_mask >> lane & 1 == 1,
            lane: lane as u8,
        };
        let out = (k.kernel)(&input, &ctx);
        flags = flags.union(out.flags);
        if let Some(d) = out.d {
            let old = wave.vgpr[usize::from(vdst)][lane];
            let new = if dst_ty.is_some_and(Ty::is_16) {
                if op_sel >> 3 & 1 == 1 {
                    (old & 0xffff) | ((d as u32 & 0xffff) << 16)
                } else {
                    d as u32 & 0xffff
                }
            } else {
                d as u32
            };
            wave.vgpr[usize::from(vdst)][lane] = new;
        }
        if let Some(c) = out.carry {
            *lane_mask.get_or_insert(0) |= u64::from(c) << lane;
        }
    }
    if sh.get(Role::CarryOut).is_some() {
        wave.write_reg(carry_out, 2, lane_mask.unwrap_or(0));
    }
    wave.trapsts |= trapsts_bits(flags);
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}
