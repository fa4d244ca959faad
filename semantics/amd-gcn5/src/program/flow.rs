//! Branches, fork/join, S_TRAP and S_RFE (Vega "SOPP Instructions", "SOPK Instructions",
//! "SOP1 Instructions", "SOP2 Instructions", "Arbitrary Divergent Control Flow").

use super::misc::simm16;
use super::{bad_form, mode, next_pc, status, unsettled, Event};
use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::{Wave, Widen};

/// `PC + signext(SIMM16 * 4) + 4` for the instruction at `pc` (rule
/// `gcn5.sopp.branch_target`).
pub(super) fn branch_target(pc: u64, simm16: u16) -> u64 {
    let offset = i64::from(simm16 as i16) * 4;
    pc.wrapping_add(4).wrapping_add(offset as u64)
}

/// `PC = PC + signext(SIMM16 * 4) + 4. // short jump.`
pub(super) fn s_branch(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    w.pc = branch_target(w.pc, simm16(inst)?);
    Ok(())
}

/// `if(<condition>) then PC = PC + signext(SIMM16 * 4) + 4; endif.` The conditions: SCC == 0,
/// SCC == 1, VCC == 0, VCC != 0, EXEC == 0, EXEC != 0 (rule `gcn5.program.vccz_execz`) and
/// the STATUS conditional-debug bits (rule `gcn5.s_cbranch_cdbg.bits`).
pub(super) fn s_cbranch(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let sys = w.status & status::COND_DBG_SYS != 0;
    let user = w.status & status::COND_DBG_USER != 0;
    let taken = match inst.row.name {
        "S_CBRANCH_SCC0" => !w.scc,
        "S_CBRANCH_SCC1" => w.scc,
        "S_CBRANCH_VCCZ" => w.vcc == 0,
        "S_CBRANCH_VCCNZ" => w.vcc != 0,
        "S_CBRANCH_EXECZ" => w.exec == 0,
        "S_CBRANCH_EXECNZ" => w.exec != 0,
        "S_CBRANCH_CDBGSYS" => sys,
        "S_CBRANCH_CDBGUSER" => user,
        "S_CBRANCH_CDBGSYS_OR_USER" => sys || user,
        "S_CBRANCH_CDBGSYS_AND_USER" => sys && user,
        _ => return Err(bad_form(inst)),
    };
    let k = simm16(inst)?;
    w.pc = if taken {
        branch_target(w.pc, k)
    } else {
        next_pc(w, inst)
    };
    Ok(())
}

/// `TrapID = SIMM16[7:0]; Wait for all instructions to complete; {TTMP1, TTMP0} = {3'h0,
/// PCRewind[3:0], HT[0], TrapID[7:0], PC[47:0]}; PC = TBA; PRIV = 1.` A NOP when
/// STATUS.TRAP_EN is 0 (rules `gcn5.s_trap.entry`, `gcn5.s_trap.rewind`).
pub(super) fn s_trap(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let k = simm16(inst)?;
    w.events.push(Event {
        name: inst.row.name,
        simm16: k,
        m0: None,
        exec: None,
    });
    if w.status & status::TRAP_EN == 0 {
        w.pc = next_pc(w, inst);
        return Ok(());
    }
    let id = u32::from(k & 0xff);
    // {3'h0 [31:29], PCRewind = 0 [28:25], HT = 0 [24], TrapID [23:16], PC[47:32] [15:0]}.
    w.ttmp[0] = w.pc as u32;
    w.ttmp[1] = (id << 16) | ((w.pc >> 32) as u32 & 0xffff);
    w.pc = w.tba;
    w.status |= status::PRIV;
    Ok(())
}

/// `PRIV = 0; PC = S0.u64. Return from exception handler and continue.` (S_RFE_RESTORE_B64:
/// `The second argument is ignored.`)
pub(super) fn s_rfe(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let lit = inst.literal.unwrap_or(0);
    let s0 = match inst.fields {
        Fields::Sop1(f) => f.ssrc0.ok_or_else(|| bad_form(inst))?,
        Fields::Sop2(f) => f.ssrc0,
        _ => return Err(bad_form(inst)),
    };
    if w.status & status::PRIV == 0 {
        unsettled(w, "pc", "gcn5.s_rfe.outside_trap");
    }
    w.pc = w.read_src(s0, 2, lit, Widen::Zero);
    w.status &= !status::PRIV;
    Ok(())
}

