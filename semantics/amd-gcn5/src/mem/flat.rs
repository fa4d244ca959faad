//! FLAT, GLOBAL and SCRATCH instructions: aperture classification, scratch addressing,
//! offsets, atomics (Vega manual "Flat Memory Instructions").

use crate::alu::ExecError;
use crate::formats::Instruction;
use crate::wave::Wave;
use crate::Row;

/// Rows of this family without semantics yet, with the reason.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Whether this family executes the row.
pub fn handles(row: &Row) -> bool {
    let _ = row.name;
    false
}

/// Execute an instruction of this family.
pub fn execute(_wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    Err(ExecError::NotYet {
        name: inst.row.name,
    })
}
