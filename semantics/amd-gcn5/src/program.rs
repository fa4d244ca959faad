//! Program flow and program state: SOPP (branches, S_ENDPGM, S_WAITCNT, S_BARRIER, S_SLEEP,
//! S_NOP, S_SENDMSG, ...), S_GETREG/S_SETREG (hardware-register bit fields), S_SETPC/
//! S_GETPC/S_SWAPPC/S_CALL, fork/join, MOVREL indexing, S_SET_GPR_IDX_*, S_RFE and the
//! other scalar rows that need the wave rather than a kernel (issue 6).

use crate::alu::ExecError;
use crate::formats::Instruction;
use crate::wave::Wave;

/// Rows of this family without semantics yet, with the reason.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Whether this module executes the row.
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
