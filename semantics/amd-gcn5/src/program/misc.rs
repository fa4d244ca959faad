//! SOPP rows that end the wave, change STATUS bits, or only leave an event (Vega "SOPP
//! Instructions"; rules `gcn5.sopp.events`, `gcn5.s_endpgm.state`, `gcn5.s_sethalt.status`,
//! `gcn5.s_setprio.status`).

use super::{bad_form, next_pc, status, Event};
use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::Wave;

/// SIMM16 of a SOPP instruction.
pub(super) fn simm16(inst: &Instruction) -> Result<u16, ExecError> {
    match inst.fields {
        Fields::Sopp(f) => Ok(f.simm16),
        _ => Err(bad_form(inst)),
    }
}

fn record(
    w: &mut Wave,
    inst: &Instruction,
    m0: Option<u32>,
    exec: Option<u64>,
) -> Result<(), ExecError> {
    w.events.push(Event {
        name: inst.row.name,
        simm16: simm16(inst)?,
        m0,
        exec,
    });
    Ok(())
}

/// `Do nothing. Repeat NOP 1..16 times based on SIMM16[3:0]`.
pub(super) fn s_nop(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    s_event(w, inst)
}

/// The rows whose only effect is on scheduling, caches, counters or other waves: S_WAKEUP,
/// S_BARRIER, S_SETKILL, S_WAITCNT, S_SLEEP, S_ICACHE_INV, S_INCPERFLEVEL, S_DECPERFLEVEL
/// (e.g. S_WAITCNT: "Wait for the counts of outstanding lds, vector-memory and
/// export/vmem-write-data to be at or below the specified levels").
pub(super) fn s_event(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    record(w, inst, None, None)?;
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `End of program; terminate wavefront. The hardware implicitly executes S_WAITCNT 0
/// before executing this instruction.` (also S_ENDPGM_SAVED, S_ENDPGM_ORDERED_PS_DONE).
pub(super) fn s_endpgm(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    record(w, inst, None, None)?;
    w.ended = true;
    w.status &= !status::VALID;
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `Set HALT bit to value of SIMM16[0]; 1 = halt, 0 = resume.`
pub(super) fn s_sethalt(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let k = simm16(inst)?;
    w.status = (w.status & !status::HALT) | if k & 1 == 1 { status::HALT } else { 0 };
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `User settable wave priority is set to SIMM16[1:0].`
pub(super) fn s_setprio(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let k = u32::from(simm16(inst)?);
    let field = 3 << status::WAVE_PRIO_SHIFT;
    w.status = (w.status & !field) | ((k & 3) << status::WAVE_PRIO_SHIFT);
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `Send a message upstream to VGT or the interrupt handler. SIMM16[9:0] contains the
/// message type.` S_SENDMSGHALT: `Send a message and then HALT the wavefront`.
pub(super) fn s_sendmsg(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    record(w, inst, Some(w.m0), Some(w.exec))?;
    if inst.row.name == "S_SENDMSGHALT" {
        w.status |= status::HALT;
    }
    w.pc = next_pc(w, inst);
    Ok(())
}

/// `Send M0 as user data to the thread trace stream.`
pub(super) fn s_ttracedata(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    record(w, inst, Some(w.m0), None)?;
    w.pc = next_pc(w, inst);
    Ok(())
}