/// MODE.CSP.
pub(super) fn csp(w: &Wave) -> u32 {
    w.mode >> mode::CSP_SHIFT
}

fn set_csp(w: &mut Wave, csp: u32) {
    w.mode = (w.mode & !(7 << mode::CSP_SHIFT)) | ((csp & 7) << mode::CSP_SHIFT);
}

/// `SGPR[CSP * 4] = { pc, mask }; CSP += 1` (rules `gcn5.fork.stack`,
/// `gcn5.fork.entry_layout`, `gcn5.fork.overflow`).
fn push(w: &mut Wave, pc: u64, mask: u64) {
    let c = csp(w);
    let base = (c * 4) as usize;
    for (i, v) in [
        mask as u32,
        (mask >> 32) as u32,
        pc as u32,
        (pc >> 32) as u32,
    ]
    .into_iter()
    .enumerate()
    {
        if let Some(s) = w.sgpr.get_mut(base + i) {
            *s = v;
        }
    }
    unsettled(
        w,
        "fork stack entry layout (4 SGPRs)",
        "gcn5.fork.entry_layout",
    );
    if c >= 6 {
        unsettled(w, "mode.csp", "gcn5.fork.overflow");
    }
    set_csp(w, c.wrapping_add(1));
}

/// S_CBRANCH_G_FORK: `mask_pass = S0.u64 & EXEC; mask_fail = ~S0.u64 & EXEC;
/// if(mask_pass == EXEC) then PC = S1.u64; elsif(mask_fail == EXEC) then PC += 4;
/// elsif(bitcount(mask_fail) < bitcount(mask_pass)) EXEC = mask_fail; SGPR[CSP*4] =
/// { S1.u64, mask_pass }; CSP += 1; PC += 4; else EXEC = mask_pass; SGPR[CSP*4] =
/// { PC + 4, mask_fail }; CSP += 1; PC = S1.u64; endif.` S_CBRANCH_I_FORK: the same with
/// the mask in the SDST field and `target_addr = PC + signext(SIMM16 * 4) + 4`.
pub(super) fn s_cbranch_fork(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let lit = inst.literal.unwrap_or(0);
    let (mask, target) = match inst.fields {
        Fields::Sop2(f) => (
            w.read_src(f.ssrc0, 2, lit, Widen::Zero),
            w.read_src(f.ssrc1, 2, lit, Widen::Zero),
        ),
        Fields::Sopk(f) => {
            let r = f.sdst.ok_or_else(|| bad_form(inst))?;
            (w.read_reg(r, 2), branch_target(w.pc, f.simm16))
        }
        _ => return Err(bad_form(inst)),
    };
    let next = next_pc(w, inst);
    let pass = mask & w.exec;
    let fail = !mask & w.exec;
    if pass == w.exec {
        w.pc = target;
    } else if fail == w.exec {
        w.pc = next;
    } else if fail.count_ones() < pass.count_ones() {
        w.exec = fail;
        push(w, target, pass);
        w.pc = next;
    } else {
        w.exec = pass;
        push(w, next, fail);
        w.pc = target;
    }
    Ok(())
}

/// `saved_csp = S0.u; if(CSP == saved_csp) then PC += 4; else CSP -= 1; {PC, EXEC} =
/// SGPR[CSP * 4]; endif.` (rule `gcn5.s_cbranch_join.empty_stack`).
pub(super) fn s_cbranch_join(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let lit = inst.literal.unwrap_or(0);
    let Fields::Sop1(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let saved = w.read_src(f.ssrc0.ok_or_else(|| bad_form(inst))?, 1, lit, Widen::Zero);
    let c = csp(w);
    if u64::from(c) == saved {
        w.pc = next_pc(w, inst);
        return Ok(());
    }
    if c == 0 {
        for what in ["pc", "exec", "mode.csp"] {
            unsettled(w, what, "gcn5.s_cbranch_join.empty_stack");
        }
    }
    let c = c.wrapping_sub(1) & 7;
    set_csp(w, c);
    let base = (c * 4) as usize;
    let s = |i: usize| u64::from(w.sgpr.get(base + i).copied().unwrap_or(0));
    w.exec = s(0) | (s(1) << 32);
    w.pc = s(2) | (s(3) << 32);
    unsettled(
        w,
        "fork stack entry layout (4 SGPRs)",
        "gcn5.fork.entry_layout",
    );
    Ok(())
}
