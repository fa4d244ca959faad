//! LDS and GDS instructions (DS format): every LDS operation, the M0 limit and out-of-range
//! rules (Vega manual "Data Share Operations", "DS Instructions").

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
