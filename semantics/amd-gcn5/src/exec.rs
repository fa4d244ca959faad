//! The dispatcher: one decoded instruction on a [`Wave`], whatever gives its row semantics.
//!
//! The executors are leaves that do not import each other: [`alu`] (scalar kernels, lane
//! kernels and their executors [`vexec`](alu::vexec) and [`vpacked`](alu::vpacked)),
//! [`mem`] (memory operations) and [`program`] (program flow and program state). Only this
//! module knows all three; what they share ([`ExecError`]) lives at the crate root too
//! ([`crate::error`]), so a change to one leaf cannot reach another through an import.

use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::instructions::Row;
use crate::wave::Wave;
use crate::{alu, mem, program};

/// Whether a row has executable semantics (a kernel, a memory op, a wave op or program flow).
pub fn has_semantics(row: &Row) -> bool {
    alu::kernel(row).is_some()
        || alu::vexec::handles(row.name)
        || alu::vpacked::has_semantics(row.name)
        || program::handles(row.name)
        || mem::handles(row)
}

/// Why a row has no semantics, when a table says (wave-level scalar rows, vector rows
/// waiting for a dispute note, exempt rows, memory rows not executed yet).
pub fn pending_reason(row: &Row) -> Option<&'static str> {
    if program::handles(row.name) {
        return None;
    }
    alu::pending_reason(row)
        .or_else(|| {
            program::NOT_YET
                .iter()
                .find(|(n, _)| *n == row.name)
                .map(|(_, why)| *why)
        })
        .or_else(|| mem::pending_reason(row))
}

/// Execute one decoded instruction on `wave`: read its operands, compute, write its results
/// and advance the PC (or branch).
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let row = inst.row;
    if program::handles(row.name) || matches!(inst.fields, Fields::Sopp(_)) {
        return program::execute(wave, inst);
    }
    if let Some(r) = mem::execute(wave, inst) {
        return r;
    }
    if let Some(reason) = pending_reason(row) {
        return Err(ExecError::Pending {
            name: row.name,
            reason,
        });
    }
    let Some(k) = alu::kernel(row) else {
        if matches!(inst.fields, Fields::Vop3p(_) | Fields::Mai(_)) {
            return alu::vpacked::execute(wave, inst);
        }
        if alu::vexec::handles(row.name) {
            return alu::vexec::execute(wave, inst);
        }
        return Err(ExecError::NotYet { name: row.name });
    };
    alu::execute_scalar(wave, inst, k)
}

#[cfg(test)]
mod tests;
