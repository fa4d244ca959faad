//! The dispatcher: one decoded instruction on a [`Wave`], whatever gives its row semantics.
//!
//! The executors are leaves that do not import each other: [`alu`] (scalar kernels, lane
//! kernels and their executors [`vexec`](alu::vexec) and [`vpacked`](alu::vpacked)),
//! [`mem`] (memory operations) and [`program`] (program flow and program state). Only this
//! module knows all three; what they share ([`ExecError`]) lives at the crate root too
//! ([`crate::error`]), so a change to one leaf cannot reach another through an import
//! (`tests/layering.rs` checks it).
//!
//! Each row's [`Semantics`] is decided once (`classify`, stored by [`isa`] in row-id
//! order) and is the one answer the dispatcher, [`has_semantics`], [`pending_reason`] and
//! the registry give; the handler an arm runs (a kernel, a wave-level or program-flow row)
//! is found by [`RowId`] in the leaf's table, which joined its names to the rows once.

use crate::error::{not_yet, pending, ExecError};
use crate::formats::{Fields, Instruction};
use crate::instructions::Row;
use crate::isa;
use crate::wave::Wave;
use crate::{alu, mem, program};
use gpuref_core::isa::{RowId, Semantics};

/// The reason of a row that no table names: no kernel, no executor and no stated exemption.
pub const NO_SEMANTICS_YET: &str = "no executable semantics yet";

/// What gives the row with id `id` its semantics, from the leaves' tables. A row an
/// executor runs is executable even when a list also names it (program flow took over
/// rows `salu::WAVE_LEVEL` still explains; a memory row runs its executable forms); then a
/// stated reason makes it exempt; then its kernel or wave-level executor says which kind.
pub(crate) fn classify(id: RowId) -> Semantics {
    if program::row_of(id).is_some() {
        return Semantics::ProgramFlow;
    }
    if mem::handles_id(id) {
        return Semantics::MemoryOp;
    }
    if let Some(reason) = alu::pending_of(id).or_else(|| mem::pending_of(id)) {
        return Semantics::Exempt(reason);
    }
    if alu::scalar_kernel_of(id).is_some() {
        return Semantics::ScalarKernel;
    }
    if alu::valu::kernel_of(id).is_some() {
        return Semantics::LaneKernel;
    }
    if alu::vexec::handles_id(id) || alu::vpacked::handles_id(id) {
        return Semantics::WaveOp;
    }
    Semantics::Exempt(NO_SEMANTICS_YET)
}

/// Whether a row has executable semantics (a kernel, a memory op, a wave op or program flow).
pub fn has_semantics(row: &Row) -> bool {
    isa::semantics(row).is_executable()
}

/// Why a row has no semantics, when a table says (wave-level scalar rows, vector rows
/// waiting for a dispute note, exempt rows, memory rows not executed yet).
pub fn pending_reason(row: &Row) -> Option<&'static str> {
    match isa::semantics(row) {
        Semantics::Exempt(reason) if reason != NO_SEMANTICS_YET => Some(reason),
        _ => None,
    }
}

/// Execute one decoded instruction on `wave`: read its operands, compute, write its results
/// and advance the PC (or branch).
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let id = isa::row_id(inst.row);
    match isa::semantics_of(id) {
        Semantics::ProgramFlow => match program::row_of(id) {
            Some(r) => program::execute_row(wave, inst, r),
            None => Err(not_yet(name)),
        },
        Semantics::MemoryOp => mem::execute(wave, inst).unwrap_or(Err(not_yet(name))),
        Semantics::ScalarKernel => match alu::scalar_kernel_of(id) {
            Some(k) => alu::execute_scalar(wave, inst, k),
            None => Err(not_yet(name)),
        },
        // VOP3P and VOP3P-MAI (packed operands, matrices, AccVGPR moves) have their own
        // executor; the other vector forms share vexec's.
        Semantics::LaneKernel | Semantics::WaveOp => match inst.fields {
            Fields::Vop3p(_) | Fields::Mai(_) => alu::vpacked::execute(wave, inst),
            _ => alu::vexec::execute_id(wave, inst, id),
        },
        Semantics::Exempt(reason) => exempt(wave, inst, reason),
    }
}

/// The error of a row without semantics. A memory executor names the form it lacks (as it
/// did before rows were classified); a SOPP row without a program-flow executor has no
/// reason to give.
fn exempt(wave: &mut Wave, inst: &Instruction, reason: &'static str) -> Result<(), ExecError> {
    let name = inst.row.name;
    if matches!(inst.fields, Fields::Sopp(_)) {
        return Err(not_yet(name));
    }
    if let Some(r) = mem::execute(wave, inst) {
        return r;
    }
    Err(if reason == NO_SEMANTICS_YET {
        not_yet(name)
    } else {
        pending(name, reason)
    })
}

#[cfg(test)]
mod tests;
