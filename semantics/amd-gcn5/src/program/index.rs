//! Register indexing and vector modes: S_MOVRELS/S_MOVRELD (SGPR file indexed by M0),
//! S_SET_GPR_IDX_ON/OFF/MODE (VGPR indexing mode) and S_SETVSKIP (Vega "SOP1
//! Instructions", "SOPC Instructions", "SOPP Instructions", "VGPR Indexing", "Out-of-Range
//! behavior"; rules `gcn5.s_movrel.*`, `gcn5.gpr_idx.m0`, `gcn5.s_setvskip.mode`).

use super::misc::simm16;
use super::{bad_form, mode, next_pc, unsettled};
use crate::error::ExecError;
use crate::formats::{Fields, Instruction, SopcSrc1};
use crate::operand::{ScalarReg, ScalarSrc, Sgpr};
use crate::wave::{Wave, Widen};

/// Dwords of a `_B32` / `_B64` row.
fn dwords(inst: &Instruction) -> u32 {
    if inst.row.name.ends_with("_B64") {
        2
    } else {
        1
    }
}

/// Where an indexed access lands.
enum Slot {
    /// SGPR number `index` (all `dwords` of it inside s0..s101).
    Sgpr(usize),
    /// The register the field names, unindexed (a non-SGPR field with M0 = 0).
    Plain,
    /// Out of range.
    Out,
}

/// The SGPR `base + M0`, checking the range and recording the unsettled cases.
/// `source`: S_MOVRELS (a fully out-of-range pair reads s[0:1], gpuref's choice).
fn locate(w: &mut Wave, base: Option<u8>, n: u32, source: bool, what: &'static str) -> Slot {
    let Some(base) = base else {
        if w.m0 == 0 {
            return Slot::Plain;
        }
        unsettled(w, what, "gcn5.s_movrel.non_sgpr");
        return Slot::Out;
    };
    let index = u64::from(base) + u64::from(w.m0);
    let size = u64::from(Sgpr::COUNT);
    if n == 2 && index % 2 == 1 {
        unsettled(w, what, "gcn5.s_movrel.b64_edges");
    }
    if index >= size {
        if n == 2 && source {
            unsettled(w, what, "gcn5.s_movrel.b64_edges");
        }
        return Slot::Out;
    }
    if index + u64::from(n) > size {
        unsettled(w, what, "gcn5.s_movrel.b64_edges");
        return Slot::Out;
    }
    Slot::Sgpr(index as usize)
}

fn sgpr_number(r: ScalarReg) -> Option<u8> {
    match r {
        ScalarReg::Sgpr(s) => Some(s.0),
        _ => None,
    }
}

fn read_sgprs(w: &Wave, i: usize, n: u32) -> u64 {
    let s = |k: usize| u64::from(w.sgpr.get(k).copied().unwrap_or(0));
    if n == 2 {
        s(i) | (s(i + 1) << 32)
    } else {
        s(i)
    }
}

/// S_MOVRELS_B32: `addr = SGPR address appearing in instruction SRC0 field; addr += M0.u;
/// D.u = SGPR[addr].u.` (`_B64`: `D.u64 = SGPR[addr].u64`).
pub(super) fn s_movrels(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Sop1(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let (Some(d), Some(src)) = (f.sdst, f.ssrc0) else {
        return Err(bad_form(inst));
    };
    let n = dwords(inst);
    let base = match src {
        ScalarSrc::Reg(r) => sgpr_number(r),
        _ => None,
    };
    let v = match locate(w, base, n, true, "sdst") {
        Slot::Sgpr(i) => read_sgprs(w, i, n),
        Slot::Plain => w.read_src(src, n, inst.literal.unwrap_or(0), Widen::Zero),
        // "Source out-of-range: returns the value of SGPR0".
        Slot::Out => read_sgprs(w, 0, n),
    };
    w.write_reg(d, n, v);
    w.pc = next_pc(w, inst);
    Ok(())
}

/// S_MOVRELD_B32: `addr = SGPR address appearing in instruction DST field; addr += M0.u;
/// SGPR[addr].u = S0.u.` (`_B64`: `SGPR[addr].u64 = S0.u64`).
pub(super) fn s_movreld(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Sop1(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let (Some(d), Some(src)) = (f.sdst, f.ssrc0) else {
        return Err(bad_form(inst));
    };
    let n = dwords(inst);
    let v = w.read_src(src, n, inst.literal.unwrap_or(0), Widen::Zero);
    match locate(w, sgpr_number(d), n, false, "indexed destination") {
        Slot::Sgpr(i) => {
            for k in 0..n as usize {
                if let Some(s) = w.sgpr.get_mut(i + k) {
                    *s = (v >> (32 * k)) as u32;
                }
            }
        }
        Slot::Plain => w.write_reg(d, n, v),
        // "Destination out-of-range: instruction writes no SGPR result."
        Slot::Out => {}
    }
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `MODE.gpr_idx_en = 1; M0[7:0] = S0.u[7:0]; M0[15:12] = SIMM4; // this is the direct
/// content of S1 field`.
pub(super) fn s_set_gpr_idx_on(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Sopc(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let SopcSrc1::GprIdxMode(simm4) = f.ssrc1 else {
        return Err(bad_form(inst));
    };
    let s0 = w.read_src(f.ssrc0, 1, inst.literal.unwrap_or(0), Widen::Zero) as u32;
    w.m0 = (w.m0 & !0xf0ff) | (s0 & 0xff) | ((u32::from(simm4) & 0xf) << 12);
    w.mode |= mode::GPR_IDX_EN;
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `MODE.gpr_idx_en = 0. ... This instruction does not modify M0.`
pub(super) fn s_set_gpr_idx_off(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    w.mode &= !mode::GPR_IDX_EN;
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `M0[15:12] = SIMM16[3:0].`
pub(super) fn s_set_gpr_idx_mode(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let k = u32::from(simm16(inst)?);
    w.m0 = (w.m0 & !0xf000) | ((k & 0xf) << 12);
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `VSKIP = S0.u[S1.u[4:0]].`
pub(super) fn s_setvskip(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Sopc(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let SopcSrc1::Src(s1) = f.ssrc1 else {
        return Err(bad_form(inst));
    };
    let lit = inst.literal.unwrap_or(0);
    let s0 = w.read_src(f.ssrc0, 1, lit, Widen::Zero);
    let s1 = w.read_src(s1, 1, lit, Widen::Zero);
    let bit = (s0 >> (s1 & 31)) & 1 == 1;
    w.mode = (w.mode & !mode::VSKIP) | if bit { mode::VSKIP } else { 0 };
    w.pc = next_pc(w, inst);
    Ok(())
}
