//! Scalar memory instructions (SMEM): loads, stores and atomics with the offset and address
//! rules (Vega manual "Scalar Memory Operations", "SMEM Instructions").

use crate::alu::ExecError;
use crate::formats::Instruction;
use crate::wave::Wave;

/// Rows of this family without semantics yet, with the reason.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Whether this family executes the row.
pub fn handles(name: &str) -> bool {
    let _ = name;
    false
}

/// Execute an instruction of this family.
pub fn execute(_wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    Err(ExecError::NotYet {
        name: inst.row.name,
    })
}
