//! The VOP3P and VOP3P-MAI executor: packed operands (OP_SEL, OP_SEL_HI, NEG_LO, NEG_HI),
//! the MIX forms, and MI100's matrix instructions and AccVGPR moves, which work on the
//! whole wave rather than one lane (docs/design/0019).

use super::ExecError;
use crate::formats::Instruction;
use crate::wave::Wave;

/// Whether a VOP3P-MAI row (whose semantics are wave-wide, not a lane kernel) is executed.
pub fn has_semantics(_name: &str) -> bool {
    false
}

/// Execute a VOP3P or VOP3P-MAI instruction.
pub fn execute(_wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    Err(ExecError::NotYet {
        name: inst.row.name,
    })
}
